/* distributions.c — NumPy's algorithms for each distribution, draw for draw,
** so the values and the number of words each one consumes are NumPy's: the
** ziggurats of Marsaglia and Tsang (tables from scripts/gen-ziggurat.py),
** Marsaglia-Tsang gamma, Johnk's beta, Hoermann's PTRS Poisson, BTPE and
** inversion binomials, Lemire's and masked bounded integers, and
** RandomState's polar Gaussian.  libm's exp/log/pow are the correctly
** rounded ones NumPy's platforms use (glibc, musl). */
#include "random.h"
#include "ziggurat.h"
#include <math.h>
#include <string.h>

/* ---- normal and exponential: the ziggurats ---------------------------------------------------- */
wt_dist_zig_tables wt_dist_zig;
#define ki_double (wt_dist_zig.ki_double)
#define ke_double (wt_dist_zig.ke_double)
#define ki_float (wt_dist_zig.ki_float)
#define ke_float (wt_dist_zig.ke_float)
#define wi_float (wt_dist_zig.wi_float)
#define we_float (wt_dist_zig.we_float)
#define fi_float (wt_dist_zig.fi_float)
#define fe_float (wt_dist_zig.fe_float)

static float zig_ulps(float v, int n) {
    int32_t b;
    memcpy(&b, &v, 4);
    b += n;
    memcpy(&v, &b, 4);
    return v;
}

/* One ziggurat's tables from its float64 widths w and densities f, by the
** rules of scripts/gen-ziggurat.py (exactly rounded operations only, so
** every platform makes the same values) plus the stored residuals: NumPy's
** bits (test_random.c holds them to NumPy's), 9 KB smaller than storing them. */
static void zig_derive(const double *w, const double *f, uint64_t k0, int bits, const int8_t res[4][256], uint64_t *k,
                       uint32_t *kf, float *wf, float *ff) {
    const double scale = (double)(1ull << bits), fscale = (double)(1u << (bits - 23));
    k[0] = k0, k[1] = 0;
    for (int n = 2; n < 256; n++) k[n] = (uint64_t)(w[n - 1] / w[n] * scale) + (uint64_t)(int64_t)res[0][n];
    for (int n = 0; n < 256; n++) {
        kf[n] = (uint32_t)(k[n] >> (bits - 23)) + (uint32_t)res[1][n];
        wf[n] = zig_ulps((float)(w[n] * fscale), res[2][n]);
        ff[n] = zig_ulps((float)f[n], res[3][n]);
    }
}

/* at start-up (_initialize in a wasm reactor), before any generator exists */
__attribute__((constructor)) static void zig_init(void) {
    zig_derive(wi_double, fi_double, WT_ZIG_KI0, 52, zig_res_i, ki_double, ki_float, wi_float, fi_float);
    zig_derive(we_double, fe_double, WT_ZIG_KE0, 53, zig_res_e, ke_double, ke_float, we_float, fe_float);
}

double wt_dist_normal(wt_rng *g) {
    for (;;) {
        uint64_t r = wt_rng_next64(g);
        int idx = (int)(r & 0xff);
        r >>= 8;
        uint64_t rabs = (r >> 1) & 0x000fffffffffffffull, bits;
        double x = (double)(int64_t)rabs * wi_double[idx];
        memcpy(&bits, &x, 8); /* the sign without a branch: a coin flip mispredicts half the time */
        bits ^= (r & 1) << 63;
        memcpy(&x, &bits, 8);
        if (rabs < ki_double[idx]) return x;
        if (idx == 0) { /* the tail, beyond r */
            for (;;) {
                double xx = -WT_ZIG_NOR_INV_R * log1p(-wt_rng_double(g));
                double yy = -log1p(-wt_rng_double(g));
                if (yy + yy > xx * xx) return ((rabs >> 8) & 1) ? -(WT_ZIG_NOR_R + xx) : WT_ZIG_NOR_R + xx;
            }
        }
        if ((fi_double[idx - 1] - fi_double[idx]) * wt_rng_double(g) + fi_double[idx] < exp(-0.5 * x * x)) return x;
    }
}

