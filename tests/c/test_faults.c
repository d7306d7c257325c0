/* test_faults.c — allocation failure at every point (SQLite's discipline).
** Each scenario runs with its 1st, 2nd, 3rd, ... allocation failing until it
** succeeds.  Every failure must be WT_ENOMEM with a message, leave no tensor
** or byte behind, and leave the destination unchanged byte for byte. */
#include "fft.h"
#include "wt_test.h"
#include <dlpack/dlpack.h>
#include <stdlib.h>

static wt_tensor *A, *B, *AT, *C3, *I32, *SQ, *OUT, *OUT_INT, *OUT_ROW;
static wt_rng *RNG; /* its state is part of the snapshot: a failed draw draws nothing */

static wt_status sc_copy(wt_tensor **r) { return wt_copy(AT, r); }
static wt_status sc_reshape_copy(wt_tensor **r) { return wt_view_reshape(AT, 1, (int64_t[]){48}, r); }
static wt_status sc_slice(wt_tensor **r) { return wt_view_slice(A, "::-2, None, 1:", r); }
static wt_status sc_astype(wt_tensor **r) { return wt_astype(AT, WT_INT16, r); }
static wt_status sc_arange(wt_tensor **r) { return wt_tensor_arange(0, 10, 0.5, WT_FLOAT32, r); }
static wt_status sc_eye(wt_tensor **r) { return wt_tensor_eye(5, 4, 1, WT_FLOAT64, r); }
static wt_status sc_assign_overlap(wt_tensor **r) { /* src overlaps dst: a temporary copy */
    wt_tensor *src = NULL;
    wt_status st = wt_view_slice(SQ, "::-1", &src);
    if (st) return st;
    st = wt_assign(SQ, src);
    wt_tensor_free(src);
    return st;
}
static wt_status sc_add_broadcast(wt_tensor **r) {
    wt_tensor *row = NULL;
    wt_status st = wt_view_slice(AT, "0", &row);
    if (!st) st = wt_binary(WT_OP_ADD, AT, row, r);
    wt_tensor_free(row);
    return st;
}
static wt_status sc_ewise_cast_into_out(wt_tensor **r) { /* int32 * float32 -> float64, cast unsafely into int32 out */
    const wt_tensor *in[2] = {I32, OUT};
    wt_tensor *u = NULL;
    wt_status st = wt_view_casting(OUT_INT, WT_CASTING_UNSAFE, &u);
    if (!st) st = wt_ewise(WT_OP_MUL, 2, in, NULL, 2, 1, u, WT_REDUCE_NONE, r);
    wt_tensor_free(u);
    return st;
}
static wt_status sc_ewise_aliased_out(wt_tensor **r) { /* out aliases a transposed input: copies first */
    wt_tensor *t = NULL;
    wt_status st = wt_view_permute(SQ, 0, NULL, &t);
    if (st) return st;
    const wt_tensor *in[2] = {t, SQ};
    st = wt_ewise(WT_OP_SUB, 2, in, NULL, 1, 1, SQ, WT_REDUCE_NONE, r);
    wt_tensor_free(t);
    return st;
}
static wt_status sc_ewise_reduce_into(wt_tensor **r) {
    const wt_tensor *in[2] = {A, A};
    return wt_ewise(WT_OP_MUL, 2, in, NULL, 1, 1, OUT_ROW, WT_REDUCE_SUM, r);
}
static wt_status sc_exp(wt_tensor **r) { return wt_unary(WT_OP_EXP, AT, r); }
static wt_status sc_sum_axis(wt_tensor **r) { return wt_reduce(WT_REDUCE_SUM, AT, 1, (int[]){0}, 0, NULL, r); }
static wt_status sc_mean_out(wt_tensor **r) { return wt_reduce(WT_REDUCE_MEAN, A, 1, (int[]){0}, 0, OUT_ROW, r); }
static wt_status sc_argmax(wt_tensor **r) { return wt_reduce(WT_REDUCE_ARGMAX, AT, 1, (int[]){1}, 1, NULL, r); }
static wt_status sc_matmul(wt_tensor **r) { return wt_matmul(A, B, NULL, r); }
static wt_status sc_matmul_out(wt_tensor **r) { return wt_matmul(AT, A, OUT, r); }
static wt_status sc_matmul_int(wt_tensor **r) { return wt_matmul(I32, I32, NULL, r); }
static wt_status sc_concat(wt_tensor **r) {
    const wt_tensor *ts[3] = {A, OUT, A};
    return wt_concat(3, ts, 0, 0, NULL, r);
}
static wt_status sc_concat_flat(wt_tensor **r) { /* AT is strided: flattening it copies */
    const wt_tensor *ts[2] = {AT, I32};
    return wt_concat(2, ts, 0, 1, NULL, r);
}
static wt_status sc_stack_out(wt_tensor **r) { /* OUT's rows, stacked into OUT: an aliased out */
    wt_tensor *rows[2] = {NULL, NULL};
    wt_status st = wt_view_slice(OUT, "::2", &rows[0]);
    if (!st) st = wt_view_slice(OUT, "1::2", &rows[1]);
    const wt_tensor *ts[2] = {rows[1], rows[0]};
    wt_tensor *o = NULL;
    if (!st) st = wt_view_reshape_to(OUT, 3, (int64_t[]){2, 4, 8}, &o);
    if (!st) st = wt_stack(2, ts, 0, o, r);
    wt_tensor_free(o), wt_tensor_free(rows[0]), wt_tensor_free(rows[1]);
    return st;
}
static wt_status sc_index_get(wt_tensor **r) { /* C3[mask, 1:, ints]: a strided mask's coordinates */
    wt_tensor *row = NULL, *mask = NULL, *idx = NULL, *m = NULL;
    wt_status st = wt_view_slice(I32, "1, :2", &row);
    if (!st) st = wt_astype(row, WT_BOOL, &mask);
    if (!st) st = wt_view_slice(mask, "::-1", &m);
    wt_tensor_free(row);
    if (!st) st = wt_tensor_full(WT_INT64, 1, (int64_t[]){1}, -1, &idx);
    const wt_tensor *ts[2] = {m, idx};
    if (!st) st = wt_index_get(C3, "@, 1:, @", 2, ts, r);
    wt_tensor_free(mask), wt_tensor_free(m), wt_tensor_free(idx);
    return st;
}
static wt_status sc_index_set(wt_tensor **r) { /* OUT[:, rows] = OUT's own transpose: a temporary */
    (void)r;
    wt_tensor *idx = NULL, *t = NULL;
    wt_status st = wt_tensor_arange(7, -1, -1, WT_INT32, &idx);
    if (!st) st = wt_view_permute(OUT, 0, NULL, &t);
    const wt_tensor *ts[1] = {idx};
    if (!st) st = wt_index_set(OUT, ":, @", 1, ts, t);
    wt_tensor_free(idx), wt_tensor_free(t);
    return st;
}
static wt_status sc_nonzero(wt_tensor **r) { return wt_nonzero(AT, r); }
static wt_status sc_sort(wt_tensor **r) { /* values and indices: the second failing frees the first */
    wt_tensor *i = NULL;
    wt_status st = wt_sort(AT, 0, 1, r, &i);
    wt_tensor_free(i);
    return st;
}
static wt_status sc_repeat(wt_tensor **r) { /* counts cast, indices built, a gather */
    wt_tensor *reps = NULL;
    wt_status st = wt_tensor_arange(0, 8, 1, WT_INT8, &reps);
    if (!st) st = wt_repeat(AT, reps, 0, 0, r);
    wt_tensor_free(reps);
    return st;
}
static wt_status sc_windows(wt_tensor **r) { /* a window view, then a strided one of it */
    wt_tensor *w = NULL;
    wt_status st = wt_view_sliding_window(A, 2, (int[]){0, 1}, 2, (int64_t[]){3, 2}, &w);
    if (!st) st = wt_view_as_strided(w, 1, (int64_t[]){4}, 1, (int64_t[]){9}, 1, r);
    wt_tensor_free(w);
    return st;
}
static wt_status sc_accumulate(wt_tensor **r) { /* a float16 cumsum along an outer axis, into a strided out */
    wt_tensor *h = NULL, *o = NULL;
    wt_status st = wt_astype(AT, WT_FLOAT16, &h);
    if (!st) st = wt_tensor_empty(WT_FLOAT32, h->d.ndim, h->d.shape, &o);
    if (!st) st = wt_accumulate(WT_OP_ADD, h, 0, -1, o, r);
    wt_tensor_free(h), wt_tensor_free(o);
    return st;
}
static wt_status sc_index_apply(wt_tensor **r) { /* add.at with repeated rows and values to broadcast */
    (void)r;
    wt_tensor *idx = NULL;
    wt_status st = wt_tensor_full(WT_INT32, 1, (int64_t[]){3}, 1, &idx);
    const wt_tensor *ts[1] = {idx};
    if (!st) st = wt_index_apply(WT_OP_ADD, OUT, "@", 1, ts, OUT_ROW, 0);
    wt_tensor_free(idx);
    return st;
}
static wt_status sc_bincount(wt_tensor **r) { /* int32 values, complex weights: the weights' copy, then the sums */
    wt_tensor *x = NULL, *w = NULL;
    wt_status st = wt_tensor_full(WT_INT32, 1, (int64_t[]){70}, 3, &x);
    if (!st) st = wt_tensor_full(WT_COMPLEX64, 1, (int64_t[]){70}, 0.5, &w);
    if (!st) st = wt_bincount(x, 5, w, r);
    wt_tensor_free(x), wt_tensor_free(w);
    return st;
}
static wt_status sc_histogram(wt_tensor **r) { /* the edges, a flat copy of a transposed view, the counts */
    wt_tensor *e = NULL;
    wt_status st = wt_tensor_full(WT_FLOAT64, 1, (int64_t[]){4}, 1, &e);
    if (!st) st = wt_histogram(AT, e, NULL, r);
    wt_tensor_free(e);
    return st;
}
static wt_status sc_softmax(wt_tensor **r) { /* the result, then a row of scratch */
    return wt_softmax(AT, 0, 1, r);
}
static wt_status sc_correlate(wt_tensor **r) { /* float16: the padded row, the taps, the sums, the rounding */
    wt_tensor *h = NULL, *row = NULL;
    int64_t n = 48; /* AT's size */
    wt_status st = wt_astype(AT, WT_FLOAT16, &h);
    if (!st) st = wt_view_reshape_to(h, 1, &n, &row);
    if (!st) st = wt_correlate(row, row, -3, 60, r);
    wt_tensor_free(h), wt_tensor_free(row);
    return st;
}
static wt_status sc_partition(wt_tensor **r) { /* the kth copy, the room, values, indices */
    wt_tensor *i = NULL;
    wt_status st = wt_partition(AT, 3, (int64_t[]){-1, 2, 2}, 0, r, &i);
    wt_tensor_free(i);
    return st;
}
static wt_status sc_random_normal(wt_tensor **r) { /* both parameters as float64, then the result */
    return wt_random(RNG, WT_RANDOM_NORMAL, OUT_ROW, OUT, NULL, WT_FLOAT64, -1, NULL, r);
}
static wt_status sc_random_integers(wt_tensor **r) { /* both bounds as int64, then the result */
    wt_tensor *lo = NULL;
    wt_status st = wt_tensor_full(WT_INT8, 0, NULL, 0, &lo);
    if (!st) st = wt_random_integers(RNG, lo, I32, 1, 0, WT_INT16, -1, NULL, r);
    wt_tensor_free(lo);
    return st;
}
static wt_status sc_random_choice(wt_tensor **r) { /* p as float64, the cdf, the result */
    int64_t n = 30;
    wt_tensor *p = NULL;
    wt_status st = wt_tensor_full(WT_FLOAT32, 1, &n, 1.0 / 30, &p);
    if (!st) st = wt_random_choice_p(RNG, p, 30, 0, 0, 1, (int64_t[]){12}, r);
    wt_tensor_free(p);
    return st;
}
static wt_status sc_random_sample(wt_tensor **r) { /* the result, the tail shuffle's whole range */
    return wt_random_sample(RNG, 20000, 5000, 1, r);
}
static wt_status sc_random_new(wt_tensor **r) { /* a generator, a seed sequence's pool, then a draw */
    wt_rng *g = NULL;
    uint32_t one = 1, w[8];
    wt_status st = wt_rng_new(WT_RNG_PHILOX, &g);
    if (!st) st = wt_seed_sequence(&one, 1, 64, w, 4);
    if (!st) st = wt_rng_seed(g, w, 4);
    if (!st) st = wt_random(g, WT_RANDOM_RANDOM, NULL, NULL, NULL, WT_FLOAT64, 1, (int64_t[]){3}, r);
    wt_rng_free(g);
    return st;
}
static wt_status sc_random_multinomial(wt_tensor **r) {
    int64_t n = 4;
    wt_tensor *pv = NULL;
    wt_status st = wt_tensor_full(WT_FLOAT64, 1, &n, 0.25, &pv);
    if (!st) st = wt_random_multinomial(RNG, I32, pv, -1, NULL, r);
    wt_tensor_free(pv);
    return st;
}
static wt_status sc_linalg_solve(wt_tensor **r) { /* 130 x 130: LU's and the solve's GEMMs pack */
    wt_tensor *a = NULL, *b = NULL;
    wt_status st = wt_tensor_eye(130, 130, 0, WT_FLOAT64, &a);
    if (!st) st = wt_tensor_full(WT_FLOAT32, 2, (int64_t[]){130, 70}, 2, &b);
    if (!st) st = wt_linalg(WT_LINALG_SOLVE, a, b, 0, r, NULL, NULL);
    wt_tensor_free(a), wt_tensor_free(b);
    return st;
}
static wt_status sc_linalg_cholesky(wt_tensor **r) {
    wt_tensor *a = NULL;
    wt_status st = wt_tensor_eye(130, 130, 0, WT_COMPLEX64, &a);
    if (!st) st = wt_linalg(WT_LINALG_CHOLESKY, a, NULL, WT_LINALG_UPPER, r, NULL, NULL);
    wt_tensor_free(a);
    return st;
}
static wt_status sc_linalg_svd(wt_tensor **r) { /* three results */
    wt_tensor *s = NULL, *vh = NULL;
    wt_status st = wt_linalg(WT_LINALG_SVD, AT, NULL, WT_LINALG_VECTORS | WT_LINALG_COMPLETE, r, &s, &vh);
    wt_tensor_free(s), wt_tensor_free(vh);
    return st;
}
static wt_status sc_linalg_eig(wt_tensor **r) { /* a real matrix: the complex results, then real ones */
    wt_tensor *v = NULL;
    wt_status st = wt_linalg(WT_LINALG_EIG, SQ, NULL, WT_LINALG_VECTORS, r, &v, NULL);
    wt_tensor_free(v);
    return st;
}
/* the plans are forgotten first, so each failing allocation may be a plan's */
static wt_status sc_fft_bluestein_real(wt_tensor **r) { /* a real plan on 134 = 2 x 67: Bluestein's sub-plan */
    wt_fft_plan_forget();
    return wt_fft(AT, WT_FFT_R2C, 0, 268, WT_FFT_NORM_ORTHO, WT_FFT_N, NULL, r);
}
static wt_status sc_fft_into_out(wt_tensor **r) { /* C2R along a strided axis, into an out of another dtype */
    wt_fft_plan_forget();
    wt_tensor *out = NULL;
    wt_status st = wt_tensor_full(WT_FLOAT64, 2, (int64_t[]){10, 6}, 3, &out);
    if (!st) st = wt_fft(AT, WT_FFT_C2R, 0, 10, WT_FFT_NORM_BACKWARD, WT_FFT_N, out, r);
    wt_tensor_free(out);
    return st;
}
static wt_status sc_text_read(wt_tensor **r) { /* two passes over the text, then one tensor */
    const char *txt = "1,2,3\n4,,6\n";
    return wt_text_read(txt, strlen(txt), ',', NULL, 0, -1, 0, NULL, WT_FLOAT32, 1, -1, r);
}
static wt_status sc_topk(wt_tensor **r) { /* the heap, then values, then indices */
    wt_tensor *i = NULL;
    wt_status st = wt_topk(AT, 3, 0, 1, r, &i);
    wt_tensor_free(i);
    return st;
}
static wt_status sc_unique(wt_tensor **r) { /* all four outputs of a strided tensor */
    wt_tensor *o[3] = {NULL, NULL, NULL};
    wt_status st = wt_unique(AT, 1, r, &o[0], &o[1], &o[2]);
    for (int k = 0; k < 3; k++) wt_tensor_free(o[k]);
    return st;
}
static wt_status sc_searchsorted(wt_tensor **r) { /* with a sorter, in a common dtype */
    wt_tensor *a = NULL, *sorter = NULL;
    wt_status st = wt_view_slice(I32, "0, ::-1", &a);
    if (!st) st = wt_tensor_arange(7, -1, -1, WT_INT32, &sorter);
    if (!st) st = wt_searchsorted(a, AT, 1, sorter, r);
    wt_tensor_free(a), wt_tensor_free(sorter);
    return st;
}
static wt_status sc_einsum_chain(wt_tensor **r) {
    const wt_tensor *ops[3] = {A, B, AT};
    return wt_einsum("ij,jk,lm->ikml", 3, ops, NULL, r);
}
static wt_status sc_einsum_batched_out(wt_tensor **r) {
    const wt_tensor *ops[2] = {C3, C3};
    wt_tensor *o = NULL;
    int64_t shape[3] = {2, 3, 3};
    wt_status st = wt_tensor_zeros(WT_FLOAT32, 3, shape, &o);
    if (st) return st;
    st = wt_einsum("bij,bkj->bik", 2, ops, o, NULL);
    if (!st)
        *r = o;
    else
        wt_tensor_free(o);
    return st;
}
static wt_status sc_einsum_trace(wt_tensor **r) {
    const wt_tensor *ops[1] = {SQ};
    return wt_einsum("ii->", 1, ops, NULL, r);
}
static wt_status sc_einsum_dot(wt_tensor **r) {
    const wt_tensor *ops[2] = {A, A};
    return wt_einsum("ij,ij->", 2, ops, NULL, r);
}
static wt_status sc_einsum_path(wt_tensor **r) {
    char json[4096];
    size_t len;
    int nd[6] = {2, 2, 2, 2, 2, 2};
    int64_t s[6][2] = {{2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {7, 2}};
    const int64_t *sp[6] = {s[0], s[1], s[2], s[3], s[4], s[5]};
    return wt_einsum_path("ab,bc,cd,de,ef,fg->ag", 6, nd, sp, json, sizeof json, &len);
}
static wt_status sc_fuse_aliased_cast(wt_tensor **r) { /* OUT_INT = (I32.T * 2 + OUT) - OUT_INT.T: copies, casts */
    wt_tensor *t = NULL, *ot = NULL, *u = NULL;
    wt_status st = wt_view_permute(I32, 0, NULL, &t);
    if (!st) st = wt_view_permute(OUT_INT, 0, NULL, &ot);
    if (!st) st = wt_view_casting(OUT_INT, WT_CASTING_UNSAFE, &u);
    const wt_tensor *l[4] = {t, OUT, ot, NULL};
    double sc[4] = {0, 0, 0, 2};
    const int32_t code[12] = {WT_OP_MUL, 0, 3, 0, WT_OP_ADD, 4, 1, 0, WT_OP_SUB, 5, 2, 0};
    if (!st) st = wt_fuse(4, l, sc, 3, code, u, WT_REDUCE_NONE, r);
    wt_tensor_free(t);
    wt_tensor_free(ot);
    wt_tensor_free(u);
    return st;
}
static wt_status sc_fuse_mean_into(wt_tensor **r) { /* OUT_ROW = mean over rows of (OUT - I32)^2 */
    const wt_tensor *l[2] = {OUT, I32};
    const int32_t code[8] = {WT_OP_SUB, 0, 1, 0, WT_OP_SQUARE, 2, 0, 0};
    return wt_fuse(2, l, NULL, 2, code, OUT_ROW, WT_REDUCE_MEAN, r);
}
static int released;
static void on_release(void *ctx) { released++; }
static wt_status sc_wrap(wt_tensor **r) {
    static float mem[12];
    return wt_tensor_wrap(mem, sizeof mem, WT_FLOAT32, 2, (int64_t[]){3, 4}, NULL, 0, 0, on_release, NULL, r);
}

static wt_status sc_adopt(wt_tensor **r) { /* rows 1.. of OUT, adopted through its bytes */
    const float *f = wt_tensor_data(OUT);
    int64_t n = wt_tensor_size(OUT), cols = wt_tensor_shape(OUT)[wt_tensor_ndim(OUT) - 1];
    return wt_tensor_adopt(f + cols, (size_t)(n - cols) * sizeof(float), WT_FLOAT32, 1, (int64_t[]){n - cols}, NULL, 0,
                           0, r);
}

/* DLPack: a failed import must leave the managed tensor the caller's (its
** deleter not called); a failed import of our own export is deleted here */
static void foreign_delete(DLManagedTensorVersioned *m) { released++; }
static wt_status sc_dlpack_import(wt_tensor **r) {
    static float mem[12];
    static int64_t shape[2] = {3, 4};
    static DLManagedTensorVersioned m;
    m = (DLManagedTensorVersioned){
        .version = {1, 0},
        .deleter = foreign_delete,
        .dl_tensor = {.data = mem, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 32, 1}, .shape = shape}};
    return wt_dlpack_import(&m, r);
}
static wt_status sc_dlpack_round_trip(wt_tensor **r) {
    DLManagedTensorVersioned *m;
    wt_status st = wt_dlpack_export(AT, &m);
    if (st) return st;
    st = wt_dlpack_import(m, r);
    if (st) m->deleter(m);
    return st;
}

