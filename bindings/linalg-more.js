// wt.linalg's composed functions, as numpy.linalg composes them: norms,
// cond, matrixRank, pinv and lstsq from the SVD, multiDot's chain order,
// matrixPower's squarings, tensorsolve and tensorinv through reshapes.
// The decompositions they call are linalg.js's (C's wt_linalg).
import { asTensor, options } from './args.js';
import { tuple } from './tuple.js';
import { declareNamespace } from './params.js';
import { WtError } from './errors.js';
import { typeName } from './engine.js';
import { isInexact } from './dtypes.js';
import * as l from './linalg.js';

// NumPy's norms work on inexact values: integers and bool as float64
const inexact = (api, x) => (isInexact(x.dtype) ? x : x.astype('float64'));
const square = (x, name) => {
  const n = x.ndim;
  if (n < 2)
    throw new WtError('WT_ESHAPE', `${name}: ${n}-dimensional array given; array must be at least two-dimensional`);
  if (x.shape[n - 1] !== x.shape[n - 2])
    throw new WtError('WT_ESHAPE', `${name}: last 2 dimensions of the array must be square, got (${x.shape})`);
};

// the Array API's vector_norm: ord 2, ±Infinity, 0 (the nonzero count), or any p
export function vectorNorm(api, x, opts) {
  opts = options(opts, 'vectorNorm');
  const wt = api.wt,
    ord = opts.ord ?? 2,
    red = { axis: opts.axis ?? null, keepdims: !!opts.keepdims };
  if (typeof ord !== 'number' || Number.isNaN(ord))
    throw new WtError('WT_EINVAL', `vectorNorm: ord must be a number, got ${typeName(ord)}`);
  return wt.tidy(() => {
    const a = wt.abs(inexact(api, asTensor(api, x)));
    if (ord === Infinity) return wt.max(a, red);
    if (ord === -Infinity) return wt.min(a, red);
    if (ord === 0) return wt.sum(wt.notEqual(a, 0).astype(a.dtype), red);
    if (ord === 1) return wt.sum(a, red);
    if (ord === 2) return wt.sqrt(wt.sum(wt.mul(a, a), red));
    return wt.pow(wt.sum(wt.pow(a, ord), red), 1 / ord);
  });
}

// the Array API's matrix_norm over the last two axes
export function matrixNorm(api, x, opts) {
  opts = options(opts, 'matrixNorm');
  const wt = api.wt,
    ord = opts.ord ?? 'fro';
  return wt.tidy(() => {
    const t = inexact(api, asTensor(api, x));
    if (t.ndim < 2)
      throw new WtError(
        'WT_ESHAPE',
        `matrixNorm: ${t.ndim}-dimensional array given; array must be at least two-dimensional`,
      );
    let r;
    if (ord === 'fro') r = wt.sqrt(wt.sum(wt.square(wt.abs(t)), { axis: [-2, -1] }));
    else if (ord === 'nuc') r = wt.sum(l.svdvals(api, t), { axis: -1 });
    else if (ord === 2 || ord === -2) r = (ord > 0 ? wt.max : wt.min)(l.svdvals(api, t), { axis: -1 });
    else if (ord === 1 || ord === -1) r = (ord > 0 ? wt.max : wt.min)(wt.sum(wt.abs(t), { axis: -2 }), { axis: -1 });
    else if (ord === Infinity || ord === -Infinity)
      r = (ord > 0 ? wt.max : wt.min)(wt.sum(wt.abs(t), { axis: -1 }), { axis: -1 });
    else throw new WtError('WT_EINVAL', `matrixNorm: invalid norm order ${typeName(ord)} for matrices`);
    return opts.keepdims ? wt.expandDims(wt.expandDims(r, -1), -1) : r;
  });
}

