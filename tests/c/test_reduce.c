/* test_reduce.c — reductions against nested-loop references, accuracy,
** empty extents, argmax/argmin, errors. */
#include "wt_test.h"
#include "ops.h"

/* reference: fold the elements of x whose index matches `at` on kept axes */
static double ref_reduce(int rop, const wt_tensor *x, const bool *red, const int64_t *at, int64_t *arg) {
    int nd = wt_tensor_ndim(x);
    const int64_t *shape = wt_tensor_shape(x);
    int64_t idx[WT_MAX_DIMS], total = wt_tensor_size(x), count = 0;
    double acc = rop == WT_REDUCE_PROD || rop == WT_REDUCE_ALL ? 1
                 : rop == WT_REDUCE_MAX                        ? -INFINITY
                 : rop == WT_REDUCE_MIN                        ? INFINITY
                                                               : 0;
    uint32_t iacc = rop == WT_REDUCE_PROD ? 1 : 0;
    bool is_int = !wt_dtype_is_float(wt_tensor_dtype(x));
    double best = NAN;
    *arg = -1;
    memset(idx, 0, sizeof idx);
    for (int64_t e = 0; e < total; e++) {
        bool match = true;
        for (int i = 0; i < nd; i++) match &= red[i] || idx[i] == at[i];
        if (match) {
            double v;
            wt_tensor_get(x, idx, &v);
            switch (rop) {
            case WT_REDUCE_SUM:
            case WT_REDUCE_MEAN: acc += v, iacc += is_int ? (uint32_t)(int64_t)v : 0; break;
            case WT_REDUCE_PROD: acc *= v, iacc *= is_int ? (uint32_t)(int64_t)v : 1; break;
            case WT_REDUCE_MAX: acc = isnan(acc) || isnan(v) ? NAN : fmax(acc, v); break;
            case WT_REDUCE_MIN: acc = isnan(acc) || isnan(v) ? NAN : fmin(acc, v); break;
            case WT_REDUCE_ANY: acc = acc || v != 0; break;
            case WT_REDUCE_ALL: acc = acc && v != 0; break;
            default: /* argmax / argmin over the single reduced axis */
                if (*arg < 0 || (!isnan(best) && (isnan(v) || (rop == WT_REDUCE_ARGMAX ? v > best : v < best))))
                    best = v, *arg = count;
            }
            count++;
        }
        for (int i = nd - 1; i >= 0; i--) {
            if (++idx[i] < shape[i]) break;
            idx[i] = 0;
        }
    }
    if (rop == WT_REDUCE_MEAN) return acc / (double)count;
    if (is_int && (rop == WT_REDUCE_SUM || rop == WT_REDUCE_PROD))
        return wt_tensor_dtype(x) == WT_UINT32 ? (double)iacc : (double)(int32_t)iacc;
    return acc;
}

/* values for a reduction: products of up to 625 factors near 1 stay finite */
static wt_tensor *random_tensor(int dt, int nd, const int64_t *shape, bool near_one) {
    wt_tensor *t = NULL;
    wt_tensor_empty(dt, nd, shape, &t);
    int64_t n = wt_tensor_size(t);
    size_t isz = wt_dtype_size(dt);
    for (int64_t i = 0; i < n; i++) {
        uint32_t r = t_rand();
        double v = dt == WT_BOOL ? (r & 1)
                   : wt_dtype_is_float(dt)
                       ? (double)(int32_t)(r % 2001 - 1000) / 8
                       : (double)(r % 7) - (dt == WT_UINT8 || dt == WT_UINT16 || dt == WT_UINT32 ? 0 : 3);
        if (near_one && wt_dtype_is_float(dt)) v = 1 + (double)(int)(r % 5 - 2) / 16;
        if (wt_dtype_is_float(dt) && r % 97 == 0) v = NAN;
        wt_cast_store_f64(dt, (char *)wt_tensor_data(t) + i * (int64_t)isz, v);
    }
    return t;
}

