/* test_linalg.c — wt_linalg's decompositions by their defining invariants,
** for every dtype it computes, square and rectangular, unblocked and blocked
** (LU's GEMM path beyond 64 columns), batched; and its refusals.  Residuals
** are relative to |A| and bounded by c n eps with the c of each check.  The
** comparisons with NumPy are tests/js/linalg_np.test.mjs's. */
#include "wt_test.h"
#include <complex.h>

typedef double _Complex cz;

static const int DTS[4] = {WT_FLOAT32, WT_FLOAT64, WT_COMPLEX64, WT_COMPLEX128};

static void put(wt_tensor *t, int64_t i, cz v) {
    int dt = t->d.dtype;
    char *p = (char *)wt_first(t) + i * (int64_t)wt_dtype_size(dt);
    wt_cast_one(WT_COMPLEX128, (double[]){creal(v), cimag(v)}, dt, p);
}

/* element i (C order; results are contiguous) as a complex double */
static cz el(const wt_tensor *t, int64_t i) {
    double v[2];
    wt_cast_one(t->d.dtype, (const char *)wt_first(t) + i * (int64_t)wt_dtype_size(t->d.dtype), WT_COMPLEX128, v);
    return v[0] + I * v[1];
}

/* element (b, i, j) of a stack of matrices */
static cz at(const wt_tensor *t, int64_t b, int64_t i, int64_t j) {
    int nd = t->d.ndim;
    int64_t r = t->d.shape[nd - 2], c = t->d.shape[nd - 1];
    return el(t, (b * r + i) * c + j);
}

/* nb matrices m x n of uniform values in [-1, 1) (both parts), plus `diag`
** on the diagonal */
static wt_tensor *randmat(int dt, int64_t nb, int64_t m, int64_t n, double diag) {
    int64_t shape[3] = {nb, m, n};
    wt_tensor *t = NULL;
    CHECK_OK(wt_tensor_create(dt, 3, shape, false, &t));
    for (int64_t i = 0; i < nb * m * n; i++) {
        double re = t_rand() / 2147483648.0 - 1, im = wt_dtype_is_complex(dt) ? t_rand() / 2147483648.0 - 1 : 0;
        put(t, i, re + I * im + (i % n == (i / n) % m ? diag : 0));
    }
    return t;
}

/* max |A - B| over the stack: B = x op(y), op(y) = y or y^H (yh), y's rows
** scaled by s (a stack of vectors) if given; a NULL: the identity */
static double resid(const wt_tensor *a, const wt_tensor *x, const wt_tensor *y, bool xh, bool yh, const wt_tensor *s) {
    int xn = x->d.ndim, yn = y->d.ndim;
    int64_t m = x->d.shape[xn - (xh ? 1 : 2)], k = x->d.shape[xn - (xh ? 2 : 1)];
    int64_t n = y->d.shape[yn - (yh ? 2 : 1)], size = wt_desc_size(&x->d), nb = m && k ? size / (m * k) : 0;
    double worst = 0;
    for (int64_t b = 0; b < nb; b++)
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) {
                cz sum = 0;
                for (int64_t q = 0; q < k; q++) {
                    cz xv = xh ? conj(at(x, b, q, i)) : at(x, b, i, q), yv = yh ? conj(at(y, b, j, q)) : at(y, b, q, j);
                    sum += xv * yv * (s ? el(s, b * k + q) : 1);
                }
                worst = fmax(worst, cabs(sum - (a ? at(a, b, i, j) : (cz)(i == j))));
            }
    return worst;
}

/* max |A v_j - w_j v_j| over the stack */
static double eig_resid(const wt_tensor *a, const wt_tensor *w, const wt_tensor *v) {
    int64_t n = a->d.shape[a->d.ndim - 1], nb = n ? wt_desc_size(&a->d) / (n * n) : 0;
    double worst = 0;
    for (int64_t b = 0; b < nb; b++)
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = 0; i < n; i++) {
                cz sum = -el(w, b * n + j) * at(v, b, i, j);
                for (int64_t q = 0; q < n; q++) sum += at(a, b, i, q) * at(v, b, q, j);
                worst = fmax(worst, cabs(sum));
            }
    return worst;
}

