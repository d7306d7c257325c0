/* linalg.c — wt_linalg: numpy.linalg's decompositions over stacks of
** matrices.  Validation and result allocation first; then each matrix of
** the batch is cast into a column-major work matrix (float for float32's LU
** and Cholesky, double or double _Complex otherwise), factored by decomp.c,
** and cast into its results.  Stacks of small
** matrices are split across the threads (each part with its own work
** space, allocated before the loop); a large matrix runs alone and its
** GEMM updates use the threads instead. */
#include "decomp.h"
#include "parallel.h"
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const NAMES[] = {
#define WT_LINALG_NAME_(e, name) name,
    WT_LINALG_LIST(WT_LINALG_NAME_)};

#define PARTS_MAX 64

typedef struct job {
    int op, flags, odt; /* odt: the results' dtype (eig's before its real check) */
    const wt_decomp *dc;
    const wt_tensor *a, *b;
    int64_t m, n, k; /* a is m x n; solve's b n x k */
    bool bvec;       /* solve's b is a vector */
    int nb;          /* batch axes */
    int64_t bshape[WT_MAX_DIMS], abst[WT_MAX_DIMS], bbst[WT_MAX_DIMS], nbatch;
    wt_tensor *out[3];
    size_t ws; /* work bytes per part */
    char *work;
    int64_t fail[PARTS_MAX], fail_at[PARTS_MAX]; /* each part's first failing matrix and its detail */
    wt_status fail_st[PARTS_MAX];
} job;

static bool is_square(int op) { return op != WT_LINALG_QR && op != WT_LINALG_SVD; }
static int real_of(int dt) { return wt_dtype_is_complex(dt) ? wt_dtype_part(dt) : dt; }

/* ---- moving matrices in and out ------------------------------------------ */

/* matrix number b of t (rows x cols at its last two axes) into column-major
** w; herm: its conjugate transpose instead (cols x rows) */
static void load(const job *j, const wt_tensor *t, const int64_t *bst, int64_t b, bool herm, void *w) {
    const char *p = wt_first(t);
    for (int i = j->nb - 1; i >= 0; i--) p += (b % j->bshape[i]) * bst[i], b /= j->bshape[i];
    int nd = t->d.ndim, es = (int)wt_dtype_size(t->d.dtype), wes = (int)j->dc->esize;
    int64_t rows = nd >= 2 ? t->d.shape[nd - 2] : t->d.shape[0], cols = nd >= 2 ? t->d.shape[nd - 1] : 1;
    int64_t rs = (nd >= 2 ? t->d.strides[nd - 2] : t->d.strides[0]) * es, cs = nd >= 2 ? t->d.strides[nd - 1] * es : 0;
    wt_cast_fn fn = wt_cast_get(t->d.dtype, j->dc->dtype);
    if (herm) {
        for (int64_t i = 0; i < rows; i++) fn(p + i * rs, cs, (char *)w + i * cols * wes, wes, cols);
        if (wes == 16)
            for (int64_t i = 0; i < rows * cols; i++) ((double *)w)[2 * i + 1] = 0.0 - ((double *)w)[2 * i + 1];
    } else
        for (int64_t c = 0; c < cols; c++) fn(p + c * cs, rs, (char *)w + c * rows * wes, wes, rows);
}

/* column-major w (rows x cols, leading dimension ld, of the dtype wdt)
** into matrix number b of the C-contiguous out; herm: its conjugate
** transpose (w is then cols x rows and is conjugated in place, as 0 - x so
** no -0 appears) */
static void store(wt_tensor *out, int64_t b, int wdt, void *w, int64_t rows, int64_t cols, int64_t ld, bool herm) {
    int es = (int)wt_dtype_size(out->d.dtype), wes = (int)wt_dtype_size(wdt);
    char *p = wt_first(out) + b * rows * cols * es;
    wt_cast_fn fn = wt_cast_get(wdt, out->d.dtype);
    if (herm) {
        if (wes == 16)
            for (int64_t c = 0; c < rows; c++)
                for (int64_t i = 0; i < cols; i++)
                    ((double *)w)[2 * (c * ld + i) + 1] = 0.0 - ((double *)w)[2 * (c * ld + i) + 1];
        for (int64_t i = 0; i < rows; i++) fn((char *)w + i * ld * wes, wes, p + i * cols * es, es, cols);
    } else
        for (int64_t c = 0; c < cols; c++) fn((char *)w + c * ld * wes, wes, p + c * es, cols * es, rows);
}

