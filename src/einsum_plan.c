/* einsum_plan.c — NumPy's einsum grammar, and the contraction order.
**
** Parsing: terms of labels a-z A-Z and at most one '...' each, separated by
** commas, optionally '-> output'; spaces are ignored.  The implicit output
** is the ellipsis axes, then the labels used exactly once, by character
** code.  Ellipsis axes become labels 52.. right-aligned across operands.
**
** Planning follows numpy.einsum_path exactly, so its FLOP counts compare
** one for one: a step's cost is size(contracted labels) * max(1, terms-1)
** (+1 when it sums a label); intermediates may not exceed the largest input
** or output; exhaustive search up to 5 operands, NumPy's greedy beyond. */
#include "einsum_plan.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int label_of(char c) {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return 26 + c - 'A';
    return -1;
}

char ein_letter(const ein_eq *eq, int label) {
    if (label < 26) return (char)('a' + label);
    if (label < 52) return (char)('A' + label - 26);
    /* the k-th ellipsis axis: the k-th letter no term uses */
    int k = label - 52;
    for (int l = 0; l < 52; l++)
        if (!eq->used[l] && k-- == 0) return l < 26 ? (char)('a' + l) : (char)('A' + l - 26);
    return '?';
}

/* one term: labels into lab[], the ellipsis position (or -1) */
static wt_status parse_term(const char *t, int len, const char *eq, int *nlab, int8_t *lab, int *ell,
                            const char *what) {
    *nlab = 0;
    *ell = -1;
    for (int i = 0; i < len; i++) {
        if (t[i] == '.') {
            if (i + 2 >= len || t[i + 1] != '.' || t[i + 2] != '.')
                return wt_error_fail(WT_ESYNTAX, "einsum: '.' must be part of '...' in %s of '%.200s'", what, eq);
            if (*ell >= 0) return wt_error_fail(WT_ESYNTAX, "einsum: %s of '%.200s' has more than one '...'", what, eq);
            *ell = *nlab;
            i += 2;
            continue;
        }
        int l = label_of(t[i]);
        if (l < 0)
            return wt_error_fail(WT_ESYNTAX,
                                 "einsum: invalid character '%c' in %s of '%.200s' (labels are a-z and A-Z)", t[i],
                                 what, eq);
        if (*nlab == WT_MAX_DIMS)
            return wt_error_fail(WT_ESYNTAX, "einsum: %s of '%.200s' has more than %d labels", what, eq, WT_MAX_DIMS);
        lab[(*nlab)++] = (int8_t)l;
    }
    return WT_OK;
}

/* the terms of an equation as written, before ellipses are expanded */
typedef struct {
    int ells[EIN_MAXOPS], rawn[EIN_MAXOPS], maxell;
    int8_t raw[EIN_MAXOPS][WT_MAX_DIMS];
    int count[EIN_NLABELS];
} ein_terms;

/* eq without white space into s; *arrow at "->" or NULL; checks stray '-' / '>' */
static wt_status strip(const char *eq, char *s, int *n, const char **arrow) {
    if (strlen(eq) > 1000) return wt_error_fail(WT_ESYNTAX, "einsum: the equation is longer than 1000 characters");
    *n = 0;
    for (const char *p = eq; *p; p++)
        if (*p != ' ' && *p != '\t' && *p != '\n') s[(*n)++] = *p;
    s[*n] = 0;
    const char *a = NULL; /* the first "->" (libc's strstr was 1.4 KB of the module for this) */
    int arrows = 0;
    for (int i = 0; i + 1 < *n; i++)
        if (s[i] == '-' && s[i + 1] == '>') a = a ? a : s + i, arrows++;
    if (arrows > 1) return wt_error_fail(WT_ESYNTAX, "einsum: '->' appears more than once in '%.200s'", eq);
    for (int i = 0; i < *n; i++)
        if ((s[i] == '-' || s[i] == '>') && !(a && (s + i == a || s + i == a + 1)))
            return wt_error_fail(WT_ESYNTAX, "einsum: stray '%c' in '%.200s' (the output is written '->')", s[i], eq);
    *arrow = a;
    return WT_OK;
}

