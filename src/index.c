/* index.c — NumPy's advanced indexing: a[idx], a[mask], a[...] = v, and
** nonzero.  slice.c applies the basic items as a view in which the advanced
** ones keep their axes; here the index tensors (masks as their nonzero
** coordinates) broadcast together, every index is checked and turned into
** one element offset per position of the broadcast shape, and only then
** are elements gathered from (get) or scattered into (set) the view, or
** combined with values one at a time (ufunc.at). */
#include "ops.h"
#include <stdio.h>
#include <string.h>

/* one index array: integers broadcast to the plan's shape, for a view axis */
typedef struct {
    int axis, src_axis;
    wt_desc d;        /* the integers broadcast (NULL base: the constant value) */
    wt_desc own;      /* the integers as given */
    const char *base; /* element 0 */
    int64_t value;
} index_arr;

typedef struct {
    wt_slice_plan p;
    int k;
    index_arr a[WT_MAX_DIMS];
    int64_t *coords[WT_MAX_DIMS]; /* the masks' nonzero coordinates, owned */
    int nb;                       /* the broadcast shape */
    int64_t b[WT_MAX_DIMS], nbsize;
    int64_t *off; /* one view element offset per broadcast position, owned */
    int nd, pos;  /* the result's rank; where the broadcast axes land */
    int64_t shape[WT_MAX_DIMS];
    wt_desc rest;            /* the view's other axes (in result order, as result axes around pos) */
    int64_t inner;           /* elements of the result axes after the broadcast ones */
    wt_tensor *mask;         /* a mask that is the only advanced item (C-contiguous bool), owned */
    const int64_t *mstrides; /* the view's strides along the mask's axes */
} index_plan;

static void plan_free(index_plan *q) {
    for (int i = 0; i < WT_MAX_DIMS; i++) wt_tensor_sys_free(q->coords[i]);
    wt_tensor_sys_free(q->off);
    wt_tensor_free(q->mask);
}

/* C-order coordinates of mask's nonzero elements: (ndim, count) of T at out.
** Every position's coordinates are written and the true ones kept (no branch
** on the mask: random masks mispredict half the time); the walk ends at the
** last true one, so every write lands inside out. */
#define COORDS(T)                                                                    \
    do {                                                                             \
        T *o = (T *)out;                                                             \
        if (nd == 1)                                                                 \
            for (int64_t i = 0, j = 0; j < count; i++) {                             \
                o[j] = (T)i;                                                         \
                j += m[i] != 0;                                                      \
            }                                                                        \
        else                                                                         \
            for (int64_t i = 0, j = 0; j < count; i++) {                             \
                for (int k = 0; k < nd; k++) o[k * count + j] = (T)c[k];             \
                j += m[i] != 0;                                                      \
                for (int k = nd - 1; k >= 0 && ++c[k] == d->shape[k]; k--) c[k] = 0; \
            }                                                                        \
    } while (0)

WT_NOINLINE static void coords_fill(const wt_desc *d, const uint8_t *m, int64_t count, bool wide, void *out) {
    int nd = d->ndim;
    int64_t c[WT_MAX_DIMS] = {0};
    if (wide)
        COORDS(int64_t);
    else
        COORDS(int32_t);
}

/* nonzero bytes, eight at a time: each byte's bits ORed into its lowest, then counted
** (out of line: its callers are minsize, WT_COLD) */
WT_NOINLINE static int64_t count_true(const uint8_t *m, int64_t size) {
    int64_t n = 0, i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t x;
        memcpy(&x, m + i, 8);
        x |= x >> 4, x |= x >> 2, x |= x >> 1; /* bit 0 of a byte: any of its bits (the shifts
                                                   bring in the next byte only above bit 3) */
        n += __builtin_popcountll(x & 0x0101010101010101u);
    }
    for (; i < size; i++) n += m[i] != 0;
    return n;
}

/* the next position of d's C-order walk (c its index): off, the offset along
** strides, kept up to date */
static inline int64_t next_offset(const wt_desc *d, const int64_t *strides, int64_t *c, int64_t off) {
    for (int k = d->ndim - 1; k >= 0; k--) {
        off += strides[k];
        if (++c[k] < d->shape[k]) break;
        off -= c[k] * strides[k], c[k] = 0;
    }
    return off;
}

/* the view offsets (strides: the view's, of the mask's axes) of the true
** elements of a C-contiguous mask, in C order */
static void mask_offsets(const wt_desc *d, const uint8_t *m, const int64_t *strides, int64_t *off) {
    int64_t size = wt_desc_size(d), c[WT_MAX_DIMS] = {0}, at = 0;
    for (int64_t i = 0, j = 0; i < size; i++) {
        if (m[i]) off[j++] = at;
        at = next_offset(d, strides, c, at);
    }
}

