/* dtype.c — dtype names, sizes and NumPy 2 (NEP 50) promotion. */
#include "core.h"
#include <math.h>
#include <string.h>

static const struct {
    const char *name;
    size_t size;
} info[WT_NDTYPES] = {
    {"bool", 1},  {"int8", 1},   {"uint8", 1},   {"int16", 2},   {"uint16", 2},
    {"int32", 4}, {"uint32", 4}, {"float32", 4}, {"float64", 8},
};

int wt_dtype_is_valid(int dt) { return dt >= 0 && dt < WT_NDTYPES; }
size_t wt_dtype_size(int dt) { return wt_dtype_is_valid(dt) ? info[dt].size : 0; }
const char *wt_dtype_name(int dt) { return wt_dtype_is_valid(dt) ? info[dt].name : NULL; }
bool wt_dtype_is_float(int dt) { return dt == WT_FLOAT32 || dt == WT_FLOAT64; }
bool wt_dtype_is_int(int dt) { return dt >= WT_INT8 && dt <= WT_UINT32; }

wt_status wt_dtype_from_name(const char *name, wt_dtype *out) {
    if (!name || !out) return wt_error_fail(WT_EINVAL, "wt_dtype_from_name: NULL argument");
    for (int i = 0; i < WT_NDTYPES; i++)
        if (strcmp(name, info[i].name) == 0) {
            *out = (wt_dtype)i;
            return WT_OK;
        }
    return wt_error_fail(WT_EDTYPE,
                         "unknown dtype '%.64s' (expected bool, int8, uint8, int16, uint16, int32, uint32, "
                         "float32 or float64)",
                         name);
}

/* Integer kinds as (signed, bits); the promoted type of two integers is the
** smallest type that holds both ranges. */
static int int_bits(int dt) { return (int)wt_dtype_size(dt) * 8; }
static bool is_signed(int dt) { return dt == WT_INT8 || dt == WT_INT16 || dt == WT_INT32; }
static int int_type(bool sgn, int bits) {
    switch (bits) {
    case 8: return sgn ? WT_INT8 : WT_UINT8;
    case 16: return sgn ? WT_INT16 : WT_UINT16;
    case 32: return sgn ? WT_INT32 : WT_UINT32;
    default: return -1; /* would need int64 */
    }
}

wt_status wt_dtype_promote(int a, int b, wt_dtype *out) {
    if (!out) return wt_error_fail(WT_EINVAL, "wt_dtype_promote: NULL out");
    if (!wt_dtype_is_valid(a) || !wt_dtype_is_valid(b))
        return wt_error_fail(WT_EDTYPE, "invalid dtype code %d", wt_dtype_is_valid(a) ? b : a);
    if (a == b) {
        *out = (wt_dtype)a;
        return WT_OK;
    }
    if (a == WT_BOOL) {
        *out = (wt_dtype)b;
        return WT_OK;
    }
    if (b == WT_BOOL) {
        *out = (wt_dtype)a;
        return WT_OK;
    }
    if (wt_dtype_is_float(a) || wt_dtype_is_float(b)) {
        if (a == WT_FLOAT64 || b == WT_FLOAT64) {
            *out = WT_FLOAT64;
            return WT_OK;
        }
        int other = wt_dtype_is_float(a) ? b : a; /* float32 with an integer */
        *out = int_bits(other) <= 16 ? WT_FLOAT32 : WT_FLOAT64;
        return WT_OK;
    }
    int r;
    if (is_signed(a) == is_signed(b)) {
        r = int_bits(a) > int_bits(b) ? a : b;
    } else {
        int s = is_signed(a) ? a : b, u = is_signed(a) ? b : a;
        /* signed wins if strictly wider than the unsigned, else the next wider signed */
        r = int_bits(s) > int_bits(u) ? s : int_type(true, int_bits(u) * 2);
    }
    if (r < 0)
        return wt_error_fail(WT_EDTYPE, "promoting %s with %s needs int64, which wtensor does not have yet",
                             info[a].name, info[b].name);
    *out = (wt_dtype)r;
    return WT_OK;
}

wt_status wt_dtype_promote_scalar(int t, double value, wt_dtype *out) {
    if (!out) return wt_error_fail(WT_EINVAL, "wt_dtype_promote_scalar: NULL out");
    if (!wt_dtype_is_valid(t)) return wt_error_fail(WT_EDTYPE, "invalid dtype code %d", t);
    /* integers a host number holds exactly (JS's safe integers); 1e300 acts as a float */
    bool integral = fabs(value) <= 0x1p53 && trunc(value) == value;
    if (wt_dtype_is_float(t))
        *out = (wt_dtype)t;
    else if (!integral)
        *out = WT_FLOAT64;
    else
        *out = t == WT_BOOL ? WT_INT32 : (wt_dtype)t;
    return WT_OK;
}

bool wt_dtype_range(int dt, double *lo, double *hi) {
    static const double mins[WT_NDTYPES] = {[WT_INT8] = -128, [WT_INT16] = -32768, [WT_INT32] = -2147483648.0};
    static const double maxs[WT_NDTYPES] = {[WT_INT8] = 127,     [WT_UINT8] = 255,          [WT_INT16] = 32767,
                                            [WT_UINT16] = 65535, [WT_INT32] = 2147483647.0, [WT_UINT32] = 4294967295.0};
    if (dt < WT_INT8 || dt > WT_UINT32) return false; /* bool takes any number by its truth */
    *lo = mins[dt], *hi = maxs[dt];
    return true;
}

bool wt_dtype_holds(int dt, double v) {
    double lo, hi;
    if (!wt_dtype_range(dt, &lo, &hi)) return true;
    return isfinite(v) && trunc(v) >= lo && trunc(v) <= hi; /* Python's int(v), then the bounds */
}

wt_status wt_dtype_promote_list(int n, const int *dtypes, wt_dtype *out) {
    if (n < 1 || !dtypes || !out)
        return wt_error_fail(WT_EINVAL, "wt_dtype_promote_list: %d dtypes, or a NULL argument", n);
    int r = -1;
    for (int pass = 0; pass < 2; pass++) /* floats first, then the rest, each in order */
        for (int k = 0; k < n; k++) {
            if (!wt_dtype_is_valid(dtypes[k])) return wt_error_fail(WT_EDTYPE, "invalid dtype code %d", dtypes[k]);
            if (wt_dtype_is_float(dtypes[k]) != (pass == 0)) continue;
            wt_dtype p;
            wt_status st = r < 0 ? (p = (wt_dtype)dtypes[k], WT_OK) : wt_dtype_promote(r, dtypes[k], &p);
            if (st) return st;
            r = p;
        }
    *out = (wt_dtype)r;
    return WT_OK;
}
