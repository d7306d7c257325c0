/*
** wtensor.h — the public C API of wtensor, a strided tensor engine for
** WebAssembly (browsers, Node, WASI) and native code.
**
** ---------------------------------------------------------------------------
** TUTORIAL
** ---------------------------------------------------------------------------
** A tensor is a reference-counted BUFFER (bytes) plus a DESCRIPTOR: dtype,
** shape, signed element strides, an element offset and flags.  Views (slice,
** transpose, reshape, broadcast, diagonal, ...) make a new descriptor over the
** same buffer and never touch data.  Every function returns a wt_status; on
** failure wt_error_message() says what went wrong, naming the values.
**
**     wt_tensor *a, *row, *t;
**     int64_t shape[2] = {3, 4};
**     if (wt_tensor_zeros(WT_FLOAT32, 2, shape, &a) != WT_OK)
**         fprintf(stderr, "%s\n", wt_error_message());
**     wt_view_slice(a, "1, ::-1", &row);     // row 1, reversed: a view
**     wt_assign_scalar(row, 7.0);            // writes through into a
**     wt_view_permute(a, 0, NULL, &t);       // a.T, another view
**     wt_tensor_free(t); wt_tensor_free(row); wt_tensor_free(a);
**
** Freeing a tensor drops its reference to the buffer; the buffer lives while
** any view of it lives, so views may outlive their base.
**
** Guarantees: no input, however malformed, aborts, traps, or reads or writes
** out of bounds.  Every descriptor is checked against its buffer when it is
** made, so a view that could address outside its buffer cannot exist.  A
** failing call leaves its outputs and destinations untouched.
**
** Threading: natively and in the single-threaded wasm build, call the library
** from one thread at a time.  The threaded wasm build runs several instances
** on one memory, each with its own error state (see THREADS).
*/
#ifndef WTENSOR_H
#define WTENSOR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WT_VERSION_MAJOR  0
#define WT_VERSION_MINOR  1
#define WT_VERSION_PATCH  0
#define WT_VERSION_STRING "0.1.0"

/* Most dimensions a tensor may have. */
#define WT_MAX_DIMS 16

/* Every public function is declared with WT_API; the wasm export list is
** generated from these declarations, so one line here is one export. */
#ifndef WT_API
#define WT_API
#endif

/*
** ---------------------------------------------------------------------------
** STATUS CODES AND ERRORS
** ---------------------------------------------------------------------------
*/
typedef enum wt_status {
    WT_OK        = 0, /* success */
    WT_EINVAL    = 1, /* an argument is invalid (NULL, bad axis, bad value) */
    WT_ESHAPE    = 2, /* shapes are incompatible or a shape is malformed */
    WT_EDTYPE    = 3, /* dtype unsupported for the operation, or no promotion */
    WT_ENOMEM    = 4, /* allocation failed or a size overflows */
    WT_EREADONLY = 5, /* write to a read-only tensor */
    WT_EINDEX    = 6, /* an index is out of range */
    WT_ESYNTAX   = 7, /* a string (slice spec, equation) does not parse */
    WT_EBOUNDS   = 8, /* a descriptor would address outside its buffer */
    WT_ELINALG   = 9  /* a matrix is singular, not positive definite, or an iteration did not converge */
} wt_status;

WT_API const char *wt_status_name(int status); /* "WT_ESHAPE"; "WT_UNKNOWN" otherwise */
WT_API const char *wt_error_message(void);     /* message of the last failure, "" if none */
WT_API int         wt_error_status(void);      /* status of the last failure, WT_OK if none */
WT_API void        wt_error_clear(void);       /* forget the last failure */
WT_API const char *wt_version(void);           /* "0.1.0" */
WT_API const char *wt_simd_name(void);         /* "wasm_simd128", "sse2" or "generic" */

/*
** ---------------------------------------------------------------------------
** DTYPES AND PROMOTION
** ---------------------------------------------------------------------------
** Promotion follows NumPy 2 (NEP 50).  Between tensors: bool < integers <
** floats; mixed signed/unsigned integers take the smallest signed type that
** holds both (int32 with uint32 is int64), and int64 with uint64, which no
** integer holds, is float64.  A float with an integer gives the wider of the
** float and the smallest float that holds the integer (bool/int8/uint8:
** float16, int16/uint16: float32, wider: float64): float16 with int16 is
** float32, float32 with int32 is float64.  Complex dtypes rank above every
** float: a complex with a float or an integer gives the smallest complex whose
** parts hold both (complex64 with float64 or int32 is complex128).
** A host number is a WEAK scalar, carried as a double: an integer-valued
** number (|v| <= 2^53) adopts the tensor's dtype (bool tensors become int32),
** any other number behaves like a Python float (integer and bool tensors
** become float64, float tensors keep their dtype).  A 64-bit integer beyond
** 2^53 has no exact double: it goes in as a 0-d int64 or uint64 tensor
** marked weak (wt_view_weak), exact, and promotes as the Python int it is.
** A host complex number is a 0-d complex tensor marked weak: it keeps a
** complex tensor's dtype and makes any other the smallest complex that holds
** it (float32 becomes complex64, integers complex128), as a Python complex.
*/
typedef enum wt_dtype {
    WT_BOOL       = 0,
    WT_INT8       = 1,
    WT_UINT8      = 2,
    WT_INT16      = 3,
    WT_UINT16     = 4,
    WT_INT32      = 5,
    WT_UINT32     = 6,
    WT_FLOAT32    = 7,
    WT_FLOAT64    = 8,
    WT_INT64      = 9, /* codes are stable: new dtypes are appended */
    WT_UINT64     = 10,
    WT_FLOAT16    = 11, /* IEEE binary16; ops compute in float32 and round once, as NumPy */
    WT_COMPLEX64  = 12, /* (re, im) float32 pairs, interleaved */
    WT_COMPLEX128 = 13  /* (re, im) float64 pairs, interleaved */
} wt_dtype;
#define WT_NDTYPES 14

WT_API size_t      wt_dtype_size(int dtype);     /* bytes per element; 0 if invalid */
WT_API const char *wt_dtype_name(int dtype);     /* "float32"; NULL if invalid */
WT_API int         wt_dtype_is_valid(int dtype); /* 1 if a wt_dtype */
WT_API wt_status   wt_dtype_from_name(const char *name, wt_dtype *out);
WT_API wt_status   wt_dtype_promote(int a, int b, wt_dtype *out); /* tensor with tensor */
/* NumPy's result_type of n >= 1 dtypes at once, which is not a left fold of the
** pairs: (int8, uint16, float32) is float32.  It equals the pairwise promotion
** with the float dtypes taken first (checked against NumPy for every triple and
** quadruple of wtensor's dtypes). */
WT_API wt_status wt_dtype_promote_list(int n, const int *dtypes, wt_dtype *out);
WT_API wt_status wt_dtype_promote_scalar(int t, double value, wt_dtype *out); /* tensor with weak scalar */
/* NumPy's result_type of n >= 1 operands: dtypes[k], or a weak scalar
** scalars[k] where dtypes[k] is -1 (scalars may be NULL when none is), or a
** weak complex scalar where dtypes[k] is WT_WEAK_COMPLEX (-2), or a Python
** int of any size where dtypes[k] is WT_WEAK_INT (-3), its value in
** scalars[k] rounded toward zero (the greatest double not beyond it).  The
** dtypes are promoted all at once, then each weak scalar adopts or widens the
** result (NEP 50); weak scalars alone give their own kind's default dtype
** (int32 for integers, float64 for the rest). */
WT_API wt_status wt_result_type(int n, const int *dtypes, const double *scalars, wt_dtype *out);
#define WT_WEAK_COMPLEX (-2)
#define WT_WEAK_INT     (-3)

/* What NumPy's iinfo and finfo report of a dtype. */
typedef struct wt_dtype_limits {
    int32_t  kind;            /* NumPy's dtype.kind: 'b', 'i' signed, 'u' unsigned, 'f', 'c' */
    int32_t  bits;            /* the element's size in bits */
    int64_t  int_min;         /* integers and bool: the least value */
    uint64_t int_max;         /* integers and bool: the greatest value */
    double   float_max;       /* floats: the greatest finite value (the least is its negative) */
    double   eps;             /* floats: the gap between 1 and the next larger value */
    double   smallest_normal; /* floats: the smallest positive normal value */
    double   smallest_subnormal;
    int32_t  precision; /* floats: decimal digits of precision (NumPy's finfo.precision) */
    int32_t  reserved;
} wt_dtype_limits;
WT_API wt_status wt_dtype_limits_of(int dtype, wt_dtype_limits *out);

/*
** ---------------------------------------------------------------------------
** TENSORS: CREATION, LIFETIME, INSPECTION
** ---------------------------------------------------------------------------
** Shapes are int64_t arrays of ndim entries (0 <= ndim <= WT_MAX_DIMS, every
** entry >= 0).  Strides and offsets count ELEMENTS, not bytes.  New storage is
** aligned to at least 16 bytes; new tensors are C-contiguous and writable.
*/
typedef struct wt_tensor wt_tensor;

#define WT_FLAG_READONLY   1u /* an r-tensor: writes are WT_EREADONLY */
#define WT_FLAG_CONTIGUOUS 2u /* C-contiguous (derived, reported by wt_tensor_flags) */
#define WT_FLAG_WEAK       4u /* a 0-d operand promoted as a Python int or complex (wt_view_weak) */

/* uninitialised, zero-filled, and filled with value (converted as by wt_assign_scalar) */
WT_API wt_status wt_tensor_empty(int dtype, int ndim, const int64_t *shape, wt_tensor **out);
WT_API wt_status wt_tensor_zeros(int dtype, int ndim, const int64_t *shape, wt_tensor **out);
WT_API wt_status wt_tensor_full(int dtype, int ndim, const int64_t *shape, double value, wt_tensor **out);

