/* ops.c — the op table: names, arity, and each op's dtype rule (which dtype
** every input is computed in and which dtype comes out). */
#include "ops.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

/* each op's dtype rule; names and arity come from the header's WT_OP_LIST */
static const int op_class[WT_NOPS] = {
    [WT_OP_ADD] = C_ARITH,
    [WT_OP_SUB] = C_ARITH,
    [WT_OP_MUL] = C_ARITH,
    [WT_OP_DIV] = C_DIV,
    [WT_OP_FLOOR_DIV] = C_INTLIKE,
    [WT_OP_MOD] = C_INTLIKE,
    [WT_OP_POW] = C_INTLIKE,
    [WT_OP_MAXIMUM] = C_ARITH,
    [WT_OP_MINIMUM] = C_ARITH,
    [WT_OP_EQUAL] = C_CMP,
    [WT_OP_NOT_EQUAL] = C_CMP,
    [WT_OP_LESS] = C_CMP,
    [WT_OP_LESS_EQUAL] = C_CMP,
    [WT_OP_GREATER] = C_CMP,
    [WT_OP_GREATER_EQUAL] = C_CMP,
    [WT_OP_LOGICAL_AND] = C_LOGIC,
    [WT_OP_LOGICAL_OR] = C_LOGIC,
    [WT_OP_LOGICAL_XOR] = C_LOGIC,
    [WT_OP_NEG] = C_SAME,
    [WT_OP_ABS] = C_SAME,
    [WT_OP_SIGN] = C_SAME,
    [WT_OP_EXP] = C_FLOAT,
    [WT_OP_LOG] = C_FLOAT,
    [WT_OP_LOG1P] = C_FLOAT,
    [WT_OP_EXPM1] = C_FLOAT,
    [WT_OP_SQRT] = C_FLOAT,
    [WT_OP_SQUARE] = C_SAME,
    [WT_OP_RECIPROCAL] = C_SAME,
    [WT_OP_SIN] = C_FLOAT,
    [WT_OP_COS] = C_FLOAT,
    [WT_OP_TAN] = C_FLOAT,
    [WT_OP_TANH] = C_FLOAT,
    [WT_OP_SIGMOID] = C_FLOAT,
    [WT_OP_RELU] = C_SAME,
    [WT_OP_FLOOR] = C_SAME,
    [WT_OP_CEIL] = C_SAME,
    [WT_OP_ROUND] = C_SAME,
    [WT_OP_LOGICAL_NOT] = C_LOGIC,
    [WT_OP_ISNAN] = C_PRED,
    [WT_OP_ISFINITE] = C_PRED,
    [WT_OP_COPY] = C_SAME,
    [WT_OP_WHERE] = C_WHERE,
    [WT_OP_CLIP] = C_ARITH,
    [WT_OP_FMA] = C_ARITH,
    [WT_OP_I0] = C_DIV, /* a float result: float16/32/64 keep theirs, integers and bool give float64 (np.i0) */
    [WT_OP_ARCCOS] = C_FLOAT,
    [WT_OP_ARCSIN] = C_FLOAT,
    [WT_OP_ARCTAN] = C_FLOAT,
    [WT_OP_ARCCOSH] = C_FLOAT,
    [WT_OP_ARCSINH] = C_FLOAT,
    [WT_OP_ARCTANH] = C_FLOAT,
    [WT_OP_COSH] = C_FLOAT,
    [WT_OP_SINH] = C_FLOAT,
    [WT_OP_CONJ] = C_SAME,
    [WT_OP_ANGLE] = C_FLOAT,
    [WT_OP_LOG2] = C_FLOAT,
    [WT_OP_LOG10] = C_FLOAT,
    [WT_OP_ARCTAN2] = C_FLOAT,
    [WT_OP_HYPOT] = C_FLOAT,
    [WT_OP_COPYSIGN] = C_FLOAT,
    [WT_OP_LOGADDEXP] = C_FLOAT,
    [WT_OP_LOGADDEXP2] = C_FLOAT,
    [WT_OP_NEXTAFTER] = C_FLOAT,
    [WT_OP_FMOD] = C_INTLIKE,
    [WT_OP_FMAX] = C_ARITH,
    [WT_OP_FMIN] = C_ARITH,
    [WT_OP_HEAVISIDE] = C_FLOAT,
    [WT_OP_BITWISE_AND] = C_BITS,
    [WT_OP_BITWISE_OR] = C_BITS,
    [WT_OP_BITWISE_XOR] = C_BITS,
    [WT_OP_LEFT_SHIFT] = C_INTLIKE,
    [WT_OP_RIGHT_SHIFT] = C_INTLIKE,
    [WT_OP_ISINF] = C_PRED,
    [WT_OP_SIGNBIT] = C_PRED,
    [WT_OP_TRUNC] = C_SAME,
    [WT_OP_EXP2] = C_FLOAT,
    [WT_OP_CBRT] = C_FLOAT,
    [WT_OP_DEG2RAD] = C_FLOAT,
    [WT_OP_RAD2DEG] = C_FLOAT,
    [WT_OP_RINT] = C_FLOAT,
    [WT_OP_POSITIVE] = C_SAME,
    [WT_OP_INVERT] = C_BITS,
};
#define OP_ROW_(e, name, arity) [WT_OP_##e] = {name, arity},
static const struct {
    const char *name;
    int arity;
} table[WT_NOPS] = {WT_OP_LIST(OP_ROW_)};
#define REDUCE_NAME_(e, name) [WT_REDUCE_##e] = name,
static const char *const reduce_names[WT_NREDUCE] = {WT_REDUCE_LIST(REDUCE_NAME_)};

