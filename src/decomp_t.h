/* decomp_t.h — the orthogonal factorizations, written once and included by
** decomp.c (after decomp_lu_t.h) for each working element type: T is double
** (float32 for these, and float64 inputs) or double _Complex (complex64 and
** complex128), with the arithmetic macros decomp.c defines (MUL, CJ, RE,
** IM, ABS1, ...).  Matrices are column-major with their row count as
** leading dimension, as LAPACK's, so every inner loop walks a contiguous
** column.  The algorithms are LAPACK's unblocked ones (geqr2/ung2r,
** hetd2/ung2l with implicit QL, gehd2) and LINPACK's zsvdc. */

/* sum of conj(x[i]) * y[i] */
static LEAF T F(dotc)(int64_t n, const T *x, const T *y) {
    T s = 0;
    for (int64_t i = 0; i < n; i++) s += MUL(CJ(x[i]), y[i]);
    return s;
}

static LEAF void F(swap)(int64_t n, T *x, T *y) {
    for (int64_t i = 0; i < n; i++) {
        T t = x[i];
        x[i] = y[i], y[i] = t;
    }
}

/* the 2-norm, scaled where the plain sum of squares would over- or underflow */
static LEAF double F(nrm2)(int64_t n, const T *x) {
    double ss = 0, mx = 0;
    for (int64_t i = 0; i < n; i++) ss += ABS2(x[i]);
    if (isnan(ss) || (ss > 0x1p-900 && ss < 0x1p900)) return sqrt(ss);
    for (int64_t i = 0; i < n; i++) mx = fmax(mx, fmax(fabs(RE(x[i])), fabs(IM(x[i]))));
    if (mx == 0 || isinf(mx)) return mx;
    ss = 0;
    for (int64_t i = 0; i < n; i++) {
        double r = RE(x[i]) / mx, m = IM(x[i]) / mx;
        ss += r * r + m * m;
    }
    return mx * sqrt(ss);
}

/* LAPACK's larfg: H = I - tau v v^H with v = (1, x') such that
** H^H (alpha, x) = (beta, 0), beta real; x is overwritten by x', alpha by beta */
static void F(larfg)(int64_t n, T *alpha, T *x, T *tau) {
    *tau = 0;
    if (n <= 0) return;
    double xn = F(nrm2)(n - 1, x), ar = RE(*alpha), ai = IM(*alpha);
    if (xn == 0 && ai == 0) return;
    double beta = -copysign(hypot(hypot(ar, ai), xn), ar), safmin = DBL_MIN / DBL_EPSILON;
    int knt = 0;
    while (fabs(beta) < safmin && knt < 20) { /* rescale so 1/(alpha - beta) stays finite */
        F(scal)(n - 1, 1 / safmin, x);
        *alpha = RSCAL(1 / safmin, *alpha), beta /= safmin, knt++;
    }
    if (knt) {
        xn = F(nrm2)(n - 1, x), ar = RE(*alpha), ai = IM(*alpha);
        beta = -copysign(hypot(hypot(ar, ai), xn), ar);
    }
    *tau = MK((beta - ar) / beta, -ai / beta);
    F(scal)(n - 1, DIV(1, *alpha - beta), x);
    for (int i = 0; i < knt; i++) beta *= safmin;
    *alpha = beta;
}

/* A[:, j] -= conj?(tau) v (v^H A[:, j]) for the ncol columns of a (m rows,
** leading dimension lda): H^H A (conj = true) or H A */
static LEAF void F(larf)(int64_t m, int64_t ncol, const T *v, T tau, T *a, int64_t lda) {
    if (tau == 0) return;
    for (int64_t j = 0; j < ncol; j++) {
        T *c = a + j * lda;
        F(axpy)(m, -MUL(tau, F(dotc)(m, v, c)), v, c);
    }
}

/* ---- Householder QR (geqr2, ung2r) ------------------------------------------ */

/* A (m x n) = Q R: R in the upper triangle, the reflectors below it, tau[min(m,n)] */
static void F(qr)(int64_t m, int64_t n, T *a, T *tau) {
    int64_t k = m < n ? m : n;
    for (int64_t i = 0; i < k; i++) {
        T *v = a + i * m + i;
        F(larfg)(m - i, v, v + 1, tau + i);
        T beta = *v;
        *v = 1;
        F(larf)(m - i, n - i - 1, v, CJ(tau[i]), v + m, m);
        *v = beta;
    }
}

