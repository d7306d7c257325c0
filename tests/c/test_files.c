/* test_files.c — .npy against files NumPy wrote (tests/fixtures/gen_npy.py;
** the tests run from the repository root), malformed headers, and
** TensorProto against bytes encoded by hand from the wire format. */
#include "wt_test.h"
#include <stdlib.h>

/* element i of every fixture, as gen_npy.py's value() */
static double fixture_value(int dtype, int64_t i) {
    if (dtype == WT_FLOAT16 || dtype == WT_FLOAT32 || dtype == WT_FLOAT64) {
        if (i == 1) return NAN;
        if (i == 2) return INFINITY;
        if (i == 3) return -0.0;
        return (double)(i - 5) * (dtype == WT_FLOAT64 ? 0.1 : 0.375);
    }
    return dtype == WT_BOOL && i % 3 == 0;
}
/* a complex fixture's element i: the float rule of its parts' dtype, and quarters */
static wt_c128 fixture_complex(int dtype, int64_t i) {
    return (wt_c128){fixture_value(wt_dtype_part(dtype), i), (double)(5 - i) * 0.25};
}

/* element i of an integer fixture, as int64 (uint64's upper half wrapped) */
static int64_t fixture_int(int dtype, int64_t i) {
    int bits = (int)wt_dtype_size(dtype) * 8;
    uint64_t v = (uint64_t)i * (bits == 64 ? UINT64_C(0x9E3779B97F4A7C15) : 2654435761u); /* modulo 2^64 */
    if (bits < 64) v %= (uint64_t)1 << bits;
    bool sign = dtype == WT_INT8 || dtype == WT_INT16 || dtype == WT_INT32 || dtype == WT_INT64;
    return (int64_t)(sign ? v - ((uint64_t)1 << (bits - 1)) : v);
}

static uint8_t *slurp(const char *name, size_t *n) {
    char path[256];
    snprintf(path, sizeof path, "tests/fixtures/npy/%s.npy", name);
    FILE *f = fopen(path, "rb");
    if (!f) return wt_t_fail(__FILE__, __LINE__, "cannot open %s (run the tests from the repository root)", path), NULL;
    static uint8_t buf[1 << 16];
    *n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    uint8_t *copy = malloc(*n);
    memcpy(copy, buf, *n);
    return copy;
}

/* every element equals fixture_value of its C index, bit for bit (so -0 and NaN count) */
static void check_values(const char *name, const wt_tensor *t) {
    int64_t n = wt_tensor_size(t), idx[WT_MAX_DIMS] = {0};
    int dt = wt_tensor_dtype(t);
    for (int64_t i = 0; i < n; i++) {
        bool exact_int = dt != WT_BOOL && !wt_dtype_is_inexact(dt);
        if (wt_dtype_is_complex(dt)) { /* both parts, bit for bit */
            wt_c128 got, want = fixture_complex(dt, i);
            wt_cast_one(dt, t_elem(t, idx), WT_COMPLEX128, &got);
            if (dt == WT_COMPLEX64) want.re = (float)want.re;
            if (memcmp(&got.im, &want.im, 8) || (memcmp(&got.re, &want.re, 8) && !(isnan(got.re) && isnan(want.re)))) {
                wt_t_fail(__FILE__, __LINE__, "%s: element %lld is %g%+gj, NumPy wrote %g%+gj", name, (long long)i,
                          got.re, got.im, want.re, want.im);
                return;
            }
        } else if (exact_int) { /* integers: exactly, at any width */
            int64_t at = wt_tensor_offset(t), got;
            for (int k = 0; k < wt_tensor_ndim(t); k++) at += idx[k] * wt_tensor_strides(t)[k];
            memcpy(&got, (char *)wt_tensor_data(t) + at * (int64_t)wt_dtype_size(dt), sizeof got);
            got = wt_dtype_size(dt) == 8 ? got : fixture_int(dt, i); /* narrower ones: wt_tensor_get below */
            if (got != fixture_int(dt, i)) {
                wt_t_fail(__FILE__, __LINE__, "%s: element %lld is %lld, NumPy wrote %lld", name, (long long)i,
                          (long long)got, (long long)fixture_int(dt, i));
                return;
            }
        }
        double got, want = exact_int ? (double)fixture_int(dt, i) : fixture_value(dt, i);
        CHECK_OK(wt_tensor_get(t, idx, &got));
        if ((wt_dtype_size(dt) == 8 && dt != WT_FLOAT64) || wt_dtype_is_complex(dt)) got = want; /* checked above */
        if (!(got == want && signbit(got) == signbit(want)) && !(isnan(got) && isnan(want))) {
            wt_t_fail(__FILE__, __LINE__, "%s: element %lld is %.17g, NumPy wrote %.17g", name, (long long)i, got,
                      want);
            return;
        }
        for (int k = wt_tensor_ndim(t) - 1; k >= 0; k--) {
            if (++idx[k] < wt_tensor_shape(t)[k]) break;
            idx[k] = 0;
        }
    }
}

