/* fuse.c — fused expressions: a small program of elementwise instructions
** run in ONE pass of the strided iterator over [target, tensor leaves...].
** Per block of BLOCK elements the program is interpreted once: each
** instruction calls the dispatching kernel wt_ewise uses (kernels.c), reading
** leaves in place through their strides (or converted into a register) and
** writing a register; the last instruction writes the target directly when
** it can.  Registers are reused as soon as their value is dead, so a chain of
** any length needs a few blocks of scratch, never a buffer of the pass's size. */
#include "ops.h"
#include "pass.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK 512   /* elements per block: registers of 4 KiB, in L1 */
#define MAXLEAF 256 /* leaves of any kind */
#define MAXREG (3 * WT_FUSE_MAXCODE + 1)

typedef struct {
    int op, arity;
    int val[3];  /* value ids read */
    int comp[3]; /* dtype each input is computed in */
    int res;     /* dtype of the value (its register's) */
    int kres;    /* dtype the kernel writes: res, or float32 for float16 (then rounded into res) */
    wt_kernel kern;
    wt_cast_fn kcast;   /* kres -> res, or NULL */
    int ktmp;           /* register of the kernel's float32 output */
    wt_cast_fn cast[3]; /* value dtype -> comp, or NULL */
    int tmp[3];         /* register of a converted input */
    wt_slot scal[3];    /* a weak scalar input, stored in comp[k] */
    int reg;            /* register receiving the result; -1: the target */
    bool direct;        /* a cast: its input converted straight into the destination, no copy after */
} instr;

typedef struct {
    int nleaf, ninstr, rop, nop;         /* nop: iterator operands (target and tensor leaves) */
    int iop[MAXLEAF];                    /* leaf -> iterator operand (0: a weak scalar) */
    const wt_tensor *leaf[MAXLEAF];      /* tensor leaves */
    int vreg[MAXLEAF + WT_FUSE_MAXCODE]; /* value -> register (instructions only) */
    instr ins[WT_FUSE_MAXCODE];
    wt_cast_fn res_cast; /* last value -> target or accumulator dtype, or NULL */
    wt_accum accum;      /* reduce mode */
    int64_t asz;         /* accumulator element size */
    int accreg;          /* register for values converted to the accumulator dtype */
    int fold;            /* > 0: a reduction of leaf fold - 1 as it is, folded straight from it */
    bool whole;          /* no register used: a run need not be cut into blocks */
} program;

/* register r of a part's scratch: BLOCK elements of any dtype */
static inline char *reg(char *regs, int r) { return regs + (size_t)r * BLOCK * WT_MAX_ITEMSIZE; }

static void run_block(const program *P, char *regs, char **ptr, const int64_t *st, int64_t m) {
    char *kp[4];
    int64_t ks[4];
    for (int i = 0; i < P->ninstr; i++) {
        const instr *I = &P->ins[i];
        for (int k = 0; k < I->arity; k++) {
            int v = I->val[k];
            if (v < P->nleaf && !P->iop[v]) { /* a weak scalar, already in comp[k] */
                kp[k + 1] = (char *)&I->scal[k];
                ks[k + 1] = 0;
                continue;
            }
            char *src;
            int64_t ss;
            if (v < P->nleaf)
                src = ptr[P->iop[v]], ss = st[P->iop[v]];
            else
                src = reg(regs, P->vreg[v]), ss = (int64_t)wt_dtype_size(P->ins[v - P->nleaf].res);
            if (I->cast[k] && !I->direct) { /* a broadcast leaf converts once and stays broadcast */
                int64_t csz = (int64_t)wt_dtype_size(I->comp[k]);
                I->cast[k](src, ss, reg(regs, I->tmp[k]), csz, ss == 0 ? 1 : m);
                src = reg(regs, I->tmp[k]);
                ss = ss == 0 ? 0 : csz;
            }
            kp[k + 1] = src;
            ks[k + 1] = ss;
        }
        char *dst = I->reg < 0 ? ptr[0] : reg(regs, I->reg);
        int64_t ds = I->reg < 0 ? st[0] : (int64_t)wt_dtype_size(I->res);
        if (I->direct) {
            I->cast[0](kp[1], ks[1], dst, ds, m);
            continue;
        }
        kp[0] = I->kcast ? reg(regs, I->ktmp) : dst;
        ks[0] = I->kcast ? (int64_t)wt_dtype_size(I->kres) : ds;
        I->kern(kp, ks, m);
        if (I->kcast) I->kcast(kp[0], ks[0], dst, ds, m); /* rounded as the eager op rounds */
    }
    const instr *last = &P->ins[P->ninstr - 1];
    if (last->reg < 0) return;
    char *vals = reg(regs, last->reg);
    int64_t vs = (int64_t)wt_dtype_size(last->res);
    if (!P->rop) {
        P->res_cast(vals, vs, ptr[0], st[0], m);
        return;
    }
    if (P->res_cast) {
        P->res_cast(vals, vs, reg(regs, P->accreg), P->asz, m);
        vals = reg(regs, P->accreg), vs = P->asz;
    }
    P->accum(ptr[0], st[0], vals, vs, m);
}

