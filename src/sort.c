/* sort.c — sorting, unique and searchsorted.  Every dtype's values become
** unsigned integer keys whose order is NumPy's sort order (integers with the
** sign bit flipped; floats by their bits, NaN canonical and last, -0 as 0;
** complex as two keys, real part first), so one stable LSD radix sort, a
** byte per pass and passes skipped where every key shares the byte, sorts
** everything in O(n).  Descending order is the keys complemented: equal
** values keep their order and NaN comes first, as flip(sort(flip(x))), the
** Array API's reference. */
#include "parallel.h"
#include <stdlib.h>
#include <string.h>

/* ---- keys --------------------------------------------------------------- */

/* bytes of one key of dt (of each part, for complex): narrow keys are
** 4-byte ones whose high bytes, all zero, cost no pass */
static int key_width(int dt) {
    int part = wt_dtype_is_complex(dt) ? wt_dtype_part(dt) : dt;
    return wt_dtype_size(part) == 8 ? 8 : 4;
}

static inline uint16_t key_f16(uint16_t b) {
    if ((b & 0x7c00) == 0x7c00 && (b & 0x3ff)) b = 0x7e00;
    if (b == 0x8000) b = 0;
    return b & 0x8000 ? (uint16_t)~b : (uint16_t)(b | 0x8000);
}
static inline uint32_t key_f32(float v) {
    uint32_t b;
    if (v != v) v = __builtin_nanf("");
    if (v == 0) v = 0;
    memcpy(&b, &v, 4);
    return b & 0x80000000u ? ~b : b | 0x80000000u;
}
static inline uint64_t key_f64(double v) {
    uint64_t b;
    if (v != v) v = __builtin_nan("");
    if (v == 0) v = 0;
    memcpy(&b, &v, 8);
    return b & 0x8000000000000000u ? ~b : b | 0x8000000000000000u;
}

#define KEYS(KT, T, EXPR)                          \
    WT_NO_UNROLL for (int64_t i = 0; i < n; i++) { \
        T x;                                       \
        memcpy(&x, p + i * s, sizeof x);           \
        ((KT *)k)[i] = (KT)((KT)(EXPR) ^ flip);    \
    }                                              \
    break;

/* n keys of the elements at p (byte stride s; part 1: a complex's imaginary
** part) into k, complemented when descending */
static void keys_of(int dt, const char *p, int64_t s, int64_t n, int part, bool desc, void *k) {
    uint64_t flip = desc ? ~(uint64_t)0 : 0;
    if (wt_dtype_is_complex(dt)) p += part * wt_dtype_size(wt_dtype_part(dt)), dt = wt_dtype_part(dt);
    switch (dt) {
    case WT_BOOL: KEYS(uint32_t, uint8_t, x != 0)
    case WT_INT8: KEYS(uint32_t, uint8_t, x ^ 0x80u)
    case WT_UINT8: KEYS(uint32_t, uint8_t, x)
    case WT_INT16: KEYS(uint32_t, uint16_t, x ^ 0x8000u)
    case WT_UINT16: KEYS(uint32_t, uint16_t, x)
    case WT_FLOAT16: KEYS(uint32_t, uint16_t, key_f16(x))
    case WT_INT32: KEYS(uint32_t, uint32_t, x ^ 0x80000000u)
    case WT_UINT32: KEYS(uint32_t, uint32_t, x)
    case WT_FLOAT32: KEYS(uint32_t, float, key_f32(x))
    case WT_INT64: KEYS(uint64_t, uint64_t, x ^ 0x8000000000000000u)
    case WT_UINT64: KEYS(uint64_t, uint64_t, x)
    default: KEYS(uint64_t, double, key_f64(x))
    }
}

/* ---- the radix sort --------------------------------------------------------- */

/* sorts (k, ix) stably by k, with (k2, ix2) as room; the result ends in
** (k, ix) */
#define RADIX(KT, name)                                                                                             \
    static void name(KT *k, uint32_t *ix, KT *k2, uint32_t *ix2, int64_t n) {                                       \
        enum { W = sizeof(KT) };                                                                                    \
        if (n < 32) { /* insertion sort: stable, and cheaper than a pass */                                         \
            WT_NO_UNROLL for (int64_t i = 1; i < n; i++) {                                                          \
                KT kv = k[i];                                                                                       \
                uint32_t iv = ix[i];                                                                                \
                int64_t j = i;                                                                                      \
                for (; j > 0 && k[j - 1] > kv; j--) k[j] = k[j - 1], ix[j] = ix[j - 1];                             \
                k[j] = kv, ix[j] = iv;                                                                              \
            }                                                                                                       \
            return;                                                                                                 \
        }                                                                                                           \
        int64_t cnt[W][256];                                                                                        \
        memset(cnt, 0, sizeof cnt);                                                                                 \
        WT_NO_UNROLL for (int64_t i = 0; i < n; i++) for (int b = 0; b < W; b++) cnt[b][(k[i] >> (8 * b)) & 255]++; \
        KT *ka = k, *kb = k2;                                                                                       \
        uint32_t *ia = ix, *ib = ix2;                                                                               \
        /* (not unrolled: O3 copied each pass's loops once per byte, 5 KB for no speed) */                          \
        WT_NO_UNROLL for (int b = 0; b < W; b++) {                                                                  \
            int64_t *c = cnt[b], sum = 0;                                                                           \
            if (c[(ka[0] >> (8 * b)) & 255] == n) continue; /* one byte value: nothing moves */                     \
            WT_NO_UNROLL for (int d = 0; d < 256; d++) {                                                            \
                int64_t t = c[d];                                                                                   \
                c[d] = sum, sum += t;                                                                               \
            }                                                                                                       \
            WT_NO_UNROLL for (int64_t i = 0; i < n; i++) {                                                          \
                int64_t at = c[(ka[i] >> (8 * b)) & 255]++;                                                         \
                kb[at] = ka[i], ib[at] = ia[i];                                                                     \
            }                                                                                                       \
            KT *tk = ka;                                                                                            \
            uint32_t *ti = ia;                                                                                      \
            ka = kb, kb = tk, ia = ib, ib = ti;                                                                     \
        }                                                                                                           \
        if (ka != k) memcpy(k, ka, sizeof(KT) * (size_t)n), memcpy(ix, ia, sizeof(uint32_t) * (size_t)n);           \
    }
