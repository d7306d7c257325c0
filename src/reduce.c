/* reduce.c — reductions over axes.  sum, prod, max, min, mean, any and all
** run through the elementwise driver as copy-with-reduce into an
** accumulator shaped like the kept axes; argmax/argmin scan rows. */
#include "ops.h"
#include "parallel.h"
#include "pass.h"
#include <math.h>
#include <string.h>

/* which axes are reduced; naxes < 0 means all */
static wt_status parse_axes(const wt_tensor *x, int naxes, const int *axes, const char *name, bool *red) {
    int nd = x->d.ndim;
    memset(red, 0, sizeof(bool) * WT_MAX_DIMS);
    if (naxes < 0) {
        for (int i = 0; i < nd; i++) red[i] = true;
        return WT_OK;
    }
    if (naxes > 0 && !axes) return wt_error_fail(WT_EINVAL, "%s: axes is NULL", name);
    if (naxes > nd && nd > 0) /* a 0-d tensor: the axis check below names the axis */
        return wt_error_fail(WT_EINVAL, "%s: %d axes given for a %d-d tensor", name, naxes, nd);
    for (int i = 0; i < naxes; i++) {
        int a;
        wt_status st = wt_desc_axis(axes[i], nd, "axis", &a);
        if (st) return st;
        if (red[a]) return wt_error_fail(WT_EINVAL, "%s: duplicate value in axis (%d)", name, axes[i]);
        red[a] = true;
    }
    return WT_OK;
}

/* the result's descriptor shape: reduced axes become 1 (keepdims) or go */
static int result_shape(const wt_tensor *x, const bool *red, bool keep, int64_t *shape) {
    int k = 0;
    for (int i = 0; i < x->d.ndim; i++)
        if (!red[i])
            shape[k++] = x->d.shape[i];
        else if (keep)
            shape[k++] = 1;
    return k;
}

/* ---- argmax / argmin ------------------------------------------------------- */

typedef struct {
    int64_t len, stride;
    int dtype;
    bool max;
} arg_ctx;

/* index of the first extreme along one row; NaN beats everything.  Values
** of storage type T compare as V (float16: its bits as a float) */
#define ARGSCAN(sn, T, FLOAT, V, LOAD)                                            \
    static int32_t argscan_##sn(const char *p, int64_t len, int64_t s, bool mx) { \
        T raw;                                                                    \
        memcpy(&raw, p, sizeof raw);                                              \
        V best = LOAD(raw);                                                       \
        int32_t at = 0;                                                           \
        if (FLOAT && best != best) return 0;                                      \
        for (int64_t i = 1; i < len; i++) {                                       \
            memcpy(&raw, p + i * s, sizeof raw);                                  \
            V v = LOAD(raw);                                                      \
            if (FLOAT && v != v) return (int32_t)i;                               \
            if (mx ? v > best : v < best) best = v, at = (int32_t)i;              \
        }                                                                         \
        return at;                                                                \
    }
#define AS_IS(x) (x)
#define ARGSCAN_B(sn, T) ARGSCAN(sn, T, 0, T, AS_IS)
#define ARGSCAN_I(sn, T) ARGSCAN(sn, T, 0, T, AS_IS)
#define ARGSCAN_F(sn, T) ARGSCAN(sn, T, 1, T, AS_IS)
#define ARGSCAN_H(sn, T) ARGSCAN(sn, T, 1, float, wt_half_to_float)
/* complex: NumPy's order, (re, im) lexicographic; a NaN in either part wins */
#define ARGSCAN_C(sn, T)                                                          \
    static int32_t argscan_##sn(const char *p, int64_t len, int64_t s, bool mx) { \
        T best, v;                                                                \
        int32_t at = 0;                                                           \
        memcpy(&best, p, sizeof best);                                            \
        if (best.re != best.re || best.im != best.im) return 0;                   \
        for (int64_t i = 1; i < len; i++) {                                       \
            memcpy(&v, p + i * s, sizeof v);                                      \
            if (v.re != v.re || v.im != v.im) return (int32_t)i;                  \
            bool gt = v.re > best.re || (v.re == best.re && v.im > best.im);      \
            bool lt = v.re < best.re || (v.re == best.re && v.im < best.im);      \
            if (mx ? gt : lt) best = v, at = (int32_t)i;                          \
        }                                                                         \
        return at;                                                                \
    }