void test_npy_fixtures(void) {
    static const char *const dts[WT_NDTYPES] = {"bool",   "int8",    "uint8",     "int16",     "uint16",
                                                "int32",  "uint32",  "float32",   "float64",   "int64",
                                                "uint64", "float16", "complex64", "complex128"};
    static const char *const kinds[3] = {"c", "f", "be"};
    int64_t s234[3] = {2, 3, 4};
    for (int dt = 0; dt < WT_NDTYPES; dt++)
        for (int k = 0; k < 3; k++) {
            char name[64];
            size_t n, wn;
            snprintf(name, sizeof name, "%s_%s", dts[dt], kinds[k]);
            uint8_t *b = slurp(name, &n);
            wt_tensor *t = NULL;
            if (!b) continue;
            CHECK_OK(wt_npy_read(b, n, &t));
            if (!t) {
                free(b);
                continue;
            }
            CHECK_EQ(wt_tensor_dtype(t), dt);
            /* Fortran order: a view with Fortran strides over the file's data order */
            static const int64_t c_strides[3] = {12, 4, 1}, f_strides[3] = {1, 2, 6};
            CHECK_DESC(t, 3, s234, k == 1 ? f_strides : c_strides, 0);
            check_values(name, t);
            /* written back: NumPy's bytes (big-endian files come back little-endian, as the _c file) */
            uint8_t *w = malloc(n + 64);
            CHECK_ERR(wt_npy_write(t, NULL, 0, &wn), WT_EINVAL, "too small");
            CHECK_OK(wt_npy_write(t, w, n + 64, &wn));
            size_t ln = n;
            uint8_t *like = k == 2 ? slurp((snprintf(name, sizeof name, "%s_c", dts[dt]), name), &ln) : b;
            if (wn != ln || memcmp(w, like, ln))
                wt_t_fail(__FILE__, __LINE__, "%s: written bytes differ from NumPy's", name);
            if (like != b) free(like);
            free(w);
            free(b);
            wt_tensor_free(t);
        }
    /* versions 2.0 and 3.0, 0-d, empty, 1-d */
    static const struct {
        const char *name;
        int dtype, ndim;
        int64_t shape[2];
        bool identical;
    } more[] = {
        {"float32_v2", WT_FLOAT32, 2, {3, 5}, false}, {"int16_v3", WT_INT16, 2, {4, 3}, false},
        {"float64_0d", WT_FLOAT64, 0, {0}, true},     {"float32_empty", WT_FLOAT32, 2, {0, 3}, true},
        {"uint8_1d", WT_UINT8, 1, {7}, true},         {"float64_f_2d", WT_FLOAT64, 2, {5, 6}, true},
    };
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
        size_t n, wn;
        uint8_t *b = slurp(more[i].name, &n), w[1024];
        wt_tensor *t = NULL, *back = NULL;
        if (!b) continue;
        CHECK_OK(wt_npy_read(b, n, &t));
        if (!t) {
            free(b);
            continue;
        }
        CHECK_EQ(wt_tensor_dtype(t), more[i].dtype);
        CHECK_EQ(wt_tensor_ndim(t), more[i].ndim);
        for (int d = 0; d < more[i].ndim; d++) CHECK_EQ(wt_tensor_shape(t)[d], more[i].shape[d]);
        check_values(more[i].name, t);
        CHECK_OK(wt_npy_write(t, w, sizeof w, &wn));
        if (more[i].identical && (wn != n || memcmp(w, b, n)))
            wt_t_fail(__FILE__, __LINE__, "%s: written bytes differ from NumPy's", more[i].name);
        CHECK_OK(wt_npy_read(w, wn, &back)); /* 2.0/3.0 files come back as 1.0, same values */
        if (back) check_values(more[i].name, back);
        wt_tensor_free(back);
        wt_tensor_free(t);
        free(b);
    }
}

