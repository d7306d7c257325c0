// wt.random: NumPy's Generator over a bit generator (defaultRng: PCG64 from a
// SeedSequence), drawing NumPy's streams bit for bit, and the legacy
// RandomState (random-legacy.js).  The distributions are the header's
// WT_RANDOM_LIST, one method each, made here from bindings/abi.js; the rest
// (integers, choice, shuffles, multinomial, bytes) are written out.
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';
import { given, options } from './ops.js';
import { RANDOM, RANDOM_FLAT } from './abi.js';
import { bitGenerators, BitGenerator } from './random-bits.js';
import { DIST, camel, splitOptions, drawDist, sizeArg, withTensors, deliver, scalarOf } from './random-draw.js';
import { legacy } from './random-legacy.js';

const GENERATOR_DISTS = RANDOM.filter((d) => !d.name.startsWith('legacy_') && d.name !== 'random_raw');

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

// NumPy's bounded integers (masked: RandomState's)
export function boundedIntegers(api, ptr, low, high, size, opts, masked, what) {
  if (!given(high)) [low, high] = [0, low];
  let endpoint = !!opts.endpoint;
  // the one exclusive bound no int64/uint64 holds: 2^64 (uint64's), passed inclusive
  if (!endpoint && (high === 2n ** 64n || high === 2 ** 64)) [high, endpoint] = [2n ** 64n - 1n, true];
  const dtype = opts.dtype ?? 'int64',
    e = api.e;
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
function population(api, a, axis, what) {
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

const fContiguous = (t) => {
  let step = 1;
  return t.shape.every((n, k) => {
    const ok = n === 1 || t.strides[k] === step;
    step *= n;
    return ok;
  });
};

// NumPy's Generator: the distributions over a bit generator
export class GeneratorBase {
  constructor(bitGenerator) {
    if (!(bitGenerator instanceof BitGenerator))
      throw new WtError(
        'WT_EINVAL',
        `Generator: expected a bit generator (PCG64, MT19937, ...), got ${typeName(bitGenerator)}`,
      );
    this.bitGenerator = bitGenerator;
  }

  integers(low, ...rest) {
    return integersOf(this._api, this.bitGenerator.ptr, low, rest, 0, 'integers');
  }

  choice(a, ...rest) {
    const [args, o] = splitOptions(rest);
    const size = args[0] ?? o.size;
    const shape = !given(size) ? [] : typeof size === 'number' ? [size] : size;
    return this._api.wt.tidy(() => {
      const popn = population(this._api, a, o.axis ?? 0, 'choice'); // a list's tensor freed with the scope
      const idx = choiceIndices(
        this._api,
        this.bitGenerator.ptr,
        popn.pop,
        shape,
        o.replace ?? true,
        o.p,
        o.shuffle ?? true,
        false,
        'choice',
      );
      return chosen(this._api, popn, idx, !given(size));
    });
  }

  permutation(x, opts) {
    return permutationOf(this._api, this.bitGenerator.ptr, x, options(opts, 'permutation').axis ?? 0, 'permutation');
  }

  shuffle(x, opts) {
    shuffleIn(this._api, this.bitGenerator.ptr, x, options(opts, 'shuffle').axis ?? 0, 'shuffle');
  }

  permuted(x, opts) {
    const o = options(opts, 'permuted'),
      wt = this._api.wt;
    const t = x instanceof Tensor ? x : wt.tensor(x);
    let out = o.out;
    if (given(out)) {
      if (!(out instanceof Tensor))
        throw new WtError('WT_EINVAL', `permuted: out must be a Tensor, got ${typeName(out)}`);
      if (out.ndim !== t.ndim || out.shape.some((n, i) => n !== t.shape[i]))
        throw new WtError('WT_ESHAPE', `permuted: out must have the same shape as x ([${out.shape}] vs [${t.shape}])`);
      wt.assign(out, t);
    } else if (!given(o.axis) && t.ndim > 1 && fContiguous(t) && !t.isContiguous) {
      out = wt.tidy(() => t.T.copy()).T; // NumPy copies in K order: an F-ordered x stays F-ordered
    } else out = t.copy();
    const axis = given(o.axis) ? o.axis : RANDOM_FLAT;
    this._api.e.check(
      this._api.e.ex.wt_random_permuted(this.bitGenerator.ptr, this._api.e.handle(out, 'permuted: out'), axis),
    );
    return out;
  }

  multinomial(n, pvals, ...rest) {
    const [args, opts] = splitOptions(rest);
    const size = args[0] ?? opts.size,
      e = this._api.e;
    return withTensors(this._api, [n, pvals], ['multinomial: n', 'multinomial: pvals'], ([hn, hp]) => {
      const [nd, sp] = sizeArg(e, size, 'multinomial');
      e.check(e.ex.wt_random_multinomial(this.bitGenerator.ptr, hn, hp, nd, sp, e.outPtr));
      return e.adopt(e.takeOut());
    });
  }

  // NumPy's bytes(n): uint32 draws, little-endian, cut to n
  bytes(length) {
    if (!Number.isSafeInteger(length) || length < 0)
      throw new WtError('WT_EINVAL', `bytes: length must be a non-negative integer, got ${typeName(length)}`);
    const words = this.integers(0, 2 ** 32, { size: Math.ceil(length / 4), dtype: 'uint32' });
    try {
      return new Uint8Array(words.toTypedArray().buffer.slice(0, length));
    } finally {
      words.dispose();
    }
  }

  spawn(n) {
    return this.bitGenerator.spawn(n).map((b) => new this.constructor(b));
  }

  toString() {
    return `Generator(${this.bitGenerator})`;
  }
}
for (const d of GENERATOR_DISTS) GeneratorBase.prototype[camel(d.name)] = distMethod(DIST[d.name]);

// the wt.random namespace of one instance
export function buildRandom(api) {
  const bits = bitGenerators(api);
  const G = class Generator extends GeneratorBase {};
  G.prototype._api = api;
  const { RandomState, functions } = legacy(api, bits);
  function defaultRng(seed) {
    if (seed instanceof GeneratorBase) return seed;
    if (seed instanceof BitGenerator) return new G(seed);
    if (seed instanceof RandomState) return new G(seed.bitGenerator);
    return new G(new bits.PCG64(seed));
  }
  return { defaultRng, Generator: G, BitGenerator, RandomState, ...bits, ...functions };
}

// randomRaw on every bit generator: NumPy's random_raw, the words as uint64
BitGenerator.prototype.randomRaw = function (size) {
  return drawDist(this._api, this.ptr, DIST.random_raw, [], size, {});
};
