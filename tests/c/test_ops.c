/* test_ops.c — elementwise ops: SIMD kernels against scalar references, the
** driver against an independent per-element reference on random shapes,
** dtypes and layouts, hand-checked semantics, Cortex's forms, errors. */
#include "wt_test.h"
#include "ops.h"
#include <stdlib.h>

static bool same_value(double a, double b) { return a == b || (isnan(a) && isnan(b)); }
/* elements of dtype dt at p and q are the same value: both parts of complex ones, signed zeros apart */
static bool same_elem(int dt, const void *p, const void *q) {
    wt_c128 a, b;
    wt_cast_one(dt, p, WT_COMPLEX128, &a), wt_cast_one(dt, q, WT_COMPLEX128, &b);
    bool zs = (a.re == 0 && b.re == 0 && signbit(a.re) != signbit(b.re)) ||
              (a.im == 0 && b.im == 0 && signbit(a.im) != signbit(b.im));
    return same_value(a.re, b.re) && same_value(a.im, b.im) && !zs;
}

/* ---- the op table: every op of the header's WT_OP_LIST has a dtype rule ----- */

void test_op_table_complete(void) {
    for (int op = 0; op < WT_NOPS; op++) {
        CHECK(wt_op_name(op) != NULL);
        CHECK(wt_op_arity(op) >= 1 && wt_op_arity(op) <= 3);
        if (wt_ops_class(op) == C_NONE)
            wt_t_fail(__FILE__, __LINE__, "op %s has no dtype class in ops.c", wt_op_name(op));
    }
    CHECK(wt_op_name(WT_NOPS) == NULL);
}

/* ---- kernels: the dispatched (SIMD) kernel equals the scalar loop ------------ */

void test_kernels_match_reference(void) {
    static unsigned char in[3][200 * 16], o1[200 * 16], o2[200 * 16];
    for (int op = 0; op < WT_NOPS; op++)
        for (int dt = 0; dt < WT_NDTYPES; dt++) {
            wt_kernel fast = wt_kernels_get(op, dt), ref = wt_kernels_ref(op, dt);
            if (!ref) continue;
            int ar = wt_op_arity(op), odt = dt;
            int cls = wt_ops_class(op);
            if (cls == C_CMP || cls == C_PRED) odt = WT_BOOL;
            if (op == WT_OP_ABS || op == WT_OP_ANGLE) odt = wt_dtype_part(dt);
            int64_t z = (int64_t)wt_dtype_size(dt), oz = (int64_t)wt_dtype_size(odt);
            for (int layout = 0; layout < 4; layout++)
                for (int n = 0; n < 70; n += 7) {
                    for (int k = 0; k < 3; k++)
                        for (int i = 0; i < 200; i++) {
                            int kdt = (op == WT_OP_WHERE && k == 0) ? WT_BOOL : dt;
                            wt_c128 v = {t_random_value(kdt), t_random_value(kdt)}; /* complex: both parts */
                            wt_cast_one(WT_COMPLEX128, &v, kdt, in[k] + i * (int64_t)wt_dtype_size(kdt));
                        }
                    int64_t s[4] = {oz, z, z, z};
                    if (op == WT_OP_WHERE) s[1] = 1;
                    if (layout == 1) s[1] = 0;             /* first input broadcast */
                    if (layout == 2 && ar > 1) s[2] = 0;   /* second input broadcast */
                    if (layout == 3) s[0] *= 2, s[1] *= 2; /* strided */
                    char *p1[4] = {(char *)o1, (char *)in[0], (char *)in[1], (char *)in[2]};
                    char *p2[4] = {(char *)o2, (char *)in[0], (char *)in[1], (char *)in[2]};
                    memset(o1, 0, sizeof o1);
                    memset(o2, 0, sizeof o2);
                    fast(p1, s, n);
                    ref(p2, s, n);
                    for (int i = 0; i < n; i++) {
                        double a = wt_cast_load_f64(odt, o1 + i * s[0]), b = wt_cast_load_f64(odt, o2 + i * s[0]);
                        if (!same_elem(odt, o1 + i * s[0], o2 + i * s[0])) {
                            wt_t_fail(__FILE__, __LINE__, "%s/%s layout %d n %d element %d: %g vs reference %g",
                                      wt_op_name(op), wt_dtype_name(dt), layout, n, i, a, b);
                            return;
                        }
                    }
                }
        }
}

/* ---- the driver against an element-by-element reference -------------------- */

