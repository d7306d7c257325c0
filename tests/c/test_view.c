/* test_view.c — every view op against NumPy fixtures and hand-worked cases. */
#include "wt_test.h"
#include "fixtures_numpy.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

void test_slice_fixture(void) {
    for (size_t i = 0; i < N(fx_slice); i++) {
        const fx_slice_case *c = &fx_slice[i];
        wt_tensor *base = t_arange(WT_FLOAT64, c->ndim, c->shape), *v = NULL;
        wt_status st = wt_view_slice(base, c->spec, &v);
        if (!c->ok) {
            if (st == WT_OK) wt_t_fail(__FILE__, __LINE__, "slice '%s' should fail as in NumPy", c->spec);
            CHECK(v == NULL);
        } else if (st != WT_OK) {
            wt_t_fail(__FILE__, __LINE__, "slice '%s': %s", c->spec, wt_error_message());
        } else {
            /* the offset of an empty view is arbitrary: NumPy's need not match */
            CHECK_DESC(v, c->rndim, c->rshape, c->rstrides, wt_tensor_size(v) ? c->roffset : wt_tensor_offset(v));
            CHECK(wt_tensor_same_buffer(base, v));
        }
        wt_tensor_free(v);
        wt_tensor_free(base);
    }
}

void test_slice_errors(void) {
    int64_t shape[2] = {3, 4};
    wt_tensor *t = t_arange(WT_INT32, 2, shape), *v = NULL;
    CHECK_ERR(wt_view_slice(t, "1.5", &v), WT_ESYNTAX, "invalid index '1.5' in slice '1.5'");
    CHECK_ERR(wt_view_slice(t, "..., 1, ...", &v), WT_ESYNTAX, "single ellipsis");
    CHECK_ERR(wt_view_slice(t, "::0", &v), WT_EINVAL, "slice step cannot be zero");
    CHECK_ERR(wt_view_slice(t, "1, 2, 3", &v), WT_EINDEX,
              "too many indices for tensor: tensor is 2-dimensional, but 3 were indexed");
    CHECK_ERR(wt_view_slice(t, "3", &v), WT_EINDEX, "index 3 is out of bounds for axis 0 with size 3");
    CHECK_ERR(wt_view_slice(t, ":, -5", &v), WT_EINDEX, "index -5 is out of bounds for axis 1 with size 4");
    CHECK_ERR(wt_view_slice(t, "99999999999999999999999", &v), WT_EINDEX, "out of bounds");
    CHECK_ERR(wt_view_slice(t, "1 2", &v), WT_ESYNTAX, "invalid index '1 2'");
    CHECK_ERR(wt_view_slice(t, "none", &v), WT_ESYNTAX, "invalid index 'none'");
    CHECK_ERR(wt_view_slice(t, "1,,2", &v), WT_ESYNTAX, "empty index at position 2");
    CHECK_ERR(wt_view_slice(t, ",", &v), WT_ESYNTAX, "empty index at position 0");
    CHECK_ERR(wt_view_slice(t, ":::", &v), WT_ESYNTAX, "invalid index ':::'");
    CHECK_ERR(wt_view_slice(t, "--1", &v), WT_ESYNTAX, "invalid index");
    CHECK_ERR(wt_view_slice(t, NULL, &v), WT_EINVAL, "slice spec is NULL");
    CHECK_ERR(wt_view_slice(t, "None,None,None,None,None,None,None,None,None,None,None,None,None,None,None", &v),
              WT_EINDEX, "would give 17 dimensions");
    CHECK(v == NULL);
    /* huge slice bounds and steps clip instead of overflowing */
    CHECK_OK(wt_view_slice(t, "-9223372036854775808:9223372036854775807:-9223372036854775808", &v));
    CHECK_EQ(wt_tensor_shape(v)[0], 0); /* as Python: start clips to -1 when stepping back */
    wt_tensor_free(v);
    CHECK_OK(wt_view_slice(t, "9223372036854775807:-9223372036854775808:-9223372036854775808", &v));
    CHECK_EQ(wt_tensor_shape(v)[0], 1);
    wt_tensor_free(v);
    CHECK_OK(wt_view_slice(t, "::99999999999999999999", &v));
    CHECK_EQ(wt_tensor_shape(v)[0], 1);
    wt_tensor_free(v);
    CHECK_OK(wt_view_slice(t, "\t1 ,\n:: -1 ", &v));
    double e[4] = {7, 6, 5, 4};
    CHECK(t_equals(v, e));
    wt_tensor_free(v);
    wt_tensor_free(t);
}

