/* simd.h — the one SIMD vocabulary.  Kernels are written once against these
** names and compile to wasm SIMD128 (__wasm_simd128__), SSE2 (x86-64) or GCC
** vector extensions (anything else, or WT_FORCE_GENERIC_SIMD).
**
**   wt_vf32_t  4 x float32     wt_vf64_t  2 x float64     wt_vi32_t  4 x int32
**   wt_mf32_t / wt_mf64_t      lane masks (all ones or all zeros per lane)
**
** Semantics are the scalar C ones, lane by lane, so a kernel and its scalar
** reference agree bit for bit: loads and stores are unaligned; conversions
** round to nearest; max/min are built from compare-and-select exactly as the
** scalar `a != a ? a : b != b ? b : a > b ? a : b` (NaN propagates, first
** operand wins ties), never from an ISA's own max with its own NaN rules.
** pmin/pmax are the cheap forms `b < a ? b : a` / `a < b ? b : a`: one
** instruction on wasm and SSE, and a NaN in the first operand survives. */
#ifndef WT_SIMD_H
#define WT_SIMD_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#if defined(__wasm_simd128__) && !defined(WT_FORCE_GENERIC_SIMD)
#include <wasm_simd128.h>
#ifdef __wasm_relaxed_simd__
#define WT_SIMD_NAME "wasm_relaxed_simd" /* the relaxed build: see wt_vf32_madd */
#else
#define WT_SIMD_NAME "wasm_simd128"
#endif
typedef v128_t wt_vf32_t, wt_vf64_t, wt_vi32_t, wt_vi64_t, wt_mf32_t, wt_mf64_t;
/* float32 */
static inline wt_vf32_t wt_vf32_load(const float *p) { return wasm_v128_load(p); }
static inline void wt_vf32_store(float *p, wt_vf32_t v) { wasm_v128_store(p, v); }
static inline wt_vf32_t wt_vf32_splat(float x) { return wasm_f32x4_splat(x); }
static inline wt_vf32_t wt_vf32_load_splat(const float *p) { return wasm_v128_load32_splat(p); }
static inline wt_vf32_t wt_vf32_add(wt_vf32_t a, wt_vf32_t b) { return wasm_f32x4_add(a, b); }
static inline wt_vf32_t wt_vf32_sub(wt_vf32_t a, wt_vf32_t b) { return wasm_f32x4_sub(a, b); }
static inline wt_vf32_t wt_vf32_mul(wt_vf32_t a, wt_vf32_t b) { return wasm_f32x4_mul(a, b); }
static inline wt_vf32_t wt_vf32_div(wt_vf32_t a, wt_vf32_t b) { return wasm_f32x4_div(a, b); }
static inline wt_vf32_t wt_vf32_sqrt(wt_vf32_t a) { return wasm_f32x4_sqrt(a); }
static inline wt_vf32_t wt_vf32_pmin(wt_vf32_t a, wt_vf32_t b) { return wasm_f32x4_pmin(a, b); }
static inline wt_vf32_t wt_vf32_pmax(wt_vf32_t a, wt_vf32_t b) { return wasm_f32x4_pmax(a, b); }
static inline wt_mf32_t wt_vf32_gt(wt_vf32_t a, wt_vf32_t b) { return wasm_f32x4_gt(a, b); }
static inline wt_mf32_t wt_vf32_lt(wt_vf32_t a, wt_vf32_t b) { return wasm_f32x4_lt(a, b); }
static inline wt_mf32_t wt_vf32_eq(wt_vf32_t a, wt_vf32_t b) { return wasm_f32x4_eq(a, b); }
static inline wt_mf32_t wt_vf32_isnan(wt_vf32_t a) { return wasm_f32x4_ne(a, a); }
static inline wt_vf32_t wt_vf32_select(wt_mf32_t m, wt_vf32_t a, wt_vf32_t b) { return wasm_v128_bitselect(a, b, m); }
static inline wt_vf32_t wt_vf32_xor(wt_vf32_t a, wt_vf32_t b) { return wasm_v128_xor(a, b); }
static inline wt_vf32_t wt_vf32_and(wt_vf32_t a, wt_vf32_t b) { return wasm_v128_and(a, b); }
static inline wt_vf32_t wt_vf32_andnot(wt_vf32_t a, wt_vf32_t b) { return wasm_v128_andnot(b, a); } /* ~a & b */
static inline int wt_mf32_any(wt_mf32_t m) { return wasm_v128_any_true(m); }
static inline int wt_mf32_all(wt_mf32_t m) { return wasm_i32x4_all_true(m); }
static inline wt_mf32_t wt_mf32_or(wt_mf32_t a, wt_mf32_t b) { return wasm_v128_or(a, b); }
static inline wt_vi32_t wt_mf32_bits(wt_mf32_t m) { return m; }
/* float64 */
static inline wt_vf64_t wt_vf64_load(const double *p) { return wasm_v128_load(p); }
static inline void wt_vf64_store(double *p, wt_vf64_t v) { wasm_v128_store(p, v); }
static inline wt_vf64_t wt_vf64_splat(double x) { return wasm_f64x2_splat(x); }
static inline wt_vf64_t wt_vf64_load_splat(const double *p) { return wasm_v128_load64_splat(p); }
static inline wt_vf64_t wt_vf64_add(wt_vf64_t a, wt_vf64_t b) { return wasm_f64x2_add(a, b); }
static inline wt_vf64_t wt_vf64_sub(wt_vf64_t a, wt_vf64_t b) { return wasm_f64x2_sub(a, b); }
static inline wt_vf64_t wt_vf64_mul(wt_vf64_t a, wt_vf64_t b) { return wasm_f64x2_mul(a, b); }
static inline wt_vf64_t wt_vf64_div(wt_vf64_t a, wt_vf64_t b) { return wasm_f64x2_div(a, b); }
static inline wt_vf64_t wt_vf64_sqrt(wt_vf64_t a) { return wasm_f64x2_sqrt(a); }
static inline wt_mf64_t wt_vf64_gt(wt_vf64_t a, wt_vf64_t b) { return wasm_f64x2_gt(a, b); }
static inline wt_mf64_t wt_vf64_lt(wt_vf64_t a, wt_vf64_t b) { return wasm_f64x2_lt(a, b); }
static inline wt_mf64_t wt_vf64_isnan(wt_vf64_t a) { return wasm_f64x2_ne(a, a); }
static inline wt_vf64_t wt_vf64_select(wt_mf64_t m, wt_vf64_t a, wt_vf64_t b) { return wasm_v128_bitselect(a, b, m); }
static inline wt_vf64_t wt_vf64_xor(wt_vf64_t a, wt_vf64_t b) { return wasm_v128_xor(a, b); }
static inline wt_vf64_t wt_vf64_andnot(wt_vf64_t a, wt_vf64_t b) { return wasm_v128_andnot(b, a); }
/* int32 and bit casts */
static inline wt_vi64_t wt_vi64_load(const int64_t *p) { return wasm_v128_load(p); }
static inline void wt_vi64_store(int64_t *p, wt_vi64_t v) { wasm_v128_store(p, v); }
static inline wt_vi64_t wt_vi64_splat(int64_t x) { return wasm_i64x2_splat(x); }
static inline wt_vi64_t wt_vi64_add(wt_vi64_t a, wt_vi64_t b) { return wasm_i64x2_add(a, b); }
static inline wt_vi64_t wt_vi64_sub(wt_vi64_t a, wt_vi64_t b) { return wasm_i64x2_sub(a, b); }
/* signed 64-bit comparisons: lane masks */
static inline wt_vi64_t wt_vi64_eq(wt_vi64_t a, wt_vi64_t b) { return wasm_i64x2_eq(a, b); }
static inline wt_vi64_t wt_vi64_gt(wt_vi64_t a, wt_vi64_t b) { return wasm_i64x2_gt(a, b); }
static inline wt_vi64_t wt_vi64_xor(wt_vi64_t a, wt_vi64_t b) { return wasm_v128_xor(a, b); }
static inline wt_vi64_t wt_vi64_select(wt_vi64_t m, wt_vi64_t a, wt_vi64_t b) { return wasm_v128_bitselect(a, b, m); }
/* four vectors of 64-bit lane masks -> 8 bools (bytes 0 or 1) */
static inline void wt_vi64_pack8(wt_vi64_t m0, wt_vi64_t m1, wt_vi64_t m2, wt_vi64_t m3, uint8_t *out) {
    v128_t a = wasm_i32x4_shuffle(m0, m1, 0, 2, 4, 6), b = wasm_i32x4_shuffle(m2, m3, 0, 2, 4, 6);
    v128_t h = wasm_i16x8_narrow_i32x4(a, b), bytes = wasm_i8x16_narrow_i16x8(h, h);
    wasm_v128_store64_lane(out, wasm_v128_and(bytes, wasm_i8x16_splat(1)), 0);
}
static inline wt_vi32_t wt_vi32_load(const int32_t *p) { return wasm_v128_load(p); }
static inline void wt_vi32_store(int32_t *p, wt_vi32_t v) { wasm_v128_store(p, v); }
static inline wt_vi32_t wt_vi32_splat(int32_t x) { return wasm_i32x4_splat(x); }
static inline wt_vi32_t wt_vi32_add(wt_vi32_t a, wt_vi32_t b) { return wasm_i32x4_add(a, b); }
static inline wt_vi32_t wt_vi32_sub(wt_vi32_t a, wt_vi32_t b) { return wasm_i32x4_sub(a, b); }
static inline wt_vi32_t wt_vi32_and(wt_vi32_t a, wt_vi32_t b) { return wasm_v128_and(a, b); }
static inline wt_vi32_t wt_vi32_or(wt_vi32_t a, wt_vi32_t b) { return wasm_v128_or(a, b); }
static inline wt_vi32_t wt_vi32_shl(wt_vi32_t a, int n) { return wasm_i32x4_shl(a, (uint32_t)n); }
static inline wt_vi32_t wt_vi32_sra(wt_vi32_t a, int n) { return wasm_i32x4_shr(a, (uint32_t)n); }
static inline wt_vi32_t wt_vi32_srl(wt_vi32_t a, int n) { return wasm_u32x4_shr(a, (uint32_t)n); }
static inline wt_mf32_t wt_vi32_eq(wt_vi32_t a, wt_vi32_t b) { return wasm_i32x4_eq(a, b); }
static inline wt_mf32_t wt_vi32_gt(wt_vi32_t a, wt_vi32_t b) { return wasm_i32x4_gt(a, b); }
static inline wt_vi32_t wt_vi32_load_u16x4(const uint16_t *p) { return wasm_u32x4_load16x4(p); }
static inline void wt_vi32_store_u16x4(uint16_t *p, wt_vi32_t v) { /* each lane's low 16 bits */
    int64_t lo =
        wasm_i64x2_extract_lane(wasm_i8x16_shuffle(v, v, 0, 1, 4, 5, 8, 9, 12, 13, 0, 1, 4, 5, 8, 9, 12, 13), 0);
    memcpy(p, &lo, sizeof lo);
}
static inline wt_vi32_t wt_vf32_bits(wt_vf32_t v) { return v; }
static inline wt_vf32_t wt_vi32_as_f32(wt_vi32_t v) { return v; }
static inline wt_vf32_t wt_vf32_from_vi32(wt_vi32_t v) { return wasm_f32x4_convert_i32x4(v); }
static inline wt_vf64_t wt_vf64_from_vf32_lo(wt_vf32_t v) { return wasm_f64x2_promote_low_f32x4(v); }
static inline wt_vf64_t wt_vf64_from_vf32_hi(wt_vf32_t v) {
    return wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 2, 3, 2, 3));
}
static inline wt_vf64_t wt_vf64_from_vi32_lo(wt_vi32_t v) { return wasm_f64x2_convert_low_i32x4(v); }
static inline wt_vf64_t wt_vf64_from_vi32_hi(wt_vi32_t v) {
    return wasm_f64x2_convert_low_i32x4(wasm_i32x4_shuffle(v, v, 2, 3, 2, 3));
}
/* two f64x2 -> one f32x4 (lo lanes from a, hi lanes from b) */
static inline wt_vf32_t wt_vf32_from_vf64x2(wt_vf64_t a, wt_vf64_t b) {
    return wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(a), wasm_f32x4_demote_f64x2_zero(b), 0, 1, 4, 5);
}
/* complex (re, im) pairs: each pair's re or im in both its lanes, the pair swapped, the
** lanes of one pair repeated, and the sign bit of each re */
static inline wt_vf32_t wt_vf32_dup_even(wt_vf32_t a) { return wasm_i32x4_shuffle(a, a, 0, 0, 2, 2); }
static inline wt_vf32_t wt_vf32_dup_odd(wt_vf32_t a) { return wasm_i32x4_shuffle(a, a, 1, 1, 3, 3); }
static inline wt_vf32_t wt_vf32_swap_pairs(wt_vf32_t a) { return wasm_i32x4_shuffle(a, a, 1, 0, 3, 2); }
static inline wt_vf32_t wt_vf32_load_pair_splat(const float *p) { return wasm_v128_load64_splat(p); }
static inline wt_vf32_t wt_vf32_sign_even(void) { return wasm_f32x4_make(-0.0f, 0.0f, -0.0f, 0.0f); }
/* the (re, im) pair at p in lanes 0-1 and the one at q in lanes 2-3, and back */
static inline wt_vf32_t wt_vf32_load_pairs(const float *p, const float *q) {
    int64_t a, b;
    memcpy(&a, p, 8), memcpy(&b, q, 8);
    return wasm_i64x2_make(a, b);
}
static inline void wt_vf32_store_pairs(float *p, float *q, wt_vf32_t v) {
    int64_t a = wasm_i64x2_extract_lane(v, 0), b = wasm_i64x2_extract_lane(v, 1);
    memcpy(p, &a, 8), memcpy(q, &b, 8);
}
static inline wt_vf64_t wt_vf64_dup_even(wt_vf64_t a) { return wasm_i64x2_shuffle(a, a, 0, 0); }
static inline wt_vf64_t wt_vf64_dup_odd(wt_vf64_t a) { return wasm_i64x2_shuffle(a, a, 1, 1); }
static inline wt_vf64_t wt_vf64_swap_pairs(wt_vf64_t a) { return wasm_i64x2_shuffle(a, a, 1, 0); }
static inline wt_vf64_t wt_vf64_load_pair_splat(const double *p) { return wasm_v128_load(p); }
static inline wt_vf64_t wt_vf64_sign_even(void) { return wasm_f64x2_make(-0.0, 0.0); }
/* rows r[0..3] of a 4x4 block become its columns */
static inline void wt_vf32_transpose4(wt_vf32_t *r) {
    v128_t t0 = wasm_i32x4_shuffle(r[0], r[1], 0, 4, 1, 5), t1 = wasm_i32x4_shuffle(r[0], r[1], 2, 6, 3, 7);
    v128_t t2 = wasm_i32x4_shuffle(r[2], r[3], 0, 4, 1, 5), t3 = wasm_i32x4_shuffle(r[2], r[3], 2, 6, 3, 7);
    r[0] = wasm_i64x2_shuffle(t0, t2, 0, 2), r[1] = wasm_i64x2_shuffle(t0, t2, 1, 3);
    r[2] = wasm_i64x2_shuffle(t1, t3, 0, 2), r[3] = wasm_i64x2_shuffle(t1, t3, 1, 3);
}

