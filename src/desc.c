/* desc.c — descriptor arithmetic: shapes, strides, contiguity, extents and
** the bounds check that makes an out-of-buffer view unrepresentable.
** Nothing here touches tensor data. */
#include "core.h"
#include <stdio.h>
#include <string.h>

wt_status wt_desc_shape_check(int ndim, const int64_t *shape, int64_t *size) {
    if (ndim < 0 || ndim > WT_MAX_DIMS)
        return wt_error_fail(WT_ESHAPE, "ndim %d is out of range (0..%d)", ndim, WT_MAX_DIMS);
    if (ndim > 0 && !shape) return wt_error_fail(WT_EINVAL, "shape is NULL for ndim %d", ndim);
    /* As NumPy: the nonzero dimensions must multiply within int64 even when
    ** a zero makes the size 0, because C-order strides are those products. */
    int64_t n = 1;
    bool overflow = false, zero = false;
    for (int i = 0; i < ndim; i++) {
        if (shape[i] < 0) {
            char s[WT_SHAPE_STR];
            return wt_error_fail(WT_ESHAPE, "negative dimension %lld at axis %d in shape %s", (long long)shape[i], i,
                                 wt_error_fmt_shape(s, sizeof s, ndim, shape));
        }
        if (shape[i] == 0)
            zero = true;
        else if (!wt_mul_ok(n, shape[i], &n))
            overflow = true;
    }
    if (overflow) {
        char s[WT_SHAPE_STR];
        return wt_error_fail(WT_ENOMEM,
                             zero ? "out of memory: shape %s is too large (its nonzero dimensions multiply past 2^63)"
                                  : "out of memory: shape %s has more than 2^63 elements",
                             wt_error_fmt_shape(s, sizeof s, ndim, shape));
    }
    if (size) *size = zero ? 0 : n;
    return WT_OK;
}

void wt_desc_strides_c(int ndim, const int64_t *shape, int64_t *strides) {
    int64_t s = 1;
    for (int i = ndim - 1; i >= 0; i--) {
        strides[i] = s;
        s *= shape[i] ? shape[i] : 1; /* cannot overflow: wt_desc_shape_check bounds this product */
    }
}

wt_status wt_desc_init(wt_desc *d, int dtype, int ndim, const int64_t *shape) {
    if (!wt_dtype_is_valid(dtype)) return wt_error_fail(WT_EDTYPE, "invalid dtype code %d", dtype);
    wt_status st = wt_desc_shape_check(ndim, shape, NULL);
    if (st) return st;
    memset(d, 0, sizeof *d);
    d->dtype = dtype;
    d->ndim = ndim;
    if (ndim) memcpy(d->shape, shape, sizeof(int64_t) * (size_t)ndim);
    wt_desc_strides_c(ndim, d->shape, d->strides);
    return WT_OK;
}

int64_t wt_desc_size(const wt_desc *d) {
    int64_t n = 1;
    for (int i = 0; i < d->ndim; i++) n *= d->shape[i]; /* validated: no overflow */
    return n;
}

int64_t wt_desc_lane(const wt_desc *d, int axis, int64_t lane) {
    int64_t off = 0;
    for (int i = d->ndim - 1; i >= 0; i--)
        if (i != axis) off += lane % d->shape[i] * d->strides[i], lane /= d->shape[i];
    return off;
}

/* NumPy's C-contiguity: size-1 axes are ignored, size-0 tensors are contiguous */
bool wt_desc_is_c_contiguous(const wt_desc *d) {
    int64_t expect = 1;
    for (int i = 0; i < d->ndim; i++)
        if (d->shape[i] == 0) return true;
    for (int i = d->ndim - 1; i >= 0; i--) {
        if (d->shape[i] != 1) {
            if (d->strides[i] != expect) return false;
            expect *= d->shape[i];
        }
    }
    return true;
}

bool wt_desc_extent(const wt_desc *d, int64_t *lo, int64_t *hi) {
    *lo = *hi = d->offset;
    for (int i = 0; i < d->ndim; i++) {
        int64_t span;
        if (!wt_mul_ok(d->shape[i] - 1, d->strides[i], &span)) return false;
        if (!wt_add_ok(span < 0 ? *lo : *hi, span, span < 0 ? lo : hi)) return false;
    }
    return true;
}

