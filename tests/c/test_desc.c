/* test_desc.c — descriptor arithmetic, bounds validation, creation, element access. */
#include "wt_test.h"

void test_shape_checks(void) {
    int64_t size;
    int64_t ok[3] = {2, 3, 4}, neg[2] = {3, -1}, huge[3] = {1LL << 40, 1LL << 40, 8};
    int64_t zero_huge[3] = {1LL << 40, 0, 1LL << 40}, zero_big[3] = {1LL << 30, 0, 1LL << 30};
    CHECK_OK(wt_desc_shape_check(3, ok, &size));
    CHECK_EQ(size, 24);
    CHECK_OK(wt_desc_shape_check(0, NULL, &size));
    CHECK_EQ(size, 1);
    CHECK_ERR(wt_desc_shape_check(2, neg, &size), WT_ESHAPE, "negative dimension -1 at axis 1 in shape (3,-1)");
    CHECK_ERR(wt_desc_shape_check(3, huge, &size), WT_ENOMEM, "more than 2^63 elements");
    /* found by fuzzing the .npy reader: a zero dimension does not excuse the others
    ** (their products are the strides), as NumPy's "array is too big" */
    CHECK_ERR(wt_desc_shape_check(3, zero_huge, &size), WT_ENOMEM,
              "shape (1099511627776,0,1099511627776) is too large");
    CHECK_OK(wt_desc_shape_check(3, zero_big, &size));
    CHECK_EQ(size, 0);
    CHECK_ERR(wt_desc_shape_check(17, ok, &size), WT_ESHAPE, "ndim 17 is out of range (0..16)");
    CHECK_ERR(wt_desc_shape_check(-1, ok, &size), WT_ESHAPE, "ndim -1");
    CHECK_ERR(wt_desc_shape_check(2, NULL, &size), WT_EINVAL, "shape is NULL");
}

void test_desc_contiguity(void) {
    wt_desc d;
    int64_t s[3] = {2, 3, 4};
    CHECK_OK(wt_desc_init(&d, WT_FLOAT32, 3, s));
    CHECK_EQ(d.strides[0], 12);
    CHECK_EQ(d.strides[1], 4);
    CHECK_EQ(d.strides[2], 1);
    CHECK(wt_desc_is_c_contiguous(&d));
    d.strides[0] = 13;
    CHECK(!wt_desc_is_c_contiguous(&d));
    d.shape[0] = 1; /* size-1 axes do not count */
    CHECK(wt_desc_is_c_contiguous(&d));
    d.shape[1] = 0; /* empty tensors are contiguous */
    d.strides[2] = 7;
    CHECK(wt_desc_is_c_contiguous(&d));
    int64_t lo, hi;
    int64_t s2[2] = {3, 4};
    CHECK_OK(wt_desc_init(&d, WT_INT8, 2, s2));
    d.strides[0] = -4, d.strides[1] = 1, d.offset = 8;
    wt_desc_extent(&d, &lo, &hi);
    CHECK_EQ(lo, 0);
    CHECK_EQ(hi, 11);
    /* zero-size shapes still get well-defined strides */
    int64_t s3[3] = {2, 0, 3};
    CHECK_OK(wt_desc_init(&d, WT_INT8, 3, s3));
    CHECK_EQ(d.strides[0], 3);
    CHECK_EQ(d.strides[1], 3);
}

