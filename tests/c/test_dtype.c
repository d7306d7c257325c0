/* test_dtype.c — status names, dtype info, NEP 50 promotion against NumPy. */
#include "wt_test.h"
#include "fixtures_numpy.h"

void test_status_names(void) {
    CHECK(strcmp(wt_status_name(WT_OK), "WT_OK") == 0);
    CHECK(strcmp(wt_status_name(WT_ESHAPE), "WT_ESHAPE") == 0);
    CHECK(strcmp(wt_status_name(WT_EBOUNDS), "WT_EBOUNDS") == 0);
    CHECK(strcmp(wt_status_name(99), "WT_UNKNOWN") == 0);
    CHECK(strcmp(wt_status_name(-1), "WT_UNKNOWN") == 0);
    wt_dtype d;
    CHECK_ERR(wt_dtype_from_name("float128", &d), WT_EDTYPE, "unknown dtype 'float128'");
    CHECK_EQ(wt_error_status(), WT_EDTYPE);
    wt_error_clear();
    CHECK_EQ(wt_error_status(), WT_OK);
    CHECK(wt_error_message()[0] == 0);
    CHECK(strcmp(wt_version(), WT_VERSION_STRING) == 0);
}

void test_dtype_info(void) {
    static const char *names[] = {"bool",    "int8",    "uint8", "int16",  "uint16",  "int32",     "uint32",
                                  "float32", "float64", "int64", "uint64", "float16", "complex64", "complex128"};
    static const size_t sizes[] = {1, 1, 1, 2, 2, 4, 4, 4, 8, 8, 8, 2, 8, 16};
    for (int i = 0; i < WT_NDTYPES; i++) {
        wt_dtype d;
        CHECK(strcmp(wt_dtype_name(i), names[i]) == 0);
        CHECK_EQ(wt_dtype_size(i), sizes[i]);
        CHECK_OK(wt_dtype_from_name(names[i], &d));
        CHECK_EQ(d, i);
    }
    CHECK(wt_dtype_name(WT_NDTYPES) == NULL && wt_dtype_name(-1) == NULL);
    CHECK_EQ(wt_dtype_size(42), 0);
    CHECK(!wt_dtype_is_valid(WT_NDTYPES));
    wt_dtype d;
    CHECK_ERR(wt_dtype_from_name(NULL, &d), WT_EINVAL, "NULL");
    CHECK_ERR(wt_dtype_from_name("", &d), WT_EDTYPE, "unknown dtype ''");
}

void test_promote_fixture(void) {
    for (int a = 0; a < WT_NDTYPES; a++)
        for (int b = 0; b < WT_NDTYPES; b++) {
            wt_dtype r;
            wt_status st = wt_dtype_promote(a, b, &r);
            if (fx_promote[a][b] < 0) {
                CHECK_EQ(st, WT_EDTYPE);
            } else {
                CHECK_OK(st);
                if (st == WT_OK && (int)r != fx_promote[a][b])
                    wt_t_fail(__FILE__, __LINE__, "promote %s %s -> %s, NumPy says %s", wt_dtype_name(a),
                              wt_dtype_name(b), wt_dtype_name(r), wt_dtype_name(fx_promote[a][b]));
            }
        }
}

