/* test_dlpack.c — DLPack exchange against DLPack's own header: a foreign
** consumer that reads exported tensors through nothing but the DLPack
** structures, a foreign producer whose deleter counts its calls, and round
** trips through both. */
#include "wt_test.h"
#include <dlpack/dlpack.h>
#include <stdlib.h>

/* ---- the foreign consumer: element k in C order, decoded from DLPack alone */
static double dl_element(const DLTensor *dl, int64_t k) {
    int64_t off = 0;
    for (int i = dl->ndim - 1; i >= 0; i--) {
        off += (k % dl->shape[i]) * dl->strides[i];
        k /= dl->shape[i];
    }
    const char *p = (const char *)dl->data + dl->byte_offset + off * (dl->dtype.bits / 8);
    switch (dl->dtype.code * 100 + dl->dtype.bits) {
    case kDLBool * 100 + 8: return *(const uint8_t *)p != 0;
    case kDLInt * 100 + 8: return *(const int8_t *)p;
    case kDLInt * 100 + 16: return *(const int16_t *)p;
    case kDLInt * 100 + 32: return *(const int32_t *)p;
    case kDLUInt * 100 + 8: return *(const uint8_t *)p;
    case kDLUInt * 100 + 16: return *(const uint16_t *)p;
    case kDLUInt * 100 + 32: return *(const uint32_t *)p;
    case kDLFloat * 100 + 32: return *(const float *)p;
    case kDLFloat * 100 + 64: return *(const double *)p;
    default: return NAN;
    }
}

static int64_t dl_size(const DLTensor *dl) {
    int64_t n = 1;
    for (int i = 0; i < dl->ndim; i++) n *= dl->shape[i];
    return n;
}

/* every element the consumer reads equals wt's own reading of t */
static void check_consumer_reads(const char *what, const DLManagedTensorVersioned *m, const wt_tensor *t) {
    int64_t n = wt_tensor_size(t), idx[WT_MAX_DIMS] = {0};
    CHECK_EQ(dl_size(&m->dl_tensor), n);
    for (int64_t k = 0; k < n; k++) {
        double v;
        CHECK_OK(wt_tensor_get(t, idx, &v));
        if (dl_element(&m->dl_tensor, k) != v) {
            wt_t_fail(__FILE__, __LINE__, "%s: element %lld reads %g through DLPack, %g in wtensor", what, (long long)k,
                      dl_element(&m->dl_tensor, k), v);
            return;
        }
        for (int i = wt_tensor_ndim(t) - 1; i >= 0; i--) {
            if (++idx[i] < wt_tensor_shape(t)[i]) break;
            idx[i] = 0;
        }
    }
}