RADIX(uint32_t, radix32)
RADIX(uint64_t, radix64)

/* (k, ix) sorted by the w-byte keys, with tmp (16 n bytes) as room */
/* 4-byte keys spanning fewer values than there are keys (small integers,
** many repeats): one counting pass and one placing pass; false when the span
** is wider */
static bool counting32(uint32_t *k, uint32_t *ix, uint32_t *k2, uint32_t *ix2, uint32_t *cnt, int64_t n) {
    uint32_t lo = k[0], hi = k[0];
    for (int64_t i = 1; i < n; i++) lo = k[i] < lo ? k[i] : lo, hi = k[i] > hi ? k[i] : hi;
    if ((int64_t)hi - lo >= n) return false;
    int64_t span = (int64_t)hi - lo + 1;
    memset(cnt, 0, sizeof(uint32_t) * (size_t)span);
    for (int64_t i = 0; i < n; i++) cnt[k[i] - lo]++;
    uint32_t sum = 0;
    for (int64_t v = 0; v < span; v++) {
        uint32_t c = cnt[v];
        cnt[v] = sum, sum += c;
    }
    for (int64_t i = 0; i < n; i++) {
        uint32_t at = cnt[k[i] - lo]++;
        k2[at] = k[i], ix2[at] = ix[i];
    }
    memcpy(k, k2, sizeof(uint32_t) * (size_t)n), memcpy(ix, ix2, sizeof(uint32_t) * (size_t)n);
    return true;
}

static void radix(int w, void *k, uint32_t *ix, void *tmp, int64_t n) {
    uint32_t *t = tmp; /* 16 n bytes: keys, indices and counts of a pass */
    if (w == 4 && (n < 32 || !counting32(k, ix, t, t + n, t + 2 * n, n)))
        radix32(k, ix, t, t + n, n);
    else if (w == 8)
        radix64(k, ix, (uint64_t *)tmp, t + 2 * n, n);
}

/* room for sorting lanes of n: keys (k), indices (ix), 16 n bytes for the passes (tmp) */
typedef struct {
    void *k, *tmp;
    uint32_t *ix;
} room;

/* NumPy's complex order puts R + nanj after every other R + Rj and before
** nan + Rj: a class per element, sorted on last */
static unsigned nan_class(int dt, const char *p) {
    int part = wt_dtype_part(dt);
    double re = wt_cast_load_f64(part, p), im = wt_cast_load_f64(part, p + wt_dtype_size(part));
    return re != re ? 2 : im != im ? 1 : 0;
}

/* the stable order of n elements at p (byte stride s) into r.ix; complex:
** by the imaginary part, then stably by the real one, then by NaN class */
static void order(int dt, const char *p, int64_t s, int64_t n, bool desc, const room *r) {
    int w = key_width(dt);
    for (int64_t i = 0; i < n; i++) r->ix[i] = (uint32_t)i;
    if (!wt_dtype_is_complex(dt)) {
        keys_of(dt, p, s, n, 0, desc, r->k);
        radix(w, r->k, r->ix, r->tmp, n);
        return;
    }
    for (int part = 1; part >= -1; part--) {
        uint32_t *cls = r->tmp;
        if (part >= 0)
            keys_of(dt, p, s, n, part, desc, r->tmp);
        else
            for (int64_t i = 0; i < n; i++) cls[i] = desc ? 255u - nan_class(dt, p + i * s) : nan_class(dt, p + i * s);
        int kw = part >= 0 ? w : 4; /* the keys, in the order so far */
        for (int64_t i = 0; i < n; i++)
            memcpy((char *)r->k + i * kw, (char *)r->tmp + (int64_t)r->ix[i] * kw, (size_t)kw);
        radix(kw, r->k, r->ix, r->tmp, n);
    }
}

