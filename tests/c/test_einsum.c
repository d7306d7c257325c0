/* test_einsum.c — einsum against nested loops over every label on random
** equations (repeats, ellipses, broadcasting, strided and reversed
** operands, 1-6 operands, float and integer dtypes), contraction paths
** against NumPy's FLOP counts, views, and every error case. */
#include "wt_test.h"
#include "einsum_plan.h"
#include "fixtures_numpy.h"
#include <stdlib.h>

#define MAXL 9 /* letters used */
static const char LETTERS[MAXL + 1] = "abcdeAfBg";

typedef struct {
    int nops, nl, ne; /* operands, letters, ellipsis axes */
    int64_t lsize[MAXL], esize[2];
    int nax[6];
    int ax[6][8]; /* >= 0: letter; -1-e: ellipsis axis e */
    int64_t dim[6][8];
    bool ell[6];
    int nout, out[12];
    bool explicit_out;
    char eq[256];
} ein_case;

static int64_t axis_size(const ein_case *c, int a) { return a >= 0 ? c->lsize[a] : c->esize[-1 - a]; }

static void make_case(ein_case *c) {
    memset(c, 0, sizeof *c);
    c->nops = 1 + (int)(t_rand() % 6);
    c->nl = 1 + (int)(t_rand() % (c->nops + 3 > MAXL ? MAXL : c->nops + 3));
    c->ne = (t_rand() % 3 == 0) ? 1 + (int)(t_rand() % 2) : 0;
    for (int l = 0; l < c->nl; l++) c->lsize[l] = 1 + t_rand() % 4;
    for (int e = 0; e < c->ne; e++) c->esize[e] = 1 + t_rand() % 3;
    int count[MAXL] = {0};
    int n = 0;
    for (int k = 0; k < c->nops; k++) {
        int rank = (int)(t_rand() % (c->nops > 3 ? 4 : 6)); /* ranks 0-5; keep big products small */
        c->ell[k] = c->ne && (t_rand() & 1);
        int ek = c->ell[k] ? (int)(t_rand() % (c->ne + 1)) : 0; /* right-aligned suffix of the ellipsis axes */
        int epos = (int)(t_rand() % (rank + 1)), m = 0;
        for (int j = 0; j <= rank; j++) {
            if (j == epos && c->ell[k])
                for (int e = c->ne - ek; e < c->ne; e++)
                    c->ax[k][m] = -1 - e, c->dim[k][m++] = (t_rand() % 4 == 0) ? 1 : c->esize[e];
            if (j == rank) break;
            int l = (int)(t_rand() % c->nl);
            c->ax[k][m] = l;
            c->dim[k][m++] = (t_rand() % 5 == 0) ? 1 : c->lsize[l]; /* size 1 broadcasts */
            count[l]++;
        }
        c->nax[k] = m;
        /* a repeated label has one size within its operand */
        for (int j = 0; j < m; j++)
            for (int q = 0; q < j; q++)
                if (c->ax[k][q] == c->ax[k][j] && c->ax[k][j] >= 0) c->dim[k][j] = c->dim[k][q];
        for (int j = 0; j < m; j++) {
            if (c->ax[k][j] < 0) {
                if (j == 0 || c->ax[k][j - 1] >= 0) n += sprintf(c->eq + n, "...");
                continue;
            }
            c->eq[n++] = LETTERS[c->ax[k][j]];
        }
        if (c->ell[k] && ek == 0 && epos <= rank) n += sprintf(c->eq + n, "...");
        if (k + 1 < c->nops) c->eq[n++] = ',';
    }
    c->eq[n] = 0;
    /* a label's size is its largest dim: all-1 occurrences make it size 1 */
    for (int l = 0; l < c->nl; l++) c->lsize[l] = 1;
    for (int e = 0; e < c->ne; e++) c->esize[e] = 1;
    for (int k = 0; k < c->nops; k++)
        for (int j = 0; j < c->nax[k]; j++) {
            int a = c->ax[k][j];
            int64_t *sz = a >= 0 ? &c->lsize[a] : &c->esize[-1 - a];
            if (c->dim[k][j] > *sz) *sz = c->dim[k][j];
        }
    bool any_ell = false;
    for (int k = 0; k < c->nops; k++) any_ell |= c->ell[k];
    int ell_axes = 0;
    if (any_ell) /* the ellipsis axes actually present (the longest suffix used) */
        for (int k = 0; k < c->nops; k++) {
            int ek = 0;
            for (int j = 0; j < c->nax[k]; j++) ek += c->ax[k][j] < 0;
            if (ek > ell_axes) ell_axes = ek;
        }
    c->explicit_out = t_rand() & 1;
    if (c->explicit_out) {
        n += sprintf(c->eq + n, "->");
        bool keep_ell = any_ell && (t_rand() & 1);
        int epos = keep_ell ? (int)(t_rand() % 3) : -1;
        bool used[MAXL] = {false};
        for (int k = 0; k < c->nops; k++)
            for (int j = 0; j < c->nax[k]; j++)
                if (c->ax[k][j] >= 0) used[c->ax[k][j]] = true;
        int placed = 0;
        for (int l = 0; l <= c->nl; l++) {
            if (placed == epos || (l == c->nl && keep_ell && placed < epos)) {
                for (int e = c->ne - ell_axes; e < c->ne; e++) c->out[c->nout++] = -1 - e;
                n += sprintf(c->eq + n, "...");
                epos = -1;
            }
            if (l == c->nl) break;
            if (used[l] && (t_rand() % 2)) c->out[c->nout++] = l, c->eq[n++] = LETTERS[l], placed++;
        }
        c->eq[n] = 0;
    } else {
        for (int e = c->ne - ell_axes; e < c->ne; e++) c->out[c->nout++] = -1 - e;
        for (int ch = 'A'; ch <= 'z'; ch++) /* used once, by character code */
            for (int l = 0; l < c->nl; l++)
                if (LETTERS[l] == ch && count[l] == 1) c->out[c->nout++] = l;
    }
}