void test_npy_views_and_errors(void) {
    /* a strided view is written in C order; a transposed one in Fortran order */
    int64_t s[2] = {3, 4};
    wt_tensor *a = t_arange(WT_INT32, 2, s), *v = NULL, *tr = NULL, *r = NULL;
    uint8_t buf[512];
    size_t n;
    CHECK_OK(wt_view_slice(a, "::-1, 1::2", &v));
    CHECK_OK(wt_npy_write(v, buf, sizeof buf, &n));
    CHECK(strstr((char *)buf + 10, "'fortran_order': False, 'shape': (3, 2), }") != NULL);
    CHECK_OK(wt_npy_read(buf, n, &r));
    CHECK(t_equals(r, (double[]){9, 11, 5, 7, 1, 3}));
    wt_tensor_free(r);
    CHECK_OK(wt_view_permute(a, 0, NULL, &tr));
    CHECK_OK(wt_npy_write(tr, buf, sizeof buf, &n));
    CHECK(strstr((char *)buf + 10, "'fortran_order': True, 'shape': (4, 3), }") != NULL);
    CHECK_EQ((n - 48) % 64, 0); /* header padded to 64 bytes, then 12 int32 */
    CHECK_OK(wt_npy_read(buf, n, &r));
    CHECK_DESC(r, 2, ((int64_t[]){4, 3}), ((int64_t[]){1, 4}), 0); /* read back as a Fortran-strided view */
    CHECK(t_equals(r, (double[]){0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
    wt_tensor_free(r);
    CHECK_ERR(wt_npy_write(a, buf, 10, &n), WT_EINVAL, "buffer of 10 bytes is too small: the .npy needs 176");
    /* found by fuzzing: an empty Fortran-order file is written back in C order, as numpy.save does */
    static const char empty_f[] =
        "\x93NUMPY\x01\x00\x3b\x00{'descr': '<f8', 'fortran_order': True, 'shape': (0, 6), }\n";
    CHECK_OK(wt_npy_read(empty_f, sizeof empty_f - 1, &r));
    CHECK_OK(wt_npy_write(r, buf, sizeof buf, &n));
    CHECK(strstr((char *)buf + 10, "'fortran_order': False, 'shape': (0, 6), }") != NULL);
    wt_tensor_free(r);
    CHECK_ERR(wt_npy_write(NULL, buf, 10, &n), WT_EINVAL, "tensor is NULL");
    n = 12345;
    CHECK_ERR(wt_npy_write(a, NULL, 10, &n), WT_EINVAL, "buf is NULL");
    CHECK_EQ(n, 0); /* not a size to retry with */
    wt_tensor_free(tr);
    wt_tensor_free(v);
    wt_tensor_free(a);

    /* malformed files: each a clear error, nothing allocated */
    static const struct {
        const char *header;
        wt_status status;
        const char *msg;
    } bad[] = {
        {"{'descr': '<f16', 'fortran_order': False, 'shape': (1,), }", WT_EDTYPE, "'<f16' (float128) is not supported"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': 1}", WT_ESYNTAX, "unexpected key 'x'"},
        {"{'descr': '<f4', 'fortran_order': False}", WT_ESYNTAX, "key 'shape' is missing"},
        {"{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", WT_ESYNTAX, "appears twice"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2), }", WT_ESYNTAX, "shape (2) is not a tuple"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }", WT_ESYNTAX, "non-negative integer dimension"},
        {"{'descr': '<f4', 'fortran_order': false, 'shape': (2,), }", WT_ESYNTAX, "True or False"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }", WT_ESHAPE, "overflows int64"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296), }", WT_ENOMEM,
         "has more than 2^63 elements"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (1000000,), }", WT_ESHAPE,
         "needs 4000000 bytes of data, the file has 8"},
        {"{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904,), }", WT_ESHAPE,
         "needs more than 2^63 bytes of data, the file has 8"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2,), } x", WT_ESYNTAX, "the end of the header"},
        {"{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }", WT_ESYNTAX, "a quoted string"},
        {"{'descr': 'f4', 'fortran_order': False, 'shape': (2,), }", WT_EDTYPE, "not a simple dtype"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1), }", WT_ESHAPE,
         "more than 16"},
        {"", WT_ESYNTAX, "'{' starting the header dict"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint8_t f[512] = "\x93NUMPY\x01\x00";
        size_t h = strlen(bad[i].header) + 1;
        f[8] = (uint8_t)h, f[9] = 0;
        memcpy(f + 10, bad[i].header, h - 1);
        f[10 + h - 1] = '\n';
        memset(f + 10 + h, 0, 8); /* 8 data bytes */
        int64_t t0 = wt_memory_tensors();
        wt_tensor *t = NULL;
        CHECK_ERR(wt_npy_read(f, 10 + h + 8, &t), bad[i].status, bad[i].msg);
        CHECK(t == NULL && wt_memory_tensors() == t0);
    }
    wt_tensor *t = NULL;
    CHECK_ERR(wt_npy_read("PK\x03\x04", 4, &t), WT_ESYNTAX, "not a .npy file (4 bytes");
    CHECK_ERR(wt_npy_read("\x93NUMPY\x04\x00\x10\x00", 10, &t), WT_ESYNTAX, "format version 4.0");
    CHECK_ERR(wt_npy_read("\x93NUMPY\x01\x00\x10\x00{}", 12, &t), WT_ESYNTAX,
              "header of 16 bytes runs past the end of the 12-byte file");
    CHECK_ERR(wt_npy_read("\x93NUMPY\x02\x00\xff\xff\xff\x7f", 12, &t), WT_ESYNTAX, "exceeds the limit of 10000");
    CHECK_ERR(wt_npy_read("\x93NUMPY\x01\x00\x02\x00{}", 12, &t), WT_ESYNTAX, "does not end with a newline");
    CHECK_ERR(wt_npy_read(NULL, 5, &t), WT_EINVAL, "bytes is NULL");
    CHECK(t == NULL);
}

