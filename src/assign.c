/* assign.c — marshalling assignment: dst[...] = src with broadcasting and
** casting, copies and dtype conversion.  Validation is complete before the
** first byte is written, so a failed call leaves dst untouched. */
#include "ops.h"
#include "parallel.h"
#include <string.h>
#include <math.h>
#include "simd.h"
#include <stdint.h>

static void cast_inner(void *ctx, char **ptr, const int64_t *stride, int64_t n) {
    wt_cast_fn fn = *(wt_cast_fn *)ctx;
    fn(ptr[1], stride[1], ptr[0], stride[0], n);
}

/* a transposed 4-byte copy tile, 4x4 blocks through registers: dst dense
** along b, src dense along a */
static bool transpose_tile(void *ctx, char **p, const int64_t *sa, const int64_t *sb, int64_t ni, int64_t nj) {
    (void)ctx;
    if (sb[0] != 4 || sa[1] != 4 || ni % 4 || nj % 4) return false;
    for (int64_t i = 0; i < ni; i += 4)
        for (int64_t j = 0; j < nj; j += 4) {
            wt_vf32_t r[4];
            for (int k = 0; k < 4; k++)
                r[k] = wt_vf32_load((const float *)(const void *)(p[1] + i * 4 + (j + k) * sb[1]));
            wt_vf32_transpose4(r);
            for (int k = 0; k < 4; k++) wt_vf32_store((float *)(void *)(p[0] + (i + k) * sa[0] + j * 4), r[k]);
        }
    return true;
}

/* run the cast of src (already dst-shaped) into dst */
static void run_cast(wt_tensor *dst, const wt_tensor *src) {
    const wt_tensor *ops[2] = {dst, src};
    wt_iter it;
    wt_cast_fn fn = wt_cast_get(src->d.dtype, dst->d.dtype);
    wt_iter_init(&it, 2, ops, 0);
    bool copy4 = src->d.dtype == dst->d.dtype && wt_dtype_size(dst->d.dtype) == 4, slab;
    /* split across threads as any plain pass: every element written once, the same bits */
    int parts = wt_parallel_plain_parts(&it, &slab);
    if (slab)
        wt_parallel_iter_slab(&it, 0, cast_inner, copy4 ? transpose_tile : NULL, &fn, 0, parts);
    else if (parts > 1)
        wt_parallel_iter(&it, cast_inner, &fn, 0, parts);
    else
        wt_iter_run_tiled(&it, cast_inner, copy4 ? transpose_tile : NULL, &fn);
}

bool wt_assign_may_overlap(const wt_tensor *a, const wt_tensor *b) {
    if (wt_desc_size(&a->d) == 0 || wt_desc_size(&b->d) == 0) return false;
    int64_t alo, ahi, blo, bhi;
    (void)wt_desc_extent(&a->d, &alo, &ahi); /* validated descriptors: no overflow */
    (void)wt_desc_extent(&b->d, &blo, &bhi);
    uintptr_t as = (uintptr_t)a->buf->data, bs = (uintptr_t)b->buf->data;
    size_t ai = wt_dtype_size(a->d.dtype), bi = wt_dtype_size(b->d.dtype);
    uintptr_t a0 = as + (uintptr_t)alo * ai, a1 = as + (uintptr_t)(ahi + 1) * ai;
    uintptr_t b0 = bs + (uintptr_t)blo * bi, b1 = bs + (uintptr_t)(bhi + 1) * bi;
    return a0 < b1 && b0 < a1;
}

static wt_status check_writable(const wt_tensor *dst) {
    if (dst->d.flags & WT_FLAG_READONLY)
        return wt_error_fail(WT_EREADONLY, "cannot assign to a read-only tensor (a broadcast view, or a view of one)");
    return WT_OK;
}

/* src's descriptor without the leading size-1 axes it has beyond dst's rank:
** NumPy's setitem drops them (a[...] = b with b of shape (1, n) into (n,)) */
static wt_desc drop_leading_ones(const wt_desc *src, int ndim) {
    wt_desc d = *src;
    int drop = 0;
    while (d.ndim - drop > ndim && d.shape[drop] == 1) drop++;
    if (!drop) return d;
    d.ndim -= drop;
    memmove(d.shape, d.shape + drop, sizeof(int64_t) * (size_t)d.ndim);
    memmove(d.strides, d.strides + drop, sizeof(int64_t) * (size_t)d.ndim);
    return d;
}

