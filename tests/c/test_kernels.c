/* test_kernels.c — SIMD kernels against their scalar references, the
** iterator's coalescing, allocation failure and argument validation. */
#include "wt_test.h"
#include "ops.h"

static void fill_random(unsigned char *p, size_t n, int dtype) {
    for (size_t i = 0; i < n; i++) p[i] = (unsigned char)t_rand();
    if (dtype == WT_FLOAT32 || dtype == WT_FLOAT64) { /* keep some ordinary values too */
        size_t isz = wt_dtype_size(dtype);
        for (size_t i = 0; i + isz <= n; i += 3 * isz) wt_cast_store_f64(dtype, p + i, (double)(int32_t)t_rand() / 7.0);
    }
}

/* every dispatched kernel equals the reference loop bit for bit, for all
** lengths 0..67, misaligned starts, contiguous, strided and broadcast */
void test_simd_cast_kernels(void) {
    static unsigned char src[80 * 16 + 16], out1[80 * 16 * 2 + 16], out2[80 * 16 * 2 + 16];
    for (int from = 0; from < WT_NDTYPES; from++)
        for (int to = 0; to < WT_NDTYPES; to++) {
            wt_cast_fn fast = wt_cast_get(from, to), ref = wt_cast_get_ref(from, to);
            int64_t si = (int64_t)wt_dtype_size(from), di = (int64_t)wt_dtype_size(to);
            for (int n = 0; n < 68; n++)
                for (int mis = 0; mis < 2; mis++)
                    for (int layout = 0; layout < 3; layout++) {
                        int64_t ss = layout == 2 ? 0 : si, ds = layout == 1 ? 2 * di : di;
                        fill_random(src, sizeof src, from);
                        memset(out1, 0xAB, sizeof out1);
                        memset(out2, 0xAB, sizeof out2);
                        fast((const char *)src + mis, ss, (char *)out1 + mis, ds, n);
                        ref((const char *)src + mis, ss, (char *)out2 + mis, ds, n);
                        if (memcmp(out1, out2, sizeof out1) != 0) {
                            wt_t_fail(__FILE__, __LINE__, "kernel %s->%s n=%d mis=%d layout=%d differs from reference",
                                      wt_dtype_name(from), wt_dtype_name(to), n, mis, layout);
                            return;
                        }
                    }
        }
}

void test_simd_fill_kernels(void) {
    for (int dt = 0; dt < WT_NDTYPES; dt++)
        for (int64_t n = 0; n < 40; n += 3) {
            wt_tensor *t;
            CHECK_OK(wt_tensor_zeros(dt, 1, &n, &t));
            CHECK_OK(wt_assign_scalar(t, 1));
            double e[40];
            for (int i = 0; i < 40; i++) e[i] = 1;
            CHECK(t_equals(t, e));
            wt_tensor_free(t);
        }
}

void test_iter_coalesce(void) {
    int64_t shape[3] = {2, 3, 4};
    wt_tensor *a = t_arange(WT_FLOAT32, 3, shape), *b = t_arange(WT_FLOAT64, 3, shape), *at, *bt, *rev, *bc;
    wt_iter it;
    const wt_tensor *ops[2] = {a, b};
    wt_iter_init(&it, 2, ops, 0); /* contiguous: one loop of 24 */
    CHECK_EQ(it.ndim, 1);
    CHECK_EQ(it.shape[0], 24);
    CHECK_EQ(it.strides[0][0], 4);
    CHECK_EQ(it.strides[1][0], 8);
    CHECK_OK(wt_view_permute(a, 0, NULL, &at));
    CHECK_OK(wt_view_permute(b, 0, NULL, &bt));
    const wt_tensor *ops2[2] = {at, bt};
    wt_iter_init(&it, 2, ops2, 0); /* both transposed the same way: still one loop */
    CHECK_EQ(it.ndim, 1);
    CHECK_OK(wt_view_slice(b, "::-1, ::-1, ::-1", &rev));
    const wt_tensor *ops3[2] = {a, rev};
    wt_iter_init(&it, 2, ops3, 0); /* one operand reversed: each still walks evenly */
    CHECK_EQ(it.ndim, 1);
    CHECK_EQ(it.strides[1][0], -8);
    wt_tensor *half;
    CHECK_OK(wt_view_slice(a, ":, 1:, ::2", &half)); /* (2,2,2), strides (12,4,2) */
    const wt_tensor *ops3b[2] = {half, half};
    wt_iter_init(&it, 2, ops3b, 0); /* inner two axes merge, the outer cannot */
    CHECK_EQ(it.ndim, 2);
    CHECK_EQ(it.shape[0], 2);
    CHECK_EQ(it.shape[1], 4);
    CHECK_EQ(it.strides[0][1], 8);
    wt_tensor_free(half);
    const wt_tensor *ops4[2] = {rev, rev};
    wt_iter_init(&it, 2, ops4, 0); /* all reversed: flipped, then merged */
    CHECK_EQ(it.ndim, 1);
    CHECK_EQ(it.strides[0][0], 8);
    wt_tensor *row;
    CHECK_OK(wt_view_slice(b, "0, 0", &row));
    CHECK_OK(wt_view_broadcast_to(row, 3, shape, &bc));
    const wt_tensor *ops5[2] = {a, bc};
    wt_iter_init(&it, 2, ops5, 0); /* a broadcast row, (6, 4) with a stride-0 outer axis: one periodic loop */
    CHECK_EQ(it.ndim, 1);
    CHECK_EQ(it.shape[0], 24);
    CHECK_EQ(it.strides[1][0], 0);
    CHECK_EQ(it.nper, 1);
    CHECK_EQ(it.period, 4);
    CHECK_EQ(it.per_step[0], 8);
    wt_tensor_free(row);
    wt_tensor_free(bc);
    wt_tensor_free(rev);
    wt_tensor_free(at);
    wt_tensor_free(bt);
    wt_tensor_free(a);
    wt_tensor_free(b);
}

