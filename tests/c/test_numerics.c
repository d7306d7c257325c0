/* test_numerics.c — float32 GEMM, einsum and reductions against float64
** references, with the worst-case bounds docs/RELIABILITY.md states:
**   a dot of length K:  |c - c64| <= K * 2^-24 * sum_k |a_k b_k|
**   a sum of n terms:   |s - s64| <= n * 2^-24 * sum |x|
** (recursive summation's classic bounds, which blocked and pairwise sums also
** meet).  The largest error seen, as a fraction of the bound, is printed. */
#include "wt_test.h"

static double worst; /* largest error / bound seen */

static void within(const char *what, double got, double ref, double bound) {
    double err = fabs(got - ref);
    if (bound > 0 && err / bound > worst) worst = err / bound;
    if (!(err <= bound))
        wt_t_fail(__FILE__, __LINE__, "%s: %.9g vs float64 %.17g, error %.3g > bound %.3g", what, got, ref, err, bound);
}

static wt_tensor *rand_f32(int ndim, const int64_t *shape) {
    wt_tensor *t = NULL;
    if (wt_tensor_empty(WT_FLOAT32, ndim, shape, &t)) return NULL;
    float *p = wt_tensor_data(t);
    for (int64_t i = 0; i < wt_tensor_size(t); i++) p[i] = (float)((double)(t_rand() % 20001) / 10000.0 - 1.0);
    return t;
}

void test_gemm_vs_float64(void) {
    static const int64_t dims[][3] = {{1, 1, 1}, {7, 5, 3}, {64, 64, 64}, {33, 300, 17}, {200, 1000, 40}};
    const double u = 0x1p-24;
    worst = 0;
    for (size_t c = 0; c < sizeof dims / sizeof dims[0]; c++) {
        int64_t M = dims[c][0], K = dims[c][1], N = dims[c][2];
        wt_tensor *a = rand_f32(2, (int64_t[]){M, K}), *b = rand_f32(2, (int64_t[]){N, K}), *bt = NULL, *r = NULL,
                  *e = NULL;
        CHECK_OK(wt_view_permute(b, 0, NULL, &bt)); /* B read transposed through its strides */
        CHECK_OK(wt_matmul(a, bt, NULL, &r));
        const wt_tensor *ops[2] = {a, b};
        CHECK_OK(wt_einsum("ik,jk->ij", 2, ops, NULL, &e));
        const float *A = wt_tensor_data(a), *B = wt_tensor_data(b), *R = wt_tensor_data(r), *E = wt_tensor_data(e);
        for (int64_t i = 0; i < M && R && E; i++)
            for (int64_t j = 0; j < N; j++) {
                double ref = 0, mag = 0;
                for (int64_t k = 0; k < K; k++)
                    ref += (double)A[i * K + k] * B[j * K + k], mag += fabs((double)A[i * K + k] * B[j * K + k]);
                within("matmul", R[i * N + j], ref, (double)K * u * mag);
                within("einsum ik,jk->ij", E[i * N + j], ref, (double)K * u * mag);
            }
        wt_tensor_free(e), wt_tensor_free(r), wt_tensor_free(bt), wt_tensor_free(b), wt_tensor_free(a);
    }
    printf("  GEMM: largest error %.3f of the bound\n", worst);
}

void test_reductions_vs_float64(void) {
    const double u = 0x1p-24;
    int64_t shape[2] = {300, 4000};
    wt_tensor *x = rand_f32(2, shape), *xt = NULL;
    CHECK_OK(wt_view_permute(x, 0, NULL, &xt));
    const float *X = wt_tensor_data(x);
    worst = 0;
    for (int axis = -1; axis < 2; axis++) {
        for (int tr = 0; tr < 2; tr++) { /* the same sums through the transposed view */
            wt_tensor *s = NULL, *m = NULL;
            int ax = tr && axis >= 0 ? 1 - axis : axis;
            CHECK_OK(wt_reduce(WT_REDUCE_SUM, tr ? xt : x, axis < 0 ? -1 : 1, &ax, 0, NULL, &s));
            CHECK_OK(wt_reduce(WT_REDUCE_MEAN, tr ? xt : x, axis < 0 ? -1 : 1, &ax, 0, NULL, &m));
            if (!s || !m) continue;
            const float *S = wt_tensor_data(s), *Mn = wt_tensor_data(m);
            int64_t outer = axis < 0 ? 1 : shape[1 - axis], n = axis < 0 ? shape[0] * shape[1] : shape[axis];
            for (int64_t o = 0; o < outer; o++) {
                double ref = 0, mag = 0;
                for (int64_t k = 0; k < n; k++) {
                    double v = axis < 0 ? X[k] : axis == 0 ? X[k * shape[1] + o] : X[o * shape[1] + k];
                    ref += v, mag += fabs(v);
                }
                within("sum", S[o], ref, (double)n * u * mag);
                within("mean", Mn[o], ref / (double)n, ((double)n * u * mag + u * fabs(ref)) / (double)n);
            }
            wt_tensor_free(s), wt_tensor_free(m);
        }
    }
    printf("  reductions: largest error %.4f of the bound\n", worst);
    wt_tensor_free(xt), wt_tensor_free(x);
}
