/* rng.c — the bit generators' life: creation, NumPy's SeedSequence and
** seedings, the state as words, advance and jump, MT19937's refill and
** Philox's block function.  Drawing is in rng.h. */
#include "rng.h"
#include "mt_jump.h"
#include <string.h>

static const struct {
    const char *name;
    int64_t seed_words, state_words;
} KINDS[WT_NRNG] = {
#define WT_RNG_ROW_(e, name, seed, state) {name, seed, state},
    WT_RNG_LIST(WT_RNG_ROW_)
#undef WT_RNG_ROW_
};

WT_COLD wt_status wt_rng_new(int kind, wt_rng **out) {
    if (!out) return wt_error_fail(WT_EINVAL, "rng_new: out is NULL");
    if (kind < 0 || kind >= WT_NRNG) return wt_error_fail(WT_EINVAL, "rng_new: no bit generator %d", kind);
    wt_rng *g = wt_tensor_sys_alloc(sizeof *g);
    if (!g) return wt_error_fail(WT_ENOMEM, "rng_new: out of memory");
    memset(g, 0, sizeof *g);
    g->kind = kind;
    if (kind == WT_RNG_MT19937) g->u.mt.pos = WT_MT_N;
    if (kind == WT_RNG_PHILOX) g->u.philox.pos = 4;
    *out = g;
    return WT_OK;
}

void wt_rng_free(wt_rng *g) { wt_tensor_sys_free(g); }

WT_COLD static wt_status check_rng(const wt_rng *g, const char *fn) {
    if (!g) return wt_error_fail(WT_EINVAL, "%s: the bit generator is NULL", fn);
    if (g->kind < 0 || g->kind >= WT_NRNG) return wt_error_fail(WT_EINVAL, "%s: not a bit generator", fn);
    return WT_OK;
}

/* ---- SeedSequence: NumPy's hash mixing, all arithmetic mod 2^32 -------------------------------- */
enum { INIT_A = 0x43b0d7e5u, MULT_A = 0x931e8875u, INIT_B = 0x8b51f9ddu, MULT_B = 0x58f38dedu };

static uint32_t hashmix(uint32_t v, uint32_t *h) {
    v ^= *h;
    *h *= MULT_A;
    v *= *h;
    return v ^ (v >> 16);
}

static uint32_t mix(uint32_t x, uint32_t y) {
    uint32_t r = 0xca01f9ddu * x - 0x4973f715u * y;
    return r ^ (r >> 16);
}

WT_COLD wt_status wt_seed_sequence(const uint32_t *entropy, int64_t n, int64_t pool_size, uint32_t *out,
                                   int64_t n_out) {
    if (n < 0 || (n && !entropy))
        return wt_error_fail(WT_EINVAL, "seed_sequence: %lld entropy words at %p", (long long)n, (const void *)entropy);
    if (pool_size < 4 || pool_size > 1 << 16)
        return wt_error_fail(WT_EINVAL, "seed_sequence: pool_size must be 4..65536, got %lld", (long long)pool_size);
    if (n_out < 0 || (n_out && !out))
        return wt_error_fail(WT_EINVAL, "seed_sequence: %lld output words at %p", (long long)n_out, (void *)out);
    uint32_t *pool = wt_tensor_sys_alloc((size_t)pool_size * 4), h = INIT_A;
    if (!pool) return wt_error_fail(WT_ENOMEM, "seed_sequence: out of memory for a pool of %lld", (long long)pool_size);
    for (int64_t i = 0; i < pool_size; i++) pool[i] = hashmix(i < n ? entropy[i] : 0, &h);
    for (int64_t s = 0; s < pool_size; s++)
        for (int64_t d = 0; d < pool_size; d++)
            if (s != d) pool[d] = mix(pool[d], hashmix(pool[s], &h));
    for (int64_t s = pool_size; s < n; s++)
        for (int64_t d = 0; d < pool_size; d++) pool[d] = mix(pool[d], hashmix(entropy[s], &h));
    h = INIT_B;
    for (int64_t i = 0; i < n_out; i++) {
        uint32_t v = pool[i % pool_size] ^ h;
        h *= MULT_B;
        v *= h;
        out[i] = v ^ (v >> 16);
    }
    wt_tensor_sys_free(pool);
    return WT_OK;
}

