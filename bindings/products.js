// NumPy's and the Array API's products, as einsum equations (C's contraction
// planner and packed GEMM): dot, vecdot, inner, outer, tensordot, kron,
// trace, cross, matrixTranspose; and convolve and correlate through C's direct
// wt_correlate.
import { asTensor, axisOf, options } from './args.js';
import { WtError } from './errors.js';
import { typeName } from './engine.js';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters = (from, n) => LETTERS.slice(from, from + n);
const isComplex = (t) => t.dtype.startsWith('complex');

// NumPy's dot: products of scalars, inner of vectors, matmul of matrices, else a's last axis with b's second-to-last
export function dot(api, a, b) {
  const wt = api.wt;
  return wt.tidy(() => {
    const x = asTensor(api, a),
      y = asTensor(api, b);
    if (x.ndim === 0 || y.ndim === 0) return wt.mul(x, y);
    const xl = letters(0, x.ndim).split(''),
      yl = letters(x.ndim, y.ndim).split('');
    const ky = y.ndim === 1 ? 0 : y.ndim - 2;
    yl[ky] = xl[x.ndim - 1];
    const out = [...xl.slice(0, -1), ...yl.filter((_, i) => i !== ky)].join('');
    return wt.einsum(`${xl.join('')},${yl.join('')}->${out}`, x, y);
  });
}

// the Array API's vecdot: sum of conj(x1) * x2 over axis, the other axes broadcast
export function vecdot(api, a, b, opts) {
  opts = options(typeof opts === 'number' ? { axis: opts } : opts, 'vecdot');
  const wt = api.wt;
  return wt.tidy(() => {
    const x = asTensor(api, a),
      y = asTensor(api, b);
    const axis = opts.axis ?? -1;
    const nx = x.shape[axisOf(axis, x.ndim, 'vecdot')],
      ny = y.shape[axisOf(axis, y.ndim, 'vecdot')];
    if (nx !== ny)
      throw new WtError('WT_ESHAPE', `vecdot: x1 and x2 must have the same size along axis ${axis} (${nx} and ${ny})`);
    const xm = wt.moveaxis(isComplex(x) ? wt.conj(x) : x, axisOf(axis, x.ndim, 'vecdot'), -1);
    const ym = wt.moveaxis(y, axisOf(axis, y.ndim, 'vecdot'), -1);
    return wt.einsum('...i,...i->...', xm, ym);
  });
}

// NumPy's inner: over the last axes; the result's axes are a's others, then b's
export function inner(api, a, b) {
  const wt = api.wt;
  return wt.tidy(() => {
    const x = asTensor(api, a),
      y = asTensor(api, b);
    if (x.ndim === 0 || y.ndim === 0) return wt.mul(x, y);
    const xa = letters(0, x.ndim - 1),
      ya = letters(x.ndim - 1, y.ndim - 1);
    return wt.einsum(`${xa}Z,${ya}Z->${xa}${ya}`, x, y);
  });
}

export const outer = (api, a, b) =>
  api.wt.tidy(() => api.wt.multiply.outer(asTensor(api, a).reshape([-1]), asTensor(api, b).reshape([-1])));

// NumPy's tensordot: axes N (a's last N with b's first N) or [aAxes, bAxes]
export function tensordot(api, a, b, opts) {
  opts = options(typeof opts === 'number' || Array.isArray(opts) ? { axes: opts } : opts, 'tensordot');
  const wt = api.wt;
  return wt.tidy(() => {
    const x = asTensor(api, a),
      y = asTensor(api, b);
    const ax = opts.axes ?? 2;
    if (!Array.isArray(ax) && !(Number.isInteger(ax) && ax >= 0 && ax <= Math.min(x.ndim, y.ndim)))
      throw new WtError(
        'WT_EINVAL',
        `tensordot: axes must be a count of at most ${Math.min(x.ndim, y.ndim)} or a pair of axis lists, got ${typeName(ax)}`,
      );
    if (Array.isArray(ax) && ax.length !== 2)
      throw new WtError('WT_EINVAL', 'tensordot: axes must be a pair of axis lists');
    let [pa, pb] = Array.isArray(ax) ? ax : [[...Array(ax).keys()].map((k) => x.ndim - ax + k), [...Array(ax).keys()]];
    pa = (Array.isArray(pa) ? pa : [pa]).map((v) => axisOf(v, x.ndim, 'tensordot'));
    pb = (Array.isArray(pb) ? pb : [pb]).map((v) => axisOf(v, y.ndim, 'tensordot'));
    if (pa.length !== pb.length || pa.some((v, k) => x.shape[v] !== y.shape[pb[k]]))
      throw new WtError('WT_ESHAPE', 'tensordot: shape-mismatch for sum');
    const xl = letters(0, x.ndim).split(''),
      yl = letters(x.ndim, y.ndim).split('');
    pb.forEach((v, k) => (yl[v] = xl[pa[k]]));
    const out = [...xl.filter((_, i) => !pa.includes(i)), ...yl.filter((_, i) => !pb.includes(i))].join('');
    return wt.einsum(`${xl.join('')},${yl.join('')}->${out}`, x, y);
  });
}

