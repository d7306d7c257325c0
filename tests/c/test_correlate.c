/* test_correlate.c — wt_correlate against a plain loop: every offset (zero
** padding on either side or both), lengths across the SIMD blocks and their
** tails, strided signals, dtypes with and without SIMD; the refusals. */
#include "wt_test.h"

static double at(const wt_tensor *t, int64_t i) {
    double v;
    wt_cast_one(t->d.dtype, t_elem(t, &i), WT_FLOAT64, &v);
    return v;
}

void test_correlate(void) {
    const int dts[] = {WT_FLOAT32, WT_FLOAT64, WT_INT32, WT_FLOAT16, WT_INT16};
    for (int trial = 0; trial < 150; trial++) {
        int dt = dts[trial % 5], kind = (int)(t_rand() % 3);
        int64_t m = 1 + t_rand() % 70, n = 1 + t_rand() % 20, len = t_rand() % 90;
        int64_t offset = (int64_t)(t_rand() % 100) - 50;
        wt_tensor *a = t_layout(dt, 1, &m, kind), *v = t_layout(dt, 1, &n, (kind + 1) % 3), *r = NULL;
        for (int64_t i = 0; i < m + n; i++) { /* small integers: every sum is exact in every dtype */
            double x = (double)(t_rand() % 9) - 4;
            wt_cast_one(WT_FLOAT64, (const char *)&x, dt, i < m ? t_elem(a, &i) : t_elem(v, (int64_t[]){i - m}));
        }
        CHECK_OK(wt_correlate(a, v, offset, len, &r));
        if (!r) {
            wt_tensor_free(a), wt_tensor_free(v);
            continue;
        }
        CHECK(r->d.dtype == dt && r->d.shape[0] == len);
        for (int64_t i = 0; i < len; i++) {
            double want = 0;
            for (int64_t k = 0; k < n; k++) {
                int64_t j = i + offset + k;
                if (j >= 0 && j < m) want += at(a, j) * at(v, k);
            }
            if (at(r, i) != want) {
                wt_t_fail(__FILE__, __LINE__, "%s m=%lld n=%lld offset=%lld: r[%lld] = %g, want %g", wt_dtype_name(dt),
                          (long long)m, (long long)n, (long long)offset, (long long)i, at(r, i), want);
                break;
            }
        }
        wt_tensor_free(a), wt_tensor_free(v), wt_tensor_free(r);
    }
    int64_t three = 3, two[2] = {2, 2}, zero = 0;
    wt_tensor *a = t_arange(WT_FLOAT32, 1, &three), *d = t_arange(WT_FLOAT64, 1, &three),
              *m2 = t_arange(WT_FLOAT32, 2, two), *e = t_arange(WT_FLOAT32, 1, &zero), *r = NULL;
    CHECK_ERR(wt_correlate(a, d, 0, 1, &r), WT_EDTYPE, "one dtype");
    CHECK_ERR(wt_correlate(m2, a, 0, 1, &r), WT_ESHAPE, "1-D");
    CHECK_ERR(wt_correlate(a, e, 0, 1, &r), WT_EINVAL, "empty");
    CHECK_ERR(wt_correlate(a, a, 0, -1, &r), WT_EINVAL, "out of range");
    CHECK_ERR(wt_correlate(a, a, INT64_MAX - 1, 5, &r), WT_EINVAL, "out of range");
    CHECK_ERR(wt_correlate(a, a, INT64_MIN, 5, &r), WT_EINVAL, "out of range");
    CHECK_OK(wt_correlate(a, a, 1000, 4, &r)); /* past the end: zeros */
    CHECK(r && t_equals(r, (double[]){0, 0, 0, 0}));
    wt_tensor_free(r), wt_tensor_free(a), wt_tensor_free(d), wt_tensor_free(m2), wt_tensor_free(e);
}
