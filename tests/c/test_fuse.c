/* test_fuse.c — fused programs against the same instructions run one by one
** through wt_ewise (bit for bit), reductions against wt_reduce, in-place and
** aliased outs, errors that leave out untouched, and no temporary of the
** pass's size. */
#include "wt_test.h"
#include "ops.h"
#include <stdlib.h>

static bool same_bits(double a, double b) { return (a == b && signbit(a) == signbit(b)) || (isnan(a) && isnan(b)); }

/* every element of a and b (same shape) as doubles: bit-equal, or within tol */
static int compare(const wt_tensor *a, const wt_tensor *b, double tol) {
    int64_t n = wt_tensor_size(a), idx[WT_MAX_DIMS] = {0};
    int nd = wt_tensor_ndim(a);
    for (int64_t e = 0; e < n; e++) {
        double x, y;
        wt_tensor_get(a, idx, &x);
        wt_tensor_get(b, idx, &y);
        bool ok = tol > 0 ? (same_bits(x, y) || fabs(x - y) <= tol || (isnan(x) && isnan(y))) : same_bits(x, y);
        if (!ok) return (int)e + 1;
        for (int i = nd - 1; i >= 0 && ++idx[i] == wt_tensor_shape(a)[i]; i--) idx[i] = 0;
    }
    return 0;
}

#define NOPS_RANDOM 24
static const int RANDOM_OPS[NOPS_RANDOM] = {
    WT_OP_ADD,     WT_OP_SUB,     WT_OP_MUL,   WT_OP_DIV,   WT_OP_FLOOR_DIV,   WT_OP_MOD,
    WT_OP_MAXIMUM, WT_OP_MINIMUM, WT_OP_LESS,  WT_OP_EQUAL, WT_OP_LOGICAL_AND, WT_OP_NEG,
    WT_OP_ABS,     WT_OP_EXP,     WT_OP_LOG1P, WT_OP_SQRT,  WT_OP_SQUARE,      WT_OP_TANH,
    WT_OP_RELU,    WT_OP_FLOOR,   WT_OP_ISNAN, WT_OP_WHERE, WT_OP_CLIP,        WT_OP_FMA};
static const int DTS[5] = {WT_FLOAT32, WT_FLOAT64, WT_INT32, WT_UINT8, WT_BOOL};