/* t as bool, C-contiguous (a view when it already is) */
static wt_status as_mask(const wt_tensor *t, wt_tensor **m) {
    return t->d.dtype == WT_BOOL ? wt_view_contiguous(t, m) : wt_assign_astype(t, WT_BOOL, m);
}

/* a mask over view axes [axis, axis+m): its shape checked, its coordinates as m arrays */
WT_COLD static wt_status add_mask(index_plan *q, const wt_slice_adv *v) {
    wt_tensor x = *v->t, *m;
    if (x.d.ndim == 0) x.d.ndim = 1, x.d.shape[0] = 1, x.d.strides[0] = 0; /* a 0-d mask on its new axis */
    for (int i = 0; i < x.d.ndim; i++)
        if (x.d.shape[i] != q->p.view.shape[v->axis + i])
            return wt_error_fail(WT_EINDEX,
                                 "boolean index did not match indexed array along axis %d; size of axis is %lld "
                                 "but size of corresponding boolean axis is %lld",
                                 v->src_axis < 0 ? v->axis : v->src_axis + i, (long long)q->p.view.shape[v->axis + i],
                                 (long long)x.d.shape[i]);
    wt_status st = as_mask(&x, &m);
    if (st) return st;
    const uint8_t *bytes = (const uint8_t *)wt_first(m);
    bool alone = q->p.nadv == 1; /* the only advanced item: kept, its offsets made from it when needed */
    int64_t count = count_true(bytes, wt_desc_size(&m->d)), nbytes;
    int64_t *c = NULL;
    if (alone) {
        q->mask = m, q->mstrides = q->p.view.strides + v->axis;
    } else {
        if (!wt_mul_ok(count, 8 * x.d.ndim, &nbytes) || !(c = wt_tensor_sys_alloc((size_t)nbytes + 8)))
            st = wt_error_fail(WT_ENOMEM, "index: out of memory for the coordinates of %lld true elements",
                               (long long)count);
        else
            coords_fill(&m->d, bytes, count, true, c);
        wt_tensor_free(m);
        if (st) return st;
        q->coords[q->k] = c;
    }
    for (int i = 0; i < x.d.ndim; i++) {
        index_arr *a = &q->a[q->k++];
        a->axis = v->axis + i, a->src_axis = v->src_axis < 0 ? -1 : v->src_axis + i;
        wt_desc_init(&a->d, WT_INT64, 1, &count);
        a->base = alone ? NULL : (const char *)(c + i * count); /* alone: no integers to read (q->mask) */
    }
    return WT_OK;
}

/* the advanced items as integer arrays, broadcast together */
WT_COLD static wt_status expand(index_plan *q) {
    int nds[WT_MAX_DIMS];
    const int64_t *shapes[WT_MAX_DIMS];
    wt_status st;
    for (int i = 0; i < q->p.nadv; i++) {
        const wt_slice_adv *v = &q->p.adv[i];
        if (v->t && v->t->d.dtype == WT_BOOL) {
            if ((st = add_mask(q, v))) return st;
            continue;
        }
        index_arr *a = &q->a[q->k++];
        a->axis = v->axis, a->src_axis = v->src_axis, a->value = v->value;
        a->d = v->t ? v->t->d : (wt_desc){.dtype = WT_INT64};
        a->base = v->t ? wt_first(v->t) : NULL;
    }
    for (int i = 0; i < q->k; i++) nds[i] = q->a[i].d.ndim, shapes[i] = q->a[i].d.shape;
    if (wt_broadcast_shapes(q->k, nds, shapes, &q->nb, q->b)) {
        char msg[512], s[WT_SHAPE_STR];
        size_t len = 0;
        for (int i = 0; i < q->k && len < sizeof msg; i++)
            len += (size_t)snprintf(msg + len, sizeof msg - len, " %s",
                                    wt_error_fmt_shape(s, sizeof s, nds[i], shapes[i]));
        return wt_error_fail(WT_EINDEX, "shape mismatch: indexing arrays could not be broadcast together with shapes%s",
                             msg);
    }
    for (int i = 0; i < q->k; i++) {
        q->a[i].own = q->a[i].d;
        if (q->a[i].base) wt_desc_broadcast(&q->a[i].own, q->nb, q->b, "index", &q->a[i].d);
    }
    return WT_OK;
}

