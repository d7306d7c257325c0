/* fft.c — wt_fft: one-axis Fourier transforms of every row of a tensor.
** Validation and the result first; then each row along the axis is cast
** into a work buffer (float or double, complex for C2C and C2R), padded or
** cropped, transformed by fft_t.h's kernels on a cached plan and cast into
** the C-contiguous result.  Rows are split across the threads, each part
** with its own buffers allocated before the loop, so the result does not
** depend on the thread count. */
#include "fft.h"
#include "parallel.h"
#include "pass.h"
#include "simd.h"
#include <math.h>
#include <string.h>

static const char *const NAMES[] = {"fft", "rfft", "irfft"};
#define PARTS_MAX 64
#define BLOCK 16            /* rows gathered at once along an inner axis, */
#define BLOCK_BYTES 2097152 /* their buffers at most this many bytes (or one row) */

typedef struct job {
    const wt_tensor *x;
    wt_tensor *r;
    const wt_fft_plan *p;
    int op, flags, axis, wdt; /* wdt: WT_FLOAT32 or WT_FLOAT64 */
    int blk;                  /* rows gathered at once: up to BLOCK along an inner axis, else 1 */
    int64_t len, used, nout;  /* x's length along axis, the points taken from it, the result's */
    double fct;
    int64_t ws; /* work bytes per part */
    char *work;
} job;

/* the address of row b's first element: b unravelled over t's axes but axis */
static char *row(const wt_tensor *t, int axis, int64_t b) {
    return wt_first(t) + wt_desc_lane(&t->d, axis, b) * (int64_t)wt_dtype_size(t->d.dtype);
}

/* bb strided runs of n elements into (or out of) bb contiguous rows:
** element i of run t at src + i ss + t st goes to dst + i ds + t dt.
** Copies (es: the element's size, 0 when fn converts) move 8 or 16 bytes
** at a time, the bb elements of a run's cache line together. */
static void tile(wt_cast_fn fn, int es, const char *src, int64_t ss, int64_t st, char *dst, int64_t ds, int64_t dt,
                 int64_t n, int64_t bb) {
    if (es == 16)
        for (int64_t i = 0; i < n; i++)
            for (int64_t t = 0; t < bb; t++)
                wt_vf64_store((double *)(dst + i * ds + t * dt), wt_vf64_load((const double *)(src + i * ss + t * st)));
    else if (es == 8)
        for (int64_t i = 0; i < n; i++)
            for (int64_t t = 0; t < bb; t++) memcpy(dst + i * ds + t * dt, src + i * ss + t * st, 8);
    else
        for (int64_t i = 0; i < n; i++) fn(src + i * ss, st, dst + i * ds, dt, bb);
}

