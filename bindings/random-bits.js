// NumPy's SeedSequence and bit generators (PCG64, PCG64DXSM, MT19937, Philox,
// SFC64).  The state and every draw live in C (src/rng.c); a bit generator
// here is a handle on it, its state read and written as NumPy's dicts with
// 64- and 128-bit values as decimal strings (JSON-safe), accepted back as
// strings, bigints or safe integers.
import { withTemp } from './args.js';
import { argumentsOf, declareMethods } from './params.js';
import { WtError, DISPOSE } from './errors.js';
import { RNGS } from './abi.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';

const M32 = 0xffffffffn;

// NumPy's _coerce_to_uint32_array: an integer as its 32-bit words, least
// significant first (0 is one word); a list as its elements' words in turn
export function entropyWords(x, what) {
  if (typeof x === 'number') {
    if (!Number.isSafeInteger(x)) throw new WtError('WT_EINVAL', `${what} must be an integer, got ${typeName(x)}`);
    x = BigInt(x);
  }
  if (typeof x === 'bigint') {
    if (x < 0n) throw new WtError('WT_EINVAL', `${what} must be non-negative, got ${x}`);
    const w = [];
    do {
      w.push(Number(x & M32));
      x >>= 32n;
    } while (x > 0n);
    return w;
  }
  if (x instanceof Tensor) x = x.toTypedArray();
  if (x instanceof Uint32Array) return Array.from(x);
  if (Array.isArray(x) || ArrayBuffer.isView(x)) return Array.from(x).flatMap((v) => entropyWords(v, what));
  throw new WtError('WT_EINVAL', `${what} must be an integer, a bigint or an array of them, got ${typeName(x)}`);
}

// an unsigned integer of `bits` bits from a number, bigint or decimal string (a state field)
function unsigned(v, bits, what) {
  let b;
  if (typeof v === 'bigint') b = v;
  else if (typeof v === 'number' && Number.isSafeInteger(v)) b = BigInt(v);
  else if (typeof v === 'string' && /^\d+$/.test(v)) b = BigInt(v);
  else
    throw new WtError(
      'WT_EINVAL',
      `${what} must be an unsigned integer (number, bigint or decimal string), got ${typeName(v)}`,
    );
  if (b < 0n || b >> BigInt(bits) !== 0n) throw new WtError('WT_EINVAL', `${what} must fit in ${bits} bits, got ${b}`);
  return b;
}

const wordsOf = (b, n) => Array.from({ length: n }, (_, i) => Number((b >> BigInt(32 * i)) & M32));
const bigOf = (w, at, n) => w.slice(at, at + n).reduceRight((acc, x) => (acc << 32n) | BigInt(x), 0n);
const list = (v, n, what) => {
  if (!Array.isArray(v) && !ArrayBuffer.isView(v)) throw new WtError('WT_EINVAL', `${what} must be an array of ${n}`);
  if (v.length !== n) throw new WtError('WT_EINVAL', `${what} must have ${n} entries, got ${v.length}`);
  return Array.from(v);
};
const field = (o, k, what) => {
  if (o === null || typeof o !== 'object' || !(k in o)) throw new WtError('WT_EINVAL', `${what} lacks '${k}'`);
  return o[k];
};

// each kind's state: words (from C) -> NumPy's dict, and back
const LAYOUT = {
  PCG64: pcgLayout('PCG64'),
  PCG64DXSM: pcgLayout('PCG64DXSM'),
  MT19937: {
    get: (w) => ({ bit_generator: 'MT19937', state: { key: w.slice(0, 624), pos: w[624] } }),
    set: (w, s) => {
      const st = field(s, 'state', 'MT19937 state');
      list(field(st, 'key', 'MT19937 state.state'), 624, 'state.key').forEach((k, i) => {
        w[i] = Number(unsigned(k, 32, `state.key[${i}]`));
      });
      w[624] = Number(unsigned(field(st, 'pos', 'MT19937 state.state'), 32, 'state.pos'));
    },
  },
  Philox: {
    get: (w) => ({
      bit_generator: 'Philox',
      state: { counter: u64s(w, 0, 4), key: u64s(w, 8, 2) },
      buffer: u64s(w, 12, 4),
      buffer_pos: w[20],
      ...halfOf(w),
    }),
    set: (w, s) => {
      const st = field(s, 'state', 'Philox state');
      put64s(w, 0, list(field(st, 'counter', 'Philox state.state'), 4, 'state.counter'), 'state.counter');
      put64s(w, 8, list(field(st, 'key', 'Philox state.state'), 2, 'state.key'), 'state.key');
      put64s(w, 12, list(field(s, 'buffer', 'Philox state'), 4, 'buffer'), 'buffer');
      w[20] = Number(unsigned(field(s, 'buffer_pos', 'Philox state'), 32, 'buffer_pos'));
      setHalf(w, s);
    },
  },
  SFC64: {
    get: (w) => ({ bit_generator: 'SFC64', state: { state: u64s(w, 0, 4) }, ...halfOf(w) }),
    set: (w, s) => {
      put64s(
        w,
        0,
        list(field(field(s, 'state', 'SFC64 state'), 'state', 'SFC64 state.state'), 4, 'state.state'),
        'state.state',
      );
      setHalf(w, s);
    },
  },
};

