// Per-call cost of small ops: a 64-element float32 add and sum, each
// including the result's dispose, on one thread.  Medians of rounds.
//   perCall(wt)                          from bench/run.mjs (its report's "Per-call cost")
//   node bench/percall.mjs DIR [DIR...]  checkouts alternated round by round, e.g. a
//                                        worktree of an older commit against this one:
//                                        the before/after figures in bench/percall-baseline.json
import { pathToFileURL, fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const N = 20000;
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

// the cases, their results checked against plain JS before any timing
function cases(wt) {
  const a = wt.tensor(Float32Array.from({ length: 64 }, (_, i) => i / 7));
  const b = wt.tensor(Float32Array.from({ length: 64 }, (_, i) => 1 - i / 9));
  const check = wt.add(a, b);
  for (let i = 0; i < 64; i++) {
    if (check.data[check.offset + i] !== Math.fround(a.data[i] + b.data[i])) throw new Error('percall: add differs');
  }
  check.dispose();
  return { add: () => wt.add(a, b).dispose(), sum: () => wt.sum(a).dispose() };
}

// microseconds per call of one round
function round(fn) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) fn();
  return Number(process.hrtime.bigint() - t0) / N / 1e3;
}

export function perCall(wt, rounds = 15) {
  const out = {};
  for (const [name, fn] of Object.entries(cases(wt))) {
    round(fn); // warm up
    out[name] = median(Array.from({ length: rounds }, () => round(fn)));
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2).map((d) => resolve(d));
  if (!dirs.length) dirs.push(fileURLToPath(new URL('..', import.meta.url)));
  const runs = [];
  for (const dir of dirs) {
    const { init } = await import(pathToFileURL(`${dir}/bindings/index.js`).href);
    const wt = await init({ threads: 1, relaxedSimd: false });
    runs.push({ dir, c: cases(wt), us: { add: [], sum: [] } });
  }
  for (const r of runs) for (const fn of Object.values(r.c)) round(fn); // warm up
  for (let k = 0; k < 21; k++) {
    for (const r of k % 2 ? [...runs].reverse() : runs)
      for (const [name, fn] of Object.entries(r.c)) r.us[name].push(round(fn));
  }
  for (const r of runs) {
    console.log(JSON.stringify({ dir: r.dir, add: +median(r.us.add).toFixed(2), sum: +median(r.us.sum).toFixed(2) }));
  }
}
