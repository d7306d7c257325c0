/* core.h — internal types and helpers shared by the core files.
** Data flows one way: public API (view.c, assign.c, ...) -> descriptor math
** (desc.c) -> strided iterator (iter.c) -> kernels (cast.c).  */
#ifndef WT_CORE_H
#define WT_CORE_H

#include "wtensor.h"
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

/* ---- buffers ----------------------------------------------------------- */
typedef struct wt_buffer {
    uint8_t *data;
    size_t nbytes;
    int32_t refs;               /* handles on it; under the heap lock (tensor.c) */
    bool owned;                 /* engine-allocated: counted in wt_memory_bytes */
    void (*release)(void *ctx); /* for wrapped memory */
    void *ctx;
    struct wt_buffer *prev, *next; /* owned buffers, listed for wt_tensor_adopt */
} wt_buffer;

/* ---- descriptors ------------------------------------------------------- */
typedef struct wt_desc {
    int32_t dtype;
    int32_t ndim;
    int64_t offset; /* elements */
    int64_t shape[WT_MAX_DIMS];
    int64_t strides[WT_MAX_DIMS]; /* elements, signed */
    uint32_t flags;               /* WT_FLAG_READONLY, and an out's casting rule; contiguity is derived */
} wt_desc;

/* an out tensor's own casting rule (wt_view_casting), kept in flags' bits
** 8..11 as rule + 1 so that 0 means "the op's rule" */
#define WT_DESC_CASTING_SHIFT 8
#define WT_DESC_CASTING_MASK (0xfu << WT_DESC_CASTING_SHIFT)
static inline int wt_desc_casting(const wt_desc *d, int dflt) {
    unsigned c = (d->flags & WT_DESC_CASTING_MASK) >> WT_DESC_CASTING_SHIFT;
    return c ? (int)c - 1 : dflt;
}

struct wt_tensor {
    wt_buffer *buf;
    wt_desc d;
};