void test_fuse_random_vs_ewise(void) {
    int checked = 0, reduced = 0;
    for (int trial = 0; trial < 400; trial++) {
        /* a base shape crossing block boundaries; leaves broadcast into it */
        int64_t base[3] = {1 + t_rand() % 3, 1 + t_rand() % 5, 1 + t_rand() % 700};
        int nleaf = 2 + (int)(t_rand() % 3);
        wt_tensor *leaf[5] = {0};
        double scal[5] = {0};
        for (int k = 0; k < nleaf; k++) {
            if (k == nleaf - 1 && t_rand() % 2) { /* a weak scalar leaf */
                scal[k] = (t_rand() % 2) ? 2.5 : 3;
                continue;
            }
            int64_t sh[3];
            for (int i = 0; i < 3; i++) sh[i] = t_rand() % 3 ? base[i] : 1;
            leaf[k] = t_layout(DTS[t_rand() % 5], 3, sh, (int)(t_rand() % 4));
        }
        if (!leaf[0] && !leaf[1]) continue;
        int ninstr = 1 + (int)(t_rand() % 6);
        int32_t code[4 * 8];
        wt_tensor *val[16] = {0}; /* eager values: leaves, then instruction results */
        for (int k = 0; k < nleaf; k++) val[k] = leaf[k];
        bool eager_ok = true;
        for (int i = 0; i < ninstr && eager_ok; i++) {
            /* one instruction in eight converts (astype) */
            int op = t_rand() % 8 ? RANDOM_OPS[t_rand() % NOPS_RANDOM] : WT_FUSE_CAST(DTS[t_rand() % 5]);
            code[4 * i] = op;
            const wt_tensor *in[3];
            double sv[3] = {0, 0, 0};
            for (int k = 0; k < 3; k++) {
                /* the previous value first, so programs are chains with side inputs */
                int v = (k == 0 && i > 0) ? nleaf + i - 1 : (int)(t_rand() % (unsigned)(nleaf + i));
                if (k == 0 && !val[v]) v = leaf[0] ? 0 : 1;
                code[4 * i + 1 + k] = v;
                in[k] = val[v];
                if (!val[v]) sv[k] = scal[v];
            }
            eager_ok = (op >= WT_NOPS ? wt_astype(in[0], op - WT_NOPS, &val[nleaf + i])
                                      : wt_ewise(op, wt_op_arity(op), in, sv, 1, 1, NULL, WT_REDUCE_NONE,
                                                 &val[nleaf + i])) == WT_OK;
        }
        wt_tensor *fused = NULL;
        wt_status st = wt_fuse(nleaf, (const wt_tensor *const *)leaf, scal, ninstr, code, NULL, WT_REDUCE_NONE, &fused);
        if (!eager_ok) { /* a dtype error: the fused program fails too, naming the instruction */
            if (st == WT_OK)
                wt_t_fail(__FILE__, __LINE__, "trial %d: eager failed but fuse succeeded", trial);
            else
                CHECK(strstr(wt_error_message(), "fuse: instruction") != NULL);
        } else if (st != WT_OK) {
            wt_t_fail(__FILE__, __LINE__, "trial %d: %s", trial, wt_error_message());
        } else {
            wt_tensor *e = NULL;
            CHECK_OK(wt_view_broadcast_to(val[nleaf + ninstr - 1], wt_tensor_ndim(fused), wt_tensor_shape(fused), &e));
            CHECK_EQ(wt_tensor_dtype(fused), wt_tensor_dtype(e));
            int bad = e ? compare(fused, e, 0) : 0;
            if (bad) wt_t_fail(__FILE__, __LINE__, "trial %d: element %d differs from wt_ewise", trial, bad - 1);
            checked++;
            /* the same program reduced over random axes into a keepdims out */
            int rops[6] = {WT_REDUCE_SUM, WT_REDUCE_MAX, WT_REDUCE_MIN, WT_REDUCE_MEAN, WT_REDUCE_ANY, WT_REDUCE_PROD};
            int rop = rops[t_rand() % 6];
            bool isf = wt_dtype_is_float(wt_tensor_dtype(e));
            if (rop == WT_REDUCE_PROD && isf) rop = WT_REDUCE_ALL;
            int axes[3], na = 0;
            for (int a = 0; a < 3; a++)
                if (t_rand() % 2) axes[na++] = a;
            wt_tensor *r_eager = NULL, *r_fused = NULL;
            if (wt_reduce(rop, e, na, axes, 1, NULL, &r_eager) == WT_OK) {
                CHECK_OK(wt_tensor_zeros(wt_tensor_dtype(r_eager), 3, wt_tensor_shape(r_eager), &r_fused));
                CHECK_OK(wt_fuse(nleaf, (const wt_tensor *const *)leaf, scal, ninstr, code, r_fused, rop, NULL));
                double tol = 0;
                if (isf || rop == WT_REDUCE_MEAN) { /* summation order differs: relative to the magnitudes */
                    wt_tensor *ab = NULL, *s = NULL;
                    CHECK_OK(wt_astype(e, WT_FLOAT64, &ab));
                    CHECK_OK(wt_ewise(WT_OP_ABS, 1, (const wt_tensor *const *)&ab, NULL, 1, 1, ab, 0, NULL));
                    CHECK_OK(wt_reduce(WT_REDUCE_MAX, ab, -1, NULL, 0, NULL, &s));
                    double m = 0;
                    wt_tensor_get(s, NULL, &m);
                    tol = isfinite(m) ? 1e-4 * (m + 1) * (double)wt_tensor_size(e) : INFINITY;
                    wt_tensor_free(ab);
                    wt_tensor_free(s);
                }
                bad = compare(r_fused, r_eager, tol);
                if (bad)
                    wt_t_fail(__FILE__, __LINE__, "trial %d: %s element %d differs from wt_reduce", trial,
                              wt_ops_reduce_name(rop), bad - 1);
                reduced++;
            }
            wt_tensor_free(r_eager);
            wt_tensor_free(r_fused);
            wt_tensor_free(e);
        }
        wt_error_clear();
        wt_tensor_free(fused);
        for (int v = 0; v < nleaf + ninstr; v++) wt_tensor_free(val[v]);
    }
    CHECK(checked > 150);
    CHECK(reduced > 100);
}