function u64s(w, at, n) {
  return Array.from({ length: n }, (_, i) => String(bigOf(w, at + 2 * i, 2)));
}
function put64s(w, at, vals, what) {
  vals.forEach((v, i) => w.splice(at + 2 * i, 2, ...wordsOf(unsigned(v, 64, `${what}[${i}]`), 2)));
}
// the buffered upper half of a 64-bit draw: five words from the end
const halfOf = (w) => ({ has_uint32: w[w.length - 5], uinteger: w[w.length - 4] });
function setHalf(w, s) {
  w[w.length - 5] = Number(unsigned(field(s, 'has_uint32', 'state'), 1, 'has_uint32'));
  w[w.length - 4] = Number(unsigned(field(s, 'uinteger', 'state'), 32, 'uinteger'));
}

function pcgLayout(name) {
  return {
    get: (w) => ({
      bit_generator: name,
      state: { state: String(bigOf(w, 0, 4)), inc: String(bigOf(w, 4, 4)) },
      ...halfOf(w),
    }),
    set: (w, s) => {
      const st = field(s, 'state', `${name} state`);
      w.splice(0, 4, ...wordsOf(unsigned(field(st, 'state', `${name} state.state`), 128, 'state.state'), 4));
      w.splice(4, 4, ...wordsOf(unsigned(field(st, 'inc', `${name} state.state`), 128, 'state.inc'), 4));
      setHalf(w, s);
    },
  };
}

// fresh entropy: 128 bits from the platform's CSPRNG, as NumPy's SeedSequence() takes from the OS
function freshEntropy() {
  const w = new Uint32Array(4);
  globalThis.crypto.getRandomValues(w);
  return bigOf(Array.from(w), 0, 4);
}

// fn(pointer) with the words in temporary wasm memory
export function withWords(e, ws, fn) {
  return withTemp(e, 4 * ws.length, (p) => {
    ws.forEach((v, i) => e.dv.setUint32(p + 4 * i, v, true));
    return fn(p);
  });
}

const readWords = (e, p, n) => Array.from(new Uint32Array(e.memory.buffer.slice(p, p + 4 * n)));

// NumPy's SeedSequence: entropy (fresh when not given) and a spawn key, mixed in C
const seedSequenceArgs = argumentsOf('entropy?, {spawnKey, poolSize:int, nChildrenSpawned:int}', 'SeedSequence');
export class SeedSequence {
  constructor(...args) {
    const [entropy, opts = {}] = seedSequenceArgs(...args);
    this.entropy = entropy === undefined || entropy === null ? freshEntropy() : entropy;
    this.spawnKey = Array.from(opts.spawnKey ?? []);
    this.poolSize = opts.poolSize ?? 4;
    this.nChildrenSpawned = opts.nChildrenSpawned ?? 0;
    this._assembled(); // checks the entropy and the spawn key now, as NumPy does
  }

  // NumPy's get_assembled_entropy: the seed's words (padded to the pool when spawned), then the spawn key's
  _assembled() {
    const run = entropyWords(this.entropy, 'seed');
    const spawn = entropyWords(this.spawnKey, 'spawnKey');
    if (spawn.length && run.length < this.poolSize) run.push(...new Array(this.poolSize - run.length).fill(0));
    return run.concat(spawn);
  }

  _words(n) {
    const e = this._api.e,
      ent = this._assembled();
    return withTemp(e, 4 * n, (out) =>
      withWords(e, ent, (p) => {
        e.check(e.ex.wt_seed_sequence(p, BigInt(ent.length), BigInt(this.poolSize), out, BigInt(n)));
        return readWords(e, out, n);
      }),
    );
  }

  generateState(nWords, dtype = 'uint32') {
    if (!Number.isSafeInteger(nWords) || nWords < 0)
      throw new WtError('WT_EINVAL', `generateState: nWords must be a non-negative integer, got ${typeName(nWords)}`);
    if (dtype !== 'uint32' && dtype !== 'uint64')
      throw new WtError('WT_EDTYPE', `generateState: dtype must be 'uint32' or 'uint64', got ${typeName(dtype)}`);
    const w = new Uint32Array(this._words(dtype === 'uint64' ? 2 * nWords : nWords));
    return dtype === 'uint64' ? new BigUint64Array(w.buffer) : w;
  }

  spawn(n) {
    if (!Number.isSafeInteger(n) || n < 0)
      throw new WtError('WT_EINVAL', `spawn: n must be a non-negative integer, got ${typeName(n)}`);
    const first = this.nChildrenSpawned;
    this.nChildrenSpawned += n;
    return Array.from(
      { length: n },
      (_, i) =>
        new this.constructor(this.entropy, { spawnKey: [...this.spawnKey, first + i], poolSize: this.poolSize }),
    );
  }