static bool op_valid(int op) { return op >= 0 && op < WT_NOPS; }
const char *wt_op_name(int op) { return op_valid(op) ? table[op].name : NULL; }
int wt_op_arity(int op) { return op_valid(op) ? table[op].arity : 0; }
int wt_ops_class(int op) { return op_class[op]; }

wt_status wt_op_from_name(const char *name, int *op) {
    if (!name || !op) return wt_error_fail(WT_EINVAL, "wt_op_from_name: NULL argument");
    for (int i = 0; i < WT_NOPS; i++)
        if (strcmp(name, table[i].name) == 0) {
            *op = i;
            return WT_OK;
        }
    return wt_error_fail(WT_EINVAL, "unknown operation '%.64s'", name);
}

wt_status wt_reduce_from_name(const char *name, int *rop) {
    if (!name || !rop) return wt_error_fail(WT_EINVAL, "wt_reduce_from_name: NULL argument");
    for (int i = 1; i < WT_NREDUCE; i++)
        if (strcmp(name, reduce_names[i]) == 0) {
            *rop = i;
            return WT_OK;
        }
    return wt_error_fail(
        WT_EINVAL, "unknown reduction '%.64s' (expected sum, prod, max, min, mean, any, all, argmax or argmin)", name);
}

const char *wt_ops_reduce_name(int rop) { return reduce_names[rop]; }

/* the float dtype a float function gives for an input dtype: the smallest
** float holding it, as NumPy (bool, int8, uint8: float16) */
static int float_of(int dt) {
    if (wt_dtype_is_inexact(dt)) return dt;
    size_t z = wt_dtype_size(dt);
    return z == 1 ? WT_FLOAT16 : z == 2 ? WT_FLOAT32 : WT_FLOAT64;
}

/* a float function's dtype: a float result_type t itself; otherwise the
** smallest float every tensor operand casts to safely, as NumPy's loop search
** finds it (arctan2(int8, uint8) is float16, though their result_type is
** int16); a weak integer chooses only beside bool tensors alone, which it
** makes the default integer (copysign(bool, 3) is float64) */
static int float_over(int n, const int *dtypes, int t) {
    if (wt_dtype_is_inexact(t)) return t;
    int f = -1;
    bool all_bool = true;
    for (int k = 0; k < n; k++) {
        if (dtypes[k] < 0) continue;
        all_bool &= dtypes[k] == WT_BOOL;
        if (f < 0 || wt_dtype_size(float_of(dtypes[k])) > wt_dtype_size(f)) f = float_of(dtypes[k]);
    }
    return f < 0 || (all_bool && t != WT_BOOL) ? float_of(t) : f;
}

