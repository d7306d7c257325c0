/* random.c — the random API: parameters checked and broadcast as NumPy's
** Generator checks them, then every draw made in C order into a new tensor;
** bounded integers; shuffles; choice's index samplers; multinomial.  Nothing
** is drawn before every check has passed, so a failed call leaves the bit
** generator where it was. */
#include "random.h"
#include <math.h>
#include <string.h>

enum { C_NONE, C_NONNEG, C_POS, C_POS_NOTNAN, C_01, C_GT0_LE1, C_GE0_LT1, C_POISSON, C_GT1 };

static const struct {
    const char *name, *params, *result;
} DISTS[WT_NRANDOM] = {
#define WT_RANDOM_ROW_(e, name, params, result) {name, params, #result},
    WT_RANDOM_LIST(WT_RANDOM_ROW_)
#undef WT_RANDOM_ROW_
};

/* each parameter's constraint, NumPy's CONS_* */
static const unsigned char CONS[WT_NRANDOM][3] = {
    [WT_RANDOM_STANDARD_GAMMA] = {C_NONNEG},
    [WT_RANDOM_NORMAL] = {C_NONE, C_NONNEG},
    [WT_RANDOM_EXPONENTIAL] = {C_NONNEG},
    [WT_RANDOM_GAMMA] = {C_NONNEG, C_NONNEG},
    [WT_RANDOM_BETA] = {C_POS, C_POS},
    [WT_RANDOM_CHISQUARE] = {C_POS},
    [WT_RANDOM_LOGNORMAL] = {C_NONE, C_NONNEG},
    [WT_RANDOM_LAPLACE] = {C_NONE, C_NONNEG},
    [WT_RANDOM_LOGISTIC] = {C_NONE, C_NONNEG},
    [WT_RANDOM_GUMBEL] = {C_NONE, C_NONNEG},
    [WT_RANDOM_STANDARD_T] = {C_POS},
    [WT_RANDOM_F] = {C_POS, C_POS},
    [WT_RANDOM_PARETO] = {C_POS},
    [WT_RANDOM_WEIBULL] = {C_NONNEG},
    [WT_RANDOM_POWER] = {C_POS},
    [WT_RANDOM_RAYLEIGH] = {C_NONNEG},
    [WT_RANDOM_BINOMIAL] = {C_NONNEG, C_01},
    [WT_RANDOM_NEGATIVE_BINOMIAL] = {C_POS_NOTNAN, C_GT0_LE1},
    [WT_RANDOM_POISSON] = {C_POISSON},
    [WT_RANDOM_GEOMETRIC] = {C_GT0_LE1},
    [WT_RANDOM_LOGSERIES] = {C_GE0_LT1},
    [WT_RANDOM_LEGACY_NORMAL] = {C_NONE, C_NONNEG},
    [WT_RANDOM_WALD] = {C_POS, C_POS},
    [WT_RANDOM_NONCENTRAL_CHISQUARE] = {C_POS, C_NONNEG},
    [WT_RANDOM_NONCENTRAL_F] = {C_POS, C_POS, C_NONNEG},
    [WT_RANDOM_ZIPF] = {C_GT1},
};

WT_COLD static int nparams(int dist) {
    const char *s = DISTS[dist].params;
    int n = *s != 0;
    for (; *s; s++) n += *s == ' ';
    return n;
}

/* parameter k's name, from the list's "name=default name ..." */
WT_COLD static const char *param_name(int dist, int k, char *buf) {
    const char *s = DISTS[dist].params;
    for (; k; s++)
        if (*s == ' ') k--;
    int n = 0;
    while (s[n] && s[n] != ' ' && s[n] != '=' && n < 15) buf[n] = s[n], n++;
    buf[n] = 0;
    return buf;
}

static double lam_max(void) { return 9223372036854775807.0 - sqrt(9223372036854775807.0) * 10; }

WT_COLD static wt_status cons_check(int dist, int k, int cons, double v) {
    char nb[16];
    const char *n = param_name(dist, k, nb), *fn = DISTS[dist].name;
    switch (cons) {
    case C_NONNEG:
    case C_POISSON:
        if (!isnan(v) && signbit(v)) return wt_error_fail(WT_EINVAL, "%s: %s < 0 (got %g)", fn, n, v);
        if (cons == C_POISSON && v > lam_max())
            return wt_error_fail(WT_EINVAL, "%s: %s value too large (got %g)", fn, n, v);
        break;
    case C_POS_NOTNAN:
        if (isnan(v)) return wt_error_fail(WT_EINVAL, "%s: %s must not be NaN", fn, n);
        /* fall through */
    case C_POS:
        if (v <= 0) return wt_error_fail(WT_EINVAL, "%s: %s <= 0 (got %g)", fn, n, v);
        break;
    case C_01:
        if (!(v >= 0 && v <= 1))
            return wt_error_fail(WT_EINVAL, "%s: %s < 0, %s > 1 or %s is NaN (got %g)", fn, n, n, n, v);
        break;
    case C_GT0_LE1:
        if (!(v > 0 && v <= 1))
            return wt_error_fail(WT_EINVAL, "%s: %s <= 0, %s > 1 or %s contains NaNs (got %g)", fn, n, n, n, v);
        break;
    case C_GE0_LT1:
        if (!(v >= 0 && v < 1))
            return wt_error_fail(WT_EINVAL, "%s: %s < 0, %s >= 1 or %s contains NaNs (got %g)", fn, n, n, n, v);
        break;
    case C_GT1:
        if (!(v > 1)) return wt_error_fail(WT_EINVAL, "%s: %s <= 1 or %s is NaN (got %g)", fn, n, n, v);
        break;
    }
    return WT_OK;
}

/* checks across a draw's parameters (NumPy's, over the broadcast values) */
WT_COLD static wt_status pair_check(int dist, const double *p) {
    const char *fn = DISTS[dist].name;
    switch (dist) {
    case WT_RANDOM_UNIFORM:
    case WT_RANDOM_LEGACY_UNIFORM: {
        double r = p[1] - p[0];
        if (!isfinite(r))
            return wt_error_fail(WT_EINVAL, "%s: high - low range exceeds valid bounds (low %g, high %g)", fn, p[0],
                                 p[1]);
        if (dist == WT_RANDOM_UNIFORM && signbit(r))
            return wt_error_fail(WT_EINVAL, "%s: high - low < 0 (low %g, high %g)", fn, p[0], p[1]);
        break;
    }
    case WT_RANDOM_TRIANGULAR:
        if (p[0] > p[1]) return wt_error_fail(WT_EINVAL, "%s: left > mode (%g > %g)", fn, p[0], p[1]);
        if (p[1] > p[2]) return wt_error_fail(WT_EINVAL, "%s: mode > right (%g > %g)", fn, p[1], p[2]);
        if (p[0] == p[2]) return wt_error_fail(WT_EINVAL, "%s: left == right (%g)", fn, p[0]);
        break;
    case WT_RANDOM_NEGATIVE_BINOMIAL:
        if ((1 - p[1]) / p[1] * (p[0] + 10 * sqrt(p[0])) > lam_max())
            return wt_error_fail(WT_EINVAL,
                                 "%s: n too large or p too small (n %g, p %g): the Poisson draw would overflow", fn,
                                 p[0], p[1]);
        break;
    }
    return WT_OK;
}

