/* dlpack.c — DLPack 1.x exchange: a tensor's descriptor as a
** DLManagedTensorVersioned over the same bytes, and back.  Only descriptors
** and references move; data is never copied. */
#include "core.h"
#include <dlpack/dlpack.h>
#include <stdlib.h>

/* indexed by wt_dtype: the one DLPack type each dtype is */
static const DLDataType dl_types[WT_NDTYPES] = {
    [WT_BOOL] = {kDLBool, 8, 1},          [WT_INT8] = {kDLInt, 8, 1},
    [WT_UINT8] = {kDLUInt, 8, 1},         [WT_INT16] = {kDLInt, 16, 1},
    [WT_UINT16] = {kDLUInt, 16, 1},       [WT_INT32] = {kDLInt, 32, 1},
    [WT_UINT32] = {kDLUInt, 32, 1},       [WT_FLOAT32] = {kDLFloat, 32, 1},
    [WT_FLOAT64] = {kDLFloat, 64, 1},     [WT_INT64] = {kDLInt, 64, 1},
    [WT_UINT64] = {kDLUInt, 64, 1},       [WT_FLOAT16] = {kDLFloat, 16, 1},
    [WT_COMPLEX64] = {kDLComplex, 64, 1}, [WT_COMPLEX128] = {kDLComplex, 128, 1},
};

/* the managed tensor and everything it points to, in one allocation; the
** handle `ref` is the reference on the buffer that the deleter drops */
typedef struct exported {
    DLManagedTensorVersioned m;
    wt_tensor *ref;
    int64_t shape[WT_MAX_DIMS], strides[WT_MAX_DIMS];
} exported;

static void exported_delete(DLManagedTensorVersioned *m) {
    exported *e = m->manager_ctx;
    wt_tensor_free(e->ref);
    wt_tensor_sys_free(e);
}

wt_status wt_dlpack_export(const wt_tensor *t, struct DLManagedTensorVersioned **out) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st && !out) st = wt_error_fail(WT_EINVAL, "output pointer is NULL");
    if (st) return st;
    exported *e = wt_tensor_sys_alloc(sizeof *e);
    if (!e) return wt_error_fail(WT_ENOMEM, "out of memory exporting a tensor to DLPack");
    st = wt_tensor_clone(t, &e->ref);
    if (st) {
        wt_tensor_sys_free(e);
        return st;
    }
    const wt_desc *d = &t->d;
    bool empty = wt_desc_size(d) == 0;
    for (int i = 0; i < d->ndim; i++) e->shape[i] = d->shape[i], e->strides[i] = d->strides[i];
    e->m = (DLManagedTensorVersioned){
        .version = {DLPACK_MAJOR_VERSION, DLPACK_MINOR_VERSION},
        .manager_ctx = e,
        .deleter = exported_delete,
        .flags = (d->flags & WT_FLAG_READONLY) ? DLPACK_FLAG_BITMASK_READ_ONLY : 0,
        .dl_tensor =
            {
                /* DLPack asks for NULL data when there are no elements */
                .data = empty ? NULL : t->buf->data,
                .device = {kDLCPU, 0},
                .ndim = d->ndim,
                .dtype = dl_types[d->dtype],
                .shape = d->ndim ? e->shape : NULL,
                .strides = d->ndim ? e->strides : NULL,
                .byte_offset = empty ? 0 : (uint64_t)d->offset * wt_dtype_size(d->dtype),
            },
    };
    *out = &e->m;
    return WT_OK;
}

static void release_managed(void *ctx) {
    DLManagedTensorVersioned *m = ctx;
    if (m->deleter) m->deleter(m);
}

