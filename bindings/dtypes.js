// The dtypes, in the order of the C enum wt_dtype, and their TypedArrays.
export const DTYPES = ['bool', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'float32', 'float64'];
export const ARRAYS = [Uint8Array, Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array];
export const MAX_DIMS = 16;

// the dtype a TypedArray's elements are: a Uint8Array holds uint8 (bool shares
// its class, never its meaning); null for arrays with no dtype (BigInt64Array)
export function dtypeOfArray(arr) {
  if (arr instanceof Uint8Array || arr instanceof Uint8ClampedArray) return 'uint8';
  const i = ARRAYS.indexOf(arr.constructor);
  return i < 0 ? null : DTYPES[i];
}
