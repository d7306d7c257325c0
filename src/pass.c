/* pass.c — the pass driver (pass.h): the steps every elementwise pass takes
** around its kernels, written once for wt_ewise and wt_fuse. */
#include "pass.h"
#include "ops.h"
#include "parallel.h"
#include <string.h>

/* the same elements in the same places: an in-place pass may read one and write the other */
static bool same_layout(const wt_tensor *a, const wt_tensor *b) {
    if (a->buf->data != b->buf->data || a->d.dtype != b->d.dtype || a->d.offset != b->d.offset) return false;
    if (a->d.ndim != b->d.ndim) return false;
    for (int i = 0; i < a->d.ndim; i++)
        if (a->d.shape[i] != b->d.shape[i] || (a->d.shape[i] > 1 && a->d.strides[i] != b->d.strides[i])) return false;
    return true;
}

bool wt_pass_must_copy(const wt_tensor *out, const wt_tensor *t) {
    return wt_assign_may_overlap(out, t) && !same_layout(out, t);
}

wt_status wt_pass_out_writable(const char *name, const wt_tensor *out, wt_tensor **result) {
    if (!out && !result) return wt_error_fail(WT_EINVAL, "%s: result pointer is NULL", name);
    if (out && (out->d.flags & WT_FLAG_READONLY))
        return wt_error_fail(WT_EREADONLY, "%s: out is read-only (a broadcast view, or a view of one)", name);
    return WT_OK;
}

wt_status wt_pass_out_cast(const char *name, int from, const wt_tensor *out, int rule) {
    if (!out) return WT_OK;
    rule = wt_desc_casting(&out->d, rule);
    if (wt_can_cast(from, out->d.dtype, rule)) return WT_OK;
    return wt_error_fail(WT_EDTYPE, "%s: cannot cast the result from %s to out's dtype %s under casting '%s'%s", name,
                         wt_dtype_name(from), wt_dtype_name(out->d.dtype), wt_dtype_casting_name(rule),
                         rule == WT_CASTING_UNSAFE ? "" : " (casting 'unsafe' allows it)");
}

wt_status wt_pass_out_mismatch(const char *name, const wt_tensor *out, int nd, const int64_t *shape) {
    char a[WT_SHAPE_STR], b[WT_SHAPE_STR];
    return wt_error_fail(WT_ESHAPE, "%s: out has shape %s but the result has shape %s", name,
                         wt_error_fmt_shape(a, sizeof a, out->d.ndim, out->d.shape),
                         wt_error_fmt_shape(b, sizeof b, nd, shape));
}

wt_status wt_pass_out_shape(const char *name, const wt_tensor *out, int nd, const int64_t *shape) {
    bool ok = out->d.ndim == nd;
    for (int i = 0; ok && i < nd; i++) ok = out->d.shape[i] == shape[i];
    return ok ? WT_OK : wt_pass_out_mismatch(name, out, nd, shape);
}

wt_status wt_pass_deliver(const char *name, wt_tensor *r, wt_tensor *out, wt_tensor **result) {
    if (!out) {
        *result = r;
        return WT_OK;
    }
    wt_status st = wt_pass_out_shape(name, out, r->d.ndim, r->d.shape);
    if (!st) st = wt_assign_deliver(out, r, result);
    wt_tensor_free(r);
    return st;
}

/* the inputs broadcast to out's shape (out may be larger): full becomes out's shape */
static wt_status widen_to_out(const char *name, const wt_tensor *out, int *nd, int64_t *full) {
    int ond;
    int64_t oshape[WT_MAX_DIMS];
    const int64_t *pair[2] = {full, out->d.shape};
    bool ok = wt_broadcast_shapes(2, (int[]){*nd, out->d.ndim}, pair, &ond, oshape) == WT_OK && ond == out->d.ndim;
    for (int i = 0; ok && i < ond; i++) ok = oshape[i] == out->d.shape[i];
    if (!ok) return wt_pass_out_mismatch(name, out, *nd, full);
    *nd = ond;
    memcpy(full, oshape, sizeof(int64_t) * (size_t)ond);
    return WT_OK;
}

