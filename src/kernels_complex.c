/* kernels_complex.c — elementwise and reduction kernels of complex64 and
** complex128, written once for both as NumPy writes them (loops.c.src,
** funcs.inc.src): the same formulas in the same order, so results agree to
** the bit where NumPy's call neither libm nor FMA, and within libm's own
** differences where they do (C99's complex functions, with Annex G's branch
** cuts and special values).  Strided reference loops, and SIMD multiply and
** square that give their bits; kernels.c's lookups hand these rows out. */
#include "ops.h"
#include "loops.h"
#include "simd.h"
#include <complex.h>
#include <math.h>
#include <string.h>

/* ---- inverse functions: Kahan's formulas ("Branch Cuts for Complex Elementary
** Functions", 1987) for finite values, where signed zeros pick the side of
** every branch cut as C99 and NumPy do; C99 Annex G's values (NumPy's) at
** infinite and NaN parts.  Computed in double for both dtypes (complex64
** rounds once).  Each works in the first quadrant and takes the signs back by
** the function's symmetry; a NaN's sign means nothing there. */
#define PI_2 1.5707963267948966
#define PI_4 0.78539816339744831
static wt_c128 c_sqrt(double re, double im) {
    double _Complex z, r;
    memcpy(&z, (double[]){re, im}, sizeof z);
    r = csqrt(z);
    wt_c128 w;
    memcpy(&w, &r, sizeof w);
    return w;
}
static bool neg(double v) { return signbit(v) && v == v; }
static bool huge(double x, double y) { return x > 0x1p500 || y > 0x1p500; } /* Kahan's products would overflow */

/* asinh: odd, and conj(asinh z) = asinh(conj z) */
static wt_c128 k_asinh(wt_c128 z) {
    double x = fabs(z.re), y = fabs(z.im), re, im;
    if (isnan(x))
        re = isinf(y) ? INFINITY : NAN, im = y == 0 ? 0 : NAN;
    else if (isnan(y))
        re = isinf(x) ? INFINITY : NAN, im = NAN;
    else if (isinf(x) || isinf(y))
        re = INFINITY, im = isinf(x) ? (isinf(y) ? PI_4 : 0) : PI_2;
    else if (huge(x, y))
        re = log(hypot(x / 2, y / 2)) + 2 * M_LN2, im = atan2(y, x);
    else { /* -i asin(iz) with asin's formula */
        wt_c128 s1 = c_sqrt(1 + y, -x), s2 = c_sqrt(1 - y, x);
        re = asinh(s1.re * s2.im - s1.im * s2.re), im = atan2(y, s1.re * s2.re - s1.im * s2.im);
    }
    return (wt_c128){neg(z.re) ? -re : re, neg(z.im) ? -im : im};
}

/* acosh: conj(acosh z) = acosh(conj z), real part >= 0 */
static wt_c128 k_acosh(wt_c128 z) {
    double x = z.re, y = fabs(z.im), re, im;
    if (isnan(x))
        re = isinf(y) ? INFINITY : NAN, im = NAN;
    else if (isnan(y))
        re = isinf(x) ? INFINITY : NAN, im = x == 0 ? PI_2 : NAN;
    else if (isinf(x))
        re = INFINITY, im = isinf(y) ? (x > 0 ? PI_4 : 3 * PI_4) : (x > 0 ? 0 : 2 * PI_2);
    else if (isinf(y))
        re = INFINITY, im = PI_2;
    else if (huge(fabs(x), y))
        re = log(hypot(x / 2, y / 2)) + 2 * M_LN2, im = atan2(y, x);
    else {
        wt_c128 t1 = c_sqrt(x - 1, y), t2 = c_sqrt(x + 1, y);
        re = asinh(t1.re * t2.re + t1.im * t2.im), im = 2 * atan2(t1.im, t2.re);
    }
    return (wt_c128){re, neg(z.im) ? -im : im};
}