void test_can_cast_fixture(void) {
    for (int c = 0; c < WT_NCASTING; c++)
        for (int a = 0; a < WT_NDTYPES; a++)
            for (int b = 0; b < WT_NDTYPES; b++)
                if (wt_can_cast(a, b, c) != fx_can_cast[c][a][b])
                    wt_t_fail(__FILE__, __LINE__, "can_cast(%s, %s, casting %d) is %d, NumPy says %d", wt_dtype_name(a),
                              wt_dtype_name(b), c, wt_can_cast(a, b, c), fx_can_cast[c][a][b]);
    CHECK(!wt_can_cast(-1, WT_INT8, WT_CASTING_UNSAFE) && !wt_can_cast(WT_INT8, WT_NDTYPES, WT_CASTING_UNSAFE));
    CHECK(!wt_can_cast(WT_INT8, WT_INT8, 5) && !wt_can_cast(WT_INT8, WT_INT8, -1));
    int c;
    CHECK_OK(wt_casting_from_name("same_kind", &c));
    CHECK_EQ(c, WT_CASTING_SAME_KIND);
    CHECK_ERR(wt_casting_from_name("sameKind", &c), WT_EINVAL, "unknown casting 'sameKind'");
    CHECK_ERR(wt_casting_from_name(NULL, &c), WT_EINVAL, "NULL");
    wt_tensor *t = NULL, *v = NULL;
    CHECK_OK(wt_tensor_zeros(WT_INT8, 0, NULL, &t));
    CHECK_ERR(wt_view_casting(t, 5, &v), WT_EINVAL, "invalid casting code 5");
    CHECK_OK(wt_view_casting(t, WT_CASTING_UNSAFE, &v));
    CHECK(wt_tensor_same_buffer(t, v) && wt_tensor_flags(v) == wt_tensor_flags(t));
    wt_tensor_free(v);
    wt_tensor_free(t);
}

void test_fma_dtype_fixture(void) { /* fma(a, b, c) is NumPy's a*b + c */
    for (int a = 0; a < WT_NDTYPES; a++)
        for (int b = 0; b < WT_NDTYPES; b++)
            for (int c = 0; c < WT_NDTYPES; c++) {
                wt_dtype r;
                wt_status st = wt_op_result_dtype(WT_OP_FMA, 3, (int[]){a, b, c}, NULL, &r);
                int want = fx_fma_dtype[a][b][c];
                if (want < 0 ? st != WT_EDTYPE : st != WT_OK || (int)r != want)
                    wt_t_fail(__FILE__, __LINE__, "fma(%s, %s, %s): status %d, %s; NumPy's a*b + c is %s",
                              wt_dtype_name(a), wt_dtype_name(b), wt_dtype_name(c), st, st ? "-" : wt_dtype_name(r),
                              want < 0 ? "int64" : wt_dtype_name(want));
            }
    wt_dtype r; /* weak scalars: a product of two is one weak scalar; int8 * 300 overflows */
    CHECK_OK(wt_op_result_dtype(WT_OP_FMA, 3, (int[]){-1, -1, WT_UINT8}, (double[]){2, 3, 0}, &r));
    CHECK_EQ(r, WT_UINT8);
    CHECK_ERR(wt_op_result_dtype(WT_OP_FMA, 3, (int[]){-1, -1, WT_UINT8}, (double[]){20, 20, 0}, &r), WT_EDTYPE,
              "fma: add: the integer 400 is out of bounds for uint8");
    CHECK_ERR(wt_op_result_dtype(WT_OP_FMA, 3, (int[]){WT_INT8, -1, WT_FLOAT32}, (double[]){0, 300, 0}, &r), WT_EDTYPE,
              "fma: multiply: the integer 300 is out of bounds for int8");
    CHECK_OK(wt_op_result_dtype(WT_OP_FMA, 3, (int[]){WT_INT8, WT_UINT16, WT_FLOAT32}, (double[]){0, 0, 0}, &r));
    CHECK_EQ(r, WT_FLOAT64); /* int8 * uint16 is int32; int32 + float32 is float64 */
}

