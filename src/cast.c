/* cast.c — conversion kernels between every pair of dtypes (NumPy's
** assignment casting).  The strided reference loop of every pair is generated
** from the dtype list; contiguous SIMD kernels cover the common float/int32 pairs
** and are tested against the reference loops. */
#include "core.h"
#include "simd.h"
#include <math.h>
#include <string.h>

const char *wt_simd_name(void) { return WT_SIMD_NAME; }

/* float -> integer: truncate toward zero, then wrap to the target width.
** NaN, infinities and values outside int64 have no wrapped value: 0, except
** that uint64 takes [2^63, 2^64) exactly, as NumPy. */
static inline int64_t f2i(double v) { return (v >= -0x1p63 && v < 0x1p63) ? (int64_t)v : 0; }
static inline uint64_t f2u(double v) { return (v >= 0x1p63 && v < 0x1p64) ? (uint64_t)v : (uint64_t)f2i(v); }

/* float16 as NumPy's npy_half_to_float / npy_double_to_half: exact one way,
** rounded once to nearest even the other (from any source: through double,
** which holds every float32 and every integer small enough to be finite) */
float wt_half_to_float(uint16_t h) {
    uint32_t s = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 31u, m = h & 1023u, b;
    if (e == 0) { /* zero or subnormal: m units of 2^-24 */
        float f = ldexpf((float)m, -24);
        return s ? -f : f;
    }
    b = s | (e == 31 ? 0x7f800000u : (e + 112) << 23) | m << 13; /* infinities and NaN keep their payload */
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

uint16_t wt_half_from_double(double v) { /* on the bits: no libm, so every float16 op's rounding is cheap */
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    uint16_t s = (uint16_t)(b >> 48 & 0x8000u);
    int e = (int)(b >> 52 & 0x7ff);
    uint64_t m = b & ((UINT64_C(1) << 52) - 1);
    if (e == 0x7ff) { /* infinities; NaN keeps its payload's top bits and stays NaN */
        uint16_t hm = (uint16_t)(m >> 42);
        return (uint16_t)(s | 0x7c00u | (m && !hm ? 1u : hm));
    }
    int he = e - 1023 + 15; /* the half's biased exponent */
    if (he >= 31) return (uint16_t)(s | 0x7c00u);
    uint64_t q, rem, half;
    if (he <= 0) {                /* a subnormal half (or zero): units of 2^-24 */
        int shift = 1051 - e;     /* 43 or more */
        if (shift > 53) return s; /* below half the least subnormal (or exactly it: ties to even 0) */
        uint64_t mm = m | UINT64_C(1) << 52;
        q = mm >> shift, rem = mm & ((UINT64_C(1) << shift) - 1), half = UINT64_C(1) << (shift - 1);
        if (rem > half || (rem == half && (q & 1))) q++; /* 1024: the least normal */
        return (uint16_t)(s | q);
    }
    q = m >> 42, rem = m & ((UINT64_C(1) << 42) - 1), half = UINT64_C(1) << 41;
    if (rem > half || (rem == half && (q & 1))) q++;
    if (q == 1024) q = 0, he++; /* the significand carried into the exponent */
    if (he >= 31) return (uint16_t)(s | 0x7c00u);
    return (uint16_t)(s | he << 10 | q);
}

/* conversion by (destination kind, source kind): B bool, I integer, F float, H float16 bits */
#define CV_BB(T, x) (T)(x) /* bool to bool copies the byte, as NumPy */
#define CV_BI(T, x) (T)((x) != 0)
#define CV_BF(T, x) (T)((x) != 0)
#define CV_IB(T, x) (T)(x)
#define CV_II(T, x) (T)(x) /* narrowing wraps (two's complement) */
#define CV_IF(T, x) (T)((T)-1 > 0 && sizeof(T) == 8 ? f2u((double)(x)) : (uint64_t)f2i((double)(x)))
#define CV_FB(T, x) (T)(x)
#define CV_FI(T, x) (T)(x)
#define CV_FF(T, x) (T)(x)
#define CV_HH(T, x) (T)(x)
#define CV_HB(T, x) (T)((x) ? 0x3c00u : 0u)
#define CV_HI(T, x) (T) wt_half_from_double((double)(x))
#define CV_HF(T, x) (T) wt_half_from_double((double)(x))
#define CV_BH(T, x) (T)(((x)&0x7fffu) != 0)
#define CV_IH(T, x) CV_IF(T, wt_half_to_float(x))
#define CV_FH(T, x) (T) wt_half_to_float(x)
/* complex to bool: either part nonzero (the other complex casts are composed below) */
#define CV_BC(T, x) (T)((x).re != 0 || (x).im != 0)

#define SRC_TYPES WT_DTYPE_LIST
#define DST_TYPES WT_DTYPE_LIST_WITH

#define UNPACK(...) __VA_ARGS__
#define APPLY(m, args) m args /* expands UNPACK before m counts its arguments */
#define ROW(se, sn, ST, sk) DST_TYPES(CELL, (se, sn, ST, sk))
#define CELL(S, de, dn, DT, dk) APPLY(CELL_, (UNPACK S, de, dn, DT, dk))

/* called by the composed complex casts: one copy of each loop, not one per caller */

/* the strided reference loop for one pair; memcpy keeps unaligned wrapped
** memory legal and compiles to plain loads */
#define LOOP(sn, ST, sk, dn, DT, dk)                                                                      \
    WT_NOINLINE static void cast_##sn##_##dn(const char *s, int64_t ss, char *d, int64_t ds, int64_t n) { \
        for (int64_t i = 0; i < n; i++, s += ss, d += ds) {                                               \
            ST x;                                                                                         \
            memcpy(&x, s, sizeof x);                                                                      \
            DT y = CV_##dk##sk(DT, x);                                                                    \
            memcpy(d, &y, sizeof y);                                                                      \
        }                                                                                                 \
    }
