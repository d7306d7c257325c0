/* simd.h — the one SIMD vocabulary.  Kernels are written once against these
** names and compile to wasm SIMD128 (__wasm_simd128__), SSE2 (x86-64) or GCC
** vector extensions (anything else, or WT_FORCE_GENERIC_SIMD).
**
**   wt_vf32  4 x float32     wt_vf64  2 x float64     wt_vi32  4 x int32
**
** Loads and stores are unaligned.  Conversions round to nearest like C casts,
** so a kernel and its scalar reference agree bit for bit. */
#ifndef WT_SIMD_H
#define WT_SIMD_H

#include <stdint.h>
#include <string.h>

#if defined(__wasm_simd128__) && !defined(WT_FORCE_GENERIC_SIMD)
#include <wasm_simd128.h>
#define WT_SIMD_NAME "wasm_simd128"
typedef v128_t wt_vf32;
typedef v128_t wt_vf64;
typedef v128_t wt_vi32;
static inline wt_vf32 wt_vf32_load(const float *p) { return wasm_v128_load(p); }
static inline void wt_vf32_store(float *p, wt_vf32 v) { wasm_v128_store(p, v); }
static inline wt_vf32 wt_vf32_splat(float x) { return wasm_f32x4_splat(x); }
static inline wt_vf64 wt_vf64_load(const double *p) { return wasm_v128_load(p); }
static inline void wt_vf64_store(double *p, wt_vf64 v) { wasm_v128_store(p, v); }
static inline wt_vf64 wt_vf64_splat(double x) { return wasm_f64x2_splat(x); }
static inline wt_vi32 wt_vi32_load(const int32_t *p) { return wasm_v128_load(p); }
static inline void wt_vi32_store(int32_t *p, wt_vi32 v) { wasm_v128_store(p, v); }
static inline wt_vf32 wt_vf32_from_vi32(wt_vi32 v) { return wasm_f32x4_convert_i32x4(v); }
static inline wt_vf64 wt_vf64_from_vf32_lo(wt_vf32 v) { return wasm_f64x2_promote_low_f32x4(v); }
static inline wt_vf64 wt_vf64_from_vf32_hi(wt_vf32 v) {
    return wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 2, 3, 2, 3));
}
static inline wt_vf64 wt_vf64_from_vi32_lo(wt_vi32 v) { return wasm_f64x2_convert_low_i32x4(v); }
static inline wt_vf64 wt_vf64_from_vi32_hi(wt_vi32 v) {
    return wasm_f64x2_convert_low_i32x4(wasm_i32x4_shuffle(v, v, 2, 3, 2, 3));
}
/* two f64x2 -> one f32x4 (lo lanes from a, hi lanes from b) */
static inline wt_vf32 wt_vf32_from_vf64x2(wt_vf64 a, wt_vf64 b) {
    return wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(a), wasm_f32x4_demote_f64x2_zero(b), 0, 1, 4, 5);
}

#elif (defined(__SSE2__) || defined(_M_X64)) && !defined(WT_FORCE_GENERIC_SIMD)
#include <emmintrin.h>
#define WT_SIMD_NAME "sse2"
typedef __m128 wt_vf32;
typedef __m128d wt_vf64;
typedef __m128i wt_vi32;
static inline wt_vf32 wt_vf32_load(const float *p) { return _mm_loadu_ps(p); }
static inline void wt_vf32_store(float *p, wt_vf32 v) { _mm_storeu_ps(p, v); }
static inline wt_vf32 wt_vf32_splat(float x) { return _mm_set1_ps(x); }
static inline wt_vf64 wt_vf64_load(const double *p) { return _mm_loadu_pd(p); }
static inline void wt_vf64_store(double *p, wt_vf64 v) { _mm_storeu_pd(p, v); }
static inline wt_vf64 wt_vf64_splat(double x) { return _mm_set1_pd(x); }
static inline wt_vi32 wt_vi32_load(const int32_t *p) { return _mm_loadu_si128((const __m128i *)p); }
static inline void wt_vi32_store(int32_t *p, wt_vi32 v) { _mm_storeu_si128((__m128i *)p, v); }
static inline wt_vf32 wt_vf32_from_vi32(wt_vi32 v) { return _mm_cvtepi32_ps(v); }
static inline wt_vf64 wt_vf64_from_vf32_lo(wt_vf32 v) { return _mm_cvtps_pd(v); }
static inline wt_vf64 wt_vf64_from_vf32_hi(wt_vf32 v) { return _mm_cvtps_pd(_mm_movehl_ps(v, v)); }
static inline wt_vf64 wt_vf64_from_vi32_lo(wt_vi32 v) { return _mm_cvtepi32_pd(v); }
static inline wt_vf64 wt_vf64_from_vi32_hi(wt_vi32 v) { return _mm_cvtepi32_pd(_mm_unpackhi_epi64(v, v)); }
static inline wt_vf32 wt_vf32_from_vf64x2(wt_vf64 a, wt_vf64 b) {
    return _mm_movelh_ps(_mm_cvtpd_ps(a), _mm_cvtpd_ps(b));
}

#else
#define WT_SIMD_NAME "generic"
typedef float wt_vf32 __attribute__((vector_size(16)));
typedef double wt_vf64 __attribute__((vector_size(16)));
typedef int32_t wt_vi32 __attribute__((vector_size(16)));
static inline wt_vf32 wt_vf32_load(const float *p) { wt_vf32 v; memcpy(&v, p, 16); return v; }
static inline void wt_vf32_store(float *p, wt_vf32 v) { memcpy(p, &v, 16); }
static inline wt_vf32 wt_vf32_splat(float x) { return (wt_vf32){x, x, x, x}; }
static inline wt_vf64 wt_vf64_load(const double *p) { wt_vf64 v; memcpy(&v, p, 16); return v; }
static inline void wt_vf64_store(double *p, wt_vf64 v) { memcpy(p, &v, 16); }
static inline wt_vf64 wt_vf64_splat(double x) { return (wt_vf64){x, x}; }
static inline wt_vi32 wt_vi32_load(const int32_t *p) { wt_vi32 v; memcpy(&v, p, 16); return v; }
static inline void wt_vi32_store(int32_t *p, wt_vi32 v) { memcpy(p, &v, 16); }
static inline wt_vf32 wt_vf32_from_vi32(wt_vi32 v) { return (wt_vf32){(float)v[0], (float)v[1], (float)v[2], (float)v[3]}; }
static inline wt_vf64 wt_vf64_from_vf32_lo(wt_vf32 v) { return (wt_vf64){v[0], v[1]}; }
static inline wt_vf64 wt_vf64_from_vf32_hi(wt_vf32 v) { return (wt_vf64){v[2], v[3]}; }
static inline wt_vf64 wt_vf64_from_vi32_lo(wt_vi32 v) { return (wt_vf64){v[0], v[1]}; }
static inline wt_vf64 wt_vf64_from_vi32_hi(wt_vi32 v) { return (wt_vf64){v[2], v[3]}; }
static inline wt_vf32 wt_vf32_from_vf64x2(wt_vf64 a, wt_vf64 b) {
    return (wt_vf32){(float)a[0], (float)a[1], (float)b[0], (float)b[1]};
}
#endif

#endif /* WT_SIMD_H */
