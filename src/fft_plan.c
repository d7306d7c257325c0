/* fft_plan.c — the FFT's plans (see fft.h): factorization, twiddles,
** Bluestein's chirp and kernel, and the cache that keeps the last few. */
#include "fft.h"
#include <math.h>
#include <string.h>

#define CACHE 16
static struct {
    wt_fft_plan *p;
    uint64_t used;
} cache[CACHE];
static uint64_t tick;

/* the angle 2 pi k / n is reduced to an octant exactly (in integers),
** leaving sin and cos an argument in [0, pi/4] */
void wt_fft_unit(int64_t k, int64_t n, double *c, double *s) {
    k %= n;
    if (k < 0) k += n;
    uint64_t u = 8 * (uint64_t)k, o = u / (uint64_t)n, rem = u - o * (uint64_t)n;
    double r = 0.78539816339744830962 * ((double)rem / (double)n);
    double r2 = 0.78539816339744830962 * ((double)((uint64_t)n - rem) / (double)n);
    double cr = cos(r), sr = sin(r), cq = cos(r2), sq = sin(r2);
    double tab[8][2] = {{cr, sr}, {sq, cq}, {-sr, cr}, {-cq, sq}, {-cr, -sr}, {-sq, -cq}, {sr, -cr}, {cq, -sq}};
    *c = tab[o][0], *s = tab[o][1];
}

static void put(int dtype, void *arr, int64_t i, double re, double im) {
    if (dtype == WT_FLOAT32)
        ((float *)arr)[2 * i] = (float)re, ((float *)arr)[2 * i + 1] = (float)im;
    else
        ((double *)arr)[2 * i] = re, ((double *)arr)[2 * i + 1] = im;
}

/* n's passes: odd primes first, then a 2 or a 4, then 8s (4s without
** eight), so the float kernels' ido stays even until the last pass; false:
** a prime beyond WT_FFT_PMAX */
WT_COLD static bool factor(int64_t n, bool eight, int64_t *fac, int *nf) {
    int k = 0, twos = 0;
    while (n % 2 == 0) n /= 2, twos++;
    for (int64_t p = 3; p * p <= n; p += 2)
        while (n % p == 0) {
            if (p > WT_FFT_PMAX) return false;
            fac[k++] = p, n /= p;
        }
    if (n > 1) {
        if (n > WT_FFT_PMAX) return false;
        fac[k++] = n;
    }
    if (!eight) { /* float: radix 4 (radix 8's sixteen-lane butterfly spills, measured slower) */
        if (twos % 2) fac[k++] = 2;
        for (int i = 0; i < twos / 2; i++) fac[k++] = 4;
    } else {
        if (twos % 3) fac[k++] = twos % 3 == 1 ? 2 : 4;
        for (int i = 0; i < twos / 3; i++) fac[k++] = 8;
    }
    *nf = k;
    return true;
}

/* arithmetic per element, roughly, of the passes (prime radices cost more) */
WT_COLD static double cost(const int64_t *fac, int nf) {
    double c = 0;
    for (int i = 0; i < nf; i++) c += fac[i] <= 5 ? (double)fac[i] : 1.1 * (double)fac[i];
    return c;
}

/* the smallest even m >= n whose prime factors are 2, 3, 5 and 7 */
WT_COLD static int64_t good_size(int64_t n) {
    for (int64_t m = n + (n % 2);; m += 2) {
        int64_t r = m;
        for (int p = 2; p <= 7; p++)
            while (r % p == 0) r /= p;
        if (r == 1) return m;
    }
}

WT_COLD static void plan_free(wt_fft_plan *p) {
    if (!p) return;
    plan_free(p->sub), plan_free(p->sub2);
    wt_tensor_sys_free(p->tw), wt_tensor_sys_free(p->chirp), wt_tensor_sys_free(p->kern);
    wt_tensor_sys_free(p->post), wt_tensor_sys_free(p);
}

static void *alloc_c(const wt_fft_plan *p, int64_t count) {
    return wt_tensor_sys_alloc((size_t)(count > 0 ? count : 1) * 2 * wt_dtype_size(p->dtype));
}

/* the passes' twiddles, for fft_t.h's twmul: per (j, group of g i's) g
** (re, re) pairs then g (-im, im) pairs, g the i's a vector holds (2 for
** float when ido is even, else 1); then the pass's roots (cos, sin) */
WT_COLD static bool fill_passes(wt_fft_plan *p) {
    int64_t total = 0, l1 = 1;
    for (int f = 0; f < p->nfac; f++) {
        int64_t ip = p->fac[f], ido = p->n / (l1 * ip);
        p->tw_at[f] = total, total += 2 * (ip - 1) * ido;
        p->root_at[f] = total, total += ip, l1 *= ip;
    }
    if (!(p->tw = alloc_c(p, total))) return false;
    l1 = 1;
    for (int f = 0; f < p->nfac; f++) {
        int64_t ip = p->fac[f], ido = p->n / (l1 * ip), g = p->dtype == WT_FLOAT32 && ido % 2 == 0 ? 2 : 1;
        double c, s;
        for (int64_t j = 1; j < ip; j++)
            for (int64_t i = 0; i < ido; i++) {
                int64_t at = p->tw_at[f] + 2 * ((j - 1) * ido + i - i % g) + i % g;
                wt_fft_unit(-j * l1 * i, p->n, &c, &s), put(p->dtype, p->tw, at, c, c),
                    put(p->dtype, p->tw, at + g, -s, s);
            }
        for (int64_t m = 0; m < ip; m++) wt_fft_unit(m, ip, &c, &s), put(p->dtype, p->tw, p->root_at[f] + m, c, s);
        l1 *= ip;
    }
    return true;
}

static wt_fft_plan *build(int64_t n, int dtype, bool real);