/* Rules, computed in float64 and stored with assignment casting (NumPy's):
** arange: ceil((stop-start)/step) values start + i*step (step != 0);
** linspace: num values from start to stop (included if endpoint != 0);
** eye: an n x m matrix with ones on diagonal k. */
WT_API wt_status wt_tensor_arange(double start, double stop, double step, int dtype, wt_tensor **out);
WT_API wt_status wt_tensor_linspace(double start, double stop, int64_t num, int endpoint, int dtype, wt_tensor **out);
WT_API wt_status wt_tensor_eye(int64_t n, int64_t m, int64_t k, int dtype, wt_tensor **out);

/* Wrap memory the engine does not own: nbytes at data, viewed with the given
** descriptor (strides NULL = C-contiguous).  The descriptor is validated
** against nbytes.  release(ctx) runs when the last view is freed (may be
** NULL).  flags may contain WT_FLAG_READONLY. */
WT_API wt_status wt_tensor_wrap(void *data, size_t nbytes, int dtype, int ndim, const int64_t *shape,
                                const int64_t *strides, int64_t offset, unsigned flags, void (*release)(void *ctx),
                                void *ctx, wt_tensor **out);

/* Adopt bytes [data, data + nbytes) that lie inside the storage of a live
** tensor of this engine: a tensor over them that shares, and keeps alive,
** that storage (no copy).  strides NULL = C-contiguous; offset in elements
** from data; the descriptor must stay within the nbytes.  WT_EBOUNDS when no
** storage holds the bytes (memory from wt_malloc is not storage: wrap that),
** WT_EINVAL when data is not on an element boundary of its storage. */
WT_API wt_status wt_tensor_adopt(const void *data, size_t nbytes, int dtype, int ndim, const int64_t *shape,
                                 const int64_t *strides, int64_t offset, unsigned flags, wt_tensor **out);

/* A new view with the same buffer and descriptor (a second handle). */
WT_API wt_status wt_tensor_clone(const wt_tensor *t, wt_tensor **out);
/* Drop this handle; the buffer is released with its last view.  NULL is a no-op. */
WT_API void wt_tensor_free(wt_tensor *t);

/* Inspection; each returns 0 / NULL when t is NULL. */
WT_API int            wt_tensor_dtype(const wt_tensor *t);
WT_API int            wt_tensor_ndim(const wt_tensor *t);
WT_API const int64_t *wt_tensor_shape(const wt_tensor *t);   /* ndim entries */
WT_API const int64_t *wt_tensor_strides(const wt_tensor *t); /* ndim entries, elements */
WT_API int64_t        wt_tensor_offset(const wt_tensor *t);  /* elements from the buffer start */
WT_API int64_t        wt_tensor_size(const wt_tensor *t);    /* product of the shape */
WT_API unsigned       wt_tensor_flags(const wt_tensor *t);   /* WT_FLAG_* */
WT_API int            wt_tensor_is_contiguous(const wt_tensor *t);
WT_API void          *wt_tensor_data(const wt_tensor *t);   /* start of the buffer */
WT_API size_t         wt_tensor_nbytes(const wt_tensor *t); /* bytes in the buffer */
WT_API int            wt_tensor_same_buffer(const wt_tensor *a, const wt_tensor *b);

/* Everything above in one call, for hosts that cross a boundary per call
** (JavaScript reads a tensor's description with one wasm call).  Fixed-width
** fields only, so the layout is the same in every build; bindings/abi.js
** carries its offsets, generated from this declaration. */
typedef struct wt_info {
    int64_t  offset; /* elements from the buffer start */
    uint64_t data;   /* address of the buffer start */
    uint64_t nbytes; /* bytes in the buffer */
    int32_t  dtype;
    int32_t  ndim;
    uint32_t flags; /* WT_FLAG_* */
    uint32_t reserved;
    int64_t  shape[WT_MAX_DIMS];   /* ndim entries */
    int64_t  strides[WT_MAX_DIMS]; /* ndim entries, elements */
} wt_info;
WT_API wt_status wt_tensor_info(const wt_tensor *t, wt_info *out);

/* Read or write one element as a double, index of ndim entries (negative
** entries count from the end).  Writing converts as wt_assign_scalar. */
WT_API wt_status wt_tensor_get(const wt_tensor *t, const int64_t *index, double *value);
WT_API wt_status wt_tensor_set(wt_tensor *t, const int64_t *index, double value);

/* Live tensors and bytes held by engine-owned buffers, and the peak of the
** latter since start (or the last reset). */
WT_API int64_t wt_memory_tensors(void);
WT_API int64_t wt_memory_bytes(void);
WT_API int64_t wt_memory_peak(void);
WT_API void    wt_memory_reset_peak(void);

/*
** ---------------------------------------------------------------------------
** VIEWS (zero copy, O(ndim); NumPy semantics)
** ---------------------------------------------------------------------------
** A view shares the buffer of its source and inherits WT_FLAG_READONLY.
** Axis arguments may be negative (counting from the end).
*/

/* NumPy basic indexing from a string: comma-separated items, each an integer
** (drops the axis), [start]:[stop][:step] (negative steps, clipped bounds),
** "..." (at most once) or "None" (new axis of size 1).  Missing trailing
** axes are implied; "" selects everything; all-integer gives a 0-d view.
** WT_ESYNTAX for anything else, WT_EINDEX for out-of-range integers. */
WT_API wt_status wt_view_slice(const wt_tensor *t, const char *spec, wt_tensor **out);

/* Permute axes: axes is a permutation of 0..ndim-1 (naxes == ndim), or
** NULL with naxes == 0 to reverse them (a.T). */
WT_API wt_status wt_view_permute(const wt_tensor *t, int naxes, const int *axes, wt_tensor **out);
WT_API wt_status wt_view_swapaxes(const wt_tensor *t, int axis1, int axis2, wt_tensor **out);

/* A view with a new shape (one entry may be -1) when NumPy could make one
** without copying; otherwise a C-contiguous copy.  wt_tensor_same_buffer
** tells which happened. */
WT_API wt_status wt_view_reshape(const wt_tensor *t, int ndim, const int64_t *shape, wt_tensor **out);

/* Broadcast to shape by NumPy's rules (right-aligned, size 1 stretches with
** stride 0).  The result is read-only. */
WT_API wt_status wt_view_broadcast_to(const wt_tensor *t, int ndim, const int64_t *shape, wt_tensor **out);

WT_API wt_status wt_view_expand_dims(const wt_tensor *t, int axis, wt_tensor **out);

/* Remove the listed axes (each of size 1), or with naxes == 0 every size-1 axis. */
WT_API wt_status wt_view_squeeze(const wt_tensor *t, int naxes, const int *axes, wt_tensor **out);

/* The diagonal of axes axis1 and axis2 with the given offset, as NumPy's
** diagonal: both axes are removed and the diagonal appended last; its stride
** is the sum of theirs.  Unlike NumPy the view is writable (unless its source
** is read-only): every diagonal element is distinct. */
WT_API wt_status wt_view_diagonal(const wt_tensor *t, int64_t offset, int axis1, int axis2, wt_tensor **out);

/* The same bytes read as another dtype (NumPy's ndarray.view(dtype)): of
** another itemsize, the last axis must be contiguous and scales by the ratio
** of the itemsizes (its length in bytes a multiple of the new itemsize), and
** a 0-d t cannot change itemsize.  Strides and offset count elements here, so
** every other stride and the offset, in bytes, must be multiples of the new
** itemsize too (NumPy has byte strides: it takes these views; WT_EINVAL here).
** No view as bool of another dtype (its bytes need not be 0 or 1). */
WT_API wt_status wt_view_dtype(const wt_tensor *t, int dtype, wt_tensor **out);

/* NumPy's t.real and t.imag.  Of a complex t: a view of the real or the
** imaginary parts, in the parts' dtype (float32 for complex64) with doubled
** strides, writable when t is: description separate from data.  Of a real t:
** t itself (real), or a new read-only tensor of zeros (imag), as NumPy. */
WT_API wt_status wt_view_real(const wt_tensor *t, wt_tensor **out);
WT_API wt_status wt_view_imag(const wt_tensor *t, wt_tensor **out);

/* A view of a 0-d tensor that ops promote as a weak scalar (WT_FLAG_WEAK):
** of a complex tensor, a Python complex (complex64 + weak(1+2j) stays
** complex64, float32 + weak(...) is complex64, an integer tensor + weak(...)
** complex128); of an int64 or uint64 tensor, a Python int of any size,
** exact (int8 + weak(2^60) is NumPy's OverflowError, WT_EDTYPE; int64 +
** weak(2^62 + 1) is exact; uint8 < weak(2^60) is all true).  Other dtypes
** and shapes are WT_EINVAL. */
WT_API wt_status wt_view_weak(const wt_tensor *t, wt_tensor **out);

/* 1-D in C order, contiguous: a view of a C-contiguous t, else a copy (NumPy's
** ravel; a reversed or strided 1-D tensor is copied too). */
WT_API wt_status wt_view_ravel(const wt_tensor *t, wt_tensor **out);
/* 1-D in C order, always a new contiguous copy (NumPy's flatten). */
WT_API wt_status wt_view_flatten(const wt_tensor *t, wt_tensor **out);

/* The same tensor as a view when already C-contiguous (same offset),
** otherwise a C-contiguous writable copy. */
WT_API wt_status wt_view_contiguous(const wt_tensor *t, wt_tensor **out);

