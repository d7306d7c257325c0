// wt.fft: numpy.fft and the Array API's fft extension.  Every transform is
// C's (src/fft.c: wt_fft, one axis per call, the ops of the header's
// WT_FFT_LIST); the n-dimensional ones call it over their axes as NumPy's
// _raw_fftnd does, last axis first.  fftfreq, rfftfreq and the shifts are
// composed of arange, mul and roll.
import { asTensor, axisOf, options } from './args.js';
import { declareNamespace } from './params.js';
import { WtError } from './errors.js';
import { typeName } from './engine.js';
import { FFT, FFT_NORM, FFT_INVERSE, FFT_CONJ, FFT_N } from './abi.js';

const OP = Object.fromEntries(FFT.map((n, i) => [n, i]));
const SWAP = { backward: 'forward', ortho: 'ortho', forward: 'backward' };

// norm's index in C's WT_FFT_NORM_LIST; swap: hfft's and ihfft's reversed direction
function normOf(norm, name, swap) {
  norm = norm ?? 'backward';
  if (!FFT_NORM.includes(norm))
    throw new WtError(
      'WT_EINVAL',
      `${name}: Invalid norm value ${typeof norm === 'string' ? norm : typeName(norm)}; should be "backward", "ortho" or "forward"`,
    );
  return FFT_NORM.indexOf(swap ? SWAP[norm] : norm);
}

// a point count or axis: an integer (n may be null: the input's)
function int(v, what) {
  if (typeof v === 'bigint') v = Number(v);
  if (!Number.isSafeInteger(v)) throw new WtError('WT_EINVAL', `${what} must be an integer, got ${typeName(v)}`);
  return v;
}

// x's transform along one axis: op 'c2c', 'r2c' or 'c2r' with C's flags
function one(api, name, x, op, flags, o) {
  const e = api.e,
    given = o.n !== undefined && o.n !== null,
    n = given ? int(o.n, `${name}: n`) : 0,
    axis = int(o.axis ?? -1, `${name}: axis`),
    norm = normOf(o.norm, name, o.swap);
  return api.wt.tidy(() => {
    const hx = e.handle(asTensor(api, x), `${name}: x`),
      ho = o.out ? e.handle(o.out, `${name}: out`) : 0;
    e.check(e.ex.wt_fft(hx, OP[op], axis, BigInt(n), norm, flags | (given ? FFT_N : 0), ho, ho ? 0 : e.outPtr));
    return ho ? o.out : e.adopt(e.takeOut());
  });
}

// fft(x, n?) or fft(x, {n, axis, norm, out})
const oneOpts = (opts, name) => options(typeof opts === 'number' ? { n: opts } : opts, name);
const oneAxis = (name, op, flags, swap) => (api, x, opts) =>
  one(api, name, x, op, flags, { ...oneOpts(opts, name), swap });

// NumPy's _cook_nd_args: the sizes s and axes of an n-dimensional transform
// (axes2: a 2-D form's, whose axes default to the last two)
function cook(x, o, name, axes2, lastHalf) {
  const nd = x.ndim;
  let s = o.s ?? null,
    axes = o.axes ?? (axes2 ? [-2, -1] : null);
  if (s !== null && !Array.isArray(s))
    throw new WtError('WT_EINVAL', `${name}: s must be an array, got ${typeName(s)}`);
  if (axes !== null && !Array.isArray(axes))
    throw new WtError('WT_EINVAL', `${name}: axes must be an array, got ${typeName(axes)}`);
  if (axes === null)
    axes = Array.from({ length: s === null ? nd : s.length }, (_, i) => i - (s === null ? nd : s.length));
  axes = axes.map((a) => axisOf(int(a, `${name}: axes`), nd, name));
  if (s === null) {
    s = axes.map(() => null);
    if (lastHalf && axes.length) s[s.length - 1] = 2 * (x.shape.at(axes.at(-1)) - 1);
  } else if (s.length !== axes.length)
    throw new WtError('WT_EINVAL', `${name}: Shape and axes have different lengths.`);
  s = s.map((v, i) => (v === null || v === -1 ? null : int(v, `${name}: s`)));
  return { s, axes };
}

const ndOpts = (opts, name) => options(Array.isArray(opts) ? { s: opts } : opts, name);

// fftn / ifftn: one c2c per axis, the last first; out is the last call's
function c2cNd(api, name, x, opts, inv, axes2) {
  const o = ndOpts(opts, name);
  return api.wt.tidy(() => {
    let t = asTensor(api, x);
    const { s, axes } = cook(t, o, name, axes2);
    if (!axes.length) return o.out ? o.out.assign(t) : t.copy();
    for (let i = axes.length - 1; i >= 0; i--)
      t = one(api, name, t, 'c2c', inv ? FFT_INVERSE : 0, {
        n: s[i],
        axis: axes[i],
        norm: o.norm,
        out: i ? null : o.out,
      });
    return t;
  });
}

function needAxes(axes, name) {
  if (!axes.length) throw new WtError('WT_EINVAL', `${name}: at least one axis is required`);
}

// rfftn: rfft over the last axis, then fft over the others
function rfftNd(api, name, x, opts, axes2) {
  const o = ndOpts(opts, name);
  return api.wt.tidy(() => {
    let t = asTensor(api, x);
    const { s, axes } = cook(t, o, name, axes2);
    needAxes(axes, name);
    const k = axes.length - 1;
    t = one(api, name, t, 'r2c', 0, { n: s[k], axis: axes[k], norm: o.norm, out: k ? null : o.out });
    for (let i = k - 1; i >= 0; i--)
      t = one(api, name, t, 'c2c', 0, { n: s[i], axis: axes[i], norm: o.norm, out: i ? null : o.out });
    return t;
  });
}