/* The distributions every draw of which takes at least one 64-bit word (as float32: a 32-bit half):
** their loops draw words ahead (wt_rng_ahead64, wt_rng_ahead32).  Not those that may take none (gamma
** of shape 0, weibull of a = 0, binomial of n = 0, poisson of 0, f of tiny degrees, the cached Gaussian). */
static const unsigned char AHEAD[WT_NRANDOM] = {
    [WT_RANDOM_RANDOM] = 64,         [WT_RANDOM_STANDARD_NORMAL] = 64, [WT_RANDOM_STANDARD_EXPONENTIAL] = 64,
    [WT_RANDOM_NORMAL] = 64,         [WT_RANDOM_UNIFORM] = 64,         [WT_RANDOM_EXPONENTIAL] = 64,
    [WT_RANDOM_LOGNORMAL] = 64,      [WT_RANDOM_LAPLACE] = 64,         [WT_RANDOM_LOGISTIC] = 64,
    [WT_RANDOM_GUMBEL] = 64,         [WT_RANDOM_STANDARD_CAUCHY] = 64, [WT_RANDOM_STANDARD_T] = 64,
    [WT_RANDOM_PARETO] = 64,         [WT_RANDOM_POWER] = 64,           [WT_RANDOM_RAYLEIGH] = 64,
    [WT_RANDOM_TRIANGULAR] = 64,     [WT_RANDOM_GEOMETRIC] = 64,       [WT_RANDOM_LOGSERIES] = 64,
    [WT_RANDOM_LEGACY_UNIFORM] = 64,
};

/* one draw of dist from parameters p (n: binomial's count) into out, as dtype */
static void draw(wt_rng *g, int dist, int dtype, const double *p, int64_t n, char *out) {
    double d = 0;
    int64_t i = 0;
    int f32 = dtype == WT_FLOAT32;
    switch (dist) {
    case WT_RANDOM_RANDOM: d = f32 ? wt_rng_float(g) : wt_rng_double(g); break;
    case WT_RANDOM_STANDARD_NORMAL: d = f32 ? wt_dist_normal_f(g) : wt_dist_normal(g); break;
    case WT_RANDOM_STANDARD_EXPONENTIAL: d = f32 ? wt_dist_exponential_f(g) : wt_dist_exponential(g); break;
    case WT_RANDOM_STANDARD_GAMMA: d = f32 ? wt_dist_gamma_f(g, (float)p[0]) : wt_dist_gamma(g, p[0]); break;
    case WT_RANDOM_NORMAL: d = p[0] + p[1] * wt_dist_normal(g); break;
    case WT_RANDOM_UNIFORM:
    case WT_RANDOM_LEGACY_UNIFORM: d = p[0] + (p[1] - p[0]) * wt_rng_double(g); break;
    case WT_RANDOM_EXPONENTIAL: d = p[0] * wt_dist_exponential(g); break;
    case WT_RANDOM_GAMMA: d = p[1] * wt_dist_gamma(g, p[0]); break;
    case WT_RANDOM_BETA: d = wt_dist_beta(g, p[0], p[1]); break;
    case WT_RANDOM_CHISQUARE: d = 2.0 * wt_dist_gamma(g, p[0] / 2.0); break;
    case WT_RANDOM_LOGNORMAL: d = exp(p[0] + p[1] * wt_dist_normal(g)); break;
    case WT_RANDOM_LAPLACE: d = wt_dist_laplace(g, p[0], p[1]); break;
    case WT_RANDOM_LOGISTIC: d = wt_dist_logistic(g, p[0], p[1]); break;
    case WT_RANDOM_GUMBEL: d = wt_dist_gumbel(g, p[0], p[1]); break;
    case WT_RANDOM_STANDARD_CAUCHY: d = wt_dist_normal(g), d /= wt_dist_normal(g); break;
    case WT_RANDOM_STANDARD_T: {
        double num = wt_dist_normal(g), den = wt_dist_gamma(g, p[0] / 2);
        d = sqrt(p[0] / 2) * num / sqrt(den);
        break;
    }
    case WT_RANDOM_F: {
        double a = 2.0 * wt_dist_gamma(g, p[0] / 2.0) * p[1];
        d = a / (2.0 * wt_dist_gamma(g, p[1] / 2.0) * p[0]);
        break;
    }
    case WT_RANDOM_PARETO: d = expm1(wt_dist_exponential(g) / p[0]); break;
    case WT_RANDOM_WEIBULL: d = p[0] == 0.0 ? 0.0 : pow(wt_dist_exponential(g), 1. / p[0]); break;
    case WT_RANDOM_POWER: d = pow(-expm1(-wt_dist_exponential(g)), 1. / p[0]); break;
    case WT_RANDOM_RAYLEIGH: d = p[0] * sqrt(2.0 * wt_dist_exponential(g)); break;
    case WT_RANDOM_TRIANGULAR: d = wt_dist_triangular(g, p[0], p[1], p[2]); break;
    case WT_RANDOM_BINOMIAL: i = wt_dist_binomial(g, n, p[1]); break;
    case WT_RANDOM_NEGATIVE_BINOMIAL: i = wt_dist_poisson(g, wt_dist_gamma(g, p[0]) * ((1 - p[1]) / p[1])); break;
    case WT_RANDOM_POISSON: i = wt_dist_poisson(g, p[0]); break;
    case WT_RANDOM_GEOMETRIC: i = wt_dist_geometric(g, p[0]); break;
    case WT_RANDOM_LOGSERIES: i = wt_dist_logseries(g, p[0]); break;
    case WT_RANDOM_RANDOM_RAW: /* NumPy's next_raw: MT19937's is a 32-bit word */
        i = g->kind == WT_RNG_MT19937 ? (int64_t)wt_rng_mt_draw(g) : (int64_t)wt_rng_next64(g);
        break;
    case WT_RANDOM_LEGACY_STANDARD_NORMAL: d = wt_dist_legacy_gauss(g); break;
    case WT_RANDOM_LEGACY_NORMAL: d = p[0] + p[1] * wt_dist_legacy_gauss(g); break;
    case WT_RANDOM_WALD: d = wt_dist_wald(g, p[0], p[1]); break;
    case WT_RANDOM_NONCENTRAL_CHISQUARE: d = wt_dist_noncentral_chisquare(g, p[0], p[1]); break;
    case WT_RANDOM_NONCENTRAL_F: {
        double t = wt_dist_noncentral_chisquare(g, p[0], p[2]) * p[1];
        d = t / (2.0 * wt_dist_gamma(g, p[1] / 2.0) * p[0]);
        break;
    }
    case WT_RANDOM_ZIPF: i = wt_dist_zipf(g, p[0]); break;
    }
    if (dtype == WT_FLOAT64)
        memcpy(out, &d, 8);
    else if (dtype == WT_FLOAT32) {
        float f = (float)d;
        memcpy(out, &f, 4);
    } else
        memcpy(out, &i, 8);
}