WT_COLD static wt_status room_alloc(int dt, int64_t n, int parts, room *rs, void **block) {
    int64_t w = key_width(dt), per, total;
    if (!wt_mul_ok(n, w + 4 + 16, &per) || !wt_add_ok(per, 64, &per) || !wt_mul_ok(per, parts, &total) ||
        !(*block = wt_tensor_sys_alloc((size_t)total)))
        return wt_error_fail(WT_ENOMEM, "sort: out of memory for sorting %lld elements", (long long)n);
    char *p = *block;
    for (int i = 0; i < parts; i++, p += per) /* tmp first (8-byte aligned), then keys, then indices */
        rs[i].tmp = p, rs[i].k = p + 16 * n, rs[i].ix = (uint32_t *)(p + 16 * n + w * n);
    return WT_OK;
}

/* ---- sort and argsort ---------------------------------------------------- */

typedef struct {
    const wt_tensor *t;
    int axis;
    bool desc;
    wt_tensor *values, *indices;
    room rs[64];
    const int64_t *kth; /* partition: these positions (sorted, distinct) only */
    int nkth;
} sort_job;

/* ---- partition: introselect on the keys --------------------------------------
** (k, ix)[lo, hi) rearranged so each position in kth holds what the sorted order
** puts there, smaller-or-equal keys before it and greater-or-equal after: a
** median-of-three pivot, Hoare's split (equal keys go to both sides, so repeats
** still halve), recursion into the left part and a loop on the right; past
** 2 log2 n levels, the radix sort of what is left. */
#define SELECT(KT, name, W)                                                                                           \
    static void name(KT *k, uint32_t *ix, int64_t lo, int64_t hi, const int64_t *kth, int nk, int depth, void *tmp) { \
        while (nk > 0 && hi - lo > 16) {                                                                              \
            if (depth-- == 0) {                                                                                       \
                radix(W, k + lo, ix + lo, tmp, hi - lo);                                                              \
                return;                                                                                               \
            }                                                                                                         \
            KT a = k[lo], b = k[lo + (hi - lo) / 2], c = k[hi - 1];                                                   \
            KT p = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);                                 \
            int64_t i = lo - 1, j = hi; /* Hoare's split: [lo, j] <= p <= [j + 1, hi) */                              \
            for (;;) {                                                                                                \
                do i++;                                                                                               \
                while (k[i] < p);                                                                                     \
                do j--;                                                                                               \
                while (k[j] > p);                                                                                     \
                if (i >= j) break;                                                                                    \
                KT x = k[i];                                                                                          \
                uint32_t xi = ix[i];                                                                                  \
                k[i] = k[j], ix[i] = ix[j], k[j] = x, ix[j] = xi;                                                     \
            }                                                                                                         \
            int left = 0;                                                                                             \
            while (left < nk && kth[left] <= j) left++;                                                               \
            name(k, ix, lo, j + 1, kth, left, depth, tmp);                                                            \
            lo = j + 1, kth += left, nk -= left;                                                                      \
        }                                                                                                             \
        if (nk > 0)                                                                                                   \
            for (int64_t i = lo + 1; i < hi; i++) { /* insertion sort of a short run */                               \
                KT x = k[i];                                                                                          \
                uint32_t xi = ix[i];                                                                                  \
                int64_t j = i;                                                                                        \
                for (; j > lo && k[j - 1] > x; j--) k[j] = k[j - 1], ix[j] = ix[j - 1];                               \
                k[j] = x, ix[j] = xi;                                                                                 \
            }                                                                                                         \
    }
SELECT(uint32_t, select32, 4)
SELECT(uint64_t, select64, 8)

/* the partition of n real elements at p (byte stride s) into r.ix */
static void select_order(int dt, const char *p, int64_t s, int64_t n, const int64_t *kth, int nk, const room *r) {
    int depth = 2;
    for (int64_t m = n; m > 1; m >>= 1) depth += 2;
    for (int64_t i = 0; i < n; i++) r->ix[i] = (uint32_t)i;
    keys_of(dt, p, s, n, 0, false, r->k);
    if (key_width(dt) == 4)
        select32(r->k, r->ix, 0, n, kth, nk, depth, r->tmp);
    else
        select64(r->k, r->ix, 0, n, kth, nk, depth, r->tmp);
}

/* lanes [begin, end): each sorted into the outputs' lane (C-contiguous, t's shape) */
static void sort_lanes(void *ctx, int64_t begin, int64_t end, int part) {
    sort_job *j = ctx;
    const wt_desc *d = &j->t->d;
    int64_t n = d->shape[j->axis], is = wt_dtype_size(d->dtype), inner = 1;
    for (int i = j->axis + 1; i < d->ndim; i++) inner *= d->shape[i];
    const room *r = &j->rs[part];
    for (int64_t lane = begin; lane < end; lane++) {
        int64_t o = lane / inner * n * inner + lane % inner; /* its first output element */
        const char *p = wt_first(j->t) + wt_desc_lane(d, j->axis, lane) * is;
        int64_t s = d->strides[j->axis] * is;
        if (j->kth)
            select_order(d->dtype, p, s, n, j->kth, j->nkth, r);
        else
            order(d->dtype, p, s, n, j->desc, r);
        if (j->values) {
            char *q = wt_first(j->values) + o * is;
            for (int64_t i = 0; i < n; i++) wt_elem_copy(q + i * inner * is, p + (int64_t)r->ix[i] * s, is);
        }
        if (j->indices) {
            int32_t *q = (int32_t *)wt_first(j->indices) + o;
            for (int64_t i = 0; i < n; i++) q[i * inner] = (int32_t)r->ix[i];
        }
    }
}