bool wt_ops_clip_drops(int op, int k, int x_dtype, double v, bool is_int) {
    double lo, hi;
    if (op != WT_OP_CLIP || (k != 1 && k != 2) || !is_int || !wt_dtype_range(x_dtype, &lo, &hi)) return false;
    /* strictly beyond: a 64-bit bound at the rounded extreme (2^63 - 2 read as 2^63 - 1024) may be
    ** inside the range, and a weak int tensor there must stay exact */
    return k == 1 ? v < lo : v > hi;
}

/* NEP 50's weak integers beyond the compute dtype c (an integer): comparisons
** are exact (computed in float64, which holds every integer dtype here and
** every integral JS number), a clip bound wt_ops_clip_drops drops is no bound (any
** other raises), where converts as NumPy 2 does (into a tensor's dtype; a
** dtype only weak numbers and bools chose is the default integer, which must
** hold them), and arithmetic raises as NumPy's OverflowError */
static wt_status weak_ints(int op, int n, const int *dtypes, const double *scalars, bool chosen_by_tensor, int *c) {
    /* NumPy reads a Python int as a C long in logical ops, and in comparisons that only bools and
    ** Python ints choose the dtype of (its default int64) */
    bool as_long = op_class[op] == C_LOGIC || (op_class[op] == C_CMP && !chosen_by_tensor);
    for (int k = 0; k < n && as_long; k++)
        if (dtypes[k] == WT_WEAK_INT && scalars[k] >= 0x1p63)
            return wt_error_fail(WT_EDTYPE, "%s: the integer %.17g does not fit int64 (NumPy: too large for a C long)",
                                 table[op].name, scalars[k]);
    if (!wt_dtype_is_int(*c)) return WT_OK;
    for (int k = 0; k < n; k++) {
        bool is_int = dtypes[k] == WT_WEAK_INT || (dtypes[k] == -1 && wt_dtype_weak_int(scalars[k]));
        if (!is_int || wt_dtype_holds(*c, scalars[k])) continue;
        if (wt_ops_clip_drops(op, k, dtypes[0], scalars[k], true)) continue;
        if (op == WT_OP_WHERE && chosen_by_tensor) continue;
        if (op_class[op] == C_CMP) {
            *c = WT_FLOAT64;
            return WT_OK;
        }
        return wt_error_fail(WT_EDTYPE, "%s: the integer %.17g is out of bounds for %s", table[op].name, scalars[k],
                             wt_dtype_name(*c));
    }
    return WT_OK;
}

int wt_ops_operand_dtype(const wt_tensor *t, double *value) {
    *value = 0;
    if (!(t->d.flags & WT_FLAG_WEAK) || t->d.ndim != 0) return t->d.dtype;
    if (wt_dtype_is_complex(t->d.dtype)) return WT_WEAK_COMPLEX;
    /* an int64 or uint64 (wt_view_weak): the nearest double, stepped toward zero where it went past */
    const char *p = wt_first(t);
    double d;
    bool past;
    if (t->d.dtype == WT_UINT64) {
        uint64_t u;
        memcpy(&u, p, sizeof u);
        d = (double)u;
        past = d >= 0x1p64 || (uint64_t)d > u;
    } else {
        int64_t i;
        memcpy(&i, p, sizeof i);
        d = (double)i; /* at least -2^63, which is exact */
        past = i >= 0 ? d >= 0x1p63 || (int64_t)d > i : (int64_t)d < i;
    }
    *value = past ? nextafter(d, 0) : d;
    return WT_WEAK_INT;
}

void wt_ops_scalar_store(int op, int k, int x_dtype, int dtype, int code, double v, void *slot) {
    if (wt_ops_clip_drops(op, k, x_dtype, v, code == WT_WEAK_INT || wt_dtype_weak_int(v))) {
        if (wt_dtype_is_int(dtype)) { /* the bound becomes the dtype's extreme, exactly (no double holds int64's) */
            wt_dtype_limits l;
            wt_dtype_limits_of(dtype, &l);
            uint64_t e = k == 1 ? (uint64_t)l.int_min : l.int_max;
            memcpy(slot, &e, wt_dtype_size(dtype)); /* the low bytes: little-endian */
            return;
        }
        double lo = -INFINITY, hi = INFINITY; /* a float compute dtype: its infinities */
        v = k == 1 ? lo : hi;
    }
    if (dtype == WT_FLOAT16) v = wt_half_to_float(wt_half_from_double(v));
    wt_cast_store_f64(wt_dtype_compute(dtype), slot, v);
}