// NumPy's norm: the 2-norm of everything, a vector norm along one axis, a matrix norm over two
export function norm(api, x, opts) {
  opts = options(typeof opts === 'number' || typeof opts === 'string' ? { ord: opts } : opts, 'norm');
  const wt = api.wt,
    { ord = null, keepdims = false } = opts;
  return wt.tidy(() => {
    const t = inexact(api, asTensor(api, x));
    let axis = opts.axis ?? null;
    if (axis === null) {
      if (ord === null) return vectorNorm(api, t.reshape([-1]), {}).reshape(keepdims ? t.shape.map(() => 1) : []);
      if (t.ndim !== 1 && t.ndim !== 2) throw new WtError('WT_ESHAPE', 'norm: Improper number of dimensions to norm.');
      axis = t.ndim === 1 ? [0] : [0, 1];
    }
    axis = (Array.isArray(axis) ? axis : [axis]).map((a) => (a < 0 ? a + t.ndim : a));
    if (axis.length === 1) {
      if (typeof ord === 'string') throw new WtError('WT_EINVAL', `norm: Invalid norm order '${ord}' for vectors`);
      return vectorNorm(api, t, { ord: ord ?? 2, axis: axis[0], keepdims });
    }
    if (axis.length !== 2 || axis[0] === axis[1] || axis.some((a) => !(a >= 0 && a < t.ndim)))
      throw new WtError('WT_EINVAL', `norm: axis must be a number or a pair of distinct axes of a ${t.ndim}-d tensor`);
    const r = matrixNorm(api, wt.moveaxis(t, axis, [-2, -1]), { ord: ord ?? 'fro' });
    return keepdims ? [...axis].sort((a, b) => a - b).reduce((acc, a) => wt.expandDims(acc, a), r) : r;
  });
}

// NumPy's cond: the ratio of extreme singular values, else norm(x) norm(inv(x)) (inf when singular)
export function cond(api, x, p = null) {
  const wt = api.wt;
  return wt.tidy(() => {
    const t = asTensor(api, x);
    if (t.ndim >= 2 && t.shape.slice(-2).includes(0))
      throw new WtError('WT_ELINALG', 'cond: cond is not defined on empty arrays');
    if (p === null || p === 2 || p === -2) {
      const s = l.svdvals(api, t),
        [hi, lo] = [s.get('...', 0), s.get('...', s.shape[s.ndim - 1] - 1)];
      return p === -2 ? wt.div(lo, hi) : wt.div(hi, lo);
    }
    square(t, 'cond');
    const n = t.shape[t.ndim - 1],
      flat = t.reshape([-1, n, n]);
    // one matrix at a time, so a singular one is inf without failing the others, as NumPy's
    const each = Array.from({ length: flat.shape[0] }, (_, i) => {
      const m = flat.get(i),
        nm = norm(api, m, { ord: p });
      try {
        return wt.mul(nm, norm(api, l.inv(api, m), { ord: p }));
      } catch (err) {
        if (err.code !== 'WT_ELINALG') throw err;
        return wt.full([], Infinity, nm.dtype);
      }
    });
    return wt.stack(each).reshape(t.shape.slice(0, -2));
  });
}

// NumPy's matrix_rank: singular values above tol (default max(M, N) eps s_max), int64
export function matrixRank(api, x, opts) {
  opts = options(opts, 'matrixRank');
  const wt = api.wt;
  return wt.tidy(() => {
    const t = asTensor(api, x);
    if (t.ndim < 2) return wt.any(wt.notEqual(t, 0)).astype('int64');
    const s = opts.hermitian ? wt.abs(l.eigvalsh(api, t)) : l.svdvals(api, t);
    let tol = opts.tol ?? null;
    if (tol === null) {
      const rtol = opts.rtol ?? Math.max(...t.shape.slice(-2)) * wt.finfo(s.dtype).eps;
      tol = wt.mul(wt.max(s, { axis: -1, keepdims: true }), wt.expandDims(asTensor(api, rtol), -1));
    } else tol = wt.expandDims(asTensor(api, tol), -1);
    return wt.greater(s, tol).sum({ axis: -1, dtype: 'int64' });
  });
}