/* Bluestein's tables: the chirp w_k = exp(-i pi k^2 / n) (k^2 taken mod 2n
** as it grows) and FFT_m of b (b_t = conj w_|t|, t wrapped mod m) / m */
WT_COLD static bool fill_blue(wt_fft_plan *p) {
    int64_t n = p->n, m = p->m, q = 0;
    double c, s;
    if (!(p->sub = build(m, p->dtype, false)) || !(p->chirp = alloc_c(p, n)) || !(p->kern = alloc_c(p, m)))
        return false;
    p->scratch = 2 * p->sub->scratch; /* u and v, either one the other's scratch */
    memset(p->kern, 0, (size_t)m * 2 * wt_dtype_size(p->dtype));
    double f = 1.0 / (double)m;
    for (int64_t k = 0; k < n; k++) {
        wt_fft_unit(-q, 2 * n, &c, &s), put(p->dtype, p->chirp, k, c, s);
        if (p->dtype == WT_FLOAT32) c = (float)c, s = (float)s; /* the kernel conjugates the chirp as stored */
        put(p->dtype, p->kern, k, c * f, -s * f);
        if (k) put(p->dtype, p->kern, m - k, c * f, -s * f);
        q += 2 * k + 1;
        while (q >= 2 * n) q -= 2 * n;
    }
    void *r, *k0 = p->kern, *scratch = alloc_c(p, p->sub->scratch);
    if (!scratch) return false;
    if (p->dtype == WT_FLOAT32)
        r = wt_fft_row_f32(p->sub, WT_FFT_C2C, 0, 1, k0, scratch);
    else
        r = wt_fft_row_f64(p->sub, WT_FFT_C2C, 0, 1, k0, scratch);
    if (r != k0) memcpy(k0, r, (size_t)m * 2 * wt_dtype_size(p->dtype));
    wt_tensor_sys_free(scratch);
    return true;
}

WT_COLD static bool fill_real(wt_fft_plan *p) {
    int64_t n = p->n, h = n / 2;
    double c, s;
    if (!(p->sub = build(n % 2 ? n : h, p->dtype, false))) return false;
    p->scratch = p->sub->scratch > h + 1 ? p->sub->scratch : h + 1;
    if (n % 2) return true;
    if (!(p->post = alloc_c(p, h / 2 + 1))) return false;
    for (int64_t k = 0; 2 * k <= h; k++) wt_fft_unit(-k, n, &c, &s), put(p->dtype, p->post, k, c, s);
    return true;
}

/* four-step on p->n1 x n / p->n1 */
WT_COLD static bool fill_four(wt_fft_plan *p) {
    int64_t n = p->n, n1 = p->n1;
    p->nfac = 0;
    if (!(p->sub = build(n1, p->dtype, false)) || !(p->sub2 = build(n / n1, p->dtype, false)) ||
        !(p->tw = alloc_c(p, n)))
        return false;
    int64_t s1 = p->sub->scratch, s2 = p->sub2->scratch;
    p->scratch = n + WT_FFT_FOUR_BLOCK * n1 + (s1 > s2 ? s1 : s2);
    double c, s;
    for (int64_t j2 = 0; j2 < n / n1; j2++)
        for (int64_t k1 = 0; k1 < n1; k1++) wt_fft_unit(-j2 * k1, n, &c, &s), put(p->dtype, p->tw, j2 * n1 + k1, c, s);
    return true;
}

WT_COLD static wt_fft_plan *build(int64_t n, int dtype, bool real) {
    wt_fft_plan *p = wt_tensor_sys_alloc(sizeof *p);
    if (!p) return NULL;
    memset(p, 0, sizeof *p);
    p->n = n, p->dtype = dtype, p->real = real;
    bool ok;
    if (real)
        ok = fill_real(p);
    else {
        bool direct = factor(n, dtype == WT_FLOAT64, p->fac, &p->nfac);
        if (direct && n > 64) { /* Bluestein when its three smooth transforms cost less */
            int64_t m = good_size(2 * n - 1), f[WT_FFT_MAXFAC];
            int nf;
            factor(m, dtype == WT_FLOAT64, f, &nf);
            direct = cost(p->fac, p->nfac) * (double)n <= 3 * cost(f, nf) * (double)m;
        }
        int64_t r = (int64_t)sqrt((double)n); /* four-step's n1: the largest divisor up to the square root */
        bool four = direct && dtype == WT_FLOAT64 && n >= WT_FFT_FOUR;
        while (four && n % r) r--;
        if (four && r >= 16)
            p->n1 = r, ok = fill_four(p);
        else if (direct)
            p->scratch = n, ok = fill_passes(p);
        else
            p->nfac = 0, p->m = good_size(2 * n - 1), ok = fill_blue(p);
    }
    if (!ok) plan_free(p), p = NULL;
    return p;
}

WT_COLD const wt_fft_plan *wt_fft_plan_get(int64_t n, int dtype, bool real) {
    int slot = 0;
    for (int i = 0; i < CACHE; i++) {
        wt_fft_plan *p = cache[i].p;
        if (p && p->n == n && p->dtype == dtype && p->real == real) return cache[i].used = ++tick, p;
        if (!cache[i].p || (cache[slot].p && cache[i].used < cache[slot].used)) slot = i;
    }
    wt_fft_plan *p = build(n, dtype, real);
    if (!p) {
        wt_error_fail(WT_ENOMEM, "fft: out of memory for the plan of a length-%lld transform", (long long)n);
        return NULL;
    }
    plan_free(cache[slot].p);
    cache[slot].p = p, cache[slot].used = ++tick;
    return p;
}

WT_COLD void wt_fft_plan_forget(void) {
    for (int i = 0; i < CACHE; i++) plan_free(cache[i].p), cache[i].p = NULL;
}
