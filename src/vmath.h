/* vmath.h — float32 exp, expm1, log, log1p, sin, cos, tan, tanh, sigmoid, their
** inverses and the hyperbolic sine and cosine (asin, acos, atan, asinh, acosh, atanh, sinh, cosh)
** on the SIMD vocabulary, four lanes at a time, the same bits on every ISA.
**
** Range reduction and polynomials follow Cephes' single-precision library
** (exp: n = round(x log2 e), r = x - n ln2 in two parts, degree-6 polynomial;
** log: mantissa in [sqrt(1/2), sqrt(2)), degree-9 polynomial; sin/cos:
** Cody-Waite reduction by pi/4 in three parts).  Scaling by 2^n is done in two
** halves so subnormal and overflowing results round once, correctly.
** Measured error bounds (tests/c/test_vmath.c checks them against float64
** libm over millions of arguments) are listed in docs/ARCHITECTURE.md. */
#ifndef WT_VMATH_H
#define WT_VMATH_H

#include "simd.h"
#include <math.h>

#define VS(x) wt_vf32_splat(x)

/* exp's constants, splatted once per kernel call.  LLVM rematerialises
** v128.const splats inside loops, and V8 builds each one from scalars every
** time; values read once through a volatile pointer stay in registers (the
** dense exp loop runs ~30% faster). */
typedef struct {
    wt_vf32_t lo, hi, log2e, magic, c1, c2, p[6], one, nlo, nmagic; /* nlo, nmagic: wt_vmath_exp_nonpositive's */
} wt_vmath_k;
static inline void wt_vmath_k_init(wt_vmath_k *k) {
    static const float v[15] = {-105.0f,
                                89.0f,
                                1.44269504088896341f,
                                0x1.8p23f,
                                0.693359375f,
                                -2.12194440e-4f,
                                1.9875691500E-4f,
                                1.3981999507E-3f,
                                8.3334519073E-3f,
                                4.1665795894E-2f,
                                1.6666665459E-1f,
                                5.0000001201E-1f,
                                1.0f,
                                -87.3365402f,
                                0x1.8p23f + 127.0f};
    const volatile float *src = v;
    wt_vf32_t *dst = &k->lo;
    for (int i = 0; i < 15; i++) dst[i] = wt_vf32_splat(src[i]);
}

/* p(r) = c[0] r^(n-1) + ... + c[n-1] (n <= 16), Estrin: pairs of terms
** in r, then pairs of those in r^2, r^4, ..., so the dependency chain is
** log n multiply-adds long instead of Horner's n (a step is latency-bound) */
static inline wt_vf32_t wt_vmath_poly(wt_vf32_t r, const float *c, int n) {
    if (n < 6) { /* short enough for Horner's fewer multiplies */
        wt_vf32_t p = VS(c[0]);
        for (int i = 1; i < n; i++) p = wt_vf32_add(wt_vf32_mul(p, r), VS(c[i]));
        return p;
    }
    wt_vf32_t t[16], z = r;
    int m = 0;
    for (int j = n - 1; j >= 0; j -= 2) t[m++] = j ? wt_vf32_add(wt_vf32_mul(VS(c[j - 1]), r), VS(c[j])) : VS(c[0]);
    while (m > 1) {
        z = wt_vf32_mul(z, z);
        int k = 0;
        for (int j = 0; j < m; j += 2) t[k++] = j + 1 < m ? wt_vf32_add(wt_vf32_mul(t[j + 1], z), t[j]) : t[j];
        m = k;
    }
    return t[0];
}

/* 2^n for integer lanes n in [-126, 127]: the exponent field */
static inline wt_vf32_t wt_vmath_pow2(wt_vi32_t n) {
    return wt_vi32_as_f32(wt_vi32_shl(wt_vi32_add(n, wt_vi32_splat(127)), 23));
}

/* 2^n = s1 s2 for n in [-252, 254], each half a normal float */
static inline void wt_vmath_pow2_halves(wt_vi32_t n, wt_vf32_t *s1, wt_vf32_t *s2) {
    wt_vi32_t n1 = wt_vi32_sra(n, 1);
    *s1 = wt_vmath_pow2(n1), *s2 = wt_vmath_pow2(wt_vi32_sub(n, n1));
}

/* x * 2^n for integer lanes n in [-151, 128] (nf: n as floats).  One exact
** multiply when every lane's 2^n is a normal float; otherwise two halves, so
** subnormal and overflowing results round once. */
static inline wt_vf32_t wt_vmath_ldexp(wt_vf32_t x, wt_vi32_t n, wt_vf32_t nf) {
    wt_mf32_t odd = wt_mf32_or(wt_vf32_gt(nf, VS(127.0f)), wt_vf32_lt(nf, VS(-126.0f)));
    if (!wt_mf32_any(odd)) return wt_vf32_mul(x, wt_vmath_pow2(n));
    wt_vf32_t s1, s2;
    wt_vmath_pow2_halves(n, &s1, &s2);
    return wt_vf32_mul(wt_vf32_mul(x, s1), s2);
}

/* round to nearest integer (|x| < 2^22): the value and its integer lanes */
static inline wt_vf32_t wt_vmath_round(wt_vf32_t x, wt_vi32_t *ni) {
    const wt_vf32_t magic = VS(0x1.8p23f);
    wt_vf32_t t = wt_vf32_add(x, magic);
    *ni = wt_vi32_sub(wt_vf32_bits(t), wt_vf32_bits(magic));
    return wt_vf32_sub(t, magic);
}

/* e^r for |r| <= ln2/2 (exp's and exp2's): 1 + r + r^2 p(r) with p of
** degree 5 in Estrin's order (as wt_vmath_poly: exp 10% faster, its error
** 0.96 -> 0.97 ulp) */
static inline wt_vf32_t wt_vmath_exp_poly(wt_vf32_t r, const wt_vmath_k *k) {
    wt_vf32_t z = wt_vf32_mul(r, r);
    wt_vf32_t a = wt_vf32_add(wt_vf32_mul(k->p[0], r), k->p[1]), b = wt_vf32_add(wt_vf32_mul(k->p[2], r), k->p[3]);
    wt_vf32_t c = wt_vf32_add(wt_vf32_mul(k->p[4], r), k->p[5]);
    wt_vf32_t p = wt_vf32_add(wt_vf32_mul(wt_vf32_add(wt_vf32_mul(a, z), b), z), c);
    return wt_vf32_add(wt_vf32_add(wt_vf32_mul(p, z), r), k->one);
}
/* e^x / 2^n for n = round(x log2 e) (as floats): r = x - n ln2 in two parts */
static inline wt_vf32_t wt_vmath_exp_reduced(wt_vf32_t x, wt_vf32_t n, const wt_vmath_k *k) {
    return wt_vmath_exp_poly(wt_vf32_sub(wt_vf32_sub(x, wt_vf32_mul(n, k->c1)), wt_vf32_mul(n, k->c2)), k);
}