void test_dlpack_export(void) {
    int64_t t0 = wt_memory_tensors(), b0 = wt_memory_bytes();
    wt_tensor *base = t_arange(WT_FLOAT32, 2, (int64_t[]){3, 4}), *views[6] = {0};
    const char *names[6] = {"base", "transpose", "reversed slice", "broadcast", "0-d", "empty"};
    views[0] = base;
    CHECK_OK(wt_view_permute(base, 0, NULL, &views[1]));
    CHECK_OK(wt_view_slice(base, "::-1, 1::2", &views[2]));
    CHECK_OK(wt_view_broadcast_to(views[2], 3, (int64_t[]){2, 3, 2}, &views[3]));
    CHECK_OK(wt_view_slice(base, "2, 3", &views[4]));
    CHECK_OK(wt_view_slice(base, "3:, :", &views[5]));
    for (int v = 0; v < 6; v++) {
        const wt_tensor *t = views[v];
        DLManagedTensorVersioned *m = NULL;
        CHECK_OK(wt_dlpack_export(t, &m));
        const DLTensor *dl = &m->dl_tensor;
        CHECK_EQ(m->version.major, 1);
        CHECK_EQ(m->version.minor, DLPACK_MINOR_VERSION);
        CHECK_EQ(dl->device.device_type, kDLCPU);
        CHECK_EQ(dl->device.device_id, 0);
        CHECK(dl->dtype.code == kDLFloat && dl->dtype.bits == 32 && dl->dtype.lanes == 1);
        CHECK_EQ(dl->ndim, wt_tensor_ndim(t));
        for (int i = 0; i < dl->ndim; i++) {
            CHECK_EQ(dl->shape[i], wt_tensor_shape(t)[i]);
            CHECK_EQ(dl->strides[i], wt_tensor_strides(t)[i]); /* elements, signed, 0 where broadcast */
        }
        if (wt_tensor_size(t) > 0) {
            CHECK(dl->data == wt_tensor_data(t)); /* no copy */
            CHECK_EQ(dl->byte_offset, wt_tensor_offset(t) * 4);
        } else
            CHECK(dl->data == NULL && dl->byte_offset == 0);
        CHECK_EQ(m->flags, (wt_tensor_flags(t) & WT_FLAG_READONLY) ? DLPACK_FLAG_BITMASK_READ_ONLY : 0);
        check_consumer_reads(names[v], m, t);
        m->deleter(m);
    }
    CHECK_EQ(wt_tensor_flags(views[3]) & WT_FLAG_READONLY, WT_FLAG_READONLY); /* the READ_ONLY case ran */
    /* the export keeps the buffer: free every tensor, then read and write through DLPack */
    DLManagedTensorVersioned *m = NULL;
    CHECK_OK(wt_dlpack_export(views[2], &m));
    for (int v = 0; v < 6; v++) wt_tensor_free(views[v]);
    CHECK_EQ(wt_memory_tensors(), t0 + 1); /* the export's reference */
    CHECK_EQ(wt_memory_bytes(), b0 + 48);
    double expect[6] = {9, 11, 5, 7, 1, 3};
    for (int k = 0; k < 6; k++) CHECK(dl_element(&m->dl_tensor, k) == expect[k]);
    m->deleter(m);
    CHECK_EQ(wt_memory_tensors(), t0);
    CHECK_EQ(wt_memory_bytes(), b0);
    /* every dtype's code and bits */
    static const struct {
        int dt;
        uint8_t code, bits;
    } types[] = {
        {WT_BOOL, kDLBool, 8},    {WT_INT8, kDLInt, 8},       {WT_UINT8, kDLUInt, 8},
        {WT_INT16, kDLInt, 16},   {WT_UINT16, kDLUInt, 16},   {WT_INT32, kDLInt, 32},
        {WT_UINT32, kDLUInt, 32}, {WT_FLOAT32, kDLFloat, 32}, {WT_FLOAT64, kDLFloat, 64},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        wt_tensor *t = t_arange(types[i].dt, 2, (int64_t[]){2, 3}), *tt;
        CHECK_OK(wt_view_slice(t, ":, ::-2", &tt));
        CHECK_OK(wt_dlpack_export(tt, &m));
        CHECK(m->dl_tensor.dtype.code == types[i].code && m->dl_tensor.dtype.bits == types[i].bits);
        check_consumer_reads(wt_dtype_name(types[i].dt), m, tt);
        wt_tensor_free(t);
        wt_tensor_free(tt);
        m->deleter(m);
    }
    m = NULL; /* failures leave *out alone */
    CHECK_ERR(wt_dlpack_export(NULL, &m), WT_EINVAL, "tensor is NULL");
    CHECK(m == NULL);
    wt_tensor *scalar = t_arange(WT_INT8, 0, NULL);
    CHECK_ERR(wt_dlpack_export(scalar, NULL), WT_EINVAL, "output pointer");
    wt_tensor_free(scalar);
}

/* ---- the foreign producer: its own memory, and a deleter that counts ------ */
typedef struct producer {
    DLManagedTensorVersioned m;
    int64_t shape[WT_MAX_DIMS + 1], strides[WT_MAX_DIMS + 1];
    int *deleted;
    double data[16];
} producer;

static void producer_delete(DLManagedTensorVersioned *m) {
    producer *p = m->manager_ctx;
    ++*p->deleted;
    free(p);
}

