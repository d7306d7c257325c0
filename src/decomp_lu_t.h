/* decomp_lu_t.h — LU with partial pivoting, the solves with its factors,
** NumPy's slogdet of them, and Cholesky, written once and included by
** decomp.c for each working element type T: float (float32 inputs: the
** 4-lane GEMM, single precision as LAPACK's sgetrf/spotrf), double (float64,
** integers) and double _Complex (complex64, complex128), with the arithmetic
** macros decomp.c defines (MUL, CJ, RE, IM, ABS1, ...).  Column-major, the
** row count as leading dimension; panels of LU_NB columns whose trailing
** updates are GEMMs. */

/* y += a x */
static LEAF void F(axpy)(int64_t n, T a, const T *x, T *y) {
    if (a == 0) return;
    for (int64_t i = 0; i < n; i++) y[i] += MUL(a, x[i]);
}

static LEAF void F(scal)(int64_t n, T a, T *x) {
    for (int64_t i = 0; i < n; i++) x[i] = MUL(a, x[i]);
}

/* ---- LU with partial pivoting (getrf) --------------------------------------- */

/* the panel a[k0:, k0:k0+nb] of an n x n matrix: row swaps within the panel */
static int64_t F(lu_panel)(int64_t n, T *a, int64_t k0, int64_t nb, int64_t *piv) {
    int64_t info = -1;
    for (int64_t k = k0; k < k0 + nb; k++) {
        T *ck = a + k * n;
        int64_t p = k;
        double best = ABS1(ck[k]);
        for (int64_t i = k + 1; i < n; i++)
            if (ABS1(ck[i]) > best) best = ABS1(ck[i]), p = i;
        piv[k] = p;
        if (ck[p] != 0) {
            if (p != k)
                for (int64_t j = k0; j < k0 + nb; j++) {
                    T t = a[j * n + k];
                    a[j * n + k] = a[j * n + p], a[j * n + p] = t;
                }
            T r = DIV(1, ck[k]);
            if (ABS1(ck[k]) >= TMIN)
                F(scal)(n - k - 1, r, ck + k + 1);
            else
                for (int64_t i = k + 1; i < n; i++) ck[i] = DIV(ck[i], ck[k]);
        } else if (info < 0)
            info = k;
        for (int64_t j = k + 1; j < k0 + nb; j++) F(axpy)(n - k - 1, -a[j * n + k], ck + k + 1, a + j * n + k + 1);
    }
    return info;
}

/* P A = L U in place (unit L below the diagonal, U on and above); piv[k] is
** the row swapped with row k.  The first k with U[k,k] == 0, else -1, is put
** in *info (the factorization is completed either way, as LAPACK's).  Panels
** of LU_NB columns; the trailing update is one GEMM per panel (scratch:
** n*LU_NB), whose packing buffers make WT_ENOMEM possible beyond one panel. */
static wt_status F(lu)(int64_t n, T *a, int64_t *piv, T *scratch, int64_t *pinfo) {
    int64_t info = -1;
    wt_status st = WT_OK;
    for (int64_t k0 = 0; k0 < n; k0 += LU_NB) {
        int64_t nb = n - k0 < LU_NB ? n - k0 : LU_NB, k1 = k0 + nb;
        int64_t pi = F(lu_panel)(n, a, k0, nb, piv);
        if (info < 0) info = pi;
        for (int64_t k = k0; k < k1; k++) /* the panel's swaps on the other columns */
            if (piv[k] != k)
                for (int64_t j = 0; j < n; j++) {
                    if (j == k0) j = k1;
                    if (j >= n) break;
                    T t = a[j * n + k];
                    a[j * n + k] = a[j * n + piv[k]], a[j * n + piv[k]] = t;
                }
        if (k1 >= n || st) break;
        for (int64_t j = k1; j < n; j++) /* U12 = L11^-1 A12 */
            for (int64_t k = k0; k < k1; k++) F(axpy)(k1 - k - 1, -a[j * n + k], a + k * n + k + 1, a + j * n + k + 1);
        /* A22 -= L21 U12 */
        for (int64_t k = 0; k < nb; k++)
            for (int64_t i = 0; i < n - k1; i++) scratch[k * (n - k1) + i] = -a[(k0 + k) * n + k1 + i];
        st = wt_decomp_gemm(DT, n - k1, n - k1, nb, scratch, 1, n - k1, a + k1 * n + k0, 1, n, a + k1 * n + k1, n);
    }
    *pinfo = info;
    return st;
}