// NumPy's kron: the outer product with each of a's axes interleaved before b's, merged
export function kron(api, a, b) {
  const wt = api.wt;
  return wt.tidy(() => {
    let x = asTensor(api, a),
      y = asTensor(api, b);
    const nd = Math.max(x.ndim, y.ndim);
    x = x.reshape([...Array(nd - x.ndim).fill(1), ...x.shape]);
    y = y.reshape([...Array(nd - y.ndim).fill(1), ...y.shape]);
    const o = wt.multiply.outer(x, y);
    const order = [...Array(nd).keys()].flatMap((i) => [i, nd + i]);
    return wt.transpose(o, order).reshape(x.shape.map((n, i) => n * y.shape[i]));
  });
}

export function trace(api, x, opts) {
  opts = options(typeof opts === 'number' ? { offset: opts } : opts, 'trace');
  return api.wt.tidy(() => {
    const d = api.wt.diagonal(asTensor(api, x), opts.offset ?? 0, opts.axis1 ?? 0, opts.axis2 ?? 1);
    return api.wt.sum(d, { axis: -1, dtype: opts.dtype ?? undefined });
  });
}

// NumPy's cross of 3-vectors (and 2-vectors: the z component alone) along the given axes
export function cross(api, a, b, opts) {
  opts = options(opts, 'cross');
  const wt = api.wt;
  return wt.tidy(() => {
    const x = wt.moveaxis(asTensor(api, a), opts.axisa ?? opts.axis ?? -1, -1),
      y = wt.moveaxis(asTensor(api, b), opts.axisb ?? opts.axis ?? -1, -1);
    const nx = x.shape[x.ndim - 1],
      ny = y.shape[y.ndim - 1];
    if (![2, 3].includes(nx) || ![2, 3].includes(ny))
      throw new WtError('WT_EINVAL', 'cross: incompatible dimensions for cross product (dimension must be 2 or 3)');
    const part = (t, i) => (i < t.shape[t.ndim - 1] ? t.get('...', i) : 0);
    const [a0, a1, a2, b0, b1, b2] = [part(x, 0), part(x, 1), part(x, 2), part(y, 0), part(y, 1), part(y, 2)];
    const z = wt.sub(wt.mul(a0, b1), wt.mul(a1, b0));
    if (nx === 2 && ny === 2) return z;
    const c = wt.stack([wt.sub(wt.mul(a1, b2), wt.mul(a2, b1)), wt.sub(wt.mul(a2, b0), wt.mul(a0, b2)), z], {
      axis: -1,
    });
    return wt.moveaxis(c, -1, opts.axisc ?? opts.axis ?? -1);
  });
}

export function matrixTranspose(api, x) {
  const t = asTensor(api, x);
  try {
    if (t.ndim < 2)
      throw new WtError('WT_EINVAL', 'matrixTranspose: x must be at least 2-dimensional for matrix_transpose');
    return api.wt.swapaxes(t, -1, -2); // a view: it keeps the buffer of a tensor made here
  } finally {
    if (t !== x) t.dispose();
  }
}

// ---- convolution: C's wt_correlate, direct, over just the outputs the mode keeps

// entries [start, start + len) of the full correlation of a with v (v already conjugated)
function correlateRange(api, a, v, start, len) {
  const wt = api.wt,
    e = api.e;
  const dt = wt.resultType(a.dtype, v.dtype);
  const [x, y] = [a.astype(dt), v.astype(dt)];
  e.check(e.ex.wt_correlate(e.handle(x, 'a'), e.handle(y, 'v'), BigInt(start - (v.size - 1)), BigInt(len), e.outPtr));
  return e.adopt(e.takeOut());
}

