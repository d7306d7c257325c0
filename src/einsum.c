/* einsum.c — executing an einsum plan.
**
** Operands first become views with one axis per label: repeated labels fold
** into a diagonal (stride = sum of strides, no copy), size-1 axes broadcast
** with stride 0.  Labels only one operand uses and the output lacks are
** summed out at once.  Each pairwise step is TTGT without the transposes:
** batch / left / right / contracted label groups go to the packed GEMM,
** which reads both operands through their strides; a step with no
** contracted label is a broadcast multiply, and one whose left or right
** side is a single element a fused multiply-and-reduce (the elementwise
** engine's reduce-into-out), both without temporaries. */
#include "einsum_plan.h"
#include "gemm.h"
#include "ops.h"
#include "pass.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    wt_tensor *t; /* owned handle: axis k carries label lab[k] */
    int n;
    int8_t lab[WT_MAX_DIMS];
} ein_op;

static int axis_of(const ein_op *o, int l) {
    for (int k = 0; k < o->n; k++)
        if (o->lab[k] == l) return k;
    return -1;
}

/* a view of o with axes for labels want[] (in that order); a label o lacks
** gets an axis of size 1 (stride 0) */
static wt_status view_as(const ein_op *o, int n, const int8_t *want, wt_tensor **out) {
    wt_desc d = o->t->d;
    d.ndim = n;
    for (int k = 0; k < n; k++) {
        int ax = axis_of(o, want[k]);
        d.shape[k] = ax < 0 ? 1 : o->t->d.shape[ax];
        d.strides[k] = ax < 0 ? 0 : o->t->d.strides[ax];
    }
    return wt_tensor_view(o->t, &d, out);
}

static void op_free(ein_op *o) {
    wt_tensor_free(o->t);
    o->t = NULL;
}

/* sum o over its labels outside keep, in dtype dt (integer sums cast back) */
static wt_status sum_out(ein_op *o, ein_set keep, int dt) {
    int axes[WT_MAX_DIMS], na = 0;
    ein_op r = {.n = 0};
    for (int k = 0; k < o->n; k++) {
        if (ein_has(&keep, o->lab[k]))
            r.lab[r.n++] = o->lab[k];
        else
            axes[na++] = k;
    }
    if (!na) return WT_OK;
    wt_tensor *s;
    bool red[WT_MAX_DIMS] = {false};
    for (int k = 0; k < na; k++) red[axes[k]] = true;
    wt_status st = wt_reduce_run(WT_REDUCE_SUM, o->t, red, false, "einsum", &s);
    if (!st && s->d.dtype != dt) { /* int8 sums come back int32; einsum keeps int8 */
        wt_tensor *c;
        st = wt_assign_astype(s, dt, &c);
        wt_tensor_free(s);
        s = c;
    }
    if (st) return st;
    op_free(o);
    r.t = s;
    *o = r;
    return WT_OK;
}

static int64_t labels_size(const ein_eq *e, int n, const int8_t *lab) {
    int64_t s = 1;
    for (int k = 0; k < n; k++) s *= e->size[lab[k]];
    return s;
}

/* wt_group of o's axes for labels[] (bytes) */
static void group_of(const ein_eq *e, const ein_op *o, int n, const int8_t *labels, wt_group *g) {
    int64_t z = (int64_t)wt_dtype_size(o->t->d.dtype);
    g->n = n;
    for (int k = 0; k < n; k++) {
        int ax = axis_of(o, labels[k]);
        g->shape[k] = e->size[labels[k]];
        g->stride[k] = ax < 0 ? 0 : o->t->d.strides[ax] * z;
    }
}

