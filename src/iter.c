/* iter.c — the strided-loop engine: every elementwise pass (assign, cast,
** and later the ops) walks its operands through here.  Initialisation turns
** N same-shaped views into the fewest, longest loops (the seeds'
** "flattening", NumPy's coalescing): drop size-1 axes, flip axes that every
** operand walks backwards, order axes by the output's strides, then merge
** neighbours that are contiguous for every operand.  A short last axis left
** over (channels-last images: (h, w, 3)) would make every call 3 elements
** long: operands that repeat along it (a per-channel (3,) vector) are read
** from a repeated copy so the axes merge after all, and where an operand has
** a gap (rgba[:, :, :3]) the two last axes are visited across, in blocks. */
#include "core.h"
#include <string.h>

static int64_t iabs64(int64_t x) { return x < 0 ? -x : x; }

/* true if axis a should be iterated outside axis b */
static bool outer_of(const wt_iter *it, int order, int a, int b) {
    for (int j = -1; j < it->nop; j++) {
        int k = j < 0 ? order : j;
        int64_t sa = iabs64(it->strides[k][a]), sb = iabs64(it->strides[k][b]);
        if (sa != sb) return sa > sb;
    }
    return false;
}

static void swap_axes(wt_iter *it, int a, int b) {
    int64_t t = it->shape[a];
    it->shape[a] = it->shape[b];
    it->shape[b] = t;
    for (int k = 0; k < it->nop; k++) {
        t = it->strides[k][a];
        it->strides[k][a] = it->strides[k][b];
        it->strides[k][b] = t;
    }
}

/* merge axis a into the last axis b (a = b - 1) as every operand allows:
** the merged ones stepping evenly, the periodic ones (per[k]) stepping 0 along a */
static bool merge_last(wt_iter *it, const bool *per) {
    int b = it->ndim - 1, a = b - 1;
    for (int k = 0; k < it->nop; k++)
        if (it->strides[k][a] != (per[k] ? 0 : it->strides[k][b] * it->shape[b])) return false;
    it->shape[a] *= it->shape[b];
    for (int k = 0; k < it->nop; k++) it->strides[k][a] = it->strides[k][b];
    it->ndim--;
    return true;
}

/* a short last axis: periodic operands merged (see wt_iter), or else the
** axis visited across.  Only for passes whose output steps along both
** axes: a reduction's order of sums stays the one it had. */
static void plan_short(wt_iter *it, const wt_tensor *const *ops) {
    int b = it->ndim - 1, a = b - 1;
    if (it->ndim < 2 || it->shape[b] > WT_ITER_SHORT || !it->strides[0][a] || !it->strides[0][b]) return;
    bool per[WT_ITER_MAXOPS] = {false};
    int64_t L = it->shape[b], chunk = INT64_MAX;
    for (int k = 1; k < it->nop; k++) {
        if (it->strides[k][a] || !it->strides[k][b]) continue;
        int64_t es = (int64_t)wt_dtype_size(ops[k]->d.dtype);
        if (it->nper == WT_ITER_PERIODIC) { /* more than the copies kept: visited across instead */
            chunk = 0;
            break;
        }
        int j = it->nper++;
        it->per_op[j] = k, it->per_step[j] = it->strides[k][b], it->per_size[j] = es, per[k] = true;
        int64_t c = WT_ITER_REPEAT / es / L * L;
        chunk = c < chunk ? c : chunk;
    }
    if (it->nper && chunk >= 4 * L && merge_last(it, per)) {
        it->period = L, it->per_chunk = chunk;
        for (int j = 0; j < it->nper; j++) it->strides[it->per_op[j]][it->ndim - 1] = 0;
        bool none[WT_ITER_MAXOPS] = {false}; /* periodic ones step 0 outside as well */
        while (it->ndim >= 2 && merge_last(it, none)) {}
        return;
    }
    it->nper = 0;
    it->across = it->shape[a] >= 4 * WT_ITER_SHORT;
}

