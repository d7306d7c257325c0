/* eig.c — the Schur steps of the general eigenproblem, after decomp_t.h's
** balancing and Hessenberg reduction: for real matrices EISPACK's hqr2
** (Francis double-shift QR in real arithmetic, so real eigenvalues come out
** exactly real and complex ones in exactly conjugate pairs, as LAPACK's
** dgeev gives them), with its back-substitution for the vectors; for complex
** ones the single-shift complex QR algorithm with Wilkinson shifts (LAPACK's
** zlahqr without its refinements) and back-substitution on the triangular
** Schur form (ztrevc's).  Column-major, n x n. */
#include "decomp.h"
#include <complex.h>
#include <float.h>
#include <math.h>

#define EPS DBL_EPSILON

/* a complex quotient from real and imaginary parts (hqr2 works in reals) */
static wt_zt z_div(double ar, double ai, double br, double bi) {
    return wt_zdiv(__builtin_complex(ar, ai), __builtin_complex(br, bi));
}
/* x_eig's q, tau, w and scale (16 n^2 + 40 n bytes at most), then the Schur
** step's: hqr2's d, e, padded H and a sweep's reflectors (8 n^2 + 72 n) */
size_t wt_eig_scratch(int64_t n) { return (size_t)(24 * n * n + 128 * n + 64); }

/* unit 2-norm columns, each turned so its largest component is real and
** positive (conjugate pairs stay conjugate), after undoing the balancing */
void wt_eig_finish(int64_t n, const double *scale, wt_zt *vr) {
    for (int64_t j = 0; j < n; j++) {
        wt_zt *v = vr + j * n;
        double ss = 0, big = -1;
        int64_t at = 0;
        for (int64_t i = 0; i < n; i++) {
            v[i] = __builtin_complex(creal(v[i]) * scale[i], cimag(v[i]) * scale[i]);
            double m = creal(v[i]) * creal(v[i]) + cimag(v[i]) * cimag(v[i]);
            ss += m;
            if (m > big) big = m, at = i;
        }
        if (!(ss > 0)) continue;
        double nr = sqrt(ss), mb = sqrt(big), pr = creal(v[at]) / mb / nr, pi = -cimag(v[at]) / mb / nr;
        for (int64_t i = 0; i < n; i++)
            v[i] = __builtin_complex(creal(v[i]) * pr - cimag(v[i]) * pi, creal(v[i]) * pi + cimag(v[i]) * pr);
        v[at] = creal(v[at]);
    }
}

/* ---- real: hqr2 ---------------------------------------------------------- */

typedef struct hqr {
    int64_t n, ld; /* H's leading dimension: n + 1 for n a multiple of 8 */
    double *h, *z; /* H (in place) and the accumulated transformations (NULL: none) */
    double *d, *e; /* eigenvalues' real and imaginary parts */
    double norm, exshift;
    double *cf; /* a sweep's reflectors, 6 numbers each (step k at cf + 6 (k - m)) */
} hqr;
#define H(i, j) s->h[(j)*s->ld + (i)]
#define Z(i, j) s->z[(j)*s->n + (i)]

/* the 2 x 2 block ending at row r deflated: a complex pair, or two real
** eigenvalues split off by a rotation of H's rows and columns and Z's */
static void hqr_pair(hqr *s, int64_t r) {
    int64_t n = s->n;
    double w = H(r, r - 1) * H(r - 1, r), p = (H(r - 1, r - 1) - H(r, r)) / 2, q = p * p + w, zz = sqrt(fabs(q));
    H(r, r) += s->exshift, H(r - 1, r - 1) += s->exshift;
    double x = H(r, r);
    if (q < 0) { /* a complex pair */
        s->d[r - 1] = s->d[r] = x + p, s->e[r - 1] = zz, s->e[r] = -zz;
        return;
    }
    zz = p >= 0 ? p + zz : p - zz;
    s->d[r - 1] = s->d[r] = x + zz;
    if (zz != 0) s->d[r] = x - w / zz;
    s->e[r - 1] = s->e[r] = 0;
    if (!s->z) return; /* the rotation only matters to the vectors */
    x = H(r, r - 1);
    double sc = fabs(x) + fabs(zz), pp = x / sc, qq = zz / sc, rr = sqrt(pp * pp + qq * qq);
    pp /= rr, qq /= rr;
    for (int64_t j = r - 1; j < n; j++) {
        double t = H(r - 1, j);
        H(r - 1, j) = qq * t + pp * H(r, j), H(r, j) = qq * H(r, j) - pp * t;
    }
    for (int64_t i = 0; i <= r; i++) {
        double t = H(i, r - 1);
        H(i, r - 1) = qq * t + pp * H(i, r), H(i, r) = qq * H(i, r) - pp * t;
    }
    if (s->z)
        for (int64_t i = 0; i < n; i++) {
            double t = Z(i, r - 1);
            Z(i, r - 1) = qq * t + pp * Z(i, r), Z(i, r) = qq * Z(i, r) - pp * t;
        }
}

