// NumPy's indexing, a[...] and a[...] = v, as t.get(...items) and
// t.set(items, value), and the functions NumPy builds on it: take, put,
// takeAlongAxis, putAlongAxis, nonzero, argwhere, flatnonzero, countNonzero,
// compress, extract.  The items become C's index string (src/index.c), in
// which '@' stands for each index tensor; C checks and does everything.
import { asTensor, axisOf, options, withHandles } from './args.js';
import { WtError } from './errors.js';
import { Tensor, sourceOf } from './tensor.js';
import { DTYPES } from './dtypes.js';
import { FLAG_READONLY } from './abi.js';
import { typeName } from './engine.js';
import { isLazy } from './lazy/node.js';

const ONE_ITEM = /^[^,@]*$/;

// a nested array (or boolean) as an index tensor: [] is an empty integer index, as NumPy's
function indexTensor(api, v) {
  const empty = Array.isArray(v) && v.flat(Infinity).length === 0;
  return api.tensor(v, empty ? { dtype: 'int32' } : undefined);
}

function itemString(v, name) {
  if (v === null) return 'None';
  if (typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v))) return String(v);
  if (typeof v === 'string') {
    if (!ONE_ITEM.test(v))
      throw new WtError('WT_EINVAL', `${name}: '${v}' is not one index item (pass each item as its own argument)`);
    return v;
  }
  throw new WtError(
    'WT_EINDEX',
    `${name}: only integers, slice strings ('1:5:2', ':'), '...', null and integer or boolean tensors are valid indices, got ${typeName(v)} ${typeof v === 'number' ? v : ''}`.trim(),
  );
}

// the items -> { spec, tensors, temps } (temps: tensors made here, the caller disposes them)
export function parseItems(api, list, name) {
  const parts = [],
    tensors = [],
    temps = [];
  try {
    for (const v of list) {
      const array = v instanceof Tensor || Array.isArray(v) || ArrayBuffer.isView(v) || typeof v === 'boolean';
      if (isLazy(v)) throw new WtError('WT_EINVAL', `${name}: an index must have values; a LazyTensor has none yet`);
      if (!array) {
        parts.push(itemString(v, name));
        continue;
      }
      const t = v instanceof Tensor ? v : indexTensor(api, v);
      if (t !== v) temps.push(t);
      tensors.push(t);
      parts.push('@');
    }
  } catch (e) {
    temps.forEach((t) => t.dispose());
    throw e;
  }
  return { spec: parts.join(', '), tensors, temps };
}

// The one rule for an index argument (ufunc.at's indices; t.set's list is always items): a JS
// array of items (index arrays, strings, null) is NumPy's tuple, one item per axis, as t.set
// reads it; a Tensor or TypedArray, a number or a string is one item.  Where a JS array can
// only be one index array (more entries than x has axes: [[0, 0], [2, 0]] into a 1-D x), it
// is that.  A JS array of numbers is NumPy's list (one integer-array index) where it can only
// be that (x has one axis, or the list one number); where it could also be one integer per
// axis (x[0, 1] against x[[0, 1]]) the readings differ, so it is refused, with the fix.
export function indexList(x, indices, name) {
  if (!Array.isArray(indices)) return [indices];
  const item = (v) =>
    v instanceof Tensor || Array.isArray(v) || ArrayBuffer.isView(v) || typeof v === 'string' || v === null;
  if (indices.some(item)) return indices.length > x.ndim && indices.every(Array.isArray) ? [indices] : indices;
  if (x.ndim <= 1 || indices.length <= 1) return [indices];
  throw new WtError(
    'WT_EINDEX',
    `${name}: [${indices.join(', ')}] could be one index array (NumPy's list) or one index per axis (NumPy's tuple); ` +
      `pass wt.tensor([${indices.join(', ')}]) for the first, or [[${indices.join('], [')}]] for the second`,
  );
}

// C's wt_index_get / wt_index_set with the parsed items
export function callIndex(api, name, x, list, call) {
  const e = api.e;
  const h = e.handle(x, `${name}: tensor`);
  const { spec, tensors, temps } = parseItems(api, list, name);
  try {
    const [sp, owned] = e.string(spec, `${name}: index`);
    try {
      withHandles(
        e,
        tensors,
        (k) => `${name}: index tensor ${k}`,
        (p, n) => e.check(call(h, sp, n, p)),
      );
    } finally {
      if (owned) e.ex.wt_free(owned);
    }
  } finally {
    temps.forEach((t) => t.dispose());
  }
}

export function get(api, x, ...list) {
  if (isLazy(x)) {
    const spec = list.map((v) => itemString(v, 'get')).join(', ');
    return x.graph._view('slice', x, [spec]);
  }
  const e = api.e;
  callIndex(api, 'get', x, list, (h, sp, n, p) => e.ex.wt_index_get(h, sp, n, p, e.outPtr));
  return sourceOf(x, e.adopt(e.takeOut())); // a basic index: a view
}