#elif (defined(__SSE2__) || defined(_M_X64)) && !defined(WT_FORCE_GENERIC_SIMD)
#include <emmintrin.h>
#include <xmmintrin.h>
#define WT_SIMD_NAME "sse2"
typedef __m128 wt_vf32_t;
typedef __m128d wt_vf64_t;
typedef __m128i wt_vi32_t;
typedef __m128i wt_vi64_t;
typedef __m128 wt_mf32_t;
typedef __m128d wt_mf64_t;
static inline wt_vf32_t wt_vf32_load(const float *p) { return _mm_loadu_ps(p); }
static inline void wt_vf32_store(float *p, wt_vf32_t v) { _mm_storeu_ps(p, v); }
static inline wt_vf32_t wt_vf32_splat(float x) { return _mm_set1_ps(x); }
static inline wt_vf32_t wt_vf32_load_splat(const float *p) { return _mm_load1_ps(p); }
static inline wt_vf32_t wt_vf32_add(wt_vf32_t a, wt_vf32_t b) { return _mm_add_ps(a, b); }
static inline wt_vf32_t wt_vf32_sub(wt_vf32_t a, wt_vf32_t b) { return _mm_sub_ps(a, b); }
static inline wt_vf32_t wt_vf32_mul(wt_vf32_t a, wt_vf32_t b) { return _mm_mul_ps(a, b); }
static inline wt_vf32_t wt_vf32_div(wt_vf32_t a, wt_vf32_t b) { return _mm_div_ps(a, b); }
static inline wt_vf32_t wt_vf32_sqrt(wt_vf32_t a) { return _mm_sqrt_ps(a); }
static inline wt_vf32_t wt_vf32_pmin(wt_vf32_t a, wt_vf32_t b) { return _mm_min_ps(b, a); }
static inline wt_vf32_t wt_vf32_pmax(wt_vf32_t a, wt_vf32_t b) { return _mm_max_ps(b, a); }
static inline wt_mf32_t wt_vf32_gt(wt_vf32_t a, wt_vf32_t b) { return _mm_cmpgt_ps(a, b); }
static inline wt_mf32_t wt_vf32_lt(wt_vf32_t a, wt_vf32_t b) { return _mm_cmplt_ps(a, b); }
static inline wt_mf32_t wt_vf32_eq(wt_vf32_t a, wt_vf32_t b) { return _mm_cmpeq_ps(a, b); }
static inline wt_mf32_t wt_vf32_isnan(wt_vf32_t a) { return _mm_cmpunord_ps(a, a); }
static inline wt_vf32_t wt_vf32_select(wt_mf32_t m, wt_vf32_t a, wt_vf32_t b) {
    return _mm_or_ps(_mm_and_ps(m, a), _mm_andnot_ps(m, b));
}
static inline wt_vf32_t wt_vf32_xor(wt_vf32_t a, wt_vf32_t b) { return _mm_xor_ps(a, b); }
static inline wt_vf32_t wt_vf32_and(wt_vf32_t a, wt_vf32_t b) { return _mm_and_ps(a, b); }
static inline wt_vf32_t wt_vf32_andnot(wt_vf32_t a, wt_vf32_t b) { return _mm_andnot_ps(a, b); }
static inline int wt_mf32_any(wt_mf32_t m) { return _mm_movemask_ps(m) != 0; }
static inline int wt_mf32_all(wt_mf32_t m) { return _mm_movemask_ps(m) == 15; }
static inline wt_mf32_t wt_mf32_or(wt_mf32_t a, wt_mf32_t b) { return _mm_or_ps(a, b); }
static inline wt_vi32_t wt_mf32_bits(wt_mf32_t m) { return _mm_castps_si128(m); }
static inline wt_vf64_t wt_vf64_load(const double *p) { return _mm_loadu_pd(p); }
static inline void wt_vf64_store(double *p, wt_vf64_t v) { _mm_storeu_pd(p, v); }
static inline wt_vf64_t wt_vf64_splat(double x) { return _mm_set1_pd(x); }
static inline wt_vf64_t wt_vf64_load_splat(const double *p) { return _mm_load1_pd(p); }
static inline wt_vf64_t wt_vf64_add(wt_vf64_t a, wt_vf64_t b) { return _mm_add_pd(a, b); }
static inline wt_vf64_t wt_vf64_sub(wt_vf64_t a, wt_vf64_t b) { return _mm_sub_pd(a, b); }
static inline wt_vf64_t wt_vf64_mul(wt_vf64_t a, wt_vf64_t b) { return _mm_mul_pd(a, b); }
static inline wt_vf64_t wt_vf64_div(wt_vf64_t a, wt_vf64_t b) { return _mm_div_pd(a, b); }
static inline wt_vf64_t wt_vf64_sqrt(wt_vf64_t a) { return _mm_sqrt_pd(a); }
static inline wt_mf64_t wt_vf64_gt(wt_vf64_t a, wt_vf64_t b) { return _mm_cmpgt_pd(a, b); }
static inline wt_mf64_t wt_vf64_lt(wt_vf64_t a, wt_vf64_t b) { return _mm_cmplt_pd(a, b); }
static inline wt_mf64_t wt_vf64_isnan(wt_vf64_t a) { return _mm_cmpunord_pd(a, a); }
static inline wt_vf64_t wt_vf64_select(wt_mf64_t m, wt_vf64_t a, wt_vf64_t b) {
    return _mm_or_pd(_mm_and_pd(m, a), _mm_andnot_pd(m, b));
}
static inline wt_vf64_t wt_vf64_xor(wt_vf64_t a, wt_vf64_t b) { return _mm_xor_pd(a, b); }
static inline wt_vf64_t wt_vf64_andnot(wt_vf64_t a, wt_vf64_t b) { return _mm_andnot_pd(a, b); }
static inline wt_vi64_t wt_vi64_load(const int64_t *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }
static inline void wt_vi64_store(int64_t *p, wt_vi64_t v) { _mm_storeu_si128((__m128i *)(void *)p, v); }
static inline wt_vi64_t wt_vi64_splat(int64_t x) { return _mm_set1_epi64x(x); }
static inline wt_vi64_t wt_vi64_add(wt_vi64_t a, wt_vi64_t b) { return _mm_add_epi64(a, b); }
static inline wt_vi64_t wt_vi64_sub(wt_vi64_t a, wt_vi64_t b) { return _mm_sub_epi64(a, b); }
/* SSE2 has no 64-bit comparison: eq from both 32-bit halves, gt from the sign of b - a
** corrected for overflow (Hacker's Delight 2-12), spread over the lane */
static inline wt_vi64_t wt_vi64_eq(wt_vi64_t a, wt_vi64_t b) {
    __m128i t = _mm_cmpeq_epi32(a, b);
    return _mm_and_si128(t, _mm_shuffle_epi32(t, _MM_SHUFFLE(2, 3, 0, 1)));
}
static inline wt_vi64_t wt_vi64_gt(wt_vi64_t a, wt_vi64_t b) {
    __m128i d = _mm_sub_epi64(b, a);
    __m128i x = _mm_xor_si128(d, _mm_and_si128(_mm_xor_si128(b, a), _mm_xor_si128(d, b)));
    return _mm_shuffle_epi32(_mm_srai_epi32(x, 31), _MM_SHUFFLE(3, 3, 1, 1));
}
static inline wt_vi64_t wt_vi64_xor(wt_vi64_t a, wt_vi64_t b) { return _mm_xor_si128(a, b); }
static inline wt_vi64_t wt_vi64_select(wt_vi64_t m, wt_vi64_t a, wt_vi64_t b) {
    return _mm_or_si128(_mm_and_si128(m, a), _mm_andnot_si128(m, b));
}
static inline void wt_vi64_pack8(wt_vi64_t m0, wt_vi64_t m1, wt_vi64_t m2, wt_vi64_t m3, uint8_t *out) {
    /* each 64-bit mask is two equal 32-bit ones: packed twice, every element's byte comes twice */
    __m128i bytes = _mm_packs_epi16(_mm_packs_epi32(m0, m1), _mm_packs_epi32(m2, m3));
    uint8_t b[16];
    _mm_storeu_si128((__m128i *)(void *)b, _mm_and_si128(bytes, _mm_set1_epi8(1)));
    for (int i = 0; i < 8; i++) out[i] = b[2 * i];
}
static inline wt_vi32_t wt_vi32_load(const int32_t *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }
static inline void wt_vi32_store(int32_t *p, wt_vi32_t v) { _mm_storeu_si128((__m128i *)(void *)p, v); }
static inline wt_vi32_t wt_vi32_splat(int32_t x) { return _mm_set1_epi32(x); }
static inline wt_vi32_t wt_vi32_add(wt_vi32_t a, wt_vi32_t b) { return _mm_add_epi32(a, b); }
static inline wt_vi32_t wt_vi32_sub(wt_vi32_t a, wt_vi32_t b) { return _mm_sub_epi32(a, b); }
static inline wt_vi32_t wt_vi32_and(wt_vi32_t a, wt_vi32_t b) { return _mm_and_si128(a, b); }
static inline wt_vi32_t wt_vi32_or(wt_vi32_t a, wt_vi32_t b) { return _mm_or_si128(a, b); }
static inline wt_vi32_t wt_vi32_shl(wt_vi32_t a, int n) { return _mm_sll_epi32(a, _mm_cvtsi32_si128(n)); }
static inline wt_vi32_t wt_vi32_sra(wt_vi32_t a, int n) { return _mm_sra_epi32(a, _mm_cvtsi32_si128(n)); }
static inline wt_vi32_t wt_vi32_srl(wt_vi32_t a, int n) { return _mm_srl_epi32(a, _mm_cvtsi32_si128(n)); }
static inline wt_mf32_t wt_vi32_eq(wt_vi32_t a, wt_vi32_t b) { return _mm_castsi128_ps(_mm_cmpeq_epi32(a, b)); }
static inline wt_mf32_t wt_vi32_gt(wt_vi32_t a, wt_vi32_t b) { return _mm_castsi128_ps(_mm_cmpgt_epi32(a, b)); }
static inline wt_vi32_t wt_vi32_load_u16x4(const uint16_t *p) {
    return _mm_unpacklo_epi16(_mm_loadl_epi64((const __m128i *)(const void *)p), _mm_setzero_si128());
}
static inline void wt_vi32_store_u16x4(uint16_t *p, wt_vi32_t v) { /* low 16 bits, sign-extended: packs keeps them */
    __m128i s = _mm_srai_epi32(_mm_slli_epi32(v, 16), 16);
    _mm_storel_epi64((__m128i *)(void *)p, _mm_packs_epi32(s, s));
}
static inline wt_vi32_t wt_vf32_bits(wt_vf32_t v) { return _mm_castps_si128(v); }
static inline wt_vf32_t wt_vi32_as_f32(wt_vi32_t v) { return _mm_castsi128_ps(v); }
static inline wt_vf32_t wt_vf32_from_vi32(wt_vi32_t v) { return _mm_cvtepi32_ps(v); }
static inline wt_vf64_t wt_vf64_from_vf32_lo(wt_vf32_t v) { return _mm_cvtps_pd(v); }
static inline wt_vf64_t wt_vf64_from_vf32_hi(wt_vf32_t v) { return _mm_cvtps_pd(_mm_movehl_ps(v, v)); }
static inline wt_vf64_t wt_vf64_from_vi32_lo(wt_vi32_t v) { return _mm_cvtepi32_pd(v); }
static inline wt_vf64_t wt_vf64_from_vi32_hi(wt_vi32_t v) { return _mm_cvtepi32_pd(_mm_unpackhi_epi64(v, v)); }
static inline wt_vf32_t wt_vf32_from_vf64x2(wt_vf64_t a, wt_vf64_t b) {
    return _mm_movelh_ps(_mm_cvtpd_ps(a), _mm_cvtpd_ps(b));
}
static inline void wt_vf32_transpose4(wt_vf32_t *r) { _MM_TRANSPOSE4_PS(r[0], r[1], r[2], r[3]); }
static inline wt_vf32_t wt_vf32_dup_even(wt_vf32_t a) { return _mm_shuffle_ps(a, a, _MM_SHUFFLE(2, 2, 0, 0)); }
static inline wt_vf32_t wt_vf32_dup_odd(wt_vf32_t a) { return _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 3, 1, 1)); }
static inline wt_vf32_t wt_vf32_swap_pairs(wt_vf32_t a) { return _mm_shuffle_ps(a, a, _MM_SHUFFLE(2, 3, 0, 1)); }
static inline wt_vf32_t wt_vf32_load_pair_splat(const float *p) {
    return _mm_castpd_ps(_mm_load1_pd((const double *)(const void *)p));
}
static inline wt_vf32_t wt_vf32_sign_even(void) { return _mm_set_ps(0.0f, -0.0f, 0.0f, -0.0f); }
static inline wt_vf32_t wt_vf32_load_pairs(const float *p, const float *q) {
    return _mm_castpd_ps(_mm_loadh_pd(_mm_load_sd((const double *)(const void *)p), (const double *)(const void *)q));
}
static inline void wt_vf32_store_pairs(float *p, float *q, wt_vf32_t v) {
    _mm_storel_pd((double *)(void *)p, _mm_castps_pd(v)), _mm_storeh_pd((double *)(void *)q, _mm_castps_pd(v));
}
static inline wt_vf64_t wt_vf64_dup_even(wt_vf64_t a) { return _mm_unpacklo_pd(a, a); }
static inline wt_vf64_t wt_vf64_dup_odd(wt_vf64_t a) { return _mm_unpackhi_pd(a, a); }
static inline wt_vf64_t wt_vf64_swap_pairs(wt_vf64_t a) { return _mm_shuffle_pd(a, a, 1); }
static inline wt_vf64_t wt_vf64_load_pair_splat(const double *p) { return _mm_loadu_pd(p); }
static inline wt_vf64_t wt_vf64_sign_even(void) { return _mm_set_pd(0.0, -0.0); }

