/* test_vmath.c — the float32 SIMD math functions against float64 libm:
** the error in ulps of the correctly rounded result stays within each
** function's documented bound over millions of arguments and the specials. */
#include "wt_test.h"
#include "ops.h"
#include <stdlib.h>

/* distance in ulps between float got and the exact value want (a double) */
static double ulp_error(float got, double want) {
    if (isnan(want)) return isnan(got) ? 0 : INFINITY;
    if (isinf(want)) return got == (float)want ? 0 : INFINITY;
    float w = (float)want;
    if (isinf(w)) return isinf(got) && (got > 0) == (w > 0) ? 0 : INFINITY; /* overflows to inf */
    int e;
    frexp(want, &e);
    double ulp = ldexp(1.0, (e - 24 < -149 ? -149 : e - 24));
    return fabs((double)got - want) / ulp;
}

static double sigmoid_ref(double x) { return 1 / (1 + exp(-x)); }

typedef struct {
    int op;
    const char *name;
    double (*ref)(double);
    double lo, hi, bound;
} vm_case;

static float random_in(double lo, double hi) {
    /* half uniform in value, half uniform in magnitude (log scale), both signs */
    double u = t_rand() / 4294967296.0;
    if (t_rand() & 1) return (float)(lo + (hi - lo) * u);
    double m = fmax(fabs(lo), fabs(hi));
    double v = m * pow(2.0, -40.0 * u);
    v = (t_rand() & 1) ? v : -v;
    return (float)fmin(fmax(v, lo), hi);
}

static void check_fn(const vm_case *c, int samples) {
    static float in[4096], out[4096];
    const float specials[] = {0.0f,    -0.0f,       1.0f,        -1.0f,   0.5f,     -0.5f, 1e-30f,   -1e-30f,
                              1e-45f,  3.14159274f, 1.57079637f, 88.0f,   88.72f,   89.0f, -87.0f,   -103.0f,
                              -104.0f, 100.0f,      -100.0f,     8192.0f, 10000.0f, 1e10f, INFINITY, -INFINITY,
                              NAN,     0x1p-126f,   0x1p-149f,   0.625f,  -0.625f,  9.0f,  0.4999f};
    wt_kernel k = wt_kernels_get(c->op, WT_FLOAT32);
    const int64_t s[2] = {4, 4};
    double worst = 0;
    float worst_x = 0;
    for (int done = 0; done < samples; done += 4096) {
        int n = 4096;
        for (int i = 0; i < n; i++) in[i] = random_in(c->lo, c->hi);
        if (done == 0) memcpy(in, specials, sizeof specials);
        char *p[2] = {(char *)out, (char *)in};
        k(p, s, n);
        for (int i = 0; i < n; i++) {
            double e = ulp_error(out[i], c->ref((double)in[i]));
            if (e > worst) worst = e, worst_x = in[i];
        }
    }
    printf("  %-8s max error %.2f ulp (at %.9g)\n", c->name, worst, (double)worst_x);
    if (!(worst <= c->bound))
        wt_t_fail(__FILE__, __LINE__, "%s: %.2f ulp at x = %.9g exceeds the bound %.1f", c->name, worst,
                  (double)worst_x, c->bound);
}