/* the reflector (1, v1, v2) on three columns of length len (c2 NULL: two),
** the form hqr2 applies from the right: p = x c0 + y c1 + z c2, then
** c0 -= p, c1 -= p q, c2 -= p r.  Separate columns, so it vectorizes. */
static void reflect_cols(int64_t len, double *restrict c0, double *restrict c1, double *restrict c2, double x, double y,
                         double z, double q, double r) {
    if (c2)
        for (int64_t i = 0; i < len; i++) {
            double p = x * c0[i] + y * c1[i] + z * c2[i];
            c0[i] -= p, c1[i] -= p * q, c2[i] -= p * r;
        }
    else
        for (int64_t i = 0; i < len; i++) {
            double p = x * c0[i] + y * c1[i];
            c0[i] -= p, c1[i] -= p * q;
        }
}

/* the sweep's row reflections m..r-1 applied to the columns right of the
** active block (r < c < jend), which nothing else in the sweep reads:
** eight columns at a time, each down its own rows (reflector j: rows
** j..j+2), the eight chains independent so they pipeline */
static void hqr_far_rows(hqr *s, int64_t m, int64_t r, int64_t jend) {
    for (int64_t c0 = r + 1; c0 < jend; c0 += 8) {
        int64_t c1 = c0 + 8 < jend ? c0 + 8 : jend;
        for (int64_t j = m; j < r; j++) {
            const double *f = s->cf + 6 * (j - m); /* q, rr, x, y, zz, notlast (NaN: none) */
            if (f[5] != f[5]) continue;
            for (int64_t c = c0; c < c1; c++) {
                double *h = &H(j, c), t = h[0] + f[0] * h[1];
                if (f[5] != 0) t += f[1] * h[2], h[2] -= t * f[4];
                h[0] -= t * f[2], h[1] -= t * f[3];
            }
        }
    }
}

/* one Francis double-shift step on rows l..r from row m, its first column
** (p, q, rr).  The row updates of the columns right of the active block are
** gathered and applied at the end (hqr_far_rows: the same operations in
** the same order per element, down columns instead of across them).
** Without vectors only the active block is transformed (LAPACK's wantt =
** false: the eigenvalues need no more). */
static void hqr_step(hqr *s, int64_t l, int64_t m, int64_t r, double p, double q, double rr) {
    int64_t n = s->n, jend = s->z ? n : r + 1, i0 = s->z ? 0 : l;
    double x = 0, y;
    for (int64_t i = m + 2; i <= r; i++) {
        H(i, i - 2) = 0;
        if (i > m + 2) H(i, i - 3) = 0;
    }
    for (int64_t k = m; k <= r - 1; k++) {
        bool notlast = k != r - 1;
        double *f = s->cf + 6 * (k - m);
        f[5] = NAN;
        if (k != m) {
            p = H(k, k - 1), q = H(k + 1, k - 1), rr = notlast ? H(k + 2, k - 1) : 0;
            x = fabs(p) + fabs(q) + fabs(rr);
            if (x == 0) continue;
            p /= x, q /= x, rr /= x;
        }
        double sg = copysign(sqrt(p * p + q * q + rr * rr), p);
        if (sg == 0) continue;
        if (k != m)
            H(k, k - 1) = -sg * x;
        else if (l != m)
            H(k, k - 1) = -H(k, k - 1);
        p += sg, x = p / sg, y = q / sg;
        double zz = rr / sg;
        q /= p, rr /= p;
        f[0] = q, f[1] = rr, f[2] = x, f[3] = y, f[4] = zz, f[5] = notlast;
        for (int64_t j = k; j <= r; j++) { /* rows k..k+2: adjacent in each column */
            double *h = &H(k, j), t = h[0] + q * h[1];
            if (notlast) t += rr * h[2], h[2] -= t * zz;
            h[0] -= t * x, h[1] -= t * y;
        }
        int64_t top = (r < k + 3 ? r : k + 3) + 1;
        reflect_cols(top - i0, &H(i0, k), &H(i0, k + 1), notlast ? &H(i0, k + 2) : NULL, x, y, zz, q, rr);
        if (s->z) reflect_cols(n, &Z(0, k), &Z(0, k + 1), notlast ? &Z(0, k + 2) : NULL, x, y, zz, q, rr);
    }
    hqr_far_rows(s, m, r, jend);
}

