/* decomp.h — the matrix factorizations behind wt_linalg (decomp.c,
** decomp_lu_t.h, decomp_t.h, eig.c), one table per working element type:
** float for float32's LU and Cholesky, double for float32's others and
** float64, double _Complex for complex64/complex128.  Every
** matrix is column-major with its row count as leading dimension; void *
** is a T *.  They fail only as their results say: an index (-1: none),
** false for an iteration that did not converge, WT_ENOMEM from the GEMM. */
#ifndef WT_DECOMP_H
#define WT_DECOMP_H

#include "core.h"
#include <complex.h>
#include <math.h>

/* double complex arithmetic written out, for decomp.c and eig.c alike: C's
** operators would call libgcc's Annex G helpers (absent in the WASI build,
** and slow) */
typedef double _Complex wt_zt;
static inline wt_zt wt_zmul(wt_zt a, wt_zt b) {
    double ar = creal(a), ai = cimag(a), br = creal(b), bi = cimag(b);
    return __builtin_complex(ar * br - ai * bi, ar * bi + ai * br);
}
static inline wt_zt wt_zconj(wt_zt a) { return __builtin_complex(creal(a), -cimag(a)); }
/* Smith's quotient: no overflow for operands of any scale (a zero divisor
** gives a / |0|'s infinities and NaN) */
static inline wt_zt wt_zdiv(wt_zt a, wt_zt b) {
    double ar = creal(a), ai = cimag(a), br = creal(b), bi = cimag(b);
    if (fabs(br) >= fabs(bi)) {
        if (br == 0 && bi == 0) return __builtin_complex(ar / fabs(br), ai / fabs(br));
        double r = bi / br, d = br + bi * r;
        return __builtin_complex((ar + ai * r) / d, (ai - ar * r) / d);
    }
    double r = br / bi, d = bi + br * r;
    return __builtin_complex((ar * r + ai) / d, (ai * r - ar) / d);
}

#define LU_NB 64 /* LU's panel width: the trailing update is a GEMM beyond it */

typedef struct wt_decomp {
    int dtype;    /* WT_FLOAT64 or WT_COMPLEX128: the working dtype */
    size_t esize; /* its size */
    /* P A = L U (scratch: n * LU_NB); *info: the first zero pivot or -1;
    ** WT_ENOMEM (for n > LU_NB only: the GEMM's buffers) */
    wt_status (*lu)(int64_t n, void *a, int64_t *piv, void *scratch, int64_t *info);
    /* b (n x nrhs) := A^-1 b (scratch: n * LU_NB); WT_ENOMEM */
    wt_status (*lu_solve)(int64_t n, const void *lu, const int64_t *piv, int64_t nrhs, void *b, void *scratch);
    /* NumPy's slogdet of the factors: *sign (a T) and log|det| */
    void (*slogdet)(int64_t n, const void *lu, const int64_t *piv, void *sign, double *logdet);
    /* lower (scratch: 2 n LU_NB); *info: the first failing column or -1; WT_ENOMEM */
    wt_status (*cholesky)(int64_t n, void *a, void *scratch, int64_t *info);
    void (*qr)(int64_t m, int64_t n, void *a, void *tau);
    void (*qr_q)(int64_t m, int64_t k, const void *a, const void *tau, int64_t ncol, void *q);
    /* eigh: w (2n T) scratch; q (n x n) optional */
    void (*tridiag)(int64_t n, void *a, double *d, double *e, void *q, void *w);
    bool (*tql)(int64_t n, double *d, double *e, void *z);
    /* svd with m >= n: w (2n + m T); u (m x ncu) and v (n x n) optional */
    bool (*svd)(int64_t m, int64_t n, void *a, double *s, double *e, void *u, int64_t ncu, void *v, void *w);
    /* eig (eig.c): eigenvalues (n complex) and right eigenvectors (n x n
    ** complex, unit 2-norm) when vr; scratch: wt_eig_scratch(n) bytes */
    bool (*eig)(int64_t n, void *a, double _Complex *w, double _Complex *vr, void *scratch);
} wt_decomp;

extern const wt_decomp wt_decomp_real, wt_decomp_complex;
/* float32's LU, solves, slogdet and Cholesky (the other entries NULL): single
** precision on the 4-lane GEMM, as NumPy's LAPACK computes them */
extern const wt_decomp wt_decomp_single;

/* C (m x n, column-major, ldc) += A (m x k) B (k x n), A's and B's elements
** (i, j) at i * rs + j * cs (so a transpose is the strides swapped), dtype
** WT_FLOAT64 or WT_COMPLEX128, on the packed GEMM (WT_ENOMEM: its buffers) */
wt_status wt_decomp_gemm(int dtype, int64_t m, int64_t n, int64_t k, const void *a, int64_t ars, int64_t acs,
                         const void *b, int64_t brs, int64_t bcs, void *c, int64_t ldc);

/* eig.c: the bytes eig's scratch needs; the Schur steps on a Hessenberg
** matrix h with its transformations z (NULL: eigenvalues only), scratch of
** (n + 1) n + 9 n doubles (hqr2: a padded copy of h, a sweep's reflectors)
** or n complex (zqr); the vectors' normalization */
size_t wt_eig_scratch(int64_t n);
bool wt_eig_hqr2(int64_t n, double *h, double *z, double _Complex *w, double _Complex *vr, void *scratch);
bool wt_eig_zqr(int64_t n, double _Complex *h, double _Complex *z, double _Complex *w, double _Complex *vr,
                void *scratch);
void wt_eig_finish(int64_t n, const double *scale, double _Complex *vr);

#endif
