// NumPy's statistics, composed from C's ufuncs, reductions, accumulate and
// sort: cumulative sums and products, var/std, the nan* reductions, ptp,
// average, median and quantiles, logsumexp and softmax.  Each takes what
// wt.tensor takes, and follows NumPy 2's dtypes, NaN handling and errors.
import { asTensor, axisOf, given, options, reducedAxes } from './args.js';
import { tuple } from './tuple.js';
import { maskOf } from './keywords.js';
import { WtError } from './errors.js';
import { isInexact as isFloat } from './dtypes.js';
// the element count a reduction over axes sees
const countOf = (t, axes) => axes.reduce((n, a) => n * t.shape[a], 1);

// ---- cumulative: NumPy's cumsum/cumprod (no axis: flattened) and the Array API's cumulative_*

function cumulative(api, x, opts, op, name, arrayApi) {
  opts = options(typeof opts === 'number' ? { axis: opts } : opts, name);
  const wt = api.wt;
  return wt.tidy(() => {
    let t = asTensor(api, x);
    let axis = opts.axis;
    if (!given(axis)) {
      if (arrayApi && t.ndim > 1)
        throw new WtError('WT_EINVAL', `${name}: for arrays which have more than one dimension axis is required`);
      if (t.ndim !== 1) t = t.reshape([-1]);
      axis = 0;
    }
    if (t.ndim === 0) t = t.reshape([1]);
    axis = axisOf(axis, t.ndim, name);
    const fn = op === 'add' ? wt.add : wt.multiply;
    let r = t.shape[axis]
      ? fn.accumulate(t, { axis, dtype: opts.dtype })
      : t.astype(fn.accumulate(wt.zeros([1], t.dtype), { dtype: opts.dtype }).dtype);
    if (arrayApi && opts.includeInitial) {
      const shape = r.shape.map((n, i) => (i === axis ? 1 : n));
      r = wt.concat([wt.full(shape, op === 'add' ? 0 : 1, r.dtype), r], { axis });
    }
    return opts.out ? opts.out.assign(r) : r;
  });
}
export const cumsum = (api, x, opts) => cumulative(api, x, opts, 'add', 'cumsum', false);
export const cumprod = (api, x, opts) => cumulative(api, x, opts, 'mul', 'cumprod', false);
export const cumulativeSum = (api, x, opts) => cumulative(api, x, opts, 'add', 'cumulativeSum', true);
export const cumulativeProd = (api, x, opts) => cumulative(api, x, opts, 'mul', 'cumulativeProd', true);
// NaN counts as 0 (sums) or 1 (products)
const nanTo = (api, x, v) => {
  const t = asTensor(api, x);
  return isFloat(t.dtype) ? api.wt.where(api.wt.isnan(t), v, t) : t;
};
export const nancumsum = (api, x, opts) => api.wt.tidy(() => cumsum(api, nanTo(api, x, 0), opts));
export const nancumprod = (api, x, opts) => api.wt.tidy(() => cumprod(api, nanTo(api, x, 1), opts));

// ---- var and std: two passes (the mean, then the squared deviations), NumPy's dtypes

function deviation(api, t, axes, opts, nan) {
  const wt = api.wt;
  let valid = nan && isFloat(t.dtype) ? wt.logicalNot(wt.isnan(t)) : null;
  // NumPy's where=: the masked-out elements count for neither the mean nor the deviations
  if (given(opts.where)) {
    const m = wt.broadcastTo(maskOf(api, opts.where, opts.name, []), t.shape);
    valid = valid ? wt.logicalAnd(valid, m) : m;
  }
  const n = valid ? wt.sum(valid, { axis: axes, keepdims: true }) : countOf(t, axes);
  const m = wt.div(wt.sum(valid ? wt.where(valid, t, 0) : t, { axis: axes, keepdims: true, dtype: opts.dtype }), n);
  let d = wt.sub(t, m);
  d = t.dtype.startsWith('complex') ? wt.real(wt.mul(d, wt.conj(d))) : wt.square(d);
  if (valid) d = wt.where(valid, d, 0);
  const ddof = opts.correction ?? opts.ddof ?? 0;
  let r = wt.div(wt.sum(d, { axis: axes, keepdims: true }), wt.maximum(wt.sub(n, ddof), 0));
  if (!opts.keepdims) r = r.reshape(t.shape.filter((_, i) => !axes.includes(i)));
  // NumPy's dtype: a float's own (a complex's part), float64 for integers, or dtype
  const want = given(opts.dtype)
    ? opts.dtype
    : t.dtype.startsWith('complex')
      ? t.real.dtype
      : isFloat(t.dtype)
        ? t.dtype
        : 'float64';
  return r.dtype === want
    ? r
    : r.astype(want.startsWith('complex') ? (want === 'complex64' ? 'float32' : 'float64') : want);
}