/* NumPy's as_strided with its hole closed: a view of t with any shape and
** strides (elements; nstrides == ndim) from t's first element plus offset (elements), refused
** with WT_EBOUNDS when an element it reaches lies outside t's buffer. */
WT_API wt_status wt_view_as_strided(const wt_tensor *t, int ndim, const int64_t *shape, int nstrides,
                                    const int64_t *strides, int64_t offset, wt_tensor **out);
/* NumPy's sliding_window_view: for each of naxes axes (negative counting
** from the end; repeats allowed) a window of window[k] (nwindow == naxes) along it, the window
** axes appended in that order; read-only, as the windows overlap. */
WT_API wt_status wt_view_sliding_window(const wt_tensor *t, int naxes, const int *axes, int nwindow,
                                        const int64_t *window, wt_tensor **out);

/*
** ---------------------------------------------------------------------------
** ASSIGNMENT AND CASTING ("marshalling assignment")
** ---------------------------------------------------------------------------
** Casting follows NumPy's assignment casting: float to integer truncates
** toward zero and wraps to the target width (NaN, infinities and values
** beyond the int64 range become 0); integer narrowing wraps; anything
** nonzero (and NaN) becomes true.
*/

/* dst[...] = src: src broadcasts to dst's shape (its rank may not exceed
** dst's), any dtype to any dtype.  An overlapping src behaves as if copied
** first.  dst must be writable; on failure dst is unchanged.  A weak complex
** src (wt_view_weak, a Python complex) into a real dtype is WT_EDTYPE, as
** NumPy's TypeError; a complex tensor casts its real part. */
WT_API wt_status wt_assign(wt_tensor *dst, const wt_tensor *src);

/* dst[...] = value, value converted as a weak scalar of dst's dtype. */
WT_API wt_status wt_assign_scalar(wt_tensor *dst, double value);

/* A new C-contiguous tensor with the values of t (always a copy). */
WT_API wt_status wt_copy(const wt_tensor *t, wt_tensor **out);

/* A new C-contiguous tensor of dtype with t's values converted. */
WT_API wt_status wt_astype(const wt_tensor *t, int dtype, wt_tensor **out);

/* The broadcast of n shapes by NumPy's rules into out_shape (WT_MAX_DIMS
** entries); the message names every shape when they do not broadcast. */
WT_API wt_status wt_broadcast_shapes(int n, const int *ndims, const int64_t *const *shapes, int *out_ndim,
                                     int64_t *out_shape);

/* NumPy's casting rules for writing an op's result into an out tensor of
** another dtype, X(ENUM, "name"), strictest first.  no and equiv: the same
** dtype; safe: every value survives (int8 to int16, uint8 to float32);
** same_kind: safe, or to a kind no lower, the kinds ordered bool < unsigned
** < signed < floats (float64 to float32, uint32 to int8); unsafe: anything, converted as
** wt_assign converts.  As in NumPy, elementwise ops and matmul (wt_ewise,
** wt_fuse, wt_matmul) write out under same_kind, wt_einsum under safe and
** reductions under unsafe; assignment and wt_astype always cast unsafely. */
// clang-format off
#define WT_CASTING_LIST(X) \
    X(NO, "no") X(EQUIV, "equiv") X(SAFE, "safe") X(SAME_KIND, "same_kind") X(UNSAFE, "unsafe")
// clang-format on

typedef enum wt_casting {
#define WT_CASTING_ENUM_(e, name) WT_CASTING_##e,
    WT_CASTING_LIST(WT_CASTING_ENUM_)
#undef WT_CASTING_ENUM_
        WT_NCASTING
} wt_casting;

WT_API wt_status wt_casting_from_name(const char *name, int *casting);
/* 1 when dtype from casts to dtype to under casting (NumPy's can_cast), else 0
** (also for an invalid argument) */
WT_API int wt_can_cast(int from, int to, int casting);
/* A view of t that, given to an op as out, is written under casting instead
** of the op's own rule (NumPy's casting= keyword): with
** wt_view_casting(out, WT_CASTING_UNSAFE, &v), wt_ewise(..., v, ...) may
** truncate a float result into an integer out.  Views of it keep the rule. */
WT_API wt_status wt_view_casting(const wt_tensor *t, int casting, wt_tensor **out);

/*
** ---------------------------------------------------------------------------
** ELEMENTWISE OPERATIONS (one strided-loop engine for all of them)
** ---------------------------------------------------------------------------
** Inputs broadcast by NumPy's rules; the op computes in the NumPy 2 promoted
** dtype and the result is written into out under same_kind casting (see
** wt_view_casting for NumPy's casting=).  An input may be
** a weak scalar instead of a tensor (in[k] == NULL, value in scalars[k]).
**
** Cortex's forms: out = op(alpha*in[0], beta*in[1], in[2]) — alpha and beta
** are weak scalars that scale the first two operands before the op (1 = none).
** With reduce != WT_REDUCE_NONE, out may be smaller than the broadcast shape
** (each of its axes 1 or equal, right-aligned): the op's results are reduced
** into it over the axes it lacks.
**
** Result dtypes: arithmetic keeps the promoted dtype (bool add/mul/maximum/
** minimum are or/and/or/and; square and reciprocal of bool give int8; bool
** sub, neg and sign are errors); div is true
** division (integers and bool give float64); comparisons, logical ops,
** isnan/isfinite and logical_not give bool; exp, log, sqrt and the other
** float functions keep float dtypes and give float16 for bool, int8 and
** uint8, float32 for int16 and uint16, float64 otherwise (float16 is
** computed in float32 and rounded once, as NumPy does); a binary float
** function (arctan2, hypot, copysign, logaddexp, logaddexp2, nextafter,
** heaviside) of integers takes the smallest float every tensor operand casts
** to safely, as NumPy's loop search (int8 with uint8 gives float16), and
** nextafter of float16 steps on float16's grid; floor/ceil/round/trunc
** keep integer dtypes unchanged; fmod, fmax and fmin keep the promoted dtype
** (fmod is C's remainder, 0 for an integer divisor 0; fmax/fmin skip a NaN);
** bitwise_and/or/xor and invert take bool and integers only, left_shift and
** right_shift integers (bool is int8), with NumPy's counts: past the width
** (or negative) a left shift gives 0 and a right shift the sign; isinf and
** signbit give bool; fma(a,
** b, c) has the dtype of NumPy's a*b + c (the product's promotion, then the
** sum's) and computes product and sum in it.
** Integer division and modulo by zero give 0; an integer power with a
** negative exponent is refused (WT_EINVAL) before anything is written, as
** NumPy's loop raises.
** Complex dtypes, as NumPy's: arithmetic, pow, sqrt, exp, log and the
** trigonometric and hyperbolic functions and their inverses with C99's branch
** cuts; comparisons, maximum, minimum and clip order (re, im) lexicographically;
** absolute and angle give the parts' dtype; sign is z/|z|; conjugate negates
** the imaginary part (and copies real dtypes); floor_divide, mod, floor, ceil,
** relu and sigmoid are WT_EDTYPE.
*/
/* The ops as one list, X(ENUM, "name", arity): the enum below, the C op
** table (src/ops.c) and the JavaScript op codes (bindings/abi.js, generated
** by scripts/gen-abi.mjs) all come from it, so they cannot disagree. */
// clang-format off
#define WT_OP_LIST(X)                                                                                \
    /* binary */                                                                                     \
    X(ADD, "add", 2) X(SUB, "subtract", 2) X(MUL, "multiply", 2) X(DIV, "divide", 2)                 \
    X(FLOOR_DIV, "floor_divide", 2) X(MOD, "mod", 2) X(POW, "power", 2) X(MAXIMUM, "maximum", 2)     \
    X(MINIMUM, "minimum", 2) X(EQUAL, "equal", 2) X(NOT_EQUAL, "not_equal", 2) X(LESS, "less", 2)    \
    X(LESS_EQUAL, "less_equal", 2) X(GREATER, "greater", 2) X(GREATER_EQUAL, "greater_equal", 2)     \
    X(LOGICAL_AND, "logical_and", 2) X(LOGICAL_OR, "logical_or", 2) X(LOGICAL_XOR, "logical_xor", 2) \
    /* unary */                                                                                      \
    X(NEG, "negative", 1) X(ABS, "absolute", 1) X(SIGN, "sign", 1) X(EXP, "exp", 1) X(LOG, "log", 1) \
    X(LOG1P, "log1p", 1) X(EXPM1, "expm1", 1) X(SQRT, "sqrt", 1) X(SQUARE, "square", 1)              \
    X(RECIPROCAL, "reciprocal", 1) X(SIN, "sin", 1) X(COS, "cos", 1) X(TAN, "tan", 1)                \
    X(TANH, "tanh", 1) X(SIGMOID, "sigmoid", 1) X(RELU, "relu", 1) X(FLOOR, "floor", 1)              \
    X(CEIL, "ceil", 1) X(ROUND, "round", 1) X(LOGICAL_NOT, "logical_not", 1) X(ISNAN, "isnan", 1)    \
    X(ISFINITE, "isfinite", 1) X(COPY, "copy", 1) X(ARCCOS, "arccos", 1) X(ARCSIN, "arcsin", 1)      \
    X(ARCTAN, "arctan", 1) X(ARCCOSH, "arccosh", 1) X(ARCSINH, "arcsinh", 1)                         \
    X(ARCTANH, "arctanh", 1) X(COSH, "cosh", 1) X(SINH, "sinh", 1) X(CONJ, "conjugate", 1)           \
    X(ANGLE, "angle", 1) X(LOG2, "log2", 1) X(LOG10, "log10", 1)                                     \
    /* more binary ops */                                                                            \
    X(ARCTAN2, "arctan2", 2) X(HYPOT, "hypot", 2) X(COPYSIGN, "copysign", 2)                         \
    X(LOGADDEXP, "logaddexp", 2) X(LOGADDEXP2, "logaddexp2", 2) X(NEXTAFTER, "nextafter", 2)         \
    X(FMOD, "fmod", 2) X(FMAX, "fmax", 2) X(FMIN, "fmin", 2) X(HEAVISIDE, "heaviside", 2)            \
    X(BITWISE_AND, "bitwise_and", 2) X(BITWISE_OR, "bitwise_or", 2)                                  \
    X(BITWISE_XOR, "bitwise_xor", 2) X(LEFT_SHIFT, "left_shift", 2)                                  \
    X(RIGHT_SHIFT, "right_shift", 2)                                                                 \
    /* more unary ops */                                                                             \
    X(ISINF, "isinf", 1) X(SIGNBIT, "signbit", 1) X(TRUNC, "trunc", 1) X(EXP2, "exp2", 1)            \
    X(CBRT, "cbrt", 1) X(DEG2RAD, "deg2rad", 1) X(RAD2DEG, "rad2deg", 1) X(RINT, "rint", 1)          \
    X(POSITIVE, "positive", 1) X(INVERT, "invert", 1)                                                \
    /* ternary */                                                                                    \
    X(WHERE, "where", 3) X(CLIP, "clip", 3) X(FMA, "fma", 3)                                         \
    /* NumPy's i0, the modified Bessel function of the first kind, order 0 (kaiser's window) */      \
    X(I0, "i0", 1)
