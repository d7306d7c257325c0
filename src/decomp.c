/* decomp.c — decomp_lu_t.h's and decomp_t.h's factorizations instantiated
** per working type (complex products and quotients through decomp.h's
** wt_zmul and wt_zdiv), their tables, and the GEMM they update with. */
#include "decomp.h"
#include "gemm.h"
#include <complex.h>
#include <float.h>
#include <math.h>

wt_status wt_decomp_gemm(int dtype, int64_t m, int64_t n, int64_t k, const void *a, int64_t ars, int64_t acs,
                         const void *b, int64_t brs, int64_t bcs, void *c, int64_t ldc) {
    int64_t es = wt_dtype_size(dtype);
    wt_gemm g = {.dtype = dtype, .a = a, .b = b, .c = c, .accumulate = true};
    g.am = (wt_group){1, {m}, {ars * es}}, g.ak = (wt_group){1, {k}, {acs * es}};
    g.bk = (wt_group){1, {k}, {brs * es}}, g.bn = (wt_group){1, {n}, {bcs * es}};
    g.cm = (wt_group){1, {m}, {es}}, g.cn = (wt_group){1, {n}, {ldc * es}};
    return wt_gemm_run(&g);
}

/* the vector loops every algorithm calls: one vectorized copy each, called
** (their O(n) work dwarfs a call) rather than inlined at every call site */
#define LEAF WT_NOINLINE

/* ---- float: LU and Cholesky only (float32's GEMM-bound factorizations) ---- */
#define T float
#define F(name) name##_s
#define DT WT_FLOAT32
#define TMIN FLT_MIN
#define MUL(a, b) ((a) * (b))
#define DIV(a, b) ((a) / (b))
#define RSCAL(r, a) ((r) * (a))
#define CJ(a) (a)
#define RE(a) (a)
#define IM(a) 0.0
#define MK(re, im) (re)
#define ABS(a) fabs(a)
#define ABS1(a) fabs(a)
#define ABS2(a) ((a) * (a))
#include "decomp_lu_t.h"
#undef T
#undef F
#undef DT
#undef TMIN

/* ---- double ---- */
#define T double
#define F(name) name##_d
#define DT WT_FLOAT64
#define TMIN DBL_MIN
#define SCHUR wt_eig_hqr2
#include "decomp_lu_t.h"
#include "decomp_t.h"
#undef T
#undef F
#undef DT
#undef TMIN
#undef SCHUR
#undef MUL
#undef DIV
#undef RSCAL
#undef CJ
#undef RE
#undef IM
#undef MK
#undef ABS
#undef ABS1
#undef ABS2

/* ---- double _Complex ---- */
#define T wt_zt
#define F(name) name##_z
#define DT WT_COMPLEX128
#define TMIN DBL_MIN
#define SCHUR wt_eig_zqr
#define MUL(a, b) wt_zmul((a), (b))
#define DIV(a, b) wt_zdiv((a), (b))
#define RSCAL(r, a) __builtin_complex((r)*creal(a), (r)*cimag(a))
#define CJ(a) wt_zconj(a)
#define RE(a) creal(a)
#define IM(a) cimag(a)
#define MK(re, im) __builtin_complex((double)(re), (double)(im))
#define ABS(a) hypot(creal(a), cimag(a))
#define ABS1(a) (fabs(creal(a)) + fabs(cimag(a)))
#define ABS2(a) (creal(a) * creal(a) + cimag(a) * cimag(a))
#include "decomp_lu_t.h"
#include "decomp_t.h"

const wt_decomp wt_decomp_real = {WT_FLOAT64, sizeof(double), x_lu_d,      x_lu_solve_d, x_slogdet_d, x_cholesky_d,
                                  x_qr_d,     x_qr_q_d,       x_tridiag_d, x_tql_d,      x_svd_d,     x_eig_d};
const wt_decomp wt_decomp_single = {.dtype = WT_FLOAT32,
                                    .esize = sizeof(float),
                                    .lu = x_lu_s,
                                    .lu_solve = x_lu_solve_s,
                                    .slogdet = x_slogdet_s,
                                    .cholesky = x_cholesky_s};
const wt_decomp wt_decomp_complex = {WT_COMPLEX128, sizeof(wt_zt), x_lu_z,      x_lu_solve_z, x_slogdet_z, x_cholesky_z,
                                     x_qr_z,        x_qr_q_z,      x_tridiag_z, x_tql_z,      x_svd_z,     x_eig_z};