/* fma(a, b, c) has the dtype of NumPy's a*b + c: the product's promotion (with
** Cortex's scale factors, operands 3 and 4), then the sum's.  A product of weak
** scalars is one weak scalar, as a*b of Python numbers is.  Everything is
** computed in that dtype (the product rounded once in it). */
static wt_status plan_fma(int n, const int *dtypes, const double *scalars, int *compute, int *result) {
    int d[4], np = 0, c[5], p = -1;
    double s[4], weak = 1; /* scalars is read only where a dtype is -1 (it may be NULL otherwise) */
    for (int k = 0; k < n; k++)
        if (dtypes[k] == WT_WEAK_COMPLEX) /* a weak product needs the complex value, which is a tensor's */
            return wt_error_fail(WT_EDTYPE, "fma: a weak complex operand is not supported; use multiply and add");
    for (int k = 0; k < n; k++)
        if (k != 2) d[np] = dtypes[k], s[np++] = dtypes[k] < 0 ? scalars[k] : 0;
    bool any_tensor = false, weak_float = false;
    for (int k = 0; k < np; k++)
        any_tensor |= d[k] >= 0, weak *= s[k], weak_float |= d[k] == -1 && !wt_dtype_weak_int(s[k]);
    /* a product with a Python float in it is a float even where its value is integral (100.5 * -2):
    ** for the plan, a weak float's value only says it is one */
    if (weak_float && wt_dtype_weak_int(weak)) weak = 0.5;
    wt_status st = any_tensor ? wt_ops_plan_dtypes(WT_OP_MUL, np, d, s, c, &p) : WT_OK;
    int sum_d[2] = {p, dtypes[2]};
    double sum_s[2] = {weak, dtypes[2] < 0 ? scalars[2] : 0};
    if (!st) st = wt_ops_plan_dtypes(WT_OP_ADD, 2, sum_d, sum_s, c, result);
    if (st) {
        char msg[600]; /* the message is restated: copied out of the buffer it is rewritten into */
        snprintf(msg, sizeof msg, "%s", wt_error_message());
        return wt_error_fail(st, "fma: %s", msg);
    }
    for (int k = 0; k < n; k++) compute[k] = *result;
    return WT_OK;
}

/* ops NumPy has no complex loop for (relu and sigmoid are this engine's) */
static wt_status complex_check(int op) {
    switch (op) {
    case WT_OP_FLOOR_DIV:
    case WT_OP_MOD:
    case WT_OP_FLOOR:
    case WT_OP_CEIL:
    case WT_OP_RELU:
    case WT_OP_SIGMOID:
    case WT_OP_ARCTAN2:
    case WT_OP_HYPOT:
    case WT_OP_COPYSIGN:
    case WT_OP_LOGADDEXP:
    case WT_OP_LOGADDEXP2:
    case WT_OP_NEXTAFTER:
    case WT_OP_FMOD:
    case WT_OP_HEAVISIDE:
    case WT_OP_BITWISE_AND:
    case WT_OP_BITWISE_OR:
    case WT_OP_BITWISE_XOR:
    case WT_OP_LEFT_SHIFT:
    case WT_OP_RIGHT_SHIFT:
    case WT_OP_INVERT:
    case WT_OP_SIGNBIT:
    case WT_OP_TRUNC:
    case WT_OP_I0:
    case WT_OP_CBRT:
    case WT_OP_DEG2RAD:
    case WT_OP_RAD2DEG: return wt_error_fail(WT_EDTYPE, "%s is not supported for complex numbers", table[op].name);
    default: return WT_OK;
    }
}

