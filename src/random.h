/* random.h — the distributions' draws (distributions.c), shared by the API's
** loops (random.c). */
#ifndef WT_RANDOM_H
#define WT_RANDOM_H
#include "rng.h"

/* the 32-bit word 8- and 16-bit integers and bools are cut from, kept across a call's draws */
typedef struct {
    uint32_t word;
    int count;
} wt_dist_buf;

/* NumPy's ziggurat tables that distributions.c makes at start-up from
** ziggurat.h's float64 widths and densities (those stay there) */
typedef struct {
    uint64_t ki_double[256], ke_double[256];
    uint32_t ki_float[256], ke_float[256];
    float wi_float[256], we_float[256], fi_float[256], fe_float[256];
} wt_dist_zig_tables;
extern wt_dist_zig_tables wt_dist_zig;

double wt_dist_normal(wt_rng *g);
float wt_dist_normal_f(wt_rng *g);
double wt_dist_exponential(wt_rng *g);
float wt_dist_exponential_f(wt_rng *g);
double wt_dist_gamma(wt_rng *g, double shape);
float wt_dist_gamma_f(wt_rng *g, float shape);
double wt_dist_beta(wt_rng *g, double a, double b);
double wt_dist_laplace(wt_rng *g, double loc, double scale);
double wt_dist_gumbel(wt_rng *g, double loc, double scale);
double wt_dist_logistic(wt_rng *g, double loc, double scale);
double wt_dist_triangular(wt_rng *g, double left, double mode, double right);
int64_t wt_dist_poisson(wt_rng *g, double lam);
int64_t wt_dist_binomial(wt_rng *g, int64_t n, double p);
int64_t wt_dist_geometric(wt_rng *g, double p);
int64_t wt_dist_logseries(wt_rng *g, double p);
double wt_dist_wald(wt_rng *g, double mean, double scale);
double wt_dist_noncentral_chisquare(wt_rng *g, double df, double nonc);
int64_t wt_dist_zipf(wt_rng *g, double a);
double wt_dist_legacy_gauss(wt_rng *g);
/* the least all-ones mask covering max */
static inline uint64_t wt_dist_mask(uint64_t max) {
    for (int s = 1; s < 64; s <<= 1) max |= max >> s;
    return max;
}

/* [0, max] by masked rejection (NumPy's random_interval: shuffles) */
static inline uint64_t wt_dist_interval(wt_rng *g, uint64_t max) {
    if (max == 0) return 0;
    uint64_t mask = wt_dist_mask(max), v;
    if (max <= 0xffffffffu)
        while ((v = (wt_rng_next32(g) & mask)) > max) {}
    else
        while ((v = (wt_rng_next64(g) & mask)) > max) {}
    return v;
}
/* Lemire's [0, rng] (rng < 2^32 - 1) from 32-bit draws with the buffered half in locals */
static inline uint32_t wt_dist_lemire32_halves(wt_rng *g, wt_rng_halves *h, uint32_t rng) {
    const uint32_t excl = rng + 1;
    uint64_t m = (uint64_t)wt_rng_half_next(g, h) * excl;
    if ((uint32_t)m < excl)
        for (const uint32_t threshold = (0xffffffffu - rng) % excl; (uint32_t)m < threshold;)
            m = (uint64_t)wt_rng_half_next(g, h) * excl;
    return (uint32_t)(m >> 32);
}

/* off + [0, rng] at a dtype's width (1 for bool, 8, 16, 32, 64), Lemire's or masked */
uint64_t wt_dist_bounded(wt_rng *g, uint64_t off, uint64_t rng, int bits, int masked, wt_dist_buf *b);

#endif
