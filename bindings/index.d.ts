// Types for wtensor's JavaScript API (hand-written; checked by `tsc --noEmit`
// against tests/js/types/usage.ts in the test suite).

export type DType =
  | 'bool'
  | 'int8'
  | 'uint8'
  | 'int16'
  | 'uint16'
  | 'int32'
  | 'uint32'
  | 'int64'
  | 'uint64'
  | 'float16'
  | 'float32'
  | 'float64'
  | 'complex64'
  | 'complex128';

/** The TypedArray a dtype's storage is seen through (bool as Uint8Array). */
export interface DTypeArrays {
  bool: Uint8Array;
  int8: Int8Array;
  uint8: Uint8Array;
  int16: Int16Array;
  uint16: Uint16Array;
  int32: Int32Array;
  uint32: Uint32Array;
  float32: Float32Array;
  float64: Float64Array;
  int64: BigInt64Array;
  uint64: BigUint64Array;
  /** The engine's Float16Array where it has one; else the bits, decoded by toArray() and item(). */
  float16: Uint16Array;
  /** complex: the parts, interleaved; element k's are data[2k] (re) and data[2k + 1] (im) */
  complex64: Float32Array;
  complex128: Float64Array;
}
export type AnyTypedArray = DTypeArrays[DType];

/** Status names of the C API, plus WT_ELOAD, WT_EDISPOSED and WT_ETHREADS from the JS layer. */
export type WtErrorCode =
  | 'WT_EINVAL'
  | 'WT_ESHAPE'
  | 'WT_EDTYPE'
  | 'WT_ENOMEM'
  | 'WT_EREADONLY'
  | 'WT_EINDEX'
  | 'WT_ESYNTAX'
  | 'WT_EBOUNDS'
  | 'WT_ELOAD'
  | 'WT_EDISPOSED'
  | 'WT_ETHREADS';

export class WtError extends Error {
  readonly name: 'WtError';
  readonly code: WtErrorCode;
  constructor(code: WtErrorCode, message: string);
}

/** A complex number: toArray() and item() give plain {re, im} objects; wt.complex(re, im) makes one. */
export interface ComplexLike {
  readonly re: number;
  readonly im: number;
}
/** np.emath: the operand is checked (any x < 0, any |x| > 1) and computed in complex where needed. */
export interface Emath {
  sqrt(x: Operand | NestedArray): Tensor;
  log(x: Operand | NestedArray): Tensor;
  log2(x: Operand | NestedArray): Tensor;
  log10(x: Operand | NestedArray): Tensor;
  /** log base n of x */
  logn(n: Operand | NestedArray, x: Operand | NestedArray): Tensor;
  power(x: Operand | NestedArray, p: Operand | NestedArray): Tensor;
  pow(x: Operand | NestedArray, p: Operand | NestedArray): Tensor;
  arccos(x: Operand | NestedArray): Tensor;
  arcsin(x: Operand | NestedArray): Tensor;
  arctanh(x: Operand | NestedArray): Tensor;
  acos(x: Operand | NestedArray): Tensor;
  asin(x: Operand | NestedArray): Tensor;
  atanh(x: Operand | NestedArray): Tensor;
}

/** A matrix operand of wt.linalg: its last two axes are the matrix, any leading ones a stack. */
type Mat = Tensor | NestedArray | AnyTypedArray;
/** matrixNorm's and norm's orders: Frobenius, nuclear, max/min column sums (1, -1), spectral (2, -2), row sums (±Infinity). */
export type MatrixOrd = 'fro' | 'nuc' | 1 | -1 | 2 | -2 | number;
/** The norm of a Fourier transform: the factor 1/n on the inverse ('backward', the default), 1/sqrt(n) both ways, or 1/n forward. */
export type FftNorm = 'backward' | 'ortho' | 'forward';
/** One-axis transforms' options: n points along axis (cropped or zero-padded; default the input's), norm, out. */
export interface FftOptions {
  n?: number | null;
  axis?: number;
  norm?: FftNorm | null;
  out?: Tensor;
}
/** n-dimensional transforms' options: s points along axes (default: all axes, or the last s.length; the 2-D forms -2, -1). */
export interface FftNOptions {
  s?: (number | null)[] | null;
  axes?: number[] | null;
  norm?: FftNorm | null;
  out?: Tensor;
}
/** wt.fft: the Array API's fft extension and numpy.fft on a mixed-radix FFT (Bluestein's for large primes), any
 * length, O(n log n).  float32, float16 and complex64 compute in single precision and give complex64 (irfft, hfft:
 * float32); every other dtype gives complex128 (float64).  Any strided or negative-stride view. */
export interface Fft {
  /** sum_j x_j exp(-2 pi i jk / n) along axis (default -1); fft(x, n) is fft(x, {n}). */
  fft(x: Mat, options?: FftOptions | number): Tensor;
  ifft(x: Mat, options?: FftOptions | number): Tensor;
  /** The n/2 + 1 non-negative frequencies of a real x's transform (complex x is refused, as NumPy). */
  rfft(x: Mat, options?: FftOptions | number): Tensor;
  /** The n reals (default n: 2 (m - 1)) whose rfft is x; the imaginary parts of x_0 and x_(n/2) are ignored. */
  irfft(x: Mat, options?: FftOptions | number): Tensor;
  /** The real transform of a Hermitian-symmetric signal given by its first half. */
  hfft(x: Mat, options?: FftOptions | number): Tensor;
  ihfft(x: Mat, options?: FftOptions | number): Tensor;
  fftn(x: Mat, options?: FftNOptions | (number | null)[]): Tensor;
  ifftn(x: Mat, options?: FftNOptions | (number | null)[]): Tensor;
  rfftn(x: Mat, options?: FftNOptions | (number | null)[]): Tensor;
  irfftn(x: Mat, options?: FftNOptions | (number | null)[]): Tensor;
  fft2(x: Mat, options?: FftNOptions | (number | null)[]): Tensor;
  ifft2(x: Mat, options?: FftNOptions | (number | null)[]): Tensor;
  rfft2(x: Mat, options?: FftNOptions | (number | null)[]): Tensor;
  irfft2(x: Mat, options?: FftNOptions | (number | null)[]): Tensor;
  /** The sample frequencies [0, 1, ..., -n/2, ..., -1] / (d n), float64 unless dtype. */
  fftfreq(n: number, options?: { d?: number; dtype?: 'float32' | 'float64' } | number): Tensor;
  /** [0, 1, ..., n/2] / (d n). */
  rfftfreq(n: number, options?: { d?: number; dtype?: 'float32' | 'float64' } | number): Tensor;
  /** The zero frequency moved to the centre: a roll by half of each axis in axes (default all). */
  fftshift(x: Mat, options?: { axes?: number | number[] | null } | number | number[]): Tensor;
  ifftshift(x: Mat, options?: { axes?: number | number[] | null } | number | number[]): Tensor;
}
/** wt.linalg: the Array API's linalg extension and numpy.linalg.  Every function works on stacks of
 * matrices (the leading axes); float32 and complex64 stay single precision, integers and bool give
 * float64, float16 is refused.  A singular matrix (solve, inv), one not positive definite (cholesky)
 * or a non-converging iteration is a WtError with code WT_ELINALG (NumPy's LinAlgError). */
export interface Linalg {
  /** L with A = L L^H (lower), or U = L^H with {upper: true} (reading the upper triangle). */
  cholesky(x: Mat, options?: { upper?: boolean }): Tensor;
  /** The cross product of 3-vectors along axis (default -1). */
  cross(x1: Mat, x2: Mat, options?: { axis?: number }): Tensor;
  det(x: Mat): Tensor;
  /** The diagonals of the last two axes. */
  diagonal(x: Mat, options?: { offset?: number } | number): Tensor;
  /** Eigenvalues (real when all of them are, for a real x) and unit right eigenvectors. */
  eig(x: Mat): Tuple<{ eigenvalues: Tensor; eigenvectors: Tensor }>;
  /** Hermitian: eigenvalues ascending (real dtype) and orthonormal eigenvectors; UPLO picks the triangle read. */
  eigh(x: Mat, options?: { UPLO?: 'L' | 'U' } | 'L' | 'U'): Tuple<{ eigenvalues: Tensor; eigenvectors: Tensor }>;
  eigvals(x: Mat): Tensor;
  eigvalsh(x: Mat, options?: { UPLO?: 'L' | 'U' } | 'L' | 'U'): Tensor;
  inv(x: Mat): Tensor;
  matmul(x1: Mat, x2: Mat): Tensor;
  matrixNorm(x: Mat, options?: { ord?: MatrixOrd; keepdims?: boolean }): Tensor;
  /** x to the integer power n (n < 0: of inv(x)); integer matrices stay integer for n >= 0. */
  matrixPower(x: Mat, n: number): Tensor;
  /** Singular values above tol (default: max(M, N) eps s_max, or rtol s_max); int64. */
  matrixRank(x: Mat, options?: { rtol?: number | Mat; tol?: number | Mat; hermitian?: boolean }): Tensor;
  matrixTranspose(x: Mat): Tensor;
  /** The outer product of two 1-D tensors. */
  outer(x1: Mat, x2: Mat): Tensor;
  /** The pseudo-inverse by SVD; cutoff rcond (default 1e-15, NumPy's) or rtol (null: max(M, N) eps) times s_max. */
  pinv(x: Mat, options?: { rtol?: number | Mat | null; rcond?: number | Mat; hermitian?: boolean }): Tensor;
  qr(x: Mat, options?: { mode?: 'reduced' | 'complete' } | 'reduced' | 'complete'): Tuple<{ Q: Tensor; R: Tensor }>;
  qr(x: Mat, options: { mode: 'r' } | 'r'): Tensor;
  slogdet(x: Mat): Tuple<{ sign: Tensor; logabsdet: Tensor }>;
  /** x with a x = b: a 1-D b is one vector for every matrix (NumPy 2), else b is a stack of matrices (..., M, K). */
  solve(a: Mat, b: Mat): Tensor;
  svd(
    x: Mat,
    options?: { fullMatrices?: boolean; computeUv?: true; hermitian?: boolean },
  ): Tuple<{ U: Tensor; S: Tensor; Vh: Tensor }>;
  svd(x: Mat, options: { computeUv: false; hermitian?: boolean }): Tensor;
  svdvals(x: Mat): Tensor;
  tensordot(
    x1: Mat,
    x2: Mat,
    options?: { axes?: number | [number[], number[]] } | number | [number[], number[]],
  ): Tensor;
  /** The sum of the diagonals of the last two axes. */
  trace(x: Mat, options?: { offset?: number; dtype?: DType } | number): Tensor;
  vecdot(x1: Mat, x2: Mat, options?: { axis?: number } | number): Tensor;
  /** ord 2 (default), 1, ±Infinity, 0 (the count of nonzeros) or any p, over axis (all when null). */
  vectorNorm(x: Mat, options?: { ord?: number; axis?: number | number[] | null; keepdims?: boolean }): Tensor;
  /** NumPy's least squares: the minimum-norm x, residuals (full column rank and M > N only), rank, singular values. */
  lstsq(
    a: Mat,
    b: Mat,
    options?: { rcond?: number | null },
  ): Tuple<{ x: Tensor; residuals: Tensor; rank: number; s: Tensor }>;
  /** NumPy's norm: 2-norm of everything (ord and axis null), a vector norm along one axis, a matrix norm over two. */
  norm(
    x: Mat,
    options?: { ord?: MatrixOrd | null; axis?: number | number[] | null; keepdims?: boolean } | MatrixOrd,
  ): Tensor;
  /** The condition number: the extreme singular values' ratio (p null, 2, -2), else norm(x, p) norm(inv(x), p). */
  cond(x: Mat, p?: MatrixOrd | null): Tensor;
  /** The product of a chain in the cheapest order; the first and last may be 1-D. */
  multiDot(arrays: Mat[]): Tensor;
  tensorsolve(a: Mat, b: Mat, axes?: number[] | null): Tensor;
  tensorinv(a: Mat, ind?: number): Tensor;
}