/* the input terms s[0..in_len), one per operand, each matching its ndim */
static wt_status parse_inputs(const char *s, int in_len, const char *eq, int nops, const int *ndims, ein_terms *t) {
    int nterms = 0, start = 0;
    for (int i = 0; i <= in_len; i++) {
        if (i < in_len && s[i] != ',') continue;
        if (nterms == nops)
            return wt_error_fail(WT_EINVAL, "einsum: '%.200s' has more terms than the %d operand%s given", eq, nops,
                                 nops == 1 ? "" : "s");
        char what[32];
        snprintf(what, sizeof what, "operand %d", nterms + 1);
        wt_status st = parse_term(s + start, i - start, eq, &t->rawn[nterms], t->raw[nterms], &t->ells[nterms], what);
        if (st) return st;
        int k = nterms++, nd = ndims[k];
        if (nd < 0 || nd > WT_MAX_DIMS)
            return wt_error_fail(WT_EINVAL, "einsum: operand %d has an invalid ndim %d", k + 1, nd);
        if (t->ells[k] < 0 ? t->rawn[k] != nd : t->rawn[k] > nd)
            return wt_error_fail(WT_EINVAL, "einsum: operand %d has %d dimension%s but its subscripts '%.*s' name %d%s",
                                 k + 1, nd, nd == 1 ? "" : "s", i - start, s + start, t->rawn[k],
                                 t->ells[k] < 0 ? "" : " (plus '...')");
        if (t->ells[k] >= 0 && nd - t->rawn[k] > t->maxell) t->maxell = nd - t->rawn[k];
        start = i + 1;
    }
    if (nterms != nops)
        return wt_error_fail(WT_EINVAL, "einsum: '%.200s' has %d term%s but %d operands were given", eq, nterms,
                             nterms == 1 ? "" : "s", nops);
    return WT_OK;
}

/* each operand's axes: letters, with its ellipsis axes right-aligned as labels 52.. */
static void expand_labels(ein_eq *e, const int *ndims, ein_terms *t) {
    for (int k = 0; k < e->nops; k++) {
        int e_len = t->ells[k] < 0 ? 0 : ndims[k] - t->rawn[k], m = 0;
        for (int j = 0; j < t->rawn[k]; j++) {
            if (j == t->ells[k])
                for (int x = 0; x < e_len; x++) e->lab[k][m++] = (int8_t)(52 + t->maxell - e_len + x);
            e->lab[k][m++] = t->raw[k][j];
            t->count[t->raw[k][j]]++;
        }
        if (t->ells[k] == t->rawn[k])
            for (int x = 0; x < e_len; x++) e->lab[k][m++] = (int8_t)(52 + t->maxell - e_len + x);
        e->nlab[k] = m;
        for (int j = 0; j < m; j++) e->used[e->lab[k][j]] = true;
    }
}

/* sizes: repeats within an operand must agree; across operands 1 broadcasts */
static wt_status label_sizes(ein_eq *e, const int64_t *const *shapes) {
    for (int l = 0; l < EIN_NLABELS; l++) e->size[l] = -1;
    for (int k = 0; k < e->nops; k++) {
        if (e->nlab[k] && !shapes[k]) return wt_error_fail(WT_EINVAL, "einsum: the shape of operand %d is NULL", k + 1);
        int64_t own[EIN_NLABELS];
        for (int j = 0; j < e->nlab[k]; j++) own[e->lab[k][j]] = -1;
        for (int j = 0; j < e->nlab[k]; j++) {
            int l = e->lab[k][j];
            int64_t d = shapes[k][j];
            if (d < 0)
                return wt_error_fail(WT_ESHAPE, "einsum: operand %d has a negative dimension %lld", k + 1,
                                     (long long)d);
            if (own[l] >= 0 && own[l] != d)
                return wt_error_fail(WT_ESHAPE, "einsum: label '%c' is repeated in operand %d with sizes %lld and %lld",
                                     ein_letter(e, l), k + 1, (long long)own[l], (long long)d);
            own[l] = d;
            if (e->size[l] < 0 || e->size[l] == 1)
                e->size[l] = d;
            else if (d != 1 && d != e->size[l])
                return wt_error_fail(WT_ESHAPE,
                                     "einsum: label '%c' has size %lld in operand %d but %lld in an earlier operand",
                                     ein_letter(e, l), (long long)d, k + 1, (long long)e->size[l]);
        }
    }
    return WT_OK;
}