/* solve with the LU factors: b (n x nrhs, leading dimension n) := A^-1 b.
** Blocks of LU_NB rows: the triangle within a block by columns, the rest of
** b by one GEMM per block (scratch: n LU_NB; WT_ENOMEM from the GEMM) */
static wt_status F(lu_solve)(int64_t n, const T *lu, const int64_t *piv, int64_t nrhs, T *b, T *scratch) {
    wt_status st = WT_OK;
    for (int64_t c = 0; c < nrhs; c++)
        for (int64_t k = 0; k < n; k++)
            if (piv[k] != k) {
                T t = b[c * n + k];
                b[c * n + k] = b[c * n + piv[k]], b[c * n + piv[k]] = t;
            }
    for (int64_t k0 = 0; k0 < n && !st; k0 += LU_NB) { /* L y = P b */
        int64_t k1 = k0 + LU_NB < n ? k0 + LU_NB : n, nb = k1 - k0;
        for (int64_t c = 0; c < nrhs; c++)
            for (int64_t j = k0; j < k1; j++) F(axpy)(k1 - j - 1, -b[c * n + j], lu + j * n + j + 1, b + c * n + j + 1);
        if (k1 == n) break;
        for (int64_t k = 0; k < nb; k++)
            for (int64_t i = k1; i < n; i++) scratch[k * (n - k1) + i - k1] = -lu[(k0 + k) * n + i];
        st = wt_decomp_gemm(DT, n - k1, nrhs, nb, scratch, 1, n - k1, b + k0, 1, n, b + k1, n);
    }
    for (int64_t k0 = (n - 1) / LU_NB * LU_NB; k0 >= 0 && !st; k0 -= LU_NB) { /* U x = y */
        int64_t k1 = k0 + LU_NB < n ? k0 + LU_NB : n, nb = k1 - k0;
        for (int64_t c = 0; c < nrhs; c++)
            for (int64_t j = k1 - 1; j >= k0; j--) {
                T *x = b + c * n;
                x[j] = DIV(x[j], lu[j * n + j]);
                F(axpy)(j - k0, -x[j], lu + j * n + k0, x + k0);
            }
        if (k0 == 0) break;
        for (int64_t k = 0; k < nb; k++)
            for (int64_t i = 0; i < k0; i++) scratch[k * k0 + i] = -lu[(k0 + k) * n + i];
        st = wt_decomp_gemm(DT, k0, nrhs, nb, scratch, 1, k0, b + k0, 1, n, b, n);
    }
    return st;
}

/* ---- Cholesky (lower): A = L L^H ------------------------------------------- */

/* the panel's columns k0..k1 (rows k0..n), right-looking within the panel
** (potf2's step); the first column whose pivot is not positive, else -1 (NaN
** goes through, as in NumPy's OpenBLAS, which reports no error for it) */
static int64_t F(chol_panel)(int64_t n, T *a, int64_t k0, int64_t k1) {
    for (int64_t j = k0; j < k1; j++) {
        T *cj = a + j * n;
        double ajj = RE(cj[j]);
        if (ajj <= 0) return j;
        ajj = sqrt(ajj);
        cj[j] = ajj;
        for (int64_t i = j + 1; i < n; i++) cj[i] = RSCAL(1 / ajj, cj[i]);
        for (int64_t c = j + 1; c < k1; c++) F(axpy)(n - c, -CJ(cj[c]), cj + c, a + c * n + c);
    }
    return -1;
}

/* L in the lower triangle (the strict upper one zeroed): panels of LU_NB
** columns, the trailing lower triangle updated by GEMMs of LU_NB-column
** blocks (A22 -= L21 L21^H, only on and below the diagonal blocks) */
static wt_status F(cholesky)(int64_t n, T *a, T *scratch, int64_t *info) {
    wt_status st = WT_OK;
    *info = -1;
    for (int64_t k0 = 0; k0 < n && !st; k0 += LU_NB) {
        int64_t k1 = k0 + LU_NB < n ? k0 + LU_NB : n, m = n - k1, nb = k1 - k0;
        if ((*info = F(chol_panel)(n, a, k0, k1)) >= 0) return WT_OK;
        T *neg = scratch, *cj = scratch + m * nb; /* -L21 and conj(L21), column-major m x nb */
        for (int64_t k = 0; k < nb; k++)
            for (int64_t i = 0; i < m; i++)
                neg[k * m + i] = -a[(k0 + k) * n + k1 + i], cj[k * m + i] = CJ(a[(k0 + k) * n + k1 + i]);
        for (int64_t c0 = 0; c0 < m && !st; c0 += LU_NB) { /* columns c0..c1 of A22, rows c0.. */
            int64_t c1 = c0 + LU_NB < m ? c0 + LU_NB : m;
            st = wt_decomp_gemm(DT, m - c0, c1 - c0, nb, neg + c0, 1, m, cj + c0, m, 1, a + (k1 + c0) * n + k1 + c0, n);
        }
    }
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < j; i++) a[j * n + i] = 0;
    return st;
}

/* ---- the table's entries (void * for T *) ---------------------------------- */

static wt_status F(x_lu)(int64_t n, void *a, int64_t *piv, void *scratch, int64_t *info) {
    return F(lu)(n, a, piv, scratch, info);
}
static wt_status F(x_lu_solve)(int64_t n, const void *lu, const int64_t *piv, int64_t nrhs, void *b, void *scratch) {
    return F(lu_solve)(n, lu, piv, nrhs, b, scratch);
}
/* NumPy's: the sign from the pivots and the diagonal's phases, the log from its moduli */
static void F(x_slogdet)(int64_t n, const void *lu, const int64_t *piv, void *sign, double *logdet) {
    const T *a = lu;
    T sg = 1;
    double ld = 0;
    for (int64_t k = 0; k < n; k++) {
        T d = a[k * n + k];
        double ad = ABS(d);
        if (piv[k] != k) sg = -sg;
        if (ad == 0) {
            sg = 0, ld = -INFINITY;
            break;
        }
        sg = MUL(sg, MK(RE(d) / ad, IM(d) / ad)), ld += log(ad);
    }
    *(T *)sign = sg, *logdet = ld;
}
static wt_status F(x_cholesky)(int64_t n, void *a, void *scratch, int64_t *info) {
    return F(cholesky)(n, a, scratch, info);
}
