// A smoke run of the benchmark harness at tiny sizes, so it cannot rot:
// every workload runs on every engine (or records a refusal) and the
// engines' results agree with wtensor's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WORKLOADS, LOADED } from '../../bench/workloads.mjs';
import { barChart } from '../../bench/chart.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('bench/run.mjs --quick runs every workload on every engine', () => {
  const out = execFileSync(process.execPath, ['bench/run.mjs', '--quick', '--no-numpy', '--no-report'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.match(out, /limits \(wtensor's wasm\): f32x4 mul\+add peak [\d.]+ GFLOPS, 64 MiB SIMD copy [\d.]+ GB\/s/);
  for (const w of WORKLOADS) {
    const line = out.split('\n').find((l) => l.startsWith(w.label) && !l.includes('separate process'));
    assert.ok(
      out.split('\n').some((l) => l.startsWith(w.label) && /ort-2t (refused|[\d.]+ ms)/.test(l)),
      `${w.label}: ort-2t`,
    );
    assert.ok(line, `no line for ${w.label}`);
    for (const e of ['wtensor', 'tfjs-wasm', 'ort-1t', 'tfjs-cpu', 'ndarray'])
      assert.match(line, new RegExp(`${e}(: refused| [\\d.]+ ms)`), `${w.label}: ${e}`);
  }
  assert.doesNotMatch(out, /results differ/);
  // the threads-under-load run: one thread against two beside a busy process
  for (const id of LOADED) {
    const label = WORKLOADS.find((w) => w.id === id).label;
    assert.ok(
      out
        .split('\n')
        .some((l) => l.startsWith(label) && /beside a busy process: 1 thread [\d.]+ ms, 2 threads [\d.]+ ms/.test(l)),
      `${label}: no loaded run`,
    );
  }
});

test('charts are plain SVG with a bar per engine and workload', () => {
  const svg = barChart({
    title: 't',
    unit: 'GB/s',
    groups: [
      {
        label: 'a',
        bars: [
          { name: 'wtensor', value: 2 },
          { name: 'ort-1t', value: 1 },
        ],
      },
    ],
  });
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.equal((svg.match(/<rect x=/g) ?? []).length, 4); // 2 bars + 2 legend swatches
});
