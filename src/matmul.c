/* matmul.c — NumPy's matmul: 1-D operands promoted (and the added axis
** removed), batch axes broadcast, the product on the packed GEMM through the
** operands' own strides. */
#include "gemm.h"
#include "pass.h"
#include <string.h>

/* d as a matrix stack: a 1-D left operand becomes (1, K), a 1-D right one (K, 1) */
static wt_desc as_matrix(const wt_desc *d, bool left) {
    wt_desc m = *d;
    if (m.ndim == 1 && left)
        m.ndim = 2, m.shape[1] = m.shape[0], m.strides[1] = m.strides[0], m.shape[0] = 1, m.strides[0] = 0;
    else if (m.ndim == 1)
        m.ndim = 2, m.shape[1] = 1, m.strides[1] = 0;
    return m;
}

static void group1(wt_group *g, int64_t n, int64_t stride_bytes) {
    g->n = 1;
    g->shape[0] = n;
    g->stride[0] = stride_bytes;
}

/* the checks and result of a @ b: its dtype, its shape (rnd, rshape), the
** broadcast batch axes (bnd, bshape) and the matrix sizes */
typedef struct {
    wt_dtype dt;
    int rnd, bnd;
    int64_t rshape[WT_MAX_DIMS], bshape[WT_MAX_DIMS], M, K, N;
} mm_shape;

static wt_status matmul_check(const wt_tensor *a, const wt_tensor *b, mm_shape *r) {
    wt_status st = wt_tensor_check(a, "matmul: a");
    if (!st) st = wt_tensor_check(b, "matmul: b");
    if (st) return st;
    if (a->d.ndim == 0 || b->d.ndim == 0)
        return wt_error_fail(
            WT_EINVAL, "matmul: operand %d is 0-d; matmul needs at least one dimension (multiply scales by a scalar)",
            a->d.ndim == 0 ? 1 : 2);
    if ((st = wt_dtype_promote(a->d.dtype, b->d.dtype, &r->dt))) return st;
    /* the operands as (..., M, K) and (..., K, N), 1-D ones promoted */
    wt_desc da = as_matrix(&a->d, true), db = as_matrix(&b->d, false);
    bool a1 = a->d.ndim == 1, b1 = b->d.ndim == 1;
    r->M = da.shape[da.ndim - 2], r->K = da.shape[da.ndim - 1], r->N = db.shape[db.ndim - 1];
    char s1[WT_SHAPE_STR], s2[WT_SHAPE_STR];
    if (db.shape[db.ndim - 2] != r->K)
        return wt_error_fail(WT_ESHAPE,
                             "matmul: shapes %s and %s do not align: %lld (last axis of a) != %lld (%s of b)",
                             wt_error_fmt_shape(s1, sizeof s1, a->d.ndim, a->d.shape),
                             wt_error_fmt_shape(s2, sizeof s2, b->d.ndim, b->d.shape), (long long)r->K,
                             (long long)db.shape[db.ndim - 2], b1 ? "axis 0" : "axis -2");
    const int64_t *bs[2] = {da.shape, db.shape};
    if ((st = wt_broadcast_shapes(2, (int[]){da.ndim - 2, db.ndim - 2}, bs, &r->bnd, r->bshape)))
        return wt_error_fail(WT_ESHAPE, "matmul: batch axes of %s and %s do not broadcast",
                             wt_error_fmt_shape(s1, sizeof s1, a->d.ndim, a->d.shape),
                             wt_error_fmt_shape(s2, sizeof s2, b->d.ndim, b->d.shape));
    if (r->bnd + 2 > WT_MAX_DIMS)
        return wt_error_fail(WT_ESHAPE, "matmul: the result would have more than %d dimensions", WT_MAX_DIMS);
    /* the result: batch, then M unless a was 1-D, then N unless b was */
    r->rnd = r->bnd;
    memcpy(r->rshape, r->bshape, sizeof(int64_t) * (size_t)r->bnd);
    if (!a1) r->rshape[r->rnd++] = r->M;
    if (!b1) r->rshape[r->rnd++] = r->N;
    return WT_OK;
}

wt_status wt_matmul_shape(const wt_tensor *a, const wt_tensor *b, wt_dtype *dtype, int *ndim, int64_t *shape) {
    mm_shape r;
    wt_status st = matmul_check(a, b, &r);
    if (st) return st;
    if (!dtype || !ndim || !shape) return wt_error_fail(WT_EINVAL, "matmul: a result pointer is NULL");
    *dtype = r.dt;
    *ndim = r.rnd;
    memcpy(shape, r.rshape, sizeof(int64_t) * (size_t)r.rnd);
    return WT_OK;
}