/* rows [begin, end): along an inner axis (axis is not the last) up to
** BLOCK neighbouring rows are gathered and scattered together, so each
** cache line and page of a strided column is visited once, not per row */
static void run_part(void *ctx, int64_t begin, int64_t end, int part) {
    const job *j = ctx;
    const wt_tensor *x = j->x;
    int nd = x->d.ndim, xes = (int)wt_dtype_size(x->d.dtype), wes = (int)wt_dtype_size(j->wdt);
    int in_dt = j->op == WT_FFT_R2C ? j->wdt : wt_dtype_complex_of(j->wdt), ies = (int)wt_dtype_size(in_dt);
    int out_dt = j->op == WT_FFT_C2R ? j->wdt : wt_dtype_complex_of(j->wdt), oes = (int)wt_dtype_size(out_dt);
    int res = (int)wt_dtype_size(j->r->d.dtype);
    int64_t n = j->p->n, la = 2 * (n > n / 2 + 1 ? n : n / 2 + 1) * wes; /* a row buffer's bytes */
    char *a = j->work + (size_t)part * (size_t)j->ws, *b = a + j->blk * la;
    int64_t take = j->len < j->used ? j->len : j->used, xs = x->d.strides[j->axis] * xes;
    int64_t rs = 1; /* the result's stride along axis, in elements */
    for (int i = j->axis + 1; i < nd; i++) rs *= j->r->d.shape[i];
    bool inner = j->axis < nd - 1;
    int64_t line = inner ? x->d.shape[nd - 1] : 1, xstep = inner ? x->d.strides[nd - 1] * xes : 0;
    wt_cast_fn in = wt_cast_get(x->d.dtype, in_dt), out = wt_cast_get(out_dt, j->r->d.dtype);
    int kind = j->op;
    /* a contiguous result row of the work dtype with room for the work (C2C; R2C of an even n) is the work buffer */
    bool direct = rs == 1 && out_dt == j->r->d.dtype && (kind == WT_FFT_C2C || (kind == WT_FFT_R2C && n % 2 == 0));
    for (int64_t r = begin; r < end;) {
        int64_t bb = end - r, left = line - r % line; /* rows in this block: along the inner axis's line */
        bb = bb < left ? bb : left, bb = bb < j->blk ? bb : j->blk;
        const char *src = row(x, j->axis, r);
        char *dst = row(j->r, j->axis, r), *buf = bb == 1 && direct ? dst : a;
        if (bb == 1)
            in(src, xs, buf, ies, take);
        else
            tile(in, x->d.dtype == in_dt ? ies : 0, src, xs, xstep, a, ies, la, take, bb);
        for (int64_t t = 0; t < bb; t++) {
            char *at = buf + t * la;
            memset(at + take * ies, 0, (size_t)((j->used - take) * ies));
            void *got = j->wdt == WT_FLOAT32
                            ? (void *)wt_fft_row_f32(j->p, kind, j->flags, j->fct, (float *)at, (float *)b)
                            : (void *)wt_fft_row_f64(j->p, kind, j->flags, j->fct, (double *)at, (double *)b);
            if (got != at) memcpy(at, got, (size_t)(j->nout * oes));
        }
        if (buf != dst && bb == 1)
            out(a, oes, dst, rs * res, j->nout);
        else if (buf != dst)
            tile(out, out_dt == j->r->d.dtype ? oes : 0, a, oes, la, dst, rs * res, res, j->nout, bb);
        r += bb;
    }
}

/* NumPy's factor for the norm and the transform's direction */
static double factor(int norm, bool inverse, int64_t n) {
    if (norm == WT_FFT_NORM_ORTHO) return 1.0 / sqrt((double)n);
    return (norm == WT_FFT_NORM_BACKWARD) == inverse ? 1.0 / (double)n : 1.0;
}