/* out = 1000 x + m, float64, written by whatever calls the iterator makes */
static void short_inner(void *ctx, char **p, const int64_t *s, int64_t n) {
    (*(int64_t *)ctx)++;
    for (int64_t i = 0; i < n; i++)
        *(double *)(p[0] + i * s[0]) = 1000 * *(double *)(p[1] + i * s[1]) + *(double *)(p[2] + i * s[2]);
}

/* every element of out against 1000 x + m read through the views' own indices */
static void check_short(wt_tensor *out, const wt_tensor *x, const wt_tensor *m) {
    int64_t n = wt_desc_size(&out->d), idx[WT_MAX_DIMS];
    for (int64_t e = 0; e < n; e++) {
        int64_t rem = e;
        for (int i = out->d.ndim - 1; i >= 0; i--) idx[i] = rem % out->d.shape[i], rem /= out->d.shape[i];
        double want = 1000 * *(double *)t_elem(x, idx) + *(double *)t_elem(m, idx);
        if (*(double *)t_elem(out, idx) != want) {
            CHECK(!"element differs");
            return;
        }
    }
}

/* a short last axis: periodic operands merged, unmergeable ones visited
** across; every element right whole and in parts split anywhere */
void test_iter_short(void) {
    const int64_t xs[4] = {2, 5, 7, 3}, ms[4] = {2, 1, 1, 3}, big[4] = {2, 9, 40, 3}, bigwide[4] = {2, 9, 40, 4},
                  small[4] = {2, 3, 5, 3}, smallwide[4] = {2, 3, 5, 4};
    struct {
        const int64_t *shape, *base;
        const char *xslice, *mslice;
        int nper;
        bool across;
    } cases[] = {
        {xs, xs, NULL, ":1, :1, :1, :", 1, false},               /* (3,) against (2, 5, 7, 3) */
        {xs, xs, NULL, "1:, :1, :1, ::-1", 1, false},            /* reversed, one batch */
        {xs, xs, NULL, ":, :1, :1, :", 1, false},                /* (2, 1, 1, 3): the period moves with the batch */
        {big, bigwide, ":, :, :, :3", ":1, :1, :1, :", 0, true}, /* x has a gap: across */
        {small, smallwide, ":, :, :, :3", ":1, :1, :1, :", 0, false}, /* too short to go across */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        wt_tensor *xb = t_arange(WT_FLOAT64, 4, cases[c].base), *mb = t_arange(WT_FLOAT64, 4, ms), *x = xb, *mv, *m,
                  *out;
        if (cases[c].xslice) CHECK_OK(wt_view_slice(xb, cases[c].xslice, &x));
        CHECK_OK(wt_view_slice(mb, cases[c].mslice, &mv));
        CHECK_OK(wt_view_broadcast_to(mv, 4, cases[c].shape, &m));
        CHECK_OK(wt_tensor_zeros(WT_FLOAT64, 4, cases[c].shape, &out));
        const wt_tensor *ops[3] = {out, x, m};
        wt_iter it;
        wt_iter_init(&it, 3, ops, 0);
        CHECK_EQ(it.nper, cases[c].nper);
        CHECK_EQ(it.across, cases[c].across);
        int64_t calls = 0, size = wt_iter_size(&it);
        wt_iter_run(&it, short_inner, &calls);
        check_short(out, x, m);
        CHECK(calls <= (it.nper || it.across ? size / 64 + 64 : size)); /* long calls, not one per period */
        for (int64_t cut = 1; cut < 9; cut++) { /* parts as threads split them, mid-period too */
            CHECK_OK(wt_assign_scalar(out, -1));
            for (int64_t b = 0, step = size / cut + 1; b < size; b += step)
                wt_iter_run_range(&it, short_inner, &calls, b, b + step < size ? b + step : size);
            check_short(out, x, m);
        }
        wt_tensor_free(out), wt_tensor_free(m), wt_tensor_free(mv), wt_tensor_free(mb);
        if (x != xb) wt_tensor_free(x);
        wt_tensor_free(xb);
    }
    /* more periodic operands than the iterator keeps copies of: visited across, every element once */
    const int64_t img[3] = {4, 40, 3}, per[1] = {3};
    wt_tensor *out, *mb = t_arange(WT_FLOAT64, 1, per), *m;
    CHECK_OK(wt_view_broadcast_to(mb, 3, img, &m));
    CHECK_OK(wt_tensor_zeros(WT_FLOAT64, 3, img, &out));
    const wt_tensor *ops[WT_ITER_PERIODIC + 2] = {out};
    for (int k = 1; k < WT_ITER_PERIODIC + 2; k++) ops[k] = m;
    wt_iter it;
    wt_iter_init(&it, WT_ITER_PERIODIC + 2, ops, 0);
    CHECK_EQ(it.nper, 0);
    CHECK(it.across);
    int64_t calls = 0;
    wt_iter_run(&it, short_inner, &calls);
    check_short(out, m, m); /* 1000 m + m from the first two operands */
    wt_tensor_free(out), wt_tensor_free(m), wt_tensor_free(mb);
}