WT_COLD static wt_status check_g(const wt_rng *g, const char *fn) {
    if (!g || g->kind < 0 || g->kind >= WT_NRNG) return wt_error_fail(WT_EINVAL, "%s: not a bit generator", fn);
    return WT_OK;
}

/* the result's shape: (ndim, shape), or with ndim -1 the operands' broadcast shape */
WT_COLD static wt_status out_shape(int n, const wt_tensor *const *t, int ndim, const int64_t *shape, const char *fn,
                                   wt_desc *out) {
    int nds[3];
    const int64_t *shs[3];
    for (int k = 0; k < n; k++) nds[k] = t[k]->d.ndim, shs[k] = t[k]->d.shape;
    int64_t bs[WT_MAX_DIMS];
    int bn = 0;
    wt_status st = wt_broadcast_shapes(n, nds, shs, &bn, bs);
    if (st) return st;
    if (ndim == -1) return wt_desc_init(out, WT_FLOAT64, bn, bs);
    if (ndim < 0 || ndim > WT_MAX_DIMS || (ndim && !shape))
        return wt_error_fail(WT_EINVAL, "%s: size must be a shape of 0..%d dimensions, got %d", fn, WT_MAX_DIMS, ndim);
    if ((st = wt_desc_init(out, WT_FLOAT64, ndim, shape))) return st;
    wt_desc d;
    for (int k = 0; k < n; k++)
        if ((st = wt_desc_broadcast(&t[k]->d, ndim, shape, fn, &d))) return st;
    return WT_OK;
}

/* the parameters as float64 (binomial's n as int64), contiguous, and their strides over the result */
typedef struct {
    int n;
    wt_tensor *v[3];
    int64_t strides[3][WT_MAX_DIMS];
} params;

/* the next element in C order over shape: each parameter's offset moved by its strides */
static void params_next(const params *P, const wt_desc *shape, int64_t *idx, int64_t *off) {
    for (int d = shape->ndim - 1; d >= 0; d--) {
        for (int k = 0; k < P->n; k++) off[k] += P->strides[k][d];
        if (++idx[d] < shape->shape[d]) return;
        for (int k = 0; k < P->n; k++) off[k] -= P->strides[k][d] * shape->shape[d];
        idx[d] = 0;
    }
}

static void params_free(params *P) {
    for (int k = 0; k < P->n; k++) wt_tensor_free(P->v[k]);
}

WT_COLD static wt_status params_load(params *P, int n, const wt_tensor *const *t, const int *dtypes,
                                     const wt_desc *shape, const char *fn) {
    P->n = 0;
    for (int k = 0; k < n; k++) {
        wt_status st = wt_assign_astype(t[k], dtypes[k], &P->v[k]);
        if (st) {
            params_free(P);
            return st;
        }
        P->n = k + 1;
        wt_desc d;
        wt_desc_broadcast(&P->v[k]->d, shape->ndim, shape->shape, fn, &d);
        memcpy(P->strides[k], d.strides, sizeof d.strides);
    }
    return WT_OK;
}

WT_COLD static wt_status param_dtypes(int dist, int n, const wt_tensor *const *t, int *dts) {
    for (int k = 0; k < n; k++) {
        char nb[16];
        int dt = t[k]->d.dtype;
        if (dt == WT_COMPLEX64 || dt == WT_COMPLEX128)
            return wt_error_fail(WT_EDTYPE, "%s: %s must be real, got %s", DISTS[dist].name, param_name(dist, k, nb),
                                 wt_dtype_name(dt));
        int count = dist == WT_RANDOM_BINOMIAL && k == 0;
        if (count && (dt == WT_FLOAT16 || dt == WT_FLOAT32 || dt == WT_FLOAT64))
            return wt_error_fail(WT_EDTYPE, "%s: n must be an integer, got %s", DISTS[dist].name, wt_dtype_name(dt));
        dts[k] = count ? WT_INT64 : WT_FLOAT64;
    }
    return WT_OK;
}

WT_COLD static wt_status result_dtype(int dist, int dtype) {
    char r = DISTS[dist].result[0];
    int want = r == 'I' ? WT_INT64 : r == 'U' ? WT_UINT64 : WT_FLOAT64;
    if (dtype == want || (r == 'F' && dtype == WT_FLOAT32)) return WT_OK;
    return wt_error_fail(WT_EDTYPE, "%s: unsupported dtype %s (%s)", DISTS[dist].name, wt_dtype_name(dtype),
                         r == 'F' ? "float64 or float32" : wt_dtype_name(want));
}

/* every parameter value checked, then every combination the parameters broadcast to (pair checks:
** over the parameters' own broadcast shape, so a size of 0 does not skip them, as NumPy's does not) */
static wt_status params_check(int dist, const params *P) {
    for (int k = 0; k < P->n; k++) {
        int64_t m = wt_desc_size(&P->v[k]->d);
        const char *b = wt_first(P->v[k]);
        for (int64_t j = 0; j < m && CONS[dist][k]; j++) {
            double v = P->v[k]->d.dtype == WT_INT64 ? (double)((const int64_t *)(const void *)b)[j]
                                                    : ((const double *)(const void *)b)[j];
            wt_status st = cons_check(dist, k, CONS[dist][k], v);
            if (st) return st;
        }
    }
    if (dist != WT_RANDOM_UNIFORM && dist != WT_RANDOM_LEGACY_UNIFORM && dist != WT_RANDOM_TRIANGULAR &&
        dist != WT_RANDOM_NEGATIVE_BINOMIAL)
        return WT_OK;
    wt_desc own, b;
    params Q = *P; /* the same values, strided over their own broadcast shape */
    wt_status st = out_shape(P->n, (const wt_tensor *const *)P->v, -1, NULL, DISTS[dist].name, &own);
    for (int k = 0; !st && k < P->n; k++)
        if (!(st = wt_desc_broadcast(&P->v[k]->d, own.ndim, own.shape, "", &b)))
            memcpy(Q.strides[k], b.strides, sizeof b.strides);
    int64_t size = wt_desc_size(&own), idx[WT_MAX_DIMS] = {0}, off[3] = {0};
    for (int64_t e = 0; !st && e < size; e++) {
        double p[3];
        for (int k = 0; k < P->n; k++) p[k] = ((const double *)(const void *)wt_first(P->v[k]))[off[k]];
        if ((st = pair_check(dist, p))) break;
        params_next(&Q, &own, idx, off);
    }
    return st;
}