/* a reduction of (nd, full) into out: out broadcasts to it, and an empty
** max/min has no identity unless it was already accepted */
static wt_status check_reduce_into(const char *name, const wt_tensor *out, int rop, bool empty_ok, int nd,
                                   const int64_t *full) {
    wt_desc target;
    char a[WT_SHAPE_STR], b[WT_SHAPE_STR];
    if (wt_desc_broadcast(&out->d, nd, full, name, &target))
        return wt_error_fail(WT_ESHAPE, "%s: cannot reduce a result of shape %s into out of shape %s", name,
                             wt_error_fmt_shape(a, sizeof a, nd, full),
                             wt_error_fmt_shape(b, sizeof b, out->d.ndim, out->d.shape));
    int64_t total = 1;
    for (int i = 0; i < nd; i++) total *= full[i];
    if (total == 0 && wt_desc_size(&out->d) > 0 && (rop == WT_REDUCE_MAX || rop == WT_REDUCE_MIN) && !empty_ok)
        return wt_error_fail(WT_EINVAL, "%s: zero-size reduction with %s, which has no identity", name,
                             wt_ops_reduce_name(rop));
    return WT_OK;
}

wt_status wt_pass_shape(const char *name, int n, const wt_tensor *const *in, const wt_tensor *out, int rop,
                        bool empty_ok, int *ndp, int64_t *full) {
    wt_status st;
    int nd = 0, ndims[WT_ITER_MAXOPS], cnt = 0;
    const int64_t *shapes[WT_ITER_MAXOPS];
    for (int k = 0; k < n; k++)
        if (in[k]) ndims[cnt] = in[k]->d.ndim, shapes[cnt++] = in[k]->d.shape;
    if ((st = wt_broadcast_shapes(cnt, ndims, shapes, &nd, full))) return st;
    if (out && !rop && (st = widen_to_out(name, out, &nd, full))) return st;
    if (rop && (st = check_reduce_into(name, out, rop, empty_ok, nd, full))) return st;
    *ndp = nd;
    return WT_OK;
}

/* the result, the accumulator, a handle on out and the overlap copies */
static wt_status allocate(wt_pass *p) {
    wt_status st = WT_OK;
    wt_desc d;
    if (p->out && p->result) st = wt_tensor_clone(p->out, &p->handle);
    if (!st && !p->out) {
        if (!(st = wt_desc_init(&d, p->res, p->nd, p->full))) st = wt_tensor_alloc(&d, false, &p->made);
    } else if (!st && p->rop && !p->direct) {
        if (!(st = wt_desc_init(&d, p->acc, p->out->d.ndim, p->out->d.shape)))
            st = wt_tensor_alloc(&d, false, &p->accum);
    }
    for (int k = 0; k < p->n && !st; k++)
        if (p->out && !p->rop && wt_pass_must_copy(p->out, p->in[k]) && !(st = wt_copy(p->in[k], &p->copies[k])))
            p->in[k] = p->copies[k];
    return st;
}

wt_status wt_pass_prepare(wt_pass *p) {
    wt_status st = allocate(p);
    if (st) return st;
    p->target = p->rop && !p->direct ? p->accum : p->out ? p->out : p->made;
    /* every operand viewed at the iteration shape; the accumulator with
    ** stride 0 along the axes it reduces */
    const wt_tensor *ops[WT_ITER_MAXOPS];
    wt_tensor views[WT_ITER_MAXOPS];
    for (int k = 0; k <= p->n; k++) {
        const wt_tensor *t = k ? p->in[k - 1] : p->target;
        views[k].buf = t->buf;
        wt_desc_broadcast(&t->d, p->nd, p->full, p->name, &views[k].d); /* shapes checked: cannot fail */
        ops[k] = &views[k];
    }
    wt_iter_init(&p->it, p->n + 1, ops, p->rop ? 1 : 0);
    int64_t size = wt_iter_size(&p->it);
    if (!p->rop) {
        bool slab;
        p->nparts = wt_parallel_plain_parts(&p->it, &slab);
        p->slab = slab ? 1 : 0; /* axis 0 */
        return WT_OK;
    }
    /* a reduction in slabs of its output: each output element folded as by one thread */
    int axis = wt_iter_split_axis(&p->it);
    int parts = axis < 0 ? 1 : wt_parallel_parts_fine(size, WT_PARALLEL_MIN_PART);
    int64_t most = axis < 0 ? 1 : p->it.shape[axis];
    if (axis >= 0 && axis == p->it.ndim - 1) { /* parts of every row: each must read WT_PASS_MIN_SLAB bytes of it */
        int64_t width = 0;
        for (int k = 0; k <= p->n; k++) {
            int64_t s = p->it.strides[k][axis] < 0 ? -p->it.strides[k][axis] : p->it.strides[k][axis];
            width = s > width ? s : width;
        }
        most = width * p->it.shape[axis] / WT_PASS_MIN_SLAB;
    }
    if (parts > most) parts = most < 1 ? 1 : (int)most;
    p->nparts = parts;
    p->slab = parts > 1 ? axis + 1 : 0;
    return WT_OK;
}

