// NumPy's median, quantile and percentile and their nan forms: the reduced
// axes are moved last and merged, partitioned in C at the positions the
// method reads (the nan forms, whose positions count each lane's values that
// are not NaN, sorted; NaN last either way), and each lane's order statistics
// gathered there.  Methods: linear (default),
// lower, higher, nearest (half to even), midpoint, as NumPy's.
import { asTensor, options, reducedAxes } from './args.js';
import { WtError } from './errors.js';
import { typeName } from './engine.js';
import { isInexact as isFloat } from './dtypes.js';
import { lanesLast } from './shape.js';

const METHODS = new Set(['linear', 'lower', 'higher', 'nearest', 'midpoint']);

// x's reduced axes last, merged into one axis: {s, kept, axes}.  Sorted; or, given kthOf(n),
// partitioned at those positions and the last (C's introselect, NaN last), as NumPy's median is
function sortedLanes(api, x, axis, name, kthOf) {
  const t = asTensor(api, x),
    axes = reducedAxes(axis, t.ndim, name);
  const { lanes, kept } = lanesLast(api.wt, t, axes);
  const n = lanes.shape[lanes.ndim - 1];
  if (n === 0) throw new WtError('WT_EINDEX', `${name}: index -1 is out of bounds for axis 0 with size 0`);
  const s = kthOf ? api.wt.partition(lanes, [...kthOf(n), n - 1], { axis: -1 }) : api.wt.sort(lanes, { axis: -1 });
  return { t, s, kept, axes };
}

// the positions quantiles q (float64 values in [0, 1]) read in a lane of n: each q's floor and the next
const quantilePositions = (qs) => (n) =>
  qs.flatMap((q) => {
    const lo = Math.floor(q * (n - 1));
    return [lo, Math.min(lo + 1, n - 1)];
  });

// s's elements at integer positions idx (q.shape + kept + [1]), clipped into the lane
function gather(api, s, idx, lead) {
  const wt = api.wt,
    n = s.shape[s.ndim - 1];
  const full = [...lead, ...s.shape];
  const at = wt.clip(idx, 0, n - 1).astype('int32');
  const src = wt.broadcastTo(s.reshape([...lead.map(() => 1), ...s.shape]), full);
  return wt.takeAlongAxis(src, wt.broadcastTo(at, [...full.slice(0, -1), 1]), -1);
}

// NumPy's _lerp: a + (b - a) g, from b's side where g >= 0.5
function lerp(api, a, b, g) {
  const wt = api.wt,
    d = wt.sub(b, a);
  return wt.where(wt.greaterEqual(g, 0.5), wt.sub(b, wt.mul(d, wt.sub(1, g))), wt.add(a, wt.mul(d, g)));
}

