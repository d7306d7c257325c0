// NumPy's keywords of ufuncs and reductions against NumPy 2
// (tests/fixtures/gen_keywords.py): where= with and without out, dtype=,
// casting= into out for every elementwise function; where=, initial=,
// keepdims and axis for the reductions — eagerly, and lazily (a graph of
// placeholders, compiled and run) where no out is involved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, WtError, loadFixtures, fixtureTensor, sameAsNumpy } from './helpers.mjs';

const fx = await loadFixtures('keywords');

const decode = (v) => (v !== null && typeof v === 'object' && v.array ? fixtureTensor(v.array) : v);

function eager(c) {
  const args = c.args.map(decode),
    opts = Object.fromEntries(Object.entries(c.opts).map(([k, v]) => [k, decode(v)]));
  return wt[c.fn](...args, opts);
}

// the same call on placeholders in a graph, the opts' tensors (the masks) as constants
function lazy(c) {
  const g = wt.graph();
  try {
    const feeds = {};
    const args = c.args.map((v, k) => {
      if (!(v && typeof v === 'object' && v.array)) return v;
      const t = decode(v);
      feeds[`in${k}`] = t;
      return g.placeholder(t.shape, t.dtype, `in${k}`);
    });
    const opts = Object.fromEntries(Object.entries(c.opts).map(([k, v]) => [k, decode(v)]));
    return g.compile(wt[c.fn](...args, opts)).run(feeds);
  } finally {
    g.dispose();
  }
}

function check(c, run, mode) {
  const args = c.args.map((a) => (a?.array ? `${a.array.dtype}[${a.array.shape}]` : String(a)));
  const opts = Object.entries(c.opts).map(([k, v]) => `${k}: ${v?.array ? `${v.array.dtype}[${v.array.shape}]` : v}`);
  const label = `${c.fn}(${args}, {${opts}}) ${mode}`;
  wt.tidy(() => {
    if (c.error) {
      assert.throws(
        () => run(c),
        (e) => e instanceof WtError,
        `${label}: NumPy's ${c.error}`,
      );
      return;
    }
    sameAsNumpy(run(c), c.want, label, c.rel);
  });
}

test("ufuncs' where=, dtype= and casting= and reductions' where= and initial= give NumPy's results", () => {
  const failed = [];
  let lazyRuns = 0;
  for (const c of fx.cases) {
    for (const [mode, run] of [
      ['eager', eager],
      ['lazy', lazy],
    ]) {
      if (mode === 'lazy' && !c.lazy) continue;
      lazyRuns += mode === 'lazy';
      try {
        check(c, run, mode);
      } catch (e) {
        failed.push(e instanceof assert.AssertionError ? e.message.split('\n')[0] : `${c.fn} ${mode}: ${e.message}`);
      }
    }
  }
  const fns = new Set(fx.cases.map((c) => c.fn));
  console.log(`keywords: ${fx.cases.length} cases of ${fns.size} functions, ${lazyRuns} of them also lazily`);
  assert.deepEqual(failed.slice(0, 40), [], `${failed.length} cases disagree with NumPy`);
  assert.ok(fns.size >= 80, `${fns.size} functions covered`);
});