// NumPy's pinv: V diag(1/s) U^H over the singular values above rcond s_max
export function pinv(api, x, opts) {
  opts = options(opts, 'pinv');
  const wt = api.wt;
  let rcond = opts.rcond ?? null;
  if (rcond === null) rcond = opts.rtol === undefined ? 1e-15 : opts.rtol;
  else if (opts.rtol !== undefined) throw new WtError('WT_EINVAL', "pinv: `rtol` and `rcond` can't be both set.");
  return wt.tidy(() => {
    const t = asTensor(api, x);
    if (t.ndim < 2)
      throw new WtError('WT_ESHAPE', `pinv: ${t.ndim}-dimensional array given; array must be at least two-dimensional`);
    const [m, n] = t.shape.slice(-2);
    if (rcond === null) rcond = Math.max(m, n) * wt.finfo(isInexact(t.dtype) ? t.dtype : 'float64').eps;
    if (m === 0 || n === 0) return wt.zeros([...t.shape.slice(0, -2), n, m], isInexact(t.dtype) ? t.dtype : 'float64');
    const { U, S, Vh } = l.svd(api, wt.conj(t), { fullMatrices: false, hermitian: !!opts.hermitian });
    const cutoff = wt.mul(wt.expandDims(asTensor(api, rcond), -1), wt.max(S, { axis: -1, keepdims: true }));
    const sinv = wt.where(wt.greater(S, cutoff), wt.div(1, S), 0).astype(S.dtype);
    return wt.matmul(wt.matrixTranspose(Vh), wt.mul(wt.expandDims(sinv, -1), wt.matrixTranspose(U)));
  });
}

// NumPy's lstsq (2-D a; b a vector or matrix): the minimum-norm solution by
// SVD, with NumPy's residuals (only for full column rank and M > N), rank, s
export function lstsq(api, a, b, opts) {
  opts = options(opts, 'lstsq');
  const wt = api.wt;
  const out = wt.tidy(() => {
    const A = asTensor(api, a),
      B0 = asTensor(api, b);
    if (A.ndim !== 2 || (B0.ndim !== 1 && B0.ndim !== 2))
      throw new WtError('WT_ESHAPE', `lstsq: a must be 2-D and b 1-D or 2-D, got ${A.ndim}-D and ${B0.ndim}-D`);
    const B = B0.ndim === 1 ? wt.expandDims(B0, -1) : B0,
      [m, n] = A.shape;
    if (B.shape[0] !== m)
      throw new WtError('WT_ELINALG', `lstsq: Incompatible dimensions (a has ${m} rows, b ${B.shape[0]})`);
    const dt = lsqType(wt, A, B);
    const rdt = dt === 'complex64' ? 'float32' : dt === 'complex128' ? 'float64' : dt;
    const rcond = opts.rcond ?? wt.finfo(dt).eps * Math.max(m, n);
    const { U, S, Vh } = l.svd(api, A.astype(dt), { fullMatrices: false });
    const big = S.ndim && S.shape[0] ? wt.greater(S, wt.mul(rcond, wt.max(S))) : wt.zeros([0], 'bool');
    const rank = Number(big.sum({ dtype: 'int32' }).item());
    const sinv = wt.where(big, wt.div(1, S), 0).astype(rdt);
    let x = wt.matmul(wt.conj(Vh).mT, wt.mul(wt.expandDims(sinv, -1), wt.matmul(wt.conj(U).mT, B.astype(dt))));
    if (m === 0) x = wt.zerosLike(x);
    const res =
      rank === n && m > n
        ? wt.sum(wt.square(wt.abs(wt.sub(wt.matmul(A, x), B))), { axis: 0 }).astype(rdt)
        : wt.zeros([0], rdt);
    return tuple({ x: B0.ndim === 1 ? x.reshape([n]) : x, residuals: res, rank, s: S });
  });
  return out;
}
// lstsq's computing dtype: NumPy's _commonType (float32 stays, integers are float64)
function lsqType(wt, A, B) {
  const r = wt.resultType(A.dtype, B.dtype);
  return isInexact(r) ? r : 'float64';
}