/* A x B -> r, keeping the labels in keep */
static wt_status pairwise(const ein_eq *e, ein_op *a, ein_op *b, ein_set keep, int dt, ein_op *r) {
    ein_set ka = keep, kb = keep; /* what each side must keep: the result's labels and the other side's */
    for (int k = 0; k < b->n; k++) ein_add(&ka, b->lab[k]);
    for (int k = 0; k < a->n; k++) ein_add(&kb, a->lab[k]);
    wt_status st = sum_out(a, ka, dt);
    if (!st) st = sum_out(b, kb, dt);
    if (st) return st;
    int8_t batch[WT_MAX_DIMS], left[WT_MAX_DIMS], right[WT_MAX_DIMS], con[WT_MAX_DIMS];
    int nb = 0, nl = 0, nr = 0, nc = 0;
    for (int k = 0; k < a->n; k++) {
        int l = a->lab[k];
        if (axis_of(b, l) < 0)
            left[nl++] = (int8_t)l;
        else if (ein_has(&keep, l))
            batch[nb++] = (int8_t)l;
        else
            con[nc++] = (int8_t)l;
    }
    for (int k = 0; k < b->n; k++)
        if (axis_of(a, b->lab[k]) < 0) right[nr++] = b->lab[k];
    r->n = 0;
    for (int k = 0; k < nb; k++) r->lab[r->n++] = batch[k];
    for (int k = 0; k < nl; k++) r->lab[r->n++] = left[k];
    for (int k = 0; k < nr; k++) r->lab[r->n++] = right[k];
    if (r->n + nc > WT_MAX_DIMS)
        return wt_error_fail(WT_ESHAPE, "einsum: an intermediate would have more than %d dimensions", WT_MAX_DIMS);
    int64_t M = labels_size(e, nl, left), N = labels_size(e, nr, right);
    int64_t rshape[WT_MAX_DIMS];
    for (int k = 0; k < r->n; k++) rshape[k] = e->size[r->lab[k]];
    wt_desc rd;
    if (nc && M > 1 && N > 1) { /* a (batched) GEMM */
        if ((st = wt_desc_init(&rd, dt, r->n, rshape)) || (st = wt_tensor_alloc(&rd, false, &r->t))) return st;
        wt_gemm g = {.dtype = dt, .a = wt_first(a->t), .b = wt_first(b->t), .c = wt_first(r->t)};
        group_of(e, a, nl, left, &g.am), group_of(e, a, nc, con, &g.ak);
        group_of(e, b, nc, con, &g.bk), group_of(e, b, nr, right, &g.bn);
        group_of(e, r, nl, left, &g.cm), group_of(e, r, nr, right, &g.cn);
        group_of(e, a, nb, batch, &g.batch[0]), group_of(e, b, nb, batch, &g.batch[1]),
            group_of(e, r, nb, batch, &g.batch[2]);
        return wt_gemm_run(&g);
    }
    /* elementwise: a broadcast multiply, summed into r over the contracted labels */
    int8_t full[WT_MAX_DIMS];
    memcpy(full, r->lab, (size_t)r->n);
    memcpy(full + r->n, con, (size_t)nc);
    for (int k = 0; k < nc; k++) rshape[r->n + k] = 1;
    wt_tensor *va = NULL, *vb = NULL;
    if (!(st = wt_desc_init(&rd, dt, r->n + nc, rshape)) && !(st = wt_tensor_alloc(&rd, false, &r->t)) &&
        !(st = view_as(a, r->n + nc, full, &va)) && !(st = view_as(b, r->n + nc, full, &vb))) {
        const wt_tensor *in[2] = {va, vb};
        wt_ewise_call c = {.name = "einsum",
                           .op = WT_OP_MUL,
                           .n = 2,
                           .in = in,
                           .alpha = 1,
                           .beta = 1,
                           .out = r->t,
                           .reduce = nc ? WT_REDUCE_SUM : WT_REDUCE_NONE,
                           .compute = -1,
                           .acc = -1};
        st = wt_ewise_run(&c);
        r->t->d.ndim = r->n; /* drop the summed size-1 axes: same contiguous elements */
    }
    wt_tensor_free(va);
    wt_tensor_free(vb);
    return st;
}