static double eps_of(int dt) { return dt == WT_FLOAT32 || dt == WT_COMPLEX64 ? 0x1p-23 : 0x1p-52; }
static int real_of(int dt) { return wt_dtype_is_complex(dt) ? wt_dtype_part(dt) : dt; }

/* solve, inv, slogdet on diagonally dominant (well-conditioned) stacks: residuals
** within 4 n eps n; cholesky of A A^H + n I back to it within 4 n eps n */
void test_linalg_lu_cholesky(void) {
    t_rand_reset();
    static const int64_t NS[] = {0, 1, 2, 5, 17, 70, 130};
    for (int di = 0; di < 4; di++)
        for (size_t ni = 0; ni < sizeof NS / sizeof NS[0]; ni++) {
            int dt = DTS[di];
            int64_t n = NS[ni], nb = n > 20 ? 1 : 3;
            double tol = 4 * (n + 1) * eps_of(dt) * (n + 1);
            wt_tensor *a = randmat(dt, nb, n, n, (double)n), *b = randmat(dt, nb, n, 3, 0), *x = NULL, *ai = NULL;
            wt_tensor *sg = NULL, *d1 = NULL, *d2 = NULL, *l = NULL, *u = NULL, *g = NULL, *r1 = (void *)1;
            CHECK_OK(wt_linalg(WT_LINALG_SOLVE, a, b, 0, &x, &r1, NULL));
            CHECK(x->d.dtype == dt && x->d.ndim == 3 && x->d.shape[2] == 3 && r1 == NULL);
            CHECK(resid(b, a, x, false, false, NULL) <= tol * n);
            CHECK_OK(wt_linalg(WT_LINALG_INV, a, NULL, 0, &ai, NULL, NULL));
            CHECK(resid(NULL, a, ai, false, false, NULL) <= tol);
            CHECK_OK(wt_linalg(WT_LINALG_SLOGDET, a, NULL, 0, &sg, &d1, NULL)); /* log|det A| + log|det A^-1| = 0 */
            wt_tensor_free(sg);
            CHECK_OK(wt_linalg(WT_LINALG_SLOGDET, ai, NULL, 0, &sg, &d2, NULL));
            wt_tensor_free(sg);
            for (int64_t q = 0; q < nb; q++) CHECK(fabs(creal(el(d1, q)) + creal(el(d2, q))) <= tol * n);
            /* g = A A^H + n I (as a's dtype) */
            int64_t sh[3] = {nb, n, n};
            CHECK_OK(wt_tensor_create(dt, 3, sh, false, &g));
            for (int64_t q = 0; q < nb; q++)
                for (int64_t i = 0; i < n; i++)
                    for (int64_t j = 0; j < n; j++) {
                        cz s = i == j ? n : 0;
                        for (int64_t k = 0; k < n; k++) s += at(a, q, i, k) * conj(at(a, q, j, k));
                        put(g, (q * n + i) * n + j, s);
                    }
            CHECK_OK(wt_linalg(WT_LINALG_CHOLESKY, g, NULL, 0, &l, NULL, NULL));
            CHECK_OK(wt_linalg(WT_LINALG_CHOLESKY, g, NULL, WT_LINALG_UPPER, &u, NULL, NULL));
            CHECK(resid(g, l, l, false, true, NULL) <= tol * n * n);
            CHECK(resid(g, u, u, true, false, NULL) <= tol * n * n);
            for (int64_t i = 0; i + 1 < n; i++) CHECK(at(l, 0, i, i + 1) == 0 && at(u, 0, i + 1, i) == 0);
            wt_tensor *all[] = {a, b, x, ai, d1, d2, l, u, g};
            for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) wt_tensor_free(all[k]);
        }
}

