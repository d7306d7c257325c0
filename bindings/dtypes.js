// The dtypes (codes and names from C, through abi.js) and their TypedArrays.
import { DTYPES, MAX_DIMS } from './abi.js';

export { DTYPES, MAX_DIMS };
const BY_NAME = {
  bool: Uint8Array,
  int8: Int8Array,
  uint8: Uint8Array,
  int16: Int16Array,
  uint16: Uint16Array,
  int32: Int32Array,
  uint32: Uint32Array,
  float32: Float32Array,
  float64: Float64Array,
  int64: BigInt64Array,
  uint64: BigUint64Array,
  // float16: the engine's Float16Array where it has one (Chromium, Deno,
  // Bun), else the bits in a Uint16Array, which toArray() and item() decode
  float16: globalThis.Float16Array ?? Uint16Array,
  // complex: the parts, interleaved (re, im)
  complex64: Float32Array,
  complex128: Float64Array,
};
import { isComplex } from './complex.js';
export const HALF_AS_BITS = typeof globalThis.Float16Array !== 'function';

// float16 bits -> number (exact: every half is a double)
export function halfToNumber(h) {
  const s = h & 0x8000 ? -1 : 1,
    e = (h >> 10) & 31,
    m = h & 1023;
  if (e === 31) return m ? NaN : s * Infinity;
  return s * (e ? 1024 + m : m) * 2 ** ((e || 1) - 25);
}
export const ARRAYS = DTYPES.map((d) => BY_NAME[d]);
// a float or complex dtype (NumPy's inexact kinds)
export const isInexact = (dt) => dt.startsWith('float') || dt.startsWith('complex');
// bytes per element (a complex element is two of its TypedArray's parts)
export const itemsizeOf = (dt) => ARRAYS[CODE[dt]].BYTES_PER_ELEMENT * (dt.startsWith('complex') ? 2 : 1);
export const CODE = Object.fromEntries(DTYPES.map((d, i) => [d, i]));

// the dtype a TypedArray's elements are: a Uint8Array holds uint8 (bool shares
// its class, never its meaning); null for arrays with no dtype
export function dtypeOfArray(arr) {
  if (arr instanceof Uint8Array || arr instanceof Uint8ClampedArray) return 'uint8';
  const i = ARRAYS.indexOf(arr.constructor);
  return i < 0 ? null : DTYPES[i];
}

const isInt32 = (v) => Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31;
const isIntegral = (v) => typeof v === 'bigint' || typeof v === 'boolean' || Number.isSafeInteger(v); // a Python int
const INT64_MAX = 2n ** 63n - 1n;

// NumPy's inference for JS values: all booleans -> bool; integers (booleans
// count as integers beside them) -> the default integer, int32 (int64 past its
// range); with a bigint among them, int64 (uint64 past its range: NumPy's rule
// for Python ints); with a complex among them, complex128; anything else, and
// no values at all, -> float64
export function defaultDtype(values) {
  if (!values.length) return 'float64';
  if (values.some(isComplex)) return 'complex128';
  if (values.every((v) => typeof v === 'boolean')) return 'bool';
  if (!values.every(isIntegral)) return 'float64';
  if (values.every((v) => typeof v === 'boolean' || isInt32(v))) return 'int32';
  return values.some((v) => typeof v === 'bigint' && v > INT64_MAX) ? 'uint64' : 'int64';
}