float wt_dist_normal_f(wt_rng *g) {
    for (;;) {
        uint32_t r = wt_rng_next32(g);
        int idx = (int)(r & 0xff);
        uint32_t rabs = (r >> 9) & 0x7fffff, bits;
        float x = (float)(int32_t)rabs * wi_float[idx];
        memcpy(&bits, &x, 4);
        bits ^= ((r >> 8) & 1) << 31;
        memcpy(&x, &bits, 4);
        if (rabs < ki_float[idx]) return x;
        if (idx == 0) {
            for (;;) {
                float xx = -WT_ZIG_NOR_INV_R_F * log1pf(-wt_rng_float(g));
                float yy = -log1pf(-wt_rng_float(g));
                if (yy + yy > xx * xx) return ((rabs >> 8) & 1) ? -(WT_ZIG_NOR_R_F + xx) : WT_ZIG_NOR_R_F + xx;
            }
        }
        if ((fi_float[idx - 1] - fi_float[idx]) * wt_rng_float(g) + fi_float[idx] < exp(-0.5 * (double)x * (double)x))
            return x;
    }
}

double wt_dist_exponential(wt_rng *g) {
    for (;;) {
        uint64_t ri = wt_rng_next64(g) >> 3;
        int idx = (int)(ri & 0xff);
        ri >>= 8;
        double x = (double)(int64_t)ri * we_double[idx];
        if (ri < ke_double[idx]) return x;
        if (idx == 0) return WT_ZIG_EXP_R - log1p(-wt_rng_double(g));
        if ((fe_double[idx - 1] - fe_double[idx]) * wt_rng_double(g) + fe_double[idx] < exp(-x)) return x;
    }
}

float wt_dist_exponential_f(wt_rng *g) {
    for (;;) {
        uint32_t ri = wt_rng_next32(g) >> 1;
        int idx = (int)(ri & 0xff);
        ri >>= 8;
        float x = (float)(int32_t)ri * we_float[idx];
        if (ri < ke_float[idx]) return x;
        if (idx == 0) return WT_ZIG_EXP_R_F - log1pf(-wt_rng_float(g));
        if ((fe_float[idx - 1] - fe_float[idx]) * wt_rng_float(g) + fe_float[idx] < expf(-x)) return x;
    }
}

/* ---- gamma and what is built on it ------------------------------------------------------------- */
double wt_dist_gamma(wt_rng *g, double shape) {
    if (shape == 1.0) return wt_dist_exponential(g);
    if (shape == 0.0) return 0.0;
    if (shape < 1.0) {
        for (;;) {
            double u = wt_rng_double(g), v = wt_dist_exponential(g);
            if (u <= 1.0 - shape) {
                double x = pow(u, 1. / shape);
                if (x <= v) return x;
            } else {
                double y = -log((1 - u) / shape), x = pow(1.0 - shape + shape * y, 1. / shape);
                if (x <= v + y) return x;
            }
        }
    }
    double b = shape - 1. / 3., c = 1. / sqrt(9 * b);
    for (;;) {
        double x, v;
        do {
            x = wt_dist_normal(g);
            v = 1.0 + c * x;
        } while (v <= 0.0);
        v = v * v * v;
        double u = wt_rng_double(g);
        if (u < 1.0 - 0.0331 * (x * x) * (x * x)) return b * v;
        if (log(u) < 0.5 * x * x + b * (1. - v + log(v))) return b * v;
    }
}

float wt_dist_gamma_f(wt_rng *g, float shape) {
    if (shape == 1.0f) return wt_dist_exponential_f(g);
    if (shape == 0.0f) return 0.0f;
    if (shape < 1.0f) {
        for (;;) {
            float u = wt_rng_float(g), v = wt_dist_exponential_f(g);
            if (u <= 1.0f - shape) {
                float x = powf(u, 1.0f / shape);
                if (x <= v) return x;
            } else {
                float y = -logf((1.0f - u) / shape), x = powf(1.0f - shape + shape * y, 1.0f / shape);
                if (x <= v + y) return x;
            }
        }
    }
    float b = shape - 1.0f / 3.0f, c = 1.0f / sqrtf(9.0f * b);
    for (;;) {
        float x, v;
        do {
            x = wt_dist_normal_f(g);
            v = 1.0f + c * x;
        } while (v <= 0.0f);
        v = v * v * v;
        float u = wt_rng_float(g);
        if (u < 1.0f - 0.0331f * (x * x) * (x * x)) return b * v;
        if (logf(u) < 0.5f * x * x + b * (1.0f - v + logf(v))) return b * v;
    }
}

