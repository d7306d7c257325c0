/* test_bins.c — bincount and histogram against plain loops: every layout,
** equal-width, uneven and repeated edges (the arithmetic guess must agree with
** a search), weights, and the refusals. */
#include "wt_test.h"

static double at(const wt_tensor *t, const int64_t *idx) {
    double v;
    wt_cast_one(t->d.dtype, t_elem(t, idx), WT_FLOAT64, &v);
    return v;
}

/* the first n elements of the 1-D int32 t equal want[] */
static bool t_equals_prefix(const wt_tensor *t, const double *want, int64_t n) {
    for (int64_t i = 0; i < n; i++)
        if (((const int32_t *)(const void *)wt_first(t))[i] != (int32_t)want[i]) return false;
    return true;
}

void test_bincount(void) {
    const int dts[] = {WT_INT8, WT_UINT8, WT_INT32, WT_INT64, WT_UINT64, WT_BOOL};
    for (int trial = 0; trial < 60; trial++) {
        int dt = dts[t_rand() % 6], kind = (int)(t_rand() % 3);
        int64_t n = t_rand() % 40, minlength = t_rand() % 3 ? 0 : t_rand() % 50;
        wt_tensor *x = t_layout(dt, 1, &n, kind), *w = trial % 2 ? t_layout(WT_FLOAT32, 1, &n, 1) : NULL, *r = NULL;
        for (int64_t i = 0; i < n; i++) { /* non-negative values */
            double v = floor(fmod(fabs(at(x, &i)), 100));
            wt_cast_one(WT_FLOAT64, (const char *)&v, dt, t_elem(x, &i));
        }
        CHECK_OK(wt_bincount(x, minlength, w, &r));
        if (!r) {
            wt_tensor_free(x), wt_tensor_free(w);
            continue;
        }
        double want[300] = {0};
        int64_t len = minlength;
        for (int64_t i = 0; i < n; i++) {
            int64_t v = (int64_t)at(x, &i);
            want[v] += w ? at(w, &i) : 1;
            len = v + 1 > len ? v + 1 : len;
        }
        CHECK_EQ(r->d.dtype, w ? WT_FLOAT64 : WT_INT32);
        CHECK_EQ(r->d.shape[0], len);
        CHECK(t_equals(r, want));
        wt_tensor_free(x), wt_tensor_free(w), wt_tensor_free(r);
    }
    int64_t three = 3, two[2] = {2, 2};
    /* int32 labels past the one-pass table of 2^16 fall back to the two passes */
    int64_t nine = 9;
    wt_tensor *wide = t_from(WT_INT32, 1, &nine, (double[]){2, 1, 2, 2, 0, 70000, 2, 1, 3}), *r = NULL;
    CHECK_OK(wt_bincount(wide, 70005, NULL, &r));
    CHECK(r && r->d.shape[0] == 70005 && t_equals_prefix(r, (double[]){1, 2, 4, 1}, 4) &&
          ((int32_t *)wt_first(r))[70000] == 1);
    wt_tensor_free(r), wt_tensor_free(wide), r = NULL;
    wt_tensor *neg = t_from(WT_INT32, 1, &three, (double[]){1, -4, 2});
    CHECK_ERR(wt_bincount(neg, 0, NULL, &r), WT_EINVAL, "negative values (-4 at 1)");
    wt_tensor *big = t_from(WT_UINT64, 1, &three, (double[]){1, 1e19, 2});
    CHECK_ERR(wt_bincount(big, 0, NULL, &r), WT_EINVAL, "x[1] is beyond int64");
    wt_tensor *f = t_arange(WT_FLOAT32, 1, &three), *m = t_arange(WT_INT32, 2, two), *x = t_arange(WT_INT32, 1, &three);
    CHECK_ERR(wt_bincount(f, 0, NULL, &r), WT_EDTYPE, "float32");
    CHECK_ERR(wt_bincount(m, 0, NULL, &r), WT_ESHAPE, "2 dimensions");
    CHECK_ERR(wt_bincount(x, -1, NULL, &r), WT_EINVAL, "minlength");
    CHECK_ERR(wt_bincount(x, 0, m, &r), WT_ESHAPE, "4 weights for 3 values");
    wt_tensor *c = t_from(WT_COMPLEX64, 1, &three, (double[]){1, 2, 3}); /* complex weights sum as complex128 */
    CHECK_OK(wt_bincount(x, 0, c, &r));
    CHECK(r && r->d.dtype == WT_COMPLEX128 && r->d.shape[0] == 3);
    wt_tensor_free(r), wt_tensor_free(c), wt_tensor_free(neg), wt_tensor_free(big), wt_tensor_free(f),
        wt_tensor_free(m), wt_tensor_free(x);
}

