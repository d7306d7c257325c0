/* gemm.c — packed, cache-blocked GEMM (BLIS's loop nest) with register-
** blocked SIMD microkernels, and the scalar reference.
**
**   for jc in N by NC:  for pc in K by KC:  pack B[pc.., jc..] into KC x NR panels
**     for ic in M by MC:  pack A[ic.., pc..] into MR x KC panels
**       for each MR x NR tile: microkernel into a local tile, then store or
**       add it into C through the offset tables
** Packing zero-pads the edges, so one microkernel serves every tile; C is
** written on the first K block and accumulated after, never read before.
** With threads, the batch, or C's columns or rows, are cut into parts
** (parallel.h); every element is still computed by one thread in one order,
** so the result does not depend on the thread count. */
#include "gemm.h"
#include "parallel.h"
#include "simd.h"
#include <stdlib.h>
#include <string.h>

/* MR x NR: 4 x 8 float32 = 8 accumulators + 2 B vectors + 1 A splat, within
** V8's 16 vector registers (bigger tiles spill and run at half speed; the
** relaxed build's 6 x 8, with no product register, measured 1.5x slower in
** Node 20 and no faster in Chromium 156) */
#define MR 4
#define NR32 8
#define NR64 4
#define KC 256
#define MC 64
#define NC 512
/* multiply-adds a part must have to be worth a hand-off to a worker */
#define MIN_PART_WORK (1 << 20)

int64_t wt_gemm_group_size(const wt_group *g) {
    int64_t n = 1;
    for (int i = 0; i < g->n; i++) n *= g->shape[i];
    return n;
}

/* out[j] = byte offset of the group's element start + j (row-major), j < count */
static void group_offsets(const wt_group *g, int64_t start, int64_t count, int64_t *out) {
    int64_t idx[WT_MAX_DIMS], off = 0, rem = start;
    for (int i = g->n - 1; i >= 0; i--) {
        idx[i] = g->shape[i] ? rem % g->shape[i] : 0;
        rem = g->shape[i] ? rem / g->shape[i] : 0;
        off += idx[i] * g->stride[i];
    }
    for (int64_t j = 0; j < count; j++) {
        out[j] = off;
        for (int i = g->n - 1; i >= 0; i--) { /* odometer */
            off += g->stride[i];
            if (++idx[i] < g->shape[i]) break;
            off -= g->stride[i] * g->shape[i];
            idx[i] = 0;
        }
    }
}

/* g at batch element t: a, b and c advanced by their batch offsets */
static wt_gemm batch_element(const wt_gemm *g, int64_t t) {
    wt_gemm one = *g;
    int64_t off[3];
    for (int k = 0; k < 3; k++) group_offsets(&g->batch[k], t, 1, &off[k]);
    one.a = g->a + off[0], one.b = g->b + off[1], one.c = g->c + off[2];
    return one;
}

static wt_status for_batches(const wt_gemm *g, wt_status (*fn)(const wt_gemm *)) {
    int64_t nb = wt_gemm_group_size(&g->batch[2]);
    for (int64_t t = 0; t < nb; t++) {
        wt_gemm one = batch_element(g, t);
        wt_status st = fn(&one);
        if (st) return st;
    }
    return WT_OK;
}

/* ---- scalar reference (and the integer / bool path) -------------------------- */

#define REF(sn, T, ACC, MUL, ADD)                                                                    \
    static void ref_##sn(const wt_gemm *g, int64_t M, int64_t N, int64_t K, const int64_t *t) {      \
        const int64_t *am = t, *cm = am + M, *bn = cm + M, *cn = bn + N, *ak = cn + N, *bk = ak + K; \
        for (int64_t m = 0; m < M; m++)                                                              \
            for (int64_t n = 0; n < N; n++) {                                                        \
                ACC acc = 0;                                                                         \
                for (int64_t k = 0; k < K; k++) {                                                    \
                    T x, y;                                                                          \
                    memcpy(&x, g->a + am[m] + ak[k], sizeof x);                                      \
                    memcpy(&y, g->b + bk[k] + bn[n], sizeof y);                                      \
                    acc = ADD(acc, MUL(x, y));                                                       \
                }                                                                                    \
                char *c = g->c + cm[m] + cn[n];                                                      \
                T r = (T)acc, old;                                                                   \
                if (g->accumulate) memcpy(&old, c, sizeof old), r = (T)ADD((ACC)old, (ACC)r);        \
                memcpy(c, &r, sizeof r);                                                             \
            }                                                                                        \
    }
