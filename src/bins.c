/* bins.c — counting into bins, one pass each: NumPy's bincount (a bin per
** non-negative integer) and histogram (bins between sorted edges).  Counts are
** int32, wtensor's index dtype; weights are summed in float64, or complex128
** for complex weights, as NumPy's. */
#include "core.h"
#include <math.h>
#include <string.h>

/* where one value goes: a count, or its weight (one or two parts) added */
typedef struct {
    int32_t *count;
    double *sum;
    const double *w;
    int parts;
} bins_out;

static inline void bins_add(const bins_out *o, int64_t bin, int64_t i) {
    if (o->count) {
        o->count[bin]++;
        return;
    }
    for (int p = 0; p < o->parts; p++) o->sum[bin * o->parts + p] += o->w[i * o->parts + p];
}

/* the weights (n of them, in C order) as float64 or complex128, and the result of len bins */
WT_COLD static wt_status bins_prep(const char *name, const wt_tensor *weights, int64_t n, int64_t len, bins_out *o,
                                   wt_tensor **cw, wt_tensor **r) {
    int dt = WT_INT32;
    if (weights) {
        wt_status st = wt_tensor_check(weights, "weights");
        if (st) return st;
        if (wt_desc_size(&weights->d) != n)
            return wt_error_fail(WT_ESHAPE, "%s: %lld weights for %lld values (the same number, please)", name,
                                 (long long)wt_desc_size(&weights->d), (long long)n);
        dt = wt_dtype_is_complex(weights->d.dtype) ? WT_COMPLEX128 : WT_FLOAT64;
        if ((st = wt_assign_astype(weights, dt, cw))) return st;
    } else if (n > INT32_MAX)
        return wt_error_fail(WT_ESHAPE, "%s: %lld values, beyond int32 counts", name, (long long)n);
    wt_status st = wt_tensor_create(dt, 1, &len, true, r);
    if (st) return st;
    *o = (bins_out){.count = weights ? NULL : (int32_t *)(void *)wt_first(*r),
                    .sum = weights ? (double *)(void *)wt_first(*r) : NULL,
                    .w = weights ? (const double *)(const void *)wt_first(*cw) : NULL,
                    .parts = dt == WT_COMPLEX128 ? 2 : 1};
    return WT_OK;
}

/* ---- bincount ------------------------------------------------------------------- */