#define ARGSCAN_ROW(e, sn, T, k) ARGSCAN_##k(sn, T)
#define ARGSCAN_ENTRY(e, sn, T, k) [e] = argscan_##sn,
WT_DTYPE_LIST(ARGSCAN_ROW)
static int32_t (*const argscan[WT_NDTYPES])(const char *, int64_t, int64_t, bool) = {WT_DTYPE_LIST(ARGSCAN_ENTRY)};

static void arg_inner(void *ctx, char **ptr, const int64_t *st, int64_t n) {
    const arg_ctx *a = ctx;
    char *o = ptr[0];
    const char *x = ptr[1];
    for (int64_t i = 0; i < n; i++, o += st[0], x += st[1]) {
        int32_t r = argscan[a->dtype](x, a->len, a->stride, a->max);
        memcpy(o, &r, sizeof r);
    }
}

/* the axis argmax/argmin scan (-1: the flattened tensor), checked */
static wt_status arg_axis(int rop, const wt_tensor *x, int naxes, const int *axes, int *axis) {
    const char *name = wt_ops_reduce_name(rop);
    wt_status st;
    int64_t len = wt_desc_size(&x->d);
    *axis = -1;
    if (naxes >= 0 && (naxes != 1 || !axes))
        return wt_error_fail(WT_EINVAL, "%s: takes one axis or none, got %d", name, naxes);
    if (naxes >= 0 && (st = wt_desc_axis(axes[0], x->d.ndim, "axis", axis))) return st;
    if (naxes >= 0) len = x->d.shape[*axis];
    if (len == 0) return wt_error_fail(WT_EINVAL, "%s: attempt to get %s of an empty sequence", name, name);
    if (len > INT32_MAX)
        return wt_error_fail(WT_EINVAL, "%s: axis of length %lld does not fit an int32 index", name, (long long)len);
    return WT_OK;
}

static wt_status argreduce(int rop, const wt_tensor *x, int naxes, const int *axes, int keepdims, wt_tensor *out,
                           wt_tensor **result) {
    const char *name = rop == WT_REDUCE_ARGMAX ? "argmax" : "argmin";
    wt_status st;
    wt_tensor *flat = NULL, *r = NULL;
    const wt_tensor *src = x;
    int axis;
    if ((st = arg_axis(rop, x, naxes, axes, &axis))) return st;
    if (naxes < 0) { /* over everything: the flat index of the C-order walk */
        int64_t size = wt_desc_size(&x->d);
        if ((st = wt_view_reshape_to(x, 1, &size, &flat))) return st;
        src = flat;
        axis = 0;
    }
    int64_t len = src->d.shape[axis];
    /* rows: src without the axis; each element starts one row */
    wt_tensor rows = {.buf = src->buf, .d = src->d};
    int k = 0;
    for (int i = 0; i < src->d.ndim; i++)
        if (i != axis) rows.d.shape[k] = src->d.shape[i], rows.d.strides[k++] = src->d.strides[i];
    rows.d.ndim = k;
    wt_desc rd;
    int64_t shape[WT_MAX_DIMS];
    bool red[WT_MAX_DIMS] = {false};
    red[axis] = true;
    int rnd = naxes < 0 ? (keepdims ? x->d.ndim : 0) : result_shape(x, red, keepdims, shape);
    if (naxes < 0)
        for (int i = 0; i < rnd; i++) shape[i] = 1;
    if (!(st = wt_desc_init(&rd, WT_INT32, rows.d.ndim, rows.d.shape))) st = wt_tensor_alloc(&rd, false, &r);
    if (st) {
        wt_tensor_free(flat);
        return st;
    }
    arg_ctx ctx = {len, src->d.strides[axis] * (int64_t)wt_dtype_size(src->d.dtype), src->d.dtype,
                   rop == WT_REDUCE_ARGMAX};
    const wt_tensor *ops[2] = {r, &rows};
    wt_iter it;
    wt_iter_init(&it, 2, ops, WT_ITER_PLAIN); /* rows' pointers start rows: no periodic copies of them */
    /* rows are independent: split across threads by rows, each scanned whole */
    int64_t nrows = wt_iter_size(&it);
    int parts = wt_parallel_parts_fine(nrows * len, WT_PARALLEL_MIN_PART);
    wt_parallel_iter(&it, arg_inner, &ctx, 0, parts < nrows ? parts : (int)nrows);
    wt_tensor_free(flat);
    r->d.ndim = rnd; /* same elements, keepdims shape */
    memcpy(r->d.shape, shape, sizeof(int64_t) * (size_t)rnd);
    wt_desc_strides_c(rnd, shape, r->d.strides);
    return wt_pass_deliver(name, r, out, result);
}

