// npm run bench: wtensor and its peers on the same workloads, in one run,
// alternating engines round by round (A B C, B C A, ...), medians and
// pair-by-pair ratios; results checked against wtensor's.
//   node bench/run.mjs [--quick] [--reps N] [--only id,id] [--engines a,b] [--no-numpy] [--no-report]
//                      [--no-load | --load-only]
// --load-only measures just the threads-under-load run (LOADED) and keeps the
// rest of the last full run's results.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { WORKLOADS, TARGETS, LOADED, makeInputs } from './workloads.mjs';
import { benchWorkload, scaled, measureLimits, checkTargets, median } from './harness.mjs';
import { ENGINES } from './engines.mjs';
import { writeReport } from './report.mjs';
import { perCall } from './percall.mjs';
import { relaxedSupported } from '../bindings/variant.js';
import { sizeResults } from './size.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const quick = flag('--quick');
// engines that run alone in a child process (--child), their ratios unpaired:
// onnxruntime-web fixes its thread count per process at its first session, and
// jax-js's wasm kernels cannot be instantiated once onnxruntime-web has run
const SEPARATE = {
  'ort-2t': 'a separate process (onnxruntime-web fixes its thread count per process); ratio of medians, not alternated',
  'jax-js':
    'a separate process (its wasm kernels fail to link beside onnxruntime-web); ratio of medians, not alternated',
  'jax-jit':
    'a separate process (its wasm kernels fail to link beside onnxruntime-web); ratio of medians, not alternated',
  'wt-relaxed':
    'the relaxed-SIMD build, in a separate process (Node 20 validates relaxed SIMD only with --experimental-wasm-relaxed-simd); ratio of medians, not alternated',
};
const CHILD_FLAGS = { 'wt-relaxed': relaxedSupported() ? [] : ['--experimental-wasm-relaxed-simd'] };
const child = flag('--child');
const reps = Number(opt('--reps', quick ? 2 : 7));
const only = opt('--only', '')?.split(',').filter(Boolean);
const requested = opt('--engines', Object.keys(ENGINES).join(',')).split(',');
const engineNames = child ? requested : requested.filter((e) => !SEPARATE[e]);
const sampleMs = quick ? 1 : 25;
const measure = (w) => benchWorkload(w, engines, makeInputs(w), { reps, sampleMs });

// OpenBLAS 0.3.21 (Debian's) falls back to pre-AVX2 kernels on CPUs newer
// than it knows (a recent Xeon is 'Prescott': ~30 GFLOPS instead of ~150).
// NumPy is the native reference, so give it the kernels this CPU can run.
function openblasCore() {
  const probe = spawnSync('/usr/bin/python3', ['-c', 'import numpy'], {
    encoding: 'utf8',
    env: { ...process.env, OPENBLAS_VERBOSE: '2' },
  });
  const detected = /Core: (\w+)/.exec(`${probe.stdout}${probe.stderr}`)?.[1] ?? null; // OpenBLAS says it on stderr
  let flags = [];
  try {
    flags =
      readFileSync('/proc/cpuinfo', 'utf8')
        .match(/^flags\s*:(.*)$/m)?.[1]
        .trim()
        .split(/\s+/) ?? [];
  } catch {
    /* not Linux: leave OpenBLAS alone */
  }
  const best = ['avx512f', 'avx512bw', 'avx512vl'].every((f) => flags.includes(f))
    ? 'SkylakeX'
    : ['avx2', 'fma'].every((f) => flags.includes(f))
      ? 'Haswell'
      : null;
  const old = [
    'Prescott',
    'Core2',
    'Penryn',
    'Dunnington',
    'Nehalem',
    'Atom',
    'Sandybridge',
    'Katmai',
    'Coppermine',
    'Northwood',
  ];
  return best && old.includes(detected)
    ? { core: best, note: `OPENBLAS_CORETYPE=${best}: OpenBLAS detected this CPU as ${detected}` }
    : { core: null, note: detected && `OpenBLAS core ${detected}` };
}