/* e^x 2^shift for x clamped to [k->lo, hi]: 2^shift scales in the same single
** rounding, so e^x / 2 is exact to the last bit where e^x itself overflows */
static inline wt_vf32_t wt_vmath_exp_shift(wt_vf32_t x, wt_vf32_t hi, int shift, const wt_vmath_k *k) {
    wt_vf32_t xc = wt_vf32_pmin(wt_vf32_pmax(x, k->lo), hi);        /* NaN stays NaN */
    wt_vf32_t t = wt_vf32_add(wt_vf32_mul(xc, k->log2e), k->magic); /* round(x log2 e) in the low bits */
    wt_vi32_t ni = wt_vi32_sub(wt_vf32_bits(t), wt_vf32_bits(k->magic));
    wt_vf32_t n = wt_vf32_sub(t, k->magic);
    wt_vf32_t p = wt_vmath_exp_reduced(xc, n, k);
    if (shift) ni = wt_vi32_add(ni, wt_vi32_splat(shift)), n = wt_vf32_add(n, VS((float)shift));
    return wt_vmath_ldexp(p, ni, n);
}

static inline wt_vf32_t wt_vf32_exp(wt_vf32_t x, const wt_vmath_k *k) { return wt_vmath_exp_shift(x, k->hi, 0, k); }

/* e^d for d <= 0 (or NaN): exp's reduction and polynomial (its bits where e^d
** is a normal float) without the clamps d <= 0 never needs.  Below e^-87.3
** (2^-126) it flushes to 0, so 2^n is one normal float, made from the
** rounding's own bits (k->nmagic is biased by 127), and one multiply scales.
** (The lanes flushed need no clamp: what they compute is masked away.) */
static inline wt_vf32_t wt_vmath_exp_nonpositive(wt_vf32_t d, const wt_vmath_k *k) {
    wt_vf32_t t = wt_vf32_add(wt_vf32_mul(d, k->log2e), k->nmagic); /* n + 127 in the low bits */
    wt_vf32_t n = wt_vf32_sub(t, k->nmagic);
    wt_vf32_t scale = wt_vi32_as_f32(wt_vi32_shl(wt_vf32_bits(t), 23)); /* 2^n: the exponent field n + 127 */
    wt_vf32_t p = wt_vmath_exp_reduced(d, n, k);
    wt_vf32_t flushed = wt_vi32_as_f32(wt_mf32_bits(wt_vf32_lt(d, k->nlo)));
    return wt_vf32_andnot(flushed, wt_vf32_mul(p, scale));
}

static inline wt_vf32_t wt_vf32_expm1(wt_vf32_t x, const wt_vmath_k *k) {
    /* near 0, e^x - 1 = x + x^2 (1/2 + x/6 + ...): no cancellation */
    static const float c[] = {1.0f / 40320, 1.0f / 5040, 1.0f / 720, 1.0f / 120, 1.0f / 24, 1.0f / 6, 0.5f};
    wt_vf32_t small = wt_vf32_add(x, wt_vf32_mul(wt_vf32_mul(x, x), wt_vmath_poly(x, c, 7)));
    wt_vf32_t big = wt_vf32_sub(wt_vf32_exp(x, k), VS(1.0f));
    return wt_vf32_select(wt_vf32_lt(wt_vf32_abs(x), VS(0.5f)), small, big);
}

/* log(x) = fe ln2 + log(m), m in [sqrt(1/2), sqrt(2)): returns log(m) and fe
** (special values are the callers') */
static inline wt_vf32_t wt_vmath_log_core(wt_vf32_t x, wt_vf32_t *fe_out) {
    static const float c[] = {7.0376836292E-2f,  -1.1514610310E-1f, 1.1676998740E-1f,
                              -1.2420140846E-1f, 1.4249322787E-1f,  -1.6668057665E-1f,
                              2.0000714765E-1f,  -2.4999993993E-1f, 3.3333331174E-1f};
    /* subnormals: scale into the normal range first */
    wt_mf32_t tiny = wt_vf32_lt(x, VS(0x1p-126f));
    wt_vf32_t xs = wt_vf32_select(tiny, wt_vf32_mul(x, VS(0x1p23f)), x);
    wt_vi32_t bits = wt_vf32_bits(xs);
    wt_vi32_t e = wt_vi32_sub(wt_vi32_srl(bits, 23), wt_vi32_splat(126));
    e = wt_vi32_sub(e, wt_vi32_and(wt_mf32_bits(tiny), wt_vi32_splat(23)));
    wt_vf32_t m = wt_vi32_as_f32(wt_vi32_or(wt_vi32_and(bits, wt_vi32_splat(0x007fffff)), wt_vi32_splat(0x3f000000)));
    wt_mf32_t lo = wt_vf32_lt(m, VS(0.707106781186547524f)); /* mantissa in [sqrt(1/2), sqrt(2)) */
    wt_vf32_t fe = wt_vf32_from_vi32(e);
    fe = wt_vf32_select(lo, wt_vf32_sub(fe, VS(1.0f)), fe);
    wt_vf32_t f = wt_vf32_sub(wt_vf32_select(lo, wt_vf32_add(m, m), m), VS(1.0f));
    wt_vf32_t z = wt_vf32_mul(f, f);
    wt_vf32_t y = wt_vf32_mul(wt_vf32_mul(wt_vmath_poly(f, c, 9), f), z);
    *fe_out = fe;
    return wt_vf32_add(f, wt_vf32_sub(y, wt_vf32_mul(z, VS(0.5f))));
}

