/* softmax.c — softmax and log-softmax along one axis, a lane at a time: the
** lane is gathered into its place in the result (or, where the result's lane
** is strided, a scratch row; in L1 for the usual widths), its max
** found, exp(x - max) written and summed, then divided by the sum (or, for
** the log, max + log(sum) subtracted): three passes over cached data where
** the composed form makes five over the whole tensor.  A max that is not
** finite shifts by 0, so a row of -inf, or one with +inf or NaN, gives NaN,
** as the composed form does.  float32 uses vmath.h's exp, four lanes at a
** time (the tail padded into one vector, so no value depends on its place;
** below 2^-126, where exp's result would be subnormal, it flushes to 0),
** and sums blocks of 64 in float32 lanes, the blocks in float64; float64
** uses libm.  Lanes are split across threads, each computed whole. */
#include "core.h"
#include "ops.h"
#include "parallel.h"
#include "vmath.h"
#include <math.h>
#include <string.h>

/* acc plus e's four lanes, in float64 */
static inline wt_vf64_t add_lanes(wt_vf64_t acc, wt_vf32_t e) {
    return wt_vf64_add(acc, wt_vf64_add(wt_vf64_from_vf32_lo(e), wt_vf64_from_vf32_hi(e)));
}

/* e^d for the d = x - max <= 0 of a row with a finite max: vmath.h's exp
** (its reduction and polynomial: the same bits where e^d is a normal float)
** without what d <= 0 never needs.  Below e^-87.3 (2^-126) it flushes to 0,
** within 1.2e-38 of e^d beside the row's term e^0 = 1, so 2^n is one normal
** float, made from the rounding's own bits, and one multiply scales.  (The
** lanes flushed need no clamp: what they compute is masked away.) */
static inline wt_vf32_t exp_nonpositive(wt_vf32_t d, const wt_vmath_k *k) {
    wt_vf32_t t = wt_vf32_add(wt_vf32_mul(d, k->log2e), k->magic); /* n + 127 in the low bits */
    wt_vf32_t n = wt_vf32_sub(t, k->magic);
    wt_vf32_t scale = wt_vi32_as_f32(wt_vi32_shl(wt_vf32_bits(t), 23)); /* 2^n: the exponent field n + 127 */
    wt_vf32_t p = wt_vmath_exp_reduced(d, n, k);
    wt_vf32_t flushed = wt_vi32_as_f32(wt_mf32_bits(wt_vf32_lt(d, k->lo))); /* k->lo = -87.3365: n >= -126 */
    return wt_vf32_andnot(flushed, wt_vf32_mul(p, scale));
}

/* exp_nonpositive's constants: vmath.h's, with its own lower bound and the
** rounding constant biased by 127 */
static void nonpositive_k(wt_vmath_k *k) {
    static const float v[2] = {-87.3365402f, 0x1.8p23f + 127.0f};
    const volatile float *src = v; /* (held in registers: vmath.h says why) */
    wt_vmath_k_init(k);
    k->lo = wt_vf32_splat(src[0]), k->magic = wt_vf32_splat(src[1]);
}

/* one row: e^(x - shift) written (softmax) and summed, then the division or
** the log's subtraction; nonpositive when shift is the row's finite max */
static inline void row_f32_from(float *v, int64_t n, int log_form, float shift, bool nonpositive, const wt_vmath_k *k) {
#define ROW_EXP(x) (nonpositive ? exp_nonpositive(wt_vf32_sub(x, vs), k) : wt_vf32_exp(wt_vf32_sub(x, vs), k))
    wt_vf32_t vs = wt_vf32_splat(shift);
    wt_vf64_t acc = wt_vf64_splat(0.0);
    int64_t i = 0;
    while (i + 8 <= n) { /* blocks of up to 64 summed in two float32 vectors, then in float64 */
        wt_vf32_t p0 = wt_vf32_splat(0.0f), p1 = p0;
        for (int64_t end = i + 64 < n ? i + 64 : n; i + 8 <= end; i += 8) {
            wt_vf32_t e0 = ROW_EXP(wt_vf32_load(v + i)), e1 = ROW_EXP(wt_vf32_load(v + i + 4));
            p0 = wt_vf32_add(p0, e0), p1 = wt_vf32_add(p1, e1);
            if (!log_form) wt_vf32_store(v + i, e0), wt_vf32_store(v + i + 4, e1);
        }
        acc = add_lanes(add_lanes(acc, p0), p1);
    }
    for (; i + 4 <= n; i += 4) {
        wt_vf32_t e = ROW_EXP(wt_vf32_load(v + i));
        acc = add_lanes(acc, e);
        if (!log_form) wt_vf32_store(v + i, e);
    }
    if (i < n) { /* the tail, padded into one vector; the padding adds nothing */
        float pad[4] = {0, 0, 0, 0};
        int w = (int)(n - i);
        for (int j = 0; j < w; j++) pad[j] = v[i + j];
        wt_vf32_store(pad, ROW_EXP(wt_vf32_load(pad)));
        for (int j = 0; j < w && !log_form; j++) v[i + j] = pad[j];
        for (int j = w; j < 4; j++) pad[j] = 0;
        wt_vf32_t e = wt_vf32_load(pad);
        acc = add_lanes(acc, e);
    }
#undef ROW_EXP
    double lanes[2];
    wt_vf64_store(lanes, acc);
    double s = lanes[0] + lanes[1];
    if (log_form) {
        float ls = (float)log(s);
        for (i = 0; i < n; i++) v[i] = (v[i] - shift) - ls;
        return;
    }
    float sf = (float)s;
    wt_vf32_t vsum = wt_vf32_splat(sf);
    for (i = 0; i + 4 <= n; i += 4) wt_vf32_store(v + i, wt_vf32_div(wt_vf32_load(v + i), vsum));
    for (; i < n; i++) v[i] /= sf;
}