void test_reduce_random_vs_reference(void) {
    int checked = 0;
    for (int iter = 0; iter < 600; iter++) {
        int rop = 1 + (int)(t_rand() % (WT_NREDUCE - 1)), dt = (int)(t_rand() % WT_NDTYPES);
        int nd = 1 + (int)(t_rand() % 4);
        int64_t shape[WT_MAX_DIMS];
        for (int i = 0; i < nd; i++) shape[i] = 1 + t_rand() % 5;
        wt_tensor *base = random_tensor(dt, nd, shape, rop == WT_REDUCE_PROD), *x = NULL;
        /* a transposed or reversed layout half the time */
        if (t_rand() & 1)
            wt_view_slice(base, "::-1", &x);
        else
            wt_tensor_clone(base, &x);
        int axes[WT_MAX_DIMS], naxes;
        bool red[WT_MAX_DIMS] = {false};
        bool arg = rop == WT_REDUCE_ARGMAX || rop == WT_REDUCE_ARGMIN;
        if (t_rand() % 4 == 0 && !arg) {
            naxes = -1;
            for (int i = 0; i < nd; i++) red[i] = true;
        } else {
            naxes = arg ? 1 : 1 + (int)(t_rand() % nd);
            int k = 0;
            for (int i = 0; i < nd && k < naxes; i++)
                if (t_rand() % 2 || nd - i == naxes - k) axes[k++] = (t_rand() & 1) ? i : i - nd, red[i] = true;
            naxes = k;
        }
        int keep = (int)(t_rand() & 1);
        wt_tensor *r = NULL;
        wt_status st = wt_reduce(rop, x, naxes, axes, keep, NULL, &r);
        if (st) {
            wt_t_fail(__FILE__, __LINE__, "%s: %s", wt_ops_reduce_name(rop), wt_error_message());
        } else {
            checked++;
            /* walk the kept index space */
            int64_t at[WT_MAX_DIMS] = {0}, kept = 1;
            for (int i = 0; i < nd; i++) kept *= red[i] ? 1 : shape[i];
            for (int64_t e = 0; e < kept; e++) {
                int64_t argi, ridx[WT_MAX_DIMS];
                double want = ref_reduce(rop, x, red, at, &argi), got;
                if (arg) want = (double)argi;
                int k = 0;
                for (int i = 0; i < nd; i++)
                    if (!red[i])
                        ridx[k++] = at[i];
                    else if (keep)
                        ridx[k++] = 0;
                wt_tensor_get(r, ridx, &got);
                double tol = (wt_tensor_dtype(r) == WT_FLOAT32 ? (rop == WT_REDUCE_PROD ? 1e-4 : 1e-5) : 1e-12) *
                             (1 + fabs(want));
                if (!(got == want || (isnan(got) && isnan(want)) || fabs(got - want) <= tol)) {
                    wt_t_fail(__FILE__, __LINE__, "%s over %s (%d axes, keep %d): %.17g, reference %.17g",
                              wt_ops_reduce_name(rop), wt_dtype_name(dt), naxes, keep, got, want);
                    break;
                }
                for (int i = nd - 1; i >= 0; i--) {
                    if (red[i]) continue;
                    if (++at[i] < shape[i]) break;
                    at[i] = 0;
                }
            }
        }
        wt_tensor_free(r);
        wt_tensor_free(x);
        wt_tensor_free(base);
    }
    CHECK(checked > 550);
}

