/* test_threads.c — parallel loops give the single-thread bits.  The debug
** hook cuts loops into parts in any build (natively the parts run in turn),
** so every split path runs here, under ASan and Valgrind too. */
#include "wt_test.h"
#include "ops.h"
#include <stdlib.h>

static wt_tensor *random_tensor(int dtype, int nd, const int64_t *shape) {
    wt_tensor *t = NULL;
    CHECK_OK(wt_tensor_empty(dtype, nd, shape, &t));
    int64_t n = wt_tensor_size(t);
    for (int64_t i = 0; i < n; i++) {
        double v = (double)(int32_t)t_rand() / 2147483648.0;
        if (dtype == WT_FLOAT32)
            ((float *)wt_tensor_data(t))[i] = (float)v;
        else
            ((double *)wt_tensor_data(t))[i] = v;
    }
    return t;
}

static int same_bytes(const wt_tensor *a, const wt_tensor *b) {
    return wt_tensor_nbytes(a) == wt_tensor_nbytes(b) &&
           memcmp(wt_tensor_data(a), wt_tensor_data(b), wt_tensor_nbytes(a)) == 0;
}

/* eq over operands of these shapes: with 2..7 threads, the same bytes as with 1, in parts */
static void check_split(const char *eq, int dtype, int n, const int64_t (*shapes)[4], const int *ndims,
                        int transpose_first) {
    wt_tensor *ops[3] = {NULL, NULL, NULL}, *views[3] = {NULL, NULL, NULL}, *one = NULL;
    for (int k = 0; k < n; k++) {
        ops[k] = random_tensor(dtype, ndims[k], shapes[k]);
        views[k] = ops[k];
    }
    if (transpose_first) CHECK_OK(wt_view_permute(ops[0], 0, NULL, &views[0])); /* read through its strides */
    wt_parallel_debug_threads(1);
    CHECK_OK(wt_einsum(eq, n, (const wt_tensor *const *)views, NULL, &one));
    for (int threads = 2; threads <= 7; threads++) {
        wt_tensor *r = NULL;
        int64_t before = wt_parallel_debug_split_loops();
        wt_parallel_debug_threads(threads);
        CHECK_OK(wt_einsum(eq, n, (const wt_tensor *const *)views, NULL, &r));
        wt_parallel_debug_threads(1);
        if (wt_parallel_debug_split_loops() == before)
            wt_t_fail(__FILE__, __LINE__, "%s with %d threads: no loop was split", eq, threads);
        if (!r || !same_bytes(r, one))
            wt_t_fail(__FILE__, __LINE__, "%s %s with %d threads differs from 1 thread", eq, wt_dtype_name(dtype),
                      threads);
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
        {"ij,jk->ik", 2, {2, 2}, 0, {{150, 300}, {300, 264}}},        /* by columns */
        {"ij,jk->ik", 2, {2, 2}, 0, {{700, 330}, {330, 12}}},         /* by rows */
        {"bij,bjk->bik", 2, {3, 3}, 0, {{9, 96, 120}, {9, 120, 88}}}, /* by batch */
        {"ji,jk->ik", 2, {2, 2}, 1, {{150, 300}, {300, 264}}},        /* ji: a transposed view of a (150, 300) tensor */
        {"bhqd,bhkd->bhqk", 2, {4, 4}, 0, {{2, 3, 128, 64}, {2, 3, 136, 64}}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int dt = WT_FLOAT32; dt <= WT_FLOAT64; dt++)
            check_split(cases[i].eq, dt, cases[i].n, (const int64_t(*)[4])cases[i].shapes, cases[i].ndims,
                        cases[i].transpose);
}

void test_threads_small_loops_stay_whole(void) {
    int64_t shape[2] = {16, 16};
    wt_tensor *a = random_tensor(WT_FLOAT32, 2, shape), *r = NULL;
    wt_parallel_debug_threads(4);
    int64_t before = wt_parallel_debug_split_loops();
    CHECK_OK(wt_matmul(a, a, NULL, &r));
    CHECK_EQ(wt_parallel_debug_split_loops(), before); /* 4096 multiply-adds: not worth a hand-off */
    wt_parallel_debug_threads(1);
    CHECK_EQ(wt_threads_get(), 1);
    CHECK_ERR(wt_threads_set(0), WT_EINVAL, "threads must be from 1 to 64, got 0");
    if (!wt_threads_supported()) CHECK_ERR(wt_threads_set(2), WT_EINVAL, "this build of wtensor is single-threaded");
    CHECK_OK(wt_threads_set(1));
    wt_tensor_free(r), wt_tensor_free(a);
}

/* the threaded build's back-off, on a clock the test drives: a loss sends
** loops to the caller alone for (the probe's time + what it lost) × 2, 4,
** ... 64 (at most 100 ms); one gain brings the threads back at once */
void test_threads_back_off(void) {
    wt_parallel_serial_reset();
    wt_parallel_judge(10.0, 6.0, 5.0, 1, 2); /* two parts in 6 ms, one of them 5: ratio 0.6, a gain */
    CHECK(!wt_parallel_serial(10.0));
    /* losses in a row (12 ms against 10 in turn, 2 lost): windows of 28, 56, then 100 ms */
    double now = 100.0, window[] = {28.0, 56.0, 100.0, 100.0, 100.0};
    for (int i = 0; i < 5; i++, now += 200.0) {
        wt_parallel_judge(now, 12.0, 5.0, 1, 2);
        CHECK(wt_parallel_serial(now));
        CHECK(wt_parallel_serial(now + window[i] - 0.001));
        CHECK(!wt_parallel_serial(now + window[i]));
    }
    /* one gain ends it at once, however long the window: the threads return
    ** as quickly as they left; the losses halve (6 -> 3), so a 3 ms loss next (0.5 lost) has 2^4 × 3.5 = 56 ms */
    wt_parallel_judge(now, 12.0, 5.0, 1, 2);
    CHECK(wt_parallel_serial(now + 1.0));
    wt_parallel_judge(now + 1.0, 6.0, 5.0, 1, 2);
    CHECK(!wt_parallel_serial(now + 1.0));
    wt_parallel_judge(now + 2.0, 3.0, 1.25, 1, 2);
    CHECK(wt_parallel_serial(now + 57.9) && !wt_parallel_serial(now + 58.0));
    /* backing off, a probe must gain 20% to end it: 0.9 is another loss */
    wt_parallel_judge(now + 58.0, 9.0, 5.0, 1, 2);
    CHECK(wt_parallel_serial(now + 58.0 + 100.0 - 0.1));
    wt_parallel_judge(now + 60.0, 3.0, 1.25, 1, 2); /* 1.2: the sixth loss, 2^6 × 3.5 -> 100 ms */
    CHECK(wt_parallel_serial(now + 159.9) && !wt_parallel_serial(now + 160.0));
    /* the workers ran every part: nothing to judge by, the state stays */
    wt_parallel_judge(now + 61.0, 5.0, 0.0, 0, 2);
    CHECK(wt_parallel_serial(now + 159.9) && !wt_parallel_serial(now + 160.0));
    /* small loops (0.1 ms) back off for at most 64 of their own times: a probe per 64 loops */
    wt_parallel_serial_reset();
    for (int i = 0; i < 10; i++) wt_parallel_judge(1000.0, 0.1, 0.05, 1, 2); /* ratio 1 */
    CHECK(wt_parallel_serial(1006.39) && !wt_parallel_serial(1006.41));
    /* one stall (400 ms against 2 in turn) costs at most 100 ms, then a gain ends it */
    wt_parallel_serial_reset();
    wt_parallel_judge(2000.0, 400.0, 1.0, 1, 2);
    CHECK(wt_parallel_serial(2099.9) && !wt_parallel_serial(2100.0));
    wt_parallel_judge(2001.0, 1.0, 1.0, 1, 2);
    CHECK(!wt_parallel_serial(2001.0));
    wt_parallel_serial_reset();
    CHECK(!wt_parallel_serial(0.0));
}

/* op over x (and y) with 1 thread, then 2..5: the same bytes, in parts */
static void check_ewise_split(const char *name, int op, const wt_tensor *x, const wt_tensor *y) {
    const wt_tensor *in[2] = {x, y};
    wt_tensor *one = NULL;
    wt_parallel_debug_threads(1);
    CHECK_OK(wt_ewise(op, y ? 2 : 1, in, NULL, 1, 1, NULL, WT_REDUCE_NONE, &one));
    for (int threads = 2; threads <= 5; threads++) {
        wt_tensor *r = NULL;
        int64_t before = wt_parallel_debug_split_loops();
        wt_parallel_debug_threads(threads);
        CHECK_OK(wt_ewise(op, y ? 2 : 1, in, NULL, 1, 1, NULL, WT_REDUCE_NONE, &r));
        wt_parallel_debug_threads(1);
        if (wt_parallel_debug_split_loops() == before)
            wt_t_fail(__FILE__, __LINE__, "%s with %d threads: not split", name, threads);
        if (!r || !same_bytes(r, one))
            wt_t_fail(__FILE__, __LINE__, "%s with %d threads differs from 1 thread", name, threads);
        wt_tensor_free(r);
    }
    wt_tensor_free(one);
}

void test_threads_ewise_same_bits(void) {
    int64_t big[1] = {300001}, mat[2] = {700, 530}, row[1] = {530}, col[2] = {700, 1};
    wt_tensor *a = random_tensor(WT_FLOAT32, 1, big), *b = random_tensor(WT_FLOAT32, 1, big);
    wt_tensor *m = random_tensor(WT_FLOAT64, 2, mat), *r = random_tensor(WT_FLOAT32, 1, row),
              *c = random_tensor(WT_FLOAT32, 2, col);
    wt_tensor *i8 = NULL, *mt = NULL, *rev = NULL;
    CHECK_OK(wt_astype(a, WT_INT8, &i8));       /* int8 + float32: converted block by block */
    CHECK_OK(wt_view_permute(m, 0, NULL, &mt)); /* read transposed */
    CHECK_OK(wt_view_slice(a, "::-1", &rev));   /* read backwards */
    check_ewise_split("add", WT_OP_ADD, a, b);
    check_ewise_split("exp", WT_OP_EXP, a, NULL);
    check_ewise_split("add int8 + float32", WT_OP_ADD, i8, b);
    check_ewise_split("mul reversed", WT_OP_MUL, rev, b);
    check_ewise_split("sub matrix - row", WT_OP_SUB, m, r);
    check_ewise_split("add matrix + column", WT_OP_ADD, m, c);
    { /* a transposed input makes the pass tiled: slabs of whole rows of tiles, the same bits */
        wt_tensor *t1 = NULL, *t4 = NULL;
        const wt_tensor *in[2] = {mt, m};
        wt_tensor *mt_b = NULL;
        CHECK_OK(wt_view_permute(m, 0, NULL, &mt_b));
        in[1] = mt_b;
        CHECK_OK(wt_ewise(WT_OP_MAXIMUM, 2, in, NULL, 1, 1, NULL, WT_REDUCE_NONE, &t1));
        int64_t before = wt_parallel_debug_split_loops();
        wt_parallel_debug_threads(4);
        CHECK_OK(wt_ewise(WT_OP_MAXIMUM, 2, in, NULL, 1, 1, NULL, WT_REDUCE_NONE, &t4));
        wt_parallel_debug_threads(1);
        CHECK(wt_parallel_debug_split_loops() > before);
        CHECK(same_bytes(t1, t4));
        wt_tensor_free(t1), wt_tensor_free(t4), wt_tensor_free(mt_b);
    }
    /* out aliasing an input: as if the inputs were read first, in every part */
    for (int threads = 1; threads <= 3; threads++) {
        wt_tensor *x = NULL;
        CHECK_OK(wt_copy(a, &x));
        const wt_tensor *in[2] = {x, rev};
        wt_parallel_debug_threads(threads);
        CHECK_OK(wt_ewise(WT_OP_ADD, 2, in, NULL, 1, 1, x, WT_REDUCE_NONE, NULL));
        wt_parallel_debug_threads(1);
        const float *xa = wt_tensor_data(x), *aa = wt_tensor_data(a);
        for (int64_t i = 0; i < big[0]; i++)
            if (xa[i] != aa[i] + aa[big[0] - 1 - i]) {
                wt_t_fail(__FILE__, __LINE__, "aliased add with %d threads: element %lld", threads, (long long)i);
                break;
            }
        wt_tensor_free(x);
    }
    wt_tensor_free(rev), wt_tensor_free(mt), wt_tensor_free(i8);
    wt_tensor_free(a), wt_tensor_free(b), wt_tensor_free(m), wt_tensor_free(r), wt_tensor_free(c);
}

/* a reduction with 1 thread, then 2..6: the same bytes; split says whether parts must run */
static void check_reduce_split(const char *name, int rop, const wt_tensor *x, int naxes, const int *axes, bool split) {
    wt_tensor *one = NULL;
    wt_parallel_debug_threads(1);
    CHECK_OK(wt_reduce(rop, x, naxes, axes, 0, NULL, &one));
    for (int threads = 2; threads <= 6; threads++) {
        wt_tensor *r = NULL;
        int64_t before = wt_parallel_debug_split_loops();
        wt_parallel_debug_threads(threads);
        CHECK_OK(wt_reduce(rop, x, naxes, axes, 0, NULL, &r));
        wt_parallel_debug_threads(1);
        if ((wt_parallel_debug_split_loops() != before) != split)
            wt_t_fail(__FILE__, __LINE__, "%s %s with %d threads: %s", name, wt_ops_reduce_name(rop), threads,
                      split ? "not split" : "split, which would change its bits");
        if (!r || !same_bytes(r, one))
            wt_t_fail(__FILE__, __LINE__, "%s %s with %d threads differs from 1 thread", name, wt_ops_reduce_name(rop),
                      threads);
        wt_tensor_free(r);
    }
    wt_tensor_free(one);
}

static wt_status fused_square_sum(const wt_tensor *a, wt_tensor *out) {
    return wt_fuse(1, (const wt_tensor *[]){a}, NULL, 1, (int32_t[]){WT_OP_SQUARE, 0, 0, 0}, out, WT_REDUCE_SUM, NULL);
}
static wt_status product_sum(const wt_tensor *a, wt_tensor *out) {
    return wt_ewise(WT_OP_MUL, 2, (const wt_tensor *[]){a, a}, NULL, 1, 1, out, WT_REDUCE_SUM, NULL);
}

/* run summing a into a float32 scalar with 1 to 4 threads: split exactly when
** there are threads, one thread's bits every time; returns that result */
static wt_tensor *check_whole_split(const char *name, wt_status (*run)(const wt_tensor *, wt_tensor *),
                                    const wt_tensor *a) {
    wt_tensor *one = NULL;
    for (int threads = 1; threads <= 4; threads++) {
        wt_tensor *out = NULL;
        CHECK_OK(wt_tensor_zeros(WT_FLOAT32, 0, NULL, &out));
        int64_t before = wt_parallel_debug_split_loops();
        wt_parallel_debug_threads(threads);
        CHECK_OK(run(a, out));
        wt_parallel_debug_threads(1);
        if ((wt_parallel_debug_split_loops() != before) != (threads > 1))
            wt_t_fail(__FILE__, __LINE__, "%s with %d threads: %s", name, threads, threads > 1 ? "not split" : "split");
        if (one ? !same_bytes(out, one) : (one = out, false))
            wt_t_fail(__FILE__, __LINE__, "%s with %d threads differs from 1 thread", name, threads);
        if (out != one) wt_tensor_free(out);
    }
    return one;
}

static void set_f32(wt_tensor *t, int64_t i, uint32_t bits) { memcpy((float *)wt_tensor_data(t) + i, &bits, 4); }

void test_threads_reduce_same_bits(void) {
    int64_t big[1] = {300013} /* halves not at multiples of 8, as the pairwise sum cuts */, mat[2] = {700, 530},
            wshape[2] = {40, 8200};
    int ax0 = 0, ax1 = 1;
    wt_tensor *a = random_tensor(WT_FLOAT32, 1, big), *m = random_tensor(WT_FLOAT64, 2, mat);
    wt_tensor *wide = random_tensor(WT_FLOAT32, 2, wshape), *i32 = NULL, *i8 = NULL, *mt = NULL, *nan = NULL,
              *zeros = NULL, *half = NULL, *gap = NULL;
    CHECK_OK(wt_astype(a, WT_INT32, &i32));
    CHECK_OK(wt_astype(m, WT_INT8, &i8)); /* int8 sums accumulate in int32: converted in blocks */
    CHECK_OK(wt_astype(a, WT_FLOAT16, &half));
    CHECK_OK(wt_view_permute(m, 0, NULL, &mt));
    CHECK_OK(wt_view_slice(m, ":, :500", &gap));
    CHECK_OK(wt_copy(a, &nan));
    set_f32(nan, 100000, 0x7fc00001u); /* two NaNs: max and min give the first one's bits */
    set_f32(nan, 250000, 0xffc00002u);
    CHECK_OK(wt_tensor_zeros(WT_FLOAT32, 1, big, &zeros));
    for (int64_t i = 0; i < big[0]; i += 3) set_f32(zeros, i, 0x80000000u); /* -0 and +0: which one max keeps */
    static const int rops[] = {WT_REDUCE_SUM, WT_REDUCE_MAX, WT_REDUCE_MIN, WT_REDUCE_MEAN, WT_REDUCE_ANY};
    for (size_t k = 0; k < sizeof rops / sizeof rops[0]; k++) {
        check_reduce_split("float32", rops[k], a, -1, NULL, true); /* one run: cut where its pairwise sum splits */
        check_reduce_split("float16", rops[k], half, -1, NULL, rops[k] != WT_REDUCE_SUM && rops[k] != WT_REDUCE_MEAN);
        check_reduce_split("int32", rops[k], i32, -1, NULL, rops[k] != WT_REDUCE_MEAN);
        check_reduce_split("int8 matrix", rops[k], i8, -1, NULL, rops[k] != WT_REDUCE_MEAN);
        check_reduce_split("matrix axis 1", rops[k], m, 1, &ax1, true);  /* slabs of the output: its rows */
        check_reduce_split("wide axis 0", rops[k], wide, 1, &ax0, true); /* its columns, 8 KiB+ of every row each */
        /* 530 columns (4240 bytes a row): two threads reading parts of every row lose */
        check_reduce_split("matrix axis 0", rops[k], m, 1, &ax0, false);
        check_reduce_split("transposed axis 1", rops[k], mt, 1, &ax1, false);
        /* read in its own order: a transposed matrix sums as one run, cut like one */
        check_reduce_split("transposed", rops[k], mt, -1, NULL, true);
        /* a float sum of rows with gaps between them, one after another: one order, one part */
        check_reduce_split("gapped", rops[k], gap, -1, NULL,
                           rops[k] == WT_REDUCE_MAX || rops[k] == WT_REDUCE_MIN || rops[k] == WT_REDUCE_ANY);
    }
    check_reduce_split("float32 NaNs", WT_REDUCE_MAX, nan, -1, NULL, true);
    check_reduce_split("float32 NaNs", WT_REDUCE_MIN, nan, -1, NULL, true);
    check_reduce_split("signed zeros", WT_REDUCE_MAX, zeros, -1, NULL, true);
    check_reduce_split("signed zeros", WT_REDUCE_MIN, zeros, -1, NULL, true);
    check_reduce_split("matrix axis 1", WT_REDUCE_ARGMAX, m, 1, &ax1, true); /* rows scanned whole, by rows */
    check_reduce_split("matrix axis 0", WT_REDUCE_ARGMIN, m, 1, &ax0, true);
    check_reduce_split("float32 NaNs", WT_REDUCE_ARGMAX, nan, -1, NULL, false); /* one row */
    check_reduce_split("float32", WT_REDUCE_PROD, a, -1, NULL, false);          /* a product in order: never cut */
    check_reduce_split("int32", WT_REDUCE_PROD, i32, -1, NULL, true);           /* wraps: any order */
    { /* a fused sum of a leaf is the eager sum, bit for bit, on any threads */
        wt_tensor *eager = NULL, *out = NULL;
        CHECK_OK(wt_reduce(WT_REDUCE_SUM, a, -1, NULL, 0, NULL, &eager));
        for (int threads = 1; threads <= 4; threads++) {
            CHECK_OK(wt_tensor_zeros(WT_FLOAT32, 0, NULL, &out));
            wt_parallel_debug_threads(threads);
            CHECK_OK(wt_fuse(1, (const wt_tensor *[]){a}, NULL, 1, (int32_t[]){WT_OP_COPY, 0, 0, 0}, out, WT_REDUCE_SUM,
                             NULL));
            wt_parallel_debug_threads(1);
            if (!same_bytes(out, eager)) wt_t_fail(__FILE__, __LINE__, "fused sum with %d threads", threads);
            wt_tensor_free(out);
        }
        wt_tensor_free(eager);
    }
    { /* a fused sum of squares of everything, and a product summed into one
      ** value (einsum's 'ij,ij->'): leaves set by the size alone */
        wt_tensor *one = check_whole_split("fused sum of squares", fused_square_sum, a), *sq = NULL, *eager = NULL;
        CHECK_OK(wt_unary(WT_OP_SQUARE, a, &sq)); /* near the eager sum */
        CHECK_OK(wt_reduce(WT_REDUCE_SUM, sq, -1, NULL, 0, NULL, &eager));
        double want = (double)*(float *)wt_tensor_data(eager);
        CHECK(fabs((double)*(float *)wt_tensor_data(one) - want) <= 1e-5 * fabs(want));
        wt_tensor_free(one), wt_tensor_free(sq), wt_tensor_free(eager);
        wt_tensor_free(check_whole_split("a product summed", product_sum, a));
    }
    { /* a fused sum of squares of every row: slabs of rows */
        int64_t oshape[2] = {700, 1};
        wt_tensor *o1 = NULL, *o3 = NULL;
        CHECK_OK(wt_tensor_zeros(WT_FLOAT64, 2, oshape, &o1));
        CHECK_OK(wt_tensor_zeros(WT_FLOAT64, 2, oshape, &o3));
        const int32_t code[4] = {WT_OP_SQUARE, 0, 0, 0};
        CHECK_OK(wt_fuse(1, (const wt_tensor *[]){m}, NULL, 1, code, o1, WT_REDUCE_SUM, NULL));
        int64_t before = wt_parallel_debug_split_loops();
        wt_parallel_debug_threads(3);
        CHECK_OK(wt_fuse(1, (const wt_tensor *[]){m}, NULL, 1, code, o3, WT_REDUCE_SUM, NULL));
        wt_parallel_debug_threads(1);
        CHECK(wt_parallel_debug_split_loops() > before);
        CHECK(same_bytes(o1, o3));
        wt_tensor_free(o1), wt_tensor_free(o3);
    }
    wt_tensor_free(a), wt_tensor_free(m), wt_tensor_free(i32), wt_tensor_free(i8), wt_tensor_free(mt);
    wt_tensor_free(nan), wt_tensor_free(zeros), wt_tensor_free(half), wt_tensor_free(gap), wt_tensor_free(wide);
}

void test_threads_softmax_same_bits(void) {
    int64_t shape[3] = {3, 200, 700};
    wt_tensor *x = random_tensor(WT_FLOAT32, 3, shape), *x64 = NULL;
    CHECK_OK(wt_astype(x, WT_FLOAT64, &x64));
    const wt_tensor *xs[2] = {x, x64};
    for (int k = 0; k < 2; k++)
        for (int axis = 0; axis < 3; axis++)
            for (int log_form = 0; log_form < 2; log_form++) {
                wt_tensor *one = NULL;
                wt_parallel_debug_threads(1);
                CHECK_OK(wt_softmax(xs[k], axis, log_form, &one));
                for (int threads = 2; threads <= 5; threads += 3) {
                    wt_tensor *r = NULL;
                    int64_t before = wt_parallel_debug_split_loops();
                    wt_parallel_debug_threads(threads);
                    CHECK_OK(wt_softmax(xs[k], axis, log_form, &r));
                    wt_parallel_debug_threads(1);
                    if (wt_parallel_debug_split_loops() == before || !r || !same_bytes(r, one))
                        wt_t_fail(__FILE__, __LINE__, "softmax %s axis %d log %d with %d threads: %s",
                                  wt_dtype_name(xs[k]->d.dtype), axis, log_form, threads,
                                  wt_parallel_debug_split_loops() == before ? "not split" : "differs from 1 thread");
                    wt_tensor_free(r);
                }
                wt_tensor_free(one);
            }
    wt_tensor_free(x), wt_tensor_free(x64);
}

/* casts and copies (astype, contiguous copies) of 1 thread, then 2..5: the same bytes, in parts */
static void check_cast_split(const char *name, const wt_tensor *x, int dtype) {
    wt_tensor *one = NULL;
    wt_parallel_debug_threads(1);
    CHECK_OK(wt_astype(x, dtype, &one));
    for (int threads = 2; threads <= 5; threads++) {
        wt_tensor *r = NULL;
        int64_t before = wt_parallel_debug_split_loops();
        wt_parallel_debug_threads(threads);
        CHECK_OK(wt_astype(x, dtype, &r));
        wt_parallel_debug_threads(1);
        if (wt_parallel_debug_split_loops() == before || !r || !same_bytes(r, one))
            wt_t_fail(__FILE__, __LINE__, "%s with %d threads: %s", name, threads,
                      wt_parallel_debug_split_loops() == before ? "not split" : "differs from 1 thread");
        wt_tensor_free(r);
    }
    wt_tensor_free(one);
}

void test_threads_cast_same_bits(void) {
    int64_t img[3] = {300, 400, 4}, mat[2] = {700, 530};
    wt_tensor *rgba = random_tensor(WT_FLOAT32, 3, img), *m = random_tensor(WT_FLOAT32, 2, mat);
    wt_tensor *u8 = NULL, *rgb = NULL, *mt = NULL;
    CHECK_OK(wt_astype(rgba, WT_UINT8, &u8));
    CHECK_OK(wt_view_slice(u8, ":, :, :3", &rgb)); /* a gap every 3: visited across */
    CHECK_OK(wt_view_permute(m, 0, NULL, &mt));    /* a transpose: tiled */
    check_cast_split("uint8 rgba[:, :, :3] to float32", rgb, WT_FLOAT32);
    check_cast_split("transposed float32 copied", mt, WT_FLOAT32); /* the 4x4 register tiles */
    check_cast_split("transposed float32 to float64", mt, WT_FLOAT64);
    check_cast_split("float32 to int32", m, WT_INT32); /* one run: ranges */
    wt_tensor_free(rgb), wt_tensor_free(u8), wt_tensor_free(mt), wt_tensor_free(rgba), wt_tensor_free(m);
}