/* ---- seeding ----------------------------------------------------------------------------------- */
static uint64_t word64(const uint32_t *w) { return (uint64_t)w[0] | (uint64_t)w[1] << 32; }
static wt_u128 word128(const uint32_t *w) { return (wt_u128)word64(w + 2) << 64 | word64(w); }

static wt_u128 pcg_state(const wt_rng *g) { return (wt_u128)g->u.pcg.hi << 64 | g->u.pcg.lo; }
static wt_u128 pcg_inc(const wt_rng *g) { return (wt_u128)g->u.pcg.inc_hi << 64 | g->u.pcg.inc_lo; }
static void pcg_put(wt_rng *g, wt_u128 state, wt_u128 inc) {
    g->u.pcg.hi = (uint64_t)(state >> 64), g->u.pcg.lo = (uint64_t)state;
    g->u.pcg.inc_hi = (uint64_t)(inc >> 64), g->u.pcg.inc_lo = (uint64_t)inc;
}

static void clear_extras(wt_rng *g) {
    g->look_pos = g->look_n = 0;
    g->has_uint32 = 0, g->uinteger = 0;
    g->has_gauss = 0, g->gauss = 0;
}

WT_COLD wt_status wt_rng_seed(wt_rng *g, const uint32_t *words, int64_t n) {
    wt_status st = check_rng(g, "rng_seed");
    if (st) return st;
    if (!words || n != KINDS[g->kind].seed_words)
        return wt_error_fail(WT_EINVAL, "rng_seed: %s takes %lld seed words, got %lld", KINDS[g->kind].name,
                             (long long)KINDS[g->kind].seed_words, (long long)n);
    clear_extras(g);
    switch (g->kind) {
    case WT_RNG_PCG64:
    case WT_RNG_PCG64DXSM: /* NumPy's words: initstate's high then low half, initseq's likewise */
    {
        wt_u128 init = (wt_u128)word64(words) << 64 | word64(words + 2);
        wt_u128 seq = (wt_u128)word64(words + 4) << 64 | word64(words + 6);
        wt_u128 inc = seq << 1 | 1, s = (inc + init) * WT_PCG_MULT + inc; /* state 0 stepped, plus init, stepped */
        pcg_put(g, s, inc);
        break;
    }
    case WT_RNG_MT19937:
        g->u.mt.key[0] = 0x80000000u;
        memcpy(g->u.mt.key + 1, words + 1, (WT_MT_N - 1) * 4);
        g->u.mt.pos = WT_MT_N - 1;
        break;
    case WT_RNG_PHILOX:
        memset(&g->u.philox, 0, sizeof g->u.philox);
        g->u.philox.key[0] = word64(words), g->u.philox.key[1] = word64(words + 2);
        g->u.philox.pos = 4;
        break;
    default:
        for (int i = 0; i < 3; i++) g->u.sfc[i] = word64(words + 2 * i);
        g->u.sfc[3] = 1;
        for (int i = 0; i < 12; i++) wt_rng_next64(g);
    }
    return WT_OK;
}

static void mt_init_genrand(uint32_t *k, uint32_t s) {
    for (int i = 0; i < WT_MT_N; i++) {
        k[i] = s;
        s = 1812433253u * (s ^ (s >> 30)) + (uint32_t)i + 1;
    }
}

