/* softmax.c — softmax and log-softmax along one axis, a lane at a time:
** float32 reads x's lane in place (gathered into a scratch row when strided),
** finds its max, writes exp(x - max) into the result's lane (or a scratch row
** scattered after) while summing, then divides by the sum (or, for the log,
** subtracts max + log(sum) from x): three passes over cached data where the
** composed form makes five over the whole tensor.  A max that is not finite
** shifts by 0, so a row of -inf, or one with +inf or NaN, gives NaN, as the
** composed form does.  float32 uses vmath.h's exp, sixteen lanes a step (the
** tail padded into one vector, so no value depends on its place; below
** 2^-126, where exp's result would be subnormal, it flushes to 0), and sums
** blocks of 64 in float32 lanes, the blocks in float64; float64 uses libm in
** place in the result's row.  Lanes are split across threads, each computed
** whole. */
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

/* e^(src - max) written to dst (src itself or apart) and summed, four vectors
** a step; blocks of up to 64 are summed in float32 vectors, the blocks in
** float64 */
static double row_exp(float *dst, const float *src, int64_t n, float max, const wt_vmath_k *kp) {
#define ROW_EXP(x) wt_vmath_exp_nonpositive(wt_vf32_sub(x, vs), &kc)
    const wt_vmath_k kc = *kp; /* in registers: stores to dst could alias *kp */
    wt_vf32_t vs = wt_vf32_splat(max);
    wt_vf64_t acc = wt_vf64_splat(0.0);
    int64_t i = 0;
    while (i + 16 <= n) {
        wt_vf32_t p0 = wt_vf32_splat(0.0f), p1 = p0;
        for (int64_t end = i + 64 < n ? i + 64 : n; i + 16 <= end; i += 16) {
            wt_vf32_t e[4];
            for (int j = 0; j < 4; j++) e[j] = ROW_EXP(wt_vf32_load(src + i + 4 * j));
            p0 = wt_vf32_add(wt_vf32_add(p0, e[0]), e[2]), p1 = wt_vf32_add(wt_vf32_add(p1, e[1]), e[3]);
            for (int j = 0; j < 4; j++) wt_vf32_store(dst + i + 4 * j, e[j]);
        }
        acc = add_lanes(add_lanes(acc, p0), p1);
    }
    for (; i + 4 <= n; i += 4) {
        wt_vf32_t e = ROW_EXP(wt_vf32_load(src + i));
        acc = add_lanes(acc, e);
        wt_vf32_store(dst + i, e);
    }
    if (i < n) { /* the tail, padded into one vector; the padding adds nothing */
        float pad[4] = {0, 0, 0, 0};
        int w = (int)(n - i);
        for (int j = 0; j < w; j++) pad[j] = src[i + j];
        wt_vf32_store(pad, ROW_EXP(wt_vf32_load(pad)));
        for (int j = 0; j < w; j++) dst[i + j] = pad[j];
        for (int j = w; j < 4; j++) pad[j] = 0;
        acc = add_lanes(acc, wt_vf32_load(pad));
    }
#undef ROW_EXP
    double lanes[2];
    wt_vf64_store(lanes, acc);
    return lanes[0] + lanes[1];
}

/* the max of v[0, n): pmax in four vectors.  pmax may pass over a NaN; the
** row's sum is then NaN, and so every result, as with a NaN max. */
static float row_max(const float *v, int64_t n) {
    float m = -INFINITY;
    int64_t i = 0;
    if (n >= 16) {
        wt_vf32_t a[4];
        for (int j = 0; j < 4; j++) a[j] = wt_vf32_load(v + 4 * j);
        for (i = 16; i + 16 <= n; i += 16)
            for (int j = 0; j < 4; j++) a[j] = wt_vf32_pmax(a[j], wt_vf32_load(v + i + 4 * j));
        float l[4];
        wt_vf32_store(l, wt_vf32_pmax(wt_vf32_pmax(a[0], a[1]), wt_vf32_pmax(a[2], a[3])));
        for (int j = 0; j < 4; j++) m = l[j] > m ? l[j] : m;
    }
    for (; i < n; i++) m = v[i] > m ? v[i] : m;
    return m;
}