/* ---- TensorProto ------------------------------------------------------------ */

static wt_tensor *proto(const uint8_t *b, size_t n) {
    wt_tensor *t = NULL;
    CHECK_OK(wt_proto_read(b, n, &t));
    return t;
}

void test_proto_wire(void) {
    /* float32 [1.0, 2.0] shape (2,), by hand: dtype=1; shape{dim{size 2}}; tensor_content */
    static const uint8_t content[] = {0x08, 0x01, 0x12, 0x04, 0x12, 0x02, 0x08, 0x02, 0x22,
                                      0x08, 0,    0,    0x80, 0x3f, 0,    0,    0,    0x40};
    /* the same values as a packed float_val (field 5) */
    static const uint8_t fields[] = {0x08, 0x01, 0x12, 0x04, 0x12, 0x02, 0x08, 0x02, 0x2a,
                                     0x08, 0,    0,    0x80, 0x3f, 0,    0,    0,    0x40};
    uint8_t buf[256];
    size_t n;
    wt_tensor *t = proto(content, sizeof content);
    CHECK(t && t_equals(t, (double[]){1, 2}));
    CHECK_OK(wt_proto_write(t, WT_PROTO_CONTENT, buf, sizeof buf, &n));
    CHECK(n == sizeof content && !memcmp(buf, content, n));
    CHECK_OK(wt_proto_write(t, WT_PROTO_FIELDS, buf, sizeof buf, &n));
    CHECK(n == sizeof fields && !memcmp(buf, fields, n));
    CHECK_ERR(wt_proto_write(t, WT_PROTO_FIELDS, buf, 5, &n), WT_EINVAL,
              "buffer of 5 bytes is too small: the TensorProto needs 18");
    n = 12345;
    CHECK_ERR(wt_proto_write(t, 7, buf, sizeof buf, &n), WT_EINVAL, "form 7");
    CHECK_EQ(n, 0); /* not a size to retry with */
    wt_tensor_free(t);
    t = proto(fields, sizeof fields);
    CHECK(t && t_equals(t, (double[]){1, 2}));
    wt_tensor_free(t);

    /* int32 shape (2,3) with int_val [-1] (a 10-byte varint): the last value repeats */
    static const uint8_t repeat[] = {0x08, 0x03, 0x12, 0x08, 0x12, 0x02, 0x08, 0x02, 0x12, 0x02, 0x08, 0x03,
                                     0x3a, 0x0a, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01};
    t = proto(repeat, sizeof repeat);
    CHECK(t && t_equals(t, (double[]){-1, -1, -1, -1, -1, -1}));
    wt_tensor_free(t);
    /* uint8 (3,) with unpacked int_val 7, 300 (wraps to 44), then packed [5]; unknown fields 3, 99 skipped */
    static const uint8_t mixed[] = {0x18, 0x05, 0x08, 0x04, 0x12, 0x04, 0x12, 0x02, 0x08, 0x03, 0x38,
                                    0x07, 0x38, 0xac, 0x02, 0x9a, 0x06, 0x01, 0x00, 0x3a, 0x01, 0x05};
    t = proto(mixed, sizeof mixed);
    CHECK(t && t_equals(t, (double[]){7, 44, 5}));
    wt_tensor_free(t);
    /* bool (4,) with no values: zeros; the shape message given in two parts merges */
    static const uint8_t zeros[] = {0x08, 0x0a, 0x12, 0x04, 0x12, 0x02, 0x08, 0x02, 0x12, 0x04, 0x12, 0x02, 0x08, 0x02};
    t = proto(zeros, sizeof zeros);
    CHECK(t && wt_tensor_ndim(t) == 2 && t_equals(t, (double[]){0, 0, 0, 0}));
    wt_tensor_free(t);

    /* round trips in every dtype and both forms, through a strided view */
    int64_t s[2] = {3, 5};
    for (int dt = 0; dt < WT_NDTYPES; dt++)
        for (int form = 0; form < 2; form++) {
            wt_tensor *a = t_layout(dt, 2, s, 3), *b = NULL;
            CHECK_OK(wt_proto_write(a, form, buf, sizeof buf, &n));
            CHECK_OK(wt_proto_read(buf, n, &b));
            wt_tensor *eq = NULL;
            if (b) CHECK_OK(wt_binary(WT_OP_EQUAL, a, b, &eq));
            wt_tensor *all = NULL;
            if (eq) CHECK_OK(wt_reduce(WT_REDUCE_ALL, eq, -1, NULL, 0, NULL, &all));
            double ok = 0;
            if (all) wt_tensor_get(all, NULL, &ok);
            /* NaN != NaN: compare floats through their bytes instead */
            if (!ok && dt >= WT_FLOAT32) {
                wt_tensor *ca = NULL;
                CHECK_OK(wt_copy(a, &ca));
                ok = ca && b && !memcmp(wt_tensor_data(ca), wt_tensor_data(b), wt_tensor_nbytes(b));
                wt_tensor_free(ca);
            }
            if (!ok) wt_t_fail(__FILE__, __LINE__, "TensorProto round trip of %s, form %d", wt_dtype_name(dt), form);
            wt_tensor_free(all), wt_tensor_free(eq), wt_tensor_free(b), wt_tensor_free(a);
        }
}