/* matmul is a gufunc (n?,k),(k,m?)->(n?,m?): out's core axes equal the
** result's, and the batch axes broadcast into out's leading ones (which may
** be more), as NumPy's out= allows */
static bool out_fits(const wt_tensor *out, const mm_shape *r) {
    int core = r->rnd - r->bnd, ond = out->d.ndim, lead = ond - core;
    if (lead < r->bnd) return false;
    for (int i = 0; i < core; i++)
        if (out->d.shape[lead + i] != r->rshape[r->bnd + i]) return false;
    for (int i = 0; i < r->bnd; i++) {
        int64_t b = r->bshape[r->bnd - 1 - i], o = out->d.shape[lead - 1 - i];
        if (b != o && b != 1) return false;
    }
    return true;
}

wt_status wt_matmul(const wt_tensor *a, const wt_tensor *b, wt_tensor *out, wt_tensor **result) {
    mm_shape r;
    wt_status st = matmul_check(a, b, &r);
    if (st) return st;
    if (!out && !result) return wt_error_fail(WT_EINVAL, "matmul: result pointer is NULL");
    if (out && (out->d.flags & WT_FLAG_READONLY)) return wt_error_fail(WT_EREADONLY, "matmul: out is read-only");
    wt_dtype dt = (wt_dtype)wt_dtype_compute(r.dt); /* float16: float32, rounded once at the end */
    int rnd = r.rnd, bnd = r.bnd, nda, ndb;
    int64_t M = r.M, K = r.K, N = r.N, *rshape = r.rshape, *bshape = r.bshape, full[WT_MAX_DIMS];
    memcpy(full, bshape, sizeof(int64_t) * (size_t)bnd);
    full[bnd] = M, full[bnd + 1] = N;
    if (out && !out_fits(out, &r)) return wt_pass_out_mismatch("matmul", out, rnd, rshape);
    if ((st = wt_pass_out_cast("matmul", r.dt, out, WT_CASTING_SAME_KIND))) return st;
    /* operands in the compute dtype (copies only when they differ) */
    wt_tensor *ca = NULL, *cb = NULL, *c = NULL;
    if (a->d.dtype != (int)dt && (st = wt_assign_astype(a, dt, &ca))) return st;
    if (b->d.dtype != (int)dt && (st = wt_assign_astype(b, dt, &cb))) goto done;
    const wt_tensor *ua = ca ? ca : a, *ub = cb ? cb : b;
    wt_desc da = as_matrix(&ua->d, true), db = as_matrix(&ub->d, false), dc;
    nda = da.ndim - 2, ndb = db.ndim - 2;
    if ((st = wt_desc_init(&dc, dt, bnd + 2, full)) || (st = wt_tensor_alloc(&dc, false, &c))) goto done;
    int64_t z = (int64_t)wt_dtype_size(dt);
    wt_gemm g = {.dtype = dt, .a = wt_first(ua), .b = wt_first(ub), .c = wt_first(c)};
    const int64_t *ast = da.strides, *bst = db.strides;
    group1(&g.am, M, ast[da.ndim - 2] * z);
    group1(&g.ak, K, ast[da.ndim - 1] * z);
    group1(&g.bk, K, bst[db.ndim - 2] * z);
    group1(&g.bn, N, bst[db.ndim - 1] * z);
    group1(&g.cm, M, dc.strides[bnd] * z);
    group1(&g.cn, N, dc.strides[bnd + 1] * z);
    for (int k = 0; k < 3; k++) {
        g.batch[k].n = bnd;
        memcpy(g.batch[k].shape, bshape, sizeof(int64_t) * (size_t)bnd);
    }
    for (int i = 0; i < bnd; i++) { /* right-aligned batch axes; stride 0 where broadcast */
        int ia = i - (bnd - nda), ib = i - (bnd - ndb);
        g.batch[0].stride[i] = ia >= 0 && da.shape[ia] == bshape[i] ? ast[ia] * z : 0;
        g.batch[1].stride[i] = ib >= 0 && db.shape[ib] == bshape[i] ? bst[ib] * z : 0;
        g.batch[2].stride[i] = dc.strides[i] * z;
    }
    if ((st = wt_gemm_run(&g))) goto done;
    /* drop the promoted axes: same contiguous elements, the result's shape */
    c->d.ndim = rnd;
    memcpy(c->d.shape, rshape, sizeof(int64_t) * (size_t)rnd);
    wt_desc_strides_c(rnd, rshape, c->d.strides);
    wt_tensor *rounded = NULL;
    if (r.dt != dt && !(st = wt_assign_astype(c, r.dt, &rounded))) wt_tensor_free(c), c = rounded;
    if (st) goto done;
    if (out) {
        st = wt_assign_deliver(out, c, result);
    } else {
        *result = c;
        c = NULL;
    }
done:
    wt_tensor_free(ca);
    wt_tensor_free(cb);
    wt_tensor_free(c);
    return st;
}