void test_slice_shares_storage(void) {
    int64_t shape[2] = {3, 4};
    wt_tensor *t = t_arange(WT_FLOAT32, 2, shape), *col, *rev;
    CHECK_OK(wt_view_slice(t, ":, 2", &col));
    CHECK_OK(wt_view_slice(t, "::-1, ::-1", &rev));
    CHECK_OK(wt_assign_scalar(col, -1)); /* write through one view ... */
    double e[12] = {11, -1, 9, 8, 7, -1, 5, 4, 3, -1, 1, 0};
    CHECK(t_equals(rev, e)); /* ... read through another */
    CHECK(!wt_tensor_is_contiguous(rev));
    CHECK(!wt_tensor_is_contiguous(col));
    wt_tensor_free(col);
    wt_tensor_free(rev);
    wt_tensor_free(t);
}

void test_permute(void) {
    int64_t shape[3] = {2, 3, 4};
    wt_tensor *t = t_arange(WT_INT16, 3, shape), *v;
    CHECK_OK(wt_view_permute(t, 0, NULL, &v));
    CHECK_DESC(v, 3, ((int64_t[]){4, 3, 2}), ((int64_t[]){1, 4, 12}), 0);
    wt_tensor_free(v);
    CHECK_OK(wt_view_permute(t, 3, (int[]){1, -1, 0}, &v));
    CHECK_DESC(v, 3, ((int64_t[]){3, 4, 2}), ((int64_t[]){4, 1, 12}), 0);
    double x;
    CHECK_OK(wt_tensor_get(v, (int64_t[]){2, 1, 1}, &x));
    CHECK(x == 12 + 8 + 1);
    wt_tensor_free(v);
    CHECK_ERR(wt_view_permute(t, 2, (int[]){0, 1}, &v), WT_EINVAL,
              "axes don't match tensor: got 2 axes for a 3-d tensor");
    CHECK_ERR(wt_view_permute(t, 3, (int[]){0, 1, 1}, &v), WT_EINVAL, "repeated axis 1");
    CHECK_ERR(wt_view_permute(t, 3, (int[]){0, 1, 3}, &v), WT_EINVAL,
              "axis 3 is out of bounds for a tensor of dimension 3");
    CHECK_ERR(wt_view_permute(t, 3, NULL, &v), WT_EINVAL, "axes don't match");
    wt_tensor_free(t);
}

void test_swapaxes(void) {
    int64_t shape[3] = {2, 3, 4};
    wt_tensor *t = t_arange(WT_INT8, 3, shape), *v;
    CHECK_OK(wt_view_swapaxes(t, 0, -1, &v));
    CHECK_DESC(v, 3, ((int64_t[]){4, 3, 2}), ((int64_t[]){1, 4, 12}), 0);
    wt_tensor_free(v);
    CHECK_OK(wt_view_swapaxes(t, 1, 1, &v));
    CHECK_DESC(v, 3, shape, ((int64_t[]){12, 4, 1}), 0);
    wt_tensor_free(v);
    CHECK_ERR(wt_view_swapaxes(t, 0, 3, &v), WT_EINVAL, "axis2 3 is out of bounds");
    CHECK_ERR(wt_view_swapaxes(t, -4, 0, &v), WT_EINVAL, "axis1 -4 is out of bounds");
    wt_tensor_free(t);
}

void test_reshape_fixture(void) {
    for (size_t i = 0; i < N(fx_reshape); i++) {
        const fx_reshape_case *c = &fx_reshape[i];
        wt_tensor *base = t_arange(WT_FLOAT64, c->ndim, c->shape), *s = NULL, *p = NULL, *r = NULL;
        CHECK_OK(wt_view_slice(base, c->spec, &s));
        if (c->nperm)
            CHECK_OK(wt_view_permute(s, c->nperm, c->perm, &p));
        else
            CHECK_OK(wt_tensor_clone(s, &p));
        wt_status st = wt_view_reshape(p, c->nnew, c->newshape, &r);
        if (st != WT_OK) {
            wt_t_fail(__FILE__, __LINE__, "reshape case %zu: %s", i, wt_error_message());
        } else {
            if (wt_tensor_same_buffer(base, r) != c->view)
                wt_t_fail(__FILE__, __LINE__, "reshape case %zu: view=%d, NumPy view=%d", i,
                          wt_tensor_same_buffer(base, r), c->view);
            CHECK_DESC(r, c->rndim, c->rshape, c->view ? c->rstrides : NULL, c->view ? c->roffset : 0);
            if (!c->view) CHECK(wt_tensor_is_contiguous(r));
            if (!t_equals(r, c->values)) wt_t_fail(__FILE__, __LINE__, "reshape case %zu: values differ", i);
        }
        wt_tensor_free(r);
        wt_tensor_free(p);
        wt_tensor_free(s);
        wt_tensor_free(base);
    }
}