/* acos: conj(acos z) = acos(conj z); in the upper half-plane its imaginary part is <= 0 */
static wt_c128 k_acos(wt_c128 z) {
    double x = z.re, y = fabs(z.im), re, im;
    if (isnan(x))
        re = NAN, im = isinf(y) ? -INFINITY : NAN;
    else if (isnan(y))
        re = x == 0 ? PI_2 : NAN, im = isinf(x) ? -INFINITY : NAN;
    else if (isinf(x))
        re = isinf(y) ? (x > 0 ? PI_4 : 3 * PI_4) : (x > 0 ? 0 : 2 * PI_2), im = -INFINITY;
    else if (isinf(y))
        re = PI_2, im = -INFINITY;
    else if (huge(fabs(x), y))
        re = atan2(y, x), im = -(log(hypot(x / 2, y / 2)) + 2 * M_LN2);
    else {
        wt_c128 s1 = c_sqrt(1 - x, -y), s2 = c_sqrt(1 + x, y);
        re = 2 * atan2(s1.re, s2.re), im = asinh(s2.re * s1.im - s2.im * s1.re);
    }
    return (wt_c128){re, neg(z.im) ? -im : im};
}

/* atanh: odd, and conj(atanh z) = atanh(conj z) */
static wt_c128 k_atanh(wt_c128 z) {
    double x = fabs(z.re), y = fabs(z.im), re, im;
    if (isnan(x) && isinf(y))
        return (wt_c128){copysign(0, z.re), neg(z.im) ? -PI_2 : PI_2}; /* the NaN's sign, as glibc */
    if (isnan(x))
        re = im = NAN;
    else if (isnan(y))
        re = isinf(x) || x == 0 ? 0 : NAN, im = NAN;
    else if (isinf(x) || isinf(y))
        re = 0, im = PI_2;
    else if (huge(x, y)) { /* 1/z + i pi/2, without overflow */
        double h = hypot(x, y);
        re = x / h / h, im = PI_2;
    } else {
        double d = (1 - x) * (1 - x) + y * y;
        re = 0.25 * log1p(4 * x / d), im = 0.5 * atan2(2 * y, (1 - x) * (1 + x) - y * y);
    }
    return (wt_c128){neg(z.re) ? -re : re, neg(z.im) ? -im : im};
}

/* asin(z) = -i asinh(iz), atan(z) = -i atanh(iz) */
static wt_c128 k_asin(wt_c128 z) {
    wt_c128 w = k_asinh((wt_c128){-z.im, z.re});
    return (wt_c128){w.im, -w.re};
}
static wt_c128 k_atan(wt_c128 z) {
    wt_c128 w = k_atanh((wt_c128){-z.im, z.re});
    return (wt_c128){w.im, -w.re};
}