/* log(+inf) = +inf, log(0) = -inf, log(x < 0) = NaN, NaN stays (log2 and
** log10 too); lanes all in (0, inf), the common case, skip the four selects
** (a chain of dependent steps at the end of every vector) */
static inline wt_vf32_t wt_vmath_log_specials(wt_vf32_t x, wt_vf32_t r) {
    if (wt_mf32_all(wt_vf32_gt(x, VS(0.0f))) && wt_mf32_all(wt_vf32_lt(x, VS(INFINITY)))) return r;
    r = wt_vf32_select(wt_vf32_eq(x, VS(INFINITY)), x, r);
    r = wt_vf32_select(wt_vf32_eq(x, VS(0.0f)), VS(-INFINITY), r);
    r = wt_vf32_select(wt_vf32_lt(x, VS(0.0f)), VS(NAN), r);
    return wt_vf32_select(wt_vf32_isnan(x), x, r);
}

/* ln2 and log10(2) split so that fe times the high part is exact */
static inline wt_vf32_t wt_vf32_log(wt_vf32_t x, const wt_vmath_k *k) {
    (void)k;
    wt_vf32_t fe, lm = wt_vmath_log_core(x, &fe);
    wt_vf32_t r = wt_vf32_add(wt_vf32_add(lm, wt_vf32_mul(fe, VS(-2.12194440e-4f))), wt_vf32_mul(fe, VS(0.693359375f)));
    return wt_vmath_log_specials(x, r);
}
/* log2 is fe + log(m) log2(e): exact at powers of two */
static inline wt_vf32_t wt_vf32_log2(wt_vf32_t x, const wt_vmath_k *k) {
    (void)k;
    wt_vf32_t fe, lm = wt_vmath_log_core(x, &fe);
    return wt_vmath_log_specials(x, wt_vf32_add(fe, wt_vf32_mul(lm, VS(1.44269504088896341f))));
}
static inline wt_vf32_t wt_vf32_log10(wt_vf32_t x, const wt_vmath_k *k) {
    (void)k;
    wt_vf32_t fe, lm = wt_vmath_log_core(x, &fe);
    wt_vf32_t r =
        wt_vf32_add(wt_vf32_mul(lm, VS(0.434294481903251828f)), wt_vf32_mul(fe, VS(2.48745663981195213739e-4f)));
    return wt_vmath_log_specials(x, wt_vf32_add(r, wt_vf32_mul(fe, VS(0.30078125f))));
}

static inline wt_vf32_t wt_vf32_log1p(wt_vf32_t x, const wt_vmath_k *k) {
    /* log(u) * x / (u - 1) with u = 1 + x cancels the rounding of u */
    wt_vf32_t u = wt_vf32_add(x, VS(1.0f)), d = wt_vf32_sub(u, VS(1.0f));
    wt_vf32_t r = wt_vf32_mul(wt_vf32_log(u, k), wt_vf32_div(x, d));
    r = wt_vf32_select(wt_vf32_eq(d, VS(0.0f)), x, r);
    return wt_vf32_select(wt_vf32_eq(x, VS(INFINITY)), x, r);
}
/* log1p(w) where big is false, log(y) + log 2 where it is true, through one
** log (asinh's and acosh's two branches; the bits of log1p's and log's) */
static inline wt_vf32_t wt_vmath_log1p_or_log(wt_vf32_t w, wt_vf32_t y, wt_mf32_t big, const wt_vmath_k *k) {
    wt_vf32_t u = wt_vf32_add(w, VS(1.0f)), d = wt_vf32_sub(u, VS(1.0f));
    wt_vf32_t l = wt_vf32_log(wt_vf32_select(big, y, u), k);
    wt_vf32_t r = wt_vf32_select(wt_vf32_eq(d, VS(0.0f)), w, wt_vf32_mul(l, wt_vf32_div(w, d)));
    r = wt_vf32_select(wt_vf32_eq(w, VS(INFINITY)), w, r);
    return wt_vf32_select(big, wt_vf32_add(l, VS(0.693147180559945f)), r);
}

/* sin/cos/tan share the reduction: q = round(|x| 2/pi) in float (exact
** integers), r = |x| - q pi/2 in float64 lanes with pi/2 split as fdlibm's
** pio2_1 (33 bits, so q * P1 is exact for q < 2^20) + pio2_1t */
#define WT_TRIG_LIMIT 65536.0f
static inline wt_vf64_t wt_vmath_reduce2(wt_vf64_t ax, wt_vf64_t q) {
    wt_vf64_t r = wt_vf64_sub(ax, wt_vf64_mul(q, wt_vf64_splat(1.57079632673412561417e+00)));
    return wt_vf64_sub(r, wt_vf64_mul(q, wt_vf64_splat(6.07710050650619224932e-11)));
}

/* r = |x| - q pi/2, r in about [-pi/4, pi/4], and the integer q */
static inline wt_vf32_t wt_vmath_reduce(wt_vf32_t x, wt_vi32_t *q) {
    /* lanes beyond the limit are recomputed by libm; keep their q small */
    wt_vf32_t ax = wt_vf32_pmin(wt_vf32_abs(x), VS(WT_TRIG_LIMIT));
    wt_vf32_t qf = wt_vmath_round(wt_vf32_mul(ax, VS(0.636619772367581343f)), q);
    wt_vf64_t lo = wt_vmath_reduce2(wt_vf64_from_vf32_lo(ax), wt_vf64_from_vf32_lo(qf));
    wt_vf64_t hi = wt_vmath_reduce2(wt_vf64_from_vf32_hi(ax), wt_vf64_from_vf32_hi(qf));
    return wt_vf32_from_vf64x2(lo, hi);
}

static inline wt_vf32_t wt_vmath_sinpoly(wt_vf32_t r) {
    static const float cs[] = {-1.9515295891E-4f, 8.3321608736E-3f, -1.6666654611E-1f};
    wt_vf32_t z = wt_vf32_mul(r, r);
    return wt_vf32_add(wt_vf32_mul(wt_vf32_mul(wt_vmath_poly(z, cs, 3), z), r), r);
}

static inline wt_vf32_t wt_vmath_cospoly(wt_vf32_t r) {
    static const float cc[] = {2.443315711809948E-5f, -1.388731625493765E-3f, 4.166664568298827E-2f};
    wt_vf32_t z = wt_vf32_mul(r, r);
    return wt_vf32_add(wt_vf32_sub(wt_vf32_mul(wt_vf32_mul(wt_vmath_poly(z, cc, 3), z), z), wt_vf32_mul(z, VS(0.5f))),
                       VS(1.0f));
}

