// The rest of NumPy's array plumbing real programs use: append, insert,
// delete, block, unravelIndex, ravelMultiIndex, mayShareMemory,
// sharesMemory, ndindex, ndenumerate.  Composed of C calls (index, concat,
// integer ops); descriptors are read, never elements, except where noted.
import { asTensor, axisOf, options, shapeArg } from './args.js';
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';

// x flattened for axis null, else x with axis normalized
function along(api, x, axis, name) {
  const t = asTensor(api, x);
  if (axis === null || axis === undefined) return [t.reshape([-1]), 0];
  return [t, axisOf(axis, t.ndim, name)];
}

export function append(api, x, values, axis = null) {
  return api.wt.tidy(() => {
    if (axis === null) return api.wt.concat([asTensor(api, x), asTensor(api, values)], null);
    return api.wt.concat([asTensor(api, x), asTensor(api, values)], axis);
  });
}

// integer positions along an axis of n: an integer, integers, or a slice string
function positions(api, obj, n, name) {
  const wt = api.wt;
  if (typeof obj === 'string') return wt.arange(0, n, 1, 'int32').slice(obj);
  const t = asTensor(api, Array.isArray(obj) && obj.length === 0 ? wt.zeros([0], 'int32') : obj);
  if (t.dtype === 'bool') {
    if (t.ndim !== 1 || t.size !== n)
      throw new WtError('WT_EINVAL', `${name}: a boolean index must be 1-D and of the axis's length ${n}`);
    return wt.flatnonzero(t);
  }
  if (!t.dtype.includes('int')) throw new WtError('WT_EINDEX', `${name}: indices must be integers, got ${t.dtype}`);
  return t;
}

export function deleteItems(api, x, obj, axis = null) {
  const wt = api.wt;
  return wt.tidy(() => {
    const [t, ax] = along(api, x, axis, 'delete');
    const n = t.shape[ax];
    const keep = wt.ones([n], 'bool');
    keep.set([positions(api, obj, n, 'delete')], false); // C checks the indices
    return wt.compress(keep, t, { axis: ax });
  });
}

// NumPy's insert: values before the given positions (one position: all of values there)
export function insert(api, x, obj, values, axis = null) {
  const wt = api.wt;
  return wt.tidy(() => {
    const [t, ax] = along(api, x, axis, 'insert');
    const n = t.shape[ax];
    let at = positions(api, obj, n + 1, 'insert');
    const scalar = at.ndim === 0;
    at = wt.where(wt.less(at, 0), wt.add(at, n), at).reshape([-1]);
    if (wt.any(wt.logicalOr(wt.less(at, 0), wt.greater(at, n))).item())
      throw new WtError('WT_EINDEX', `insert: index out of bounds for axis ${ax} with size ${n}`);
    let v = asTensor(api, values).astype(t.dtype);
    const shape = [...t.shape];
    if (scalar) {
      v = v.ndim === 0 ? v.reshape([1]) : v;
      v = wt.moveaxis(v.ndim < t.ndim ? v.reshape([...Array(t.ndim - v.ndim).fill(1), ...v.shape]) : v, 0, ax);
      shape[ax] = v.shape[ax];
      at = wt.full([shape[ax]], at.item(), 'int32');
    } else shape[ax] = at.size;
    const k = shape[ax];
    const vals = wt.broadcastTo(v, shape);
    // the new elements' places: stable order of the positions, each moved on by those before it
    const order = wt.argsort(at);
    const newPos = wt.zeros([k], 'int32');
    newPos.set([order], wt.add(wt.take(at, order), wt.arange(0, k, 1, 'int32')));
    const old = wt.ones([n + k], 'bool');
    old.set([newPos], false);
    const outShape = [...t.shape];
    outShape[ax] = n + k;
    const out = wt.empty(outShape, t.dtype);
    const lead = Array(ax).fill(':');
    out.set([...lead, old], t);
    out.set([...lead, newPos], vals);
    return out;
  });
}

// NumPy's block: nested lists joined innermost along the last axis, outward along earlier ones
export function block(api, arrays) {
  const wt = api.wt;
  const depth = (v) => (Array.isArray(v) && !(v instanceof Tensor) && Array.isArray(v[0]) ? 1 + depth(v[0]) : 0);
  if (!Array.isArray(arrays)) return wt.tidy(() => asTensor(api, arrays).copy());
  return wt.tidy(() => {
    const levels = depth(arrays) + 1;
    const leaves = [];
    const walk = (v, l) => {
      if (!Array.isArray(v) || l === levels) return leaves.push(asTensor(api, v));
      if (!v.length) throw new WtError('WT_EINVAL', 'block: lists cannot be empty');
      v.forEach((x) => walk(x, l + 1));
    };
    walk(arrays, 0);
    const nd = Math.max(levels, ...leaves.map((t) => t.ndim));
    const rec = (v, l) => {
      if (!Array.isArray(v) || l === levels) {
        const t = asTensor(api, v);
        return t.reshape([...Array(nd - t.ndim).fill(1), ...t.shape]);
      }
      return wt.concat(
        v.map((x) => rec(x, l + 1)),
        l - levels,
      );
    };
    return rec(arrays, 0);
  });
}

