/* test_fft.c — wt_fft's kernels against the scalar DFT (every radix, the
** float kernels' gathered-pair passes, Bluestein, the real pre- and
** post-passes, in both precisions), its norms, layouts and padding, the
** plan cache, the twiddles' accuracy, and its refusals.  The comparisons
** with NumPy are tests/js/fft.test.mjs's. */
#include "fft.h"
#include "wt_test.h"
#include <complex.h>

typedef long double _Complex cl;

/* the references' long double is wider than double (not so where it is
** emulated as double, as under Valgrind: the bounds then widen by 2^12, so
** the tests still run every path and catch gross errors) */
static double slack(void) {
    volatile long double one = 1, tiny = 0x1p-60L;
    return one + tiny != one ? 1 : 4096;
}

/* the row's values of t (n elements, C order, any real or complex dtype) as complex long double */
static void values(const wt_tensor *t, int64_t first, int64_t n, cl *out) {
    for (int64_t i = 0; i < n; i++) {
        double v[2];
        wt_cast_one(t->d.dtype, (const char *)wt_first(t) + (first + i) * (int64_t)wt_dtype_size(t->d.dtype),
                    WT_COMPLEX128, v);
        out[i] = v[0] + I * (long double)v[1];
    }
}

/* sum_j x_j exp(sign 2 pi i jk / n), in long double */
static void dft(const cl *x, int64_t m, int64_t n, int sign, cl *y) {
    for (int64_t k = 0; k < n; k++) {
        cl s = 0;
        for (int64_t j = 0; j < m && j < n; j++) {
            long double a = 2 * 3.14159265358979323846264338327950288L * (long double)((j * k) % n) / (long double)n;
            s += x[j] * (cosl(a) + sign * I * sinl(a));
        }
        y[k] = s;
    }
}

/* RMS |got - want| / RMS |want| */
static double rms_rel(const cl *got, const cl *want, int64_t n) {
    long double e = 0, r = 0;
    for (int64_t i = 0; i < n; i++) {
        cl d = got[i] - want[i];
        e += creall(d) * creall(d) + cimagl(d) * cimagl(d);
        r += creall(want[i]) * creall(want[i]) + cimagl(want[i]) * cimagl(want[i]);
    }
    return r ? (double)sqrtl(e / r) : (double)sqrtl(e);
}

static wt_tensor *random_vec(int dt, int64_t n) {
    wt_tensor *t = NULL;
    CHECK_OK(wt_tensor_create(dt, 1, &n, false, &t));
    for (int64_t i = 0; i < n; i++) {
        double v[2] = {t_rand() / 2147483648.0 - 1, t_rand() / 2147483648.0 - 1};
        wt_cast_one(WT_COMPLEX128, v, dt, (char *)wt_first(t) + i * (int64_t)wt_dtype_size(dt));
    }
    return t;
}

/* op on a random length-len x (n points) against the DFT within c log2(n) eps */
static void check_one(int op, int flags, int dt, int64_t len, int64_t n) {
    bool single = dt == WT_FLOAT32 || dt == WT_COMPLEX64;
    double eps = single ? 0x1p-23 : 0x1p-52, tol = 1.0 * (n > 2 ? log2((double)n) : 1) * eps * slack();
    wt_tensor *x = random_vec(dt, len), *r = NULL;
    CHECK_OK(wt_fft(x, op, 0, n, WT_FFT_NORM_BACKWARD, flags | WT_FFT_N, NULL, &r));
    int64_t h = n / 2 + 1, nout = op == WT_FFT_R2C ? h : n;
    static cl xv[4096], want[4096], got[4096];
    values(x, 0, len, xv);
    int64_t m = len < (op == WT_FFT_C2R ? h : n) ? len : (op == WT_FFT_C2R ? h : n);
    if (op == WT_FFT_C2R) { /* the Hermitian spectrum in full, X_0's (and X_(n/2)'s) imaginary part dropped */
        for (int64_t k = m; k < h; k++) xv[k] = 0;
        xv[0] = creall(xv[0]);
        if (n % 2 == 0) xv[n / 2] = creall(xv[n / 2]);
        for (int64_t k = 1; k < h; k++) xv[n - k] = conjl(xv[k]);
        m = n;
    }
    dft(xv, m, n, op == WT_FFT_C2R || (flags & WT_FFT_INVERSE) ? 1 : -1, want);
    for (int64_t k = 0; (op == WT_FFT_C2R || (flags & WT_FFT_INVERSE)) && k < n; k++) want[k] /= n;
    CHECK_EQ(r->d.shape[0], nout);
    CHECK_EQ(r->d.dtype,
             op == WT_FFT_C2R ? (single ? WT_FLOAT32 : WT_FLOAT64) : (single ? WT_COMPLEX64 : WT_COMPLEX128));
    values(r, 0, nout, got);
    double e = rms_rel(got, want, nout);
    if (!(e <= tol))
        wt_t_fail(__FILE__, __LINE__, "op %d flags %d %s len %lld n %lld: RMS relative error %.3g > %.3g", op, flags,
                  wt_dtype_name(dt), (long long)len, (long long)n, e, tol);
    wt_tensor_free(x), wt_tensor_free(r);
}