static inline wt_mf32_t wt_vmath_odd(wt_vi32_t q) {
    return wt_vi32_eq(wt_vi32_and(q, wt_vi32_splat(1)), wt_vi32_splat(1));
}

/* lanes outside the reduction's range (and inf/NaN) go to libm, lane by lane */
static inline wt_vf32_t wt_vmath_wide(wt_vf32_t x, wt_vf32_t r, float (*f)(float)) {
    wt_mf32_t wide = wt_vf32_gt(wt_vf32_abs(x), VS(WT_TRIG_LIMIT));
    wide = wt_mf32_or(wide, wt_vf32_isnan(x));
    if (!wt_mf32_any(wide)) return r;
    float xv[4], rv[4];
    wt_vf32_store(xv, x);
    wt_vf32_store(rv, r);
    for (int i = 0; i < 4; i++)
        if (!(fabsf(xv[i]) <= WT_TRIG_LIMIT)) rv[i] = f(xv[i]);
    return wt_vf32_load(rv);
}

static inline wt_vf32_t wt_vmath_flip(wt_vf32_t v, wt_vi32_t bit1) {
    /* negate lanes whose bit 1 is set (bit1 is q & 2) */
    return wt_vf32_xor(v, wt_vi32_as_f32(wt_vi32_shl(bit1, 30)));
}

static inline wt_vf32_t wt_vf32_sin(wt_vf32_t x, const wt_vmath_k *k) {
    (void)k;
    wt_vi32_t q;
    wt_vf32_t r = wt_vmath_reduce(x, &q);
    wt_vf32_t v = wt_vf32_select(wt_vmath_odd(q), wt_vmath_cospoly(r), wt_vmath_sinpoly(r));
    v = wt_vmath_flip(v, wt_vi32_and(q, wt_vi32_splat(2)));
    v = wt_vf32_xor(v, wt_vf32_and(x, VS(-0.0f))); /* sin is odd */
    return wt_vmath_wide(x, v, sinf);
}

static inline wt_vf32_t wt_vf32_cos(wt_vf32_t x, const wt_vmath_k *k) {
    (void)k;
    wt_vi32_t q;
    wt_vf32_t r = wt_vmath_reduce(x, &q);
    wt_vf32_t v = wt_vf32_select(wt_vmath_odd(q), wt_vmath_sinpoly(r), wt_vmath_cospoly(r));
    v = wt_vmath_flip(v, wt_vi32_and(wt_vi32_add(q, wt_vi32_splat(1)), wt_vi32_splat(2)));
    return wt_vmath_wide(x, v, cosf);
}

static inline wt_vf32_t wt_vf32_tan(wt_vf32_t x, const wt_vmath_k *k) {
    (void)k;
    /* Cephes' tanf polynomial on the reduced argument; odd quadrants -1/tan */
    static const float ct[] = {9.38540185543E-3f, 3.11992232697E-3f, 2.44301354525E-2f,
                               5.34112807005E-2f, 1.33387994085E-1f, 3.33331568548E-1f};
    wt_vi32_t q;
    wt_vf32_t r = wt_vmath_reduce(x, &q), z = wt_vf32_mul(r, r);
    wt_vf32_t t = wt_vf32_add(wt_vf32_mul(wt_vf32_mul(wt_vmath_poly(z, ct, 6), z), r), r);
    t = wt_vf32_select(wt_vmath_odd(q), wt_vf32_div(VS(-1.0f), t), t);
    t = wt_vf32_xor(t, wt_vf32_and(x, VS(-0.0f))); /* tan is odd */
    return wt_vmath_wide(x, t, tanf);
}

static inline wt_vf32_t wt_vf32_tanh(wt_vf32_t x, const wt_vmath_k *k) {
    static const float c[] = {-5.70498872745E-3f, 2.06390887954E-2f, -5.37397155531E-2f, 1.33314422036E-1f,
                              -3.33332819422E-1f};
    wt_vf32_t ax = wt_vf32_abs(x), z = wt_vf32_mul(x, x);
    wt_vf32_t small = wt_vf32_add(wt_vf32_mul(wt_vf32_mul(wt_vmath_poly(z, c, 5), z), x), x);
    /* 1 - 2t / (1 + t) for t = e^-2|x| (flushed to 0 where it rounds 1 anyway), with the sign of x */
    wt_vf32_t t = wt_vmath_exp_nonpositive(wt_vf32_neg(wt_vf32_add(ax, ax)), k);
    wt_vf32_t big = wt_vf32_sub(VS(1.0f), wt_vf32_div(wt_vf32_add(t, t), wt_vf32_add(VS(1.0f), t)));
    big = wt_vf32_xor(big, wt_vf32_and(x, VS(-0.0f)));
    return wt_vf32_select(wt_vf32_lt(ax, VS(0.625f)), small, big);
}

static inline wt_vf32_t wt_vf32_sigmoid(wt_vf32_t x, const wt_vmath_k *k) {
    /* e = e^-|x| never overflows: 1/(1+e) for x >= 0, e/(1+e) below */
    wt_vf32_t e = wt_vf32_exp(wt_vf32_neg(wt_vf32_abs(x)), k);
    wt_vf32_t num = wt_vf32_select(wt_vf32_lt(x, VS(0.0f)), e, VS(1.0f));
    return wt_vf32_div(num, wt_vf32_add(e, VS(1.0f)));
}

/* ---- inverse trigonometric and hyperbolic functions ---------------------------
** Cephes' single-precision reductions and polynomials; constants near pi/2 and
** pi are added in two parts (hi + lo, as fdlibm) so the sum rounds once. */

#define WT_PIO2_HI 1.5707962513e+00f /* float(pi/2) rounded down */
#define WT_PIO2_LO 7.5497894159e-08f /* pi/2 - WT_PIO2_HI */
#define WT_PI_HI 3.1415925026e+00f
#define WT_PI_LO 1.5099578831e-07f

/* asin(a) - a = a z P(z) for |a| <= 0.5, given z = a^2 (exact where the caller has it) */
static inline wt_vf32_t wt_vmath_asin_tail(wt_vf32_t a, wt_vf32_t z) {
    static const float c[] = {4.2163199048E-2f, 2.4181311049E-2f, 4.5470025998E-2f, 7.4953002686E-2f, 1.6666752422E-1f};
    return wt_vf32_mul(wt_vf32_mul(wt_vmath_poly(z, c, 5), z), a);
}