void test_reshape_errors(void) {
    int64_t shape[2] = {3, 4};
    wt_tensor *t = t_arange(WT_INT32, 2, shape), *v = NULL;
    CHECK_ERR(wt_view_reshape(t, 1, (int64_t[]){5}, &v), WT_ESHAPE, "cannot reshape tensor of size 12 into shape (5,)");
    CHECK_ERR(wt_view_reshape(t, 2, (int64_t[]){-1, -1}, &v), WT_ESHAPE, "only specify one unknown dimension");
    CHECK_ERR(wt_view_reshape(t, 2, (int64_t[]){5, -1}, &v), WT_ESHAPE, "into shape (5,-1)");
    CHECK_ERR(wt_view_reshape(t, 2, (int64_t[]){-2, -6}, &v), WT_ESHAPE, "negative dimension -2");
    CHECK_ERR(wt_view_reshape(t, 3, (int64_t[]){1LL << 62, 1LL << 62, 0}, &v), WT_ESHAPE, "cannot reshape");
    CHECK_ERR(wt_view_reshape(t, 3, (int64_t[]){1LL << 62, 1LL << 62, -1}, &v), WT_ESHAPE, "cannot reshape");
    CHECK_ERR(wt_view_reshape(t, 17, (int64_t[17]){0}, &v), WT_ESHAPE, "ndim 17");
    CHECK(v == NULL);
    wt_tensor_free(t);
}

void test_broadcast_to(void) {
    int64_t shape[2] = {3, 1};
    wt_tensor *t = t_arange(WT_FLOAT32, 2, shape), *v = NULL, *w = NULL;
    CHECK_OK(wt_view_broadcast_to(t, 3, (int64_t[]){2, 3, 4}, &v));
    CHECK_DESC(v, 3, ((int64_t[]){2, 3, 4}), ((int64_t[]){0, 1, 0}), 0);
    CHECK(wt_tensor_flags(v) & WT_FLAG_READONLY);
    CHECK(!(wt_tensor_flags(t) & WT_FLAG_READONLY));
    double x;
    CHECK_OK(wt_tensor_get(v, (int64_t[]){1, 2, 3}, &x));
    CHECK(x == 2);
    CHECK_ERR(wt_assign_scalar(v, 1), WT_EREADONLY, "read-only");
    CHECK_OK(wt_view_slice(v, "0", &w)); /* views of read-only tensors stay read-only */
    CHECK(wt_tensor_flags(w) & WT_FLAG_READONLY);
    wt_tensor_free(w);
    CHECK_OK(wt_view_permute(v, 0, NULL, &w));
    CHECK(wt_tensor_flags(w) & WT_FLAG_READONLY);
    wt_tensor_free(w);
    wt_tensor_free(v);
    CHECK_ERR(wt_view_broadcast_to(t, 2, (int64_t[]){5, 4}, &v), WT_ESHAPE, "cannot broadcast shape (3,1) to (5,4)");
    CHECK_ERR(wt_view_broadcast_to(t, 1, (int64_t[]){3}, &v), WT_ESHAPE, "the source has more dimensions");
    CHECK_ERR(wt_view_broadcast_to(t, 2, (int64_t[]){3, -1}, &v), WT_ESHAPE, "negative dimension");
    CHECK_OK(wt_view_broadcast_to(t, 2, (int64_t[]){3, 0}, &v)); /* size 1 stretches to 0 */
    CHECK_EQ(wt_tensor_size(v), 0);
    wt_tensor_free(v);
    wt_tensor_free(t);
}