/* the operand as a view with one axis per distinct label, in dtype dt */
static wt_status prepare(const ein_eq *e, const wt_tensor *t, int k, int dt, ein_op *o) {
    wt_tensor *src = NULL;
    wt_status st = t->d.dtype == dt ? wt_tensor_clone(t, &src) : wt_assign_astype(t, dt, &src);
    if (st) return st;
    wt_desc d = src->d;
    o->n = 0;
    for (int j = 0; j < e->nlab[k]; j++) {
        int l = e->lab[k][j], ax = axis_of(o, l);
        int64_t stride = src->d.shape[j] == 1 && e->size[l] != 1 ? 0 : src->d.strides[j]; /* size 1 broadcasts */
        if (ax >= 0) { /* a repeated label: the diagonal */
            d.strides[ax] += stride;
            continue;
        }
        o->lab[o->n] = (int8_t)l;
        d.shape[o->n] = e->size[l];
        d.strides[o->n++] = stride;
    }
    d.ndim = o->n;
    st = wt_tensor_view(src, &d, &o->t);
    wt_tensor_free(src);
    return st;
}

/* one step of the plan: its operands taken out of list (positions are
** descending; the rest keep their order), contracted pairwise from the last,
** and the result appended */
static wt_status run_step(const ein_eq *e, const ein_step *sp, ein_op *list, int *cnt, int dt) {
    ein_op picked[EIN_MAXOPS], acc;
    int np = 0;
    wt_status st = WT_OK;
    for (int j = 0; j < sp->nin; j++) picked[np++] = list[sp->pos[j]];
    for (int j = 0; j < sp->nin; j++) {
        memmove(&list[sp->pos[j]], &list[sp->pos[j] + 1], sizeof(ein_op) * (size_t)(*cnt - sp->pos[j] - 1));
        (*cnt)--;
    }
    acc = picked[np - 1];
    for (int j = np - 2; j >= 0 && !st; j--) {
        ein_set keep = sp->result; /* and the labels of the operands still to come in this step */
        for (int q = 0; q < j; q++)
            for (int x = 0; x < picked[q].n; x++) ein_add(&keep, picked[q].lab[x]);
        ein_op r = {0};
        st = pairwise(e, &acc, &picked[j], keep, dt, &r);
        op_free(&acc);
        op_free(&picked[j]);
        acc = r;
    }
    for (int j = 0; j < np - 1 && st; j++) op_free(&picked[j]);
    if (!st && np == 1) st = sum_out(&acc, sp->result, dt);
    if (st) {
        op_free(&acc);
        return st;
    }
    list[(*cnt)++] = acc;
    return WT_OK;
}