/* the job's lanes sorted (or partitioned) into new values and/or indices */
WT_COLD static wt_status sort_run(sort_job *j, wt_tensor **values, wt_tensor **indices) {
    const wt_tensor *t = j->t;
    int64_t n = t->d.shape[j->axis], size = wt_desc_size(&t->d), lanes = n ? size / n : 0;
    int parts = wt_parallel_parts(lanes, 1 + 65536 / (n + 1));
    if (parts > 64) parts = 64;
    void *block = NULL;
    wt_status st = room_alloc(t->d.dtype, n, parts, j->rs, &block);
    if (st) return st;
    if (values && !(st = wt_tensor_create(t->d.dtype, t->d.ndim, t->d.shape, false, &j->values)) && indices)
        st = wt_tensor_create(WT_INT32, t->d.ndim, t->d.shape, false, &j->indices);
    else if (!values)
        st = wt_tensor_create(WT_INT32, t->d.ndim, t->d.shape, false, &j->indices);
    if (!st) wt_parallel_for(lanes, parts, sort_lanes, j);
    wt_tensor_sys_free(block);
    if (st) {
        wt_tensor_free(j->values), wt_tensor_free(j->indices);
        return st;
    }
    if (values) *values = j->values;
    if (indices) *indices = j->indices;
    return WT_OK;
}

/* the checks sort and partition share; the axis into j */
WT_COLD static wt_status sort_check(const char *name, const wt_tensor *t, int axis, wt_tensor **values,
                                    wt_tensor **indices, sort_job *j) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st && !values && !indices) st = wt_error_fail(WT_EINVAL, "%s: no result asked for", name);
    if (!st && t->d.ndim == 0) st = wt_error_fail(WT_EINVAL, "%s: a 0-d tensor has no axis to sort along", name);
    if (st || (st = wt_desc_axis(axis, t->d.ndim, "axis", &j->axis))) return st;
    if (t->d.shape[j->axis] > INT32_MAX)
        return wt_error_fail(WT_ESHAPE, "%s: %lld elements along the axis, beyond int32 indices", name,
                             (long long)t->d.shape[j->axis]);
    return WT_OK;
}

WT_COLD wt_status wt_sort(const wt_tensor *t, int axis, int descending, wt_tensor **values, wt_tensor **indices) {
    sort_job j = {.t = t, .desc = descending != 0};
    wt_status st = sort_check("sort", t, axis, values, indices, &j);
    return st ? st : sort_run(&j, values, indices);
}

static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

WT_COLD wt_status wt_partition(const wt_tensor *t, int nkth, const int64_t *kth, int axis, wt_tensor **values,
                               wt_tensor **indices) {
    sort_job j = {.t = t};
    wt_status st = sort_check("partition", t, axis, values, indices, &j);
    if (st) return st;
    int64_t n = t->d.shape[j.axis];
    if (nkth < 1 || !kth) return wt_error_fail(WT_EINVAL, "partition: needs at least one kth (got %d)", nkth);
    for (int i = 0; i < nkth; i++)
        if (kth[i] < -n || kth[i] >= n)
            return wt_error_fail(WT_EINVAL, "partition: kth(=%lld) out of bounds (%lld)", (long long)kth[i],
                                 (long long)n);
    if (wt_dtype_is_complex(t->d.dtype)) return sort_run(&j, values, indices); /* sorted: a partition for every kth */
    int64_t *ks = wt_tensor_sys_alloc(sizeof(int64_t) * (size_t)nkth);
    if (!ks) return wt_error_fail(WT_ENOMEM, "partition: out of memory for %d kth", nkth);
    for (int i = 0; i < nkth; i++) ks[i] = kth[i] < 0 ? kth[i] + n : kth[i];
    qsort(ks, (size_t)nkth, sizeof *ks, cmp_i64);
    int m = 0;
    for (int i = 0; i < nkth; i++)
        if (!m || ks[i] != ks[m - 1]) ks[m++] = ks[i];
    j.kth = ks, j.nkth = m;
    st = sort_run(&j, values, indices);
    wt_tensor_sys_free(ks);
    return st;
}

/* ---- unique ---------------------------------------------------------------- */

/* t's values in C order as one strided lane (a copy when no view can) */
WT_COLD static wt_status flat_of(const wt_tensor *t, wt_tensor **flat, int64_t *n) {
    *n = wt_desc_size(&t->d);
    if (*n > INT32_MAX) return wt_error_fail(WT_ESHAPE, "%lld elements, beyond int32 indices", (long long)*n);
    return wt_view_reshape_to(t, 1, n, flat);
}

/* the element at p as one comparable key: NaN class (complex), then a key per part */
typedef struct {
    uint64_t cls, hi, lo;
} key128;

static key128 key_at(int dt, const char *p) {
    uint64_t k[2] = {0, 0};
    int parts = wt_dtype_is_complex(dt) ? 2 : 1;
    for (int i = 0; i < parts; i++) keys_of(dt, p, 0, 1, i, false, &k[i]);
    return (key128){parts == 2 ? nan_class(dt, p) : 0, k[0], k[1]};
}

static bool key_eq(key128 a, key128 b) { return a.cls == b.cls && a.hi == b.hi && a.lo == b.lo; }
static bool key_less(key128 a, key128 b) {
    return a.cls != b.cls ? a.cls < b.cls : a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo;
}