void test_reduce_dtypes_and_shapes(void) {
    int64_t s[2] = {2, 3};
    wt_tensor *i8 = t_arange(WT_INT8, 2, s), *b = t_arange(WT_BOOL, 2, s), *u32 = t_arange(WT_UINT32, 2, s), *r = NULL;
    CHECK_OK(wt_reduce(WT_REDUCE_SUM, i8, -1, NULL, 0, NULL, &r));
    CHECK_EQ(wt_tensor_dtype(r), WT_INT32);
    CHECK_EQ(wt_tensor_ndim(r), 0);
    CHECK(t_equals(r, (double[]){15}));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce(WT_REDUCE_SUM, b, 1, (int[]){1}, 1, NULL, &r)); /* bool counts */
    CHECK_EQ(wt_tensor_dtype(r), WT_INT32);
    CHECK_DESC(r, 2, ((int64_t[]){2, 1}), NULL, 0);
    CHECK(t_equals(r, (double[]){2, 3}));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce(WT_REDUCE_PROD, u32, 1, (int[]){0}, 0, NULL, &r));
    CHECK_EQ(wt_tensor_dtype(r), WT_UINT32);
    CHECK(t_equals(r, (double[]){0, 4, 10}));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce(WT_REDUCE_MEAN, i8, 1, (int[]){-1}, 0, NULL, &r));
    CHECK_EQ(wt_tensor_dtype(r), WT_FLOAT64);
    CHECK(t_equals(r, (double[]){1, 4}));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce(WT_REDUCE_ANY, i8, 1, (int[]){1}, 0, NULL, &r));
    CHECK_EQ(wt_tensor_dtype(r), WT_BOOL);
    CHECK(t_equals(r, (double[]){1, 1}));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce(WT_REDUCE_ALL, i8, 1, (int[]){1}, 0, NULL, &r));
    CHECK(t_equals(r, (double[]){0, 1}));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce(WT_REDUCE_MAX, i8, 0, NULL, 0, NULL, &r)); /* no axes: the tensor itself */
    CHECK(t_equals(r, (double[]){0, 1, 2, 3, 4, 5}));
    wt_tensor_free(r);
    /* int32 sums wrap like NumPy's int64 result cast to int32 */
    wt_tensor *big = NULL;
    CHECK_OK(wt_tensor_full(WT_INT32, 1, (int64_t[]){3}, 2147483647, &big));
    CHECK_OK(wt_reduce(WT_REDUCE_SUM, big, -1, NULL, 0, NULL, &r));
    CHECK(t_equals(r, (double[]){2147483645}));
    wt_tensor_free(r);
    wt_tensor_free(big);
    /* into a given out, with casting */
    wt_tensor *out = NULL;
    CHECK_OK(wt_tensor_zeros(WT_FLOAT32, 1, (int64_t[]){3}, &out));
    CHECK_OK(wt_reduce(WT_REDUCE_SUM, i8, 1, (int[]){0}, 0, out, NULL));
    CHECK(t_equals(out, (double[]){3, 5, 7}));
    CHECK_ERR(wt_reduce(WT_REDUCE_SUM, i8, 1, (int[]){1}, 0, out, NULL), WT_ESHAPE,
              "out has shape (3,) but the result has shape (2,)");
    CHECK(t_equals(out, (double[]){3, 5, 7}));
    wt_tensor_free(out);
    /* NumPy: a reduction casts into out unsafely (its own rule aside); an index needs an integer out */
    wt_tensor *f = NULL, *u8 = NULL, *strict = NULL, *f0 = NULL;
    CHECK_OK(wt_tensor_arange(-1.5, 0.5, 1.75, WT_FLOAT64, &f)); /* [-1.5, 0.25] */
    CHECK_OK(wt_tensor_zeros(WT_UINT8, 0, NULL, &u8));
    CHECK_OK(wt_reduce(WT_REDUCE_SUM, f, -1, NULL, 0, u8, NULL));
    CHECK(t_equals(u8, (double[]){255}));
    CHECK_OK(wt_tensor_zeros(WT_FLOAT64, 0, NULL, &f0));
    CHECK_ERR(wt_reduce(WT_REDUCE_ARGMAX, f, -1, NULL, 0, f0, NULL), WT_EDTYPE,
              "argmax: out must have an integer or bool dtype for the indices, got float64");
    CHECK_OK(wt_view_casting(u8, WT_CASTING_SAME_KIND, &strict));
    CHECK_ERR(wt_reduce(WT_REDUCE_SUM, f, -1, NULL, 0, strict, NULL), WT_EDTYPE,
              "sum: cannot cast the result from float64 to out's dtype uint8 under casting 'same_kind'");
    CHECK_OK(wt_reduce(WT_REDUCE_ARGMAX, f, -1, NULL, 0, u8, NULL));
    CHECK(t_equals(u8, (double[]){1}));
    wt_tensor_free(strict), wt_tensor_free(u8), wt_tensor_free(f), wt_tensor_free(f0);
    wt_tensor_free(i8);
    wt_tensor_free(b);
    wt_tensor_free(u32);
}