/* a float64 tensor 0, 1, ... over 16 elements: shape and strides as given */
static producer *produce(int *deleted, int ndim, const int64_t *shape, const int64_t *strides, uint64_t byte_offset) {
    producer *p = calloc(1, sizeof *p);
    for (int i = 0; i < 16; i++) p->data[i] = i;
    for (int i = 0; i < ndim; i++) p->shape[i] = shape[i], p->strides[i] = strides ? strides[i] : 0;
    p->deleted = deleted;
    p->m = (DLManagedTensorVersioned){
        .version = {1, 0},
        .manager_ctx = p,
        .deleter = producer_delete,
        .dl_tensor = {.data = p->data,
                      .device = {kDLCPU, 0},
                      .ndim = ndim,
                      .dtype = {kDLFloat, 64, 1},
                      .shape = p->shape,
                      .strides = strides ? p->strides : NULL,
                      .byte_offset = byte_offset},
    };
    return p;
}

void test_dlpack_import(void) {
    int deleted = 0;
    int64_t b0 = wt_memory_bytes();
    /* C-contiguous with NULL strides (DLPack before 1.2) */
    producer *p = produce(&deleted, 2, (int64_t[]){2, 3}, NULL, 0);
    wt_tensor *t = NULL, *row = NULL;
    CHECK_OK(wt_dlpack_import(&p->m, &t));
    CHECK_DESC(t, 2, ((int64_t[]){2, 3}), ((int64_t[]){3, 1}), 0);
    CHECK(t_equals(t, (double[]){0, 1, 2, 3, 4, 5}));
    CHECK_EQ(wt_memory_bytes(), b0); /* foreign bytes: not copied, not counted */
    /* zero copy both ways */
    CHECK_OK(wt_tensor_set(t, (int64_t[]){1, 2}, -5));
    CHECK(p->data[5] == -5);
    p->data[0] = 42;
    CHECK(t_equals(t, (double[]){42, 1, 2, 3, 4, -5}));
    /* the deleter runs once, with the last view */
    CHECK_OK(wt_view_slice(t, "1", &row));
    wt_tensor_free(t);
    CHECK_EQ(deleted, 0);
    CHECK(t_equals(row, (double[]){3, 4, -5}));
    wt_tensor_free(row);
    CHECK_EQ(deleted, 1);

    /* negative strides from a byte_offset at the last element: the reversed (4,2) of elements 8..15 */
    p = produce(&deleted, 2, (int64_t[]){4, 2}, (int64_t[]){-2, -1}, 15 * sizeof(double));
    CHECK_OK(wt_dlpack_import(&p->m, &t));
    CHECK(t_equals(t, (double[]){15, 14, 13, 12, 11, 10, 9, 8}));
    CHECK(wt_tensor_nbytes(t) == 8 * sizeof(double)); /* exactly the bytes it reaches */
    wt_tensor_free(t);
    CHECK_EQ(deleted, 2);

    /* READ_ONLY gives an r-tensor; a broadcast (stride 0) import reads one element many times */
    p = produce(&deleted, 2, (int64_t[]){3, 2}, (int64_t[]){0, 4}, 8);
    p->m.flags = DLPACK_FLAG_BITMASK_READ_ONLY;
    CHECK_OK(wt_dlpack_import(&p->m, &t));
    CHECK(t_equals(t, (double[]){1, 5, 1, 5, 1, 5}));
    CHECK_ERR(wt_assign_scalar(t, 0), WT_EREADONLY, "read-only");
    CHECK(p->data[1] == 1);
    wt_tensor_free(t);
    CHECK_EQ(deleted, 3);

    /* an empty tensor may have NULL data; a NULL deleter is allowed */
    p = produce(&deleted, 2, (int64_t[]){0, 5}, NULL, 0);
    p->m.dl_tensor.data = NULL;
    p->m.deleter = NULL;
    CHECK_OK(wt_dlpack_import(&p->m, &t));
    CHECK_EQ(wt_tensor_size(t), 0);
    wt_tensor_free(t);
    CHECK_EQ(deleted, 3);
    free(p);

    /* every DLPack type wtensor has, and a 0-d tensor */
    static const struct {
        uint8_t code, bits;
        int dt;
    } types[] = {
        {kDLBool, 8, WT_BOOL},    {kDLInt, 8, WT_INT8},       {kDLUInt, 8, WT_UINT8},
        {kDLInt, 16, WT_INT16},   {kDLUInt, 16, WT_UINT16},   {kDLInt, 32, WT_INT32},
        {kDLUInt, 32, WT_UINT32}, {kDLFloat, 32, WT_FLOAT32}, {kDLFloat, 64, WT_FLOAT64},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        p = produce(&deleted, 0, NULL, NULL, 0);
        p->m.dl_tensor.dtype = (DLDataType){types[i].code, types[i].bits, 1};
        wt_cast_store_f64(types[i].dt, p->data, 7);
        CHECK_OK(wt_dlpack_import(&p->m, &t));
        CHECK_EQ(wt_tensor_dtype(t), types[i].dt);
        CHECK_EQ(wt_tensor_ndim(t), 0);
        double v;
        CHECK_OK(wt_tensor_get(t, NULL, &v));
        CHECK(v == (types[i].dt == WT_BOOL ? 1 : 7));
        wt_tensor_free(t);
    }
    CHECK_EQ(deleted, 3 + 9);
}

