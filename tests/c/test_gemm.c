/* test_gemm.c — the packed GEMM against the scalar reference, and matmul
** against nested loops, with NumPy's shape rules and the error cases. */
#include "wt_test.h"
#include "gemm.h"
#include <stdlib.h>

/* a group of 1 or 2 axes splitting n (n = n0 * n1), strides in elements,
** possibly negative (base is then offset to stay in bounds) */
static int64_t make_group(wt_group *g, int64_t n, int split, int64_t elem_stride, int64_t z) {
    if (split && n % 2 == 0 && n > 2) {
        g->n = 2;
        g->shape[0] = 2, g->shape[1] = n / 2;
        g->stride[1] = elem_stride * z, g->stride[0] = elem_stride * (n / 2) * z;
    } else {
        g->n = 1;
        g->shape[0] = n, g->stride[0] = elem_stride * z;
    }
    return n;
}

/* a small integer in [-off, n - off) (complex: in both parts) at p */
static void store_small(int dt, char *p, int n, int off) {
    wt_c128 v = {(double)(int)(t_rand() % (unsigned)n) - off, (double)(int)(t_rand() % (unsigned)n) - off};
    wt_cast_one(WT_COMPLEX128, &v, dt, p);
}

static void check_gemm(int dt, int64_t M, int64_t N, int64_t K, bool transA, bool transB, bool splitM, bool accumulate,
                       bool negN) {
    int64_t z = (int64_t)wt_dtype_size(dt);
    char *A = malloc((size_t)(M * K * z + 8)), *B = malloc((size_t)(K * N * z + 8));
    char *C1 = malloc((size_t)(M * N * z + 8)), *C2 = malloc((size_t)(M * N * z + 8));
    for (int64_t i = 0; i < M * K; i++) store_small(dt, A + i * z, 17, 8);
    for (int64_t i = 0; i < K * N; i++) store_small(dt, B + i * z, 13, 6);
    for (int64_t i = 0; i < M * N; i++) store_small(dt, C1 + i * z, 5, 0), memcpy(C2 + i * z, C1 + i * z, (size_t)z);
    wt_gemm g = {.dtype = dt, .a = A, .b = B, .accumulate = accumulate};
    /* A is M x K row-major, or stored K x M and read transposed */
    make_group(&g.am, M, splitM, transA ? 1 : K, z);
    make_group(&g.ak, K, 0, transA ? M : 1, z);
    /* B is K x N row-major, or stored N x K and read transposed (then whole
    ** columns along k are packed in registers' transposes) */
    make_group(&g.bk, K, 0, transB ? 1 : N, z);
    make_group(&g.bn, N, 0, (negN ? -1 : 1) * (transB ? K : 1), z);
    g.b = negN ? B + (N - 1) * (transB ? K : 1) * z : B; /* columns read right to left */
    make_group(&g.cm, M, splitM, N, z);
    make_group(&g.cn, N, 0, 1, z);
    g.batch[0].n = g.batch[1].n = g.batch[2].n = 0;
    wt_gemm r = g;
    g.c = C1, r.c = C2;
    CHECK_OK(wt_gemm_run(&g));
    CHECK_OK(wt_gemm_ref(&r));
    for (int64_t i = 0; i < M * N; i++) {
        wt_c128 x, y; /* both parts of complex values */
        wt_cast_one(dt, C1 + i * z, WT_COMPLEX128, &x), wt_cast_one(dt, C2 + i * z, WT_COMPLEX128, &y);
        /* small integers: every partial sum is exact, so both orders agree exactly */
        if (x.re != y.re || x.im != y.im) {
            wt_t_fail(
                __FILE__, __LINE__,
                "%s %lldx%lldx%lld transA %d transB %d splitM %d acc %d negN %d: C[%lld] = %g%+gj, reference %g%+gj",
                wt_dtype_name(dt), (long long)M, (long long)N, (long long)K, transA, transB, splitM, accumulate, negN,
                (long long)i, x.re, x.im, y.re, y.im);
            break;
        }
    }
    free(A), free(B), free(C1), free(C2);
}