wt_status wt_dlpack_import(struct DLManagedTensorVersioned *src, wt_tensor **out) {
    wt_status st = wt_tensor_check_out(out);
    if (!st && !src) st = wt_error_fail(WT_EINVAL, "wt_dlpack_import: the managed tensor is NULL");
    if (st) return st;
    /* with another major version only the deleter may be touched */
    if (src->version.major != DLPACK_MAJOR_VERSION)
        return wt_error_fail(WT_EINVAL, "wt_dlpack_import: DLPack version %u.%u; wtensor reads major version %d",
                             src->version.major, src->version.minor, DLPACK_MAJOR_VERSION);
    const DLTensor *dl = &src->dl_tensor;
    if (dl->device.device_type != kDLCPU || dl->device.device_id != 0)
        return wt_error_fail(WT_EINVAL, "wt_dlpack_import: device type %d, id %d; wtensor reads only kDLCPU (%d), id 0",
                             (int)dl->device.device_type, (int)dl->device.device_id, (int)kDLCPU);
    int dtype = -1;
    for (int k = 0; k < WT_NDTYPES; k++)
        if (dl_types[k].code == dl->dtype.code && dl_types[k].bits == dl->dtype.bits &&
            dl_types[k].lanes == dl->dtype.lanes)
            dtype = k;
    if (dtype < 0)
        return wt_error_fail(WT_EDTYPE,
                             "wt_dlpack_import: DLPack dtype code %u, bits %u, lanes %u has no wtensor dtype",
                             dl->dtype.code, dl->dtype.bits, dl->dtype.lanes);
    wt_desc d;
    st = wt_desc_init(&d, dtype, dl->ndim, dl->shape);
    if (st) return st;
    if (dl->strides)
        for (int i = 0; i < d.ndim; i++) d.strides[i] = dl->strides[i];
    unsigned flags = (src->flags & DLPACK_FLAG_BITMASK_READ_ONLY) ? WT_FLAG_READONLY : 0;
    uintptr_t base = 0;
    size_t nbytes = 0;
    if (wt_desc_size(&d) > 0) {
        uint64_t isz = wt_dtype_size(dtype), align = wt_dtype_size(wt_dtype_part(dtype)); /* complex: a part's */
        uintptr_t data = (uintptr_t)dl->data;
        if (!dl->data)
            return wt_error_fail(WT_EINVAL, "wt_dlpack_import: data is NULL for a tensor of %lld elements",
                                 (long long)wt_desc_size(&d));
        if (dl->byte_offset > UINTPTR_MAX - data)
            return wt_error_fail(WT_EBOUNDS,
                                 "wt_dlpack_import: byte_offset %llu from %p passes the end of the address space",
                                 (unsigned long long)dl->byte_offset, dl->data);
        uintptr_t first = data + (uintptr_t)dl->byte_offset;
        if (first % align)
            return wt_error_fail(
                WT_EINVAL, "wt_dlpack_import: the first element, at %p + %llu bytes, is not aligned to its %llu bytes",
                dl->data, (unsigned long long)dl->byte_offset, (unsigned long long)align);
        /* from the first element (d.offset is 0), the bytes reached are
        ** [first + lo*isz, first + (hi+1)*isz), inside the address space */
        int64_t lo, hi;
        uint64_t below, above;
        if (!wt_desc_extent(&d, &lo, &hi) || __builtin_mul_overflow(0 - (uint64_t)lo, isz, &below) ||
            __builtin_mul_overflow((uint64_t)hi + 1, isz, &above) || below > first || above > UINTPTR_MAX - first ||
            below + above > SIZE_MAX) {
            char s[WT_SHAPE_STR], t[WT_SHAPE_STR];
            return wt_error_fail(
                WT_EBOUNDS,
                "wt_dlpack_import: shape %s with strides %s from %p + %llu bytes reaches outside the address space",
                wt_error_fmt_shape(s, sizeof s, d.ndim, d.shape), wt_error_fmt_shape(t, sizeof t, d.ndim, d.strides),
                dl->data, (unsigned long long)dl->byte_offset);
        }
        base = first - (uintptr_t)below;
        nbytes = (size_t)(below + above);
        d.offset = -lo;
    }
    return wt_tensor_wrap((void *)base, nbytes, dtype, d.ndim, d.shape, d.strides, d.offset, flags, release_managed,
                          src, out);
}
