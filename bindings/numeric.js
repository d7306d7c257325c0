// NumPy's numerical helpers, composed from C's ufuncs, reductions, sort and
// searchsorted: isclose, allclose, arrayEqual, nanToNum, diff, ediff1d,
// trapezoid, interp, histogramBinEdges; bincount and histogram are C's
// wt_bincount and wt_histogram.
import { asTensor, axisOf, given, options } from './args.js';
import { tuple } from './tuple.js';
import { WtError } from './errors.js';
import { isInexact } from './dtypes.js';
import { typeName } from './engine.js';

const floatOf = (dt) => (isInexact(dt) ? dt : 'float64');

// NumPy 2's isclose: |a - b| <= atol + rtol |b| where b is finite, equal values, and NaNs with equalNan
export function isclose(api, a, b, opts) {
  opts = options(opts, 'isclose');
  const wt = api.wt,
    rtol = opts.rtol ?? 1e-5,
    atol = opts.atol ?? 1e-8;
  return wt.tidy(() => {
    const x = asTensor(api, a);
    let y = asTensor(api, b);
    y = y.astype(wt.resultType(y.dtype, 1.0));
    const close = wt.logicalAnd(
      wt.lessEqual(wt.abs(wt.sub(x, y)), wt.add(atol, wt.mul(rtol, wt.abs(y)))),
      wt.isfinite(y),
    );
    let r = wt.logicalOr(close, wt.equal(x, y));
    if (opts.equalNan) r = wt.logicalOr(r, wt.logicalAnd(wt.isnan(x), wt.isnan(y)));
    return r;
  });
}
export const allclose = (api, a, b, opts) => api.wt.tidy(() => api.wt.all(isclose(api, a, b, opts)).item());

export function arrayEqual(api, a, b, opts) {
  opts = options(opts, 'arrayEqual');
  const wt = api.wt;
  return wt.tidy(() => {
    const x = asTensor(api, a),
      y = asTensor(api, b);
    if (x.ndim !== y.ndim || x.shape.some((n, i) => n !== y.shape[i])) return false;
    let eq = wt.equal(x, y);
    if (opts.equalNan) eq = wt.logicalOr(eq, wt.logicalAnd(wt.isnan(x), wt.isnan(y)));
    return wt.all(eq).item();
  });
}

// NumPy's nan_to_num: NaN, +inf and -inf of floats (of each part of complex) replaced
export function nanToNum(api, x, opts) {
  opts = options(opts, 'nanToNum');
  const wt = api.wt;
  const fix = (t) => {
    const fi = wt.finfo(t.dtype);
    const pos = opts.posinf ?? fi.max,
      neg = opts.neginf ?? -fi.max;
    return wt.where(
      wt.isnan(t),
      opts.nan ?? 0,
      wt.where(wt.equal(t, Infinity), pos, wt.where(wt.equal(t, -Infinity), neg, t)),
    );
  };
  return wt.tidy(() => {
    const t = asTensor(api, x);
    if (t.dtype.startsWith('float')) return fix(t).astype(t.dtype);
    const r = t.copy();
    if (t.dtype.startsWith('complex')) {
      r.real.assign(fix(t.real));
      r.imag.assign(fix(t.imag));
    }
    return r;
  });
}

// NumPy's diff: n-th differences along axis (bool: not_equal), prepend/append first
export function diff(api, x, opts) {
  opts = options(typeof opts === 'number' ? { n: opts } : opts, 'diff');
  const wt = api.wt,
    n = opts.n ?? 1;
  if (!Number.isInteger(n) || n < 0)
    throw new WtError('WT_EINVAL', `diff: order must be non-negative but got ${typeName(n)}`);
  return wt.tidy(() => {
    let t = asTensor(api, x);
    if (t.ndim === 0) throw new WtError('WT_EINVAL', 'diff: diff requires input that is at least one dimensional');
    const axis = axisOf(opts.axis ?? -1, t.ndim, 'diff');
    const side = (v) => {
      const s = asTensor(api, v);
      return s.ndim === 0
        ? wt.broadcastTo(
            s,
            t.shape.map((m, i) => (i === axis ? 1 : m)),
          )
        : s;
    };
    if (given(opts.prepend) || given(opts.append))
      t = wt.concat(
        [...(given(opts.prepend) ? [side(opts.prepend)] : []), t, ...(given(opts.append) ? [side(opts.append)] : [])],
        { axis },
      );
    const lead = ':,'.repeat(axis);
    for (let k = 0; k < Math.min(n, t.shape[axis] + 1); k++) {
      const hi = t.slice(`${lead}1:`),
        lo = t.slice(`${lead}:-1`);
      t = t.dtype === 'bool' ? wt.notEqual(hi, lo) : wt.sub(hi, lo);
    }
    return n === 0 ? t.copy() : t;
  });
}