void test_gemm_packed_vs_reference(void) {
    static const int64_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 13, 17, 31, 64, 65, 70};
    const int ns = (int)(sizeof sizes / sizeof sizes[0]);
    static const int packed_dts[] = {WT_FLOAT32, WT_FLOAT64, WT_COMPLEX64, WT_COMPLEX128};
    for (int dti = 0; dti < 4; dti++) {
        int dt = packed_dts[dti];
        for (int i = 0; i < 60; i++) {
            int64_t M = sizes[t_rand() % ns], N = sizes[t_rand() % ns], K = sizes[t_rand() % ns];
            check_gemm(dt, M, N, K, t_rand() & 1, t_rand() & 1, t_rand() & 1, (t_rand() % 4) == 0, (t_rand() % 4) == 0);
        }
        /* across the KC, MC and NC blocks */
        check_gemm(dt, 130, 520, 300, false, false, false, false, false);
        check_gemm(dt, 67, 9, 513, true, true, true, true, true);
        check_gemm(dt, 66, 19, 259, false, true, false, true, false);
    }
    for (int dt = 0; dt < WT_NDTYPES; dt++) /* the scalar path (float16 never reaches the GEMM) */
        if (dt != WT_FLOAT16) check_gemm(dt, 5, 6, 7, true, false, true, (dt & 1) != 0, false);
}

/* ---- matmul ---------------------------------------------------------------- */

/* reference: out[batch.., m, n] by nested loops through wt_tensor_get */
static void check_matmul(const wt_tensor *a, const wt_tensor *b, const wt_tensor *r) {
    int an = wt_tensor_ndim(a), bn = wt_tensor_ndim(b), rn = wt_tensor_ndim(r);
    const int64_t *as = wt_tensor_shape(a), *bs = wt_tensor_shape(b), *rs = wt_tensor_shape(r);
    int64_t K = as[an - 1], total = wt_tensor_size(r), idx[WT_MAX_DIMS] = {0};
    bool a1 = an == 1, b1 = bn == 1;
    int nbatch = rn - (a1 ? 0 : 1) - (b1 ? 0 : 1);
    bool is_int = !wt_dtype_is_inexact(wt_tensor_dtype(r)) && wt_tensor_dtype(r) != WT_BOOL;
    for (int64_t e = 0; e < total; e++) {
        int64_t m = a1 ? 0 : idx[nbatch], n = b1 ? 0 : idx[rn - 1];
        double acc = 0;
        uint32_t iacc = 0;
        for (int64_t k = 0; k < K; k++) {
            int64_t ai[WT_MAX_DIMS], bi[WT_MAX_DIMS];
            for (int i = 0; i < an - 2; i++) ai[i] = as[i] == 1 ? 0 : idx[nbatch - (an - 2) + i];
            for (int i = 0; i < bn - 2; i++) bi[i] = bs[i] == 1 ? 0 : idx[nbatch - (bn - 2) + i];
            if (a1)
                ai[0] = k;
            else
                ai[an - 2] = m, ai[an - 1] = k;
            if (b1)
                bi[0] = k;
            else
                bi[bn - 2] = k, bi[bn - 1] = n;
            double x, y;
            wt_tensor_get(a, ai, &x);
            wt_tensor_get(b, bi, &y);
            acc += x * y;
            iacc += (uint32_t)(int64_t)x * (uint32_t)(int64_t)y;
        }
        double got, want = acc;
        if (is_int) {
            wt_slot w;
            wt_cast_store_f64(wt_tensor_dtype(r), &w, (double)(int32_t)iacc);
            want = wt_cast_load_f64(wt_tensor_dtype(r), &w);
        }
        if (wt_tensor_dtype(r) == WT_BOOL) want = acc != 0;
        wt_tensor_get(r, idx, &got);
        if (fabs(got - want) > 1e-4 * (1 + fabs(want))) {
            wt_t_fail(__FILE__, __LINE__, "matmul element %lld: %g, reference %g", (long long)e, got, want);
            return;
        }
        for (int i = rn - 1; i >= 0; i--) {
            if (++idx[i] < rs[i]) break;
            idx[i] = 0;
        }
    }
}