static void inner(const void *ctx, char *regs, char **ptr, const int64_t *st, int64_t n) {
    const program *P = ctx;
    char *q[WT_ITER_MAXOPS];
    int fk = P->fold ? P->iop[P->fold - 1] : 0;
    if (fk && st[fk]) { /* as wt_reduce folds: the run whole (one pairwise sum), no copy into a register */
        P->accum(ptr[0], st[0], ptr[fk], st[fk], n);
        return;
    }
    if (P->whole) {
        const instr *I = &P->ins[0];
        int v = I->val[0], o = v < P->nleaf ? P->iop[v] : 0;
        if (I->direct && o) /* a cast of a tensor leaf: the conversion itself, as the eager astype calls it */
            I->cast[0](ptr[o], st[o], ptr[0], st[0], n);
        else
            run_block(P, regs, ptr, st, n);
        return;
    }
    for (int64_t done = 0; done < n; done += BLOCK) {
        int64_t m = n - done < BLOCK ? n - done : BLOCK;
        for (int k = 0; k < P->nop; k++) q[k] = ptr[k] + done * st[k];
        run_block(P, regs, q, st, m);
    }
}

static const char *op_name(int op) { return op >= WT_NOPS ? "cast" : wt_op_name(op); }

/* a failure of a nested check, restated with the instruction it is about */
static wt_status fail_at(wt_status st, int i, int op) {
    char msg[600];
    snprintf(msg, sizeof msg, "%s", wt_error_message());
    return wt_error_fail(st, "fuse: instruction %d (%s): %s", i, wt_op_name(op), msg);
}

/* registers: a free list; an instruction's result may take over a dead
** input's register when their elements have one size (kernels run in place) */
typedef struct {
    int n, nfree, free[MAXREG];
} regfile;

static int reg_take(regfile *R) { return R->nfree ? R->free[--R->nfree] : R->n++; }
static void reg_give(regfile *R, int r) { R->free[R->nfree++] = r; }

/* instruction i's operands: their values checked and recorded, their dtypes
** for the plan in d (-1: a weak scalar, value in sv) */
static wt_status plan_operands(program *P, instr *I, int i, const int32_t *code, const int *dts, const double *scalars,
                               int *lastuse, int *d, double *sv) {
    bool any_tensor = false;
    for (int k = 0; k < I->arity; k++) {
        int v = code[4 * i + 1 + k];
        if (v < 0 || v >= P->nleaf + i)
            return wt_error_fail(WT_EINVAL,
                                 "fuse: instruction %d (%s): operand %d refers to value %d; values 0..%d exist there",
                                 i, op_name(I->op), k, v, P->nleaf + i - 1);
        I->val[k] = v;
        lastuse[v] = i;
        d[k] = v < P->nleaf && P->iop[v] ? wt_ops_operand_dtype(P->leaf[v], &sv[k]) : dts[v];
        if (d[k] == -1) sv[k] = scalars[v];
        if (d[k] == WT_WEAK_INT && wt_ops_clip_drops(I->op, k, d[0], sv[k], true))
            return wt_error_fail(WT_EINVAL,
                                 "fuse: instruction %d (clip): a bound beyond 2^53 that NumPy drops; clip eagerly", i);
        any_tensor |= d[k] != -1;
    }
    if (!any_tensor)
        return wt_error_fail(WT_EINVAL, "fuse: instruction %d (%s) has only weak scalar operands; fold it first", i,
                             op_name(I->op));
    return WT_OK;
}

