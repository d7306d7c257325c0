/* slice.c — NumPy basic indexing from a string ("1:5:2, ..., None, -1"),
** parsed once in C for every host, then applied as a view. */
#include "core.h"
#include <string.h>

#define MAX_ITEMS 64

typedef enum { IT_INT, IT_SLICE, IT_ELLIPSIS, IT_NEWAXIS } item_kind;

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
                         "'...' or 'None')",
                         it->len > 60 ? 60 : it->len, spec + it->pos, spec);
}

/* one item from s up to ',' or end */
static wt_status parse_item(const char *spec, const char **ps, item *it) {
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

wt_status wt_view_slice(const wt_tensor *t, const char *spec, wt_tensor **out) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st) st = wt_tensor_check_out(out);
    if (!st && !spec) st = wt_error_fail(WT_EINVAL, "slice spec is NULL");
    if (st) return st;
    item items[MAX_ITEMS];
    int n = 0, consumed = 0, ellipses = 0, newaxes = 0;
    const char *s = spec;
    if (*skip(s)) {
        for (;;) {
            if (n == MAX_ITEMS)
                return wt_error_fail(WT_EINDEX, "too many indices in slice '%.200s' (at most %d)", spec, MAX_ITEMS);
            if ((st = parse_item(spec, &s, &items[n]))) return st;
            item_kind k = items[n++].kind;
            consumed += k == IT_INT || k == IT_SLICE;
            ellipses += k == IT_ELLIPSIS;
            newaxes += k == IT_NEWAXIS;
            if (!*s) break;
            s++;                  /* the comma */
            if (!*skip(s)) break; /* a trailing comma, as in Python's (1,) */
        }
    }
    int nd = t->d.ndim;
    if (ellipses > 1)
        return wt_error_fail(WT_ESYNTAX, "an index can only have a single ellipsis ('...'): '%.200s'", spec);
    if (consumed > nd)
        return wt_error_fail(WT_EINDEX, "too many indices for tensor: tensor is %d-dimensional, but %d were indexed",
                             nd, consumed);
    int ints = 0;
    for (int i = 0; i < n; i++) ints += items[i].kind == IT_INT;
    if (nd - ints + newaxes > WT_MAX_DIMS)
        return wt_error_fail(WT_EINDEX, "slice '%.200s' would give %d dimensions (at most %d)", spec,
                             nd - ints + newaxes, WT_MAX_DIMS);
    wt_desc d = t->d;
    int in = 0, o = 0;
    for (int i = 0; i <= n; i++) {
        /* the ellipsis, or the implied one at the end, keeps the untouched axes */
        int keep = i == n ? nd - in : items[i].kind == IT_ELLIPSIS ? nd - consumed : 0;
        for (int k = 0; k < keep; k++, in++, o++) d.shape[o] = t->d.shape[in], d.strides[o] = t->d.strides[in];
        if (i == n) break;
        const item *it = &items[i];
        int64_t size = it->kind == IT_NEWAXIS || it->kind == IT_ELLIPSIS ? 0 : t->d.shape[in];
        int64_t stride = it->kind == IT_NEWAXIS || it->kind == IT_ELLIPSIS ? 0 : t->d.strides[in];
        if (it->kind == IT_NEWAXIS) {
            d.shape[o] = 1, d.strides[o++] = 0;
        } else if (it->kind == IT_INT) {
            int64_t k = it->v[0];
            if (it->big || k < -size || k >= size)
                return wt_error_fail(WT_EINDEX, "index %s%lld is out of bounds for axis %d with size %lld",
                                     it->big ? "beyond " : "", (long long)k, in, (long long)size);
            d.offset += (k < 0 ? k + size : k) * stride;
            in++;
        } else if (it->kind == IT_SLICE) {
            int64_t start, step, len = adjust(it, size, &start, &step);
            if (len > 0) d.offset += start * stride;
            d.shape[o] = len;
            if (!wt_mul_ok(stride, step, &d.strides[o])) d.strides[o] = stride; /* len <= 1: unused */
            o++, in++;
        }
    }
    d.ndim = o;
    return wt_tensor_view(t, &d, out);
}