/* the first ncol columns of Q = H0 H1 ... H(k-1) from qr's reflectors in a (m x k) */
static void F(qr_q)(int64_t m, int64_t k, const T *a, const T *tau, int64_t ncol, T *q) {
    for (int64_t j = 0; j < ncol; j++)
        for (int64_t i = 0; i < m; i++) q[j * m + i] = i == j;
    for (int64_t i = k - 1; i >= 0; i--) {
        T *v = (T *)a + i * m + i, keep = *v;
        *v = 1;
        F(larf)(m - i, ncol - i, v, tau[i], q + i * m + i, m);
        *v = keep;
    }
}

/* ---- Hermitian eigenproblem: tridiagonal reduction and implicit QL ---------- */

/* Q = H0 ... H(n-2) (n x n) from reflectors stored below a's subdiagonal,
** H(i) acting on rows i+1.. (tridiag's and hessenberg's) */
static void F(house_q)(int64_t n, T *a, const T *tau, T *q) {
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < n; i++) q[j * n + i] = i == j;
    for (int64_t i = n - 2; i >= 0; i--) {
        T *v = a + i * n + i + 1, keep = *v;
        *v = 1;
        F(larf)(n - i - 1, n - i - 1, v, tau[i], q + (i + 1) * n + i + 1, n);
        *v = keep;
    }
}

/* A (lower triangle) = Q T Q^H with T real tridiagonal: d[n], e[n] (e[i]
** couples i and i+1; e[n-1] = 0); with q, Q is formed there (n x n) */
static void F(tridiag)(int64_t n, T *a, double *d, double *e, T *q, T *w) {
    T *tau = w, *x = w + n;
    for (int64_t i = 0; i + 1 < n; i++) {
        T *v = a + i * n + i + 1, alpha = *v, *a22 = a + (i + 1) * n + i + 1;
        int64_t r = n - i - 1;
        F(larfg)(r, &alpha, v + 1, tau + i);
        e[i] = RE(alpha);
        if (tau[i] != 0) {
            *v = 1;
            for (int64_t t = 0; t < r; t++) x[t] = 0; /* x = tau A22 v (lower triangle) */
            for (int64_t j = 0; j < r; j++) {
                const T *c = a22 + j * n;
                T s = MUL(RE(c[j]), v[j]);
                for (int64_t t = j + 1; t < r; t++) x[t] += MUL(c[t], v[j]), s += MUL(CJ(c[t]), v[t]);
                x[j] += s;
            }
            F(scal)(r, tau[i], x);
            F(axpy)(r, RSCAL(-0.5, MUL(tau[i], F(dotc)(r, x, v))), v, x);
            for (int64_t j = 0; j < r; j++) { /* A22 -= v x^H + x v^H */
                T *c = a22 + j * n, vj = CJ(v[j]), xj = CJ(x[j]);
                for (int64_t t = j; t < r; t++) c[t] -= MUL(v[t], xj) + MUL(x[t], vj);
                c[j] = RE(c[j]);
            }
        }
        *v = e[i];
        d[i] = RE(a[i * n + i]);
    }
    if (n) d[n - 1] = RE(a[(n - 1) * n + n - 1]), e[n - 1] = 0;
    if (q) F(house_q)(n, a, tau, q);
}

/* columns i and i+1 of z (n rows) rotated: (c z_i - s z_{i+1}, s z_i + c z_{i+1}) */
static LEAF void F(rot)(int64_t n, T *zi, T *zj, double c, double s) {
    for (int64_t k = 0; k < n; k++) {
        T h = zj[k];
        zj[k] = RSCAL(s, zi[k]) + RSCAL(c, h);
        zi[k] = RSCAL(c, zi[k]) - RSCAL(s, h);
    }
}

