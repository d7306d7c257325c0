/* slice.c — NumPy basic indexing from a string ("1:5:2, ..., None, -1"),
** parsed once in C for every host, then applied as a view; with '@' items
** (index tensors) it also plans advanced indexing for index.c. */
#include "core.h"
#include <stdio.h>
#include <string.h>

#define MAX_ITEMS 64

typedef enum { IT_INT, IT_SLICE, IT_ELLIPSIS, IT_NEWAXIS, IT_ARRAY } item_kind;

typedef struct {
    item_kind kind;
    bool has[3];  /* start, stop, step present */
    int64_t v[3]; /* IT_INT uses v[0] */
    bool big;     /* IT_INT: the integer did not fit in int64 */
    int pos, len; /* where the item is in the spec, for messages */
} item;

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* optional sign and digits; saturates at +-INT64_MAX and reports it */
static bool parse_int(const char **p, int64_t *out, bool *big) {
    const char *s = *p;
    bool neg = false;
    if (*s == '+' || *s == '-') neg = *s++ == '-';
    if (!is_digit(*s)) return false;
    int64_t v = 0;
    *big = false;
    for (; is_digit(*s); s++) {
        int digit = *s - '0';
        if (v > (INT64_MAX - digit) / 10)
            *big = true, v = INT64_MAX;
        else
            v = v * 10 + digit;
    }
    *out = neg ? -v : v;
    *p = s;
    return true;
}

static const char *skip(const char *s) {
    while (is_space(*s)) s++;
    return s;
}

static const char *skip_to(const char *s, const char *stop) {
    while (s < stop && is_space(*s)) s++;
    return s;
}

static wt_status bad_item(const char *spec, const item *it) {
    return wt_error_fail(WT_ESYNTAX,
                         "invalid index '%.*s' in slice '%.200s' (expected an integer, start:stop:step, "
                         "'...', 'None' or '@')",
                         it->len > 60 ? 60 : it->len, spec + it->pos, spec);
}

/* one item from s up to ',' or end */
WT_COLD static wt_status parse_item(const char *spec, const char **ps, item *it) {
    const char *s = skip(*ps);
    memset(it, 0, sizeof *it);
    it->pos = (int)(s - spec);
    const char *end = s;
    while (*end && *end != ',') end++;
    it->len = (int)(end - s);
    while (it->len > 0 && is_space(s[it->len - 1])) it->len--;
    if (it->len == 0) return wt_error_fail(WT_ESYNTAX, "empty index at position %d in slice '%.200s'", it->pos, spec);
    *ps = end;
    if (it->len == 3 && memcmp(s, "...", 3) == 0) {
        it->kind = IT_ELLIPSIS;
        return WT_OK;
    }
    if (it->len == 4 && memcmp(s, "None", 4) == 0) {
        it->kind = IT_NEWAXIS;
        return WT_OK;
    }
    if (it->len == 1 && *s == '@') {
        it->kind = IT_ARRAY;
        return WT_OK;
    }
    const char *p = s, *stop = s + it->len;
    int field = 0;
    it->kind = IT_INT;
    for (;;) {
        p = skip_to(p, stop);
        bool big = false;
        if (p < stop && *p != ':') {
            if (!parse_int(&p, &it->v[field], &big)) return bad_item(spec, it);
            it->has[field] = true;
            if (field == 0) it->big = big;
            p = skip_to(p, stop);
        }
        if (p == stop) break;
        if (*p != ':' || field == 2) return bad_item(spec, it);
        it->kind = IT_SLICE;
        field++;
        p++;
    }
    if (it->kind == IT_INT) return it->has[0] ? WT_OK : bad_item(spec, it);
    if (it->has[2] && it->v[2] == 0)
        return wt_error_fail(WT_EINVAL, "slice step cannot be zero (in '%.*s')", it->len, spec + it->pos);
    return WT_OK;
}

