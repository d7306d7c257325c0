/* ewise.c — the elementwise driver.  One pass of the strided iterator over
** [target, inputs...]: inputs whose dtype differs from the compute dtype (or
** that are scaled by alpha/beta) are converted block by block into scratch
** buffers; results go straight to the target when its dtype matches, else
** through a buffer and a cast.  In reduce mode the target is an accumulator
** with stride 0 along the reduced axes, and results are folded into it. */
#include "ops.h"
#include "parallel.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK 2048   /* elements per buffered block: a few KiB per operand, in L1 */

typedef struct {
    int op, n, rop;
    wt_kernel kern;
    int comp[3], res, acc;         /* dtypes: per input, kernel output, accumulator */
    wt_cast_fn in_cast[3];         /* input dtype -> comp, or NULL */
    bool scale[2];                 /* multiply input k by its factor (slots[k]) */
    wt_cast_fn res_cast;           /* res -> target dtype, or NULL */
    wt_accum accum;                /* reduce mode */
    bool reduce_direct;            /* reduce of COPY: fold the input itself */
    char *scratch;                 /* (n + 2) blocks of 8 bytes */
    double slots[2];               /* the scale factors in the compute dtype */
} plan;

static void run_block(const plan *P, char **ptr, const int64_t *st, int64_t m, char **bufs) {
    char *kp[4];
    int64_t ks[4];
    for (int k = 0; k < P->n; k++) {
        const char *src = ptr[k + 1];
        int64_t csz = (int64_t)wt_dtype_size(P->comp[k]);
        if (!P->in_cast[k] && !(k < 2 && P->scale[k])) {
            kp[k + 1] = (char *)src;
            ks[k + 1] = st[k + 1];
            continue;
        }
        /* a broadcast input converts once and stays broadcast */
        int64_t cm = st[k + 1] == 0 ? 1 : m;
        if (P->in_cast[k]) P->in_cast[k](src, st[k + 1], bufs[k], csz, cm);
        else wt_cast_get(P->comp[k], P->comp[k])(src, st[k + 1], bufs[k], csz, cm);
        if (k < 2 && P->scale[k]) {
            char *mp[3] = {bufs[k], bufs[k], (char *)&P->slots[k]};
            const int64_t ms[3] = {csz, csz, 0};
            wt_kernel_get(WT_OP_MUL, P->comp[k])(mp, ms, cm);
        }
        kp[k + 1] = bufs[k];
        ks[k + 1] = st[k + 1] == 0 ? 0 : csz;
    }
    int64_t rsz = (int64_t)wt_dtype_size(P->res);
    if (P->rop == WT_REDUCE_NONE) {
        if (!P->res_cast) {
            kp[0] = ptr[0];
            ks[0] = st[0];
            P->kern(kp, ks, m);
        } else {
            kp[0] = bufs[3];
            ks[0] = rsz;
            P->kern(kp, ks, m);
            P->res_cast(bufs[3], rsz, ptr[0], st[0], m);
        }
        return;
    }
    const char *vals;
    int64_t vs;
    if (P->reduce_direct) {
        vals = kp[1];
        vs = ks[1];
    } else {
        kp[0] = bufs[3];
        ks[0] = rsz;
        P->kern(kp, ks, m);
        vals = bufs[3];
        vs = rsz;
    }
    if (P->res_cast) {   /* results -> accumulator dtype */
        int64_t asz = (int64_t)wt_dtype_size(P->acc);
        P->res_cast(vals, vs, bufs[4], asz, vs == 0 ? 1 : m);
        vals = bufs[4];
        vs = vs == 0 ? 0 : asz;
    }
    if (vs == 0 && st[0] == 0) {
        /* a broadcast value folded into one accumulator: fold it m times */
        for (int64_t i = 0; i < m; i++) P->accum(ptr[0], 0, vals, 0, 1);
        return;
    }
    P->accum(ptr[0], st[0], vals, vs, m);
}

static void inner(void *ctx, char **ptr, const int64_t *st, int64_t n) {
    const plan *P = ctx;
    if (!P->scratch) {   /* nothing to convert: the kernel sees the tensors */
        run_block(P, ptr, st, n, NULL);
        return;
    }
    char *bufs[5];
    for (int k = 0; k < 5; k++) bufs[k] = P->scratch + (size_t)k * BLOCK * 8;
    char *q[4];
    for (int64_t done = 0; done < n; done += BLOCK) {
        int64_t m = n - done < BLOCK ? n - done : BLOCK;
        for (int k = 0; k <= P->n; k++) q[k] = ptr[k] + done * st[k];
        run_block(P, q, st, m, bufs);
    }
}