// NumPy's multi_dot: the cheapest parenthesization (its dynamic program), a 1-D first/last as row/column
export function multiDot(api, arrays) {
  const wt = api.wt;
  if (!Array.isArray(arrays) || arrays.length < 2)
    throw new WtError('WT_EINVAL', 'multiDot: expecting at least two arrays');
  return wt.tidy(() => {
    const ts = arrays.map((a) => asTensor(api, a)),
      k = ts.length,
      v0 = ts[0].ndim === 1,
      v1 = ts[k - 1].ndim === 1;
    if (v0) ts[0] = ts[0].reshape([1, -1]);
    if (v1) ts[k - 1] = ts[k - 1].reshape([-1, 1]);
    ts.forEach((t, i) => {
      if (t.ndim !== 2)
        throw new WtError('WT_ESHAPE', `multiDot: array ${i} is ${t.ndim}-dimensional, but 2 is required`);
    });
    const p = [...ts.map((t) => t.shape[0]), ts[k - 1].shape[1]],
      s = chainOrder(p);
    const run = (i, j) => (i === j ? ts[i] : wt.matmul(run(i, s[i][j]), run(s[i][j] + 1, j)));
    const r = run(0, k - 1);
    return v0 && v1 ? r.reshape([]) : v0 ? r.reshape([-1]) : v1 ? r.reshape([-1]) : r;
  });
}
// the matrix-chain split table for dimensions p (Cormen's, as NumPy's _multi_dot_matrix_chain_order)
function chainOrder(p) {
  const n = p.length - 1,
    m = Array.from({ length: n }, () => new Array(n).fill(0)),
    s = Array.from({ length: n }, () => new Array(n).fill(0));
  for (let l = 1; l < n; l++)
    for (let i = 0; i < n - l; i++) {
      const j = i + l;
      m[i][j] = Infinity;
      for (let k = i; k < j; k++) {
        const q = m[i][k] + m[k + 1][j] + p[i] * p[k + 1] * p[j + 1];
        if (q < m[i][j]) ((m[i][j] = q), (s[i][j] = k));
      }
    }
  return s;
}

// NumPy's matrix_power: binary powers (its order of products), inv first for n < 0
export function matrixPower(api, a, n) {
  const wt = api.wt;
  if (!Number.isInteger(n))
    throw new WtError('WT_EINVAL', `matrixPower: exponent must be an integer, got ${typeName(n)}`);
  return wt.tidy(() => {
    let x = asTensor(api, a);
    square(x, 'matrixPower');
    if (n === 0) return wt.broadcastTo(wt.eye(x.shape[x.ndim - 1], null, 0, x.dtype), x.shape).copy();
    if (n < 0) ((x = l.inv(api, x)), (n = -n));
    if (n === 1) return x.copy();
    let result = null,
      z = null;
    for (; n > 0; n = Math.floor(n / 2)) {
      z = z === null ? x : wt.matmul(z, z);
      if (n % 2) result = result === null ? z : wt.matmul(result, z);
    }
    return result;
  });
}

// NumPy's tensorinv: the inverse of a reshaped to (prod(shape[:ind]), prod(shape[ind:]))
export function tensorinv(api, a, ind = 2) {
  const wt = api.wt;
  if (!Number.isInteger(ind) || ind <= 0)
    throw new WtError('WT_EINVAL', `tensorinv: Invalid ind argument ${typeName(ind)}`);
  return wt.tidy(() => {
    const t = asTensor(api, a),
      inner = t.shape.slice(ind),
      prod = inner.reduce((p, k) => p * k, 1);
    return l.inv(api, t.reshape([prod, -1])).reshape([...inner, ...t.shape.slice(0, ind)]);
  });
}

// NumPy's tensorsolve: x with tensordot(a, x, x.ndim) = b (axes: a's axes moved to the end first)
export function tensorsolve(api, a, b, axes = null) {
  const wt = api.wt;
  return wt.tidy(() => {
    let t = asTensor(api, a);
    const y = asTensor(api, b);
    if (axes !== null) {
      const moved = axes.map((k) => (k < 0 ? k + t.ndim : k)),
        rest = [...t.shape.keys()].filter((k) => !moved.includes(k));
      t = wt.permuteDims(t, [...rest, ...moved]);
    }
    const shape = t.shape.slice(y.ndim),
      prod = shape.reduce((p, k) => p * k, 1);
    if (t.size !== prod * prod)
      throw new WtError(
        'WT_ELINALG',
        'tensorsolve: Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])',
      );
    return l.solve(api, t.reshape([prod, prod]), y.reshape([-1])).reshape(shape);
  });
}