/* ---- the rest ------------------------------------------------------------- */

void wt_reduce_identity_at(int rop, int dt, void *slot) {
    if (wt_dtype_is_complex(dt) && (rop == WT_REDUCE_MAX || rop == WT_REDUCE_MIN)) {
        /* (-inf, -inf) is below every complex in (re, im) order: (-inf, 0) is not */
        double v = rop == WT_REDUCE_MAX ? -INFINITY : INFINITY;
        wt_c128 c = {v, v};
        wt_cast_one(WT_COMPLEX128, &c, dt, slot);
        return;
    }
    if (rop == WT_REDUCE_SUM || rop == WT_REDUCE_PROD || wt_dtype_is_inexact(dt)) {
        double v = rop == WT_REDUCE_SUM ? 0 : rop == WT_REDUCE_PROD ? 1 : rop == WT_REDUCE_MAX ? -INFINITY : INFINITY;
        wt_cast_store_f64(dt, slot, v);
        return;
    }
    /* max starts at the dtype's least value, min at its greatest (bool: 0, 1):
    ** the value's low bytes, as the targets are little-endian */
    wt_dtype_limits l;
    wt_dtype_limits_of(dt, &l);
    uint64_t v = rop == WT_REDUCE_MAX ? (uint64_t)l.int_min : l.int_max;
    memcpy(slot, &v, wt_dtype_size(dt));
}

/* The accumulator dtype of a reduction of values of dtype r: integer sums
** and products wrap in 32 bits (the Array API's default integer, where
** NumPy's is int64: unsigned ones in uint32, as NumPy's in uint64) or in 64
** for 64-bit integers; bool counts in int32. */
int wt_reduce_acc_dtype(int rop, int r) {
    if ((rop == WT_REDUCE_SUM || rop == WT_REDUCE_PROD) && !wt_dtype_is_inexact(r))
        return r == WT_INT64 || r == WT_UINT64                     ? r
               : r == WT_UINT8 || r == WT_UINT16 || r == WT_UINT32 ? WT_UINT32
                                                                   : WT_INT32;
    return wt_dtype_compute(r); /* float16 accumulates in float32, as NumPy's pairwise sum of halves */
}

void wt_reduce_plan(int rop, int dt, int *acc, int *rrop) {
    *rrop = rop;
    switch (rop) {
    case WT_REDUCE_SUM:
    case WT_REDUCE_PROD: *acc = wt_reduce_acc_dtype(rop, dt); break;
    case WT_REDUCE_MEAN:
        *acc = wt_dtype_is_inexact(dt) ? wt_dtype_compute(dt) : WT_FLOAT64, *rrop = WT_REDUCE_SUM;
        break;
    case WT_REDUCE_ANY: *acc = WT_BOOL, *rrop = WT_REDUCE_MAX; break;
    case WT_REDUCE_ALL: *acc = WT_BOOL, *rrop = WT_REDUCE_MIN; break;
    case WT_REDUCE_ARGMAX:
    case WT_REDUCE_ARGMIN: *acc = WT_INT32; break;
    default: *acc = wt_dtype_compute(dt); break; /* max, min */
    }
}

wt_status wt_reduce_mean_divide(wt_tensor *sum, int64_t count) {
    const wt_tensor *q[2] = {sum, NULL};
    double scal[2] = {0, (double)count};
    wt_ewise_call c = {.name = "mean",
                       .op = WT_OP_DIV,
                       .n = 2,
                       .in = q,
                       .scalars = scal,
                       .alpha = 1,
                       .beta = 1,
                       .out = sum,
                       .compute = -1,
                       .acc = -1};
    return wt_ewise_run(&c);
}

