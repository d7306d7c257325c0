// Small NumPy functions real programs reach for, composed of C calls: the
// window functions (hanning, hamming, blackman, bartlett), fromiter,
// fromfunction, resize (NumPy's repeating semantics) and byteBounds.
import { asTensor, given, shapeArg } from './args.js';
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';
import { byteExtent } from './plumbing.js';
import { tuple } from './tuple.js';

// NumPy's windows of M points, float64: f(n / (M - 1) * pi) for n = 1 - M, 3 - M, ..., M - 1
function window(api, name, M, f) {
  if (typeof M !== 'number' || Number.isNaN(M))
    throw new WtError('WT_EINVAL', `${name}: M must be a number, got ${typeName(M)}`);
  const wt = api.wt;
  if (M < 1) return wt.zeros([0]);
  if (M === 1) return wt.ones([1]);
  return wt.tidy(() => f(wt, wt.div(wt.arange(1 - M, M, 2, 'float64'), M - 1)));
}
const cosTerm = (wt, x, a, k) => wt.mul(a, wt.cos(wt.mul(x, k * Math.PI)));
export const hanning = (api, M) => window(api, 'hanning', M, (wt, x) => wt.add(0.5, cosTerm(wt, x, 0.5, 1)));
export const hamming = (api, M) => window(api, 'hamming', M, (wt, x) => wt.add(0.54, cosTerm(wt, x, 0.46, 1)));
export const blackman = (api, M) =>
  window(api, 'blackman', M, (wt, x) => wt.add(wt.add(0.42, cosTerm(wt, x, 0.5, 1)), cosTerm(wt, x, 0.08, 2)));
export const bartlett = (api, M) =>
  window(api, 'bartlett', M, (wt, x) => wt.where(wt.lessEqual(x, 0), wt.add(1, x), wt.sub(1, x)));

// NumPy's kaiser: i0(beta sqrt(1 - ((n - alpha) / alpha)^2)) / i0(beta), alpha = (M - 1) / 2
export function kaiser(api, M, beta) {
  if (typeof beta !== 'number') throw new WtError('WT_EINVAL', `kaiser: beta must be a number, got ${typeName(beta)}`);
  return window(api, 'kaiser', M, (wt, x) =>
    wt.div(wt.i0(wt.mul(beta, wt.sqrt(wt.sub(1, wt.square(x))))), wt.i0(wt.tensor(beta, { dtype: 'float64' }))),
  );
}

// NumPy's fromiter: a 1-D tensor of an iterable's values (count of them, -1: all)
export function fromiter(api, iterable, dtype, count = -1) {
  if (iterable === null || typeof iterable?.[Symbol.iterator] !== 'function')
    throw new WtError('WT_EINVAL', `fromiter: expected an iterable, got ${typeName(iterable)}`);
  if (!given(dtype)) throw new WtError('WT_EINVAL', 'fromiter: a dtype is required (NumPy: dtype must be given)');
  if (!Number.isSafeInteger(count) || count < -1)
    throw new WtError('WT_EINVAL', `fromiter: count must be an integer >= -1, got ${typeName(count)}`);
  // a tensor: its values (NumPy iterates a 1-D array's elements; more axes are its ValueError)
  if (iterable instanceof Tensor && iterable.ndim !== 1)
    throw new WtError(
      'WT_EINVAL',
      'fromiter: setting an array element with a sequence (a tensor of more than one axis)',
    );
  const source = iterable instanceof Tensor ? iterable.toArray() : iterable;
  const values = [];
  if (count !== 0)
    for (const v of source) {
      values.push(v instanceof Tensor && v.size === 1 ? v.item() : v);
      if (values.length === count) break;
    }
  if (count >= 0 && values.length < count)
    throw new WtError(
      'WT_EINVAL',
      `fromiter: iterator too short: Expected ${count} but iterator had only ${values.length} items.`,
    );
  return api.tensor(values, { dtype, shape: [values.length] });
}

// NumPy's fromfunction: fn called once with a tensor of each axis's indices (of dtype)
export function fromfunction(api, fn, shape, opts = {}) {
  if (typeof fn !== 'function')
    throw new WtError('WT_EINVAL', `fromfunction: expected a function, got ${typeName(fn)}`);
  shapeArg(shape, 'fromfunction');
  const grid = api.wt.indices(shape, opts.dtype ?? 'float64');
  try {
    return fn(...grid);
  } finally {
    grid.dispose();
  }
}

// NumPy's resize: a's values in C order, repeated as often as the new shape needs (zeros of a
// size-0 a)
export function resize(api, a, newShape) {
  const wt = api.wt;
  const shape = shapeArg(typeof newShape === 'number' ? [newShape] : newShape, 'resize', 'new_shape');
  return wt.tidy(() => {
    const t = asTensor(api, a),
      n = shape.reduce((x, y) => x * y, 1);
    if (t.size === 0 || n === 0) return wt.zeros(shape, t.dtype);
    const flat = t.reshape([-1]),
      reps = Math.ceil(n / t.size);
    return wt.tile(flat, reps).slice(`:${n}`).reshape(shape).copy();
  });
}

// NumPy's byte_bounds: [low, high) byte addresses (offsets in wasm memory) of a's elements
export function byteBounds(api, a) {
  if (!(a instanceof Tensor)) throw new WtError('WT_EINVAL', `byteBounds: expected a Tensor, got ${typeName(a)}`);
  api.e.handle(a, 'byteBounds: a');
  const [low, high] = byteExtent(a) ?? [a._base, a._base];
  return tuple({ low, high });
}
