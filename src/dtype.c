/* dtype.c — dtype names, sizes and NumPy 2 (NEP 50) promotion. */
#include "core.h"
#include <float.h>
#include <math.h>
#include <string.h>

static const struct {
    const char *name;
    size_t size;
} info[WT_NDTYPES] = {
    {"bool", 1},    {"int8", 1},    {"uint8", 1}, {"int16", 2},  {"uint16", 2},  {"int32", 4},     {"uint32", 4},
    {"float32", 4}, {"float64", 8}, {"int64", 8}, {"uint64", 8}, {"float16", 2}, {"complex64", 8}, {"complex128", 16},
};

int wt_dtype_is_valid(int dt) { return dt >= 0 && dt < WT_NDTYPES; }
size_t wt_dtype_size(int dt) { return wt_dtype_is_valid(dt) ? info[dt].size : 0; }
const char *wt_dtype_name(int dt) { return wt_dtype_is_valid(dt) ? info[dt].name : NULL; }
bool wt_dtype_is_float(int dt) { return dt == WT_FLOAT16 || dt == WT_FLOAT32 || dt == WT_FLOAT64; }
bool wt_dtype_is_int(int dt) { return wt_dtype_is_valid(dt) && dt != WT_BOOL && !wt_dtype_is_inexact(dt); }

wt_status wt_dtype_from_name(const char *name, wt_dtype *out) {
    if (!name || !out) return wt_error_fail(WT_EINVAL, "wt_dtype_from_name: NULL argument");
    for (int i = 0; i < WT_NDTYPES; i++)
        if (strcmp(name, info[i].name) == 0) {
            *out = (wt_dtype)i;
            return WT_OK;
        }
    return wt_error_fail(WT_EDTYPE,
                         "unknown dtype '%.64s' (expected bool, int8, uint8, int16, uint16, int32, uint32, "
                         "int64, uint64, float16, float32, float64, complex64 or complex128)",
                         name);
}

/* Integer kinds as (signed, bits); the promoted type of two integers is the
** smallest type that holds both ranges. */
static int int_bits(int dt) { return (int)wt_dtype_size(dt) * 8; }
static bool is_signed(int dt) { return dt == WT_INT8 || dt == WT_INT16 || dt == WT_INT32 || dt == WT_INT64; }
static int int_type(bool sgn, int bits) {
    switch (bits) {
    case 8: return sgn ? WT_INT8 : WT_UINT8;
    case 16: return sgn ? WT_INT16 : WT_UINT16;
    case 32: return sgn ? WT_INT32 : WT_UINT32;
    case 64: return sgn ? WT_INT64 : WT_UINT64;
    default: return WT_FLOAT64; /* int64 with uint64: no integer holds both */
    }
}

/* the float dtype that holds an integer's values (bool/int8/uint8: float16, 16 bits: float32, wider: float64) */
static int float_holding(int dt) {
    return int_bits(dt) <= 8 ? WT_FLOAT16 : int_bits(dt) <= 16 ? WT_FLOAT32 : WT_FLOAT64;
}

int wt_dtype_complex_of(int dt) {
    if (wt_dtype_is_complex(dt)) return dt;
    int f = wt_dtype_is_float(dt) ? dt : float_holding(dt);
    return f == WT_FLOAT64 ? WT_COMPLEX128 : WT_COMPLEX64;
}

/* NumPy's promotion of two valid dtypes */
static int promote(int a, int b) {
    if (a == b || b == WT_BOOL) return a;
    if (a == WT_BOOL) return b;
    if (wt_dtype_is_complex(a) || wt_dtype_is_complex(b)) { /* the wider of the complexes that hold each */
        int ca = wt_dtype_complex_of(a), cb = wt_dtype_complex_of(b);
        return ca == WT_COMPLEX128 || cb == WT_COMPLEX128 ? WT_COMPLEX128 : WT_COMPLEX64;
    }
    if (wt_dtype_is_float(a) || wt_dtype_is_float(b)) { /* the wider float, or one that holds the integer */
        int f = wt_dtype_is_float(a) ? a : b, o = f == a ? b : a;
        int g = wt_dtype_is_float(o) ? o : float_holding(o);
        return int_bits(f) >= int_bits(g) ? f : g;
    }
    if (is_signed(a) == is_signed(b)) return int_bits(a) > int_bits(b) ? a : b;
    int s = is_signed(a) ? a : b, u = is_signed(a) ? b : a;
    /* signed wins if strictly wider than the unsigned, else the next wider signed */
    return int_bits(s) > int_bits(u) ? s : int_type(true, int_bits(u) * 2);
}

