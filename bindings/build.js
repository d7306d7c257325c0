// Building tensors from others: NumPy's zerosLike/onesLike/fullLike/
// emptyLike, meshgrid, tril/triu, diag, identity, logspace, geomspace, pad,
// slidingWindowView, asStrided, fillDiagonal, indices, mgrid/ogrid.  C makes
// the views and does the copies; this file composes them.
import { asTensor, options, shapeArg } from './args.js';
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';

function like(api, x, fill, opts) {
  opts = typeof opts === 'string' ? { dtype: opts } : options(opts, 'like');
  const t = asTensor(api, x);
  try {
    const shape = opts.shape ?? t.shape,
      dtype = opts.dtype ?? t.dtype;
    return fill === undefined ? api.wt.empty(shape, dtype) : api.wt.full(shape, fill, dtype);
  } finally {
    if (t !== x) t.dispose();
  }
}
export const zerosLike = (api, x, opts) => like(api, x, 0, opts);
export const onesLike = (api, x, opts) => like(api, x, 1, opts);
export const emptyLike = (api, x, opts) => like(api, x, undefined, opts);
export const fullLike = (api, x, value, opts) => like(api, x, value, opts);

// NumPy's meshgrid: 'xy' swaps the first two outputs' axes; sparse keeps each output's own axis
// (the rest of length 1); copies unless copy is false (then views, read-only where broadcast)
export function meshgrid(api, ...args) {
  const last = args[args.length - 1];
  const opts = last && typeof last === 'object' && !Array.isArray(last) && !(last instanceof Tensor) ? args.pop() : {};
  const indexing = opts.indexing ?? 'xy';
  if (indexing !== 'xy' && indexing !== 'ij')
    throw new WtError('WT_EINVAL', `meshgrid: indexing must be 'xy' or 'ij', got ${typeName(indexing)}`);
  return api.wt.tidy(() => {
    const xs = args.map((v) => asTensor(api, v).reshape([-1]));
    const n = xs.length;
    const shape = xs.map((x) => x.size);
    if (indexing === 'xy' && n > 1) [shape[0], shape[1]] = [shape[1], shape[0]];
    return xs.map((x, i) => {
      const at = indexing === 'xy' && n > 1 && i < 2 ? 1 - i : i;
      const s = Array(n).fill(1);
      s[at] = x.size;
      const r = opts.sparse ? x.reshape(s) : x.reshape(s).broadcastTo(shape);
      return opts.copy === false ? r : r.copy();
    });
  });
}

// where the diagonal k of the last two axes splits the tensor: row - col <= -k (triu) or >= -k (tril)
function tri(api, x, k, lower) {
  if (!Number.isInteger(k)) throw new WtError('WT_EINVAL', `${lower ? 'tril' : 'triu'}: k must be an integer`);
  const wt = api.wt;
  return wt.tidy(() => {
    const t = asTensor(api, x);
    if (t.ndim < 2) throw new WtError('WT_EINVAL', `${lower ? 'tril' : 'triu'}: the tensor must be at least 2-D`);
    const [n, m] = t.shape.slice(-2);
    const rows = wt.arange(0, n, 1, 'int32').reshape([n, 1]),
      cols = wt.arange(0, m, 1, 'int32');
    const keep = lower ? wt.lessEqual(wt.sub(cols, rows), k) : wt.greaterEqual(wt.sub(cols, rows), k);
    return wt.where(keep, t, wt.zeros([], t.dtype));
  });
}
export const tril = (api, x, k = 0) => tri(api, x, k, true);
export const triu = (api, x, k = 0) => tri(api, x, k, false);

// NumPy's diag: a 1-D tensor onto diagonal k of a square matrix, or diagonal k of a 2-D one (a copy)
export function diag(api, v, k = 0) {
  const wt = api.wt;
  return wt.tidy(() => {
    const t = asTensor(api, v);
    if (t.ndim === 2) return t.diagonal(k).copy();
    if (t.ndim !== 1) throw new WtError('WT_EINVAL', 'diag: input must be 1-D or 2-D');
    const n = t.size + Math.abs(k);
    const out = wt.zeros([n, n], t.dtype);
    out.diagonal(k).assign(t);
    return out;
  });
}
export const identity = (api, n, dtype = 'float64') => api.wt.eye(n, n, 0, dtype);