/* dtypes, kernels and registers of every instruction; last[v] is the last
** instruction reading value v */
static wt_status plan_program(program *P, const int *vdt, const double *scalars, const int32_t *code, int *nreg) {
    int nleaf = P->nleaf, ninstr = P->ninstr;
    int lastuse[MAXLEAF + WT_FUSE_MAXCODE];
    for (int v = 0; v < nleaf + ninstr; v++) lastuse[v] = -1;
    int dts[MAXLEAF + WT_FUSE_MAXCODE];
    memcpy(dts, vdt, sizeof(int) * (size_t)nleaf);
    for (int i = 0; i < ninstr; i++) {
        instr *I = &P->ins[i];
        I->op = code[4 * i];
        bool cast = I->op >= WT_NOPS && I->op < WT_FUSE_CAST(WT_NDTYPES);
        if (I->op < 0 || (I->op >= WT_NOPS && !cast))
            return wt_error_fail(WT_EINVAL, "fuse: instruction %d: invalid operation code %d", i, I->op);
        I->arity = cast ? 1 : wt_op_arity(I->op);
        int d[3];
        double sv[3] = {0, 0, 0};
        wt_status st = plan_operands(P, I, i, code, dts, scalars, lastuse, d, sv);
        if (!st && !cast) st = wt_ops_plan_dtypes(I->op, I->arity, d, sv, I->comp, &I->res);
        if (st) return fail_at(st, i, I->op);
        /* NumPy refuses a negative integer exponent, which a pass finds only when writing */
        if (I->op == WT_OP_POW && wt_dtype_is_int(I->comp[1]))
            return wt_error_fail(WT_EINVAL,
                                 "fuse: instruction %d: an integer power is not fused; wt_ewise checks its "
                                 "exponents first",
                                 i);
        if (cast) { /* a copy kernel in the target dtype, its input converted on the way */
            I->comp[0] = I->res = I->op - WT_NOPS;
            I->op = WT_OP_COPY;
        }
        for (int k = 0; k < I->arity; k++) {
            if (d[k] == -1) wt_ops_scalar_store(I->op, k, d[0], I->comp[k], -1, sv[k], &I->scal[k]);
            if (!cast) I->comp[k] = wt_dtype_compute(I->comp[k]); /* float16 computes in float32 */
            int vd = dts[I->val[k]];                              /* a weak complex leaf's own dtype */
            if (vd >= 0 && vd != I->comp[k]) I->cast[k] = wt_cast_get(vd, I->comp[k]);
        }
        I->kern = wt_kernels_of(I->op, I->comp, I->res);
        I->kres = cast ? I->res : wt_dtype_compute(I->res); /* a cast copies in its target dtype, even float16 */
        I->kcast = I->kres != I->res ? wt_cast_get(I->kres, I->res) : NULL;
        I->direct = cast && I->cast[0] && !I->kcast;
        dts[nleaf + i] = I->res;
    }
    regfile R = {0};
    bool held[MAXLEAF + WT_FUSE_MAXCODE] = {0}; /* value's register not yet given back */
    for (int i = 0; i < ninstr; i++) {
        instr *I = &P->ins[i];
        for (int k = 0; k < I->arity; k++) I->tmp[k] = I->cast[k] ? reg_take(&R) : -1;
        I->ktmp = I->kcast ? reg_take(&R) : -1;
        I->reg = -1;
        for (int k = 0; k < I->arity && I->reg < 0; k++) { /* take over a dead input of the same size */
            int v = I->val[k];
            if (v >= nleaf && lastuse[v] == i && held[v] && wt_dtype_size(dts[v]) == wt_dtype_size(I->res)) {
                I->reg = P->vreg[v];
                held[v] = false;
            }
        }
        if (I->reg < 0) I->reg = reg_take(&R);
        P->vreg[nleaf + i] = I->reg;
        held[nleaf + i] = true;
        if (I->ktmp >= 0) reg_give(&R, I->ktmp);
        for (int k = 0; k < I->arity; k++) {
            int v = I->val[k];
            if (I->tmp[k] >= 0) reg_give(&R, I->tmp[k]);
            if (v >= nleaf && lastuse[v] == i && held[v]) {
                reg_give(&R, P->vreg[v]);
                held[v] = false;
            }
        }
    }
    P->accreg = reg_take(&R);
    *nreg = R.n;
    return WT_OK;
}

