/* accumulate.c — NumPy's ufunc.accumulate of a binary op along one axis:
** r[0] = x[0], r[i] = op(r[i-1], x[i]) (cumsum is add's, cumprod multiply's).
** The values are first cast into a new C-contiguous result in the loop's
** dtype, which then accumulates in place.  Along the last axis the op's
** reference loop runs down each lane with its output one step ahead of its
** first input, as NumPy's own accumulate does: the strided loop is
** sequential, so each step reads the value written just before.  Along an
** outer axis a whole row of lanes steps at once, through the fast kernel.
** float16 rounds every step, as NumPy's half loop stores each one. */
#include "ops.h"
#include "pass.h"

/* the loop's dtype: add and multiply widen as sum and prod do (NumPy 2's
** reduction dtype), any op's loop for (dtype, dtype) must give dtype back */
static wt_status plan_dtype(int op, int dt, int want, int *c) {
    int d[2], comp[2], res;
    if (want < 0 && (op == WT_OP_ADD || op == WT_OP_MUL)) {
        int rrop;
        wt_reduce_plan(op == WT_OP_ADD ? WT_REDUCE_SUM : WT_REDUCE_PROD, dt, &d[0], &rrop);
        if (dt == WT_FLOAT16) d[0] = dt; /* its steps are float16's, though sum accumulates in float32 */
    } else {
        d[0] = want >= 0 ? want : dt;
    }
    d[1] = d[0];
    wt_status st = wt_ops_plan_dtypes(op, 2, d, NULL, comp, &res);
    if (st) return st;
    if (res != comp[0])
        return wt_error_fail(WT_EDTYPE, "accumulate: %s of %s gives %s, which its loop cannot take back",
                             wt_op_name(op), wt_dtype_name(comp[0]), wt_dtype_name(res));
    *c = res;
    return WT_OK;
}

static void round_half(char *p, int64_t n) {
    float *f = (float *)(void *)p;
    for (int64_t i = 0; i < n; i++) f[i] = wt_half_to_float(wt_half_from_double(f[i]));
}

/* cumsum and cumprod of one contiguous lane with the running value in a register: each step
** rounds in the dtype exactly as the sequential loop's, without its store and reload a step
** (4x faster), from x into the result (which may be x).  Integers wrap, through their
** unsigned twins. */
typedef void (*scan_fn)(char *o, const char *x, int64_t n);
#define SCAN(name, T, U, OP)                                                 \
    static void name(char *o, const char *x, int64_t n) {                    \
        T *r = (T *)(void *)o, acc = *(const T *)(const void *)x;            \
        const T *v = (const T *)(const void *)x;                             \
        r[0] = acc;                                                          \
        for (int64_t i = 1; i < n; i++) r[i] = acc = (T)((U)acc OP(U) v[i]); \
    }
SCAN(scan_add_f32, float, float, +)
SCAN(scan_add_f64, double, double, +)
SCAN(scan_add_i32, int32_t, uint32_t, +)
SCAN(scan_add_i64, int64_t, uint64_t, +)
SCAN(scan_mul_f32, float, float, *)
SCAN(scan_mul_f64, double, double, *)
static scan_fn scan_for(int op, int comp) {
    if (op == WT_OP_ADD)
        return comp == WT_FLOAT32   ? scan_add_f32
               : comp == WT_FLOAT64 ? scan_add_f64
               : comp == WT_INT32   ? scan_add_i32
               : comp == WT_INT64   ? scan_add_i64
                                    : NULL;
    if (op == WT_OP_MUL) return comp == WT_FLOAT32 ? scan_mul_f32 : comp == WT_FLOAT64 ? scan_mul_f64 : NULL;
    return NULL;
}

/* r (C-contiguous, compute dtype, size > 0) accumulated along its axis of n */
static void run(wt_kernel ref, wt_kernel fast, scan_fn scan, bool half, char *data, int64_t outer, int64_t n,
                int64_t inner, int64_t isz) {
    const int64_t s[3] = {isz, isz, isz};
    for (int64_t o = 0; o < outer; o++) {
        char *base = data + o * n * inner * isz;
        if (inner == 1 && !half && scan) {
            scan(base, base, n);
            continue;
        }
        if (inner == 1 && !half) { /* one lane: the sequential loop, out one step ahead */
            char *p[3] = {base + isz, base, base + isz};
            ref(p, s, n - 1);
            continue;
        }
        for (int64_t i = 1; i < n; i++) { /* a row of inner lanes a step */
            char *row = base + i * inner * isz, *p[3] = {row, row - inner * isz, row};
            fast(p, s, inner);
            if (half) round_half(row, inner);
        }
    }
}

wt_status wt_accumulate(int op, const wt_tensor *x, int axis, int dtype, wt_tensor *out, wt_tensor **result) {
    wt_status st = wt_tensor_check(x, "tensor");
    if (!st && wt_op_arity(op) != 2) st = wt_error_fail(WT_EINVAL, "accumulate: op %d is not a binary operation", op);
    if (!st && dtype != -1 && (dtype < 0 || dtype >= WT_NDTYPES))
        st = wt_error_fail(WT_EDTYPE, "accumulate: invalid dtype code %d", dtype);
    if (!st) st = wt_pass_out_writable("accumulate", out, result);
    if (!st && x->d.ndim == 0) st = wt_error_fail(WT_EINVAL, "accumulate: cannot accumulate a 0-d tensor");
    int a, c = -1;
    if (st || (st = wt_desc_axis(axis, x->d.ndim, "axis", &a)) || (st = plan_dtype(op, x->d.dtype, dtype, &c)))
        return st;
    if ((st = wt_pass_out_cast("accumulate", c, out, WT_CASTING_SAME_KIND))) return st;
    bool half = c == WT_FLOAT16;
    int comp = wt_dtype_compute(c);
    wt_tensor *r;
    int64_t outer = 1, inner = 1, n = x->d.shape[a], isz = (int64_t)wt_dtype_size(comp);
    for (int k = 0; k < a; k++) outer *= x->d.shape[k];
    for (int k = a + 1; k < x->d.ndim; k++) inner *= x->d.shape[k];
    scan_fn scan = scan_for(op, comp);
    if (scan && inner == 1 && x->d.dtype == comp && wt_desc_is_c_contiguous(&x->d)) { /* no copy first */
        if ((st = wt_tensor_create(comp, x->d.ndim, x->d.shape, false, &r))) return st;
        for (int64_t o = 0; n > 0 && o < outer; o++)
            scan(wt_tensor_data(r) + o * n * isz, wt_first(x) + o * n * isz, n);
        return wt_pass_deliver("accumulate", r, out, result);
    }
    if ((st = wt_assign_astype(x, comp, &r))) return st;
    if (wt_desc_size(&r->d) > 0 && n > 1)
        run(wt_kernels_ref(op, comp), wt_kernels_for(op, comp, c), scan, half, wt_tensor_data(r), outer, n, inner, isz);
    if (half) { /* every value is a float16 already: the cast is exact */
        wt_tensor *h;
        st = wt_assign_astype(r, c, &h);
        wt_tensor_free(r);
        if (st) return st;
        r = h;
    }
    return wt_pass_deliver("accumulate", r, out, result);
}