wt_status wt_random(wt_rng *g, int dist, const wt_tensor *a, const wt_tensor *b, const wt_tensor *c, int dtype,
                    int ndim, const int64_t *shape, wt_tensor **result) {
    wt_status st = check_g(g, "random");
    if (st) return st;
    if (dist < 0 || dist >= WT_NRANDOM) return wt_error_fail(WT_EINVAL, "random: no distribution %d", dist);
    if ((st = wt_tensor_check_out(result))) return st;
    const char *fn = DISTS[dist].name;
    const wt_tensor *t[3] = {a, b, c};
    int n = nparams(dist), dts[3];
    for (int k = 0; k < 3; k++) {
        char nb[16];
        if (k < n && (st = wt_tensor_check(t[k], param_name(dist, k, nb)))) return st;
        if (k >= n && t[k])
            return wt_error_fail(WT_EINVAL, "%s: takes %d parameters, got a tensor for parameter %d", fn, n, k + 1);
    }
    wt_desc shp;
    params P;
    if ((st = param_dtypes(dist, n, t, dts)) || (st = result_dtype(dist, dtype)) ||
        (st = out_shape(n, t, ndim, shape, fn, &shp)))
        return st;
    if ((st = params_load(&P, n, t, dts, &shp, fn))) return st;
    wt_tensor *r = NULL;
    if ((st = params_check(dist, &P)) || (st = wt_tensor_empty(dtype, shp.ndim, shp.shape, &r))) {
        params_free(&P);
        return st;
    }
    int64_t size = wt_desc_size(&shp), idx[WT_MAX_DIMS] = {0}, off[3] = {0}, isz = (int64_t)wt_dtype_size(dtype);
    char *o = wt_first(r);
    if (dist == WT_RANDOM_RANDOM && dtype == WT_FLOAT64 && g->kind != WT_RNG_MT19937) { /* words, then doubles */
        uint64_t *w = (uint64_t *)(void *)o;
        wt_rng_fill64(g, w, size);
        for (int64_t e = 0; e < size; e++)
            ((double *)(void *)o)[e] = (double)(int64_t)(w[e] >> 11) * (1.0 / 9007199254740992.0);
    } else if (dist == WT_RANDOM_RANDOM_RAW && g->kind != WT_RNG_MT19937)
        wt_rng_fill64(g, (uint64_t *)(void *)o, size);
    else if (dist == WT_RANDOM_STANDARD_NORMAL && dtype == WT_FLOAT64)
        for (int64_t e = 0; e < size; e++) {
            if (e % WT_RNG_LOOK == 0) wt_rng_ahead64(g, size - e);
            ((double *)(void *)o)[e] = wt_dist_normal(g);
        }
    else
        for (int64_t e = 0, ahead = AHEAD[dist] && dtype == WT_FLOAT32 ? 32 : AHEAD[dist]; e < size; e++) {
            if (ahead == 64 && e % WT_RNG_LOOK == 0) wt_rng_ahead64(g, size - e);
            if (ahead == 32 && e % (2 * WT_RNG_LOOK) == 0) wt_rng_ahead32(g, size - e);
            double p[3] = {0, 0, 0};
            int64_t cnt = 0;
            for (int k = 0; k < n; k++) {
                const char *pb = wt_first(P.v[k]);
                if (P.v[k]->d.dtype == WT_INT64)
                    cnt = ((const int64_t *)(const void *)pb)[off[k]];
                else
                    p[k] = ((const double *)(const void *)pb)[off[k]];
            }
            draw(g, dist, dtype, p, cnt, o + e * isz);
            if (n) params_next(&P, &shp, idx, off);
        }
    params_free(&P);
    *result = r;
    return WT_OK;
}

/* ---- bounded integers -------------------------------------------------------------------------- */
typedef __int128 i128;

static int int_bits(int dt) {
    switch (dt) {
    case WT_BOOL: return 1;
    case WT_INT8:
    case WT_UINT8: return 8;
    case WT_INT16:
    case WT_UINT16: return 16;
    case WT_INT32:
    case WT_UINT32: return 32;
    case WT_INT64:
    case WT_UINT64: return 64;
    default: return 0;
    }
}

static i128 int_at(const wt_tensor *t, int64_t i) {
    const char *b = wt_first(t);
    return t->d.dtype == WT_UINT64 ? (i128)((const uint64_t *)(const void *)b)[i]
                                   : (i128)((const int64_t *)(const void *)b)[i];
}

WT_COLD static const char *i128_str(i128 v, char *buf) { /* for messages: |v| < 2^65 */
    char tmp[48];
    int n = 0, neg = v < 0;
    unsigned __int128 u = neg ? -(unsigned __int128)v : (unsigned __int128)v;
    do tmp[n++] = (char)('0' + (int)(u % 10)), u /= 10;
    while (u);
    int k = 0;
    if (neg) buf[k++] = '-';
    while (n) buf[k++] = tmp[--n];
    buf[k] = 0;
    return buf;
}

/* n draws of off + [0, rng] at one width, stored isz bytes each (the low bytes: little-endian) */
static void bounded_fill(wt_rng *g, uint64_t off, uint64_t rng, int bits, int masked, int64_t isz, char *o, int64_t n) {
    wt_dist_buf b = {0, 0};
    /* what each draw takes at least: a 64-bit word for wide ranges, a 32-bit half from 32 bits up, else less */
    int ahead = rng == 0 || bits < 32 ? 0 : bits == 64 && rng > 0xffffffffu ? 64 : 32;
    if (ahead == 32 && rng < 0xffffffffu) { /* 32-bit draws, inline: Lemire's multiply, or the masked loop */
        const uint32_t mask = (uint32_t)wt_dist_mask(rng);
        uint32_t vs[2 * WT_RNG_LOOK]; /* a block of draws, then its stores: none can alias the generator */
        for (int64_t e0 = 0; e0 < n; e0 += 2 * WT_RNG_LOOK) {
            int64_t cnt = n - e0 < 2 * WT_RNG_LOOK ? n - e0 : 2 * WT_RNG_LOOK;
            wt_rng_ahead32(g, n - e0);
            wt_rng_halves h = wt_rng_half_open(g);
            for (int64_t k = 0; k < cnt; k++) {
                uint32_t v;
                if (masked)
                    while ((v = (wt_rng_half_next(g, &h) & mask)) > rng) {}
                else
                    v = wt_dist_lemire32_halves(g, &h, (uint32_t)rng);
                vs[k] = v;
            }
            wt_rng_half_sync(g, &h);
            for (int64_t k = 0; k < cnt; k++)
                if (isz == 4)
                    ((uint32_t *)(void *)o)[e0 + k] = (uint32_t)(off + vs[k]);
                else
                    ((uint64_t *)(void *)o)[e0 + k] = off + vs[k];
        }
        return;
    }
    for (int64_t e = 0; e < n; e++) {
        if (ahead == 64 && e % WT_RNG_LOOK == 0) wt_rng_ahead64(g, n - e);
        if (ahead == 32 && e % (2 * WT_RNG_LOOK) == 0) wt_rng_ahead32(g, n - e);
        uint64_t v = wt_dist_bounded(g, off, rng, bits, masked, &b);
        switch (isz) {
        case 1: ((uint8_t *)o)[e] = (uint8_t)v; break;
        case 2: ((uint16_t *)(void *)o)[e] = (uint16_t)v; break;
        case 4: ((uint32_t *)(void *)o)[e] = (uint32_t)v; break;
        default: ((uint64_t *)(void *)o)[e] = v;
        }
    }
}