/** NumPy's poly1d: coefficients highest power first (leading zeros trimmed); call(x) is NumPy's p(x). */
export interface Poly1d {
  readonly coeffs: Tensor;
  readonly c: Tensor;
  readonly coef: Tensor;
  readonly coefficients: Tensor;
  readonly order: number;
  readonly roots: Tensor;
  readonly r: Tensor;
  readonly variable: string;
  /** p(x) for a tensor x; the composition p(x(t)) for a poly1d x. */
  call(x: Operand): Tensor;
  call(x: Poly1d): Poly1d;
  deriv(m?: number): Poly1d;
  integ(m?: number, k?: number | number[]): Poly1d;
  add(other: Poly1d | Operand): Poly1d;
  sub(other: Poly1d | Operand): Poly1d;
  mul(other: Poly1d | Operand): Poly1d;
  /** [quotient, remainder] */
  div(other: Poly1d | Operand): [Poly1d, Poly1d];
  pow(n: number): Poly1d;
  /** Frees the coefficients (a poly1d keeps them beyond tidy scopes). */
  dispose(): void;
  [Symbol.dispose](): void;
}
/** numpy.polynomial's series: real coefficients lowest degree first, the argument mapped from domain to window. */
export interface Series {
  readonly coef: number[];
  readonly domain: [number, number];
  readonly window: [number, number];
  readonly symbol: string;
  /** p(x): a number for a number, a float64 (or complex128) tensor otherwise. */
  call(x: number): number;
  call(x: Operand): Tensor;
  degree(): number;
  /** [off, scl] with window = off + scl * domain */
  mapparms(): [number, number];
  deriv(m?: number): Series;
  /** m antiderivatives with constants k, the lower bound lbnd (in the domain) */
  integ(m?: number, k?: number | number[], lbnd?: number): Series;
  /** The roots in the domain (complex when any is), ascending. */
  roots(): Tensor;
  /** n points of the domain (or the one given) and the series at them */
  linspace(n?: number, domain?: [number, number] | null): [Tensor, Tensor];
  add(other: Series | number): Series;
  sub(other: Series | number): Series;
  /** The same function as a series of kind (this class by default) over domain and window ([-1, 1]). */
  convert(options?: {
    domain?: [number, number] | null;
    kind?: SeriesClass | null;
    window?: [number, number] | null;
  }): Series;
}
export interface SeriesClass {
  new (
    coef: number[] | Tensor,
    options?: { domain?: [number, number]; window?: [number, number]; symbol?: string },
  ): Series;
  /** The least-squares fit of degree deg (domain default: x's range; window default [-1, 1]). */
  fit(
    x: Operand,
    y: Operand,
    deg: number,
    options?: {
      domain?: [number, number] | [];
      window?: [number, number];
      w?: Operand;
      rcond?: number;
      full?: false;
      symbol?: string;
    },
  ): Series;
  fit(
    x: Operand,
    y: Operand,
    deg: number,
    options: { full: true } & Record<string, unknown>,
  ): [Series, [number[], number, number[], number]];
  fromRoots(roots: number[], options?: { domain?: [number, number]; window?: [number, number] }): Series;
}
/** wt.polynomial: numpy.polynomial's classes. */
export interface PolynomialNamespace {
  readonly Polynomial: SeriesClass;
  readonly Chebyshev: SeriesClass;
  readonly Legendre: SeriesClass;
}

/** Nested arrays of numbers, bigints (int64, uint64), booleans or complex numbers, as returned by toArray(). */
export type NestedArray = number | bigint | boolean | ComplexLike | NestedArray[];

export type Shape = readonly number[] | number;

/** An index item of t.get / t.set (NumPy's a[...]): an integer, a slice string ('1:5:2', ':', '::-1'),
 *  '...', null (a new axis), or an integer or boolean tensor or nested array (advanced indexing). */
export type IndexItem = number | bigint | string | null | boolean | Tensor | NestedArray;

/** take's options: NumPy's axis (null: the flattened tensor) and mode; put's: mode. */
export interface TakeOptions {
  axis?: number | null;
  mode?: 'raise' | 'wrap' | 'clip';
}
export interface PutOptions {
  mode?: 'raise' | 'wrap' | 'clip';
}

/** sort's and argsort's options: axis (default -1; null: the flattened tensor), descending (equal values keep
 *  their order, NaN first); the sort is always stable. */
export interface SortOptions {
  axis?: number | null;
  descending?: boolean;
  stable?: boolean;
  /** NumPy's kind (quicksort, mergesort, heapsort, stable): checked; the sort is always stable. */
  kind?: string;
}
/** partition's options: NumPy's axis and kind ('introselect'). */
export interface PartitionOptions {
  axis?: number | null;
  kind?: 'introselect';
}

/** NumPy's unique with return* options (an object of the requested results, named as uniqueAll's). */
export interface UniqueOptions {
  returnIndex?: boolean;
  returnInverse?: boolean;
  returnCounts?: boolean;
  axis?: number | null;
  equalNan?: boolean;
}
export interface UniqueResult {
  values: Tensor;
  indices?: Tensor;
  inverseIndices?: Tensor;
  counts?: Tensor;
}
export interface TopK {
  values: Tensor;
  indices: Tensor;
}
type Values = Tensor | NestedArray | AnyTypedArray;
export type PadMode = 'constant' | 'edge' | 'reflect' | 'symmetric' | 'wrap';

/** Views and copies, on tensors (T = Tensor) and on lazy tensors (T = LazyTensor). */
export interface ViewMethods<T> {
  /** NumPy basic indexing: '1:5:2, ..., None, -1'. */
  slice(spec?: string): T;
  /** NumPy's a[...]: basic items give a view, index tensors or masks a copy (lazy tensors: basic items only). */
  get(...items: IndexItem[]): T;
  transpose(axes?: readonly number[] | null): T;
  swapaxes(axis1: number, axis2: number): T;
  /** A view when possible, else a contiguous copy; one entry may be -1. */
  reshape(shape: Shape): T;
  broadcastTo(shape: Shape): T;
  expandDims(axis: number | readonly number[]): T;
  squeeze(axis?: number | readonly number[] | null): T;
  diagonal(offset?: number, axis1?: number, axis2?: number): T;
  /** 1-D in C order, always a copy (NumPy's flatten; ravel is the view). */
  flatten(): T;
  /** 1-D and contiguous: a view of a C-contiguous tensor, else a copy (NumPy's ravel). */
  ravel(): T;
  /** Itself as a view when C-contiguous (same offset), else a contiguous copy. */
  contiguous(): T;
  copy(): T;
  astype(dtype: DType): T;
}

export interface Tensor extends TensorOps, ViewMethods<Tensor> {}
export declare class Tensor {
  /** The same bytes read as dtype (NumPy's view(dtype)): of another itemsize the last axis scales by the
   *  itemsize ratio and must be contiguous; a view, never a copy (bool only from bool). */
  view(dtype: DType): Tensor;
  private constructor();
  readonly dtype: DType;
  readonly shape: readonly number[];
  /** Element strides (not bytes). */
  readonly strides: readonly number[];
  /** Elements from the start of the storage the tensor was created in. */
  readonly offset: number;
  readonly ndim: number;
  readonly size: number;
  /** NumPy's C-contiguous flag. */
  readonly isContiguous: boolean;
  /** True for broadcastTo results and every view of a read-only tensor. */
  readonly readOnly: boolean;
  readonly isDisposed: boolean;
  /** Bytes per element, and in all (NumPy's itemsize, nbytes). */
  readonly itemsize: number;
  readonly nbytes: number;
  /** The tensor this view was made from (its base, if that is a view too), or null: NumPy's base. */
  readonly base: Tensor | null;
  /** A copy of the elements' bytes in C order. */
  tobytes(): Uint8Array;
  /** Every element set to value, as assign converts it; returns this tensor. */
  fill(value: Operand): Tensor;
  /** Views along the first axis (a 0-d tensor is not iterable). */
  [Symbol.iterator](): Iterator<Tensor>;
  /** The axes' names (t.named([...])), or null. */
  readonly names: readonly string[] | null;
  /** The whole storage in wasm memory, zero copy; element idx is data[offset + Σ idx·strides]
   * (complex: its parts are data[2k] and data[2k + 1] for that k). */
  readonly data: AnyTypedArray;
  /** NumPy's t.real: a complex tensor's real parts as a writable view (a real tensor: itself). */
  readonly real: Tensor;
  /** NumPy's t.imag: a complex tensor's imaginary parts as a writable view (a real tensor: read-only zeros). */
  readonly imag: Tensor;
  /** transpose() */
  readonly T: Tensor;
  /** The Array API's mT: the last two axes swapped (a view; at least 2-D). */
  readonly mT: Tensor;
  /** NumPy's flags. */
  readonly flags: Readonly<{
    cContiguous: boolean;
    fContiguous: boolean;
    writeable: boolean;
    ownData: boolean;
    aligned: boolean;
  }>;
  /** NumPy's setflags: write false makes this tensor (and views made of it after) refuse writes; true undoes that. */
  setflags(options: { write?: boolean }): void;
  /** NumPy's a.flat: elements by their C-order position, read and written in place. */
  readonly flat: {
    readonly length: number;
    get(index: number | bigint): number | bigint | boolean | ComplexLike;
    get(index: readonly number[] | Tensor): Tensor;
    set(index: number | bigint | readonly number[] | Tensor, value: Operand): unknown;
    copy(): Tensor;
    [Symbol.iterator](): Iterator<number | bigint | boolean | ComplexLike>;
  };

  /** Nested arrays; a 0-d tensor gives a number (bool: a boolean). */
  toArray(): NestedArray;
  /** A contiguous copy of the values, outside wasm memory. */
  toTypedArray(): AnyTypedArray;
  /** The single value of a size-1 tensor; item(i, j, ...) the element there, item(k) the k-th in C order
   *  (NumPy's ndarray.item), read in place. */
  item(...index: (number | bigint)[]): number | bigint | boolean | ComplexLike;
  /** A size-1 tensor where JS wants a number: its value (s > 3, s * 2, Number(s)); `${s}` of a 0-d
   *  tensor is NumPy's str. More elements: NumPy's ambiguous-truth-value WtError. */
  [Symbol.toPrimitive](hint: 'number' | 'string' | 'default'): number | bigint | boolean | string;
  valueOf(): number | bigint | boolean;
  dispose(): void;
  [Symbol.dispose](): void;