function numpyResults(workloads) {
  const blas = openblasCore();
  try {
    // one OpenBLAS thread: every engine here runs on one core
    const out = execFileSync(
      '/usr/bin/python3',
      [`${here}numpy_bench.py`, JSON.stringify({ workloads, reps, sampleMs })],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, OPENBLAS_NUM_THREADS: '1', ...(blas.core ? { OPENBLAS_CORETYPE: blas.core } : {}) },
      },
    );
    return { ...JSON.parse(out), blas: blas.note };
  } catch (e) {
    return { error: `NumPy could not run: ${(e.stderr || e.message || '').toString().trim().split('\n').pop()}` };
  }
}

const loadOnly = flag('--load-only');
const engines = [];
if (!loadOnly) for (const n of engineNames) engines.push(await ENGINES[n]());
if (child) {
  // just the timings, as JSON, for the parent
  const out = {};
  for (const w of WORKLOADS.filter((x) => !only?.length || only.includes(x.id)).map((w) => scaled(w, quick)))
    out[w.id] = (await measure(w)).engines;
  process.stdout.write(JSON.stringify(out));
  process.exit(0);
}
const wtEngine = engines.find((e) => e.name === 'wtensor');
const workloads = loadOnly
  ? []
  : WORKLOADS.filter((w) => !only?.length || only.includes(w.id)).map((w) => scaled(w, quick));

const results = {
  date: new Date().toISOString(),
  quick,
  reps,
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
  },
  wtensor: wtEngine?.info(),
  limits: null,
  workloads: [],
  numpy: null,
  targets: [],
};

if (wtEngine && !loadOnly) {
  results.limits = measureLimits(wtEngine.wt, quick);
  results.percall = perCall(wtEngine.wt, quick ? 3 : 15);
  console.log(
    `per call, 64 float32 (with dispose): add ${results.percall.add.toFixed(2)} µs, sum ${results.percall.sum.toFixed(2)} µs`,
  );
  console.log(
    `limits (wtensor's wasm): f32x4 mul+add peak ${results.limits.peakGflops.toFixed(1)} GFLOPS, 64 MiB SIMD copy ${results.limits.copyGBs.toFixed(1)} GB/s`,
  );
}

for (const w of workloads) {
  const rec = await measure(w);
  results.workloads.push(rec);
  const cols = engines
    .map((e) => [e.name, rec.engines[e.name]])
    .filter(([, r]) => r)
    .map(([n, r]) =>
      r.refused
        ? `${n}: refused`
        : `${n} ${r.medianMs.toFixed(3)} ms (${r.gbps ? `${r.gbps.toFixed(1)} GB/s` : `${r.gflops.toFixed(1)} GFLOPS`})${rec.ratios[n] ? ` ×${rec.ratios[n].toFixed(2)}` : ''}`,
    );
  console.log(`${w.label.padEnd(28)} ${cols.join(' | ')}`);
  const bad = Object.entries(rec.maxRelErr).filter(([, e]) => e > 1e-3);
  if (bad.length) console.log(`  results differ: ${bad.map(([n, e]) => `${n} ${e.toExponential(1)}`).join(', ')}`);
}

// timings of `names` (comma-separated) on workloads `ids` from a child process of their own
const childRun = (names, ids, nodeFlags = []) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        ...nodeFlags,
        'bench/run.mjs',
        '--child',
        '--engines',
        names,
        '--reps',
        String(reps),
        ...(quick ? ['--quick'] : []),
        ...(ids?.length ? ['--only', ids.join(',')] : []),
      ],
      { cwd: `${here}..`, encoding: 'utf8', maxBuffer: 1 << 26 },
    ),
  );

for (const name of Object.keys(SEPARATE).filter((e) => requested.includes(e) && !loadOnly)) {
  try {
    const sep = childRun(name, only, CHILD_FLAGS[name]);
    for (const rec of results.workloads) {
      const r = sep[rec.id]?.[name];
      if (!r) continue;
      rec.engines[name] = r.refused ? r : { ...r, note: SEPARATE[name] };
      if (r.medianMs && rec.engines.wtensor?.medianMs) rec.ratios[name] = r.medianMs / rec.engines.wtensor.medianMs;
    }
  } catch (e) {
    for (const rec of results.workloads)
      rec.engines[name] = { refused: `could not run: ${String(e.message).split('\n')[0]}` };
  }
}