void test_vmath_accuracy(void) {
    const vm_case cases[] = {
        {WT_OP_EXP, "exp", exp, -110, 90, 2},
        {WT_OP_EXPM1, "expm1", expm1, -30, 90, 2},
        {WT_OP_LOG, "log", log, 0, 3.4e38, 2},
        {WT_OP_LOG1P, "log1p", log1p, -1, 1e30, 2},
        {WT_OP_LOG2, "log2", log2, 0, 3.4e38, 2},
        {WT_OP_LOG10, "log10", log10, 0, 3.4e38, 2},
        {WT_OP_SIN, "sin", sin, -70000, 70000, 2},
        {WT_OP_COS, "cos", cos, -70000, 70000, 2},
        {WT_OP_TAN, "tan", tan, -70000, 70000, 3},
        {WT_OP_TANH, "tanh", tanh, -20, 20, 2},
        {WT_OP_SIGMOID, "sigmoid", sigmoid_ref, -120, 120, 2.5},
        {WT_OP_ARCSIN, "arcsin", asin, -1.5, 1.5, 2},
        {WT_OP_ARCCOS, "arccos", acos, -1.5, 1.5, 2},
        {WT_OP_ARCTAN, "arctan", atan, -1e30, 1e30, 2},
        {WT_OP_ARCSINH, "arcsinh", asinh, -3.4e38, 3.4e38, 2},
        {WT_OP_ARCCOSH, "arccosh", acosh, 0, 3.4e38, 2},
        {WT_OP_ARCTANH, "arctanh", atanh, -1.5, 1.5, 2},
        {WT_OP_SINH, "sinh", sinh, -95, 95, 2},
        {WT_OP_COSH, "cosh", cosh, -95, 95, 2},
        {WT_OP_EXP2, "exp2", exp2, -160, 130, 2},
        {WT_OP_CBRT, "cbrt", cbrt, -3.4e38, 3.4e38, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) check_fn(&cases[i], 1 << 20);
}

/* ---- functions of two arguments ------------------------------------------------
** Pairs drawn independently, pairs close to each other (atan2 near the diagonal,
** logaddexp's equal arguments) and, for logaddexp, pairs whose result is near zero,
** where max + log1p(e^-|x - y|) cancels; every pair of specials first. */

/* logaddexp's references in long double (x87's 64-bit or quad significands): where the
** sum cancels, float64 arithmetic is too coarse to judge a float result by */
#define LN2L 0.693147180559945309417232121458176568L
static double logaddexp_ref(double x, double y) { /* NumPy's formula */
    if (x == y) return x + M_LN2;
    long double t = (long double)x - y;
    return (double)(t > 0 ? x + log1pl(expl(-t)) : t <= 0 ? y + log1pl(expl(t)) : t);
}
static double logaddexp2_ref(double x, double y) {
    if (x == y) return x + 1;
    long double t = (long double)x - y;
    return (double)(t > 0 ? x + log1pl(exp2l(-t)) / LN2L : t <= 0 ? y + log1pl(exp2l(t)) / LN2L : t);
}

typedef struct {
    int op;
    const char *name;
    double (*ref)(double, double);
    double lo, hi, bound;
    double (*base)(double); /* logaddexp: log(1 + b^d), to aim results at zero */
    double slack;           /* absolute error allowed beside the bound, times max(|x|, |y|) */
} vm2_case;

static double softplus_e(double d) { return log1p(exp(d)); }
static double softplus_2(double d) { return log1p(exp2(d)) / M_LN2; }

static void draw_pair(const vm2_case *c, float *x, float *y) {
    uint32_t kind = t_rand() % 4;
    *x = random_in(c->lo, c->hi);
    if (kind < 2)
        *y = random_in(c->lo, c->hi);
    else if (kind == 2 || !c->base) /* close to x: a relative step of up to 2^-10 */
        *y = (float)(*x * (1 + ldexp((double)(int32_t)t_rand(), -41)));
    else { /* y - x = d < 0, max = x = -log(1 + b^d) (1 + tiny): the sum is near zero */
        double d = -40.0 * (t_rand() / 4294967296.0);
        *x = (float)(-c->base(d) * (1 + ldexp((double)(int32_t)t_rand(), -60)));
        *y = (float)(*x + d);
    }
}

static void check_fn2(const vm2_case *c, int samples) {
    static float in1[4096], in2[4096], out[4096];
    const float sp[] = {0.0f,    -0.0f, 1.0f,   -1.0f,    2.5f,      -2.5f, 1e-40f,
                        -1e-40f, 3e38f, -3e38f, INFINITY, -INFINITY, NAN};
    enum { NS = sizeof sp / sizeof sp[0] };
    wt_kernel k = wt_kernels_get(c->op, WT_FLOAT32);
    double worst = 0;
    float wx = 0, wy = 0;
    for (int done = 0; done < samples; done += 4096) {
        for (int i = 0; i < 4096; i++) draw_pair(c, &in1[i], &in2[i]);
        if (done == 0)
            for (int i = 0; i < NS * NS; i++) in1[i] = sp[i / NS], in2[i] = sp[i % NS];
        char *p[3] = {(char *)out, (char *)in1, (char *)in2};
        k(p, (const int64_t[]){4, 4, 4}, 4096);
        for (int i = 0; i < 4096; i++) {
            double want = (double)c->ref(in1[i], in2[i]);
            double got = out[i], big = fmax(fabs((double)in1[i]), fabs((double)in2[i]));
            if (c->slack > 0 && isfinite(got) && isfinite(want) && isfinite(big)) /* move got towards want */
                got = fabs(got - want) <= c->slack * big ? want : got - copysign(c->slack * big, got - want);
            double e = ulp_error((float)got, want);
            if (e > worst) worst = e, wx = in1[i], wy = in2[i];
        }
    }
    printf("  %-10s max error %.2f ulp (at %.9g, %.9g)\n", c->name, worst, (double)wx, (double)wy);
    if (!(worst <= c->bound))
        wt_t_fail(__FILE__, __LINE__, "%s: %.2f ulp at (%.9g, %.9g) exceeds the bound %.1f", c->name, worst, (double)wx,
                  (double)wy, c->bound);
}

void test_vmath_accuracy2(void) {
    const vm2_case cases[] = {
        {WT_OP_ARCTAN2, "arctan2", atan2, -1e30, 1e30, 1, NULL, 0},
        {WT_OP_HYPOT, "hypot", hypot, -3.4e38, 3.4e38, 1, NULL, 0},
        /* the correction is good to ~2^-50: thousands of ulps of a sum that cancels to 2^-40
        ** (NumPy's float32 loop is off by 2^-24 of the max there) */
        {WT_OP_LOGADDEXP, "logaddexp", logaddexp_ref, -200, 200, 1, softplus_e, 0x1p-50},
        {WT_OP_LOGADDEXP2, "logaddexp2", logaddexp2_ref, -200, 200, 1, softplus_2, 0x1p-50},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) check_fn2(&cases[i], 1 << 20);
}

/* a value's result never depends on its position or the layout */
void test_vmath_layout_independent(void) {
    static const int ops[] = {WT_OP_EXP,    WT_OP_LOG,    WT_OP_SIN,     WT_OP_TANH,    WT_OP_SIGMOID, WT_OP_ARCCOS,
                              WT_OP_ARCSIN, WT_OP_ARCTAN, WT_OP_ARCCOSH, WT_OP_ARCSINH, WT_OP_ARCTANH, WT_OP_COSH,
                              WT_OP_SINH,   WT_OP_LOG2,   WT_OP_LOG10,   WT_OP_EXP2,    WT_OP_CBRT};
    float in[37], a[37], b[74];
    for (int i = 0; i < 37; i++) in[i] = (float)(i - 18) * 0.37f + 0.01f;
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        wt_kernel k = wt_kernels_get(ops[o], WT_FLOAT32);
        char *p[2] = {(char *)a, (char *)in};
        k(p, (const int64_t[]){4, 4}, 37);
        char *q[2] = {(char *)b, (char *)in};
        k(q, (const int64_t[]){8, 4}, 37); /* strided output */
        for (int i = 0; i < 37; i++)
            if (memcmp(&a[i], &b[2 * i], 4) != 0) {
                wt_t_fail(__FILE__, __LINE__, "%s(%g) differs between layouts", wt_op_name(ops[o]), (double)in[i]);
                break;
            }
    }
}
