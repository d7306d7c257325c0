// NumPy's polynomial functions (numpy.lib.polynomial: coefficients highest
// power first): polyval, polyfit (weighted least squares through lstsq),
// roots (eigenvalues of the companion matrix), poly, polyder, polyint,
// polyadd, polysub, polymul, polydiv and the poly1d class, as NumPy computes
// them, on tensors.
import { asTensor, options } from './args.js';
import { tuple } from './tuple.js';
import { declareMethods } from './params.js';
import { WtError, DISPOSE } from './errors.js';
import { typeName } from './engine.js';
import { isInexact } from './dtypes.js';
import { eigvals, inv } from './linalg.js';
import { lstsq } from './linalg-more.js';

const float = (wt, t) => (isInexact(t.dtype) && t.dtype !== 'float16' ? t : t.astype('float64')); // NumPy's "+ 0.0"
const atleast1d = (api, p) => {
  const t = asTensor(api, p);
  return t.ndim ? t : t.reshape([1]);
};
const vec = (t, name) => {
  if (t.ndim !== 1) throw new WtError('WT_ESHAPE', `${name}: Input must be a rank-1 array, got ${t.ndim}-D`);
  return t;
};

// p(x) by Horner's rule, in the dtype NumPy's zeros_like(x) * x + p[i] has
export function polyval(api, p, x) {
  const wt = api.wt;
  return wt.tidy(() => {
    const c = asTensor(api, p),
      t = asTensor(api, x);
    let y = wt.zerosLike(t);
    for (let i = 0; i < c.shape[0]; i++) y = wt.add(wt.mul(y, t), c.get(i));
    return y;
  });
}

// the Vandermonde matrix with columns x^(order-1) ... x^0 (NumPy's vander)
function vander(wt, x, order) {
  const cols = [wt.onesLike(x)];
  for (let i = 1; i < order; i++) cols.unshift(wt.mul(cols[0], x));
  return wt.stack(cols, { axis: -1 });
}

// NumPy's polyfit: column-scaled weighted least squares; {coef, residuals, rank, singularValues, rcond}
// with full, {coef, cov} with cov (true, or 'unscaled'), else the coefficients
export function polyfit(api, x, y, deg, opts) {
  opts = options(opts, 'polyfit');
  const wt = api.wt;
  if (!Number.isInteger(deg) || deg < 0)
    throw new WtError('WT_EINVAL', `polyfit: expected deg >= 0, got ${typeName(deg)}`);
  const r = wt.tidy(() => {
    const order = deg + 1,
      X = float(wt, asTensor(api, x)),
      Y = float(wt, asTensor(api, y));
    if (X.ndim !== 1) throw new WtError('WT_ESHAPE', 'polyfit: expected 1D vector for x');
    if (X.size === 0) throw new WtError('WT_ESHAPE', 'polyfit: expected non-empty vector for x');
    if (Y.ndim < 1 || Y.ndim > 2) throw new WtError('WT_ESHAPE', 'polyfit: expected 1D or 2D array for y');
    if (X.shape[0] !== Y.shape[0]) throw new WtError('WT_ESHAPE', 'polyfit: expected x and y to have same length');
    const rcond = opts.rcond ?? X.shape[0] * wt.finfo(X.dtype).eps;
    let lhs = vander(wt, X, order),
      rhs = Y;
    if (opts.w !== undefined && opts.w !== null) {
      const w = float(wt, asTensor(api, opts.w));
      if (w.ndim !== 1) throw new WtError('WT_ESHAPE', 'polyfit: expected a 1-d array for weights');
      if (w.shape[0] !== Y.shape[0])
        throw new WtError('WT_ESHAPE', 'polyfit: expected w and y to have the same length');
      lhs = wt.mul(lhs, wt.expandDims(w, -1));
      rhs = Y.ndim === 2 ? wt.mul(rhs, wt.expandDims(w, -1)) : wt.mul(rhs, w);
    }
    const scale = wt.sqrt(wt.sum(wt.mul(lhs, lhs), { axis: 0 }));
    lhs = wt.div(lhs, scale);
    const fit = lstsq(api, lhs, rhs, { rcond });
    const coef = fit.x.ndim === 2 ? wt.div(fit.x, wt.expandDims(scale, -1)) : wt.div(fit.x, scale);
    if (opts.full) return tuple({ coef, residuals: fit.residuals, rank: fit.rank, singularValues: fit.s, rcond });
    if (!opts.cov) return coef;
    const vbase = wt.div(inv(api, wt.matmul(lhs.mT, lhs)), wt.multiply.outer(scale, scale));
    if (opts.cov === 'unscaled') return tuple({ coef, cov: Y.ndim === 1 ? vbase : wt.expandDims(vbase, -1) });
    if (X.shape[0] <= order)
      throw new WtError(
        'WT_EINVAL',
        'polyfit: the number of data points must exceed order to scale the covariance matrix',
      );
    const fac = wt.div(fit.residuals, X.shape[0] - order);
    return tuple({ coef, cov: Y.ndim === 1 ? wt.mul(vbase, fac) : wt.mul(wt.expandDims(vbase, -1), fac) });
  });
  return r;
}

