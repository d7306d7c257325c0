/* test_assign.c — casting (NumPy fixtures), broadcast, overlap, atomic failure. */
#include "wt_test.h"
#include "fixtures_numpy.h"

/* a 1-d tensor of n elements given by their bytes (little-endian), one
** 64-bit word per element (two for complex128) */
static wt_tensor *from_bits(int dtype, int64_t n, const uint64_t *bits) {
    wt_tensor *t = NULL;
    size_t z = wt_dtype_size(dtype), words = z > 8 ? z / 8 : 1;
    if (wt_tensor_empty(dtype, 1, &n, &t)) return NULL;
    for (int64_t i = 0; i < n; i++) memcpy((char *)wt_tensor_data(t) + i * z, &bits[i * words], z);
    return t;
}

/* t's values equal the elements given by their bytes: exactly, NaN matching any NaN */
static int equals_bits(const wt_tensor *t, const uint64_t *bits) {
    wt_tensor *want = from_bits(wt_tensor_dtype(t), wt_tensor_size(t), bits), *c = NULL;
    int ok = want && !wt_view_contiguous(t, &c);
    size_t z = wt_dtype_size(wt_tensor_dtype(t));
    for (int64_t i = 0; ok && i < wt_tensor_size(t); i++) {
        const char *p = (const char *)wt_tensor_data(c) + i * z, *q = (const char *)wt_tensor_data(want) + i * z;
        if (memcmp(p, q, z) == 0) continue;
        wt_c128 x, y; /* every dtype's values as complex128: a NaN part matches a NaN part */
        wt_cast_one(wt_tensor_dtype(t), p, WT_COMPLEX128, &x), wt_cast_one(wt_tensor_dtype(t), q, WT_COMPLEX128, &y);
        double a = x.re, b = y.re;
        ok = (x.re == y.re || (isnan(x.re) && isnan(y.re))) && (x.im == y.im || (isnan(x.im) && isnan(y.im)));
        if (!ok) printf("  element %lld: got %.17g, expected %.17g\n", (long long)i, a, b);
    }
    wt_tensor_free(c);
    wt_tensor_free(want);
    return ok;
}

void test_cast_fixture(void) {
    for (size_t i = 0; i < sizeof fx_cast / sizeof fx_cast[0]; i++) {
        const fx_cast_case *c = &fx_cast[i];
        int64_t n = c->n;
        wt_tensor *src = from_bits(c->from, n, c->src), *dst = NULL, *strided = NULL, *big = NULL;
        CHECK_OK(wt_astype(src, c->to, &dst));
        if (!equals_bits(dst, c->dst))
            wt_t_fail(__FILE__, __LINE__, "cast %s -> %s differs from NumPy", wt_dtype_name(c->from),
                      wt_dtype_name(c->to));
        /* the same through a strided, reversed destination */
        int64_t n2 = 2 * n;
        CHECK_OK(wt_tensor_zeros(c->to, 1, &n2, &big));
        CHECK_OK(wt_view_slice(big, "::-2", &strided));
        wt_tensor *rsrc;
        CHECK_OK(wt_view_slice(src, "::-1", &rsrc));
        CHECK_OK(wt_assign(strided, rsrc));
        wt_tensor *back;
        CHECK_OK(wt_view_slice(strided, "::-1", &back));
        if (!equals_bits(back, c->dst))
            wt_t_fail(__FILE__, __LINE__, "strided cast %s -> %s differs", wt_dtype_name(c->from),
                      wt_dtype_name(c->to));
        wt_tensor_free(back);
        wt_tensor_free(rsrc);
        wt_tensor_free(strided);
        wt_tensor_free(big);
        wt_tensor_free(dst);
        wt_tensor_free(src);
    }
}

/* wtensor's rules where NumPy's C casts are undefined */
void test_cast_rules(void) {
    double src[6] = {NAN, INFINITY, -INFINITY, 1e300, 3e9, -2.5e9};
    int64_t n = 6;
    wt_tensor *s = t_from(WT_FLOAT64, 1, &n, src), *d;
    CHECK_OK(wt_astype(s, WT_INT32, &d));
    double e32[6] = {
        0, 0, 0, 0, (double)(int32_t)(uint32_t)3000000000u, (double)(int32_t)(uint32_t)(int64_t)-2500000000LL};
    CHECK(t_equals(d, e32));
    wt_tensor_free(d);
    CHECK_OK(wt_astype(s, WT_BOOL, &d));
    double eb[6] = {1, 1, 1, 1, 1, 1};
    CHECK(t_equals(d, eb));
    wt_tensor_free(d);
    CHECK_OK(wt_astype(s, WT_FLOAT32, &d));
    double ef[6] = {NAN, INFINITY, -INFINITY, INFINITY, 3e9, -2.5e9};
    CHECK(t_equals(d, ef));
    wt_tensor_free(d);
    wt_tensor_free(s);
}

