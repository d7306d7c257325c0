// The argument helpers every topic module shares, at the bottom of bindings/
// (it imports only the core: errors, tensor, engine): options objects, axes,
// shapes, the tensor of a value, and wasm memory for argument arrays and for
// the several tensors one C call makes.  Declared parameters are params.js's.
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';

// LazyTensor (lazy/node.js) carries this brand, so the helpers know one without importing lazy/
export const LAZY = Symbol.for('wtensor.LazyTensor');
export const isLazy = (v) => v !== null && typeof v === 'object' && v[LAZY] === true;
// a Tensor or a LazyTensor: an operand the public functions take as it is
export const isTensorLike = (v) => v instanceof Tensor || isLazy(v);

// an option that was given (not undefined or null)
export const given = (v) => v !== undefined && v !== null;

// an options object ({} for none); anything else is refused
export function options(opts, what) {
  if (opts === undefined || opts === null) return {};
  if (typeof opts !== 'object' || isTensorLike(opts) || Array.isArray(opts))
    throw new WtError('WT_EINVAL', `${what}: options must be an object, got ${typeName(opts)}`);
  return opts;
}

// NumPy's AxisError message for an axis of an ndim tensor, normalized
export function axisOf(axis, ndim, name) {
  if (!Number.isInteger(axis))
    throw new WtError('WT_EINVAL', `${name}: axis must be an integer, got ${typeName(axis)}`);
  if (axis < -ndim || axis >= ndim)
    throw new WtError('WT_EINVAL', `${name}: axis ${axis} is out of bounds for array of dimension ${ndim}`);
  return axis < 0 ? axis + ndim : axis;
}

// the axes of an ndim tensor, normalized and unique (NumPy's normalize_axis_tuple)
export function axesOf(axes, ndim, name) {
  const list = (Array.isArray(axes) ? axes : [axes]).map((a) => axisOf(a, ndim, name));
  if (new Set(list).size !== list.length) throw new WtError('WT_EINVAL', `${name}: repeated axis in [${axes}]`);
  return list;
}

// a reduction's axis option: null or undefined names every axis
export const reducedAxes = (axis, ndim, name) =>
  axis === null || axis === undefined ? [...Array(ndim).keys()] : axesOf(axis, ndim, name);

// a shape argument: non-negative integers
export function shapeArg(v, name, what = 'shape') {
  if (!Array.isArray(v) || v.some((n) => !Number.isSafeInteger(n) || n < 0))
    throw new WtError('WT_EINVAL', `${name}: ${what} must be an array of non-negative integers, got ${typeName(v)}`);
  return v;
}

// a tensor of a value wt.tensor takes (a Tensor or LazyTensor as it is: a LazyTensor's views are its methods too)
export const asTensor = (api, v) => (isTensorLike(v) ? v : api.tensor(v));

// temporary wasm memory for argument arrays longer than the scratch slots
export function withTemp(engine, bytes, fn) {
  const p = engine.ex.wt_malloc(Math.max(bytes, 8));
  if (!p) throw new WtError('WT_ENOMEM', `out of memory passing ${bytes} bytes of arguments`);
  try {
    return fn(p);
  } finally {
    engine.ex.wt_free(p);
  }
}

// fn(pointer, n) with the tensors' handles as a C array of n pointers (ts[k] named label(k) in errors)
export function withHandles(engine, ts, label, fn) {
  const handles = ts.map((t, k) => engine.handle(t, label(k)));
  return withTemp(engine, 4 * handles.length, (p) => {
    handles.forEach((h, k) => engine.dv.setUint32(p + 4 * k, h, true));
    return fn(p, handles.length);
  });
}

// call(p0, p1, ...) with n out pointers; the tensors C made (null where it made none)
export function outs(api, n, call) {
  const e = api.e;
  return withTemp(e, 4 * n, (p) => {
    for (let k = 0; k < n; k++) e.dv.setUint32(p + 4 * k, 0, true);
    e.check(call(...Array.from({ length: n }, (_, k) => p + 4 * k)));
    return Array.from({ length: n }, (_, k) => {
      const ptr = e.dv.getUint32(p + 4 * k, true);
      return ptr ? e.adopt(ptr) : null;
    });
  });
}