/* x = x * 2 + y in place, through an aliased reversed view, into a larger and a cast out */
void test_fuse_outs_and_aliasing(void) {
    int64_t sh[1] = {1500};
    wt_tensor *x = t_arange(WT_FLOAT32, 1, sh), *y = t_arange(WT_FLOAT32, 1, sh), *rev = NULL;
    const int32_t code[8] = {WT_OP_MUL, 0, 2, 0, WT_OP_ADD, 3, 1, 0};
    double scal[3] = {0, 0, 2};
    const wt_tensor *leaves[3] = {x, y, NULL};
    wt_tensor *h = NULL;
    CHECK_OK(wt_fuse(3, leaves, scal, 2, code, x, WT_REDUCE_NONE, &h));
    CHECK(h && wt_tensor_same_buffer(h, x));
    double v;
    CHECK_OK(wt_tensor_get(x, (int64_t[]){1000}, &v));
    CHECK(v == 3000);
    /* out = reversed x: every element must read x before any is written */
    CHECK_OK(wt_view_slice(x, "::-1", &rev));
    const wt_tensor *l2[3] = {x, y, NULL};
    CHECK_OK(wt_fuse(3, l2, scal, 2, code, rev, WT_REDUCE_NONE, NULL));
    CHECK_OK(wt_tensor_get(x, (int64_t[]){0}, &v));
    CHECK(v == 2 * (3 * 1499) + 1499);
    /* out of a wider shape (broadcast) and another dtype (cast) */
    wt_tensor *wide = NULL, *unsafe = NULL;
    CHECK_OK(wt_tensor_zeros(WT_INT16, 2, (int64_t[]){2, 1500}, &wide));
    CHECK_ERR(wt_fuse(3, (const wt_tensor *[]){y, y, NULL}, scal, 2, code, wide, WT_REDUCE_NONE, NULL), WT_EDTYPE,
              "fuse: cannot cast the result from float32 to out's dtype int16 under casting 'same_kind'");
    CHECK_OK(wt_view_casting(wide, WT_CASTING_UNSAFE, &unsafe));
    CHECK_OK(wt_fuse(3, (const wt_tensor *[]){y, y, NULL}, scal, 2, code, unsafe, WT_REDUCE_NONE, NULL));
    CHECK_OK(wt_tensor_get(wide, (int64_t[]){1, 7}, &v));
    CHECK(v == 21);
    wt_tensor_free(unsafe);
    wt_tensor_free(wide);
    wt_tensor_free(rev);
    wt_tensor_free(h);
    wt_tensor_free(x);
    wt_tensor_free(y);
}