/* the reference: every combination of label values, summed into the output */
static void reference(const ein_case *c, wt_tensor *const *ops, int dt, double *outv, int64_t outn) {
    int nvar = c->nl + c->ne;
    int64_t sizes[MAXL + 2], idx[MAXL + 2] = {0}, total = 1;
    for (int v = 0; v < nvar; v++) sizes[v] = v < c->nl ? c->lsize[v] : c->esize[v - c->nl], total *= sizes[v];
    uint32_t *iacc = calloc((size_t)outn + 1, sizeof *iacc);
    for (int64_t i = 0; i < outn; i++) outv[i] = 0;
    for (int64_t t = 0; t < total; t++) {
        double prod = 1;
        uint32_t iprod = 1;
        bool bprod = true;
        for (int k = 0; k < c->nops; k++) {
            int64_t ei[8];
            for (int j = 0; j < c->nax[k]; j++) {
                int a = c->ax[k][j], var = a >= 0 ? a : c->nl + (-1 - a);
                ei[j] = c->dim[k][j] == 1 ? 0 : idx[var];
            }
            double v;
            wt_tensor_get(ops[k], ei, &v);
            prod *= v, iprod *= (uint32_t)(int64_t)v, bprod = bprod && v != 0;
        }
        int64_t o = 0;
        for (int j = 0; j < c->nout; j++) {
            int a = c->out[j], var = a >= 0 ? a : c->nl + (-1 - a);
            o = o * axis_size(c, a) + idx[var];
        }
        if (dt == WT_BOOL)
            outv[o] = outv[o] || bprod;
        else
            outv[o] += prod;
        iacc[o] += iprod;
        for (int v = nvar - 1; v >= 0; v--) {
            if (++idx[v] < sizes[v]) break;
            idx[v] = 0;
        }
    }
    if (dt != WT_BOOL && !wt_dtype_is_inexact(dt))
        for (int64_t i = 0; i < outn; i++) {
            wt_slot w;
            wt_cast_store_f64(dt, &w, (double)(int32_t)iacc[i]); /* wrap to the dtype */
            outv[i] = wt_cast_load_f64(dt, &w);
        }
    free(iacc);
}