/* the shifted step at the active block l..r: the exceptional shifts at 10 and
** 30 iterations, then the two small consecutive subdiagonals */
static void hqr_iterate(hqr *s, int64_t l, int64_t r, int iter) {
    double x = H(r, r), y = 0, w = 0;
    if (l < r) y = H(r - 1, r - 1), w = H(r, r - 1) * H(r - 1, r);
    if (iter == 10) {
        s->exshift += x;
        for (int64_t i = 0; i <= r; i++) H(i, i) -= x;
        double sc = fabs(H(r, r - 1)) + fabs(H(r - 1, r - 2));
        x = y = 0.75 * sc, w = -0.4375 * sc * sc;
    }
    if (iter == 30) {
        double sc = (y - x) / 2;
        sc = sc * sc + w;
        if (sc > 0) {
            sc = sqrt(sc);
            if (y < x) sc = -sc;
            sc = x - w / ((y - x) / 2 + sc);
            for (int64_t i = 0; i <= r; i++) H(i, i) -= sc;
            s->exshift += sc, x = y = w = 0.964;
        }
    }
    int64_t m = r - 2;
    double p, q, rr;
    for (;; m--) {
        double zz = H(m, m), a = x - zz, b = y - zz;
        p = (a * b - w) / H(m + 1, m) + H(m, m + 1), q = H(m + 1, m + 1) - zz - a - b, rr = H(m + 2, m + 1);
        double sc = fabs(p) + fabs(q) + fabs(rr);
        p /= sc, q /= sc, rr /= sc;
        if (m == l) break;
        if (fabs(H(m, m - 1)) * (fabs(q) + fabs(rr)) <
            EPS * (fabs(p) * (fabs(H(m - 1, m - 1)) + fabs(zz) + fabs(H(m + 1, m + 1)))))
            break;
    }
    hqr_step(s, l, m, r, p, q, rr);
}

/* the real Schur form's eigenvalues (d, e); false after 30 n iterations in all */
static bool hqr_values(hqr *s) {
    int64_t n = s->n, r = n - 1, total = 0;
    s->norm = 0;
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = i > 0 ? i - 1 : 0; j < n; j++) s->norm += fabs(H(i, j));
    for (int iter = 0; r >= 0;) {
        int64_t l = r;
        for (; l > 0; l--) {
            double sc = fabs(H(l - 1, l - 1)) + fabs(H(l, l));
            if (sc == 0) sc = s->norm;
            if (fabs(H(l, l - 1)) < EPS * sc) break;
        }
        if (l == r) {
            H(r, r) += s->exshift, s->d[r] = H(r, r), s->e[r] = 0, r--, iter = 0;
        } else if (l == r - 1) {
            hqr_pair(s, r);
            r -= 2, iter = 0;
        } else {
            if (++total > 30 * n) return false;
            hqr_iterate(s, l, r, iter++);
        }
    }
    return true;
}