/* identity of a reduction in dtype dt */
double wt_reduce_identity(int rop, int dt) {
    static const double lo[WT_NDTYPES] = {0, -128, 0, -32768, 0, -2147483648.0, 0, -INFINITY, -INFINITY};
    static const double hi[WT_NDTYPES] = {1, 127, 255, 32767, 65535, 2147483647.0, 4294967295.0, INFINITY, INFINITY};
    switch (rop) {
    case WT_REDUCE_SUM: return 0;
    case WT_REDUCE_PROD: return 1;
    case WT_REDUCE_MAX: return lo[dt];
    default: return hi[dt];   /* MIN */
    }
}

/* The accumulator dtype of a reduction of values of dtype r: integer sums
** and products wrap in 32 bits (uint32 stays unsigned), bool counts. */
int wt_reduce_acc_dtype(int rop, int r) {
    if ((rop == WT_REDUCE_SUM || rop == WT_REDUCE_PROD) && !wt_dtype_is_float(r))
        return r == WT_UINT32 ? WT_UINT32 : WT_INT32;
    return r;
}

/* the same elements in the same places: an in-place pass may read one and write the other */
static bool same_layout(const wt_tensor *a, const wt_tensor *b) {
    if (a->buf->data != b->buf->data || a->d.dtype != b->d.dtype || a->d.offset != b->d.offset) return false;
    if (a->d.ndim != b->d.ndim) return false;
    for (int i = 0; i < a->d.ndim; i++)
        if (a->d.shape[i] != b->d.shape[i] || (a->d.shape[i] > 1 && a->d.strides[i] != b->d.strides[i])) return false;
    return true;
}

bool wt_ewise_must_copy(const wt_tensor *out, const wt_tensor *t) {
    return wt_may_overlap(out, t) && !same_layout(out, t);
}

/* the iteration shape: the inputs' broadcast, widened to out's shape when
** out is written, or checked to reduce into out */
wt_status wt_ewise_shape(const char *name, int n, const wt_tensor *const *in, const wt_tensor *out, int rop,
                         bool empty_ok, int *ndp, int64_t *full) {
    wt_status st;
    int nd = 0, ndims[WT_ITER_MAXOPS], cnt = 0;
    const int64_t *shapes[WT_ITER_MAXOPS];
    for (int k = 0; k < n; k++)
        if (in[k]) ndims[cnt] = in[k]->d.ndim, shapes[cnt++] = in[k]->d.shape;
    if ((st = wt_broadcast_shapes(cnt, ndims, shapes, &nd, full))) return st;
    char a[WT_SHAPE_STR], b[WT_SHAPE_STR];
    if (out && !rop) {   /* the inputs broadcast to out's shape (out may be larger) */
        int ond;
        int64_t oshape[WT_MAX_DIMS];
        const int64_t *pair[2] = {full, out->d.shape};
        bool ok = wt_broadcast_shapes(2, (int[]){nd, out->d.ndim}, pair, &ond, oshape) == WT_OK && ond == out->d.ndim;
        for (int i = 0; ok && i < ond; i++) ok = oshape[i] == out->d.shape[i];
        if (!ok)
            return wt_fail(WT_ESHAPE, "%s: out has shape %s but the result has shape %s", name,
                           wt_fmt_shape(a, sizeof a, out->d.ndim, out->d.shape), wt_fmt_shape(b, sizeof b, nd, full));
        nd = ond;
        memcpy(full, oshape, sizeof(int64_t) * (size_t)nd);
    }
    if (rop) {
        wt_desc target_desc;
        if (wt_desc_broadcast(&out->d, nd, full, name, &target_desc))
            return wt_fail(WT_ESHAPE, "%s: cannot reduce a result of shape %s into out of shape %s", name,
                           wt_fmt_shape(a, sizeof a, nd, full), wt_fmt_shape(b, sizeof b, out->d.ndim, out->d.shape));
        int64_t total = 1;
        for (int i = 0; i < nd; i++) total *= full[i];
        if (total == 0 && wt_desc_size(&out->d) > 0 && (rop == WT_REDUCE_MAX || rop == WT_REDUCE_MIN) && !empty_ok)
            return wt_fail(WT_EINVAL, "%s: zero-size reduction with %s, which has no identity", name, wt_reduce_name(rop));
    }
    *ndp = nd;
    return WT_OK;
}