/* one row from src (x's lane, contiguous, or a gathered copy) into dst (the
** result's lane or a scratch row; for the log, never src).  A max that is
** not finite shifts by 0: the sum is then 0, +inf or NaN, so no result
** depends on exp's last bits, and libm's serves (e^x rounded to float32 as
** vmath's: e^89 is +inf there too). */
static void row_f32(float *dst, const float *src, int64_t n, int log_form, const wt_vmath_k *k) {
    float m = row_max(src, n), shift = isfinite(m) ? m : 0.0f;
    double s = 0;
    if (shift == m)
        s = row_exp(dst, src, n, m, k);
    else
        for (int64_t i = 0; i < n; i++) s += dst[i] = (float)exp(src[i]);
    if (log_form) {
        float ls = (float)log(s);
        for (int64_t i = 0; i < n; i++) dst[i] = (src[i] - shift) - ls;
        return;
    }
    float sf = (float)s;
    wt_vf32_t vsum = wt_vf32_splat(sf);
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) wt_vf32_store(dst + i, wt_vf32_div(wt_vf32_load(dst + i), vsum));
    for (; i < n; i++) dst[i] /= sf;
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
    char *rows;   /* two scratch rows per part: x's lane gathered, the result's before its scatter */
    wt_vmath_k k; /* vmath.h's constants */
} softmax_job;

/* lanes [begin, end): float32 read in place where x's lane is contiguous,
** else gathered (float64 into its result row, and computed there); written
** into the result where its lane is contiguous (the last axis), else into
** a scratch row and scattered */
static void softmax_lanes(void *ctx, int64_t begin, int64_t end, int part) {
    const softmax_job *j = ctx;
    const wt_tensor *x = j->x;
    int a = j->a, dt = x->d.dtype;
    int64_t n = j->n, isz = (int64_t)wt_dtype_size(dt), rs = j->r->d.strides[a], xs = x->d.strides[a];
    const char *xb = wt_first(x);
    char *rb = wt_first(j->r), *scratch = j->rows ? j->rows + (size_t)part * (size_t)(2 * n * isz) : NULL;
    for (int64_t l = begin; l < end; l++) {
        int64_t xo = wt_desc_lane(&x->d, a, l), ro = wt_desc_lane(&j->r->d, a, l);
        char *dst = rs == 1 ? rb + ro * isz : scratch + n * isz;
        const char *src = xb + xo * isz;
        if (dt != WT_FLOAT32 || xs != 1) {
            char *g = dt == WT_FLOAT32 ? scratch : dst;
            if (xs == 1)
                memcpy(g, src, (size_t)(n * isz));
            else
                for (int64_t i = 0; i < n; i++) memcpy(g + i * isz, src + i * xs * isz, (size_t)isz);
            src = g;
        }
        if (dt == WT_FLOAT32)
            row_f32((float *)(void *)dst, (const float *)(const void *)src, n, j->log_form, &j->k);
        else
            row_f64((double *)(void *)dst, n, j->log_form);
        if (rs != 1)
            for (int64_t i = 0; i < n; i++) memcpy(rb + (ro + i * rs) * isz, dst + i * isz, (size_t)isz);
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
    int parts = wt_parallel_parts_fine(size, WT_PARALLEL_MIN_PART);
    if (parts > lanes) parts = lanes < 1 ? 1 : (int)lanes;
    bool gathered = (j.r->d.strides[a] != 1 || x->d.strides[a] != 1) && size;
    int64_t rows_bytes = 2 * j.n * isz * parts; /* at most twice the result's bytes: no int64 overflow */
    if (gathered && ((uint64_t)rows_bytes > SIZE_MAX || !(j.rows = wt_tensor_sys_alloc((size_t)rows_bytes)))) {
        wt_tensor_free(j.r);
        return wt_error_fail(WT_ENOMEM, "softmax: out of memory for %d rows of %lld", 2 * parts, (long long)j.n);
    }
    wt_vmath_k_init(&j.k);
    wt_parallel_for(lanes, parts, softmax_lanes, &j);
    wt_tensor_sys_free(j.rows);
    *result = j.r;
    return WT_OK;
}
