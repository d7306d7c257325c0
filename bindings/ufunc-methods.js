// NumPy's ufunc methods, made from the registry entry of every binary
// elementwise function: wt.add.accumulate (C: wt_accumulate), wt.add.at
// (C: wt_index_apply), wt.maximum.reduce, wt.subtract.outer and
// wt.add.reduceat, composed from C calls.  Eager only.
import { asTensor, axisOf, given, options, reducedAxes } from './args.js';
import { declareNamespace } from './params.js';
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';
import { outOf } from './ops.js';
import { lanesLast } from './shape.js';
import { callIndex, indexList } from './indexing.js';
import { opCodeOf } from './ufuncs.js';

// reductions C has of its own (sum's pairwise floats, NumPy's dtypes), by C name
const NATIVE = { add: 'sum', multiply: 'prod', maximum: 'max', minimum: 'min', logical_and: 'all', logical_or: 'any' };
// NumPy's ufunc.identity (the value of a reduction over nothing) and the ops it reduces over several axes
const IDENTITY = {
  add: 0,
  multiply: 1,
  logical_and: true,
  logical_or: false,
  logical_xor: false,
  hypot: 0,
  logaddexp: -Infinity,
  logaddexp2: -Infinity,
  bitwise_and: -1,
  bitwise_or: 0,
  bitwise_xor: 0,
};
const REORDERABLE = new Set([...Object.keys(IDENTITY), 'maximum', 'minimum', 'fmax', 'fmin']);

const dtypeCode = (e, opts, name) => (given(opts.dtype) ? e.dtypeCode(opts.dtype, `${name}: dtype`) : -1);

export function accumulate(api, entry, x, opts) {
  const name = `${entry.name}.accumulate`,
    e = api.e;
  opts = options(typeof opts === 'number' ? { axis: opts } : opts, name);
  const t = asTensor(api, x);
  try {
    const axis = opts.axis ?? 0;
    if (!Number.isInteger(axis))
      throw new WtError('WT_EINVAL', `${name}: axis must be an integer, got ${typeName(axis)}`);
    const out = outOf(e, opts, name),
      o = out.handle;
    try {
      const h = e.handle(t, `${name}: tensor`);
      e.check(e.ex.wt_accumulate(opCodeOf(entry.name), h, axis, dtypeCode(e, opts, name), o, o ? 0 : e.outPtr));
    } finally {
      out.done();
    }
    return o ? opts.out : e.adopt(e.takeOut());
  } finally {
    if (t !== x) t.dispose();
  }
}

export function reduce(api, entry, x, opts) {
  const name = `${entry.name}.reduce`,
    wt = api.wt,
    c = entry.c;
  opts = options(typeof opts === 'number' || Array.isArray(opts) || opts === null ? { axis: opts } : opts, name);
  const axis = opts.axis === undefined ? 0 : opts.axis;
  const native = NATIVE[c];
  if (native && opts.initial === undefined && (!given(opts.dtype) || native === 'sum' || native === 'prod'))
    return wt[native](x, { axis, keepdims: opts.keepdims, dtype: opts.dtype ?? undefined, out: opts.out });
  return wt.tidy(() => {
    let t = asTensor(api, x);
    if (t.ndim === 0 && axis === null) t = t.reshape([1]); // all of a 0-d tensor's axes: its one element
    // the loop's dtype first (NumPy's TypeError comes before its other complaints), found on one element
    const dt = accumulate(api, entry, wt.zeros([1], t.dtype), { dtype: opts.dtype }).dtype;
    const ax = reducedAxes(axis, t.ndim, name);
    if (ax.length > 1 && !REORDERABLE.has(c))
      throw new WtError(
        'WT_EINVAL',
        `${name}: reduction operation '${c}' is not reorderable, so at most one axis may be specified`,
      );
    const { lanes, kept } = lanesLast(wt, t, ax);
    let flat = lanes;
    let initial = opts.initial;
    if (initial === undefined && flat.shape[flat.ndim - 1] === 0) {
      if (!(c in IDENTITY))
        throw new WtError('WT_EINVAL', `${name}: zero-size array to reduction operation ${c} which has no identity`);
      initial = IDENTITY[c];
    }
    if (initial !== undefined && initial !== null) {
      flat = wt.concat([wt.full([...kept, 1], initial, dt), flat.astype(dt)], { axis: -1 });
    }
    const acc = accumulate(api, entry, flat, { axis: -1, dtype: opts.dtype });
    let r = acc.get('...', -1);
    if (opts.keepdims) r = r.reshape(t.shape.map((n, i) => (ax.includes(i) ? 1 : n)));
    if (opts.out) return opts.out.assign(r);
    return r.copy();
  });
}