/* a vector of n work elements (dtype wdt) into out's batch entry b */
static void store_vec(wt_tensor *out, int64_t b, int wdt, const void *w, int64_t n) {
    int es = (int)wt_dtype_size(out->d.dtype);
    wt_cast_get(wdt, out->d.dtype)(w, wt_dtype_size(wdt), wt_first(out) + b * n * es, es, n);
}

/* ---- one matrix ------------------------------------------------------------ */

/* the work matrix a (n x n) holds no NaN or infinity */
static bool all_finite(const job *j, const char *a) {
    const double *p = (const double *)a;
    for (int64_t i = 0; i < j->n * j->n * (int64_t)(j->dc->esize / 8); i++)
        if (!isfinite(p[i])) return false;
    return true;
}

/* svd: rows >= cols by working on a^H when m < n (A = V' S U'^H) */
static wt_status one_svd(const job *j, int64_t b, char *a, char *w, int64_t *at) {
    const wt_decomp *dc = j->dc;
    int wdt = dc->dtype;
    int64_t m = j->m, n = j->n, es = (int64_t)dc->esize, r = m >= n ? m : n, c = m >= n ? n : m;
    bool vec = j->flags & WT_LINALG_VECTORS, full = j->flags & WT_LINALG_COMPLETE;
    int64_t ncu = full ? r : c;
    double *s = (double *)w, *e = s + c;
    char *tw = (char *)(e + c), *u = vec ? tw + (2 * c + r) * es : NULL, *v = vec ? u + r * ncu * es : NULL;
    if (!dc->svd(r, c, a, s, e, u, ncu, v, tw)) return *at = -1, WT_ELINALG;
    store_vec(j->out[1], b, WT_FLOAT64, s, c);
    if (!vec) return WT_OK;
    if (m >= n) /* U (m x ncu), Vh = V^H's first rows */
        store(j->out[0], b, wdt, u, m, ncu, m, false), store(j->out[2], b, wdt, v, full ? n : c, n, n, true);
    else /* U = V' (m x m), Vh = U'^H */
        store(j->out[0], b, wdt, v, m, m, m, false), store(j->out[2], b, wdt, u, ncu, n, n, true);
    return WT_OK;
}

/* eig: finite input only (NumPy's check); values and vectors complex here */
static wt_status one_eig(const job *j, int64_t b, char *a, char *w, int64_t *at) {
    const wt_decomp *dc = j->dc;
    int64_t n = j->n;
    if (!all_finite(j, a)) return *at = -2, WT_ELINALG;
    double _Complex *ev = (double _Complex *)w, *vr = (j->flags & WT_LINALG_VECTORS) ? ev + n : NULL;
    char *scratch = (char *)(ev + n + (vr ? n * n : 0));
    if (!dc->eig(n, a, ev, vr, scratch)) return *at = -1, WT_ELINALG;
    store_vec(j->out[0], b, WT_COMPLEX128, ev, n);
    if (vr) store(j->out[1], b, WT_COMPLEX128, vr, n, n, n, false);
    return WT_OK;
}