// the Array API's cross and outer: NumPy's, for 3-vectors and 1-D tensors only
function linalgCross(api, a, b, opts) {
  const axis = options(opts, 'cross').axis ?? -1;
  return api.wt.tidy(() => {
    const [x, y] = [asTensor(api, a), asTensor(api, b)],
      dims = [x, y].map((t) => t.shape[axis < 0 ? t.ndim + axis : axis]);
    if (dims.some((d) => d !== 3))
      throw new WtError('WT_EINVAL', `cross: both inputs must be (arrays of) 3-dimensional vectors, got ${dims}`);
    return api.wt.cross(x, y, { axis });
  });
}
function linalgOuter(api, a, b) {
  return api.wt.tidy(() => {
    const [x, y] = [asTensor(api, a), asTensor(api, b)];
    if (x.ndim !== 1 || y.ndim !== 1)
      throw new WtError('WT_ESHAPE', `outer: inputs must be one-dimensional, got ${x.ndim}-D and ${y.ndim}-D`);
    return api.wt.outer(x, y);
  });
}

// the wt.linalg namespace: the Array API's linalg extension, then NumPy's extras (wt's own
// functions through calls: the namespace is built before the registry has installed them)
export function buildLinalg(api) {
  const wt = api.wt,
    bind =
      (fn) =>
      (...args) =>
        fn(api, ...args);
  const mat = { axis1: -2, axis2: -1 };
  const ns = {
    cholesky: bind(l.cholesky),
    cross: (a, b, opts) => linalgCross(api, a, b, opts),
    det: bind(l.det),
    diagonal: (x, opts) =>
      wt.diagonal(x, options(typeof opts === 'number' ? { offset: opts } : opts, 'diagonal').offset ?? 0, -2, -1),
    eig: bind(l.eig),
    eigh: bind(l.eigh),
    eigvals: bind(l.eigvals),
    eigvalsh: bind(l.eigvalsh),
    inv: bind(l.inv),
    matmul: (...args) => wt.matmul(...args),
    matrixNorm: bind(matrixNorm),
    matrixPower: bind(matrixPower),
    matrixRank: bind(matrixRank),
    matrixTranspose: (...args) => wt.matrixTranspose(...args),
    outer: (a, b) => linalgOuter(api, a, b),
    pinv: bind(pinv),
    qr: bind(l.qr),
    slogdet: bind(l.slogdet),
    solve: bind(l.solve),
    svd: bind(l.svd),
    svdvals: bind(l.svdvals),
    tensordot: (...args) => wt.tensordot(...args),
    trace: (x, opts) =>
      wt.trace(x, { ...options(typeof opts === 'number' ? { offset: opts } : opts, 'trace'), ...mat }),
    vecdot: (...args) => wt.vecdot(...args),
    vectorNorm: bind(vectorNorm),
    lstsq: bind(lstsq),
    norm: bind(norm),
    cond: bind(cond),
    multiDot: bind(multiDot),
    tensorsolve: bind(tensorsolve),
    tensorinv: bind(tensorinv),
  };
  return Object.freeze(declareNamespace('linalg.', ns, SIGNATURES));
}

// their parameters, NumPy's (params.js)
const SIGNATURES = {
  cholesky: 'a, {*, upper:bool}',
  cross: 'x1, x2, {*, axis:int}',
  det: 'a',
  diagonal: 'x, {offset:int}',
  eig: 'a',
  eigh: 'a, {UPLO:str}',
  eigvals: 'a',
  eigvalsh: 'a, {UPLO:str}',
  inv: 'a',
  matmul: 'x1, x2',
  matrixNorm: 'x, {*, keepdims:bool, ord}',
  matrixPower: 'a, n',
  matrixRank: 'A, {tol, hermitian:bool, *, rtol}',
  matrixTranspose: 'x',
  outer: 'x1, x2',
  pinv: 'a, {rcond, hermitian:bool, *, rtol}',
  qr: 'a, {mode:str}',
  slogdet: 'a',
  solve: 'a, b',
  svd: 'a, {fullMatrices:bool, computeUv:bool, hermitian:bool}',
  svdvals: 'x',
  tensordot: 'x1, x2, {axes}',
  trace: 'x, {offset:int, *, dtype}',
  vecdot: 'x1, x2, {*, axis:int}',
  vectorNorm: 'x, {*, axis, keepdims:bool, ord}',
  lstsq: 'a, b, {rcond}',
  norm: 'x, {ord, axis, keepdims:bool}',
  cond: 'x, p?',
  multiDot: 'arrays, {*, !out}',
  tensorsolve: 'a, b, axes?',
  tensorinv: 'a, ind?:int',
};
