/* helpers.c — building and comparing small tensors in tests. */
#include "wt_test.h"

wt_tensor *t_from(int dtype, int ndim, const int64_t *shape, const double *values) {
    wt_tensor *t = NULL;
    if (wt_tensor_empty(dtype, ndim, shape, &t) != WT_OK) return NULL;
    int64_t n = wt_tensor_size(t);
    size_t isz = wt_dtype_size(dtype);
    for (int64_t i = 0; i < n; i++) wt_cast_store_f64(dtype, (char *)wt_tensor_data(t) + i * (int64_t)isz, values[i]);
    return t;
}

wt_tensor *t_arange(int dtype, int ndim, const int64_t *shape) {
    wt_tensor *t = NULL;
    if (wt_tensor_empty(dtype, ndim, shape, &t) != WT_OK) return NULL;
    int64_t n = wt_tensor_size(t);
    size_t isz = wt_dtype_size(dtype);
    for (int64_t i = 0; i < n; i++) wt_cast_store_f64(dtype, (char *)wt_tensor_data(t) + i * (int64_t)isz, (double)i);
    return t;
}

int t_equals(const wt_tensor *t, const double *expect) {
    int nd = wt_tensor_ndim(t);
    int64_t idx[WT_MAX_DIMS] = {0}, n = wt_tensor_size(t);
    const int64_t *shape = wt_tensor_shape(t);
    for (int64_t k = 0; k < n; k++) {
        double v;
        if (wt_tensor_get(t, idx, &v) != WT_OK) return 0;
        if (!(v == expect[k] || (isnan(v) && isnan(expect[k])))) {
            printf("  element %lld: got %.17g, expected %.17g\n", (long long)k, v, expect[k]);
            return 0;
        }
        for (int i = nd - 1; i >= 0; i--) {
            if (++idx[i] < shape[i]) break;
            idx[i] = 0;
        }
    }
    return 1;
}

void t_shape_is(const char *file, int line, const wt_tensor *t, int ndim, const int64_t *shape, const int64_t *strides,
                int64_t offset) {
    if (!t) {
        wt_t_fail(file, line, "tensor is NULL");
        return;
    }
    char a[WT_SHAPE_STR], b[WT_SHAPE_STR], c[WT_SHAPE_STR], d[WT_SHAPE_STR];
    int ok = wt_tensor_ndim(t) == ndim && wt_tensor_offset(t) == offset;
    for (int i = 0; ok && i < ndim; i++) /* the stride of an axis of size <= 1 is never used: any value is right */
        ok = wt_tensor_shape(t)[i] == shape[i] && (!strides || shape[i] <= 1 || wt_tensor_strides(t)[i] == strides[i]);
    if (!ok)
        wt_t_fail(file, line, "descriptor shape %s strides %s offset %lld; expected %s %s %lld",
                  wt_error_fmt_shape(a, sizeof a, wt_tensor_ndim(t), wt_tensor_shape(t)),
                  wt_error_fmt_shape(b, sizeof b, wt_tensor_ndim(t), wt_tensor_strides(t)),
                  (long long)wt_tensor_offset(t), wt_error_fmt_shape(c, sizeof c, ndim, shape),
                  strides ? wt_error_fmt_shape(d, sizeof d, ndim, strides) : "(any)", (long long)offset);
}

static uint32_t rand_state = 2463534242u;
void t_rand_reset(void) { rand_state = 2463534242u; }
uint32_t t_rand(void) {
    uint32_t s = rand_state;
    s ^= s << 13, s ^= s >> 17, s ^= s << 5;
    return rand_state = s;
}

double t_random_value(int dt) {
    uint32_t r = t_rand();
    switch (dt) {
    case WT_BOOL: return r & 1;
    case WT_INT8: return (int8_t)r;
    case WT_UINT8: return (uint8_t)r;
    case WT_INT16: return (int16_t)(r % 2000) - 1000;
    case WT_UINT16: return r % 3000;
    case WT_INT32: return (r & 3) ? (double)((int32_t)(r % 200000) - 100000) : (double)(int32_t)r;
    case WT_UINT32: return (r & 3) ? (double)(r % 100000) : (double)r;
    default: {
        static const double sp[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.5, -2.5, NAN, INFINITY, -INFINITY, 1e-30, 3.0};
        if (r % 10 == 0) return sp[(r / 10) % 12];
        return ((double)(int32_t)t_rand() / 2147483648.0) * 20.0;
    }
    }
}