/* the job's results for matrix b; a failure's detail (a column, -2 for a
** non-finite eig input, -1 for no convergence) in *at */
static wt_status one(const job *j, int64_t b, char *w, int64_t *at) {
    const wt_decomp *dc = j->dc;
    int wdt = dc->dtype, op = j->op;
    int64_t m = j->m, n = j->n, es = (int64_t)dc->esize, info = -1;
    bool upper = j->flags & WT_LINALG_UPPER, vec = j->flags & WT_LINALG_VECTORS, full = j->flags & WT_LINALG_COMPLETE;
    char *a = w;
    w += ((m * n * es + 15) & ~(int64_t)15);
    bool herm = op == WT_LINALG_SVD ? m < n : (op == WT_LINALG_CHOLESKY || op == WT_LINALG_EIGH) && upper;
    load(j, j->a, j->abst, b, herm, a);
    if (op <= WT_LINALG_SLOGDET) { /* LU: piv, scratch, then b's columns */
        int64_t *piv = (int64_t *)w, k = op == WT_LINALG_INV ? n : j->k;
        char *x = w + 8 * n + n * LU_NB * es;
        wt_status st = dc->lu(n, a, piv, w + 8 * n, &info);
        if (st) return st;
        if (op == WT_LINALG_DET || op == WT_LINALG_SLOGDET) {
            double sign[2] = {0, 0}, z[2], ld; /* sign: a T; z: it as complex128 */
            dc->slogdet(n, a, piv, sign, &ld);
            if (op == WT_LINALG_SLOGDET)
                return store_vec(j->out[0], b, wdt, sign, 1), store_vec(j->out[1], b, WT_FLOAT64, &ld, 1), WT_OK;
            wt_cast_one(wdt, sign, WT_COMPLEX128, z);
            z[0] *= exp(ld), z[1] *= exp(ld); /* NumPy's det: sign * exp(logdet) */
            return store_vec(j->out[0], b, WT_COMPLEX128, z, 1), WT_OK;
        }
        if (info >= 0) return *at = info, WT_ELINALG;
        if (op == WT_LINALG_INV)
            for (int64_t c = 0; c < n; c++)
                for (int64_t i = 0; i < n; i++) wt_cast_store_f64(wdt, x + (c * n + i) * es, i == c);
        else
            load(j, j->b, j->bbst, b, false, x);
        if ((st = dc->lu_solve(n, a, piv, k, x, w + 8 * n))) return st;
        return store(j->out[0], b, wdt, x, n, k, n, false), WT_OK;
    }
    if (op == WT_LINALG_CHOLESKY) {
        wt_status st = dc->cholesky(n, a, w, &info);
        if (st) return st;
        if (info >= 0) return *at = info, WT_ELINALG;
        return store(j->out[0], b, wdt, a, n, n, n, upper), WT_OK;
    }
    if (op == WT_LINALG_QR) {
        int64_t k = m < n ? m : n, rr = full ? m : k;
        char *tau = w, *q = w + k * es;
        dc->qr(m, n, a, tau);
        if (j->out[0]) {
            dc->qr_q(m, k, a, tau, rr, q);
            store(j->out[0], b, wdt, q, m, rr, m, false);
        }
        for (int64_t c = 0; c < n; c++)
            for (int64_t i = c + 1; i < m; i++) memset(a + (c * m + i) * es, 0, (size_t)es);
        return store(j->out[1], b, wdt, a, rr, n, m, false), WT_OK;
    }
    if (op == WT_LINALG_EIGH) {
        double *d = (double *)w, *e = d + n;
        char *tw = (char *)(e + n), *q = vec ? tw + 2 * n * es : NULL;
        if (all_finite(j, a)) {
            dc->tridiag(n, a, d, e, q, tw);
            if (!dc->tql(n, d, e, q)) return *at = -1, WT_ELINALG;
        } else { /* NumPy (LAPACK) returns NaN or garbage here, without an error: NaN */
            for (int64_t i = 0; i < n; i++) d[i] = NAN;
            for (int64_t i = 0; vec && i < n * n * es / 8; i++) ((double *)q)[i] = NAN;
        }
        store_vec(j->out[0], b, WT_FLOAT64, d, n);
        if (vec) store(j->out[1], b, wdt, q, n, n, n, false);
        return WT_OK;
    }
    return op == WT_LINALG_SVD ? one_svd(j, b, a, w, at) : one_eig(j, b, a, w, at);
}

/* ---- the batch ----------------------------------------------------------- */

static void run_part(void *ctx, int64_t begin, int64_t end, int part) {
    job *j = ctx;
    char *w = j->work + (size_t)part * j->ws;
    for (int64_t b = begin; b < end; b++) {
        int64_t at = 0;
        wt_status st = one(j, b, w, &at);
        if (st) {
            j->fail[part] = b, j->fail_at[part] = at, j->fail_st[part] = st;
            return;
        }
    }
}