/* leaves [at, at + 2^depth) cover n values from begin: halves, or where the pairwise sum splits */
static void cut_leaves(wt_pass *p, int at, int64_t begin, int64_t n, int depth, bool tree) {
    if (!depth) {
        p->cut[at] = begin;
        return;
    }
    int64_t h = tree ? wt_kernels_pairwise_half(n) : n / 2;
    cut_leaves(p, at, begin, h, depth - 1, tree);
    cut_leaves(p, at + (1 << (depth - 1)), begin + h, n - h, depth - 1, tree);
}

void wt_pass_split_whole(wt_pass *p, bool one_run, bool fixed) {
    if (!p->rop || p->slab || wt_iter_split_axis(&p->it) >= 0 || wt_dtype_is_complex(p->acc)) return;
    bool inexact = wt_dtype_is_inexact(p->acc);
    bool tree = inexact && p->rop == WT_REDUCE_SUM && one_run && p->it.ndim == 1;
    fixed = fixed && inexact && !tree && p->rop == WT_REDUCE_SUM;
    if (inexact && !tree && !fixed && p->rop != WT_REDUCE_MAX && p->rop != WT_REDUCE_MIN) return; /* float products */
    int64_t n = wt_iter_size(&p->it);
    int parts = wt_parallel_parts_fine(n, WT_PARALLEL_MIN_PART), depth = 0;
    if (fixed) /* leaves by the size alone: one thread folds the same ones in turn */
        while ((2 << depth) <= WT_PASS_MAXPARTS && n >> (depth + 1) >= WT_PARALLEL_MIN_PART) depth++;
    else if (parts > 1)
        while ((1 << depth) < parts) depth++;
    if (!depth) return;
    p->leaves = 1 << depth;
    p->nparts = parts < p->leaves ? parts : p->leaves;
    cut_leaves(p, 0, 0, n, depth, tree);
    p->cut[p->leaves] = n;
}

wt_status wt_pass_scratch(wt_pass *p, size_t bytes_per_part, bool counted) {
    size_t total = bytes_per_part * (size_t)p->nparts;
    if (total) {
        p->counted = counted;
        p->scratch = counted ? wt_tensor_alloc_bytes(total) : wt_tensor_sys_alloc(total);
        if (!p->scratch) return wt_error_fail(WT_ENOMEM, "%s: out of memory for %zu bytes of scratch", p->name, total);
        p->scratch_bytes = total;
    }
    for (int k = 0; k < p->nparts; k++) p->parts[k].scratch = total ? p->scratch + (size_t)k * bytes_per_part : NULL;
    return WT_OK;
}

static void part_inner(void *ctx, char **ptr, const int64_t *st, int64_t n) {
    const wt_pass_part *part = ctx;
    part->fn(part->plan, part->scratch, ptr, st, n);
}

/* leaves [begin, end), each folded into its own partial */
static void leaf_task(void *ctx, int64_t begin, int64_t end, int part) {
    wt_pass *p = ctx;
    for (int64_t l = begin; l < end; l++) {
        wt_iter it = p->it;
        it.ptr[0] = (char *)&p->partial[l]; /* the output steps nowhere: one element */
        wt_iter_run_range(&it, part_inner, &p->parts[part], p->cut[l], p->cut[l + 1]);
    }
}