/* NumPy's dtype=: the values convert to it (as astype), accumulate and come back in it */
void test_reduce_dtype_argument(void) {
    int64_t n = 3;
    wt_tensor *big = t_from(WT_INT32, 1, &n, (double[]){2147483647, 2147483647, 2}), *r = NULL;
    CHECK_OK(wt_reduce_dtype(WT_REDUCE_SUM, big, -1, NULL, 0, WT_INT64, NULL, &r)); /* np.sum(x, dtype=np.int64) */
    CHECK_EQ(wt_tensor_dtype(r), WT_INT64);
    int64_t v;
    memcpy(&v, wt_tensor_data(r), sizeof v);
    CHECK_EQ(v, INT64_C(4294967296));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce_dtype(WT_REDUCE_SUM, big, -1, NULL, 0, -1, NULL, &r)); /* the default wraps in int32 */
    CHECK(t_equals(r, (double[]){0}));
    wt_tensor_free(r);
    wt_tensor *f = t_from(WT_FLOAT64, 1, &n, (double[]){1.5, 2.5, -0.5});
    CHECK_OK(wt_reduce_dtype(WT_REDUCE_SUM, f, -1, NULL, 0, WT_INT32, NULL, &r)); /* 1 + 2 + 0: each cast first */
    CHECK_EQ(wt_tensor_dtype(r), WT_INT32);
    CHECK(t_equals(r, (double[]){3}));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce_dtype(WT_REDUCE_MEAN, big, -1, NULL, 0, WT_FLOAT32, NULL, &r));
    CHECK_EQ(wt_tensor_dtype(r), WT_FLOAT32);
    wt_tensor_free(r);
    CHECK_OK(wt_reduce_dtype(WT_REDUCE_MEAN, f, -1, NULL, 0, WT_INT32, NULL, &r)); /* NumPy: sum 3 in int32, / 3 */
    CHECK(t_equals(r, (double[]){1}));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce_dtype(WT_REDUCE_PROD, big, 0, NULL, 1, WT_FLOAT64, NULL, &r)); /* no axes: a cast */
    CHECK_EQ(wt_tensor_dtype(r), WT_FLOAT64);
    CHECK(t_equals(r, (double[]){2147483647, 2147483647, 2}));
    wt_tensor_free(r);
    r = NULL;
    CHECK_ERR(wt_reduce_dtype(WT_REDUCE_MAX, f, -1, NULL, 0, WT_INT32, NULL, &r), WT_EINVAL, "max takes no dtype");
    CHECK_ERR(wt_reduce_dtype(WT_REDUCE_SUM, f, -1, NULL, 0, 42, NULL, &r), WT_EDTYPE, "invalid dtype code 42");
    CHECK(r == NULL);
    wt_tensor_free(f);
    wt_tensor_free(big);
}

void test_reduce_empty(void) {
    wt_tensor *e = NULL, *r = NULL;
    CHECK_OK(wt_tensor_zeros(WT_FLOAT32, 2, (int64_t[]){0, 3}, &e));
    CHECK_OK(wt_reduce(WT_REDUCE_SUM, e, 1, (int[]){0}, 0, NULL, &r));
    CHECK(t_equals(r, (double[]){0, 0, 0}));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce(WT_REDUCE_PROD, e, -1, NULL, 0, NULL, &r));
    CHECK(t_equals(r, (double[]){1}));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce(WT_REDUCE_MEAN, e, 1, (int[]){0}, 0, NULL, &r));
    CHECK(t_equals(r, (double[]){NAN, NAN, NAN}));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce(WT_REDUCE_ANY, e, -1, NULL, 0, NULL, &r));
    CHECK(t_equals(r, (double[]){0}));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce(WT_REDUCE_ALL, e, -1, NULL, 0, NULL, &r));
    CHECK(t_equals(r, (double[]){1}));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce(WT_REDUCE_MAX, e, 1, (int[]){1}, 0, NULL, &r)); /* reduces length-3 rows: empty result */
    CHECK_EQ(wt_tensor_size(r), 0);
    wt_tensor_free(r);
    CHECK_ERR(wt_reduce(WT_REDUCE_MAX, e, 1, (int[]){0}, 0, NULL, &r), WT_EINVAL, "zero-size reduction");
    CHECK_ERR(wt_reduce(WT_REDUCE_MIN, e, -1, NULL, 0, NULL, &r), WT_EINVAL, "zero-size reduction");
    CHECK_ERR(wt_reduce(WT_REDUCE_ARGMAX, e, -1, NULL, 0, NULL, &r), WT_EINVAL, "empty sequence");
    CHECK_ERR(wt_reduce(WT_REDUCE_ARGMIN, e, 1, (int[]){0}, 0, NULL, &r), WT_EINVAL, "empty sequence");
    wt_tensor_free(e);
}