#else
#define WT_SIMD_NAME "generic"
typedef float wt_vf32_t __attribute__((vector_size(16)));
typedef double wt_vf64_t __attribute__((vector_size(16)));
typedef int32_t wt_vi32_t __attribute__((vector_size(16)));
typedef int64_t wt_vi64_t __attribute__((vector_size(16)));
typedef uint32_t wt_vu32_t __attribute__((vector_size(16)));
typedef uint64_t wt_vu64_t __attribute__((vector_size(16)));
/* unaligned loads and stores of one vector, as memcpy (plain moves once compiled) */
#define WT_GENERIC_LOAD_STORE(V, T)            \
    static inline V##_t V##_load(const T *p) { \
        V##_t v;                               \
        memcpy(&v, p, 16);                     \
        return v;                              \
    }                                          \
    static inline void V##_store(T *p, V##_t v) { memcpy(p, &v, 16); }
typedef wt_vi32_t wt_mf32_t;
typedef wt_vi64_t wt_mf64_t;
WT_GENERIC_LOAD_STORE(wt_vf32, float)
static inline wt_vf32_t wt_vf32_splat(float x) { return (wt_vf32_t){x, x, x, x}; }
static inline wt_vf32_t wt_vf32_load_splat(const float *p) { return wt_vf32_splat(*p); }
static inline wt_vf32_t wt_vf32_add(wt_vf32_t a, wt_vf32_t b) { return a + b; }
static inline wt_vf32_t wt_vf32_sub(wt_vf32_t a, wt_vf32_t b) { return a - b; }
static inline wt_vf32_t wt_vf32_mul(wt_vf32_t a, wt_vf32_t b) { return a * b; }
static inline wt_vf32_t wt_vf32_div(wt_vf32_t a, wt_vf32_t b) { return a / b; }
static inline wt_vf32_t wt_vf32_sqrt(wt_vf32_t a) {
    return (wt_vf32_t){sqrtf(a[0]), sqrtf(a[1]), sqrtf(a[2]), sqrtf(a[3])};
}
static inline wt_vf32_t wt_vf32_pmin(wt_vf32_t a, wt_vf32_t b) {
    wt_vi32_t m = (wt_vi32_t)(b < a);
    return (wt_vf32_t)((m & (wt_vi32_t)b) | (~m & (wt_vi32_t)a));
}
static inline wt_vf32_t wt_vf32_pmax(wt_vf32_t a, wt_vf32_t b) {
    wt_vi32_t m = (wt_vi32_t)(a < b);
    return (wt_vf32_t)((m & (wt_vi32_t)b) | (~m & (wt_vi32_t)a));
}
static inline wt_mf32_t wt_vf32_gt(wt_vf32_t a, wt_vf32_t b) { return (wt_mf32_t)(a > b); }
static inline wt_mf32_t wt_vf32_lt(wt_vf32_t a, wt_vf32_t b) { return (wt_mf32_t)(a < b); }
static inline wt_mf32_t wt_vf32_eq(wt_vf32_t a, wt_vf32_t b) { return (wt_mf32_t)(a == b); }
static inline wt_mf32_t wt_vf32_isnan(wt_vf32_t a) { return (wt_mf32_t)(a != a); }
static inline wt_vf32_t wt_vf32_select(wt_mf32_t m, wt_vf32_t a, wt_vf32_t b) {
    return (wt_vf32_t)((m & (wt_vi32_t)a) | (~m & (wt_vi32_t)b));
}
static inline wt_vf32_t wt_vf32_xor(wt_vf32_t a, wt_vf32_t b) { return (wt_vf32_t)((wt_vi32_t)a ^ (wt_vi32_t)b); }
static inline wt_vf32_t wt_vf32_and(wt_vf32_t a, wt_vf32_t b) { return (wt_vf32_t)((wt_vi32_t)a & (wt_vi32_t)b); }
static inline wt_vf32_t wt_vf32_andnot(wt_vf32_t a, wt_vf32_t b) { return (wt_vf32_t)(~(wt_vi32_t)a & (wt_vi32_t)b); }
static inline int wt_mf32_any(wt_mf32_t m) { return (m[0] | m[1] | m[2] | m[3]) != 0; }
static inline int wt_mf32_all(wt_mf32_t m) { return (m[0] & m[1] & m[2] & m[3]) != 0; }
static inline wt_mf32_t wt_mf32_or(wt_mf32_t a, wt_mf32_t b) { return a | b; }
static inline wt_vi32_t wt_mf32_bits(wt_mf32_t m) { return m; }
WT_GENERIC_LOAD_STORE(wt_vf64, double)
static inline wt_vf64_t wt_vf64_splat(double x) { return (wt_vf64_t){x, x}; }
static inline wt_vf64_t wt_vf64_load_splat(const double *p) { return wt_vf64_splat(*p); }
static inline wt_vf64_t wt_vf64_add(wt_vf64_t a, wt_vf64_t b) { return a + b; }
static inline wt_vf64_t wt_vf64_sub(wt_vf64_t a, wt_vf64_t b) { return a - b; }
static inline wt_vf64_t wt_vf64_mul(wt_vf64_t a, wt_vf64_t b) { return a * b; }
static inline wt_vf64_t wt_vf64_div(wt_vf64_t a, wt_vf64_t b) { return a / b; }
static inline wt_vf64_t wt_vf64_sqrt(wt_vf64_t a) { return (wt_vf64_t){sqrt(a[0]), sqrt(a[1])}; }
static inline wt_mf64_t wt_vf64_gt(wt_vf64_t a, wt_vf64_t b) { return (wt_mf64_t)(a > b); }
static inline wt_mf64_t wt_vf64_lt(wt_vf64_t a, wt_vf64_t b) { return (wt_mf64_t)(a < b); }
static inline wt_mf64_t wt_vf64_isnan(wt_vf64_t a) { return (wt_mf64_t)(a != a); }
static inline wt_vf64_t wt_vf64_select(wt_mf64_t m, wt_vf64_t a, wt_vf64_t b) {
    return (wt_vf64_t)((m & (wt_vi64_t)a) | (~m & (wt_vi64_t)b));
}
static inline wt_vf64_t wt_vf64_xor(wt_vf64_t a, wt_vf64_t b) { return (wt_vf64_t)((wt_vi64_t)a ^ (wt_vi64_t)b); }
static inline wt_vf64_t wt_vf64_andnot(wt_vf64_t a, wt_vf64_t b) { return (wt_vf64_t)(~(wt_vi64_t)a & (wt_vi64_t)b); }
WT_GENERIC_LOAD_STORE(wt_vi32, int32_t)
WT_GENERIC_LOAD_STORE(wt_vi64, int64_t)
static inline wt_vi64_t wt_vi64_splat(int64_t x) { return (wt_vi64_t){x, x}; }
static inline wt_vi64_t wt_vi64_add(wt_vi64_t a, wt_vi64_t b) { return (wt_vi64_t)((wt_vu64_t)a + (wt_vu64_t)b); }
static inline wt_vi64_t wt_vi64_sub(wt_vi64_t a, wt_vi64_t b) { return (wt_vi64_t)((wt_vu64_t)a - (wt_vu64_t)b); }
static inline wt_vi64_t wt_vi64_eq(wt_vi64_t a, wt_vi64_t b) { return (wt_vi64_t)(a == b); }
static inline wt_vi64_t wt_vi64_gt(wt_vi64_t a, wt_vi64_t b) { return (wt_vi64_t)(a > b); }
static inline wt_vi64_t wt_vi64_xor(wt_vi64_t a, wt_vi64_t b) { return a ^ b; }
static inline wt_vi64_t wt_vi64_select(wt_vi64_t m, wt_vi64_t a, wt_vi64_t b) { return (m & a) | (~m & b); }
static inline void wt_vi64_pack8(wt_vi64_t m0, wt_vi64_t m1, wt_vi64_t m2, wt_vi64_t m3, uint8_t *out) {
    wt_vi64_t m[4] = {m0, m1, m2, m3};
    for (int i = 0; i < 8; i++) out[i] = (uint8_t)(m[i / 2][i % 2] & 1);
}
static inline wt_vi32_t wt_vi32_splat(int32_t x) { return (wt_vi32_t){x, x, x, x}; }
static inline wt_vi32_t wt_vi32_add(wt_vi32_t a, wt_vi32_t b) { return (wt_vi32_t)((wt_vu32_t)a + (wt_vu32_t)b); }
static inline wt_vi32_t wt_vi32_sub(wt_vi32_t a, wt_vi32_t b) { return (wt_vi32_t)((wt_vu32_t)a - (wt_vu32_t)b); }
static inline wt_vi32_t wt_vi32_and(wt_vi32_t a, wt_vi32_t b) { return a & b; }
static inline wt_vi32_t wt_vi32_or(wt_vi32_t a, wt_vi32_t b) { return a | b; }
static inline wt_vi32_t wt_vi32_shl(wt_vi32_t a, int n) { return (wt_vi32_t)((wt_vu32_t)a << n); }
static inline wt_vi32_t wt_vi32_sra(wt_vi32_t a, int n) { return a >> n; }
static inline wt_vi32_t wt_vi32_srl(wt_vi32_t a, int n) { return (wt_vi32_t)((wt_vu32_t)a >> n); }
static inline wt_mf32_t wt_vi32_eq(wt_vi32_t a, wt_vi32_t b) { return (wt_mf32_t)(a == b); }
static inline wt_mf32_t wt_vi32_gt(wt_vi32_t a, wt_vi32_t b) { return (wt_mf32_t)(a > b); }
static inline wt_vi32_t wt_vi32_load_u16x4(const uint16_t *p) {
    uint16_t h[4];
    memcpy(h, p, sizeof h);
    return (wt_vi32_t){h[0], h[1], h[2], h[3]};
}
static inline void wt_vi32_store_u16x4(uint16_t *p, wt_vi32_t v) {
    uint16_t h[4] = {(uint16_t)v[0], (uint16_t)v[1], (uint16_t)v[2], (uint16_t)v[3]};
    memcpy(p, h, sizeof h);
}
static inline wt_vi32_t wt_vf32_bits(wt_vf32_t v) { return (wt_vi32_t)v; }
static inline wt_vf32_t wt_vi32_as_f32(wt_vi32_t v) { return (wt_vf32_t)v; }
static inline wt_vf32_t wt_vf32_from_vi32(wt_vi32_t v) {
    return (wt_vf32_t){(float)v[0], (float)v[1], (float)v[2], (float)v[3]};
}
static inline wt_vf64_t wt_vf64_from_vf32_lo(wt_vf32_t v) { return (wt_vf64_t){v[0], v[1]}; }
static inline wt_vf64_t wt_vf64_from_vf32_hi(wt_vf32_t v) { return (wt_vf64_t){v[2], v[3]}; }
static inline wt_vf64_t wt_vf64_from_vi32_lo(wt_vi32_t v) { return (wt_vf64_t){v[0], v[1]}; }
static inline wt_vf64_t wt_vf64_from_vi32_hi(wt_vi32_t v) { return (wt_vf64_t){v[2], v[3]}; }
static inline wt_vf32_t wt_vf32_from_vf64x2(wt_vf64_t a, wt_vf64_t b) {
    return (wt_vf32_t){(float)a[0], (float)a[1], (float)b[0], (float)b[1]};
}
static inline void wt_vf32_transpose4(wt_vf32_t *r) {
    wt_vf32_t c[4];
    for (int i = 0; i < 4; i++) c[i] = (wt_vf32_t){r[0][i], r[1][i], r[2][i], r[3][i]};
    for (int i = 0; i < 4; i++) r[i] = c[i];
}
static inline wt_vf32_t wt_vf32_dup_even(wt_vf32_t a) { return (wt_vf32_t){a[0], a[0], a[2], a[2]}; }
static inline wt_vf32_t wt_vf32_dup_odd(wt_vf32_t a) { return (wt_vf32_t){a[1], a[1], a[3], a[3]}; }
static inline wt_vf32_t wt_vf32_swap_pairs(wt_vf32_t a) { return (wt_vf32_t){a[1], a[0], a[3], a[2]}; }
static inline wt_vf32_t wt_vf32_load_pair_splat(const float *p) {
    float x[2];
    memcpy(x, p, sizeof x);
    return (wt_vf32_t){x[0], x[1], x[0], x[1]};
}
static inline wt_vf32_t wt_vf32_sign_even(void) { return (wt_vf32_t){-0.0f, 0.0f, -0.0f, 0.0f}; }
static inline wt_vf32_t wt_vf32_load_pairs(const float *p, const float *q) {
    float x[4];
    memcpy(x, p, 8), memcpy(x + 2, q, 8);
    return (wt_vf32_t){x[0], x[1], x[2], x[3]};
}
static inline void wt_vf32_store_pairs(float *p, float *q, wt_vf32_t v) {
    float x[4] = {v[0], v[1], v[2], v[3]};
    memcpy(p, x, 8), memcpy(q, x + 2, 8);
}
static inline wt_vf64_t wt_vf64_dup_even(wt_vf64_t a) { return (wt_vf64_t){a[0], a[0]}; }
static inline wt_vf64_t wt_vf64_dup_odd(wt_vf64_t a) { return (wt_vf64_t){a[1], a[1]}; }
static inline wt_vf64_t wt_vf64_swap_pairs(wt_vf64_t a) { return (wt_vf64_t){a[1], a[0]}; }
static inline wt_vf64_t wt_vf64_load_pair_splat(const double *p) { return wt_vf64_load(p); }
static inline wt_vf64_t wt_vf64_sign_even(void) { return (wt_vf64_t){-0.0, 0.0}; }
#endif