void test_dlpack_import_errors(void) {
    int deleted = 0;
    static char sentinel;
    producer *p;
    wt_tensor *keep = (wt_tensor *)&sentinel, *t = keep; /* failures must leave *out alone */
    static const struct {
        const char *what;
        int field;
        int64_t value;
        wt_status st;
        const char *msg;
    } cases[] = {
        {"major version 2", 0, 2, WT_EINVAL, "DLPack version 2.0; wtensor reads major version 1"},
        {"CUDA", 1, kDLCUDA, WT_EINVAL, "device type 2, id 0; wtensor reads only kDLCPU (1)"},
        {"CPU device 1", 2, 1, WT_EINVAL, "device type 1, id 1"},
        {"float8", 3, kDLFloat * 1000 + 8, WT_EDTYPE, "dtype code 2, bits 8, lanes 1 has no wtensor dtype"},
        {"int128", 3, kDLInt * 1000 + 128, WT_EDTYPE, "code 0, bits 128, lanes 1"},
        {"bfloat16", 3, kDLBfloat * 1000 + 16, WT_EDTYPE, "code 4, bits 16"},
        {"bfloat16", 3, kDLBfloat * 1000 + 16, WT_EDTYPE, "code 4, bits 16"},
        {"float64x4", 4, 4, WT_EDTYPE, "code 2, bits 64, lanes 4"},
        {"ndim 17", 5, 17, WT_ESHAPE, "ndim 17 is out of range"},
        {"ndim -1", 5, -1, WT_ESHAPE, "ndim -1"},
        {"NULL shape", 6, 0, WT_EINVAL, "shape is NULL for ndim 2"},
        {"negative dimension", 7, -3, WT_ESHAPE, "negative dimension -3 at axis 1"},
        {"NULL data", 8, 0, WT_EINVAL, "data is NULL for a tensor of 6 elements"},
        {"misaligned", 9, 4, WT_EINVAL, "is not aligned to its 8 bytes"},
        {"byte_offset past the address space", 9, -8, WT_EBOUNDS, "passes the end of the address space"},
        {"stride overflow", 10, INT64_MAX, WT_EBOUNDS, "strides (3,9223372036854775807)"},
        {"below address 0", 10, -((int64_t)1 << 60), WT_EBOUNDS, "reaches outside the address space"},
        {"above the address space", 10, (int64_t)1 << 60, WT_EBOUNDS, "reaches outside the address space"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        p = produce(&deleted, 2, (int64_t[]){2, 3}, (int64_t[]){3, 1}, 0);
        DLTensor *dl = &p->m.dl_tensor;
        int64_t v = cases[c].value;
        switch (cases[c].field) {
        case 0: p->m.version.major = (uint32_t)v; break;
        case 1: dl->device.device_type = (DLDeviceType)v; break;
        case 2: dl->device.device_id = (int32_t)v; break;
        case 3: dl->dtype = (DLDataType){(uint8_t)(v / 1000), (uint8_t)(v % 1000), 1}; break;
        case 4: dl->dtype.lanes = (uint16_t)v; break;
        case 5: dl->ndim = (int32_t)v; break;
        case 6: dl->shape = NULL; break;
        case 7: dl->shape[1] = v; break;
        case 8: dl->data = NULL; break;
        case 9: dl->byte_offset = (uint64_t)v; break;
        case 10: dl->strides[1] = v; break;
        }
        CHECK_ERR(wt_dlpack_import(&p->m, &t), cases[c].st, cases[c].msg);
        if (t != keep) wt_t_fail(__FILE__, __LINE__, "%s: a failed import wrote *out", cases[c].what);
        if (deleted) wt_t_fail(__FILE__, __LINE__, "%s: a failed import called the deleter", cases[c].what);
        /* the caller still owns it */
        p->m.deleter(&p->m);
        deleted = 0;
    }
    CHECK_ERR(wt_dlpack_import(NULL, &t), WT_EINVAL, "the managed tensor is NULL");
    p = produce(&deleted, 2, (int64_t[]){2, 3}, NULL, 0);
    CHECK_ERR(wt_dlpack_import(&p->m, NULL), WT_EINVAL, "output pointer");
    CHECK_EQ(deleted, 0);
    p->m.deleter(&p->m);
}

void test_dlpack_round_trip(void) {
    int64_t t0 = wt_memory_tensors(), b0 = wt_memory_bytes();
    for (int dt = 0; dt < WT_NDTYPES; dt++) {
        wt_tensor *base = t_arange(dt, 3, (int64_t[]){2, 3, 4}), *s, *v, *back;
        CHECK_OK(wt_view_slice(base, "::-1, :, 1::2", &s));
        CHECK_OK(wt_view_swapaxes(s, 0, 2, &v));
        wt_tensor_free(s);
        DLManagedTensorVersioned *m;
        CHECK_OK(wt_dlpack_export(v, &m));
        CHECK_OK(wt_dlpack_import(m, &back)); /* back owns m now */
        CHECK_EQ(wt_tensor_dtype(back), dt);
        CHECK_DESC(back, 3, wt_tensor_shape(v), wt_tensor_strides(v), wt_tensor_offset(back));
        /* the same bytes: element (1,2,0), base's (1,2,3), has one address */
        CHECK((char *)wt_tensor_data(back) + wt_tensor_offset(back) * (int64_t)wt_dtype_size(dt) == wt_first(v));
        int64_t n = wt_tensor_size(v), idx[3] = {0};
        for (int64_t k = 0; k < n; k++) {
            double a, b;
            CHECK_OK(wt_tensor_get(v, idx, &a));
            CHECK_OK(wt_tensor_get(back, idx, &b));
            CHECK(a == b);
            for (int i = 2; i >= 0 && ++idx[i] == wt_tensor_shape(v)[i]; i--) idx[i] = 0;
        }
        CHECK_OK(wt_tensor_set(back, (int64_t[]){1, 2, 0}, 1));
        double got;
        CHECK_OK(wt_tensor_get(base, (int64_t[]){1, 2, 3}, &got));
        CHECK(got == 1);
        /* freeing the original side first: back keeps the buffer through m */
        wt_tensor_free(base);
        wt_tensor_free(v);
        CHECK_OK(wt_tensor_get(back, (int64_t[]){1, 2, 0}, &got));
        CHECK(got == 1);
        wt_tensor_free(back);
        CHECK_EQ(wt_memory_tensors(), t0);
        CHECK_EQ(wt_memory_bytes(), b0);
    }
}