  /** this tensor as a .npy file: numpy.save's bytes (Fortran order when Fortran- but not C-contiguous) */
  toNpy(): Uint8Array;
  /** this tensor as a serialized tensorflow.TensorProto: values as tensor_content (default) or in the dtype's repeated field */
  toTensorProto(options?: { form?: 'content' | 'fields' }): Uint8Array;
  /** Writes src (broadcast, cast) through this view; returns this. */
  assign(src: Operand): this;
  /** NumPy's augmented assignments by Python's operator names: `a += b` is `a.iadd(b)`. The op is
   *  written into this tensor (out=this) with NumPy's same_kind casting into its dtype, so
   *  `a.iadd(1.5)` on an integer tensor raises as `a += 1.5` does; returns this. */
  iadd(other: Operand): this;
  isub(other: Operand): this;
  imul(other: Operand): this;
  itruediv(other: Operand): this;
  ifloordiv(other: Operand): this;
  imod(other: Operand): this;
  ipow(other: Operand): this;
  iand(other: Operand): this;
  ior(other: Operand): this;
  ixor(other: Operand): this;
  ilshift(other: Operand): this;
  irshift(other: Operand): this;
  /** `a @= b`: the product written into this tensor, whose shape it must have. */
  imatmul(other: Operand): this;
  /** A second handle on the same storage whose axes have these names (null: none). Elementwise ops
   *  on named tensors align axes by name; reductions and einsum take names. */
  named(names: readonly string[] | null): Tensor;
  /** Einstein notation: one label per axis (repeats allowed: a trace). */
  label(...labels: string[]): Labeled;
  /** A ticket for one wt.attach by another wtensor instance on this (shared) memory: postMessage it
   *  to a worker. Threaded build only. It holds a reference until attached. */
  share(): SharedTensor;
}

/** What wt.share() returns: enough for init({ share }) to start an instance on this memory. */
export interface SharedMemoryHandle {
  readonly wtensor: 'shared memory' | 'shared tensor';
  readonly module: WebAssembly.Module;
  readonly memory: WebAssembly.Memory;
  readonly memoryId: bigint;
}
/** What t.share() returns: also a ticket for one tensor. */
export interface SharedTensor extends SharedMemoryHandle {
  readonly wtensor: 'shared tensor';
  readonly ticket: number;
  readonly names: readonly string[] | null;
  readonly dtype: DType;
  readonly shape: Shape;
}

/** A tensor with Einstein labels: products sum the labels that repeat. */
export declare class Labeled {
  private constructor();
  readonly tensor: Tensor;
  readonly labels: readonly string[];
  /** The Einstein product: repeated labels summed, the others kept in order of first appearance. */
  mul(...others: Labeled[]): Labeled;
  /** Sums the labels repeated within this tensor (a_ii). */
  trace(): Labeled;
  /** The same values with the labels in this order. */
  to(...labels: string[]): Labeled;
}

/** wt.ein`ij,jk->ik`: an einsum with its equation bound. */
export interface BoundEinsum {
  (...operands: (Tensor | number)[]): Tensor;
  readonly equation: string;
  path(...operands: (Tensor | readonly number[])[]): EinsumPath;
}

/** An operand: a tensor, a number (a weak scalar, NEP 50) or boolean (acts as bool), or nested
 * arrays or a TypedArray (a tensor by wt.tensor's rules, as NumPy takes lists). */
export type Operand = Tensor | NestedArray | AnyTypedArray;

/** concat and stack: the axis (concat: null flattens), and NumPy's out= and casting= */
export interface JoinOptions {
  axis?: number | null;
  out?: Tensor;
  casting?: Casting;
}

export interface FInfo {
  bits: number;
  eps: number;
  max: number;
  min: number;
  smallestNormal: number;
  smallestSubnormal: number;
  /** decimal digits (NumPy's finfo.precision), and 10 ** -precision */
  precision: number;
  resolution: number;
  dtype: DType;
}
/** min and max are bigints for int64 and uint64. */
export interface IInfo {
  bits: number;
  min: number | bigint;
  max: number | bigint;
  dtype: DType;
  kind: 'i' | 'u';
}
export type DTypeKind =
  'bool' | 'signed integer' | 'unsigned integer' | 'integral' | 'real floating' | 'complex floating' | 'numeric';

/** NumPy's casting rules, strictest first (see wt.canCast). */
export type Casting = 'no' | 'equiv' | 'safe' | 'same_kind' | 'unsafe';

export interface OpOptions {
  /** Any writable view the result is written into; it may alias an input. */
  out?: Tensor;
  /** How the result may be cast into out: 'same_kind' by default ('safe' for einsum), as NumPy. */
  casting?: Casting;
}

/** An elementwise function's keywords (NumPy's ufunc keywords): out also comes positionally after
 *  the operands. */
export interface UfuncOptions extends OpOptions {
  /** Computes where true: out keeps its values where false; without out, zeros there (NumPy's are
   *  uninitialised). A bool mask, broadcast with the operands. */
  where?: Operand | boolean;
  /** The loop's dtype: the inputs cast to it under casting (same_kind by default). */
  dtype?: DType;
  /** Cortex's form out = reduce(op(alpha*x, beta*z)) (see CortexOptions). */
  alpha?: number;
  beta?: number;
  reduce?: 'sum' | 'prod' | 'max' | 'min';
}

/** A result NumPy returns as a tuple: its named fields, also iterable in NumPy's order
 *  (`const [U, S, Vh] = wt.linalg.svd(a)`). */
export type Tuple<T> = T & Iterable<T[keyof T]>;

/** NumPy's round's options: decimals (negative: to tens, hundreds, ...), out, and the ufunc keywords. */
export interface RoundOptions extends OpOptions {
  decimals?: number;
  where?: Operand | boolean;
  dtype?: DType;
}

/** Cortex's form out = op(alpha*x, beta*z); with reduce, out may be smaller than the result. */
export interface CortexOptions extends OpOptions {
  alpha?: number;
  beta?: number;
  reduce?: 'sum' | 'prod' | 'max' | 'min';
}

export interface ReduceOptions {
  /** An axis, a list of axes, or null/undefined for all; on a named tensor, names too. */
  axis?: number | string | readonly (number | string)[] | null;
  keepdims?: boolean;
  /** sum, prod and mean: accumulate in and return this dtype (NumPy's dtype=), e.g. int64 for int32 sums. */
  dtype?: DType;
  /** Receives the result, cast unsafely as NumPy's reductions do (argmax/argmin: an integer or bool out). */
  out?: Tensor;
  /** A stricter rule for the cast into out. */
  casting?: Casting;
  /** sum, prod, max, min: the first value of every slice (max and min of an empty slice: this). */
  initial?: number | bigint | boolean;
  /** all but argmax/argmin: only where true counts (a bool mask broadcast to x); max/min need initial. */
  where?: Operand | boolean;
}
export type ReduceArg = ReduceOptions | number | string | readonly (number | string)[];
/** A reduction's own options O: initial for sum, prod, max and min; neither initial nor where for argmax, argmin. */
export type ReductionOptions<K extends string, O> = K extends 'argmax' | 'argmin'
  ? Omit<O, 'initial' | 'where'>
  : K extends 'mean' | 'any' | 'all'
    ? Omit<O, 'initial'>
    : O;
export type ReduceArgOf<K extends string> =
  ReductionOptions<K, ReduceOptions> | number | string | readonly (number | string)[];

export type BinaryOp =
  | 'add'
  | 'sub'
  | 'mul'
  | 'div'
  | 'floorDiv'
  | 'mod'
  | 'pow'
  | 'maximum'
  | 'minimum'
  | 'equal'
  | 'notEqual'
  | 'less'
  | 'lessEqual'
  | 'greater'
  | 'greaterEqual'
  | 'logicalAnd'
  | 'logicalOr'
  | 'logicalXor'
  | 'atan2'
  | 'hypot'
  | 'copysign'
  | 'logaddexp'
  | 'logaddexp2'
  | 'nextafter'
  | 'fmod'
  | 'fmax'
  | 'fmin'
  | 'heaviside'
  | 'bitwiseAnd'
  | 'bitwiseOr'
  | 'bitwiseXor'
  | 'bitwiseLeftShift'
  | 'bitwiseRightShift';
/** NumPy's other names of binary functions: free functions only (wt.subtract is wt.sub). */
export type BinaryAlias =
  | 'subtract'
  | 'multiply'
  | 'divide'
  | 'trueDivide'
  | 'floorDivide'
  | 'remainder'
  | 'power'
  | 'arctan2'
  | 'leftShift'
  | 'rightShift';
export type UnaryOp =
  | 'neg'
  | 'abs'
  | 'sign'
  | 'exp'
  | 'log'
  | 'log1p'
  | 'expm1'
  | 'sqrt'
  | 'square'
  | 'reciprocal'
  | 'sin'
  | 'cos'
  | 'tan'
  | 'tanh'
  | 'sigmoid'
  | 'relu'
  | 'floor'
  | 'ceil'
  | 'round'
  | 'logicalNot'
  | 'isnan'
  | 'isfinite'
  | 'acos'
  | 'asin'
  | 'atan'
  | 'acosh'
  | 'asinh'
  | 'atanh'
  | 'cosh'
  | 'sinh'
  | 'conj'
  | 'angle'
  | 'log2'
  | 'log10'
  | 'isinf'
  | 'signbit'
  | 'trunc'
  | 'exp2'
  | 'cbrt'
  | 'deg2rad'
  | 'rad2deg'
  | 'rint'
  | 'positive'
  | 'i0'
  | 'bitwiseInvert';
/** NumPy's spellings of Array API functions: free functions only (wt.arccos is wt.acos). */
export type UnaryAlias =
  | 'arccos'
  | 'arcsin'
  | 'arctan'
  | 'arccosh'
  | 'arcsinh'
  | 'arctanh'
  | 'conjugate'
  | 'negative'
  | 'absolute'
  | 'around'
  | 'invert'
  | 'fix'
  | 'radians'
  | 'degrees';
export type ReduceOp = 'sum' | 'prod' | 'max' | 'min' | 'mean' | 'any' | 'all' | 'argmax' | 'argmin';
/** NumPy's amax and amin: free functions only (max and min). */
export type ReduceAlias = 'amax' | 'amin';

/** The op methods every Tensor has: this is the first operand. */
export type TensorOps = {
  cumsum(options?: { axis?: number | null; dtype?: DType; out?: Tensor } | number): Tensor;
  cumprod(options?: { axis?: number | null; dtype?: DType; out?: Tensor } | number): Tensor;
  var(options?: AxisOptions & VarOptions): Tensor;
  std(options?: AxisOptions & VarOptions): Tensor;
  dot(b: Values): Tensor;
  trace(options?: { offset?: number; axis1?: number; axis2?: number; dtype?: DType } | number): Tensor;
} & { [K in BinaryOp]: (other: Operand, options?: UfuncOptions) => Tensor } & {
  [K in Exclude<UnaryOp, 'round'>]: (options?: UfuncOptions) => Tensor;
} & {
  /** NumPy's round(a, decimals, out): decimals also by name; rint(a * 10^d) / 10^d in a's dtype. */
  round(decimals?: number | RoundOptions, options?: RoundOptions): Tensor;
} & { [K in ReduceOp]: (options?: ReduceArgOf<K>) => Tensor } & {
  where(a: Operand, b: Operand, options?: OpOptions): Tensor;
  clip(lo: Operand | null, hi?: Operand | null, options?: TernaryOptions): Tensor;
  fma(b: Operand, c: Operand, options?: TernaryOptions): Tensor;
  matmul(other: Operand, options?: OpOptions): Tensor;
  /** NumPy's a[...] = value (items an array, or one item): value broadcast and cast; returns this tensor. */
  set(items: readonly IndexItem[] | IndexItem, value: Operand | NestedArray): Tensor;
  take(indices: Tensor | NestedArray, options?: TakeOptions | number | null): Tensor;
  put(indices: Tensor | NestedArray, values: Operand | NestedArray, options?: PutOptions): Tensor;
  /** One int32 tensor of indices per axis. */
  nonzero(): Tensor[];
  compress(condition: Tensor | NestedArray, options?: { axis?: number | null } | number | null): Tensor;
  /** In place, as ndarray.sort; returns this tensor. */
  sort(options?: SortOptions | number | null): Tensor;
  argsort(options?: SortOptions | number | null): Tensor;
  /** In place, as ndarray.partition (the result is the sorted order, a valid partition for every kth). */
  partition(kth: number | readonly number[], options?: PartitionOptions | number | null): Tensor;
  argpartition(kth: number | readonly number[], options?: PartitionOptions | number | null): Tensor;
  topk(k: number, options?: { axis?: number | null; largest?: boolean }): TopK;
  searchsorted(v: Operand | NestedArray, options?: { side?: 'left' | 'right'; sorter?: Values }): Tensor;
  /** NumPy's repeat: each element repeats times (one count, or one per element) along axis (null: flattened). */
  repeat(repeats: number | readonly number[] | Tensor, axis?: number | null): Tensor;
};