wt_status wt_dtype_promote(int a, int b, wt_dtype *out) {
    if (!out) return wt_error_fail(WT_EINVAL, "wt_dtype_promote: NULL out");
    if (!wt_dtype_is_valid(a) || !wt_dtype_is_valid(b))
        return wt_error_fail(WT_EDTYPE, "invalid dtype code %d", wt_dtype_is_valid(a) ? b : a);
    *out = (wt_dtype)promote(a, b);
    return WT_OK;
}

wt_status wt_dtype_promote_scalar(int t, double value, wt_dtype *out) {
    if (!out) return wt_error_fail(WT_EINVAL, "wt_dtype_promote_scalar: NULL out");
    if (!wt_dtype_is_valid(t)) return wt_error_fail(WT_EDTYPE, "invalid dtype code %d", t);
    bool integral = wt_dtype_weak_int(value);
    if (wt_dtype_is_inexact(t))
        *out = (wt_dtype)t;
    else if (!integral)
        *out = WT_FLOAT64;
    else
        *out = t == WT_BOOL ? WT_INT32 : (wt_dtype)t;
    return WT_OK;
}

bool wt_dtype_range(int dt, double *lo, double *hi) {
    /* 64 bits: the greatest double each holds, so that v <= max is exact */
    static const double mins[WT_NDTYPES] = {
        [WT_INT8] = -128, [WT_INT16] = -32768, [WT_INT32] = -2147483648.0, [WT_INT64] = -0x1p63};
    static const double maxs[WT_NDTYPES] = {
        [WT_INT8] = 127,           [WT_UINT8] = 255,           [WT_INT16] = 32767,         [WT_UINT16] = 65535,
        [WT_INT32] = 2147483647.0, [WT_UINT32] = 4294967295.0, [WT_INT64] = 0x1p63 - 1024, [WT_UINT64] = 0x1p64 - 2048};
    if (!wt_dtype_is_int(dt)) return false; /* bool takes any number by its truth */
    *lo = mins[dt], *hi = maxs[dt];
    return true;
}

bool wt_dtype_weak_int(double v) { return fabs(v) <= 0x1p53 && trunc(v) == v; }

bool wt_dtype_holds(int dt, double v) {
    double lo, hi;
    if (!wt_dtype_range(dt, &lo, &hi)) return true;
    return isfinite(v) && trunc(v) >= lo && trunc(v) <= hi; /* Python's int(v), then the bounds */
}

wt_status wt_dtype_promote_list(int n, const int *dtypes, wt_dtype *out) {
    if (n < 1 || !dtypes || !out)
        return wt_error_fail(WT_EINVAL, "wt_dtype_promote_list: %d dtypes, or a NULL argument", n);
    int r = -1;
    for (int pass = 0; pass < 2; pass++) /* floats and complex first, then the rest, each in order */
        for (int k = 0; k < n; k++) {
            if (!wt_dtype_is_valid(dtypes[k])) return wt_error_fail(WT_EDTYPE, "invalid dtype code %d", dtypes[k]);
            if (wt_dtype_is_inexact(dtypes[k]) != (pass == 0)) continue;
            if (r < 0) {
                r = dtypes[k];
                continue;
            }
            r = promote(r, dtypes[k]);
        }
    *out = (wt_dtype)r;
    return WT_OK;
}

#define CASTING_NAME_(e, name) [WT_CASTING_##e] = name,
static const char *const casting_names[WT_NCASTING] = {WT_CASTING_LIST(CASTING_NAME_)};

wt_status wt_casting_from_name(const char *name, int *casting) {
    if (!name || !casting) return wt_error_fail(WT_EINVAL, "wt_casting_from_name: NULL argument");
    for (int i = 0; i < WT_NCASTING; i++)
        if (strcmp(name, casting_names[i]) == 0) {
            *casting = i;
            return WT_OK;
        }
    return wt_error_fail(WT_EINVAL, "unknown casting '%.64s' (expected no, equiv, safe, same_kind or unsafe)", name);
}

const char *wt_dtype_casting_name(int casting) { return casting_names[casting]; }

/* NumPy's kinds, ordered: bool < unsigned < signed < floats < complex */
static int kind(int dt) {
    return dt == WT_BOOL ? 0 : wt_dtype_is_complex(dt) ? 4 : wt_dtype_is_float(dt) ? 3 : is_signed(dt) ? 2 : 1;
}