/* ---- derived ops, written once for every ISA -------------------------------- */
#define WT_SIMD_DERIVED(V, M, T)                                                                  \
    static inline V##_t V##_max(V##_t a, V##_t b) {                                               \
        V##_t r = V##_select(V##_gt(a, b), a, b);                                                 \
        return V##_select(V##_isnan(a), a, V##_select(V##_isnan(b), b, r));                       \
    }                                                                                             \
    static inline V##_t V##_min(V##_t a, V##_t b) {                                               \
        V##_t r = V##_select(V##_lt(a, b), a, b);                                                 \
        return V##_select(V##_isnan(a), a, V##_select(V##_isnan(b), b, r));                       \
    }                                                                                             \
    static inline V##_t V##_neg(V##_t a) { return V##_xor(a, V##_splat((T)-0.0)); }               \
    static inline V##_t V##_abs(V##_t a) { return V##_andnot(V##_splat((T)-0.0), a); }            \
    static inline V##_t V##_square(V##_t a) { return V##_mul(a, a); }                             \
    static inline V##_t V##_relu(V##_t a) { /* a > 0 ? a : NaN ? a : +0 */                        \
        return V##_select(V##_gt(a, V##_splat(0)), a, V##_select(V##_isnan(a), a, V##_splat(0))); \
    }                                                                                             \
    /* products of the (re, im) pairs of a and b, rounded as the scalar formula:                  \
    ** re = ar br + -(ai bi), im = ai br + ar bi */                                               \
    static inline V##_t V##_cmul(V##_t a, V##_t b) {                                              \
        V##_t t1 = V##_mul(a, V##_dup_even(b)), t2 = V##_mul(V##_swap_pairs(a), V##_dup_odd(b));  \
        return V##_add(t1, V##_xor(t2, V##_sign_even()));                                         \
    }