wt_status wt_ewise_run(const wt_ewise_call *c) {
    int op = c->op, n = c->n, rop = c->reduce;
    wt_tensor *out = c->out;
    wt_status st = WT_OK;
    if (op < 0 || op >= WT_NOPS) return wt_fail(WT_EINVAL, "invalid operation code %d", op);
    const char *name = wt_op_name(op);
    if (n != wt_op_arity(op)) return wt_fail(WT_EINVAL, "%s takes %d operands, got %d", name, wt_op_arity(op), n);
    if (n > 0 && !c->in) return wt_fail(WT_EINVAL, "%s: operand array is NULL", name);
    if (rop < WT_REDUCE_NONE || rop > WT_REDUCE_MIN)
        return wt_fail(WT_EINVAL, "%s: reduce must be none, sum, prod, max or min", name);
    if (rop && !out) return wt_fail(WT_EINVAL, "%s: a reduction needs an out tensor to reduce into", name);
    if (!out && !c->result) return wt_fail(WT_EINVAL, "%s: result pointer is NULL", name);
    if (out && (out->d.flags & WT_FLAG_READONLY))
        return wt_fail(WT_EREADONLY, "%s: out is read-only (a broadcast view, or a view of one)", name);
    /* operand dtypes: tensors, then weak scalars (and the scale factors) */
    int dts[5];
    double vals[5];
    int nt = n;
    for (int k = 0; k < n; k++) {
        if (!c->in[k] && !c->scalars)
            return wt_fail(WT_EINVAL, "%s: operand %d is neither a tensor nor a scalar", name, k);
        dts[k] = c->in[k] ? c->in[k]->d.dtype : -1;
        vals[k] = c->in[k] ? 0 : c->scalars[k];
    }
    double factor[2] = {c->alpha, c->beta};
    for (int k = 0; k < 2; k++)
        if (factor[k] != 1) {
            if (k >= n) return wt_fail(WT_EINVAL, "%s: %s needs operand %d", name, k ? "beta" : "alpha", k);
            dts[nt] = -1, vals[nt++] = factor[k];
        }
    int comp[5], res;
    if ((st = wt_op_plan_dtypes(op, nt, dts, vals, comp, &res))) return st;
    if (c->compute >= 0) {   /* reductions choose their own accumulation dtype */
        comp[0] = c->compute;
        res = c->compute;
    }
    int nd;
    int64_t full[WT_MAX_DIMS];
    if ((st = wt_ewise_shape(name, n, c->in, out, rop, c->empty_ok, &nd, full))) return st;
    /* allocate everything before writing anything */
    plan P = {.op = op, .n = n, .rop = rop, .res = res};
    int acc = c->acc >= 0 ? c->acc : rop ? wt_reduce_acc_dtype(rop, res) : res;
    P.acc = acc;
    wt_tensor *copies[3] = {NULL, NULL, NULL}, *result = NULL, *accum = NULL, *handle = NULL;
    plan *parts = NULL;
    wt_desc d;
    if (out && c->result) st = wt_tensor_clone(out, &handle);
    if (!st && !out) {
        if (!(st = wt_desc_init(&d, res, nd, full))) st = wt_tensor_alloc(&d, false, &result);
    } else if (!st && rop) {
        if (!(st = wt_desc_init(&d, acc, out->d.ndim, out->d.shape))) st = wt_tensor_alloc(&d, false, &accum);
    }
    /* operands: tensors (copied first if out overlaps them), or weak scalars
    ** held as one element of the compute dtype */
    const wt_tensor *src[3];
    wt_buffer sbuf[3];
    wt_tensor sten[3];
    double slot[3];
    bool need_scratch = false;
    for (int k = 0; k < n; k++) {
        const wt_tensor *t = c->in[k];
        if (!t) {
            wt_cast_store_f64(comp[k], &slot[k], c->scalars[k]);
            sbuf[k] = (wt_buffer){.data = (uint8_t *)&slot[k], .nbytes = sizeof slot[k]};
            sten[k] = (wt_tensor){.buf = &sbuf[k]};
            sten[k].d.dtype = comp[k];
            t = &sten[k];
        } else if (!st && out && !rop && wt_ewise_must_copy(out, t)) {
            st = wt_copy(t, &copies[k]);
            t = copies[k];
        }
        src[k] = t;
        P.comp[k] = comp[k];
        P.in_cast[k] = t && t->d.dtype != comp[k] ? wt_cast_get(t->d.dtype, comp[k]) : NULL;
        need_scratch |= P.in_cast[k] != NULL;
        if (k < 2 && factor[k] != 1) {
            P.scale[k] = true;
            wt_cast_store_f64(comp[k], &P.slots[k], factor[k]);
            need_scratch = true;
        }
    }
    wt_tensor *target = rop ? accum : out ? out : result;
    if (rop) {
        P.res_cast = res != acc ? wt_cast_get(res, acc) : NULL;
        P.accum = wt_accum_get(rop, acc);
        P.reduce_direct = op == WT_OP_COPY && !P.in_cast[0] && !P.scale[0];
        need_scratch |= !P.reduce_direct || P.res_cast;
    } else if (target && target->d.dtype != res) {
        P.res_cast = wt_cast_get(res, target->d.dtype);
        need_scratch = true;
    }
    P.kern = wt_kernel_get(op, comp[op == WT_OP_WHERE ? 1 : 0]);
    if (st) goto done;
    /* every operand viewed at the broadcast shape; the accumulator with
    ** stride 0 along the axes it reduces */
    const wt_tensor *ops[4];
    wt_tensor views[4];
    views[0].buf = target->buf;
    wt_desc_broadcast(&target->d, nd, full, name, &views[0].d);
    ops[0] = &views[0];
    for (int k = 0; k < n; k++) {
        views[k + 1].buf = src[k]->buf;
        wt_desc_broadcast(&src[k]->d, nd, full, name, &views[k + 1].d);
        ops[k + 1] = &views[k + 1];
    }
    wt_iter it;
    wt_iter_init(&it, n + 1, ops, rop ? 1 : 0);
    /* reductions keep one order (their sums would change with the split) */
    int nparts = rop || wt_iter_tiles(&it) ? 1 : wt_parallel_parts(wt_iter_size(&it), WT_EWISE_MIN_PART);
    /* a split pass gives each part its own plan, pointing at its slice of the scratch */
    bool ok = !need_scratch || (P.scratch = wt_sys_alloc((size_t)nparts * 5 * BLOCK * 8));
    if (ok && nparts > 1 && (ok = (parts = wt_sys_alloc(sizeof *parts * (size_t)nparts)))) {
        for (int p = 0; p < nparts; p++) {
            parts[p] = P;
            if (P.scratch) parts[p].scratch = P.scratch + (size_t)p * 5 * BLOCK * 8;
        }
    }
    if (!ok) {
        st = wt_fail(WT_ENOMEM, "%s: out of memory for conversion buffers", name);
        goto done;
    }
    /* run: nothing below can fail */
    if (rop) wt_assign_scalar(accum, wt_reduce_identity(rop, acc));
    wt_parallel_iter(&it, inner, nparts == 1 ? &P : parts, sizeof P, nparts);
    if (rop) wt_assign(out, accum);   /* shape and dtype validated: cannot fail */
    if (out && c->result) *c->result = handle, handle = NULL;
    else if (!out) *c->result = result, result = NULL;
done:
    wt_sys_free(P.scratch);
    wt_sys_free(parts);
    wt_tensor_free(handle);
    for (int k = 0; k < 3; k++) wt_tensor_free(copies[k]);
    wt_tensor_free(accum);
    wt_tensor_free(result);
    return st;
}