function quantileOf(api, x, q, opts, name, nan, scale) {
  opts = options(typeof opts === 'number' ? { axis: opts } : opts, name);
  const method = opts.method ?? 'linear';
  if (!METHODS.has(method)) throw new WtError('WT_EINVAL', `${name}: '${typeName(method)}' is not a valid method`);
  const wt = api.wt;
  return wt.tidy(() => {
    const qt = wt.div(asTensor(api, q).astype('float64'), scale);
    if (wt.any(wt.logicalOr(wt.less(qt, 0), wt.greater(qt, 1))).item() || wt.any(wt.isnan(qt)).item())
      throw new WtError(
        'WT_EINVAL',
        `${name}: ${scale === 100 ? 'Percentiles must be in the range [0, 100]' : 'Quantiles must be in the range [0, 1]'}`,
      );
    // the nan forms' positions depend on each lane's count of NaN: those lanes are sorted
    const kthOf = nan ? null : quantilePositions([...new Set([qt.toArray()].flat(Infinity))]);
    const { t, s, kept, axes } = sortedLanes(api, x, opts.axis, name, kthOf);
    const n = s.shape[s.ndim - 1],
      lead = qt.shape;
    const nanLane = isFloat(s.dtype) ? wt.isnan(s.slice(`${':,'.repeat(s.ndim - 1)}-1:`)) : null;
    const nv = nan && nanLane ? wt.sum(wt.logicalNot(wt.isnan(s)), { axis: -1, keepdims: true }) : n;
    const v = wt.mul(qt.reshape([...lead, ...kept.map(() => 1), 1]), wt.sub(nv, 1));
    const lo = wt.floor(v);
    // NumPy's dtype: a number q takes x's float dtype, a float array q promotes with it, an integer
    // one (only 0 and 1 are valid) keeps x's float dtype, or with integer x stays integer
    const xf = isFloat(t.dtype) ? t.dtype : 'float64';
    const qd = typeof q === 'number' ? null : scale === 100 ? 'float64' : asTensor(api, q).dtype;
    const lerped = !qd ? xf : isFloat(qd) ? wt.resultType(xf, qd) : isFloat(t.dtype) ? xf : wt.resultType(t.dtype, qd);
    const out = method === 'linear' || method === 'midpoint' ? lerped : t.dtype;
    let r;
    if (method === 'lower' || method === 'higher' || method === 'nearest') {
      r = gather(api, s, method === 'lower' ? lo : method === 'higher' ? wt.ceil(v) : wt.rint(v), lead);
    } else {
      const a = gather(api, s, lo, lead).astype(out),
        b = gather(api, s, wt.minimum(wt.add(lo, 1), wt.sub(nv, 1)), lead).astype(out);
      let g = wt.sub(v, lo);
      if (method === 'midpoint') g = wt.where(wt.equal(g, 0), 0, 0.5);
      r = lerp(api, a, b, g.astype(out.startsWith('complex') ? 'float64' : out));
    }
    if (!nan && nanLane) r = wt.where(nanLane, NaN, r).astype(r.dtype); // NumPy: a lane with NaN gives NaN
    return finish(api, r, lead, kept, t, axes, opts);
  });
}

// q's axes, then the kept axes (with the reduced ones as 1 when keepdims)
function finish(api, r, lead, kept, t, axes, opts) {
  const shape = opts.keepdims ? t.shape.map((n, i) => (axes.includes(i) ? 1 : n)) : kept;
  const res = r.reshape([...lead, ...shape]);
  return opts.out ? opts.out.assign(res) : res;
}

export const quantile = (api, x, q, opts) => quantileOf(api, x, q, opts, 'quantile', false, 1);
export const nanquantile = (api, x, q, opts) => quantileOf(api, x, q, opts, 'nanquantile', true, 1);
export const percentile = (api, x, q, opts) => quantileOf(api, x, q, opts, 'percentile', false, 100);
export const nanpercentile = (api, x, q, opts) => quantileOf(api, x, q, opts, 'nanpercentile', true, 100);

// NumPy's median: the mean of the middle one or two (float64 for integers), NaN where a lane has NaN
function medianOf(api, x, opts, name, nan) {
  opts = options(typeof opts === 'number' || Array.isArray(opts) ? { axis: opts } : opts, name);
  const wt = api.wt;
  return wt.tidy(() => {
    const kthOf = nan ? null : (m) => [Math.floor((m - 1) / 2), Math.floor(m / 2)];
    const { t, s, kept, axes } = sortedLanes(api, x, opts.axis, name, kthOf);
    const n = s.shape[s.ndim - 1],
      out = isFloat(t.dtype) ? t.dtype : 'float64';
    const nanLane = isFloat(s.dtype) ? wt.isnan(s.slice(`${':,'.repeat(s.ndim - 1)}-1:`)) : null;
    const nv =
      nan && nanLane ? wt.sum(wt.logicalNot(wt.isnan(s)), { axis: -1, keepdims: true }) : wt.full([1], n, 'int32');
    const lo = wt.floorDiv(wt.sub(nv, 1), 2),
      hi = wt.floorDiv(nv, 2);
    const a = gather(api, s, lo, []).astype(out),
      b = gather(api, s, hi, []).astype(out);
    let r = wt.where(wt.equal(lo, hi), a, wt.div(wt.add(a, b), 2).astype(out));
    if (nanLane) r = wt.where(nan ? wt.equal(nv, 0) : nanLane, NaN, r).astype(out);
    return finish(api, r, [], kept, t, axes, opts);
  });
}
export const median = (api, x, opts) => medianOf(api, x, opts, 'median', false);
export const nanmedian = (api, x, opts) => medianOf(api, x, opts, 'nanmedian', true);