function variance(api, x, opts, name, nan, root) {
  opts = options(typeof opts === 'number' || Array.isArray(opts) ? { axis: opts } : opts, name);
  if (given(opts.ddof) && given(opts.correction))
    throw new WtError('WT_EINVAL', `${name}: ddof and correction can't be provided simultaneously`);
  return api.wt.tidy(() => {
    const t = asTensor(api, x);
    const axes = reducedAxes(opts.axis, t.ndim, name);
    let r = deviation(api, t, axes, { ...opts, name }, nan);
    if (root) r = api.wt.sqrt(r);
    return opts.out ? opts.out.assign(r) : r;
  });
}
export const var_ = (api, x, opts) => variance(api, x, opts, 'var', false, false);
export const std = (api, x, opts) => variance(api, x, opts, 'std', false, true);
export const nanvar = (api, x, opts) => variance(api, x, opts, 'nanvar', true, false);
export const nanstd = (api, x, opts) => variance(api, x, opts, 'nanstd', true, true);

// ---- the nan* reductions: NaN ignored; an all-NaN slice is NaN (max, min, mean) or an error (arg*)

function nanReduce(api, x, opts, name, kind) {
  opts = options(typeof opts === 'number' || Array.isArray(opts) ? { axis: opts } : opts, name);
  const wt = api.wt;
  return wt.tidy(() => {
    const t = asTensor(api, x);
    const ro = { axis: opts.axis ?? null, keepdims: opts.keepdims, dtype: opts.dtype ?? undefined };
    // NumPy's where= and initial= go to the reduction; a mask also leaves elements out of the counts
    const kw = {
      ...(given(opts.where) ? { where: opts.where } : {}),
      ...(given(opts.initial) && kind !== 'mean' ? { initial: opts.initial } : {}),
    };
    const mask = given(opts.where) ? wt.broadcastTo(maskOf(api, opts.where, name, []), t.shape) : null;
    if (!isFloat(t.dtype) || kind === 'sum' || kind === 'prod') {
      const r = wt[kind === 'mean' ? 'mean' : kind](
        kind === 'sum' || kind === 'prod' ? nanTo(api, t, kind === 'sum' ? 0 : 1) : t,
        kind.startsWith('arg') ? ro : { ...ro, ...kw },
      );
      return opts.out ? opts.out.assign(r) : r;
    }
    const nanMask = mask ? wt.logicalOr(wt.isnan(t), wt.logicalNot(mask)) : wt.isnan(t),
      allNan = wt.all(nanMask, { axis: ro.axis, keepdims: ro.keepdims });
    let r;
    if (kind === 'mean') {
      const cnt = wt.sum(wt.logicalNot(nanMask), { axis: ro.axis, keepdims: ro.keepdims });
      // a float tensor's mean keeps its dtype, or takes dtype=
      r = wt.div(wt.sum(wt.where(nanMask, 0, t), ro), cnt).astype(given(opts.dtype) ? opts.dtype : t.dtype);
    } else {
      const fill = kind === 'max' || kind === 'argmax' ? -Infinity : Infinity;
      // with initial, NumPy's fmax.reduce: NaN and masked-out elements are passed over, all of them gives initial
      if (given(opts.initial) && !kind.startsWith('arg')) {
        const v = wt[kind](wt.where(nanMask, fill, t), { axis: ro.axis, keepdims: ro.keepdims, ...kw });
        return opts.out ? opts.out.assign(v) : v;
      }
      if (mask && !kind.startsWith('arg'))
        throw new WtError(
          'WT_EINVAL',
          `${name}: reduction operation '${kind === 'max' ? 'fmax' : 'fmin'}' does not have an identity, so to use a where mask one has to specify 'initial'`,
        );
      r = wt[kind](wt.where(nanMask, fill, t), { axis: ro.axis, keepdims: ro.keepdims });
      if (kind.startsWith('arg') && !(allNan instanceof wt.Tensor))
        throw new WtError('WT_EINVAL', `${name}: eager only (an all-NaN slice is an error, which needs the values)`);
      if (kind.startsWith('arg') && wt.any(allNan).item())
        throw new WtError('WT_EINVAL', `${name}: All-NaN slice encountered`);
    }
    if (!kind.startsWith('arg')) r = wt.where(allNan, NaN, r).astype(r.dtype);
    return opts.out ? opts.out.assign(r) : r;
  });
}
export const nansum = (api, x, opts) => nanReduce(api, x, opts, 'nansum', 'sum');
export const nanprod = (api, x, opts) => nanReduce(api, x, opts, 'nanprod', 'prod');
export const nanmean = (api, x, opts) => nanReduce(api, x, opts, 'nanmean', 'mean');
export const nanmax = (api, x, opts) => nanReduce(api, x, opts, 'nanmax', 'max');
export const nanmin = (api, x, opts) => nanReduce(api, x, opts, 'nanmin', 'min');
export const nanargmax = (api, x, opts) => nanReduce(api, x, opts, 'nanargmax', 'argmax');
export const nanargmin = (api, x, opts) => nanReduce(api, x, opts, 'nanargmin', 'argmin');