void test_desc_bounds(void) {
    wt_desc d;
    int64_t s[2] = {3, 4};
    CHECK_OK(wt_desc_init(&d, WT_FLOAT32, 2, s));
    CHECK_OK(wt_desc_validate(&d, 48));
    CHECK_ERR(wt_desc_validate(&d, 47), WT_EBOUNDS, "view out of bounds: shape (3,4), strides (4,1), offset 0");
    d.offset = 1;
    CHECK_ERR(wt_desc_validate(&d, 48), WT_EBOUNDS, "buffer of 12 float32 elements");
    d.offset = 11, d.strides[0] = -4, d.strides[1] = -1;
    CHECK_OK(wt_desc_validate(&d, 48));
    d.offset = 10;
    CHECK_ERR(wt_desc_validate(&d, 48), WT_EBOUNDS, "offset 10");
    d.offset = 0, d.strides[0] = INT64_MAX / 2, d.strides[1] = 1;
    CHECK_ERR(wt_desc_validate(&d, 48), WT_EBOUNDS, "out of bounds");
    d.strides[0] = INT64_MAX, d.shape[0] = 3; /* (3-1)*INT64_MAX overflows */
    CHECK_ERR(wt_desc_validate(&d, 48), WT_EBOUNDS, "out of bounds");
    d.shape[0] = 0; /* nothing reachable: any strides are fine */
    CHECK_OK(wt_desc_validate(&d, 0));
    d.offset = -1;
    CHECK_ERR(wt_desc_validate(&d, 0), WT_EBOUNDS, "offset -1");
}

static int released;
static void on_release(void *ctx) { released += *(int *)ctx; }

void test_wrap(void) {
    float mem[12];
    for (int i = 0; i < 12; i++) mem[i] = (float)i;
    int64_t shape[2] = {3, 2}, strides[2] = {-4, 2}, bad_strides[2] = {4, 5};
    int one = 1;
    wt_tensor *t, *v;
    released = 0;
    CHECK_OK(wt_tensor_wrap(mem, sizeof mem, WT_FLOAT32, 2, shape, strides, 8, 0, on_release, &one, &t));
    double expect[6] = {8, 10, 4, 6, 0, 2};
    CHECK(t_equals(t, expect));
    CHECK_EQ(wt_memory_bytes(), 0); /* wrapped memory is not engine-owned */
    CHECK_OK(wt_view_slice(t, "1:", &v));
    wt_tensor_free(t);
    CHECK_EQ(released, 0); /* the view still holds the buffer */
    wt_tensor_free(v);
    CHECK_EQ(released, 1);
    CHECK_ERR(wt_tensor_wrap(mem, sizeof mem, WT_FLOAT32, 2, shape, bad_strides, 0, 0, NULL, NULL, &t), WT_EBOUNDS,
              "strides (4,5)");
    CHECK_ERR(wt_tensor_wrap(mem, sizeof mem, WT_FLOAT32, 2, shape, strides, 0, 0, NULL, NULL, &t), WT_EBOUNDS,
              "offset 0");
    CHECK_ERR(wt_tensor_wrap(NULL, 16, WT_FLOAT32, 0, NULL, NULL, 0, 0, NULL, NULL, &t), WT_EINVAL, "data is NULL");
    CHECK_ERR(wt_tensor_wrap(mem, sizeof mem, WT_FLOAT32, 0, NULL, NULL, 0, 8, NULL, NULL, &t), WT_EINVAL,
              "unknown flags");
    /* read-only wrapping: views inherit it, writes fail */
    CHECK_OK(
        wt_tensor_wrap(mem, sizeof mem, WT_FLOAT32, 1, (int64_t[]){12}, NULL, 0, WT_FLAG_READONLY, NULL, NULL, &t));
    CHECK_OK(wt_view_slice(t, "::2", &v));
    CHECK(wt_tensor_flags(v) & WT_FLAG_READONLY);
    CHECK_ERR(wt_assign_scalar(v, 1), WT_EREADONLY, "read-only");
    CHECK_ERR(wt_tensor_set(v, (int64_t[]){0}, 1), WT_EREADONLY, "read-only");
    CHECK(mem[0] == 0.0f);
    wt_tensor_free(v);
    wt_tensor_free(t);
    /* unaligned wrapped memory works through the byte-wise kernels */
    char raw[1 + 4 * sizeof(double)];
    CHECK_OK(wt_tensor_wrap(raw + 1, 4 * sizeof(double), WT_FLOAT64, 1, (int64_t[]){4}, NULL, 0, 0, NULL, NULL, &t));
    CHECK_OK(wt_assign_scalar(t, 2.5));
    double e4[4] = {2.5, 2.5, 2.5, 2.5};
    CHECK(t_equals(t, e4));
    wt_tensor_free(t);
}