void test_fft_kernels_match_dft(void) {
    t_rand_reset();
    /* every radix and their mixtures, the float kernels' pair passes (odd ido), Bluestein (67, 134, 1031) */
    static const int64_t ns[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,   10,  11,  12,  13,  14,  15,  16, 17,
                                 18, 20, 21, 24, 25, 27, 28, 30, 31,  32,  35,  36,  45,  49,  53,  59, 60,
                                 61, 63, 64, 67, 77, 96, 97, 99, 105, 121, 128, 134, 210, 243, 256, 343};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        int64_t n = ns[i];
        for (int p = 0; p < 2; p++) {
            int c = p ? WT_COMPLEX64 : WT_COMPLEX128, r = p ? WT_FLOAT32 : WT_FLOAT64;
            check_one(WT_FFT_C2C, 0, c, n, n);
            check_one(WT_FFT_C2C, WT_FFT_INVERSE, c, n, n);
            check_one(WT_FFT_R2C, 0, r, n, n);
            check_one(WT_FFT_C2R, 0, c, n / 2 + 1, n);
        }
    }
    /* padding and cropping */
    check_one(WT_FFT_C2C, 0, WT_COMPLEX128, 5, 12);
    check_one(WT_FFT_C2C, 0, WT_COMPLEX64, 40, 12);
    check_one(WT_FFT_R2C, 0, WT_FLOAT64, 3, 16);
    check_one(WT_FFT_C2R, 0, WT_COMPLEX128, 3, 16);
    check_one(WT_FFT_C2R, 0, WT_COMPLEX128, 20, 9);
}

/* the four-step transforms (float64 from 2^16) and a Bluestein one on a
** four-step length, checked at a few bins by direct sums */
void test_fft_long_bins(void) {
    t_rand_reset();
    static const struct {
        int dt;
        int64_t n;
    } cases[] = {{WT_COMPLEX128, 1 << 16}, {WT_COMPLEX128, 3 * 5 * 7 * 11 * 13 * 17}, {WT_COMPLEX128, 40009}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int64_t n = cases[c].n;
        wt_tensor *x = random_vec(cases[c].dt, n), *r = NULL;
        CHECK_OK(wt_fft(x, WT_FFT_C2C, 0, 0, WT_FFT_NORM_BACKWARD, 0, NULL, &r));
        double eps = cases[c].dt == WT_COMPLEX64 ? 0x1p-23 : 0x1p-52, worst = 0;
        static cl xv[1 << 18];
        values(x, 0, n, xv);
        for (int b = 0; b < 8; b++) {
            int64_t k = b < 4 ? b : (int64_t)(t_rand() % (uint32_t)n);
            cl want = 0, got, w = 1, step = 1;
            for (int64_t j = 0; j < n; j++, w *= step) {
                if (j % 256 == 0) { /* w = exp(-2 pi i jk / n), resynchronized */
                    long double a = -2 * 3.14159265358979323846264338327950288L / (long double)n;
                    w = cosl(a * (long double)((j * k) % n)) + I * sinl(a * (long double)((j * k) % n));
                    step = cosl(a * (long double)k) + I * sinl(a * (long double)k);
                }
                want += xv[j] * w;
            }
            values(r, k, 1, &got);
            double e = (double)(cabsl(got - want) / sqrtl((long double)n)); /* |x_j| ~ 1: |X_k| ~ sqrt(n) */
            if (e > worst) worst = e;
        }
        if (!(worst <= 4 * log2((double)n) * eps * slack()))
            wt_t_fail(__FILE__, __LINE__, "length %lld %s: bin error %.3g", (long long)n, wt_dtype_name(cases[c].dt),
                      worst);
        wt_tensor_free(x), wt_tensor_free(r);
    }
}