void test_assign_broadcast(void) {
    int64_t shape[2] = {3, 4}, row[1] = {4}, col[2] = {3, 1};
    wt_tensor *dst, *r = t_arange(WT_INT32, 1, row), *c = t_arange(WT_FLOAT64, 2, col), *tr;
    CHECK_OK(wt_tensor_zeros(WT_FLOAT32, 2, shape, &dst));
    CHECK_OK(wt_assign(dst, r));
    double e1[12] = {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3};
    CHECK(t_equals(dst, e1));
    CHECK_OK(wt_assign(dst, c));
    double e2[12] = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2};
    CHECK(t_equals(dst, e2));
    /* into a transposed (strided) destination */
    CHECK_OK(wt_view_permute(dst, 0, NULL, &tr));
    wt_tensor *r3;
    int64_t three[1] = {3};
    r3 = t_arange(WT_UINT8, 1, three);
    CHECK_OK(wt_assign(tr, r3));
    double e3[12] = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2};
    CHECK(t_equals(dst, e3));
    /* a 0-d source fills */
    wt_tensor *z;
    CHECK_OK(wt_tensor_full(WT_INT8, 0, NULL, -3, &z));
    CHECK_OK(wt_assign(tr, z));
    double e4[12] = {-3, -3, -3, -3, -3, -3, -3, -3, -3, -3, -3, -3};
    CHECK(t_equals(dst, e4));
    wt_tensor_free(z);
    wt_tensor_free(r3);
    wt_tensor_free(tr);
    wt_tensor_free(dst);
    wt_tensor_free(r);
    wt_tensor_free(c);
}

void test_assign_overlap(void) {
    int64_t n = 8;
    wt_tensor *a = t_arange(WT_INT32, 1, &n), *lo, *hi;
    /* a[1:] = a[:-1]: a forward element loop would smear a[0] everywhere */
    CHECK_OK(wt_view_slice(a, "1:", &hi));
    CHECK_OK(wt_view_slice(a, ":-1", &lo));
    CHECK_OK(wt_assign(hi, lo));
    double e1[8] = {0, 0, 1, 2, 3, 4, 5, 6};
    CHECK(t_equals(a, e1));
    /* a[:-1] = a[1:] */
    CHECK_OK(wt_assign(lo, hi));
    double e2[8] = {0, 1, 2, 3, 4, 5, 6, 6};
    CHECK(t_equals(a, e2));
    wt_tensor_free(lo);
    wt_tensor_free(hi);
    /* a = a[::-1] in place */
    wt_tensor *rev;
    CHECK_OK(wt_view_slice(a, "::-1", &rev));
    CHECK_OK(wt_assign(a, rev));
    double e3[8] = {6, 6, 5, 4, 3, 2, 1, 0};
    CHECK(t_equals(a, e3));
    wt_tensor_free(rev);
    wt_tensor_free(a);
    /* m = m.T on a square matrix, and a cast between views of one buffer */
    int64_t sq[2] = {3, 3};
    wt_tensor *m = t_arange(WT_FLOAT64, 2, sq), *mt;
    CHECK_OK(wt_view_permute(m, 0, NULL, &mt));
    CHECK_OK(wt_assign(m, mt));
    double e4[9] = {0, 3, 6, 1, 4, 7, 2, 5, 8};
    CHECK(t_equals(m, e4));
    wt_tensor_free(mt);
    wt_tensor_free(m);
    /* the same memory seen as two dtypes (wrapped twice) */
    int32_t mem[4] = {1, 2, 3, 4};
    wt_tensor *as_i32, *as_u8;
    CHECK_OK(wt_tensor_wrap(mem, sizeof mem, WT_INT32, 1, (int64_t[]){4}, NULL, 0, 0, NULL, NULL, &as_i32));
    CHECK_OK(wt_tensor_wrap(mem, sizeof mem, WT_UINT8, 1, (int64_t[]){16}, NULL, 0, 0, NULL, NULL, &as_u8));
    wt_tensor *first4;
    CHECK_OK(wt_view_slice(as_u8, ":4", &first4));
    CHECK_OK(wt_assign(as_i32, first4)); /* reads bytes 0..3 = 1,0,0,0 before they change */
    CHECK(mem[0] == 1 && mem[1] == 0 && mem[2] == 0 && mem[3] == 0);
    wt_tensor_free(first4);
    wt_tensor_free(as_u8);
    wt_tensor_free(as_i32);
}