/* H's column k (the real eigenvalue p) made the eigenvector of the triangle */
static void hqr_real_vector(hqr *s, int64_t k, double p) {
    int64_t l = k;
    double zz = 0, sv = 0;
    H(k, k) = 1;
    for (int64_t i = k - 1; i >= 0; i--) {
        double w = H(i, i) - p, r = 0;
        for (int64_t j = l; j <= k; j++) r += H(i, j) * H(j, k);
        if (s->e[i] < 0) {
            zz = w, sv = r;
            continue;
        }
        l = i;
        if (s->e[i] == 0)
            H(i, k) = w != 0 ? -r / w : -r / (EPS * s->norm);
        else { /* a 2x2 block: real equations */
            double x = H(i, i + 1), y = H(i + 1, i), q = (s->d[i] - p) * (s->d[i] - p) + s->e[i] * s->e[i];
            double t = (x * sv - zz * r) / q;
            H(i, k) = t;
            H(i + 1, k) = fabs(x) > fabs(zz) ? (-r - w * t) / x : (-sv - y * t) / zz;
        }
        double t = fabs(H(i, k));
        if (EPS * t * t > 1)
            for (int64_t j = i; j <= k; j++) H(j, k) /= t;
    }
}

/* H's columns k-1 and k (the eigenvalue p + i q, q < 0) made the real and
** imaginary parts of the eigenvector of the triangle */
static void hqr_complex_vector(hqr *s, int64_t k, double p, double q) {
    int64_t l = k - 1;
    double zz = 0, r = 0, sv = 0;
    wt_zt c = fabs(H(k, k - 1)) > fabs(H(k - 1, k)) ? __builtin_complex(q / H(k, k - 1), -(H(k, k) - p) / H(k, k - 1))
                                                    : z_div(0, -H(k - 1, k), H(k - 1, k - 1) - p, q);
    H(k - 1, k - 1) = creal(c), H(k - 1, k) = cimag(c), H(k, k - 1) = 0, H(k, k) = 1;
    for (int64_t i = k - 2; i >= 0; i--) {
        double ra = 0, sa = 0, w = H(i, i) - p;
        for (int64_t j = l; j <= k; j++) ra += H(i, j) * H(j, k - 1), sa += H(i, j) * H(j, k);
        if (s->e[i] < 0) {
            zz = w, r = ra, sv = sa;
            continue;
        }
        l = i;
        if (s->e[i] == 0) {
            c = z_div(-ra, -sa, w, q);
            H(i, k - 1) = creal(c), H(i, k) = cimag(c);
        } else { /* a 2x2 block: complex equations */
            double x = H(i, i + 1), y = H(i + 1, i), dp = s->d[i] - p;
            double vr = dp * dp + s->e[i] * s->e[i] - q * q, vi = dp * 2 * q;
            if (vr == 0 && vi == 0) vr = EPS * s->norm * (fabs(w) + fabs(q) + fabs(x) + fabs(y) + fabs(zz));
            c = z_div(x * r - zz * ra + q * sa, x * sv - zz * sa - q * ra, vr, vi);
            H(i, k - 1) = creal(c), H(i, k) = cimag(c);
            if (fabs(x) > fabs(zz) + fabs(q)) {
                H(i + 1, k - 1) = (-ra - w * H(i, k - 1) + q * H(i, k)) / x;
                H(i + 1, k) = (-sa - w * H(i, k) - q * H(i, k - 1)) / x;
            } else {
                c = z_div(-r - y * H(i, k - 1), -sv - y * H(i, k), zz, q);
                H(i + 1, k - 1) = creal(c), H(i + 1, k) = cimag(c);
            }
        }
        double t = fmax(fabs(H(i, k - 1)), fabs(H(i, k)));
        if (EPS * t * t > 1)
            for (int64_t j = i; j <= k; j++) H(j, k - 1) /= t, H(j, k) /= t;
    }
}

/* Z := Z U with U the triangle's eigenvectors (H's upper triangle), with U
** and the product in w (2 n^2 doubles): on the GEMM beyond LU_NB (by loops
** if it cannot have its buffers) */
static void hqr_back(hqr *s, double *w) {
    int64_t n = s->n;
    double *u = w + n * n;
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < n; i++) u[j * n + i] = i <= j ? H(i, j) : 0, w[j * n + i] = 0;
    /* small matrices run in the threads' parts, where nothing may allocate: by loops */
    if (n <= LU_NB || wt_decomp_gemm(WT_FLOAT64, n, n, n, s->z, 1, n, u, 1, n, w, n))
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = 0; i < n; i++) {
                double acc = 0;
                for (int64_t k = 0; k <= j; k++) acc += Z(i, k) * u[j * n + k];
                w[j * n + i] = acc;
            }
    for (int64_t i = 0; i < n * n; i++) s->z[i] = w[i];
}