/* the norms, hfft's conjugation, a strided axis, and rows that equal the 1-D transform */
void test_fft_norms_layouts(void) {
    t_rand_reset();
    int64_t shape[3] = {3, 10, 4};
    for (int kind = 0; kind < 4; kind++) {
        wt_tensor *x = t_layout(WT_COMPLEX128, 3, shape, kind), *r = NULL, *o = NULL, *f = NULL;
        for (int64_t i = 0; i < 120; i++) { /* finite values in place of t_layout's specials */
            double v[2] = {t_rand() / 2147483648.0 - 1, t_rand() / 2147483648.0 - 1};
            memcpy(t_elem(x, (int64_t[]){i / 40, i / 4 % 10, i % 4}), v, 16);
        }
        CHECK_OK(wt_fft(x, WT_FFT_C2C, 1, 0, WT_FFT_NORM_BACKWARD, 0, NULL, &r));
        CHECK_OK(wt_fft(x, WT_FFT_C2C, -2, 0, WT_FFT_NORM_ORTHO, 0, NULL, &o));
        CHECK_OK(wt_fft(x, WT_FFT_C2C, 1, 0, WT_FFT_NORM_FORWARD, 0, NULL, &f));
        static cl row[10], want[10], got[10];
        for (int64_t a = 0; a < 3; a++)
            for (int64_t c = 0; c < 4; c++) {
                for (int64_t j = 0; j < 10; j++) {
                    double v[2];
                    wt_cast_one(WT_COMPLEX128, t_elem(x, (int64_t[]){a, j, c}), WT_COMPLEX128, v);
                    row[j] = v[0] + I * (long double)v[1];
                }
                dft(row, 10, 10, -1, want);
                for (int s = 0; s < 3; s++) {
                    const wt_tensor *t = s == 0 ? r : s == 1 ? o : f;
                    long double scale = s == 0 ? 1 : s == 1 ? 1 / sqrtl(10) : 0.1L;
                    for (int64_t j = 0; j < 10; j++) values(t, (a * 10 + j) * 4 + c, 1, got + j), got[j] /= scale;
                    CHECK(rms_rel(got, want, 10) < 1e-15);
                }
            }
        wt_tensor_free(x), wt_tensor_free(r), wt_tensor_free(o), wt_tensor_free(f);
    }
    /* ihfft's conjugation: conj(rfft(x)) / n */
    wt_tensor *x = random_vec(WT_FLOAT64, 9), *a = NULL, *b = NULL;
    CHECK_OK(wt_fft(x, WT_FFT_R2C, 0, 0, WT_FFT_NORM_FORWARD, 0, NULL, &a));
    CHECK_OK(wt_fft(x, WT_FFT_R2C, 0, 0, WT_FFT_NORM_BACKWARD, WT_FFT_CONJ, NULL, &b));
    static cl va[5], vb[5];
    values(a, 0, 5, va), values(b, 0, 5, vb);
    for (int k = 0; k < 5; k++) CHECK(cabsl(conjl(vb[k]) / 9 - va[k]) < 1e-15);
    wt_tensor_free(x), wt_tensor_free(a), wt_tensor_free(b);
}

/* more lengths than the cache holds, twice: the rebuilt plans give the same bits */
void test_fft_plan_cache(void) {
    t_rand_reset();
    wt_tensor *x = random_vec(WT_COMPLEX128, 300), *first[24] = {0};
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 24; i++) {
            wt_tensor *r = NULL;
            CHECK_OK(wt_fft(x, WT_FFT_C2C, 0, 100 + 7 * i, WT_FFT_NORM_BACKWARD, WT_FFT_N, NULL, &r));
            if (!round)
                first[i] = r;
            else {
                CHECK(!memcmp(wt_first(r), wt_first(first[i]), (size_t)(100 + 7 * i) * 16));
                wt_tensor_free(r), wt_tensor_free(first[i]);
            }
        }
    wt_tensor_free(x);
    wt_fft_plan_forget();
}

/* the twiddles: exp(2 pi i k / n) to an ulp or two, for any k */
void test_fft_unit_accuracy(void) {
    t_rand_reset();
    double worst = 0;
    for (int t = 0; t < 20000; t++) {
        int64_t n = 1 + t_rand() % 100000, k = (int64_t)(t_rand() % 300000) - 100000;
        double c, s;
        wt_fft_unit(k, n, &c, &s);
        long double a = 2 * 3.14159265358979323846264338327950288L * (long double)(((k % n) + n) % n) / (long double)n;
        double e = (double)fmaxl(fabsl(c - cosl(a)), fabsl(s - sinl(a)));
        if (e > worst) worst = e;
    }
    CHECK(worst <= 0x1p-52 * slack());
}