/* qr (reduced, complete, r), svd (values, reduced, full) of tall, wide and
** square stacks: A = QR and A = U S Vh within 8 k eps |A|, orthonormal
** columns within 8 k eps, R upper triangular, S descending and >= 0 */
void test_linalg_qr_svd(void) {
    t_rand_reset();
    static const int64_t MN[][2] = {{0, 3}, {3, 0}, {1, 1}, {5, 3}, {3, 5}, {6, 6}, {40, 25}, {25, 40}};
    for (int di = 0; di < 4; di++)
        for (size_t s = 0; s < sizeof MN / sizeof MN[0]; s++)
            for (int full = 0; full < 2; full++) {
                int dt = DTS[di], fl = full ? WT_LINALG_COMPLETE : 0;
                int64_t m = MN[s][0], n = MN[s][1], k = m < n ? m : n, nb = m > 10 ? 1 : 2;
                double tol = 8 * (m + n + 1) * eps_of(dt) * (m + n + 1);
                wt_tensor *a = randmat(dt, nb, m, n, 0), *q = NULL, *r = NULL, *r2 = NULL, *u = NULL, *sv = NULL,
                          *vh = NULL, *sv2 = NULL, *none = (void *)1;
                CHECK_OK(wt_linalg(WT_LINALG_QR, a, NULL, fl, &q, &r, NULL));
                CHECK(q->d.shape[1] == m && q->d.shape[2] == (full ? m : k) && r->d.shape[1] == (full ? m : k));
                CHECK(resid(a, q, r, false, false, NULL) <= tol);
                CHECK(resid(NULL, q, q, true, false, NULL) <= tol);
                for (int64_t i = 1; i < r->d.shape[1]; i++)
                    for (int64_t j = 0; j < i && j < n; j++) CHECK(at(r, 0, i, j) == 0);
                CHECK_OK(wt_linalg(WT_LINALG_QR, a, NULL, fl | WT_LINALG_R_ONLY, &none, &r2, NULL));
                CHECK(none == NULL);
                for (int64_t i = 0; i < wt_desc_size(&r->d); i++) CHECK(el(r, i) == el(r2, i));
                CHECK_OK(wt_linalg(WT_LINALG_SVD, a, NULL, fl | WT_LINALG_VECTORS, &u, &sv, &vh));
                CHECK(sv->d.dtype == real_of(dt) && sv->d.shape[1] == k);
                CHECK(u->d.shape[2] == (full ? m : k) && vh->d.shape[1] == (full ? n : k));
                CHECK(resid(NULL, u, u, true, false, NULL) <= tol && resid(NULL, vh, vh, false, true, NULL) <= tol);
                for (int64_t i = 0; i + 1 < k; i++) CHECK(creal(el(sv, i)) >= creal(el(sv, i + 1)));
                if (!full) CHECK(resid(a, u, vh, false, false, sv) <= tol);
                CHECK_OK(wt_linalg(WT_LINALG_SVD, a, NULL, 0, &none, &sv2, &none));
                for (int64_t i = 0; i < nb * k; i++) CHECK(cabs(el(sv, i) - el(sv2, i)) <= tol);
                wt_tensor *all[] = {a, q, r, r2, u, sv, vh, sv2};
                for (size_t j = 0; j < sizeof all / sizeof all[0]; j++) wt_tensor_free(all[j]);
            }
}