export interface TensorOptions {
  dtype?: DType;
  shape?: readonly number[];
}

export interface MemoryInfo {
  /** Live tensor handles (views included). */
  tensors: number;
  /** Bytes held by engine-owned storage. */
  bytesInUse: number;
  /** The most bytesInUse has been (since init or resetPeak()). */
  peakBytes: number;
  /** Size of the wasm memory. */
  wasmBytes: number;
}

export interface EngineInfo {
  version: string;
  simd: boolean;
  /** 'wasm_relaxed_simd' (the relaxed-SIMD build: GEMM multiply-adds may be fused) or 'wasm_simd128'. */
  kernels: string;
  /** Why the SIMD128 build runs (relaxedSimd: false, no relaxed SIMD in this engine, a module given without its relaxed variant, ...), or what the relaxed one changes. */
  kernelsReason: string;
  /** Threads in use: the main thread and threads - 1 workers. */
  threads: number;
  /** Why threads is 1 (asked for, not cross-origin isolated, no SharedArrayBuffer, one core, ...), or what runs. */
  threadsReason: string;
  memoryBytes: number;
}

export interface EinsumStep {
  /** Positions in the operand list at this step (NumPy's convention: contracted operands leave, the result goes last). */
  operands: number[];
  subscripts: string;
  kind: 'GEMM' | 'batched GEMM' | 'Hadamard' | 'outer' | 'reduction' | 'view' | 'product';
  /** FLOPs as numpy.einsum_path counts them. */
  flops: number;
  /** Elements in the step's result. */
  size: number;
}

/** The contraction plan, as numpy.einsum_path describes it. */
export interface EinsumPath {
  equation: string;
  path: number[][];
  steps: EinsumStep[];
  naiveFlops: number;
  optimizedFlops: number;
  largestIntermediate: number;
}

/** The free-function forms of the ops. */
/** NumPy's ufunc methods of a binary function (wt.add.reduce, ...); eager. */
export interface BinaryUfunc {
  (a: Operand, b: Operand, options?: UfuncOptions): Tensor;
  /** Folds axis (default 0; null: all; several only for reorderable ops) with the op, from initial or the first. */
  reduce(
    x: Values,
    options?: {
      axis?: number | readonly number[] | null;
      dtype?: DType;
      keepdims?: boolean;
      initial?: number;
      out?: Tensor;
    },
  ): Tensor;
  /** r[0] = x[0], r[i] = op(r[i-1], x[i]) along axis (default 0). */
  accumulate(x: Values, options?: { axis?: number; dtype?: DType; out?: Tensor } | number): Tensor;
  /** op(a[i...], b[j...]) for every pair: the result's axes are a's, then b's. */
  outer(a: Values, b: Values, options?: OpOptions): Tensor;
  /** reduce over x[indices[k]:indices[k+1]] along axis (x[indices[k]] where they do not increase). */
  reduceat(x: Values, indices: Values, options?: { axis?: number; dtype?: DType; out?: Tensor } | number): Tensor;
  /** x[indices] = op(x[indices], b) in place, each repeated index once per occurrence (scatter-add); returns x. */
  at(x: Tensor, indices: Values | readonly (Tensor | NestedArray | string | number | null)[], b?: Operand): Tensor;
}