/* Complex casts are the real casts of their parts, so that complex adds a
** handful of small functions, not a loop per pair: a real value into complex
** is the cast into the parts' dtype at the real part, then an imaginary 0;
** complex into a real dtype casts the real part (NumPy's unsafe cast, which
** warns there); complex into complex casts each part. */
#define PART_c64 f32
#define PART_c128 f64
#define PART_SIZE_c64 4
#define PART_SIZE_c128 8
#define CAST_(a, b) cast_##a##_##b
#define CAST(a, b) CAST_(a, b) /* expands PART_x first */
/* the imaginary parts (z bytes each, stride ds) of n complex values: 0 */
WT_NOINLINE static void zero_parts(char *d, int64_t ds, int64_t n, size_t z) {
    for (int64_t i = 0; i < n; i++) memset(d + i * ds, 0, z);
}
#define TO_C(sn, ST, dn, DT)                                                                  \
    static void cast_##sn##_##dn(const char *s, int64_t ss, char *d, int64_t ds, int64_t n) { \
        CAST(sn, PART_##dn)(s, ss, d, ds, n);                                                 \
        zero_parts(d + PART_SIZE_##dn, ds, n, PART_SIZE_##dn);                                \
    }
#define FROM_C(sn, ST, dn, DT)                                                                \
    static void cast_##sn##_##dn(const char *s, int64_t ss, char *d, int64_t ds, int64_t n) { \
        CAST(PART_##sn, dn)(s, ss, d, ds, n);                                                 \
    }
#define C_TO_C(sn, ST, dn, DT)                                                                \
    static void cast_##sn##_##dn(const char *s, int64_t ss, char *d, int64_t ds, int64_t n) { \
        CAST(PART_##sn, PART_##dn)(s, ss, d, ds, n);                                          \
        CAST(PART_##sn, PART_##dn)(s + PART_SIZE_##sn, ss, d + PART_SIZE_##dn, ds, n);        \
    }
/* by (source kind, destination kind) */
#define PAIR_BB LOOP
#define PAIR_BI LOOP
#define PAIR_BF LOOP
#define PAIR_BH LOOP
#define PAIR_IB LOOP
#define PAIR_II LOOP
#define PAIR_IF LOOP
#define PAIR_IH LOOP
#define PAIR_FB LOOP
#define PAIR_FI LOOP
#define PAIR_FF LOOP
#define PAIR_FH LOOP
#define PAIR_HB LOOP
#define PAIR_HI LOOP
#define PAIR_HF LOOP
#define PAIR_HH LOOP
#define PAIR_CB LOOP
#define PAIR_BC(sn, ST, sk, dn, DT, dk) TO_C(sn, ST, dn, DT)
#define PAIR_IC(sn, ST, sk, dn, DT, dk) TO_C(sn, ST, dn, DT)
#define PAIR_FC(sn, ST, sk, dn, DT, dk) TO_C(sn, ST, dn, DT)
#define PAIR_HC(sn, ST, sk, dn, DT, dk) TO_C(sn, ST, dn, DT)
#define PAIR_CI(sn, ST, sk, dn, DT, dk) FROM_C(sn, ST, dn, DT)
#define PAIR_CF(sn, ST, sk, dn, DT, dk) FROM_C(sn, ST, dn, DT)
#define PAIR_CH(sn, ST, sk, dn, DT, dk) FROM_C(sn, ST, dn, DT)
#define PAIR_CC(sn, ST, sk, dn, DT, dk) C_TO_C(sn, ST, dn, DT)
#define CELL_(se, sn, ST, sk, de, dn, DT, dk) PAIR_##sk##dk(sn, ST, sk, dn, DT, dk)
SRC_TYPES(ROW)
#undef CELL_

#define CELL_(se, sn, ST, sk, de, dn, DT, dk) [se][de] = cast_##sn##_##dn,
static const wt_cast_fn ref_table[WT_NDTYPES][WT_NDTYPES] = {SRC_TYPES(ROW)};
#undef CELL_

/* ---- contiguous SIMD kernels ------------------------------------------- */

/* A kernel body converts 4 elements from s+i to d+i; the scalar tail and any
** strided call fall back to the reference loop of the same pair. */
#define SIMD_CAST(sn, ST, dn, DT, BODY)                                                       \
    static void simd_##sn##_##dn(const char *s, int64_t ss, char *d, int64_t ds, int64_t n) { \
        if (ss != (int64_t)sizeof(ST) || ds != (int64_t)sizeof(DT)) {                         \
            cast_##sn##_##dn(s, ss, d, ds, n);                                                \
            return;                                                                           \
        }                                                                                     \
        const ST *src = (const ST *)(const void *)s;                                          \
        DT *dst = (DT *)(void *)d;                                                            \
        int64_t i = 0;                                                                        \
        for (; i + 4 <= n; i += 4) { BODY; }                                                  \
        cast_##sn##_##dn((const char *)(src + i), ss, (char *)(dst + i), ds, n - i);          \
    }

SIMD_CAST(f32, float, f64, double, {
    wt_vf32_t v = wt_vf32_load(src + i);
    wt_vf64_store(dst + i, wt_vf64_from_vf32_lo(v));
    wt_vf64_store(dst + i + 2, wt_vf64_from_vf32_hi(v));
})
SIMD_CAST(f64, double, f32, float,
          wt_vf32_store(dst + i, wt_vf32_from_vf64x2(wt_vf64_load(src + i), wt_vf64_load(src + i + 2))))
SIMD_CAST(i32, int32_t, f32, float, wt_vf32_store(dst + i, wt_vf32_from_vi32(wt_vi32_load(src + i))))
SIMD_CAST(i32, int32_t, f64, double, {
    wt_vi32_t v = wt_vi32_load(src + i);
    wt_vf64_store(dst + i, wt_vf64_from_vi32_lo(v));
    wt_vf64_store(dst + i + 2, wt_vf64_from_vi32_hi(v));
})

/* float16 -> float32, four lanes, exactly as wt_half_to_float: normal
** values and infinities/NaN by moving the bits (rebiasing the exponent),
** subnormals and zeros as float(m) * 2^-24, then the sign */
static inline wt_vf32_t half4_to_f32(const uint16_t *p) {
    wt_vi32_t h = wt_vi32_load_u16x4(p), em = wt_vi32_and(h, wt_vi32_splat(0x7fff));
    wt_vi32_t sign = wt_vi32_shl(wt_vi32_and(h, wt_vi32_splat(0x8000)), 16);
    wt_vi32_t bits = wt_vi32_add(wt_vi32_shl(em, 13), wt_vi32_splat(0x38000000)); /* exponent + 112 */
    wt_vi32_t top = wt_mf32_bits(wt_vi32_gt(em, wt_vi32_splat(0x7bff)));          /* infinities, NaN: 255 */
    bits = wt_vi32_add(bits, wt_vi32_and(top, wt_vi32_splat(0x38000000)));
    wt_vf32_t sub = wt_vf32_mul(wt_vf32_from_vi32(em), wt_vf32_splat(0x1p-24f));
    wt_vf32_t r = wt_vf32_select(wt_vi32_gt(wt_vi32_splat(0x400), em), sub, wt_vi32_as_f32(bits));
    return wt_vi32_as_f32(wt_vi32_or(wt_vf32_bits(r), sign));
}
SIMD_CAST(f16, uint16_t, f32, float, wt_vf32_store(dst + i, half4_to_f32(src + i)))

/* float32 -> float16, four lanes, exactly as wt_half_from_double: normal
** halves round to nearest even by adding 0xfff plus the kept lowest bit
** (a carry may reach the exponent, correctly), subnormal ones by adding 0.5
** in float32, whose ulp there is the half's 2^-24; then overflow, NaN, sign */
static inline void f32x4_to_half(uint16_t *p, wt_vf32_t f) {
    wt_vi32_t x = wt_vf32_bits(f), a = wt_vi32_and(x, wt_vi32_splat(0x7fffffff));
    wt_vi32_t sign = wt_vi32_and(wt_vi32_srl(x, 16), wt_vi32_splat(0x8000));
    wt_vi32_t odd = wt_vi32_and(wt_vi32_srl(a, 13), wt_vi32_splat(1));
    wt_vi32_t normal = wt_vi32_srl(wt_vi32_add(wt_vi32_add(a, wt_vi32_splat((int32_t)0xc8000fff)), odd), 13);
    wt_vi32_t sub =
        wt_vi32_sub(wt_vf32_bits(wt_vf32_add(wt_vi32_as_f32(a), wt_vf32_splat(0.5f))), wt_vi32_splat(0x3f000000));
    wt_vf32_t r = wt_vf32_select(wt_vi32_gt(wt_vi32_splat(0x38800000), a), wt_vi32_as_f32(sub), wt_vi32_as_f32(normal));
    r = wt_vf32_select(wt_vi32_gt(a, wt_vi32_splat(0x477fefff)), wt_vi32_as_f32(wt_vi32_splat(0x7c00)), r);
    /* NaN: quieted as float -> double quiets it, then the payload's top bits */
    wt_vi32_t nan = wt_vi32_or(wt_vi32_splat(0x7e00), wt_vi32_and(wt_vi32_srl(a, 13), wt_vi32_splat(0x3ff)));
    r = wt_vf32_select(wt_vi32_gt(a, wt_vi32_splat(0x7f800000)), wt_vi32_as_f32(nan), r);
    wt_vi32_store_u16x4(p, wt_vi32_or(wt_vf32_bits(r), sign));
}
SIMD_CAST(f32, float, f16, uint16_t, f32x4_to_half(dst + i, wt_vf32_load(src + i)))

/* Same-dtype copies: memcpy when both sides are dense, a splat store when
** the source is one broadcast element (fills), else the reference loop. */
#define COPY(sn, T, SPLAT)                                                             \
    static void copy_##sn(const char *s, int64_t ss, char *d, int64_t ds, int64_t n) { \
        if (ss == (int64_t)sizeof(T) && ds == (int64_t)sizeof(T)) {                    \
            memcpy(d, s, (size_t)n * sizeof(T));                                       \
        } else if (ss == 0 && ds == (int64_t)sizeof(T)) {                              \
            T x;                                                                       \
            memcpy(&x, s, sizeof x);                                                   \
            int64_t i = 0;                                                             \
            SPLAT;                                                                     \
            for (; i < n; i++) memcpy(d + i * (int64_t)sizeof(T), &x, sizeof x);       \
        } else {                                                                       \
            cast_##sn##_##sn(s, ss, d, ds, n);                                         \
        }                                                                              \
    }