void test_broadcast_shapes(void) {
    int64_t a[2] = {3, 1}, b[3] = {2, 1, 4}, c[1] = {4}, out[WT_MAX_DIMS];
    const int64_t *shapes[3] = {a, b, c};
    int nd;
    CHECK_OK(wt_broadcast_shapes(3, (int[]){2, 3, 1}, shapes, &nd, out));
    CHECK_EQ(nd, 3);
    CHECK(out[0] == 2 && out[1] == 3 && out[2] == 4);
    int64_t d[2] = {3, 4}, e[2] = {5, 4};
    const int64_t *bad[2] = {d, e};
    CHECK_ERR(wt_broadcast_shapes(2, (int[]){2, 2}, bad, &nd, out), WT_ESHAPE,
              "shapes (3,4) (5,4) cannot be broadcast together (axis -2: 3 vs 5)");
    CHECK_OK(wt_broadcast_shapes(0, NULL, NULL, &nd, out));
    CHECK_EQ(nd, 0);
}

void test_expand_squeeze(void) {
    int64_t shape[2] = {3, 4};
    wt_tensor *t = t_arange(WT_UINT16, 2, shape), *v, *w;
    CHECK_OK(wt_view_expand_dims(t, 1, &v));
    CHECK_DESC(v, 3, ((int64_t[]){3, 1, 4}), NULL, 0);
    CHECK_OK(wt_view_expand_dims(v, -1, &w));
    CHECK_DESC(w, 4, ((int64_t[]){3, 1, 4, 1}), NULL, 0);
    CHECK(wt_tensor_is_contiguous(w));
    wt_tensor_free(v);
    CHECK_OK(wt_view_squeeze(w, 0, NULL, &v));
    CHECK_DESC(v, 2, shape, ((int64_t[]){4, 1}), 0);
    wt_tensor_free(v);
    CHECK_OK(wt_view_squeeze(w, 1, (int[]){-1}, &v));
    CHECK_DESC(v, 3, ((int64_t[]){3, 1, 4}), NULL, 0);
    wt_tensor_free(v);
    CHECK_ERR(wt_view_squeeze(w, 1, (int[]){0}, &v), WT_ESHAPE, "cannot squeeze axis 0: it has size 3, not 1");
    CHECK_ERR(wt_view_squeeze(w, 2, (int[]){1, -3}, &v), WT_EINVAL, "duplicate axis -3");
    CHECK_ERR(wt_view_squeeze(w, 1, (int[]){4}, &v), WT_EINVAL, "axis 4 is out of bounds");
    CHECK_ERR(wt_view_expand_dims(t, 3, &v), WT_EINVAL, "axis 3 is out of bounds for a tensor of dimension 3");
    CHECK_OK(wt_view_expand_dims(t, -3, &v));
    CHECK_DESC(v, 3, ((int64_t[]){1, 3, 4}), NULL, 0);
    wt_tensor_free(v);
    wt_tensor_free(w);
    /* at the dimension limit */
    int64_t ones[WT_MAX_DIMS];
    for (int i = 0; i < WT_MAX_DIMS; i++) ones[i] = 1;
    wt_tensor *big;
    CHECK_OK(wt_tensor_zeros(WT_INT8, WT_MAX_DIMS, ones, &big));
    CHECK_ERR(wt_view_expand_dims(big, 0, &v), WT_ESHAPE, "at most 16 dimensions");
    CHECK_OK(wt_view_squeeze(big, 0, NULL, &v));
    CHECK_EQ(wt_tensor_ndim(v), 0);
    wt_tensor_free(v);
    wt_tensor_free(big);
    wt_tensor_free(t);
}

void test_diagonal_fixture(void) {
    for (size_t i = 0; i < N(fx_diag); i++) {
        const fx_diag_case *c = &fx_diag[i];
        wt_tensor *base = t_arange(WT_FLOAT64, c->ndim, c->shape), *v = NULL;
        CHECK_OK(wt_view_diagonal(base, c->offset, c->axis1, c->axis2, &v));
        /* the offset of an empty diagonal is arbitrary; NumPy's need not match */
        int64_t len = v ? wt_tensor_shape(v)[wt_tensor_ndim(v) - 1] : 0;
        CHECK_DESC(v, c->rndim, c->rshape, c->rstrides, len ? c->roffset : wt_tensor_offset(v));
        wt_tensor_free(v);
        wt_tensor_free(base);
    }
    /* writable: assigning through a diagonal sets the matrix diagonal */
    int64_t shape[2] = {3, 3};
    wt_tensor *m, *d;
    CHECK_OK(wt_tensor_zeros(WT_INT32, 2, shape, &m));
    CHECK_OK(wt_view_diagonal(m, 0, 0, 1, &d));
    CHECK_OK(wt_assign_scalar(d, 1));
    double eye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    CHECK(t_equals(m, eye));
    wt_tensor_free(d);
    wt_tensor_free(m);
}