/* out[idx] computed alone: inputs read as doubles at their broadcast index,
** converted to the compute dtype, scaled, one scalar kernel call, cast out */
static void reference_at(int op, int n, wt_tensor *const *in, const double *scal, double alpha, double beta,
                         const int *comp, int res, int outdt, int nd, const int64_t *idx, wt_c128 *out) {
    wt_slot vals[3], r;
    for (int k = 0; k < n; k++) {
        wt_c128 v = {scal ? scal[k] : 0, 0}; /* every value as complex128: both parts of complex ones */
        if (in[k]) {
            int kn = wt_tensor_ndim(in[k]);
            int64_t ki[WT_MAX_DIMS];
            for (int i = 0; i < kn; i++) ki[i] = wt_tensor_shape(in[k])[i] == 1 ? 0 : idx[nd - kn + i];
            wt_cast_one(wt_tensor_dtype(in[k]), t_elem(in[k], ki), WT_COMPLEX128, &v);
        }
        wt_cast_one(WT_COMPLEX128, &v, comp[k], &vals[k]);
        double f = k == 0 ? alpha : k == 1 ? beta : 1;
        if (f != 1) {
            wt_slot fs;
            wt_cast_store_f64(comp[k], &fs, f);
            char *p[3] = {(char *)&vals[k], (char *)&vals[k], (char *)&fs};
            wt_kernels_ref(WT_OP_MUL, comp[k])(p, (const int64_t[]){0, 0, 0}, 1);
        }
    }
    char *p[4] = {(char *)&r, (char *)&vals[0], (char *)&vals[1], (char *)&vals[2]};
    wt_kernels_ref(op, comp[op == WT_OP_WHERE ? 1 : 0])(p, (const int64_t[]){0, 0, 0, 0}, 1);
    wt_slot o;
    wt_cast_one(res, &r, outdt, &o);
    wt_cast_one(outdt, &o, WT_COMPLEX128, out);
}

void test_ewise_random_vs_reference(void) {
    int cases = 0, errors = 0;
    for (int iter = 0; iter < 1500 && errors < 5; iter++) {
        int op = (int)(t_rand() % WT_NOPS), n = wt_op_arity(op);
        int nd = (int)(t_rand() % 5);
        int64_t full[WT_MAX_DIMS];
        for (int i = 0; i < nd; i++) full[i] = (t_rand() % 12 == 0) ? 0 : 1 + t_rand() % 4;
        wt_tensor *in[3] = {NULL, NULL, NULL};
        double scal[3] = {0, 0, 0};
        bool any_scalar = false;
        for (int k = 0; k < n; k++) {
            int dt = (int)(t_rand() % WT_NDTYPES);
            if (t_rand() % 6 == 0) { /* a weak scalar */
                static const double sv[] = {2, -1, 0.5, 300, 1e9, -2.5};
                scal[k] = sv[t_rand() % 6];
                any_scalar = true;
                continue;
            }
            int kn = nd - (int)(t_rand() % (nd + 1));
            int64_t ks[WT_MAX_DIMS];
            for (int i = 0; i < kn; i++) ks[i] = (t_rand() % 3 == 0) ? 1 : full[nd - kn + i];
            in[k] = t_layout(dt, kn, ks, (int)(t_rand() % 4));
        }
        double alpha = (n >= 1 && t_rand() % 5 == 0) ? 2 : 1, beta = (n >= 2 && t_rand() % 5 == 0) ? -3 : 1;
        int dts[5], m = 0, comp[5], res;
        double vals[5];
        for (int k = 0; k < n; k++) dts[m] = in[k] ? wt_tensor_dtype(in[k]) : -1, vals[m++] = scal[k];
        if (alpha != 1) dts[m] = -1, vals[m++] = alpha;
        if (beta != 1) dts[m] = -1, vals[m++] = beta;
        wt_error_clear();
        bool plan_ok = wt_ops_plan_dtypes(op, m, dts, vals, comp, &res) == WT_OK;
        /* broadcast shape of the tensors actually given */
        int ndims[3], bn = 0, fnd;
        const int64_t *shapes[3];
        int64_t fshape[WT_MAX_DIMS];
        for (int k = 0; k < n; k++)
            if (in[k]) ndims[bn] = wt_tensor_ndim(in[k]), shapes[bn++] = wt_tensor_shape(in[k]);
        wt_broadcast_shapes(bn, ndims, shapes, &fnd, fshape);
        wt_tensor *out = NULL, *res_t = NULL;
        int outdt = res;
        if (plan_ok && t_rand() % 3 == 0) { /* a given out, any dtype and layout */
            outdt = (int)(t_rand() % WT_NDTYPES);
            out = t_layout(outdt, fnd, fshape, (int)(t_rand() % 4));
        }
        const wt_tensor *cin[3] = {in[0], in[1], in[2]};
        wt_status st = wt_ewise(op, n, cin, any_scalar ? scal : NULL, alpha, beta, out, WT_REDUCE_NONE, &res_t);
        if (!plan_ok) {
            if (st == WT_OK) wt_t_fail(__FILE__, __LINE__, "%s: expected a dtype error", wt_op_name(op));
        } else if (st != WT_OK) {
            wt_t_fail(__FILE__, __LINE__, "%s: %s", wt_op_name(op), wt_error_message());
            errors++;
        } else {
            cases++;
            CHECK_EQ(wt_tensor_dtype(res_t), outdt);
            int64_t total = wt_tensor_size(res_t), idx[WT_MAX_DIMS] = {0};
            for (int64_t e = 0; e < total; e++) {
                wt_c128 want, got;
                reference_at(op, n, in, scal, alpha, beta, comp, res, outdt, fnd, idx, &want);
                wt_cast_one(outdt, t_elem(res_t, idx), WT_COMPLEX128, &got);
                if (!same_value(got.re, want.re) || !same_value(got.im, want.im)) {
                    wt_t_fail(__FILE__, __LINE__, "%s case %d element %lld: %.17g%+.17gj, reference %.17g%+.17gj",
                              wt_op_name(op), iter, (long long)e, got.re, got.im, want.re, want.im);
                    errors++;
                    break;
                }
                for (int i = fnd - 1; i >= 0; i--) {
                    if (++idx[i] < fshape[i]) break;
                    idx[i] = 0;
                }
            }
        }
        wt_tensor_free(res_t);
        wt_tensor_free(out);
        for (int k = 0; k < 3; k++) wt_tensor_free(in[k]);
    }
    CHECK(cases > 800);
}