/* real Hessenberg h (n x n) with its transformations z (NULL: values only):
** eigenvalues w, eigenvectors vr (complex; pairs as v +- i u) */
bool wt_eig_hqr2(int64_t n, double *h, double *z, wt_zt *w, wt_zt *vr, void *scratch) {
    /* H copied with a leading dimension off the power of two: the row
    ** updates walk across columns, and at n = 512 (4 KiB columns) every one
    ** of them would land in the same few cache sets */
    int64_t ld = n % 8 ? n : n + 1;
    double *d = scratch, *hp = d + 2 * n, *cf = hp + ld * n;
    hqr st = {n, ld, hp, z, d, d + n, 0, 0, cf}, *s = &st;
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < n; i++) H(i, j) = h[j * n + i];
    if (!hqr_values(s)) return false;
    for (int64_t i = 0; i < n; i++) w[i] = __builtin_complex(s->d[i], s->e[i]);
    if (!z) return true;
    for (int64_t k = n - 1; k >= 0 && s->norm != 0; k--) {
        if (s->e[k] == 0)
            hqr_real_vector(s, k, s->d[k]);
        else if (s->e[k] < 0)
            hqr_complex_vector(s, k, s->d[k], s->e[k]);
    }
    hqr_back(s, (double *)vr);
    for (int64_t j = 0; j < n; j++) /* a real vector, or a pair's as v +- i u */
        if (s->e[j] > 0 && j + 1 < n) {
            for (int64_t i = 0; i < n; i++) {
                vr[j * n + i] = __builtin_complex(Z(i, j), Z(i, j + 1));
                vr[(j + 1) * n + i] = __builtin_complex(Z(i, j), -Z(i, j + 1));
            }
            j++;
        } else
            for (int64_t i = 0; i < n; i++) vr[j * n + i] = Z(i, j);
    return true;
}
#undef H
#undef Z

/* ---- complex: single-shift QR ------------------------------------------- */

static inline double abs1(wt_zt a) { return fabs(creal(a)) + fabs(cimag(a)); }
static inline wt_zt zsqrt(wt_zt a) { /* principal root without csqrt's library call in every build */
    double r = hypot(creal(a), cimag(a)), x = sqrt((r + fabs(creal(a))) / 2);
    if (x == 0) return 0;
    double y = cimag(a) / (2 * x);
    return creal(a) >= 0 ? __builtin_complex(x, y) : __builtin_complex(fabs(y), copysign(x, cimag(a)));
}

/* rows k, k+1 (columns c0..n-1), then columns k, k+1 (rows 0..r1) of h and
** of z (all rows) by the rotation taking (f, g) to (r, 0) */
static void zqr_rotate(int64_t n, wt_zt *h, wt_zt *z, int64_t k, int64_t c0, int64_t r1, wt_zt f, wt_zt g) {
    double af = hypot(creal(f), cimag(f)), ag = hypot(creal(g), cimag(g)), nr = hypot(af, ag), c;
    wt_zt sn;
    if (nr == 0) return;
    if (af == 0)
        c = 0, sn = __builtin_complex(creal(g) / ag, -cimag(g) / ag);
    else {
        wt_zt ph = __builtin_complex(creal(f) / af, cimag(f) / af);
        c = af / nr, sn = wt_zmul(ph, wt_zconj(g));
        sn = __builtin_complex(creal(sn) / nr, cimag(sn) / nr);
    }
    wt_zt sc = wt_zconj(sn);
    for (int64_t j = c0; j < n; j++) {
        wt_zt a = h[j * n + k], b = h[j * n + k + 1];
        h[j * n + k] = c * a + wt_zmul(sn, b), h[j * n + k + 1] = c * b - wt_zmul(sc, a);
    }
    for (int64_t i = 0; i <= r1; i++) {
        wt_zt a = h[k * n + i], b = h[(k + 1) * n + i];
        h[k * n + i] = c * a + wt_zmul(b, sc), h[(k + 1) * n + i] = c * b - wt_zmul(a, sn);
    }
    if (z)
        for (int64_t i = 0; i < n; i++) {
            wt_zt a = z[k * n + i], b = z[(k + 1) * n + i];
            z[k * n + i] = c * a + wt_zmul(b, sc), z[(k + 1) * n + i] = c * b - wt_zmul(a, sn);
        }
}