wt_status wt_random_integers(wt_rng *g, const wt_tensor *low, const wt_tensor *high, int endpoint, int masked,
                             int dtype, int ndim, const int64_t *shape, wt_tensor **result) {
    wt_status st = check_g(g, "integers");
    if (!st) st = wt_tensor_check(low, "low");
    if (!st) st = wt_tensor_check(high, "high");
    if (!st) st = wt_tensor_check_out(result);
    if (st) return st;
    int bits = int_bits(dtype);
    if (!bits)
        return wt_error_fail(WT_EDTYPE, "integers: unsupported dtype %s (bool or an integer dtype)",
                             wt_dtype_name(dtype));
    const wt_tensor *t[2] = {low, high};
    int dts[2];
    for (int k = 0; k < 2; k++) {
        if (!int_bits(t[k]->d.dtype))
            return wt_error_fail(WT_EDTYPE, "integers: %s must be integers, got %s", k ? "high" : "low",
                                 wt_dtype_name(t[k]->d.dtype));
        dts[k] = t[k]->d.dtype == WT_UINT64 ? WT_UINT64 : WT_INT64;
    }
    wt_desc shp;
    params P;
    if ((st = out_shape(2, t, ndim, shape, "integers", &shp)) || (st = params_load(&P, 2, t, dts, &shp, "integers")))
        return st;
    wt_dtype_limits lim;
    wt_dtype_limits_of(dtype, &lim);
    i128 lo_b = (i128)lim.int_min, hi_b = (i128)lim.int_max;
    int64_t size = wt_desc_size(&shp), idx[WT_MAX_DIMS] = {0}, off[2] = {0}, isz = (int64_t)wt_dtype_size(dtype);
    wt_tensor *r = NULL;
    int one = wt_desc_size(&P.v[0]->d) == 1 && wt_desc_size(&P.v[1]->d) == 1; /* one range for every draw */
    for (int pass = 0; pass < 2; pass++) {                                    /* every pair checked, then drawn */
        wt_dist_buf buf = {0, 0};
        char *o = pass ? wt_first(r) : NULL;
        for (int64_t e = 0; e < (one && !pass ? 1 : size); e++) {
            i128 lo = int_at(P.v[0], off[0]), hi = int_at(P.v[1], off[1]) - !endpoint;
            char a[48], b[48];
            if (!pass && lo < lo_b)
                st = wt_error_fail(WT_EINVAL, "integers: low is out of bounds for %s (got %s)", wt_dtype_name(dtype),
                                   i128_str(lo, a));
            else if (!pass && hi > hi_b)
                st = wt_error_fail(WT_EINVAL, "integers: high is out of bounds for %s (got %s)", wt_dtype_name(dtype),
                                   i128_str(hi + !endpoint, a));
            else if (!pass && lo > hi)
                st = wt_error_fail(WT_EINVAL, "integers: low %s high (low %s, high %s)",
                                   endpoint ? ">" : ">=", i128_str(lo, a), i128_str(hi + !endpoint, b));
            if (st) break;
            if (pass && one) {
                bounded_fill(g, (uint64_t)lo, (uint64_t)(hi - lo), bits, masked, isz, o, size);
                break;
            }
            if (pass) {
                uint64_t v = wt_dist_bounded(g, (uint64_t)lo, (uint64_t)(hi - lo), bits, masked, &buf);
                memcpy(o + e * isz, &v, (size_t)isz); /* little-endian: the low bytes */
            }
            params_next(&P, &shp, idx, off);
        }
        if (!st && !pass) st = wt_tensor_empty(dtype, shp.ndim, shp.shape, &r);
        if (st) break;
    }
    params_free(&P);
    if (st) return st;
    *result = r;
    return WT_OK;
}

/* ---- shuffles ---------------------------------------------------------------------------------- */
WT_COLD static wt_status writable(const wt_tensor *t, const char *fn) {
    wt_status st = wt_tensor_check(t, "x");
    if (st) return st;
    if (t->d.flags & WT_FLAG_READONLY) return wt_error_fail(WT_EREADONLY, "%s: x is read-only", fn);
    if (t->d.ndim == 0) return wt_error_fail(WT_EINVAL, "%s: x must have at least one dimension", fn);
    return WT_OK;
}

static void swap_bytes(char *a, char *b, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        char c = a[i];
        a[i] = b[i], b[i] = c;
    }
}

/* two elements of isz bytes swapped */
static inline void swap_at(char *p, char *q, int64_t isz) {
    if (isz == 8) {
        uint64_t t;
        memcpy(&t, p, 8), memcpy(p, q, 8), memcpy(q, &t, 8);
    } else if (isz == 4) {
        uint32_t t;
        memcpy(&t, p, 4), memcpy(p, q, 4), memcpy(q, &t, 4);
    } else
        swap_bytes(p, q, isz);
}

/* off moved to the next element, in C order, of d's axes but a (idx: where it is) */
static int64_t next_but(const wt_desc *d, int a, int64_t *idx, int64_t off) {
    for (int k = d->ndim - 1; k >= 0; k--) {
        if (k == a) continue;
        off += d->strides[k];
        if (++idx[k] < d->shape[k]) return off;
        off -= d->strides[k] * d->shape[k];
        idx[k] = 0;
    }
    return off;
}