void test_create_fill(void) {
    wt_tensor *t;
    int64_t shape[2] = {2, 3};
    CHECK_OK(wt_tensor_zeros(WT_INT16, 2, shape, &t));
    double z[6] = {0};
    CHECK(t_equals(t, z));
    CHECK_EQ(wt_tensor_flags(t), WT_FLAG_CONTIGUOUS);
    CHECK_EQ((uintptr_t)wt_tensor_data(t) % 16, 0);
    CHECK_EQ(wt_tensor_nbytes(t), 12);
    wt_tensor_free(t);
    /* NumPy 2: np.full(shape, -1, np.uint8) raises OverflowError */
    CHECK_ERR(wt_tensor_full(WT_UINT8, 2, shape, -1, &t), WT_EDTYPE, "full: -1 is out of bounds for uint8");
    /* NaN converts as a cast does: every element written (NaN -> 0) */
    CHECK_OK(wt_tensor_full(WT_INT32, 2, shape, NAN, &t));
    double zn[6] = {0};
    CHECK(t_equals(t, zn));
    wt_tensor_free(t);
    CHECK_OK(wt_tensor_full(WT_UINT8, 2, shape, 255, &t));
    double f[6] = {255, 255, 255, 255, 255, 255};
    CHECK(t_equals(t, f));
    wt_tensor_free(t);
    CHECK_OK(wt_tensor_full(WT_FLOAT32, 2, shape, 0.1, &t));
    double g[6];
    for (int i = 0; i < 6; i++) g[i] = (double)0.1f;
    CHECK(t_equals(t, g));
    wt_tensor_free(t);
    CHECK_ERR(wt_tensor_empty(WT_NDTYPES, 2, shape, &t), WT_EDTYPE, "invalid dtype code 14");
    CHECK_ERR(wt_tensor_zeros(WT_INT8, 2, (int64_t[]){2, -3}, &t), WT_ESHAPE, "negative dimension -3");
    CHECK_ERR(wt_tensor_zeros(WT_INT8, 2, shape, NULL), WT_EINVAL, "output pointer is NULL");
}

void test_get_set(void) {
    int64_t shape[2] = {2, 3};
    wt_tensor *t = t_arange(WT_INT32, 2, shape);
    double v;
    CHECK_OK(wt_tensor_get(t, (int64_t[]){1, 2}, &v));
    CHECK(v == 5);
    CHECK_OK(wt_tensor_get(t, (int64_t[]){-1, -3}, &v));
    CHECK(v == 3);
    CHECK_ERR(wt_tensor_get(t, (int64_t[]){2, 0}, &v), WT_EINDEX, "index 2 is out of bounds for axis 0 with size 2");
    CHECK_ERR(wt_tensor_get(t, (int64_t[]){0, -4}, &v), WT_EINDEX, "index -4 is out of bounds for axis 1 with size 3");
    CHECK_ERR(wt_tensor_get(t, NULL, &v), WT_EINVAL, "index is NULL");
    CHECK_OK(wt_tensor_set(t, (int64_t[]){0, 1}, -7.9));
    CHECK_OK(wt_tensor_get(t, (int64_t[]){0, 1}, &v));
    CHECK(v == -7);
    wt_tensor_free(t);
}