  get state() {
    const entropy = typeof this.entropy === 'bigint' ? String(this.entropy) : this.entropy;
    return {
      entropy,
      spawn_key: [...this.spawnKey],
      pool_size: this.poolSize,
      n_children_spawned: this.nChildrenSpawned,
    };
  }
}

// a bit generator: its C state (freed with the object, or by dispose())
export class BitGenerator {
  constructor(seed, kind) {
    const e = this._api.e;
    this._kind = RNGS.findIndex((k) => k.name === kind);
    e.check(e.ex.wt_rng_new(this._kind, e.outPtr));
    this._ptr = e.takeOut();
    this._api.rngFreed.register(this, this._ptr, this);
    this.seedSeq = seed instanceof SeedSequence ? seed : new this._api.SeedSequence(seed);
    const w = this.seedSeq._words(RNGS[this._kind].seedWords);
    withWords(e, w, (p) => e.check(e.ex.wt_rng_seed(this.ptr, p, BigInt(w.length))));
  }

  get ptr() {
    if (!this._ptr) throw new WtError('WT_EDISPOSED', `this ${RNGS[this._kind].name} has been disposed`);
    return this._ptr;
  }

  _stateWords() {
    const e = this._api.e,
      n = RNGS[this._kind].stateWords;
    return withTemp(e, 4 * n, (p) => {
      e.check(e.ex.wt_rng_get_state(this.ptr, p, BigInt(n)));
      return readWords(e, p, n);
    });
  }

  _setWords(w) {
    const e = this._api.e;
    withWords(e, w, (p) => e.check(e.ex.wt_rng_set_state(this.ptr, p, BigInt(w.length))));
  }

  get state() {
    return LAYOUT[RNGS[this._kind].name].get(this._stateWords());
  }

  set state(s) {
    const name = RNGS[this._kind].name;
    if (s === null || typeof s !== 'object' || s.bit_generator !== name)
      throw new WtError(
        'WT_EINVAL',
        `state must be a ${name} state object (bit_generator: '${name}'), got ${typeName(s?.bit_generator ?? s)}`,
      );
    const w = this._stateWords();
    LAYOUT[name].set(w, s);
    this._setWords(w);
  }

  spawn(n) {
    return this.seedSeq.spawn(n).map((s) => new this.constructor(s));
  }

  // a new bit generator in this one's state, jumped (NumPy's jumped(jumps))
  jumped(jumps = 1) {
    if (!Number.isSafeInteger(jumps) || jumps < 0)
      throw new WtError('WT_EINVAL', `jumped: jumps must be a non-negative integer, got ${typeName(jumps)}`);
    const g = new this.constructor(this.seedSeq);
    g._setWords(this._stateWords());
    const e = this._api.e;
    e.check(e.ex.wt_rng_jump(g.ptr, BigInt(jumps)));
    return g;
  }

  // advance by delta draws (PCG64, PCG64DXSM: mod 2^128) or counter blocks (Philox: mod 2^256)
  advance(delta) {
    const bits = RNGS[this._kind].name === 'Philox' ? 256 : 128;
    const d = typeof delta === 'number' && Number.isSafeInteger(delta) ? BigInt(delta) : delta;
    if (typeof d !== 'bigint')
      throw new WtError('WT_EINVAL', `advance: delta must be an integer or bigint, got ${typeName(delta)}`);
    const w = wordsOf(BigInt.asUintN(bits, d), bits / 32),
      e = this._api.e;
    withWords(e, w, (p) => e.check(e.ex.wt_rng_advance(this.ptr, p, BigInt(w.length))));
    return this;
  }

  [DISPOSE]() {
    this.dispose();
  }
  dispose() {
    if (!this._ptr) return;
    this._api.rngFreed.unregister(this);
    this._api.e.ex.wt_rng_free(this._ptr);
    this._ptr = 0;
  }

  toString() {
    return RNGS[this._kind].name;
  }
}

declareMethods('SeedSequence.', SeedSequence.prototype, {
  generateState: 'nWords:int, dtype?',
  spawn: 'nChildren:int',
});
declareMethods('BitGenerator.', BitGenerator.prototype, {
  spawn: 'nChildren:int',
  jumped: 'jumps?:int',
  advance: 'delta',
  dispose: '',
  toString: '',
});

// One instance's classes: SeedSequence and the bit generators, bound to its engine.
export function bitGenerators(api) {
  api.rngFreed = new FinalizationRegistry((ptr) => api.e.ex.wt_rng_free(ptr));
  const bound = (Base, name) => {
    const C = { [name]: class extends Base {} }[name];
    C.prototype._api = api;
    return C;
  };
  const kinds = RNGS.map(({ name }) => {
    const seedOf = argumentsOf('seed?', name);
    const C = {
      [name]: class extends BitGenerator {
        constructor(...args) {
          super(seedOf(...args)[0], name);
        }
      },
    }[name];
    C.prototype._api = api;
    return [name, C];
  });
  api.SeedSequence = bound(SeedSequence, 'SeedSequence');
  Object.assign(api, Object.fromEntries(kinds));
  return { SeedSequence: api.SeedSequence, ...Object.fromEntries(kinds) };
}