/* the result's shape: the view's other axes with the broadcast ones at pos */
WT_COLD static wt_status place(index_plan *q) {
    const wt_desc *v = &q->p.view;
    bool taken[WT_MAX_DIMS] = {false};
    for (int i = 0; i < q->k; i++) taken[q->a[i].axis] = true;
    int nr = 0, pos = 0;
    wt_desc *r = &q->rest;
    *r = *v;
    for (int i = 0; i < v->ndim; i++) {
        if (taken[i]) continue;
        if (q->p.adjacent && i < q->a[0].axis) pos++;
        r->shape[nr] = v->shape[i], r->strides[nr++] = v->strides[i];
    }
    r->ndim = nr;
    q->pos = pos, q->nd = nr + q->nb;
    if (q->nd > WT_MAX_DIMS)
        return wt_error_fail(WT_EINDEX, "index: the result would have %d dimensions (at most %d)", q->nd, WT_MAX_DIMS);
    memcpy(q->shape, r->shape, sizeof(int64_t) * (size_t)pos);
    memcpy(q->shape + pos, q->b, sizeof(int64_t) * (size_t)q->nb);
    memcpy(q->shape + pos + q->nb, r->shape + pos, sizeof(int64_t) * (size_t)(nr - pos));
    q->inner = 1;
    for (int i = pos; i < nr; i++) q->inner *= r->shape[i];
    int64_t size;
    wt_status st = wt_desc_shape_check(q->nd, q->shape, &size);
    if (!st) st = wt_desc_shape_check(q->nb, q->b, &q->nbsize);
    return st;
}

WT_COLD static wt_status out_of_bounds(const index_arr *a, int64_t raw, bool wide_unsigned, int64_t size) {
    if (wide_unsigned)
        return wt_error_fail(WT_EINDEX, "index %llu is out of bounds for axis %d with size %lld",
                             (unsigned long long)raw, a->src_axis, (long long)size);
    return wt_error_fail(WT_EINDEX, "index %lld is out of bounds for axis %d with size %lld", (long long)raw,
                         a->src_axis, (long long)size);
}

/* the integer dtypes an index tensor may have: X(code, C type, unsigned) */
// clang-format off
#define INDEX_DTYPES(X) \
    X(WT_INT8, int8_t, 0) X(WT_INT16, int16_t, 0) X(WT_INT32, int32_t, 0) X(WT_INT64, int64_t, 0) \
    X(WT_UINT8, uint8_t, 1) X(WT_UINT16, uint16_t, 1) X(WT_UINT32, uint32_t, 1) X(WT_UINT64, uint64_t, 1)
// clang-format on

/* off[i] += index * stride over one row of n integers of type T */
#define ROW(E, T, U)                                                                                    \
    case E:                                                                                             \
        WT_NO_UNROLL for (int64_t i = 0; i < n; i++) {                                                  \
            int64_t raw = (int64_t) * (const T *)(p + i * s), v = raw < 0 && !U ? raw + size : raw;     \
            if ((uint64_t)v >= (uint64_t)size) return out_of_bounds(a, raw, U && sizeof(T) == 8, size); \
            if (set)                                                                                    \
                off[i] = v * stride;                                                                    \
            else if (off)                                                                               \
                off[i] += v * stride;                                                                   \
        }                                                                                               \
        break;

static wt_status add_row(const index_arr *a, const char *p, int64_t s, int64_t n, int64_t size, int64_t stride,
                         int64_t *off, bool set) {
    switch (a->d.dtype) { INDEX_DTYPES(ROW) }
    return WT_OK;
}

/* every row of d (a's integers, broadcast or as given): checked, and added
** to off (NULL: only checked) as the view's element offsets */
static wt_status rows(const index_arr *a, const wt_desc *d, int64_t size, int64_t stride, int64_t *off, bool set) {
    int nd = d->ndim;
    int64_t is = wt_dtype_size(d->dtype), n = nd ? d->shape[nd - 1] : 1, s = nd ? d->strides[nd - 1] * is : 0;
    int64_t total = wt_desc_size(d), c[WT_MAX_DIMS] = {0};
    for (int64_t at = 0; at < total; at += n) {
        const char *p = a->base;
        for (int i = 0; i < nd - 1; i++) p += c[i] * d->strides[i] * is;
        wt_status st = add_row(a, p, s, n, size, stride, off ? off + at : NULL, set);
        if (st) return st;
        for (int i = nd - 2; i >= 0 && ++c[i] == d->shape[i]; i--) c[i] = 0;
    }
    return WT_OK;
}