void test_assign_errors_leave_dst(void) {
    int64_t shape[2] = {3, 4}, bad[2] = {5, 4}, big[3] = {2, 3, 4};
    wt_tensor *dst = t_arange(WT_INT16, 2, shape), *s1 = t_arange(WT_INT16, 2, bad), *s2 = t_arange(WT_INT16, 3, big);
    double before[12] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    CHECK_ERR(wt_assign(dst, s1), WT_ESHAPE, "assign: cannot broadcast shape (5,4) to (3,4)");
    CHECK_ERR(wt_assign(dst, s2), WT_ESHAPE, "the source has more dimensions");
    CHECK_ERR(wt_assign(dst, NULL), WT_EINVAL, "source is NULL");
    CHECK_ERR(wt_assign(NULL, s1), WT_EINVAL, "destination is NULL");
    CHECK(t_equals(dst, before));
    /* an allocation failure for the overlap copy also leaves dst unchanged */
    wt_tensor *rev;
    CHECK_OK(wt_view_slice(dst, "::-1", &rev));
    wt_tensor_debug_fail_alloc_after(1);
    CHECK_ERR(wt_assign(dst, rev), WT_ENOMEM, "out of memory");
    wt_tensor_debug_fail_alloc_after(0);
    CHECK(t_equals(dst, before));
    wt_tensor_free(rev);
    wt_tensor_free(dst);
    wt_tensor_free(s1);
    wt_tensor_free(s2);
}

void test_assign_scalar(void) {
    int64_t n = 3;
    struct {
        int dtype;
        double v, expect;
    } cases[] = {
        {WT_UINT8, -1, 255},
        {WT_INT8, 300, 44},
        {WT_INT8, -129, 127},
        {WT_INT32, 2.7, 2},
        {WT_INT32, -2.7, -2},
        {WT_UINT16, 65537, 1},
        {WT_BOOL, NAN, 1},
        {WT_BOOL, -0.0, 0},
        {WT_BOOL, 0.1, 1},
        {WT_UINT32, -1, 4294967295.0},
        {WT_FLOAT32, 0.1, (double)0.1f},
        {WT_FLOAT64, -0.0, -0.0},
        {WT_INT16, NAN, 0},
        {WT_UINT8, 255.9, 255},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        wt_tensor *t;
        CHECK_OK(wt_tensor_zeros(cases[i].dtype, 1, &n, &t));
        CHECK_OK(wt_assign_scalar(t, cases[i].v));
        double e[3] = {cases[i].expect, cases[i].expect, cases[i].expect};
        if (!t_equals(t, e))
            wt_t_fail(__FILE__, __LINE__, "assign %g to %s", cases[i].v, wt_dtype_name(cases[i].dtype));
        wt_tensor_free(t);
    }
    CHECK_ERR(wt_assign_scalar(NULL, 1), WT_EINVAL, "destination is NULL");
}

void test_astype_copy(void) {
    int64_t shape[2] = {2, 3};
    wt_tensor *t = t_arange(WT_FLOAT32, 2, shape), *v, *c, *a;
    CHECK_OK(wt_view_slice(t, ":, ::-2", &v));
    CHECK_OK(wt_copy(v, &c));
    CHECK(!wt_tensor_same_buffer(v, c));
    CHECK(wt_tensor_is_contiguous(c));
    CHECK_EQ(wt_tensor_dtype(c), WT_FLOAT32);
    double e[4] = {2, 0, 5, 3};
    CHECK(t_equals(c, e));
    CHECK_OK(wt_astype(v, WT_UINT8, &a));
    CHECK_EQ(wt_tensor_dtype(a), WT_UINT8);
    CHECK(t_equals(a, e));
    CHECK_ERR(wt_astype(v, 77, &c), WT_EDTYPE, "invalid dtype code 77");
    wt_tensor_free(a);
    wt_tensor_free(c);
    wt_tensor_free(v);
    wt_tensor_free(t);
}

