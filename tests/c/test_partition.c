/* test_partition.c — wt_partition against wt_sort: at every kth the sorted
** value, nothing greater before it and nothing smaller after (NaN last), the
** indices naming the values; lanes long enough for the introselect and its
** depth fallback, many repeats, every axis and layout; the refusals. */
#include "wt_test.h"

static double at(const wt_tensor *t, const int64_t *idx) {
    double v;
    wt_cast_one(t->d.dtype, t_elem(t, idx), WT_FLOAT64, &v);
    return v;
}
/* NumPy's order: NaN after everything */
static bool before(double a, double b) { return a == a && (b != b || a < b); }

void test_partition(void) {
    const int dts[] = {WT_FLOAT32, WT_FLOAT64, WT_INT32, WT_INT64, WT_UINT8, WT_FLOAT16};
    for (int trial = 0; trial < 60; trial++) {
        int dt = dts[trial % 6], kind = (int)(t_rand() % 3), a = (int)(t_rand() % 2);
        int64_t sh[2] = {1 + t_rand() % 3, 0};
        sh[1] = trial % 4 == 0 ? 2000 + t_rand() % 500 : 1 + t_rand() % 60;
        if (a == 0) sh[0] = sh[1], sh[1] = 1 + t_rand() % 3;
        int64_t n = sh[a], kth[4];
        int nk = 1 + (int)(t_rand() % 4);
        for (int i = 0; i < nk; i++) kth[i] = (int64_t)(t_rand() % (uint32_t)(2 * n)) - n;
        wt_tensor *x = t_layout(dt, 2, sh, kind), *v = NULL, *ix = NULL, *s = NULL;
        if (trial % 3 == 0) /* many repeats: a few distinct values */
            for (int64_t i = 0; i < sh[0]; i++)
                for (int64_t j = 0; j < sh[1]; j++) {
                    double r = (double)(t_rand() % 4);
                    wt_cast_one(WT_FLOAT64, (const char *)&r, dt, t_elem(x, (int64_t[]){i, j}));
                }
        CHECK_OK(wt_partition(x, nk, kth, a, &v, &ix));
        CHECK_OK(wt_sort(x, a, 0, &s, NULL));
        if (!v || !ix || !s) {
            wt_tensor_free(x), wt_tensor_free(v), wt_tensor_free(ix), wt_tensor_free(s);
            continue;
        }
        int bad = 0;
        for (int64_t lane = 0; lane < sh[1 - a] && !bad; lane++)
            for (int q = 0; q < nk && !bad; q++) {
                int64_t k = kth[q] < 0 ? kth[q] + n : kth[q], p[2], o[2];
                p[1 - a] = o[1 - a] = lane, p[a] = k;
                double want = at(s, p), got = at(v, p);
                bad |= !(got == want || (got != got && want != want));
                for (int64_t i = 0; i < n && !bad; i++) {
                    o[a] = i;
                    double e = at(v, o);
                    bad |= i < k ? before(got, e) : i > k ? before(e, got) : 0;
                    int64_t src[2] = {o[0], o[1]};
                    int32_t from;
                    memcpy(&from, t_elem(ix, o), 4);
                    src[a] = from;
                    double orig = at(x, src);
                    bad |= !(orig == e || (orig != orig && e != e));
                }
            }
        if (bad)
            wt_t_fail(__FILE__, __LINE__, "partition of %s (%lld, %lld) along %d: not a partition", wt_dtype_name(dt),
                      (long long)sh[0], (long long)sh[1], a);
        wt_tensor_free(x), wt_tensor_free(v), wt_tensor_free(ix), wt_tensor_free(s);
    }
    int64_t three = 3;
    wt_tensor *t = t_arange(WT_FLOAT32, 1, &three), *r = NULL;
    CHECK_ERR(wt_partition(t, 1, (int64_t[]){3}, 0, &r, NULL), WT_EINVAL, "kth(=3) out of bounds (3)");
    CHECK_ERR(wt_partition(t, 1, (int64_t[]){-4}, 0, &r, NULL), WT_EINVAL, "kth(=-4)");
    CHECK_ERR(wt_partition(t, 0, NULL, 0, &r, NULL), WT_EINVAL, "at least one kth");
    CHECK_ERR(wt_partition(t, 1, (int64_t[]){0}, 0, NULL, NULL), WT_EINVAL, "no result");
    CHECK_ERR(wt_partition(t, 1, (int64_t[]){0}, 1, &r, NULL), WT_EINVAL, "axis");
    wt_tensor_free(t);
}