/* the implicit QL algorithm with Wilkinson shifts on the tridiagonal (d, e),
** rotations accumulated into z (n x n) when given; eigenvalues ascending,
** z's columns with them.  false when an eigenvalue takes over 30 sweeps. */
static bool F(tql)(int64_t n, double *d, double *e, T *z) {
    double f = 0, tst1 = 0;
    for (int64_t l = 0; l < n; l++) {
        tst1 = fmax(tst1, fabs(d[l]) + fabs(e[l]));
        int64_t m = l;
        while (m < n - 1 && !(fabs(e[m]) <= DBL_EPSILON * tst1)) m++;
        for (int iter = 0; m > l && !(fabs(e[l]) <= DBL_EPSILON * tst1); iter++) {
            if (iter == 30 || isnan(tst1)) return false;
            double g = d[l], p = (d[l + 1] - g) / (2 * e[l]), r = copysign(hypot(p, 1), p);
            d[l] = e[l] / (p + r), d[l + 1] = e[l] * (p + r);
            double dl1 = d[l + 1], h = g - d[l];
            for (int64_t i = l + 2; i < n; i++) d[i] -= h;
            f += h;
            p = d[m];
            double c = 1, c2 = 1, c3 = 1, el1 = e[l + 1], s = 0, s2 = 0;
            for (int64_t i = m - 1; i >= l; i--) {
                c3 = c2, c2 = c, s2 = s;
                g = c * e[i], h = c * p, r = hypot(p, e[i]);
                e[i + 1] = s * r, s = e[i] / r, c = p / r;
                p = c * d[i] - s * g;
                d[i + 1] = h + s * (c * g + s * d[i]);
                if (z) F(rot)(n, z + i * n, z + (i + 1) * n, c, s);
            }
            p = -s * s2 * c3 * el1 * e[l] / dl1;
            e[l] = s * p, d[l] = c * p;
        }
        d[l] += f, e[l] = 0;
    }
    for (int64_t i = 0; i + 1 < n; i++) { /* selection sort: n swaps of vectors at most */
        int64_t k = i;
        for (int64_t j = i + 1; j < n; j++)
            if (d[j] < d[k]) k = j;
        if (k == i) continue;
        double t = d[i];
        d[i] = d[k], d[k] = t;
        if (z)
            for (int64_t r = 0; r < n; r++) {
                T u = z[i * n + r];
                z[i * n + r] = z[k * n + r], z[k * n + r] = u;
            }
    }
    return true;
}

/* ---- SVD (LINPACK's zsvdc): bidiagonalization, then implicit-shift QR ------- */