/* an explicit output: labels of the inputs, each once; '...' in place */
static wt_status explicit_output(ein_eq *e, const char *out, int len, const char *eq, const ein_terms *t) {
    int oell;
    wt_status st = parse_term(out, len, eq, &e->nout, e->out, &oell, "the output");
    if (st) return st;
    bool seen[EIN_NLABELS] = {false};
    for (int j = 0; j < e->nout; j++) {
        int l = e->out[j];
        if (!t->count[l])
            return wt_error_fail(WT_EINVAL, "einsum: output label '%c' does not appear in the inputs of '%.200s'",
                                 ein_letter(e, l), eq);
        if (seen[l])
            return wt_error_fail(WT_EINVAL, "einsum: output label '%c' appears more than once in '%.200s'",
                                 ein_letter(e, l), eq);
        seen[l] = true;
    }
    if (oell >= 0) { /* '...' in the output: the broadcast ellipsis axes, in place */
        if (e->nout + t->maxell > WT_MAX_DIMS)
            return wt_error_fail(WT_ESHAPE, "einsum: the output would have more than %d dimensions", WT_MAX_DIMS);
        memmove(e->out + oell + t->maxell, e->out + oell, (size_t)(e->nout - oell));
        for (int x = 0; x < t->maxell; x++) e->out[oell + x] = (int8_t)(52 + x);
        e->nout += t->maxell;
    }
    return WT_OK;
}

/* the implicit output (no '->'): the ellipsis axes, then the labels used once, in character-code order */
static wt_status implicit_output(ein_eq *e, const ein_terms *t) {
    for (int x = 0; x < t->maxell; x++) e->out[e->nout++] = (int8_t)(52 + x);
    for (int c = 'A'; c <= 'z'; c++) { /* character-code order: upper case first */
        int l = label_of((char)c);
        if (l >= 0 && t->count[l] == 1) {
            if (e->nout == WT_MAX_DIMS)
                return wt_error_fail(WT_ESHAPE, "einsum: the output would have more than %d dimensions", WT_MAX_DIMS);
            e->out[e->nout++] = (int8_t)l;
        }
    }
    return WT_OK;
}

wt_status ein_parse(const char *eq, int nops, const int *ndims, const int64_t *const *shapes, ein_eq *e) {
    if (!eq) return wt_error_fail(WT_EINVAL, "einsum: equation is NULL");
    if (nops < 1 || nops > EIN_MAXOPS)
        return wt_error_fail(WT_EINVAL, "einsum: %d operands given (1 to %d)", nops, EIN_MAXOPS);
    char s[1024];
    int n = 0;
    const char *arrow = NULL;
    wt_status st = strip(eq, s, &n, &arrow);
    if (st) return st;
    memset(e, 0, sizeof *e);
    e->nops = nops;
    int in_len = arrow ? (int)(arrow - s) : n;
    ein_terms t;
    memset(&t, 0, sizeof t);
    if ((st = parse_inputs(s, in_len, eq, nops, ndims, &t))) return st;
    expand_labels(e, ndims, &t);
    if ((st = label_sizes(e, shapes))) return st;
    return arrow ? explicit_output(e, arrow + 2, n - in_len - 2, eq, &t) : implicit_output(e, &t);
}

/* ---- the plan ----------------------------------------------------------- */

