/* view.c — views: new descriptors over the same buffer.  Each op edits a
** copy of the source descriptor; wt_tensor_view validates the result
** against the buffer before a handle exists. */
#include "core.h"
#include <string.h>

static wt_status begin(const wt_tensor *t, wt_tensor **out) {
    wt_status st = wt_tensor_check(t, "tensor");
    return st ? st : wt_tensor_check_out(out);
}

wt_status wt_view_permute(const wt_tensor *t, int naxes, const int *axes, wt_tensor **out) {
    wt_status st = begin(t, out);
    if (st) return st;
    int nd = t->d.ndim;
    wt_desc d = t->d;
    if (!axes && naxes == 0) {
        for (int i = 0; i < nd; i++) {
            d.shape[i] = t->d.shape[nd - 1 - i];
            d.strides[i] = t->d.strides[nd - 1 - i];
        }
        return wt_tensor_view(t, &d, out);
    }
    if (!axes || naxes != nd)
        return wt_error_fail(WT_EINVAL, "axes don't match tensor: got %d axes for a %d-d tensor", naxes, nd);
    bool seen[WT_MAX_DIMS] = {false};
    for (int i = 0; i < nd; i++) {
        int a;
        if ((st = wt_desc_axis(axes[i], nd, "axis", &a))) return st;
        if (seen[a]) return wt_error_fail(WT_EINVAL, "repeated axis %d in permutation", axes[i]);
        seen[a] = true;
        d.shape[i] = t->d.shape[a];
        d.strides[i] = t->d.strides[a];
    }
    return wt_tensor_view(t, &d, out);
}

wt_status wt_view_swapaxes(const wt_tensor *t, int axis1, int axis2, wt_tensor **out) {
    int a, b;
    wt_status st = begin(t, out);
    if (!st) st = wt_desc_axis(axis1, t->d.ndim, "axis1", &a);
    if (!st) st = wt_desc_axis(axis2, t->d.ndim, "axis2", &b);
    if (st) return st;
    wt_desc d = t->d;
    d.shape[a] = t->d.shape[b], d.strides[a] = t->d.strides[b];
    d.shape[b] = t->d.shape[a], d.strides[b] = t->d.strides[a];
    return wt_tensor_view(t, &d, out);
}

/* NumPy's _attempt_nocopy_reshape: walk old and new axes in groups of equal
** product; a group of old axes can be re-split only if it is contiguous
** within itself.  Returns false when a copy is needed. */
static bool nocopy_strides(const wt_desc *d, int nnd, const int64_t *nshape, int64_t *nstr) {
    int64_t od[WT_MAX_DIMS], os[WT_MAX_DIMS];
    int ond = 0;
    for (int i = 0; i < d->ndim; i++)
        if (d->shape[i] != 1) od[ond] = d->shape[i], os[ond++] = d->strides[i];
    int oi = 0, oj = 1, ni = 0, nj = 1;
    while (ni < nnd && oi < ond) {
        int64_t np = nshape[ni], op = od[oi];
        while (np != op) { /* products match overall, so this ends */
            if (np < op)
                np *= nshape[nj++];
            else
                op *= od[oj++];
        }
        for (int k = oi; k < oj - 1; k++)
            if (os[k] != od[k + 1] * os[k + 1]) return false;
        nstr[nj - 1] = os[oj - 1];
        for (int k = nj - 1; k > ni; k--) nstr[k - 1] = nstr[k] * nshape[k];
        ni = nj++;
        oi = oj++;
    }
    int64_t last = ni >= 1 ? nstr[ni - 1] : 1;
    for (int k = ni; k < nnd; k++) nstr[k] = last;
    return true;
}

/* t viewed with shape (ndim, ns), whose size is t's (checked by the caller):
** a view when the strides allow it, else a contiguous copy */
wt_status wt_view_reshape_to(const wt_tensor *t, int ndim, const int64_t *ns, wt_tensor **out) {
    wt_status st;
    wt_desc d = t->d;
    d.ndim = ndim;
    memcpy(d.shape, ns, sizeof(int64_t) * (size_t)ndim);
    if (wt_desc_size(&t->d) == 0) {
        wt_desc_strides_c(ndim, ns, d.strides);
        return wt_tensor_view(t, &d, out);
    }
    if (nocopy_strides(&t->d, ndim, ns, d.strides)) return wt_tensor_view(t, &d, out);
    wt_tensor *c;
    if ((st = wt_assign_astype(t, t->d.dtype, &c))) return st;
    c->d.ndim = ndim;
    memcpy(c->d.shape, ns, sizeof(int64_t) * (size_t)ndim);
    wt_desc_strides_c(ndim, ns, c->d.strides);
    *out = c;
    return WT_OK;
}