// clang-format on

typedef enum wt_op {
#define WT_OP_ENUM_(e, name, arity) WT_OP_##e,
    WT_OP_LIST(WT_OP_ENUM_)
#undef WT_OP_ENUM_
        WT_NOPS
} wt_op;

/* The reductions, X(ENUM, "name"); NONE is "no reduction" (wt_ewise's reduce). */
// clang-format off
#define WT_REDUCE_LIST(X)                                                                           \
    X(NONE, "none") X(SUM, "sum") X(PROD, "prod") X(MAX, "max") X(MIN, "min") X(MEAN, "mean")       \
    X(ANY, "any") X(ALL, "all") X(ARGMAX, "argmax") X(ARGMIN, "argmin")
// clang-format on

typedef enum wt_reduce_op {
#define WT_REDUCE_ENUM_(e, name) WT_REDUCE_##e,
    WT_REDUCE_LIST(WT_REDUCE_ENUM_)
#undef WT_REDUCE_ENUM_
        WT_NREDUCE
} wt_reduce_op;

/* "add", "floor_divide", "logical_not", ... (NumPy's ufunc names; see wt_op_name) */
WT_API wt_status   wt_op_from_name(const char *name, int *op);
WT_API const char *wt_op_name(int op);  /* NULL if invalid */
WT_API int         wt_op_arity(int op); /* 1, 2 or 3; 0 if invalid */
/* "sum", "prod", "max", "min", "mean", "any", "all", "argmax", "argmin" */
WT_API wt_status wt_reduce_from_name(const char *name, int *rop);

/* The dtype op would produce for inputs of these dtypes (weak scalars given
** as dtype -1 with their value in scalars[k]). */
WT_API wt_status wt_op_result_dtype(int op, int n, const int *dtypes, const double *scalars, wt_dtype *out);

/* out = op(alpha*in[0], beta*in[1], in[2]).  n must equal the op's arity.
** out == NULL: a new tensor is returned in *result.  Otherwise out is
** written (it may alias an input) and *result, if result is non-NULL, gets a
** new handle on it.  reduce: WT_REDUCE_NONE, _SUM, _PROD, _MAX or _MIN. */
WT_API wt_status wt_ewise(int op, int n, const wt_tensor *const *in, const double *scalars, double alpha, double beta,
                          wt_tensor *out, int reduce, wt_tensor **result);

/* Shorthands for the plain forms. */
WT_API wt_status wt_unary(int op, const wt_tensor *x, wt_tensor **result);
WT_API wt_status wt_binary(int op, const wt_tensor *x, const wt_tensor *y, wt_tensor **result);

/*
** ---------------------------------------------------------------------------
** REDUCTIONS
** ---------------------------------------------------------------------------
** Over the listed axes (naxes < 0: all axes; naxes == 0: none), dropping them
** or keeping them as size 1.  sum and prod of 8-32-bit integers accumulate
** modulo 2^32 (NumPy's int64 result, wrapped) and give int32 (uint32 for
** uint32, int32 for bool), of int64 and uint64 modulo 2^64 in their own
** dtype (wt_reduce_dtype asks for another); float sums are pairwise along
** contiguous runs.  mean of integers
** is float64.  Over zero elements: sum 0, prod 1, mean NaN, any false, all
** true; max, min, argmax and argmin fail.  argmax/argmin take one axis (or
** all, giving the flat index) and return int32; NaN wins, first index on ties.
** out (optional) receives the result with unsafe casting, as NumPy's
** reductions do; argmax and argmin need an integer or bool out.
*/
WT_API wt_status wt_reduce(int rop, const wt_tensor *x, int naxes, const int *axes, int keepdims, wt_tensor *out,
                           wt_tensor **result);
/* The same, accumulating in and returning dtype (NumPy's dtype=: sum, prod and
** mean; -1 for the default above): x's values convert to it as astype, so
** sum of int32 with WT_INT64 counts past 2^31, mean of float32 with
** WT_FLOAT64 accumulates in float64.  Other reductions refuse a dtype. */
WT_API wt_status wt_reduce_dtype(int rop, const wt_tensor *x, int naxes, const int *axes, int keepdims, int dtype,
                                 wt_tensor *out, wt_tensor **result);
/* The dtype and shape (*ndim entries) wt_reduce_dtype would return (want: its
** dtype argument), with all of its checks, computing nothing: x's descriptor
** is all it reads, so x may be a zero-stride view standing for a tensor not
** yet computed (lazy graphs). */
WT_API wt_status wt_reduce_shape(int rop, const wt_tensor *x, int naxes, const int *axes, int keepdims, int want,
                                 wt_dtype *dtype, int *ndim, int64_t *shape);

/*
** ---------------------------------------------------------------------------
** TEXT (NumPy's loadtxt, genfromtxt, savetxt)
** ---------------------------------------------------------------------------
** wt_text_read parses len bytes of text into a new 2-D tensor of dtype (rows,
** columns; no rows: (0, 0)): delim a byte (-1: runs of whitespace); comments
** the markers that end a line's data, each NUL-terminated, the list ending
** with an empty one (NULL: none); the first skiprows lines skipped (comments
** or not); at most maxrows data rows (-1: all); usecols the columns to keep
** (nuse of them, negative from the end; 0: all).  Blank lines are skipped.
** Fields are Python's numbers: integers for integer dtypes (in range),
** floats (nan, inf), complex as "1+2j" or "(1-2j)".  A line of another
** column count, or a field that is not a number of dtype, is an error naming
** the line and column (1-based) — unless lenient (genfromtxt), where such a
** field takes the value fill (converted to dtype).  Lines of more than 1024
** fields are refused.
** wt_text_write is savetxt: a 1-D tensor a value per line, a 2-D one a row
** per line; fmt is one printf conversion (flags, width and precision of up to
** two digits, one of diouxXeEfFgG), repeated per column between delimiters,
** or one per column (delimiter unused); complex values print NumPy's
** " (re+imj)".  header and footer (NULL or "": none) are prefixed with comments
** on every line.  The text (not NUL-terminated) goes into buf; *len is its
** length, and with cap too small the call fails after setting *len. */
WT_API wt_status wt_text_read(const char *text, size_t len, int delim, const char *comments, int64_t skiprows,
                              int64_t maxrows, int nuse, const int *usecols, int dtype, int lenient, double fill,
                              wt_tensor **out);
WT_API wt_status wt_text_write(const wt_tensor *t, const char *fmt, const char *delim, const char *newline,
                               const char *header, const char *footer, const char *comments, char *buf, size_t cap,
                               size_t *len);

/* NumPy's ufunc.accumulate of a binary op along axis: r[0] = x[0] and
** r[i] = op(r[i-1], x[i]), in sequence (cumsum is WT_OP_ADD's, cumprod
** WT_OP_MUL's).  The loop's dtype: dtype if not -1, else add and multiply
** widen as sum and prod do, and others keep x's; x converts to it as astype,
** and the op's loop for it must give it back (equal's bool does not:
** WT_EDTYPE).  float16 rounds every step, as NumPy's.  out (optional, x's
** shape) receives the result under same_kind casting. */
WT_API wt_status wt_accumulate(int op, const wt_tensor *x, int axis, int dtype, wt_tensor *out, wt_tensor **result);

/* NumPy's bincount: result[k] counts the elements of x (1-D, bool or an integer
** dtype, no negative values: WT_EINVAL naming the first) equal to k;
** its length is max(x) + 1, at least minlength.  Counts are int32 (x has fewer
** than 2^31 elements); with weights (one per element of x, any dtype) each
** element adds its weight instead, summed in float64, complex128 for complex
** weights. */
WT_API wt_status wt_bincount(const wt_tensor *x, int64_t minlength, const wt_tensor *weights, wt_tensor **result);

/* NumPy's histogram over given edges (1-D, at least two, never decreasing,
** no NaN): result[i] counts the elements v of a (any real dtype and shape, C
** order) with edges[i] <= v < edges[i + 1], the last bin closed at both ends;
** values outside and NaN are left out.  Counts and weights as wt_bincount's.
** Equal-width edges find a value's bin by arithmetic, as NumPy does, and any
** others by binary search, with the same results. */
WT_API wt_status wt_histogram(const wt_tensor *a, const wt_tensor *edges, const wt_tensor *weights, wt_tensor **result);