void test_einsum_random_vs_loops(void) {
    static const int dts[] = {WT_FLOAT32, WT_FLOAT64, WT_INT32, WT_INT8,  WT_UINT16,
                              WT_BOOL,    WT_INT16,   WT_UINT8, WT_UINT32};
    int checked = 0;
    for (int iter = 0; iter < 400; iter++) {
        ein_case c;
        make_case(&c);
        int dt = dts[t_rand() % 9];
        wt_tensor *ops[6] = {NULL};
        for (int k = 0; k < c.nops; k++) {
            ops[k] = t_layout(dt, c.nax[k], c.dim[k], (int)(t_rand() % 4));
            int64_t n = wt_tensor_size(ops[k]), idx[8] = {0};
            for (int64_t e = 0; e < n; e++) { /* small integers: float sums are exact */
                wt_tensor_set(ops[k], idx,
                              dt == WT_BOOL ? (double)(t_rand() % 3 != 0) : (double)(int)(t_rand() % 7) - 3);
                for (int j = c.nax[k] - 1; j >= 0; j--) {
                    if (++idx[j] < c.dim[k][j]) break;
                    idx[j] = 0;
                }
            }
        }
        wt_tensor *r = NULL;
        wt_status st = wt_einsum(c.eq, c.nops, (const wt_tensor *const *)ops, NULL, &r);
        if (st) {
            wt_t_fail(__FILE__, __LINE__, "einsum('%s') failed: %s", c.eq, wt_error_message());
        } else {
            int64_t outn = 1, oshape[12];
            for (int j = 0; j < c.nout; j++) oshape[j] = axis_size(&c, c.out[j]), outn *= oshape[j];
            CHECK_DESC(r, c.nout, oshape, NULL, wt_tensor_offset(r));
            CHECK_EQ(wt_tensor_dtype(r), dt);
            double *want = malloc(sizeof(double) * (size_t)(outn + 1));
            reference(&c, ops, dt, want, outn);
            if (!t_equals(r, want))
                wt_t_fail(__FILE__, __LINE__, "einsum('%s') over %s differs from the loops", c.eq, wt_dtype_name(dt));
            free(want);
            checked++;
        }
        wt_tensor_free(r);
        for (int k = 0; k < c.nops; k++) wt_tensor_free(ops[k]);
    }
    CHECK(checked == 400);
}

void test_einsum_paths_match_numpy(void) {
    for (size_t i = 0; i < sizeof fx_path / sizeof fx_path[0]; i++) {
        const fx_path_case *c = &fx_path[i];
        const int64_t *shapes[8];
        for (int k = 0; k < c->n; k++) shapes[k] = c->shapes[k];
        ein_eq e;
        ein_plan p;
        CHECK_OK(ein_parse(c->eq, c->n, c->ndims, shapes, &e));
        CHECK_OK(ein_plan_path(&e, &p));
        if (c->optimal >= 0 && p.opt_flops != c->optimal)
            wt_t_fail(__FILE__, __LINE__, "%s: %.0f FLOPs, NumPy's optimum is %.0f", c->eq, p.opt_flops, c->optimal);
        if (p.opt_flops > c->greedy)
            wt_t_fail(__FILE__, __LINE__, "%s: %.0f FLOPs, worse than NumPy's greedy %.0f", c->eq, p.opt_flops,
                      c->greedy);
    }
}