/* eigh (both triangles) and eig: A V = V diag(w) within 8 n eps |A|, eigh's
** values ascending and its vectors orthonormal; eig real exactly when every
** eigenvalue of a real stack is; values alone equal those with vectors */
void test_linalg_eigen(void) {
    t_rand_reset();
    static const int64_t NS[] = {0, 1, 2, 3, 8, 33};
    for (int di = 0; di < 4; di++)
        for (size_t ni = 0; ni < sizeof NS / sizeof NS[0]; ni++) {
            int dt = DTS[di];
            int64_t n = NS[ni], nb = n > 10 ? 1 : 3, sh[3] = {nb, n, n};
            double tol = 8 * (n + 1) * eps_of(dt) * (n + 1);
            wt_tensor *a = randmat(dt, nb, n, n, 0), *h = NULL, *hu = NULL, *w = NULL, *v = NULL, *wu = NULL,
                      *vu = NULL, *w2 = NULL, *ew = NULL, *ev = NULL, *ew2 = NULL, *sym = NULL, *sw = NULL;
            CHECK_OK(wt_tensor_create(dt, 3, sh, false, &h));
            CHECK_OK(wt_tensor_create(dt, 3, sh, false, &hu));
            CHECK_OK(wt_tensor_create(dt, 3, sh, false, &sym));
            for (int64_t q = 0; q < nb; q++) /* h: A + A^H in its lower triangle, garbage above; hu the reverse */
                for (int64_t i = 0; i < n; i++)
                    for (int64_t j = 0; j < n; j++) {
                        cz v1 = at(a, q, i, j) + conj(at(a, q, j, i)), junk = 99 - 7 * I;
                        put(h, (q * n + i) * n + j, i >= j ? v1 : junk),
                            put(hu, (q * n + i) * n + j, i <= j ? v1 : junk);
                        put(sym, (q * n + i) * n + j, v1);
                    }
            CHECK_OK(wt_linalg(WT_LINALG_EIGH, h, NULL, WT_LINALG_VECTORS, &w, &v, NULL));
            CHECK_OK(wt_linalg(WT_LINALG_EIGH, hu, NULL, WT_LINALG_VECTORS | WT_LINALG_UPPER, &wu, &vu, NULL));
            CHECK_OK(wt_linalg(WT_LINALG_EIGH, h, NULL, 0, &w2, NULL, NULL));
            CHECK(w->d.dtype == real_of(dt) && v->d.dtype == dt);
            CHECK(eig_resid(sym, w, v) <= tol * n && eig_resid(sym, wu, vu) <= tol * n);
            CHECK(resid(NULL, v, v, true, false, NULL) <= tol);
            for (int64_t i = 0; i < nb * n; i++) {
                CHECK(cabs(el(w, i) - el(w2, i)) <= tol * n && cabs(el(w, i) - el(wu, i)) <= tol * n);
                if (i % n) CHECK(creal(el(w, i - 1)) <= creal(el(w, i)));
            }
            CHECK_OK(wt_linalg(WT_LINALG_EIG, a, NULL, WT_LINALG_VECTORS, &ew, &ev, NULL));
            CHECK_OK(wt_linalg(WT_LINALG_EIG, a, NULL, 0, &ew2, NULL, NULL));
            CHECK(eig_resid(a, ew, ev) <= tol * n);
            bool real = !wt_dtype_is_complex(dt);
            for (int64_t i = 0; i < nb * n; i++) real = real && cimag(el(ew, i)) == 0;
            CHECK(wt_dtype_is_complex(ew->d.dtype) == !real && ev->d.dtype == ew->d.dtype);
            for (int64_t i = 0; i < nb * n; i++) CHECK(cabs(el(ew, i) - el(ew2, i)) <= tol * n);
            for (int64_t j = 0; j < nb * n; j++) { /* unit columns */
                double ss = 0;
                for (int64_t i = 0; i < n; i++) ss += cabs(at(ev, j / n, i, j % n)) * cabs(at(ev, j / n, i, j % n));
                CHECK(fabs(ss - 1) <= tol);
            }
            CHECK_OK(wt_linalg(WT_LINALG_EIG, sym, NULL, 0, &sw, NULL, NULL)); /* Hermitian: real eigenvalues */
            CHECK(wt_dtype_is_complex(sw->d.dtype) == wt_dtype_is_complex(dt));
            wt_tensor *all[] = {a, h, hu, w, v, wu, vu, w2, ew, ev, ew2, sym, sw};
            for (size_t j = 0; j < sizeof all / sizeof all[0]; j++) wt_tensor_free(all[j]);
        }
}

/* a real matrix with a complex pair: complex results, the pair conjugate */
void test_linalg_eig_pairs(void) {
    int64_t sh[2] = {3, 3};
    wt_tensor *a = t_from(WT_FLOAT64, 2, sh, (double[]){0, -1, 0, 1, 0, 0, 0, 0, 2}), *w = NULL, *v = NULL;
    CHECK_OK(wt_linalg(WT_LINALG_EIG, a, NULL, WT_LINALG_VECTORS, &w, &v, NULL));
    CHECK(w->d.dtype == WT_COMPLEX128 && eig_resid(a, w, v) <= 1e-15);
    cz e0 = el(w, 0), e1 = el(w, 1), e2 = el(w, 2);
    CHECK(cabs(e0 - I) < 1e-15 && e1 == conj(e0) && e2 == 2);
    for (int64_t i = 0; i < 3; i++) CHECK(at(v, 0, i, 1) == conj(at(v, 0, i, 0)));
    wt_tensor_free(a), wt_tensor_free(w), wt_tensor_free(v);
}