static ein_set set_or(ein_set a, ein_set b) { return (ein_set){{a.w[0] | b.w[0], a.w[1] | b.w[1]}}; }
static ein_set set_and(ein_set a, ein_set b) { return (ein_set){{a.w[0] & b.w[0], a.w[1] & b.w[1]}}; }
static ein_set set_minus(ein_set a, ein_set b) { return (ein_set){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}}; }
static bool set_empty(ein_set a) { return !a.w[0] && !a.w[1]; }
static bool set_eq(ein_set a, ein_set b) { return a.w[0] == b.w[0] && a.w[1] == b.w[1]; }

static double set_size(const ein_eq *e, ein_set s) {
    double n = 1;
    for (int l = 0; l < EIN_NLABELS; l++)
        if (ein_has(&s, l)) n *= (double)e->size[l];
    return n;
}

/* NumPy's _flop_count */
static double flop_count(const ein_eq *e, ein_set contract, bool inner, int terms) {
    double f = terms - 1 > 1 ? terms - 1 : 1;
    return set_size(e, contract) * (f + (inner ? 1 : 0));
}

typedef struct {
    int n;
    ein_set s[EIN_MAXOPS];
} set_list;

/* NumPy's _find_contraction: the operands at pos contract; the rest keep
** their order and the result goes last */
static void find_contraction(const int *pos, int npos, const set_list *in, ein_set output, ein_set *result,
                             set_list *rest, ein_set *removed, ein_set *contract) {
    ein_set c = {{0, 0}}, remain = output;
    rest->n = 0;
    for (int i = 0; i < in->n; i++) {
        bool picked = false;
        for (int j = 0; j < npos; j++) picked |= pos[j] == i;
        if (picked)
            c = set_or(c, in->s[i]);
        else
            rest->s[rest->n++] = in->s[i], remain = set_or(remain, in->s[i]);
    }
    *result = set_and(remain, c);
    *removed = set_minus(c, *result);
    *contract = c;
    rest->s[rest->n++] = *result;
}

/* ---- exhaustive (NumPy's _optimal_path) -------------------------------------- */

#define OPT_MAX 5 /* operands searched exhaustively: 180 orders at most */
#define OPT_CANDS 256
typedef struct {
    int n;
    ein_set s[OPT_MAX];
} small_list;
typedef struct {
    double cost;
    int npath;
    int path[OPT_MAX][2];
    small_list rem;
} ein_cand;

static void to_list(const small_list *a, set_list *b) {
    b->n = a->n;
    memcpy(b->s, a->s, sizeof(ein_set) * (size_t)a->n);
}

static wt_status optimal(const ein_eq *e, const set_list *in, ein_set output, double limit, int path[][2], int *np,
                         bool *fallback) {
    /* breadth first over every pair order */
    ein_cand *a = wt_tensor_sys_alloc(sizeof(ein_cand) * 2 * OPT_CANDS);
    if (!a) return wt_error_fail(WT_ENOMEM, "einsum: out of memory planning the contraction");
    ein_cand *b = a + OPT_CANDS;
    int na = 1, n = in->n;
    a[0].cost = 0, a[0].npath = 0, a[0].rem.n = n;
    memcpy(a[0].rem.s, in->s, sizeof(ein_set) * (size_t)n);
    *fallback = false;
    for (int it = 0; it < n - 1; it++) {
        int nb = 0;
        for (int c = 0; c < na; c++)
            for (int x = 0; x < n - it; x++)
                for (int y = x + 1; y < n - it; y++) {
                    ein_set res, rem_, con;
                    set_list cur, rest;
                    int pos[2] = {x, y};
                    to_list(&a[c].rem, &cur);
                    find_contraction(pos, 2, &cur, output, &res, &rest, &rem_, &con);
                    if (set_size(e, res) > limit) continue;
                    ein_cand *d = &b[nb++];
                    *d = a[c];
                    d->cost += flop_count(e, con, !set_empty(rem_), 2);
                    d->path[d->npath][0] = x, d->path[d->npath][1] = y, d->npath++;
                    d->rem.n = rest.n;
                    memcpy(d->rem.s, rest.s, sizeof(ein_set) * (size_t)rest.n);
                }
        if (!nb) { /* nothing fits the limit: the best so far, then the rest at once */
            *fallback = true;
            break;
        }
        memcpy(a, b, sizeof(ein_cand) * (size_t)nb);
        na = nb;
    }
    int best = 0;
    for (int c = 1; c < na; c++)
        if (a[c].cost < a[best].cost) best = c;
    memcpy(path, a[best].path, sizeof(int) * 2 * (size_t)a[best].npath);
    *np = a[best].npath;
    wt_tensor_sys_free(a);
    return WT_OK;
}

