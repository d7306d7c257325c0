// NumPy's polynomial functions (polyfit, polyval, roots, poly, polyder,
// polyint, polyadd, polysub, polymul, polydiv, poly1d) and numpy.polynomial's
// Polynomial, Chebyshev and Legendre against NumPy (tests/fixtures/linalg.json,
// gen_linalg.py's poly_cases), and their refusals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, loadFixtures, throwsWt, flatValues } from './helpers.mjs';

const { poly: P } = await loadFixtures('linalg');
const isFixture = (v) => v !== null && typeof v === 'object' && 'dtype' in v && 'values' in v;
const build = (v) => (isFixture(v) ? wt.tensor(v.values, { dtype: v.dtype, shape: v.shape }) : v);
const part = (v, k) => (typeof v === 'object' ? v[k] : k === 're' ? Number(v) : 0);

function close(got, want, rtol, label) {
  const g = Array.isArray(got) ? got : flatValues(got),
    w = isFixture(want) ? want.values : want;
  assert.equal(g.length, w.length, `${label}: length`);
  const scale = Math.max(1, ...w.map((v) => Math.hypot(part(v, 're'), part(v, 'im'))));
  g.forEach((v, i) => {
    for (const k of ['re', 'im'])
      if (Math.abs(part(v, k) - part(w[i], k)) > rtol * scale)
        assert.fail(`${label}: element ${i} ${k} is ${part(v, k)}, NumPy ${part(w[i], k)}`);
  });
  if (isFixture(want) && !Array.isArray(got)) {
    assert.equal(got.dtype, want.dtype, `${label}: dtype`);
    assert.deepEqual([...got.shape], want.shape, `${label}: shape`);
  }
}

test("NumPy's polynomial functions give NumPy's results", () => {
  for (const c of P.functions)
    wt.tidy(() => {
      const kw = Object.fromEntries(Object.entries(c.kwargs).map(([k, v]) => [k, build(v)]));
      const args = c.args.map(build),
        r = Object.keys(kw).length ? wt[c.fn](...args, kw) : wt[c.fn](...args);
      const label = `${c.fn}(${JSON.stringify(c.kwargs)})`;
      if (Array.isArray(c.want)) c.want.forEach((w, i) => close(r[i], w, c.rtol, `${label}[${i}]`));
      else if (isFixture(c.want)) close(r, c.want, c.rtol, label);
      else
        for (const [k, w] of Object.entries(c.want))
          typeof w === 'number' ? assert.equal(r[k], w, `${label}.${k}`) : close(r[k], w, c.rtol, `${label}.${k}`);
    });
});

test('poly1d: evaluation, roots, calculus and arithmetic as NumPy', () => {
  wt.tidy(() => {
    const p = wt.poly1d([0, 1, -3, 2]);
    assert.equal(p.order, 2);
    assert.deepEqual(p.coeffs.toArray(), [1, -3, 2]);
    assert.equal(p.call(3).item(), 2);
    assert.deepEqual(p.roots.toArray(), [2, 1]);
    assert.deepEqual(p.deriv().coeffs.toArray(), [2, -3]);
    assert.deepEqual(p.integ(1, 4).coeffs.toArray(), [1 / 3, -1.5, 2, 4]);
    assert.deepEqual(p.mul([1, 1]).coeffs.toArray(), [1, -2, -1, 2]);
    assert.deepEqual(p.add(p).coeffs.toArray(), [2, -6, 4]);
    assert.deepEqual(p.pow(2).coeffs.toArray(), [1, -6, 13, -12, 4]);
    const [q, r] = p.div([1, -1]);
    assert.deepEqual([q.coeffs.toArray(), r.coeffs.toArray()], [[1, -2], [0]]);
    assert.deepEqual(wt.poly1d([1, 2], { r: true }).coeffs.toArray(), [1, -3, 2]);
    assert.equal(p.call(wt.poly1d([1, 0])).order, 2);
    [p, q, r].forEach((t) => t.dispose());
  });
});