static bool is_nan_at(int dt, const char *p) {
    if (!wt_dtype_is_inexact(dt)) return false;
    int part = wt_dtype_is_complex(dt) ? wt_dtype_part(dt) : dt;
    for (int i = 0; i < (wt_dtype_is_complex(dt) ? 2 : 1); i++) {
        double v = wt_cast_load_f64(part, p + i * wt_dtype_size(part));
        if (v != v) return true;
    }
    return false;
}

typedef struct {
    int64_t m;      /* runs: the unique values */
    int32_t *start; /* m + 1 positions in sorted order */
} runs;

/* where the sorted order (ix over the lane at p, stride s; k its sorted
** keys) starts a new value: real dtypes compare the keys (NaN's is
** canonical), complex ones their elements */
static void find_runs(int dt, const char *p, int64_t s, int64_t n, const uint32_t *ix, const void *k, bool equal_nan,
                      runs *r) {
    r->m = 0;
    if (!wt_dtype_is_complex(dt)) {
        int w = key_width(dt);
        uint64_t nan_key = 0;
        bool floats = wt_dtype_is_float(dt);
        if (floats) { /* the key of a NaN of dt */
            char one[8];
            wt_cast_store_f64(dt, one, __builtin_nan(""));
            keys_of(dt, one, 0, 1, 0, false, &nan_key);
        }
        for (int64_t i = 0; i < n; i++) {
            uint64_t key = w == 8 ? ((const uint64_t *)k)[i] : ((const uint32_t *)k)[i];
            uint64_t prev = i ? (w == 8 ? ((const uint64_t *)k)[i - 1] : ((const uint32_t *)k)[i - 1]) : 0;
            bool same = i > 0 && key == prev && !(floats && !equal_nan && key == nan_key);
            if (!same) r->start[r->m++] = (int32_t)i;
        }
        r->start[r->m] = (int32_t)n;
        return;
    }
    key128 prev = {0, 0, 0};
    bool pnan = false;
    for (int64_t i = 0; i < n; i++) {
        const char *e = p + (int64_t)ix[i] * s;
        key128 key = key_at(dt, e);
        bool nan = is_nan_at(dt, e); /* equal_nan: one value for every NaN, complex ones too (NumPy's) */
        bool same = i > 0 && (nan ? equal_nan && pnan : key_eq(key, prev));
        if (!same) r->start[r->m++] = (int32_t)i;
        prev = key, pnan = nan;
    }
    r->start[r->m] = (int32_t)n;
}

WT_COLD static wt_status unique_outputs(int dt, const wt_tensor *t, int64_t m, wt_tensor **outs[4],
                                        wt_tensor *made[4]) {
    int64_t shape[1] = {m};
    wt_status st = WT_OK;
    for (int i = 0; i < 4 && !st; i++)
        if (outs[i])
            st = i == 2 ? wt_tensor_create(WT_INT32, t->d.ndim, t->d.shape, false, &made[i])
                        : wt_tensor_create(i == 0 ? dt : WT_INT32, 1, shape, false, &made[i]);
    return st;
}

/* integers spanning no more values than there are elements: counted, not
** sorted (a bincount).  False when the dtype or the span does not allow it,
** with nothing made; else the outputs (or *st's failure). */
static bool unique_counted(int dt, const wt_tensor *t, const char *p, int64_t s, int64_t n, const room *r,
                           wt_tensor **outs[4], wt_tensor *made[4], wt_status *st) {
    if (n < 1 || wt_dtype_is_inexact(dt) || key_width(dt) != 4) return false;
    uint32_t *k = r->k, *cnt = r->tmp, lo, hi;
    keys_of(dt, p, s, n, 0, false, k);
    lo = hi = k[0];
    for (int64_t i = 1; i < n; i++) lo = k[i] < lo ? k[i] : lo, hi = k[i] > hi ? k[i] : hi;
    int64_t span = (int64_t)hi - lo + 1, m = 0, is = wt_dtype_size(dt);
    if (span > n) return false;
    uint32_t *first = cnt + span;
    memset(cnt, 0, sizeof(uint32_t) * (size_t)span);
    for (int64_t i = 0; i < n; i++)
        if (cnt[k[i] - lo]++ == 0) first[k[i] - lo] = (uint32_t)i, m++;
    if ((*st = unique_outputs(dt, t, m, outs, made))) return true;
    for (int64_t v = 0, j = 0; v < span; v++) {
        if (!cnt[v]) continue;
        if (made[0]) wt_elem_copy(wt_first(made[0]) + j * is, p + (int64_t)first[v] * s, is);
        if (made[1]) ((int32_t *)wt_first(made[1]))[j] = (int32_t)first[v];
        if (made[3]) ((int32_t *)wt_first(made[3]))[j] = (int32_t)cnt[v];
        cnt[v] = (uint32_t)j++; /* now its rank, for the inverse */
    }
    if (made[2])
        for (int64_t i = 0; i < n; i++) ((int32_t *)wt_first(made[2]))[i] = (int32_t)cnt[k[i] - lo];
    return true;
}