static wt_tensor *small_random(int dt, int nd, const int64_t *shape) {
    wt_tensor *t = NULL;
    wt_tensor_empty(dt, nd, shape, &t);
    int64_t n = wt_tensor_size(t);
    for (int64_t i = 0; i < n; i++)
        wt_cast_store_f64(dt, (char *)wt_tensor_data(t) + i * (int64_t)wt_dtype_size(dt),
                          dt == WT_BOOL ? (double)(t_rand() & 1)
                                        : (double)(int)(t_rand() % 9) - (dt == WT_UINT8 ? 0 : 4));
    return t;
}

void test_matmul_semantics(void) {
    struct {
        int an;
        int64_t as[4];
        int bn;
        int64_t bs[4];
        int rn;
        int64_t rs[4];
    } cases[] = {
        {2, {3, 4}, 2, {4, 5}, 2, {3, 5}},
        {1, {4}, 2, {4, 5}, 1, {5}},
        {2, {3, 4}, 1, {4}, 1, {3}},
        {1, {4}, 1, {4}, 0, {0}},
        {4, {2, 1, 3, 4}, 3, {5, 4, 2}, 4, {2, 5, 3, 2}},
        {3, {2, 3, 0}, 2, {0, 4}, 3, {2, 3, 4}},
        {2, {0, 4}, 2, {4, 3}, 2, {0, 3}},
        {3, {1, 9, 70}, 3, {3, 70, 11}, 3, {3, 9, 11}},
    };
    static const int dts[][2] = {{WT_FLOAT32, WT_FLOAT32}, {WT_FLOAT64, WT_FLOAT32}, {WT_INT8, WT_INT16},
                                 {WT_INT32, WT_INT32},     {WT_BOOL, WT_BOOL},       {WT_UINT8, WT_FLOAT32}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++) {
            wt_tensor *a = small_random(dts[d][0], cases[c].an, cases[c].as),
                      *b = small_random(dts[d][1], cases[c].bn, cases[c].bs), *r = NULL;
            CHECK_OK(wt_matmul(a, b, NULL, &r));
            if (r) {
                CHECK_DESC(r, cases[c].rn, cases[c].rs, NULL, 0);
                wt_dtype want;
                wt_dtype_promote(dts[d][0], dts[d][1], &want);
                CHECK_EQ(wt_tensor_dtype(r), want);
                check_matmul(a, b, r);
            }
            wt_tensor_free(r);
            wt_tensor_free(a);
            wt_tensor_free(b);
        }
    /* transposed, sliced and reversed operands, read through their strides */
    wt_tensor *base = small_random(WT_FLOAT32, 2, (int64_t[]){40, 30}), *at = NULL, *bs = NULL, *r = NULL;
    CHECK_OK(wt_view_permute(base, 0, NULL, &at));    /* (30, 40), column-major */
    CHECK_OK(wt_view_slice(base, "::-2, 3:20", &bs)); /* (20, 17), negative row stride */
    wt_tensor *prod = NULL;
    CHECK_OK(wt_view_slice(at, ":, 10:30", &prod)); /* (30, 20) */
    CHECK_OK(wt_matmul(prod, bs, NULL, &r));
    CHECK_DESC(r, 2, ((int64_t[]){30, 17}), NULL, 0);
    check_matmul(prod, bs, r);
    wt_tensor_free(r);
    /* into an out of another dtype, and into a transposed view */
    wt_tensor *out = NULL, *outT = NULL;
    CHECK_OK(wt_tensor_zeros(WT_FLOAT64, 2, (int64_t[]){17, 30}, &out));
    CHECK_OK(wt_view_permute(out, 0, NULL, &outT));
    CHECK_OK(wt_matmul(prod, bs, outT, NULL));
    check_matmul(prod, bs, outT);
    wt_tensor_free(outT), wt_tensor_free(out), wt_tensor_free(prod), wt_tensor_free(bs), wt_tensor_free(at),
        wt_tensor_free(base);
}