static wt_tensor *range_tensor(int dt, int nd, const int64_t *shape) { return t_arange(dt, nd, shape); }

void test_einsum_views_and_specials(void) {
    int64_t sq[2] = {5, 5};
    wt_tensor *m = range_tensor(WT_FLOAT32, 2, sq), *r = NULL;
    const wt_tensor *one[1] = {m};
    /* trace: a strided diagonal view summed, O(n), nothing of size n^2 allocated */
    wt_memory_reset_peak();
    int64_t before = wt_memory_bytes();
    CHECK_OK(wt_einsum("ii->", 1, one, NULL, &r));
    CHECK(t_equals(r, (double[]){0 + 6 + 12 + 18 + 24}));
    CHECK(wt_memory_peak() - before < 25 * 4);
    wt_tensor_free(r);
    CHECK_OK(wt_einsum("ii", 1, one, NULL, &r)); /* implicit: the same trace */
    CHECK_EQ(wt_tensor_ndim(r), 0);
    wt_tensor_free(r);
    CHECK_OK(wt_einsum("ii->i", 1, one, NULL, &r)); /* the diagonal, as a view */
    CHECK(wt_tensor_same_buffer(r, m));
    CHECK_DESC(r, 1, ((int64_t[]){5}), ((int64_t[]){6}), 0);
    wt_tensor_free(r);
    CHECK_OK(wt_einsum("ij->ji", 1, one, NULL, &r));
    CHECK(wt_tensor_same_buffer(r, m));
    CHECK_DESC(r, 2, sq, ((int64_t[]){1, 5}), 0);
    wt_tensor_free(r);
    /* size-1 axes broadcast against the same label; scalars are 0-d operands */
    wt_tensor *col = range_tensor(WT_FLOAT64, 2, (int64_t[]){5, 1}), *s = NULL;
    CHECK_OK(wt_tensor_full(WT_INT8, 0, NULL, 2, &s));
    const wt_tensor *three[3] = {m, col, s};
    CHECK_OK(wt_einsum("ij,ij,->i", 3, three, NULL, &r));
    CHECK_EQ(wt_tensor_dtype(r), WT_FLOAT64); /* float32, float64 and int8 promote */
    double want[5];
    for (int i = 0; i < 5; i++) want[i] = 2.0 * i * (5 * i * 5 + 10);
    CHECK(t_equals(r, want));
    wt_tensor_free(r);
    /* an explicit output without '...' sums the ellipsis axes; uppercase sorts first */
    wt_tensor *b3 = range_tensor(WT_INT32, 3, (int64_t[]){2, 3, 4});
    const wt_tensor *bb[1] = {b3};
    CHECK_OK(wt_einsum("...j->j", 1, bb, NULL, &r));
    CHECK(t_equals(r, (double[]){60, 66, 72, 78}));
    wt_tensor_free(r);
    CHECK_OK(wt_einsum("aBc", 1, bb, NULL, &r)); /* implicit: B, a, c */
    CHECK_DESC(r, 3, ((int64_t[]){3, 2, 4}), NULL, 0);
    wt_tensor_free(r);
    /* into out: NumPy's einsum casts safely, or as out's own rule says */
    wt_tensor *out = NULL, *unsafe = NULL;
    CHECK_OK(wt_tensor_zeros(WT_INT16, 1, (int64_t[]){4}, &out));
    CHECK_ERR(wt_einsum("abc->c", 1, bb, out, NULL), WT_EDTYPE,
              "einsum: cannot cast the result from int32 to out's dtype int16 under casting 'safe'");
    CHECK_OK(wt_view_casting(out, WT_CASTING_SAME_KIND, &unsafe));
    CHECK_OK(wt_einsum("abc->c", 1, bb, unsafe, NULL));
    CHECK(t_equals(out, (double[]){60, 66, 72, 78}));
    wt_tensor_free(unsafe);
    CHECK_ERR(wt_einsum("abc->a", 1, bb, out, NULL), WT_ESHAPE, "out has shape (4,) but the result has shape (2,)");
    wt_tensor_free(out), wt_tensor_free(b3), wt_tensor_free(s), wt_tensor_free(col), wt_tensor_free(m);
}