/* refusals: NumPy's reasons with the batch index, nothing made */
void test_linalg_errors(void) {
    int64_t s22[2] = {2, 2}, s322[3] = {3, 2, 2}, s23[2] = {2, 3}, s3[1] = {3};
    wt_tensor *sing = t_from(WT_FLOAT64, 2, s22, (double[]){1, 2, 2, 4}), *r = NULL, *r1 = NULL;
    wt_tensor *stack = t_from(WT_FLOAT64, 3, s322, (double[]){1, 0, 0, 1, 2, 0, 0, 2, 1, 1, 1, 1});
    wt_tensor *rect = t_from(WT_FLOAT64, 2, s23, (double[]){1, 2, 3, 4, 5, 6}),
              *v3 = t_from(WT_FLOAT64, 1, s3, (double[]){1, 2, 3});
    wt_tensor *nan = t_from(WT_FLOAT64, 2, s22, (double[]){NAN, 1, 1, 1}), *half = NULL;
    CHECK_ERR(wt_linalg(WT_LINALG_INV, sing, NULL, 0, &r, NULL, NULL), WT_ELINALG, "inv: Singular matrix");
    CHECK_ERR(wt_linalg(WT_LINALG_SOLVE, stack, v3, 0, &r, NULL, NULL), WT_ESHAPE, "M = 2");
    CHECK_ERR(wt_linalg(WT_LINALG_INV, stack, NULL, 0, &r, NULL, NULL), WT_ELINALG, "batch index (2,)");
    CHECK_ERR(wt_linalg(WT_LINALG_CHOLESKY, sing, NULL, 0, &r, NULL, NULL), WT_ELINALG, "not positive definite");
    CHECK_ERR(wt_linalg(WT_LINALG_INV, rect, NULL, 0, &r, NULL, NULL), WT_ESHAPE, "must be square, got (2,3)");
    CHECK_ERR(wt_linalg(WT_LINALG_QR, v3, NULL, 0, &r, &r1, NULL), WT_ESHAPE, "at least two-dimensional");
    CHECK_ERR(wt_linalg(WT_LINALG_EIG, nan, NULL, 0, &r, NULL, NULL), WT_ELINALG, "infs or NaNs");
    CHECK_ERR(wt_linalg(WT_LINALG_SVD, nan, NULL, 0, &r, &r1, NULL), WT_ELINALG, "SVD did not converge");
    CHECK_ERR(wt_linalg(WT_LINALG_QR, rect, NULL, 0, NULL, &r1, NULL), WT_EINVAL, "result 0's pointer is NULL");
    CHECK_ERR(wt_linalg(WT_LINALG_COUNT, rect, NULL, 0, &r, NULL, NULL), WT_EINVAL, "unknown op");
    CHECK_ERR(wt_linalg(WT_LINALG_QR, rect, NULL, 64, &r, &r1, NULL), WT_EINVAL, "unknown flags");
    CHECK_ERR(wt_linalg(WT_LINALG_SOLVE, sing, NULL, 0, &r, NULL, NULL), WT_EINVAL, "solve");
    CHECK_OK(wt_astype(sing, WT_FLOAT16, &half));
    CHECK_ERR(wt_linalg(WT_LINALG_DET, half, NULL, 0, &r, NULL, NULL), WT_EDTYPE, "float16 is unsupported");
    CHECK(r == NULL && r1 == NULL);
    CHECK_OK(wt_linalg(WT_LINALG_DET, sing, NULL, 0, &r, NULL, NULL)); /* singular: det 0, slogdet (0, -inf) */
    CHECK(el(r, 0) == 0);
    wt_tensor_free(r), r = NULL;
    CHECK_OK(wt_linalg(WT_LINALG_SLOGDET, sing, NULL, 0, &r, &r1, NULL));
    CHECK(el(r, 0) == 0 && creal(el(r1, 0)) == -INFINITY);
    wt_tensor_free(r), wt_tensor_free(r1), r = r1 = NULL;
    CHECK_OK(wt_linalg(WT_LINALG_EIGH, nan, NULL, WT_LINALG_VECTORS, &r, &r1, NULL)); /* NumPy: no error */
    CHECK(isnan(creal(el(r, 0))) && isnan(creal(el(r1, 3))));
    wt_tensor *all[] = {sing, stack, rect, v3, nan, half, r, r1};
    for (size_t j = 0; j < sizeof all / sizeof all[0]; j++) wt_tensor_free(all[j]);
}
