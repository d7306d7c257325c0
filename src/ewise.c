/* ewise.c — the elementwise driver.  One pass of the strided iterator over
** [target, inputs...]: inputs whose dtype differs from the compute dtype (or
** that are scaled by alpha/beta) are converted block by block into scratch
** buffers; results go straight to the target when its dtype matches, else
** through a buffer and a cast.  In reduce mode the target is an accumulator
** with stride 0 along the reduced axes, and results are folded into it. */
#include "ops.h"
#include "pass.h"
#include <string.h>

#define BLOCK 2048 /* elements per buffered block: a few KiB per operand, in L1 */
#define NBUF 5     /* blocks: three inputs, the kernel's output, the accumulator's */

typedef struct {
    int op, n, rop;
    wt_kernel kern;
    int comp[3], res, acc; /* dtypes: per input, kernel output, accumulator */
    int lres;              /* the result's dtype: res, or float16 (kernel output float32) */
    wt_cast_fn round;      /* float32 -> float16 in place, before res_cast (float16 into another dtype) */
    wt_cast_fn in_cast[3]; /* input dtype -> comp, or NULL */
    bool scale[2];         /* multiply input k by its factor (slots[k]) */
    wt_cast_fn res_cast;   /* res -> target dtype, or NULL */
    wt_accum accum;        /* reduce mode */
    bool reduce_direct;    /* reduce of COPY: fold the input itself */
    bool buffered;         /* needs NBUF blocks of scratch */
    wt_slot slots[2];      /* the scale factors in the compute dtype */
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
        if (P->in_cast[k])
            P->in_cast[k](src, st[k + 1], bufs[k], csz, cm);
        else
            wt_cast_get(P->comp[k], P->comp[k])(src, st[k + 1], bufs[k], csz, cm);
        if (k < 2 && P->scale[k]) {
            char *mp[3] = {bufs[k], bufs[k], (char *)&P->slots[k]};
            const int64_t ms[3] = {csz, csz, 0};
            wt_kernels_get(WT_OP_MUL, P->comp[k])(mp, ms, cm);
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
            int64_t lsz = (int64_t)wt_dtype_size(P->lres);
            if (P->round) P->round(bufs[3], rsz, bufs[3], lsz, m); /* narrowing in place: reads stay ahead */
            P->res_cast(bufs[3], P->round ? lsz : rsz, ptr[0], st[0], m);
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
        if (P->round) vs = (int64_t)wt_dtype_size(P->lres), P->round(bufs[3], rsz, bufs[3], vs, m);
    }
    if (P->res_cast) { /* results -> accumulator dtype */
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

static void inner(const void *ctx, char *scratch, char **ptr, const int64_t *st, int64_t n) {
    const plan *P = ctx;
    if (!P->buffered) { /* nothing to convert: the kernel sees the tensors */
        run_block(P, ptr, st, n, NULL);
        return;
    }
    char *bufs[NBUF];
    for (int k = 0; k < NBUF; k++) bufs[k] = scratch + (size_t)k * BLOCK * WT_MAX_ITEMSIZE;
    char *q[4];
    for (int64_t done = 0; done < n; done += BLOCK) {
        int64_t m = n - done < BLOCK ? n - done : BLOCK;
        for (int k = 0; k <= P->n; k++) q[k] = ptr[k] + done * st[k];
        run_block(P, q, st, m, bufs);
    }
}

/* the call's arguments, before anything is allocated */
static wt_status check_call(const wt_ewise_call *c, const char *name) {
    int op = c->op, n = c->n, rop = c->reduce;
    if (n != wt_op_arity(op)) return wt_error_fail(WT_EINVAL, "%s takes %d operands, got %d", name, wt_op_arity(op), n);
    if (n > 0 && !c->in) return wt_error_fail(WT_EINVAL, "%s: operand array is NULL", name);
    if (rop < WT_REDUCE_NONE || rop > WT_REDUCE_MIN)
        return wt_error_fail(WT_EINVAL, "%s: reduce must be none, sum, prod, max or min", name);
    if (rop && !c->out) return wt_error_fail(WT_EINVAL, "%s: a reduction needs an out tensor to reduce into", name);
    wt_status st = wt_pass_out_writable(name, c->out, c->result);
    if (st) return st;
    for (int k = 0; k < n; k++)
        if (!c->in[k] && !c->scalars)
            return wt_error_fail(WT_EINVAL, "%s: operand %d is neither a tensor nor a scalar", name, k);
    return WT_OK;
}

/* compute dtypes: tensors, then weak scalars (and the scale factors); code
** and val get each operand's code and value for the plan (wt_ops_operand_dtype) */
static wt_status plan_dtypes(const wt_ewise_call *c, const char *name, int *code, double *val, int *comp, int *res) {
    int dts[5], n = c->n, nt = n;
    double vals[5];
    for (int k = 0; k < n; k++) {
        code[k] = dts[k] = c->in[k] ? wt_ops_operand_dtype(c->in[k], &val[k]) : -1;
        if (!c->in[k]) val[k] = c->scalars[k];
        vals[k] = val[k];
    }
    const double factor[2] = {c->alpha, c->beta};
    for (int k = 0; k < 2; k++)
        if (factor[k] != 1) {
            if (k >= n) return wt_error_fail(WT_EINVAL, "%s: %s needs operand %d", name, k ? "beta" : "alpha", k);
            dts[nt] = -1, vals[nt++] = factor[k];
        }
    wt_status st = wt_ops_plan_dtypes(c->op, nt, dts, vals, comp, res);
    if (!st && c->compute >= 0) comp[0] = *res = c->compute; /* reductions choose their own */
    return st;
}

/* NumPy's casting= (an out view's own rule; same_kind otherwise): the inputs
** must cast to the dtypes the op computes in (where NumPy's loop has them:
** logical ops and where's condition take any dtype), and the result to out */
static wt_status check_casting(const wt_ewise_call *c, const char *name, const int *comp, int res) {
    int rule = c->out ? wt_desc_casting(&c->out->d, WT_CASTING_SAME_KIND) : WT_CASTING_SAME_KIND;
    /* integers compared with an integer beyond their dtype: float64 is this engine's way to be exact */
    bool exact_cmp = wt_ops_class(c->op) == C_CMP && comp[0] == WT_FLOAT64;
    for (int k = 0; k < c->n; k++)
        exact_cmp &= c->in[k] ? wt_dtype_is_int(c->in[k]->d.dtype) : wt_dtype_weak_int(c->scalars[k]);
    bool any_input = wt_ops_class(c->op) == C_LOGIC || exact_cmp;
    for (int k = 0; k < c->n; k++)
        if (c->in[k] && !any_input && !(c->op == WT_OP_WHERE && k == 0) && !(c->in[k]->d.flags & WT_FLAG_WEAK) &&
            !wt_can_cast(c->in[k]->d.dtype, comp[k], rule))
            return wt_error_fail(WT_EDTYPE, "%s: cannot cast input %d from %s to %s under casting '%s'", name, k,
                                 wt_dtype_name(c->in[k]->d.dtype), wt_dtype_name(comp[k]), wt_dtype_casting_name(rule));
    return wt_pass_out_cast(name, res, c->out, WT_CASTING_SAME_KIND);
}

/* kernels and conversions for the pass, once p has its target and inputs */
static void plan_kernels(plan *P, const wt_ewise_call *c, const wt_pass *p, const int *comp) {
    const double factor[2] = {c->alpha, c->beta};
    for (int k = 0; k < c->n; k++) {
        const wt_tensor *x = p->in[k];
        P->comp[k] = comp[k];
        P->in_cast[k] = x->d.dtype != comp[k] ? wt_cast_get(x->d.dtype, comp[k]) : NULL;
        P->buffered |= P->in_cast[k] != NULL;
        if (k < 2 && factor[k] != 1) {
            P->scale[k] = P->buffered = true;
            wt_cast_store_f64(comp[k], &P->slots[k], factor[k]);
        }
    }
    /* a float16 result computed in float32 rounds to float16 before it goes anywhere else */
    int vdt = P->res;
    if (P->lres != P->res && !(P->rop == WT_REDUCE_NONE && p->target->d.dtype == P->lres))
        P->round = wt_cast_get(P->res, P->lres), vdt = P->lres, P->buffered = true;
    if (P->rop) {
        P->res_cast = vdt != P->acc ? wt_cast_get(vdt, P->acc) : NULL;
        P->accum = wt_kernels_accum(P->rop, P->acc);
        P->reduce_direct = P->op == WT_OP_COPY && !P->in_cast[0] && !P->scale[0];
        P->buffered |= !P->reduce_direct || P->res_cast;
    } else if (P->round || p->target->d.dtype != P->res) {
        P->res_cast = wt_cast_get(vdt, p->target->d.dtype);
        P->buffered = true;
    }
    P->kern = wt_kernels_of(P->op, comp, P->lres);
}

/* NumPy's trivial loops: every input at the iteration shape in C order (or
** one element) and in the dtype its kernel takes, no scaling, too few
** elements to split: one kernel call over the whole, no iterator.  A map
** writes a new result in the kernel's dtype; a fold (a reduction into an
** accumulator of one element, wt_reduce's) is the one call the pass would
** make.  False: the pass must run. */
static bool run_trivial(const wt_ewise_call *c, const wt_pass *p, const int *comp, wt_status *st) {
    bool fold = c->reduce && p->direct && c->op == WT_OP_COPY && wt_desc_size(&c->out->d) == 1;
    if (c->alpha != 1 || c->beta != 1 || !(fold || (!c->out && !c->reduce && c->result)) ||
        wt_dtype_compute(p->res) != p->res)
        return false;
    int64_t size = 1;
    for (int i = 0; i < p->nd; i++) size *= p->full[i]; /* broadcast shapes: no overflow */
    if (wt_parallel_parts(size, WT_PARALLEL_MIN_PART) > 1) return false;
    char *ptr[4];
    int64_t strides[4];
    for (int k = 0; k < c->n; k++) {
        const wt_desc *d = &p->in[k]->d;
        bool one = wt_desc_size(d) == 1, same = d->ndim == p->nd && wt_desc_is_c_contiguous(d);
        for (int i = 0; same && i < p->nd; i++) same = d->shape[i] == p->full[i];
        if (d->dtype != comp[k] || !(one || same)) return false;
        ptr[k + 1] = wt_first(p->in[k]);
        strides[k + 1] = one ? 0 : (int64_t)wt_dtype_size(d->dtype);
    }
    if (fold) {
        wt_slot slot;
        wt_reduce_identity_at(p->rop, p->acc, &slot);
        memcpy(wt_first(c->out), &slot, wt_dtype_size(p->acc));
        if (size) wt_kernels_accum(p->rop, p->acc)(wt_first(c->out), 0, ptr[1], strides[1], size);
        *st = WT_OK;
        return true;
    }
    wt_desc d;
    wt_tensor *r;
    if ((*st = wt_desc_init(&d, p->res, p->nd, p->full)) || (*st = wt_tensor_alloc(&d, false, &r))) return true;
    ptr[0] = (char *)r->buf->data, strides[0] = (int64_t)wt_dtype_size(p->res);
    if (size) wt_kernels_of(c->op, comp, p->res)(ptr, strides, size);
    *c->result = r;
    return true;
}

/* NumPy's integer power refuses a negative exponent (its loop raises), so
** an integer pow looks at the exponents before anything is written */
static void find_negative(void *ctx, char **ptr, const int64_t *st, int64_t n) {
    int64_t *found = ctx; /* [0]: the operand's dtype, [1]: set to 1 by a negative */
    for (int64_t i = 0; i < n && !found[1]; i++) found[1] = wt_cast_load_f64((int)found[0], ptr[0] + i * st[0]) < 0;
}

static wt_status check_int_power(const wt_ewise_call *c, const wt_pass *p, const int *comp, const double *val) {
    if (c->op != WT_OP_POW || !wt_dtype_is_int(comp[1])) return WT_OK;
    for (int i = 0; i < p->nd; i++)
        if (!p->full[i]) return WT_OK; /* no element: NumPy's loop never runs */
    const wt_tensor *e = c->in[1];
    int64_t found[2] = {e ? e->d.dtype : -1, 0};
    if (!e)
        found[1] = val[1] < 0;
    else if (wt_dtype_is_int(e->d.dtype) && wt_cast_load_f64(e->d.dtype, &(int64_t){-1}) < 0) { /* -1's bits: signed */
        wt_iter it;
        wt_iter_init(&it, 1, &e, WT_ITER_PLAIN);
        wt_iter_run(&it, find_negative, found);
    }
    return found[1] ? wt_error_fail(WT_EINVAL, "%s: Integers to negative integer powers are not allowed.", p->name)
                    : WT_OK;
}

wt_status wt_ewise_run(const wt_ewise_call *c) {
    if (c->op < 0 || c->op >= WT_NOPS) return wt_error_fail(WT_EINVAL, "invalid operation code %d", c->op);
    const char *name = c->name ? c->name : wt_op_name(c->op);
    int comp[5], res, code[3];
    double val[3];
    wt_status st = check_call(c, name);
    if (st || (st = plan_dtypes(c, name, code, val, comp, &res))) return st;
    wt_pass p;
    wt_pass_init(&p);
    p.name = name, p.n = c->n, p.out = c->out, p.result = c->result, p.rop = c->reduce, p.res = res;
    p.acc = c->acc >= 0 ? c->acc : p.rop ? wt_reduce_acc_dtype(p.rop, res) : res;
    p.direct = c->direct && c->reduce && c->out && c->out->d.dtype == p.acc;
    /* NumPy's order: the inputs broadcast, then casting is checked, then out's shape */
    if (c->checked && c->out && (st = wt_pass_shape(name, c->n, c->in, NULL, 0, false, &p.nd, p.full))) return st;
    if (c->checked && (st = check_casting(c, name, comp, res))) return st;
    if ((st = wt_pass_shape(name, c->n, c->in, c->out, p.rop, c->empty_ok, &p.nd, p.full))) return st;
    if ((st = check_int_power(c, &p, comp, val))) return st;
    /* weak scalars: one element of the compute dtype, broadcast with stride 0 */
    wt_tensor sten[3]; /* 0-d: only buf and the descriptor's head are read (zeroing all cost small ops 5%) */
    wt_buffer sbuf[3];
    wt_slot slot[3];
    for (int k = 0; k < c->n; k++) {
        /* a weak int tensor stays a tensor (exact at any size) unless it is a bound np.clip drops */
        int x_dtype = c->in[0] ? c->in[0]->d.dtype : -1;
        bool scalar = !c->in[k] || (code[k] == WT_WEAK_INT && wt_ops_clip_drops(c->op, k, x_dtype, val[k], true));
        p.in[k] = scalar ? &sten[k] : c->in[k];
        if (!scalar) continue;
        wt_ops_scalar_store(c->op, k, x_dtype, comp[k], code[k], val[k], &slot[k]);
        sbuf[k] = (wt_buffer){.data = (uint8_t *)&slot[k], .nbytes = sizeof slot[k]};
        sten[k].buf = &sbuf[k];
        sten[k].d.dtype = wt_dtype_compute(comp[k]);
        sten[k].d.ndim = 0, sten[k].d.offset = 0, sten[k].d.flags = 0;
    }
    for (int k = 0; k < c->n; k++) comp[k] = wt_dtype_compute(comp[k]); /* the kernels' dtypes from here on */
    if (run_trivial(c, &p, comp, &st)) return st;
    plan P = {.op = c->op, .n = c->n, .rop = p.rop, .res = wt_dtype_compute(res), .lres = res, .acc = p.acc};
    if (!(st = wt_pass_prepare(&p))) {
        plan_kernels(&P, c, &p, comp);
        /* unbuffered: the inner function folds its run whole; a computed value
        ** (einsum's 'ij,ij->') folds in buffers one after another: leaves of its own */
        wt_pass_split_whole(&p, !P.buffered, P.buffered && c->op != WT_OP_COPY);
        st = wt_pass_scratch(&p, P.buffered ? (size_t)NBUF * BLOCK * WT_MAX_ITEMSIZE : 0, false);
    }
    wt_pass_table T;
    if (!st) {
        /* values that need converting make the op more than an instruction a vector: worth a table */
        if (P.buffered && wt_pass_tabulate(&p, inner, &P, &T))
            wt_pass_run(&p, wt_pass_gather, &T);
        else
            wt_pass_run(&p, inner, &P);
        st = wt_pass_finish(&p, -1);
    }
    wt_pass_free(&p);
    return st;
}

wt_status wt_ewise(int op, int n, const wt_tensor *const *in, const double *scalars, double alpha, double beta,
                   wt_tensor *out, int reduce, wt_tensor **result) {
    wt_ewise_call c = {.op = op,
                       .n = n,
                       .in = in,
                       .scalars = scalars,
                       .alpha = alpha,
                       .beta = beta,
                       .out = out,
                       .reduce = reduce,
                       .result = result,
                       .compute = -1,
                       .acc = -1,
                       .checked = true};
    return wt_ewise_run(&c);
}

wt_status wt_unary(int op, const wt_tensor *x, wt_tensor **result) {
    if (!x) return wt_error_fail(WT_EINVAL, "%s: operand is NULL", wt_op_name(op) ? wt_op_name(op) : "unary");
    const wt_tensor *in[1] = {x};
    return wt_ewise(op, 1, in, NULL, 1, 1, NULL, WT_REDUCE_NONE, result);
}

wt_status wt_binary(int op, const wt_tensor *x, const wt_tensor *y, wt_tensor **result) {
    if (!x || !y) return wt_error_fail(WT_EINVAL, "%s: operand is NULL", wt_op_name(op) ? wt_op_name(op) : "binary");
    const wt_tensor *in[2] = {x, y};
    return wt_ewise(op, 2, in, NULL, 1, 1, NULL, WT_REDUCE_NONE, result);
}
