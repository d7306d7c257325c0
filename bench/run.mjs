// npm run bench: wtensor and its peers on the same workloads, in one run,
// alternating engines round by round (A B C, B C A, ...), medians and
// pair-by-pair ratios; results checked against wtensor's.
//   node bench/run.mjs [--quick] [--reps N] [--only id,id] [--engines a,b] [--no-numpy] [--no-report]
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { WORKLOADS, TARGETS, makeInputs } from './workloads.mjs';
import { ENGINES } from './engines.mjs';
import { writeReport } from './report.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const quick = flag('--quick');
// onnxruntime-web fixes its thread count per process at its first session: the
// 2-thread peer runs alone in a child process (--child), its ratios unpaired
const child = flag('--child');
const reps = Number(opt('--reps', quick ? 2 : 7));
const only = opt('--only', '')?.split(',').filter(Boolean);
const requested = opt('--engines', Object.keys(ENGINES).join(',')).split(',');
const engineNames = child ? requested : requested.filter((e) => e !== 'ort-2t');
const sampleMs = quick ? 1 : 25;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// quick mode: the same workloads at a tiny size, to keep the harness from rotting
function scaled(w) {
  if (!quick) return w;
  const shrink = (shape) => shape.map((d) => (d > 64 ? (d >= 1024 * 1024 ? 4096 : 64) : d));
  const inputs = w.inputs.map(shrink);
  const n = inputs[0].reduce((a, b) => a * b, 1), n0 = w.inputs[0].reduce((a, b) => a * b, 1);
  return { ...w, inputs, ...(w.out ? { out: shrink(w.out) } : {}), ...(w.bytes ? { bytes: (w.bytes / n0) * n } : { flops: (w.flops / n0 ** 1.5) * n ** 1.5 }) };
}

function maxRelErr(got, want) {
  if (!got || !want || got.length !== want.length) return Infinity;
  let worst = 0;
  for (let i = 0; i < want.length; i++) {
    const e = Math.abs(got[i] - want[i]) / Math.max(1, Math.abs(want[i]));
    if (!(e <= worst)) worst = Number.isNaN(e) ? Infinity : e;
  }
  return worst;
}

async function timeOnce(b, k) {
  const t0 = performance.now();
  for (let i = 0; i < k; i++) await b.run();
  return (performance.now() - t0) / k;
}

async function benchWorkload(w, engines) {
  const inputs = makeInputs(w);
  const built = {};
  const rec = { id: w.id, label: w.label, group: w.group, bytes: w.bytes, flops: w.flops, n: w.n, engines: {}, ratios: {}, maxRelErr: {} };
  for (const e of engines) {
    try {
      built[e.name] = await e.build(w, inputs);
      if (built[e.name].note || e.note) rec.engines[e.name] = { note: built[e.name].note ?? e.note };
    } catch (err) {
      rec.engines[e.name] = { refused: err?.refused ?? String(err?.message ?? err) };
    }
  }
  const names = Object.keys(built);
  const k = {};
  for (const n of names) {
    await built[n].run();   // warm-up: compile, grow memory, fill caches
    await built[n].run();
    const t = await timeOnce(built[n], 1);
    k[n] = Math.max(1, Math.min(200, Math.ceil(sampleMs / Math.max(t, 1e-3))));
  }
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < reps; r++) {
    const order = names.map((_, i) => names[(i + r) % names.length]);
    for (const n of order) samples[n].push(await timeOnce(built[n], k[n]));
  }
  const ref = built.wtensor ? built.wtensor.result() : null;
  for (const n of names) {
    const ms = median(samples[n]);
    rec.engines[n] = {
      ...(rec.engines[n] ?? {}),
      medianMs: ms,
      minMs: Math.min(...samples[n]),
      maxMs: Math.max(...samples[n]),
      samples: samples[n],
      ...(w.bytes ? { gbps: w.bytes / (ms / 1e3) / 1e9 } : { gflops: w.flops / (ms / 1e3) / 1e9 }),
    };
    if (ref && n !== 'wtensor') {
      rec.maxRelErr[n] = maxRelErr(built[n].result(), ref);
      rec.ratios[n] = median(samples[n].map((t, i) => t / samples.wtensor[i]));
    }
    built[n].dispose();
  }
  return rec;
}

function numpyResults(workloads) {
  try {
    // one OpenBLAS thread: every engine here runs on one core
    const out = execFileSync('/usr/bin/python3', [`${here}numpy_bench.py`, JSON.stringify({ workloads, reps, sampleMs })],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, OPENBLAS_NUM_THREADS: '1' } });
    return JSON.parse(out);
  } catch (e) {
    return { error: `NumPy could not run: ${(e.stderr || e.message || '').toString().trim().split('\n').pop()}` };
  }
}

const engines = [];
for (const n of engineNames) engines.push(await ENGINES[n]());
if (child) {   // just the timings, as JSON, for the parent
  const out = {};
  for (const w of WORKLOADS.filter((x) => !only?.length || only.includes(x.id)).map(scaled)) out[w.id] = (await benchWorkload(w, engines)).engines;
  process.stdout.write(JSON.stringify(out));
  process.exit(0);
}
const wtEngine = engines.find((e) => e.name === 'wtensor');
const workloads = WORKLOADS.filter((w) => !only?.length || only.includes(w.id)).map(scaled);