/* ---- semantics checked by hand ---------------------------------------------- */

static wt_tensor *vec(int dt, int n, const double *v) {
    int64_t s = n;
    return t_from(dt, 1, &s, v);
}

static void expect_binary(int op, int dt, int n, const double *a, const double *b, int rdt, const double *want) {
    wt_tensor *x = vec(dt, n, a), *y = vec(dt, n, b), *r = NULL;
    CHECK_OK(wt_binary(op, x, y, &r));
    if (r) {
        CHECK_EQ(wt_tensor_dtype(r), rdt);
        if (!t_equals(r, want)) wt_t_fail(__FILE__, __LINE__, "%s on %s", wt_op_name(op), wt_dtype_name(dt));
    }
    wt_tensor_free(r);
    wt_tensor_free(x);
    wt_tensor_free(y);
}

void test_op_semantics(void) {
    double a[4] = {-7, 7, -7, 0}, b[4] = {2, -2, 0, 0};
    expect_binary(WT_OP_FLOOR_DIV, WT_INT32, 4, a, b, WT_INT32, (double[]){-4, -4, 0, 0});
    expect_binary(WT_OP_MOD, WT_INT32, 4, a, b, WT_INT32, (double[]){1, -1, 0, 0});
    expect_binary(WT_OP_FLOOR_DIV, WT_INT8, 2, (double[]){-128, 5}, (double[]){-1, -1}, WT_INT8, (double[]){-128, -5});
    expect_binary(WT_OP_FLOOR_DIV, WT_FLOAT64, 3, (double[]){-7.5, 1, -0.0}, (double[]){2, 0, 3}, WT_FLOAT64,
                  (double[]){-4, INFINITY, -0.0});
    expect_binary(WT_OP_MOD, WT_FLOAT64, 3, (double[]){-7.5, 7.5, 1}, (double[]){2, -2, 0}, WT_FLOAT64,
                  (double[]){0.5, -0.5, NAN});
    expect_binary(WT_OP_POW, WT_INT32, 5, (double[]){2, -2, 1, -1, 5}, (double[]){3, 3, 0, 3, 1}, WT_INT32,
                  (double[]){8, -8, 1, -1, 5});
    { /* NumPy refuses a negative integer exponent, and out is left as it was */
        wt_tensor *x = vec(WT_INT32, 3, (double[]){2, 3, 4}), *y = vec(WT_INT32, 3, (double[]){1, -1, 2}),
                  *o = vec(WT_INT32, 3, (double[]){7, 7, 7}), *r = NULL;
        const wt_tensor *in[2] = {x, y};
        CHECK_EQ(wt_ewise(WT_OP_POW, 2, in, NULL, 1, 1, o, WT_REDUCE_NONE, &r), WT_EINVAL);
        CHECK(strstr(wt_error_message(), "negative integer powers") != NULL);
        CHECK(t_equals(o, (double[]){7, 7, 7}));
        in[1] = NULL; /* a weak scalar exponent */
        CHECK_EQ(wt_ewise(WT_OP_POW, 2, in, (double[]){0, -2}, 1, 1, NULL, WT_REDUCE_NONE, &r), WT_EINVAL);
        const wt_tensor *leaves[2] = {x, y};
        CHECK_EQ(wt_fuse(2, leaves, NULL, 1, (int32_t[]){WT_OP_POW, 0, 1, 0}, NULL, 0, &r), WT_EINVAL);
        CHECK(r == NULL);
        wt_tensor_free(x), wt_tensor_free(y), wt_tensor_free(o);
    }
    expect_binary(WT_OP_POW, WT_UINT8, 2, (double[]){2, 3}, (double[]){9, 5}, WT_UINT8, (double[]){0, 243});
    expect_binary(WT_OP_DIV, WT_INT16, 2, (double[]){1, 7}, (double[]){2, 0}, WT_FLOAT64, (double[]){0.5, INFINITY});
    expect_binary(WT_OP_MAXIMUM, WT_FLOAT32, 3, (double[]){1, NAN, 2}, (double[]){NAN, 1, 3}, WT_FLOAT32,
                  (double[]){NAN, NAN, 3});
    expect_binary(WT_OP_MINIMUM, WT_FLOAT64, 2, (double[]){1, 4}, (double[]){NAN, -3}, WT_FLOAT64, (double[]){NAN, -3});
    expect_binary(WT_OP_ADD, WT_BOOL, 3, (double[]){1, 0, 0}, (double[]){1, 1, 0}, WT_BOOL, (double[]){1, 1, 0});
    expect_binary(WT_OP_MUL, WT_BOOL, 3, (double[]){1, 0, 1}, (double[]){1, 1, 0}, WT_BOOL, (double[]){1, 0, 0});
    expect_binary(WT_OP_ADD, WT_UINT8, 2, (double[]){250, 3}, (double[]){10, 4}, WT_UINT8, (double[]){4, 7});
    expect_binary(WT_OP_SUB, WT_INT32, 1, (double[]){-2147483648.0}, (double[]){1}, WT_INT32, (double[]){2147483647});
    expect_binary(WT_OP_LESS, WT_FLOAT64, 3, (double[]){1, NAN, 2}, (double[]){2, 1, 2}, WT_BOOL, (double[]){1, 0, 0});
    expect_binary(WT_OP_NOT_EQUAL, WT_FLOAT32, 2, (double[]){NAN, 1}, (double[]){NAN, 1}, WT_BOOL, (double[]){1, 0});
    expect_binary(WT_OP_LOGICAL_XOR, WT_INT8, 3, (double[]){0, 5, -1}, (double[]){0, 0, 3}, WT_BOOL,
                  (double[]){0, 1, 0});
    /* mixed dtypes promote: int8 + uint8 -> int16, int16 + float32 -> float32 */
    wt_tensor *i8 = vec(WT_INT8, 2, (double[]){-100, 100}), *u8 = vec(WT_UINT8, 2, (double[]){200, 200}), *r = NULL;
    CHECK_OK(wt_binary(WT_OP_ADD, i8, u8, &r));
    CHECK_EQ(wt_tensor_dtype(r), WT_INT16);
    CHECK(t_equals(r, (double[]){100, 300}));
    wt_tensor_free(r);
    wt_tensor_free(u8);
    wt_tensor *u32 = vec(WT_UINT32, 1, (double[]){1});
    CHECK_OK(wt_binary(WT_OP_ADD, i8, u32, &r)); /* int8 + uint32 -> int64 */
    CHECK_EQ(wt_tensor_dtype(r), WT_INT64);
    CHECK(t_equals(r, (double[]){-99, 101}));
    wt_tensor_free(r);
    wt_tensor_free(u32);
    wt_tensor_free(i8);
    /* unary */
    wt_tensor *f = vec(WT_FLOAT64, 5, (double[]){-0.5, 0.5, 1.5, 2.5, -0.0}), *b8 = vec(WT_BOOL, 2, (double[]){1, 0});
    CHECK_OK(wt_unary(WT_OP_ROUND, f, &r));
    CHECK(t_equals(r, (double[]){-0.0, 0, 2, 2, -0.0}));
    wt_tensor_free(r);
    CHECK_OK(wt_unary(WT_OP_SIGN, f, &r));
    CHECK(t_equals(r, (double[]){-1, 1, 1, 1, 0}));
    wt_tensor_free(r);
    CHECK_ERR(wt_unary(WT_OP_NEG, b8, &r), WT_EDTYPE, "negative is not supported for bool; use logical_not");
    CHECK_ERR(wt_binary(WT_OP_SUB, b8, b8, &r), WT_EDTYPE, "subtract is not supported for bool");
    CHECK_OK(wt_unary(WT_OP_SQUARE, b8, &r)); /* bool -> int8, as NumPy */
    CHECK_EQ(wt_tensor_dtype(r), WT_INT8);
    wt_tensor_free(r);
    CHECK_OK(wt_unary(WT_OP_EXP, b8, &r)); /* bool -> float16, computed in float32 and rounded: e = 2.71875 */
    CHECK_EQ(wt_tensor_dtype(r), WT_FLOAT16);
    CHECK(t_equals(r, (double[]){2.71875, 1}));
    wt_tensor_free(r);
    wt_tensor *i32 = vec(WT_INT32, 3, (double[]){-2147483648.0, -5, 4});
    CHECK_OK(wt_unary(WT_OP_ABS, i32, &r));
    CHECK(t_equals(r, (double[]){-2147483648.0, 5, 4}));
    wt_tensor_free(r);
    CHECK_OK(wt_unary(WT_OP_SQRT, i32, &r)); /* int32 -> float64 */
    CHECK_EQ(wt_tensor_dtype(r), WT_FLOAT64);
    wt_tensor_free(r);
    CHECK_OK(wt_unary(WT_OP_FLOOR, i32, &r)); /* integers stay */
    CHECK_EQ(wt_tensor_dtype(r), WT_INT32);
    wt_tensor_free(r);
    CHECK_OK(wt_unary(WT_OP_RECIPROCAL, i32, &r));
    CHECK(t_equals(r, (double[]){0, 0, 0}));
    wt_tensor_free(r);
    wt_tensor_free(i32);
    wt_tensor_free(b8);
    wt_tensor_free(f);
}