// NumPy's roots: the eigenvalues of the companion matrix, zeros for trailing zero coefficients
export function roots(api, p) {
  const wt = api.wt;
  return wt.tidy(() => {
    let c = vec(atleast1d(api, p), 'roots');
    const nz = wt.flatnonzero(c).toArray();
    if (!nz.length) return wt.zeros([0], 'float64');
    const trailing = c.shape[0] - nz[nz.length - 1] - 1;
    c = float(wt, c.get(`${nz[0]}:${nz[nz.length - 1] + 1}`));
    const n = c.shape[0];
    let r = wt.zeros([0], c.dtype);
    if (n > 1) {
      const a = wt.zeros([n - 1, n - 1], c.dtype);
      if (n > 2) a.set([`1:`, `:-1`], wt.eye(n - 2, null, 0, c.dtype));
      a.set([0], wt.div(wt.neg(c.get('1:')), c.get(0)));
      r = eigvals(api, a);
    }
    return wt.concat([r, wt.zeros([trailing], r.dtype)]);
  });
}

// NumPy's poly: the coefficients of the monic polynomial with the given roots (a square matrix: its eigenvalues)
export function poly(api, seq) {
  const wt = api.wt;
  return wt.tidy(() => {
    let z = atleast1d(api, seq);
    if (z.ndim === 2 && z.shape[0] === z.shape[1] && z.shape[0] !== 0) z = eigvals(api, z);
    else if (z.ndim === 1) z = float(wt, z);
    else throw new WtError('WT_ESHAPE', 'poly: input must be 1d or non-empty square 2d array.');
    if (z.shape[0] === 0) return wt.tensor(1);
    let a = wt.ones([1], z.dtype);
    for (let i = 0; i < z.shape[0]; i++) a = wt.convolve(a, wt.stack([wt.ones([], z.dtype), wt.neg(z.get(i))]));
    // roots in conjugate pairs: a real polynomial (sort orders complex values by real, then imaginary part)
    if (z.dtype.startsWith('complex') && wt.all(wt.equal(wt.sort(z), wt.sort(wt.conj(z)))).item())
      a = wt.real(a).copy();
    return a;
  });
}

// NumPy's polyder: the m-th derivative
export function polyder(api, p, m = 1) {
  const wt = api.wt;
  if (!Number.isInteger(m) || m < 0)
    throw new WtError('WT_EINVAL', 'polyder: Order of derivative must be positive (see polyint)');
  return wt.tidy(() => {
    let c = vec(atleast1d(api, p), 'polyder');
    for (let k = 0; k < m; k++) {
      const n = c.shape[0] - 1;
      c = wt.mul(c.get(':-1'), wt.arange(n, 0, -1));
    }
    return m ? c : c.copy();
  });
}

// NumPy's polyint: the m-th antiderivative, integration constants k (highest order first)
export function polyint(api, p, m = 1, k = null) {
  const wt = api.wt;
  if (!Number.isInteger(m) || m < 0)
    throw new WtError('WT_EINVAL', 'polyint: Order of integral must be positive (see polyder)');
  return wt.tidy(() => {
    let ks = k === null || k === undefined ? wt.zeros([m]) : atleast1d(api, k).astype('float64');
    if (ks.shape[0] === 1 && m > 1) ks = wt.mul(ks.get(0), wt.ones([m]));
    if (ks.shape[0] < m)
      throw new WtError('WT_EINVAL', 'polyint: k must be a scalar or a rank-1 array of length 1 or >m.');
    let c = vec(atleast1d(api, p), 'polyint');
    for (let i = 0; i < m; i++) c = wt.concat([wt.div(c, wt.arange(c.shape[0], 0, -1)), ks.get(`${i}:${i + 1}`)]);
    return m ? c : c.copy();
  });
}

// polyadd / polysub: the shorter padded with leading zeros
function padded(api, a1, a2, op) {
  const wt = api.wt;
  return wt.tidy(() => {
    const [x, y] = [atleast1d(api, a1), atleast1d(api, a2)],
      d = y.shape[0] - x.shape[0];
    const pad = (t, n) => (n > 0 ? wt.concat([wt.zeros([n], t.dtype), t]) : t);
    return op(pad(x, d), pad(y, -d));
  });
}
export const polyadd = (api, a1, a2) => padded(api, a1, a2, api.wt.add);
export const polysub = (api, a1, a2) => padded(api, a1, a2, api.wt.sub);
export const polymul = (api, a1, a2) => api.wt.tidy(() => api.wt.convolve(atleast1d(api, a1), atleast1d(api, a2)));