void test_reduce_errors(void) {
    wt_tensor *x = t_arange(WT_FLOAT64, 2, (int64_t[]){2, 3}), *r = NULL;
    CHECK_ERR(wt_reduce(WT_REDUCE_SUM, x, 2, (int[]){0, -2}, 0, NULL, &r), WT_EINVAL, "duplicate value in axis (-2)");
    CHECK_ERR(wt_reduce(WT_REDUCE_SUM, x, 1, (int[]){2}, 0, NULL, &r), WT_EINVAL,
              "axis 2 is out of bounds for a tensor of dimension 2");
    CHECK_ERR(wt_reduce(WT_REDUCE_ARGMAX, x, 2, (int[]){0, 1}, 0, NULL, &r), WT_EINVAL,
              "takes one axis or none, got 2");
    CHECK_ERR(wt_reduce(0, x, -1, NULL, 0, NULL, &r), WT_EINVAL, "invalid reduction code 0");
    CHECK_ERR(wt_reduce(WT_REDUCE_SUM, NULL, -1, NULL, 0, NULL, &r), WT_EINVAL, "tensor is NULL");
    CHECK_ERR(wt_reduce(WT_REDUCE_SUM, x, 3, (int[]){0, 1, 0}, 0, NULL, &r), WT_EINVAL,
              "3 axes given for a 2-d tensor");
    int rop;
    CHECK_ERR(wt_reduce_from_name("median", &rop), WT_EINVAL, "unknown reduction 'median'");
    CHECK_OK(wt_reduce_from_name("argmin", &rop));
    CHECK_EQ(rop, WT_REDUCE_ARGMIN);
    CHECK(r == NULL);
    wt_tensor_free(x);
}

void test_argmax_ties_nan(void) {
    wt_tensor *x = t_from(WT_FLOAT32, 2, (int64_t[]){2, 4}, (double[]){1, 5, 5, 2, 3, NAN, 7, NAN}), *r = NULL;
    CHECK_OK(wt_reduce(WT_REDUCE_ARGMAX, x, 1, (int[]){1}, 0, NULL, &r));
    CHECK_EQ(wt_tensor_dtype(r), WT_INT32);
    CHECK(t_equals(r, (double[]){1, 1})); /* first of ties; first NaN */
    wt_tensor_free(r);
    CHECK_OK(wt_reduce(WT_REDUCE_ARGMIN, x, -1, NULL, 0, NULL, &r));
    CHECK(t_equals(r, (double[]){5})); /* flat index of the first NaN */
    CHECK_EQ(wt_tensor_ndim(r), 0);
    wt_tensor_free(r);
    wt_tensor *t;
    CHECK_OK(wt_view_permute(x, 0, NULL, &t));
    CHECK_OK(wt_reduce(WT_REDUCE_ARGMIN, t, 1, (int[]){0}, 1, NULL, &r));
    CHECK_DESC(r, 2, ((int64_t[]){1, 2}), NULL, 0);
    CHECK(t_equals(r, (double[]){0, 1}));
    wt_tensor_free(r);
    CHECK_OK(wt_reduce(WT_REDUCE_ARGMAX, t, -1, NULL, 1, NULL, &r)); /* keepdims with no axis: (1,1) */
    CHECK_DESC(r, 2, ((int64_t[]){1, 1}), NULL, 0);
    CHECK(t_equals(r, (double[]){3})); /* flat C-order index in the transposed view */
    wt_tensor_free(r);
    wt_tensor_free(t);
    wt_tensor_free(x);
}