static wt_status check_args(int nleaf, const wt_tensor *const *leaves, int ninstr, const int32_t *code, wt_tensor *out,
                            int reduce, wt_tensor **result) {
    if (nleaf < 0 || nleaf > MAXLEAF)
        return wt_error_fail(WT_EINVAL, "fuse: %d leaves given (0 to %d)", nleaf, MAXLEAF);
    if (ninstr < 1 || ninstr > WT_FUSE_MAXCODE)
        return wt_error_fail(WT_EINVAL, "fuse: %d instructions given (1 to %d)", ninstr, WT_FUSE_MAXCODE);
    if (!code || (nleaf && !leaves)) return wt_error_fail(WT_EINVAL, "fuse: %s array is NULL", code ? "leaf" : "code");
    if (reduce < WT_REDUCE_NONE || reduce > WT_REDUCE_ALL)
        return wt_error_fail(WT_EINVAL, "fuse: reduce must be none, sum, prod, max, min, mean, any or all (got %d)",
                             reduce);
    if (reduce && !out) return wt_error_fail(WT_EINVAL, "fuse: a reduction needs an out tensor to reduce into");
    if (!out && !result) return wt_error_fail(WT_EINVAL, "fuse: result pointer is NULL");
    wt_status st = out ? wt_tensor_check(out, "fuse: out") : WT_OK;
    if (!st && out && (out->d.flags & WT_FLAG_READONLY))
        return wt_error_fail(WT_EREADONLY, "fuse: out is read-only (a broadcast view, or a view of one)");
    return st;
}

/* leaves: tensors become the pass's inputs (iterator operands 1..), weak
** scalars stay values; vdt gets every leaf's dtype (-1: a scalar) */
static wt_status collect_leaves(program *P, const wt_tensor *const *leaves, const double *scalars, wt_pass *p,
                                int *vdt) {
    wt_status st;
    for (int v = 0; v < P->nleaf; v++) {
        if (!leaves[v]) {
            if (!scalars)
                return wt_error_fail(WT_EINVAL, "fuse: leaf %d is neither a tensor nor a scalar (scalars is NULL)", v);
            vdt[v] = -1;
            continue;
        }
        if ((st = wt_tensor_check(leaves[v], "fuse: leaf"))) return st;
        if (p->n == WT_FUSE_MAXLEAVES)
            return wt_error_fail(WT_EINVAL, "fuse: more than %d tensor leaves", WT_FUSE_MAXLEAVES);
        vdt[v] = leaves[v]->d.dtype;
        P->leaf[v] = leaves[v];
        p->in[p->n++] = leaves[v];
        P->iop[v] = p->n;
    }
    P->nop = p->n + 1;
    return WT_OK;
}