wt_status wt_view_reshape(const wt_tensor *t, int ndim, const int64_t *shape, wt_tensor **out) {
    wt_status st = begin(t, out);
    if (st) return st;
    if (ndim < 0 || ndim > WT_MAX_DIMS)
        return wt_error_fail(WT_ESHAPE, "ndim %d is out of range (0..%d)", ndim, WT_MAX_DIMS);
    if (ndim && !shape) return wt_error_fail(WT_EINVAL, "shape is NULL for ndim %d", ndim);
    int64_t ns[WT_MAX_DIMS], known = 1, size = wt_desc_size(&t->d);
    int unknown = -1;
    char a[WT_SHAPE_STR];
    for (int i = 0; i < ndim; i++) {
        ns[i] = shape[i];
        if (shape[i] == -1) {
            if (unknown >= 0) return wt_error_fail(WT_ESHAPE, "can only specify one unknown dimension (-1)");
            unknown = i;
        } else if (shape[i] < 0) {
            return wt_error_fail(WT_ESHAPE, "negative dimension %lld in new shape %s", (long long)shape[i],
                                 wt_error_fmt_shape(a, sizeof a, ndim, shape));
        } else if (!wt_mul_ok(known, shape[i], &known)) {
            known = -1; /* too large: cannot match any existing size */
            break;
        }
    }
    if (known >= 0 && unknown >= 0 && known > 0 && size % known == 0)
        ns[unknown] = size / known;
    else if (unknown >= 0)
        known = -1;
    if (known < 0 || (unknown < 0 && known != size))
        return wt_error_fail(WT_ESHAPE, "cannot reshape tensor of size %lld into shape %s", (long long)size,
                             wt_error_fmt_shape(a, sizeof a, ndim, shape));
    return wt_view_reshape_to(t, ndim, ns, out);
}

wt_status wt_view_broadcast_to(const wt_tensor *t, int ndim, const int64_t *shape, wt_tensor **out) {
    wt_desc d;
    wt_status st = begin(t, out);
    if (!st) st = wt_desc_broadcast(&t->d, ndim, shape, "broadcast_to", &d);
    if (st) return st;
    d.flags |= WT_FLAG_READONLY; /* stride-0 axes alias: writes would collide */
    return wt_tensor_view(t, &d, out);
}

wt_status wt_view_expand_dims(const wt_tensor *t, int axis, wt_tensor **out) {
    wt_status st = begin(t, out);
    if (st) return st;
    int nd = t->d.ndim, a;
    if (nd == WT_MAX_DIMS)
        return wt_error_fail(WT_ESHAPE, "expand_dims: a tensor may have at most %d dimensions", WT_MAX_DIMS);
    if ((st = wt_desc_axis(axis, nd + 1, "axis", &a))) return st;
    wt_desc d = t->d;
    d.ndim = nd + 1;
    for (int i = nd; i > a; i--) d.shape[i] = d.shape[i - 1], d.strides[i] = d.strides[i - 1];
    d.shape[a] = 1;
    d.strides[a] = 0;
    return wt_tensor_view(t, &d, out);
}

wt_status wt_view_squeeze(const wt_tensor *t, int naxes, const int *axes, wt_tensor **out) {
    wt_status st = begin(t, out);
    if (st) return st;
    int nd = t->d.ndim;
    bool drop[WT_MAX_DIMS] = {false};
    if (wt_desc_axis_0d(nd, naxes, axes)) naxes = 0, nd = 0; /* squeezes nothing */
    if (naxes < 0 || naxes > nd || (naxes > 0 && !axes))
        return wt_error_fail(WT_EINVAL, "squeeze: %d axes given for a %d-d tensor", naxes, nd);
    if (naxes == 0)
        for (int i = 0; i < nd; i++) drop[i] = t->d.shape[i] == 1;
    for (int i = 0; i < naxes; i++) {
        int a;
        if ((st = wt_desc_axis(axes[i], nd, "axis", &a))) return st;
        if (drop[a]) return wt_error_fail(WT_EINVAL, "squeeze: duplicate axis %d", axes[i]);
        if (t->d.shape[a] != 1)
            return wt_error_fail(WT_ESHAPE, "cannot squeeze axis %d: it has size %lld, not 1", axes[i],
                                 (long long)t->d.shape[a]);
        drop[a] = true;
    }
    wt_desc d = t->d;
    int k = 0;
    for (int i = 0; i < nd; i++)
        if (!drop[i]) d.shape[k] = t->d.shape[i], d.strides[k++] = t->d.strides[i];
    d.ndim = k;
    return wt_tensor_view(t, &d, out);
}