/* softmax of x (float32 or float64) along axis: exp(x - max) / sum, or, with
** log_form, the log-softmax x - max - log(sum), lane by lane in one call.  A
** lane's max that is not finite shifts by 0 (so -inf lanes, and lanes with
** +inf or NaN, give NaN).  float32 uses the SIMD exp and sums in float64. */
WT_API wt_status wt_softmax(const wt_tensor *x, int axis, int log_form, wt_tensor **result);

/* NumPy's correlate, direct (no FFT): result[i] = sum over k < n of
** a[i + offset + k] v[k] for i < len, a (1-D, length m) read as zero outside
** [0, m), v (1-D, n >= 1, a's dtype).  offset -(n - 1) and len m + n - 1 give
** NumPy's mode 'full'; 0 and m - n + 1, 'valid'.  Each output sums its
** products in k order, in a's dtype (float16 in float32, rounded once);
** complex v is not conjugated here (NumPy's correlate conjugates it first).
** float32 and float64 run SIMD over blocks of outputs. */
WT_API wt_status wt_correlate(const wt_tensor *a, const wt_tensor *v, int64_t offset, int64_t len, wt_tensor **result);

/*
** ---------------------------------------------------------------------------
** RANDOM NUMBERS (src/rng.c, src/distributions.c, src/random.c)
** ---------------------------------------------------------------------------
** NumPy's bit generators and the algorithms of its Generator and legacy
** RandomState, so a seed gives NumPy's numbers bit for bit.  A wt_rng is one
** bit generator's state, owned by its caller (one thread at a time); every
** draw is sequential, so no stream depends on the thread count.
**
**   wt_rng *g;  uint32_t words[8];  int64_t shape[1] = {5};  wt_tensor *x;
**   uint32_t seed = 12345;
**   wt_seed_sequence(&seed, 1, 4, words, 8);    NumPy's SeedSequence(12345)
**   wt_rng_new(WT_RNG_PCG64, &g);
**   wt_rng_seed(g, words, 8);                    PCG64(SeedSequence(12345))
**   wt_random(g, WT_RANDOM_STANDARD_NORMAL, NULL, NULL, NULL, WT_FLOAT64, 1, shape, &x);
**
** The bit generators, X(ENUM, "NumPy's name", seed words, state words): a
** generator is seeded from that many SeedSequence words, and its state is
** read and written as that many uint32 words: PCG64 and PCG64DXSM state and
** increment (128-bit, least significant word first); MT19937 its 624 key
** words and position; Philox its counter (4 x 64 bits), key (2 x 64), buffer
** (4 x 64) and buffer position; SFC64 a, b, c and its counter (64 bits
** each).  Every generator's state then ends in five words: the buffered
** upper half of a 64-bit draw (has_uint32, uinteger) and RandomState's cached
** Gaussian (has_gauss, then the double's two words). */
// clang-format off
#define WT_RNG_LIST(X)                                                                               \
    X(PCG64, "PCG64", 8, 13) X(PCG64DXSM, "PCG64DXSM", 8, 13) X(MT19937, "MT19937", 624, 630)        \
    X(PHILOX, "Philox", 4, 26) X(SFC64, "SFC64", 6, 13)
// clang-format on
typedef enum wt_rng_kind {
#define WT_RNG_ENUM_(e, name, seed, state) WT_RNG_##e,
    WT_RNG_LIST(WT_RNG_ENUM_)
#undef WT_RNG_ENUM_
        WT_NRNG
} wt_rng_kind;
typedef struct wt_rng wt_rng;

/* A new generator of that kind (state zero until seeded); wt_rng_free(NULL) is a no-op. */
WT_API wt_status wt_rng_new(int kind, wt_rng **out);
WT_API void      wt_rng_free(wt_rng *g);

/* NumPy's SeedSequence.generate_state: n_out uint32 words from the entropy
** words (NumPy's assembled entropy: the seed's words, least significant
** first, then, when spawned, the pool padded with zeros and the spawn key's
** words) mixed into a pool of pool_size words (NumPy's default is 4).
** 64-bit words are pairs, the low word first. */
WT_API wt_status wt_seed_sequence(const uint32_t *entropy, int64_t n, int64_t pool_size, uint32_t *out, int64_t n_out);

/* Seeds g from n SeedSequence words (the list's seed words), as NumPy's
** constructors do: PCG64's state and increment, MT19937's key (its first word
** then 0x80000000, position 623), Philox's key (counter zero), SFC64's a, b,
** c (counter 1, then 12 draws discarded).  The buffered half and the cached
** Gaussian are cleared. */
WT_API wt_status wt_rng_seed(wt_rng *g, const uint32_t *words, int64_t n);

/* MT19937 only: RandomState's seeding, init_genrand(key[0]) when by_array is
** 0 (n == 1), else init_by_array(key, n) (n >= 1). */
WT_API wt_status wt_rng_seed_legacy(wt_rng *g, const uint32_t *key, int64_t n, int by_array);

/* The state as the list's state words; setting checks the count and MT19937's
** position (0..624) and never leaves g half written. */
WT_API wt_status wt_rng_get_state(const wt_rng *g, uint32_t *words, int64_t n);
WT_API wt_status wt_rng_set_state(wt_rng *g, const uint32_t *words, int64_t n);

/* advance: PCG64 and PCG64DXSM as if delta (128 bits, 4 words) draws were
** made; Philox's counter plus delta (256 bits, 8 words) blocks.  jump: jumps
** times NumPy's jumped() step (PCG64, PCG64DXSM: an advance by the golden
** ratio times 2^128; Philox: 2^128 blocks; MT19937: Matsumoto's jump-ahead by 2^128 as NumPy
** runs it, on the key words from the position on; not SFC64).  Both
** clear the buffered half, as NumPy's do. */
WT_API wt_status wt_rng_advance(wt_rng *g, const uint32_t *delta, int64_t n);
WT_API wt_status wt_rng_jump(wt_rng *g, int64_t jumps);

/* The distributions, X(ENUM, "NumPy's name", "parameters", result): the
** parameters (each "name" or "name=default"), and the result dtype: F (float64,
** or float32 when asked), D (float64), I (int64), U (uint64).  The LEGACY_
** ones are RandomState's (MT19937 streams of old NumPy code); the others
** Generator's. */
// clang-format off
#define WT_RANDOM_LIST(X)                                                                             \
    X(RANDOM, "random", "", F) X(STANDARD_NORMAL, "standard_normal", "", F)                           \
    X(STANDARD_EXPONENTIAL, "standard_exponential", "", F)                                            \
    X(STANDARD_GAMMA, "standard_gamma", "shape", F) X(NORMAL, "normal", "loc=0 scale=1", D)           \
    X(UNIFORM, "uniform", "low=0 high=1", D) X(EXPONENTIAL, "exponential", "scale=1", D)              \
    X(GAMMA, "gamma", "shape scale=1", D) X(BETA, "beta", "a b", D) X(CHISQUARE, "chisquare", "df", D)\
    X(LOGNORMAL, "lognormal", "mean=0 sigma=1", D) X(LAPLACE, "laplace", "loc=0 scale=1", D)          \
    X(LOGISTIC, "logistic", "loc=0 scale=1", D) X(GUMBEL, "gumbel", "loc=0 scale=1", D)               \
    X(STANDARD_CAUCHY, "standard_cauchy", "", D) X(STANDARD_T, "standard_t", "df", D)                 \
    X(F, "f", "dfnum dfden", D) X(PARETO, "pareto", "a", D) X(WEIBULL, "weibull", "a", D)             \
    X(POWER, "power", "a", D) X(RAYLEIGH, "rayleigh", "scale=1", D) \
    X(TRIANGULAR, "triangular", "left mode right", D) X(BINOMIAL, "binomial", "n p", I)               \
    X(NEGATIVE_BINOMIAL, "negative_binomial", "n p", I) X(POISSON, "poisson", "lam=1", I)             \
    X(GEOMETRIC, "geometric", "p", I) X(LOGSERIES, "logseries", "p", I) X(RANDOM_RAW, "random_raw", "", U) \
    X(LEGACY_STANDARD_NORMAL, "legacy_standard_normal", "", D) X(LEGACY_NORMAL, "legacy_normal", "loc=0 scale=1", D) \
    X(LEGACY_UNIFORM, "legacy_uniform", "low=0 high=1", D) X(WALD, "wald", "mean scale", D)          \
    X(NONCENTRAL_CHISQUARE, "noncentral_chisquare", "df nonc", D)                                     \
    X(NONCENTRAL_F, "noncentral_f", "dfnum dfden nonc", D) X(ZIPF, "zipf", "a", I)
// clang-format on
typedef enum wt_random_dist {
#define WT_RANDOM_ENUM_(e, name, params, result) WT_RANDOM_##e,
    WT_RANDOM_LIST(WT_RANDOM_ENUM_)
#undef WT_RANDOM_ENUM_
        WT_NRANDOM
} wt_random_dist;

/* Draws from distribution dist into a new C-contiguous tensor of shape
** (ndim, shape), or, with ndim -1, of the parameters' broadcast shape (NumPy's
** size=None).  Parameters a, b, c (as many as the distribution has; real
** dtypes, read as float64, binomial's n as int64) broadcast to the shape and
** are checked first, as NumPy checks them (a negative scale, p outside
** [0, 1], ...: WT_EINVAL naming the value); elements are drawn in C order.
** dtype: float32 or float64 for the F distributions, the result's dtype
** otherwise. */
WT_API wt_status wt_random(wt_rng *g, int dist, const wt_tensor *a, const wt_tensor *b, const wt_tensor *c, int dtype,
                           int ndim, const int64_t *shape, wt_tensor **result);

