/* test_threads.c — parallel loops give the single-thread bits.  The debug
** hook cuts loops into parts in any build (natively the parts run in turn),
** so every split path runs here, under ASan and Valgrind too. */
#include "wt_test.h"
#include <stdlib.h>

static wt_tensor *random_tensor(int dtype, int nd, const int64_t *shape) {
    wt_tensor *t = NULL;
    CHECK_OK(wt_tensor_empty(dtype, nd, shape, &t));
    int64_t n = wt_tensor_size(t);
    for (int64_t i = 0; i < n; i++) {
        double v = (double)(int32_t)t_rand() / 2147483648.0;
        if (dtype == WT_FLOAT32) ((float *)wt_tensor_data(t))[i] = (float)v;
        else ((double *)wt_tensor_data(t))[i] = v;
    }
    return t;
}

static int same_bytes(const wt_tensor *a, const wt_tensor *b) {
    return wt_tensor_nbytes(a) == wt_tensor_nbytes(b) && memcmp(wt_tensor_data(a), wt_tensor_data(b), wt_tensor_nbytes(a)) == 0;
}

/* eq over operands of these shapes: with 2..7 threads, the same bytes as with 1, in parts */
static void check_split(const char *eq, int dtype, int n, const int64_t (*shapes)[4], const int *ndims, int transpose_first) {
    wt_tensor *ops[3] = {NULL, NULL, NULL}, *views[3] = {NULL, NULL, NULL}, *one = NULL;
    for (int k = 0; k < n; k++) {
        ops[k] = random_tensor(dtype, ndims[k], shapes[k]);
        views[k] = ops[k];
    }
    if (transpose_first) CHECK_OK(wt_view_permute(ops[0], 0, NULL, &views[0]));   /* read through its strides */
    wt_debug_threads(1);
    CHECK_OK(wt_einsum(eq, n, (const wt_tensor *const *)views, NULL, &one));
    for (int threads = 2; threads <= 7; threads++) {
        wt_tensor *r = NULL;
        int64_t before = wt_debug_split_loops();
        wt_debug_threads(threads);
        CHECK_OK(wt_einsum(eq, n, (const wt_tensor *const *)views, NULL, &r));
        wt_debug_threads(1);
        if (wt_debug_split_loops() == before) wt_t_fail(__FILE__, __LINE__, "%s with %d threads: no loop was split", eq, threads);
        if (!r || !same_bytes(r, one)) wt_t_fail(__FILE__, __LINE__, "%s %s with %d threads differs from 1 thread", eq, wt_dtype_name(dtype), threads);
        wt_tensor_free(r);
    }
    wt_tensor_free(one);
    if (transpose_first) wt_tensor_free(views[0]);
    for (int k = 0; k < n; k++) wt_tensor_free(ops[k]);
}

void test_threads_same_bits(void) {
    static const struct {
        const char *eq;
        int n, ndims[2], transpose;
        int64_t shapes[2][4];
    } cases[] = {
        {"ij,jk->ik", 2, {2, 2}, 0, {{150, 300}, {300, 264}}},            /* by columns */
        {"ij,jk->ik", 2, {2, 2}, 0, {{700, 330}, {330, 12}}},             /* by rows */
        {"bij,bjk->bik", 2, {3, 3}, 0, {{9, 96, 120}, {9, 120, 88}}},     /* by batch */
        {"ji,jk->ik", 2, {2, 2}, 1, {{150, 300}, {300, 264}}},            /* ji: a transposed view of a (150, 300) tensor */
        {"bhqd,bhkd->bhqk", 2, {4, 4}, 0, {{2, 3, 128, 64}, {2, 3, 136, 64}}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int dt = WT_FLOAT32; dt <= WT_FLOAT64; dt++)
            check_split(cases[i].eq, dt, cases[i].n, (const int64_t(*)[4])cases[i].shapes, cases[i].ndims, cases[i].transpose);
}

void test_threads_small_loops_stay_whole(void) {
    int64_t shape[2] = {16, 16};
    wt_tensor *a = random_tensor(WT_FLOAT32, 2, shape), *r = NULL;
    wt_debug_threads(4);
    int64_t before = wt_debug_split_loops();
    CHECK_OK(wt_matmul(a, a, NULL, &r));
    CHECK_EQ(wt_debug_split_loops(), before);   /* 4096 multiply-adds: not worth a hand-off */
    wt_debug_threads(1);
    CHECK_EQ(wt_threads_get(), 1);
    CHECK_ERR(wt_threads_set(0), WT_EINVAL, "threads must be from 1 to 64, got 0");
    if (!wt_threads_supported()) CHECK_ERR(wt_threads_set(2), WT_EINVAL, "this build of wtensor is single-threaded");
    CHECK_OK(wt_threads_set(1));
    wt_tensor_free(r), wt_tensor_free(a);
}