export function ediff1d(api, x, opts) {
  opts = options(opts, 'ediff1d');
  const wt = api.wt;
  return wt.tidy(() => {
    const t = asTensor(api, x).reshape([-1]);
    const d = t.size ? wt.sub(t.slice('1:'), t.slice(':-1')) : t;
    const ends = (v) => (given(v) ? [asTensor(api, v).reshape([-1]).astype(d.dtype)] : []);
    return wt.concat([...ends(opts.toBegin), d, ...ends(opts.toEnd)]);
  });
}

// NumPy's trapezoid: the sum of (y[i+1] + y[i]) / 2 times the spacing (x's differences, or dx)
export function trapezoid(api, y, opts) {
  opts = options(opts, 'trapezoid');
  const wt = api.wt;
  return wt.tidy(() => {
    const t = asTensor(api, y);
    const axis = axisOf(opts.axis ?? -1, t.ndim, 'trapezoid');
    let d = opts.dx ?? 1;
    if (given(opts.x)) {
      const xs = asTensor(api, opts.x);
      d = diff(api, xs, { axis: xs.ndim === 1 ? 0 : axis });
      if (xs.ndim === 1) d = d.reshape(t.shape.map((n, i) => (i === axis ? n - 1 : 1)));
    }
    const lead = ':,'.repeat(axis);
    const mid = wt.div(wt.add(t.slice(`${lead}1:`), t.slice(`${lead}:-1`)), 2.0);
    return wt.sum(wt.mul(d, mid), { axis });
  });
}

// NumPy's interp: piecewise-linear through (xp, fp), xp increasing; left/right beyond it; period wraps
export function interp(api, x, xp, fp, opts) {
  opts = options(opts, 'interp');
  const wt = api.wt;
  return wt.tidy(() => {
    const xv = asTensor(api, x).astype('float64');
    let px = asTensor(api, xp),
      py = asTensor(api, fp);
    if (px.ndim !== 1 || py.ndim !== 1) throw new WtError('WT_EINVAL', 'interp: xp and fp must be 1-D sequences');
    if (px.size !== py.size) throw new WtError('WT_EINVAL', 'interp: fp and xp are not of the same length.');
    if (px.size === 0) throw new WtError('WT_EINVAL', 'interp: array of sample points is empty');
    py = py.astype(py.dtype.startsWith('complex') ? 'complex128' : 'float64');
    px = px.astype('float64');
    let xq = xv,
      left = opts.left,
      right = opts.right;
    if (given(opts.period)) {
      const p = Math.abs(opts.period);
      if (p === 0) throw new WtError('WT_EINVAL', 'interp: period must be a non-zero value');
      xq = wt.mod(xv, p);
      const order = wt.argsort(wt.mod(px, p));
      const sx = wt.take(wt.mod(px, p), order),
        sy = wt.take(py, order);
      px = wt.concat([wt.sub(sx.slice('-1:'), p), sx, wt.add(sx.slice(':1'), p)]);
      py = wt.concat([sy.slice('-1:'), sy, sy.slice(':1')]);
      left = right = undefined;
    }
    const n = px.size;
    const j = wt.clip(wt.sub(wt.searchsorted(px, xq, { side: 'right' }), 1), 0, Math.max(n - 2, 0));
    const j1 = wt.minimum(wt.add(j, 1), n - 1);
    const x0 = wt.take(px, j),
      x1 = wt.take(px, j1),
      y0 = wt.take(py, j),
      y1 = wt.take(py, j1);
    const slope = wt.div(wt.sub(y1, y0), wt.sub(x1, x0));
    let r = wt.add(wt.mul(slope, wt.sub(xq, x0)), y0);
    const other = wt.add(wt.mul(slope, wt.sub(xq, x1)), y1); // NumPy: NaN one way, try the other
    r = wt.where(wt.isnan(r), wt.where(wt.logicalAnd(wt.isnan(other), wt.equal(y0, y1)), y0, other), r);
    r = wt.where(wt.equal(xq, x0), y0, r);
    const first = py.slice(':1'),
      last = py.slice('-1:');
    r = wt.where(wt.equal(xq, px.slice('-1:')), last, r);
    r = wt.where(wt.greater(xq, px.slice('-1:')), given(right) ? right : last, r);
    r = wt.where(wt.less(xq, px.slice(':1')), given(left) ? left : first, r);
    return wt.where(wt.isnan(xq), NaN, r).astype(py.dtype);
  });
}