wt_status wt_ewise(int op, int n, const wt_tensor *const *in, const double *scalars, double alpha, double beta,
                   wt_tensor *out, int reduce, wt_tensor **result) {
    wt_ewise_call c = {.op = op, .n = n, .in = in, .scalars = scalars, .alpha = alpha, .beta = beta,
                       .out = out, .reduce = reduce, .result = result, .compute = -1, .acc = -1};
    return wt_ewise_run(&c);
}

wt_status wt_unary(int op, const wt_tensor *x, wt_tensor **result) {
    if (!x) return wt_fail(WT_EINVAL, "%s: operand is NULL", wt_op_name(op) ? wt_op_name(op) : "unary");
    const wt_tensor *in[1] = {x};
    return wt_ewise(op, 1, in, NULL, 1, 1, NULL, WT_REDUCE_NONE, result);
}

wt_status wt_binary(int op, const wt_tensor *x, const wt_tensor *y, wt_tensor **result) {
    if (!x || !y) return wt_fail(WT_EINVAL, "%s: operand is NULL", wt_op_name(op) ? wt_op_name(op) : "binary");
    const wt_tensor *in[2] = {x, y};
    return wt_ewise(op, 2, in, NULL, 1, 1, NULL, WT_REDUCE_NONE, result);
}