// a value to store: a scalar is stored into a 0-d tensor of x's dtype as assign stores it (NumPy 2's
// checks: an integer must fit, NaN is no integer, a complex number no real), anything else is a tensor
function valueTensor(api, x, v) {
  if (v instanceof Tensor) return [v, false];
  if (Array.isArray(v) || ArrayBuffer.isView(v)) return [api.tensor(v), true];
  const t = api.wt.zeros([], x.dtype);
  try {
    api.e.fns.assign(t, v);
  } catch (e) {
    t.dispose();
    throw e;
  }
  return [t, true];
}

// the dtypes a JS number goes into exactly by a TypedArray store: their integer ranges
const EXACT = {
  int8: [-128, 127],
  uint8: [0, 255],
  int16: [-32768, 32767],
  uint16: [0, 65535],
  int32: [-(2 ** 31), 2 ** 31 - 1],
  uint32: [0, 2 ** 32 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  uint64: [0, Number.MAX_SAFE_INTEGER],
};

// a[i, j] = v with an integer per axis and a number the dtype holds exactly (any number
// into float32/float64, an integer in range into an integer dtype, a boolean into bool):
// stored in place, no tensor made.  False: the general path decides (and raises).
function setOne(x, list, value) {
  const shape = x._shape,
    dtype = DTYPES[x._code];
  if (list.length !== shape.length || x._flags & FLAG_READONLY || x._e.detached || !x._ptr) return false;
  const range = EXACT[dtype];
  const exact =
    typeof value === 'boolean'
      ? dtype === 'bool'
      : typeof value === 'number' &&
        (range
          ? Number.isInteger(value) && value >= range[0] && value <= range[1]
          : dtype === 'float32' || dtype === 'float64');
  if (!exact) return false;
  const strides = x._strides;
  let off = x._offset;
  for (let a = 0; a < shape.length; a++) {
    let k = list[a];
    if (typeof k !== 'number' || !Number.isInteger(k) || k < -shape[a] || k >= shape[a]) return false;
    off += (k < 0 ? k + shape[a] : k) * strides[a];
  }
  const data = x.data;
  data[off] = dtype.endsWith('int64') ? BigInt(value) : +value;
  return true;
}

export function set(api, x, list, value) {
  const e = api.e;
  if (!Array.isArray(list)) list = [list];
  if (x instanceof Tensor && x._e === e && setOne(x, list, value)) return x;
  if (isLazy(x) || isLazy(value))
    throw new WtError('WT_EINVAL', 'set: runs eagerly; a LazyTensor has no storage to write into');
  e.handle(x, 'set: tensor');
  let v, owned;
  try {
    [v, owned] = valueTensor(api, x, value);
  } catch (err) {
    // NumPy finds a read-only target or a bad index before a bad value
    if (x.readOnly) throw new WtError('WT_EREADONLY', 'set: the tensor is read-only');
    get(api, x, ...list).dispose();
    throw err;
  }
  try {
    const hv = e.handle(v, 'set: value');
    callIndex(api, 'set', x, list, (h, sp, n, p) => e.ex.wt_index_set(h, sp, n, p, hv));
  } finally {
    if (owned) v.dispose();
  }
  return x;
}

// indices under take's mode: 'raise' (C checks them), 'wrap' or 'clip' over an axis of size n
function modeIndices(api, idx, mode, n, name) {
  const wt = api.wt;
  if (mode === undefined || mode === 'raise') return idx;
  if (mode !== 'wrap' && mode !== 'clip')
    throw new WtError('WT_EINVAL', `${name}: mode must be 'raise', 'wrap' or 'clip', got ${typeName(mode)}`);
  if (n === 0 && idx.size > 0) throw new WtError('WT_EINDEX', `${name}: cannot do a non-empty take from an empty axis`);
  return mode === 'wrap' ? wt.mod(idx, Math.max(n, 1)) : wt.clip(idx, 0, Math.max(n - 1, 0));
}

export function take(api, x, indices, opts) {
  const wt = api.wt;
  opts = typeof opts === 'number' || opts === null ? { axis: opts } : options(opts, 'take');
  return wt.tidy(() => {
    x = asTensor(api, x);
    let axis = opts.axis ?? null;
    if (axis === null) ((x = x.reshape([-1])), (axis = 0));
    else axis = axisOf(axis, x.ndim, 'take');
    const idx = modeIndices(api, asTensor(api, indices), opts.mode, x.shape[axis], 'take');
    return get(api, x, ...Array(axis).fill(':'), idx);
  });
}

// takeAlongAxis / putAlongAxis: the index items that pair indices with every other axis
function alongItems(api, x, idx, axis, name) {
  if (idx.ndim !== x.ndim)
    throw new WtError(
      'WT_ESHAPE',
      `${name}: indices and the tensor must have the same number of dimensions (${idx.ndim} and ${x.ndim})`,
    );
  return x.shape.map((n, i) => {
    if (i === axis) return idx;
    const shape = x.shape.map((_, j) => (j === i ? n : 1));
    return api.wt.arange(0, n, 1, 'int32').reshape(shape);
  });
}

function along(api, x, indices, axis, name, fn) {
  const wt = api.wt;
  return wt.tidy(() => {
    x = x instanceof Tensor ? x : api.tensor(x);
    const idx = asTensor(api, indices);
    let y = x,
      ax;
    if (axis === null) {
      if (idx.ndim !== 1) throw new WtError('WT_ESHAPE', `${name}: with axis null, indices must be 1-D`);
      ((y = x.reshape([-1])), (ax = 0));
    } else ax = axisOf(axis ?? -1, x.ndim, name);
    return fn(y, alongItems(api, y, idx, ax, name)); // putAlongAxis's fn returns nothing
  });
}

export const takeAlongAxis = (api, x, indices, axis = -1) =>
  along(api, x, indices, axis, 'takeAlongAxis', (y, items) => get(api, y, ...items));

export function putAlongAxis(api, x, indices, values, axis) {
  if (!(x instanceof Tensor)) throw new WtError('WT_EINVAL', `putAlongAxis: x must be a Tensor, got ${typeName(x)}`);
  if (axis === null && !x.isContiguous)
    throw new WtError(
      'WT_EINVAL',
      'putAlongAxis: with axis null, x must be C-contiguous (its flattened view is written)',
    );
  along(api, x, indices, axis, 'putAlongAxis', (y, items) => void set(api, y, items, values));
  return x;
}

// NumPy's put: x.flat[indices] = values, the values repeated as needed
export function put(api, x, indices, values, opts = {}) {
  const wt = api.wt;
  if (!(x instanceof Tensor)) throw new WtError('WT_EINVAL', `put: x must be a Tensor, got ${typeName(x)}`);
  opts = options(opts, 'put');
  wt.tidy(() => {
    const idx = modeIndices(api, asTensor(api, indices).reshape([-1]), opts.mode, x.size, 'put');
    let v = asTensor(api, values).reshape([-1]);
    if (v.size === 0 || idx.size === 0) return;
    if (v.size < idx.size) v = get(api, v, wt.mod(wt.arange(0, idx.size, 1, 'int32'), v.size));
    else if (v.size > idx.size) v = v.slice(`:${idx.size}`);
    if (x.isContiguous) return void set(api, x.reshape([-1]), [idx], v);
    const flat = x.flatten();
    set(api, flat, [idx], v);
    x.assign(flat.reshape(x.shape));
  });
  return x;
}

// C's nonzero: (ndim, count) int32 rows
function nonzeroRows(api, x) {
  const e = api.e;
  e.check(e.ex.wt_nonzero(e.handle(x, 'nonzero: tensor'), e.outPtr));
  return e.adopt(e.takeOut());
}

export function nonzero(api, x) {
  const wt = api.wt;
  return wt.tidy(() => {
    x = asTensor(api, x);
    if (x.ndim === 0)
      throw new WtError(
        'WT_EINVAL',
        'nonzero: calling nonzero on 0-d tensors is not allowed; use wt.atleast1d(x).nonzero() instead',
      );
    const r = nonzeroRows(api, x);
    return x.shape.map((_, k) => r.slice(String(k)));
  });
}

export function argwhere(api, x) {
  return api.wt.tidy(() => {
    x = asTensor(api, x);
    const t = nonzeroRows(api, x).T;
    return x.ndim === 0 ? t.slice(':, :0') : t;
  });
}

export const flatnonzero = (api, x) => api.wt.tidy(() => nonzero(api, asTensor(api, x).reshape([-1]))[0]);

export function countNonzero(api, x, opts) {
  opts = typeof opts === 'number' || Array.isArray(opts) ? { axis: opts } : options(opts, 'countNonzero');
  return api.wt.tidy(() =>
    asTensor(api, x)
      .astype('bool')
      .sum({ axis: opts.axis ?? null, keepdims: !!opts.keepdims, dtype: 'int32' }),
  );
}

export function compress(api, cond, x, opts) {
  opts = typeof opts === 'number' || opts === null ? { axis: opts } : options(opts, 'compress');
  return api.wt.tidy(() => {
    const c = asTensor(api, cond);
    if (c.ndim !== 1) throw new WtError('WT_ESHAPE', `compress: the condition must be 1-D, got shape [${c.shape}]`);
    return take(api, x, nonzero(api, c)[0], { axis: opts.axis ?? null });
  });
}

export const extract = (api, cond, x) =>
  api.wt.tidy(() => take(api, asTensor(api, x).reshape([-1]), flatnonzero(api, cond)));