// NumPy's polydiv: quotient and remainder by long division (leading near-zeros of r dropped)
export function polydiv(api, u, v) {
  const wt = api.wt;
  return wt.tidy(() => {
    const U = float(wt, atleast1d(api, u)),
      V = float(wt, atleast1d(api, v));
    const dt = wt.resultType(U.dtype, V.dtype),
      m = U.shape[0] - 1,
      n = V.shape[0] - 1;
    const scale = wt.div(1, V.get(0)),
      q = wt.zeros([Math.max(m - n + 1, 1)], dt);
    let r = U.astype(dt);
    for (let k = 0; k < m - n + 1; k++) {
      const d = wt.mul(scale, r.get(k));
      q.set([k], d);
      r.set([`${k}:${k + n + 1}`], wt.sub(r.get(`${k}:${k + n + 1}`), wt.mul(d, V)));
    }
    while (r.shape[0] > 1 && wt.allclose(r.get(0), 0, { rtol: 1e-14 })) r = r.get('1:');
    return [q, r.copy()];
  });
}

// NumPy's poly1d: a polynomial from its coefficients (highest first; r: from its roots)
export class Poly1d {
  constructor(api, c, opts) {
    opts = options(opts, 'poly1d');
    const wt = api.wt;
    this._api = api;
    // the coefficients, leading zeros trimmed (all zero: [0]), made inside one tidy so a refusal leaves nothing
    const coeffs = wt.tidy(() => {
      const t = c instanceof Poly1d ? c.coeffs : opts.r ? poly(api, c) : atleast1d(api, c);
      if (t.ndim > 1) throw new WtError('WT_ESHAPE', 'poly1d: Polynomial must be 1d only.');
      const nz = wt.flatnonzero(t).toArray();
      return nz.length ? t.get(`${nz[0]}:`).copy() : wt.zeros([1], t.dtype);
    });
    wt.keep(coeffs);
    this.coeffs = coeffs;
    this.variable = opts.variable ?? 'x';
  }
  get order() {
    return this.coeffs.shape[0] - 1;
  }
  get c() {
    return this.coeffs;
  }
  get coef() {
    return this.coeffs;
  }
  get coefficients() {
    return this.coeffs;
  }
  get roots() {
    return roots(this._api, this.coeffs);
  }
  get r() {
    return this.roots;
  }
  /** p(x): NumPy's poly1d.__call__ (a poly1d x: the composition p(x(t))) */
  call(x) {
    if (!(x instanceof Poly1d)) return polyval(this._api, this.coeffs, x);
    let y = this._new(this._api.wt.zeros([1], this.coeffs.dtype));
    for (let i = 0; i <= this.order; i++) {
      const m = y.mul(x),
        next = this._api.wt.tidy(() => m.add(this.coeffs.get(`${i}:${i + 1}`)));
      (y.dispose(), m.dispose());
      y = next;
    }
    return y;
  }
  deriv(m = 1) {
    return this._new(polyder(this._api, this.coeffs, m));
  }
  integ(m = 1, k = 0) {
    return this._new(polyint(this._api, this.coeffs, m, k));
  }
  add(o) {
    return this._new(polyadd(this._api, this.coeffs, coeffsOf(o)));
  }
  sub(o) {
    return this._new(polysub(this._api, this.coeffs, coeffsOf(o)));
  }
  mul(o) {
    return this._new(polymul(this._api, this.coeffs, coeffsOf(o)));
  }
  div(o) {
    const [q, r] = polydiv(this._api, this.coeffs, coeffsOf(o));
    return [this._new(q), this._new(r)];
  }
  pow(n) {
    if (!Number.isInteger(n) || n < 0) throw new WtError('WT_EINVAL', 'poly1d: Power to non-negative integers only.');
    let r = this._new(this._api.wt.ones([1], this.coeffs.dtype));
    for (let i = 0; i < n; i++) {
      const next = r.mul(this);
      (r.dispose(), (r = next));
    }
    return r;
  }
  [DISPOSE]() {
    this.dispose();
  }
  dispose() {
    this.coeffs.dispose();
  }
  toString() {
    return `poly1d(${this.coeffs.toArray().join(', ')})`;
  }
  _new(c) {
    const p = new Poly1d(this._api, c, { variable: this.variable });
    c.dispose();
    return p;
  }
}

// the parameters of poly1d's methods (params.js)
declareMethods('poly1d.', Poly1d.prototype, {
  call: 'x',
  deriv: 'm?:int',
  integ: 'm?:int, k?',
  add: 'other',
  sub: 'other',
  mul: 'other',
  div: 'other',
  pow: 'n',
  dispose: '',
  toString: '',
});
const coeffsOf = (o) => (o instanceof Poly1d ? o.coeffs : o);