/* NumPy's bounded integers in dtype (bool or an integer): low (inclusive) to
** high (exclusive, or inclusive with endpoint), integer tensors broadcast to
** the shape (ndim -1: their own).  masked 0 is Generator's Lemire rejection,
** 1 RandomState's masked rejection; 8- and 16-bit values and bools come from
** 32-bit draws in NumPy's buffered order.  low below the dtype's range, high
** above it, or an empty range is WT_EINVAL. */
WT_API wt_status wt_random_integers(wt_rng *g, const wt_tensor *low, const wt_tensor *high, int endpoint, int masked,
                                    int dtype, int ndim, const int64_t *shape, wt_tensor **result);

/* One draw, as the calls above make it with 0-d parameters and an empty
** shape (NumPy's size=None), without a tensor: the value in dtype's bytes at
** out (8 bytes at most).  wt_random_one's parameters are doubles (binomial's
** n an integer-valued one); the stream and every check are wt_random's and
** wt_random_integers'. */
WT_API wt_status wt_random_one(wt_rng *g, int dist, double a, double b, double c, int dtype, void *out);
WT_API wt_status wt_random_integers_one(wt_rng *g, int64_t low, int64_t high, int endpoint, int masked, int dtype,
                                        void *out);

/* In place (t writable, any strides).  shuffle: NumPy's Fisher-Yates over
** axis, moving whole sub-arrays.  permuted: each lane along axis shuffled on
** its own, lanes in C order; axis WT_RANDOM_FLAT shuffles all elements as
** one, in the order NumPy's permuted(axis=None) does (F when t is F- and not
** C-contiguous, else C). */
#define WT_RANDOM_FLAT (-1000)
WT_API wt_status wt_random_shuffle(wt_rng *g, wt_tensor *t, int axis);
WT_API wt_status wt_random_permuted(wt_rng *g, wt_tensor *t, int axis);

/* Generator.choice's indices: size of range(pop) without replacement
** (NumPy's tail shuffle or Floyd's algorithm, shuffled when shuffle is 1),
** int64 1-D. */
WT_API wt_status wt_random_sample(wt_rng *g, int64_t pop, int64_t size, int shuffle, wt_tensor **result);

/* choice's indices drawn with probabilities p (1-D, real, pop of them): with replacement by
** inverting its cumulative sum; without, NumPy's rounds of draws that zero
** what was found.  legacy gives RandomState's messages and draws.  int64, of
** shape (ndim, shape). */
WT_API wt_status wt_random_choice_p(wt_rng *g, const wt_tensor *p, int64_t pop, int replace, int legacy, int ndim,
                                    const int64_t *shape, wt_tensor **result);

/* Generator.multinomial: counts of n (integer tensor, broadcast to the
** shape, or ndim -1 for n's) trials over pvals (1-D, real), int64 of shape
** + (len(pvals),). */
WT_API wt_status wt_random_multinomial(wt_rng *g, const wt_tensor *n, const wt_tensor *pvals, int ndim,
                                       const int64_t *shape, wt_tensor **result);

/*
** ---------------------------------------------------------------------------
** FUSED EXPRESSIONS (one pass, no intermediate tensors)
** ---------------------------------------------------------------------------
** An expression of elementwise ops, optionally ending in a reduction, runs
** as ONE pass of the strided-loop engine: the seeds' sum((x-y)^2) computed
** as s += (x[i]-y[i])^2 without ever storing x - y.  The pass walks its
** tensors in blocks of a few hundred elements and interprets the program
** once per block, each instruction calling the same SIMD kernel wt_ewise
** would, into a small register block; so the values are those of running
** each instruction as wt_ewise into a new tensor (reductions differ only in
** float summation order).
**
** Values 0..nleaf-1 are the leaves: leaves[k], or the weak scalar scalars[k]
** where leaves[k] is NULL.  Instruction i is code[4*i .. 4*i+3] =
** {op, a, b, c}: op (a wt_op) applied to values a, b, c (as many as its
** arity; the rest ignored), giving value nleaf + i; op WT_FUSE_CAST(dtype)
** converts value a to dtype with assignment casting (astype).  Each
** instruction needs one operand that is not a weak scalar, and an integer
** power is refused (its exponents are checked before anything is written,
** which wt_ewise does and a pass cannot).  The last value is the result,
** delivered as wt_ewise delivers: written into out (same_kind casting; out may
** be larger) or, with out NULL, a new tensor in *result; with reduce
** (_SUM, _PROD, _MAX, _MIN, _MEAN, _ANY or _ALL) folded into out over the
** axes out lacks, with wt_reduce's dtypes (out is then required and gets the
** values with assignment casting).  out may be a leaf (x = x*a + b in place). */
#define WT_FUSE_MAXLEAVES   16 /* tensor leaves (weak scalars do not count) */
#define WT_FUSE_MAXCODE     64 /* instructions */
#define WT_FUSE_CAST(dtype) (WT_NOPS + (dtype))
WT_API wt_status wt_fuse(int nleaf, const wt_tensor *const *leaves, const double *scalars, int ninstr,
                         const int32_t *code, wt_tensor *out, int reduce, wt_tensor **result);

/*
** ---------------------------------------------------------------------------
** INDEXING, JOINING AND SELECTING
** ---------------------------------------------------------------------------
** NumPy's a[...] with index tensors ("advanced indexing"): the index is
** wt_view_slice's string in which each '@' stands for the next of n index
** tensors, so NumPy's a[1:, idx, ..., mask] is wt_index_get(a, "1:, @, ...,
** @", 2, (idx, mask), &r).  Integer index tensors (any integer dtype,
** negative values counting from the end) broadcast together, and with them
** any integer items; a bool tensor stands for the integer tensors of its
** nonzero() over the axes it covers (its shape must be theirs), a 0-d one
** for a new axis indexed by [0] or [].  The broadcast shape replaces the
** indexed axes where they were when the advanced items are next to each
** other (no slice, None or '...', even one standing for no axes, between them), else it comes
** first: NumPy's rule.  Without '@' items this is wt_view_slice.
*/

/* a[index]: a view without index tensors, else a new C-contiguous tensor.
** Out-of-range indices are WT_EINDEX naming the index, axis and size; every
** index is checked before anything is written. */
WT_API wt_status wt_index_get(const wt_tensor *t, const char *index, int n, const wt_tensor *const *tensors,
                              wt_tensor **result);
/* a[index] = value: value broadcasts to the shape a[index] would have and is
** cast as wt_assign casts (it may alias t); with a repeated index the last
** write wins.  t must be writable; on failure t is unchanged. */
WT_API wt_status wt_index_set(wt_tensor *t, const char *index, int n, const wt_tensor *const *tensors,
                              const wt_tensor *value);
/* NumPy's ufunc.at: a[index] = op(a[index], value) unbuffered, one element at
** a time in order, so a repeated index applies op once per occurrence (add's
** scatter-add).  op is unary (value NULL) or binary; value NULL with a binary
** op is the weak scalar `scalar` (NEP 50, as wt_ewise's).  op computes in its
** dtype for (a, value), and its result is cast into a's dtype unsafely, as
** NumPy's at does (np.add.at(int8, i, 1.5) adds 1.5 and truncates).  Every
** index, dtype and shape is checked before anything is written; value may
** alias t. */
WT_API wt_status wt_index_apply(int op, wt_tensor *t, const char *index, int n, const wt_tensor *const *tensors,
                                const wt_tensor *value, double scalar);

/* NumPy's repeat: each element of t repeated along axis (flatten != 0, or
** a 0-d t: of t flattened) by its count in repeats, an integer or bool
** tensor, 0-d or of the axis's length; a new tensor. */
WT_API wt_status wt_repeat(const wt_tensor *t, const wt_tensor *repeats, int axis, int flatten, wt_tensor **result);

/* NumPy's nonzero: an int32 tensor of shape (ndim, count) whose row k holds
** the axis-k indices of t's nonzero elements in C order (a 0-d t counts as
** 1-D).  NumPy's argwhere is its transpose. */
WT_API wt_status wt_nonzero(const wt_tensor *t, wt_tensor **result);

/* NumPy's sort and argsort along axis (negative counts from the end),
** stable for every dtype, NaN last (complex: by real part, then imaginary,
** NaN in either largest, as NumPy); descending != 0 sorts the other way with
** equal values still in their order and NaN first (the Array API's
** flip(sort(flip(x)))).  values (the sorted copy) and indices (int32, the
** order) are each optional, one at least; both have t's shape, C-contiguous.
** A radix sort: O(n) per lane, lanes across the threads (the same result
** for any thread count). */
WT_API wt_status wt_sort(const wt_tensor *t, int axis, int descending, wt_tensor **values, wt_tensor **indices);

/* NumPy's partition and argpartition: along axis, each position in kth (nkth of
** them, negative ones counted from the end, duplicates allowed) holds the
** element the sort would put there, with no greater element before it and no
** smaller one after; the rest in no promised order.  An introselect on the
** sort's keys (so NaN last, as the sort); complex tensors are sorted, which is
** a partition for every kth.  values and/or indices as wt_sort's. */
WT_API wt_status wt_partition(const wt_tensor *t, int nkth, const int64_t *kth, int axis, wt_tensor **values,
                              wt_tensor **indices);

/* The k first elements of t along axis in the order of wt_sort (largest
** != 0: descending, NaN first) and their int32 positions: values and
** indices of t's shape with k along axis.  0 <= k <= that axis's size.  A
** bounded heap: O(n log k) per lane, for the k a model's outputs need. */
WT_API wt_status wt_topk(const wt_tensor *t, int64_t k, int axis, int largest, wt_tensor **values, wt_tensor **indices);