/* the work bytes one matrix needs (false: they overflow) */
WT_COLD static bool work_size(const job *j, int64_t *out) {
    int64_t m = j->m, n = j->n, es = (int64_t)j->dc->esize, r = m > n ? m : n, c = m < n ? m : n, t[6] = {0};
    bool vec = j->flags & WT_LINALG_VECTORS, ok = wt_mul_ok(m, n, &t[0]) && wt_mul_ok(t[0], es, &t[0]);
    t[0] = (t[0] + 15) & ~(int64_t)15;
    switch (j->op) {
    case WT_LINALG_SOLVE:
    case WT_LINALG_INV:
    case WT_LINALG_DET:
    case WT_LINALG_SLOGDET:
        ok = ok && wt_mul_ok(n, 8 + LU_NB * es, &t[1]) && wt_mul_ok(n, j->op == WT_LINALG_INV ? n : j->k, &t[2]) &&
             wt_mul_ok(t[2], es, &t[2]);
        break;
    case WT_LINALG_QR: ok = ok && wt_mul_ok(m, m, &t[1]) && wt_mul_ok(t[1] + c, es, &t[1]); break;
    case WT_LINALG_EIGH: ok = ok && wt_mul_ok(n, 16 + 2 * es, &t[1]) && wt_mul_ok(vec ? n : 0, n * es, &t[2]); break;
    case WT_LINALG_SVD:
        ok = ok && wt_mul_ok(c, 16, &t[1]) && wt_mul_ok(2 * c + r, es, &t[2]) && wt_mul_ok(r, vec ? r : 0, &t[3]) &&
             wt_mul_ok(t[3] + (vec ? c * c : 0), es, &t[3]);
        break;
    case WT_LINALG_EIG:
        ok = ok && wt_mul_ok(n, vec ? n + 1 : 1, &t[1]) && wt_mul_ok(t[1], 16, &t[1]) &&
             (t[2] = (int64_t)wt_eig_scratch(n), n < (int64_t)1 << 28);
        break;
    default: /* cholesky: a, then its scratch */ ok = ok && wt_mul_ok(n, 2 * LU_NB * es, &t[1]); break;
    }
    int64_t sum = 0;
    for (int i = 0; i < 6; i++) ok = ok && wt_add_ok(sum, t[i], &sum);
    return ok && wt_add_ok(sum, 64, out);
}

/* NumPy's linalg dtype: float64 for bool and integers, float16 refused */
WT_COLD static wt_status linalg_dtype(const char *name, int dt, int *out) {
    if (dt == WT_FLOAT16) return wt_error_fail(WT_EDTYPE, "%s: array type float16 is unsupported in linalg", name);
    *out = wt_dtype_is_inexact(dt) ? dt : WT_FLOAT64;
    return WT_OK;
}

/* a's (and b's) shapes and dtypes checked; the batch broadcast into j */
WT_COLD static wt_status check(job *j, const char *name) {
    const wt_tensor *a = j->a, *b = j->b;
    int nd = a->d.ndim;
    char s1[WT_SHAPE_STR], s2[WT_SHAPE_STR];
    if (nd < 2)
        return wt_error_fail(WT_ESHAPE, "%s: %d-dimensional array given; array must be at least two-dimensional", name,
                             nd);
    j->m = a->d.shape[nd - 2], j->n = a->d.shape[nd - 1];
    if (is_square(j->op) && j->m != j->n)
        return wt_error_fail(WT_ESHAPE, "%s: last 2 dimensions of the array must be square, got %s", name,
                             wt_error_fmt_shape(s1, sizeof s1, nd, a->d.shape));
    int dt = a->d.dtype;
    if (j->op == WT_LINALG_SOLVE) {
        wt_dtype r;
        wt_status st = wt_dtype_promote(a->d.dtype, b->d.dtype, &r);
        if (st) return st;
        dt = (int)r;
        j->bvec = b->d.ndim == 1;
        int bnd = b->d.ndim, bm = j->bvec ? 0 : 1;
        if (bnd < 1 || b->d.shape[bnd - 1 - bm] != j->n)
            return wt_error_fail(WT_ESHAPE,
                                 "solve: b of shape %s does not match a of shape %s (b must be (..., M) 1-D or "
                                 "(..., M, K) with M = %lld)",
                                 wt_error_fmt_shape(s1, sizeof s1, bnd, b->d.shape),
                                 wt_error_fmt_shape(s2, sizeof s2, nd, a->d.shape), (long long)j->n);
        j->k = j->bvec ? 1 : b->d.shape[bnd - 1];
    }
    wt_status st = linalg_dtype(name, dt, &j->odt);
    if (st) return st;
    /* float32's GEMM-bound factorizations in single precision (NumPy's sgetrf/spotrf do so), its others in double */
    bool single = j->odt == WT_FLOAT32 && (j->op <= WT_LINALG_SLOGDET || j->op == WT_LINALG_CHOLESKY);
    j->dc = wt_dtype_is_complex(j->odt) ? &wt_decomp_complex : single ? &wt_decomp_single : &wt_decomp_real;
    /* the batch: a's leading axes, broadcast with b's */
    int bnd = j->op == WT_LINALG_SOLVE && !j->bvec ? b->d.ndim - 2 : 0;
    j->nb = nd - 2 > bnd ? nd - 2 : bnd, j->nbatch = 1;
    for (int i = 0; i < j->nb; i++) {
        int ia = i - (j->nb - (nd - 2)), ib = i - (j->nb - bnd);
        int64_t da = ia >= 0 ? a->d.shape[ia] : 1, db = ib >= 0 ? b->d.shape[ib] : 1;
        if (da != db && da != 1 && db != 1)
            return wt_error_fail(WT_ESHAPE, "%s: the batch shapes of a %s and b %s do not broadcast", name,
                                 wt_error_fmt_shape(s1, sizeof s1, nd, a->d.shape),
                                 wt_error_fmt_shape(s2, sizeof s2, b->d.ndim, b->d.shape));
        j->bshape[i] = da == 1 ? db : da;
        j->abst[i] = ia >= 0 && da != 1 ? a->d.strides[ia] * (int64_t)wt_dtype_size(a->d.dtype) : 0;
        j->bbst[i] = ib >= 0 && db != 1 ? b->d.strides[ib] * (int64_t)wt_dtype_size(b->d.dtype) : 0;
        if (!wt_mul_ok(j->nbatch, j->bshape[i], &j->nbatch))
            return wt_error_fail(WT_ENOMEM, "%s: the batch overflows", name);
    }
    return WT_OK;
}