void test_diagonal_errors(void) {
    int64_t shape[2] = {3, 4};
    wt_tensor *t = t_arange(WT_INT32, 2, shape), *v = NULL, *r;
    CHECK_ERR(wt_view_diagonal(t, 0, 1, 1, &v), WT_EINVAL, "axis1 and axis2 cannot be the same");
    CHECK_ERR(wt_view_diagonal(t, 0, 0, 2, &v), WT_EINVAL, "axis2 2 is out of bounds");
    CHECK_OK(wt_view_slice(t, "0", &r));
    CHECK_ERR(wt_view_diagonal(r, 0, 0, 1, &v), WT_EINVAL, "at least 2 dimensions, got 1");
    CHECK_OK(wt_view_diagonal(t, INT64_MIN, 0, 1, &v)); /* extreme offsets: empty, no overflow */
    CHECK_EQ(wt_tensor_size(v), 0);
    wt_tensor_free(v);
    CHECK_OK(wt_view_diagonal(t, INT64_MAX, 0, 1, &v));
    CHECK_EQ(wt_tensor_size(v), 0);
    wt_tensor_free(v);
    wt_tensor_free(r);
    wt_tensor_free(t);
}

void test_flatten_contig(void) {
    int64_t shape[2] = {3, 4};
    wt_tensor *t = t_arange(WT_FLOAT32, 2, shape), *f, *tr, *c;
    CHECK_OK(wt_view_ravel(t, &f)); /* ravel: a view of a C-contiguous tensor */
    CHECK(wt_tensor_same_buffer(t, f));
    CHECK_DESC(f, 1, ((int64_t[]){12}), ((int64_t[]){1}), 0);
    wt_tensor_free(f);
    const char *views[] = {"1:2", "1, :", ":, 1:2", "::-1", "1, ::2"}; /* NumPy: views, then copies */
    for (int k = 0; k < 5; k++) {
        wt_tensor *v = NULL;
        CHECK_OK(wt_view_slice(t, views[k], &v));
        CHECK_OK(wt_view_ravel(v, &f));
        CHECK(wt_tensor_same_buffer(t, f) == (k < 2));
        CHECK(wt_tensor_is_contiguous(f));
        wt_tensor_free(f), wt_tensor_free(v);
    }
    CHECK_OK(wt_view_flatten(t, &f)); /* flatten: always a copy, as NumPy's */
    CHECK(!wt_tensor_same_buffer(t, f));
    CHECK_DESC(f, 1, ((int64_t[]){12}), ((int64_t[]){1}), 0);
    wt_tensor_free(f);
    CHECK_OK(wt_view_permute(t, 0, NULL, &tr));
    double e[12] = {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11};
    for (int k = 0; k < 2; k++) {
        CHECK_OK(k ? wt_view_flatten(tr, &f) : wt_view_ravel(tr, &f));
        CHECK(!wt_tensor_same_buffer(t, f));
        CHECK(t_equals(f, e));
        wt_tensor_free(f);
    }
    CHECK_OK(wt_view_contiguous(tr, &c));
    CHECK(!wt_tensor_same_buffer(t, c));
    CHECK(wt_tensor_is_contiguous(c));
    CHECK(t_equals(c, e));
    wt_tensor_free(c);
    CHECK_OK(wt_view_slice(t, "1:", &f));
    CHECK_OK(wt_view_contiguous(f, &c)); /* already contiguous: a view, same offset */
    CHECK(wt_tensor_same_buffer(t, c));
    CHECK_EQ(wt_tensor_offset(c), 4);
    wt_tensor_free(c);
    wt_tensor_free(f);
    wt_tensor_free(tr);
    wt_tensor_free(t);
}

void test_views_outlive_base(void) {
    int64_t shape[1] = {10};
    wt_tensor *t = t_arange(WT_FLOAT64, 1, shape), *v;
    int64_t bytes = wt_memory_bytes();
    CHECK_OK(wt_view_slice(t, "::-3", &v));
    wt_tensor_free(t);
    CHECK_EQ(wt_memory_bytes(), bytes); /* the buffer lives on */
    double e[4] = {9, 6, 3, 0};
    CHECK(t_equals(v, e));
    wt_tensor_free(v);
    CHECK_EQ(wt_memory_bytes(), bytes - 80);
}