/* NumPy's unique over t flattened: the sorted distinct values; indices, the
** first occurrence of each (int32); inverse, each element's position in
** values (int32, t's shape); counts (int32).  Each output is optional.
** equal_nan != 0 makes every NaN one value (np.unique's default), 0 keeps
** them apart (the Array API's unique_values and friends). */
WT_API wt_status wt_unique(const wt_tensor *t, int equal_nan, wt_tensor **values, wt_tensor **indices,
                           wt_tensor **inverse, wt_tensor **counts);

/* NumPy's searchsorted: for each element of v, the int32 position in the
** 1-D sorted tensor a where it would go, before equal values (right == 0)
** or after them; a and v compare in their np.result_type, NaN last.
** sorter (optional): int indices that sort a (np.argsort's). */
WT_API wt_status wt_searchsorted(const wt_tensor *a, const wt_tensor *v, int right, const wt_tensor *sorter,
                                 wt_tensor **result);

/* NumPy's concatenate: n >= 1 tensors of one rank (at least 1) whose shapes
** agree except along axis (negative counts from the end), joined along it in
** their np.result_type; with flatten != 0 each is taken flattened (NumPy's
** axis=None) and axis is ignored.  stack joins n tensors of one shape along a
** new axis (in [-(ndim+1), ndim]).  out (optional) must have the result's
** shape and receives it under same_kind casting; it may alias an input. */
WT_API wt_status wt_concat(int n, const wt_tensor *const *tensors, int axis, int flatten, wt_tensor *out,
                           wt_tensor **result);
WT_API wt_status wt_stack(int n, const wt_tensor *const *tensors, int axis, wt_tensor *out, wt_tensor **result);

/*
** ---------------------------------------------------------------------------
** MATRIX PRODUCTS AND EINSUM
** ---------------------------------------------------------------------------
** Both run on one packed, cache-blocked GEMM that reads operands through
** their strides (transposed or sliced operands are not copied first).
** float32/float64 use SIMD microkernels; integers accumulate with wrapping,
** bool as or-of-ands.  The result dtype is the promotion of the operands.
*/

/* NumPy's matmul: 1-D operands are promoted (the added axis removed), batch
** axes broadcast.  out (optional) receives the result under same_kind casting. */
WT_API wt_status wt_matmul(const wt_tensor *a, const wt_tensor *b, wt_tensor *out, wt_tensor **result);
/* The dtype and shape wt_matmul would return, with its checks; reads only the
** descriptors (as wt_reduce_shape). */
WT_API wt_status wt_matmul_shape(const wt_tensor *a, const wt_tensor *b, wt_dtype *dtype, int *ndim, int64_t *shape);

/* NumPy's einsum over n operands: explicit ('ij,jk->ik') or implicit output
** (the ellipsis axes, then labels used once, by character code), labels
** a-z and A-Z, spaces ignored, '...' broadcasting, repeated labels in one
** operand (traces, diagonals: strided views, never copies), size-1 axes
** broadcasting against the same label elsewhere.  An explicit output
** without '...' sums the ellipsis axes.  The contraction order is chosen as
** numpy.einsum_path would choose it (exhaustively up to 5 operands, greedy
** beyond).  A result that is only a permutation or diagonal of a single
** operand is a view of it, as in NumPy; out (optional) gets the result under
** safe casting, as NumPy's einsum's. */
WT_API wt_status wt_einsum(const char *equation, int n, const wt_tensor *const *operands, wt_tensor *out,
                           wt_tensor **result);

/* The plan einsum would use for operands of these shapes, as JSON into json
** (cap bytes): {"equation", "shape" (the result's), "path", "steps": [{"operands", "subscripts",
** "kind" (GEMM, batched GEMM, Hadamard, outer, reduction, view, product),
** "flops", "size"}], "naiveFlops", "optimizedFlops", "largestIntermediate"};
** FLOPs are counted as numpy.einsum_path counts them.  *len gets the length;
** a buffer too small is WT_EINVAL with *len telling the size needed; after
** any other failure *len is 0. */
WT_API wt_status wt_einsum_path(const char *equation, int n, const int *ndims, const int64_t *const *shapes, char *json,
                                size_t cap, size_t *len);

/*
** ---------------------------------------------------------------------------
** LINEAR ALGEBRA
** ---------------------------------------------------------------------------
** numpy.linalg's decompositions over stacks of matrices: a's last two axes
** are the matrix, the leading ones a batch (broadcast against b's in solve).
** bool, integer and float64 inputs compute and return float64, float32
** returns float32, complex64 complex64, complex128 complex128 (float16 is
** WT_EDTYPE, as NumPy's "unsupported in linalg").  float32's LU-based ops
** and CHOLESKY compute in single precision, as NumPy's LAPACK does; the
** others, and complex64, in double (double _Complex), so they are at least
** as accurate as LAPACK's single precision.
** A singular matrix (solve, inv), one not positive definite (cholesky) or
** an iteration that does not converge (eigh, svd, eig) is WT_ELINALG
** naming NumPy's reason and the batch index of the first such matrix; no
** result is made then.  Empty matrices give NumPy's empty results (det 1).
**
**   op                 a (..., M, N)  b            results r0, r1, r2
**   SOLVE              square         (M,) or      x: 1-D b is a vector (NumPy 2),
**                                     (..., M, K)  else a stack of matrices
**   INV                square                      inverse
**   DET                square                      det (a's dtype), via slogdet as NumPy's
**   SLOGDET            square                      sign (a's dtype), logabsdet (real)
**   CHOLESKY           square                      L (lower) or, with UPPER, U = L^H from
**                                                  the upper triangle; the other ignored
**   QR                 any                         Q, R ('reduced'; COMPLETE: 'complete';
**                                                  R_ONLY: no Q, NumPy's 'r')
**   EIGH               square                      w (real, ascending), with VECTORS v;
**                                                  UPPER reads the upper triangle
**   SVD                any                         U, S (descending), Vh; U and Vh only
**                                                  with VECTORS, full with COMPLETE
**   EIG                square, finite              w, with VECTORS v (unit columns): real
**                                                  dtype for a real a when every eigenvalue
**                                                  of the batch is real, complex otherwise
**
** The results are new C-contiguous tensors; r1 and r2 are NULL where the
** op makes fewer. */
// clang-format off
#define WT_LINALG_LIST(X)                                                                               \
    X(WT_LINALG_SOLVE, "solve") X(WT_LINALG_INV, "inv") X(WT_LINALG_DET, "det")                         \
    X(WT_LINALG_SLOGDET, "slogdet") X(WT_LINALG_CHOLESKY, "cholesky") X(WT_LINALG_QR, "qr")             \
    X(WT_LINALG_EIGH, "eigh") X(WT_LINALG_SVD, "svd") X(WT_LINALG_EIG, "eig")
// clang-format on
#define WT_LINALG_ENUM_(e, name) e,
typedef enum wt_linalg_op { WT_LINALG_LIST(WT_LINALG_ENUM_) WT_LINALG_COUNT } wt_linalg_op;
#define WT_LINALG_UPPER    1 /* cholesky's U, eigh's UPLO='U' */
#define WT_LINALG_VECTORS  2 /* eigh, svd, eig: the vectors too */
#define WT_LINALG_COMPLETE 4 /* qr 'complete', svd full_matrices */
#define WT_LINALG_R_ONLY   8 /* qr 'r' */
WT_API wt_status wt_linalg(int op, const wt_tensor *a, const wt_tensor *b, int flags, wt_tensor **r0, wt_tensor **r1,
                           wt_tensor **r2);

/*
** ---------------------------------------------------------------------------
** FOURIER TRANSFORMS
** ---------------------------------------------------------------------------
** numpy.fft's one-axis transforms; its n-dimensional ones are these over
** each axis in turn.  Along `axis` x is cropped or zero-padded to n points
** (C2R: to n/2 + 1) unless WT_FFT_N is clear, when n is x's length there
** (C2R: 2 (length - 1)); n < 1 is WT_EINVAL.
**
**   op     x                   result along axis
**   C2C    any                 n complex: sum_j x_j exp(-+2 pi i jk / n)
**   R2C    real (complex is    n/2 + 1 complex: the non-negative
**          WT_EDTYPE)          frequencies of C2C (NumPy's rfft)
**   C2R    any                 n reals: C2C's inverse of the Hermitian
**                              spectrum x (NumPy's irfft; the imaginary
**                              parts of x_0 and x_(n/2) are ignored)
**
** flags: WT_FFT_INVERSE makes C2C's exponent + (C2R's always is);
** WT_FFT_CONJ conjugates C2R's input and R2C's result (NumPy's hfft and
** ihfft, which also swap the norm's direction).  norm names the factor:
** BACKWARD 1 forward and 1/n inverse, ORTHO 1/sqrt(n) both ways, FORWARD
** 1/n forward and 1 inverse.  float32, float16 and complex64 compute in
** single precision and give complex64 (C2R: float32); every other dtype in
** double, giving complex128 (float64).  The result is a new C-contiguous
** tensor, or with out != NULL is assigned into out (its shape exactly the
** result's, its dtype one the result casts to under out's casting rule)
** and *result is a new handle on out (result may be NULL then).
** Transforms of any length are O(n log n): radix 2, 3, 4, 5, 7 and prime
** passes up to 64, Bluestein's algorithm beyond; plans are cached. */
// clang-format off
#define WT_FFT_LIST(X) X(WT_FFT_C2C, "c2c") X(WT_FFT_R2C, "r2c") X(WT_FFT_C2R, "c2r")
#define WT_FFT_NORM_LIST(X) \
    X(WT_FFT_NORM_BACKWARD, "backward") X(WT_FFT_NORM_ORTHO, "ortho") X(WT_FFT_NORM_FORWARD, "forward")