void test_proto_errors(void) {
    static const struct {
        uint8_t b[32];
        size_t n;
        wt_status status;
        const char *msg;
    } bad[] = {
        {{0x08, 0x07}, 2, WT_EDTYPE, "dtype 7 (DT_STRING) is not supported"},
        {{0x08, 0x0e}, 2, WT_EDTYPE, "dtype 14 (DT_BFLOAT16)"},
        {{0x12, 0x02, 0x18, 0x01, 0x08, 0x01}, 6, WT_ESHAPE, "unknown rank"},
        {{0x08, 0x01, 0x12, 0x05, 0x12}, 5, WT_ESYNTAX, "a length-delimited field at byte 4 runs past the end"},
        {{0x08, 0x01, 0x12, 0x0d, 0x12, 0x0b, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01},
         17,
         WT_ESHAPE,
         "dimension 0 has size -1"},
        {{0x08, 0x01, 0x12, 0x04, 0x12, 0x02, 0x08, 0x02, 0x22, 0x04, 0, 0, 0, 0},
         14,
         WT_ESHAPE,
         "tensor_content has 4 bytes, shape (2,) of float32 needs 8"},
        {{0x08, 0x03, 0x12, 0x04, 0x12, 0x02, 0x08, 0x01, 0x3a, 0x02, 0x01, 0x02},
         12,
         WT_ESHAPE,
         "more than 1 values for 1 elements"},
        /* float64 of shape (2^62,): its byte count overflows */
        {{0x08, 0x02, 0x12, 0x0c, 0x12, 0x0a, 0x08, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40, 0x22, 0x01,
          0x00},
         19,
         WT_ESHAPE,
         "tensor_content has 1 bytes, shape (4611686018427387904,) of float64 needs more than 2^63"},
        {{0x08, 0x01, 0x12, 0x04, 0x12, 0x02, 0x08, 0x01, 0x2a, 0x03, 0, 0, 0},
         13,
         WT_ESYNTAX,
         "holds 3 bytes, not a multiple of 4"},
        {{0x08, 0x01, 0x2d, 0, 0}, 5, WT_ESYNTAX, "fixed-width value"},
        {{0x08}, 1, WT_ESYNTAX, "a varint at byte 1 runs past the end"},
        {{0x0b, 0x0c}, 2, WT_ESYNTAX, "wire type 3"},
        {{0x00, 0x01}, 2, WT_ESYNTAX, "field number 0"},
        {{0x08, 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01},
         12,
         WT_ESYNTAX,
         "longer than 64 bits"},
        {{0x08, 0x01, 0x28, 0x01}, 4, WT_ESYNTAX, "field 5 has wire type 0"},
        /* complex64 of shape (2,) with 3 parts in scomplex_val */
        {{0x08, 0x08, 0x12, 0x04, 0x12, 0x02, 0x08, 0x02, 0x4a, 0x0c},
         22,
         WT_ESYNTAX,
         "field 9 holds 3 values, not (re, im) pairs"},
        /* complex64 of shape (2^62,) with one value: its count of parts overflows (found by fuzzing) */
        {{0x08, 0x08, 0x12, 0x0c, 0x12, 0x0a, 0x08, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40, 0x4a, 0x08},
         26,
         WT_ENOMEM,
         ""},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        wt_tensor *t = NULL;
        int64_t t0 = wt_memory_tensors();
        CHECK_ERR(wt_proto_read(bad[i].b, bad[i].n, &t), bad[i].status, bad[i].msg);
        CHECK(t == NULL && wt_memory_tensors() == t0);
    }
    wt_tensor *t = NULL;
    CHECK_ERR(wt_proto_read(NULL, 3, &t), WT_EINVAL, "bytes is NULL");
    /* found by fuzzing: 14 bytes declaring 4096x4096 float32 zeros; as on a small machine, out of memory */
    static const uint8_t bomb[] = {0x08, 0x01, 0x12, 0x0a, 0x12, 0x03, 0x08, 0x80, 0x20, 0x12, 0x03, 0x08, 0x80, 0x20};
    wt_tensor_debug_alloc_limit(1 << 20);
    CHECK_ERR(wt_proto_read(bomb, sizeof bomb, &t), WT_ENOMEM,
              "out of memory allocating 67108864 bytes for a float32 tensor of shape (4096,4096)");
    wt_tensor_debug_alloc_limit(0);
    CHECK(t == NULL);
    CHECK_ERR(wt_proto_read("", 0, &t), WT_EDTYPE, "dtype 0 (DT_INVALID)");
}