void test_zero_d_and_empty(void) {
    wt_tensor *t = NULL, *v = NULL;
    CHECK_OK(wt_tensor_full(WT_FLOAT64, 0, NULL, 3.25, &t));
    CHECK_EQ(wt_tensor_ndim(t), 0);
    CHECK_EQ(wt_tensor_size(t), 1);
    double x;
    CHECK_OK(wt_tensor_get(t, NULL, &x));
    CHECK(x == 3.25);
    CHECK_OK(wt_view_reshape(t, 2, (int64_t[]){1, 1}, &v));
    CHECK(wt_tensor_same_buffer(t, v));
    CHECK_OK(wt_assign_scalar(v, -1));
    CHECK_OK(wt_tensor_get(t, NULL, &x));
    CHECK(x == -1);
    wt_tensor_free(v);
    CHECK_OK(wt_view_permute(t, 0, NULL, &v)); /* transposing a 0-d tensor */
    CHECK_EQ(wt_tensor_ndim(v), 0);
    wt_tensor_free(v);
    wt_tensor_free(t);
    /* size-0 tensors: no storage, every op still well defined */
    int64_t shape[3] = {4, 0, 3};
    CHECK_OK(wt_tensor_zeros(WT_INT32, 3, shape, &t));
    CHECK_EQ(wt_tensor_size(t), 0);
    CHECK_EQ(wt_tensor_nbytes(t), 0);
    CHECK(wt_tensor_is_contiguous(t));
    CHECK_OK(wt_assign_scalar(t, 5));
    CHECK_OK(wt_view_slice(t, "::-1, :, 1", &v));
    CHECK_EQ(wt_tensor_size(v), 0);
    wt_tensor_free(v);
    CHECK_OK(wt_view_reshape(t, 2, (int64_t[]){0, 7}, &v));
    CHECK(wt_tensor_same_buffer(t, v));
    wt_tensor_free(v);
    CHECK_ERR(wt_view_reshape(t, 2, (int64_t[]){0, -1}, &v), WT_ESHAPE,
              "cannot reshape tensor of size 0 into shape (0,-1)");
    CHECK_OK(wt_copy(t, &v));
    CHECK_EQ(wt_tensor_size(v), 0);
    wt_tensor_free(v);
    wt_tensor_free(t);
}

/* adopting bytes inside a tensor's storage: shared, kept alive, checked */
void test_adopt(void) {
    wt_tensor *base = t_arange(WT_FLOAT32, 1, (int64_t[]){12}), *t = NULL, *u = NULL;
    const float *f = wt_tensor_data(base);
    int64_t bytes_before = wt_memory_bytes();
    /* elements 2..9 as (2,4) read through transposed strides: {2,6}, {3,7}, ... */
    CHECK_OK(wt_tensor_adopt(f + 2, 8 * sizeof(float), WT_FLOAT32, 2, (int64_t[]){4, 2}, (int64_t[]){1, 4}, 0, 0, &t));
    double expect[8] = {2, 6, 3, 7, 4, 8, 5, 9};
    CHECK(t_equals(t, expect));
    CHECK(wt_tensor_same_buffer(t, base));
    CHECK_EQ(wt_memory_bytes(), bytes_before); /* no copy */
    /* writes go through to the storage, and it outlives the handle it came from */
    CHECK_OK(wt_tensor_set(t, (int64_t[]){0, 0}, -1));
    wt_tensor_free(base);
    CHECK_EQ(wt_memory_bytes(), bytes_before);
    double v;
    CHECK_OK(wt_tensor_get(t, (int64_t[]){0, 0}, &v));
    CHECK(v == -1);
    /* another dtype over the same bytes, read-only */
    CHECK_OK(wt_tensor_adopt(f, 12 * sizeof(float), WT_INT32, 1, (int64_t[]){12}, NULL, 0, WT_FLAG_READONLY, &u));
    CHECK_ERR(wt_assign_scalar(u, 0), WT_EREADONLY, "read-only");
    wt_tensor_free(u);
    u = NULL; /* the failures below must leave it untouched */
    /* the descriptor must stay inside the region; the region inside one storage */
    CHECK_ERR(wt_tensor_adopt(f + 2, 8 * sizeof(float), WT_FLOAT32, 1, (int64_t[]){9}, NULL, 0, 0, &u), WT_EBOUNDS, "");
    CHECK_ERR(wt_tensor_adopt(f + 2, 11 * sizeof(float), WT_FLOAT32, 1, (int64_t[]){11}, NULL, 0, 0, &u), WT_EBOUNDS,
              "no tensor storage of this engine holds the 44 bytes");
    CHECK_ERR(wt_tensor_adopt((const char *)f + 1, 8, WT_FLOAT32, 1, (int64_t[]){2}, NULL, 0, 0, &u), WT_EINVAL,
              "1 bytes into its storage, not on a float32 element boundary");
    float stack[4] = {0};
    CHECK_ERR(wt_tensor_adopt(stack, sizeof stack, WT_FLOAT32, 1, (int64_t[]){4}, NULL, 0, 0, &u), WT_EBOUNDS,
              "no tensor storage");
    void *raw = wt_malloc(16); /* wt_malloc memory is not storage: it is wrapped, not adopted */
    CHECK_ERR(wt_tensor_adopt(raw, 16, WT_FLOAT32, 1, (int64_t[]){4}, NULL, 0, 0, &u), WT_EBOUNDS, "no tensor storage");
    wt_free(raw);
    CHECK_ERR(wt_tensor_adopt(f, 8, WT_FLOAT32, 1, (int64_t[]){2}, NULL, 0, 4, &u), WT_EINVAL, "unknown flags");
    CHECK(u == NULL);
    /* once the last handle goes, the storage is no longer listed */
    const void *gone = f;
    wt_tensor_free(t);
    CHECK_ERR(wt_tensor_adopt(gone, 4, WT_FLOAT32, 0, NULL, NULL, 0, 0, &u), WT_EBOUNDS, "no tensor storage");
}