static void check_line(const fx_line_case *c, wt_tensor *t, const char *what) {
    if (!t) return;
    CHECK_EQ(wt_tensor_dtype(t), c->dtype);
    CHECK_EQ(wt_tensor_size(t), c->n);
    if (!t_equals(t, c->values))
        wt_t_fail(__FILE__, __LINE__, "%s(%g, %g, %g) differs from NumPy", what, c->a, c->b, c->c);
    wt_tensor_free(t);
}

void test_arange(void) {
    for (size_t i = 0; i < sizeof fx_arange / sizeof fx_arange[0]; i++) {
        wt_tensor *t = NULL;
        CHECK_OK(wt_tensor_arange(fx_arange[i].a, fx_arange[i].b, fx_arange[i].c, fx_arange[i].dtype, &t));
        check_line(&fx_arange[i], t, "arange");
    }
    wt_tensor *t = NULL;
    CHECK_ERR(wt_tensor_arange(0, 1, 0, WT_FLOAT32, &t), WT_EINVAL, "step cannot be zero");
    CHECK_ERR(wt_tensor_arange(0, INFINITY, 1, WT_FLOAT32, &t), WT_EINVAL, "must be finite");
    CHECK_ERR(wt_tensor_arange(0, 1e300, 1, WT_FLOAT32, &t), WT_ENOMEM, "too many elements");
    CHECK_ERR(wt_tensor_arange(0, 1e18, 1, WT_FLOAT32, &t), WT_ENOMEM, "out of memory");
    CHECK_ERR(wt_tensor_arange(0, 3, 1, 42, &t), WT_EDTYPE, "invalid dtype code 42");
    CHECK(t == NULL);
}

void test_linspace(void) {
    for (size_t i = 0; i < sizeof fx_linspace / sizeof fx_linspace[0]; i++) {
        wt_tensor *t = NULL;
        CHECK_OK(wt_tensor_linspace(fx_linspace[i].a, fx_linspace[i].b, (int64_t)fx_linspace[i].c, fx_linspace[i].e,
                                    fx_linspace[i].dtype, &t));
        check_line(&fx_linspace[i], t, "linspace");
    }
    wt_tensor *t = NULL;
    CHECK_ERR(wt_tensor_linspace(0, 1, -1, 1, WT_FLOAT64, &t), WT_EINVAL,
              "number of samples, -1, must be non-negative");
    CHECK_ERR(wt_tensor_linspace(NAN, 1, 3, 1, WT_FLOAT64, &t), WT_EINVAL, "must be finite");
}

