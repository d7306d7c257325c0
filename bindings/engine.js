// The engine: one wasm instance, its memory, and the marshalling between JS
// values and C arguments.  Every computation, parse and check happens in C;
// JS only checks what must be true before bytes reach wasm memory (types,
// integer-ness, lengths that fit the scratch area).
import { WtError } from './errors.js';
import { MAX_DIMS, CODE, defaultDtype } from './dtypes.js';
import { INFO, OPS, REDUCTIONS } from './abi.js';
import { Tensor } from './tensor.js';
import { isComplex } from './complex.js';
import { Growth } from './growth.js';

// scratch layout: an out-pointer, two shape slots, an axes slot, operand
// handles and scalars, strings
const OUT = 0,
  SHAPES = [8, 8 + 8 * MAX_DIMS],
  AXES = 8 + 16 * MAX_DIMS,
  OPERANDS = 400,
  SCALARS = 416,
  STR = 512,
  SCRATCH = 4096;

// the C function that parses each kind of name engine.code takes
const PARSERS = { op: 'wt_op_from_name', reduce: 'wt_reduce_from_name', casting: 'wt_casting_from_name' };
const decoder = new TextDecoder();
const encoder = new TextEncoder();

export class Engine {
  // memory: the threaded build imports its (shared) memory instead of exporting it;
  // attached: an instance started with init({ share }), which wt.detach() can end
  constructor(instance, module, memory = instance.exports.memory, attached = false) {
    this.ex = instance.exports;
    this.memory = memory;
    this.module = module;
    this.buffer = null;
    this.shared = typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer;
    this.scopes = [];
    // an attached instance's live handles, for detach() to free (and the
    // finalizer then to skip); other instances need no such list
    this.attached = attached;
    this.live = attached ? new Set() : null;
    this.detached = false;
    this.pending = [];
    this.flush = () => {
      for (const t of this.pending) if (t._ptr) (this.registry.register(t, t._ptr, t), (t._registered = true));
      this.pending.length = 0;
    };
    this.growth = new Growth(this); // memory growth outside tidy: collection prompts, the warning
    this.registry = new FinalizationRegistry((ptr) => {
      if (!this.live || this.live.delete(ptr)) this.ex.wt_tensor_free(ptr);
    });
    this.scratch = this.ex.wt_malloc(SCRATCH + INFO.SIZE);
    if (!this.scratch) throw new WtError('WT_ENOMEM', 'out of memory allocating the scratch area');
    this.infoPtr = this.scratch + SCRATCH; // a wt_info, filled by every new Tensor
    // codes of C names, as abi.js lists them; C still parses a name it lacks, for its message
    this.dtypeCodes = new Map([
      ...Object.entries(CODE),
      ...OPS.map((o, k) => [`op:${o.name}`, k]),
      ...REDUCTIONS.map((r, k) => [`reduce:${r}`, k]).filter(([n]) => n !== 'reduce:none'),
    ]);
  }

  // typed views over memory, rebuilt when growth replaced memory.buffer
  get dv() {
    // growth detaches an unshared buffer (its views' length becomes 0), which
    // is cheaper to ask than memory.buffer; a shared one is never detached:
    // its growths are counted in the memory itself (watchGrowth), else compared
    if (this._u8?.length && (!this.shared || this._grown?.[0] === this._grownSeen)) return this._dv;
    if (this._grown) this._grownSeen = Atomics.load(this._grown, 0); // before the buffer: a later growth shows
    if (this.buffer !== this.memory.buffer) {
      this.buffer = this.memory.buffer;
      this._dv = new DataView(this.buffer);
      this._u8 = new Uint8Array(this.buffer);
    }
    return this._dv;
  }

  // a shared memory's growth counter (an Int32Array of one; thread.js growthImport)
  watchGrowth(counter) {
    [this._grown, this._grownSeen] = [counter, -1];
  }

