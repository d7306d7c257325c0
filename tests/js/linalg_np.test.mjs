// wt.linalg against NumPy (tests/fixtures/linalg.json, made by gen_linalg.py):
// every function whose result is unique, on random, ill-conditioned,
// rank-deficient, scaled, integer and batched inputs, each within the
// fixture's tolerance (64 n eps kappa relative to the result's largest
// value); NumPy's LinAlgError cases as WT_ELINALG; and, in Node, random
// programs from tests/diff/linalg_diff.py with a fixed seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, loadFixtures, throwsWt, flatValues, revive } from './helpers.mjs';

const F = await loadFixtures('linalg');
const inNode = typeof process === 'object' && !!process.versions?.node;

const isFixture = (v) => v !== null && typeof v === 'object' && 'dtype' in v && 'values' in v;
const build = (v) =>
  isFixture(v) ? wt.tensor(v.values, { dtype: v.dtype, shape: v.shape }) : Array.isArray(v) ? v.map(build) : v;

function call(c) {
  const args = c.args.map(build),
    fn = wt.linalg[c.fn];
  if (c.fn === 'tensorsolve') return fn(...args, c.kwargs.axes ?? null);
  return Object.keys(c.kwargs).length ? fn(...args, c.kwargs) : fn(...args);
}

// |complex| or |real| of a fixture or result value
const mag = (v) => (typeof v === 'object' ? Math.hypot(v.re, v.im) : Math.abs(Number(v)));
const parts = (v) => (typeof v === 'object' ? [v.re, v.im] : [Number(v), 0]);
const byParts = (a, b) => parts(a)[0] - parts(b)[0] || parts(a)[1] - parts(b)[1];

function sameTensor(got, want, c, label, key) {
  if (typeof want === 'number') return assert.equal(Number(got.item?.() ?? got), want, label);
  assert.equal(got.dtype, want.dtype, `${label}: dtype`);
  assert.deepEqual([...got.shape], want.shape, `${label}: shape`);
  let g = flatValues(got),
    w = want.values;
  if (c.sort) ((g = [...g].sort(byParts)), (w = [...w].sort(byParts)));
  const finite = w.filter((v) => parts(v).every(Number.isFinite));
  const scale = key === 'logabsdet' ? 1 : Math.max(...finite.map(mag), Number.MIN_VALUE);
  g.forEach((gv, i) => {
    let [gr, gi] = parts(gv),
      [wr, wi] = parts(w[i]);
    if (c.absParts) [gr, gi, wr, wi] = [gr, gi, wr, wi].map(Math.abs);
    for (const [a, b] of [
      [gr, wr],
      [gi, wi],
    ]) {
      const ok = Number.isFinite(b) ? Math.abs(a - b) <= c.rtol * scale : Object.is(a, b) || (isNaN(a) && isNaN(b));
      if (!ok)
        assert.fail(`${label}: element ${i} is ${a}, NumPy ${b} (rtol ${c.rtol.toExponential(2)}, scale ${scale})`);
    }
  });
}

function same(got, want, c, label) {
  if (isFixture(want) || typeof want === 'number') return sameTensor(got, want, c, label);
  for (const k of Object.keys(want))
    if (isFixture(want[k]) || typeof want[k] === 'number') sameTensor(got[k], want[k], c, `${label}.${k}`, k);
}

const show = (c) =>
  `${c.fn}(${c.args.map((a) => (isFixture(a) ? `${a.dtype}(${a.shape})` : JSON.stringify(a))).join(', ')}${
    Object.keys(c.kwargs).length ? `, ${JSON.stringify(c.kwargs)}` : ''
  })`;

export function runCases(cases) {
  for (const c of cases) wt.tidy(() => same(call(c), c.want, c, show(c)));
}

test('wt.linalg matches NumPy within LAPACK-class tolerances', () => {
  runCases(F.cases);
  const fns = new Set(F.cases.map((c) => c.fn));
  for (const f of ['det', 'slogdet', 'inv', 'solve', 'cholesky', 'eigvalsh', 'eigvals', 'svdvals', 'matrixRank'])
    assert.ok(fns.has(f), `fixtures cover ${f}`);
});

test("NumPy's LinAlgError cases are WT_ELINALG, naming NumPy's reason", () => {
  for (const c of F.errors) {
    const reason = c.error.split(/[:(]/)[0].trim();
    wt.tidy(() =>
      throwsWt(
        () => wt.linalg[c.fn](...c.args.map(build)),
        'WT_ELINALG',
        new RegExp(reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      ),
    );
  }
});

if (inNode) {
  const { execFileSync } = await import('node:child_process');
  const root = new URL('../../', import.meta.url);
  test("random matrices (tests/diff/linalg_diff.py, a fixed seed) give NumPy's results", () => {
    const seed = process.env.WT_LINALG_DIFF_SEED ?? '20261125',
      count = process.env.WT_LINALG_DIFF_COUNT ?? '1';
    const out = execFileSync('.venv/bin/python', ['tests/diff/linalg_diff.py', seed, count], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    runCases(JSON.parse(out, revive));
  });
}