void test_weak_scalars_in_ops(void) {
    wt_tensor *u8 = vec(WT_UINT8, 2, (double[]){0, 10}), *i16 = vec(WT_INT16, 1, (double[]){3});
    wt_tensor *f32 = vec(WT_FLOAT32, 1, (double[]){1}), *r = NULL;
    const wt_tensor *in[2] = {u8, NULL};
    CHECK_OK(wt_ewise(WT_OP_SUB, 2, in, (double[]){0, 1}, 1, 1, NULL, 0, &r)); /* uint8 - 1 wraps */
    CHECK_EQ(wt_tensor_dtype(r), WT_UINT8);
    CHECK(t_equals(r, (double[]){255, 9}));
    wt_tensor_free(r);
    in[0] = i16;
    CHECK_OK(wt_ewise(WT_OP_ADD, 2, in, (double[]){0, 2.5}, 1, 1, NULL, 0, &r)); /* int16 + 2.5 -> float64 */
    CHECK_EQ(wt_tensor_dtype(r), WT_FLOAT64);
    CHECK(t_equals(r, (double[]){5.5}));
    wt_tensor_free(r);
    in[0] = f32;
    CHECK_OK(wt_ewise(WT_OP_ADD, 2, in, (double[]){0, 0.1}, 1, 1, NULL, 0, &r)); /* float32 + 0.1 -> float32 */
    CHECK_EQ(wt_tensor_dtype(r), WT_FLOAT32);
    CHECK(t_equals(r, (double[]){(double)(1.0f + 0.1f)}));
    wt_tensor_free(r);
    const wt_tensor *sc[2] = {NULL, f32};
    CHECK_OK(wt_ewise(WT_OP_SUB, 2, sc, (double[]){3, 0}, 1, 1, NULL, 0, &r)); /* scalar on the left */
    CHECK(t_equals(r, (double[]){2}));
    wt_tensor_free(r);
    wt_dtype d;
    CHECK_OK(wt_op_result_dtype(WT_OP_ADD, 2, (int[]){WT_INT16, -1}, (double[]){0, 2.5}, &d));
    CHECK_EQ(d, WT_FLOAT64);
    CHECK_OK(wt_op_result_dtype(WT_OP_LESS, 2, (int[]){WT_UINT8, -1}, (double[]){0, 300}, &d));
    CHECK_EQ(d, WT_BOOL);
    wt_tensor_free(u8);
    wt_tensor_free(i16);
    wt_tensor_free(f32);
}