void wt_iter_init(wt_iter *it, int nop, const wt_tensor *const *ops, int order) {
    const wt_desc *d0 = &ops[0]->d;
    bool plain = order & WT_ITER_PLAIN;
    order &= ~WT_ITER_PLAIN;
    /* the fields, not the whole struct: its stride table is 2 KiB, read only where set */
    it->nop = nop, it->nper = 0, it->period = it->per_chunk = 0, it->across = false;
    for (int k = 0; k < nop; k++) it->ptr[k] = wt_first(ops[k]);
    int nd = 0;
    for (int i = 0; i < d0->ndim; i++) {
        if (d0->shape[i] == 0) { /* nothing to visit: one empty axis every operand steps 0 along */
            it->ndim = 1;
            it->shape[0] = 0;
            for (int k = 0; k < nop; k++) it->strides[k][0] = 0;
            return;
        }
        if (d0->shape[i] == 1) continue;
        it->shape[nd] = d0->shape[i];
        bool any_pos = false, any_neg = false;
        for (int k = 0; k < nop; k++) {
            int64_t s = ops[k]->d.strides[i] * (int64_t)wt_dtype_size(ops[k]->d.dtype);
            it->strides[k][nd] = s;
            any_pos |= s > 0;
            any_neg |= s < 0;
        }
        /* walking an axis backwards for every operand visits the same pairs */
        if (any_neg && !any_pos)
            for (int k = 0; k < nop; k++) {
                it->ptr[k] += (it->shape[nd] - 1) * it->strides[k][nd];
                it->strides[k][nd] = -it->strides[k][nd];
            }
        nd++;
    }
    it->ndim = nd;
    /* insertion sort: outermost (largest strides) first, stable */
    for (int i = 1; i < nd; i++)
        for (int j = i; j > 0 && outer_of(it, order, j, j - 1); j--) swap_axes(it, j, j - 1);
    /* merge axis i into i+1 when every operand steps evenly across both */
    int out = 0;
    for (int i = 1; i < nd; i++) {
        bool merge = true;
        for (int k = 0; k < nop && merge; k++) merge = it->strides[k][out] == it->strides[k][i] * it->shape[i];
        if (merge) {
            it->shape[out] *= it->shape[i];
            for (int k = 0; k < nop; k++) it->strides[k][out] = it->strides[k][i];
        } else {
            out++;
            it->shape[out] = it->shape[i];
            for (int k = 0; k < nop; k++) it->strides[k][out] = it->strides[k][i];
        }
    }
    it->ndim = nd ? out + 1 : 0;
    if (!plain) plan_short(it, ops);
}

/* A transpose-like pass: some operand walks the inner axis with a large
** stride while another is dense along the next axis.  Visiting the last two
** axes in TILE x TILE blocks then reuses every cache line it touches. */
#define TILE 32
static bool wants_tiles(const wt_iter *it) {
    if (it->ndim < 2 || it->nper || it->across) return false;
    int b = it->ndim - 1, a = b - 1;
    if (it->strides[0][a] == 0 || it->strides[0][b] == 0) return false; /* reductions keep their runs */
    bool far = false, near = false;
    for (int k = 0; k < it->nop; k++) {
        far |= iabs64(it->strides[k][b]) >= 256;
        near |= it->strides[k][a] != 0 && iabs64(it->strides[k][a]) <= 16;
    }
    return far && near && it->shape[a] >= TILE && it->shape[b] >= TILE;
}

/* the periodic operands' repeated copies, filled from the period at from[j] */
typedef struct {
    _Alignas(16) char buf[WT_ITER_PERIODIC][WT_ITER_REPEAT];
    const char *from[WT_ITER_PERIODIC];
} repeat;

static void repeat_fill(const wt_iter *it, repeat *r, int j, const char *src) {
    int64_t es = it->per_size[j], L = it->period;
    char *b = r->buf[j];
    for (int64_t i = 0; i < L; i++) wt_elem_copy(b + i * es, src + i * it->per_step[j], es);
    for (int64_t have = L; have < it->per_chunk;) { /* doubling copies, whole periods */
        int64_t m = have < it->per_chunk - have ? have : it->per_chunk - have;
        memcpy(b + have * es, b, (size_t)(m * es));
        have += m;
    }
    r->from[j] = src;
}