void test_einsum_errors(void) {
    wt_tensor *a = range_tensor(WT_FLOAT32, 2, (int64_t[]){2, 3}), *b = range_tensor(WT_FLOAT32, 2, (int64_t[]){4, 5}),
              *r = NULL;
    wt_tensor *c = range_tensor(WT_FLOAT32, 2, (int64_t[]){3, 4});
    const wt_tensor *ab[2] = {a, b}, *aa[2] = {a, a}, *ac[2] = {a, c};
    struct {
        const char *eq;
        int n;
        const wt_tensor *const *ops;
        wt_status code;
        const char *msg;
    } cases[] = {
        {"ij,jk->ik", 2, ab, WT_ESHAPE, "label 'j' has size 4 in operand 2 but 3 in an earlier operand"},
        {"ij,jk->ik->", 2, aa, WT_ESYNTAX, "'->' appears more than once"},
        {"ij,j1->i", 2, aa, WT_ESYNTAX, "invalid character '1' in operand 2"},
        {"ij,jk->iz", 2, ac, WT_EINVAL, "output label 'z' does not appear in the inputs"},
        {"ij,jk->ii", 2, ac, WT_EINVAL, "output label 'i' appears more than once"},
        {"ij,jk,kl->il", 2, aa, WT_EINVAL, "more terms than the 2 operands given"},
        {"ij->ij", 2, aa, WT_EINVAL, "has 1 term but 2 operands were given"},
        {"ijk,jk->i", 2, aa, WT_EINVAL, "operand 1 has 2 dimensions but its subscripts 'ijk' name 3"},
        {"i,ij->j", 2, aa, WT_EINVAL, "operand 1 has 2 dimensions but its subscripts 'i' name 1"},
        {"i..j,jk", 2, aa, WT_ESYNTAX, "'.' must be part of '...'"},
        {"...i...,jk", 2, aa, WT_ESYNTAX, "more than one '...'"},
        {"ij-jk", 2, aa, WT_ESYNTAX, "stray '-'"},
        {"ij>jk", 2, aa, WT_ESYNTAX, "stray '>'"},
        {"ii->i", 1, ab, WT_ESHAPE, "label 'i' is repeated in operand 1 with sizes 2 and 3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK_ERR(wt_einsum(cases[i].eq, cases[i].n, cases[i].ops, NULL, &r), cases[i].code, cases[i].msg);
    CHECK_ERR(wt_einsum(NULL, 2, aa, NULL, &r), WT_EINVAL, "equation is NULL");
    CHECK_ERR(wt_einsum("ij", 0, aa, NULL, &r), WT_EINVAL, "0 operands given");
    CHECK_ERR(wt_einsum("ij,jk", 2, (const wt_tensor *[]){a, NULL}, NULL, &r), WT_EINVAL, "operand 2 is NULL");
    char buf[8];
    size_t len = 0;
    int nd[2] = {2, 2};
    const int64_t *sh[2] = {(int64_t[]){2, 3}, (int64_t[]){3, 4}};
    CHECK_ERR(wt_einsum_path("ij,jk", 2, nd, sh, buf, sizeof buf, &len), WT_EINVAL, "the buffer has 8");
    CHECK(len > 8);
    len = 12345; /* any other failure leaves 0, never a size to retry with */
    CHECK_ERR(wt_einsum_path("ij,jk->iz", 2, nd, sh, buf, sizeof buf, &len), WT_EINVAL,
              "output label 'z' does not appear");
    CHECK_EQ(len, 0);
    CHECK(r == NULL);
    wt_tensor_free(a), wt_tensor_free(b), wt_tensor_free(c);
}
