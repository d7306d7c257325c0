// wt.random: NumPy's Generator over a bit generator (defaultRng: PCG64 from a
// SeedSequence), drawing NumPy's streams bit for bit, and the legacy
// RandomState (random-legacy.js).  The distributions are the header's
// WT_RANDOM_LIST, one method each, made here from bindings/abi.js; the rest
// (integers, choice, shuffles, multinomial, bytes) are written out.
import { given, options } from './args.js';
import { WtError, DISPOSE } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';
import { RANDOM, RANDOM_FLAT } from './abi.js';
import { bitGenerators, BitGenerator } from './random-bits.js';
import { DIST, camel, splitOptions, drawDist, sizeArg, withTensors } from './random-draw.js';
import { legacy } from './random-legacy.js';
import {
  distMethod,
  integersOf,
  population,
  choiceIndices,
  chosen,
  shuffleIn,
  permutationOf,
} from './random-sample.js';
import { declareMethods, declareNamespace } from './params.js';

const GENERATOR_DISTS = RANDOM.filter((d) => !d.name.startsWith('legacy_') && d.name !== 'random_raw');

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

  // frees the bit generator's C state (also when collected); `using rng = ...` calls it
  dispose() {
    this.bitGenerator.dispose();
  }
  [DISPOSE]() {
    this.dispose();
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

// A distribution's parameters, from the header's list: its own (optional where it has a default),
// then size, and NumPy's dtype and out where the draws are floats of a chosen dtype
export function distSignature(spec) {
  const params = spec.params ? spec.params.split(' ').map((p) => p.split('=')) : [];
  const own = params.map(([name, dflt]) => `${camel(name)}${dflt === undefined ? '' : '?'}`);
  const keys =
    spec.result !== 'F'
      ? 'size'
      : spec.name === 'standard_exponential'
        ? 'size, dtype, !method, out'
        : 'size, dtype, out';
  return [...own, `{${keys}}`].join(', ');
}
declareMethods('Generator.', GeneratorBase.prototype, {
  ...Object.fromEntries(GENERATOR_DISTS.map((d) => [camel(d.name), distSignature(d)])),
  integers: 'low, {high, size, dtype, endpoint:bool}',
  choice: 'a, {size, replace:bool, p, axis:int, shuffle:bool}',
  permutation: 'x, {axis:int}',
  shuffle: 'x, {axis:int}',
  permuted: 'x, {axis, out}',
  multinomial: 'n, pvals, {size}',
  bytes: 'length:int',
  spawn: 'nChildren:int',
  dispose: '',
  toString: '',
});

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
  const checked = declareNamespace('random.', { defaultRng }, { defaultRng: 'seed?' });
  return { ...checked, Generator: G, BitGenerator, RandomState, ...bits, ...functions };
}

// randomRaw on every bit generator: NumPy's random_raw, the words as uint64
BitGenerator.prototype.randomRaw = function (size) {
  return drawDist(this._api, this.ptr, DIST.random_raw, [], size, {});
};
declareMethods('BitGenerator.', BitGenerator.prototype, { randomRaw: 'size?, {!output}' });