void test_fft_errors(void) {
    int64_t n4 = 4;
    wt_tensor *x = NULL, *z = NULL, *r = NULL, *out = NULL, *bad = NULL, *e = NULL, *s0 = NULL;
    CHECK_OK(wt_tensor_full(WT_FLOAT64, 1, &n4, 1, &x));
    CHECK_OK(wt_tensor_full(WT_COMPLEX64, 1, &n4, 1, &z));
    CHECK_OK(wt_tensor_full(WT_FLOAT64, 1, &n4, 7, &out));
    CHECK_OK(wt_tensor_full(WT_COMPLEX128, 1, (int64_t[]){3}, 7, &bad));
    CHECK_OK(wt_tensor_create(WT_FLOAT64, 1, (int64_t[]){0}, true, &e));
    CHECK_OK(wt_tensor_full(WT_FLOAT64, 0, NULL, 1, &s0));
    CHECK_ERR(wt_fft(NULL, WT_FFT_C2C, 0, 0, 0, 0, NULL, &r), WT_EINVAL, "fft");
    CHECK_ERR(wt_fft(x, 3, 0, 0, 0, 0, NULL, &r), WT_EINVAL, "unknown op 3");
    CHECK_ERR(wt_fft(x, WT_FFT_C2C, 0, 0, 3, 0, NULL, &r), WT_EINVAL, "unknown norm 3");
    CHECK_ERR(wt_fft(x, WT_FFT_C2C, 0, 0, 0, 8, NULL, &r), WT_EINVAL, "unknown flags 0x8");
    CHECK_ERR(wt_fft(x, WT_FFT_C2C, 1, 0, 0, 0, NULL, &r), WT_EINVAL, "axis 1 is out of bounds");
    CHECK_ERR(wt_fft(s0, WT_FFT_C2C, 0, 0, 0, 0, NULL, &r), WT_EINVAL, "dimension 0");
    CHECK_ERR(wt_fft(x, WT_FFT_C2C, 0, 0, 0, WT_FFT_N, NULL, &r), WT_EINVAL, "Invalid number of FFT data points (0)");
    CHECK_ERR(wt_fft(x, WT_FFT_C2C, 0, -5, 0, WT_FFT_N, NULL, &r), WT_EINVAL, "(-5)");
    CHECK_ERR(wt_fft(e, WT_FFT_C2C, 0, 0, 0, 0, NULL, &r), WT_EINVAL, "(0)");
    CHECK_OK(wt_fft(x, WT_FFT_C2R, 0, 0, 0, 0, NULL, &r)); /* n = 2 (4 - 1) = 6 */
    CHECK_EQ(r->d.shape[0], 6);
    CHECK_ERR(wt_fft(z, WT_FFT_R2C, 0, 0, 0, 0, NULL, &r), WT_EDTYPE, "complex64");
    CHECK_ERR(wt_fft(x, WT_FFT_C2C, 0, (int64_t)1 << 50, 0, WT_FFT_N, NULL, &r), WT_ENOMEM, "too many");
    CHECK_ERR(wt_fft(x, WT_FFT_C2C, 0, 0, 0, 0, NULL, NULL), WT_EINVAL, "NULL");
    /* a refused out is left as it was */
    CHECK_ERR(wt_fft(x, WT_FFT_C2C, 0, 0, 0, 0, out, NULL), WT_EDTYPE, "same_kind");
    CHECK_ERR(wt_fft(x, WT_FFT_C2C, 0, 0, 0, 0, bad, NULL), WT_ESHAPE, "out has shape (3,)");
    /* an empty batch needs no plan, however long its transform */
    wt_tensor *e2 = NULL, *r2 = NULL;
    CHECK_OK(wt_tensor_create(WT_FLOAT32, 2, (int64_t[]){0, 4}, true, &e2));
    CHECK_OK(wt_fft(e2, WT_FFT_C2C, 1, (int64_t)1 << 39, 0, WT_FFT_N, NULL, &r2));
    CHECK(r2 && r2->d.shape[0] == 0 && r2->d.shape[1] == (int64_t)1 << 39 && r2->d.dtype == WT_COMPLEX64);
    wt_tensor_free(e2), wt_tensor_free(r2);
    double sevens[4] = {7, 7, 7, 7};
    CHECK(t_equals(out, sevens));
    wt_tensor *all[] = {x, z, r, out, bad, e, s0};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) wt_tensor_free(all[i]);
}