// NumPy's logspace and geomspace (exact endpoints, as NumPy sets them)
export function logspace(api, start, stop, num = 50, opts = {}) {
  const { endpoint = true, base = 10, dtype = 'float64' } = options(opts, 'logspace');
  const wt = api.wt;
  return wt.tidy(() => wt.pow(base, wt.linspace(start, stop, num, { endpoint })).astype(dtype));
}
export function geomspace(api, start, stop, num = 50, opts = {}) {
  const { endpoint = true, dtype = 'float64' } = options(opts, 'geomspace');
  if (typeof start !== 'number' || typeof stop !== 'number')
    throw new WtError(
      'WT_EINVAL',
      `geomspace: start and stop must be numbers, got ${typeName(start)} and ${typeName(stop)}`,
    );
  if (start === 0 || stop === 0) throw new WtError('WT_EINVAL', 'geomspace: geometric sequence cannot include zero');
  const wt = api.wt;
  return wt.tidy(() => {
    const sign = start < 0 && stop < 0 ? -1 : 1;
    if (Math.sign(start) !== Math.sign(stop))
      throw new WtError(
        'WT_EINVAL',
        'geomspace: start and stop must have the same sign (complex geomspace is not supported)',
      );
    const r = wt.mul(
      sign,
      wt.pow(10, wt.linspace(Math.log10(sign * start), Math.log10(sign * stop), num, { endpoint })),
    );
    if (num > 0) r.set([0], start);
    if (num > 1 && endpoint) r.set([-1], stop);
    return r.astype(dtype);
  });
}

// NumPy's pad widths: an integer, [before, after], or one of those per axis
function padWidths(width, ndim) {
  const bad = () => new WtError('WT_EINVAL', `pad: pad_width must be non-negative integers, got ${typeName(width)}`);
  const pair = (v) => (Number.isInteger(v) ? [v, v] : Array.isArray(v) && v.length === 1 ? [v[0], v[0]] : v);
  let w = Array.isArray(width) && width.some(Array.isArray) ? width.map(pair) : Array(ndim).fill(pair(width));
  if (w.length === 1) w = Array(ndim).fill(w[0]);
  if (
    w.length !== ndim ||
    w.some((p) => !Array.isArray(p) || p.length !== 2 || p.some((v) => !Number.isInteger(v) || v < 0))
  )
    throw bad();
  return w;
}

// a reversed slice start..stop (stop -1: to the beginning, '' in slice grammar)
const rev = (start, stop) => `${start}:${stop < 0 ? '' : stop}:-1`;

// one side of axis a: out's [lo, hi) filled from the centre [c0, c1) by NumPy's mode, in chunks
// nearest first, each from the part already filled (so pads longer than the centre repeat it)
function padSide(out, a, [lo, hi], [c0, c1], mode, value, before) {
  if (hi === lo) return;
  const lead = ':,'.repeat(a),
    sl = (spec) => out.slice(`${lead}${spec}`);
  if (mode === 'constant') return void sl(`${lo}:${hi}`).assign(value);
  if (mode === 'edge' || (mode === 'reflect' && c1 - c0 === 1))
    return void sl(`${lo}:${hi}`).assign(sl(before ? `${c0}:${c0 + 1}` : `${c1 - 1}:${c1}`));
  const n = c1 - c0,
    skip = mode === 'reflect' ? 1 : 0;
  let [L, R] = [c0, c1];
  while (before ? L > lo : R < hi) {
    const room = before ? L - lo : hi - R;
    const m = Math.min(room, mode === 'wrap' ? n : R - L - skip);
    let src;
    if (mode === 'wrap') src = before ? `${L - m + n}:${L + n}` : `${R - n}:${R - n + m}`;
    else src = before ? rev(L + m - 1 + skip, L - 1 + skip) : rev(R - 1 - skip, R - 1 - skip - m);
    sl(before ? `${L - m}:${L}` : `${R}:${R + m}`).assign(sl(src));
    if (before) L -= m;
    else R += m;
  }
}

// constant_values: a scalar, [before, after], or one pair per axis
const constantOf = (cv, i, side) =>
  Array.isArray(cv) ? (Array.isArray(cv[i]) ? cv[i][side] : Array.isArray(cv[0]) ? cv[0][side] : cv[side]) : cv;

export function pad(api, x, width, opts) {
  opts = typeof opts === 'string' ? { mode: opts } : options(opts, 'pad');
  const mode = opts.mode ?? 'constant';
  if (!['constant', 'edge', 'reflect', 'symmetric', 'wrap'].includes(mode))
    throw new WtError(
      'WT_EINVAL',
      `pad: mode must be constant, edge, reflect, symmetric or wrap, got ${typeName(mode)}`,
    );
  const wt = api.wt;
  return wt.tidy(() => {
    const t = asTensor(api, x);
    const w = padWidths(width, t.ndim);
    const shape = t.shape.map((n, i) => n + w[i][0] + w[i][1]);
    w.forEach(([b, a], i) => {
      if ((b || a) && t.shape[i] === 0 && mode !== 'constant')
        throw new WtError('WT_EINVAL', `pad: can't extend empty axis ${i} using modes other than 'constant'`);
    });
    const out = wt.empty(shape, t.dtype);
    out.slice(w.map(([b], i) => `${b}:${b + t.shape[i]}`).join(',')).assign(t);
    const cv = opts.constantValues ?? 0;
    w.forEach(([b], i) => {
      const c = [b, b + t.shape[i]];
      padSide(out, i, [0, b], c, mode, constantOf(cv, i, 0), true);
      padSide(out, i, [c[1], shape[i]], c, mode, constantOf(cv, i, 1), false);
    });
    return out;
  });
}