wt_status wt_view_diagonal(const wt_tensor *t, int64_t offset, int axis1, int axis2, wt_tensor **out) {
    int a, b;
    wt_status st = begin(t, out);
    if (st) return st;
    if (t->d.ndim < 2)
        return wt_error_fail(WT_EINVAL, "diagonal requires a tensor of at least 2 dimensions, got %d", t->d.ndim);
    if ((st = wt_desc_axis(axis1, t->d.ndim, "axis1", &a)) || (st = wt_desc_axis(axis2, t->d.ndim, "axis2", &b)))
        return st;
    if (a == b) return wt_error_fail(WT_EINVAL, "axis1 and axis2 cannot be the same (both are %d)", a);
    int64_t n1 = t->d.shape[a], n2 = t->d.shape[b], start = 0;
    /* offset > 0 walks above the main diagonal (along axis2), < 0 below */
    if (offset >= 0) {
        if (offset < n2)
            n2 -= offset, start = offset * t->d.strides[b];
        else
            n2 = 0;
    } else {
        if (offset > -n1)
            n1 += offset, start = -offset * t->d.strides[a];
        else
            n1 = 0;
    }
    int64_t len = n1 < n2 ? n1 : n2;
    wt_desc d = t->d;
    int k = 0;
    for (int i = 0; i < t->d.ndim; i++)
        if (i != a && i != b) d.shape[k] = t->d.shape[i], d.strides[k++] = t->d.strides[i];
    d.shape[k] = len;
    /* repeated-index folding; a sum that overflows belongs to an axis of
    ** size <= 1, whose stride is never used */
    if (!wt_add_ok(t->d.strides[a], t->d.strides[b], &d.strides[k])) d.strides[k] = 0;
    d.ndim = k + 1;
    if (len > 0) d.offset += start;
    return wt_tensor_view(t, &d, out);
}

wt_status wt_view_ravel(const wt_tensor *t, wt_tensor **out) {
    wt_status st = begin(t, out);
    if (st) return st;
    int64_t n = wt_desc_size(&t->d);
    /* NumPy's ravel gives a contiguous array: a view only of a C-contiguous tensor */
    return wt_desc_is_c_contiguous(&t->d) ? wt_view_reshape_to(t, 1, &n, out) : wt_view_flatten(t, out);
}

wt_status wt_view_flatten(const wt_tensor *t, wt_tensor **out) {
    wt_status st = begin(t, out);
    if (st) return st;
    wt_tensor *c;
    if ((st = wt_assign_astype(t, t->d.dtype, &c))) return st; /* C order, contiguous */
    c->d.ndim = 1;
    c->d.shape[0] = wt_desc_size(&t->d);
    c->d.strides[0] = 1;
    *out = c;
    return WT_OK;
}

wt_status wt_view_contiguous(const wt_tensor *t, wt_tensor **out) {
    wt_status st = begin(t, out);
    if (st) return st;
    return wt_desc_is_c_contiguous(&t->d) ? wt_tensor_view(t, &t->d, out) : wt_copy(t, out);
}

wt_status wt_view_casting(const wt_tensor *t, int casting, wt_tensor **out) {
    wt_status st = begin(t, out);
    if (st) return st;
    if (casting < 0 || casting >= WT_NCASTING)
        return wt_error_fail(WT_EINVAL, "wt_view_casting: invalid casting code %d", casting);
    wt_desc d = t->d;
    d.flags = (d.flags & ~WT_DESC_CASTING_MASK) | ((unsigned)(casting + 1) << WT_DESC_CASTING_SHIFT);
    return wt_tensor_view(t, &d, out);
}