/* a (m x n, m >= n) = U B V^H with B upper bidiagonal (sc, ec, made real
** below); U's first ncu columns (ncu = n or m) and V (n x n) when asked */
static void F(bidiag)(int64_t m, int64_t n, T *a, T *sc, T *ec, T *work, T *u, int64_t ncu, T *v) {
    int64_t nct = m - 1 < n ? m - 1 : n, nrt = n - 2 > 0 ? n - 2 : 0, top = nct > nrt ? nct : nrt;
    for (int64_t k = 0; k < top; k++) {
        T *ak = a + k * m;
        if (k < nct) {
            double nr = F(nrm2)(m - k, ak + k);
            T sk = nr;
            if (nr != 0) {
                if (ak[k] != 0) sk = RSCAL(nr / ABS(ak[k]), ak[k]);
                F(scal)(m - k, DIV(1, sk), ak + k);
                ak[k] += 1;
            }
            sc[k] = -sk;
        }
        for (int64_t j = k + 1; j < n; j++) {
            if (k < nct && sc[k] != 0)
                F(axpy)(m - k, -DIV(F(dotc)(m - k, ak + k, a + j * m + k), ak[k]), ak + k, a + j * m + k);
            ec[j] = CJ(a[j * m + k]);
        }
        if (u && k < nct)
            for (int64_t i = k; i < m; i++) u[k * m + i] = ak[i];
        if (k >= nrt) continue;
        double nr = F(nrm2)(n - k - 1, ec + k + 1);
        T ek = nr;
        if (nr != 0) {
            if (ec[k + 1] != 0) ek = RSCAL(nr / ABS(ec[k + 1]), ec[k + 1]);
            F(scal)(n - k - 1, DIV(1, ek), ec + k + 1);
            ec[k + 1] += 1;
        }
        ec[k] = -CJ(ek);
        if (k + 1 < m && ec[k] != 0) {
            for (int64_t i = k + 1; i < m; i++) work[i] = 0;
            for (int64_t j = k + 1; j < n; j++) F(axpy)(m - k - 1, ec[j], a + j * m + k + 1, work + k + 1);
            for (int64_t j = k + 1; j < n; j++)
                F(axpy)(m - k - 1, CJ(DIV(-ec[j], ec[k + 1])), work + k + 1, a + j * m + k + 1);
        }
        if (v)
            for (int64_t i = k + 1; i < n; i++) v[k * n + i] = ec[i];
    }
    int64_t p = n < m + 1 ? n : m + 1;
    if (nct < n) sc[nct] = a[nct * m + nct];
    if (m < p) sc[p - 1] = 0;
    if (nrt + 1 < p) ec[nrt] = a[(p - 1) * m + nrt];
    if (p) ec[p - 1] = 0;
    if (u) {
        for (int64_t j = nct; j < ncu; j++)
            for (int64_t i = 0; i < m; i++) u[j * m + i] = i == j;
        for (int64_t l = nct - 1; l >= 0; l--) {
            T *ul = u + l * m;
            if (sc[l] != 0) {
                for (int64_t j = l + 1; j < ncu; j++)
                    F(axpy)(m - l, -DIV(F(dotc)(m - l, ul + l, u + j * m + l), ul[l]), ul + l, u + j * m + l);
                for (int64_t i = l; i < m; i++) ul[i] = -ul[i];
                ul[l] += 1;
                for (int64_t i = 0; i < l; i++) ul[i] = 0;
            } else
                for (int64_t i = 0; i < m; i++) ul[i] = i == l;
        }
    }
    if (v)
        for (int64_t l = n - 1; l >= 0; l--) {
            T *vl = v + l * n;
            if (l < nrt && ec[l] != 0)
                for (int64_t j = l + 1; j < n; j++) F(axpy)
            (n - l - 1, -DIV(F(dotc)(n - l - 1, vl + l + 1, v + j * n + l + 1), vl[l + 1]), vl + l + 1,
             v + j * n + l + 1);
            for (int64_t i = 0; i < n; i++) vl[i] = i == l;
        }
}

/* B's diagonal and superdiagonal made real and nonnegative by unit scalings
** of U's and V's columns: s, e (doubles) */
static void F(bidiag_real)(int64_t m, int64_t n, T *sc, T *ec, double *s, double *e, T *u, T *v) {
    int64_t p = n < m + 1 ? n : m + 1;
    for (int64_t i = 0; i < p; i++) {
        if (sc[i] != 0) {
            double t = ABS(sc[i]);
            T r = RSCAL(1 / t, sc[i]);
            sc[i] = t;
            if (i + 1 < p) ec[i] = DIV(ec[i], r);
            if (u) F(scal)(m, r, u + i * m);
        }
        s[i] = RE(sc[i]);
        if (i == p - 1) break;
        if (ec[i] != 0) {
            double t = ABS(ec[i]);
            T r = DIV(t, ec[i]);
            ec[i] = t;
            sc[i + 1] = MUL(sc[i + 1], r);
            if (v) F(scal)(n, r, v + (i + 1) * n);
        }
        e[i] = RE(ec[i]);
    }
    for (int64_t i = p; i < n; i++) s[i] = 0, e[i] = 0;
    if (p) e[p - 1] = 0;
}