/* unique by sorting: the runs of equal values in the sorted order */
static wt_status unique_sorted(int dt, const wt_tensor *t, const char *p, int64_t s, int64_t n, bool equal_nan,
                               const room *r, wt_tensor **outs[4], wt_tensor *made[4]) {
    int64_t is = wt_dtype_size(dt);
    runs ru = {0, wt_tensor_sys_alloc(sizeof(int32_t) * (size_t)(n + 1))};
    if (!ru.start) return wt_error_fail(WT_ENOMEM, "unique: out of memory for %lld elements", (long long)n);
    order(dt, p, s, n, false, r);
    find_runs(dt, p, s, n, r->ix, r->k, equal_nan, &ru);
    wt_status st = unique_outputs(dt, t, ru.m, outs, made);
    for (int64_t j = 0; !st && j < ru.m; j++) {
        int64_t first = r->ix[ru.start[j]];
        if (made[0]) wt_elem_copy(wt_first(made[0]) + j * is, p + first * s, is);
        if (made[1]) ((int32_t *)wt_first(made[1]))[j] = (int32_t)first;
        if (made[3]) ((int32_t *)wt_first(made[3]))[j] = ru.start[j + 1] - ru.start[j];
        if (made[2])
            for (int32_t i = ru.start[j]; i < ru.start[j + 1]; i++)
                ((int32_t *)wt_first(made[2]))[r->ix[i]] = (int32_t)j;
    }
    wt_tensor_sys_free(ru.start);
    return st;
}

WT_COLD wt_status wt_unique(const wt_tensor *t, int equal_nan, wt_tensor **values, wt_tensor **indices,
                            wt_tensor **inverse, wt_tensor **counts) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st && !values && !indices && !inverse && !counts) st = wt_error_fail(WT_EINVAL, "unique: no result asked for");
    wt_tensor *flat = NULL, *made[4] = {NULL, NULL, NULL, NULL}, **outs[4] = {values, indices, inverse, counts};
    int64_t n = 0;
    if (st || (st = flat_of(t, &flat, &n))) return st;
    int dt = t->d.dtype;
    int64_t is = wt_dtype_size(dt), s = flat->d.strides[0] * is;
    room r = {0};
    void *block = NULL;
    st = room_alloc(dt, n, 1, &r, &block);
    if (!st && !unique_counted(dt, t, wt_first(flat), s, n, &r, outs, made, &st))
        st = unique_sorted(dt, t, wt_first(flat), s, n, equal_nan != 0, &r, outs, made);
    wt_tensor_sys_free(block), wt_tensor_free(flat);
    for (int i = 0; i < 4; i++)
        if (st)
            wt_tensor_free(made[i]);
        else if (outs[i])
            *outs[i] = made[i];
    return st;
}

/* ---- searchsorted ------------------------------------------------------------ */

/* binary searches on the values themselves for the common real dtypes, hot (not minsize):
** floats order NaN last and -0 equal to 0, as the keys do.  P(x) holds for a prefix of the
** sorted values (x < k, or x <= k for `right`); the answer is that prefix's length.  The
** halving depends on n alone, so eight needles step together and their loads overlap. */
#define FLT_LESS(x, y) ((x) < (y) || ((y) != (y) && (x) == (x)))
#define INT_LESS(x, y) ((x) < (y))
#define SEARCH_P(LESS, x, k) (right ? !LESS(k, x) : LESS(x, k))
#define SEARCH_TYPED(sn, T, LESS)                                                                              \
    static void search_##sn(const char *ap, int64_t n, const char *vp, int64_t m, int right, int32_t *o) {     \
        const T *a = (const T *)(const void *)ap, *v = (const T *)(const void *)vp;                            \
        int64_t i = 0;                                                                                         \
        for (; n && i < m; i += 8) {                                                                           \
            int g = m - i < 8 ? (int)(m - i) : 8;                                                              \
            int64_t base[8] = {0};                                                                             \
            T k[8];                                                                                            \
            for (int j = 0; j < 8; j++) k[j] = v[i + (j < g ? j : 0)];                                         \
            for (int64_t len = n; len > 1;) {                                                                  \
                int64_t half = len >> 1;                                                                       \
                for (int j = 0; j < 8; j++) base[j] += SEARCH_P(LESS, a[base[j] + half - 1], k[j]) ? half : 0; \
                len -= half;                                                                                   \
            }                                                                                                  \
            for (int j = 0; j < g; j++) o[i + j] = (int32_t)(base[j] + SEARCH_P(LESS, a[base[j]], k[j]));      \
        }                                                                                                      \
        for (; i < m; i++) o[i] = 0; /* nothing to search */                                                   \
    }
SEARCH_TYPED(f32, float, FLT_LESS)
SEARCH_TYPED(f64, double, FLT_LESS)
SEARCH_TYPED(i32, int32_t, INT_LESS)
SEARCH_TYPED(i64, int64_t, INT_LESS)
typedef void (*search_fn)(const char *, int64_t, const char *, int64_t, int, int32_t *);
static search_fn search_typed(int dt) {
    return dt == WT_FLOAT32   ? search_f32
           : dt == WT_FLOAT64 ? search_f64
           : dt == WT_INT32   ? search_i32
           : dt == WT_INT64   ? search_i64
                              : NULL;
}