int wt_can_cast(int from, int to, int casting) {
    if (!wt_dtype_is_valid(from) || !wt_dtype_is_valid(to) || casting < 0 || casting >= WT_NCASTING) return 0;
    if (from == to || casting == WT_CASTING_UNSAFE) return 1;
    if (casting <= WT_CASTING_EQUIV) return 0;
    if (promote(from, to) == to) return 1; /* safe: every value of from survives */
    return casting == WT_CASTING_SAME_KIND && kind(from) <= kind(to);
}

wt_status wt_dtype_result(int n, const int *dtypes, const double *scalars, int *tensor_dt, int *out) {
    int t = -1, tens[16], nt = 0;
    for (int k = 0; k < n; k++)
        if (dtypes[k] >= 0) tens[nt++] = dtypes[k];
    wt_dtype r;
    wt_status st = nt ? wt_dtype_promote_list(nt, tens, &r) : WT_OK;
    if (st) return st;
    t = *tensor_dt = nt ? (int)r : -1;
    /* then each weak scalar adopts the result or widens it (NEP 50); a Python
    ** complex makes it the smallest complex holding it (alone: complex128) */
    for (int k = 0; k < n; k++) {
        if (dtypes[k] >= 0) continue;
        if (dtypes[k] == WT_WEAK_COMPLEX) {
            t = t < 0 || wt_dtype_is_int(t) || t == WT_BOOL ? WT_COMPLEX128 : wt_dtype_complex_of(t);
            continue;
        }
        if (dtypes[k] == WT_WEAK_INT) { /* a Python int of any size: as a small one (ops check that it fits) */
            if (t < 0 || t == WT_BOOL) t = WT_INT32; /* the default integer */
            continue;
        }
        wt_dtype_promote_scalar(t < 0 ? WT_BOOL : t, scalars[k], &r); /* alone: its own kind's default */
        if (t >= 0 && (int)r != t && (st = wt_dtype_promote(t, r, &r))) return st;
        t = r;
    }
    *out = t;
    return WT_OK;
}

wt_status wt_result_type(int n, const int *dtypes, const double *scalars, wt_dtype *out) {
    if (n < 1 || n > 16 || !dtypes || !out)
        return wt_error_fail(WT_EINVAL, "wt_result_type: %d operands (1 to 16), or a NULL argument", n);
    for (int k = 0; k < n; k++) {
        if (dtypes[k] < WT_WEAK_INT || dtypes[k] >= WT_NDTYPES)
            return wt_error_fail(WT_EDTYPE, "wt_result_type: invalid dtype code %d", dtypes[k]);
        if ((dtypes[k] == -1 || dtypes[k] == WT_WEAK_INT) && !scalars)
            return wt_error_fail(WT_EINVAL, "wt_result_type: operand %d is a scalar but scalars is NULL", k);
    }
    int t, r;
    wt_status st = wt_dtype_result(n, dtypes, scalars, &t, &r);
    if (!st) *out = (wt_dtype)r;
    return st;
}

wt_status wt_dtype_limits_of(int dtype, wt_dtype_limits *out) {
    if (!wt_dtype_is_valid(dtype) || !out)
        return wt_error_fail(WT_EDTYPE, "wt_dtype_limits_of: invalid dtype code %d, or a NULL argument", dtype);
    memset(out, 0, sizeof *out);
    out->bits = (int32_t)info[dtype].size * 8;
    if (wt_dtype_is_inexact(dtype)) { /* complex: its parts' limits, as NumPy's finfo */
        int p = wt_dtype_part(dtype), k = p == WT_FLOAT16 ? 0 : p == WT_FLOAT32 ? 1 : 2;
        out->kind = wt_dtype_is_complex(dtype) ? 'c' : 'f';
        out->float_max = (const double[]){65504, FLT_MAX, DBL_MAX}[k];
        out->eps = (const double[]){0x1p-10, FLT_EPSILON, DBL_EPSILON}[k];
        out->smallest_normal = (const double[]){0x1p-14, FLT_MIN, DBL_MIN}[k];
        out->smallest_subnormal = (const double[]){0x1p-24, 0x1p-149, 0x1p-1074}[k];
        out->precision = (const int[]){3, 6, 15}[k]; /* NumPy: floor(-log10(eps)) */
        return WT_OK;
    }
    out->kind = dtype == WT_BOOL ? 'b' : is_signed(dtype) ? 'i' : 'u';
    if (dtype == WT_BOOL)
        out->int_max = 1;
    else if (is_signed(dtype))
        out->int_max = (UINT64_C(1) << (out->bits - 1)) - 1, out->int_min = -(int64_t)out->int_max - 1;
    else
        out->int_max = UINT64_MAX >> (64 - out->bits);
    return WT_OK;
}