wt_status wt_einsum(const char *eq, int n, const wt_tensor *const *ops, wt_tensor *out, wt_tensor **result) {
    if (n < 1 || n > EIN_MAXOPS || !ops)
        return wt_error_fail(WT_EINVAL, "einsum: %d operands given (1 to %d)", n, EIN_MAXOPS);
    if (!out && !result) return wt_error_fail(WT_EINVAL, "einsum: result pointer is NULL");
    if (out && (out->d.flags & WT_FLAG_READONLY)) return wt_error_fail(WT_EREADONLY, "einsum: out is read-only");
    int ndims[EIN_MAXOPS];
    const int64_t *shapes[EIN_MAXOPS];
    for (int k = 0; k < n; k++) {
        if (!ops[k]) return wt_error_fail(WT_EINVAL, "einsum: operand %d is NULL", k + 1);
        ndims[k] = ops[k]->d.ndim, shapes[k] = ops[k]->d.shape;
    }
    ein_eq e;
    ein_plan plan;
    wt_status st = ein_parse(eq, n, ndims, shapes, &e);
    if (!st) st = ein_plan_path(&e, &plan);
    if (st) return st;
    int dts[EIN_MAXOPS];
    wt_dtype dt;
    for (int k = 0; k < n; k++) dts[k] = ops[k]->d.dtype;
    if ((st = wt_dtype_promote_list(n, dts, &dt))) return st; /* all at once, as np.result_type */
    int64_t oshape[WT_MAX_DIMS];
    for (int j = 0; j < e.nout; j++) oshape[j] = e.size[e.out[j]];
    if (out && (st = wt_pass_out_shape("einsum", out, e.nout, oshape))) return st;
    if ((st = wt_pass_out_cast("einsum", dt, out, WT_CASTING_SAFE))) return st;
    /* float16 is computed in float32 and rounded once at the end, unless
    ** the result is a view of the one operand (nothing summed, nothing multiplied) */
    int used = 0, rdt = dt;
    for (int l = 0; l < EIN_NLABELS; l++) used += e.used[l];
    if (!(n == 1 && e.nout == used)) dt = (wt_dtype)wt_dtype_compute(dt);
    ein_op list[EIN_MAXOPS];
    int cnt = 0;
    ein_set output = {{0, 0}};
    for (int j = 0; j < e.nout; j++) ein_add(&output, e.out[j]);
    for (int k = 0; k < n && !st; k++)
        if (!(st = prepare(&e, ops[k], k, dt, &list[k]))) cnt++;
    /* labels only one operand uses, and the output lacks, are summed at once */
    for (int k = 0; k < cnt && !st && n > 1; k++) {
        ein_set keep = output;
        for (int q = 0; q < cnt; q++)
            if (q != k)
                for (int j = 0; j < list[q].n; j++) ein_add(&keep, list[q].lab[j]);
        st = sum_out(&list[k], keep, dt);
    }
    for (int s = 0; s < plan.nsteps && !st; s++) st = run_step(&e, &plan.step[s], list, &cnt, dt);
    wt_tensor *res = NULL;
    if (!st) {
        if (cnt != 1)
            st = wt_error_fail(WT_EINVAL, "einsum: internal plan left %d operands", cnt); /* unreachable */
        else if (!(st = sum_out(&list[0], output, dt)))
            st = view_as(&list[0], e.nout, e.out, &res);
    }
    for (int k = 0; k < cnt; k++) op_free(&list[k]);
    wt_tensor *rounded = NULL;
    if (!st && (int)dt != rdt && !(st = wt_assign_astype(res, rdt, &rounded))) wt_tensor_free(res), res = rounded;
    return st ? st : wt_pass_deliver("einsum", res, out, result);
}

/* ---- einsum_path --------------------------------------------------------- */

typedef struct {
    char *buf;
    size_t cap, len;
} sbuf;

static void put(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(sbuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->len < b->cap ? b->buf + b->len : NULL, b->len < b->cap ? b->cap - b->len : 0, fmt, ap);
    va_end(ap);
    if (k > 0) b->len += (size_t)k;
}

static void put_labels(sbuf *b, const ein_eq *e, ein_set s) {
    for (int l = 0; l < EIN_NLABELS; l++)
        if (ein_has(&s, l)) put(b, "%c", ein_letter(e, l));
}

static bool empty_set(ein_set s) { return !s.w[0] && !s.w[1]; }
static ein_set and_set(ein_set a, ein_set b) { return (ein_set){{a.w[0] & b.w[0], a.w[1] & b.w[1]}}; }
static ein_set minus_set(ein_set a, ein_set b) { return (ein_set){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}}; }

/* what a step does, as the executor sees it */
static const char *step_kind(const ein_step *st, const ein_set *in) {
    if (st->nin == 1) return empty_set(st->removed) ? "view" : "reduction";
    if (st->nin > 2) return "product";
    ein_set a = in[st->pos[1]], b = in[st->pos[0]], shared = and_set(a, b);
    ein_set con = and_set(shared, st->removed), batch = minus_set(shared, st->removed);
    ein_set left = minus_set(minus_set(a, b), st->removed), right = minus_set(minus_set(b, a), st->removed);
    if (empty_set(con)) return empty_set(left) && empty_set(right) ? "Hadamard" : "outer";
    if (empty_set(left) || empty_set(right)) return "reduction";
    return empty_set(batch) ? "GEMM" : "batched GEMM";
}