/* Fisher-Yates over one lane of n elements (stride in bytes): NumPy's, i from n - 1 down to 1.  The
** draws come a block at a time into a local array, apart from the swaps, so no store into the data
** can make the compiler reload the generator's state. */
static void shuffle_lane(wt_rng *g, char *base, int64_t n, int64_t stride, int64_t isz) {
    int64_t js[4 * WT_RNG_LOOK], cnt;
    for (int64_t top = n - 1; top >= 1; top -= cnt) {
        wt_rng_ahead32(g, top); /* top draws to go, a half or more each */
        if (top > 0xffffffff)
            for (cnt = 0; cnt < 2 * WT_RNG_LOOK && cnt < top; cnt++)
                js[cnt] = (int64_t)wt_dist_interval(g, (uint64_t)(top - cnt));
        else { /* NumPy's random_interval on 32-bit draws, the buffered half in locals, while the words last */
            wt_rng_halves h = wt_rng_half_open(g);
            uint32_t mask = (uint32_t)wt_dist_mask((uint64_t)top), v;
            for (cnt = 0; cnt < 4 * WT_RNG_LOOK && cnt < top; cnt++) {
                if (cnt && !h.has && h.pos >= g->look_n) break; /* drawn ahead: all taken */
                uint32_t max = (uint32_t)(top - cnt);
                if (max <= mask >> 1) mask >>= 1; /* max only falls, a bit at a time at most */
                while ((v = wt_rng_half_next(g, &h) & mask) > max) {}
                js[cnt] = v;
            }
            wt_rng_half_sync(g, &h);
        }
        for (int64_t k = 0; k < cnt; k++) swap_at(base + (top - k) * stride, base + js[k] * stride, isz);
    }
}

/* ---- one draw (size=None) ------------------------------------------------------------------ */
/* a 0-d tensor over one value on the stack: a scalar call's parameter */
static const wt_tensor *scalar_param(wt_tensor *t, wt_buffer *b, int dtype, void *slot) {
    *b = (wt_buffer){.data = slot, .nbytes = 8};
    t->buf = b;
    memset(&t->d, 0, sizeof t->d);
    t->d.dtype = dtype;
    return t;
}

/* the one value of a 0-d result into out (its dtype's bytes), the result freed */
static wt_status deliver_one(wt_status st, wt_tensor *r, void *out) {
    if (!st) memcpy(out, wt_first(r), wt_dtype_size(r->d.dtype));
    wt_tensor_free(r);
    return st;
}

wt_status wt_random_one(wt_rng *g, int dist, double a, double b, double c, int dtype, void *out) {
    if (!out) return wt_error_fail(WT_EINVAL, "random: out is NULL");
    if (dist < 0 || dist >= WT_NRANDOM) return wt_error_fail(WT_EINVAL, "random: no distribution %d", dist);
    double v[3] = {a, b, c};
    /* binomial's n: an int64 value (the cast only when in range: beyond it, C's cast is undefined) */
    bool integral = a >= -0x1p63 && a < 0x1p63 && a == floor(a);
    int64_t count = integral ? (int64_t)a : 0;
    wt_tensor t[3];
    wt_buffer buf[3];
    const wt_tensor *in[3] = {NULL, NULL, NULL};
    for (int k = 0; k < nparams(dist); k++) {
        bool is_count = dist == WT_RANDOM_BINOMIAL && k == 0;
        if (is_count && !integral)
            return wt_error_fail(WT_EDTYPE, "%s: n must be an integer, got %.17g", DISTS[dist].name, a);
        in[k] = scalar_param(&t[k], &buf[k], is_count ? WT_INT64 : WT_FLOAT64, is_count ? (void *)&count : &v[k]);
    }
    wt_tensor *r = NULL;
    wt_status st = wt_random(g, dist, in[0], in[1], in[2], dtype, -1, NULL, &r); /* before r is read */
    return deliver_one(st, r, out);
}

wt_status wt_random_integers_one(wt_rng *g, int64_t low, int64_t high, int endpoint, int masked, int dtype, void *out) {
    if (!out) return wt_error_fail(WT_EINVAL, "integers: out is NULL");
    wt_tensor t[2];
    wt_buffer buf[2];
    wt_tensor *r = NULL;
    wt_status st =
        wt_random_integers(g, scalar_param(&t[0], &buf[0], WT_INT64, &low),
                           scalar_param(&t[1], &buf[1], WT_INT64, &high), endpoint, masked, dtype, -1, NULL, &r);
    return deliver_one(st, r, out);
}

wt_status wt_random_shuffle(wt_rng *g, wt_tensor *t, int axis) {
    wt_status st = check_g(g, "shuffle");
    int a;
    if (!st) st = writable(t, "shuffle");
    if (!st) st = wt_desc_axis(axis, t->d.ndim, "axis", &a);
    if (st) return st;
    const wt_desc *d = &t->d;
    int64_t n = d->shape[a], isz = (int64_t)wt_dtype_size(d->dtype), size = wt_desc_size(d);
    if (!size) return WT_OK;
    char *base = wt_first(t);
    if (size == n) { /* one element per sub-array: a lane */
        shuffle_lane(g, base, n, d->strides[a] * isz, isz);
        return WT_OK;
    }
    for (int64_t i = n - 1; i >= 1; i--) {
        int64_t j = (int64_t)wt_dist_interval(g, (uint64_t)i), off = 0, idx[WT_MAX_DIMS];
        if (i == j) continue;
        memset(idx, 0, sizeof idx);
        for (int64_t e = 0; e < size / n; e++) { /* every element of the two sub-arrays */
            swap_bytes(base + (off + i * d->strides[a]) * isz, base + (off + j * d->strides[a]) * isz, isz);
            off = next_but(d, a, idx, off);
        }
    }
    return WT_OK;
}

/* element offset of flat position i in C order (or F order) */
static int64_t flat_offset(const wt_desc *d, int64_t i, int f_order) {
    int64_t off = 0;
    for (int k = 0; k < d->ndim; k++) {
        int ax = f_order ? k : d->ndim - 1 - k;
        off += (i % d->shape[ax]) * d->strides[ax];
        i /= d->shape[ax];
    }
    return off;
}

wt_status wt_random_permuted(wt_rng *g, wt_tensor *t, int axis) {
    wt_status st = check_g(g, "permuted");
    int a = 0;
    if (!st) st = writable(t, "permuted");
    if (!st && axis != WT_RANDOM_FLAT) st = wt_desc_axis(axis, t->d.ndim, "axis", &a);
    if (st) return st;
    const wt_desc *d = &t->d;
    int64_t isz = (int64_t)wt_dtype_size(d->dtype), size = wt_desc_size(d);
    char *base = wt_first(t);
    if (!size) return WT_OK;
    if (axis == WT_RANDOM_FLAT) { /* NumPy shuffles out.ravel(order='A') when out is F- and not C-contiguous */
        wt_desc rev = *d;
        for (int k = 0; k < d->ndim; k++)
            rev.shape[k] = d->shape[d->ndim - 1 - k], rev.strides[k] = d->strides[d->ndim - 1 - k];
        int f = d->ndim > 1 && !wt_desc_is_c_contiguous(d) && wt_desc_is_c_contiguous(&rev);
        if (wt_desc_is_c_contiguous(f ? &rev : d)) { /* its elements in order are its memory */
            shuffle_lane(g, base, size, isz, isz);
            return WT_OK;
        }
        for (int64_t i = size - 1; i >= 1; i--) {
            int64_t j = (int64_t)wt_dist_interval(g, (uint64_t)i);
            if (i != j) swap_bytes(base + flat_offset(d, i, f) * isz, base + flat_offset(d, j, f) * isz, isz);
        }
        return WT_OK;
    }
    int64_t n = d->shape[a], sa = d->strides[a], idx[WT_MAX_DIMS] = {0}, off = 0;
    for (int64_t l = 0; l < size / n; l++) {
        shuffle_lane(g, base + off * isz, n, sa * isz, isz);
        off = next_but(d, a, idx, off);
    }
    return WT_OK;
}