double wt_dist_beta(wt_rng *g, double a, double b) {
    if (a > 1.0 || b > 1.0) {
        double ga = wt_dist_gamma(g, a), gb = wt_dist_gamma(g, b);
        return ga / (ga + gb);
    }
    for (;;) { /* Johnk's algorithm */
        double u = wt_rng_double(g), v = wt_rng_double(g), x = pow(u, 1.0 / a), y = pow(v, 1.0 / b), s = x + y;
        if (s <= 1.0 && s > 0.0) {
            if (x + y > 0) return x / s;
            double lx = log(u) / a, ly = log(v) / b, lm = lx > ly ? lx : ly;
            lx -= lm, ly -= lm;
            return exp(lx - log(exp(lx) + exp(ly)));
        }
    }
}

/* ---- the inversions ---------------------------------------------------------------------------- */
double wt_dist_laplace(wt_rng *g, double loc, double scale) {
    for (;;) {
        double u = wt_rng_double(g);
        if (u >= 0.5) return loc - scale * log(2.0 - u - u);
        if (u > 0.0) return loc + scale * log(u + u);
    }
}

double wt_dist_gumbel(wt_rng *g, double loc, double scale) {
    for (;;) {
        double u = 1.0 - wt_rng_double(g);
        if (u < 1.0) return loc - scale * log(-log(u));
    }
}

double wt_dist_logistic(wt_rng *g, double loc, double scale) {
    for (;;) {
        double u = wt_rng_double(g);
        if (u > 0.0) return loc + scale * log(u / (1.0 - u));
    }
}

double wt_dist_triangular(wt_rng *g, double left, double mode, double right) {
    double base = right - left, leftbase = mode - left, ratio = leftbase / base;
    double leftprod = leftbase * base, rightprod = (right - mode) * base, u = wt_rng_double(g);
    return u <= ratio ? left + sqrt(u * leftprod) : right - sqrt((1.0 - u) * rightprod);
}

/* ---- Poisson (multiplication below 10, PTRS above) --------------------------------------------- */
/* SPECFUN's log-gamma (Zhang and Jin), which PTRS's acceptance test uses */
static double loggam(double x) {
    static const double a[10] = {8.333333333333333e-02,  -2.777777777777778e-03, 7.936507936507937e-04,
                                 -5.952380952380952e-04, 8.417508417508418e-04,  -1.917526917526918e-03,
                                 6.410256410256410e-03,  -2.955065359477124e-02, 1.796443723688307e-01,
                                 -1.39243221690590e+00};
    if (x == 1.0 || x == 2.0) return 0.0;
    int64_t n = x <= 7.0 ? (int64_t)(7 - x) : 0;
    double x0 = x + (double)n, x2 = 1.0 / (x0 * x0), gl0 = a[9];
    for (int k = 8; k >= 0; k--) gl0 = gl0 * x2 + a[k];
    double gl = gl0 / x0 + 0.5 * log(2 * M_PI) + (x0 - 0.5) * log(x0) - x0;
    for (int64_t k = 1; k <= n; k++) gl -= log(x0 - 1.0), x0 -= 1.0;
    return gl;
}

int64_t wt_dist_poisson(wt_rng *g, double lam) {
    if (lam >= 10) {
        double slam = sqrt(lam), loglam = log(lam), b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
        double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
        for (;;) {
            double u = wt_rng_double(g) - 0.5, v = wt_rng_double(g), us = 0.5 - fabs(u);
            int64_t k = (int64_t)floor((2 * a / us + b) * u + lam + 0.43);
            if (us >= 0.07 && v <= vr) return k;
            if (k < 0 || (us < 0.013 && v > us)) continue;
            if (log(v) + log(invalpha) - log(a / (us * us) + b) <= -lam + (double)k * loglam - loggam((double)k + 1))
                return k;
        }
    }
    if (lam == 0) return 0;
    double enlam = exp(-lam), prod = 1.0;
    for (int64_t x = 0;; x++) {
        prod *= wt_rng_double(g);
        if (!(prod > enlam)) return x;
    }
}