/* a (sorted) and v converted to their common dtype, and a's keys (unless a typed search serves) */
WT_COLD static wt_status search_prep(const wt_tensor *a, const wt_tensor *v, const wt_tensor *sorter, wt_tensor **ca,
                                     wt_tensor **cv, key128 **keys) {
    int dts[2] = {a->d.dtype, v->d.dtype};
    wt_dtype dt;
    wt_status st = wt_dtype_promote_list(2, dts, &dt);
    wt_tensor *sa = NULL;
    if (!st && sorter) st = wt_index_get(a, "@", 1, &sorter, &sa);
    if (!st) st = wt_assign_astype(sa ? sa : a, dt, ca);
    wt_tensor_free(sa);
    if (!st) st = wt_assign_astype(v, dt, cv);
    int64_t n = a->d.shape[0], is = wt_dtype_size(dt);
    if (!st && search_typed(dt)) return st;
    if (!st && !(*keys = wt_tensor_sys_alloc(sizeof(key128) * (size_t)n + 1)))
        st = wt_error_fail(WT_ENOMEM, "searchsorted: out of memory for %lld keys", (long long)n);
    for (int64_t i = 0; !st && i < n; i++) (*keys)[i] = key_at(dt, wt_first(*ca) + i * is);
    return st;
}

WT_COLD wt_status wt_searchsorted(const wt_tensor *a, const wt_tensor *v, int right, const wt_tensor *sorter,
                                  wt_tensor **result) {
    wt_status st = wt_tensor_check(a, "sorted tensor");
    if (!st) st = wt_tensor_check(v, "values");
    if (!st) st = wt_tensor_check_out(result);
    if (st) return st;
    if (a->d.ndim != 1)
        return wt_error_fail(WT_ESHAPE, "searchsorted: the sorted tensor must be 1-D, got %d dimensions", a->d.ndim);
    if (a->d.shape[0] > INT32_MAX)
        return wt_error_fail(WT_ESHAPE, "searchsorted: %lld elements, beyond int32 indices", (long long)a->d.shape[0]);
    if (sorter && (sorter->d.ndim != 1 || sorter->d.shape[0] != a->d.shape[0]))
        return wt_error_fail(WT_ESHAPE, "searchsorted: sorter must be 1-D and of the sorted tensor's length %lld",
                             (long long)a->d.shape[0]);
    wt_tensor *ca = NULL, *cv = NULL, *r = NULL;
    key128 *keys = NULL;
    st = search_prep(a, v, sorter, &ca, &cv, &keys);
    if (!st) st = wt_tensor_create(WT_INT32, v->d.ndim, v->d.shape, false, &r);
    if (!st) {
        int64_t n = a->d.shape[0], m = wt_desc_size(&cv->d), is = wt_dtype_size(cv->d.dtype);
        int32_t *o = (int32_t *)wt_first(r);
        search_fn typed = search_typed(cv->d.dtype);
        if (typed) typed(wt_first(ca), n, wt_first(cv), m, right, o);
        for (int64_t i = 0; i < m && !typed; i++) {
            key128 k = key_at(cv->d.dtype, wt_first(cv) + i * is);
            int64_t lo = 0, hi = n; /* the first position whose key is >= k (left) or > k (right) */
            while (lo < hi) {
                int64_t mid = lo + (hi - lo) / 2;
                if (right ? !key_less(k, keys[mid]) : key_less(keys[mid], k))
                    lo = mid + 1;
                else
                    hi = mid;
            }
            o[i] = (int32_t)lo;
        }
        *result = r;
    }
    wt_tensor_sys_free(keys), wt_tensor_free(ca), wt_tensor_free(cv);
    return st;
}

/* ---- topk ---------------------------------------------------------------------- */

/* an element's rank: its key (complemented for the largest), then its position */
typedef struct {
    key128 k;
    int64_t i;
} ranked;

static bool ranked_less(const ranked *a, const ranked *b) {
    return key_less(a->k, b->k) || (key_eq(a->k, b->k) && a->i < b->i);
}

/* h[at] moved down to its place in the max-heap h[0..n) */
static void sift_down(ranked *h, int64_t n, int64_t at) {
    for (;;) {
        int64_t c = 2 * at + 1;
        if (c >= n) return;
        if (c + 1 < n && ranked_less(&h[c], &h[c + 1])) c++;
        if (!ranked_less(&h[at], &h[c])) return;
        ranked t = h[at];
        h[at] = h[c], h[c] = t, at = c;
    }
}

/* e offered to the max-heap h of the k best so far (i: elements seen) */
static inline void offer(ranked *h, int64_t k, int64_t i, ranked e) {
    if (i < k) {
        h[i] = e; /* a heap from the first k, built as they come */
        for (int64_t at = i; at > 0 && ranked_less(&h[(at - 1) / 2], &h[at]); at = (at - 1) / 2) {
            ranked t = h[at];
            h[at] = h[(at - 1) / 2], h[(at - 1) / 2] = t;
        }
    } else if (ranked_less(&e, &h[0])) {
        h[0] = e;
        sift_down(h, k, 0);
    }
}