/* ---- choice's samplers ------------------------------------------------------------------------- */
/* NumPy's _shuffle_int: Fisher-Yates of data[first..n) by Lemire's bounded draws (32-bit ones inline) */
static void shuffle_int(wt_rng *g, int64_t n, int64_t first, int64_t *data) {
    wt_dist_buf b = {0, 0};
    int64_t js[2 * WT_RNG_LOOK]; /* a block of draws, then its swaps (as shuffle_lane) */
    for (int64_t top = n - 1; top >= first; top -= 2 * WT_RNG_LOOK) {
        int64_t cnt = top - first + 1 < 2 * WT_RNG_LOOK ? top - first + 1 : 2 * WT_RNG_LOOK;
        wt_rng_ahead32(g, top - first + 1);
        wt_rng_halves h = wt_rng_half_open(g);
        for (int64_t k = 0; k < cnt; k++) {
            int64_t i = top - k;
            if (i < 0xffffffff)
                js[k] = wt_dist_lemire32_halves(g, &h, (uint32_t)i);
            else {
                wt_rng_half_sync(g, &h);
                js[k] = (int64_t)wt_dist_bounded(g, 0, (uint64_t)i, 64, 0, &b);
                h = wt_rng_half_open(g);
            }
        }
        wt_rng_half_sync(g, &h);
        for (int64_t k = 0; k < cnt; k++) {
            int64_t i = top - k, t = data[js[k]];
            data[js[k]] = data[i], data[i] = t;
        }
    }
}

wt_status wt_random_sample(wt_rng *g, int64_t pop, int64_t size, int shuffle, wt_tensor **result) {
    wt_status st = check_g(g, "choice");
    if (!st) st = wt_tensor_check_out(result);
    if (st) return st;
    if (pop < 0 || size < 0)
        return wt_error_fail(WT_EINVAL, "choice: negative population %lld or size %lld", (long long)pop,
                             (long long)size);
    if (size > pop)
        return wt_error_fail(WT_EINVAL,
                             "choice: Cannot take a larger sample than population when replace is False (%lld > %lld)",
                             (long long)size, (long long)pop);
    wt_tensor *r = NULL;
    if ((st = wt_tensor_empty(WT_INT64, 1, &size, &r))) return st;
    int64_t *o = (int64_t *)(void *)wt_first(r);
    if (pop > 10000 && size > pop / (shuffle ? 50 : 20)) { /* a tail shuffle of the whole range */
        int64_t *all = wt_tensor_sys_alloc((size_t)pop * 8);
        if (!all) {
            wt_tensor_free(r);
            return wt_error_fail(WT_ENOMEM, "choice: out of memory for a population of %lld", (long long)pop);
        }
        for (int64_t i = 0; i < pop; i++) all[i] = i;
        shuffle_int(g, pop, pop - size > 1 ? pop - size : 1, all);
        memcpy(o, all + pop - size, (size_t)size * 8);
        wt_tensor_sys_free(all);
    } else { /* Floyd's algorithm with an open-addressing set */
        uint64_t mask = wt_dist_mask((uint64_t)(1.2 * (double)size)),
                 *set = wt_tensor_sys_alloc((size_t)(mask + 1) * 8);
        if (!set) {
            wt_tensor_free(r);
            return wt_error_fail(WT_ENOMEM, "choice: out of memory for a set of %llu", (unsigned long long)(mask + 1));
        }
        memset(set, 0xff, (size_t)(mask + 1) * 8);
        wt_dist_buf b = {0, 0};
        for (int64_t j = pop - size; j < pop; j++) {
            uint64_t v = wt_dist_bounded(g, 0, (uint64_t)j, 64, 0, &b), loc = v & mask;
            while (set[loc] != UINT64_MAX && set[loc] != v) loc = (loc + 1) & mask;
            if (set[loc] != UINT64_MAX) { /* taken: j instead */
                v = (uint64_t)j, loc = v & mask;
                while (set[loc] != UINT64_MAX) loc = (loc + 1) & mask;
            }
            set[loc] = v;
            o[j - pop + size] = (int64_t)v;
        }
        wt_tensor_sys_free(set);
        if (shuffle) shuffle_int(g, size, 1, o);
    }
    *result = r;
    return WT_OK;
}

/* NumPy's kahan_sum (its first element read even when n is 0) */
static double kahan(const double *x, int64_t n) {
    double s = x[0], c = 0.0;
    for (int64_t i = 1; i < n; i++) {
        double y = x[i] - c, t = s + y;
        c = (t - s) - y;
        s = t;
    }
    return s;
}

WT_COLD static wt_status probs_load(const wt_tensor *p, const char *fn, const char *what, wt_tensor **out) {
    wt_status st = wt_tensor_check(p, what);
    if (st) return st;
    if (p->d.ndim != 1)
        return wt_error_fail(WT_EINVAL, "%s: %s must be 1-dimensional, got %d dimensions", fn, what, p->d.ndim);
    int dt = p->d.dtype;
    if (dt == WT_COMPLEX64 || dt == WT_COMPLEX128)
        return wt_error_fail(WT_EDTYPE, "%s: %s must be real, got %s", fn, what, wt_dtype_name(dt));
    return wt_assign_astype(p, WT_FLOAT64, out);
}