/* ---- errors (error.c) -------------------------------------------------- */
wt_status wt_error_fail(wt_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* "(3,4)" into buf (always NUL-terminated); returns buf */
const char *wt_error_fmt_shape(char *buf, size_t cap, int ndim, const int64_t *shape);
#define WT_SHAPE_STR 400 /* enough for WT_MAX_DIMS int64 entries */

/* ---- checked arithmetic -------------------------------------------------- */
static inline bool wt_mul_ok(int64_t a, int64_t b, int64_t *r) {
    /* both within ±2^31 (shapes nearly always are): the product fits, and
    ** wasm32 skips the 128-bit multiply the overflow check calls */
    if ((uint64_t)a + 0x80000000u <= 0xffffffffu && (uint64_t)b + 0x80000000u <= 0xffffffffu) {
        *r = a * b;
        return true;
    }
    return !__builtin_mul_overflow(a, b, r);
}
static inline bool wt_add_ok(int64_t a, int64_t b, int64_t *r) { return !__builtin_add_overflow(a, b, r); }

/* ---- threads ---------------------------------------------------------------
** In the threaded wasm build several instances run on one memory: the main
** one, its pool workers and instances attached with wt_thread_attach.  Each
** keeps its error state and thread settings in thread-local storage, and
** the heap (allocator, counters, lists of buffers) is shared under one lock
** (tensor.c).  Elsewhere there is one thread and these are plain statics. */
#ifdef WT_THREADS
#define WT_TLS _Thread_local
#else
#define WT_TLS
#endif

/* a function kept out of line: one copy of a large body (a polynomial, a
** decomposition's leaf) instead of one per caller or per loop version */
#define WT_NOINLINE __attribute__((noinline))

/* ---- allocation (tensor.c) ----------------------------------------------- */
void *wt_tensor_alloc_bytes(size_t nbytes); /* aligned, counted; NULL => caller reports */
void wt_tensor_free_bytes(void *p, size_t nbytes);
/* every other internal allocation (handles, scratch, plans), released with
** wt_tensor_sys_free.  Like wt_tensor_alloc_bytes it obeys the fault hook below. */
void *wt_tensor_sys_alloc(size_t nbytes);
void wt_tensor_sys_free(void *p);
/* test hooks: make the n-th next allocation fail (0 = never); make every
** allocation above nbytes fail (0 = no limit), as on a smaller machine */
void wt_tensor_debug_fail_alloc_after(int n);
void wt_tensor_debug_alloc_limit(size_t nbytes);
/* test hooks: cut parallel loops into n parts, in any build, and count the
** loops that were cut (parallel.c) */
void wt_parallel_debug_threads(int n);
int64_t wt_parallel_debug_split_loops(void);
/* the threaded build's back-off (parallel.c), driven by the host's clock in
** ms: a split loop's times judged as it ends at now_ms, whether loops at
** now_ms run in turn, and a fresh start */
void wt_parallel_judge(double now_ms, double whole_ms, double mine_ms, int mine, int parts);
bool wt_parallel_serial(double now_ms);
void wt_parallel_serial_reset(void);

/* a new tensor of (dtype, shape), zeroed or not (wt_tensor_empty/zeros) */
wt_status wt_tensor_create(int dtype, int ndim, const int64_t *shape, bool zero, wt_tensor **out);
/* a fresh tensor with a new buffer for desc (desc.offset must be 0) */
wt_status wt_tensor_alloc(const wt_desc *d, bool zero, wt_tensor **out);
/* a new handle on t's buffer with descriptor d, after validating d */
wt_status wt_tensor_view(const wt_tensor *t, const wt_desc *d, wt_tensor **out);
wt_status wt_tensor_check(const wt_tensor *t, const char *what);
wt_status wt_tensor_check_out(wt_tensor **out);
/* out[...] = r (shapes already checked), then *result, if result is
** non-NULL, gets a new handle on out.  The handle is made first, so a
** failure leaves out unchanged. */
wt_status wt_assign_deliver(wt_tensor *out, const wt_tensor *r, wt_tensor **result);
/* t viewed with shape (ndim, shape) of t's size, or a contiguous copy when no view can (view.c) */
wt_status wt_view_reshape_to(const wt_tensor *t, int ndim, const int64_t *shape, wt_tensor **out);
/* NumPy's indexing from wt_view_slice's grammar with '@' items, the index
** tensors in order (slice.c): the view with the basic items applied, in
** which every advanced item (an index tensor, or an integer when there is
** one) keeps its axes; index.c gathers and scatters along them */
typedef struct wt_slice_adv {
    int axis;           /* its first axis in the view */
    int ndim;           /* the view axes it indexes: a mask's ndim, else 1 */
    int src_axis;       /* the input's axis, for messages (-1: a 0-d mask's new axis) */
    const wt_tensor *t; /* the index tensor (an integer or bool dtype), or NULL for an integer */
    int64_t value;      /* that integer, in range */
} wt_slice_adv;
typedef struct wt_slice_plan {
    wt_desc view;
    int nadv;
    bool adjacent; /* the advanced items are next to each other: their axes land where they were */
    bool ellipsis; /* the index has '...' */
    wt_slice_adv adv[WT_MAX_DIMS];
} wt_slice_plan;
wt_status wt_slice_index(const wt_tensor *t, const char *spec, int ntens, const wt_tensor *const *idx,
                         wt_slice_plan *p);
/* every element of dst (valid, writable) = value, with casting's conversion: the
** fill behind wt_assign_scalar, without its NumPy 2 check of a Python number */
void wt_assign_fill(wt_tensor *dst, double value);
/* the same with one element of dst's dtype at slot, exact for 64-bit integers */
void wt_assign_fill_slot(wt_tensor *dst, const void *slot);
/* wt_astype for callers that validated t: a new tensor of t's values in dtype */
wt_status wt_assign_astype(const wt_tensor *t, int dtype, wt_tensor **out);
/* the address of the element at t's offset (its index 0...0) */
/* code that runs once per call, not per element: compiled for size under
** clang (the wasm builds), where the optimizer would otherwise unroll it */
#ifdef __clang__
#define WT_COLD __attribute__((minsize))
#define WT_NO_UNROLL _Pragma("clang loop unroll(disable) vectorize(disable)")
#else
#define WT_COLD
#define WT_NO_UNROLL
#endif

/* one element of is bytes (an itemsize: 1, 2, 4, 8 or 16) copied by a
** fixed-size copy the compiler inlines, not a call per element */
static inline void wt_elem_copy(void *dst, const void *src, int64_t is) {
    switch (is) {
    case 1: *(uint8_t *)dst = *(const uint8_t *)src; return;
    case 2: __builtin_memcpy(dst, src, 2); return;
    case 4: __builtin_memcpy(dst, src, 4); return;
    case 8: __builtin_memcpy(dst, src, 8); return;
    default: __builtin_memcpy(dst, src, 16);
    }
}

static inline char *wt_first(const wt_tensor *t) {
    return (char *)t->buf->data + t->d.offset * (int64_t)wt_dtype_size(t->d.dtype);
}
/* can the bytes the two views reach intersect? */
bool wt_assign_may_overlap(const wt_tensor *a, const wt_tensor *b);

/* ---- descriptor math (desc.c) -------------------------------------------- */
wt_status wt_desc_init(wt_desc *d, int dtype, int ndim, const int64_t *shape); /* C strides, offset 0 */
wt_status wt_desc_shape_check(int ndim, const int64_t *shape, int64_t *size);  /* validates, overflow-checked */
void wt_desc_strides_c(int ndim, const int64_t *shape, int64_t *strides);
int64_t wt_desc_size(const wt_desc *d);
/* the element offset (relative to the first, in elements) of lane `lane`
** along axis: lane unravelled in C order over every other axis */
int64_t wt_desc_lane(const wt_desc *d, int axis, int64_t lane);
bool wt_desc_is_c_contiguous(const wt_desc *d);
/* lowest and highest element index reachable (size > 0); false when they
** overflow int64 (never for a validated descriptor) */
bool wt_desc_extent(const wt_desc *d, int64_t *lo, int64_t *hi);
/* checks every reachable element lies in nbytes of storage */
wt_status wt_desc_validate(const wt_desc *d, size_t nbytes);
/* src broadcast to (ndim, shape) (stride 0 where it stretches), or
** WT_ESHAPE naming both shapes; `what` names the operation in the message */
wt_status wt_desc_broadcast(const wt_desc *src, int ndim, const int64_t *shape, const char *what, wt_desc *out);
/* a 0-d tensor given the one axis 0 or -1: NumPy accepts it as no axis at all
** (a reduction over nothing, a squeeze of nothing) */
bool wt_desc_axis_0d(int ndim, int naxes, const int *axes);
/* normalises a possibly negative axis against ndim; message names what */
wt_status wt_desc_axis(int axis, int ndim, const char *what, int *out);

/* ---- dtypes (dtype.c) ---------------------------------------------------- */
/* complex storage: (re, im) pairs, the layout of C99's complex types and NumPy's */
typedef struct {
    float re, im;
} wt_c64;
typedef struct {
    double re, im;
} wt_c128;
/* complex + and * as NumPy's loops compute them (the plain product), for
** the elementwise kernels (kernels_complex.c) and the GEMM's reference */
#define WT_COMPLEX_ARITH(sn, T)                                                       \
    static inline T wt_##sn##_add(T a, T b) { return (T){a.re + b.re, a.im + b.im}; } \
    static inline T wt_##sn##_mul(T a, T b) { return (T){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }
WT_COMPLEX_ARITH(c64, wt_c64)
WT_COMPLEX_ARITH(c128, wt_c128)

/* Every dtype as (code, short name, C type, kind: B bool, I integer, F
** float, H float16 as its bits, C complex), in code order: the list the generated kernels and their tables are
** made from.  WT_DTYPE_LIST_WITH passes one more argument first, so that a
** list can be nested in itself (cast.c's pairs). */
// clang-format off
#define WT_DTYPE_LIST(X)                                                                        \
    X(WT_BOOL, b8, uint8_t, B)     X(WT_INT8, i8, int8_t, I)      X(WT_UINT8, u8, uint8_t, I)   \
    X(WT_INT16, i16, int16_t, I)   X(WT_UINT16, u16, uint16_t, I) X(WT_INT32, i32, int32_t, I)  \
    X(WT_UINT32, u32, uint32_t, I) X(WT_FLOAT32, f32, float, F)   X(WT_FLOAT64, f64, double, F) \
    X(WT_INT64, i64, int64_t, I)   X(WT_UINT64, u64, uint64_t, I) X(WT_FLOAT16, f16, uint16_t, H) \
    X(WT_COMPLEX64, c64, wt_c64, C) X(WT_COMPLEX128, c128, wt_c128, C)
#define WT_DTYPE_LIST_WITH(X, S)                                                                         \
    X(S, WT_BOOL, b8, uint8_t, B)     X(S, WT_INT8, i8, int8_t, I)      X(S, WT_UINT8, u8, uint8_t, I)   \
    X(S, WT_INT16, i16, int16_t, I)   X(S, WT_UINT16, u16, uint16_t, I) X(S, WT_INT32, i32, int32_t, I)  \
    X(S, WT_UINT32, u32, uint32_t, I) X(S, WT_FLOAT32, f32, float, F)   X(S, WT_FLOAT64, f64, double, F) \
    X(S, WT_INT64, i64, int64_t, I)   X(S, WT_UINT64, u64, uint64_t, I) X(S, WT_FLOAT16, f16, uint16_t, H) \
    X(S, WT_COMPLEX64, c64, wt_c64, C) X(S, WT_COMPLEX128, c128, wt_c128, C)
// clang-format on
#define WT_MAX_ITEMSIZE 16 /* complex128 */
/* room for one element of any dtype, aligned for any of them */
typedef union {
    double d[2];
    uint64_t u[2];
} wt_slot;
bool wt_dtype_is_float(int dt); /* float16, float32, float64 */
static inline bool wt_dtype_is_complex(int dt) { return dt == WT_COMPLEX64 || dt == WT_COMPLEX128; }
/* NumPy's inexact kinds: floats and complex */
static inline bool wt_dtype_is_inexact(int dt) { return wt_dtype_is_float(dt) || wt_dtype_is_complex(dt); }
/* the dtype of a complex dtype's parts (float32 for complex64); others: dt */
static inline int wt_dtype_part(int dt) {
    return dt == WT_COMPLEX64 ? WT_FLOAT32 : dt == WT_COMPLEX128 ? WT_FLOAT64 : dt;
}
/* the dtype an op computes in for values of dt: float32 for float16 (which
** has no kernels: NumPy computes it in float32 too and rounds once), else dt */
static inline int wt_dtype_compute(int dt) { return dt == WT_FLOAT16 ? WT_FLOAT32 : dt; }
/* float16 bits <-> float / double, rounding to nearest even (NaN stays NaN,
** overflow gives an infinity, tiny values subnormals or zero) */
float wt_half_to_float(uint16_t h);
uint16_t wt_half_from_double(double v);
/* decimal text to the nearest double, as NumPy's loadtxt reads it (decimal.c); *end as strtod's */
double wt_decimal_read(const char *s, char **end);
bool wt_dtype_is_int(int dt); /* signed or unsigned integer, not bool */
/* the smallest complex dtype whose parts hold dt's values (complex64 for
** float16, float32 and 8- and 16-bit integers; complex128 for wider) */
int wt_dtype_complex_of(int dt);
/* an integer dtype's smallest and largest value; false for bool and floats */
bool wt_dtype_range(int dt, double *lo, double *hi);
/* NumPy 2's check of a Python number stored into dt: an integer dtype takes
** int(v) within its bounds (NaN and infinities never); bool and floats take anything */
bool wt_dtype_holds(int dt, double v);
const char *wt_dtype_casting_name(int casting); /* a valid wt_casting's name */
/* a host number that acts as a Python int: integral and exact (a JS safe
** integer); 1e300 acts as a float */
bool wt_dtype_weak_int(double v);
/* wt_result_type, unchecked, also giving the promotion of the dtypes alone
** (-1 when every operand is a weak scalar) */
wt_status wt_dtype_result(int n, const int *dtypes, const double *scalars, int *tensor_dt, int *out);

/* ---- strided iterator (iter.c) ------------------------------------------- */
#define WT_ITER_MAXOPS 17   /* a fused pass: its target and 16 tensor leaves */
#define WT_ITER_PERIODIC 4  /* periodic operands of one pass (below) */
#define WT_ITER_SHORT 16    /* a last axis this short is merged or visited across */
#define WT_ITER_REPEAT 1024 /* bytes of a periodic operand's repeated copy */
#define WT_ITER_ACROSS 256  /* elements per call of a pass visited across */
typedef struct wt_iter {
    int nop;  /* operands; op 0 is the output */
    int ndim; /* after coalescing */
    int64_t shape[WT_MAX_DIMS];
    int64_t strides[WT_ITER_MAXOPS][WT_MAX_DIMS]; /* BYTES */
    char *ptr[WT_ITER_MAXOPS];                    /* element 0 of each operand */
    /* Periodic operands: a short last axis (a (3,) per-channel vector
    ** against an (h, w, 3) image) merged with the axes outside it, where
    ** the others are contiguous and these step 0.  Their stride on the
    ** merged axis is 0 (ptr stays at the period's start) and the runs read
    ** them from a copy repeated to per_chunk elements (iter.c). */
    int nper;                           /* periodic operands, 0: none */
    int64_t period, per_chunk;          /* elements in a period, in a repeated copy */
    int per_op[WT_ITER_PERIODIC];       /* which operands */
    int64_t per_step[WT_ITER_PERIODIC]; /* bytes between a period's elements */
    int64_t per_size[WT_ITER_PERIODIC]; /* bytes per element */
    /* A short last axis no operand can merge (rgba[:, :, :3]): visited
    ** across, in blocks of the axis outside it, so each call is long */
    bool across;
} wt_iter;

/* inner loop over n elements: ptr[k] advances by stride[k] bytes */
typedef void (*wt_inner_fn)(void *ctx, char **ptr, const int64_t *stride, int64_t n);
/* a ni x nj tile of a transpose-like pass (see wt_iter_run): sa and sb are
** every operand's strides along the two tiled axes; returns false to have
** the tile run row by row through the inner function instead */
typedef bool (*wt_tile_fn)(void *ctx, char **ptr, const int64_t *sa, const int64_t *sb, int64_t ni, int64_t nj);

/* Operand 0 gives the iteration shape; the others must already have that
** shape (broadcast views, stride 0 allowed).  Sorts axes by operand
** `order`'s strides (ties by the others), flips and coalesces.  With
** WT_ITER_PLAIN or'ed into order, a short last axis is left as it is (no
** periodic copies, no visiting across): for passes whose operands are
** addresses the inner function reads behind (argmax's row starts), not
** elements. */
#define WT_ITER_PLAIN 0x100
void wt_iter_init(wt_iter *it, int nop, const wt_tensor *const *ops, int order);
void wt_iter_run(const wt_iter *it, wt_inner_fn fn, void *ctx);
/* the same, offering transpose-like tiles to tile first (may be NULL) */
void wt_iter_run_tiled(const wt_iter *it, wt_inner_fn fn, wt_tile_fn tile, void *ctx);
/* elements in a pass, and whether wt_iter_run_tiled would tile it or visit
** its short last axis across (such a pass runs whole, not split in parts) */
int64_t wt_iter_size(const wt_iter *it);
bool wt_iter_tiles(const wt_iter *it);
/* Output parts of a reduction: the longest outer axis along which the
** output (op 0) steps, else the last one if it steps along it (-1: none,
** the output is one element), and
** the pass with that axis cut to [begin, end), tiled as wt_iter_run_tiled
** (tile may be NULL).  Every output element is folded from the same values
** in the same order as by wt_iter_run, so slabs run on any threads give the
** same bits; a tiled or across pass is cut in slabs of axis 0 as well. */
int wt_iter_split_axis(const wt_iter *it);
void wt_iter_run_slab(const wt_iter *it, int axis, int64_t begin, int64_t end, wt_inner_fn fn, wt_tile_fn tile,
                      void *ctx);
/* elements [begin, end) of the pass in iteration order, untiled: a part of
** a pass split across threads (the parts together are exactly wt_iter_run) */
void wt_iter_run_range(const wt_iter *it, wt_inner_fn fn, void *ctx, int64_t begin, int64_t end);

/* ---- casting kernels (cast.c) -------------------------------------------- */
/* convert n elements, strides in bytes */
typedef void (*wt_cast_fn)(const char *src, int64_t ss, char *dst, int64_t ds, int64_t n);
wt_cast_fn wt_cast_get(int from, int to);
/* scalar reference for the same conversion (tests compare the two) */
wt_cast_fn wt_cast_get_ref(int from, int to);
/* one element at src (of dtype from) into dst (of dtype to), as the reference converts it */
static inline void wt_cast_one(int from, const void *src, int to, void *dst) {
    wt_cast_get_ref(from, to)((const char *)src, 0, (char *)dst, 0, 1);
}
/* double -> dtype value stored at p, with assignment casting */
void wt_cast_store_f64(int dtype, void *p, double v);
double wt_cast_load_f64(int dtype, const void *p);

#endif /* WT_CORE_H */