// the mode's window of the full correlation (m + n - 1 entries), NumPy's
function modeRange(m, n, mode, name) {
  if (!['full', 'same', 'valid'].includes(mode))
    throw new WtError('WT_EINVAL', `${name}: mode must be one of 'valid', 'same', or 'full' (got ${typeName(mode)})`);
  const len = mode === 'full' ? m + n - 1 : mode === 'same' ? Math.max(m, n) : Math.max(m, n) - Math.min(m, n) + 1;
  const start = mode === 'valid' ? Math.min(m, n) - 1 : mode === 'same' ? Math.floor((m + n - 1 - len) / 2) : 0;
  return [start, len];
}

// the two signals, flattened; neither may be empty (NumPy's ValueError)
function signals(api, a, v, name) {
  const x = asTensor(api, a).reshape([-1]),
    y = asTensor(api, v).reshape([-1]);
  if (x.size === 0) throw new WtError('WT_EINVAL', `${name}: a cannot be empty`);
  if (y.size === 0) throw new WtError('WT_EINVAL', `${name}: v cannot be empty`);
  return [x, y];
}
const modeOf = (opts, name, dflt) => (typeof opts === 'string' ? opts : options(opts, name).mode) ?? dflt;

export function correlate(api, a, v, opts) {
  const mode = modeOf(opts, 'correlate', 'valid');
  return api.wt.tidy(() => {
    const [x, y] = signals(api, a, v, 'correlate');
    const m = x.size,
      n = y.size,
      w = isComplex(y) ? api.wt.conj(y) : y;
    // NumPy swaps a longer v in for 'same': the same window from the other end
    const [start, len] = mode === 'same' && n > m ? [Math.ceil((m - 1) / 2), n] : modeRange(m, n, mode, 'correlate');
    return correlateRange(api, x, w, start, len);
  });
}

export function convolve(api, a, v, opts) {
  const mode = modeOf(opts, 'convolve', 'full');
  return api.wt.tidy(() => {
    const [x, y] = signals(api, a, v, 'convolve');
    const [p, q] = y.size > x.size ? [y, x] : [x, y]; // NumPy convolves the longer with the shorter
    const [start, len] = modeRange(p.size, q.size, mode, 'convolve');
    return correlateRange(api, p, q.slice('::-1'), start, len);
  });
}

// NumPy's cov: variables in rows (rowvar) or columns, X - mean times its conjugate transpose, over N - ddof
export function cov(api, m, opts) {
  opts = options(opts, 'cov');
  const wt = api.wt;
  return wt.tidy(() => {
    const rows = (v) => {
      let t = asTensor(api, v);
      if (t.ndim > 2) throw new WtError('WT_EINVAL', 'cov: m has more than 2 dimensions');
      t = t.ndim < 2 ? t.reshape([1, -1]) : t;
      return opts.rowvar === false && t.shape[0] !== 1 ? t.T : t;
    };
    let X = rows(m);
    const dtype = opts.dtype ?? wt.resultType(X.dtype, 'float64');
    if (opts.y !== undefined && opts.y !== null) X = wt.concat([X, rows(opts.y)], { axis: 0 });
    X = X.astype(dtype);
    const ddof = opts.ddof ?? (opts.bias ? 0 : 1);
    const fact = Math.max(X.shape[1] - ddof, 0);
    const d = wt.sub(X, wt.mean(X, { axis: 1, keepdims: true }));
    const c = wt.mul(wt.matmul(d, wt.conj(d).T), 1 / fact);
    return wt.squeeze(c);
  });
}

// NumPy's corrcoef: cov scaled by the standard deviations, clipped into [-1, 1]
export function corrcoef(api, x, opts) {
  opts = options(opts, 'corrcoef');
  const wt = api.wt;
  return wt.tidy(() => {
    const c = cov(api, x, { y: opts.y, rowvar: opts.rowvar, dtype: opts.dtype });
    if (c.ndim === 0) return wt.div(c, c);
    const sd = wt.sqrt(wt.real(wt.diagonal(c)).copy());
    const r = wt.div(wt.div(c, sd.reshape([-1, 1])), sd.reshape([1, -1]));
    if (!isComplex(r)) return wt.clip(r, -1, 1);
    r.real.assign(wt.clip(r.real, -1, 1));
    r.imag.assign(wt.clip(r.imag, -1, 1));
    return r;
  });
}