  get u8() {
    return this.dv && this._u8;
  }

  cstr(ptr) {
    const u8 = this.u8;
    let end = ptr;
    while (u8[end]) end++;
    return decoder.decode(u8.slice(ptr, end)); // a copy: TextDecoder refuses views of shared memory
  }

  error(status) {
    const code = this.cstr(this.ex.wt_status_name(status));
    const message = this.cstr(this.ex.wt_error_message());
    return new WtError(code, code === 'WT_ENOMEM' ? message + this.growth.holders() : message);
  }

  check(status) {
    if (status !== 0) throw this.error(status);
  }

  // a string in scratch (or a temporary allocation when long); returns [ptr, free]
  string(s, what) {
    if (typeof s !== 'string') throw new WtError('WT_EINVAL', `${what} must be a string, got ${typeName(s)}`);
    const bytes = encoder.encode(s);
    let ptr = this.scratch + STR;
    let owned = 0;
    if (bytes.length + 1 > SCRATCH - STR) {
      owned = ptr = this.ex.wt_malloc(bytes.length + 1);
      if (!ptr) throw new WtError('WT_ENOMEM', `out of memory passing a string of ${bytes.length} bytes`);
    }
    this.u8.set(bytes, ptr);
    this.u8[ptr + bytes.length] = 0;
    return [ptr, owned];
  }

  dtypeCode(name, what = 'dtype') {
    if (typeof name !== 'string')
      throw new WtError('WT_EDTYPE', `${what} must be a dtype name string, got ${typeName(name)}`);
    let code = this.dtypeCodes.get(name);
    if (code === undefined) {
      const [ptr, owned] = this.string(name, what);
      try {
        this.check(this.ex.wt_dtype_from_name(ptr, this.scratch + OUT));
      } finally {
        if (owned) this.ex.wt_free(owned);
      }
      code = this.dv.getInt32(this.scratch + OUT, true);
      this.dtypeCodes.set(name, code);
    }
    return code;
  }