export function slidingWindowView(api, x, windowShape, opts) {
  opts = typeof opts === 'number' || Array.isArray(opts) ? { axis: opts } : options(opts, 'slidingWindowView');
  const e = api.e;
  const t = asTensor(api, x);
  try {
    const win = Array.isArray(windowShape) ? windowShape : [windowShape];
    const axes =
      opts.axis === undefined || opts.axis === null
        ? [...t.shape.keys()]
        : Array.isArray(opts.axis)
          ? opts.axis
          : [opts.axis];
    if (opts.axis == null && win.length !== t.ndim)
      throw new WtError(
        'WT_EINVAL',
        `slidingWindowView: since axis is null, window_shape must have one entry per axis (${t.ndim}), got ${win.length}`,
      );
    return e.fns._slidingWindow(t, axes, win);
  } finally {
    if (t !== x) t.dispose();
  }
}

// fills diagonal entries (all indices equal) in place: NumPy's fill_diagonal (wrap for tall matrices)
export function fillDiagonal(api, x, value, wrap = false) {
  if (!(x instanceof Tensor)) throw new WtError('WT_EINVAL', `fillDiagonal: x must be a Tensor, got ${typeName(x)}`);
  if (x.ndim < 2) throw new WtError('WT_EINVAL', 'fillDiagonal: the tensor must be at least 2-D');
  if (x.ndim > 2 && x.shape.some((n) => n !== x.shape[0]))
    throw new WtError('WT_EINVAL', 'fillDiagonal: all dimensions of the input must be of equal length');
  api.wt.tidy(() => {
    const step = x.strides.reduce((a, b) => a + b, 0);
    if (wrap && x.ndim === 2 && !x.isContiguous) {
      // wrap continues through the flat elements: done on a C-contiguous copy, written back
      const c = x.copy();
      fillDiagonal(api, c, value, wrap);
      return void x.assign(c);
    }
    const n = x.ndim === 2 && wrap ? diagCount(x) : Math.min(...x.shape);
    const d = api.wt.asStrided(x, [n], [step]);
    if (!Array.isArray(value) && !(value instanceof Tensor)) return void d.assign(value);
    const flat = asTensor(api, value).reshape([-1]);
    d.assign(flat.size ? api.wt.take(flat, api.wt.mod(api.wt.arange(0, n, 1, 'int32'), flat.size)) : flat);
  });
  return x;
}
// the diagonal entries fill_diagonal's wrap reaches in a tall 2-D matrix: every (m+1)-th of the flat elements
const diagCount = (x) => Math.floor((x.shape[0] * x.shape[1] - 1) / (x.shape[1] + 1)) + 1;

// NumPy's indices: a (ndim, ...shape) int32 tensor of each position's indices
export function indices(api, dims, dtype = 'int32') {
  const wt = api.wt;
  shapeArg(dims, 'indices', 'dimensions');
  return wt.tidy(() =>
    wt.stack(
      dims.map((n, i) => {
        const s = dims.map(() => 1);
        s[i] = n;
        return wt.arange(0, n, 1, dtype).reshape(s).broadcastTo(dims);
      }),
    ),
  );
}

// mgrid('0:5, 0:3') and ogrid: NumPy's index tricks from slice strings (a complex step 'j' is a count)
function grids(api, spec, open) {
  if (typeof spec !== 'string')
    throw new WtError('WT_EINVAL', `mgrid: takes slice strings like '0:5, 0:3', got ${typeName(spec)}`);
  const wt = api.wt;
  const axes = spec.split(',').map((s) => {
    const m = /^\s*(-?[\d.]*)\s*:\s*(-?[\d.]+)\s*(?::\s*(-?[\d.]+)(j?)\s*)?$/.exec(s);
    if (!m) throw new WtError('WT_ESYNTAX', `mgrid: '${s.trim()}' is not start:stop[:step]`);
    const start = m[1] === '' ? 0 : Number(m[1]),
      stop = Number(m[2]),
      step = m[3] === undefined ? 1 : Number(m[3]);
    if (m[4]) return wt.linspace(start, stop, step);
    const ints = [start, stop, step].every(Number.isInteger);
    return wt.arange(start, stop, step, ints ? 'int32' : 'float64');
  });
  return wt.tidy(() => {
    const n = axes.length;
    const shape = axes.map((a) => a.size);
    const out = axes.map((a, i) => {
      const s = Array(n).fill(1);
      s[i] = a.size;
      const r = a.reshape(s);
      return open ? r : r.broadcastTo(shape);
    });
    return open ? (n === 1 ? out[0] : out) : n === 1 ? out[0].copy() : wt.stack(out);
  });
}
export const mgrid = (api, spec) => grids(api, spec, false);
export const ogrid = (api, spec) => grids(api, spec, true);
