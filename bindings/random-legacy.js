// NumPy's legacy RandomState (np.random.seed, rand, randn, randint, ...):
// MT19937 seeded as old NumPy seeded it, the polar Gaussian with its cached
// second value, masked-rejection integers, so old code and textbooks
// reproduce.  The module-level functions share one RandomState per instance.
import { given } from './args.js';
import { declareMethods, declareNamespace } from './params.js';
import { WtError, DISPOSE } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';
import { DIST, splitOptions, drawDist } from './random-draw.js';
import { withWords } from './random-bits.js';
import { integersOf, choiceIndices, chosen, permutationOf, shuffleIn, distMethod } from './random-sample.js';

const U32 = 2 ** 32;

// RandomState's seed: an integer in [0, 2^32) (init_genrand) or a non-empty list of them (init_by_array)
function legacyKey(seed) {
  const check = (v) => {
    const n = typeof v === 'bigint' ? Number(v) : v;
    if (!Number.isSafeInteger(n) || n < 0 || n >= U32)
      throw new WtError('WT_EINVAL', `seed: Seed must be between 0 and 2**32 - 1, got ${typeName(v)}`);
    return n;
  };
  if (typeof seed === 'number' || typeof seed === 'bigint') return [[check(seed)], 0];
  if (Array.isArray(seed) || ArrayBuffer.isView(seed)) {
    if (!seed.length) throw new WtError('WT_EINVAL', 'seed: Seed must be non-empty');
    return [Array.from(seed, check), 1];
  }
  throw new WtError('WT_EINVAL', `seed: expected an integer or an array of integers, got ${typeName(seed)}`);
}

// NumPy's RandomState: MT19937 with the legacy seeding and draws
export class RandomStateBase {
  constructor(seed) {
    this.bitGenerator = new this._api.MT19937();
    if (given(seed)) this.seed(seed);
  }

  dispose() {
    this.bitGenerator.dispose();
  }
  [DISPOSE]() {
    this.dispose();
  }

  seed(seed) {
    if (!given(seed)) {
      const fresh = new this._api.MT19937();
      this.bitGenerator._setWords(fresh._stateWords());
      fresh.dispose();
      return;
    }
    const [key, byArray] = legacyKey(seed);
    withWords(this._api.e, key, (p) =>
      this._api.e.check(this._api.e.ex.wt_rng_seed_legacy(this.bitGenerator.ptr, p, BigInt(key.length), byArray)),
    );
  }

  randomSample(size) {
    return drawDist(this._api, this.bitGenerator.ptr, DIST.random, [], size, {});
  }

  random(size) {
    return this.randomSample(size);
  }

  rand(...shape) {
    return this.randomSample(shape.length ? shape : undefined);
  }

  randn(...shape) {
    return this.standardNormal(shape.length ? shape : undefined);
  }

  standardNormal(size) {
    return drawDist(this._api, this.bitGenerator.ptr, DIST.legacy_standard_normal, [], size, {});
  }

  randint(low, ...rest) {
    return integersOf(this._api, this.bitGenerator.ptr, low, rest, 1, 'randint');
  }

  choice(a, ...rest) {
    const [args, o] = splitOptions(rest);
    const size = args[0] ?? o.size,
      wt = this._api.wt;
    const shape = !given(size) ? [] : typeof size === 'number' ? [size] : size;
    const replace = o.replace ?? true;
    return wt.tidy(() => {
      const popn =
        typeof a === 'number' || typeof a === 'bigint'
          ? { pop: Number(a), t: null }
          : { t: a instanceof Tensor ? a : wt.tensor(a), axis: 0 };
      if (popn.t && popn.t.ndim !== 1) throw new WtError('WT_EINVAL', 'choice: a must be 1-dimensional');
      if (popn.t) popn.pop = popn.t.shape[0];
      let idx = choiceIndices(this._api, this.bitGenerator.ptr, popn.pop, shape, replace, o.p, true, true, 'choice');
      if (idx === null) {
        const n = shape.reduce((x, y) => x * y, 1);
        if (n > popn.pop)
          throw new WtError('WT_EINVAL', "choice: Cannot take a larger sample than population when 'replace=False'");
        idx = this.permutation(popn.pop).slice(`:${n}`).reshape(shape);
      }
      return chosen(this._api, popn, idx, !given(size));
    });
  }

  shuffle(x) {
    shuffleIn(this._api, this.bitGenerator.ptr, x, 0, 'shuffle');
  }

  permutation(x) {
    return permutationOf(this._api, this.bitGenerator.ptr, x, 0, 'permutation');
  }

  // NumPy's get_state(legacy=False): the MT19937 state with the cached Gaussian
  getState() {
    const w = this.bitGenerator._stateWords();
    const g = new Float64Array(new Uint32Array(w.slice(w.length - 2)).buffer)[0];
    return { ...this.bitGenerator.state, has_gauss: w[w.length - 3], gauss: g };
  }

  setState(state) {
    this.bitGenerator.state = state;
    const w = this.bitGenerator._stateWords();
    w[w.length - 3] = state.has_gauss ? 1 : 0;
    w.splice(w.length - 2, 2, ...new Uint32Array(new Float64Array([Number(state.gauss ?? 0)]).buffer));
    this.bitGenerator._setWords(w);
  }

  toString() {
    return 'RandomState(MT19937)';
  }
}

RandomStateBase.prototype.uniform = distMethod(DIST.legacy_uniform);
RandomStateBase.prototype.normal = distMethod(DIST.legacy_normal);

// their parameters, NumPy's RandomState's (params.js)
const SIGNATURES = {
  dispose: '',
  seed: 'seed?',
  randomSample: 'size?',
  random: 'size?',
  rand: '...dims',
  randn: '...dims',
  standardNormal: 'size?',
  randint: 'low, {high, size, dtype}',
  choice: 'a, {size, replace:bool, p}',
  shuffle: 'x',
  permutation: 'x',
  getState: '{!legacy}',
  setState: 'state:obj',
  uniform: 'low?, high?, {size}',
  normal: 'loc?, scale?, {size}',
  toString: '',
};
declareMethods('RandomState.', RandomStateBase.prototype, SIGNATURES);

const SHARED = ['seed', 'rand', 'randn', 'randint', 'random', 'randomSample', 'uniform', 'normal', 'standardNormal'];

// one instance's RandomState class, and the module-level functions over one shared RandomState
export function legacy(api) {
  const RandomState = class RandomState extends RandomStateBase {};
  RandomState.prototype._api = api;
  let shared = null;
  const global = () => (shared ??= new RandomState());
  const names = [...SHARED, 'choice', 'shuffle', 'permutation', 'getState', 'setState'];
  const functions = declareNamespace(
    'random.',
    Object.fromEntries(names.map((n) => [n, (...a) => global()[n](...a)])),
    Object.fromEntries(names.map((n) => [n, SIGNATURES[n]])),
  );
  return { RandomState, functions };
}