/* NumPy-class float accuracy: 1e7 float32 values of 0.1 */
void test_sum_accuracy(void) {
    wt_tensor *x = NULL, *r = NULL;
    CHECK_OK(wt_tensor_full(WT_FLOAT32, 1, (int64_t[]){10000000}, 0.1, &x));
    CHECK_OK(wt_reduce(WT_REDUCE_SUM, x, -1, NULL, 0, NULL, &r));
    double got, want = 1e7 * (double)0.1f;
    CHECK_OK(wt_tensor_get(r, NULL, &got));
    printf("  sum of 1e7 x 0.1f: relative error %.2e\n", fabs(got - want) / want);
    CHECK(fabs(got - want) / want < 1e-5);
    wt_tensor_free(r);
    /* pairwise holds through the fast and the reference leaves alike */
    wt_accum fast = wt_kernels_accum(WT_REDUCE_SUM, WT_FLOAT32), ref = wt_kernels_accum_ref(WT_REDUCE_SUM, WT_FLOAT32);
    for (int64_t n = 0; n < 3000; n += 37) {
        float a = 0, b = 0;
        fast((char *)&a, 0, wt_tensor_data(x), 4, n);
        ref((char *)&b, 0, wt_tensor_data(x), 4, n);
        if (memcmp(&a, &b, 4) != 0) {
            wt_t_fail(__FILE__, __LINE__, "pairwise leaves differ at n = %lld", (long long)n);
            break;
        }
    }
    wt_tensor_free(x);
}

/* the SIMD max/min folds and rows give the sequential reference's bits: NaN (which one),
** signed zeros, every length and both dense layouts */
void test_extreme_accums(void) {
    static double buf[300];
    static float bf[300];
    for (int rop = WT_REDUCE_MAX; rop <= WT_REDUCE_MIN; rop++)
        for (int trial = 0; trial < 400; trial++) {
            int dt = trial % 2 ? WT_FLOAT32 : WT_FLOAT64, kind = (int)(t_rand() % 4);
            int64_t n = t_rand() % 300, z = dt == WT_FLOAT32 ? 4 : 8;
            for (int64_t i = 0; i < n; i++) { /* plain values, or zeros of both signs */
                uint32_t u = t_rand();
                double v = kind == 0 ? (double)(int32_t)u / 1e6
                           : kind == 1 && u % 5
                               ? (u & 1 ? 0.0 : -0.0)
                               : (rop == WT_REDUCE_MAX ? -1.0 : 1.0) * (1 + u % 7); /* zero is the extreme */
                if (kind == 3 && u % 97 == 0) v = u & 2 ? NAN : -NAN;
                buf[i] = v, bf[i] = (float)v;
            }
            char *src = dt == WT_FLOAT32 ? (char *)bf : (char *)buf;
            wt_accum fast = wt_kernels_accum(rop, dt), ref = wt_kernels_accum_ref(rop, dt);
            double a = trial % 3 ? -INFINITY : 0.0, b = a, rows_a[300], rows_b[300];
            float af = (float)a, bf2 = af;
            fast(dt == WT_FLOAT32 ? (char *)&af : (char *)&a, 0, src, z, n);
            ref(dt == WT_FLOAT32 ? (char *)&bf2 : (char *)&b, 0, src, z, n);
            CHECK(dt == WT_FLOAT32 ? memcmp(&af, &bf2, 4) == 0 : memcmp(&a, &b, 8) == 0);
            memcpy(rows_a, src, (size_t)(n * z)), memcpy(rows_b, src, (size_t)(n * z));
            char *shifted = src + (n > 1 ? z : 0);
            fast((char *)rows_a, z, shifted, z, n > 1 ? n - 1 : 0);
            ref((char *)rows_b, z, shifted, z, n > 1 ? n - 1 : 0);
            CHECK(memcmp(rows_a, rows_b, (size_t)(n * z)) == 0);
        }
}