/* asin(a) for |a| <= 0.5 */
static inline wt_vf32_t wt_vmath_asin_core(wt_vf32_t a) {
    return wt_vf32_add(wt_vmath_asin_tail(a, wt_vf32_mul(a, a)), a);
}

/* NaN where |x| > 1 (asin, acos), x itself where it is NaN */
static inline wt_vf32_t wt_vmath_unit_domain(wt_vf32_t x, wt_vf32_t r) {
    return wt_vf32_select(wt_vf32_gt(wt_vf32_abs(x), VS(1.0f)), VS(NAN), r);
}

/* pi/2 - 2 asin(sqrt((1 - a) / 2)) in float64 lanes, rounded once by the caller:
** asin a for 1/2 < a <= 1, where float32 arithmetic would double the
** polynomial's error in the subtraction */
static inline wt_vf64_t wt_vmath_asin_far(wt_vf64_t a) {
    static const double c[] = {4.2163199048E-2, 2.4181311049E-2, 4.5470025998E-2, 7.4953002686E-2, 1.6666752422E-1};
    wt_vf64_t t = wt_vf64_mul(wt_vf64_splat(0.5), wt_vf64_sub(wt_vf64_splat(1.0), a)), s = wt_vf64_sqrt(t);
    wt_vf64_t p = wt_vf64_splat(c[0]);
    for (int i = 1; i < 5; i++) p = wt_vf64_add(wt_vf64_mul(p, t), wt_vf64_splat(c[i]));
    wt_vf64_t as = wt_vf64_add(s, wt_vf64_mul(wt_vf64_mul(p, t), s));
    return wt_vf64_sub(wt_vf64_splat(1.57079632679489661923), wt_vf64_add(as, as));
}

static inline wt_vf32_t wt_vf32_asin(wt_vf32_t x, const wt_vmath_k *k) {
    (void)k;
    wt_vf32_t a = wt_vf32_abs(x);
    wt_vf32_t a1 = wt_vf32_pmin(a, VS(1.0f)); /* |x| > 1 becomes NaN below */
    wt_vf32_t far =
        wt_vf32_from_vf64x2(wt_vmath_asin_far(wt_vf64_from_vf32_lo(a1)), wt_vmath_asin_far(wt_vf64_from_vf32_hi(a1)));
    wt_vf32_t r = wt_vf32_select(wt_vf32_gt(a, VS(0.5f)), far, wt_vmath_asin_core(a));
    r = wt_vf32_xor(r, wt_vf32_and(x, VS(-0.0f))); /* asin is odd */
    return wt_vmath_unit_domain(x, r);
}

static inline wt_vf32_t wt_vf32_acos(wt_vf32_t x, const wt_vmath_k *k) {
    (void)k;
    /* |x| <= 1/2: pi/2 - asin x; x > 1/2: 2 asin(sqrt((1 - x) / 2)); x < -1/2: pi - 2 asin(sqrt((1 + x) / 2)) */
    wt_vf32_t mid = wt_vf32_sub(VS(WT_PIO2_HI), wt_vf32_sub(wt_vmath_asin_core(x), VS(WT_PIO2_LO)));
    wt_vf32_t s = wt_vf32_sqrt(wt_vf32_mul(VS(0.5f), wt_vf32_sub(VS(1.0f), wt_vf32_abs(x))));
    wt_vf32_t p = wt_vmath_asin_core(s), p2 = wt_vf32_add(p, p);
    wt_vf32_t neg = wt_vf32_sub(VS(WT_PI_HI), wt_vf32_sub(p2, VS(WT_PI_LO)));
    wt_vf32_t r = wt_vf32_select(wt_vf32_gt(x, VS(0.5f)), p2, mid);
    r = wt_vf32_select(wt_vf32_lt(x, VS(-0.5f)), neg, r);
    return wt_vmath_unit_domain(x, r);
}

static inline wt_vf32_t wt_vf32_atan(wt_vf32_t x, const wt_vmath_k *k) {
    (void)k;
    static const float c[] = {8.05374449538e-2f, -1.38776856032E-1f, 1.99777106478E-1f, -3.33329491539E-1f};
    wt_vf32_t a = wt_vf32_abs(x);
    /* a > tan(3pi/8): pi/2 + atan(-1/a); a > tan(pi/8): pi/4 + atan((a-1)/(a+1)); else atan a */
    wt_mf32_t far = wt_vf32_gt(a, VS(2.414213562373095f)), mid = wt_vf32_gt(a, VS(0.4142135623730950f));
    wt_vf32_t t = wt_vf32_select(mid, wt_vf32_div(wt_vf32_sub(a, VS(1.0f)), wt_vf32_add(a, VS(1.0f))), a);
    t = wt_vf32_select(far, wt_vf32_div(VS(-1.0f), a), t);
    wt_vf32_t hi = wt_vf32_select(mid, VS(7.8539812565e-01f), VS(0.0f));
    wt_vf32_t lo = wt_vf32_select(mid, VS(3.7748947079e-08f), VS(0.0f));
    hi = wt_vf32_select(far, VS(WT_PIO2_HI), hi);
    lo = wt_vf32_select(far, VS(WT_PIO2_LO), lo);
    wt_vf32_t z = wt_vf32_mul(t, t);
    wt_vf32_t p = wt_vf32_mul(wt_vf32_mul(wt_vmath_poly(z, c, 4), z), t); /* atan t - t */
    wt_vf32_t r = wt_vf32_add(hi, wt_vf32_add(t, wt_vf32_add(p, lo)));
    r = wt_vf32_xor(r, wt_vf32_and(x, VS(-0.0f))); /* atan is odd */
    return wt_vf32_select(wt_vf32_isnan(x), x, r);
}

/* e^a / 2 for a >= 0, rounded once; finite up to a = 89.41 (where sinh and cosh overflow) */
static inline wt_vf32_t wt_vmath_half_exp(wt_vf32_t a, const wt_vmath_k *k) {
    return wt_vmath_exp_shift(a, VS(95.0f), -1, k);
}