wt_status wt_einsum_path(const char *eq, int n, const int *ndims, const int64_t *const *shapes, char *json, size_t cap,
                         size_t *len) {
    if (n > 0 && (!ndims || !shapes)) return wt_error_fail(WT_EINVAL, "einsum_path: ndims or shapes is NULL");
    if (!len || (cap && !json)) return wt_error_fail(WT_EINVAL, "einsum_path: output buffer is NULL");
    *len = 0; /* nonzero only with a buffer too small: callers size their retry by it */
    ein_eq e;
    ein_plan plan;
    wt_status st = ein_parse(eq, n, ndims, shapes, &e);
    if (!st) st = ein_plan_path(&e, &plan);
    if (st) return st;
    sbuf b = {json, cap, 0};
    ein_set cur[EIN_MAXOPS];
    int cnt = n;
    for (int k = 0; k < n; k++) {
        cur[k] = (ein_set){{0, 0}};
        for (int j = 0; j < e.nlab[k]; j++) ein_add(&cur[k], e.lab[k][j]);
    }
    put(&b, "{\"equation\":\"");
    for (int k = 0; k < n; k++) {
        if (k) put(&b, ",");
        for (int j = 0; j < e.nlab[k]; j++) put(&b, "%c", ein_letter(&e, e.lab[k][j]));
    }
    put(&b, "->");
    for (int j = 0; j < e.nout; j++) put(&b, "%c", ein_letter(&e, e.out[j]));
    put(&b, "\",\"shape\":[");
    for (int j = 0; j < e.nout; j++) put(&b, "%s%lld", j ? "," : "", (long long)e.size[e.out[j]]);
    put(&b, "],\"path\":[");
    for (int s = 0; s < plan.nsteps; s++) {
        put(&b, "%s[", s ? "," : "");
        for (int j = 0; j < plan.step[s].nin; j++) put(&b, "%s%d", j ? "," : "", plan.step[s].pos[j]);
        put(&b, "]");
    }
    put(&b, "],\"steps\":[");
    for (int s = 0; s < plan.nsteps; s++) {
        const ein_step *sp = &plan.step[s];
        put(&b, "%s{\"operands\":[", s ? "," : "");
        for (int j = 0; j < sp->nin; j++) put(&b, "%s%d", j ? "," : "", sp->pos[j]);
        put(&b, "],\"subscripts\":\"");
        for (int j = sp->nin - 1; j >= 0; j--) {
            put_labels(&b, &e, cur[sp->pos[j]]);
            if (j) put(&b, ",");
        }
        put(&b, "->");
        put_labels(&b, &e, sp->result);
        put(&b, "\",\"kind\":\"%s\",\"flops\":%.17g,\"size\":%.17g}", step_kind(sp, cur), sp->flops, sp->size);
        for (int j = 0; j < sp->nin; j++) { /* descending positions: later removals first */
            memmove(&cur[sp->pos[j]], &cur[sp->pos[j] + 1], sizeof(ein_set) * (size_t)(cnt - sp->pos[j] - 1));
            cnt--;
        }
        cur[cnt++] = sp->result;
    }
    put(&b, "],\"naiveFlops\":%.17g,\"optimizedFlops\":%.17g,\"largestIntermediate\":%.17g}", plan.naive_flops,
        plan.opt_flops, plan.largest);
    *len = b.len;
    if (b.len + 1 > cap)
        return wt_error_fail(WT_EINVAL, "einsum_path: the description needs %zu bytes, the buffer has %zu", b.len + 1,
                             cap);
    return WT_OK;
}