/* every check wt_reduce makes before computing; red gets the reduced axes */
static wt_status reduce_check(int rop, const wt_tensor *x, int *naxesp, const int *axes, bool *red) {
    if (rop <= WT_REDUCE_NONE || rop >= WT_NREDUCE) return wt_error_fail(WT_EINVAL, "invalid reduction code %d", rop);
    const char *name = wt_ops_reduce_name(rop);
    wt_status st = wt_tensor_check(x, "tensor");
    if (st) return st;
    /* axis 0 or -1 of a 0-d tensor is NumPy's way of naming no axis: the same as none given */
    if (wt_desc_axis_0d(x->d.ndim, *naxesp, axes)) *naxesp = -1;
    int naxes = *naxesp;
    if ((st = parse_axes(x, naxes, axes, name, red))) return st;
    if (rop == WT_REDUCE_ARGMAX || rop == WT_REDUCE_ARGMIN) {
        int axis;
        return arg_axis(rop, x, naxes, axes, &axis);
    }
    int64_t count = 1;
    for (int i = 0; i < x->d.ndim; i++)
        if (red[i]) count *= x->d.shape[i];
    /* as NumPy: an empty reduced axis has no max or min, even when the result is empty too */
    if (count == 0 && (rop == WT_REDUCE_MAX || rop == WT_REDUCE_MIN))
        return wt_error_fail(WT_EINVAL, "%s: zero-size reduction, which has no identity", name);
    return WT_OK;
}

/* the dtype a reduction of dt returns, given its accumulator and dtype=
** (want, -1: none): a dtype accumulated in its compute dtype (float16 in
** float32) comes back as itself */
static int result_of(int dt, int acc, int want) {
    if (want >= 0) return want;
    return acc != dt && acc == wt_dtype_compute(dt) ? dt : acc;
}

/* NumPy's dtype= (-1: none), which only sum, prod and mean take */
static wt_status want_check(int rop, int want) {
    const char *name = wt_ops_reduce_name(rop);
    if (want != -1 && !wt_dtype_is_valid(want))
        return wt_error_fail(WT_EDTYPE, "%s: invalid dtype code %d", name, want);
    if (want >= 0 && rop != WT_REDUCE_SUM && rop != WT_REDUCE_PROD && rop != WT_REDUCE_MEAN)
        return wt_error_fail(WT_EINVAL, "%s takes no dtype (NumPy's sum, prod and mean do)", name);
    return WT_OK;
}

wt_status wt_reduce_shape(int rop, const wt_tensor *x, int naxes, const int *axes, int keepdims, int want,
                          wt_dtype *dtype, int *ndim, int64_t *shape) {
    bool red[WT_MAX_DIMS];
    wt_status st = reduce_check(rop, x, &naxes, axes, red);
    if (st || (st = want_check(rop, want))) return st;
    if (!dtype || !ndim || !shape)
        return wt_error_fail(WT_EINVAL, "%s: a result pointer is NULL", wt_ops_reduce_name(rop));
    int acc, rrop;
    wt_reduce_plan(rop, x->d.dtype, &acc, &rrop);
    *dtype = (wt_dtype)result_of(x->d.dtype, acc, want);
    *ndim = result_shape(x, red, keepdims, shape);
    return WT_OK;
}

wt_status wt_reduce_run(int rop, const wt_tensor *x, const bool *red, bool keepdims, const char *name,
                        wt_tensor **result) {
    return wt_reduce_run_as(rop, x, red, keepdims, name, -1, result);
}