#define FMUL(x, y) ((x) * (y))
#define FADD(x, y) ((x) + (y))
#define UMUL(x, y) ((uint32_t)(x) * (uint32_t)(y)) /* integers wrap */
#define UADD(x, y) ((uint32_t)(x) + (uint32_t)(y))
#define UMUL64(x, y) ((uint64_t)(x) * (uint64_t)(y))
#define UADD64(x, y) ((uint64_t)(x) + (uint64_t)(y))
#define BMUL(x, y) ((x) && (y))
#define BADD(x, y) ((x) || (y))
REF(b8, uint8_t, uint8_t, BMUL, BADD)
REF(i8, int8_t, uint32_t, UMUL, UADD)
REF(u8, uint8_t, uint32_t, UMUL, UADD)
REF(i16, int16_t, uint32_t, UMUL, UADD)
REF(u16, uint16_t, uint32_t, UMUL, UADD)
REF(i32, int32_t, uint32_t, UMUL, UADD)
REF(u32, uint32_t, uint32_t, UMUL, UADD)
REF(f32, float, float, FMUL, FADD)
REF(f64, double, double, FMUL, FADD)
REF(i64, int64_t, uint64_t, UMUL64, UADD64)
REF(u64, uint64_t, uint64_t, UMUL64, UADD64)
/* complex: NumPy's plain product (core.h), summed from zero */
#define REF_C(sn, T)                                                                                 \
    static void ref_##sn(const wt_gemm *g, int64_t M, int64_t N, int64_t K, const int64_t *t) {      \
        const int64_t *am = t, *cm = am + M, *bn = cm + M, *cn = bn + N, *ak = cn + N, *bk = ak + K; \
        for (int64_t m = 0; m < M; m++)                                                              \
            for (int64_t n = 0; n < N; n++) {                                                        \
                T acc = {0, 0}, x, y;                                                                \
                for (int64_t k = 0; k < K; k++) {                                                    \
                    memcpy(&x, g->a + am[m] + ak[k], sizeof x);                                      \
                    memcpy(&y, g->b + bk[k] + bn[n], sizeof y);                                      \
                    acc = wt_##sn##_add(acc, wt_##sn##_mul(x, y));                                   \
                }                                                                                    \
                char *c = g->c + cm[m] + cn[n];                                                      \
                if (g->accumulate) memcpy(&x, c, sizeof x), acc = wt_##sn##_add(x, acc);             \
                memcpy(c, &acc, sizeof acc);                                                         \
            }                                                                                        \
    }
REF_C(c64, wt_c64)
REF_C(c128, wt_c128)

static wt_status ref_one(const wt_gemm *g) {
/* float16 never reaches the GEMM: matmul and einsum compute it in float32 */
#define REF_ENTRY_B(e, sn) [e] = ref_##sn,
#define REF_ENTRY_I(e, sn) [e] = ref_##sn,
#define REF_ENTRY_F(e, sn) [e] = ref_##sn,
#define REF_ENTRY_H(e, sn)
#define REF_ENTRY_C(e, sn) [e] = ref_##sn,
#define REF_ENTRY(e, sn, T, k) REF_ENTRY_##k(e, sn)
    static void (*const fns[WT_NDTYPES])(const wt_gemm *, int64_t, int64_t, int64_t,
                                         const int64_t *) = {WT_DTYPE_LIST(REF_ENTRY)};
    int64_t M = wt_gemm_group_size(&g->am), N = wt_gemm_group_size(&g->bn), K = wt_gemm_group_size(&g->ak);
    int64_t *t = wt_tensor_sys_alloc(sizeof(int64_t) * (size_t)(2 * M + 2 * N + 2 * K + 1));
    if (!t) return wt_error_fail(WT_ENOMEM, "out of memory for GEMM offset tables");
    group_offsets(&g->am, 0, M, t);
    group_offsets(&g->cm, 0, M, t + M);
    group_offsets(&g->bn, 0, N, t + 2 * M);
    group_offsets(&g->cn, 0, N, t + 2 * M + N);
    group_offsets(&g->ak, 0, K, t + 2 * M + 2 * N);
    group_offsets(&g->bk, 0, K, t + 2 * M + 2 * N + K);
    fns[g->dtype](g, M, N, K, t);
    wt_tensor_sys_free(t);
    return WT_OK;
}

