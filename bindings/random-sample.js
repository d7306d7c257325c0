// NumPy's samplers that Generator (random.js) and RandomState (random-legacy.js)
// share: a distribution's method from the header's list, bounded integers,
// choice's population and indices, shuffles and permutations.
import { given } from './args.js';
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';
import { RANDOM } from './abi.js';
import { camel, splitOptions, drawDist, sizeArg, withTensors, deliver, scalarOf, oneDraw } from './random-draw.js';

// a distribution's method: its parameters positionally or by name, then size (positionally or {size}), dtype, out
export function distMethod(dist) {
  const spec = RANDOM[dist];
  const params = spec.params ? spec.params.split(' ').map((p) => p.split('=')) : [];
  return function (...all) {
    const [args, opts] = splitOptions(all);
    if (args.length > params.length + 1)
      throw new WtError(
        'WT_EINVAL',
        `${camel(spec.name)}: takes ${params.length} parameters and a size, got ${args.length} arguments`,
      );
    const values = params.map(([name, dflt], k) => {
      const v = args[k] ?? opts[camel(name)];
      return v === undefined && dflt !== undefined ? Number(dflt) : v;
    });
    return drawDist(this._api, this.bitGenerator.ptr, dist, values, args[params.length] ?? opts.size, opts);
  };
}

// integers(low, high?, size?, {high, size, dtype, endpoint}) and RandomState's randint (masked, no endpoint)
export function integersOf(api, ptr, low, rest, masked, what) {
  const [args, opts] = splitOptions(rest);
  const o = masked ? { dtype: opts.dtype } : opts;
  return boundedIntegers(api, ptr, low, args[0] ?? opts.high, args[1] ?? opts.size, o, masked, what);
}

const isInt64 = (v) => Number.isSafeInteger(v) || (typeof v === 'bigint' && v >= -(2n ** 63n) && v < 2n ** 63n);

// NumPy's bounded integers (masked: RandomState's)
export function boundedIntegers(api, ptr, low, high, size, opts, masked, what) {
  if (!given(high)) [low, high] = [0, low];
  let endpoint = !!opts.endpoint;
  // the one exclusive bound no int64/uint64 holds: 2^64 (uint64's), passed inclusive
  if (!endpoint && (high === 2n ** 64n || high === 2 ** 64)) [high, endpoint] = [2n ** 64n - 1n, true];
  const dtype = opts.dtype ?? 'int64',
    e = api.e;
  // size=None with int64 bounds: one value, no tensor made
  if (!given(size) && isInt64(low) && isInt64(high)) {
    const code = e.dtypeCode(dtype, `${what}: dtype`);
    const r = e.ex.wt_random_integers_one(ptr, BigInt(low), BigInt(high), endpoint ? 1 : 0, masked, code, e.outPtr);
    return oneDraw(e, r, dtype);
  }
  const r = withTensors(
    api,
    [low, high],
    [`${what}: low`, `${what}: high`],
    ([lo, hi]) => {
      const [nd, sp] = sizeArg(e, size, what);
      e.check(
        e.ex.wt_random_integers(
          ptr,
          lo,
          hi,
          endpoint ? 1 : 0,
          masked,
          e.dtypeCode(dtype, `${what}: dtype`),
          nd,
          sp,
          e.outPtr,
        ),
      );
      return e.adopt(e.takeOut());
    },
    ['int64', 'int64'],
  );
  return deliver(r, size, [low, high]);
}