export type WtensorOps = {
  [K in BinaryOp | BinaryAlias]: BinaryUfunc;
} & {
  [K in Exclude<UnaryOp | UnaryAlias, 'round' | 'around'>]: (x: Operand, options?: UfuncOptions) => Tensor;
} & {
  [K in 'round' | 'around']: (x: Operand, decimals?: number | RoundOptions, options?: RoundOptions) => Tensor;
} & { [K in ReduceOp | ReduceAlias]: (x: Values, options?: ReduceArgOf<K>) => Tensor } & {
  where(cond: Operand, a: Operand, b: Operand, options?: OpOptions): Tensor;
  /** null (NumPy's None) leaves a side open. */
  clip(x: Operand, lo: Operand | null, hi?: Operand | null, options?: TernaryOptions): Tensor;
  fma(a: Operand, b: Operand, c: Operand, options?: TernaryOptions): Tensor;
  /** out = op(alpha*x, beta*z); op by JS or NumPy name ('sub' or 'subtract'). */
  binary(op: BinaryOp | string, x: Operand, z: Operand, options?: CortexOptions): Tensor;
  /** out = op(alpha*x). */
  unary(op: UnaryOp | string, x: Operand, options?: CortexOptions): Tensor;
  /** NumPy's matmul: 1-D operands promoted, batch axes broadcast. */
  matmul(a: Operand, b: Operand, options?: OpOptions): Tensor;
  /** NumPy's concatenate: the tensors (or values wt.tensor takes) joined along axis (default 0; null flattens them). */
  concat(tensors: readonly (Tensor | NestedArray)[], options?: JoinOptions | number | null): Tensor;
  concatenate(tensors: readonly (Tensor | NestedArray)[], options?: JoinOptions | number | null): Tensor;
  /** NumPy's stack: tensors of one shape joined along a new axis (default 0). */
  stack(tensors: readonly (Tensor | NestedArray)[], options?: JoinOptions | number): Tensor;
  /** where(cond) alone: nonzero(cond). */
  where(cond: Tensor | NestedArray): Tensor[];
  /** NumPy's take: elements along axis (default null: of the flattened tensor), a new tensor. */
  take(x: Tensor | NestedArray, indices: Tensor | NestedArray, options?: TakeOptions | number | null): Tensor;
  /** NumPy's put: x.flat[indices] = values (repeated as needed), in place; returns x. */
  put(x: Tensor, indices: Tensor | NestedArray, values: Operand | NestedArray, options?: PutOptions): Tensor;
  /** NumPy's take_along_axis (axis default -1; null: the flattened tensor). */
  takeAlongAxis(x: Tensor | NestedArray, indices: Tensor | NestedArray, axis?: number | null): Tensor;
  /** NumPy's put_along_axis, in place; returns x. */
  putAlongAxis(x: Tensor, indices: Tensor | NestedArray, values: Operand | NestedArray, axis: number | null): Tensor;
  /** NumPy's nonzero: one int32 tensor of indices per axis (a 0-d x is an error, as NumPy 2). */
  nonzero(x: Tensor | NestedArray): Tensor[];
  /** NumPy's argwhere: (count, ndim) int32 indices of the nonzero elements. */
  argwhere(x: Tensor | NestedArray): Tensor;
  flatnonzero(x: Tensor | NestedArray): Tensor;
  countNonzero(
    x: Tensor | NestedArray,
    options?: { axis?: number | readonly number[] | null; keepdims?: boolean } | number | readonly number[],
  ): Tensor;
  compress(
    condition: Tensor | NestedArray,
    x: Tensor | NestedArray,
    options?: { axis?: number | null } | number | null,
  ): Tensor;
  extract(condition: Tensor | NestedArray, x: Tensor | NestedArray): Tensor;
  /** Views (C descriptors, no copies): axes reversed, quarter turns, axes moved; of a LazyTensor, graph nodes. */
  flip<T extends Tensor | LazyTensor = Tensor>(x: T | NestedArray, axis?: number | readonly number[] | null): T;
  fliplr<T extends Tensor | LazyTensor = Tensor>(x: T | NestedArray): T;
  flipud<T extends Tensor | LazyTensor = Tensor>(x: T | NestedArray): T;
  rot90<T extends Tensor | LazyTensor = Tensor>(x: T | NestedArray, k?: number, axes?: readonly [number, number]): T;
  moveaxis<T extends Tensor | LazyTensor = Tensor>(
    x: T | NestedArray,
    source: number | readonly number[],
    destination: number | readonly number[],
  ): T;
  moveAxis<T extends Tensor | LazyTensor = Tensor>(
    x: T | NestedArray,
    source: number | readonly number[],
    destination: number | readonly number[],
  ): T;
  permuteDims(x: Values, axes?: readonly number[] | null): Tensor;
  atleast1d(...xs: Values[]): Tensor | Tensor[];
  atleast2d(...xs: Values[]): Tensor | Tensor[];
  atleast3d(...xs: Values[]): Tensor | Tensor[];
  /** Read-only broadcast views of each, to their common shape. */
  broadcastArrays(...xs: Values[]): Tensor[];
  broadcastShapes(...shapes: (readonly number[])[]): number[];
  vstack(xs: readonly Values[]): Tensor;
  hstack(xs: readonly Values[]): Tensor;
  dstack(xs: readonly Values[]): Tensor;
  columnStack(xs: readonly Values[]): Tensor;
  /** Views: equal sections (split: they must divide the axis) or the parts between indices. */
  split<T extends Tensor | LazyTensor = Tensor>(
    x: T | NestedArray,
    sections: number | readonly number[],
    axis?: number,
  ): T[];
  arraySplit<T extends Tensor | LazyTensor = Tensor>(
    x: T | NestedArray,
    sections: number | readonly number[],
    axis?: number,
  ): T[];
  hsplit<T extends Tensor | LazyTensor = Tensor>(x: T | NestedArray, sections: number | readonly number[]): T[];
  vsplit<T extends Tensor | LazyTensor = Tensor>(x: T | NestedArray, sections: number | readonly number[]): T[];
  dsplit<T extends Tensor | LazyTensor = Tensor>(x: T | NestedArray, sections: number | readonly number[]): T[];
  unstack<T extends Tensor | LazyTensor = Tensor>(x: T | NestedArray, options?: { axis?: number } | number): T[];
  tile(x: Values, reps: number | readonly number[]): Tensor;
  repeat(x: Values, repeats: number | readonly number[] | Tensor, axis?: number | null): Tensor;
  roll(x: Values, shift: number | readonly number[], axis?: number | readonly number[] | null): Tensor;
  /** NumPy's pad: widths per axis; modes constant (constantValues), edge, reflect, symmetric, wrap. */
  pad(
    x: Values,
    width: number | readonly number[] | readonly (readonly number[])[],
    options?:
      PadMode | { mode?: PadMode; constantValues?: number | readonly number[] | readonly (readonly number[])[] },
  ): Tensor;
  zerosLike(x: Values, options?: DType | { dtype?: DType; shape?: readonly number[] }): Tensor;
  onesLike(x: Values, options?: DType | { dtype?: DType; shape?: readonly number[] }): Tensor;
  emptyLike(x: Values, options?: DType | { dtype?: DType; shape?: readonly number[] }): Tensor;
  fullLike(x: Values, value: number | boolean, options?: DType | { dtype?: DType; shape?: readonly number[] }): Tensor;
  /** NumPy's meshgrid (copies); a trailing { indexing: 'xy' | 'ij' }. */
  meshgrid(...xs: (Values | { indexing?: 'xy' | 'ij'; sparse?: boolean; copy?: boolean })[]): Tensor[];
  tril(x: Values, k?: number): Tensor;
  triu(x: Values, k?: number): Tensor;
  diag(v: Values, k?: number): Tensor;
  identity(n: number, dtype?: DType): Tensor;
  logspace(
    start: number,
    stop: number,
    num?: number,
    options?: { endpoint?: boolean; base?: number; dtype?: DType },
  ): Tensor;
  geomspace(start: number, stop: number, num?: number, options?: { endpoint?: boolean; dtype?: DType }): Tensor;
  /** Read-only windows along axes (default: every axis), zero copy: NumPy's sliding_window_view; of a LazyTensor, a graph node. */
  slidingWindowView<T extends Tensor | LazyTensor = Tensor>(
    x: T | NestedArray,
    windowShape: number | readonly number[],
    options?: { axis?: number | readonly number[] | null } | number | readonly number[],
  ): T;
  /** A view with any shape and element strides from x's first element (+ offset), refused (WT_EBOUNDS) outside x's storage; eager only (strides address a buffer). */
  asStrided(x: Tensor, shape: readonly number[], strides: readonly number[], options?: { offset?: number }): Tensor;
  /** In place (returns x): NumPy's fill_diagonal, values repeated as needed; wrap for tall matrices. */
  fillDiagonal(x: Tensor, value: Operand | NestedArray, wrap?: boolean): Tensor;
  indices(dims: readonly number[], dtype?: DType): Tensor;
  /** NumPy's mgrid and ogrid from slice strings: wt.mgrid('0:5, 0:3'); a step '5j' is a count. */
  mgrid(spec: string): Tensor;
  ogrid(spec: string): Tensor | Tensor[];
  append(x: Values, values: Values, axis?: number | null): Tensor;
  insert(x: Values, index: number | readonly number[] | string | Tensor, values: Values, axis?: number | null): Tensor;
  delete(x: Values, index: number | readonly number[] | string | Tensor, axis?: number | null): Tensor;
  /** NumPy's block: nested lists joined innermost along the last axis. */
  block(arrays: Values | readonly unknown[]): Tensor;
  unravelIndex(indices: Values, shape: readonly number[]): Tensor[];
  ravelMultiIndex(
    multiIndex: readonly Values[],
    dims: readonly number[],
    options?: { mode?: 'raise' | 'wrap' | 'clip' },
  ): Tensor;
  /** Whether the storage bytes a and b reach overlap (a bound, as NumPy's may_share_memory). */
  mayShareMemory(a: Tensor, b: Tensor): boolean;
  /** NumPy's window functions of M points (float64; M < 1: empty, M = 1: [1]). */
  hanning(M: number): Tensor;
  hamming(M: number): Tensor;
  blackman(M: number): Tensor;
  bartlett(M: number): Tensor;
  /** i0(beta sqrt(1 - (2n / (M - 1) - 1)^2)) / i0(beta), as NumPy's kaiser. */
  kaiser(M: number, beta: number): Tensor;
  /** A 1-D tensor of an iterable's values (count of them; -1: all), as NumPy's fromiter. */
  fromiter(iterable: Iterable<number | bigint | boolean>, dtype: DType, count?: number): Tensor;
  /** fn called once with a tensor of each axis's indices (float64 unless dtype), as NumPy's fromfunction. */
  fromfunction<R>(fn: (...indices: Tensor[]) => R, shape: readonly number[], options?: { dtype?: DType }): R;
  /** a's values in C order, repeated to fill the new shape (NumPy's resize). */
  resize(a: Values, newShape: number | readonly number[]): Tensor;
  /** The byte offsets in wasm memory where a's elements start and end (NumPy's byte_bounds). */
  byteBounds(a: Tensor): Tuple<{ low: number; high: number }>;
  /** Whether a and b have an element's byte in common (exact, as NumPy's shares_memory). */
  sharesMemory(a: Tensor, b: Tensor): boolean;
  ndindex(...shape: number[] | [readonly number[]]): Generator<number[]>;
  ndenumerate(x: Values): Generator<[number[], number | bigint | boolean | ComplexLike]>;
  /** A sorted copy (the Array API's sort; NumPy's np.sort). */
  sort(x: Values, options?: SortOptions | number | null): Tensor;
  argsort(x: Values, options?: SortOptions | number | null): Tensor;
  partition(x: Values, kth: number | readonly number[], options?: PartitionOptions | number | null): Tensor;
  argpartition(x: Values, kth: number | readonly number[], options?: PartitionOptions | number | null): Tensor;
  /** The k largest (largest: false: smallest) along axis (default -1), in order, ties by position, NaN largest. */
  topk(x: Values, k: number, options?: { axis?: number | null; largest?: boolean }): TopK;
  searchsorted(
    sorted: Values,
    v: Operand | NestedArray,
    options?: { side?: 'left' | 'right'; sorter?: Values },
  ): Tensor;
  digitize(x: Values, bins: Values, right?: boolean): Tensor;
  /** The Array API's unique_values: every NaN distinct. */
  uniqueValues(x: Values): Tensor;
  uniqueCounts(x: Values): Tuple<{ values: Tensor; counts: Tensor }>;
  uniqueInverse(x: Values): Tuple<{ values: Tensor; inverseIndices: Tensor }>;
  uniqueAll(x: Values): Tuple<{ values: Tensor; indices: Tensor; inverseIndices: Tensor; counts: Tensor }>;
  /** NumPy's unique (equalNan default true): the values, or with return* options an object. */
  unique(x: Values, options?: UniqueOptions): Tensor | Tuple<UniqueResult>;
  isin(x: Values, test: Values, options?: { invert?: boolean; assumeUnique?: boolean }): Tensor;
  intersect1d(a: Values, b: Values, options?: { assumeUnique?: boolean }): Tensor;
  union1d(a: Values, b: Values): Tensor;
  setdiff1d(a: Values, b: Values, options?: { assumeUnique?: boolean }): Tensor;
  setxor1d(a: Values, b: Values, options?: { assumeUnique?: boolean }): Tensor;
  /** NumPy's einsum (its grammar exactly: letters, spaces ignored); a trailing options object may carry out. */
  einsum(subscripts: string, ...operands: (Operand | (OpOptions & { optimize?: boolean | string }))[]): Tensor;
  /** einsum over axis names, space-separated ('C H W N, W K -> C H K N'); named operands are aligned by name,
   *  and the result is named when an operand was. */
  einsumNamed(equation: string, ...operands: (Operand | OpOptions)[]): Tensor;
  /** The plan einsum would use for these operands (tensors or shapes). */
  einsumPath(subscripts: string, ...operands: (Tensor | readonly number[])[]): EinsumPath;
  /** NumPy's can_cast: whether values of dtype from (or a tensor's) cast to dtype to under casting ('safe'). */
  canCast(from: DType | Tensor, to: DType, casting?: Casting): boolean;
  /** NumPy's result_type: dtypes and tensors promoted all at once, numbers as weak scalars (NEP 50), booleans as bool. */
  resultType(...args: (DType | Tensor | number | bigint | boolean | ComplexLike)[]): DType;
  /** NumPy's finfo of a floating dtype (or a tensor's). */
  finfo(dtype: DType | Tensor): FInfo;
  /** NumPy's iinfo of an integer dtype (or a tensor's). */
  iinfo(dtype: DType | Tensor): IInfo;
  /** The Array API's isdtype: whether dtype is the given dtype or of the given kind (or any of a list). */
  isdtype(dtype: DType | Tensor, kind: DType | DTypeKind | readonly (DType | DTypeKind)[]): boolean;
  /** a .npy file (format 1.0-3.0, either byte order; Fortran order loads as a strided view) */
  fromNpy(bytes: ArrayBuffer | ArrayBufferView): Tensor;
  /** a serialized tensorflow.TensorProto (tensor_content or the typed repeated fields) */
  fromTensorProto(bytes: ArrayBuffer | ArrayBufferView): Tensor;
  /** NumPy .npz (np.savez, np.savez_compressed): every member as a tensor, named without '.npy'. */
  fromNpz(bytes: ArrayBuffer | ArrayBufferView): Promise<Record<string, Tensor>>;
  /** A .npz of the tensors (an array is named arr_0, arr_1, ... as np.savez does); compress: deflate, as np.savez_compressed. */
  toNpz(tensors: Record<string, Tensor> | Tensor[], options?: { compress?: boolean }): Promise<Uint8Array>;
};

// ---- lazy mode -----------------------------------------------------------------

/** An operand of a lazy operation: a node, or an eager value captured as a constant (numbers stay weak scalars). */
export type LazyOperand = LazyTensor | Tensor | number | bigint | boolean;
export type LazyKind =
  | 'constant'
  | 'placeholder'
  | 'variable'
  | 'persistent'
  | 'ewise'
  | 'cast'
  | 'reduce'
  | 'view'
  | 'matmul'
  | 'einsum'
  | 'assign';
export interface LazyReduceOptions {
  axis?: number | readonly number[] | null;
  keepdims?: boolean;
  dtype?: DType;
  initial?: number | bigint | boolean;
  where?: Operand | boolean;
}
export type LazyReduceArgOf<K extends string> = ReductionOptions<K, LazyReduceOptions> | number | readonly number[];
/** clip's and fma's keywords: a ufunc's, without Cortex's scale factors. */
export type TernaryOptions = Omit<UfuncOptions, 'alpha' | 'beta' | 'reduce'>;

/** The op methods of a LazyTensor: each builds a node. */
export type LazyTensorOps = {
  [K in BinaryOp]: (other: LazyOperand, options?: { alpha?: number; beta?: number }) => LazyTensor;
} & { [K in UnaryOp]: () => LazyTensor } & {
  [K in ReduceOp]: (options?: LazyReduceArgOf<K>) => LazyTensor;
} & {
  where(a: LazyOperand, b: LazyOperand): LazyTensor;
  clip(lo: LazyOperand, hi: LazyOperand): LazyTensor;
  fma(b: LazyOperand, c: LazyOperand): LazyTensor;
  matmul(other: LazyOperand): LazyTensor;
};

export interface LazyTensor extends LazyTensorOps, ViewMethods<LazyTensor> {}
/** A node of a graph: a value computed when a compiled graph runs (an r-tensor), or storage (variables: l-tensors). */
export declare class LazyTensor {
  private constructor();
  readonly graph: Graph;
  readonly kind: LazyKind;
  readonly name: string;
  readonly dtype: DType;
  readonly shape: readonly number[];
  readonly ndim: number;
  readonly size: number;
  /** False only for variables and persistent tensors. */
  readonly readOnly: boolean;
  readonly trainable: boolean;
  readonly isDisposed: boolean;
  readonly T: LazyTensor;
  /** Variables and persistent tensors: a node that stores value when run (applied after every read of the run). */
  assign(value: LazyOperand): LazyTensor;
  /** Variables and persistent tensors: the storage now, as a read-only view. */
  read(): Tensor;
  /** Variables and persistent tensors: set the storage now (cast, broadcast). */
  load(value: Tensor | NestedArray | AnyTypedArray): this;
  /** Constants, variables, persistent tensors: free the storage. */
  dispose(): void;
  [Symbol.dispose](): void;
  describe(): string;
}