void test_fuse_errors_leave_out(void) {
    int64_t sh[2] = {3, 4}, sh2[1] = {5};
    wt_tensor *a = t_arange(WT_FLOAT32, 2, sh), *b = t_arange(WT_BOOL, 2, sh), *c = t_arange(WT_FLOAT32, 1, sh2);
    wt_tensor *out = NULL, *ro = NULL, *r = NULL;
    CHECK_OK(wt_tensor_full(WT_FLOAT32, 2, sh, 7, &out));
    CHECK_OK(wt_view_broadcast_to(c, 2, (int64_t[]){4, 5}, &ro));
    const wt_tensor *ab[2] = {a, b}, *ac[2] = {a, c}, *bb[2] = {b, b};
    double sc[2] = {1, 2};
    CHECK_ERR(wt_fuse(2, ab, NULL, 1, (int32_t[]){WT_FUSE_CAST(WT_NDTYPES), 0, 1, 0}, out, 0, NULL), WT_EINVAL,
              "invalid operation code");
    CHECK_ERR(wt_fuse(2, ab, NULL, 1, (int32_t[]){-1, 0, 1, 0}, out, 0, NULL), WT_EINVAL, "invalid operation code -1");
    CHECK_ERR(wt_fuse(2, ab, NULL, 1, (int32_t[]){WT_FUSE_CAST(WT_FLOAT32), 2, 0, 0}, out, 0, NULL), WT_EINVAL,
              "instruction 0 (cast): operand 0 refers to value 2");
    CHECK_ERR(wt_fuse(2, ab, NULL, 1, (int32_t[]){WT_OP_ADD, 0, 2, 0}, out, 0, NULL), WT_EINVAL, "refers to value 2");
    CHECK_ERR(wt_fuse(2, ab, NULL, 2, (int32_t[]){WT_OP_ADD, 0, 1, 0, WT_OP_SUB, 1, 1, 0}, out, 0, NULL), WT_EDTYPE,
              "instruction 1 (subtract)");
    CHECK_ERR(wt_fuse(2, (const wt_tensor *[]){NULL, NULL}, sc, 1, (int32_t[]){WT_OP_ADD, 0, 1, 0}, out, 0, NULL),
              WT_EINVAL, "only weak scalar");
    CHECK_ERR(wt_fuse(2, ac, NULL, 1, (int32_t[]){WT_OP_ADD, 0, 1, 0}, out, 0, NULL), WT_ESHAPE, "(3,4)");
    CHECK_ERR(wt_fuse(2, bb, NULL, 1, (int32_t[]){WT_OP_ADD, 0, 1, 0}, NULL, WT_REDUCE_SUM, &r), WT_EINVAL,
              "needs an out");
    CHECK_ERR(wt_fuse(1, (const wt_tensor *[]){c}, NULL, 1, (int32_t[]){WT_OP_NEG, 0, 0, 0}, ro, 0, NULL), WT_EREADONLY,
              "read-only");
    CHECK_ERR(wt_fuse(2, ab, NULL, 0, (int32_t[]){0}, out, 0, NULL), WT_EINVAL, "0 instructions");
    CHECK_ERR(wt_fuse(2, ab, NULL, 1, (int32_t[]){WT_OP_ADD, 0, 1, 0}, out, 99, NULL), WT_EINVAL, "reduce must be");
    const wt_tensor *many[17];
    for (int k = 0; k < 17; k++) many[k] = a;
    CHECK_ERR(wt_fuse(17, many, NULL, 1, (int32_t[]){WT_OP_NEG, 0, 0, 0}, out, 0, NULL), WT_EINVAL,
              "more than 16 tensor leaves");
    /* an empty max has no identity */
    wt_tensor *empty = NULL, *o1 = NULL;
    CHECK_OK(wt_tensor_zeros(WT_FLOAT32, 1, (int64_t[]){0}, &empty));
    CHECK_OK(wt_tensor_zeros(WT_FLOAT32, 1, (int64_t[]){1}, &o1));
    CHECK_ERR(
        wt_fuse(1, (const wt_tensor *[]){empty}, NULL, 1, (int32_t[]){WT_OP_NEG, 0, 0, 0}, o1, WT_REDUCE_MAX, NULL),
        WT_EINVAL, "zero-size");
    double v;
    for (int64_t i = 0; i < 12; i++) {
        CHECK_OK(wt_tensor_get(out, (int64_t[]){i / 4, i % 4}, &v));
        CHECK(v == 7);
    }
    CHECK(r == NULL);
    wt_tensor_free(empty), wt_tensor_free(o1), wt_tensor_free(ro), wt_tensor_free(out);
    wt_tensor_free(a), wt_tensor_free(b), wt_tensor_free(c);
}