wt_status wt_gemm_ref(const wt_gemm *g) { return for_batches(g, ref_one); }

/* ---- packed SIMD path, written once per float type --------------------------- */

/* offsets of one block of each group, recomputed per block (a group can be
** as long as a whole tensor, so no full tables) */
typedef struct {
    int64_t ak[KC], bk[KC], am[MC], cm[MC], bn[NC], cn[NC];
} blk_offsets;

/* one part's packing buffers and offset tables, allocated before the loop */
typedef struct {
    void *ap, *bp;
    blk_offsets *o;
} gemm_scratch;

static bool dense(const int64_t *off, int64_t n, int64_t z) {
    for (int64_t j = 1; j < n; j++)
        if (off[j] - off[j - 1] != z) return false;
    return true;
}

/* the packed GEMM, once per float type (gemm_packed.h is the template) */
#define GP_SN f32
#define GP_T float
#define GP_V wt_vf32
#define GP_W 4
#define GP_NR NR32
#include "gemm_packed.h"
#define GP_SN f64
#define GP_T double
#define GP_V wt_vf64
#define GP_W 2
#define GP_NR NR64
#include "gemm_packed.h"

typedef void (*packed_fn)(const wt_gemm *, int64_t, int64_t, int64_t, int64_t, const gemm_scratch *);
enum { BY_BATCH, BY_COLUMNS, BY_ROWS };
typedef struct {
    const wt_gemm *g;
    packed_fn run;
    const gemm_scratch *scratch;
    int64_t M, N;
    int by, nr;
} gemm_job;

static void gemm_part(void *ctx, int64_t begin, int64_t end, int part) {
    const gemm_job *j = ctx;
    const gemm_scratch *s = &j->scratch[part];
    if (j->by == BY_COLUMNS) {
        j->run(j->g, 0, j->M, begin * j->nr, end * j->nr < j->N ? end * j->nr : j->N, s);
    } else if (j->by == BY_ROWS) {
        j->run(j->g, begin * MR, end * MR < j->M ? end * MR : j->M, 0, j->N, s);
    } else {
        for (int64_t t = begin; t < end; t++) {
            wt_gemm one = batch_element(j->g, t);
            j->run(&one, 0, j->M, 0, j->N, s);
        }
    }
}

