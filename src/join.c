/* join.c — NumPy's concatenate and stack: every input checked, one result of
** the inputs' result_type allocated, and each input assigned (cast, any
** strides) into its slab of the result, a view. */
#include "pass.h"
#include <stdio.h>
#include <string.h>

/* the shape of ts[k] as joined: itself, or its size as one axis (flat) */
static int joined_shape(const wt_tensor *t, bool flat, int64_t *shape) {
    if (!flat) {
        memcpy(shape, t->d.shape, sizeof(int64_t) * (size_t)t->d.ndim);
        return t->d.ndim;
    }
    shape[0] = wt_desc_size(&t->d);
    return 1;
}

/* the inputs' checks and result_type; what names the operation */
static wt_status inputs(const char *what, int n, const wt_tensor *const *ts, wt_dtype *dt) {
    if (n < 1 || n > (1 << 24) || !ts)
        return wt_error_fail(WT_EINVAL, "%s: needs at least one tensor (got %d, or a NULL array)", what, n);
    int *dts = wt_tensor_sys_alloc(sizeof(int) * (size_t)n);
    if (!dts) return wt_error_fail(WT_ENOMEM, "%s: out of memory for %d dtypes", what, n);
    wt_status st = WT_OK;
    for (int k = 0; k < n && !st; k++) {
        char label[48];
        snprintf(label, sizeof label, "%s: tensor %d", what, k);
        if (!(st = wt_tensor_check(ts[k], label))) dts[k] = ts[k]->d.dtype;
    }
    if (!st) st = wt_dtype_promote_list(n, dts, dt);
    wt_tensor_sys_free(dts);
    return st;
}

/* concatenate's result: dtype, shape (nd, shape) and the axis joined */
static wt_status concat_plan(int n, const wt_tensor *const *ts, int axis_in, bool flat, wt_dtype *dt, int *nd,
                             int64_t *shape, int *axis) {
    wt_status st = inputs("concat", n, ts, dt);
    if (st) return st;
    int64_t first[WT_MAX_DIMS], s[WT_MAX_DIMS];
    *nd = joined_shape(ts[0], flat, first);
    if (*nd == 0) return wt_error_fail(WT_EINVAL, "concat: zero-dimensional tensors cannot be concatenated");
    if (flat)
        *axis = 0;
    else if ((st = wt_desc_axis(axis_in, *nd, "axis", axis)))
        return st;
    memcpy(shape, first, sizeof(int64_t) * (size_t)*nd);
    shape[*axis] = 0;
    for (int k = 0; k < n; k++) {
        int knd = joined_shape(ts[k], flat, s);
        if (knd != *nd)
            return wt_error_fail(WT_ESHAPE,
                                 "concat: all the input tensors must have the same number of dimensions, but the "
                                 "tensor at index 0 has %d and the tensor at index %d has %d",
                                 *nd, k, knd);
        for (int i = 0; i < knd; i++)
            if (i != *axis && s[i] != first[i])
                return wt_error_fail(WT_ESHAPE,
                                     "concat: all the input tensor dimensions except for the concatenation axis "
                                     "must match exactly, but along dimension %d, the tensor at index 0 has size "
                                     "%lld and the tensor at index %d has size %lld",
                                     i, (long long)first[i], k, (long long)s[i]);
        if (!wt_add_ok(shape[*axis], s[*axis], &shape[*axis]))
            return wt_error_fail(WT_ENOMEM, "concat: the joined axis would have more than 2^63 elements");
    }
    int64_t size;
    return wt_desc_shape_check(*nd, shape, &size);
}