/* n elements of the last axis from p, the first at position pos along it */
static void run_row(const wt_iter *it, repeat *r, char **p, wt_inner_fn fn, void *ctx, const int64_t *inner,
                    int64_t pos, int64_t n) {
    if (!it->nper) {
        fn(ctx, p, inner, n);
        return;
    }
    char *q[WT_ITER_MAXOPS];
    int64_t s[WT_ITER_MAXOPS];
    memcpy(q, p, sizeof q);
    memcpy(s, inner, sizeof s);
    for (int j = 0; j < it->nper; j++) {
        if (r->from[j] != p[it->per_op[j]]) repeat_fill(it, r, j, p[it->per_op[j]]);
        s[it->per_op[j]] = it->per_size[j];
    }
    while (n > 0) {
        int64_t off = pos % it->period, m = it->per_chunk - off < n ? it->per_chunk - off : n;
        for (int j = 0; j < it->nper; j++) q[it->per_op[j]] = r->buf[j] + off * it->per_size[j];
        fn(ctx, q, s, m);
        for (int k = 0; k < it->nop; k++) q[k] += m * s[k];
        pos += m, n -= m;
    }
}

/* the last two axes visited across: blocks of axis a, each a call per index of b */
static void run_across(const wt_iter *it, char **p, wt_inner_fn fn, void *ctx) {
    int b = it->ndim - 1, a = b - 1;
    char *q[WT_ITER_MAXOPS];
    int64_t sa[WT_ITER_MAXOPS];
    for (int k = 0; k < it->nop; k++) sa[k] = it->strides[k][a];
    for (int64_t i0 = 0; i0 < it->shape[a]; i0 += WT_ITER_ACROSS) {
        int64_t m = it->shape[a] - i0 < WT_ITER_ACROSS ? it->shape[a] - i0 : WT_ITER_ACROSS;
        for (int64_t j = 0; j < it->shape[b]; j++) {
            for (int k = 0; k < it->nop; k++) q[k] = p[k] + i0 * sa[k] + j * it->strides[k][b];
            fn(ctx, q, sa, m);
        }
    }
}

/* run the last axis (or, tiled or across, the last two) from base pointers p */
static void run_inner(const wt_iter *it, bool tiled, repeat *r, char **p, wt_inner_fn fn, wt_tile_fn tile, void *ctx,
                      const int64_t *inner) {
    int b = it->ndim - 1, a = b - 1;
    if (it->across) {
        run_across(it, p, fn, ctx);
        return;
    }
    if (!tiled) {
        run_row(it, r, p, fn, ctx, inner, 0, it->shape[b]);
        return;
    }
    char *q[WT_ITER_MAXOPS];
    int64_t sa[WT_ITER_MAXOPS], sb[WT_ITER_MAXOPS];
    for (int k = 0; k < it->nop; k++) sa[k] = it->strides[k][a], sb[k] = it->strides[k][b];
    for (int64_t i0 = 0; i0 < it->shape[a]; i0 += TILE)
        for (int64_t j0 = 0; j0 < it->shape[b]; j0 += TILE) {
            int64_t ie = i0 + TILE < it->shape[a] ? i0 + TILE : it->shape[a];
            int64_t jn = it->shape[b] - j0 < TILE ? it->shape[b] - j0 : TILE;
            for (int k = 0; k < it->nop; k++) q[k] = p[k] + i0 * sa[k] + j0 * sb[k];
            if (tile && tile(ctx, q, sa, sb, ie - i0, jn)) continue;
            for (int64_t i = i0; i < ie; i++) {
                for (int k = 0; k < it->nop; k++) q[k] = p[k] + i * it->strides[k][a] + j0 * it->strides[k][b];
                fn(ctx, q, inner, jn);
            }
        }
}

void wt_iter_run(const wt_iter *it, wt_inner_fn fn, void *ctx) { wt_iter_run_tiled(it, fn, NULL, ctx); }

int64_t wt_iter_size(const wt_iter *it) {
    int64_t n = 1;
    for (int i = 0; i < it->ndim; i++) n *= it->shape[i];
    return n;
}

bool wt_iter_tiles(const wt_iter *it) { return it->across || wants_tiles(it); }