void test_cortex_forms(void) {
    int64_t s34[2] = {3, 4};
    wt_tensor *x = t_arange(WT_FLOAT64, 2, s34), *z = t_arange(WT_FLOAT64, 1, (int64_t[]){4}), *r = NULL, *out = NULL;
    const wt_tensor *in[2] = {x, z};
    /* y = 2x - 3z */
    CHECK_OK(wt_ewise(WT_OP_ADD, 2, in, NULL, 2, -3, NULL, 0, &r));
    double e1[12];
    for (int i = 0; i < 12; i++) e1[i] = 2.0 * i - 3.0 * (i % 4);
    CHECK(t_equals(r, e1));
    wt_tensor_free(r);
    /* broadcasting into a smaller destination: column sums of x*z */
    CHECK_OK(wt_tensor_full(WT_FLOAT32, 2, (int64_t[]){1, 4}, 99, &out));
    CHECK_OK(wt_ewise(WT_OP_MUL, 2, in, NULL, 1, 1, out, WT_REDUCE_SUM, NULL));
    CHECK(t_equals(out, (double[]){0 * 0 + 4 * 0 + 8 * 0, 1 + 5 + 9, 2 * (2 + 6 + 10), 3 * (3 + 7 + 11)}));
    wt_tensor_free(out);
    CHECK_OK(wt_tensor_zeros(WT_FLOAT64, 1, (int64_t[]){3}, &out)); /* rows can't reduce into (3,) */
    CHECK_ERR(wt_ewise(WT_OP_MUL, 2, in, NULL, 1, 1, out, WT_REDUCE_SUM, NULL), WT_ESHAPE,
              "cannot reduce a result of shape (3,4) into out of shape (3,)");
    wt_tensor_free(out);
    CHECK_OK(wt_tensor_zeros(WT_INT32, 2, (int64_t[]){3, 1}, &out)); /* row maxima of x - z, as int32 */
    CHECK_ERR(wt_ewise(WT_OP_SUB, 2, in, NULL, 1, 1, out, WT_REDUCE_MAX, NULL), WT_EDTYPE,
              "subtract: cannot cast the result from float64 to out's dtype int32 under casting 'same_kind'");
    wt_tensor *unsafe = NULL;
    CHECK_OK(wt_view_casting(out, WT_CASTING_UNSAFE, &unsafe));
    CHECK_OK(wt_ewise(WT_OP_SUB, 2, in, NULL, 1, 1, unsafe, WT_REDUCE_MAX, NULL));
    CHECK(t_equals(out, (double[]){0, 4, 8}));
    wt_tensor_free(unsafe);
    wt_tensor_free(out);
    CHECK_OK(wt_tensor_zeros(WT_FLOAT64, 0, NULL, &out)); /* everything into a 0-d product */
    const wt_tensor *one[1] = {z};
    CHECK_OK(wt_ewise(WT_OP_COPY, 1, one, NULL, 2, 1, out, WT_REDUCE_PROD, NULL)); /* prod(2z) */
    CHECK(t_equals(out, (double[]){0}));
    wt_tensor_free(out);
    wt_tensor_free(x);
    wt_tensor_free(z);
}