/* the Wilkinson shift of the trailing 2 x 2 block (the eigenvalue nearer its
** last element), an exceptional one every tenth iteration */
static wt_zt zqr_shift(int64_t n, const wt_zt *h, int64_t r, int iter) {
    wt_zt d = h[r * n + r];
    if (iter % 10 == 9) return d + 0.75 * abs1(h[(r - 1) * n + r]);
    wt_zt a = h[(r - 1) * n + r - 1], b = h[r * n + r - 1], c = h[(r - 1) * n + r];
    wt_zt hm = (a - d) * 0.5, disc = zsqrt(wt_zmul(hm, hm) + wt_zmul(b, c));
    wt_zt m1 = d + hm + disc, m2 = d + hm - disc;
    return abs1(m1 - d) <= abs1(m2 - d) ? m1 : m2;
}

/* complex Hessenberg h to upper triangular T = Z^H A Z (z NULL: values only) */
static bool zqr_values(int64_t n, wt_zt *h, wt_zt *z) {
    int64_t r = n - 1, total = 0;
    for (int iter = 0; r > 0;) {
        int64_t l = r;
        for (; l > 0; l--) {
            double sc = abs1(h[(l - 1) * n + l - 1]) + abs1(h[l * n + l]);
            if (abs1(h[(l - 1) * n + l]) <= EPS * sc || h[(l - 1) * n + l] == 0) {
                h[(l - 1) * n + l] = 0;
                break;
            }
        }
        if (l == r) {
            r--, iter = 0;
            continue;
        }
        if (++total > 30 * n) return false;
        wt_zt mu = zqr_shift(n, h, r, iter++), f = h[l * n + l] - mu, g = h[l * n + l + 1];
        for (int64_t k = l; k < r; k++) {
            if (k > l) f = h[(k - 1) * n + k], g = h[(k - 1) * n + k + 1];
            zqr_rotate(n, h, z, k, k > l ? k - 1 : l, k + 2 < r ? k + 2 : r, f, g);
            if (k > l) h[(k - 1) * n + k + 1] = 0;
        }
    }
    return true;
}

/* eigenvectors of the upper triangular t by back-substitution, near-equal
** eigenvalues perturbed to eps |T| (ztrevc's smin), growth rescaled; then
** multiplied by z into vr */
static void zqr_vectors(int64_t n, const wt_zt *t, const wt_zt *z, wt_zt *vr, wt_zt *x) {
    double norm = 0;
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i <= j; i++) norm += abs1(t[j * n + i]);
    double smin = fmax(EPS * norm, DBL_MIN);
    for (int64_t k = n - 1; k >= 0; k--) {
        wt_zt lam = t[k * n + k];
        for (int64_t i = 0; i < n; i++) x[i] = i == k;
        for (int64_t i = k - 1; i >= 0; i--) {
            wt_zt acc = 0;
            for (int64_t j = i + 1; j <= k; j++) acc += wt_zmul(t[j * n + i], x[j]);
            wt_zt den = t[i * n + i] - lam;
            if (abs1(den) < smin) den = smin;
            x[i] = -wt_zdiv(acc, den);
            if (abs1(x[i]) > 0x1p600)
                for (int64_t j = i; j <= k; j++)
                    x[j] = __builtin_complex(creal(x[j]) * 0x1p-600, cimag(x[j]) * 0x1p-600);
        }
        for (int64_t i = 0; i < n; i++) {
            wt_zt acc = 0;
            for (int64_t j = 0; j <= k; j++) acc += wt_zmul(z[j * n + i], x[j]);
            vr[k * n + i] = acc;
        }
    }
}

bool wt_eig_zqr(int64_t n, wt_zt *h, wt_zt *z, wt_zt *w, wt_zt *vr, void *scratch) {
    if (!zqr_values(n, h, z)) return false;
    for (int64_t i = 0; i < n; i++) w[i] = h[i * n + i];
    if (z) zqr_vectors(n, h, z, vr, scratch);
    return true;
}