WT_SIMD_DERIVED(wt_vf32, wt_mf32, float)
WT_SIMD_DERIVED(wt_vf64, wt_mf64, double)

/* c + a b for the GEMM microkernel alone: one rounding where the relaxed
** build's f32x4.relaxed_madd is an FMA (the engine's choice: fused on x86
** with FMA3 and on ARM, two roundings elsewhere), two roundings in every other
** build.  Every other kernel keeps the same bits on every ISA. */
#if defined(__wasm_relaxed_simd__) && !defined(WT_FORCE_GENERIC_SIMD)
static inline wt_vf32_t wt_vf32_madd(wt_vf32_t a, wt_vf32_t b, wt_vf32_t c) { return wasm_f32x4_relaxed_madd(a, b, c); }
static inline wt_vf64_t wt_vf64_madd(wt_vf64_t a, wt_vf64_t b, wt_vf64_t c) { return wasm_f64x2_relaxed_madd(a, b, c); }
#else
static inline wt_vf32_t wt_vf32_madd(wt_vf32_t a, wt_vf32_t b, wt_vf32_t c) {
    return wt_vf32_add(c, wt_vf32_mul(a, b));
}
static inline wt_vf64_t wt_vf64_madd(wt_vf64_t a, wt_vf64_t b, wt_vf64_t c) {
    return wt_vf64_add(c, wt_vf64_mul(a, b));
}
#endif

#endif /* WT_SIMD_H */