/* ---- greedy (NumPy's _greedy_path) ------------------------------------------- */

typedef struct {
    double neg_removed, cost;
    int x, y;
    set_list sets;
} ein_choice;

static bool choice_less(const ein_choice *a, const ein_choice *b) {
    return a->neg_removed < b->neg_removed || (a->neg_removed == b->neg_removed && a->cost < b->cost);
}

static bool try_pair(const ein_eq *e, const set_list *in, ein_set output, double limit, double path_cost, double naive,
                     int x, int y, ein_choice *out) {
    ein_set res, rem_, con;
    set_list rest;
    int pos[2] = {x, y};
    find_contraction(pos, 2, in, output, &res, &rest, &rem_, &con);
    double new_size = set_size(e, res);
    if (new_size > limit) return false;
    double removed = set_size(e, in->s[x]) + set_size(e, in->s[y]) - new_size;
    double cost = flop_count(e, con, !set_empty(rem_), 2);
    if (path_cost + cost > naive) return false;
    *out = (ein_choice){-removed, cost, x, y, rest};
    return true;
}

static wt_status greedy(const ein_eq *e, set_list in, ein_set output, double limit, double naive, int path[][2],
                        int *npath, bool *fallback) {
    /* candidates: every pair at first, fewer after; carried over between steps */
    const int cap = EIN_MAXOPS * (EIN_MAXOPS - 1) / 2;
    ein_choice *known = wt_tensor_sys_alloc(sizeof(ein_choice) * 2 * (size_t)cap);
    if (!known) return wt_error_fail(WT_ENOMEM, "einsum: out of memory planning the contraction");
    ein_choice *next = known + cap;
    int nk = 0, np = 0, newpos = -1;
    double path_cost = 0;
    *fallback = false;
    int total = in.n;
    for (int it = 0; it < total - 1; it++) {
        /* first all pairs, then only pairs with the newest tensor; outer products skipped */
        for (int x = 0; x < in.n; x++)
            for (int y = x + 1; y < in.n; y++) {
                if (it > 0 && y != newpos) continue;
                if (set_empty(set_and(in.s[x], in.s[y]))) continue;
                if (try_pair(e, &in, output, limit, path_cost, naive, x, y, &known[nk])) nk++;
            }
        if (!nk) { /* only outer products left: all pairs */
            for (int x = 0; x < in.n; x++)
                for (int y = x + 1; y < in.n; y++)
                    if (try_pair(e, &in, output, limit, path_cost, naive, x, y, &known[nk])) nk++;
            if (!nk) {
                *fallback = true;
                break;
            }
        }
        int b = 0;
        for (int i = 1; i < nk; i++)
            if (choice_less(&known[i], &known[b])) b = i;
        ein_choice best = known[b];
        /* NumPy's _update_other_results: keep the untouched candidates, renumbered */
        int nn = 0;
        for (int i = 0; i < nk; i++) {
            ein_choice c = known[i];
            if (c.x == best.x || c.x == best.y || c.y == best.x || c.y == best.y) continue;
            int bx = best.x, by = best.y;
            set_list s = c.sets, t = {0};
            int d1 = by - (by > c.x) - (by > c.y), d2 = bx - (bx > c.x) - (bx > c.y);
            for (int j = 0; j < s.n; j++)
                if (j != d1) t.s[t.n++] = s.s[j];
            s = t, t.n = 0;
            for (int j = 0; j < s.n; j++)
                if (j != d2) t.s[t.n++] = s.s[j];
            /* the new tensor goes before the candidate's own result (insert at -1) */
            ein_set last = t.s[t.n - 1];
            t.s[t.n - 1] = best.sets.s[best.sets.n - 1];
            t.s[t.n++] = last;
            c.sets = t;
            c.x = c.x - (c.x > bx) - (c.x > by);
            c.y = c.y - (c.y > bx) - (c.y > by);
            next[nn++] = c;
        }
        memcpy(known, next, sizeof(ein_choice) * (size_t)nn);
        nk = nn;
        in = best.sets;
        newpos = in.n - 1;
        path[np][0] = best.x, path[np][1] = best.y, np++;
        path_cost += best.cost;
    }
    *npath = np;
    wt_tensor_sys_free(known);
    return WT_OK;
}

