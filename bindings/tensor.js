// Tensor: a JS handle on a C tensor.  A handle's descriptor never changes, so
// it is read once; `data` is a zero-copy TypedArray over the whole storage,
// re-derived whenever wasm memory has grown.
import { repr, scalarText } from './print.js';
import { flagsOf, setflags, FlatIter } from './flags.js';
import { declareMethods, describe } from './params.js';
import { WtError, DISPOSE } from './errors.js';
import { ARRAYS, DTYPES, HALF_AS_BITS, halfToNumber } from './dtypes.js';
import { complexAt, isComplexDtype } from './complex.js';
import { INFO, FLAG_READONLY, FLAG_CONTIGUOUS } from './abi.js';

// an int64 field of wasm memory as a number (descriptor values are safe integers)
const i64 = (dv, p) => dv.getUint32(p, true) + dv.getInt32(p + 4, true) * 4294967296;

function ints(dv, p, n) {
  const a = new Array(n);
  for (let i = 0; i < n; i++) a[i] = i64(dv, p + 8 * i);
  return a;
}

// r made from x shares x's storage: r's base is x's base, or x (NumPy's view.base)
export function sourceOf(x, r) {
  if (x instanceof Tensor && r instanceof Tensor && r !== x && r._base === x._base && x._ptr)
    r._source = x._source ?? x;
  return r;
}

export class Tensor {
  constructor(engine, ptr) {
    if (typeof engine?.infoPtr !== 'number')
      throw new WtError(
        'WT_EINVAL',
        'Tensor: tensors are made by wt.tensor, wt.zeros, wt.arange and the other functions; new Tensor() is not one of them',
      );
    this._e = engine;
    this._ptr = ptr;
    // the whole descriptor in one wasm call (wt_tensor_info cannot fail on a live handle)
    const p = engine.infoPtr;
    engine.ex.wt_tensor_info(ptr, p);
    const dv = engine.dv,
      ndim = dv.getInt32(p + INFO.ndim, true);
    this._code = dv.getInt32(p + INFO.dtype, true);
    // shape frozen when first handed out, strides read when first asked
    // for: a small op's result pays for neither
    this._shape = ints(dv, p + INFO.shape, ndim);
    this._stridesRead = null;
    this._offset = i64(dv, p + INFO.offset);
    this._flags = dv.getUint32(p + INFO.flags, true);
    this._base = dv.getUint32(p + INFO.data, true);
    this._nbytes = dv.getUint32(p + INFO.nbytes, true);
    this._view = null;
    this._names = null; // axis names (names.js), on this handle only
    this._source = null; // the tensor a view was made from (base)
    this._registered = false; // with the engine's FinalizationRegistry (engine.track)
  }

  _alive() {
    if (!this._ptr || this._e.detached)
      throw new WtError(
        'WT_EDISPOSED',
        this._ptr ? "this tensor's wtensor instance was detached (wt.detach())" : 'this tensor has been disposed',
      );
    return this._ptr;
  }

  get dtype() {
    this._alive();
    return DTYPES[this._code];
  }
  get shape() {
    this._alive();
    return Object.freeze(this._shape);
  }
  get strides() {
    this._alive();
    return this._strides;
  }
  get _strides() {
    if (!this._stridesRead) {
      const p = this._e.infoPtr;
      this._e.ex.wt_tensor_info(this._alive(), p);
      this._stridesRead = Object.freeze(ints(this._e.dv, p + INFO.strides, this._shape.length));
    }
    return this._stridesRead;
  }
  get offset() {
    this._alive();
    return this._offset;
  }
  get ndim() {
    this._alive();
    return this._shape.length;
  }
  get size() {
    this._alive();
    return this._shape.reduce((a, b) => a * b, 1);
  }
  get isContiguous() {
    this._alive();
    return (this._flags & FLAG_CONTIGUOUS) !== 0;
  }
  get readOnly() {
    this._alive();
    return (this._flags & FLAG_READONLY) !== 0;
  }
  get isDisposed() {
    return !this._ptr || this._e.detached;
  }
  // the axes' names, or null (t.named([...]))
  get names() {
    this._alive();
    return this._names;
  }

