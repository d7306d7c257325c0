/* window.c — views with strides given: NumPy's lib.stride_tricks.  as_strided
** takes any shape and strides, but only where every element it can reach
** lies in the tensor's buffer (wt_tensor_view checks that: WT_EBOUNDS);
** sliding_window_view slides a window along axes, read-only, zero copy. */
#include "core.h"
#include <string.h>

wt_status wt_view_as_strided(const wt_tensor *t, int ndim, const int64_t *shape, int nstrides, const int64_t *strides,
                             int64_t offset, wt_tensor **out) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st) st = wt_tensor_check_out(out);
    if (!st && nstrides != ndim)
        st = wt_error_fail(WT_EINVAL, "as_strided: %d strides for %d dimensions", nstrides, ndim);
    if (!st && (ndim < 0 || ndim > WT_MAX_DIMS || (ndim && (!shape || !strides))))
        st = wt_error_fail(WT_EINVAL, "as_strided: %d dimensions (0 to %d, with shape and strides)", ndim, WT_MAX_DIMS);
    int64_t size;
    if (st || (st = wt_desc_shape_check(ndim, shape, &size))) return st;
    wt_desc d = t->d;
    d.ndim = ndim;
    if (!wt_add_ok(d.offset, offset, &d.offset))
        return wt_error_fail(WT_EBOUNDS, "as_strided: offset %lld overflows", (long long)offset);
    if (ndim)
        memcpy(d.shape, shape, sizeof(int64_t) * (size_t)ndim),
            memcpy(d.strides, strides, sizeof(int64_t) * (size_t)ndim);
    return wt_tensor_view(t, &d, out);
}

wt_status wt_view_sliding_window(const wt_tensor *t, int naxes, const int *axes, int nwindow, const int64_t *window,
                                 wt_tensor **out) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st) st = wt_tensor_check_out(out);
    if (!st && nwindow != naxes)
        st = wt_error_fail(WT_EINVAL, "sliding_window_view: %d window sizes for %d axes (one each)", nwindow, naxes);
    if (!st && (naxes < 1 || !axes || !window))
        st = wt_error_fail(WT_EINVAL, "sliding_window_view: needs at least one axis and its window size");
    if (st) return st;
    int nd = t->d.ndim;
    if (nd + naxes > WT_MAX_DIMS)
        return wt_error_fail(WT_ESHAPE, "sliding_window_view: the view would have %d dimensions (at most %d)",
                             nd + naxes, WT_MAX_DIMS);
    wt_desc d = t->d;
    d.ndim = nd + naxes;
    d.flags |= WT_FLAG_READONLY; /* windows overlap: writing one element writes many */
    for (int k = 0; k < naxes; k++) {
        int a;
        if ((st = wt_desc_axis(axes[k], nd, "axis", &a))) return st;
        if (window[k] < 0)
            return wt_error_fail(WT_EINVAL, "sliding_window_view: window_shape cannot contain negative values (%lld)",
                                 (long long)window[k]);
        if (window[k] > d.shape[a])
            return wt_error_fail(WT_EINVAL,
                                 "sliding_window_view: window shape cannot be larger than input array shape (a window "
                                 "of %lld along axis %d of size %lld)",
                                 (long long)window[k], a, (long long)d.shape[a]);
        d.shape[a] -= window[k] - 1;
        d.shape[nd + k] = window[k], d.strides[nd + k] = t->d.strides[a];
    }
    return wt_tensor_view(t, &d, out);
}