/* result r of shape batch + (d0, d1)[:nd] in dtype dt */
WT_COLD static wt_status make(job *j, int r, int dt, int nd, int64_t d0, int64_t d1) {
    int64_t shape[WT_MAX_DIMS];
    memcpy(shape, j->bshape, sizeof(int64_t) * (size_t)j->nb);
    shape[j->nb] = d0, shape[j->nb + 1] = d1;
    return wt_tensor_create(dt, j->nb + nd, shape, false, &j->out[r]);
}

/* the op's results allocated */
WT_COLD static wt_status make_all(job *j) {
    int64_t m = j->m, n = j->n, k = m < n ? m : n;
    int dt = j->odt, rdt = real_of(dt), cdt = wt_dtype_is_complex(dt) ? dt : wt_dtype_complex_of(dt);
    bool vec = j->flags & WT_LINALG_VECTORS, full = j->flags & WT_LINALG_COMPLETE;
    wt_status st = WT_OK;
    switch (j->op) {
    case WT_LINALG_SOLVE: return make(j, 0, dt, j->bvec ? 1 : 2, n, j->k);
    case WT_LINALG_INV:
    case WT_LINALG_CHOLESKY: return make(j, 0, dt, 2, n, n);
    case WT_LINALG_DET: return make(j, 0, dt, 0, 0, 0);
    case WT_LINALG_SLOGDET: return (st = make(j, 0, dt, 0, 0, 0)) ? st : make(j, 1, rdt, 0, 0, 0);
    case WT_LINALG_QR:
        if (!(j->flags & WT_LINALG_R_ONLY)) st = make(j, 0, dt, 2, m, full ? m : k);
        return st ? st : make(j, 1, dt, 2, full ? m : k, n);
    case WT_LINALG_EIGH: return (st = make(j, 0, rdt, 1, n, 0)) || !vec ? st : make(j, 1, dt, 2, n, n);
    case WT_LINALG_SVD:
        if ((st = make(j, 1, rdt, 1, k, 0)) || !vec || (st = make(j, 0, dt, 2, m, full ? m : k))) return st;
        return make(j, 2, dt, 2, full ? n : k, n);
    default: /* eig: complex until the batch is known real */
        return (st = make(j, 0, cdt, 1, n, 0)) || !vec ? st : make(j, 1, cdt, 2, n, n);
    }
}

/* eig of a real matrix: real results when every eigenvalue is real */
WT_COLD static wt_status eig_realify(job *j) {
    wt_tensor *w = j->out[0];
    int cdt = w->d.dtype, rdt = real_of(cdt);
    int64_t size = wt_desc_size(&w->d), pes = (int64_t)wt_dtype_size(rdt);
    const char *p = wt_first(w);
    for (int64_t i = 0; i < size; i++)
        if (wt_cast_load_f64(rdt, p + (2 * i + 1) * pes) != 0) return WT_OK;
    for (int r = 0; r < 2 && j->out[r]; r++) {
        wt_tensor *t;
        wt_status st = wt_tensor_create(rdt, j->out[r]->d.ndim, j->out[r]->d.shape, false, &t);
        if (st) return st;
        wt_cast_get(cdt, rdt)(wt_first(j->out[r]), 2 * pes, wt_first(t), pes, wt_desc_size(&t->d));
        wt_tensor_free(j->out[r]), j->out[r] = t;
    }
    return WT_OK;
}