const results = {
  date: new Date().toISOString(),
  quick,
  reps,
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, platform: `${os.platform()} ${os.arch()}` },
  wtensor: wtEngine?.info(),
  limits: null,
  workloads: [],
  numpy: null,
  targets: [],
};

if (wtEngine) {
  const peak = [], copy = [];
  for (let i = 0; i < (quick ? 1 : 5); i++) {
    peak.push(wtEngine.wt.probe.peak(quick ? 1e5 : 3e7).gflops);
    copy.push(wtEngine.wt.probe.copy(quick ? 1 << 20 : 64 << 20).gbps);
  }
  results.limits = { peakGflops: median(peak), copyGBs: median(copy) };
  console.log(`limits (wtensor's wasm): f32x4 mul+add peak ${results.limits.peakGflops.toFixed(1)} GFLOPS, 64 MiB SIMD copy ${results.limits.copyGBs.toFixed(1)} GB/s`);
}

for (const w of workloads) {
  const rec = await benchWorkload(w, engines);
  results.workloads.push(rec);
  const cols = engines.map((e) => [e.name, rec.engines[e.name]]).filter(([, r]) => r).map(([n, r]) =>
    r.refused ? `${n}: refused` : `${n} ${r.medianMs.toFixed(3)} ms (${r.gbps ? `${r.gbps.toFixed(1)} GB/s` : `${r.gflops.toFixed(1)} GFLOPS`})${rec.ratios[n] ? ` ×${rec.ratios[n].toFixed(2)}` : ''}`);
  console.log(`${w.label.padEnd(28)} ${cols.join(' | ')}`);
  const bad = Object.entries(rec.maxRelErr).filter(([, e]) => e > 1e-3);
  if (bad.length) console.log(`  results differ: ${bad.map(([n, e]) => `${n} ${e.toExponential(1)}`).join(', ')}`);
}

if (requested.includes('ort-2t')) {
  try {
    const args2 = ['bench/run.mjs', '--child', '--engines', 'ort-2t', '--reps', String(reps), ...(quick ? ['--quick'] : []),
      ...(only?.length ? ['--only', only.join(',')] : [])];
    const sep = JSON.parse(execFileSync(process.execPath, args2, { cwd: `${here}..`, encoding: 'utf8', maxBuffer: 1 << 26 }));
    for (const rec of results.workloads) {
      const r = sep[rec.id]?.['ort-2t'];
      if (!r) continue;
      rec.engines['ort-2t'] = { ...r, note: 'a separate process (onnxruntime-web fixes its thread count per process); ratio of medians, not alternated' };
      if (r.medianMs && rec.engines.wtensor?.medianMs) rec.ratios['ort-2t'] = r.medianMs / rec.engines.wtensor.medianMs;
    }
  } catch (e) {
    for (const rec of results.workloads) rec.engines['ort-2t'] = { refused: `could not run: ${String(e.message).split('\n')[0]}` };
  }
}

if (!flag('--no-numpy')) {
  results.numpy = numpyResults(workloads);
  if (results.numpy.error) console.log(results.numpy.error);
}

for (const rec of results.workloads) {
  const r = rec.engines['ort-2t'];
  if (r) console.log(`${rec.label.padEnd(28)} ort-2t ${r.refused ? `refused: ${r.refused}` : `${r.medianMs.toFixed(3)} ms ×${rec.ratios['ort-2t']?.toFixed(2)} (separate process)`}`);
}
for (const t of quick ? [] : TARGETS) {   // tiny sizes say nothing about targets
  const rec = results.workloads.find((w) => w.id === t.workload);
  const ratio = rec?.ratios[t.peer];
  if (ratio === undefined) continue;
  results.targets.push({ ...t, ratio, met: ratio >= t.min });
}
// contiguous binary ops against the machine's own copy bandwidth
const add = results.workloads.find((w) => w.id === 'add')?.engines.wtensor;
if (!quick && add?.gbps && results.limits) {
  const ratio = add.gbps / results.limits.copyGBs;
  results.targets.push({ workload: 'add', peer: 'SIMD copy', ratio, min: 0.9, met: ratio >= 0.9,
    why: 'contiguous binary ops reach ≥ 90% of the measured SIMD copy bandwidth' });
}
const missed = results.targets.filter((t) => !t.met);
if (!quick) console.log(`targets: ${results.targets.length - missed.length} of ${results.targets.length} met`);
for (const t of missed) console.log(`  missed: ${t.workload} vs ${t.peer}: ×${t.ratio.toFixed(2)}, target ×${t.min} (${t.why})`);

if (!flag('--no-report')) {
  mkdirSync(`${here}results`, { recursive: true });
  writeFileSync(`${here}results/${quick ? 'quick' : 'latest'}.json`, `${JSON.stringify(results, null, 1)}\n`);
  if (!quick) writeReport(results, here);
}
// onnxruntime-web's worker threads would keep Node alive
process.exit(0);