// clang-format off
/* ---- scalar semantics, per part type R (float or double) ------------------- */
#define CX_OPS(sn, T, R, F, CT)                                                                  \
    static inline T mk_##sn(R re, R im) { T z = {re, im}; return z; }                             \
    static inline CT to_c_##sn(T a) { CT z; memcpy(&z, &a, sizeof z); return z; }                \
    static inline T from_c_##sn(CT z) { T a; memcpy(&a, &z, sizeof a); return a; }               \
    static inline T add_##sn(T a, T b) { return wt_##sn##_add(a, b); }                            \
    static inline T sub_##sn(T a, T b) { return mk_##sn(a.re - b.re, a.im - b.im); }              \
    static inline T mul_##sn(T a, T b) { return wt_##sn##_mul(a, b); }                            \
    /* Smith's division, with NumPy's treatment of a zero divisor */                              \
    static inline T div_##sn(T a, T b) {                                                          \
        R br = fabs##F(b.re), bi = fabs##F(b.im);                                                 \
        if (br >= bi) {                                                                           \
            if (br == 0 && bi == 0) return mk_##sn(a.re / br, a.im / br);                         \
            R rat = b.im / b.re, scl = (R)1 / (b.re + b.im * rat);                                 \
            return mk_##sn((a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl);                 \
        }                                                                                         \
        R rat = b.re / b.im, scl = (R)1 / (b.im + b.re * rat);                                     \
        return mk_##sn((a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl);                     \
    }                                                                                             \
    static inline T neg_##sn(T a) { return mk_##sn(-a.re, -a.im); }                              \
    static inline T conj_##sn(T a) { return mk_##sn(a.re, -a.im); }                              \
    static inline T square_##sn(T a) { return mk_##sn(a.re * a.re - a.im * a.im, a.re * a.im + a.im * a.re); } \
    static inline T reciprocal_##sn(T a) {                                                        \
        if (fabs##F(a.im) <= fabs##F(a.re)) {                                                     \
            R r = a.im / a.re, d = a.re + a.im * r;                                               \
            return mk_##sn(1 / d, -r / d);                                                        \
        }                                                                                         \
        R r = a.re / a.im, d = a.re * r + a.im;                                                   \
        return mk_##sn(r / d, -1 / d);                                                            \
    }                                                                                             \
    static inline R angle_##sn(T a) { return atan2##F(a.im, a.re); }                              \
    /* NumPy 2: z/|z|, with the limits at infinities */                                           \
    static inline T sign_##sn(T a) {                                                              \
        R m = hypot##F(a.re, a.im);                                                               \
        if (m != m) return mk_##sn(NAN, NAN);                                                     \
        if (isinf(m)) {                                                                           \
            if (isinf(a.re)) return isinf(a.im) ? mk_##sn(NAN, NAN) : mk_##sn(a.re > 0 ? 1 : -1, 0); \
            return mk_##sn(0, a.im > 0 ? 1 : -1);                                                 \
        }                                                                                         \
        if (m == 0) return mk_##sn(0, 0);                                                         \
        return mk_##sn(a.re / m, a.im / m);                                                       \
    }                                                                                             \
    static inline T round_##sn(T a) { return mk_##sn(rint##F(a.re), rint##F(a.im)); }             \
    static inline uint8_t isnan_##sn(T a) { return a.re != a.re || a.im != a.im; }                \
    static inline uint8_t isfinite_##sn(T a) { return isfinite(a.re) && isfinite(a.im); }         \
    /* NumPy's lexicographic order; a NaN imaginary part orders nothing by the real parts */      \
    static inline uint8_t eq_##sn(T a, T b) { return a.re == b.re && a.im == b.im; }             \
    static inline uint8_t ne_##sn(T a, T b) { return a.re != b.re || a.im != b.im; }             \
    static inline uint8_t lt_##sn(T a, T b) { return (a.re < b.re && a.im == a.im && b.im == b.im) || (a.re == b.re && a.im < b.im); } \
    static inline uint8_t le_##sn(T a, T b) { return (a.re < b.re && a.im == a.im && b.im == b.im) || (a.re == b.re && a.im <= b.im); } \
    static inline uint8_t gt_##sn(T a, T b) { return lt_##sn(b, a); }                             \
    static inline uint8_t ge_##sn(T a, T b) { return le_##sn(b, a); }                             \
    /* maximum and minimum propagate a NaN in either part of either input */                     \
    static inline T max_##sn(T a, T b) { return isnan_##sn(a) || ge_##sn(a, b) ? a : b; }         \
    static inline T min_##sn(T a, T b) { return isnan_##sn(a) || le_##sn(a, b) ? a : b; }         \
    static inline T where_##sn(uint8_t c, T a, T b) { return c ? a : b; }                         \
    /* fmax and fmin skip a NaN second operand (a NaN first one is taken only against NaN) */    \
    static inline T fmax_##sn(T a, T b) { return ge_##sn(a, b) || isnan_##sn(b) ? a : b; }         \
    static inline T fmin_##sn(T a, T b) { return le_##sn(a, b) || isnan_##sn(b) ? a : b; }         \
    static inline uint8_t isinf_##sn(T a) { return isinf(a.re) || isinf(a.im); }                  \
    /* np.clip compares (re, im) without NumPy's NaN guards and keeps a NaN x (its _NPY_MIN/_MAX) */ \
    static inline bool clt_##sn(T a, T b) { return a.re == b.re ? a.im < b.im : a.re < b.re; }      \
    static inline T clip_##sn(T x, T lo, T hi) {                                                  \
        T m = clt_##sn(lo, x) || isnan_##sn(x) ? x : lo;                                          \
        return clt_##sn(m, hi) || isnan_##sn(m) ? m : hi;                                         \
    }                                                                                             \
    static inline T fma_##sn(T a, T b, T c) { return add_##sn(mul_##sn(a, b), c); }               \
    static inline T copy_##sn(T a) { return a; }                                                  \
    /* libm's C99 functions, as NumPy's npy_c* call them */                                       \
    static inline T exp_##sn(T a) { return from_c_##sn(cexp##F(to_c_##sn(a))); }                 \
    static inline T log_##sn(T a) { return from_c_##sn(clog##F(to_c_##sn(a))); }                 \
    static inline T sqrt_##sn(T a) { return from_c_##sn(csqrt##F(to_c_##sn(a))); }               \
    static inline T sin_##sn(T a) { return from_c_##sn(csin##F(to_c_##sn(a))); }                 \
    static inline T cos_##sn(T a) { return from_c_##sn(ccos##F(to_c_##sn(a))); }                 \
    static inline T tan_##sn(T a) { return from_c_##sn(ctan##F(to_c_##sn(a))); }                 \
    static inline T sinh_##sn(T a) { return from_c_##sn(csinh##F(to_c_##sn(a))); }               \
    static inline T cosh_##sn(T a) { return from_c_##sn(ccosh##F(to_c_##sn(a))); }               \
    static inline T tanh_##sn(T a) { return from_c_##sn(ctanh##F(to_c_##sn(a))); }               \
    static inline T asin_##sn(T a) { wt_c128 w = k_asin((wt_c128){a.re, a.im}); return mk_##sn((R)w.re, (R)w.im); }\
    static inline T acos_##sn(T a) { wt_c128 w = k_acos((wt_c128){a.re, a.im}); return mk_##sn((R)w.re, (R)w.im); }\
    static inline T atan_##sn(T a) { wt_c128 w = k_atan((wt_c128){a.re, a.im}); return mk_##sn((R)w.re, (R)w.im); }\
    static inline T asinh_##sn(T a) { wt_c128 w = k_asinh((wt_c128){a.re, a.im}); return mk_##sn((R)w.re, (R)w.im); }\
    static inline T acosh_##sn(T a) { wt_c128 w = k_acosh((wt_c128){a.re, a.im}); return mk_##sn((R)w.re, (R)w.im); }\
    static inline T atanh_##sn(T a) { wt_c128 w = k_atanh((wt_c128){a.re, a.im}); return mk_##sn((R)w.re, (R)w.im); }\
    /* NumPy's nc_log2 and nc_log10: the natural log scaled */                                   \
    static inline T log2_##sn(T a) { T l = log_##sn(a); return mk_##sn(l.re * (R)1.44269504088896340736, l.im * (R)1.44269504088896340736); } \
    static inline T log10_##sn(T a) { T l = log_##sn(a); return mk_##sn(l.re * (R)0.434294481903251827651, l.im * (R)0.434294481903251827651); } \
    /* NumPy's nc_exp2: exp of z ln 2 */                                                          \
    static inline T exp2_##sn(T a) { return exp_##sn(mk_##sn(a.re * (R)M_LN2, a.im * (R)M_LN2)); } \
    /* NumPy's nc_log1p and nc_expm1 */                                                           \
    static inline T log1p_##sn(T a) {                                                             \
        R l = hypot##F(a.re + 1, a.im);                                                           \
        return mk_##sn(log##F(l), atan2##F(a.im, a.re + 1));                                      \
    }                                                                                             \
    static inline T expm1_##sn(T a) {                                                             \
        R h = sin##F(a.im / 2);                                                                   \
        return mk_##sn(expm1##F(a.re) * cos##F(a.im) - 2 * h * h, exp##F(a.re) * sin##F(a.im));   \
    }                                                                                             \
    /* NumPy's nc_pow: exact small integer powers by squaring, else cpow */                       \
    static inline T pow_##sn(T a, T b) {                                                          \
        if (b.re == 0 && b.im == 0) return mk_##sn(1, 0);                                         \
        if (a.re == 0 && a.im == 0) return b.re > 0 ? mk_##sn(0, 0) : mk_##sn(NAN, NAN);          \
        int64_t n;                                                                                \
        if (b.im == 0 && fabs##F(b.re) < 100 && (R)(n = (int64_t)b.re) == b.re) {                 \
            if (n == 1) return a;                                                                 \
            if (n == 2) return mul_##sn(a, a);                                                    \
            if (n == 3) return mul_##sn(a, mul_##sn(a, a));                                       \
            T acc = mk_##sn(1, 0), p = a;                                                         \
            int64_t mask = 1;                                                                     \
            if (n < 0) n = -n;                                                                    \
            for (;;) {                                                                            \
                if (n & mask) acc = mul_##sn(acc, p);                                             \
                mask <<= 1;                                                                       \
                if (n < mask) break;                                                              \
                p = mul_##sn(p, p);                                                               \
            }                                                                                     \
            if (b.re > 0) return acc;                                                             \
            R d = acc.re * acc.re + acc.im * acc.im; /* NumPy's nc_quot(1, acc): the plain formula */ \
            return mk_##sn(acc.re / d, -acc.im / d);                                              \
        }                                                                                         \
        return from_c_##sn(cpow##F(to_c_##sn(a), to_c_##sn(b)));                                 \
    }