export interface MemoryPlanStep {
  step: number;
  kind: 'fuse' | 'view' | 'call' | 'copy' | 'assign';
  node: string;
  description: string;
  /** fuse: the program's size, its inputs (node names or weak scalars) and the nodes it computes. */
  instructions?: number;
  leaves?: (string | number)[];
  fused?: string[];
  /** The slab the pass writes its result into. */
  slab?: number;
}
/** Where a compiled graph keeps the values it materializes: slabs reused once their values are dead. */
export interface MemoryPlan {
  steps: MemoryPlanStep[];
  slabs: { slab: number; bytes: number }[];
  /** A value on a slab, live from step `from` through step `to`. */
  values: { node: string; bytes: number; slab: number; from: number; to: number }[];
  slabBytes: number;
  /** What the same values would need without sharing slabs. */
  unsharedBytes: number;
}

export type Feeds = Record<string, Tensor | NestedArray | AnyTypedArray>;
export declare class Compiled<R> {
  private constructor();
  readonly graph: Graph;
  /** Runs the graph; placeholders fed by name. Results are new tensors (an assignment's: the variable's new value). */
  run(feeds?: Feeds): R;
  memoryPlan(): MemoryPlan;
  /** The graph as JSON plus .npy bytes for constants and variables (for loadGraph). */
  save(): { json: string; blobs: Record<string, Uint8Array> };
  /** Frees the slabs and program memory (made again by the next run). */
  dispose(): void;
  [Symbol.dispose](): void;
}
type CompiledResult<O> = O extends LazyTensor ? Tensor : { [K in keyof O]: Tensor };

export declare class Graph {
  private constructor();
  constant(value: Tensor | NestedArray | AnyTypedArray, options?: { dtype?: DType; name?: string }): LazyTensor;
  placeholder(shape: Shape, dtype?: DType, name?: string): LazyTensor;
  variable(
    init: Tensor | NestedArray | AnyTypedArray,
    options?: { dtype?: DType; name?: string; trainable?: boolean },
  ): LazyTensor;
  persistentTensor(shape: Shape, dtype?: DType, options?: { init?: Tensor | NestedArray; name?: string }): LazyTensor;
  /** A LazyTensor as itself; an eager value as a constant. */
  lazy(value: LazyOperand | NestedArray, options?: { dtype?: DType; name?: string }): LazyTensor;
  variables(options?: { trainable?: boolean }): LazyTensor[];
  placeholders(): LazyTensor[];
  node(name: string): LazyTensor | undefined;
  compile<O extends LazyTensor | readonly LazyTensor[] | { readonly [key: string]: LazyTensor }>(
    outputs: O,
  ): Compiled<CompiledResult<O>>;
  /** Frees every constant's and variable's storage. */
  dispose(): void;
  [Symbol.dispose](): void;
}

/** The free functions build nodes when an operand is lazy. */
export type LazyWtensorOps = {
  [K in BinaryOp | BinaryAlias]: (
    a: LazyOperand,
    b: LazyOperand,
    options?: { alpha?: number; beta?: number },
  ) => LazyTensor;
} & { [K in UnaryOp | UnaryAlias]: (x: LazyTensor) => LazyTensor } & {
  [K in ReduceOp | ReduceAlias]: (x: LazyTensor, options?: LazyReduceArgOf<K>) => LazyTensor;
} & {
  where(cond: LazyOperand, a: LazyOperand, b: LazyOperand): LazyTensor;
  matmul(a: LazyOperand, b: LazyOperand): LazyTensor;
  einsum(subscripts: string, ...operands: LazyOperand[]): LazyTensor;
  binary(
    op: BinaryOp | string,
    x: LazyOperand,
    z: LazyOperand,
    options?: { alpha?: number; beta?: number },
  ): LazyTensor;
  unary(op: UnaryOp | string, x: LazyTensor): LazyTensor;
};

type Tensors =
  | Tensor
  | readonly Tensors[]
  | { readonly [key: string]: Tensors }
  | void
  | number
  | string
  | boolean
  | null
  | undefined;

/** Each op: the eager signature, then the lazy one (an intersection of functions is an overload set). */
/** axis as NumPy's reductions take it, and keepdims */
export interface AxisOptions {
  axis?: number | readonly number[] | null;
  keepdims?: boolean;
  out?: Tensor;
}
export interface VarOptions {
  ddof?: number;
  correction?: number;
  dtype?: DType;
  where?: Operand | boolean;
}
export type QuantileMethod = 'linear' | 'lower' | 'higher' | 'nearest' | 'midpoint';
/** Issue 24's statistics, numerical helpers and products (NumPy's names and options). */
export interface StatsOps {
  /** NumPy's cumsum/cumprod: over the flattened tensor without an axis; dtype as sum's. */
  cumsum(x: Values, options?: { axis?: number | null; dtype?: DType; out?: Tensor } | number): Tensor;
  cumprod(x: Values, options?: { axis?: number | null; dtype?: DType; out?: Tensor } | number): Tensor;
  /** The Array API's: axis required for more than one dimension; includeInitial prepends the identity. */
  cumulativeSum(x: Values, options?: { axis?: number; dtype?: DType; out?: Tensor; includeInitial?: boolean }): Tensor;
  cumulativeProd(x: Values, options?: { axis?: number; dtype?: DType; out?: Tensor; includeInitial?: boolean }): Tensor;
  nancumsum(x: Values, options?: { axis?: number | null; dtype?: DType; out?: Tensor } | number): Tensor;
  nancumprod(x: Values, options?: { axis?: number | null; dtype?: DType; out?: Tensor } | number): Tensor;
  /** Two passes (mean, then squared deviations); correction is the Array API's name of ddof; where: a bool mask. */
  var(x: Values, options?: AxisOptions & VarOptions): Tensor;
  std(x: Values, options?: AxisOptions & VarOptions): Tensor;
  nanvar(x: Values, options?: AxisOptions & VarOptions): Tensor;
  nanstd(x: Values, options?: AxisOptions & VarOptions): Tensor;
  nansum(x: Values, options?: AxisOptions & { dtype?: DType; initial?: number; where?: Operand | boolean }): Tensor;
  nanprod(x: Values, options?: AxisOptions & { dtype?: DType; initial?: number; where?: Operand | boolean }): Tensor;
  nanmean(x: Values, options?: AxisOptions & { dtype?: DType; where?: Operand | boolean }): Tensor;
  /** With initial, NumPy's fmax.reduce (an all-NaN slice gives initial); where needs initial. */
  nanmax(x: Values, options?: AxisOptions & { initial?: number; where?: Operand | boolean }): Tensor;
  nanmin(x: Values, options?: AxisOptions & { initial?: number; where?: Operand | boolean }): Tensor;
  /** An all-NaN slice is an error, as NumPy's. */
  nanargmax(x: Values, options?: { axis?: number | null; keepdims?: boolean; out?: Tensor }): Tensor;
  nanargmin(x: Values, options?: { axis?: number | null; keepdims?: boolean; out?: Tensor }): Tensor;
  ptp(x: Values, options?: AxisOptions): Tensor;
  average(
    x: Values,
    options?: { axis?: number | readonly number[] | null; weights?: Values; keepdims?: boolean },
  ): Tensor;
  average(
    x: Values,
    options: { axis?: number | readonly number[] | null; weights?: Values; keepdims?: boolean; returned: true },
  ): Tuple<{ average: Tensor; sumOfWeights: Tensor }>;
  /** log(sum(exp(x))) shifted by the max: no overflow. */
  logsumexp(x: Values, options?: { axis?: number | readonly number[] | null; keepdims?: boolean }): Tensor;
  /** Along axis (default -1), shifted by the max. */
  softmax(x: Values, options?: { axis?: number | readonly number[] | null } | number): Tensor;
  logSoftmax(x: Values, options?: { axis?: number | readonly number[] | null } | number): Tensor;
  /** overwriteInput is accepted; the input is never overwritten (NumPy allows either). */
  median(x: Values, options?: AxisOptions & { overwriteInput?: boolean }): Tensor;
  nanmedian(x: Values, options?: AxisOptions & { overwriteInput?: boolean }): Tensor;
  /** q in [0, 1] (percentile: [0, 100]), a number or an array (its axes lead the result's). */
  quantile(
    x: Values,
    q: number | Values,
    options?: AxisOptions & { method?: QuantileMethod; overwriteInput?: boolean },
  ): Tensor;
  nanquantile(
    x: Values,
    q: number | Values,
    options?: AxisOptions & { method?: QuantileMethod; overwriteInput?: boolean },
  ): Tensor;
  percentile(
    x: Values,
    q: number | Values,
    options?: AxisOptions & { method?: QuantileMethod; overwriteInput?: boolean },
  ): Tensor;
  nanpercentile(
    x: Values,
    q: number | Values,
    options?: AxisOptions & { method?: QuantileMethod; overwriteInput?: boolean },
  ): Tensor;
  isclose(a: Values, b: Values, options?: { rtol?: number; atol?: number; equalNan?: boolean }): Tensor;
  allclose(a: Values, b: Values, options?: { rtol?: number; atol?: number; equalNan?: boolean }): boolean;
  arrayEqual(a: Values, b: Values, options?: { equalNan?: boolean }): boolean;
  nanToNum(x: Values, options?: { nan?: number; posinf?: number; neginf?: number }): Tensor;
  diff(x: Values, options?: { n?: number; axis?: number; prepend?: Values; append?: Values } | number): Tensor;
  ediff1d(x: Values, options?: { toBegin?: Values; toEnd?: Values }): Tensor;
  trapezoid(y: Values, options?: { x?: Values; dx?: number; axis?: number }): Tensor;
  interp(x: Values, xp: Values, fp: Values, options?: { left?: number; right?: number; period?: number }): Tensor;
  /** Counts (int32, wtensor's intp) of each non-negative integer, or the weights' sums (float64). */
  bincount(x: Values, options?: { weights?: Values; minlength?: number }): Tensor;
  histogram(
    a: Values,
    options?:
      { bins?: number | Values; range?: readonly [number, number]; density?: boolean; weights?: Values } | number,
  ): Tuple<{ hist: Tensor; binEdges: Tensor }>;
  histogramBinEdges(
    a: Values,
    options?: { bins?: number | Values; range?: readonly [number, number] } | number,
  ): Tensor;
  /** NumPy's dot: scalars multiply, vectors inner, matrices matmul, else a's last axis with b's second-to-last. */
  dot(a: Values, b: Values): Tensor;
  /** The Array API's: sum of conj(a) * b over axis (default -1), other axes broadcast. */
  vecdot(a: Values, b: Values, options?: { axis?: number } | number): Tensor;
  inner(a: Values, b: Values): Tensor;
  outer(a: Values, b: Values): Tensor;
  tensordot(a: Values, b: Values, options?: { axes?: number | readonly [number[], number[]] } | number): Tensor;
  kron(a: Values, b: Values): Tensor;
  trace(x: Values, options?: { offset?: number; axis1?: number; axis2?: number; dtype?: DType } | number): Tensor;
  cross(a: Values, b: Values, options?: { axisa?: number; axisb?: number; axisc?: number; axis?: number }): Tensor;
  matrixTranspose(x: Values): Tensor;
  cov(m: Values, options?: { y?: Values; rowvar?: boolean; bias?: boolean; ddof?: number; dtype?: DType }): Tensor;
  corrcoef(x: Values, options?: { y?: Values; rowvar?: boolean; dtype?: DType }): Tensor;
  /** Direct (einsum over sliding windows): modes full (default), same, valid. */
  convolve(a: Values, v: Values, options?: { mode?: 'full' | 'same' | 'valid' } | 'full' | 'same' | 'valid'): Tensor;
  /** NumPy's correlate (default mode valid; v conjugated). */
  correlate(a: Values, v: Values, options?: { mode?: 'full' | 'same' | 'valid' } | 'full' | 'same' | 'valid'): Tensor;
  /** One tensor for one axis, else one per axis; spacing: one number, or per axis a number or coordinates. */
  gradient(
    f: Values,
    ...spacingAndOptions: (number | Values | { axis?: number | readonly number[] | null; edgeOrder?: 1 | 2 })[]
  ): Tensor | Tensor[];
  packbits(a: Values, options?: { axis?: number | null; bitorder?: 'big' | 'little' } | number): Tensor;
  unpackbits(
    a: Values,
    options?: { axis?: number | null; count?: number | null; bitorder?: 'big' | 'little' } | number,
  ): Tensor;
  /** fn applied per element in JS (a convenience, not fast); otypes names the outputs' dtypes. */
  vectorize(
    fn: (...values: (number | bigint | boolean | ComplexLike)[]) => unknown,
    options?: { otypes?: DType[] },
  ): (...args: Values[]) => Tensor | Tensor[];
  /** The Array API's inspection object. */
  namespaceInfo(): {
    capabilities(): { 'boolean indexing': boolean; 'data-dependent shapes': boolean; 'max dimensions': number };
    defaultDevice(): string;
    devices(): string[];
    defaultDtypes(options?: {
      device?: string;
    }): Record<'real floating' | 'complex floating' | 'integral' | 'indexing', DType>;
    dtypes(options?: { device?: string; kind?: string | string[] }): Record<string, DType>;
  };
  /** NumPy's loadtxt from a string or bytes, parsed in C; errors name the line and column. */
  loadtxt(text: string | Uint8Array | ArrayBuffer, options?: TextReadOptions): Tensor;
  /** loadtxt whose empty or unreadable fields take fillingValues (NaN; -1 for integers). */
  genfromtxt(
    text: string | Uint8Array | ArrayBuffer,
    options?: Omit<TextReadOptions, 'skiprows'> & { skipHeader?: number; fillingValues?: number },
  ): Tensor;
  /** NumPy's savetxt, returning the text: fmt one printf conversion (or one per column). */
  savetxt(
    x: Values,
    options?: {
      fmt?: string | readonly string[];
      delimiter?: string;
      newline?: string;
      header?: string;
      footer?: string;
      comments?: string;
    },
  ): string;
  /** NumPy's print options for toString and console.log (defaults 8, 1000, 3, 75, false). */
  setPrintOptions(options: Partial<PrintOptions>): void;
  getPrintOptions(): PrintOptions;
}
export interface TextReadOptions {
  /** One ASCII character; null (default): runs of whitespace. */
  delimiter?: string | null;
  /** Markers that end a line's data (default '#'); null: none. */
  comments?: string | readonly string[] | null;
  skiprows?: number;
  usecols?: number | readonly number[];
  maxRows?: number;
  dtype?: DType;
  unpack?: boolean;
  ndmin?: 0 | 1 | 2;
}
export interface PrintOptions {
  precision: number;
  threshold: number;
  edgeitems: number;
  linewidth: number;
  suppress: boolean;
}

