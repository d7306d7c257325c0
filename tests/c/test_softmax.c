/* test_softmax.c — wt_softmax against a float64 loop over every layout and
** axis, lanes short and long (past the float32 loop's 16-lane steps and
** 64-lane sum blocks), the non-finite lanes, and the refusals. */
#include "wt_test.h"

static double at(const wt_tensor *t, const int64_t *idx) {
    double v;
    wt_cast_one(t->d.dtype, t_elem(t, idx), WT_FLOAT64, &v);
    return v;
}

/* the lane of idx (idx[a] ignored) as softmax or log-softmax, in float64 */
static void lane_ref(const wt_tensor *x, int a, const int64_t *idx, int log_form, double *out) {
    int64_t n = x->d.shape[a], j[3] = {idx[0], idx[1], idx[2]};
    double m = -INFINITY, s = 0;
    for (j[a] = 0; j[a] < n; j[a]++) m = isnan(at(x, j)) || isnan(m) ? NAN : fmax(m, at(x, j));
    double shift = isfinite(m) ? m : 0;
    for (j[a] = 0; j[a] < n; j[a]++) s += exp(at(x, j) - shift);
    for (j[a] = 0; j[a] < n; j[a]++) out[j[a]] = log_form ? at(x, j) - shift - log(s) : exp(at(x, j) - shift) / s;
}

void test_softmax(void) {
    for (int trial = 0; trial < 120; trial++) {
        int dt = trial % 2 ? WT_FLOAT32 : WT_FLOAT64, kind = (int)(t_rand() % 4), log_form = (int)(t_rand() % 2);
        bool long_lanes = trial % 4 == 1; /* float32 */
        int64_t sh[3] = {1 + t_rand() % 4, 1 + t_rand() % (long_lanes ? 150 : 13), 1 + t_rand() % 3};
        int a = long_lanes ? 1 : (int)(t_rand() % 3);
        wt_tensor *x = t_layout(dt, 3, sh, kind), *r = NULL;
        int64_t e[3];
        for (e[0] = 0; e[0] < sh[0] && trial % 8 == 1; e[0]++) /* all finite, 95 somewhere: e^95 overflows */
            for (e[1] = 0; e[1] < sh[1]; e[1]++)
                for (e[2] = 0; e[2] < sh[2]; e[2]++)
                    if (!isfinite(at(x, e)) || e[1] == (e[0] * 7 + e[2] * 3) % sh[1])
                        CHECK_OK(wt_tensor_set(x, e, isfinite(at(x, e)) ? 95 : 1.5));
        CHECK_OK(wt_softmax(x, a - (trial % 3 ? 0 : 3), log_form, &r));
        if (!r) {
            wt_tensor_free(x);
            continue;
        }
        double want[150], tol = dt == WT_FLOAT32 ? 1e-5 : 1e-13;
        int64_t idx[3];
        for (idx[0] = 0; idx[0] < sh[0]; idx[0]++)
            for (idx[1] = 0; idx[1] < sh[1]; idx[1]++)
                for (idx[2] = 0; idx[2] < sh[2]; idx[2]++) {
                    if (idx[a]) continue;
                    lane_ref(x, a, idx, log_form, want);
                    int64_t j[3] = {idx[0], idx[1], idx[2]};
                    for (j[a] = 0; j[a] < sh[a]; j[a]++) {
                        double got = at(r, j), w = want[j[a]];
                        if (isnan(w) ? !isnan(got) : got != w && !(fabs(got - w) <= tol * fmax(1, fabs(w)))) {
                            wt_t_fail(__FILE__, __LINE__, "softmax(log %d, axis %d) [%lld %lld %lld]: %.9g, want %.9g",
                                      log_form, a, (long long)j[0], (long long)j[1], (long long)j[2], got, w);
                            trial = 1000, idx[0] = sh[0], idx[1] = sh[1], idx[2] = sh[2];
                            break;
                        }
                    }
                }
        wt_tensor_free(x), wt_tensor_free(r);
    }
    int64_t two = 2, z0[2] = {0, 3};
    wt_tensor *i = t_arange(WT_INT32, 1, &two), *h = t_arange(WT_FLOAT16, 1, &two), *e = t_arange(WT_FLOAT32, 2, z0),
              *s = NULL, *r = NULL;
    CHECK_ERR(wt_softmax(i, 0, 0, &r), WT_EDTYPE, "int32");
    CHECK_ERR(wt_softmax(h, 0, 0, &r), WT_EDTYPE, "float16");
    CHECK_ERR(wt_softmax(e, 2, 0, &r), WT_EINVAL, "axis");
    CHECK_OK(wt_tensor_full(WT_FLOAT32, 0, NULL, 1, &s));
    CHECK_ERR(wt_softmax(s, 0, 0, &r), WT_EINVAL, "at least one dimension");
    CHECK_OK(wt_softmax(e, 0, 1, &r)); /* no lanes: an empty result */
    CHECK(r && r->d.shape[0] == 0 && r->d.shape[1] == 3);
    wt_tensor_free(r), wt_tensor_free(i), wt_tensor_free(h), wt_tensor_free(e), wt_tensor_free(s);
}
