/* correlate.c — NumPy's correlate (and so convolve) of two 1-D signals,
** direct: r[i] = sum over k of a[i + offset + k] v[k], a read as zero outside
** its length.  a is first copied into a zero-padded contiguous row in the
** compute dtype, so every output is an interior one.  float32 and float64 keep
** sixteen (eight) outputs in SIMD registers while k runs over v, each adding
** a[i + k] v[k] in turn; every other dtype adds the same products in the same
** order with its fma kernel, one pass over the outputs per tap.  float16
** computes in float32 and rounds once. */
#include "core.h"
#include "ops.h"
#include "simd.h"

/* o[i] = sum_k a[i + k] v[k] for i < len, k < n: blocks of 4 vectors, then single vectors,
** then scalars, each output summing in k order */
#define DIRECT(sn, T, V, W)                                                                                \
    static void direct_##sn(T *o, const T *a, const T *v, int64_t len, int64_t n) {                        \
        int64_t i = 0;                                                                                     \
        for (; i + 4 * W <= len; i += 4 * W) {                                                             \
            V##_t s0 = V##_splat(0), s1 = s0, s2 = s0, s3 = s0;                                            \
            for (int64_t k = 0; k < n; k++) {                                                              \
                V##_t w = V##_splat(v[k]);                                                                 \
                const T *p = a + i + k;                                                                    \
                s0 = V##_add(s0, V##_mul(V##_load(p), w)), s1 = V##_add(s1, V##_mul(V##_load(p + W), w));  \
                s2 = V##_add(s2, V##_mul(V##_load(p + 2 * W), w));                                         \
                s3 = V##_add(s3, V##_mul(V##_load(p + 3 * W), w));                                         \
            }                                                                                              \
            V##_store(o + i, s0), V##_store(o + i + W, s1), V##_store(o + i + 2 * W, s2);                  \
            V##_store(o + i + 3 * W, s3);                                                                  \
        }                                                                                                  \
        for (; i + W <= len; i += W) {                                                                     \
            V##_t s = V##_splat(0);                                                                        \
            for (int64_t k = 0; k < n; k++) s = V##_add(s, V##_mul(V##_load(a + i + k), V##_splat(v[k]))); \
            V##_store(o + i, s);                                                                           \
        }                                                                                                  \
        for (; i < len; i++) {                                                                             \
            T s = 0;                                                                                       \
            for (int64_t k = 0; k < n; k++) s += a[i + k] * v[k];                                          \
            o[i] = s;                                                                                      \
        }                                                                                                  \
    }
DIRECT(f32, float, wt_vf32, 4)
DIRECT(f64, double, wt_vf64, 2)

/* any dtype: out = a[k:] * v[k] + out, tap by tap, through the fma kernel (v[k] broadcast) */
static void by_taps(wt_kernel fma, char *o, const char *a, const char *v, int64_t len, int64_t n, int64_t isz) {
    for (int64_t k = 0; k < n; k++) {
        char *p[4] = {o, (char *)a + k * isz, (char *)v + k * isz, o};
        fma(p, (const int64_t[]){isz, isz, 0, isz}, len);
    }
}

/* a (1-D, any strides) as the padded row of len + n - 1 in dtype c: row[j] = a[j + offset] */
WT_COLD static wt_status pad_row(const wt_tensor *a, int c, int64_t offset, int64_t total, wt_tensor **row) {
    wt_status st = wt_tensor_create(c, 1, &total, true, row);
    int64_t m = a->d.shape[0], lo = offset < 0 ? -offset : 0; /* row[lo..] holds a[lo + offset..] */
    int64_t from = lo + offset, count = m - from < total - lo ? m - from : total - lo;
    if (st || count <= 0) return st;
    wt_tensor src = *a, dst = **row;
    src.d.offset += from * src.d.strides[0], src.d.shape[0] = count;
    dst.d.offset += lo, dst.d.shape[0] = count;
    return wt_assign(&dst, &src);
}

wt_status wt_correlate(const wt_tensor *a, const wt_tensor *v, int64_t offset, int64_t len, wt_tensor **result) {
    wt_status st = wt_tensor_check(a, "a");
    if (!st) st = wt_tensor_check(v, "v");
    if (!st) st = wt_tensor_check_out(result);
    if (st) return st;
    int dt = a->d.dtype, c = wt_dtype_compute(dt);
    if (a->d.ndim != 1 || v->d.ndim != 1)
        return wt_error_fail(WT_ESHAPE, "correlate: a and v must be 1-D, got %d and %d dimensions", a->d.ndim,
                             v->d.ndim);
    if (v->d.dtype != dt)
        return wt_error_fail(WT_EDTYPE, "correlate: a (%s) and v (%s) must have one dtype", wt_dtype_name(dt),
                             wt_dtype_name(v->d.dtype));
    int64_t n = v->d.shape[0], total, lo;
    if (n < 1 || a->d.shape[0] < 1)
        return wt_error_fail(WT_EINVAL, "correlate: a (%lld) and v (%lld) may not be empty", (long long)a->d.shape[0],
                             (long long)n);
    if (len < 0 || !wt_add_ok(len, n - 1, &total) || !wt_add_ok(offset, total, &lo) || offset < -(INT64_MAX / 2))
        return wt_error_fail(WT_EINVAL, "correlate: %lld outputs from offset %lld are out of range", (long long)len,
                             (long long)offset);
    wt_kernel fma = wt_kernels_get(WT_OP_FMA, c);
    if (!fma) return wt_error_fail(WT_EDTYPE, "correlate: no multiply-add for %s", wt_dtype_name(dt));
    wt_tensor *row = NULL, *taps = NULL, *r = NULL, *h = NULL;
    int64_t isz = (int64_t)wt_dtype_size(c);
    if (!(st = pad_row(a, c, offset, total, &row)) && !(st = wt_assign_astype(v, c, &taps)) &&
        !(st = wt_tensor_create(c, 1, &len, true, &r))) {
        char *o = wt_first(r);
        const char *ap = wt_first(row), *vp = wt_first(taps);
        if (c == WT_FLOAT32)
            direct_f32((float *)(void *)o, (const float *)(const void *)ap, (const float *)(const void *)vp, len, n);
        else if (c == WT_FLOAT64)
            direct_f64((double *)(void *)o, (const double *)(const void *)ap, (const double *)(const void *)vp, len, n);
        else
            by_taps(fma, o, ap, vp, len, n, isz);
        if (c != dt && !(st = wt_assign_astype(r, dt, &h))) wt_tensor_free(r), r = h;
    }
    wt_tensor_free(row), wt_tensor_free(taps);
    if (st) return wt_tensor_free(r), st;
    *result = r;
    return WT_OK;
}