/* one implicit-shift QR sweep over the unreduced block k..p-1 of (s, e) */
static void F(svd_sweep)(int64_t m, int64_t n, int64_t k, int64_t p, double *s, double *e, T *u, T *v) {
    double scale = fmax(fmax(fmax(fabs(s[p - 1]), fabs(s[p - 2])), fmax(fabs(e[p - 2]), fabs(s[k]))), fabs(e[k]));
    double sp = s[p - 1] / scale, spm1 = s[p - 2] / scale, epm1 = e[p - 2] / scale, sk = s[k] / scale,
           ek = e[k] / scale;
    double b = ((spm1 + sp) * (spm1 - sp) + epm1 * epm1) / 2, c = (sp * epm1) * (sp * epm1), shift = 0;
    if (b != 0 || c != 0) shift = c / (b + copysign(sqrt(b * b + c), b));
    double f = (sk + sp) * (sk - sp) + shift, g = sk * ek;
    for (int64_t j = k; j < p - 1; j++) {
        double t = hypot(f, g), cs = f / t, sn = g / t;
        if (j != k) e[j - 1] = t;
        f = cs * s[j] + sn * e[j], e[j] = cs * e[j] - sn * s[j];
        g = sn * s[j + 1], s[j + 1] = cs * s[j + 1];
        if (v) F(rot)(n, v + j * n, v + (j + 1) * n, cs, -sn);
        t = hypot(f, g), cs = f / t, sn = g / t, s[j] = t;
        f = cs * e[j] + sn * s[j + 1], s[j + 1] = -sn * e[j] + cs * s[j + 1];
        g = sn * e[j + 1], e[j + 1] = cs * e[j + 1];
        if (u && j < m - 1) F(rot)(m, u + j * m, u + (j + 1) * m, cs, -sn);
    }
    e[p - 2] = f;
}

/* the bidiagonal (s, e) diagonalized: singular values descending in s, the
** rotations applied to U (m x ncu) and V (n x n) when given; false when a
** value takes over 75 sweeps (NaN input never converges) */
static bool F(svd_qr)(int64_t m, int64_t n, double *s, double *e, T *u, T *v) {
    const double eps = DBL_EPSILON, tiny = 0x1p-966;
    int64_t p = n < m + 1 ? n : m + 1, top = p - 1, iter = 0;
    while (p > 0) {
        int64_t k, ks, kase;
        if (iter > 75) return false;
        for (k = p - 2; k >= 0; k--)
            if (fabs(e[k]) <= tiny + eps * (fabs(s[k]) + fabs(s[k + 1]))) {
                e[k] = 0;
                break;
            }
        if (k == p - 2)
            kase = 4;
        else {
            for (ks = p - 1; ks > k; ks--) {
                double t = (ks != p ? fabs(e[ks]) : 0) + (ks != k + 1 ? fabs(e[ks - 1]) : 0);
                if (fabs(s[ks]) <= tiny + eps * t) {
                    s[ks] = 0;
                    break;
                }
            }
            kase = ks == k ? 3 : ks == p - 1 ? 1 : 2;
            if (kase == 2) k = ks;
        }
        k++;
        if (kase == 1) { /* deflate a negligible s[p-1] */
            double f = e[p - 2];
            e[p - 2] = 0;
            for (int64_t j = p - 2; j >= k; j--) {
                double t = hypot(s[j], f), cs = s[j] / t, sn = f / t;
                s[j] = t;
                if (j != k) f = -sn * e[j - 1], e[j - 1] = cs * e[j - 1];
                if (v) F(rot)(n, v + j * n, v + (p - 1) * n, cs, -sn);
            }
        } else if (kase == 2) { /* split at a negligible s[k-1] */
            double f = e[k - 1];
            e[k - 1] = 0;
            for (int64_t j = k; j < p; j++) {
                double t = hypot(s[j], f), cs = s[j] / t, sn = f / t;
                s[j] = t, f = -sn * e[j], e[j] = cs * e[j];
                if (u) F(rot)(m, u + j * m, u + (k - 1) * m, cs, -sn);
            }
        } else if (kase == 3) {
            F(svd_sweep)(m, n, k, p, s, e, u, v);
            iter++;
        } else { /* converged: s[k] made nonnegative, then moved into order */
            if (s[k] <= 0) {
                s[k] = s[k] < 0 ? -s[k] : 0;
                if (v) F(scal)(n, -1, v + k * n);
            }
            for (; k < top && s[k] < s[k + 1]; k++) {
                double t = s[k];
                s[k] = s[k + 1], s[k + 1] = t;
                if (v) F(swap)(n, v + k * n, v + (k + 1) * n);
                if (u && k < m - 1) F(swap)(m, u + k * m, u + (k + 1) * m);
            }
            iter = 0, p--;
        }
    }
    return true;
}

/* ---- the table's entries (void * for T *) ---------------------------------- */