export function outer(api, fn, a, b, opts) {
  return api.wt.tidy(() => {
    const ta = asTensor(api, a),
      tb = asTensor(api, b);
    return fn(ta.reshape([...ta.shape, ...tb.shape.map(() => 1)]), tb, opts);
  });
}

// NumPy's reduceat: piece k reduces x[idx[k]:idx[k+1]] along axis (x[idx[k]] alone where idx[k+1] <= idx[k])
export function reduceat(api, entry, x, indices, opts) {
  const name = `${entry.name}.reduceat`,
    wt = api.wt;
  opts = options(typeof opts === 'number' ? { axis: opts } : opts, name);
  return wt.tidy(() => {
    const t = asTensor(api, x);
    const axis = axisOf(opts.axis ?? 0, t.ndim, name),
      n = t.shape[axis];
    const idx = asTensor(api, indices).reshape([-1]).astype('float64').toArray();
    idx.forEach((v) => {
      if (!Number.isInteger(v) || v < 0 || v >= n)
        throw new WtError('WT_EINDEX', `${name}: index ${v} out-of-bounds in reduceat [0, ${n})`);
    });
    const lead = ':,'.repeat(axis);
    const pieces = idx.map((s, k) => {
      const end = k + 1 < idx.length ? (idx[k + 1] > s ? idx[k + 1] : s + 1) : n;
      return reduce(api, entry, t.slice(`${lead}${s}:${end}`), { axis, dtype: opts.dtype, keepdims: true });
    });
    const r = pieces.length
      ? wt.concat(pieces, { axis })
      : reduce(api, entry, t.slice(`${lead}0:0`), { axis, dtype: opts.dtype, keepdims: true, initial: 0 });
    return opts.out ? opts.out.assign(r) : r;
  });
}

// NumPy's ufunc.at: x[indices] = op(x[indices], b) in place, repeated indices applied once each, the
// result cast into x unsafely
export function at(api, entry, x, indices, b) {
  const name = `${entry.name}.at`,
    e = api.e;
  if (!(x instanceof Tensor)) throw new WtError('WT_EINVAL', `${name}: x must be a Tensor, got ${typeName(x)}`);
  const list = indexList(x, indices, name);
  // b as np.asarray makes it (a number is an int32 or float64 tensor, not a weak scalar), as NumPy's at
  const value = b === undefined || b instanceof Tensor ? b : api.tensor(b);
  try {
    if (b === undefined && entry.arity === 2)
      throw new WtError('WT_EINVAL', `${name}: a binary function needs a value b`);
    const vh = value ? e.handle(value, `${name}: b`) : 0;
    callIndex(api, name, x, list, (h, sp, n, p) => e.ex.wt_index_apply(opCodeOf(entry.name), h, sp, n, p, vh, 0));
  } finally {
    if (value && value !== b) value.dispose();
  }
  return x;
}

// NumPy's parameters of the methods (params.js), parsed once per method and ufunc
const SIGNATURES = {
  accumulate: 'array, {axis:int, dtype, out}',
  reduce: 'array, {axis, dtype, out, keepdims:bool, initial, !where}',
  outer: 'A, B, {out, *, casting}',
  reduceat: 'array, indices, {axis:int, dtype, out}',
  at: 'a, indices, b?',
};

// every binary ufunc's function object gets the methods
export function ufuncMethods(api, entry, fn) {
  if (entry.kind !== 'ufunc' || entry.arity !== 2) return;
  const methods = {
    accumulate: (x, opts) => accumulate(api, entry, x, opts),
    reduce: (x, opts) => reduce(api, entry, x, opts),
    outer: (a, b, opts) => outer(api, fn, a, b, opts),
    reduceat: (x, indices, opts) => reduceat(api, entry, x, indices, opts),
    at: (x, indices, b) => at(api, entry, x, indices, b),
  };
  Object.assign(fn, declareNamespace(`${entry.name}.`, methods, SIGNATURES));
}