/* Python's PySlice_AdjustIndices: clip start/stop to the axis, count. */
static int64_t adjust(const item *it, int64_t n, int64_t *start, int64_t *step) {
    int64_t st = it->has[2] ? it->v[2] : 1;
    if (st < -INT64_MAX) st = -INT64_MAX; /* so -st exists */
    int64_t lo = st < 0 ? -1 : 0, hi = st < 0 ? n - 1 : n;
    int64_t b[2] = {st < 0 ? n - 1 : 0, st < 0 ? -1 : n};
    for (int k = 0; k < 2; k++) {
        if (!it->has[k]) continue;
        int64_t v = it->v[k];
        if (v < 0)
            v = v + n < 0 ? lo : v + n;
        else if (v >= n)
            v = hi;
        b[k] = v;
    }
    *start = b[0];
    *step = st;
    if (st > 0) return b[0] < b[1] ? (b[1] - b[0] - 1) / st + 1 : 0;
    return b[1] < b[0] ? (b[0] - b[1] - 1) / (-st) + 1 : 0;
}

/* the items of spec; counts[kind] */
WT_COLD static wt_status parse_items(const char *spec, item *items, int *n, int *counts) {
    const char *s = spec;
    *n = 0;
    if (!*skip(s)) return WT_OK;
    for (;;) {
        if (*n == MAX_ITEMS)
            return wt_error_fail(WT_EINDEX, "too many indices in slice '%.200s' (at most %d)", spec, MAX_ITEMS);
        wt_status st = parse_item(spec, &s, &items[*n]);
        if (st) return st;
        counts[items[(*n)++].kind]++;
        if (!*s) return WT_OK;
        s++;                         /* the comma */
        if (!*skip(s)) return WT_OK; /* a trailing comma, as in Python's (1,) */
    }
}

/* the index tensors' checks; *dims gets the axes they index, *extra the new
** axes 0-d masks add */
WT_COLD static wt_status check_arrays(const char *spec, int want, int n, const wt_tensor *const *idx, int *dims,
                                      int *extra) {
    if (n != want || (n && !idx))
        return wt_error_fail(WT_EINVAL, "index '%.200s' has %d '@' items but %d index tensors were given", spec, want,
                             n);
    *dims = *extra = 0;
    for (int k = 0; k < n; k++) {
        char label[32];
        snprintf(label, sizeof label, "index tensor %d", k);
        wt_status st = wt_tensor_check(idx[k], label);
        if (st) return st;
        int dt = idx[k]->d.dtype;
        if (dt != WT_BOOL && !wt_dtype_is_int(dt))
            return wt_error_fail(WT_EINDEX,
                                 "arrays used as indices must be of integer (or boolean) type; index tensor %d is %s",
                                 k, wt_dtype_name(dt));
        bool mask = dt == WT_BOOL;
        *dims += mask ? idx[k]->d.ndim : 1;
        *extra += mask && idx[k]->d.ndim == 0;
    }
    return WT_OK;
}

/* one integer item: its axis position, checked */
static wt_status int_at(const item *it, int axis, int64_t size, int64_t *k) {
    *k = it->v[0];
    if (it->big || *k < -size || *k >= size)
        return wt_error_fail(WT_EINDEX, "index %s%lld is out of bounds for axis %d with size %lld",
                             it->big ? "beyond " : "", (long long)*k, axis, (long long)size);
    if (*k < 0) *k += size;
    return WT_OK;
}

/* advanced items keep their axes in the view and are recorded in p;
** NumPy's adjacency: no slice, new axis or ellipsis (even an empty one) between them */
static void record(wt_slice_plan *p, int axis, int ndim, int src_axis, const wt_tensor *t, int64_t value, bool *sep) {
    if (p->nadv && *sep) p->adjacent = false;
    p->adv[p->nadv++] = (wt_slice_adv){axis, ndim, src_axis, t, value};
    *sep = false;
}