/* the bin of v as NumPy's searchsorted-based definition: the last i with e[i] <= v, at most nb - 1 */
static int64_t bin_ref(const double *e, int64_t nb, double v) {
    int64_t i = 0;
    while (i + 1 < nb && e[i + 1] <= v) i++;
    return i;
}

void test_histogram(void) {
    const int dts[] = {WT_FLOAT32, WT_FLOAT64, WT_FLOAT16, WT_INT16};
    for (int trial = 0; trial < 80; trial++) {
        int dt = dts[t_rand() % 4], kind = (int)(t_rand() % 4), shape = (int)(t_rand() % 3);
        int64_t sh[2], nb = 1 + t_rand() % 12, ne = nb + 1;
        sh[0] = 1 + t_rand() % 30, sh[1] = 1 + t_rand() % 4; /* sequenced: the same draws from every compiler */
        double e[13];
        e[0] = -3 + (double)(t_rand() % 4);
        for (int64_t i = 1; i < ne; i++) /* 0: equal width; 1: uneven, with repeats; 2: a fine grid */
            e[i] = shape == 0   ? e[0] + 0.5 * (double)i
                   : shape == 1 ? e[i - 1] + (t_rand() % 3) * 0.75
                                : e[0] + i * 1e-3;
        wt_tensor *a = t_layout(dt, 2, sh, kind), *edges = t_from(trial % 2 ? WT_FLOAT32 : WT_FLOAT64, 1, &ne, e);
        wt_tensor *w = trial % 3 ? NULL : t_layout(WT_FLOAT64, 2, sh, 0), *r = NULL;
        for (int64_t i = 0; i < ne; i++) e[i] = at(edges, &i); /* as stored */
        double want[12] = {0};
        for (int64_t i = 0; i < sh[0]; i++)
            for (int64_t j = 0; j < sh[1]; j++) {
                int64_t idx[2] = {i, j};
                double v = at(a, idx);
                if (v >= e[0] && v <= e[nb]) want[bin_ref(e, nb, v)] += w ? at(w, idx) : 1;
            }
        CHECK_OK(wt_histogram(a, edges, w, &r));
        if (r) CHECK(r->d.shape[0] == nb && t_equals(r, want));
        wt_tensor_free(a), wt_tensor_free(edges), wt_tensor_free(w), wt_tensor_free(r);
    }
    int64_t three = 3;
    wt_tensor *a = t_arange(WT_FLOAT32, 1, &three), *r = NULL;
    wt_tensor *down = t_from(WT_FLOAT64, 1, &three, (double[]){0, 2, 1}),
              *nan = t_from(WT_FLOAT64, 1, &three, (double[]){0, NAN, 1});
    wt_tensor *one = t_from(WT_FLOAT64, 1, (int64_t[]){1}, (double[]){0}),
              *c = t_from(WT_COMPLEX64, 1, &three, (double[]){0, 1, 2});
    CHECK_ERR(wt_histogram(a, down, NULL, &r), WT_EINVAL, "monotonically (edge 2 is 1)");
    CHECK_ERR(wt_histogram(a, nan, NULL, &r), WT_EINVAL, "edge 1 is nan");
    CHECK_ERR(wt_histogram(a, one, NULL, &r), WT_ESHAPE, "at least 2");
    CHECK_ERR(wt_histogram(c, down, NULL, &r), WT_EDTYPE, "complex");
    CHECK_ERR(wt_histogram(a, c, NULL, &r), WT_EDTYPE, "complex");
    CHECK_ERR(wt_histogram(a, nan, one, &r), WT_EINVAL, "monotonically");
    wt_tensor_free(a), wt_tensor_free(down), wt_tensor_free(nan), wt_tensor_free(one), wt_tensor_free(c);
}