wt_status wt_desc_validate(const wt_desc *d, size_t nbytes) {
    int64_t size;
    wt_status st = wt_desc_shape_check(d->ndim, d->shape, &size);
    if (st) return st;
    int64_t isz = (int64_t)wt_dtype_size(d->dtype);
    int64_t cap = (int64_t)(nbytes / (size_t)isz); /* whole elements in the buffer */
    if (size == 0) {
        /* nothing is reachable; keep the offset sane for hosts that print it */
        if (d->offset < 0 || d->offset > cap) goto bad;
        return WT_OK;
    }
    int64_t lo, hi;
    if (!wt_desc_extent(d, &lo, &hi) || lo < 0 || hi >= cap) goto bad;
    return WT_OK;
bad : {
    char s[WT_SHAPE_STR], t[WT_SHAPE_STR];
    return wt_error_fail(WT_EBOUNDS,
                         "view out of bounds: shape %s, strides %s, offset %lld would reach outside a "
                         "buffer of %lld %s elements",
                         wt_error_fmt_shape(s, sizeof s, d->ndim, d->shape),
                         wt_error_fmt_shape(t, sizeof t, d->ndim, d->strides), (long long)d->offset, (long long)cap,
                         wt_dtype_name(d->dtype));
}
}

wt_status wt_desc_axis(int axis, int ndim, const char *what, int *out) {
    if (axis < -ndim || axis >= ndim || (ndim == 0))
        return wt_error_fail(WT_EINVAL, "%s %d is out of bounds for a tensor of dimension %d", what, axis, ndim);
    *out = axis < 0 ? axis + ndim : axis;
    return WT_OK;
}

wt_status wt_desc_broadcast(const wt_desc *src, int ndim, const int64_t *shape, const char *what, wt_desc *out) {
    wt_status st = wt_desc_shape_check(ndim, shape, NULL);
    if (st) return st;
    int lead = ndim - src->ndim;
    bool ok = lead >= 0;
    for (int i = 0; ok && i < src->ndim; i++) ok = src->shape[i] == 1 || src->shape[i] == shape[lead + i];
    if (!ok) {
        char a[WT_SHAPE_STR], b[WT_SHAPE_STR];
        return wt_error_fail(WT_ESHAPE, "%s: cannot broadcast shape %s to %s%s", what,
                             wt_error_fmt_shape(a, sizeof a, src->ndim, src->shape),
                             wt_error_fmt_shape(b, sizeof b, ndim, shape),
                             lead < 0 ? " (the source has more dimensions)" : "");
    }
    /* field by field, the axes last to first (out may be src, whose axes
    ** move up by lead): a whole wt_desc copied twice cost more than the rest */
    out->dtype = src->dtype, out->offset = src->offset, out->flags = src->flags;
    for (int i = ndim - 1; i >= 0; i--) {
        int j = i - lead;
        int64_t stride = (j < 0 || src->shape[j] != shape[i]) ? 0 : src->strides[j];
        out->shape[i] = shape[i];
        out->strides[i] = stride;
    }
    out->ndim = ndim;
    return WT_OK;
}

wt_status wt_broadcast_shapes(int n, const int *ndims, const int64_t *const *shapes, int *out_ndim,
                              int64_t *out_shape) {
    if (n < 0 || (n > 0 && (!ndims || !shapes)) || !out_ndim || !out_shape)
        return wt_error_fail(WT_EINVAL, "wt_broadcast_shapes: invalid arguments");
    int nd = 0;
    for (int k = 0; k < n; k++) {
        wt_status st = wt_desc_shape_check(ndims[k], shapes[k], NULL);
        if (st) return st;
        if (ndims[k] > nd) nd = ndims[k];
    }
    int64_t res[WT_MAX_DIMS];
    for (int i = 0; i < nd; i++) {
        int64_t size = 1;
        for (int k = 0; k < n; k++) {
            int j = ndims[k] - nd + i;
            if (j < 0 || shapes[k][j] == 1) continue;
            if (size != 1 && shapes[k][j] != size) {
                char msg[1024], s[WT_SHAPE_STR];
                size_t len = 0;
                for (int q = 0; q < n && len < sizeof msg; q++)
                    len += (size_t)snprintf(msg + len, sizeof msg - len, " %s",
                                            wt_error_fmt_shape(s, sizeof s, ndims[q], shapes[q]));
                return wt_error_fail(WT_ESHAPE, "shapes%s cannot be broadcast together (axis %d: %lld vs %lld)", msg,
                                     i - nd, (long long)size, (long long)shapes[k][j]);
            }
            size = shapes[k][j];
        }
        res[i] = size;
    }
    *out_ndim = nd;
    memcpy(out_shape, res, sizeof(int64_t) * (size_t)nd);
    return WT_OK;
}

bool wt_desc_axis_0d(int ndim, int naxes, const int *axes) {
    return ndim == 0 && naxes == 1 && axes && (axes[0] == 0 || axes[0] == -1);
}