static inline wt_vf32_t wt_vf32_sinh(wt_vf32_t x, const wt_vmath_k *k) {
    static const float c[] = {2.03721912945E-4f, 8.33028376239E-3f, 1.66667160211E-1f};
    wt_vf32_t a = wt_vf32_abs(x), z = wt_vf32_mul(x, x);
    wt_vf32_t small = wt_vf32_add(wt_vf32_mul(wt_vf32_mul(wt_vmath_poly(z, c, 3), z), x), x);
    /* |x| > 1: e^a / 2 - 1 / (4 (e^a / 2)), which is inf - 0 past the overflow */
    wt_vf32_t h = wt_vmath_half_exp(a, k);
    wt_vf32_t big = wt_vf32_sub(h, wt_vf32_div(VS(0.25f), h));
    big = wt_vf32_xor(big, wt_vf32_and(x, VS(-0.0f)));
    return wt_vf32_select(wt_vf32_gt(a, VS(1.0f)), big, small);
}

static inline wt_vf32_t wt_vf32_cosh(wt_vf32_t x, const wt_vmath_k *k) {
    wt_vf32_t h = wt_vmath_half_exp(wt_vf32_abs(x), k);
    return wt_vf32_add(h, wt_vf32_div(VS(0.25f), h));
}

static inline wt_vf32_t wt_vf32_asinh(wt_vf32_t x, const wt_vmath_k *k) {
    static const float c[] = {2.0122003309E-2f, -4.2699340972E-2f, 7.4847586088E-2f, -1.6666288134E-1f};
    wt_vf32_t a = wt_vf32_abs(x), z = wt_vf32_mul(a, a);
    wt_vf32_t small = wt_vf32_add(wt_vf32_mul(wt_vf32_mul(wt_vmath_poly(z, c, 4), z), a), a);
    /* log1p(a + a^2 / (1 + sqrt(1 + a^2))); past 2^12, log a + log 2 (a^2 would lose 1) */
    wt_vf32_t w = wt_vf32_add(a, wt_vf32_div(z, wt_vf32_add(VS(1.0f), wt_vf32_sqrt(wt_vf32_add(z, VS(1.0f))))));
    wt_vf32_t r = wt_vmath_log1p_or_log(w, a, wt_vf32_gt(a, VS(4096.0f)), k);
    r = wt_vf32_select(wt_vf32_lt(a, VS(0.5f)), small, r);
    r = wt_vf32_xor(r, wt_vf32_and(x, VS(-0.0f)));
    return wt_vf32_select(wt_vf32_isnan(x), x, r);
}

static inline wt_vf32_t wt_vf32_acosh(wt_vf32_t x, const wt_vmath_k *k) {
    /* t = x - 1 (exact for x <= 2): log1p(t + sqrt(2t + t^2)); past 2^12, log x + log 2 */
    wt_vf32_t t = wt_vf32_sub(x, VS(1.0f));
    wt_vf32_t v = wt_vf32_add(t, wt_vf32_sqrt(wt_vf32_add(wt_vf32_add(t, t), wt_vf32_mul(t, t))));
    wt_vf32_t r = wt_vmath_log1p_or_log(v, x, wt_vf32_gt(x, VS(4096.0f)), k);
    r = wt_vf32_select(wt_vf32_lt(x, VS(1.0f)), VS(NAN), r);
    return wt_vf32_select(wt_vf32_isnan(x), x, r);
}

static inline wt_vf32_t wt_vf32_atanh(wt_vf32_t x, const wt_vmath_k *k) {
    static const float c[] = {1.81740078349E-1f, 8.24370301058E-2f, 1.46691431730E-1f, 1.99782164500E-1f,
                              3.33337300303E-1f};
    wt_vf32_t a = wt_vf32_abs(x), z = wt_vf32_mul(x, x);
    wt_vf32_t small = wt_vf32_add(wt_vf32_mul(wt_vf32_mul(wt_vmath_poly(z, c, 5), z), x), x);
    /* |x| >= 1/2: (log1p(a) - log1p(-a)) / 2, terms of opposite signs (no cancellation);
    ** atanh(1) = inf, |x| > 1 NaN */
    wt_vf32_t big = wt_vf32_mul(VS(0.5f), wt_vf32_sub(wt_vf32_log1p(a, k), wt_vf32_log1p(wt_vf32_neg(a), k)));
    big = wt_vf32_select(wt_vf32_gt(a, VS(1.0f)), VS(NAN), big);
    big = wt_vf32_xor(big, wt_vf32_and(x, VS(-0.0f)));
    wt_vf32_t r = wt_vf32_select(wt_vf32_lt(a, VS(0.5f)), small, big);
    return wt_vf32_select(wt_vf32_isnan(x), x, r);
}

/* ---- exp2, cbrt and the functions of two arguments -------------------------- */

/* 2^x = 2^n e^(f ln2), n = round(x), f = x - n exact in [-1/2, 1/2]; exp's polynomial */
static inline wt_vf32_t wt_vf32_exp2(wt_vf32_t x, const wt_vmath_k *k) {
    wt_vf32_t xc = wt_vf32_pmin(wt_vf32_pmax(x, VS(-151.0f)), VS(128.0f)); /* NaN stays NaN */
    wt_vi32_t ni;
    wt_vf32_t n = wt_vmath_round(xc, &ni);
    wt_vf32_t p = wt_vmath_exp_poly(wt_vf32_mul(wt_vf32_sub(xc, n), VS(0.693147180559945309f)), k);
    return wt_vmath_ldexp(p, ni, n);
}

/* one Halley step for y = cbrt(a): y (y^3 + 2a) / (2 y^3 + a), cubic convergence */
static inline wt_vf64_t wt_vmath_cbrt_step(wt_vf64_t y, wt_vf64_t a) {
    wt_vf64_t t = wt_vf64_mul(wt_vf64_mul(y, y), y);
    return wt_vf64_mul(y, wt_vf64_div(wt_vf64_add(t, wt_vf64_add(a, a)), wt_vf64_add(wt_vf64_add(t, t), a)));
}