WT_COLD wt_status wt_rng_seed_legacy(wt_rng *g, const uint32_t *key, int64_t n, int by_array) {
    wt_status st = check_rng(g, "rng_seed_legacy");
    if (st) return st;
    if (g->kind != WT_RNG_MT19937)
        return wt_error_fail(WT_EINVAL, "rng_seed_legacy: only MT19937 has RandomState's seeding, not %s",
                             KINDS[g->kind].name);
    if (!key || n < 1 || (!by_array && n != 1))
        return wt_error_fail(WT_EINVAL, "rng_seed_legacy: %lld key words (%s)", (long long)n,
                             by_array ? "by array" : "one word");
    uint32_t *k = g->u.mt.key;
    clear_extras(g);
    g->u.mt.pos = WT_MT_N;
    if (!by_array) {
        mt_init_genrand(k, key[0]);
        return WT_OK;
    }
    mt_init_genrand(k, 19650218u);
    int64_t i = 1, j = 0;
    for (int64_t c = n > WT_MT_N ? n : WT_MT_N; c; c--) {
        k[i] = (k[i] ^ ((k[i - 1] ^ (k[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        if (++i >= WT_MT_N) k[0] = k[WT_MT_N - 1], i = 1;
        if (++j >= n) j = 0;
    }
    for (int64_t c = WT_MT_N - 1; c; c--) {
        k[i] = (k[i] ^ ((k[i - 1] ^ (k[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        if (++i >= WT_MT_N) k[0] = k[WT_MT_N - 1], i = 1;
    }
    k[0] = 0x80000000u;
    return WT_OK;
}

/* ---- the state as words ------------------------------------------------------------------------ */
static void put64(uint32_t *w, uint64_t v) { w[0] = (uint32_t)v, w[1] = (uint32_t)(v >> 32); }

WT_COLD static wt_status state_check(const wt_rng *g, const uint32_t *words, int64_t n, const char *fn) {
    wt_status st = check_rng(g, fn);
    if (st) return st;
    if (!words || n != KINDS[g->kind].state_words)
        return wt_error_fail(WT_EINVAL, "%s: %s's state is %lld words, got %lld", fn, KINDS[g->kind].name,
                             (long long)KINDS[g->kind].state_words, (long long)n);
    return WT_OK;
}

WT_COLD wt_status wt_rng_get_state(const wt_rng *g, uint32_t *w, int64_t n) {
    wt_status st = state_check(g, w, n, "rng_get_state");
    if (st) return st;
    switch (g->kind) {
    case WT_RNG_PCG64:
    case WT_RNG_PCG64DXSM:
        for (int i = 0; i < 2; i++) {
            wt_u128 v = i ? pcg_inc(g) : pcg_state(g);
            put64(w + 4 * i, (uint64_t)v), put64(w + 4 * i + 2, (uint64_t)(v >> 64));
        }
        break;
    case WT_RNG_MT19937:
        memcpy(w, g->u.mt.key, WT_MT_N * 4);
        w[WT_MT_N] = (uint32_t)g->u.mt.pos;
        break;
    case WT_RNG_PHILOX:
        for (int i = 0; i < 4; i++) put64(w + 2 * i, g->u.philox.ctr[i]), put64(w + 12 + 2 * i, g->u.philox.buf[i]);
        for (int i = 0; i < 2; i++) put64(w + 8 + 2 * i, g->u.philox.key[i]);
        w[20] = (uint32_t)g->u.philox.pos;
        break;
    default:
        for (int i = 0; i < 4; i++) put64(w + 2 * i, g->u.sfc[i]);
    }
    uint32_t *x = w + n - 5;
    uint64_t gb;
    memcpy(&gb, &g->gauss, 8);
    x[0] = (uint32_t)g->has_uint32, x[1] = g->uinteger, x[2] = (uint32_t)g->has_gauss;
    put64(x + 3, gb);
    return WT_OK;
}

WT_COLD wt_status wt_rng_set_state(wt_rng *g, const uint32_t *w, int64_t n) {
    wt_status st = state_check(g, w, n, "rng_set_state");
    if (st) return st;
    const uint32_t *x = w + n - 5;
    if (x[0] > 1 || x[2] > 1)
        return wt_error_fail(WT_EINVAL, "rng_set_state: has_uint32 and has_gauss are 0 or 1, got %u and %u", x[0],
                             x[2]);
    if (g->kind == WT_RNG_MT19937 && w[WT_MT_N] > WT_MT_N)
        return wt_error_fail(WT_EINVAL, "rng_set_state: MT19937's pos must be 0..624, got %u", w[WT_MT_N]);
    if (g->kind == WT_RNG_PHILOX && w[20] > 4)
        return wt_error_fail(WT_EINVAL, "rng_set_state: Philox's buffer_pos must be 0..4, got %u", w[20]);
    switch (g->kind) {
    case WT_RNG_PCG64:
    case WT_RNG_PCG64DXSM: pcg_put(g, word128(w), word128(w + 4)); break;
    case WT_RNG_MT19937:
        memcpy(g->u.mt.key, w, WT_MT_N * 4);
        g->u.mt.pos = (int32_t)w[WT_MT_N];
        break;
    case WT_RNG_PHILOX:
        for (int i = 0; i < 4; i++) g->u.philox.ctr[i] = word64(w + 2 * i), g->u.philox.buf[i] = word64(w + 12 + 2 * i);
        for (int i = 0; i < 2; i++) g->u.philox.key[i] = word64(w + 8 + 2 * i);
        g->u.philox.pos = (int32_t)w[20];
        break;
    default:
        for (int i = 0; i < 4; i++) g->u.sfc[i] = word64(w + 2 * i);
    }
    uint64_t gb = word64(x + 3);
    g->has_uint32 = (int)x[0], g->uinteger = x[1], g->has_gauss = (int)x[2];
    memcpy(&g->gauss, &gb, 8);
    return WT_OK;
}

/* ---- advance and jump -------------------------------------------------------------------------- */
/* MT19937's block as a window of 624 consecutive words of its recurrence, first at w[h]: one step
** appends the next word (overwriting the first) */
static void mt_step(uint32_t *w, int *h) {
    int i = *h;
    uint32_t y = (w[i] & 0x80000000u) | (w[(i + 1) % WT_MT_N] & 0x7fffffffu);
    w[i] = w[(i + 397) % WT_MT_N] ^ (y >> 1) ^ (-(y & 1) & 0x9908b0dfu);
    *h = (i + 1) % WT_MT_N;
}

/* NumPy's jump (Matsumoto's jump-ahead): the key words from the position on are the state of an
** incremental generator, x^(2^128) of it by Horner's rule, and the words and index it ends with are
** the new key and position, as they lie */
static void mt_jump(wt_rng *g) {
    uint32_t acc[WT_MT_N], *w = g->u.mt.key;
    int p = g->u.mt.pos >= WT_MT_N ? 0 : g->u.mt.pos, h = p;
    memcpy(acc, w, sizeof acc);
    mt_step(acc, &h);
    for (int i = WT_MT_JUMP_DEGREE - 1; i >= 0; i--) {
        if (wt_mt_jump[i / 32] >> (i % 32) & 1)
            for (int j = 0; j < WT_MT_N; j++) acc[(h + j) % WT_MT_N] ^= w[(p + j) % WT_MT_N];
        if (i) mt_step(acc, &h);
    }
    memcpy(w, acc, sizeof acc);
    g->u.mt.pos = h;
}

WT_COLD static wt_u128 lcg_advance(wt_u128 s, wt_u128 delta, wt_u128 mult, wt_u128 inc) {
    wt_u128 am = 1, ap = 0;
    while (delta) {
        if (delta & 1) am *= mult, ap = ap * mult + inc;
        inc = (mult + 1) * inc, mult *= mult, delta >>= 1;
    }
    return am * s + ap;
}

static void philox_add(wt_rng *g, const uint64_t *d) {
    unsigned carry = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t a = g->u.philox.ctr[i], s = a + d[i] + carry;
        carry = s < a || (carry && s == a);
        g->u.philox.ctr[i] = s;
    }
    memset(g->u.philox.buf, 0, sizeof g->u.philox.buf); /* NumPy's advance empties the buffer */
    g->u.philox.pos = 4;
}

static void pcg_advance(wt_rng *g, wt_u128 delta) {
    wt_u128 mult = g->kind == WT_RNG_PCG64 ? WT_PCG_MULT : (wt_u128)WT_PCG_CHEAP;
    pcg_put(g, lcg_advance(pcg_state(g), delta, mult, pcg_inc(g)), pcg_inc(g));
}

WT_COLD wt_status wt_rng_advance(wt_rng *g, const uint32_t *delta, int64_t n) {
    wt_status st = check_rng(g, "rng_advance");
    if (st) return st;
    int pcg = g->kind == WT_RNG_PCG64 || g->kind == WT_RNG_PCG64DXSM;
    if (!pcg && g->kind != WT_RNG_PHILOX)
        return wt_error_fail(WT_EINVAL, "rng_advance: %s cannot advance (NumPy's PCG64, PCG64DXSM and Philox can)",
                             KINDS[g->kind].name);
    if (!delta || n != (pcg ? 4 : 8))
        return wt_error_fail(WT_EINVAL, "rng_advance: %s advances by %d words, got %lld", KINDS[g->kind].name,
                             pcg ? 4 : 8, (long long)n);
    if (pcg)
        pcg_advance(g, word128(delta));
    else {
        uint64_t d[4];
        for (int i = 0; i < 4; i++) d[i] = word64(delta + 2 * i);
        philox_add(g, d);
    }
    g->has_uint32 = 0, g->uinteger = 0;
    return WT_OK;
}

WT_COLD wt_status wt_rng_jump(wt_rng *g, int64_t jumps) {
    wt_status st = check_rng(g, "rng_jump");
    if (st) return st;
    if (jumps < 0) return wt_error_fail(WT_EINVAL, "rng_jump: jumps must be >= 0, got %lld", (long long)jumps);
    if (g->kind == WT_RNG_SFC64) return wt_error_fail(WT_EINVAL, "rng_jump: SFC64 cannot jump (NumPy's cannot either)");
    if (g->kind == WT_RNG_MT19937) {
        for (int64_t i = 0; i < jumps; i++) mt_jump(g);
        g->has_gauss = 0, g->gauss = 0;
        return WT_OK;
    }
    if (g->kind == WT_RNG_PHILOX) {
        uint64_t d[4] = {0, 0, (uint64_t)jumps, 0};
        philox_add(g, d);
    } else {
        wt_u128 step = (wt_u128)0x9e3779b97f4a7c15ull << 64 | 0xf39cc0605cedc835ull;
        pcg_advance(g, step * (wt_u128)(uint64_t)jumps);
    }
    g->has_uint32 = 0, g->uinteger = 0;
    return WT_OK;
}

/* ---- the draws ----------------------------------------------------------------------------------- */
uint32_t wt_rng_mt_draw(wt_rng *g) {
    if (g->u.mt.pos >= WT_MT_N) wt_rng_mt_refill(g);
    uint32_t y = g->u.mt.key[g->u.mt.pos++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

uint64_t wt_rng_draw64(wt_rng *g) {
    switch (g->kind) {
    case WT_RNG_PCG64: {
        wt_rng_pcg_step(g, WT_PCG_MULT_HI, WT_PCG_MULT_LO);
        uint64_t hi = g->u.pcg.hi;
        return wt_rng_rotr(hi ^ g->u.pcg.lo, (unsigned)(hi >> 58));
    }
    case WT_RNG_PCG64DXSM: {
        uint64_t hi = g->u.pcg.hi, lo = g->u.pcg.lo | 1;
        hi ^= hi >> 32;
        hi *= WT_PCG_CHEAP;
        hi ^= hi >> 48;
        wt_rng_pcg_step(g, 0, WT_PCG_CHEAP);
        return hi * lo;
    }
    case WT_RNG_MT19937: {
        uint64_t hi = wt_rng_mt_draw(g);
        return hi << 32 | wt_rng_mt_draw(g);
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

/* ---- MT19937's refill and Philox's block ------------------------------------------------------- */
void wt_rng_mt_refill(wt_rng *g) { /* the next block in place: 624 steps of the window from its start */
    int h = 0;
    for (int i = 0; i < WT_MT_N; i++) mt_step(g->u.mt.key, &h);
    g->u.mt.pos = 0;
}

void wt_rng_philox_block(wt_rng *g) {
    uint64_t *c = g->u.philox.ctr;
    for (int i = 0; i < 4 && !++c[i]; i++) {} /* the counter first: block 1 is the first one used */
    uint64_t x[4] = {c[0], c[1], c[2], c[3]}, k0 = g->u.philox.key[0], k1 = g->u.philox.key[1];
    for (int r = 0; r < 10; r++) {
        uint64_t hi0, hi1, lo0 = wt_rng_mul64(0xD2E7470EE14C6C93ull, x[0], &hi0),
                           lo1 = wt_rng_mul64(0xCA5A826395121157ull, x[2], &hi1);
        x[0] = hi1 ^ x[1] ^ k0, x[1] = lo1, x[2] = hi0 ^ x[3] ^ k1, x[3] = lo0;
        k0 += 0x9E3779B97F4A7C15ull, k1 += 0xBB67AE8584CAA73Bull;
    }
    memcpy(g->u.philox.buf, x, sizeof x);
    g->u.philox.pos = 0;
}

/* ---- block draws ------------------------------------------------------------------------------- */
/* PCG64's states s1, s2, ... two at a time: s(k+2) = A^2 s(k) + (A + 1) c, two independent chains
** (a 128-bit multiply's latency is the whole cost of a step, so the second chain comes nearly free) */
static void pcg64_fill_pairs(wt_rng *g, uint64_t *out, int64_t n) {
    wt_u128 c = (wt_u128)g->u.pcg.inc_hi << 64 | g->u.pcg.inc_lo, a2 = WT_PCG_MULT * WT_PCG_MULT;
    wt_u128 c2 = (WT_PCG_MULT + 1) * c, s = (wt_u128)g->u.pcg.hi << 64 | g->u.pcg.lo;
    wt_u128 s1 = s * WT_PCG_MULT + c, s2 = s1 * WT_PCG_MULT + c;
    uint64_t ah = (uint64_t)(s1 >> 64), al = (uint64_t)s1, bh = (uint64_t)(s2 >> 64), bl = (uint64_t)s2;
    const uint64_t mh = (uint64_t)(a2 >> 64), ml = (uint64_t)a2, ch = (uint64_t)(c2 >> 64), cl = (uint64_t)c2;
    int64_t i = 0;
    for (;;) {
        out[i] = wt_rng_rotr(ah ^ al, (unsigned)(ah >> 58));
        out[i + 1] = wt_rng_rotr(bh ^ bl, (unsigned)(bh >> 58));
        if ((i += 2) + 2 > n) break;
        uint64_t h1, l1 = wt_rng_mul64(al, ml, &h1), h2, l2 = wt_rng_mul64(bl, ml, &h2);
        h1 += al * mh + ah * ml, h2 += bl * mh + bh * ml;
        al = l1 + cl, bl = l2 + cl;
        ah = h1 + ch + (al < l1), bh = h2 + ch + (bl < l2);
    }
    g->u.pcg.hi = bh, g->u.pcg.lo = bl; /* the state of the last word drawn */
    if (i < n) out[i] = wt_rng_draw64(g);
}

void wt_rng_fill64(wt_rng *g, uint64_t *out, int64_t n) {
    if (g->kind == WT_RNG_PCG64 && n >= 2) {
        pcg64_fill_pairs(g, out, n);
        return;
    }
    if (g->kind ==
        WT_RNG_PCG64DXSM) { /* DXSM's output of the state before its step, the step by the cheap multiplier */
        uint64_t hi = g->u.pcg.hi, lo = g->u.pcg.lo, ih = g->u.pcg.inc_hi, il = g->u.pcg.inc_lo;
        for (int64_t i = 0; i < n; i++) {
            uint64_t d = (hi ^ (hi >> 32)) * WT_PCG_CHEAP, h, l = wt_rng_mul64(lo, WT_PCG_CHEAP, &h);
            out[i] = (d ^ (d >> 48)) * (lo | 1);
            h += hi * WT_PCG_CHEAP;
            lo = l + il;
            hi = h + ih + (lo < l);
        }
        g->u.pcg.hi = hi, g->u.pcg.lo = lo;
    } else if (g->kind == WT_RNG_SFC64) {
        uint64_t a = g->u.sfc[0], b = g->u.sfc[1], c = g->u.sfc[2], w = g->u.sfc[3];
        for (int64_t i = 0; i < n; i++) {
            uint64_t t = a + b + w++;
            a = b ^ (b >> 11), b = c + (c << 3), c = ((c << 24) | (c >> 40)) + t;
            out[i] = t;
        }
        g->u.sfc[0] = a, g->u.sfc[1] = b, g->u.sfc[2] = c, g->u.sfc[3] = w;
    } else
        for (int64_t i = 0; i < n; i++) out[i] = wt_rng_draw64(g);
}

/* wt_rng_half_next past the words drawn ahead: the state written back, one draw, read again */
uint32_t wt_rng_next32_slow(wt_rng *g, wt_rng_halves *h) {
    wt_rng_half_sync(g, h);
    uint32_t v = wt_rng_next32(g);
    *h = wt_rng_half_open(g);
    return v;
}