/* a zero-stride stand-in with t's dtype and shape: one element of storage */
static wt_tensor *meta_like(const wt_tensor *t) {
    wt_tensor *z = NULL, *m = NULL;
    CHECK_OK(wt_tensor_zeros(wt_tensor_dtype(t), 0, NULL, &z));
    CHECK_OK(wt_view_broadcast_to(z, wt_tensor_ndim(t), wt_tensor_shape(t), &m));
    wt_tensor_free(z);
    return m;
}

/* what wt_reduce_shape says of a stand-in is what wt_reduce does to the tensor:
** the same status and message, or the same dtype and shape */
void test_reduce_shape_matches_reduce(void) {
    int agreed = 0, failed = 0;
    for (int trial = 0; trial < 600; trial++) {
        int nd = (int)(t_rand() % 4), dt = (int)(t_rand() % WT_NDTYPES), rop = 1 + (int)(t_rand() % (WT_NREDUCE - 1));
        int64_t sh[3];
        for (int i = 0; i < nd; i++) sh[i] = t_rand() % 4;
        wt_tensor *x = t_arange(dt, nd, sh), *m = meta_like(x), *r = NULL;
        int axes[4], naxes = (int)(t_rand() % 6) - 1, keep = (int)(t_rand() % 2);
        for (int k = 0; k < 4; k++) axes[k] = (int)(t_rand() % 9) - 4;
        if (naxes > 4) naxes = 4;
        wt_dtype qdt;
        int qnd = -1;
        int64_t qsh[WT_MAX_DIMS];
        int want = t_rand() % 3 ? -1 : (int)(t_rand() % WT_NDTYPES); /* dtype=, refused by most */
        wt_status sq = wt_reduce_shape(rop, m, naxes, axes, keep, want, &qdt, &qnd, qsh);
        char msg[512];
        snprintf(msg, sizeof msg, "%s", wt_error_message());
        wt_status sr = wt_reduce_dtype(rop, x, naxes, axes, keep, want, NULL, &r);
        CHECK_SAME_ANSWER(sq, msg, qdt, qnd, qsh, sr, r, &agreed, &failed);
        wt_error_clear();
        wt_tensor_free(r), wt_tensor_free(m), wt_tensor_free(x);
    }
    if (!(agreed > 150 && failed > 50))
        wt_t_fail(__FILE__, __LINE__, "%d agreed and %d failed alike: too few of one", agreed, failed);
}