COPY(b8, uint8_t, )
COPY(i8, int8_t, )
COPY(u8, uint8_t, )
COPY(i16, int16_t, )
COPY(u16, uint16_t, )
COPY(i32, int32_t, )
COPY(u32, uint32_t, )
COPY(i64, int64_t, )
COPY(u64, uint64_t, )
COPY(f16, uint16_t, )
COPY(f32, float, for (wt_vf32_t v = wt_vf32_splat(x); i + 4 <= n; i += 4) wt_vf32_store((float *)(void *)d + i, v))
COPY(f64, double, for (wt_vf64_t v = wt_vf64_splat(x); i + 2 <= n; i += 2) wt_vf64_store((double *)(void *)d + i, v))
COPY(c64, wt_c64, )
COPY(c128, wt_c128, )

wt_cast_fn wt_cast_get_ref(int from, int to) { return ref_table[from][to]; }

wt_cast_fn wt_cast_get(int from, int to) {
#define COPY_ENTRY(e, sn, T, k) [e] = copy_##sn,
    static const wt_cast_fn copies[WT_NDTYPES] = {WT_DTYPE_LIST(COPY_ENTRY)};
    if (from == to) return copies[from];
    if (from == WT_FLOAT32 && to == WT_FLOAT64) return simd_f32_f64;
    if (from == WT_FLOAT64 && to == WT_FLOAT32) return simd_f64_f32;
    if (from == WT_INT32 && to == WT_FLOAT32) return simd_i32_f32;
    if (from == WT_INT32 && to == WT_FLOAT64) return simd_i32_f64;
    if (from == WT_FLOAT16 && to == WT_FLOAT32) return simd_f16_f32;
    if (from == WT_FLOAT32 && to == WT_FLOAT16) return simd_f32_f16;
    return ref_table[from][to];
}

void wt_cast_store_f64(int dtype, void *p, double v) { wt_cast_one(WT_FLOAT64, &v, dtype, p); }

double wt_cast_load_f64(int dtype, const void *p) {
    double v;
    wt_cast_one(dtype, p, WT_FLOAT64, &v);
    return v;
}