/* the partials combined as the tree they are leaves of, then into the target */
static void run_leaves(wt_pass *p) {
    for (int l = 0; l < p->leaves; l++) wt_reduce_identity_at(p->rop, p->acc, &p->partial[l]);
    wt_parallel_for(p->leaves, p->nparts, leaf_task, p);
    wt_accum fold = wt_kernels_accum_ref(p->rop, p->acc);
    for (int w = 1; w < p->leaves; w *= 2)
        for (int l = 0; l + w < p->leaves; l += 2 * w)
            fold((char *)&p->partial[l], 0, (char *)&p->partial[l + w], 0, 1);
    fold(wt_first(p->target), 0, (char *)&p->partial[0], 0, 1);
}

void wt_pass_run(wt_pass *p, wt_pass_fn fn, const void *plan) {
    if (p->rop) {
        wt_slot slot;
        wt_reduce_identity_at(p->rop, p->acc, &slot);
        wt_assign_fill_slot(p->target, &slot);
    }
    for (int k = 0; k < p->nparts; k++) p->parts[k].fn = fn, p->parts[k].plan = plan;
    if (p->slab)
        wt_parallel_iter_slab(&p->it, p->slab - 1, part_inner, NULL, p->parts, sizeof p->parts[0], p->nparts);
    else if (p->leaves)
        run_leaves(p);
    else
        wt_parallel_iter(&p->it, part_inner, p->parts, sizeof p->parts[0], p->nparts);
}

#define TABLE_MIN 65536 /* elements: below, 256 evaluations are a visible share */

bool wt_pass_tabulate(const wt_pass *p, wt_pass_fn fn, const void *plan, wt_pass_table *T) {
    if (p->rop || wt_iter_size(&p->it) < TABLE_MIN) return false;
    int at = -1;
    for (int k = 0; k < p->n; k++) {
        const wt_desc *d = &p->in[k]->d;
        if (wt_desc_size(d) == 1) continue;
        if (at >= 0 || wt_dtype_size(d->dtype) != 1) return false;
        at = k;
    }
    if (at < 0) return false;
    uint8_t values[256];
    char *ptr[WT_ITER_MAXOPS];
    int64_t st[WT_ITER_MAXOPS];
    for (int v = 0; v < 256; v++) values[v] = (uint8_t)v;
    for (int k = 0; k < p->n; k++)
        ptr[k + 1] = k == at ? (char *)values : wt_first(p->in[k]), st[k + 1] = k == at ? 1 : 0;
    T->in = at + 1, T->size = (int)wt_dtype_size(p->target->d.dtype);
    ptr[0] = T->table, st[0] = T->size;
    fn(plan, p->parts[0].scratch, ptr, st, 256);
    return true;
}

void wt_pass_gather(const void *table, char *scratch, char **ptr, const int64_t *st, int64_t n) {
    const wt_pass_table *T = table;
    const uint8_t *in = (const uint8_t *)ptr[T->in];
    int64_t is = st[T->in], os = st[0];
    char *out = ptr[0];
#define GATHER(z)                                                                               \
    for (int64_t i = 0; i < n; i++) memcpy(out + i * os, T->table + (size_t)in[i * is] * z, z); \
    return
    switch (T->size) { /* a loop per size: each copy is one load and one store */
    case 1: GATHER(1);
    case 2: GATHER(2);
    case 4: GATHER(4);
    case 8: GATHER(8);
    default: GATHER(16);
    }
#undef GATHER
}

wt_status wt_pass_finish(wt_pass *p, int64_t mean_count) {
    wt_status st;
    if (mean_count >= 0 && (st = wt_reduce_mean_divide(p->target, mean_count)))
        return st;                                         /* out untouched, or private */
    if (p->rop && !p->direct) wt_assign(p->out, p->accum); /* shape and dtype validated: cannot fail */
    if (p->out && p->result)
        *p->result = p->handle, p->handle = NULL;
    else if (!p->out)
        *p->result = p->made, p->made = NULL;
    return WT_OK;
}

void wt_pass_free(wt_pass *p) {
    if (p->counted)
        wt_tensor_free_bytes(p->scratch, p->scratch_bytes);
    else
        wt_tensor_sys_free(p->scratch);
    p->scratch = NULL;
    wt_tensor_free(p->handle);
    for (int k = 0; k < p->n; k++) wt_tensor_free(p->copies[k]);
    wt_tensor_free(p->accum);
    wt_tensor_free(p->made);
    p->handle = p->accum = p->made = NULL;
}