static wt_status sc_share(wt_tensor **r) {
    wt_tensor *ticket;
    wt_status st = wt_tensor_share(AT, &ticket);
    return st ? st : wt_tensor_attach(ticket, r);
}

/* the bytes of every tensor a scenario may write */
static size_t snapshot(uint8_t *dst) {
    wt_tensor *writable[] = {SQ, OUT, OUT_INT, OUT_ROW};
    size_t n = 0;
    for (size_t i = 0; i < sizeof writable / sizeof writable[0]; i++) {
        memcpy(dst + n, wt_tensor_data(writable[i]), wt_tensor_nbytes(writable[i]));
        n += wt_tensor_nbytes(writable[i]);
    }
    CHECK_OK(wt_rng_get_state(RNG, (uint32_t *)(void *)(dst + n), 13));
    return n + 13 * 4;
}

void test_alloc_failure_everywhere(void) {
    int64_t sa[2] = {6, 8}, sb[2] = {8, 5}, sc[3] = {2, 3, 4}, ss[2] = {7, 7}, so[2] = {8, 8}, sr[1] = {8};
    A = t_arange(WT_FLOAT32, 2, sa), B = t_arange(WT_FLOAT32, 2, sb), C3 = t_arange(WT_FLOAT32, 3, sc);
    SQ = t_arange(WT_FLOAT64, 2, ss), I32 = t_arange(WT_INT32, 2, so);
    CHECK_OK(wt_view_permute(A, 0, NULL, &AT));
    CHECK_OK(wt_tensor_full(WT_FLOAT32, 2, so, 3, &OUT));
    CHECK_OK(wt_tensor_full(WT_INT32, 2, so, 5, &OUT_INT));
    CHECK_OK(wt_tensor_full(WT_FLOAT32, 1, sr, 9, &OUT_ROW));
    uint32_t seed[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    CHECK_OK(wt_rng_new(WT_RNG_PCG64, &RNG));
    CHECK_OK(wt_rng_seed(RNG, seed, 8));
    static const struct {
        const char *name;
        wt_status (*fn)(wt_tensor **);
    } cases[] = {
        {"copy", sc_copy},
        {"reshape copy", sc_reshape_copy},
        {"slice", sc_slice},
        {"astype", sc_astype},
        {"arange", sc_arange},
        {"eye", sc_eye},
        {"assign overlapping", sc_assign_overlap},
        {"add broadcast", sc_add_broadcast},
        {"ewise cast into out", sc_ewise_cast_into_out},
        {"ewise aliased out", sc_ewise_aliased_out},
        {"ewise reduce into out", sc_ewise_reduce_into},
        {"exp", sc_exp},
        {"sum axis", sc_sum_axis},
        {"mean into out", sc_mean_out},
        {"argmax", sc_argmax},
        {"matmul", sc_matmul},
        {"matmul into out", sc_matmul_out},
        {"matmul int32", sc_matmul_int},
        {"concat", sc_concat},
        {"concat flattened", sc_concat_flat},
        {"stack into an aliased out", sc_stack_out},
        {"index with a mask and integers", sc_index_get},
        {"index set from an alias", sc_index_set},
        {"nonzero", sc_nonzero},
        {"sort with indices", sc_sort},
        {"topk", sc_topk},
        {"accumulate float16 into out", sc_accumulate},
        {"ufunc.at with values", sc_index_apply},
        {"text read, lenient", sc_text_read},
        {"bincount with complex weights", sc_bincount},
        {"histogram of a transposed view", sc_histogram},
        {"log-softmax along a strided axis", sc_softmax},
        {"correlate float16, padded", sc_correlate},
        {"partition with indices", sc_partition},
        {"random normal, broadcast parameters", sc_random_normal},
        {"random integers, broadcast bounds", sc_random_integers},
        {"random choice with p", sc_random_choice},
        {"random choice by a tail shuffle", sc_random_sample},
        {"random multinomial", sc_random_multinomial},
        {"random generator", sc_random_new},
        {"linalg solve, blocked", sc_linalg_solve},
        {"linalg cholesky, blocked", sc_linalg_cholesky},
        {"linalg svd", sc_linalg_svd},
        {"linalg eig", sc_linalg_eig},
        {"fft of a Bluestein length, real", sc_fft_bluestein_real},
        {"fft into out", sc_fft_into_out},
        {"repeat", sc_repeat},
        {"sliding windows and as_strided", sc_windows},
        {"unique with every output", sc_unique},
        {"searchsorted with a sorter", sc_searchsorted},
        {"einsum chain", sc_einsum_chain},
        {"einsum batched into out", sc_einsum_batched_out},
        {"einsum trace", sc_einsum_trace},
        {"einsum dot", sc_einsum_dot},
        {"einsum_path 6 operands", sc_einsum_path},
        {"wrap", sc_wrap},
        {"adopt", sc_adopt},
        {"dlpack import", sc_dlpack_import},
        {"dlpack round trip", sc_dlpack_round_trip},
        {"share", sc_share},
        {"fuse aliased, cast", sc_fuse_aliased_cast},
        {"fuse mean into out", sc_fuse_mean_into},
    };
    static uint8_t before[4096], after[4096];
    int total_failures = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int failures = 0;
        for (int k = 1; k < 100000; k++) {
            wt_tensor *r = NULL;
            size_t nb = snapshot(before);
            int64_t t0 = wt_memory_tensors(), b0 = wt_memory_bytes();
            released = 0;
            wt_tensor_debug_fail_alloc_after(k);
            wt_status st = cases[c].fn(&r);
            wt_tensor_debug_fail_alloc_after(0);
            if (st == WT_OK) {
                wt_tensor_free(r);
                break;
            }
            failures++;
            if (st != WT_ENOMEM || !strstr(wt_error_message(), "memory")) {
                wt_t_fail(__FILE__, __LINE__, "%s, allocation %d failing: %s '%s'", cases[c].name, k,
                          wt_status_name(st), wt_error_message());
                break;
            }
            if (r != NULL)
                wt_t_fail(__FILE__, __LINE__, "%s, allocation %d failing: a result was returned", cases[c].name, k);
            if (wt_memory_tensors() != t0 || wt_memory_bytes() != b0)
                wt_t_fail(__FILE__, __LINE__, "%s, allocation %d failing: leaked %lld tensors, %lld bytes",
                          cases[c].name, k, (long long)(wt_memory_tensors() - t0), (long long)(wt_memory_bytes() - b0));
            if (snapshot(after) != nb || memcmp(before, after, nb))
                wt_t_fail(__FILE__, __LINE__, "%s, allocation %d failing: a destination was changed", cases[c].name, k);
            if (released)
                wt_t_fail(__FILE__, __LINE__, "%s: a failed wrap or import released the caller's memory",
                          cases[c].name);
        }
        /* every scenario allocates, so its first allocation failing must fail it */
        if (failures == 0) wt_t_fail(__FILE__, __LINE__, "%s: no allocation could be made to fail", cases[c].name);
        total_failures += failures;
    }
    CHECK(total_failures > 50);
    wt_tensor *all[] = {A, B, AT, C3, SQ, I32, OUT, OUT_INT, OUT_ROW};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) wt_tensor_free(all[i]);
    wt_rng_free(RNG);
}