void test_ewise_errors_leave_out(void) {
    int64_t s34[2] = {3, 4}, s54[2] = {5, 4};
    wt_tensor *a = t_arange(WT_FLOAT32, 2, s34), *b = t_arange(WT_FLOAT32, 2, s54), *out = t_arange(WT_FLOAT32, 2, s34),
              *r = NULL;
    double before[12];
    for (int i = 0; i < 12; i++) before[i] = i;
    const wt_tensor *ab[2] = {a, b}, *aa[2] = {a, a};
    CHECK_ERR(wt_ewise(WT_OP_ADD, 2, ab, NULL, 1, 1, out, 0, NULL), WT_ESHAPE,
              "shapes (3,4) (5,4) cannot be broadcast together");
    wt_tensor *small;
    CHECK_OK(wt_view_slice(out, "0", &small));
    CHECK_ERR(wt_ewise(WT_OP_ADD, 2, aa, NULL, 1, 1, small, 0, NULL), WT_ESHAPE,
              "out has shape (4,) but the result has shape (3,4)");
    wt_tensor *ro;
    CHECK_OK(wt_view_broadcast_to(small, 2, s34, &ro));
    CHECK_ERR(wt_ewise(WT_OP_ADD, 2, aa, NULL, 1, 1, ro, 0, NULL), WT_EREADONLY, "out is read-only");
    CHECK_ERR(wt_ewise(WT_OP_ADD, 2, aa, NULL, 1, 1, NULL, WT_REDUCE_SUM, &r), WT_EINVAL, "needs an out tensor");
    CHECK_ERR(wt_ewise(WT_OP_ADD, 1, aa, NULL, 1, 1, out, 0, NULL), WT_EINVAL, "add takes 2 operands, got 1");
    CHECK_ERR(wt_ewise(99, 2, aa, NULL, 1, 1, out, 0, NULL), WT_EINVAL, "invalid operation code 99");
    CHECK_ERR(wt_ewise(WT_OP_ADD, 2, (const wt_tensor *[]){a, NULL}, NULL, 1, 1, out, 0, NULL), WT_EINVAL,
              "operand 1 is neither");
    CHECK_ERR(wt_ewise(WT_OP_ADD, 2, aa, NULL, 1, 1, out, 7, NULL), WT_EINVAL, "reduce must be");
    CHECK_ERR(wt_ewise(WT_OP_EXP, 1, aa, NULL, 1, 3, out, 0, NULL), WT_EINVAL, "beta needs operand 1");
    wt_tensor *bl = t_arange(WT_BOOL, 2, s34);
    const wt_tensor *bb[2] = {bl, bl};
    CHECK_ERR(wt_ewise(WT_OP_SUB, 2, bb, NULL, 1, 1, out, 0, NULL), WT_EDTYPE, "subtract is not supported for bool");
    CHECK(t_equals(out, before));
    wt_tensor *rev = NULL;
    CHECK_OK(wt_view_slice(out, "::-1", &rev));
    wt_tensor_debug_fail_alloc_after(1); /* the overlap copy fails: out still untouched */
    const wt_tensor *orv[2] = {out, rev};
    CHECK_ERR(wt_ewise(WT_OP_ADD, 2, orv, NULL, 1, 1, out, 0, NULL), WT_ENOMEM, "out of memory");
    wt_tensor_debug_fail_alloc_after(0);
    CHECK(t_equals(out, before));
    wt_tensor_free(rev);
    wt_tensor_free(bl);
    wt_tensor_free(ro);
    wt_tensor_free(small);
    wt_tensor_free(a);
    wt_tensor_free(b);
    wt_tensor_free(out);
}