/* every index checked and turned into the offsets, before anything is
** written; an empty broadcast still checks each index given, as NumPy */
static wt_status offsets(index_plan *q) {
    int64_t nbytes, base = 0;
    if (!wt_mul_ok(q->nbsize, 8, &nbytes) || !(q->off = wt_tensor_sys_alloc((size_t)nbytes + 8)))
        return wt_error_fail(WT_ENOMEM, "index: out of memory for %lld offsets", (long long)q->nbsize);
    if (q->mask) {
        mask_offsets(&q->mask->d, (const uint8_t *)wt_first(q->mask), q->mstrides, q->off);
        return WT_OK;
    }
    bool first = true; /* the first integers set the offsets, the others add to them */
    for (int j = 0; j < q->k; j++) {
        const index_arr *a = &q->a[j];
        int64_t size = q->p.view.shape[a->axis], stride = q->p.view.strides[a->axis];
        wt_status st = WT_OK;
        if (!a->base)
            base += a->value * stride;
        else if (q->nbsize)
            st = rows(a, &a->d, size, stride, q->off, first), first = false;
        else
            st = rows(a, &a->own, size, stride, NULL, false);
        if (st) return st;
    }
    if (first) memset(q->off, 0, (size_t)nbytes);
    for (int64_t i = 0; base && i < q->nbsize; i++) q->off[i] += base;
    return WT_OK;
}

/* q is zeroed first: plan_free may follow any failure */
WT_COLD static wt_status plan_make(const wt_tensor *t, const char *spec, int n, const wt_tensor *const *idx,
                                   index_plan *q) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st && !spec) st = wt_error_fail(WT_EINVAL, "index string is NULL");
    if (!st) st = wt_slice_index(t, spec, n, idx, &q->p);
    if (st || !q->p.nadv) return st;
    if (!(st = expand(q))) st = place(q);
    return st;
}

/* element copies between the view at its offsets and a C-contiguous tensor
** of the result's shape, one broadcast position at a time */
typedef struct {
    wt_cast_fn copy;
} copy_ctx;

static void copy_inner(void *ctx, char **ptr, const int64_t *stride, int64_t n) {
    ((copy_ctx *)ctx)->copy(ptr[1], stride[1], ptr[0], stride[0], n);
}

/* flat (the result's layout) from or into the view's buffer at q's offsets */
static void move(const index_plan *q, wt_buffer *vbuf, wt_tensor *flat, bool gather) {
    int dt = flat->d.dtype;
    int64_t is = wt_dtype_size(dt), rsize = wt_desc_size(&q->rest);
    char *view = (char *)vbuf->data + q->p.view.offset * is, *fl = wt_first(flat);
    if (rsize == 0 || q->nbsize == 0) return;
    if (rsize == 1) {
        for (int64_t i = 0; i < q->nbsize; i++)
            if (gather)
                wt_elem_copy(fl + i * is, view + q->off[i] * is, is);
            else
                wt_elem_copy(view + q->off[i] * is, fl + i * is, is);
        return;
    }
    /* the other axes: the view's strides, and flat's at the result positions */
    wt_tensor v = {.buf = vbuf, .d = q->rest}, f = {.buf = flat->buf, .d = q->rest};
    v.d.offset = q->p.view.offset, f.d.offset = flat->d.offset;
    for (int i = 0; i < q->rest.ndim; i++) f.d.strides[i] = flat->d.strides[i < q->pos ? i : i + q->nb];
    const wt_tensor *ops[2] = {gather ? &f : &v, gather ? &v : &f};
    wt_iter it;
    wt_iter_init(&it, 2, ops, 0);
    char *p0 = it.ptr[0], *p1 = it.ptr[1];
    copy_ctx ctx = {wt_cast_get(dt, dt)};
    for (int64_t i = 0; i < q->nbsize; i++) {
        int64_t fo = i * q->inner * is, vo = q->off[i] * is;
        it.ptr[0] = p0 + (gather ? fo : vo), it.ptr[1] = p1 + (gather ? vo : fo);
        wt_iter_run(&it, copy_inner, &ctx);
    }
}

#define OFFS 256 /* byte offsets a gather works out, then copies from */

/* view's elements at the byte offsets off[0, n) into o, one after another */
static WT_NOINLINE void copy_at(char *o, const char *view, const int64_t *off, int64_t n, int64_t is) {
    if (is == 4)
        for (int64_t i = 0; i < n; i++) memcpy(o + 4 * i, view + off[i], 4);
    else
        for (int64_t i = 0; i < n; i++) wt_elem_copy(o + i * is, view + off[i], is);
}

/* a lone mask's true elements in C order, a block of byte offsets into the view at a time:
** row by row along the mask's last axis (a strided view's rows are evenly strided runs) */
typedef struct {
    const uint8_t *m;
    int64_t size, i, row, col, len, c[WT_MAX_DIMS]; /* row: the current row's byte offset */
    int64_t step, ostep[WT_MAX_DIMS];               /* bytes along the last axis, and the outer ones */
    int nd;
    const int64_t *shape;
} mask_walk;