wt_status wt_view_dtype(const wt_tensor *t, int dtype, wt_tensor **out) {
    wt_status st = begin(t, out);
    if (st) return st;
    if (!wt_dtype_is_valid(dtype)) return wt_error_fail(WT_EDTYPE, "view: invalid dtype code %d", dtype);
    const char *from = wt_dtype_name(t->d.dtype), *to = wt_dtype_name(dtype);
    if (dtype == WT_BOOL && t->d.dtype != WT_BOOL)
        return wt_error_fail(WT_EDTYPE, "view: %s as bool is refused: its bytes need not be 0 or 1 (use astype)", from);
    int64_t so = (int64_t)wt_dtype_size(t->d.dtype), sn = (int64_t)wt_dtype_size(dtype);
    wt_desc d = t->d;
    d.dtype = dtype;
    int last = d.ndim - 1;
    if (so != sn) {
        if (last < 0)
            return wt_error_fail(WT_EINVAL, "view: a 0-d %s tensor cannot be viewed as %s, of another itemsize", from,
                                 to);
        if (d.shape[last] > 1 && d.strides[last] != 1) /* a stride of 0 or 1 elements is never used */
            return wt_error_fail(WT_EINVAL, "view: %s as %s, of another itemsize, needs a contiguous last axis", from,
                                 to);
        int64_t bytes = d.shape[last] * so; /* validated descriptor: no overflow */
        if (bytes % sn)
            return wt_error_fail(WT_EINVAL, "view: the last axis of %lld bytes is not a whole number of %s elements",
                                 (long long)bytes, to);
        d.shape[last] = bytes / sn;
        d.strides[last] = 1;
        for (int i = 0; i < last; i++) {
            if (d.shape[i] <= 1) continue; /* never used, and not bounded by the buffer: left as it is */
            int64_t b = d.strides[i] * so; /* within the buffer's bytes: validated */
            if (b % sn)
                return wt_error_fail(WT_EINVAL, "view: axis %d's stride of %lld bytes is not a multiple of %s's %lld",
                                     i, (long long)b, to, (long long)sn);
            d.strides[i] = b / sn;
        }
        if ((d.offset * so) % sn)
            return wt_error_fail(WT_EINVAL, "view: the offset of %lld bytes is not a multiple of %s's %lld",
                                 (long long)(d.offset * so), to, (long long)sn);
        d.offset = d.offset * so / sn;
    }
    return wt_tensor_view(t, &d, out);
}

/* the parts of a complex t: its bytes read as the parts' dtype, every stride
** doubled and the offset moved to the part (NumPy's t.real, t.imag) */
static wt_status view_part(const wt_tensor *t, int imag, wt_tensor **out) {
    wt_status st = begin(t, out);
    if (st) return st;
    if (!wt_dtype_is_complex(t->d.dtype)) {
        if (!imag) return wt_tensor_clone(t, out);
        /* a real tensor's imaginary parts: zeros, read-only, as NumPy's */
        if ((st = wt_tensor_create(t->d.dtype, t->d.ndim, t->d.shape, true, out))) return st;
        (*out)->d.flags |= WT_FLAG_READONLY;
        return WT_OK;
    }
    wt_desc d = t->d; /* validated: twice any offset or stride stays within the buffer's parts */
    d.dtype = wt_dtype_part(t->d.dtype);
    d.flags &= ~WT_FLAG_WEAK;
    d.offset = 2 * t->d.offset + imag;
    for (int i = 0; i < d.ndim; i++) d.strides[i] *= 2;
    return wt_tensor_view(t, &d, out);
}

wt_status wt_view_real(const wt_tensor *t, wt_tensor **out) { return view_part(t, 0, out); }
wt_status wt_view_imag(const wt_tensor *t, wt_tensor **out) { return view_part(t, 1, out); }

wt_status wt_view_weak(const wt_tensor *t, wt_tensor **out) {
    wt_status st = begin(t, out);
    if (st) return st;
    int dt = t->d.dtype;
    if (t->d.ndim != 0 || !(wt_dtype_is_complex(dt) || dt == WT_INT64 || dt == WT_UINT64)) {
        char s[WT_SHAPE_STR];
        return wt_error_fail(WT_EINVAL,
                             "wt_view_weak: a weak scalar is a 0-d complex, int64 or uint64 tensor, not %s of shape %s",
                             wt_dtype_name(t->d.dtype), wt_error_fmt_shape(s, sizeof s, t->d.ndim, t->d.shape));
    }
    wt_desc d = t->d;
    d.flags |= WT_FLAG_WEAK;
    return wt_tensor_view(t, &d, out);
}