// NumPy's ptp: max - min, in x's dtype (wrapping for integers, as NumPy's subtract)
export function ptp(api, x, opts) {
  opts = options(typeof opts === 'number' || Array.isArray(opts) ? { axis: opts } : opts, 'ptp');
  return api.wt.tidy(() => {
    const t = asTensor(api, x),
      ro = { axis: opts.axis ?? null, keepdims: opts.keepdims };
    const r = api.wt.sub(api.wt.max(t, ro), api.wt.min(t, ro));
    return opts.out ? opts.out.assign(r) : r;
  });
}

// NumPy's average: weights along axis (or of x's shape), returned: {average, sumOfWeights}
export function average(api, x, opts) {
  opts = options(typeof opts === 'number' ? { axis: opts } : opts, 'average');
  const wt = api.wt;
  return wt.tidy(() => {
    const t = asTensor(api, x);
    const axes = reducedAxes(opts.axis, t.ndim, 'average');
    let avg, scl;
    if (!given(opts.weights)) {
      avg = wt.mean(t, { axis: opts.axis ?? null, keepdims: opts.keepdims });
      scl = wt.full(avg.shape, countOf(t, axes), avg.dtype);
    } else {
      let w = asTensor(api, opts.weights);
      if (w.ndim !== t.ndim || w.shape.some((n, i) => n !== t.shape[i])) {
        if (!given(opts.axis))
          throw new WtError('WT_EINVAL', 'average: axis must be specified when shapes of a and weights differ');
        if (w.ndim !== 1 || axes.length !== 1 || w.shape[0] !== t.shape[axes[0]])
          throw new WtError(
            'WT_EINVAL',
            'average: shape of weights must be consistent with shape of a along specified axis',
          );
        w = w.reshape(t.shape.map((n, i) => (i === axes[0] ? n : 1)));
      }
      const ro = { axis: opts.axis ?? null, keepdims: opts.keepdims };
      scl = wt.sum(wt.mul(wt.onesLike(t, wt.resultType(t.dtype, w.dtype, 'float64')), w), ro);
      if (wt.any(wt.equal(scl, 0)).item())
        throw new WtError('WT_EINVAL', "average: Weights sum to zero, can't be normalized");
      avg = wt.div(wt.sum(wt.mul(t, w), ro), scl);
    }
    return opts.returned ? tuple({ average: avg, sumOfWeights: scl }) : avg;
  });
}

// ---- logsumexp, softmax, logSoftmax: shifted by the max, so nothing overflows

export function logsumexp(api, x, opts) {
  opts = options(typeof opts === 'number' || Array.isArray(opts) ? { axis: opts } : opts, 'logsumexp');
  const wt = api.wt;
  return wt.tidy(() => {
    const t = asTensor(api, x),
      axis = opts.axis ?? null;
    const m = wt.max(t, { axis, keepdims: true });
    const shift = wt.where(wt.isfinite(m), m, 0);
    const s = wt.sum(wt.exp(wt.sub(t, shift)), { axis, keepdims: true });
    const r = wt.add(wt.log(s), shift);
    return opts.keepdims ? r : r.reshape(wt.sum(t, { axis }).shape);
  });
}

// real tensors: C's wt_softmax, a lane at a time (float16 computes in float32, integers in float64)
function softmaxLike(api, x, opts, name, log) {
  opts = options(typeof opts === 'number' ? { axis: opts } : opts, name);
  const wt = api.wt,
    eng = api.e;
  return wt.tidy(() => {
    const t = asTensor(api, x),
      axis = opts.axis === undefined ? -1 : opts.axis;
    if (!t.dtype.startsWith('complex')) {
      if (!Number.isInteger(axis)) throw new WtError('WT_EINVAL', `${name}: axis must be an integer, got ${axis}`);
      // a lazy real operand: one graph node calling this function whole
      if (!(t instanceof wt.Tensor)) return t.graph._fn(name, t, { axis });
      const c =
        t.dtype === 'float32' || t.dtype === 'float64' ? t : t.astype(t.dtype === 'float16' ? 'float32' : 'float64');
      eng.check(eng.ex.wt_softmax(eng.handle(c, 'x'), axis, log ? 1 : 0, eng.outPtr));
      const r = eng.adopt(eng.takeOut());
      return t.dtype === 'float16' ? r.astype('float16') : r;
    }
    // complex: composed (C's softmax is real)
    const m = wt.max(t, { axis, keepdims: true });
    const z = wt.sub(t, wt.where(wt.isfinite(m), m, 0));
    const e = wt.exp(z),
      s = wt.sum(e, { axis, keepdims: true });
    return log ? wt.sub(z, wt.log(s)) : wt.div(e, s);
  });
}
export const softmax = (api, x, opts) => softmaxLike(api, x, opts, 'softmax', false);
export const logSoftmax = (api, x, opts) => softmaxLike(api, x, opts, 'logSoftmax', true);
