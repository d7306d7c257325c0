// Creation from JS values: wt.tensor (nested arrays, numbers, TypedArrays),
// and the dtype defaults of full and arange.  `c` holds the C creation
// functions as the registry declares them (empty, zeros, full, ...).
import { WtError } from './errors.js';
import { typeName } from './engine.js';
import { ARRAYS, CODE, MAX_DIMS, dtypeOfArray } from './dtypes.js';
import { Tensor } from './tensor.js';

// nested arrays -> [shape, flat values]; ragged input is an error
function flatten(data) {
  const shape = [];
  for (let d = data; Array.isArray(d); d = d[0]) {
    shape.push(d.length);
    if (shape.length > MAX_DIMS)
      throw new WtError('WT_ESHAPE', `tensor: nested arrays are deeper than ${MAX_DIMS} dimensions`);
    if (d.length === 0) break;
  }
  const flat = [];
  const walk = (d, depth) => {
    if (depth === shape.length) {
      if (typeof d !== 'number' && typeof d !== 'boolean') {
        throw new WtError('WT_EINVAL', `tensor: elements must be numbers or booleans, got ${typeName(d)}`);
      }
      flat.push(d);
      return;
    }
    if (!Array.isArray(d) || d.length !== shape[depth]) {
      const got = Array.isArray(d) ? d.length : typeName(d);
      throw new WtError(
        'WT_ESHAPE',
        `tensor: nested arrays are ragged at depth ${depth}: expected ${shape[depth]} elements, got ${got}`,
      );
    }
    for (const x of d) walk(x, depth + 1);
  };
  walk(data, 0);
  return [shape, flat];
}

const isInt32 = (v) => Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31;

// NumPy's inference for JS values: all booleans -> bool; integers (booleans
// count as integers beside them) -> the default integer, int32 (float64 past
// its range until int64 exists); anything else, and no values at all, -> float64
function defaultDtype(values) {
  if (!values.length) return 'float64';
  if (values.every((v) => typeof v === 'boolean')) return 'bool';
  return values.every((v) => typeof v === 'boolean' || isInt32(v)) ? 'int32' : 'float64';
}

function typedDtype(arr) {
  const dtype = dtypeOfArray(arr);
  if (!dtype)
    throw new WtError(
      'WT_EDTYPE',
      `tensor: ${arr.constructor.name} has no wtensor dtype (int64 is not supported yet; wt.fromArrayLike converts exact values)`,
    );
  return dtype;
}

// data -> [shape, values, the dtype values already have (TypedArrays) or undefined]
function parse(data) {
  if (typeof data === 'number' || typeof data === 'boolean') return [[], [data]];
  if (ArrayBuffer.isView(data) && !(data instanceof DataView)) return [[data.length], data, typedDtype(data)];
  if (Array.isArray(data)) return flatten(data);
  throw new WtError(
    'WT_EINVAL',
    `tensor: data must be a number, a boolean, nested arrays or a TypedArray, got ${typeName(data)}`,
  );
}

// JS numbers are Python ints and floats: into an integer dtype NumPy takes
// int(v) and raises beyond the bounds (OverflowError) or for NaN (ValueError);
// a TypedArray's values convert as astype does
function checkRange(values, dtype) {
  const bytes = ARRAYS[CODE[dtype]].BYTES_PER_ELEMENT,
    signed = dtype.startsWith('int');
  if (!signed && !dtype.startsWith('uint')) return;
  const lo = signed ? -(2 ** (8 * bytes - 1)) : 0,
    hi = signed ? 2 ** (8 * bytes - 1) - 1 : 2 ** (8 * bytes) - 1;
  for (const v of values) {
    if (typeof v !== 'number') continue;
    if (Number.isNaN(v)) throw new WtError('WT_EINVAL', `tensor: cannot convert NaN to ${dtype}`);
    if (!(Math.trunc(v) >= lo && Math.trunc(v) <= hi)) {
      throw new WtError('WT_EDTYPE', `tensor: ${v} is out of bounds for ${dtype}`); // as int(v) in NumPy
    }
  }
}

// values enter wasm in their own type (a TypedArray's, else float64); C then
// casts them to dtype with NumPy's assignment rules
function fill(c, dst, values, stage) {
  if (dst.size !== values.length) {
    throw new WtError('WT_ESHAPE', `tensor: ${values.length} values cannot fill shape (${dst.shape.join(',')})`);
  }
  if (!stage) checkRange(values, dst.dtype);
  const src = stage === dst.dtype ? dst : c.empty(stage ?? 'float64', [values.length]);
  try {
    const view = src.data;
    if (ArrayBuffer.isView(values)) view.set(values);
    else for (let i = 0; i < values.length; i++) view[i] = Number(values[i]);
    if (src !== dst) dst.reshape([-1]).assign(src).dispose();
  } finally {
    if (src !== dst) src.dispose();
  }
}

export function creation(c) {
  function tensor(data, opts = {}) {
    if (opts === null || typeof opts !== 'object')
      throw new WtError('WT_EINVAL', `tensor: options must be an object, got ${typeName(opts)}`);
    if (data instanceof Tensor) return data.astype(opts.dtype ?? data.dtype);
    const [shape, values, stage] = parse(data);
    const dst = c.empty(opts.dtype ?? stage ?? defaultDtype(values), opts.shape ?? shape);
    try {
      fill(c, dst, values, stage);
    } catch (e) {
      dst.dispose();
      throw e;
    }
    return dst;
  }
  const full = (shape, value, dtype) =>
    c.full(
      dtype ?? (typeof value === 'number' || typeof value === 'boolean' ? defaultDtype([value]) : 'float64'),
      shape,
      value,
    );
  // arange(stop) or arange(start, stop, step = 1, dtype)
  function arange(start, stop, step = 1, dtype) {
    if (stop === undefined || stop === null) [start, stop] = [0, start];
    return c.arange(start, stop, step, dtype ?? defaultDtype([start, stop, step]));
  }
  return { tensor, full, arange };
}