void test_share_attach(void) {
    int64_t t0 = wt_memory_tensors(), b0 = wt_memory_bytes();
    wt_tensor *a = t_arange(WT_INT16, 2, (int64_t[]){2, 3}), *ticket = NULL, *b = NULL, *c = NULL;
    CHECK_OK(wt_tensor_share(a, &ticket));
    CHECK(ticket != a && wt_tensor_same_buffer(ticket, a));
    CHECK_EQ(wt_memory_tensors(), t0 + 2); /* the ticket is a handle, waiting */
    wt_tensor_free(a);                     /* the ticket keeps the buffer */
    CHECK_OK(wt_tensor_attach(ticket, &b));
    CHECK(b == ticket);
    CHECK(t_equals(b, (double[]){0, 1, 2, 3, 4, 5}));
    /* once only; and a pointer that is no waiting ticket is refused without being followed */
    CHECK_ERR(wt_tensor_attach(ticket, &c), WT_EINVAL, "is not a shared tensor waiting to be attached");
    CHECK_ERR(wt_tensor_attach((wt_tensor *)&c, &c), WT_EINVAL, "never shared, or attached already");
    CHECK_ERR(wt_tensor_attach(NULL, &c), WT_EINVAL, "not a shared tensor");
    CHECK(c == NULL);
    CHECK_ERR(wt_tensor_attach(b, NULL), WT_EINVAL, "output pointer");
    CHECK_ERR(wt_tensor_share(NULL, &c), WT_EINVAL, "tensor is NULL");
    CHECK_ERR(wt_tensor_share(b, NULL), WT_EINVAL, "ticket pointer is NULL");
    /* tickets are found among several, in any order */
    wt_tensor *t1, *t2, *x1, *x2;
    CHECK_OK(wt_tensor_share(b, &t1));
    CHECK_OK(wt_tensor_share(b, &t2));
    CHECK_OK(wt_tensor_attach(t1, &x1));
    CHECK_OK(wt_tensor_attach(t2, &x2));
    CHECK(x1 == t1 && x2 == t2);
    wt_tensor_free(x1);
    wt_tensor_free(x2);
    wt_tensor_free(b);
    CHECK_EQ(wt_memory_tensors(), t0);
    CHECK_EQ(wt_memory_bytes(), b0);
    /* one thread outside the threaded wasm build */
    CHECK(wt_thread_boot() == NULL && wt_thread_attach(4096) == NULL);
}