static void mask_walk_init(const index_plan *q, int64_t is, mask_walk *w) {
    const wt_desc *d = &q->mask->d;
    memset(w, 0, sizeof *w);
    w->m = (const uint8_t *)wt_first(q->mask);
    w->size = wt_desc_size(d);
    w->nd = d->ndim, w->shape = d->shape;
    w->len = w->nd ? d->shape[w->nd - 1] : 1;
    w->step = w->nd ? q->mstrides[w->nd - 1] * is : 0;
    for (int k = 0; k + 1 < w->nd; k++) w->ostep[k] = q->mstrides[k] * is;
}

/* the next block's offsets (at most OFFS); 0 when the mask is done */
WT_NOINLINE static int64_t mask_walk_next(mask_walk *w, int64_t *offs) {
    int64_t k = 0;
    while (w->i < w->size && k < OFFS) {
        int64_t run = w->len - w->col < OFFS - k ? w->len - w->col : OFFS - k;
        const uint8_t *m = w->m + w->i;
        for (int64_t j = 0; j < run;) {
            uint64_t word = 0;
            if (j + 8 <= run) memcpy(&word, m + j, 8);
            if (j + 8 <= run && !word) { /* eight false: skipped (sparse masks) */
                j += 8;
                continue;
            }
            for (int64_t e = j + 8 <= run ? j + 8 : run; j < e; j++) { /* every offset written, the true ones kept */
                offs[k] = w->row + (w->col + j) * w->step;
                k += m[j] != 0;
            }
        }
        w->i += run, w->col += run;
        if (w->col < w->len) continue;
        w->col = 0; /* the next row: the outer axes' walk */
        for (int a = w->nd - 2; a >= 0; a--) {
            w->row += w->ostep[a];
            if (++w->c[a] < w->shape[a]) break;
            w->row -= w->c[a] * w->ostep[a], w->c[a] = 0;
        }
    }
    return k;
}

/* get with one index tensor or one mask and nothing else to copy per position:
** straight into r, a block of offsets at a time (a fresh r is all a failure
** leaves, and it is freed) */
static wt_status gather_direct(const index_plan *q, const wt_tensor *t, wt_tensor *r) {
    int64_t is = wt_dtype_size(t->d.dtype), offs[OFFS];
    const char *view = (const char *)t->buf->data + q->p.view.offset * is;
    char *o = wt_first(r);
    if (q->mask) {
        mask_walk w;
        mask_walk_init(q, is, &w);
        for (int64_t k; w.i < w.size;) {
            k = mask_walk_next(&w, offs);
            copy_at(o, view, offs, k, is);
            o += k * is;
        }
        return WT_OK;
    }
    const index_arr *a = &q->a[0];
    const wt_desc *d = &a->d;
    int nd = d->ndim;
    int64_t ais = wt_dtype_size(d->dtype), n = nd ? d->shape[nd - 1] : 1, s = nd ? d->strides[nd - 1] * ais : 0;
    int64_t size = q->p.view.shape[a->axis], step = q->p.view.strides[a->axis] * is, c[WT_MAX_DIMS] = {0};
    for (int64_t at = 0; at < q->nbsize; at += n) {
        const char *p = a->base;
        for (int i = 0; i < nd - 1; i++) p += c[i] * d->strides[i] * ais;
        for (int64_t b = 0; b < n; b += OFFS) {
            int64_t k = n - b < OFFS ? n - b : OFFS;
            wt_status st = add_row(a, p + b * s, s, k, size, step, offs, true);
            if (st) return st;
            copy_at(o + (at + b) * is, view, offs, k, is);
        }
        for (int i = nd - 2; i >= 0 && ++c[i] == d->shape[i]; i--) c[i] = 0;
    }
    return WT_OK;
}

/* a[mask] = v for one value v (in t's dtype): written at each true element */
WT_NOINLINE static void scatter_direct(const index_plan *q, wt_tensor *t, const char *v) {
    int64_t is = wt_dtype_size(t->d.dtype), offs[OFFS];
    char *view = (char *)t->buf->data + q->p.view.offset * is;
    mask_walk w;
    mask_walk_init(q, is, &w);
    while (w.i < w.size) {
        int64_t k = mask_walk_next(&w, offs);
        if (is == 8)
            for (int64_t j = 0; j < k; j++) memcpy(view + offs[j], v, 8);
        else if (is == 4)
            for (int64_t j = 0; j < k; j++) memcpy(view + offs[j], v, 4);
        else
            for (int64_t j = 0; j < k; j++) wt_elem_copy(view + offs[j], v, is);
    }
}