/* how the last value reaches the target: written directly, converted, or
** folded into the accumulator */
static void plan_delivery(program *P, const wt_pass *p) {
    instr *last = &P->ins[P->ninstr - 1];
    int res = last->res;
    if (p->rop) {
        P->res_cast = res != p->acc ? wt_cast_get(res, p->acc) : NULL;
        P->accum = wt_kernels_accum(p->rop, p->acc);
        P->asz = (int64_t)wt_dtype_size(p->acc);
        bool plain = P->ninstr == 1 && last->op == WT_OP_COPY && !last->cast[0] && !last->kcast;
        if (plain && !P->res_cast && last->val[0] < P->nleaf && P->iop[last->val[0]]) P->fold = last->val[0] + 1;
    } else if (p->target->d.dtype != res) {
        P->res_cast = wt_cast_get(res, p->target->d.dtype);
    } else { /* the last instruction writes the target itself */
        last->reg = -1;
        /* and if it is the only one and converts nothing through a register,
        ** no register is ever used: runs go whole, as the eager call's do */
        bool staged = last->kcast;
        for (int k = 0; k < last->arity; k++) staged |= last->cast[k] && !last->direct;
        P->whole = P->ninstr == 1 && !staged;
    }
}

wt_status wt_fuse(int nleaf, const wt_tensor *const *leaves, const double *scalars, int ninstr, const int32_t *code,
                  wt_tensor *out, int reduce, wt_tensor **result) {
    wt_status st = check_args(nleaf, leaves, ninstr, code, out, reduce, result);
    if (st) return st;
    program *P = wt_tensor_sys_alloc(sizeof *P);
    if (!P) return wt_error_fail(WT_ENOMEM, "fuse: out of memory for the program");
    memset(P, 0, sizeof *P);
    P->nleaf = nleaf, P->ninstr = ninstr;
    wt_pass p;
    wt_pass_init(&p);
    p.name = "fuse", p.out = out, p.result = result;
    int vdt[MAXLEAF], nreg = 0;
    if ((st = collect_leaves(P, leaves, scalars, &p, vdt)) || (st = plan_program(P, vdt, scalars, code, &nreg)))
        goto done;
    /* the result's dtype, and the reduction's accumulator as wt_reduce has it */
    p.res = p.acc = P->ins[ninstr - 1].res;
    if (reduce) wt_reduce_plan(reduce, p.res, &p.acc, &p.rop);
    P->rop = p.rop;
    /* as NumPy: a ufunc writes out under same_kind, a reduction under unsafe */
    if ((st = wt_pass_out_cast("fuse", p.acc, out, reduce ? WT_CASTING_UNSAFE : WT_CASTING_SAME_KIND))) goto done;
    bool empty_ok = reduce != WT_REDUCE_MAX && reduce != WT_REDUCE_MIN;
    if ((st = wt_pass_shape("fuse", p.n, p.in, out, p.rop, empty_ok, &p.nd, p.full)) || (st = wt_pass_prepare(&p)))
        goto done;
    plan_delivery(P, &p);
    /* a plain fold of a leaf sums as wt_reduce does; other sums in leaves of their own */
    wt_pass_split_whole(&p, P->fold && p.it.ndim == 1 && p.it.strides[P->iop[P->fold - 1]][0], !P->fold);
    /* registers are counted like tensor storage, so wt_memory_peak shows what a fused pass costs */
    if ((st = wt_pass_scratch(&p, (size_t)nreg * BLOCK * WT_MAX_ITEMSIZE, true))) goto done;
    /* a program of one 8-bit leaf that chains ops, or converts around one
    ** (not one kernel on the leaf as it is, nor a lone cast): worth a table */
    const instr *I = &P->ins[0];
    bool worth = P->ninstr > 1 || (!I->direct && (P->res_cast || I->kcast));
    for (int k = 0; k < I->arity; k++) worth |= !I->direct && I->cast[k];
    wt_pass_table *T = worth ? wt_tensor_sys_alloc(sizeof *T) : NULL;
    if (T && wt_pass_tabulate(&p, inner, P, T))
        wt_pass_run(&p, wt_pass_gather, T);
    else
        wt_pass_run(&p, inner, P);
    wt_tensor_sys_free(T);
    int64_t count = -1; /* a mean: the elements folded into each of out's */
    if (reduce == WT_REDUCE_MEAN) {
        count = 1;
        for (int i = 0; i < p.nd; i++) count *= p.full[i];
        count /= wt_desc_size(&out->d) ? wt_desc_size(&out->d) : 1;
    }
    st = wt_pass_finish(&p, count);
done:
    wt_pass_free(&p);
    wt_tensor_sys_free(P);
    return st;
}