// irfftn: ifft over all axes but the last, then irfft over it
function irfftNd(api, name, x, opts, axes2) {
  const o = ndOpts(opts, name);
  return api.wt.tidy(() => {
    let t = asTensor(api, x);
    const { s, axes } = cook(t, o, name, axes2, true);
    needAxes(axes, name);
    const k = axes.length - 1;
    for (let i = k - 1; i >= 0; i--)
      t = one(api, name, t, 'c2c', FFT_INVERSE, { n: s[i], axis: axes[i], norm: o.norm });
    return one(api, name, t, 'c2r', 0, { n: s[k], axis: axes[k], norm: o.norm, out: o.out });
  });
}

// NumPy's fftfreq and rfftfreq: integers times 1 / (n d), float64 (or the Array API's dtype)
function freqs(api, name, n, opts, half) {
  const o = options(typeof opts === 'number' ? { d: opts } : opts, name),
    d = o.d ?? 1;
  n = int(n, `${name}: n`);
  if (typeof d !== 'number') throw new WtError('WT_EINVAL', `${name}: d must be a number, got ${typeName(d)}`);
  if (n < 1) throw new WtError('WT_EINVAL', `${name}: n must be a positive integer, got ${n}`);
  const wt = api.wt;
  return wt.tidy(() => {
    const k = half
      ? wt.arange(Math.floor(n / 2) + 1, null, 1, 'int64')
      : wt.concat([
          wt.arange(Math.floor((n - 1) / 2) + 1, null, 1, 'int64'),
          wt.arange(-Math.floor(n / 2), 0, 1, 'int64'),
        ]);
    const r = wt.mul(k.astype('float64'), 1 / (n * d));
    return o.dtype ? r.astype(o.dtype) : r;
  });
}

// fftshift / ifftshift: a roll by half of each axis (all axes by default)
function shift(api, name, x, opts, sign) {
  const o = options(typeof opts === 'number' || Array.isArray(opts) ? { axes: opts } : opts, name);
  return api.wt.tidy(() => {
    const t = asTensor(api, x),
      axes = o.axes ?? null,
      list = axes === null ? t.shape.map((_, i) => i) : Array.isArray(axes) ? axes : [axes];
    const ax = list.map((a) => axisOf(int(a, `${name}: axes`), t.ndim, name));
    if (!ax.length) return t.copy();
    return api.wt.roll(
      t,
      ax.map((a) => sign * Math.floor(t.shape[a] / 2)),
      ax,
    );
  });
}

export function buildFft(api) {
  const bind =
    (fn) =>
    (...args) =>
      fn(api, ...args);
  const ns = {
    fft: bind(oneAxis('fft', 'c2c', 0)),
    ifft: bind(oneAxis('ifft', 'c2c', FFT_INVERSE)),
    rfft: bind(oneAxis('rfft', 'r2c', 0)),
    irfft: bind(oneAxis('irfft', 'c2r', 0)),
    hfft: bind(oneAxis('hfft', 'c2r', FFT_CONJ, true)),
    ihfft: bind(oneAxis('ihfft', 'r2c', FFT_CONJ, true)),
    fftn: (x, opts) => c2cNd(api, 'fftn', x, opts, false),
    ifftn: (x, opts) => c2cNd(api, 'ifftn', x, opts, true),
    fft2: (x, opts) => c2cNd(api, 'fft2', x, opts, false, true),
    ifft2: (x, opts) => c2cNd(api, 'ifft2', x, opts, true, true),
    rfftn: (x, opts) => rfftNd(api, 'rfftn', x, opts),
    irfftn: (x, opts) => irfftNd(api, 'irfftn', x, opts),
    rfft2: (x, opts) => rfftNd(api, 'rfft2', x, opts, true),
    irfft2: (x, opts) => irfftNd(api, 'irfft2', x, opts, true),
    fftfreq: (n, opts) => freqs(api, 'fftfreq', n, opts, false),
    rfftfreq: (n, opts) => freqs(api, 'rfftfreq', n, opts, true),
    fftshift: (x, opts) => shift(api, 'fftshift', x, opts, 1),
    ifftshift: (x, opts) => shift(api, 'ifftshift', x, opts, -1),
  };
  return Object.freeze(declareNamespace('fft.', ns, SIGNATURES));
}

// their parameters, NumPy's (params.js)
const ONE = 'a, {n:int, axis:int, norm:str, out}',
  ND = 'a, {s, axes, norm:str, out}',
  FREQ = 'n:int, {d:num, !device, *, dtype}',
  SHIFT = 'x, {axes}';
const SIGNATURES = {
  ...Object.fromEntries(['fft', 'ifft', 'rfft', 'irfft', 'hfft', 'ihfft'].map((n) => [n, ONE])),
  ...Object.fromEntries(['fftn', 'ifftn', 'fft2', 'ifft2', 'rfftn', 'irfftn', 'rfft2', 'irfft2'].map((n) => [n, ND])),
  fftfreq: FREQ,
  rfftfreq: FREQ,
  fftshift: SHIFT,
  ifftshift: SHIFT,
};