void test_enomem(void) {
    wt_tensor *t = NULL;
    int64_t huge[2] = {1LL << 31, 1LL << 31}; /* 2^62 elements: too large anywhere */
    CHECK_ERR(wt_tensor_empty(WT_FLOAT64, 2, huge, &t), WT_ENOMEM, "out of memory");
    int64_t big[1] = {1LL << 45}; /* 256 TiB: allocation fails */
    CHECK_ERR(wt_tensor_zeros(WT_FLOAT64, 1, big, &t), WT_ENOMEM, "out of memory");
    CHECK(t == NULL);
    int64_t ok[1] = {4};
    CHECK_OK(wt_tensor_zeros(WT_FLOAT64, 1, ok, &t)); /* the engine stays usable */
    wt_tensor_free(t);
}

/* fail each allocation of a few compound calls in turn: every failure is a
** clean WT_ENOMEM with nothing leaked */
void test_alloc_failure_injection(void) {
    int64_t shape[2] = {4, 5};
    wt_tensor *base = t_arange(WT_FLOAT32, 2, shape), *tr;
    CHECK_OK(wt_view_permute(base, 0, NULL, &tr));
    for (int k = 1; k <= 3; k++) {
        wt_tensor *out = NULL;
        wt_tensor_debug_fail_alloc_after(k);
        wt_status st = wt_view_reshape(tr, 1, (int64_t[]){20}, &out); /* needs a copy */
        wt_tensor_debug_fail_alloc_after(0);
        if (st == WT_OK)
            wt_tensor_free(out);
        else
            CHECK_EQ(st, WT_ENOMEM);
    }
    wt_tensor *out = NULL;
    wt_tensor_debug_fail_alloc_after(1);
    CHECK_ERR(wt_copy(tr, &out), WT_ENOMEM, "out of memory allocating 80 bytes for a float32 tensor of shape (5,4)");
    wt_tensor_debug_fail_alloc_after(0);
    CHECK(out == NULL);
    wt_tensor_free(tr);
    wt_tensor_free(base);
}

