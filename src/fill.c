/* fill.c — tensors whose values follow a rule: arange, linspace, eye.
** Values are computed in float64 and stored with assignment casting. */
#include "core.h"
#include <math.h>

/* start + i step for i < n (the last one pinned to `last` when asked); floor:
** integer dtypes take the floor (linspace, as NumPy), else assignment casting.  Only the first `upto`
** are computed (arange continues from its first two itself). */
static wt_status fill_line(int dtype, int64_t n, int64_t upto, double start, double step, double last, bool pin_last,
                           bool floor_ints, wt_tensor **out) {
    wt_desc d;
    wt_status st = wt_desc_init(&d, dtype, 1, &n);
    if (!st) st = wt_tensor_alloc(&d, false, out);
    if (st) return st;
    char *p = (char *)(*out)->buf->data;
    int64_t isz = (int64_t)wt_dtype_size(dtype);
    bool fl = floor_ints && wt_dtype_is_int(dtype); /* bool is no integer: 0.5 is True (NumPy's astype) */
    for (int64_t i = 0; i < n && i < upto; i++) {
        double v = pin_last && i == n - 1 && n > 1 ? last : start + (double)i * step;
        wt_cast_store_f64(dtype, p + i * isz, fl ? floor(v) : v);
    }
    return WT_OK;
}

/* a new tensor filled with value (assignment casting) */
wt_status wt_tensor_full(int dtype, int ndim, const int64_t *shape, double value, wt_tensor **out) {
    wt_tensor *t;
    /* NumPy's OverflowError; NaN and infinities convert as casts do (NumPy: unsafe casting) */
    if (wt_dtype_is_valid(dtype) && isfinite(value) && !wt_dtype_holds(dtype, value))
        return wt_error_fail(WT_EDTYPE, "full: %.17g is out of bounds for %s", value, wt_dtype_name(dtype));
    wt_status st = wt_tensor_create(dtype, ndim, shape, false, &t);
    if (st) return st;
    wt_assign_fill(t, value); /* NaN and infinities convert as casts do */
    *out = t;
    return WT_OK;
}