/* cbrt: a guess from the exponent bits divided by three (within 4%), then two Halley
** steps in float64 lanes (to ~1e-13), rounded once */
static inline wt_vf32_t wt_vf32_cbrt(wt_vf32_t x, const wt_vmath_k *k) {
    (void)k;
    wt_vf32_t a = wt_vf32_abs(x);
    wt_mf32_t tiny = wt_vf32_lt(a, VS(0x1p-126f)); /* subnormals: cbrt(a 2^24) 2^-8 */
    wt_vf32_t as = wt_vf32_select(tiny, wt_vf32_mul(a, VS(0x1p24f)), a);
    wt_vi32_t b = wt_vf32_bits(as);
    wt_vi32_t q = wt_vi32_add(wt_vi32_srl(b, 2), wt_vi32_srl(b, 4)); /* about b / 3, from below */
    q = wt_vi32_add(q, wt_vi32_srl(q, 4));
    q = wt_vi32_add(q, wt_vi32_srl(q, 8));
    q = wt_vi32_add(q, wt_vi32_srl(q, 16));
    wt_vf32_t g = wt_vi32_as_f32(wt_vi32_add(q, wt_vi32_splat(709958130)));
    wt_vf64_t alo = wt_vf64_from_vf32_lo(as), ahi = wt_vf64_from_vf32_hi(as);
    wt_vf64_t lo = wt_vmath_cbrt_step(wt_vmath_cbrt_step(wt_vf64_from_vf32_lo(g), alo), alo);
    wt_vf64_t hi = wt_vmath_cbrt_step(wt_vmath_cbrt_step(wt_vf64_from_vf32_hi(g), ahi), ahi);
    wt_vf32_t r = wt_vf32_from_vf64x2(lo, hi);
    r = wt_vf32_select(tiny, wt_vf32_mul(r, VS(0x1p-8f)), r);
    r = wt_vf32_xor(r, wt_vf32_and(x, VS(-0.0f)));
    /* 0, inf and NaN are their own cube roots */
    wt_mf32_t self = wt_mf32_or(wt_vf32_eq(a, VS(0.0f)), wt_vf32_eq(a, VS(INFINITY)));
    return wt_vf32_select(wt_mf32_or(self, wt_vf32_isnan(x)), x, r);
}

/* atan2(y, x) in float64 lanes: t = min/max of |x|, |y| in [0, 1] (exact enough), atan
** with atan's float polynomial (0.35 ulp from atan, no rounding error in float64),
** pi/2 - a where |y| > |x|, pi - a where x is negative (-0 too), the sign of y;
** one rounding at the end.  C99's zeros and infinities. */
static inline wt_vf64_t wt_vmath_atan2_d(wt_vf64_t y, wt_vf64_t x) {
    static const double c[] = {8.05374449538e-2, -1.38776856032E-1, 1.99777106478E-1, -3.33329491539E-1};
    const wt_vf64_t nz = wt_vf64_splat(-0.0), one = wt_vf64_splat(1.0), zero = wt_vf64_splat(0.0);
    wt_vf64_t ay = wt_vf64_andnot(nz, y), ax = wt_vf64_andnot(nz, x);
    wt_mf64_t swap = wt_vf64_gt(ay, ax);
    wt_vf64_t mn = wt_vf64_select(swap, ax, ay), mx = wt_vf64_select(swap, ay, ax);
    wt_vf64_t t = wt_vf64_div(mn, mx);
    t = wt_vf64_select(wt_vf64_lt(zero, mx), t, zero);                    /* atan2(+-0, +-0) */
    t = wt_vf64_select(wt_vf64_lt(mn, wt_vf64_splat(INFINITY)), t, one);  /* both infinite */
    wt_mf64_t mid = wt_vf64_gt(t, wt_vf64_splat(0.41421356237309504880)); /* tan(pi/8) */
    t = wt_vf64_select(mid, wt_vf64_div(wt_vf64_sub(t, one), wt_vf64_add(t, one)), t);
    wt_vf64_t z = wt_vf64_mul(t, t), p = wt_vf64_splat(c[0]);
    for (int i = 1; i < 4; i++) p = wt_vf64_add(wt_vf64_mul(p, z), wt_vf64_splat(c[i]));
    wt_vf64_t a = wt_vf64_add(wt_vf64_mul(wt_vf64_mul(p, z), t), t);
    a = wt_vf64_add(a, wt_vf64_select(mid, wt_vf64_splat(0.78539816339744830962), zero));
    a = wt_vf64_select(swap, wt_vf64_sub(wt_vf64_splat(1.57079632679489661923), a), a);
    wt_vf64_t xsign = wt_vf64_xor(one, wt_vf64_xor(ax, x)); /* +-1 with x's sign bit */
    a = wt_vf64_select(wt_vf64_lt(xsign, zero), wt_vf64_sub(wt_vf64_splat(3.14159265358979323846), a), a);
    return wt_vf64_xor(a, wt_vf64_xor(ay, y));
}
static inline wt_vf32_t wt_vf32_atan2(wt_vf32_t y, wt_vf32_t x, const wt_vmath_k *k) {
    (void)k;
    wt_vf32_t r = wt_vf32_from_vf64x2(wt_vmath_atan2_d(wt_vf64_from_vf32_lo(y), wt_vf64_from_vf32_lo(x)),
                                      wt_vmath_atan2_d(wt_vf64_from_vf32_hi(y), wt_vf64_from_vf32_hi(x)));
    return wt_vf32_select(wt_mf32_or(wt_vf32_isnan(x), wt_vf32_isnan(y)), wt_vf32_add(x, y), r);
}

/* hypot: x^2 + y^2 of floats in float64 is exact but for one rounding, and so is its
** sqrt; an infinite part wins over NaN, as C99's */
static inline wt_vf64_t wt_vmath_hypot_d(wt_vf64_t x, wt_vf64_t y) {
    return wt_vf64_sqrt(wt_vf64_add(wt_vf64_mul(x, x), wt_vf64_mul(y, y)));
}
static inline wt_vf32_t wt_vf32_hypot(wt_vf32_t x, wt_vf32_t y, const wt_vmath_k *k) {
    (void)k;
    wt_vf32_t r = wt_vf32_from_vf64x2(wt_vmath_hypot_d(wt_vf64_from_vf32_lo(x), wt_vf64_from_vf32_lo(y)),
                                      wt_vmath_hypot_d(wt_vf64_from_vf32_hi(x), wt_vf64_from_vf32_hi(y)));
    wt_mf32_t inf = wt_mf32_or(wt_vf32_eq(wt_vf32_abs(x), VS(INFINITY)), wt_vf32_eq(wt_vf32_abs(y), VS(INFINITY)));
    return wt_vf32_select(inf, VS(INFINITY), r);
}