void test_view_dtype(void) {
    /* float32 [0, 1, 2, 3, 4, 5] as (2, 3), read as int32 / uint8 / float64, as NumPy's .view(dtype) */
    int64_t shape[2] = {2, 4};
    wt_tensor *t = t_arange(WT_FLOAT32, 2, shape), *v = NULL, *w = NULL;
    CHECK_OK(wt_view_dtype(t, WT_INT32, &v));
    CHECK(wt_tensor_same_buffer(t, v));
    CHECK_DESC(v, 2, ((int64_t[]){2, 4}), ((int64_t[]){4, 1}), 0);
    double x;
    CHECK_OK(wt_tensor_get(v, (int64_t[]){0, 1}, &x));
    CHECK(x == 1065353216); /* the bits of 1.0f */
    wt_tensor_free(v);
    CHECK_OK(wt_view_dtype(t, WT_UINT8, &v)); /* the last axis scales by 4 */
    CHECK_DESC(v, 2, ((int64_t[]){2, 16}), ((int64_t[]){16, 1}), 0);
    CHECK_OK(wt_view_dtype(v, WT_FLOAT32, &w)); /* and back */
    CHECK(t_equals(w, (double[]){0, 1, 2, 3, 4, 5, 6, 7}));
    wt_tensor_free(w), wt_tensor_free(v);
    CHECK_OK(wt_view_dtype(t, WT_FLOAT64, &v)); /* two float32 per float64 */
    CHECK_DESC(v, 2, ((int64_t[]){2, 2}), ((int64_t[]){2, 1}), 0);
    wt_tensor_free(v);
    /* a row slice keeps an aligned offset; writing through the view writes t */
    wt_tensor *row = NULL;
    CHECK_OK(wt_view_slice(t, "1", &row));
    CHECK_OK(wt_view_dtype(row, WT_INT16, &v));
    CHECK_DESC(v, 1, ((int64_t[]){8}), ((int64_t[]){1}), 8);
    CHECK_OK(wt_assign_scalar(v, 0));
    CHECK(t_equals(t, (double[]){0, 1, 2, 3, 0, 0, 0, 0}));
    wt_tensor_free(v), wt_tensor_free(row);
    /* what cannot be a view here: NumPy's errors, and byte strides wtensor's element strides cannot hold */
    wt_tensor *tr = NULL, *odd = NULL, *z = NULL;
    CHECK_OK(wt_view_permute(t, 0, NULL, &tr));
    CHECK_ERR(wt_view_dtype(tr, WT_FLOAT64, &v), WT_EINVAL, "needs a contiguous last axis");
    CHECK_OK(wt_view_dtype(tr, WT_UINT32, &v)); /* the same itemsize: any layout */
    wt_tensor_free(v);
    CHECK_OK(wt_view_slice(t, ":, :3", &odd));
    CHECK_ERR(wt_view_dtype(odd, WT_FLOAT64, &v), WT_EINVAL, "last axis of 12 bytes is not a whole number of float64");
    wt_tensor_free(odd);
    CHECK_OK(wt_view_slice(t, ":, 1:3", &odd));
    CHECK_ERR(wt_view_dtype(odd, WT_FLOAT64, &v), WT_EINVAL, "the offset of 4 bytes is not a multiple of float64's 8");
    wt_tensor_free(odd);
    CHECK_ERR(wt_view_dtype(t, WT_BOOL, &v), WT_EDTYPE, "float32 as bool is refused");
    CHECK_ERR(wt_view_dtype(t, WT_NDTYPES, &v), WT_EDTYPE, "invalid dtype code 14");
    CHECK_OK(wt_tensor_zeros(WT_INT32, 0, NULL, &z));
    CHECK_ERR(wt_view_dtype(z, WT_INT8, &v), WT_EINVAL, "a 0-d int32 tensor cannot be viewed as int8");
    CHECK_OK(wt_view_dtype(z, WT_FLOAT32, &v));
    wt_tensor_free(v), wt_tensor_free(z), wt_tensor_free(tr), wt_tensor_free(t);
    /* a size-1 axis may carry any stride: it is never scaled (no overflow, UBSan checks) */
    static float mem[4];
    CHECK_OK(wt_tensor_wrap(mem, sizeof mem, WT_FLOAT32, 2, (int64_t[]){1, 4}, (int64_t[]){INT64_C(1) << 61, 1}, 0, 0,
                            NULL, NULL, &t));
    CHECK_OK(wt_view_dtype(t, WT_FLOAT64, &v));
    CHECK(wt_tensor_shape(v)[1] == 2);
    wt_tensor_free(v), wt_tensor_free(t);
}