wt_status wt_reduce_run_as(int rop, const wt_tensor *x, const bool *red, bool keepdims, const char *name, int dtype,
                           wt_tensor **result) {
    int64_t kshape[WT_MAX_DIMS], count = 1;
    for (int i = 0; i < x->d.ndim; i++) {
        kshape[i] = red[i] ? 1 : x->d.shape[i];
        if (red[i]) count *= x->d.shape[i];
    }
    /* the dtype values are accumulated in (the result's, or the one asked for), and how */
    int acc, rrop;
    wt_reduce_plan(rop, x->d.dtype, &acc, &rrop);
    int res = result_of(x->d.dtype, acc, dtype);
    if (dtype >= 0) acc = wt_dtype_compute(dtype);
    wt_desc d;
    wt_tensor *r, *cast = NULL;
    wt_status st;
    /* dtype=float16 rounds the values to float16 first (65534 is inf), then accumulates them in float32 */
    if (acc != dtype && dtype >= 0 && x->d.dtype != dtype) {
        if ((st = wt_assign_astype(x, dtype, &cast))) return st;
        x = cast;
    }
    st = wt_desc_init(&d, acc, x->d.ndim, kshape);
    if (!st) st = wt_tensor_alloc(&d, false, &r);
    if (st) {
        wt_tensor_free(cast);
        return st;
    }
    const wt_tensor *in[1] = {x};
    wt_ewise_call c = {.name = name,
                       .op = WT_OP_COPY,
                       .n = 1,
                       .in = in,
                       .alpha = 1,
                       .beta = 1,
                       .out = r,
                       .reduce = rrop,
                       .compute = acc,
                       .acc = acc,
                       .empty_ok = true,
                       .direct = true};
    /* float16 results: accumulated in float32 and rounded once at the end; a mean
    ** with dtype=float16 divides the rounded sum, as NumPy's (which overflows to inf) */
    bool sum_rounded = rop == WT_REDUCE_MEAN && dtype >= 0 && res != acc;
    wt_tensor *rounded = NULL;
    st = wt_ewise_run(&c);
    if (!st && sum_rounded && !(st = wt_assign_astype(r, res, &rounded))) wt_tensor_free(r), r = rounded;
    if (!st && rop == WT_REDUCE_MEAN) st = wt_reduce_mean_divide(r, count);
    if (!st && r->d.dtype != res && !(st = wt_assign_astype(r, res, &rounded))) wt_tensor_free(r), r = rounded;
    if (st) {
        wt_tensor_free(r);
        wt_tensor_free(cast);
        return st;
    }
    /* drop the reduced axes unless kept: same elements, new descriptor */
    if (!keepdims) {
        r->d.ndim = result_shape(x, red, false, r->d.shape);
        wt_desc_strides_c(r->d.ndim, r->d.shape, r->d.strides);
    }
    wt_tensor_free(cast); /* x, when it was the float16 copy */
    *result = r;
    return WT_OK;
}

wt_status wt_reduce(int rop, const wt_tensor *x, int naxes, const int *axes, int keepdims, wt_tensor *out,
                    wt_tensor **result) {
    return wt_reduce_dtype(rop, x, naxes, axes, keepdims, -1, out, result);
}

wt_status wt_reduce_dtype(int rop, const wt_tensor *x, int naxes, const int *axes, int keepdims, int dtype,
                          wt_tensor *out, wt_tensor **result) {
    bool red[WT_MAX_DIMS];
    wt_status st = reduce_check(rop, x, &naxes, axes, red);
    if (st || (st = want_check(rop, dtype))) return st;
    const char *name = wt_ops_reduce_name(rop);
    if ((st = wt_pass_out_writable(name, out, result))) return st;
    int acc, rrop;
    wt_reduce_plan(rop, x->d.dtype, &acc, &rrop);
    acc = result_of(x->d.dtype, acc, dtype);
    /* NumPy casts a reduction's result into out unsafely, but an index only into an integer or bool out */
    if (out && (rop == WT_REDUCE_ARGMAX || rop == WT_REDUCE_ARGMIN) && wt_dtype_is_inexact(out->d.dtype))
        return wt_error_fail(WT_EDTYPE, "%s: out must have an integer or bool dtype for the indices, got %s", name,
                             wt_dtype_name(out->d.dtype));
    if ((st = wt_pass_out_cast(name, acc, out, WT_CASTING_UNSAFE))) return st;
    if (rop == WT_REDUCE_ARGMAX || rop == WT_REDUCE_ARGMIN)
        return argreduce(rop, x, naxes, axes, keepdims, out, result);
    wt_tensor *r;
    if ((st = wt_reduce_run_as(rop, x, red, keepdims, name, dtype, &r))) return st;
    return wt_pass_deliver(name, r, out, result);
}