/* log(1 + e^f 2^k) in float64 lanes for |f| <= 0.35 (e^f by Taylor to 1e-17), s = 2^k
** given, the sum at most 1: log1p(v) = 2 atanh(v / (2 + v)), or ln2 + 2 atanh((v - 1) /
** (3 + v)) above sqrt(2) - 1, so the series' argument stays below 0.172 */
static inline wt_vf64_t wt_vmath_softplus_d(wt_vf64_t f, wt_vf64_t s) {
    static const double inv_fact[14] = {
        1.0 / 6227020800, 1.0 / 479001600, 1.0 / 39916800, 1.0 / 3628800, 1.0 / 362880, 1.0 / 40320, 1.0 / 5040,
        1.0 / 720,        1.0 / 120,       1.0 / 24,       1.0 / 6,       1.0 / 2,      1.0,         1.0};
    wt_vf64_t e = wt_vf64_splat(inv_fact[0]);
    for (int i = 1; i < 14; i++) e = wt_vf64_add(wt_vf64_mul(e, f), wt_vf64_splat(inv_fact[i]));
    wt_vf64_t v = wt_vf64_mul(e, s), one = wt_vf64_splat(1.0);
    wt_mf64_t big = wt_vf64_gt(v, wt_vf64_splat(0.41421356237309504880));
    wt_vf64_t num = wt_vf64_select(big, wt_vf64_sub(v, one), v);
    wt_vf64_t u = wt_vf64_div(num, wt_vf64_add(wt_vf64_select(big, wt_vf64_splat(3.0), wt_vf64_splat(2.0)), v));
    wt_vf64_t u2 = wt_vf64_mul(u, u), p = wt_vf64_splat(1.0 / 19);
    for (int i = 17; i >= 1; i -= 2) p = wt_vf64_add(wt_vf64_mul(p, u2), wt_vf64_splat(1.0 / i));
    wt_vf64_t l = wt_vf64_mul(wt_vf64_add(u, u), p);
    return wt_vf64_add(l, wt_vf64_select(big, wt_vf64_splat(0.69314718055994530942), wt_vf64_splat(0.0)));
}

/* NumPy's logaddexp (base2 = 0) and logaddexp2: equal arguments add log 2 (or 1),
** otherwise max + log(1 + b^-|x - y|), the difference exact in float64 and the
** correction to ~1e-15, so the sum rounds once even where it cancels */
static inline wt_vf32_t wt_vmath_logaddexp(wt_vf32_t x, wt_vf32_t y, int base2) {
    wt_vf32_t m = wt_vf32_select(wt_vf32_gt(x, y), x, y);
    wt_vf64_t d[2] = {wt_vf64_sub(wt_vf64_from_vf32_lo(x), wt_vf64_from_vf32_lo(y)),
                      wt_vf64_sub(wt_vf64_from_vf32_hi(x), wt_vf64_from_vf32_hi(y))};
    const double scale = base2 ? 1.0 : 1.44269504088896340736, floor = -174.0;
    /* d = -|x - y|, clamped where b^d no longer counts (2^-174); t = d log2 b */
    wt_vf64_t t[2], kd[2];
    for (int h = 0; h < 2; h++) {
        d[h] = wt_vf64_xor(wt_vf64_andnot(wt_vf64_splat(-0.0), d[h]), wt_vf64_splat(-0.0));
        d[h] = wt_vf64_select(wt_vf64_lt(d[h], wt_vf64_splat(floor / scale)), wt_vf64_splat(floor / scale), d[h]);
        t[h] = wt_vf64_mul(d[h], wt_vf64_splat(scale));
    }
    /* k = round(t), kept as floats (exact) and int lanes */
    wt_vi32_t ki;
    wt_vf32_t dk = wt_vmath_round(wt_vf32_from_vf64x2(t[0], t[1]), &ki), s1, s2;
    kd[0] = wt_vf64_from_vf32_lo(dk), kd[1] = wt_vf64_from_vf32_hi(dk);
    wt_vmath_pow2_halves(ki, &s1, &s2); /* 2^k (k >= -174), exact in float64 as s1 s2 */
    wt_vf64_t l[2];
    for (int h = 0; h < 2; h++) {
        wt_vf64_t s = h ? wt_vf64_mul(wt_vf64_from_vf32_hi(s1), wt_vf64_from_vf32_hi(s2))
                        : wt_vf64_mul(wt_vf64_from_vf32_lo(s1), wt_vf64_from_vf32_lo(s2));
        /* f = (t - k) ln 2: t - k is exact, and so is k ln2_hi for fdlibm's 32-bit ln2_hi */
        wt_vf64_t f =
            base2 ? wt_vf64_mul(wt_vf64_sub(t[h], kd[h]), wt_vf64_splat(0.69314718055994530942))
                  : wt_vf64_sub(wt_vf64_sub(d[h], wt_vf64_mul(kd[h], wt_vf64_splat(6.93147180369123816490e-01))),
                                wt_vf64_mul(kd[h], wt_vf64_splat(1.90821492927058770002e-10)));
        l[h] = wt_vmath_softplus_d(f, s);
        if (base2) l[h] = wt_vf64_mul(l[h], wt_vf64_splat(1.44269504088896340736));
        l[h] = wt_vf64_add(l[h], h ? wt_vf64_from_vf32_hi(m) : wt_vf64_from_vf32_lo(m));
    }
    wt_vf32_t r = wt_vf32_from_vf64x2(l[0], l[1]);
    /* equal infinities: x - y is NaN above, and the sum is x itself */
    r = wt_vf32_select(wt_vf32_eq(x, y), wt_vf32_select(wt_vf32_eq(wt_vf32_abs(x), VS(INFINITY)), x, r), r);
    return wt_vf32_select(wt_mf32_or(wt_vf32_isnan(x), wt_vf32_isnan(y)), wt_vf32_add(x, y), r);
}
static inline wt_vf32_t wt_vf32_logaddexp(wt_vf32_t x, wt_vf32_t y, const wt_vmath_k *k) {
    (void)k;
    return wt_vmath_logaddexp(x, y, 0);
}
static inline wt_vf32_t wt_vf32_logaddexp2(wt_vf32_t x, wt_vf32_t y, const wt_vmath_k *k) {
    (void)k;
    return wt_vmath_logaddexp(x, y, 1);
}

#undef VS
#endif /* WT_VMATH_H */