void test_matmul_errors(void) {
    wt_tensor *a = small_random(WT_FLOAT32, 2, (int64_t[]){2, 3}), *b = small_random(WT_FLOAT32, 2, (int64_t[]){4, 5});
    wt_tensor *s = small_random(WT_FLOAT32, 0, NULL), *c = small_random(WT_FLOAT32, 3, (int64_t[]){2, 3, 4});
    wt_tensor *d = small_random(WT_FLOAT32, 3, (int64_t[]){3, 4, 5}), *r = NULL, *out = NULL, *ro = NULL;
    CHECK_ERR(wt_matmul(a, b, NULL, &r), WT_ESHAPE,
              "matmul: shapes (2,3) and (4,5) do not align: 3 (last axis of a) != 4 (axis -2 of b)");
    CHECK_ERR(wt_matmul(s, b, NULL, &r), WT_EINVAL, "operand 1 is 0-d");
    CHECK_ERR(wt_matmul(c, d, NULL, &r), WT_ESHAPE, "batch axes of (2,3,4) and (3,4,5) do not broadcast");
    CHECK_ERR(wt_matmul(a, NULL, NULL, &r), WT_EINVAL, "matmul: b is NULL");
    CHECK_OK(wt_tensor_zeros(WT_FLOAT32, 2, (int64_t[]){2, 4}, &out));
    wt_tensor *bt = small_random(WT_FLOAT32, 2, (int64_t[]){3, 5});
    CHECK_ERR(wt_matmul(a, bt, out, NULL), WT_ESHAPE, "out has shape (2,4) but the result has shape (2,5)");
    CHECK_OK(wt_view_broadcast_to(out, 2, (int64_t[]){2, 4}, &ro));
    CHECK_ERR(wt_matmul(a, bt, ro, NULL), WT_EREADONLY, "read-only");
    wt_tensor *u32 = small_random(WT_UINT32, 2, (int64_t[]){3, 5}), *i32 = small_random(WT_INT32, 2, (int64_t[]){2, 3});
    CHECK_OK(wt_matmul(i32, u32, NULL, &r)); /* int32 @ uint32 -> int64 */
    CHECK_EQ(wt_tensor_dtype(r), WT_INT64);
    wt_tensor_free(r);
    r = NULL;
    wt_tensor_free(i32), wt_tensor_free(u32), wt_tensor_free(bt), wt_tensor_free(ro), wt_tensor_free(out);
    wt_tensor_free(a), wt_tensor_free(b), wt_tensor_free(s), wt_tensor_free(c), wt_tensor_free(d);
}

/* what wt_matmul_shape says of zero-stride stand-ins is what wt_matmul does */
void test_matmul_shape_matches_matmul(void) {
    int agreed = 0, failed = 0;
    const int dts[4] = {WT_FLOAT32, WT_FLOAT64, WT_INT32, WT_BOOL};
    for (int trial = 0; trial < 400; trial++) {
        wt_tensor *x[2], *m[2], *z = NULL, *r = NULL;
        for (int k = 0; k < 2; k++) {
            int nd = (int)(t_rand() % 4);
            int64_t sh[3];
            for (int i = 0; i < nd; i++) sh[i] = 1 + t_rand() % 3;
            x[k] = t_arange(dts[t_rand() % 4], nd, sh);
            CHECK_OK(wt_tensor_zeros(wt_tensor_dtype(x[k]), 0, NULL, &z));
            CHECK_OK(wt_view_broadcast_to(z, nd, sh, &m[k]));
            wt_tensor_free(z);
        }
        wt_dtype qdt;
        int qnd = -1;
        int64_t qsh[WT_MAX_DIMS];
        wt_status sq = wt_matmul_shape(m[0], m[1], &qdt, &qnd, qsh);
        char msg[512];
        snprintf(msg, sizeof msg, "%s", wt_error_message());
        wt_status sr = wt_matmul(x[0], x[1], NULL, &r);
        CHECK_SAME_ANSWER(sq, msg, qdt, qnd, qsh, sr, r, &agreed, &failed);
        wt_error_clear();
        wt_tensor_free(r);
        for (int k = 0; k < 2; k++) wt_tensor_free(x[k]), wt_tensor_free(m[k]);
    }
    if (!(agreed > 60 && failed > 100)) wt_t_fail(__FILE__, __LINE__, "agreed %d, failed %d", agreed, failed);
    CHECK_ERR(wt_matmul_shape(NULL, NULL, NULL, NULL, NULL), WT_EINVAL, "matmul: a");
}