int wt_iter_split_axis(const wt_iter *it) {
    int best = -1, last = it->ndim - 1;
    for (int i = 0; i < last; i++) /* an outer axis: every part reads whole runs */
        if (it->strides[0][i] && it->shape[i] > 1 && (best < 0 || it->shape[i] > it->shape[best])) best = i;
    /* the last one unless periodic (cut at whole periods only) */
    return best >= 0 || last < 0 || it->nper || !it->strides[0][last] ? best : last;
}

void wt_iter_run_slab(const wt_iter *it, int axis, int64_t begin, int64_t end, wt_inner_fn fn, wt_tile_fn tile,
                      void *ctx) {
    wt_iter sub = *it;
    sub.shape[axis] = end - begin;
    for (int k = 0; k < it->nop; k++) sub.ptr[k] += begin * it->strides[k][axis];
    if (end > begin) wt_iter_run_tiled(&sub, fn, tile, ctx);
}

void wt_iter_run_range(const wt_iter *it, wt_inner_fn fn, void *ctx, int64_t begin, int64_t end) {
    char *ptr[WT_ITER_MAXOPS];
    int64_t inner[WT_ITER_MAXOPS] = {0}, idx[WT_MAX_DIMS] = {0};
    memcpy(ptr, it->ptr, sizeof ptr);
    if (it->ndim == 0) { /* one element */
        if (begin < end) fn(ctx, ptr, inner, 1);
        return;
    }
    int last = it->ndim - 1;
    for (int k = 0; k < it->nop; k++) inner[k] = it->strides[k][last];
    for (int64_t i = last, rem = begin; i >= 0; i--) { /* the multi-index of element `begin` */
        idx[i] = rem % it->shape[i], rem /= it->shape[i];
        for (int k = 0; k < it->nop; k++) ptr[k] += idx[i] * it->strides[k][i];
    }
    repeat r; /* its copies are filled on first use */
    for (int j = 0; j < it->nper; j++) r.from[j] = NULL;
    for (int64_t at = begin; at < end;) {
        int64_t n = it->shape[last] - idx[last]; /* the rest of this run, or of the range */
        if (n > end - at) n = end - at;
        run_row(it, &r, ptr, fn, ctx, inner, idx[last], n);
        at += n;
        for (int k = 0; k < it->nop; k++) ptr[k] += n * inner[k];
        if ((idx[last] += n) < it->shape[last]) continue;
        for (int i = last; i >= 0; i--) { /* carry into the outer axes */
            for (int k = 0; k < it->nop; k++) ptr[k] -= it->strides[k][i] * it->shape[i];
            idx[i] = 0;
            if (i == 0) break;
            for (int k = 0; k < it->nop; k++) ptr[k] += it->strides[k][i - 1];
            if (++idx[i - 1] < it->shape[i - 1]) break;
        }
    }
}

void wt_iter_run_tiled(const wt_iter *it, wt_inner_fn fn, wt_tile_fn tile, void *ctx) {
    char *ptr[WT_ITER_MAXOPS];
    int64_t inner[WT_ITER_MAXOPS];
    memcpy(ptr, it->ptr, sizeof ptr);
    if (it->ndim == 0) { /* 0-d, or only size-1 axes: one element */
        memset(inner, 0, sizeof inner);
        fn(ctx, ptr, inner, 1);
        return;
    }
    int last = it->ndim - 1;
    if (it->shape[last] == 0) return;
    for (int k = 0; k < it->nop; k++) inner[k] = it->strides[k][last];
    bool tiled = wants_tiles(it);
    int outer = tiled || it->across ? last - 1 : last; /* axes [0, outer) are walked by the odometer */
    repeat r;                                          /* its copies are filled on first use */
    for (int j = 0; j < it->nper; j++) r.from[j] = NULL;
    int64_t idx[WT_MAX_DIMS] = {0};
    for (;;) {
        run_inner(it, tiled, &r, ptr, fn, tile, ctx, inner);
        int i = outer - 1;
        for (; i >= 0; i--) {
            for (int k = 0; k < it->nop; k++) ptr[k] += it->strides[k][i];
            if (++idx[i] < it->shape[i]) break;
            for (int k = 0; k < it->nop; k++) ptr[k] -= it->strides[k][i] * it->shape[i];
            idx[i] = 0;
        }
        if (i < 0) return;
    }
}