/* the float a key stands for (the inverse of key_f32 / key_f64; largest: the key complemented) */
static inline float f32_of_key(uint32_t key) {
    uint32_t b = key & 0x80000000u ? key ^ 0x80000000u : ~key;
    float v;
    memcpy(&v, &b, 4);
    return v;
}
static inline double f64_of_key(uint64_t key) {
    uint64_t b = key & 0x8000000000000000u ? key ^ 0x8000000000000000u : ~key;
    double v;
    memcpy(&v, &b, 8);
    return v;
}

#define MAY_ENTER(T, W)                                  \
    do {                                                 \
        bool any = false;                                \
        for (int64_t j = 0; j < m; j++) {                \
            T v;                                         \
            memcpy(&v, p + j * s, sizeof v);             \
            any |= largest ? (v > W) | (v != v) : v < W; \
        }                                                \
        return any;                                      \
    } while (0)

/* whether any of m floats at p could rank before the worst kept (its key
** worst): a scan of the values alone, which turns most blocks away once the
** heap is full (NaN ranks first for the largest, last for the smallest) */
static bool block_may_enter(int dt, const char *p, int64_t s, int64_t m, uint64_t worst, bool largest) {
    uint64_t key = largest ? ~worst : worst;
    if (dt == WT_FLOAT32) MAY_ENTER(float, f32_of_key((uint32_t)key));
    if (dt == WT_FLOAT64) MAY_ENTER(double, f64_of_key(key));
    return true;
}

/* the k first-ranked of the lane at p (n elements, byte stride s) into h, in
** rank order; real dtypes' keys are made a block at a time and most are
** turned away by one compare with the heap's worst */
static void select_k(int dt, const char *p, int64_t s, int64_t n, int64_t k, bool largest, ranked *h) {
    if (wt_dtype_is_complex(dt)) {
        for (int64_t i = 0; i < n; i++) {
            ranked e = {key_at(dt, p + i * s), i};
            if (largest) e.k = (key128){255 - e.k.cls, ~e.k.hi, ~e.k.lo};
            offer(h, k, i, e);
        }
    } else {
        uint64_t keys[256];
        int w = key_width(dt);
        for (int64_t b = 0; b < n; b += 256) {
            int64_t m = n - b < 256 ? n - b : 256;
            if (b >= k && !block_may_enter(dt, p + b * s, s, m, h[0].k.hi, largest)) continue;
            keys_of(dt, p + b * s, s, m, 0, largest, keys);
            for (int64_t j = 0; j < m; j++) {
                uint64_t key = w == 8 ? keys[j] : ((uint32_t *)keys)[j];
                if (b + j >= k && key >= h[0].k.hi) continue; /* not better than the worst kept */
                offer(h, k, b + j, (ranked){{0, key, 0}, b + j});
            }
        }
    }
    for (int64_t m = k; m > 1; m--) { /* heapsort: the largest rank to the end */
        ranked t = h[0];
        h[0] = h[m - 1], h[m - 1] = t;
        sift_down(h, m - 1, 0);
    }
}

WT_COLD wt_status wt_topk(const wt_tensor *t, int64_t k, int axis, int largest, wt_tensor **values,
                          wt_tensor **indices) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st && (!values || !indices)) st = wt_error_fail(WT_EINVAL, "topk: values and indices pointers are needed");
    if (!st && t->d.ndim == 0) st = wt_error_fail(WT_EINVAL, "topk: a 0-d tensor has no axis");
    int ax;
    if (st || (st = wt_desc_axis(axis, t->d.ndim, "axis", &ax))) return st;
    int64_t n = t->d.shape[ax], shape[WT_MAX_DIMS], inner = 1, is = wt_dtype_size(t->d.dtype);
    if (k < 0 || k > n || k > INT32_MAX)
        return wt_error_fail(WT_EINVAL, "topk: k must be in [0, %lld], got %lld", (long long)n, (long long)k);
    memcpy(shape, t->d.shape, sizeof shape);
    shape[ax] = k;
    for (int i = ax + 1; i < t->d.ndim; i++) inner *= shape[i];
    wt_tensor *v = NULL, *ix = NULL;
    ranked *h = wt_tensor_sys_alloc(sizeof(ranked) * (size_t)k + 1);
    if (!h) return wt_error_fail(WT_ENOMEM, "topk: out of memory for %lld candidates", (long long)k);
    if (!(st = wt_tensor_create(t->d.dtype, t->d.ndim, shape, false, &v)))
        st = wt_tensor_create(WT_INT32, t->d.ndim, shape, false, &ix);
    int64_t lanes = n && k ? wt_desc_size(&t->d) / n : 0;
    for (int64_t lane = 0; !st && lane < lanes; lane++) {
        int64_t o = lane / inner * k * inner + lane % inner;
        const char *p = wt_first(t) + wt_desc_lane(&t->d, ax, lane) * is;
        int64_t s = t->d.strides[ax] * is;
        select_k(t->d.dtype, p, s, n, k, largest != 0, h);
        for (int64_t j = 0; j < k; j++) {
            wt_elem_copy(wt_first(v) + (o + j * inner) * is, p + h[j].i * s, is);
            ((int32_t *)wt_first(ix))[o + j * inner] = (int32_t)h[j].i;
        }
    }
    wt_tensor_sys_free(h);
    if (st) {
        wt_tensor_free(v), wt_tensor_free(ix);
        return st;
    }
    *values = v, *indices = ix;
    return WT_OK;
}