WT_COLD wt_status wt_index_get(const wt_tensor *t, const char *spec, int n, const wt_tensor *const *idx,
                               wt_tensor **result) {
    index_plan q = {0};
    wt_status st = wt_tensor_check_out(result);
    if (!st) st = plan_make(t, spec, n, idx, &q);
    if (!st && !q.p.nadv) return wt_tensor_view(t, &q.p.view, result);
    wt_tensor *r = NULL;
    bool direct = !st && wt_desc_size(&q.rest) == 1 && (q.mask || (q.k == 1 && q.a[0].base));
    if (!st && !direct) st = offsets(&q);
    if (!st) st = wt_tensor_create(t->d.dtype, q.nd, q.shape, false, &r);
    if (!st && direct)
        st = gather_direct(&q, t, r);
    else if (!st)
        move(&q, t->buf, r, true);
    if (st)
        wt_tensor_free(r);
    else
        *result = r;
    plan_free(&q);
    return st;
}

WT_COLD wt_status wt_index_set(wt_tensor *t, const char *spec, int n, const wt_tensor *const *idx,
                               const wt_tensor *value) {
    index_plan q = {0};
    wt_status st = wt_tensor_check(value, "value");
    if (!st && t && (t->d.flags & WT_FLAG_READONLY)) st = wt_error_fail(WT_EREADONLY, "index: the tensor is read-only");
    if (!st) st = plan_make(t, spec, n, idx, &q);
    /* a lone mask has no indices to check: it is walked as the values are written */
    bool direct = !st && q.p.nadv && q.mask && wt_desc_size(&q.rest) == 1;
    if (!st && q.p.nadv && !direct) st = offsets(&q); /* the indices checked before the value, as NumPy */
    if (!st && (q.p.nadv ? q.nd : q.p.view.ndim) == 0 && !q.p.ellipsis && value->d.ndim > 0 &&
        (t->d.dtype != WT_BOOL || wt_desc_size(&value->d) != 1)) {
        /* NumPy's scalar assignment: a[0] = [5] fails (bool takes any one value: Python's bool([5])),
        ** a[0, ...] = [5] does not */
        char v[WT_SHAPE_STR];
        st = wt_error_fail(WT_ESHAPE,
                           "setting an array element with a sequence: the index selects one element, "
                           "the value has shape %s",
                           wt_error_fmt_shape(v, sizeof v, value->d.ndim, value->d.shape));
    }
    if (!st && !q.p.nadv) {
        wt_tensor v = {.buf = t->buf, .d = q.p.view};
        return wt_assign(&v, value);
    }
    wt_tensor *tmp = NULL; /* the values in the result's layout: cast, broadcast, and apart from t */
    wt_desc b;
    if (!st && direct && wt_desc_size(&value->d) == 1 && !wt_desc_broadcast(&value->d, q.nd, q.shape, "", &b)) {
        int64_t one = 1; /* a[mask] = v: v cast once, then written where the mask is true */
        if (!(st = wt_tensor_create(t->d.dtype, 1, &one, false, &tmp)) && !(st = wt_assign(tmp, value)))
            scatter_direct(&q, t, wt_first(tmp));
    } else if (!st && !(direct && (st = offsets(&q))) &&
               !(st = wt_tensor_create(t->d.dtype, q.nd, q.shape, false, &tmp)) && !(st = wt_assign(tmp, value)))
        move(&q, t->buf, tmp, false);
    wt_tensor_free(tmp);
    plan_free(&q);
    return st;
}

/* ---- ufunc.at: x[o] = op(x[o], v[k]) for each selected element in order ---- */

typedef struct {
    wt_kernel kern;
    int xdt, c0, c1, res; /* x's dtype; the kernel's input and result dtypes */
    const char *v;        /* the values, C-contiguous in c1 (stride 0: one scalar) */
    int64_t vstride;
    char *x; /* x's element 0 of the view */
    int64_t is;
} apply_ctx;

static void apply_one(const apply_ctx *a, int64_t voff, int64_t pos) {
    char in[16], out[16], *xe = a->x + voff * a->is;
    wt_cast_one(a->xdt, xe, a->c0, in);
    char *p[3] = {out, in, (char *)a->v + pos * a->vstride};
    a->kern(p, (const int64_t[]){0, 0, 0}, 1);
    wt_cast_one(a->res, out, a->xdt, xe);
}

/* scatter-add without casts (bincount, histogram, np.add.at's common use): x[o] += v directly,
** in order; false when the case is another */
#define ADD_DIRECT(E, T, U)                                                                   \
    case E:                                                                                   \
        for (int64_t i = 0; i < q->nbsize; i++) {                                             \
            char *x = a->x + q->off[i] * a->is;                                               \
            T xv, v;                                                                          \
            memcpy(&xv, x, sizeof xv), memcpy(&v, a->v + i * a->vstride, sizeof v);           \
            T r = (T)((U)xv + (U)v); /* integers wrap, computed unsigned as the kernels do */ \
            memcpy(x, &r, sizeof r);                                                          \
        }                                                                                     \
        return true;