CX_OPS(c64, wt_c64, float, f, float _Complex)
CX_OPS(c128, wt_c128, double, , double _Complex)
/* |z| as plain arithmetic a loop vectorizes (libm's hypot is a call per element):
** complex64 in double, which is glibc's hypotf and so NumPy's bits; complex128
** scaled by a power of two where a square would overflow or underflow, then
** sqrt(x^2 + y^2), within 1 ulp of hypot (NumPy's).  An infinite part gives
** inf even beside a NaN, as hypot does. */
static inline float abs_c64(wt_c64 a) {
    double x = a.re, y = a.im, h = sqrt(x * x + y * y);
    return ((fabsf(a.re) == INFINITY) | (fabsf(a.im) == INFINITY)) ? INFINITY : (float)h;
}
static inline double abs_c128(wt_c128 a) {
    double x = fabs(a.re), y = fabs(a.im), hi = x > y ? x : y, lo = x > y ? y : x;
    double sc = hi > 0x1p500 ? 0x1p-600 : hi < 0x1p-500 ? 0x1p600 : 1; /* and back: a product, no division */
    double un = hi > 0x1p500 ? 0x1p600 : hi < 0x1p-500 ? 0x1p-600 : 1;
    double h = sqrt(hi * sc * (hi * sc) + lo * sc * (lo * sc)) * un;
    return ((x == INFINITY) | (y == INFINITY)) ? INFINITY : h;
}