void test_null_arguments(void) {
    wt_tensor *t = NULL;
    int64_t shape[1] = {3};
    CHECK_ERR(wt_view_slice(NULL, ":", &t), WT_EINVAL, "tensor is NULL");
    CHECK_ERR(wt_view_permute(NULL, 0, NULL, &t), WT_EINVAL, "tensor is NULL");
    CHECK_ERR(wt_view_reshape(NULL, 1, shape, &t), WT_EINVAL, "tensor is NULL");
    CHECK_ERR(wt_view_broadcast_to(NULL, 1, shape, &t), WT_EINVAL, "tensor is NULL");
    CHECK_ERR(wt_view_expand_dims(NULL, 0, &t), WT_EINVAL, "tensor is NULL");
    CHECK_ERR(wt_view_squeeze(NULL, 0, NULL, &t), WT_EINVAL, "tensor is NULL");
    CHECK_ERR(wt_view_diagonal(NULL, 0, 0, 1, &t), WT_EINVAL, "tensor is NULL");
    CHECK_ERR(wt_view_flatten(NULL, &t), WT_EINVAL, "tensor is NULL");
    CHECK_ERR(wt_view_contiguous(NULL, &t), WT_EINVAL, "tensor is NULL");
    CHECK_ERR(wt_copy(NULL, &t), WT_EINVAL, "tensor is NULL");
    CHECK_ERR(wt_tensor_clone(NULL, &t), WT_EINVAL, "tensor is NULL");
    CHECK_ERR(wt_tensor_get(NULL, NULL, NULL), WT_EINVAL, "NULL");
    CHECK(t == NULL);
    wt_tensor_free(NULL);
    CHECK_EQ(wt_tensor_ndim(NULL), 0);
    CHECK(wt_tensor_shape(NULL) == NULL);
    CHECK_EQ(wt_tensor_flags(NULL), 0);
    wt_tensor *a = t_arange(WT_INT8, 1, shape);
    CHECK_ERR(wt_view_slice(a, ":", NULL), WT_EINVAL, "output pointer is NULL");
    CHECK_ERR(wt_view_reshape(a, 1, NULL, &t), WT_EINVAL, "shape is NULL");
    CHECK_ERR(wt_view_squeeze(a, 1, NULL, &t), WT_EINVAL, "squeeze: 1 axes given");
    wt_tensor_free(a);
}

void test_memory_counters(void) {
    int64_t t0 = wt_memory_tensors(), b0 = wt_memory_bytes();
    int64_t shape[1] = {100};
    wt_tensor *a, *v;
    wt_memory_reset_peak();
    CHECK_OK(wt_tensor_zeros(WT_FLOAT32, 1, shape, &a));
    CHECK_OK(wt_view_slice(a, "::2", &v));
    CHECK_EQ(wt_memory_tensors(), t0 + 2);
    CHECK_EQ(wt_memory_bytes(), b0 + 400);
    CHECK(wt_memory_peak() >= b0 + 400);
    wt_tensor_free(a);
    wt_tensor_free(v);
    CHECK_EQ(wt_memory_tensors(), t0);
    CHECK_EQ(wt_memory_bytes(), b0);
    void *p = wt_malloc(100);
    CHECK(p != NULL && (uintptr_t)p % 16 == 0);
    wt_free(p);
}

/* transpose-like passes are tiled (and 4-byte copies go through 4x4 register
** transposes): check every element, full and partial tiles, all layouts */
void test_tiled_transposes(void) {
    static const int64_t sizes[][2] = {{64, 64}, {67, 45}, {33, 130}, {128, 36}};
    static const int dts[] = {WT_FLOAT32, WT_INT32, WT_UINT8, WT_FLOAT64};
    for (size_t s = 0; s < 4; s++)
        for (size_t d = 0; d < 4; d++) {
            int64_t shape[2] = {sizes[s][0], sizes[s][1]}, tshape[2] = {shape[1], shape[0]};
            wt_tensor *a = t_arange(dts[d], 2, shape), *t = NULL, *c = NULL, *sum = NULL, *rev = NULL;
            CHECK_OK(wt_view_permute(a, 0, NULL, &t));
            CHECK_OK(wt_copy(t, &c)); /* tiled copy */
            CHECK_OK(wt_view_slice(t, "::-1", &rev));
            const wt_tensor *in[2] = {t, rev};
            CHECK_OK(wt_ewise(WT_OP_ADD, 2, in, NULL, 1, 1, NULL, WT_REDUCE_NONE, &sum)); /* tiled op */
            bool ok = true;
            for (int64_t i = 0; ok && i < tshape[0]; i++)
                for (int64_t j = 0; ok && j < tshape[1]; j++) {
                    double v, w, want = (double)(j * shape[1] + i),
                                 want2 = want + (double)(j * shape[1] + (tshape[0] - 1 - i));
                    wt_slot b1, b2;
                    wt_cast_store_f64(dts[d], &b1, want); /* what the dtype holds */
                    wt_cast_store_f64(dts[d], &b2, want2);
                    wt_tensor_get(c, (int64_t[]){i, j}, &v);
                    wt_tensor_get(sum, (int64_t[]){i, j}, &w);
                    ok = v == wt_cast_load_f64(dts[d], &b1) && w == wt_cast_load_f64(dts[d], &b2);
                    if (!ok)
                        wt_t_fail(__FILE__, __LINE__, "%s (%lld,%lld) at (%lld,%lld): %g %g", wt_dtype_name(dts[d]),
                                  (long long)shape[0], (long long)shape[1], (long long)i, (long long)j, v, w);
                }
            wt_tensor_free(sum);
            wt_tensor_free(rev);
            wt_tensor_free(c);
            wt_tensor_free(t);
            wt_tensor_free(a);
        }
}