/* loadtxt/genfromtxt and savetxt in C: layout, values, leniency, errors */
void test_text(void) {
    const char *txt = "# header\n1, 2.5, -3\n\n4, nan, 6 # note\n";
    wt_tensor *t = NULL, *u = NULL;
    CHECK_OK(wt_text_read(txt, strlen(txt), ',', "#\0", 0, -1, 0, NULL, WT_FLOAT64, 0, 0, &t));
    CHECK(wt_tensor_shape(t)[0] == 2 && wt_tensor_shape(t)[1] == 3);
    CHECK(t_equals(t, (double[]){1, 2.5, -3, 4, NAN, 6}));
    int cols[2] = {-1, 0};
    CHECK_OK(wt_text_read(txt, strlen(txt), ',', "#\0", 0, 1, 2, cols, WT_INT16, 1, -7, &u)); /* 2.5: not an int16 */
    CHECK(t_equals(u, (double[]){-3, 1}));
    wt_tensor_free(u);
    u = NULL;
    CHECK_ERR(wt_text_read(txt, strlen(txt), ',', "#\0", 0, -1, 0, NULL, WT_INT32, 0, 0, &u), WT_EINVAL,
              "'2.5' to int32 at line 2, column 2");
    CHECK_ERR(wt_text_read("1 2\n3\n", 6, -1, NULL, 0, -1, 0, NULL, WT_FLOAT64, 1, 0, &u), WT_ESHAPE,
              "from 2 to 1 at line 2");
    CHECK_ERR(wt_text_read("1 2\n", 4, '\n', NULL, 0, -1, 0, NULL, WT_FLOAT64, 0, 0, &u), WT_EINVAL, "delimiter 10");
    CHECK_ERR(wt_text_read("300\n", 4, -1, NULL, 0, -1, 0, NULL, WT_INT8, 0, 0, &u), WT_EINVAL, "'300' to int8");
    CHECK(u == NULL);
    char buf[256];
    size_t n = 0;
    CHECK_ERR(wt_text_write(t, "%.3f", ";", "\n", "a\nb", "end", "# ", NULL, 0, &n), WT_EINVAL, "too small");
    CHECK_OK(wt_text_write(t, "%.3f", ";", "\n", "a\nb", "end", "# ", buf, sizeof buf, &n));
    const char *want = "# a\n# b\n1.000;2.500;-3.000\n4.000;nan;6.000\n# end\n";
    CHECK(n == strlen(want) && !memcmp(buf, want, n));
    CHECK_ERR(wt_text_write(t, "%d %d", ",", "\n", NULL, NULL, "# ", buf, sizeof buf, &n), WT_EINVAL,
              "wrong number of % formats");
    CHECK_ERR(wt_text_write(t, "%ld", ",", "\n", NULL, NULL, "# ", buf, sizeof buf, &n), WT_EINVAL, "not a conversion");
    CHECK_ERR(wt_text_write(t, "%d", ",", "\n", NULL, NULL, "# ", buf, sizeof buf, &n), WT_EINVAL,
              "cannot convert float nan to integer");
    wt_tensor_free(t);
}
