// Creation from JS values: wt.tensor (nested arrays, numbers, TypedArrays),
// and the dtype defaults of full and arange.  `c` holds the C creation
// functions as the registry declares them (empty, zeros, full, ...).
import { WtError } from './errors.js';
import { typeName } from './engine.js';
import { ARRAYS, CODE, MAX_DIMS, defaultDtype, dtypeOfArray } from './dtypes.js';
import { Tensor } from './tensor.js';
import { isComplex, isComplexDtype } from './complex.js';

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
      if (typeof d !== 'number' && typeof d !== 'boolean' && typeof d !== 'bigint' && !isComplex(d)) {
        throw new WtError(
          'WT_EINVAL',
          `tensor: elements must be numbers, bigints, booleans or {re, im} complex numbers, got ${typeName(d)}`,
        );
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

function typedDtype(arr) {
  const dtype = dtypeOfArray(arr);
  if (!dtype) throw new WtError('WT_EDTYPE', `tensor: ${arr.constructor.name} has no wtensor dtype`);
  return dtype;
}

// data -> [shape, values, the dtype values already have (TypedArrays) or undefined]
function parse(data) {
  if (typeof data === 'number' || typeof data === 'boolean' || typeof data === 'bigint' || isComplex(data))
    return [[], [data]];
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
  const bits = BigInt(8 * ARRAYS[CODE[dtype]].BYTES_PER_ELEMENT),
    signed = dtype.startsWith('int');
  if (!signed && !dtype.startsWith('uint')) return;
  const lo = signed ? -(2n ** (bits - 1n)) : 0n,
    hi = signed ? 2n ** (bits - 1n) - 1n : 2n ** bits - 1n;
  for (const v of values) {
    if (typeof v !== 'number' && typeof v !== 'bigint') continue;
    if (Number.isNaN(v)) throw new WtError('WT_EINVAL', `tensor: cannot convert NaN to ${dtype}`);
    const i = typeof v === 'bigint' ? v : Number.isFinite(v) ? BigInt(Math.trunc(v)) : null;
    if (i === null || i < lo || i > hi) {
      throw new WtError('WT_EDTYPE', `tensor: ${v} is out of bounds for ${dtype}`); // as int(v) in NumPy
    }
  }
}

// the dtype JS values are written in before C casts them: float64, or int64 /
// uint64 when bigints are among integers (exact at any size)
function stageOf(values) {
  if (values.some(isComplex)) return 'complex128';
  if (!values.some((v) => typeof v === 'bigint')) return 'float64';
  const d = defaultDtype(values);
  if (d !== 'int64' && d !== 'uint64') return 'float64';
  // values no one 64-bit integer holds (2n ** 64n, or -2 beside 2n ** 63n) go in as doubles:
  // into a float dtype that is NumPy's float(int); into an integer one checkRange has refused them
  const [lo, hi] = d === 'int64' ? [-(2n ** 63n), 2n ** 63n - 1n] : [0n, 2n ** 64n - 1n];
  const fits = (v) => (typeof v !== 'bigint' && typeof v !== 'number' ? true : BigInt(v) >= lo && BigInt(v) <= hi);
  return values.every(fits) ? d : 'float64';
}

// values enter wasm in their own type (a TypedArray's, else float64); C then
// casts them to dtype with NumPy's assignment rules
function fill(c, dst, values, stage) {
  if (dst.size !== values.length) {
    throw new WtError('WT_ESHAPE', `tensor: ${values.length} values cannot fill shape (${dst.shape.join(',')})`);
  }
  if (!stage) checkRange(values, dst.dtype);
  const from = stage ?? stageOf(values),
    big = from === 'int64' || from === 'uint64';
  if (from === 'complex128' && !stage && !isComplexDtype(dst.dtype)) {
    throw new WtError('WT_EDTYPE', `tensor: a complex value cannot be stored in ${dst.dtype} (NumPy's TypeError)`);
  }
  const src = from === dst.dtype ? dst : c.empty(from, [values.length]);
  try {
    const view = src.data;
    if (ArrayBuffer.isView(values)) view.set(values);
    else if (big) for (let i = 0; i < values.length; i++) view[i] = BigInt(values[i]);
    else if (from === 'complex128') values.forEach((v, i) => writeComplex(view, i, v));
    else for (let i = 0; i < values.length; i++) view[i] = Number(values[i]);
    if (src !== dst) dst.reshape([-1]).assign(src).dispose();
  } finally {
    if (src !== dst) src.dispose();
  }
}

// a value into element i of complex128 parts: a number or boolean has imaginary part 0
function writeComplex(view, i, v) {
  const c = isComplex(v);
  view[2 * i] = c ? v.re : Number(v);
  view[2 * i + 1] = c ? v.im : 0;
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
  const full = (shape, value, dtype) => {
    const dt =
      dtype ??
      (['number', 'boolean', 'bigint'].includes(typeof value) || isComplex(value) ? defaultDtype([value]) : 'float64');
    if (typeof value !== 'bigint' && !isComplex(value)) return c.full(dt, shape, value);
    const one = tensor(value, { dtype: dt }); // exact at any size, range-checked
    try {
      const t = c.empty(dt, shape);
      return t.assign(one);
    } finally {
      one.dispose();
    }
  };
  // arange(stop) or arange(start, stop, step = 1, dtype)
  function arange(start, stop, step = 1, dtype) {
    if (stop === undefined || stop === null) [start, stop] = [0, start];
    return c.arange(start, stop, step, dtype ?? defaultDtype([start, stop, step]));
  }
  return { tensor, full, arange };
}