// Two threads against one while another process keeps a core busy, as an
// ordinary background load does: in a child process of its own (wtensor and
// wt-2t alternated), beside a busy loop started first and ended after.
// { id: { label, engines, ratios: { 'wt-2t': median of pairwise t2/t1 } } }
function loadedRun(ids) {
  if (!ids.length) return null;
  const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    const got = childRun('wtensor,wt-2t', ids);
    const out = {};
    for (const id of ids) {
      const e = got[id];
      const s1 = e?.wtensor?.samples,
        s2 = e?.['wt-2t']?.samples;
      if (!s1 || !s2) continue;
      out[id] = {
        label: WORKLOADS.find((w) => w.id === id).label,
        engines: { wtensor: e.wtensor.medianMs, 'wt-2t': e['wt-2t'].medianMs },
        ratios: { 'wt-2t': median(s2.map((t, i) => t / s1[i])) },
      };
    }
    return out;
  } catch (e) {
    console.log(`the loaded run could not run: ${String(e.message).split('\n')[0]}`);
    return null;
  } finally {
    busy.kill();
  }
}

if (!flag('--no-load') && requested.includes('wt-2t')) {
  const ids = LOADED.filter((id) => !only?.length || only.includes(id));
  results.loaded = loadedRun(ids);
  for (const r of Object.values(results.loaded ?? {}))
    console.log(
      `${r.label.padEnd(28)} beside a busy process: 1 thread ${r.engines.wtensor.toFixed(3)} ms, 2 threads ${r.engines['wt-2t'].toFixed(3)} ms, speed-up ×${(1 / r.ratios['wt-2t']).toFixed(2)}`,
    );
}

if (!flag('--no-numpy') && !loadOnly) {
  results.numpy = numpyResults(workloads);
  if (results.numpy.error) console.log(results.numpy.error);
}

for (const rec of results.workloads) {
  const r = rec.engines['ort-2t'];
  if (r)
    console.log(
      `${rec.label.padEnd(28)} ort-2t ${r.refused ? `refused: ${r.refused}` : `${r.medianMs.toFixed(3)} ms ×${rec.ratios['ort-2t']?.toFixed(2)} (separate process)`}`,
    );
}
if (!quick && !loadOnly)
  results.targets = checkTargets(TARGETS, results.workloads, results.limits, results.numpy, results.loaded); // tiny sizes say nothing about targets
const missed = results.targets.filter((t) => !t.met);
if (!quick) console.log(`targets: ${results.targets.length - missed.length} of ${results.targets.length} met`);
for (const t of missed)
  console.log(`  missed: ${t.workload} vs ${t.peer}: ×${t.ratio.toFixed(2)}, target ×${t.min} (${t.why})`);

// --only re-measures some workloads: the others keep their numbers from the last full run;
// the per-call figure, measured in every run, is this run's
function merged(latest) {
  if ((!only?.length && !loadOnly) || quick || !existsSync(latest)) return results;
  const old = JSON.parse(readFileSync(latest, 'utf8'));
  const loaded = { ...old.loaded, ...results.loaded };
  if (loadOnly) return { ...old, loaded, targets: [] };
  const ids = new Set(results.workloads.map((w) => w.id));
  const order = WORKLOADS.map((w) => w.id);
  const all = [...old.workloads.filter((w) => !ids.has(w.id)), ...results.workloads];
  all.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  return {
    ...old,
    date: results.date,
    workloads: all,
    numpy: { ...old.numpy, ...results.numpy },
    percall: results.percall ?? old.percall,
    loaded,
    targets: [],
  };
}

if (!flag('--no-report')) {
  const latest = `${here}results/latest.json`;
  const out = merged(latest);
  if (out !== results && !quick) out.targets = checkTargets(TARGETS, out.workloads, out.limits, out.numpy, out.loaded);
  Object.assign(results, out);
  if (!quick) results.size = await sizeResults();
  mkdirSync(`${here}results`, { recursive: true });
  writeFileSync(`${here}results/${quick ? 'quick' : 'latest'}.json`, `${JSON.stringify(results, null, 1)}\n`);
  if (!quick) writeReport(results, here);
}
// onnxruntime-web's worker threads would keep Node alive
process.exit(0);