static bool add_direct(int op, const index_plan *q, const apply_ctx *a) {
    if (op != WT_OP_ADD || q->rest.ndim || a->xdt != a->c0 || a->c0 != a->c1 || a->c0 != a->res) return false;
    switch (a->xdt) {
        ADD_DIRECT(WT_FLOAT32, float, float)
        ADD_DIRECT(WT_FLOAT64, double, double)
        ADD_DIRECT(WT_INT32, int32_t, uint32_t)
        ADD_DIRECT(WT_INT64, int64_t, uint64_t)
    default: return false;
    }
}

/* every selected element in result order: its view offset and result position */
static void apply_all(const index_plan *q, const apply_ctx *a) {
    int64_t flat[WT_MAX_DIMS], rs[WT_MAX_DIMS], fs[WT_MAX_DIMS], c[WT_MAX_DIMS] = {0};
    int nr = q->rest.ndim;
    wt_desc_strides_c(q->nd, q->shape, flat);
    for (int j = 0; j < nr; j++) rs[j] = q->rest.strides[j], fs[j] = flat[j < q->pos ? j : j + q->nb];
    int64_t rsize = wt_desc_size(&q->rest);
    for (int64_t i = 0; i < q->nbsize; i++) {
        int64_t vo = q->off[i], fo = i * q->inner;
        for (int64_t r = 0; r < rsize; r++) {
            apply_one(a, vo, fo);
            for (int j = nr - 1; j >= 0; j--) { /* the rest's odometer */
                vo += rs[j], fo += fs[j];
                if (++c[j] < q->rest.shape[j]) break;
                vo -= rs[j] * c[j], fo -= fs[j] * c[j], c[j] = 0;
            }
        }
    }
}

/* the dtypes of op over (t, value or the scalar); the result goes into t unsafely, as NumPy's at */
static wt_status apply_plan(int op, const wt_tensor *t, const wt_tensor *value, double scalar, int *comp, int *res) {
    int ar = wt_op_arity(op), d[2] = {t->d.dtype, -1};
    double sv[2] = {0, scalar};
    if (ar != 1 && ar != 2) return wt_error_fail(WT_EINVAL, "at: op %d is not a unary or binary operation", op);
    if (ar == 1 && value) return wt_error_fail(WT_EINVAL, "at: %s takes no value", wt_op_name(op));
    if (value) d[1] = wt_ops_operand_dtype(value, &sv[1]);
    return wt_ops_plan_dtypes(op, ar, d, sv, comp, res);
}

WT_COLD wt_status wt_index_apply(int op, wt_tensor *t, const char *spec, int n, const wt_tensor *const *idx,
                                 const wt_tensor *value, double scalar) {
    index_plan q = {0};
    int comp[2] = {0, 0}, res = 0, ar = wt_op_arity(op);
    wt_status st = value ? wt_tensor_check(value, "value") : WT_OK;
    if (!st && t && (t->d.flags & WT_FLAG_READONLY)) st = wt_error_fail(WT_EREADONLY, "at: the tensor is read-only");
    if (!st) st = plan_make(t, spec, n, idx, &q);
    if (!st) st = apply_plan(op, t, value, scalar, comp, &res);
    if (!st && !q.p.nadv) { /* a view: no element twice, so one elementwise pass into it, cast unsafely */
        wt_tensor v = {.buf = t->buf, .d = q.p.view}, *uv = NULL;
        double sc[2] = {0, scalar};
        if ((st = wt_view_casting(&v, WT_CASTING_UNSAFE, &uv))) return st;
        const wt_tensor *in[2] = {&v, value};
        st = wt_ewise(op, ar, in, sc, 1, 1, uv, WT_REDUCE_NONE, NULL);
        wt_tensor_free(uv);
        return st;
    }
    if (!st) st = offsets(&q);
    wt_tensor *vals = NULL;
    int c1 = wt_dtype_compute(ar == 2 ? comp[1] : comp[0]);
    if (!st && value) /* the values broadcast to a[index]'s shape, in the kernel's dtype, apart from t */
        if (!(st = wt_tensor_create(c1, q.nd, q.shape, false, &vals))) st = wt_assign(vals, value);
    if (!st) {
        char slot[16] = {0};
        if (ar == 2 && !value) wt_ops_scalar_store(op, 1, t->d.dtype, comp[1], -1, scalar, slot);
        int c0 = wt_dtype_compute(comp[0]);
        apply_ctx a = {.kern = wt_kernels_for(op, c0, res),
                       .xdt = t->d.dtype,
                       .c0 = c0,
                       .c1 = c1,
                       .res = wt_dtype_compute(res),
                       .v = vals ? wt_first(vals) : slot,
                       .vstride = vals ? (int64_t)wt_dtype_size(c1) : 0,
                       .x = (char *)t->buf->data + q.p.view.offset * wt_dtype_size(t->d.dtype),
                       .is = (int64_t)wt_dtype_size(t->d.dtype)};
        if (!add_direct(op, &q, &a)) apply_all(&q, &a);
    }
    wt_tensor_free(vals);
    plan_free(&q);
    return st;
}