// clang-format on
#define WT_FFT_ENUM_(e, name) e,
typedef enum wt_fft_op { WT_FFT_LIST(WT_FFT_ENUM_) WT_FFT_COUNT } wt_fft_op;
typedef enum wt_fft_norm { WT_FFT_NORM_LIST(WT_FFT_ENUM_) WT_FFT_NORM_COUNT } wt_fft_norm;
#define WT_FFT_INVERSE 1 /* C2C: exp(+2 pi i jk / n) */
#define WT_FFT_CONJ    2 /* C2R: conj(x); R2C: conj(result) */
#define WT_FFT_N       4 /* n is given */
WT_API wt_status wt_fft(const wt_tensor *x, int op, int axis, int64_t n, int norm, int flags, wt_tensor *out,
                        wt_tensor **result);

/*
** ---------------------------------------------------------------------------
** FILES: NumPy .npy AND TensorFlow's TensorProto
** ---------------------------------------------------------------------------
** Readers are security boundaries: every length, key, shape and size is
** checked against the bytes given before anything is allocated, and a
** malformed input is WT_ESYNTAX / WT_ESHAPE / WT_EDTYPE with a message saying
** where.  Writers follow the size convention of wt_einsum_path: a buffer
** smaller than the result (cap 0 and buf NULL to ask) is WT_EINVAL with *len
** telling the size needed (0 after any other failure).
*/

/* A .npy file (format 1.0, 2.0 or 3.0; little- or big-endian; C or Fortran
** order) as a new tensor.  Fortran order gives a view with Fortran strides
** (the data is not transposed); bytes after the data are ignored. */
WT_API wt_status wt_npy_read(const void *bytes, size_t nbytes, wt_tensor **out);

/* t as a .npy file, byte for byte what numpy.save writes for the same array:
** format 1.0, little-endian, Fortran order when t is Fortran- but not
** C-contiguous, else C order (any other view is written in C order). */
WT_API wt_status wt_npy_write(const wt_tensor *t, void *buf, size_t cap, size_t *len);

/* A serialized tensorflow.TensorProto as a new tensor: tensor_content when
** present, else the dtype's repeated field (float_val, double_val, int_val,
** bool_val, uint32_val; packed or not), whose last value repeats when fewer
** values than elements are given (none: zeros), as TensorFlow's FromProto. */
WT_API wt_status wt_proto_read(const void *bytes, size_t nbytes, wt_tensor **out);

#define WT_PROTO_CONTENT 0 /* values as tensor_content bytes (AsProtoTensorContent) */
#define WT_PROTO_FIELDS  1 /* values in the dtype's packed repeated field (AsProtoField) */
/* t as a TensorProto in one of the two forms, in C order. */
WT_API wt_status wt_proto_write(const wt_tensor *t, int form, void *buf, size_t cap, size_t *len);

/*
** ---------------------------------------------------------------------------
** DLPACK: ZERO-COPY EXCHANGE WITH OTHER ARRAY LIBRARIES
** ---------------------------------------------------------------------------
** DLPack 1.x's DLManagedTensorVersioned, on device kDLCPU (in wasm, the
** module's own memory).  Include <dlpack/dlpack.h> (third_party/dlpack) to
** read the structures; this header only names them.
**
**     DLManagedTensorVersioned *m;
**     wt_dlpack_export(t, &m);       // another library borrows t's bytes
**     ...
**     m->deleter(m);                 // it is done: wtensor's reference goes
**
** dtypes: bool <-> (kDLBool, 8), intN <-> (kDLInt, N), uintN <-> (kDLUInt, N),
** float16/float32/float64 <-> (kDLFloat, 16/32/64), complex64/complex128 <->
** (kDLComplex, 64/128), one lane each.  Other dtypes, lanes
** and devices cannot be imported (WT_EDTYPE / WT_EINVAL naming them).
*/
struct DLManagedTensorVersioned;

/* t as a managed tensor sharing t's buffer, no copy: data is the buffer's
** start and byte_offset t's offset in bytes (data NULL for an empty tensor),
** strides t's element strides, flags DLPACK_FLAG_BITMASK_READ_ONLY for a
** read-only t.  It holds a reference on the buffer until its deleter runs,
** so t may be freed first.  The deleter may be called from any thread that
** may call wtensor. */
WT_API wt_status wt_dlpack_export(const wt_tensor *t, struct DLManagedTensorVersioned **out);

/* A tensor over src's memory, no copy.  On success wtensor owns src and
** calls src->deleter(src) (if non-NULL) once, when the last view of the
** tensor is freed; READ_ONLY gives a read-only tensor.  On failure nothing is
** taken: src is still the caller's, deleter not called.  Checked: major
** version 1, kDLCPU device 0, dtype, ndim <= WT_MAX_DIMS, shape, the first
** element aligned to its size, and that every element's address fits in
** the address space; NULL strides mean C-contiguous (allowed before 1.2). */
WT_API wt_status wt_dlpack_import(struct DLManagedTensorVersioned *src, wt_tensor **out);

/*
** ---------------------------------------------------------------------------
** PROBES (the machine's limits, for benchmarks)
** ---------------------------------------------------------------------------
*/
/* iters rounds of a register-only f32x4 multiply-add on 6 accumulators;
** returns a checksum.  wt_probe_flops(iters) is the work done. */
WT_API double  wt_probe_peak(int64_t iters);
WT_API int64_t wt_probe_flops(int64_t iters);
/* copies nbytes (a multiple of 4) with 16-byte SIMD loads and stores */
WT_API void wt_probe_copy(void *dst, const void *src, size_t nbytes);

/*
** ---------------------------------------------------------------------------
** THREADS (the host's worker pool drives these)
** ---------------------------------------------------------------------------
** Only the threaded wasm build (wtensor-mt.wasm: shared memory, atomics) runs
** loops on several threads.  Its host starts n-1 workers that instantiate the
** same module on the same memory, each with its own stack, and calls
** wt_threads_set(n).  The module imports env.wt_host_dispatch() (wake every
** worker: each calls wt_threads_work(k) with its number k, 1..n-1).  A loop's
** parts are claimed: the calling thread and the workers each take the next
** unclaimed part until none is left, and the caller waits (by atomic loads,
** in wasm) only for parts still running, so a worker slow to wake never holds
** a call up.  Workers never allocate.  Results do not depend on the thread
** count: the parts are fixed by the loop, and each output element is computed
** by one thread in the same order.
*/
WT_API int       wt_threads_supported(void); /* 1 in the threaded build */
WT_API wt_status wt_threads_set(int n);      /* 1..64; above 1 only when supported */
WT_API int       wt_threads_get(void);
WT_API void      wt_threads_work(int k); /* worker k's share of the current loop */

/*
** Several instances on one memory.  In the threaded build every instance
** of the module on the memory — the first, its pool workers, and further
** instances in other workers that use the same tensors — is a thread: it
** has its own error state and thread count (thread-local storage) and shares
** the heap, whose allocator and reference counts are safe to use from all at
** once.  The first instance calls wt_thread_attach(0) after _initialize and
** before anything else.  Every other instance, which must not call
** _initialize, first needs a stack: it takes the boot area's flag (the
** int32 at wt_thread_boot(), 0 -> 1 with an atomic compare-exchange), moves
** its stack pointer to wt_thread_boot() + WT_THREAD_BOOT_STACK_AT + WT_THREAD_BOOT_STACK, calls
** wt_thread_attach(stack_bytes), moves its stack pointer to the result and
** clears the flag (wt_thread_detach, at the end, the same way).  The 8
** bytes at wt_thread_boot() + WT_THREAD_BOOT_HOST are the host's (the
** JS package keeps an id of the memory there), and so is the int32 at
** wt_thread_boot() + WT_THREAD_BOOT_GROWN (the JS package counts the
** memory's growths there, from every instance's
** emscripten_notify_memory_growth: one read tells a host its views of the
** memory are still whole, where asking for the memory's buffer costs more
** than a small op's kernel).  Other builds have one
** thread: wt_thread_boot and wt_thread_attach return NULL.
**
** Tensors cross between instances as tickets: wt_tensor_share makes a new
** handle and lists it; wt_tensor_attach, in any instance on the memory,
** takes it off the list and returns it (once: a second attach, or any
** pointer that is not a waiting ticket, is WT_EINVAL, and the pointer is
** never dereferenced).  The attached handle is the caller's to free.  Both
** sides then read and write the same bytes: ordering those accesses is the
** hosts' business, as with any shared memory.
*/
#define WT_THREAD_BOOT_STACK    8192
#define WT_THREAD_BOOT_GROWN    4  /* offset of the host's growth counter (int32) */
#define WT_THREAD_BOOT_HOST     8  /* offset of the host's 8 bytes in the boot area */
#define WT_THREAD_BOOT_STACK_AT 16 /* offset of the boot stack */
WT_API void *wt_thread_boot(void);
/* this instance's thread-local block and, if stack_bytes > 0, a stack of that
** size; returns the stack's top (the block when stack_bytes is 0), NULL when
** out of memory.  An instance with a stack keeps 1 thread. */
WT_API void *wt_thread_attach(size_t stack_bytes);
/* ends this instance's thread: frees what wt_thread_attach allocated.  Call
** it on the boot stack, under the flag; the instance makes no call after. */
WT_API void      wt_thread_detach(void);
WT_API wt_status wt_tensor_share(const wt_tensor *t, wt_tensor **ticket);
WT_API wt_status wt_tensor_attach(wt_tensor *ticket, wt_tensor **out);

/*
** ---------------------------------------------------------------------------
** MEMORY FOR HOSTS
** ---------------------------------------------------------------------------
** Scratch memory for hosts (the JS bindings) that pass arrays and strings.
*/
WT_API void *wt_malloc(size_t nbytes); /* 16-byte aligned; NULL on failure */
WT_API void  wt_free(void *p);

#ifdef __cplusplus
}
#endif
#endif /* WTENSOR_H */