void test_limits_and_result_type(void) {
    for (int d = 0; d < WT_NDTYPES; d++) {
        wt_dtype_limits l;
        CHECK_OK(wt_dtype_limits_of(d, &l));
        const fx_limits_row *w = &fx_limits[d];
        if (l.kind != w->kind || l.bits != w->bits || l.int_min != w->imin || l.int_max != w->imax ||
            l.float_max != w->fmax || l.eps != w->eps || l.smallest_normal != w->normal ||
            l.smallest_subnormal != w->subnormal || l.precision != w->precision)
            wt_t_fail(__FILE__, __LINE__, "limits of %s differ from NumPy's iinfo/finfo", wt_dtype_name(d));
    }
    wt_dtype_limits l;
    CHECK_ERR(wt_dtype_limits_of(WT_NDTYPES, &l), WT_EDTYPE, "invalid dtype code 14");
    wt_dtype r; /* np.result_type with Python scalars (NEP 50); integers alone: int32, NumPy's int64 */
    CHECK_OK(wt_result_type(3, (int[]){WT_INT8, WT_UINT16, WT_FLOAT32}, NULL, &r));
    CHECK_EQ(r, WT_FLOAT32);
    CHECK_OK(wt_result_type(2, (int[]){WT_UINT8, -1}, (double[]){0, 300}, &r));
    CHECK_EQ(r, WT_UINT8);
    CHECK_OK(wt_result_type(2, (int[]){WT_INT8, -1}, (double[]){0, 2.5}, &r));
    CHECK_EQ(r, WT_FLOAT64);
    CHECK_OK(wt_result_type(2, (int[]){-1, WT_FLOAT32}, (double[]){2.5, 0}, &r));
    CHECK_EQ(r, WT_FLOAT32);
    CHECK_OK(wt_result_type(2, (int[]){-1, -1}, (double[]){2, 2.5}, &r));
    CHECK_EQ(r, WT_FLOAT64);
    CHECK_OK(wt_result_type(1, (int[]){-1}, (double[]){7}, &r));
    CHECK_EQ(r, WT_INT32);
    CHECK_OK(wt_result_type(2, (int[]){WT_INT32, WT_UINT32}, NULL, &r));
    CHECK_EQ(r, WT_INT64);
    CHECK_ERR(wt_result_type(1, (int[]){-1}, NULL, &r), WT_EINVAL, "operand 0 is a scalar but scalars is NULL");
    CHECK_ERR(wt_result_type(0, (int[]){0}, NULL, &r), WT_EINVAL, "0 operands");
    CHECK_ERR(wt_result_type(1, (int[]){14}, NULL, &r), WT_EDTYPE, "invalid dtype code 14");
}

void test_promote_errors(void) {
    wt_dtype r;
    CHECK_OK(wt_dtype_promote(WT_INT32, WT_UINT32, &r)); /* the fixture has every pair; these are NEP 50's examples */
    CHECK_EQ(r, WT_INT64);
    CHECK_OK(wt_dtype_promote(WT_INT64, WT_UINT64, &r));
    CHECK_EQ(r, WT_FLOAT64);
    CHECK_ERR(wt_dtype_promote(14, WT_INT8, &r), WT_EDTYPE, "invalid dtype code 14");
    CHECK_ERR(wt_dtype_promote(WT_INT8, WT_INT8, NULL), WT_EINVAL, "NULL");
}

void test_weak_scalar_fixture(void) {
    for (size_t i = 0; i < sizeof fx_weak / sizeof fx_weak[0]; i++) {
        wt_dtype r;
        CHECK_OK(wt_dtype_promote_scalar(fx_weak[i].dtype, fx_weak[i].value, &r));
        if ((int)r != fx_weak[i].result)
            wt_t_fail(__FILE__, __LINE__, "%s with %g -> %s, NumPy says %s", wt_dtype_name(fx_weak[i].dtype),
                      fx_weak[i].value, wt_dtype_name(r), wt_dtype_name(fx_weak[i].result));
    }
    wt_dtype r;
    /* bool with an integer: int32 until int64 exists; with a float: float64 */
    CHECK_OK(wt_dtype_promote_scalar(WT_BOOL, 3, &r));
    CHECK_EQ(r, WT_INT32);
    CHECK_OK(wt_dtype_promote_scalar(WT_BOOL, 0.5, &r));
    CHECK_EQ(r, WT_FLOAT64);
    CHECK_OK(wt_dtype_promote_scalar(WT_INT16, NAN, &r));
    CHECK_EQ(r, WT_FLOAT64);
    CHECK_OK(wt_dtype_promote_scalar(WT_UINT8, -1, &r)); /* adopts uint8 and wraps */
    CHECK_EQ(r, WT_UINT8);
    CHECK_ERR(wt_dtype_promote_scalar(-3, 1, &r), WT_EDTYPE, "invalid dtype code -3");
}