// C's wt_bincount / wt_histogram, one pass each: int32 counts, or float64 (complex128) sums of weights
function binned(api, cfn, t, second, weights) {
  const e = api.e;
  const w = given(weights) ? asTensor(api, weights) : null;
  try {
    const hw = w ? e.handle(w, 'weights') : 0;
    e.check(e.ex[cfn](e.handle(t, 'values'), second, hw, e.outPtr));
    return e.adopt(e.takeOut());
  } finally {
    if (w && w !== weights) w.dispose();
  }
}

// NumPy's bincount: occurrences of each non-negative integer (int32, wtensor's intp), or the weights' sums
export function bincount(api, x, opts) {
  opts = options(opts, 'bincount');
  return api.wt.tidy(() => {
    const t = asTensor(api, x);
    if (isInexact(t.dtype))
      throw new WtError(
        'WT_EDTYPE',
        `bincount: Cannot cast array data from dtype('${t.dtype}') to dtype('int64') according to the rule 'safe'`,
      );
    const minlength = opts.minlength ?? 0;
    if (!Number.isSafeInteger(minlength) || minlength < 0)
      throw new WtError('WT_EINVAL', `bincount: 'minlength' must not be negative (got ${typeName(minlength)})`);
    return binned(api, 'wt_bincount', t, BigInt(minlength), opts.weights);
  });
}

// the edges NumPy's histogram uses: bins edges given, or a count over range (or the data's min and max)
function binEdges(api, a, bins, range) {
  const wt = api.wt;
  if (typeof bins !== 'number') {
    const e = asTensor(api, bins);
    if (e.ndim !== 1) throw new WtError('WT_EINVAL', 'histogram: bins must be 1d, when an array');
    if (e.size > 1 && wt.any(wt.less(e.slice('1:'), e.slice(':-1'))).item())
      throw new WtError('WT_EINVAL', 'histogram: bins must increase monotonically, when an array');
    return e;
  }
  if (!Number.isInteger(bins) || bins < 1) throw new WtError('WT_EINVAL', '`bins` must be positive, when an integer');
  let lo, hi;
  if (given(range)) {
    [lo, hi] = range;
    if (lo > hi) throw new WtError('WT_EINVAL', 'histogram: max must be larger than min in range parameter.');
  } else if (a.size === 0) [lo, hi] = [0, 1];
  else [lo, hi] = [Number(wt.min(a).item()), Number(wt.max(a).item())];
  if (!Number.isFinite(lo) || !Number.isFinite(hi))
    throw new WtError('WT_EINVAL', `histogram: autodetected range of [${lo}, ${hi}] is not finite`);
  if (lo === hi) [lo, hi] = [lo - 0.5, hi + 0.5];
  return wt.linspace(lo, hi, bins + 1, { dtype: floatOf(a.dtype) });
}

export function histogramBinEdges(api, a, opts) {
  opts = options(typeof opts === 'number' ? { bins: opts } : opts, 'histogramBinEdges');
  return api.wt.tidy(() => binEdges(api, asTensor(api, a).reshape([-1]), opts.bins ?? 10, opts.range));
}

export function histogram(api, a, opts) {
  opts = options(typeof opts === 'number' ? { bins: opts } : opts, 'histogram');
  const wt = api.wt;
  return wt.tidy(() => {
    const t = asTensor(api, a).reshape([-1]);
    const edges = binEdges(api, t, opts.bins ?? 10, opts.range);
    // bin i holds edges[i] <= v < edges[i+1], the last one closed; values outside are left out
    const w = given(opts.weights) ? asTensor(api, opts.weights) : null;
    if (w && w.size !== t.size) throw new WtError('WT_EINVAL', 'histogram: weights should have the same shape as a.');
    let hist = binned(api, 'wt_histogram', t, api.e.handle(edges, 'bins'), w);
    if (w && !w.dtype.startsWith('float64') && !w.dtype.startsWith('complex')) hist = hist.astype(w.dtype);
    if (opts.density) hist = wt.div(wt.div(hist, wt.sum(hist)), diff(api, edges));
    return tuple({ hist, binEdges: edges });
  });
}