static inline int64_t int_at(int dt, const char *p) {
    switch (dt) {
    case WT_INT32: {
        int32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    case WT_INT64:
    case WT_UINT64: { /* a uint64 beyond int64 reads as negative, refused as such */
        int64_t v;
        memcpy(&v, p, 8);
        return v;
    }
    default: return (int64_t)wt_cast_load_f64(dt, p); /* bool and integers of 32 bits or fewer: exact */
    }
}

/* int32 values all in [0, 2^16), unweighted (the usual labels): counted in one pass that
** also finds the largest, into four tables interleaved by position (random labels then do
** not wait on each other's increments: 2.3x faster in wasm), summed at the end.  False,
** nothing made, at the first value outside the range (or without room for the tables):
** the two passes then take over and report their own errors */
#define SMALL 65536
static bool count_small(const char *p, int64_t s, int64_t n, int64_t minlength, wt_tensor **result, wt_status *st) {
    int32_t *table = wt_tensor_sys_alloc(4 * sizeof(int32_t) * SMALL); /* four, interleaved by position */
    if (!table) return false;
    memset(table, 0, 4 * sizeof(int32_t) * SMALL);
    int64_t i = 0;
    uint32_t top = 0, v[4]; /* the largest value seen, plus one */
    for (; i + 4 <= n; i += 4) {
        for (int j = 0; j < 4; j++) memcpy(&v[j], p + (i + j) * s, 4);
        if ((v[0] | v[1] | v[2] | v[3]) >= SMALL) break;
        for (int j = 0; j < 4; j++) table[j * SMALL + v[j]]++, top = v[j] >= top ? v[j] + 1 : top;
    }
    for (; i < n; i++) {
        memcpy(&v[0], p + i * s, 4);
        if (v[0] >= SMALL) break;
        table[v[0]]++, top = v[0] >= top ? v[0] + 1 : top;
    }
    int64_t hi = (int64_t)top - 1;
    for (uint32_t k = 0; k < top; k++) table[k] += table[SMALL + k] + table[2 * SMALL + k] + table[3 * SMALL + k];
    int64_t len = hi + 1 > minlength ? hi + 1 : minlength;
    if (i == n && !(*st = wt_tensor_create(WT_INT32, 1, &len, true, result)))
        memcpy(wt_first(*result), table, sizeof(int32_t) * (size_t)(hi + 1));
    wt_tensor_sys_free(table);
    return i == n;
}

wt_status wt_bincount(const wt_tensor *x, int64_t minlength, const wt_tensor *weights, wt_tensor **result) {
    wt_status st = wt_tensor_check(x, "x");
    if (!st) st = wt_tensor_check_out(result);
    if (st) return st;
    int dt = x->d.dtype;
    if (x->d.ndim != 1) return wt_error_fail(WT_ESHAPE, "bincount: x must be 1-D, got %d dimensions", x->d.ndim);
    if (dt != WT_BOOL && !wt_dtype_is_int(dt))
        return wt_error_fail(WT_EDTYPE, "bincount: x must be bool or an integer dtype, got %s", wt_dtype_name(dt));
    if (minlength < 0)
        return wt_error_fail(WT_EINVAL, "bincount: minlength must not be negative (got %lld)", (long long)minlength);
    int64_t n = x->d.shape[0], s = x->d.strides[0] * (int64_t)wt_dtype_size(dt), hi = -1, bad = -1;
    const char *p = wt_first(x);
    if (dt == WT_INT32 && !weights && n <= INT32_MAX && count_small(p, s, n, minlength, result, &st)) return st;
        /* the largest value, and the first negative one (a uint64 beyond int64 reads as one) */
#define BINS_SCAN(DT)                      \
    for (int64_t i = 0; i < n; i++) {      \
        int64_t v = int_at(DT, p + i * s); \
        hi = v > hi ? v : hi;              \
        if (v < 0) {                       \
            bad = i;                       \
            break;                         \
        }                                  \
    }
    if (dt == WT_INT32)
        BINS_SCAN(WT_INT32)
    else
        BINS_SCAN(dt)
    if (bad >= 0) {
        int64_t v = int_at(dt, p + bad * s);
        return dt == WT_UINT64 ? wt_error_fail(WT_EINVAL, "bincount: x[%lld] is beyond int64", (long long)bad)
                               : wt_error_fail(WT_EINVAL, "bincount: x must not contain negative values (%lld at %lld)",
                                               (long long)v, (long long)bad);
    }
    if (hi == INT64_MAX) return wt_error_fail(WT_ENOMEM, "bincount: %lld bins do not fit in memory", (long long)hi);
    int64_t len = hi + 1 > minlength ? hi + 1 : minlength;
    bins_out o;
    wt_tensor *cw = NULL, *r = NULL;
    if (!(st = bins_prep("bincount", weights, n, len, &o, &cw, &r))) {
        if (dt == WT_INT32 && o.count) /* the common case, without the dispatch */
            for (int64_t i = 0; i < n; i++) o.count[int_at(WT_INT32, p + i * s)]++;
        else
            for (int64_t i = 0; i < n; i++) bins_add(&o, int_at(dt, p + i * s), i);
        *result = r;
    }
    wt_tensor_free(cw);
    return st;
}

/* ---- histogram ------------------------------------------------------------------ */

/* the bin of v in e[0..nb] (e[0] <= v <= e[nb]): the last i with e[i] <= v, at most nb - 1.
** guess is (v - e[0]) nb / (e[nb] - e[0]): right, or one off, for equal-width bins, as
** NumPy's (branches, which predict well, beat a branch-free step's chain of loads);
** anything else is searched */
static inline int64_t bin_of(const double *e, int64_t nb, double v, int64_t guess) {
    int64_t i = guess < nb - 1 ? guess : nb - 1;
    for (int step = 0; step < 2; step++) {
        if (v < e[i] && i > 0)
            i--;
        else if (i < nb - 1 && v >= e[i + 1])
            i++;
        else
            return i;
    }
    if (!(v < e[i]) && (i == nb - 1 || v < e[i + 1])) return i;
    int64_t lo = 0, hi = nb - 1;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        if (e[mid] <= v)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* v >= e[0] makes the guess non-negative (norm is finite and >= 0) */
#define HIST_LOOP(LOAD)                                                \
    for (int64_t i = 0; i < n; i++) {                                  \
        double v = LOAD;                                               \
        if (!(v >= lo && v <= hi)) continue;                           \
        bins_add(&o, bin_of(e, nb, v, (int64_t)((v - lo) * norm)), i); \
    }

/* the edges as float64: 1-D, at least two, not NaN, never decreasing */
WT_COLD static wt_status edges_load(const wt_tensor *edges, double **e, int64_t *nb) {
    wt_status st = wt_tensor_check(edges, "edges");
    if (st) return st;
    int dt = edges->d.dtype;
    if (edges->d.ndim != 1 || edges->d.shape[0] < 2)
        return wt_error_fail(WT_ESHAPE, "histogram: the bin edges must be 1-D with at least 2 (got %d dimensions)",
                             edges->d.ndim);
    if (wt_dtype_is_complex(dt))
        return wt_error_fail(WT_EDTYPE, "histogram: complex bin edges (%s)", wt_dtype_name(dt));
    int64_t m = edges->d.shape[0], s = edges->d.strides[0] * (int64_t)wt_dtype_size(dt);
    if (!(*e = wt_tensor_sys_alloc(sizeof(double) * (size_t)m)))
        return wt_error_fail(WT_ENOMEM, "histogram: out of memory for %lld edges", (long long)m);
    for (int64_t i = 0; i < m; i++) {
        double v = wt_cast_load_f64(dt, wt_first(edges) + i * s);
        (*e)[i] = v;
        if (v != v || (i && v < (*e)[i - 1])) {
            wt_tensor_sys_free(*e), *e = NULL;
            return wt_error_fail(WT_EINVAL, "histogram: bins must increase monotonically (edge %lld is %g)",
                                 (long long)i, v);
        }
    }
    *nb = m - 1;
    return WT_OK;
}

wt_status wt_histogram(const wt_tensor *a, const wt_tensor *edges, const wt_tensor *weights, wt_tensor **result) {
    wt_status st = wt_tensor_check(a, "a");
    if (!st) st = wt_tensor_check_out(result);
    if (!st && wt_dtype_is_complex(a->d.dtype))
        st = wt_error_fail(WT_EDTYPE, "histogram: complex values (%s) have no order", wt_dtype_name(a->d.dtype));
    if (st) return st;
    double *e = NULL;
    int64_t nb = 0, n = wt_desc_size(&a->d);
    wt_tensor *flat = NULL, *cw = NULL, *r = NULL;
    bins_out o;
    if ((st = edges_load(edges, &e, &nb))) return st;
    if (!(st = wt_view_reshape_to(a, 1, &n, &flat)) && !(st = bins_prep("histogram", weights, n, nb, &o, &cw, &r))) {
        const double lo = e[0], hi = e[nb], width = hi - lo,
                     norm = width > 0 && width < INFINITY ? (double)nb / width : 0;
        int dt = a->d.dtype;
        const char *p = wt_first(flat);
        int64_t s = flat->d.strides[0] * (int64_t)wt_dtype_size(dt);
        float f;
        double d;
        if (dt == WT_FLOAT32)
            HIST_LOOP((memcpy(&f, p + i * s, 4), (double)f))
        else if (dt == WT_FLOAT64)
            HIST_LOOP((memcpy(&d, p + i * s, 8), d))
        else
            HIST_LOOP(wt_cast_load_f64(dt, p + i * s))
        *result = r;
    }
    wt_tensor_sys_free(e), wt_tensor_free(flat), wt_tensor_free(cw);
    return st;
}