/* searchsorted(cdf, u, side='right') */
static int64_t upper(const double *cdf, int64_t n, double u) {
    int64_t lo = 0, hi = n;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (cdf[mid] <= u)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void cdf_of(const double *p, int64_t n, double *cdf) {
    double s = 0;
    for (int64_t i = 0; i < n; i++) cdf[i] = s += p[i];
    for (int64_t i = 0; i < n; i++) cdf[i] /= cdf[n - 1];
}

WT_COLD static wt_status probs_check(const wt_tensor *pv, int orig_dtype, int64_t pop, int legacy) {
    const double *p = (const double *)(const void *)wt_first(pv);
    int64_t n = pv->d.shape[0];
    if (n != pop)
        return wt_error_fail(WT_EINVAL, "choice: %s and p must have same size (%lld and %lld)", "a", (long long)pop,
                             (long long)n);
    double atol = sqrt(2.220446049250313e-16);
    if (orig_dtype == WT_FLOAT32) atol = fmax(atol, sqrt(1.1920928955078125e-07));
    if (orig_dtype == WT_FLOAT16) atol = fmax(atol, sqrt(0.0009765625));
    double sum = n ? kahan(p, n) : 0;
    if (isnan(sum))
        return wt_error_fail(WT_EINVAL, "choice: %s contain NaN", legacy ? "probabilities" : "Probabilities");
    for (int64_t i = 0; i < n; i++)
        if (p[i] < 0)
            return wt_error_fail(WT_EINVAL, "choice: %s are not non-negative (p[%lld] = %g)",
                                 legacy ? "probabilities" : "Probabilities", (long long)i, p[i]);
    if (fabs(sum - 1.) > atol)
        return wt_error_fail(WT_EINVAL, "choice: %s do not sum to 1 (sum %.17g)",
                             legacy ? "probabilities" : "Probabilities", sum);
    return WT_OK;
}

wt_status wt_random_choice_p(wt_rng *g, const wt_tensor *p, int64_t pop, int replace, int legacy, int ndim,
                             const int64_t *shape, wt_tensor **result) {
    wt_status st = check_g(g, "choice");
    wt_tensor *pv = NULL, *r = NULL;
    int64_t size = 0;
    if (!st) st = wt_tensor_check_out(result);
    if (!st) st = wt_desc_shape_check(ndim, shape, &size);
    if (!st) st = probs_load(p, "choice", "p", &pv);
    if (st) return st;
    int64_t n = pv->d.shape[0];
    double *pp = (double *)(void *)wt_first(pv), *cdf = wt_tensor_sys_alloc((size_t)(n ? n : 1) * 8);
    if (!cdf) st = wt_error_fail(WT_ENOMEM, "choice: out of memory for %lld probabilities", (long long)n);
    if (!st) st = probs_check(pv, p->d.dtype, pop, legacy);
    if (!st && !replace && size > pop)
        st = wt_error_fail(WT_EINVAL,
                           "choice: Cannot take a larger sample than population when replace is False (%lld > %lld)",
                           (long long)size, (long long)pop);
    int64_t nonzero = 0;
    for (int64_t i = 0; !st && i < n; i++) nonzero += pp[i] > 0;
    if (!st && !replace && nonzero < size)
        st = wt_error_fail(WT_EINVAL, "choice: Fewer non-zero entries in p than size (%lld < %lld)", (long long)nonzero,
                           (long long)size);
    if (!st) st = wt_tensor_empty(WT_INT64, ndim, shape, &r);
    if (st) {
        wt_tensor_sys_free(cdf);
        wt_tensor_free(pv);
        return st;
    }
    int64_t *o = (int64_t *)(void *)wt_first(r);
    if (replace) {
        cdf_of(pp, n, cdf);
        for (int64_t i = 0; i < size; i++) o[i] = upper(cdf, n, wt_rng_double(g));
    } else {
        int64_t found = 0;
        while (found < size) { /* a round: size - found uniforms, their new distinct indices kept in order */
            for (int64_t i = 0; i < found; i++) pp[o[i]] = 0;
            cdf_of(pp, n, cdf);
            int64_t want = size - found, got = found;
            for (int64_t i = 0; i < want; i++) {
                int64_t k = upper(cdf, n, wt_rng_double(g)), dup = 0;
                for (int64_t j = found; j < got && !dup; j++) dup = o[j] == k;
                if (!dup) o[got++] = k;
            }
            found = got;
        }
    }
    wt_tensor_sys_free(cdf);
    wt_tensor_free(pv);
    *result = r;
    return WT_OK;
}

/* ---- multinomial ------------------------------------------------------------------------------- */
wt_status wt_random_multinomial(wt_rng *g, const wt_tensor *n, const wt_tensor *pvals, int ndim, const int64_t *shape,
                                wt_tensor **result) {
    wt_status st = check_g(g, "multinomial");
    if (!st) st = wt_tensor_check(n, "n");
    if (!st) st = wt_tensor_check_out(result);
    if (st) return st;
    if (!int_bits(n->d.dtype))
        return wt_error_fail(WT_EDTYPE, "multinomial: n must be integers, got %s", wt_dtype_name(n->d.dtype));
    wt_desc shp;
    params P;
    int dt = WT_INT64;
    wt_tensor *pv = NULL, *r = NULL;
    if ((st = out_shape(1, &n, ndim, shape, "multinomial", &shp))) return st;
    if (shp.ndim == WT_MAX_DIMS)
        return wt_error_fail(WT_EINVAL, "multinomial: the result would have more than %d dimensions", WT_MAX_DIMS);
    if ((st = probs_load(pvals, "multinomial", "pvals", &pv))) return st;
    if ((st = params_load(&P, 1, &n, &dt, &shp, "multinomial"))) {
        wt_tensor_free(pv);
        return st;
    }
    int64_t d = pv->d.shape[0], cnt = wt_desc_size(&P.v[0]->d);
    const double *pix = (const double *)(const void *)wt_first(pv);
    const int64_t *nv = (const int64_t *)(const void *)wt_first(P.v[0]);
    for (int64_t i = 0; !st && i < d; i++)
        if (!(pix[i] >= 0 && pix[i] <= 1))
            st = wt_error_fail(WT_EINVAL, "multinomial: pvals < 0, pvals > 1 or pvals is NaN (pvals[%lld] = %g)",
                               (long long)i, pix[i]);
    if (!st && d > 1 && kahan(pix, d - 1) > 1.0 + 1e-12)
        st = wt_error_fail(WT_EINVAL, "multinomial: sum(pvals[:-1]) > 1.0");
    for (int64_t i = 0; !st && i < cnt; i++)
        if (nv[i] < 0) st = wt_error_fail(WT_EINVAL, "multinomial: n < 0 (got %lld)", (long long)nv[i]);
    shp.shape[shp.ndim++] = d;
    if (!st) st = wt_tensor_zeros(WT_INT64, shp.ndim, shp.shape, &r);
    if (st) {
        params_free(&P);
        wt_tensor_free(pv);
        return st;
    }
    int64_t *o = (int64_t *)(void *)wt_first(r), m = d ? wt_desc_size(&r->d) / d : 0, idx[WT_MAX_DIMS] = {0}, off = 0;
    for (int64_t e = 0; e < m && d; e++, o += d) {
        double remaining = 1.0;
        int64_t dn = nv[off];
        for (int64_t j = 0; j < d - 1; j++) {
            o[j] = wt_dist_binomial(g, dn, pix[j] / remaining);
            dn -= o[j];
            if (dn <= 0) break;
            remaining -= pix[j];
        }
        if (dn > 0) o[d - 1] = dn;
        for (int k = shp.ndim - 2; k >= 0; k--) {
            off += P.strides[0][k];
            if (++idx[k] < shp.shape[k]) break;
            off -= P.strides[0][k] * shp.shape[k];
            idx[k] = 0;
        }
    }
    params_free(&P);
    wt_tensor_free(pv);
    *result = r;
    return WT_OK;
}