type AllOps = WtensorOps & LazyWtensorOps & StatsOps;
/** A distribution's parameter: a number, bigint, nested arrays or a tensor, broadcast against size. */
export type RandomParam = number | bigint | boolean | Operand;
/** size: the result's shape (NumPy's size; without it, the parameters' broadcast shape, and a scalar for
 *  scalar parameters); dtype: 'float32' where NumPy offers it; out: filled in place (its dtype and shape). */
export interface DrawOptions {
  size?: Shape;
  dtype?: 'float64' | 'float32';
  out?: Tensor;
}
/** A draw: a number (bigint for integer distributions) without size and array parameters, else a Tensor. */
export type Drawn<S = number> = S | Tensor;
/** A distribution's method: its parameters positionally (or by name in the options), then size. */
export type Distribution<S = number> = (...args: (RandomParam | Shape | DrawOptions | undefined | null)[]) => Drawn<S>;

/** NumPy's BitGenerator state objects: 64- and 128-bit values as decimal strings (set: strings, bigints, numbers). */
export interface BitGeneratorState {
  bit_generator: 'PCG64' | 'PCG64DXSM' | 'MT19937' | 'Philox' | 'SFC64';
  state: Record<string, string | number | (string | number)[]>;
  has_uint32?: number;
  uinteger?: number;
  buffer?: string[];
  buffer_pos?: number;
}

/** NumPy's SeedSequence: entropy (fresh from crypto.getRandomValues when not given) and a spawn key. */
export interface SeedSequence {
  readonly entropy: number | bigint | readonly (number | bigint)[];
  readonly spawnKey: number[];
  readonly poolSize: number;
  nChildrenSpawned: number;
  generateState(nWords: number, dtype?: 'uint32'): Uint32Array;
  generateState(nWords: number, dtype: 'uint64'): BigUint64Array;
  spawn(n: number): SeedSequence[];
  readonly state: { entropy: unknown; spawn_key: number[]; pool_size: number; n_children_spawned: number };
}
export type Seed = number | bigint | readonly (number | bigint)[] | Uint32Array | SeedSequence | null | undefined;

/** A bit generator: its state lives in wasm memory (freed with the object, or by dispose()). */
export interface BitGenerator {
  readonly seedSeq: SeedSequence;
  /** NumPy's state dict, JSON-safe; setting it checks every field. */
  state: BitGeneratorState;
  /** NumPy's random_raw: the generator's words (uint64; MT19937's are 32-bit). */
  randomRaw(size?: Shape): bigint | Tensor;
  spawn(n: number): this[];
  /** A copy jumped as NumPy's jumped() (PCG64, PCG64DXSM, Philox, MT19937). */
  jumped(jumps?: number): this;
  /** Advances by delta draws (PCG64, PCG64DXSM) or counter blocks (Philox); returns this. */
  advance(delta: number | bigint): this;
  dispose(): void;
  [Symbol.dispose](): void;
  toString(): string;
}
export interface BitGeneratorClass {
  new (seed?: Seed): BitGenerator;
}

/** NumPy's Generator (wt.random.Generator): its distributions draw NumPy's streams (see README's random section). */
export interface RandomGenerator {
  readonly bitGenerator: BitGenerator;
  /** Frees the bit generator's state; `using rng = ...` calls it. */
  dispose(): void;
  [Symbol.dispose](): void;
  random(size?: Shape | DrawOptions, options?: DrawOptions): Drawn;
  standardNormal(size?: Shape | DrawOptions, options?: DrawOptions): Drawn;
  standardExponential(size?: Shape | DrawOptions, options?: DrawOptions): Drawn;
  standardCauchy(size?: Shape | DrawOptions, options?: DrawOptions): Drawn;
  standardGamma: Distribution;
  normal: Distribution;
  uniform: Distribution;
  exponential: Distribution;
  gamma: Distribution;
  beta: Distribution;
  chisquare: Distribution;
  lognormal: Distribution;
  laplace: Distribution;
  logistic: Distribution;
  gumbel: Distribution;
  standardT: Distribution;
  f: Distribution;
  pareto: Distribution;
  weibull: Distribution;
  power: Distribution;
  rayleigh: Distribution;
  triangular: Distribution;
  binomial: Distribution<bigint>;
  negativeBinomial: Distribution<bigint>;
  poisson: Distribution<bigint>;
  geometric: Distribution<bigint>;
  logseries: Distribution<bigint>;
  wald: Distribution;
  noncentralChisquare: Distribution;
  noncentralF: Distribution;
  zipf: Distribution<bigint>;
  /** [low, high) (or [low, high] with endpoint) in dtype (int64 by default, as NumPy's: bigints). */
  integers(
    low: RandomParam,
    high?: RandomParam | null | { size?: Shape; dtype?: DType; endpoint?: boolean },
    size?: Shape | { size?: Shape; dtype?: DType; endpoint?: boolean },
    options?: { size?: Shape; dtype?: DType; endpoint?: boolean },
  ): number | bigint | boolean | Tensor;
  choice(
    a: number | bigint | Operand,
    size?: Shape | ChoiceOptions,
    options?: ChoiceOptions,
  ): number | bigint | boolean | Tensor;
  permutation(x: number | bigint | Operand, options?: { axis?: number }): Tensor;
  /** In place, along axis (any writable view). */
  shuffle(x: Tensor, options?: { axis?: number }): void;
  /** Each lane along axis shuffled on its own (axis null: all elements); into out or a copy. */
  permuted(x: Operand, options?: { axis?: number | null; out?: Tensor }): Tensor;
  multinomial(n: RandomParam, pvals: Operand, size?: Shape | { size?: Shape }): Tensor;
  bytes(length: number): Uint8Array;
  spawn(n: number): RandomGenerator[];
  toString(): string;
}
export interface ChoiceOptions {
  size?: Shape;
  replace?: boolean;
  p?: Operand;
  axis?: number;
  shuffle?: boolean;
}

/** NumPy's legacy RandomState: MT19937 seeded and drawn as old NumPy did. */
export interface RandomState {
  readonly bitGenerator: BitGenerator;
  /** Frees the bit generator's state; `using rng = ...` calls it. */
  dispose(): void;
  [Symbol.dispose](): void;
  seed(seed?: number | bigint | readonly number[] | null): void;
  rand(...shape: number[]): number | Tensor;
  randn(...shape: number[]): number | Tensor;
  random(size?: Shape): number | Tensor;
  randomSample(size?: Shape): number | Tensor;
  standardNormal(size?: Shape): number | Tensor;
  normal: Distribution;
  uniform: Distribution;
  randint(
    low: RandomParam,
    high?: RandomParam | null | { size?: Shape; dtype?: DType },
    size?: Shape | { size?: Shape; dtype?: DType },
    options?: { size?: Shape; dtype?: DType },
  ): number | bigint | boolean | Tensor;
  choice(a: number | bigint | Operand, size?: Shape | ChoiceOptions, options?: ChoiceOptions): number | bigint | Tensor;
  shuffle(x: Tensor): void;
  permutation(x: number | bigint | Operand): Tensor;
  /** NumPy's get_state(legacy=False): the MT19937 state with has_gauss and gauss. */
  getState(): BitGeneratorState & { has_gauss: number; gauss: number };
  setState(state: BitGeneratorState & { has_gauss?: number; gauss?: number }): void;
  toString(): string;
}

