/* rng.h — the bit generators' state and their next-word functions, inline so
** the distributions' loops draw without a call through a pointer.  Each
** generator is NumPy's: PCG64 (XSL-RR output of the stepped state), PCG64DXSM
** (DXSM output of the state before its step, the cheap multiplier), MT19937,
** Philox4x64-10 (a buffer of four words per counter block) and SFC64.  The
** 32-bit draw of a 64-bit generator is NumPy's: the low half of a fresh draw,
** its high half kept for the next. */
#ifndef WT_RNG_H
#define WT_RNG_H
#include "core.h"

typedef unsigned __int128 wt_u128;
#define WT_MT_N 624
#define WT_RNG_LOOK 256

struct wt_rng {
    int kind;
    int has_uint32, has_gauss;
    uint32_t uinteger;
    double gauss;
    /* words drawn ahead in one tight loop (wt_rng_ahead64), taken first by every draw; only ever as many
    ** as the caller's next draws take for certain, so none is left when a call returns */
    int32_t look_pos, look_n;
    uint64_t look[WT_RNG_LOOK];
    union {
        struct { /* 128-bit state and increment as 64-bit halves: wasm multiplies 64 bits at most */
            uint64_t hi, lo, inc_hi, inc_lo;
        } pcg;
        struct {
            uint32_t key[WT_MT_N];
            int32_t pos;
        } mt;
        struct {
            uint64_t ctr[4], key[2], buf[4];
            int32_t pos;
        } philox;
        uint64_t sfc[4];
    } u;
};

#define WT_PCG_MULT_HI 2549297995355413924ull
#define WT_PCG_MULT_LO 4865540595714422341ull
#define WT_PCG_MULT (((wt_u128)WT_PCG_MULT_HI << 64) | WT_PCG_MULT_LO)
#define WT_PCG_CHEAP 0xda942042e4dd58b5ull

/* a * b, 128 bits: the low half returned, the high in *hi.  wasm's __int128
** multiply is a library call, so there it is four 32-bit products inline. */
static inline uint64_t wt_rng_mul64(uint64_t a, uint64_t b, uint64_t *hi) {
#if defined(__wasm__)
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *hi = a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return (mid << 32) | (uint32_t)p00;
#else
    wt_u128 p = (wt_u128)a * b;
    *hi = (uint64_t)(p >> 64);
    return (uint64_t)p;
#endif
}

/* the PCG state times (mult_hi, mult_lo), plus the increment */
static inline void wt_rng_pcg_step(wt_rng *g, uint64_t mult_hi, uint64_t mult_lo) {
    uint64_t h, l = wt_rng_mul64(g->u.pcg.lo, mult_lo, &h);
    h += g->u.pcg.lo * mult_hi + g->u.pcg.hi * mult_lo;
    uint64_t lo = l + g->u.pcg.inc_lo;
    g->u.pcg.hi = h + g->u.pcg.inc_hi + (lo < l);
    g->u.pcg.lo = lo;
}

void wt_rng_mt_refill(wt_rng *g);
/* n 64-bit draws into out, the state in registers (what n calls of wt_rng_next64 would give) */
void wt_rng_fill64(wt_rng *g, uint64_t *out, int64_t n);
void wt_rng_philox_block(wt_rng *g);

static inline uint64_t wt_rng_rotr(uint64_t v, unsigned r) { return (v >> (r & 63)) | (v << ((64 - r) & 63)); }

/* one MT19937 word; one 64-bit word of any generator (a call: the words drawn ahead are the fast path) */
uint32_t wt_rng_mt_draw(wt_rng *g);
uint64_t wt_rng_draw64(wt_rng *g);

static inline uint64_t wt_rng_next64(wt_rng *g) {
    if (g->look_pos < g->look_n) return g->look[g->look_pos++];
    return wt_rng_draw64(g);
}

/* Before `draws` draws that each take at least one 64-bit word: that many words (at most WT_RNG_LOOK)
** drawn now, with the state in registers (PCG64, PCG64DXSM, SFC64; the others draw as they go). */
static inline void wt_rng_ahead64(wt_rng *g, int64_t draws) {
    if (g->look_pos < g->look_n || draws < 8 || g->kind == WT_RNG_MT19937 || g->kind == WT_RNG_PHILOX) return;
    int32_t n = draws < WT_RNG_LOOK ? (int32_t)draws : WT_RNG_LOOK;
    wt_rng_fill64(g, g->look, n);
    g->look_pos = 0, g->look_n = n;
}

/* the same before draws that each take at least a 32-bit half (of which one may be buffered) */
static inline void wt_rng_ahead32(wt_rng *g, int64_t draws) { wt_rng_ahead64(g, (draws - g->has_uint32) / 2); }

/* 32-bit draws from the words drawn ahead, with the buffered half in locals (no memory traffic per draw);
** wt_rng_half_sync writes them back, and any other draw must come after it */
typedef struct {
    int has;
    uint32_t half;
    int32_t pos;
} wt_rng_halves;

static inline wt_rng_halves wt_rng_half_open(const wt_rng *g) {
    wt_rng_halves h = {g->has_uint32, g->uinteger, g->look_pos};
    return h;
}

static inline void wt_rng_half_sync(wt_rng *g, const wt_rng_halves *h) {
    g->has_uint32 = h->has, g->uinteger = h->half, g->look_pos = h->pos;
}

uint32_t wt_rng_next32_slow(wt_rng *g, wt_rng_halves *h);

static inline uint32_t wt_rng_half_next(wt_rng *g, wt_rng_halves *h) {
    if (h->has) {
        h->has = 0;
        return h->half;
    }
    if (h->pos < g->look_n) { /* (never for MT19937, which draws no words ahead) */
        uint64_t w = g->look[h->pos++];
        h->has = 1, h->half = (uint32_t)(w >> 32);
        return (uint32_t)w;
    }
    return wt_rng_next32_slow(g, h);
}

static inline uint32_t wt_rng_next32(wt_rng *g) {
    if (g->kind == WT_RNG_MT19937) return wt_rng_mt_draw(g);
    if (g->has_uint32) {
        g->has_uint32 = 0;
        return g->uinteger;
    }
    uint64_t v = wt_rng_next64(g);
    g->has_uint32 = 1;
    g->uinteger = (uint32_t)(v >> 32);
    return (uint32_t)v;
}

/* [0, 1) with 53 random bits; MT19937 builds it from two 32-bit draws (27 + 26 bits).  The conversions
** are signed: the values fit, and an unsigned one is several instructions on x86 */
static inline double wt_rng_double(wt_rng *g) {
    if (g->kind == WT_RNG_MT19937) {
        uint32_t a = wt_rng_mt_draw(g) >> 5, b = wt_rng_mt_draw(g) >> 6;
        return (a * 67108864.0 + b) / 9007199254740992.0;
    }
    return (double)(int64_t)(wt_rng_next64(g) >> 11) * (1.0 / 9007199254740992.0);
}

/* [0, 1) with 24 random bits */
static inline float wt_rng_float(wt_rng *g) { return (float)(int32_t)(wt_rng_next32(g) >> 8) * (1.0f / 16777216.0f); }

#endif