/* As NumPy: the first two values are start and start+step cast to the dtype;
** the rest continue from their difference in the dtype's own arithmetic. */
wt_status wt_tensor_arange(double start, double stop, double step, int dtype, wt_tensor **out) {
    wt_status st = wt_tensor_check_out(out);
    if (st) return st;
    if (!isfinite(start) || !isfinite(stop) || !isfinite(step))
        return wt_error_fail(WT_EINVAL, "arange: start, stop and step must be finite (got %g, %g, %g)", start, stop,
                             step);
    if (step == 0) return wt_error_fail(WT_EINVAL, "arange: step cannot be zero");
    double len = ceil((stop - start) / step);
    if (!(len < 0x1p62))
        return wt_error_fail(WT_ENOMEM, "out of memory: arange(%g, %g, %g) has too many elements", start, stop, step);
    int64_t n = len > 0 ? (int64_t)len : 0;
    if (dtype == WT_BOOL && n > 2)
        return wt_error_fail(WT_EDTYPE, "arange: a bool range can have at most 2 elements, this one has %lld",
                             (long long)n);
    /* NumPy sets the first two values as Python integers, which must fit (OverflowError); the rest wrap */
    for (int64_t i = 0; wt_dtype_is_int(dtype) && i < n && i < 2; i++) {
        double v = trunc(start + (double)i * step);
        if (!wt_dtype_holds(dtype, v))
            return wt_error_fail(WT_EDTYPE, "arange: Python integer %.17g out of bounds for %s", v,
                                 wt_dtype_name(dtype));
    }
    wt_tensor *t;
    if ((st = fill_line(dtype, n, 2, start, step, 0, false, false, &t))) return st;
    char *p = (char *)t->buf->data;
    int64_t isz = (int64_t)wt_dtype_size(dtype);
    double v0 = n > 0 ? wt_cast_load_f64(dtype, p) : 0, v1 = n > 1 ? wt_cast_load_f64(dtype, p + isz) : 0;
    /* integers as uint64: int64's and uint64's upper halves wrap, which modular arithmetic does not mind */
    uint64_t i0 = 0, i1 = 0;
    int part = wt_dtype_part(dtype); /* complex steps along the real axis in its parts' arithmetic */
    if (n > 1 && !wt_dtype_is_inexact(dtype))
        wt_cast_one(dtype, p, WT_UINT64, &i0), wt_cast_one(dtype, p + isz, WT_UINT64, &i1);
    uint64_t di = i1 - i0;
    if (n > 2 && !wt_dtype_is_inexact(dtype)) { /* integers: the low bytes of the wrapping sum (little-endian) */
        /* scalar: as fast as vectorized (the stores bound it), a quarter of the size */
        WT_NO_UNROLL for (int64_t i = 2; i < n; i++) {
            uint64_t u = i0 + (uint64_t)i * di;
            switch (isz) {
            case 8: ((uint64_t *)(void *)p)[i] = u; break;
            case 4: ((uint32_t *)(void *)p)[i] = (uint32_t)u; break;
            case 2: ((uint16_t *)(void *)p)[i] = (uint16_t)u; break;
            default: ((uint8_t *)p)[i] = (uint8_t)u;
            }
        }
        *out = t;
        return WT_OK;
    }
    if (dtype == WT_FLOAT64 || dtype == WT_FLOAT32) { /* the common floats, stored directly */
        for (int64_t i = 2; i < n; i++)
            if (dtype == WT_FLOAT64)
                ((double *)(void *)p)[i] = v0 + (double)i * (v1 - v0);
            else
                ((float *)(void *)p)[i] = (float)v0 + (float)i * ((float)v1 - (float)v0);
        *out = t;
        return WT_OK;
    }
    for (int64_t i = 2; i < n; i++) {
        if (part == WT_FLOAT32 || part == WT_FLOAT16) { /* float16: NumPy's HALF_fill computes in float32 */
            wt_cast_store_f64(dtype, p + i * isz, (float)((float)v0 + (float)i * (float)((float)v1 - (float)v0)));
        } else if (part == WT_FLOAT64) {
            wt_cast_store_f64(dtype, p + i * isz, v0 + (double)i * (v1 - v0));
        } else { /* the dtype's own wrapping arithmetic, exact at 64 bits */
            uint64_t u = i0 + (uint64_t)i * di;
            wt_cast_one(WT_UINT64, &u, dtype, p + i * isz);
        }
    }
    *out = t;
    return WT_OK;
}

wt_status wt_tensor_linspace(double start, double stop, int64_t num, int endpoint, int dtype, wt_tensor **out) {
    wt_status st = wt_tensor_check_out(out);
    if (st) return st;
    if (!isfinite(start) || !isfinite(stop))
        return wt_error_fail(WT_EINVAL, "linspace: start and stop must be finite (got %g, %g)", start, stop);
    if (num < 0)
        return wt_error_fail(WT_EINVAL, "linspace: number of samples, %lld, must be non-negative", (long long)num);
    int64_t div = endpoint ? num - 1 : num;
    double step = div > 0 ? (stop - start) / (double)div : 0;
    return fill_line(dtype, num, num, start, step, stop, endpoint != 0, true, out);
}

wt_status wt_tensor_eye(int64_t n, int64_t m, int64_t k, int dtype, wt_tensor **out) {
    wt_tensor *t, *diag;
    wt_status st = wt_tensor_check_out(out);
    if (!st) st = wt_tensor_zeros(dtype, 2, (int64_t[]){n, m}, &t);
    if (st) return st;
    if ((st = wt_view_diagonal(t, k, 0, 1, &diag))) {
        wt_tensor_free(t);
        return st;
    }
    wt_assign_fill(diag, 1);
    wt_tensor_free(diag);
    *out = t;
    return WT_OK;
}