/* the first failure of the batch, in NumPy's words */
WT_COLD static wt_status report(const job *j, int parts) {
    int f = -1;
    for (int p = 0; p < parts; p++)
        if (j->fail[p] >= 0 && (f < 0 || j->fail[p] < j->fail[f])) f = p;
    if (f < 0) return WT_OK;
    if (j->fail_st[f] != WT_ELINALG) return j->fail_st[f];
    int64_t idx[WT_MAX_DIMS], b = j->fail[f], at = j->fail_at[f];
    for (int i = j->nb - 1; i >= 0; i--) idx[i] = b % j->bshape[i], b /= j->bshape[i];
    char where[WT_SHAPE_STR + 40] = "", s[WT_SHAPE_STR];
    if (j->nb)
        snprintf(where, sizeof where, " (the matrix at batch index %s)", wt_error_fmt_shape(s, sizeof s, j->nb, idx));
    const char *name = NAMES[j->op];
    switch (j->op) {
    case WT_LINALG_CHOLESKY:
        return wt_error_fail(WT_ELINALG,
                             "%s: Matrix is not positive definite%s: the leading minor of order %lld is not "
                             "positive",
                             name, where, (long long)at + 1);
    case WT_LINALG_SOLVE:
    case WT_LINALG_INV:
        return wt_error_fail(WT_ELINALG, "%s: Singular matrix%s: U[%lld,%lld] of its LU factorization is 0", name,
                             where, (long long)at, (long long)at);
    case WT_LINALG_SVD: return wt_error_fail(WT_ELINALG, "%s: SVD did not converge%s", name, where);
    default:
        if (at == -2) return wt_error_fail(WT_ELINALG, "%s: Array must not contain infs or NaNs%s", name, where);
        return wt_error_fail(WT_ELINALG, "%s: Eigenvalues did not converge%s", name, where);
    }
}

WT_COLD static wt_status run(job *j) {
    int64_t ws, total;
    int64_t size = j->m > j->n ? j->m : j->n, flops = size * size * size;
    /* matrices up to LU_NB never reach the GEMM (whose buffers would be allocated in a part) */
    int parts = size <= LU_NB ? wt_parallel_parts(j->nbatch, 1 + 16384 / (flops + 16)) : 1;
    if (parts > PARTS_MAX) parts = PARTS_MAX;
    if (!work_size(j, &ws) || !wt_mul_ok(ws, parts, &total) || !(j->work = wt_tensor_sys_alloc((size_t)total)))
        return wt_error_fail(WT_ENOMEM, "%s: out of memory for the work space of a %lld x %lld matrix", NAMES[j->op],
                             (long long)j->m, (long long)j->n);
    j->ws = (size_t)ws;
    for (int p = 0; p < parts; p++) j->fail[p] = -1;
    if (j->nbatch) wt_parallel_for(j->nbatch, parts, run_part, j);
    wt_tensor_sys_free(j->work);
    wt_status st = report(j, parts);
    if (!st && j->op == WT_LINALG_EIG && !wt_dtype_is_complex(j->a->d.dtype)) st = eig_realify(j);
    return st;
}

WT_COLD wt_status wt_linalg(int op, const wt_tensor *a, const wt_tensor *b, int flags, wt_tensor **r0, wt_tensor **r1,
                            wt_tensor **r2) {
    if (op < 0 || op >= WT_LINALG_COUNT) return wt_error_fail(WT_EINVAL, "wt_linalg: unknown op %d", op);
    const char *name = NAMES[op];
    wt_tensor **res[3] = {r0, r1, r2};
    job j = {.op = op, .flags = flags, .a = a, .b = b};
    wt_status st = wt_tensor_check(a, name);
    if (!st && op == WT_LINALG_SOLVE) st = wt_tensor_check(b, name);
    if (st) return st;
    if (flags & ~15) return wt_error_fail(WT_EINVAL, "%s: unknown flags 0x%x", name, (unsigned)flags);
    if (!(st = check(&j, name)) && !(st = make_all(&j)))
        for (int r = 0; r < 3 && !st; r++)
            if (j.out[r] && !res[r]) st = wt_error_fail(WT_EINVAL, "%s: result %d's pointer is NULL", name, r);
    if (st || (st = run(&j))) {
        for (int r = 0; r < 3; r++) wt_tensor_free(j.out[r]);
        return st;
    }
    for (int r = 0; r < 3; r++)
        if (res[r]) *res[r] = j.out[r];
    return WT_OK;
}