wt_status ein_plan_path(const ein_eq *e, ein_plan *plan) {
    set_list in = {.n = e->nops};
    ein_set output = {{0, 0}}, all = {{0, 0}};
    double limit = 0, osize = 1;
    int total_labels = 0;
    for (int k = 0; k < e->nops; k++) {
        in.s[k] = (ein_set){{0, 0}};
        double term = 1;
        for (int j = 0; j < e->nlab[k]; j++) ein_add(&in.s[k], e->lab[k][j]), term *= (double)e->size[e->lab[k][j]];
        all = set_or(all, in.s[k]);
        if (term > limit) limit = term;
    }
    for (int j = 0; j < e->nout; j++) ein_add(&output, e->out[j]), osize *= (double)e->size[e->out[j]];
    if (osize > limit) limit = osize; /* NumPy's default memory limit: the largest input or output */
    for (int k = 0; k < e->nops; k++)
        for (int l = 0; l < EIN_NLABELS; l++) total_labels += ein_has(&in.s[k], l);
    int nall = 0;
    for (int l = 0; l < EIN_NLABELS; l++) nall += ein_has(&all, l);
    /* einsum_path's naive count sums when any label is shared; the greedy
    ** sieve's when any label is summed away (NumPy computes them so) */
    plan->naive_flops = flop_count(e, all, total_labels - nall > 0, e->nops);
    double sieve = flop_count(e, all, !set_eq(all, output), e->nops);
    int pairs[EIN_MAXOPS][2], np = 0;
    bool fallback = e->nops > 2 && !set_eq(all, output) ? false : true;
    if (!fallback) {
        wt_status st = e->nops <= OPT_MAX ? optimal(e, &in, output, limit, pairs, &np, &fallback)
                                          : greedy(e, in, output, limit, sieve, pairs, &np, &fallback);
        if (st) return st;
    }
    /* replay the path to cost each step (NumPy sorts each step's positions descending) */
    plan->nsteps = 0;
    plan->opt_flops = 0;
    plan->largest = 0;
    set_list cur = in;
    for (int s = 0; s <= np; s++) {
        ein_step *st = &plan->step[plan->nsteps];
        if (s < np) {
            st->nin = 2;
            st->pos[0] = pairs[s][1] > pairs[s][0] ? pairs[s][1] : pairs[s][0];
            st->pos[1] = pairs[s][1] > pairs[s][0] ? pairs[s][0] : pairs[s][1];
        } else if (fallback && cur.n > 0 && !(cur.n == 1 && plan->nsteps > 0)) {
            st->nin = cur.n; /* the rest, all at once */
            for (int j = 0; j < cur.n; j++) st->pos[j] = cur.n - 1 - j;
        } else {
            break;
        }
        set_list rest;
        find_contraction(st->pos, st->nin, &cur, output, &st->result, &rest, &st->removed, &st->contract);
        st->flops = flop_count(e, st->contract, !set_empty(st->removed), st->nin);
        st->size = set_size(e, st->result);
        plan->opt_flops += st->flops;
        if (st->size > plan->largest) plan->largest = st->size;
        cur = rest;
        plan->nsteps++;
    }
    plan->opt_flops += 1; /* as einsum_path reports it */
    return WT_OK;
}