  // integer list into a scratch slot: int64 (shapes) or int32 (axes)
  ints(values, what, slot, wide) {
    if (typeof values === 'number') values = [values];
    if (!Array.isArray(values) && !ArrayBuffer.isView(values)) {
      throw new WtError('WT_EINVAL', `${what} must be an array of integers, got ${typeName(values)}`);
    }
    if (values.length > MAX_DIMS) {
      throw new WtError(
        'WT_ESHAPE',
        `${what} has ${values.length} entries; a tensor has at most ${MAX_DIMS} dimensions`,
      );
    }
    const dv = this.dv,
      base = this.scratch + slot;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (!Number.isSafeInteger(v) || (!wide && (v < -(2 ** 31) || v >= 2 ** 31))) {
        throw new WtError('WT_EINVAL', `${what} must contain integers, got ${formatList(values)}`);
      }
      if (wide) dv.setBigInt64(base + 8 * i, BigInt(v), true);
      else dv.setInt32(base + 4 * i, v, true);
    }
    return [values.length, base];
  }

  // a new Tensor for a fresh C handle, tracked by the innermost tidy scope
  adopt(ptr) {
    const t = new Tensor(this, ptr);
    this.track(t);
    if (this.scopes.length) this.scopes[this.scopes.length - 1].add(t);
    else this.growth.note();
    return t;
  }

  // Registering with the FinalizationRegistry costs more than the rest of a
  // small op, and most tensors are disposed (or freed by tidy) before the
  // job ends: new ones wait in `pending` and are registered, if still
  // alive, when the job ends (a microtask) or 4096 of them have waited.
  // Finalizers never run inside a job, so none is freed any later for it.
  track(t) {
    if (this.pending.push(t) === 1) queueMicrotask(this.flush);
    else if (this.pending.length >= 4096) this.flush();
    this.live?.add(t._ptr);
  }

  // t over another handle (a read-only one of the same storage: flags.js), the old one freed
  rehandle(t, ptr) {
    if (t._registered) this.registry.unregister(t);
    this.live?.delete(t._ptr);
    this.ex.wt_tensor_free(t._ptr);
    t._ptr = ptr;
    t._view = null;
    t._registered = false;
    if (!this.pending.includes(t)) this.track(t);
    else this.live?.add(ptr);
  }

  release(t) {
    if (t._registered) this.registry.unregister(t);
    this.live?.delete(t._ptr);
    this.ex.wt_tensor_free(t._ptr);
    t._ptr = 0;
    t._view = null;
  }

  // the C handle of a live tensor of this instance
  handle(t, what) {
    if (!(t instanceof Tensor)) throw new WtError('WT_EINVAL', `${what} must be a Tensor, got ${typeName(t)}`);
    if (t._e !== this) throw new WtError('WT_EINVAL', `${what} belongs to another wtensor instance`);
    if (!t._ptr) throw new WtError('WT_EDISPOSED', `${what} has been disposed`);
    return t._ptr;
  }

  // a 0-d bool tensor outside any tidy scope (the caller disposes it)
  scalarBool(v) {
    return this.scalarTensor(!!v);
  }

  // a 0-d tensor of a number, bigint or boolean, in the dtype wt.tensor gives
  // it, outside tidy scopes
  scalarTensor(v) {
    const big = typeof v === 'bigint';
    if (big && (v < -(2n ** 63n) || v >= 2n ** 64n))
      throw new WtError('WT_EDTYPE', `the bigint ${v} is out of bounds for int64 and uint64`);
    const dt = CODE[defaultDtype([v])],
      cx = isComplex(v);
    this.check(this.ex.wt_tensor_full(dt, 0, 0, big || cx ? 0 : Number(v), this.scratch + OUT));
    const t = new Tensor(this, this.takeOut());
    this.track(t);
    if (big) t.data[t.offset] = v;
    if (cx) t.data.set([v.re, v.im], 2 * t.offset);
    return t;
  }

  // a complex number, or a bigint beyond ±2^53, as an operand: a weak 0-d
  // tensor (complex128, int64 or uint64), promoted as a Python complex or int
  scalarWeak(v) {
    const t = this.scalarTensor(v);
    try {
      this.check(this.ex.wt_view_weak(this.handle(t, 'weak scalar'), this.scratch + OUT));
    } finally {
      t.dispose();
    }
    const w = new Tensor(this, this.takeOut());
    this.track(w);
    return w;
  }

  // operands (Tensor | number) -> [n, handles*, scalars*]
  operands(list, what) {
    for (let k = 0; k < list.length; k++) this.operand(k, list[k], what);
    return [list.length, this.scratch + OPERANDS, this.scratch + SCALARS];
  }

  // operand k of an elementwise call into the scratch slots: a handle, or 0 and a scalar
  operand(k, v, what) {
    const dv = this.dv,
      h = this.scratch + OPERANDS + 4 * k,
      sc = this.scratch + SCALARS + 8 * k;
    if (typeof v === 'number' || typeof v === 'bigint') {
      dv.setUint32(h, 0, true);
      dv.setFloat64(sc, typeof v === 'bigint' ? bigScalar(v, `${what}: operand ${k + 1}`) : weak(v), true);
    } else {
      dv.setUint32(h, this.handle(v, `${what}: operand ${k + 1}`), true);
      dv.setFloat64(sc, 0, true);
    }
  }

  // an elementwise op of one or two plain operands, no options (kinds.js withFast)
  ewisePlain(op, n, a, b, what) {
    this.operand(0, a, what);
    if (n > 1) this.operand(1, b, what);
    return this.ewiseRun(op, n);
  }

  // op over the n operands in the scratch slots, into a new tensor, no options
  ewiseRun(op, n) {
    const s = this.scratch;
    this.check(this.ex.wt_ewise(op, n, s + OPERANDS, s + SCALARS, 1, 1, 0, 0, s + OUT));
    return this.adopt(this.takeOut());
  }

  // a reduction over every axis, no options (kinds.js withFast)
  reducePlain(code, x) {
    this.check(this.ex.wt_reduce_dtype(code, x._ptr, -1, 0, 0, -1, 0, this.scratch + OUT));
    return this.adopt(this.takeOut());
  }

  // a C name parsed by C once (ops, reductions, casting rules), cached
  code(kind, name, what) {
    if (typeof name !== 'string')
      throw new WtError('WT_EINVAL', `${what} must be a name string, got ${typeName(name)}`);
    const key = `${kind}:${name}`;
    let code = this.dtypeCodes.get(key);
    if (code === undefined) {
      const [ptr, owned] = this.string(name, what);
      try {
        this.check(this.ex[PARSERS[kind]](ptr, this.scratch + OUT));
      } finally {
        if (owned) this.ex.wt_free(owned);
      }
      code = this.dv.getInt32(this.scratch + OUT, true);
      this.dtypeCodes.set(key, code);
    }
    return code;
  }

  takeOut() {
    return this.dv.getUint32(this.scratch + OUT, true);
  }

  get axesSlot() {
    return AXES;
  }

  // the two scratch slots for int64 lists (shapes, strides)
  get shapeSlots() {
    return SHAPES;
  }

  get outPtr() {
    return this.scratch + OUT;
  }
}