void test_ewise_aliasing(void) {
    int64_t n = 6;
    wt_tensor *a = t_arange(WT_INT32, 1, &n), *lo, *hi;
    const wt_tensor *aa[2] = {a, a};
    CHECK_OK(wt_ewise(WT_OP_ADD, 2, aa, NULL, 1, 1, a, 0, NULL)); /* in place, same layout */
    CHECK(t_equals(a, (double[]){0, 2, 4, 6, 8, 10}));
    CHECK_OK(wt_view_slice(a, "1:", &hi));
    CHECK_OK(wt_view_slice(a, ":-1", &lo));
    const wt_tensor *in[2] = {lo, NULL};
    CHECK_OK(wt_ewise(WT_OP_ADD, 2, in, (double[]){0, 1}, 1, 1, hi, 0, NULL)); /* a[1:] = a[:-1] + 1 */
    CHECK(t_equals(a, (double[]){0, 1, 3, 5, 7, 9}));
    wt_tensor_free(lo);
    wt_tensor_free(hi);
    wt_tensor *m = t_arange(WT_FLOAT64, 2, (int64_t[]){3, 3}), *mt;
    CHECK_OK(wt_view_permute(m, 0, NULL, &mt));
    const wt_tensor *mm[2] = {m, mt};
    CHECK_OK(wt_ewise(WT_OP_SUB, 2, mm, NULL, 1, 1, m, 0, NULL)); /* m = m - m.T */
    CHECK(t_equals(m, (double[]){0, -2, -4, 2, 0, -2, 4, 2, 0}));
    wt_tensor_free(mt);
    wt_tensor_free(m);
    wt_tensor_free(a);
}

/* ---- 8-bit inputs tabulated (pass.c wt_pass_tabulate) ------------------------- */