// the C-order strides (in elements) of a shape
const cStrides = (shape) => shape.map((_, i) => shape.slice(i + 1).reduce((a, b) => a * b, 1));

export function unravelIndex(api, indices, shape) {
  const wt = api.wt;
  return wt.tidy(() => {
    const idx = asTensor(api, indices);
    const size = shapeArg(shape, 'unravelIndex').reduce((a, b) => a * b, 1);
    if (!idx.dtype.includes('int'))
      throw new WtError('WT_EDTYPE', `unravelIndex: indices must be integers, got ${idx.dtype}`);
    if (wt.any(wt.logicalOr(wt.less(idx, 0), wt.greaterEqual(idx, size))).item())
      throw new WtError('WT_EINVAL', `unravelIndex: an index is out of bounds for a tensor of size ${size}`);
    return cStrides(shape).map((s, i) => wt.mod(wt.floorDiv(idx, s), shape[i]).astype('int32'));
  });
}

export function ravelMultiIndex(api, multiIndex, dims, opts) {
  const wt = api.wt;
  const mode = options(opts, 'ravelMultiIndex').mode ?? 'raise';
  shapeArg(dims, 'ravelMultiIndex', 'dims');
  if (!Array.isArray(multiIndex) || multiIndex.length !== dims.length)
    throw new WtError('WT_EINVAL', `ravelMultiIndex: needs ${dims.length} index arrays, one per dimension`);
  return wt.tidy(() => {
    const strides = cStrides(dims);
    let flat = wt.zeros([], 'int32');
    multiIndex.forEach((v, i) => {
      let ix = asTensor(api, v);
      const n = dims[i];
      if (mode === 'wrap') ix = wt.mod(ix, n);
      else if (mode === 'clip') ix = wt.clip(ix, 0, n - 1);
      else if (wt.any(wt.logicalOr(wt.less(ix, 0), wt.greaterEqual(ix, n))).item())
        throw new WtError('WT_EINVAL', 'ravelMultiIndex: invalid entry in coordinates array');
      flat = wt.add(flat, wt.mul(ix, strides[i]));
    });
    return flat.astype('int32');
  });
}

// the storage bytes a tensor's elements reach: [lo, hi) (null for none)
export function byteExtent(t) {
  if (t.size === 0) return null;
  const is = t.itemsize;
  let lo = t.offset,
    hi = t.offset;
  t.shape.forEach((n, i) => (t.strides[i] < 0 ? (lo += (n - 1) * t.strides[i]) : (hi += (n - 1) * t.strides[i])));
  return [t._base + lo * is, t._base + (hi + 1) * is];
}

export function mayShareMemory(api, a, b) {
  if (!(a instanceof Tensor) || !(b instanceof Tensor)) return false;
  const x = byteExtent(a),
    y = byteExtent(b);
  return !!x && !!y && x[0] < y[1] && y[0] < x[1];
}

// exact overlap: the smaller's bytes, then the other's (reads descriptors only; bounded work, as NumPy's max_work)
export function sharesMemory(api, a, b) {
  if (!mayShareMemory(api, a, b)) return false;
  const [s, l] = a.size * a.itemsize <= b.size * b.itemsize ? [a, b] : [b, a];
  if (s.size * s.itemsize > 1 << 24)
    throw new WtError('WT_EINVAL', 'sharesMemory: too hard to decide exactly (use mayShareMemory for the bound)');
  const bytes = new Set();
  for (const off of offsets(s)) for (let k = 0; k < s.itemsize; k++) bytes.add(s._base + off * s.itemsize + k);
  for (const off of offsets(l))
    for (let k = 0; k < l.itemsize; k++) if (bytes.has(l._base + off * l.itemsize + k)) return true;
  return false;
}

function* offsets(t) {
  for (const idx of ndindex(null, t.shape)) yield idx.reduce((o, v, i) => o + v * t.strides[i], t.offset);
}

// NumPy's ndindex and ndenumerate: every index of a shape in C order (with the element)
export function* ndindex(api, ...shape) {
  const dims = shape.length === 1 && Array.isArray(shape[0]) ? shape[0] : shape;
  if (dims.some((n) => !Number.isInteger(n) || n < 0))
    throw new WtError('WT_EINVAL', `ndindex: the shape must be non-negative integers, got ${typeName(shape)}`);
  if (dims.some((n) => n === 0)) return;
  const idx = dims.map(() => 0);
  for (;;) {
    yield idx.slice();
    let i = dims.length - 1;
    for (; i >= 0 && ++idx[i] === dims[i]; i--) idx[i] = 0;
    if (i < 0) return;
  }
}
export function* ndenumerate(api, x) {
  const t = x instanceof Tensor ? x : api.tensor(x);
  for (const idx of ndindex(api, t.shape)) yield [idx, t._at(idx.reduce((o, v, i) => o + v * t.strides[i], t.offset))];
}