wt_status wt_ops_plan_dtypes(int op, int n, const int *dtypes, const double *scalars, int *compute, int *result) {
    if (op == WT_OP_FMA) return plan_fma(n, dtypes, scalars, compute, result);
    /* np.result_type of the operands (where's condition takes no part) */
    int skip = op == WT_OP_WHERE, t, tensor_dt;
    wt_status st = wt_dtype_result(n - skip, dtypes + skip, scalars ? scalars + skip : NULL, &tensor_dt, &t);
    if (st) return st;
    int cls = op_class[op], c = t, res = t;
    const char *name = table[op].name;
    if (wt_dtype_is_complex(t) && (st = complex_check(op))) return st;
    switch (cls) {
    case C_ARITH:
        if (t == WT_BOOL && op == WT_OP_SUB)
            return wt_error_fail(WT_EDTYPE, "subtract is not supported for bool; use logical_xor");
        break;
    case C_DIV: c = res = wt_dtype_is_inexact(t) ? t : WT_FLOAT64; break;
    case C_INTLIKE: c = res = t == WT_BOOL ? WT_INT8 : t; break;
    case C_CMP: res = WT_BOOL; break;
    case C_LOGIC: c = res = WT_BOOL; break;
    case C_PRED: res = WT_BOOL; break;
    case C_BITS:
        if (wt_dtype_is_inexact(t))
            return wt_error_fail(WT_EDTYPE, "%s is not supported for %s", name, wt_dtype_name(t));
        break;
    case C_FLOAT:
        /* np.angle: arctan2(0, x), with 0 a float64 */
        c = res = op == WT_OP_ANGLE && t == WT_BOOL ? WT_FLOAT64 : float_over(n, dtypes, t);
        res = op == WT_OP_ANGLE ? wt_dtype_part(c) : res;
        break;
    case C_SAME:
        if (t == WT_BOOL && (op == WT_OP_NEG || op == WT_OP_SIGN || op == WT_OP_POSITIVE))
            return wt_error_fail(WT_EDTYPE, "%s is not supported for bool%s", name,
                                 op == WT_OP_NEG ? "; use logical_not" : "");
        if (t == WT_BOOL && (op == WT_OP_SQUARE || op == WT_OP_RECIPROCAL || op == WT_OP_CONJ))
            c = res = WT_INT8;                                       /* as NumPy */
        if (t == WT_BOOL && op == WT_OP_ROUND) c = res = WT_FLOAT16; /* as NumPy */
        if (op == WT_OP_ABS) res = wt_dtype_part(t);                 /* |z| of a complex is real */
        break;
    case C_WHERE: break;
    }
    st = weak_ints(op, n, dtypes, scalars, tensor_dt >= 0 && tensor_dt != WT_BOOL, &c);
    if (st) return st;
    if (!wt_kernels_ref(op, wt_dtype_compute(c))) /* no loop for the dtype: NumPy's TypeError */
        return wt_error_fail(WT_EDTYPE, "%s is not supported for %s", name, wt_dtype_name(c));
    for (int k = 0; k < n; k++) compute[k] = (op == WT_OP_WHERE && k == 0) ? WT_BOOL : c;
    /* an int64 tensor against a uint64 one: NumPy 2 compares them exactly, each in its own dtype
    ** (wt_kernels_of), not through their float64 promotion */
    if (cls == C_CMP && n == 2 &&
        ((dtypes[0] == WT_INT64 && dtypes[1] == WT_UINT64) || (dtypes[0] == WT_UINT64 && dtypes[1] == WT_INT64)))
        compute[0] = dtypes[0], compute[1] = dtypes[1];
    *result = res;
    return WT_OK;
}

wt_status wt_op_result_dtype(int op, int n, const int *dtypes, const double *scalars, wt_dtype *out) {
    int compute[3], res;
    if (!op_valid(op)) return wt_error_fail(WT_EINVAL, "invalid operation code %d", op);
    if (n != table[op].arity)
        return wt_error_fail(WT_EINVAL, "%s takes %d operands, got %d", table[op].name, table[op].arity, n);
    if (!dtypes || !out) return wt_error_fail(WT_EINVAL, "wt_op_result_dtype: NULL argument");
    for (int k = 0; k < n; k++) {
        if ((dtypes[k] == -1 || dtypes[k] == WT_WEAK_INT) && !scalars)
            return wt_error_fail(WT_EINVAL, "operand %d is a scalar but scalars is NULL", k);
        if (dtypes[k] >= WT_NDTYPES || dtypes[k] < WT_WEAK_INT)
            return wt_error_fail(WT_EDTYPE, "invalid dtype code %d", dtypes[k]);
    }
    wt_status st = wt_ops_plan_dtypes(op, n, dtypes, scalars, compute, &res);
    if (!st) *out = (wt_dtype)res;
    return st;
}