/* sum((x-y)^2) over 1M elements: the pass's own memory is a few blocks */
void test_fuse_no_temporaries(void) {
    int64_t n[1] = {1 << 20};
    wt_tensor *x = NULL, *y = NULL, *s = NULL;
    CHECK_OK(wt_tensor_full(WT_FLOAT32, 1, n, 3, &x));
    CHECK_OK(wt_tensor_full(WT_FLOAT32, 1, n, 1, &y));
    CHECK_OK(wt_tensor_zeros(WT_FLOAT32, 0, NULL, &s));
    int64_t before = wt_memory_bytes();
    wt_memory_reset_peak();
    const wt_tensor *l[2] = {x, y};
    CHECK_OK(wt_fuse(2, l, NULL, 2, (int32_t[]){WT_OP_SUB, 0, 1, 0, WT_OP_SQUARE, 2, 0, 0}, s, WT_REDUCE_SUM, NULL));
    int64_t extra = wt_memory_peak() - before;
    CHECK(extra < 64 * 1024); /* registers and a 0-d accumulator, never 4 MiB */
    double v;
    CHECK_OK(wt_tensor_get(s, NULL, &v));
    CHECK(v == 4.0 * (1 << 20));
    wt_tensor_free(x), wt_tensor_free(y), wt_tensor_free(s);
}

/* A program whose one large leaf is 8-bit (the others one element) runs as a
** table of its 256 values (pass.c wt_pass_tabulate): every element equals the
** same program run directly over the 256 values, bit for bit. */
void test_fuse_tabulated(void) {
    static const int eight[3] = {WT_UINT8, WT_INT8, WT_BOOL};
    int checked = 0;
    for (int trial = 0; trial < 60; trial++) {
        wt_tensor *base, *x, *ref_x, *c0 = t_from(DTS[t_rand() % 5], 0, NULL, (double[]){3});
        t_eight_bit(eight[trial % 3], 22000, &base, &x, &ref_x); /* 66000 elements */
        /* leaves: the 8-bit tensor, a 0-d tensor, a weak scalar; a chain of 1 to 4 instructions */
        const wt_tensor *big[3] = {x, c0, NULL}, *small[3] = {ref_x, c0, NULL};
        double scal[3] = {0, 0, 2.5};
        int ninstr = 1 + (int)(t_rand() % 4);
        int32_t code[4 * 4];
        for (int i = 0; i < ninstr; i++) {
            code[4 * i] = t_rand() % 6 ? RANDOM_OPS[t_rand() % NOPS_RANDOM] : WT_FUSE_CAST(DTS[t_rand() % 5]);
            for (int k = 0; k < 3; k++) code[4 * i + 1 + k] = k == 0 && i > 0 ? 3 + i - 1 : (int)(t_rand() % 3);
        }
        wt_tensor *want = NULL, *got = NULL;
        if (wt_fuse(3, small, scal, ninstr, code, NULL, WT_REDUCE_NONE, &want) == WT_OK) {
            CHECK_OK(wt_fuse(3, big, scal, ninstr, code, NULL, WT_REDUCE_NONE, &got));
            checked++;
            int64_t bad = t_eight_bit_differs(got, base, want);
            if (bad)
                wt_t_fail(__FILE__, __LINE__, "trial %d: element %lld differs from the direct run", trial,
                          (long long)bad - 1);
        }
        wt_error_clear();
        wt_tensor_free(got), wt_tensor_free(want), wt_tensor_free(c0);
        wt_tensor_free(x), wt_tensor_free(base), wt_tensor_free(ref_x);
    }
    CHECK(checked > 30);
}