/* ---- binomial: inversion for n p <= 30, BTPE (Kachitvichyanukul and Schmeiser) above ------------- */
static int64_t binomial_inversion(wt_rng *g, int64_t n, double p) {
    double q = 1.0 - p, qn = exp((double)n * log(q)), np = (double)n * p;
    double b = np + 10.0 * sqrt(np * q + 1);
    int64_t bound = (double)n < b ? n : (int64_t)b;
    int64_t x = 0;
    double px = qn, u = wt_rng_double(g);
    while (u > px) {
        if (++x > bound) {
            x = 0, px = qn, u = wt_rng_double(g);
        } else {
            u -= px;
            px = ((double)(n - x + 1) * p * px) / ((double)x * q);
        }
    }
    return x;
}

static double stirling(double v) { /* the correction terms of BTPE's final test */
    double v2 = v * v;
    return (13680. - (462. - (132. - (99. - 140. / v2) / v2) / v2) / v2) / v / 166320.;
}

/* p <= 0.5 here (wt_dist_binomial passes 1 - p and flips the count otherwise) */
static int64_t binomial_btpe(wt_rng *g, int64_t n, double p) {
    double r = p < 1.0 - p ? p : 1.0 - p, q = 1.0 - r, fm = (double)n * r + r;
    int64_t m = (int64_t)floor(fm);
    double p1 = floor(2.195 * sqrt((double)n * r * q) - 4.6 * q) + 0.5, xm = (double)m + 0.5;
    double xl = xm - p1, xr = xm + p1, c = 0.134 + 20.5 / (15.3 + (double)m);
    double a = (fm - xl) / (fm - xl * r), laml = a * (1.0 + a / 2.0);
    a = (xr - fm) / (xr * q);
    double lamr = a * (1.0 + a / 2.0), p2 = p1 * (1.0 + 2.0 * c), p3 = p2 + c / laml, p4 = p3 + c / lamr;
    double nrq = (double)n * r * q;
    for (;;) {
        double u = wt_rng_double(g) * p4, v = wt_rng_double(g);
        int64_t y;
        if (u <= p1) return (int64_t)floor(xm - p1 * v + u); /* the triangle: accepted at once */
        if (u <= p2) {                                       /* the parallelograms */
            double x = xl + (u - p1) / c;
            v = v * c + 1.0 - fabs((double)m - x + 0.5) / p1;
            if (v > 1.0) continue;
            y = (int64_t)floor(x);
        } else if (u <= p3) { /* the left tail */
            y = (int64_t)floor(xl + log(v) / laml);
            if (y < 0 || v == 0.0) continue;
            v = v * (u - p2) * laml;
        } else { /* the right tail */
            y = (int64_t)floor(xr - log(v) / lamr);
            if (y > n || v == 0.0) continue;
            v = v * (u - p3) * lamr;
        }
        int64_t k = y > m ? y - m : m - y;
        if (k <= 20 || (double)k >= nrq / 2.0 - 1) { /* explicit evaluation of f(y) / f(m) */
            double s = r / q, aa = s * (double)(n + 1), f = 1.0;
            if (m < y)
                for (int64_t i = m + 1; i <= y; i++) f *= aa / (double)i - s;
            else if (m > y)
                for (int64_t i = y + 1; i <= m; i++) f /= aa / (double)i - s;
            if (v > f) continue;
            return y;
        }
        double kk = (double)k;
        double rho = (kk / nrq) * ((kk * (kk / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
        double t = -kk * kk / (2 * nrq), A = log(v);
        if (A < t - rho) return y;
        if (A > t + rho) continue;
        double x1 = (double)y + 1, f1 = (double)m + 1, z = (double)(n + 1 - m), w = (double)(n - y + 1);
        if (A > xm * log(f1 / x1) + ((double)(n - m) + 0.5) * log(z / w) + (double)(y - m) * log(w * r / (x1 * q)) +
                    stirling(f1) + stirling(z) + stirling(x1) + stirling(w))
            continue;
        return y;
    }
}

int64_t wt_dist_binomial(wt_rng *g, int64_t n, double p) {
    if (n == 0 || p == 0.0) return 0;
    if (p <= 0.5) return p * (double)n <= 30.0 ? binomial_inversion(g, n, p) : binomial_btpe(g, n, p);
    double q = 1.0 - p;
    return n - (q * (double)n <= 30.0 ? binomial_inversion(g, n, q) : binomial_btpe(g, n, q));
}

/* ---- geometric and logarithmic series ---------------------------------------------------------- */
int64_t wt_dist_geometric(wt_rng *g, double p) {
    if (p >= 0.333333333333333333333333) { /* search */
        double u = wt_rng_double(g), sum = p, prod = p, q = 1.0 - p;
        int64_t x = 1;
        while (u > sum) prod *= q, sum += prod, x++;
        return x;
    }
    double z = ceil(-wt_dist_exponential(g) / log1p(-p)); /* inversion; beyond int64 clamped */
    return z >= 9.223372036854776e+18 ? INT64_MAX : (int64_t)z;
}

int64_t wt_dist_logseries(wt_rng *g, double p) {
    double r = log(1.0 - p);
    for (;;) {
        double v = wt_rng_double(g);
        if (v >= p) return 1;
        double u = wt_rng_double(g), q = 1.0 - exp(r * u);
        if (v <= q * q) {
            int64_t x = (int64_t)floor(1 + log(v) / log(q));
            if (x < 1 || v == 0.0) continue;
            return x;
        }
        return v >= q ? 1 : 2;
    }
}

/* The inverse Gaussian (Michael, Schucany and Haas): the smaller root of a quadratic in a squared
** normal, in the form without cancellation NumPy 2 uses (mean (1 - 2 / (1 + sqrt(1 + 4 scale / y)))),
** then a uniform picks it or mean^2 over it */
double wt_dist_wald(wt_rng *g, double mean, double scale) {
    double y = wt_dist_normal(g);
    y = mean * y * y;
    double x = mean * (1 - 2 / (1 + sqrt(1 + 4 * scale / y)));
    return wt_rng_double(g) <= mean / (mean + x) ? x : mean * mean / x;
}

/* df > 1: a chi-square of df - 1 plus a normal shifted by sqrt(nonc), squared; else a chi-square of
** df plus twice a Poisson draw of nonc / 2 (NumPy's two ways) */
double wt_dist_noncentral_chisquare(wt_rng *g, double df, double nonc) {
    if (nonc != nonc) return nonc;
    if (nonc == 0) return 2.0 * wt_dist_gamma(g, df / 2.0);
    if (1 < df) {
        double chi2 = 2.0 * wt_dist_gamma(g, (df - 1) / 2.0), n = wt_dist_normal(g) + sqrt(nonc);
        return chi2 + n * n;
    }
    int64_t i = wt_dist_poisson(g, nonc / 2.0);
    return 2.0 * wt_dist_gamma(g, (df + 2 * (double)i) / 2.0);
}

/* Devroye's rejection for the Zeta distribution: floor(U^(-1/(a-1))) with U above the value that
** would pass int64, accepted by the ratio test; from a = 1025 on, every draw is 1 */
int64_t wt_dist_zipf(wt_rng *g, double a) {
    if (a >= 1025) return 1;
    double am1 = a - 1.0, b = pow(2.0, am1), umin = pow(9223372036854775807.0, -am1);
    for (;;) {
        double u01 = wt_rng_double(g), u = u01 * umin + (1 - u01), v = wt_rng_double(g);
        double x = floor(pow(u, -1.0 / am1));
        if (x > 9223372036854775807.0 || x < 1.0) continue;
        double t = pow(1.0 + 1.0 / x, am1);
        if (v * x * (t - 1.0) / (b - 1.0) <= t / b) return (int64_t)x;
    }
}

/* ---- RandomState's polar Gaussian, a pair per two uniforms, the second kept -------------------- */
double wt_dist_legacy_gauss(wt_rng *g) {
    if (g->has_gauss) {
        double t = g->gauss;
        g->has_gauss = 0, g->gauss = 0.0;
        return t;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * wt_rng_double(g) - 1.0;
        x2 = 2.0 * wt_rng_double(g) - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = sqrt(-2.0 * log(r2) / r2);
    g->gauss = f * x1, g->has_gauss = 1;
    return f * x2;
}

/* ---- bounded integers -------------------------------------------------------------------------- */
/* Lemire's multiply-and-reject at a width of w bits (8, 16, 32) from draw() */
#define LEMIRE(name, T, W, draw)                                             \
    static T name(wt_rng *g, T rng, wt_dist_buf *b) {                        \
        const T excl = (T)(rng + 1);                                         \
        uint64_t m = (uint64_t)draw * excl;                                  \
        T left = (T)m;                                                       \
        if (left < excl) {                                                   \
            const T threshold = (T)(((uint64_t)(T) ~(T)0 - rng) % excl);     \
            while (left < threshold) m = (uint64_t)draw * excl, left = (T)m; \
        }                                                                    \
        (void)b;                                                             \
        return (T)(m >> W);                                                  \
    }

static uint32_t buffered(wt_rng *g, wt_dist_buf *b, int bits) {
    if (!b->count) {
        b->word = wt_rng_next32(g);
        b->count = 32 / bits - 1;
    } else {
        b->word >>= bits;
        b->count--;
    }
    return b->word;
}

LEMIRE(lemire32, uint32_t, 32, wt_rng_next32(g))
LEMIRE(lemire16, uint16_t, 16, (uint16_t)buffered(g, b, 16))
LEMIRE(lemire8, uint8_t, 8, (uint8_t)buffered(g, b, 8))

static uint64_t lemire64(wt_rng *g, uint64_t rng) {
    const uint64_t excl = rng + 1;
    uint64_t hi, left = wt_rng_mul64(wt_rng_next64(g), excl, &hi);
    if (left < excl) {
        const uint64_t threshold = (UINT64_MAX - rng) % excl;
        while (left < threshold) left = wt_rng_mul64(wt_rng_next64(g), excl, &hi);
    }
    return hi;
}

uint64_t wt_dist_bounded(wt_rng *g, uint64_t off, uint64_t rng, int bits, int masked, wt_dist_buf *b) {
    if (rng == 0) return off;
    uint64_t mask = wt_dist_mask(rng), v;
    switch (bits) {
    case 1: /* bool: one bit of a buffered 32-bit draw */
        if (!b->count)
            b->word = wt_rng_next32(g), b->count = 31;
        else
            b->word >>= 1, b->count--;
        return b->word & 1;
    case 8:
        if (rng == 0xff) return (uint8_t)(off + (uint8_t)buffered(g, b, 8));
        if (!masked) return (uint8_t)(off + lemire8(g, (uint8_t)rng, b));
        while ((v = (buffered(g, b, 8) & mask)) > rng) {}
        return (uint8_t)(off + v);
    case 16:
        if (rng == 0xffff) return (uint16_t)(off + (uint16_t)buffered(g, b, 16));
        if (!masked) return (uint16_t)(off + lemire16(g, (uint16_t)rng, b));
        while ((v = (buffered(g, b, 16) & mask)) > rng) {}
        return (uint16_t)(off + v);
    case 32:
        if (rng == 0xffffffffu) return (uint32_t)(off + wt_rng_next32(g));
        if (!masked) return (uint32_t)(off + lemire32(g, (uint32_t)rng, b));
        while ((v = (wt_rng_next32(g) & mask)) > rng) {}
        return (uint32_t)(off + v);
    default:
        if (rng <= 0xffffffffu) {                                  /* a 32-bit range: 32-bit draws, as NumPy's */
            if (rng == 0xffffffffu) return off + wt_rng_next32(g); /* the whole word (Lemire's rng + 1 is 2^32) */
            if (!masked) return off + lemire32(g, (uint32_t)rng, b);
            while ((v = (wt_rng_next32(g) & mask)) > rng) {}
            return off + v;
        }
        if (rng == UINT64_MAX) return off + wt_rng_next64(g);
        if (!masked) return off + lemire64(g, rng);
        while ((v = (wt_rng_next64(g) & mask)) > rng) {}
        return off + v;
    }
}