/* k[0]: vmath.h's exp constants, k[1]: exp_nonpositive's.  A max that is not
** finite shifts by 0 (the row's result is NaN) */
static void row_f32(float *v, int64_t n, int log_form, const wt_vmath_k *k) {
    float m = -INFINITY; /* max's SIMD fold: NaN wins */
    wt_kernels_accum(WT_REDUCE_MAX, WT_FLOAT32)((char *)&m, 0, (const char *)v, 4, n);
    if (isfinite(m))
        row_f32_from(v, n, log_form, m, true, k + 1);
    else
        row_f32_from(v, n, log_form, 0.0f, false, k);
}

static void row_f64(double *v, int64_t n, int log_form) {
    double m = -INFINITY, s = 0;
    wt_kernels_accum(WT_REDUCE_MAX, WT_FLOAT64)((char *)&m, 0, (const char *)v, 8, n);
    double shift = isfinite(m) ? m : 0.0;
    for (int64_t i = 0; i < n; i++) {
        double e = exp(v[i] - shift);
        s += e;
        if (!log_form) v[i] = e;
    }
    double ls = log(s);
    for (int64_t i = 0; i < n; i++) v[i] = log_form ? (v[i] - shift) - ls : v[i] / s;
}

typedef struct {
    const wt_tensor *x;
    wt_tensor *r;
    int a, log_form;
    int64_t n;
    char *rows;      /* a scratch row per part, for lanes the result does not hold contiguously */
    wt_vmath_k k[2]; /* row_f32's */
} softmax_job;

/* lanes [begin, end): each gathered into its place in the result when that
** is contiguous (the last axis), else into the part's scratch row */
static void softmax_lanes(void *ctx, int64_t begin, int64_t end, int part) {
    const softmax_job *j = ctx;
    const wt_tensor *x = j->x;
    int a = j->a, dt = x->d.dtype;
    int64_t n = j->n, isz = (int64_t)wt_dtype_size(dt), rs = j->r->d.strides[a];
    const char *xb = wt_first(x);
    char *rb = wt_first(j->r), *scratch = j->rows ? j->rows + (size_t)part * (size_t)(n * isz) : NULL;
    for (int64_t l = begin; l < end; l++) {
        int64_t xo = wt_desc_lane(&x->d, a, l), ro = wt_desc_lane(&j->r->d, a, l);
        char *row = rs == 1 ? rb + ro * isz : scratch;
        if (x->d.strides[a] == 1)
            memcpy(row, xb + xo * isz, (size_t)(n * isz));
        else
            for (int64_t i = 0; i < n; i++) memcpy(row + i * isz, xb + (xo + i * x->d.strides[a]) * isz, (size_t)isz);
        if (dt == WT_FLOAT32)
            row_f32((float *)(void *)row, n, j->log_form, j->k);
        else
            row_f64((double *)(void *)row, n, j->log_form);
        if (row == scratch)
            for (int64_t i = 0; i < n; i++) memcpy(rb + (ro + i * rs) * isz, row + i * isz, (size_t)isz);
    }
}

wt_status wt_softmax(const wt_tensor *x, int axis, int log_form, wt_tensor **result) {
    wt_status st = wt_tensor_check(x, "x");
    if (!st) st = wt_tensor_check_out(result);
    if (st) return st;
    int dt = x->d.dtype, a;
    if (dt != WT_FLOAT32 && dt != WT_FLOAT64)
        return wt_error_fail(WT_EDTYPE, "softmax: x must be float32 or float64, got %s", wt_dtype_name(dt));
    if (x->d.ndim == 0) return wt_error_fail(WT_EINVAL, "softmax: x must have at least one dimension");
    if ((st = wt_desc_axis(axis, x->d.ndim, "axis", &a))) return st;
    softmax_job j = {.x = x, .a = a, .log_form = log_form, .n = x->d.shape[a]};
    if ((st = wt_tensor_empty(dt, x->d.ndim, x->d.shape, &j.r))) return st;
    int64_t isz = (int64_t)wt_dtype_size(dt), size = wt_desc_size(&x->d), lanes = j.n ? size / j.n : 0;
    /* lanes are independent: split across threads, each computed whole (the same bits) */
    int parts = wt_parallel_parts(size, WT_PARALLEL_MIN_PART);
    if (parts > lanes) parts = lanes < 1 ? 1 : (int)lanes;
    bool gathered = j.r->d.strides[a] != 1 && size;
    if (gathered && !(j.rows = wt_tensor_sys_alloc((size_t)(j.n * isz) * (size_t)parts))) {
        wt_tensor_free(j.r);
        return wt_error_fail(WT_ENOMEM, "softmax: out of memory for %d rows of %lld", parts, (long long)j.n);
    }
    wt_vmath_k_init(&j.k[0]), nonpositive_k(&j.k[1]);
    wt_parallel_for(lanes, parts, softmax_lanes, &j);
    wt_tensor_sys_free(j.rows);
    *result = j.r;
    return WT_OK;
}