// byte offsets of a block of C arguments: [name, bytes per item, items] in
// order, each naturally aligned; returns { at: { name: offset }, size }
export function layout(fields) {
  const at = {};
  let size = 0;
  for (const [name, bytes, count] of fields) {
    size = Math.ceil(size / bytes) * bytes;
    at[name] = size;
    size += bytes * count;
  }
  return { at, size: Math.ceil(size / 8) * 8 };
}

// a number as a weak scalar: an integral one is a Python int, so -0 is 0
// (NumPy: x / 0 keeps x's sign, x / -0.0 flips it); a bigint is a Python int
// too, carried as a number while that is exact
export const weak = (v) => (typeof v === 'bigint' ? bigScalar(v) : v === 0 ? 0 : v);
// operands that travel as weak 0-d tensors: complex numbers, and bigints no double holds
export const isWeakTensor = (v) => isComplex(v) || (typeof v === 'bigint' && !Number.isSafeInteger(Number(v)));
// a bigint as the greatest double not beyond it (C's WT_WEAK_INT value: exact at every integer dtype's bounds)
export function towardZero(v) {
  const n = Number(v);
  if (v >= 0n ? BigInt(n) <= v : BigInt(n) >= v) return n;
  const b = new Float64Array([n]);
  new BigUint64Array(b.buffer)[0] -= 1n; // one step less in magnitude
  return b[0];
}
export function bigScalar(v, what = 'operand') {
  const n = Number(v);
  if (!Number.isSafeInteger(n))
    throw new WtError(
      'WT_EINVAL',
      `${what}: the bigint ${v} is beyond ±2^53, which a scalar operand cannot carry exactly yet; make it a tensor (wt.tensor(${v}n, {dtype: 'int64'}))`,
    );
  return n;
}

export function typeName(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  // a generator object's constructor has no name: its tag says what it is
  if (typeof v === 'object') return v.constructor?.name || `a ${Object.prototype.toString.call(v).slice(8, -1)}`;
  if (typeof v === 'number') return Number.isNaN(v) ? 'NaN' : `the number ${v}`;
  return typeof v === 'string' ? `the string "${v.slice(0, 40)}"` : typeof v;
}

function formatList(values) {
  const parts = Array.from(values, (v) => (typeof v === 'number' ? String(v) : typeName(v)));
  return `[${parts.slice(0, 8).join(', ')}${parts.length > 8 ? ', ...' : ''}]`;
}