WT_COLD wt_status wt_slice_index(const wt_tensor *t, const char *spec, int ntens, const wt_tensor *const *idx,
                                 wt_slice_plan *p) {
    item items[MAX_ITEMS];
    int n, c[5] = {0}, adims = 0, extra = 0;
    wt_status st = parse_items(spec, items, &n, c);
    if (!st) st = check_arrays(spec, c[IT_ARRAY], ntens, idx, &adims, &extra);
    if (st) return st;
    int nd = t->d.ndim, consumed = c[IT_INT] + c[IT_SLICE] + adims;
    bool adv = ntens > 0;
    if (c[IT_ELLIPSIS] > 1)
        return wt_error_fail(WT_ESYNTAX, "an index can only have a single ellipsis ('...'): '%.200s'", spec);
    if (consumed > nd)
        return wt_error_fail(WT_EINDEX, "too many indices for tensor: tensor is %d-dimensional, but %d were indexed",
                             nd, consumed);
    int vnd = nd - (adv ? 0 : c[IT_INT]) + c[IT_NEWAXIS] + extra;
    if (vnd > WT_MAX_DIMS)
        return wt_error_fail(WT_EINDEX, "index '%.200s' would give %d dimensions (at most %d)", spec, vnd, WT_MAX_DIMS);
    wt_desc *d = &p->view;
    *d = t->d;
    p->nadv = 0, p->adjacent = true, p->ellipsis = c[IT_ELLIPSIS] > 0;
    int in = 0, o = 0, ti = 0;
    bool sep = false;
    for (int i = 0; i <= n; i++) {
        /* the ellipsis, or the implied one at the end, keeps the untouched axes */
        int keep = i == n ? nd - in : items[i].kind == IT_ELLIPSIS ? nd - consumed : 0;
        sep |= keep > 0 || (i < n && items[i].kind == IT_ELLIPSIS); /* NumPy: any '...' separates */
        for (int k = 0; k < keep; k++, in++, o++) d->shape[o] = t->d.shape[in], d->strides[o] = t->d.strides[in];
        if (i == n) break;
        const item *it = &items[i];
        if (it->kind == IT_NEWAXIS) {
            d->shape[o] = 1, d->strides[o++] = 0, sep = true;
        } else if (it->kind == IT_ARRAY) {
            const wt_tensor *x = idx[ti++];
            int m = x->d.dtype == WT_BOOL ? x->d.ndim : 1;
            if (m == 0) { /* a 0-d mask: a new axis of size 1, indexed by it */
                record(p, o, 1, -1, x, 0, &sep);
                d->shape[o] = 1, d->strides[o++] = 0;
                continue;
            }
            record(p, o, m, in, x, 0, &sep);
            for (int k = 0; k < m; k++, in++, o++) d->shape[o] = t->d.shape[in], d->strides[o] = t->d.strides[in];
        } else if (it->kind == IT_INT) {
            int64_t k;
            if ((st = int_at(it, in, t->d.shape[in], &k))) return st;
            if (adv) {
                record(p, o, 1, in, NULL, k, &sep);
                d->shape[o] = t->d.shape[in], d->strides[o++] = t->d.strides[in];
            } else {
                d->offset += k * t->d.strides[in];
            }
            in++;
        } else if (it->kind == IT_SLICE) {
            int64_t size = t->d.shape[in], stride = t->d.strides[in];
            int64_t start, step, len = adjust(it, size, &start, &step);
            if (len > 0) d->offset += start * stride;
            d->shape[o] = len;
            if (!wt_mul_ok(stride, step, &d->strides[o])) d->strides[o] = stride; /* len <= 1: unused */
            o++, in++, sep = true;
        }
    }
    d->ndim = o;
    return WT_OK;
}

wt_status wt_view_slice(const wt_tensor *t, const char *spec, wt_tensor **out) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st) st = wt_tensor_check_out(out);
    if (!st && !spec) st = wt_error_fail(WT_EINVAL, "slice spec is NULL");
    wt_slice_plan p;
    if (!st) st = wt_slice_index(t, spec, 0, NULL, &p);
    return st ? st : wt_tensor_view(t, &p.view, out);
}