/* accumulate against a double loop: every binary op whose loop keeps its
** dtype, on strided layouts, along every axis; the steps are sequential, so
** op(r[i-1], x[i]) of the previous result (float16 rounded each step) */
static double value_at(const wt_tensor *t, const int64_t *idx) {
    double v;
    wt_cast_one(t->d.dtype, t_elem(t, idx), WT_FLOAT64, &v);
    return v;
}
void test_accumulate(void) {
    const int ops[] = {WT_OP_ADD, WT_OP_MUL, WT_OP_SUB, WT_OP_MAXIMUM, WT_OP_FMIN, WT_OP_BITWISE_XOR, WT_OP_ARCTAN2};
    const int dts[] = {WT_INT8, WT_UINT16, WT_INT32, WT_INT64, WT_FLOAT16, WT_FLOAT32, WT_FLOAT64, WT_BOOL};
    int ran = 0;
    for (int trial = 0; trial < 400; trial++) {
        int op = ops[t_rand() % 7], dt = dts[t_rand() % 8], nd = 1 + (int)(t_rand() % 3), kind = (int)(t_rand() % 4);
        int64_t sh[3];
        for (int k = 0; k < nd; k++) sh[k] = 1 + t_rand() % 5;
        int axis = (int)(t_rand() % (unsigned)nd) - (t_rand() % 2 ? nd : 0);
        wt_tensor *x = t_layout(dt, nd, sh, kind), *r = NULL;
        wt_status st = wt_accumulate(op, x, axis, -1, NULL, &r);
        if (st) { /* refused: a loop that does not keep its dtype (bitwise of floats, subtract of bool, ...) */
            CHECK(st == WT_EDTYPE);
            wt_error_clear(), wt_tensor_free(x);
            continue;
        }
        ran++;
        int a = axis < 0 ? axis + nd : axis, rd = r->d.dtype;
        wt_kernel k = wt_kernels_ref(op, wt_dtype_compute(rd));
        int64_t idx[3] = {0, 0, 0}, n = wt_desc_size(&x->d);
        for (int64_t flat = 0; flat < n; flat++) {
            for (int64_t q = flat, k2 = nd - 1; k2 >= 0; k2--) idx[k2] = q % sh[k2], q /= sh[k2];
            double want = value_at(x, idx);
            if (idx[a] > 0) { /* the previous result, combined by the op's own scalar kernel */
                int64_t prev[3] = {idx[0], idx[1], idx[2]};
                prev[a]--;
                char pa[16], pb[16], po[16];
                int cd = wt_dtype_compute(rd);
                wt_cast_one(rd, t_elem(r, prev), cd, pa), wt_cast_one(dt, t_elem(x, idx), cd, pb);
                char *p[3] = {po, pa, pb};
                k(p, (int64_t[]){0, 0, 0}, 1);
                wt_cast_one(cd, po, WT_FLOAT64, &want);
                if (rd == WT_FLOAT16) want = wt_half_to_float(wt_half_from_double(want));
            } else {
                char b[16];
                wt_cast_one(dt, t_elem(x, idx), rd, b), wt_cast_one(rd, b, WT_FLOAT64, &want);
            }
            double got = value_at(r, idx);
            if (!(got == want || (got != got && want != want)))
                wt_t_fail(__FILE__, __LINE__, "accumulate %s of %s along %d: element %lld is %g, want %g",
                          wt_op_name(op), wt_dtype_name(dt), axis, (long long)flat, got, want);
        }
        wt_tensor_free(r), wt_tensor_free(x);
    }
    CHECK(ran > 150);
    /* NumPy's refusals, and out */
    wt_tensor *x = t_arange(WT_INT8, 1, (int64_t[]){4}), *z = NULL, *r = NULL, *o = NULL;
    CHECK_OK(wt_tensor_zeros(WT_INT32, 0, NULL, &z));
    CHECK_ERR(wt_accumulate(WT_OP_ADD, z, 0, -1, NULL, &r), WT_EINVAL, "0-d");
    CHECK_ERR(wt_accumulate(WT_OP_ADD, x, 1, -1, NULL, &r), WT_EINVAL, "axis 1");
    CHECK_ERR(wt_accumulate(WT_OP_EQUAL, x, 0, -1, NULL, &r), WT_EDTYPE, "equal of int8 gives bool");
    CHECK_ERR(wt_accumulate(WT_OP_NEG, x, 0, -1, NULL, &r), WT_EINVAL, "not a binary");
    CHECK_ERR(wt_accumulate(WT_OP_ADD, x, 0, 99, NULL, &r), WT_EDTYPE, "dtype code 99");
    CHECK_OK(wt_tensor_zeros(WT_INT8, 1, (int64_t[]){4}, &o));
    CHECK_OK(wt_accumulate(WT_OP_ADD, x, 0, -1, o, NULL)); /* int32 into int8: same_kind */
    CHECK(t_equals(o, (double[]){0, 1, 3, 6}));
    wt_tensor_free(o);
    CHECK_OK(wt_tensor_zeros(WT_BOOL, 1, (int64_t[]){4}, &o));
    CHECK_ERR(wt_accumulate(WT_OP_ADD, x, 0, -1, o, NULL), WT_EDTYPE, "int32");
    CHECK(t_equals(o, (double[]){0, 0, 0, 0})); /* untouched */
    CHECK_OK(wt_accumulate(WT_OP_DIV, x, 0, WT_FLOAT32, NULL, &r));
    CHECK(r->d.dtype == WT_FLOAT32 && t_equals(r, (double[]){0, 0, 0, 0}));
    wt_tensor_free(r), wt_tensor_free(o), wt_tensor_free(z), wt_tensor_free(x);
}
