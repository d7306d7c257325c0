// Per-call cost of small ops: a 64-element float32 add and sum, each
// including the result's dispose, in Node on one thread.  Medians of rounds.
//   node bench/percall.mjs [package dir]   (default: this checkout)
// The package dir lets one run measure another checkout (e.g. a worktree of
// the previous commit) for before/after figures in bench/RESULTS.md.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const dir = resolve(process.argv[2] ?? new URL('..', import.meta.url).pathname);
const { init } = await import(pathToFileURL(`${dir}/bindings/index.js`).href);
const wt = await init({ threads: 1 });

const a = wt.tensor(Float32Array.from({ length: 64 }, (_, i) => i / 7));
const b = wt.tensor(Float32Array.from({ length: 64 }, (_, i) => 1 - i / 9));
const cases = {
  add: () => wt.add(a, b).dispose(),
  sum: () => wt.sum(a).dispose(),
};
// equal results before timing
const check = wt.add(a, b);
for (let i = 0; i < 64; i++)
  if (check.data[check.offset + i] !== Math.fround(a.data[i] + b.data[i])) throw new Error('add differs');
check.dispose();

const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const N = 20000,
  ROUNDS = 15;
const out = {};
for (const [name, fn] of Object.entries(cases)) {
  for (let i = 0; i < N; i++) fn(); // warm up
  const per = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < N; i++) fn();
    per.push(Number(process.hrtime.bigint() - t0) / N / 1e3);
  }
  out[name] = median(per);
}
console.log(JSON.stringify({ dir, us: Object.fromEntries(Object.entries(out).map(([k, v]) => [k, +v.toFixed(3)])) }));