// NumPy's gradient: second-order central differences inside, one-sided (edgeOrder 1 or 2) at the
// ends; spacing a number for every axis, or per axis a number or coordinates (uniform ones as a number)
export function gradient(api, f, ...rest) {
  const wt = api.wt;
  const last = rest[rest.length - 1];
  const opts = options(
    last && typeof last === 'object' && !Array.isArray(last) && !(last instanceof api.wt.Tensor) ? rest.pop() : {},
    'gradient',
  );
  const edge = opts.edgeOrder ?? 1;
  if (edge !== 1 && edge !== 2) throw new WtError('WT_EINVAL', "gradient: 'edge_order' greater than 2 not supported");
  return wt.tidy(() => {
    let t = asTensor(api, f);
    if (!t.dtype.startsWith('float') && !t.dtype.startsWith('complex')) t = t.astype('float64');
    const axes = given(opts.axis)
      ? (Array.isArray(opts.axis) ? opts.axis : [opts.axis]).map((a) => axisOf(a, t.ndim, 'gradient'))
      : [...t.shape.keys()];
    if (rest.length !== 0 && rest.length !== 1 && rest.length !== axes.length)
      throw new WtError('WT_EINVAL', 'gradient: invalid number of arguments');
    const out = axes.map((a, k) =>
      gradientAxis(api, t, a, rest.length === 0 ? 1 : rest.length === 1 ? rest[0] : rest[k], edge),
    );
    return axes.length === 1 ? out[0] : out;
  });
}

function gradientAxis(api, t, a, spacing, edge) {
  const wt = api.wt,
    n = t.shape[a];
  if (n < edge + 1)
    throw new WtError(
      'WT_EINVAL',
      'gradient: Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements are required.',
    );
  const sl = (spec) => t.slice(`${':,'.repeat(a)}${spec}`);
  let h = typeof spacing === 'number' ? spacing : null,
    dx = null;
  if (h === null) {
    const x = asTensor(api, spacing).astype('float64');
    if (x.ndim === 0) h = x.item();
    else {
      if (x.ndim !== 1 || x.size !== n)
        throw new WtError(
          'WT_EINVAL',
          'gradient: when 1d, distances must match the length of the corresponding dimension',
        );
      dx = diff(api, x);
      if (wt.all(wt.equal(dx, dx.slice(':1'))).item()) h = dx.get(0).item(); // uniform: NumPy's own shortcut
    }
  }
  const parts = h !== null ? uniformParts(wt, sl, h, edge) : coordinateParts(wt, t, a, sl, dx, edge);
  return wt.concat(
    parts.map((v) => v.astype(t.dtype)),
    { axis: a },
  );
}

// [first, inside, last] for spacing h, in NumPy's own arithmetic
function uniformParts(wt, sl, h, edge) {
  const inner = wt.div(wt.sub(sl('2:'), sl(':-2')), 2 * h);
  if (edge === 1) return [wt.div(wt.sub(sl('1:2'), sl('0:1')), h), inner, wt.div(wt.sub(sl('-1:'), sl('-2:-1')), h)];
  const lin = (...terms) => terms.map(([c, s]) => wt.mul(c / h, sl(s))).reduce((p, q) => wt.add(p, q));
  return [lin([-1.5, '0:1'], [2, '1:2'], [-0.5, '2:3']), inner, lin([0.5, '-3:-2'], [-2, '-2:-1'], [1.5, '-1:'])];
}

// [first, inside, last] for coordinates with differences dx (NumPy's non-uniform formulas)
function coordinateParts(wt, t, a, sl, dx, edge) {
  const along = (v) => v.reshape(t.shape.map((m, i) => (i === a ? v.size : 1)));
  const d1 = dx.slice(':-1'),
    d2 = dx.slice('1:'),
    s = wt.add(d1, d2);
  const ca = wt.div(wt.neg(d2), wt.mul(d1, s)),
    cb = wt.div(wt.sub(d2, d1), wt.mul(d1, d2)),
    cc = wt.div(d1, wt.mul(d2, s));
  const inner = wt.add(
    wt.add(wt.mul(along(ca), sl(':-2')), wt.mul(along(cb), sl('1:-1'))),
    wt.mul(along(cc), sl('2:')),
  );
  const e = (i) => dx.get(i).item();
  const sum = (...terms) => terms.map(([c, sp]) => wt.mul(c, sl(sp))).reduce((p, q) => wt.add(p, q));
  if (edge === 1)
    return [wt.div(wt.sub(sl('1:2'), sl('0:1')), e(0)), inner, wt.div(wt.sub(sl('-1:'), sl('-2:-1')), e(-1))];
  const [p, q, r, u] = [e(0), e(1), e(-2), e(-1)];
  return [
    sum([-(2 * p + q) / (p * (p + q)), '0:1'], [(p + q) / (p * q), '1:2'], [-p / (q * (p + q)), '2:3']),
    inner,
    sum([u / (r * (r + u)), '-3:-2'], [-(u + r) / (r * u), '-2:-1'], [(2 * u + r) / (u * (r + u)), '-1:']),
  ];
}