void test_eye(void) {
    wt_tensor *t = NULL;
    CHECK_OK(wt_tensor_eye(3, 4, 1, WT_FLOAT32, &t));
    double e[12] = {0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    CHECK(t_equals(t, e));
    wt_tensor_free(t);
    CHECK_OK(wt_tensor_eye(2, 2, -5, WT_INT8, &t));
    double z[4] = {0};
    CHECK(t_equals(t, z));
    wt_tensor_free(t);
    CHECK_ERR(wt_tensor_eye(-1, 2, 0, WT_INT8, &t), WT_ESHAPE, "negative dimension -1");
}

/* float16, exhaustively: every one of the 65536 bit patterns survives half ->
** float -> half (NaN stays NaN); between every two neighbouring finite halves
** the midpoint rounds to the one with an even last bit, and a hair either side
** of it to the nearer; past 65504 + 16 is infinity */
void test_half_conversions(void) {
    int bad = 0;
    for (uint32_t h = 0; h < 0x10000 && bad < 5; h++) {
        float f = wt_half_to_float((uint16_t)h);
        uint16_t back = wt_half_from_double(f);
        bool nan = ((h >> 10) & 31) == 31 && (h & 1023);
        if (nan ? !(f != f) || (back & 0x7c00) != 0x7c00 || !(back & 1023) : back != h)
            wt_t_fail(__FILE__, __LINE__, "half %04x -> %g -> %04x", h, (double)f, back), bad++;
        if (nan || (h & 0x7fff) >= 0x7bff) continue; /* the next finite half up from h (same sign) */
        double a = wt_half_to_float((uint16_t)h), b = wt_half_to_float((uint16_t)(h + 1)), mid = (a + b) / 2;
        uint16_t even = (h & 1) ? (uint16_t)(h + 1) : (uint16_t)h;
        if (wt_half_from_double(mid) != even || wt_half_from_double(nextafter(mid, a)) != h ||
            wt_half_from_double(nextafter(mid, b)) != (uint16_t)(h + 1))
            wt_t_fail(__FILE__, __LINE__, "rounding between halves %04x and %04x", h, h + 1), bad++;
    }
    /* the SIMD float16 -> float32 kernel gives the reference's bits for every pattern, NaN payloads too */
    static uint16_t all[0x10000];
    static float fast[0x10000], ref[0x10000];
    for (uint32_t h = 0; h < 0x10000; h++) all[h] = (uint16_t)h;
    wt_cast_get(WT_FLOAT16, WT_FLOAT32)((const char *)all, 2, (char *)fast, 4, 0x10000);
    wt_cast_get_ref(WT_FLOAT16, WT_FLOAT32)((const char *)all, 2, (char *)ref, 4, 0x10000);
    CHECK(memcmp(fast, ref, sizeof fast) == 0);
    /* and the SIMD float32 -> float16 kernel on every half, its float32 neighbours and the midpoints */
    static float around[0x10000 * 4];
    static uint16_t h_fast[0x10000 * 4], h_ref[0x10000 * 4];
    for (uint32_t h = 0; h < 0x10000; h++) {
        float f = wt_half_to_float((uint16_t)h), g = wt_half_to_float((uint16_t)(h + 1 < 0x10000 ? h + 1 : h));
        around[4 * h] = f, around[4 * h + 1] = nextafterf(f, INFINITY), around[4 * h + 2] = nextafterf(f, -INFINITY);
        around[4 * h + 3] = (float)(((double)f + (double)g) / 2);
    }
    wt_cast_get(WT_FLOAT32, WT_FLOAT16)((const char *)around, 4, (char *)h_fast, 2, 0x10000 * 4);
    wt_cast_get_ref(WT_FLOAT32, WT_FLOAT16)((const char *)around, 4, (char *)h_ref, 2, 0x10000 * 4);
    CHECK(memcmp(h_fast, h_ref, sizeof h_fast) == 0);
    CHECK_EQ(wt_half_from_double(65519.99), 0x7bff);
    CHECK_EQ(wt_half_from_double(65520), 0x7c00);
    CHECK_EQ(wt_half_from_double(-1e300), 0xfc00);
    CHECK_EQ(wt_half_from_double(0x1p-25), 0);   /* half the least subnormal: ties to 0 */
    CHECK_EQ(wt_half_from_double(0x1.8p-25), 1); /* past it: the least subnormal */
    CHECK_EQ(wt_half_from_double(-0.0), 0x8000);
    CHECK_EQ(wt_half_from_double(0x1.ffcp-15),
             0x400); /* the largest subnormal's neighbour rounds up to the least normal */
}

/* ufunc.at: each selected element combined in order, repeats accumulating */
void test_index_apply(void) {
    wt_tensor *x = NULL, *i = NULL, *v = NULL, *ro = NULL;
    CHECK_OK(wt_tensor_zeros(WT_INT32, 1, (int64_t[]){5}, &x));
    i = t_from(WT_INT64, 1, (int64_t[]){6}, (double[]){0, 1, 1, -1, 1, 4});
    const wt_tensor *ts[1] = {i};
    CHECK_OK(wt_index_apply(WT_OP_ADD, x, "@", 1, ts, NULL, 2)); /* the weak scalar 2 */
    CHECK(t_equals(x, (double[]){2, 6, 0, 0, 4}));
    v = t_from(WT_INT32, 1, (int64_t[]){6}, (double[]){1, 10, 100, 1000, 10000, 7});
    CHECK_OK(wt_index_apply(WT_OP_SUB, x, "@", 1, ts, v, 0)); /* in order: x[1] - 10 - 100 - 10000 */
    CHECK(t_equals(x, (double[]){1, -10104, 0, 0, -1003}));
    CHECK_OK(wt_index_apply(WT_OP_NEG, x, "@", 1, ts, NULL, 0)); /* unary: x[1] negated three times, x[4] twice */
    CHECK(t_equals(x, (double[]){-1, 10104, 0, 0, -1003}));
    /* refusals leave x as it was */
    wt_tensor *bad = t_from(WT_INT64, 1, (int64_t[]){2}, (double[]){0, 5});
    const wt_tensor *bts[1] = {bad};
    CHECK_ERR(wt_index_apply(WT_OP_ADD, x, "@", 1, bts, NULL, 1), WT_EINDEX, "index 5 is out of bounds");
    CHECK_ERR(wt_index_apply(WT_OP_ADD, x, "@", 1, bts, NULL, 1.5), WT_EINDEX, "out of bounds");
    CHECK_ERR(wt_index_apply(WT_OP_NEG, x, "@", 1, ts, v, 0), WT_EINVAL, "takes no value");
    CHECK_ERR(wt_index_apply(WT_OP_WHERE, x, "@", 1, ts, v, 0), WT_EINVAL, "not a unary or binary");
    wt_tensor *v3 = t_from(WT_INT32, 1, (int64_t[]){3}, (double[]){1, 2, 3});
    CHECK_ERR(wt_index_apply(WT_OP_ADD, x, "@", 1, ts, v3, 0), WT_ESHAPE, "");
    CHECK(t_equals(x, (double[]){-1, 10104, 0, 0, -1003}));
    CHECK_OK(wt_view_broadcast_to(x, 1, (int64_t[]){5}, &ro));
    CHECK_ERR(wt_index_apply(WT_OP_ADD, ro, "@", 1, ts, NULL, 1), WT_EREADONLY, "read-only");
    /* rows selected along axis 0 of a 2-D tensor, values broadcast along them; a basic index is one pass */
    wt_tensor *m = NULL, *r = t_from(WT_INT32, 1, (int64_t[]){3}, (double[]){2, 0, 2});
    CHECK_OK(wt_tensor_zeros(WT_FLOAT32, 2, (int64_t[]){3, 2}, &m));
    const wt_tensor *rts[1] = {r};
    wt_tensor *row = t_from(WT_FLOAT32, 1, (int64_t[]){2}, (double[]){0.5, -1});
    CHECK_OK(wt_index_apply(WT_OP_ADD, m, "@, :", 1, rts, row, 0));
    CHECK(t_equals(m, (double[]){0.5, -1, 0, 0, 1, -2}));
    CHECK_OK(wt_index_apply(WT_OP_MUL, m, "::2, 1", 0, NULL, NULL, 3));
    CHECK(t_equals(m, (double[]){0.5, -3, 0, 0, 1, -6}));
    CHECK_ERR(wt_index_apply(WT_OP_MAXIMUM, m, ":, @", 1, rts, NULL, 0.75), WT_EINDEX, "axis 1 with size 2");
    CHECK(t_equals(m, (double[]){0.5, -3, 0, 0, 1, -6}));
    wt_tensor *c = t_from(WT_INT32, 1, (int64_t[]){3}, (double[]){1, 0, 1});
    const wt_tensor *cts[1] = {c};
    CHECK_OK(wt_index_apply(WT_OP_MAXIMUM, m, ":, @", 1, cts, NULL, 0.75));
    CHECK(t_equals(m, (double[]){0.75, 0.75, 0.75, 0.75, 1, 0.75}));
    /* the result goes in unsafely, as NumPy's: 1 + 1.5 truncates to 2, then 2 + 1.5 to 3 */
    wt_tensor *k8 = NULL, *k0 = t_from(WT_INT64, 1, (int64_t[]){2}, (double[]){0, 0});
    const wt_tensor *k0s[1] = {k0};
    CHECK_OK(wt_tensor_zeros(WT_INT8, 1, (int64_t[]){1}, &k8));
    CHECK_OK(wt_index_apply(WT_OP_ADD, k8, "@", 1, k0s, NULL, 1.5));
    CHECK(t_equals(k8, (double[]){2}));
    CHECK_OK(wt_index_apply(WT_OP_ADD, k8, ":", 0, NULL, NULL, 1.5)); /* a basic index: one pass, as unsafe */
    CHECK(t_equals(k8, (double[]){3}));
    wt_tensor_free(k8), wt_tensor_free(k0);
    /* float16 rounds each step: 2048 + 1 + 1 stays 2048 one at a time */
    wt_tensor *h = t_from(WT_FLOAT16, 1, (int64_t[]){1}, (double[]){2048});
    wt_tensor *z = t_from(WT_INT64, 1, (int64_t[]){2}, (double[]){0, 0});
    const wt_tensor *zts[1] = {z};
    CHECK_OK(wt_index_apply(WT_OP_ADD, h, "@", 1, zts, NULL, 1));
    CHECK(t_equals(h, (double[]){2048}));
    wt_error_clear();
    wt_tensor_free(h), wt_tensor_free(z), wt_tensor_free(c), wt_tensor_free(row), wt_tensor_free(r);
    wt_tensor_free(m), wt_tensor_free(ro), wt_tensor_free(v3), wt_tensor_free(bad);
    wt_tensor_free(v), wt_tensor_free(i), wt_tensor_free(x);
}