/* the op of a large 8-bit tensor (gapped: (rows, 4)[:, :3]) with one-element
** operands, into a new result or an out of any dtype, is the op of its 256
** values computed directly, element by element and bit for bit */
void test_ewise_tabulated(void) {
    static const int eight[3] = {WT_UINT8, WT_INT8, WT_BOOL};
    int64_t rows = 22000; /* 66000 elements: past the tables' minimum */
    int cases = 0;
    for (int iter = 0; iter < 120; iter++) {
        int op = (int)(t_rand() % WT_NOPS), n = wt_op_arity(op), dt = eight[iter % 3];
        if (n == 0) continue;
        wt_tensor *base, *x, *ref_x, *one[3] = {NULL, NULL, NULL};
        t_eight_bit(dt, rows, &base, &x, &ref_x);
        int at = (int)(t_rand() % (unsigned)n); /* the 8-bit operand's place; the others one element */
        for (int k = 0; k < n; k++)
            if (k != at) one[k] = t_from((int)(t_rand() % WT_NDTYPES), 0, NULL, (double[]){t_random_value(WT_INT8)});
        const wt_tensor *in[3] = {one[0], one[1], one[2]}, *rin[3] = {one[0], one[1], one[2]};
        in[at] = x, rin[at] = ref_x;
        wt_tensor *got = NULL, *want = NULL, *out = NULL;
        wt_status st;
        if (t_rand() % 2) { /* an out of any dtype: the table holds out's values */
            int odt = (int)(t_rand() % WT_NDTYPES);
            CHECK_OK(wt_tensor_empty(odt, 2, (int64_t[]){rows, 3}, &out));
            CHECK_OK(wt_tensor_empty(odt, 1, (int64_t[]){256}, &want));
            st = wt_ewise(op, n, rin, NULL, 1, 1, want, WT_REDUCE_NONE, NULL);
        } else {
            st = wt_ewise(op, n, rin, NULL, 1, 1, NULL, WT_REDUCE_NONE, &want);
        }
        wt_error_clear(); /* a dtype or casting refusal: not a case */
        if (st == WT_OK && wt_ewise(op, n, in, NULL, 1, 1, out, WT_REDUCE_NONE, out ? NULL : &got) == WT_OK) {
            cases++;
            int64_t bad = t_eight_bit_differs(out ? out : got, base, want);
            if (bad)
                wt_t_fail(__FILE__, __LINE__, "%s of %s: element %lld differs from the direct result", wt_op_name(op),
                          wt_dtype_name(dt), (long long)bad - 1);
        }
        wt_tensor_free(got), wt_tensor_free(want), wt_tensor_free(out);
        for (int k = 0; k < 3; k++) wt_tensor_free(one[k]);
        wt_tensor_free(x), wt_tensor_free(base), wt_tensor_free(ref_x);
    }
    CHECK(cases > 40);
}

/* float32 ** 2 and ** 3 are the exact square and cube rounded to float (the
** kernel's double product), with powf's signs, infinities and NaNs; other
** exponents are powf's */
void test_pow_float32_small_integers(void) {
    enum { N = 65536 }; /* powf is not correctly rounded: a few in 10^4 of these differ from it */
    static float x[N];
    for (int i = 0; i < N; i++) { /* any mantissa, magnitudes 2^-20 to 2^20; every 16th any bit pattern */
        uint32_t u = t_rand();
        if (i % 16) u = (u & 0x807fffffu) | ((uint32_t)(107 + t_rand() % 41) << 23);
        memcpy(&x[i], &u, 4);
    }
    const float special[] = {0.0f, -0.0f, INFINITY, -INFINITY, 3e38f, -3e38f, 1e-30f, -1e-30f, 1.0f, -1.0f};
    memcpy(x, special, sizeof special);
    x[10] = NAN;
    int64_t n = N;
    wt_tensor *t, *r = NULL;
    CHECK_OK(wt_tensor_empty(WT_FLOAT32, 1, &n, &t));
    memcpy(t->buf->data, x, sizeof x);
    for (int e = 1; e <= 4; e++) {
        const wt_tensor *in[2] = {t, NULL};
        CHECK_OK(wt_ewise(WT_OP_POW, 2, in, (double[]){0, e}, 1, 1, NULL, WT_REDUCE_NONE, &r));
        CHECK_EQ(wt_tensor_dtype(r), WT_FLOAT32);
        const float *y = (const float *)r->buf->data;
        for (int i = 0; i < N; i++) {
            double d = x[i];
            float want = e == 2 ? (float)(d * d) : e == 3 ? (float)(d * d * d) : powf(x[i], (float)e);
            if (!(memcmp(&want, &y[i], 4) == 0 || (isnan(want) && isnan(y[i])))) {
                wt_t_fail(__FILE__, __LINE__, "%.9g ** %d = %.9g, expected %.9g", x[i], e, y[i], want);
                break;
            }
        }
        wt_tensor_free(r);
    }
    /* the signs of a zero and an infinity cubed, squared */
    const float *y0 = NULL;
    const wt_tensor *in[2] = {t, NULL};
    CHECK_OK(wt_ewise(WT_OP_POW, 2, in, (double[]){0, 3}, 1, 1, NULL, WT_REDUCE_NONE, &r));
    y0 = (const float *)r->buf->data;
    CHECK(y0[1] == 0 && signbit(y0[1]) && y0[3] == -INFINITY && y0[4] == INFINITY && y0[7] == 0 && signbit(y0[7]));
    CHECK(isnan(y0[10]));
    wt_tensor_free(r);
    wt_tensor_free(t);
}