/** wt.random: NumPy's np.random, RandomGenerator and legacy. */
export interface Random {
  defaultRng(seed?: Seed | RandomGenerator | BitGenerator | RandomState): RandomGenerator;
  readonly Generator: new (bitGenerator: BitGenerator) => RandomGenerator;
  readonly RandomState: new (seed?: number | bigint | readonly number[] | null) => RandomState;
  readonly SeedSequence: new (
    entropy?: number | bigint | readonly (number | bigint)[] | Uint32Array | null,
    options?: { spawnKey?: number[]; poolSize?: number; nChildrenSpawned?: number },
  ) => SeedSequence;
  readonly BitGenerator: abstract new (...args: never[]) => BitGenerator;
  readonly PCG64: BitGeneratorClass;
  readonly PCG64DXSM: BitGeneratorClass;
  readonly MT19937: BitGeneratorClass;
  readonly Philox: BitGeneratorClass;
  readonly SFC64: BitGeneratorClass;
  /** np.random's module functions, over one RandomState per instance. */
  seed: RandomState['seed'];
  rand: RandomState['rand'];
  randn: RandomState['randn'];
  randint: RandomState['randint'];
  random: RandomState['random'];
  randomSample: RandomState['randomSample'];
  uniform: RandomState['uniform'];
  normal: RandomState['normal'];
  standardNormal: RandomState['standardNormal'];
  choice: RandomState['choice'];
  shuffle: RandomState['shuffle'];
  permutation: RandomState['permutation'];
  getState: RandomState['getState'];
  setState: RandomState['setState'];
}

export interface Wtensor extends AllOps {
  readonly WtError: typeof WtError;
  readonly Tensor: typeof Tensor;
  readonly LazyTensor: typeof LazyTensor;
  readonly Labeled: typeof Labeled;
  /** Adopts a region of this module's own memory (inside some tensor's storage) without copying;
   *  the storage stays alive while the result does. shape defaults to the whole view. */
  wrap(
    view: ArrayBufferView,
    options?: { shape?: Shape; strides?: readonly number[]; offset?: number; dtype?: DType; readOnly?: boolean },
  ): Tensor;
  /** This instance's module and shared memory, for init({ share }) in a worker (threaded build). */
  share(): SharedMemoryHandle;
  /** The tensor a t.share() ticket stands for, as this instance's own handle (once per ticket). */
  attach(handle: SharedTensor): Tensor;
  /** Ends an instance started with init({ share }): frees its tensors, stack and thread state.
   *  Its tensors read as disposed and every later call is a WtError. */
  detach(): void;
  /** A copy from anything: TypedArrays (on any memory), ArrayBuffer, DataView, array-likes, iterables, nested arrays. */
  fromArrayLike(
    value:
      | ArrayBufferView
      | ArrayBuffer
      | SharedArrayBuffer
      | ArrayLike<number | bigint | boolean>
      | Iterable<number | bigint | boolean>
      | NestedArray,
    options?: { dtype?: DType; shape?: Shape },
  ): Tensor;
  /** An einsum with its equation bound: a template tag (wt.ein`ij,jk->ik`(a, b)) or a string. */
  ein(strings: TemplateStringsArray | string, ...values: (string | number)[]): BoundEinsum;

  /** A new graph; wt.constant, wt.placeholder, ... build in defaultGraph. */
  graph(): Graph;
  readonly defaultGraph: Graph;
  /** NumPy's random numbers: Generator (PCG64, ...) and the legacy RandomState, NumPy's streams. */
  readonly random: Random;
  constant: Graph['constant'];
  placeholder: Graph['placeholder'];
  variable: Graph['variable'];
  persistentTensor: Graph['persistentTensor'];
  lazy: Graph['lazy'];
  /** A graph saved by Compiled.save(), rebuilt (every node checked again) and compiled. */
  loadGraph(json: string, blobs?: Record<string, Uint8Array>): Compiled<Tensor | Tensor[] | Record<string, Tensor>>;
  readonly dtypes: readonly DType[];
  /** The dtype names as constants, NumPy's spelling: wt.float32 === 'float32'. */
  readonly bool: 'bool';
  readonly int8: 'int8';
  readonly uint8: 'uint8';
  readonly int16: 'int16';
  readonly uint16: 'uint16';
  readonly int32: 'int32';
  readonly uint32: 'uint32';
  readonly int64: 'int64';
  readonly uint64: 'uint64';
  readonly float16: 'float16';
  readonly float32: 'float32';
  readonly float64: 'float64';
  readonly complex64: 'complex64';
  readonly complex128: 'complex128';
  /** A complex number; in ops a weak scalar, as a Python complex (float32 + complex(0, 1) is complex64). */
  complex(re: number, im?: number): ComplexLike;
  /** NumPy's np.emath: complex results where the real function would give NaN (sqrt(-1) is 1j). */
  readonly emath: Emath;
  /** The Array API's linalg extension and numpy.linalg: decompositions in C over stacks of matrices. */
  readonly linalg: Linalg;
  /** The Array API's fft extension and numpy.fft: transforms of any length along any axes, in C. */
  readonly fft: Fft;
  /** numpy.polynomial's Polynomial, Chebyshev and Legendre. */
  readonly polynomial: PolynomialNamespace;
  /** NumPy's polynomial functions: coefficients highest power first. */
  polyval(p: Operand, x: Operand): Tensor;
  /** Least squares through lstsq; {coef, residuals, rank, singularValues, rcond} with full, {coef, cov} with cov. */
  polyfit(
    x: Operand,
    y: Operand,
    deg: number,
    options?: { rcond?: number; w?: Operand; full?: false; cov?: false },
  ): Tensor;
  polyfit(
    x: Operand,
    y: Operand,
    deg: number,
    options: { rcond?: number; w?: Operand; full: true },
  ): { coef: Tensor; residuals: Tensor; rank: number; singularValues: Tensor; rcond: number };
  polyfit(
    x: Operand,
    y: Operand,
    deg: number,
    options: { rcond?: number; w?: Operand; cov: true | 'unscaled' },
  ): { coef: Tensor; cov: Tensor };
  /** The eigenvalues of the companion matrix (complex when any root is). */
  roots(p: Operand): Tensor;
  /** The coefficients of the monic polynomial with these roots (or a square matrix's eigenvalues). */
  poly(seqOfZeros: Operand): Tensor;
  polyder(p: Operand, m?: number): Tensor;
  polyint(p: Operand, m?: number, k?: number | Operand | null): Tensor;
  polyadd(a1: Operand, a2: Operand): Tensor;
  polysub(a1: Operand, a2: Operand): Tensor;
  polymul(a1: Operand, a2: Operand): Tensor;
  /** [quotient, remainder] */
  polydiv(u: Operand, v: Operand): [Tensor, Tensor];
  poly1d(c: Operand | Poly1d, options?: { r?: boolean; variable?: string }): Poly1d;
  /** NumPy's real and imag: views of a complex tensor's parts (t.real, t.imag). */
  real(t: Tensor): Tensor;
  imag(t: Tensor): Tensor;

  /** From a number, bigint, boolean, nested arrays or a TypedArray (bigints make int64). */
  tensor(data: NestedArray | AnyTypedArray | Tensor, options?: TensorOptions): Tensor;
  empty(shape: Shape, dtype?: DType): Tensor;
  zeros(shape: Shape, dtype?: DType): Tensor;
  ones(shape: Shape, dtype?: DType): Tensor;
  full(shape: Shape, value: number | bigint | boolean | ComplexLike, dtype?: DType): Tensor;
  /** arange(stop) or arange(start, stop, step?, dtype?). */
  arange(start: number, stop?: number | null, step?: number, dtype?: DType): Tensor;
  /** endpoint also positionally, as NumPy's; retstep: [samples, step] */
  linspace(
    start: number,
    stop: number,
    num?: number,
    endpoint?: boolean | { endpoint?: boolean; retstep?: false; dtype?: DType },
    options?: { retstep?: false; dtype?: DType },
  ): Tensor;
  linspace(
    start: number,
    stop: number,
    num: number | undefined,
    options: { endpoint?: boolean; retstep: true; dtype?: DType },
  ): Tuple<{ samples: Tensor; step: number }>;
  eye(n: number, m?: number | null, k?: number, dtype?: DType): Tensor;

  slice(t: Values, spec?: string): Tensor;
  transpose(t: Values, axes?: readonly number[] | null): Tensor;
  swapaxes(t: Values, axis1: number, axis2: number): Tensor;
  reshape(t: Values, shape: Shape): Tensor;
  broadcastTo(t: Values, shape: Shape): Tensor;
  expandDims(t: Values, axis: number): Tensor;
  squeeze(t: Values, axis?: number | readonly number[] | null): Tensor;
  diagonal(t: Values, offset?: number, axis1?: number, axis2?: number): Tensor;
  flatten(t: Values): Tensor;
  ravel(t: Values): Tensor;
  view(t: Values, dtype: DType): Tensor;
  contiguous(t: Values): Tensor;
  copy(t: Values): Tensor;
  astype(t: Values, dtype: DType): Tensor;
  assign(dst: Tensor, src: Operand): Tensor;

  /** Runs fn, then disposes every tensor made inside it except those it returns (or kept); with
   *  release, also the tensors of that value that fn's result does not hold, once fn has returned:
   *  `state = wt.tidy(() => step(state), { release: state })`. */
  tidy<T extends Tensors>(fn: () => T, options?: { release?: Tensors }): T;
  /** Exempts t from disposal by every enclosing tidy (as tfjs's keep): a tensor returned from a
   *  tidy lives on in the enclosing one instead. */
  keep<T extends Tensor>(t: T): T;
  /** Disposes a tensor, or every tensor in an array/object. */
  dispose(value: Tensors): void;
  memory(): MemoryInfo;
  resetPeak(): void;
  /** The machine's limits as this build sees them: a register-only f32x4 multiply-add loop and a SIMD copy (read + write bytes per second). */
  probe: {
    peak(iters?: number): { gflops: number; seconds: number };
    copy(bytes?: number, repeats?: number): { gbps: number; seconds: number };
  };
  info(): EngineInfo;
}

export interface InitOptions {
  /** Where the module comes from: bytes, a compiled Module, a URL or a Response
   *  (default: dist/wtensor.wasm next to the package, resolved via import.meta.url). */
  wasm?: ArrayBuffer | ArrayBufferView | WebAssembly.Module | URL | string | Response | Promise<Response>;
  /** The threaded build, as for wasm (default: dist/wtensor-mt.wasm next to the package). */
  wasmThreads?: ArrayBuffer | ArrayBufferView | WebAssembly.Module | URL | string | Response | Promise<Response>;
  /** The relaxed-SIMD variants of wasm and wasmThreads (defaults: dist/wtensor-relaxed.wasm, dist/wtensor-mt-relaxed.wasm). */
  wasmRelaxed?: ArrayBuffer | ArrayBufferView | WebAssembly.Module | URL | string | Response | Promise<Response>;
  wasmThreadsRelaxed?: ArrayBuffer | ArrayBufferView | WebAssembly.Module | URL | string | Response | Promise<Response>;
  /** 'auto' (the default: the relaxed-SIMD build where the engine validates relaxed SIMD), true (required: fail
   *  otherwise) or false (the SIMD128 build). */
  relaxedSimd?: 'auto' | boolean;
  /** 'auto' (the default: every logical core, up to 16, when SharedArrayBuffer and Worker are
   *  available and the page is cross-origin isolated) or a number from 1 to 64. */
  threads?: 'auto' | number | null;
  /** A t.share() or wt.share() handle: start a further instance on that memory (one thread). */
  share?: SharedMemoryHandle;
  /** Bytes that tensors made outside wt.tidy may add in one synchronous run before a single
   *  console.warn says how to free them (default 256 MiB; false or 0: never). */
  memoryWarning?: number | false;
}

export function init(options?: InitOptions): Promise<Wtensor>;
export const DTYPES: readonly DType[];