  // element idx is data[offset + sum(idx[k] * strides[k])]; complex: its
  // parts are data[2 * that] and data[2 * that + 1]
  get data() {
    this._alive();
    const buffer = this._e.memory.buffer;
    if (!this._view || this._view.buffer !== buffer) {
      const Ctor = ARRAYS[this._code];
      this._view = new Ctor(buffer, this._base, this._nbytes / Ctor.BYTES_PER_ELEMENT);
    }
    return this._view;
  }

  get T() {
    return this.transpose();
  }

  // the Array API's x.mT: the last two axes swapped (a view)
  get mT() {
    return this._e.fns.matrixTranspose(this);
  }

  // bytes per element and in all (NumPy's itemsize and nbytes)
  get itemsize() {
    this._alive();
    return ARRAYS[this._code].BYTES_PER_ELEMENT * (isComplexDtype(DTYPES[this._code]) ? 2 : 1);
  }
  get nbytes() {
    return this.size * this.itemsize;
  }
  // NumPy's flags: cContiguous, fContiguous, writeable, ownData, aligned
  get flags() {
    this._alive();
    return flagsOf(this);
  }
  // NumPy's setflags({write}): write: false makes this tensor refuse writes (its views made after too)
  setflags(opts) {
    this._alive();
    setflags(this, opts);
  }
  // NumPy's a.flat: elements in C order by their position, read and written in place
  get flat() {
    this._alive();
    return new FlatIter(this);
  }
  // NumPy's base: the tensor this view was made from (that one's own base if it is a view), or null
  get base() {
    this._alive();
    return this._source && !this._source.isDisposed ? this._source : null;
  }

  // a copy of the elements' bytes in C order (NumPy's tobytes())
  tobytes() {
    const c = this.contiguous();
    try {
      const is = c.itemsize;
      return new Uint8Array(this._e.memory.buffer, c._base + c._offset * is, c.size * is).slice();
    } finally {
      c.dispose();
    }
  }

  // NumPy's fill: every element set to value (as assign converts it); returns this tensor
  fill(value) {
    this._e.fns.assign(this, value);
    return this;
  }

  // views along the first axis, as iterating a NumPy array (a 0-d tensor is not iterable)
  *[Symbol.iterator]() {
    if (this.ndim === 0) throw new WtError('WT_EINVAL', 'iteration over a 0-d tensor');
    for (let i = 0; i < this._shape[0]; i++) yield this._e.fns.get(this, i);
  }

  // NumPy's t.real and t.imag: views of a complex tensor's parts (writable
  // when it is); of a real tensor, itself and read-only zeros
  get real() {
    return this._e.fns.real(this);
  }
  get imag() {
    return this._e.fns.imag(this);
  }

  // element off of data as a JS value (bool, decoded float16, {re, im})
  _at(off) {
    const data = this.data,
      dtype = DTYPES[this._code];
    if (dtype === 'bool') return data[off] !== 0;
    if (dtype === 'float16' && HALF_AS_BITS) return halfToNumber(data[off]);
    return isComplexDtype(dtype) ? complexAt(data, off) : data[off];
  }

  toArray() {
    const shape = this._shape,
      strides = this._strides;
    this.data;
    const at = (off) => this._at(off);
    const walk = (axis, off) => {
      if (axis === shape.length) return at(off);
      const out = new Array(shape[axis]);
      for (let i = 0; i < shape[axis]; i++) out[i] = walk(axis + 1, off + i * strides[axis]);
      return out;
    };
    return walk(0, this._offset);
  }

  // NumPy's item(): the one element; item(k) the k-th in C order; item(i, j, ...) the element
  // there (negative from the end) — read in place, no tensor made
  item(...index) {
    if (index.length === 0) {
      if (this.size !== 1)
        throw new WtError(
          'WT_ESHAPE',
          `item() needs a tensor of size 1, this one has shape (${this._shape.join(',')}) and size ${this.size}`,
        );
      return this._at(this._offset);
    }
    return this._at(elementOffset(this, index.length === 1 && Array.isArray(index[0]) ? index[0] : index));
  }