static void F(x_qr)(int64_t m, int64_t n, void *a, void *tau) { F(qr)(m, n, a, tau); }
static void F(x_qr_q)(int64_t m, int64_t k, const void *a, const void *tau, int64_t ncol, void *q) {
    F(qr_q)(m, k, a, tau, ncol, q);
}
static void F(x_tridiag)(int64_t n, void *a, double *d, double *e, void *q, void *w) { F(tridiag)(n, a, d, e, q, w); }
static bool F(x_tql)(int64_t n, double *d, double *e, void *z) { return F(tql)(n, d, e, z); }
static bool F(x_svd)(int64_t m, int64_t n, void *a, double *s, double *e, void *u, int64_t ncu, void *v, void *w) {
    T *sc = w, *ec = sc + n, *work = ec + n;
    F(bidiag)(m, n, a, sc, ec, work, u, ncu, v);
    F(bidiag_real)(m, n, sc, ec, s, e, u, v);
    return F(svd_qr)(m, n, s, e, u, v);
}

/* ---- general eigenproblem: balancing and Hessenberg reduction ---------------- */

/* EISPACK's balanc without permutations: D^-1 A D with D's powers of two
** (scale) evening out row and column norms, for the accuracy of badly
** scaled matrices; exact, so the eigenvalues are A's */
static void F(balance)(int64_t n, T *a, double *scale) {
    for (int64_t i = 0; i < n; i++) scale[i] = 1;
    for (int sweep = 0, noconv = 1; noconv && sweep < 200; sweep++) {
        noconv = 0;
        for (int64_t i = 0; i < n; i++) {
            double c = 0, r = 0;
            for (int64_t j = 0; j < n; j++)
                if (j != i) c += ABS1(a[i * n + j]), r += ABS1(a[j * n + i]);
            if (c == 0 || r == 0) continue;
            double g = r / 2, f = 1, sum = c + r;
            while (c < g && f < 0x1p500) f *= 2, c *= 4;
            g = r * 2;
            while (c >= g && f > 0x1p-500) f /= 2, c /= 4;
            if ((c + r) / f >= 0.95 * sum) continue;
            scale[i] *= f, noconv = 1;
            for (int64_t j = 0; j < n; j++) a[j * n + i] = RSCAL(1 / f, a[j * n + i]);
            for (int64_t j = 0; j < n; j++) a[i * n + j] = RSCAL(f, a[i * n + j]);
        }
    }
}

/* A = Q H Q^H with H upper Hessenberg (below its subdiagonal zeroed) and Q
** (n x n) in q; tau: n scratch, w: n scratch */
static void F(hessenberg)(int64_t n, T *a, T *q, T *tau, T *w) {
    for (int64_t k = 0; k + 2 < n; k++) {
        T *v = a + k * n + k + 1, beta;
        int64_t r = n - k - 1;
        F(larfg)(r, v, v + 1, tau + k);
        beta = *v, *v = 1;
        F(larf)(r, r, v, CJ(tau[k]), a + (k + 1) * n + k + 1, n); /* H^H A */
        if (tau[k] != 0) {                                        /* A H */
            for (int64_t i = 0; i < n; i++) w[i] = 0;
            for (int64_t j = 0; j < r; j++) F(axpy)(n, v[j], a + (k + 1 + j) * n, w);
            for (int64_t j = 0; j < r; j++) F(axpy)(n, -MUL(tau[k], CJ(v[j])), w, a + (k + 1 + j) * n);
        }
        *v = beta;
    }
    if (n > 1) tau[n - 2] = 0;
    F(house_q)(n, a, tau, q);
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = j + 2; i < n; i++) a[j * n + i] = 0;
}

/* eigenvalues w and (vr given) right eigenvectors: balance, reduce, then the
** Schur step of the type (eig.c), back-transform, unit 2-norm */
static bool F(x_eig)(int64_t n, void *av, double _Complex *w, double _Complex *vr, void *scratch) {
    T *a = av, *q = scratch, *tau = q + n * n, *tw = tau + n;
    double *scale = (double *)(tw + n);
    F(balance)(n, a, scale);
    F(hessenberg)(n, a, q, tau, tw);
    if (!SCHUR(n, a, vr ? q : NULL, w, vr, (void *)(scale + n))) return false;
    if (vr) wt_eig_finish(n, scale, vr);
    return true;
}