/* x, op, axis, n, norm and flags checked; the job's sizes and dtypes set */
WT_COLD static wt_status check(job *j, int op, int axis, int64_t n, int norm, int flags) {
    const wt_tensor *x = j->x;
    if (op < 0 || op >= WT_FFT_COUNT) return wt_error_fail(WT_EINVAL, "wt_fft: unknown op %d", op);
    const char *name = NAMES[op];
    if (norm < 0 || norm >= WT_FFT_NORM_COUNT)
        return wt_error_fail(WT_EINVAL, "%s: unknown norm %d (0 backward, 1 ortho, 2 forward)", name, norm);
    if (flags & ~7) return wt_error_fail(WT_EINVAL, "%s: unknown flags 0x%x", name, (unsigned)flags);
    int dt = x->d.dtype;
    if (op == WT_FFT_R2C && wt_dtype_is_complex(dt))
        return wt_error_fail(WT_EDTYPE, "%s: x must be real, got %s (NumPy's rfft takes no complex input)", name,
                             wt_dtype_name(dt));
    wt_status st = wt_desc_axis(axis, x->d.ndim, "fft: axis", &j->axis);
    if (st) return st;
    j->len = x->d.shape[j->axis];
    if (!(flags & WT_FFT_N)) n = op == WT_FFT_C2R ? 2 * (j->len - 1) : j->len;
    if (n < 1)
        return wt_error_fail(WT_EINVAL, "%s: Invalid number of FFT data points (%lld) specified", name, (long long)n);
    if (n > (int64_t)1 << 40) return wt_error_fail(WT_ENOMEM, "%s: %lld points are too many", name, (long long)n);
    j->op = op, j->flags = flags;
    j->wdt = dt == WT_FLOAT32 || dt == WT_FLOAT16 || dt == WT_COMPLEX64 ? WT_FLOAT32 : WT_FLOAT64;
    j->used = op == WT_FFT_C2R ? n / 2 + 1 : n;
    j->nout = op == WT_FFT_R2C ? n / 2 + 1 : n;
    j->fct = factor(norm, op == WT_FFT_C2R || (op == WT_FFT_C2C && (flags & WT_FFT_INVERSE)), n);
    int64_t shape[WT_MAX_DIMS];
    memcpy(shape, x->d.shape, sizeof(int64_t) * (size_t)x->d.ndim);
    shape[j->axis] = j->nout;
    /* the result first: a size that cannot be allocated fails before a plan is built for it */
    st = wt_tensor_create(op == WT_FFT_C2R ? j->wdt : wt_dtype_complex_of(j->wdt), x->d.ndim, shape, false, &j->r);
    if (st || wt_desc_size(&j->r->d) == 0) return st; /* an empty result needs no plan */
    return (j->p = wt_fft_plan_get(n, j->wdt, op != WT_FFT_C2C)) ? WT_OK : WT_ENOMEM;
}

WT_COLD static wt_status run(job *j) {
    if (!j->p) return WT_OK; /* nothing to transform */
    int64_t n = j->p->n, la = n > n / 2 + 1 ? n : n / 2 + 1, rows = wt_desc_size(&j->r->d) / j->nout;
    int parts = wt_parallel_parts(rows, 1 + 32768 / n), wes = (int)wt_dtype_size(j->wdt);
    if (parts > PARTS_MAX) parts = PARTS_MAX;
    int64_t total;
    int64_t fit = BLOCK_BYTES / (la * 2 * wes);
    j->blk = j->axis == j->x->d.ndim - 1 || fit < 1 ? 1 : fit < BLOCK ? (int)fit : BLOCK;
    j->ws = ((j->blk * la + j->p->scratch) * 2 * wes + 63) & ~(int64_t)63;
    if (!wt_mul_ok(j->ws, parts, &total) || !(j->work = wt_tensor_sys_alloc((size_t)total)))
        return wt_error_fail(WT_ENOMEM, "%s: out of memory for the work space of %d length-%lld transforms",
                             NAMES[j->op], parts, (long long)n);
    wt_parallel_for(rows, parts, run_part, j);
    wt_tensor_sys_free(j->work);
    return WT_OK;
}

/* out, when given, takes the result: its shape exactly, its dtype under same_kind (or its own rule) */
WT_COLD static wt_status out_check(const job *j, const wt_tensor *out) {
    if (!out) return WT_OK;
    const wt_desc *r = &j->r->d;
    wt_status st = wt_pass_out_shape(NAMES[j->op], out, r->ndim, r->shape);
    return st ? st : wt_pass_out_cast(NAMES[j->op], r->dtype, out, WT_CASTING_SAME_KIND);
}

WT_COLD wt_status wt_fft(const wt_tensor *x, int op, int axis, int64_t n, int norm, int flags, wt_tensor *out,
                         wt_tensor **result) {
    wt_status st = wt_tensor_check(x, "fft");
    if (!st && out) st = wt_tensor_check(out, "fft: out");
    if (!st) st = wt_pass_out_writable("fft", out, result);
    if (st) return st;
    job j = {.x = x};
    if ((st = check(&j, op, axis, n, norm, flags)) || (st = out_check(&j, out)) || (st = run(&j))) {
        wt_tensor_free(j.r);
        return st;
    }
    return wt_pass_deliver(NAMES[op], j.r, out, result);
}