wt_status wt_assign(wt_tensor *dst, const wt_tensor *src) {
    wt_status st = wt_tensor_check(dst, "destination");
    if (!st) st = wt_tensor_check(src, "source");
    if (!st) st = check_writable(dst);
    if (st) return st;
    /* a Python complex into a real array is NumPy's TypeError (a complex array casts, with a warning); a
    ** Python int must fit an integer dtype (OverflowError), exactly at any size */
    double v;
    int code = wt_ops_operand_dtype(src, &v);
    if (code == WT_WEAK_COMPLEX && !wt_dtype_is_complex(dst->d.dtype))
        return wt_error_fail(WT_EDTYPE, "assign: a complex number cannot be stored in %s", wt_dtype_name(dst->d.dtype));
    if (code == WT_WEAK_INT && !wt_dtype_holds(dst->d.dtype, v))
        return wt_error_fail(WT_EDTYPE, "assign: the integer %.17g is out of bounds for %s", v,
                             wt_dtype_name(dst->d.dtype));
    wt_tensor s = {.buf = src->buf, .d = drop_leading_ones(&src->d, dst->d.ndim)}, bsrc = {.buf = src->buf};
    if ((st = wt_desc_broadcast(&s.d, dst->d.ndim, dst->d.shape, "assign", &bsrc.d))) return st;
    if (wt_desc_size(&dst->d) == 0) return WT_OK;
    if (wt_assign_may_overlap(dst, &s)) {
        /* as if the source were copied first */
        wt_tensor *tmp;
        if ((st = wt_assign_astype(&s, s.d.dtype, &tmp))) return st;
        bsrc.buf = tmp->buf;
        wt_desc_broadcast(&tmp->d, dst->d.ndim, dst->d.shape, "assign", &bsrc.d);
        run_cast(dst, &bsrc);
        wt_tensor_free(tmp);
        return WT_OK;
    }
    run_cast(dst, &bsrc);
    return WT_OK;
}

wt_status wt_assign_deliver(wt_tensor *out, const wt_tensor *r, wt_tensor **result) {
    wt_tensor *h = NULL;
    wt_status st = result ? wt_tensor_clone(out, &h) : WT_OK;
    if (!st) st = wt_assign(out, r);
    if (st)
        wt_tensor_free(h);
    else if (result)
        *result = h;
    return st;
}

void wt_assign_fill(wt_tensor *dst, double value) {
    wt_slot slot;
    wt_cast_store_f64(dst->d.dtype, &slot, value);
    wt_assign_fill_slot(dst, &slot);
}

void wt_assign_fill_slot(wt_tensor *dst, const void *slot) {
    wt_buffer b = {.data = (uint8_t *)slot, .nbytes = wt_dtype_size(dst->d.dtype)};
    wt_tensor src = {.buf = &b, .d = dst->d};
    src.d.offset = 0;
    for (int i = 0; i < src.d.ndim; i++) src.d.strides[i] = 0;
    run_cast(dst, &src);
}

wt_status wt_assign_scalar(wt_tensor *dst, double value) {
    wt_status st = wt_tensor_check(dst, "destination");
    if (!st) st = check_writable(dst);
    if (!st && !wt_dtype_holds(dst->d.dtype, value)) /* NumPy's ValueError / OverflowError */
        st = isnan(value) ? wt_error_fail(WT_EINVAL, "assign: cannot convert NaN to %s", wt_dtype_name(dst->d.dtype))
                          : wt_error_fail(WT_EDTYPE, "assign: %.17g is out of bounds for %s", value,
                                          wt_dtype_name(dst->d.dtype));
    if (st) return st;
    wt_assign_fill(dst, value);
    return WT_OK;
}

wt_status wt_assign_astype(const wt_tensor *t, int dtype, wt_tensor **out) {
    wt_desc d;
    wt_tensor *r;
    wt_status st = wt_desc_init(&d, dtype, t->d.ndim, t->d.shape);
    if (!st) st = wt_tensor_alloc(&d, false, &r);
    if (st) return st;
    run_cast(r, t);
    *out = r;
    return WT_OK;
}

wt_status wt_astype(const wt_tensor *t, int dtype, wt_tensor **out) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st) st = wt_tensor_check_out(out);
    return st ? st : wt_assign_astype(t, dtype, out);
}

wt_status wt_copy(const wt_tensor *t, wt_tensor **out) {
    wt_status st = wt_tensor_check(t, "tensor");
    return st ? st : wt_astype(t, t->d.dtype, out);
}