/* r gets each input in turn along axis (stack: at index k of it, the axis dropped) */
static wt_status fill(wt_tensor *r, int n, const wt_tensor *const *ts, int axis, bool flat, bool stack) {
    int64_t pos = 0;
    for (int k = 0; k < n; k++) {
        wt_tensor slab = {.buf = r->buf, .d = r->d}, *src = NULL;
        int64_t len = stack ? 1 : flat ? wt_desc_size(&ts[k]->d) : ts[k]->d.shape[axis];
        slab.d.offset += pos * r->d.strides[axis];
        slab.d.shape[axis] = len;
        if (stack) { /* the axis dropped: the input's own shape */
            for (int i = axis; i < slab.d.ndim - 1; i++)
                slab.d.shape[i] = slab.d.shape[i + 1], slab.d.strides[i] = slab.d.strides[i + 1];
            slab.d.ndim--;
        }
        const wt_tensor *x = ts[k];
        if (x->d.dtype == r->d.dtype && wt_desc_is_c_contiguous(&x->d) && wt_desc_is_c_contiguous(&slab.d) &&
            !wt_assign_may_overlap(&slab, x)) { /* the common case: one block copied */
            memcpy(wt_first(&slab), wt_first(x), (size_t)(wt_desc_size(&x->d) * wt_dtype_size(x->d.dtype)));
            pos += len;
            continue;
        }
        wt_status st = flat ? wt_view_reshape_to(x, 1, &len, &src) : WT_OK;
        if (!st) st = wt_assign(&slab, src ? src : x);
        wt_tensor_free(src);
        if (st) return st;
        pos += len;
    }
    return WT_OK;
}

/* the result into out (same_kind, its shape exactly; it may alias an input) or a new tensor */
static wt_status deliver(const char *what, wt_tensor *r, wt_tensor *out, wt_tensor **result) {
    if (!out) {
        *result = r;
        return WT_OK;
    }
    wt_status st = wt_pass_out_shape(what, out, r->d.ndim, r->d.shape);
    if (!st) st = wt_pass_out_cast(what, r->d.dtype, out, WT_CASTING_SAME_KIND);
    if (!st) st = wt_assign_deliver(out, r, result);
    wt_tensor_free(r);
    return st;
}

static wt_status outs(const char *what, wt_tensor *out, wt_tensor **result) {
    if (!out && !result) return wt_error_fail(WT_EINVAL, "%s: result pointer is NULL", what);
    if (out && (out->d.flags & WT_FLAG_READONLY)) return wt_error_fail(WT_EREADONLY, "%s: out is read-only", what);
    return out ? wt_tensor_check(out, "out") : WT_OK;
}

wt_status wt_concat(int n, const wt_tensor *const *ts, int axis, int flatten, wt_tensor *out, wt_tensor **result) {
    wt_dtype dt;
    int nd, ax;
    int64_t shape[WT_MAX_DIMS];
    wt_status st = outs("concat", out, result);
    if (st || (st = concat_plan(n, ts, axis, flatten != 0, &dt, &nd, shape, &ax))) return st;
    wt_tensor *r;
    if ((st = wt_tensor_create(dt, nd, shape, false, &r))) return st;
    if ((st = fill(r, n, ts, ax, flatten != 0, false))) {
        wt_tensor_free(r);
        return st;
    }
    return deliver("concat", r, out, result);
}

wt_status wt_stack(int n, const wt_tensor *const *ts, int axis, wt_tensor *out, wt_tensor **result) {
    wt_dtype dt;
    wt_status st = outs("stack", out, result);
    if (st || (st = inputs("stack", n, ts, &dt))) return st;
    const wt_desc *d0 = &ts[0]->d;
    for (int k = 1; k < n; k++)
        if (ts[k]->d.ndim != d0->ndim || memcmp(ts[k]->d.shape, d0->shape, sizeof(int64_t) * (size_t)d0->ndim)) {
            char a[WT_SHAPE_STR], b[WT_SHAPE_STR];
            return wt_error_fail(WT_ESHAPE,
                                 "stack: all input tensors must have the same shape: %s at index 0, %s at %d",
                                 wt_error_fmt_shape(a, sizeof a, d0->ndim, d0->shape),
                                 wt_error_fmt_shape(b, sizeof b, ts[k]->d.ndim, ts[k]->d.shape), k);
        }
    int nd = d0->ndim + 1, ax;
    if (nd > WT_MAX_DIMS)
        return wt_error_fail(WT_ESHAPE, "stack: the result would have more than %d dimensions", WT_MAX_DIMS);
    if ((st = wt_desc_axis(axis, nd, "axis", &ax))) return st;
    int64_t shape[WT_MAX_DIMS], size;
    for (int i = 0, j = 0; i < nd; i++) shape[i] = i == ax ? n : d0->shape[j++];
    wt_tensor *r;
    if ((st = wt_desc_shape_check(nd, shape, &size)) || (st = wt_tensor_create(dt, nd, shape, false, &r))) return st;
    if ((st = fill(r, n, ts, ax, false, true))) {
        wt_tensor_free(r);
        return st;
    }
    return deliver("stack", r, out, result);
}