WT_COLD wt_status wt_nonzero(const wt_tensor *t, wt_tensor **result) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st) st = wt_tensor_check_out(result);
    if (st) return st;
    wt_tensor x = *t, *m, *r;
    if (x.d.ndim == 0) x.d.ndim = 1, x.d.shape[0] = 1, x.d.strides[0] = 0;
    for (int i = 0; i < x.d.ndim; i++)
        if (x.d.shape[i] > INT32_MAX)
            return wt_error_fail(WT_ESHAPE, "nonzero: axis %d has %lld elements, beyond int32 indices", i,
                                 (long long)x.d.shape[i]);
    if ((st = as_mask(&x, &m))) return st;
    const uint8_t *bytes = (const uint8_t *)wt_first(m);
    int64_t shape[2] = {x.d.ndim, count_true(bytes, wt_desc_size(&m->d))};
    if (!(st = wt_tensor_create(WT_INT32, 2, shape, false, &r))) {
        coords_fill(&m->d, bytes, shape[1], false, wt_first(r));
        *result = r;
    }
    wt_tensor_free(m);
    return st;
}

/* the int64 counts of repeats, one per element along an axis of n (a 0-d repeats is each's) */
WT_COLD static wt_status repeat_counts(const wt_tensor *repeats, int64_t n, wt_tensor **counts, int64_t *total) {
    int dt = repeats->d.dtype;
    if (dt != WT_BOOL && (!wt_dtype_is_int(dt) || dt == WT_UINT64))
        return wt_error_fail(WT_EDTYPE, "repeat: cannot cast the repeats from %s to int64 under the rule 'safe'",
                             wt_dtype_name(dt));
    if (repeats->d.ndim > 1 || (repeats->d.ndim == 1 && repeats->d.shape[0] != n && repeats->d.shape[0] != 1))
        return wt_error_fail(WT_ESHAPE,
                             "repeat: the repeats (shape of %d dims, %lld elements) do not broadcast to %lld",
                             repeats->d.ndim, (long long)wt_desc_size(&repeats->d), (long long)n);
    wt_tensor b = {.buf = repeats->buf};
    wt_status st = wt_desc_broadcast(&repeats->d, 1, &n, "repeat", &b.d);
    if (!st) st = wt_assign_astype(&b, WT_INT64, counts);
    if (st) return st;
    const int64_t *c = (const int64_t *)wt_first(*counts);
    *total = 0;
    for (int64_t i = 0; i < n && !st; i++)
        if (c[i] < 0)
            st = wt_error_fail(WT_EINVAL, "repeat: repeats may not contain negative values (%lld)", (long long)c[i]);
        else if (!wt_add_ok(*total, c[i], total))
            st = wt_error_fail(WT_ENOMEM, "repeat: more than 2^63 elements");
    if (st) wt_tensor_free(*counts), *counts = NULL;
    return st;
}

wt_status wt_repeat(const wt_tensor *t, const wt_tensor *repeats, int axis, int flatten, wt_tensor **result) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st) st = wt_tensor_check(repeats, "repeats");
    if (!st) st = wt_tensor_check_out(result);
    if (st) return st;
    wt_tensor *flat = NULL, *counts = NULL, *idx = NULL;
    int ax = 0;
    if (flatten || t->d.ndim == 0) {
        int64_t size = wt_desc_size(&t->d);
        if ((st = wt_view_reshape_to(t, 1, &size, &flat))) return st;
    } else if ((st = wt_desc_axis(axis, t->d.ndim, "axis", &ax))) {
        return st;
    }
    const wt_tensor *x = flat ? flat : t;
    int64_t n = x->d.shape[ax], total = 0;
    if (!(st = repeat_counts(repeats, n, &counts, &total)) &&
        !(st = wt_tensor_create(WT_INT64, 1, &total, false, &idx))) {
        const int64_t *c = (const int64_t *)wt_first(counts);
        int64_t *o = (int64_t *)wt_first(idx);
        for (int64_t i = 0, at = 0; i < n; i++)
            for (int64_t r = 0; r < c[i]; r++) o[at++] = i;
        char spec[4 * WT_MAX_DIMS + 2] = "";
        for (int i = 0; i < ax; i++) strcat(spec, ":,");
        strcat(spec, "@");
        const wt_tensor *ts[1] = {idx};
        st = wt_index_get(x, spec, 1, ts, result);
    }
    wt_tensor_free(flat), wt_tensor_free(counts), wt_tensor_free(idx);
    return st;
}