/* ---- strided reference loops and the rows of the kernel table --------------- */
#define CX_LOOPS(sn, T, R)                                                                       \
    L2(add_##sn##__strided, T, T, add_##sn) L2(sub_##sn##__strided, T, T, sub_##sn)               \
    L2(mul_##sn##__strided, T, T, mul_##sn) L2(div_##sn##__strided, T, T, div_##sn)               \
    L2(pow_##sn##__strided, T, T, pow_##sn) L2(max_##sn##__strided, T, T, max_##sn)               \
    L2(min_##sn##__strided, T, T, min_##sn) L2(eq_##sn##__strided, T, uint8_t, eq_##sn)           \
    L2(ne_##sn##__strided, T, uint8_t, ne_##sn) L2(lt_##sn##__strided, T, uint8_t, lt_##sn)       \
    L2(le_##sn##__strided, T, uint8_t, le_##sn) L2(gt_##sn##__strided, T, uint8_t, gt_##sn)       \
    L2(ge_##sn##__strided, T, uint8_t, ge_##sn)                                                   \
    L1(neg_##sn##__strided, T, T, neg_##sn) L1(abs_##sn##__strided, T, R, abs_##sn)               \
    L1(sign_##sn##__strided, T, T, sign_##sn) L1(exp_##sn##__strided, T, T, exp_##sn)             \
    L1(log_##sn##__strided, T, T, log_##sn) L1(log1p_##sn##__strided, T, T, log1p_##sn)           \
    L1(expm1_##sn##__strided, T, T, expm1_##sn) L1(sqrt_##sn##__strided, T, T, sqrt_##sn)         \
    L1(square_##sn##__strided, T, T, square_##sn) L1(reciprocal_##sn##__strided, T, T, reciprocal_##sn) \
    L1(sin_##sn##__strided, T, T, sin_##sn) L1(cos_##sn##__strided, T, T, cos_##sn)               \
    L1(tan_##sn##__strided, T, T, tan_##sn) L1(tanh_##sn##__strided, T, T, tanh_##sn)             \
    L1(round_##sn##__strided, T, T, round_##sn) L1(isnan_##sn##__strided, T, uint8_t, isnan_##sn) \
    L1(isfinite_##sn##__strided, T, uint8_t, isfinite_##sn) L1(copy_##sn##__strided, T, T, copy_##sn) \
    L1(acos_##sn##__strided, T, T, acos_##sn) L1(asin_##sn##__strided, T, T, asin_##sn)           \
    L1(atan_##sn##__strided, T, T, atan_##sn) L1(acosh_##sn##__strided, T, T, acosh_##sn)         \
    L1(asinh_##sn##__strided, T, T, asinh_##sn) L1(atanh_##sn##__strided, T, T, atanh_##sn)       \
    L1(cosh_##sn##__strided, T, T, cosh_##sn) L1(sinh_##sn##__strided, T, T, sinh_##sn)           \
    L1(conj_##sn##__strided, T, T, conj_##sn) L1(angle_##sn##__strided, T, R, angle_##sn)         \
    L1(log2_##sn##__strided, T, T, log2_##sn) L1(log10_##sn##__strided, T, T, log10_##sn)         \
    L3(where_##sn##__strided, uint8_t, T, where_##sn) L3(clip_##sn##__strided, T, T, clip_##sn)   \
    L3(fma_##sn##__strided, T, T, fma_##sn) L2(fmax_##sn##__strided, T, T, fmax_##sn)           \
    L2(fmin_##sn##__strided, T, T, fmin_##sn) L1(isinf_##sn##__strided, T, uint8_t, isinf_##sn)   \
    L1(exp2_##sn##__strided, T, T, exp2_##sn)
CX_LOOPS(c64, wt_c64, float)
CX_LOOPS(c128, wt_c128, double)

#define CX_ROW(sn)                                                                               \
    [WT_OP_ADD].ref = add_##sn##__strided, [WT_OP_SUB].ref = sub_##sn##__strided,                \
     [WT_OP_MUL].ref = mul_##sn##__strided, [WT_OP_DIV].ref = div_##sn##__strided,                \
     [WT_OP_POW].ref = pow_##sn##__strided, [WT_OP_MAXIMUM].ref = max_##sn##__strided,            \
     [WT_OP_MINIMUM].ref = min_##sn##__strided, [WT_OP_EQUAL].ref = eq_##sn##__strided,           \
     [WT_OP_NOT_EQUAL].ref = ne_##sn##__strided, [WT_OP_LESS].ref = lt_##sn##__strided,           \
     [WT_OP_LESS_EQUAL].ref = le_##sn##__strided, [WT_OP_GREATER].ref = gt_##sn##__strided,       \
     [WT_OP_GREATER_EQUAL].ref = ge_##sn##__strided, [WT_OP_NEG].ref = neg_##sn##__strided,       \
     [WT_OP_ABS].ref = abs_##sn##__strided, [WT_OP_SIGN].ref = sign_##sn##__strided,              \
     [WT_OP_EXP].ref = exp_##sn##__strided, [WT_OP_LOG].ref = log_##sn##__strided,                \
     [WT_OP_LOG1P].ref = log1p_##sn##__strided, [WT_OP_EXPM1].ref = expm1_##sn##__strided,        \
     [WT_OP_SQRT].ref = sqrt_##sn##__strided, [WT_OP_SQUARE].ref = square_##sn##__strided,        \
     [WT_OP_RECIPROCAL].ref = reciprocal_##sn##__strided, [WT_OP_SIN].ref = sin_##sn##__strided,  \
     [WT_OP_COS].ref = cos_##sn##__strided, [WT_OP_TAN].ref = tan_##sn##__strided,                \
     [WT_OP_TANH].ref = tanh_##sn##__strided, [WT_OP_ROUND].ref = round_##sn##__strided,          \
     [WT_OP_ISNAN].ref = isnan_##sn##__strided, [WT_OP_ISFINITE].ref = isfinite_##sn##__strided,  \
     [WT_OP_COPY].ref = copy_##sn##__strided, [WT_OP_ARCCOS].ref = acos_##sn##__strided,          \
     [WT_OP_ARCSIN].ref = asin_##sn##__strided, [WT_OP_ARCTAN].ref = atan_##sn##__strided,        \
     [WT_OP_ARCCOSH].ref = acosh_##sn##__strided, [WT_OP_ARCSINH].ref = asinh_##sn##__strided,    \
     [WT_OP_ARCTANH].ref = atanh_##sn##__strided, [WT_OP_COSH].ref = cosh_##sn##__strided,        \
     [WT_OP_SINH].ref = sinh_##sn##__strided, [WT_OP_CONJ].ref = conj_##sn##__strided,            \
     [WT_OP_ANGLE].ref = angle_##sn##__strided, [WT_OP_WHERE].ref = where_##sn##__strided,        \
     [WT_OP_CLIP].ref = clip_##sn##__strided, [WT_OP_FMA].ref = fma_##sn##__strided,             \
     [WT_OP_LOG2].ref = log2_##sn##__strided, [WT_OP_LOG10].ref = log10_##sn##__strided,          \
     [WT_OP_FMAX].ref = fmax_##sn##__strided, [WT_OP_FMIN].ref = fmin_##sn##__strided,            \
     [WT_OP_ISINF].ref = isinf_##sn##__strided, [WT_OP_EXP2].ref = exp2_##sn##__strided,          \
     [WT_OP_RINT].ref = round_##sn##__strided, [WT_OP_POSITIVE].ref = copy_##sn##__strided
/* SIMD products, W complex numbers per vector: every operand contiguous, or
** one of the two a broadcast scalar; the tail and other layouts run the reference */
#define CX_SIMD(op, sn, T, R, V, W, PROD)                                                        \
    static void op##_##sn##__fast(char **p, const int64_t *s, int64_t n) {                        \
        const int64_t z = (int64_t)sizeof(T);                                                     \
        R *o = (R *)(void *)p[0];                                                                 \
        const R *a = (const R *)(const void *)p[1], *b = (const R *)(const void *)p[2];           \
        int64_t i = 0;                                                                            \
        if (s[0] == z && s[1] == z && s[2] == z)                                                  \
            for (; i + W <= n; i += W) V##_store(o + 2 * i, PROD(V##_load(a + 2 * i), V##_load(b + 2 * i))); \
        else if (s[0] == z && s[1] == z && s[2] == 0)                                             \
            for (V##_t vb = V##_load_pair_splat(b); i + W <= n; i += W)                            \
                V##_store(o + 2 * i, PROD(V##_load(a + 2 * i), vb));                              \
        else if (s[0] == z && s[1] == 0 && s[2] == z)                                             \
            for (V##_t va = V##_load_pair_splat(a); i + W <= n; i += W)                            \
                V##_store(o + 2 * i, PROD(va, V##_load(b + 2 * i)));                              \
        char *q[3] = {p[0] + i * s[0], p[1] + i * s[1], p[2] + i * s[2]};                         \
        op##_##sn##__strided(q, s, n - i);                                                        \
    }
CX_SIMD(mul, c64, wt_c64, float, wt_vf32, 2, wt_vf32_cmul)
CX_SIMD(mul, c128, wt_c128, double, wt_vf64, 1, wt_vf64_cmul)
/* square: a unary kernel, run as the product of its input with itself */
#define CX_SQUARE_FAST(sn, T)                                                                    \
    static void square_##sn##__fast(char **p, const int64_t *s, int64_t n) {                     \
        char *q[3] = {p[0], p[1], p[1]};                                                          \
        const int64_t t[3] = {s[0], s[1], s[1]};                                                  \
        if (s[0] == (int64_t)sizeof(T) && s[1] == (int64_t)sizeof(T)) mul_##sn##__fast(q, t, n);  \
        else square_##sn##__strided(p, s, n);                                                     \
    }
CX_SQUARE_FAST(c64, wt_c64)
CX_SQUARE_FAST(c128, wt_c128)

/* abs over contiguous values: the reference's arithmetic in a loop of its own, which
** the compiler vectorizes (the same operations per lane: the same bits) */
#define CX_ABS_FAST(sn, T, R)                                                                    \
    static void abs_##sn##__fast(char **p, const int64_t *s, int64_t n) {                        \
        if (s[0] != (int64_t)sizeof(R) || s[1] != (int64_t)sizeof(T)) {                           \
            abs_##sn##__strided(p, s, n);                                                         \
            return;                                                                               \
        }                                                                                         \
        R *restrict o = (R *)(void *)p[0];                                                                 \
        const R *restrict a = (const R *)(const void *)p[1];                                               \
        for (int64_t i = 0; i < n; i++) o[i] = abs_##sn(mk_##sn(a[2 * i], a[2 * i + 1]));          \
    }
CX_ABS_FAST(c64, wt_c64, float)
CX_ABS_FAST(c128, wt_c128, double)
/* z ** 2 with one exponent for the whole run (a scalar's, broadcast): NumPy's nc_pow,
** one product, and +0 for a zero base; other exponents run the reference */
#define CX_POW_FAST(sn, T, R)                                                                    \
    static void pow_##sn##__fast(char **p, const int64_t *s, int64_t n) {                        \
        T b;                                                                                      \
        if (s[2] == 0 && n > 0) memcpy(&b, p[2], sizeof b);                                       \
        if (s[2] != 0 || n == 0 || b.re != 2 || b.im != 0 || s[0] != (int64_t)sizeof(T) ||       \
            s[1] != (int64_t)sizeof(T)) {                                                         \
            pow_##sn##__strided(p, s, n);                                                         \
            return;                                                                               \
        }                                                                                         \
        R *o = (R *)(void *)p[0];                                                                 \
        const R *a = (const R *)(const void *)p[1];                                               \
        for (int64_t i = 0; i < n; i++) {                                                         \
            R x = a[2 * i], y = a[2 * i + 1], zero = x == 0 && y == 0;                            \
            o[2 * i] = zero ? 0 : x * x - y * y;                                                  \
            o[2 * i + 1] = zero ? 0 : x * y + y * x;                                              \
        }                                                                                         \
    }
CX_POW_FAST(c64, wt_c64, float)
CX_POW_FAST(c128, wt_c128, double)

#define CX_FAST(sn)                                                                              \
    [WT_OP_MUL].fast = mul_##sn##__fast, [WT_OP_SQUARE].fast = square_##sn##__fast,               \
    [WT_OP_ABS].fast = abs_##sn##__fast, [WT_OP_POW].fast = pow_##sn##__fast
static const wt_kernel_pair rows[2][WT_NOPS] = {{CX_ROW(c64), CX_FAST(c64)}, {CX_ROW(c128), CX_FAST(c128)}};

/* ---- reductions ------------------------------------------------------------- */

/* NumPy's pairwise sum of complex values: over the interleaved parts, with
** 8 accumulators holding 4 values' (re, im), blocks of 64 values, halves
** split at multiples of 4 values */
#define CX_PAIRWISE(sn, T, R)                                                                    \
    static T pairwise_##sn(const char *p, int64_t s, int64_t n) {                                \
        T x, res = mk_##sn(0, 0);                                                                 \
        if (n < 4) {                                                                              \
            for (int64_t i = 0; i < n; i++, p += s) memcpy(&x, p, sizeof x), res = add_##sn(res, x); \
            return res;                                                                           \
        }                                                                                         \
        if (n <= 64) {                                                                            \
            T r[4];                                                                               \
            for (int j = 0; j < 4; j++) memcpy(&r[j], p + j * s, sizeof x);                       \
            int64_t i = 4;                                                                        \
            for (; i + 4 <= n; i += 4)                                                            \
                for (int j = 0; j < 4; j++) memcpy(&x, p + (i + j) * s, sizeof x), r[j] = add_##sn(r[j], x); \
            res = add_##sn(add_##sn(r[0], r[1]), add_##sn(r[2], r[3]));                           \
            for (; i < n; i++) memcpy(&x, p + i * s, sizeof x), res = add_##sn(res, x);           \
            return res;                                                                           \
        }                                                                                         \
        int64_t h = n / 2;                                                                        \
        h -= h % 4;                                                                               \
        return add_##sn(pairwise_##sn(p, s, h), pairwise_##sn(p + h * s, s, n - h));              \
    }
CX_PAIRWISE(c64, wt_c64, float)
CX_PAIRWISE(c128, wt_c128, double)

#define CX_ACCUMS(sn, T)                                                                         \
    SEQ_FOLD(sn, T, mul_##sn) SEQ_FOLD(sn, T, max_##sn) SEQ_FOLD(sn, T, min_##sn)                 \
    ACCUM(acc_sum_##sn, T, add_##sn, add_##sn(a, pairwise_##sn(src, ss, n)))                      \
    ACCUM(acc_prod_##sn, T, mul_##sn, seqfold_mul_##sn(a, src, ss, n))                            \
    ACCUM(acc_max_##sn, T, max_##sn, seqfold_max_##sn(a, src, ss, n))                             \
    ACCUM(acc_min_##sn, T, min_##sn, seqfold_min_##sn(a, src, ss, n))
CX_ACCUMS(c64, wt_c64)
CX_ACCUMS(c128, wt_c128)
#define CX_ACC_ROW(sn)                                                                           \
    {[WT_REDUCE_SUM] = {acc_sum_##sn, NULL}, [WT_REDUCE_PROD] = {acc_prod_##sn, NULL},            \
     [WT_REDUCE_MAX] = {acc_max_##sn, NULL}, [WT_REDUCE_MIN] = {acc_min_##sn, NULL}}
static const wt_accum_pair accums[2][WT_REDUCE_MIN + 1] = {CX_ACC_ROW(c64), CX_ACC_ROW(c128)};
// clang-format on

const wt_kernel_pair *wt_kernels_complex_pair(int op, int dtype) { return &rows[dtype - WT_COMPLEX64][op]; }
const wt_accum_pair *wt_kernels_complex_accum(int rop, int dtype) { return &accums[dtype - WT_COMPLEX64][rop]; }