  // A tensor of one element used where JS wants a number (s > 3, s * 2, Number(s), `${s}` of a
  // 0-d tensor) is its value: a number, a bigint for 64-bit integers, a boolean for bool.
  // More elements are NumPy's ambiguous truth value; a complex value has no JS number.
  [Symbol.toPrimitive](hint) {
    if (hint === 'string') return !this.isDisposed && this.ndim === 0 ? scalarText(this) : this.toString();
    if (this.size !== 1)
      throw new WtError(
        'WT_EINVAL',
        `the truth value of a tensor with more than one element is ambiguous (shape (${this._shape.join(', ')}${this.ndim === 1 ? ',' : ''})): use wt.any() or wt.all(), or .item() for one element`,
      );
    const v = this._at(this._offset);
    if (v !== null && typeof v === 'object')
      throw new WtError('WT_EDTYPE', 'a complex tensor has no JS number value: use .item() for its {re, im}');
    return v;
  }
  valueOf() {
    return this[Symbol.toPrimitive]('number');
  }

  // a contiguous copy of the values, outside wasm memory
  toTypedArray() {
    const c = this.contiguous();
    try {
      const k = isComplexDtype(c.dtype) ? 2 : 1; // complex: both parts of each
      return c.data.slice(k * c._offset, k * (c._offset + c.size));
    } finally {
      c.dispose();
    }
  }

  dispose() {
    if (!this._ptr || this._e.detached) return;
    this._e.release(this);
  }
  [DISPOSE]() {
    this.dispose();
  }

  // NumPy's repr with tensor( for array( (print.js); a named tensor says its names
  toString() {
    if (this.isDisposed) return 'tensor(disposed)';
    const r = repr(this);
    return this._names ? `${r.slice(0, -1)}, names=(${this._names.join(', ')}))` : r;
  }

  // console.log and util.inspect print the repr, not the engine behind the tensor
  [Symbol.for('nodejs.util.inspect.custom')]() {
    return this.toString();
  }
}

// the element offset of an item() index: one flat position, or one integer per axis
function elementOffset(t, index) {
  const shape = t._shape,
    strides = t.strides;

  const int = (v) => {
    const k = typeof v === 'bigint' ? Number(v) : v;
    if (!Number.isSafeInteger(k))
      throw new WtError('WT_EINDEX', `item: an index must be an integer, got ${describe(v)}`);
    return k;
  };
  if (index.length === 1 && shape.length !== 1) {
    const size = t.size;
    let k = int(index[0]);
    if (k < -size || k >= size) throw new WtError('WT_EINDEX', `item: index ${k} is out of bounds for size ${size}`);
    if (k < 0) k += size;
    let off = t._offset;
    for (let a = shape.length - 1; a >= 0; a--) {
      off += (k % shape[a]) * strides[a];
      k = Math.floor(k / shape[a]);
    }
    return off;
  }
  if (index.length !== shape.length)
    throw new WtError(
      'WT_EINDEX',
      `item: incorrect number of indices for a tensor of ${shape.length} dimension${shape.length === 1 ? '' : 's'}: ${index.length}`,
    );
  let off = t._offset;
  index.forEach((v, a) => {
    const k = int(v);
    if (k < -shape[a] || k >= shape[a])
      throw new WtError('WT_EINDEX', `item: index ${k} is out of bounds for axis ${a} with size ${shape[a]}`);
    off += (k < 0 ? k + shape[a] : k) * strides[a];
  });
  return off;
}

// the parameters of Tensor's own methods (the registry declares the rest; params.js)
declareMethods('Tensor.', Tensor.prototype, {
  tobytes: '{!order}',
  fill: 'value',
  toArray: '',
  item: '...index',
  toTypedArray: '',
  dispose: '',
  toString: '',
  valueOf: '',
  setflags: '{write:bool, !align, !uic}',
});
