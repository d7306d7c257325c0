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

struct wt_rng {
    int kind;
    int has_uint32, has_gauss;
    uint32_t uinteger;
    double gauss;
    union {
        struct {
            wt_u128 state, inc;
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

#define WT_PCG_MULT (((wt_u128)2549297995355413924ull << 64) | 4865540595714422341ull)
#define WT_PCG_CHEAP 0xda942042e4dd58b5ull

void wt_rng_mt_refill(wt_rng *g);
void wt_rng_philox_block(wt_rng *g);

static inline uint64_t wt_rng_rotr(uint64_t v, unsigned r) { return (v >> (r & 63)) | (v << ((64 - r) & 63)); }

static inline uint32_t wt_rng_mt_next(wt_rng *g) {
    if (g->u.mt.pos >= WT_MT_N) wt_rng_mt_refill(g);
    uint32_t y = g->u.mt.key[g->u.mt.pos++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

static inline uint64_t wt_rng_next64(wt_rng *g) {
    switch (g->kind) {
    case WT_RNG_PCG64: {
        wt_u128 s = g->u.pcg.state * WT_PCG_MULT + g->u.pcg.inc;
        g->u.pcg.state = s;
        uint64_t hi = (uint64_t)(s >> 64);
        return wt_rng_rotr(hi ^ (uint64_t)s, (unsigned)(hi >> 58));
    }
    case WT_RNG_PCG64DXSM: {
        wt_u128 s = g->u.pcg.state;
        uint64_t hi = (uint64_t)(s >> 64), lo = (uint64_t)s | 1;
        hi ^= hi >> 32;
        hi *= WT_PCG_CHEAP;
        hi ^= hi >> 48;
        g->u.pcg.state = s * WT_PCG_CHEAP + g->u.pcg.inc;
        return hi * lo;
    }
    case WT_RNG_MT19937: {
        uint64_t hi = wt_rng_mt_next(g);
        return hi << 32 | wt_rng_mt_next(g);
    }
    case WT_RNG_PHILOX:
        if (g->u.philox.pos >= 4) wt_rng_philox_block(g);
        return g->u.philox.buf[g->u.philox.pos++];
    default: {
        uint64_t *s = g->u.sfc, t = s[0] + s[1] + s[3]++;
        s[0] = s[1] ^ (s[1] >> 11);
        s[1] = s[2] + (s[2] << 3);
        s[2] = ((s[2] << 24) | (s[2] >> 40)) + t;
        return t;
    }
    }
}

static inline uint32_t wt_rng_next32(wt_rng *g) {
    if (g->kind == WT_RNG_MT19937) return wt_rng_mt_next(g);
    if (g->has_uint32) {
        g->has_uint32 = 0;
        return g->uinteger;
    }
    uint64_t v = wt_rng_next64(g);
    g->has_uint32 = 1;
    g->uinteger = (uint32_t)(v >> 32);
    return (uint32_t)v;
}

/* [0, 1) with 53 random bits; MT19937 builds it from two 32-bit draws (27 + 26 bits) */
static inline double wt_rng_double(wt_rng *g) {
    if (g->kind == WT_RNG_MT19937) {
        uint32_t a = wt_rng_mt_next(g) >> 5, b = wt_rng_mt_next(g) >> 6;
        return (a * 67108864.0 + b) / 9007199254740992.0;
    }
    return (double)(wt_rng_next64(g) >> 11) * (1.0 / 9007199254740992.0);
}

/* [0, 1) with 24 random bits */
static inline float wt_rng_float(wt_rng *g) { return (float)(wt_rng_next32(g) >> 8) * (1.0f / 16777216.0f); }

#endif