/* a tensor of shape with a layout: 0 dense, 1 all axes reversed, 2 every
** other element of a wider base, 3 the transpose of a reversed-shape base */
wt_tensor *t_layout(int dt, int nd, const int64_t *shape, int kind) {
    wt_tensor *base = NULL, *v = NULL;
    int64_t bs[WT_MAX_DIMS];
    memcpy(bs, shape, sizeof(int64_t) * (size_t)nd);
    if (kind == 2 && nd) bs[nd - 1] *= 2;
    if (kind == 3)
        for (int i = 0; i < nd; i++) bs[i] = shape[nd - 1 - i];
    if (wt_tensor_empty(dt, nd, bs, &base)) return NULL;
    if (kind == 1) {
        char spec[64] = "";
        for (int i = 0; i < nd; i++) strcat(spec, i ? ",::-1" : "::-1");
        wt_view_slice(base, spec, &v);
    } else if (kind == 2 && nd) {
        wt_view_slice(base, "..., ::2", &v);
    } else if (kind == 3) {
        wt_view_permute(base, 0, NULL, &v);
    } else {
        wt_tensor_clone(base, &v);
    }
    wt_tensor_free(base);
    wt_tensor *im = NULL; /* complex: the imaginary parts too, through their view */
    if (wt_dtype_is_complex(dt)) wt_view_imag(v, &im);
    int64_t n = wt_tensor_size(v), idx[WT_MAX_DIMS] = {0};
    for (int64_t k = 0; k < n; k++) {
        wt_tensor_set(v, idx, t_random_value(dt));
        if (im) wt_tensor_set(im, idx, t_random_value(dt));
        for (int i = nd - 1; i >= 0; i--) {
            if (++idx[i] < shape[i]) break;
            idx[i] = 0;
        }
    }
    wt_tensor_free(im);
    return v;
}

char *t_elem(const wt_tensor *t, const int64_t *idx) {
    int64_t off = wt_tensor_offset(t);
    for (int i = 0; i < wt_tensor_ndim(t); i++) off += idx[i] * wt_tensor_strides(t)[i];
    return (char *)wt_tensor_data(t) + off * (int64_t)wt_dtype_size(wt_tensor_dtype(t));
}

void t_same_answer(const char *file, int line, wt_status sq, const char *qmsg, wt_dtype qdt, int qnd,
                   const int64_t *qsh, wt_status sr, const wt_tensor *r, int *agreed, int *failed) {
    if (sq != sr) {
        wt_t_fail(file, line, "the query says %s ('%s'), the call %s ('%s')", wt_status_name(sq), qmsg,
                  wt_status_name(sr), wt_error_message());
    } else if (sr) {
        if (strcmp(qmsg, wt_error_message()) != 0)
            wt_t_fail(file, line, "messages differ: '%s' vs '%s'", qmsg, wt_error_message());
        ++*failed;
    } else {
        bool same = (int)qdt == wt_tensor_dtype(r) && qnd == wt_tensor_ndim(r);
        for (int i = 0; same && i < qnd; i++) same = qsh[i] == wt_tensor_shape(r)[i];
        if (!same) wt_t_fail(file, line, "the query's dtype or shape differs from the result's");
        ++*agreed;
    }
}

void t_eight_bit(int dt, int64_t rows, wt_tensor **base, wt_tensor **x, wt_tensor **values) {
    int64_t wide[2] = {rows, 4}, all = 256;
    CHECK_OK(wt_tensor_empty(dt, 2, wide, base));
    CHECK_OK(wt_tensor_empty(dt, 1, &all, values));
    uint8_t *b = (*base)->buf->data, *r = (*values)->buf->data;
    for (int64_t i = 0; i < rows * 4; i++) b[i] = (uint8_t)(dt == WT_BOOL ? i % 2 : (i * 7) % 256);
    for (int v = 0; v < 256; v++) r[v] = (uint8_t)(dt == WT_BOOL ? v % 2 : v);
    CHECK_OK(wt_view_slice(*base, ":, :3", x));
}

int64_t t_eight_bit_differs(const wt_tensor *got, const wt_tensor *base, const wt_tensor *want) {
    const uint8_t *b = base->buf->data;
    size_t z = wt_dtype_size(got->d.dtype);
    for (int64_t i = 0; i < wt_tensor_size(got); i++) {
        int64_t idx[2] = {i / 3, i % 3};
        if (memcmp(t_elem(got, idx), t_elem(want, (int64_t[]){b[idx[0] * 4 + idx[1]]}), z)) return i + 1;
    }
    return 0;
}