test("Polynomial, Chebyshev and Legendre: fit, evaluation, calculus, roots and linspace as NumPy's", () => {
  for (const c of P.classes)
    wt.tidy(() => {
      const Cls = wt.polynomial[c.cls],
        rt = 1e-9;
      const f = Cls.fit(c.x, c.y, 4);
      close(f.coef, c.fit.coef, rt, `${c.cls}.fit`);
      assert.deepEqual(f.domain, c.fit.domain);
      close(f.call(wt.tensor(c.points)), c.fit.values, rt, `${c.cls}.fit values`);
      const fw = Cls.fit(c.x, c.y, 3, { w: c.w, domain: [-3, 6], window: [0, 1] });
      close(fw.coef, c.fitw.coef, rt, `${c.cls}.fit weighted`);
      assert.deepEqual([fw.domain, fw.window], [c.fitw.domain, c.fitw.window]);
      const p = new Cls(c.coef, { domain: [0, 2] });
      close(p.deriv(2).coef, c.deriv2, rt, `${c.cls}.deriv`);
      close(p.integ(2, [1, 2], 0.5).coef, c.integ, rt, `${c.cls}.integ`);
      const roots = flatValues(p.roots());
      close(
        roots.map((z) => part(z, 're')).sort((a, b) => a - b),
        c.roots,
        1e-8,
        `${c.cls}.roots`,
      );
      close(p.call(wt.tensor(c.points)), c.values, rt, `${c.cls} values`);
      assert.ok(Math.abs(p.call(c.points[1]) - c.values[1]) < 1e-12, 'a number gives a number');
      const [x, y] = p.linspace(7);
      (close(x, c.linspace[0], rt, `${c.cls}.linspace x`), close(y, c.linspace[1], rt, `${c.cls}.linspace y`));
      close(Cls.fromRoots([1, 2, 4]).coef, c.fromRoots, 1e-12, `${c.cls}.fromRoots`);
      assert.equal(p.degree(), 3);
      close(p.add(p).sub(p).coef, p.coef, 0, `${c.cls} add/sub`);
    });
});

test('polynomial refusals', () => {
  wt.tidy(() => {
    throwsWt(() => wt.polyfit([1, 2], [1, 2], -1), 'WT_EINVAL', /deg >= 0/);
    throwsWt(() => wt.polyfit([[1, 2]], [1, 2], 1), 'WT_ESHAPE', /1D vector for x/);
    throwsWt(() => wt.polyfit([1, 2, 3], [1, 2], 1), 'WT_ESHAPE', /same length/);
    throwsWt(() => wt.polyfit([1, 2], [1, 2], 1, { cov: true }), 'WT_EINVAL', /must exceed order/);
    throwsWt(() => wt.roots([[1, 2]]), 'WT_ESHAPE', /rank-1/);
    throwsWt(() => wt.polyder([1, 2], -1), 'WT_EINVAL', /must be positive/);
    throwsWt(() => wt.polyint([1, 2], 2, []), 'WT_EINVAL', /k must be/);
    throwsWt(() => new wt.polynomial.Chebyshev([]), 'WT_EINVAL', /non-empty/);
    throwsWt(() => new wt.polynomial.Legendre([1], { domain: [0] }), 'WT_EINVAL', /two finite numbers/);
    throwsWt(() => new wt.polynomial.Polynomial([1]).add(new wt.polynomial.Chebyshev([1])), 'WT_EINVAL', /differ/);
    throwsWt(() => new wt.polynomial.Polynomial([1]).deriv(-1), 'WT_EINVAL', /non-negative/);
  });
});

test('poly1d and the series classes leave no memory behind once disposed', () => {
  const before = wt.memory().bytesInUse;
  const p = wt.poly1d([1, -3, 2]),
    q = p.call(p),
    r = p.pow(3);
  wt.tidy(() => {
    new wt.polynomial.Chebyshev([1, 2, 3]).roots();
  });
  [p, q, r].forEach((t) => t.dispose());
  assert.equal(wt.memory().bytesInUse, before);
});