/* the packed path over every batch element, cut into parts of at least
** MIN_PART_WORK multiply-adds: by batch element if there are several, else
** by C's columns (NR at a time) or rows (MR at a time), whichever are more */
static wt_status packed(const wt_gemm *g, packed_fn run, size_t z, int nr) {
    int64_t M = wt_gemm_group_size(&g->am), N = wt_gemm_group_size(&g->bn), K = wt_gemm_group_size(&g->ak),
            nb = wt_gemm_group_size(&g->batch[2]);
    gemm_job j = {.g = g, .run = run, .M = M, .N = N, .nr = nr};
    int64_t units;
    if (nb > 1)
        j.by = BY_BATCH, units = nb;
    else if ((N + nr - 1) / nr >= (M + MR - 1) / MR)
        j.by = BY_COLUMNS, units = (N + nr - 1) / nr;
    else
        j.by = BY_ROWS, units = (M + MR - 1) / MR;
    /* saturating: the work of a part only matters up to MIN_PART_WORK */
    double w = (double)M * (double)N * (double)K * (double)nb / (double)units;
    int parts = wt_parallel_parts(units, w >= MIN_PART_WORK ? 1 : (int64_t)(MIN_PART_WORK / (w > 1 ? w : 1)) + 1);
    /* each part's offsets and panels in one allocation, the panels as large
    ** as this product's blocks (a small product must not take 600 KB a call) */
    size_t kc = (size_t)(K < KC ? K : KC), mc = (size_t)(M < MC ? M : MC), nc = (size_t)(N < NC ? N : NC);
    size_t abytes = (z * (mc + MR) * kc + 15) / 16 * 16, bbytes = z * kc * (nc + (size_t)nr);
    size_t each = (sizeof(blk_offsets) + abytes + bbytes + 15) / 16 * 16;
    gemm_scratch *s = wt_tensor_sys_alloc(sizeof *s * (size_t)parts);
    char *mem = s ? wt_tensor_sys_alloc(each * (size_t)parts) : NULL;
    if (mem) {
        for (int p = 0; p < parts; p++) {
            char *at = mem + each * (size_t)p;
            s[p] = (gemm_scratch){
                .o = (void *)at, .ap = at + sizeof(blk_offsets), .bp = at + sizeof(blk_offsets) + abytes};
        }
        j.scratch = s;
        wt_parallel_for(units, parts, gemm_part, &j);
    }
    wt_tensor_sys_free(mem);
    wt_tensor_sys_free(s);
    return mem ? WT_OK : wt_error_fail(WT_ENOMEM, "out of memory for GEMM packing buffers");
}

/* C = 0 over the M x N group (an empty sum) */
static wt_status zero_one(const wt_gemm *g) {
    int64_t M = wt_gemm_group_size(&g->cm), N = wt_gemm_group_size(&g->cn), off_m, off_n;
    size_t z = wt_dtype_size(g->dtype);
    for (int64_t m = 0; m < M; m++) {
        group_offsets(&g->cm, m, 1, &off_m);
        for (int64_t n = 0; n < N; n++) {
            group_offsets(&g->cn, n, 1, &off_n);
            memset(g->c + off_m + off_n, 0, z);
        }
    }
    return WT_OK;
}

/* A complex product as four real ones on the packed SIMD path, over the
** parts in place (a part is the complex's bytes read with the same byte
** strides): C.re = A.re B.re - A.im B.im, C.im = A.re B.im + A.im B.re */
static wt_status complex_packed(const wt_gemm *g) {
    wt_gemm r = *g;
    r.dtype = wt_dtype_part(g->dtype);
    size_t h = wt_dtype_size(r.dtype);
    static const struct {
        bool a_im, b_im, c_im, add, neg;
    } steps[4] = {{0, 0, 0, 0, 0}, {1, 1, 0, 1, 1}, {0, 1, 1, 0, 0}, {1, 0, 1, 1, 0}};
    for (int i = 0; i < 4; i++) {
        r.a = g->a + (steps[i].a_im ? h : 0), r.b = g->b + (steps[i].b_im ? h : 0),
        r.c = g->c + (steps[i].c_im ? h : 0);
        r.accumulate = g->accumulate || steps[i].add;
        r.negate_a = steps[i].neg;
        wt_status st = wt_gemm_run(&r);
        if (st) return st;
    }
    return WT_OK;
}

wt_status wt_gemm_run(const wt_gemm *g) {
    if (wt_gemm_group_size(&g->am) == 0 || wt_gemm_group_size(&g->bn) == 0 || wt_gemm_group_size(&g->batch[2]) == 0)
        return WT_OK;
    if (wt_gemm_group_size(&g->ak) == 0) return g->accumulate ? WT_OK : for_batches(g, zero_one);
    if (g->dtype == WT_FLOAT32) return packed(g, packed_f32, sizeof(float), NR32);
    if (g->dtype == WT_FLOAT64) return packed(g, packed_f64, sizeof(double), NR64);
    if (wt_dtype_is_complex(g->dtype)) return complex_packed(g);
    return for_batches(g, ref_one);
}