// choice's population: an integer (range(a)) or a tensor along axis
export function population(api, a, axis, what) {
  if (typeof a === 'number' || typeof a === 'bigint') {
    if (typeof a === 'number' && !Number.isSafeInteger(a))
      throw new WtError('WT_EINVAL', `${what}: a must be an integer or an array, got ${typeName(a)}`);
    return { pop: Number(a), t: null };
  }
  const t = a instanceof Tensor ? a : api.wt.tensor(a);
  if (t.ndim === 0) throw new WtError('WT_EINVAL', `${what}: a must be 1-dimensional or an integer`);
  const ax = axis < 0 ? axis + t.ndim : axis;
  if (!Number.isInteger(ax) || ax < 0 || ax >= t.ndim)
    throw new WtError('WT_EINVAL', `${what}: axis ${axis} is out of bounds for array of dimension ${t.ndim}`);
  return { pop: t.shape[ax], t, axis: ax };
}

// choice's indices: with p through C's inversion, else integers (with replacement) or C's samplers
export function choiceIndices(api, ptr, pop, shape, replace, p, shuffle, legacyMode, what) {
  const e = api.e,
    size = shape.reduce((x, y) => x * y, 1);
  if (pop < 0 || (pop === 0 && size))
    throw new WtError(
      'WT_EINVAL',
      `${what}: ${pop < 0 ? 'a must be a positive integer' : 'a cannot be empty'} unless no samples are taken`,
    );
  if (given(p))
    return withTensors(api, [p], [`${what}: p`], ([hp]) => {
      const [nd, sp] = sizeArg(e, shape, what);
      e.check(e.ex.wt_random_choice_p(ptr, hp, BigInt(pop), replace ? 1 : 0, legacyMode ? 1 : 0, nd, sp, e.outPtr));
      return e.adopt(e.takeOut());
    });
  if (replace) return boundedIntegers(api, ptr, 0, pop, shape, {}, legacyMode ? 1 : 0, what);
  if (legacyMode) return null; // RandomState takes a permutation's head (random-legacy.js)
  e.check(e.ex.wt_random_sample(ptr, BigInt(pop), BigInt(size), shuffle ? 1 : 0, e.outPtr));
  return e.adopt(e.takeOut()).reshape(shape);
}

// choice's result: the indices, or a's elements at them along axis (NumPy's a.take(idx, axis))
export function chosen(api, popn, idx, scalar) {
  if (!popn.t) return scalar ? scalarOf(idx) : idx;
  const r = api.wt.take(popn.t, idx, { axis: popn.axis });
  return scalar && r.ndim === 0 ? scalarOf(r) : r;
}

// shuffle in place along axis; permuted: lanes (or everything, axis null) on their own
export function shuffleIn(api, ptr, x, axis, what) {
  if (!(x instanceof Tensor))
    throw new WtError('WT_EINVAL', `${what}: x must be a Tensor (shuffled in place), got ${typeName(x)}`);
  if (!Number.isInteger(axis))
    throw new WtError('WT_EINVAL', `${what}: axis must be an integer, got ${typeName(axis)}`);
  api.e.check(api.e.ex.wt_random_shuffle(ptr, api.e.handle(x, `${what}: x`), axis));
}

export function permutationOf(api, ptr, x, axis, what) {
  const wt = api.wt;
  if (typeof x === 'number' || typeof x === 'bigint') {
    const r = wt.arange(0, Number(x), 1, 'int64');
    shuffleIn(api, ptr, r, 0, what);
    return r;
  }
  const t = x instanceof Tensor ? x : wt.tensor(x);
  if (t.ndim === 1) {
    const r = t.copy();
    shuffleIn(api, ptr, r, 0, what);
    return r;
  }
  if (t.ndim === 0) throw new WtError('WT_EINVAL', `${what}: axis ${axis} is out of bounds for array of dimension 0`);
  const ax = axis < 0 ? axis + t.ndim : axis;
  if (!Number.isInteger(ax) || ax < 0 || ax >= t.ndim)
    throw new WtError('WT_EINVAL', `${what}: axis ${axis} is out of bounds for array of dimension ${t.ndim}`);
  return wt.tidy(() => {
    const idx = wt.arange(0, t.shape[ax], 1, 'int64');
    shuffleIn(api, ptr, idx, 0, what);
    return wt.take(t, idx, { axis: ax });
  });
}
