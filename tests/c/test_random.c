/* test_random.c — the bit generators and distributions against NumPy's
** streams (fixtures_random.h, hashes made with NumPy by gen_random.py), their
** invariants (bounded integers in range, shuffles as permutations, states that
** replay), and every entry point's refusals, which leave the generator where
** it was. */
#include "wt_test.h"

#include "fixtures_random.h"
#include "fixtures_ziggurat.h"
#include "random.h"
#include "ziggurat.h"

static uint32_t fnv(const void *p, size_t n) {
    const uint8_t *b = p;
    uint32_t h = 0x811c9dc5u;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x01000193u;
    return h;
}

static wt_rng *seeded(int kind, uint32_t seed, int legacy) {
    static const int64_t words[WT_NRNG] = {8, 8, 624, 4, 6};
    uint32_t w[624];
    wt_rng *g = NULL;
    CHECK_OK(wt_rng_new(kind, &g));
    if (legacy)
        CHECK_OK(wt_rng_seed_legacy(g, &seed, 1, 0));
    else {
        CHECK_OK(wt_seed_sequence(&seed, 1, 4, w, words[kind]));
        CHECK_OK(wt_rng_seed(g, w, words[kind]));
    }
    return g;
}

static wt_tensor *scalar(int dtype, double v) { return t_from(dtype, 0, NULL, &v); }

/* each distribution's parameter names, from the header's list */
static const char *PARAMS[WT_NRANDOM] = {
#define WT_PARAMS_(e, name, params, result) [WT_RANDOM_##e] = params,
    WT_RANDOM_LIST(WT_PARAMS_)
#undef WT_PARAMS_
};

void test_random_streams_match_numpy(void) {
    int checked = 0;
    for (size_t r = 0; r < sizeof RANDOM_STREAMS / sizeof RANDOM_STREAMS[0]; r++) {
#if defined(__wasm__)
        if (RANDOM_STREAMS[r].libm) continue; /* musl's exp/log/pow round a value in ~2000 otherwise than glibc's */
#endif
        wt_rng *g = seeded(RANDOM_STREAMS[r].kind, 2024, RANDOM_STREAMS[r].legacy);
        int dist = RANDOM_STREAMS[r].dist, n = *PARAMS[dist] != 0;
        for (const char *c = PARAMS[dist]; *c; c++) n += *c == ' ';
        wt_tensor *p[3] = {NULL, NULL, NULL};
        for (int k = 0; k < n; k++)
            p[k] = scalar(dist == WT_RANDOM_BINOMIAL && k == 0 ? WT_INT64 : WT_FLOAT64, RANDOM_STREAMS[r].p[k]);
        wt_tensor *out = NULL;
        CHECK_OK(wt_random(g, dist, p[0], p[1], p[2], RANDOM_STREAMS[r].dtype, 1, &RANDOM_STREAMS[r].n, &out));
        if (out) {
            uint32_t h = fnv(wt_tensor_data(out), wt_tensor_nbytes(out));
            if (h != RANDOM_STREAMS[r].hash)
                wt_t_fail(__FILE__, __LINE__, "row %zu (%s, dist %d): NumPy's stream differs", r,
                          RANDOM_STREAMS[r].legacy ? "RandomState" : "Generator", dist);
            checked++;
        }
        wt_tensor_free(out);
        for (int k = 0; k < 3; k++) wt_tensor_free(p[k]);
        wt_rng_free(g);
    }
    CHECK(checked > 100);
}

/* the ziggurat tables the draws use, stored or made at start-up, are NumPy's to the bit */
void test_random_ziggurat_tables_are_numpys(void) {
    const wt_dist_zig_tables *z = &wt_dist_zig;
    const struct {
        const char *name;
        const void *p;
        size_t n;
    } ours[] = {
        {"ki_double", z->ki_double, sizeof z->ki_double}, {"wi_double", wi_double, sizeof wi_double},
        {"fi_double", fi_double, sizeof fi_double},       {"ki_float", z->ki_float, sizeof z->ki_float},
        {"wi_float", z->wi_float, sizeof z->wi_float},    {"fi_float", z->fi_float, sizeof z->fi_float},
        {"ke_double", z->ke_double, sizeof z->ke_double}, {"we_double", we_double, sizeof we_double},
        {"fe_double", fe_double, sizeof fe_double},       {"ke_float", z->ke_float, sizeof z->ke_float},
        {"we_float", z->we_float, sizeof z->we_float},    {"fe_float", z->fe_float, sizeof z->fe_float},
    };
    CHECK(sizeof ours / sizeof ours[0] == sizeof ZIGGURAT_NUMPY / sizeof ZIGGURAT_NUMPY[0]);
    for (size_t i = 0; i < sizeof ours / sizeof ours[0]; i++) {
        CHECK(strcmp(ours[i].name, ZIGGURAT_NUMPY[i].name) == 0);
        if (fnv(ours[i].p, ours[i].n) != ZIGGURAT_NUMPY[i].hash)
            wt_t_fail(__FILE__, __LINE__, "%s differs from NumPy's", ours[i].name);
    }
}

/* every width, both methods, ranges small and whole: each value in [lo, hi], the whole range reached */
void test_random_bounded_in_range(void) {
    static const int dts[] = {WT_BOOL, WT_INT8, WT_UINT8, WT_INT16, WT_UINT16, WT_INT32, WT_UINT32, WT_INT64};
    for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++)
        for (int masked = 0; masked < 2; masked++)
            for (int lo = -3; lo <= 0; lo += 3) {
                int dt = dts[d], bits = (int)wt_dtype_size(dt) * 8;
                int base = dt == WT_BOOL || dt == WT_UINT8 || dt == WT_UINT16 || dt == WT_UINT32 ? 0 : lo;
                int hi = dt == WT_BOOL ? 1 : base + 5 + (bits > 8 ? 600 : 0);
                wt_rng *g = seeded(WT_RNG_PCG64, (uint32_t)(d * 4 + masked), 0);
                wt_tensor *l = scalar(WT_INT64, base), *h = scalar(WT_INT64, hi), *out = NULL;
                int64_t n = 20000;
                CHECK_OK(wt_random_integers(g, l, h, 1, masked, dt, 1, &n, &out));
                wt_tensor *f = NULL;
                CHECK_OK(wt_assign_astype(out, WT_FLOAT64, &f));
                const double *v = wt_tensor_data(f);
                int seen_lo = 0, seen_hi = 0;
                for (int64_t i = 0; i < n; i++) {
                    if (v[i] < base || v[i] > hi) {
                        wt_t_fail(__FILE__, __LINE__, "%s masked %d: %g outside [%d, %d]", wt_dtype_name(dt), masked,
                                  v[i], base, hi);
                        break;
                    }
                    seen_lo |= v[i] == base, seen_hi |= v[i] == hi;
                }
                CHECK(seen_lo && seen_hi);
                wt_tensor_free(f), wt_tensor_free(out), wt_tensor_free(l), wt_tensor_free(h), wt_rng_free(g);
            }
}

/* a state read mid-stream replays the same words, for every generator */
void test_random_state_replays(void) {
    static const int64_t nwords[WT_NRNG] = {13, 13, 630, 26, 13};
    for (int kind = 0; kind < WT_NRNG; kind++) {
        wt_rng *g = seeded(kind, 99, 0);
        uint32_t st[630];
        wt_tensor *a = NULL, *b = NULL, *lo = scalar(WT_INT64, 0), *hi = scalar(WT_INT64, 9);
        int64_t n = 333;
        CHECK_OK(wt_random_integers(g, lo, hi, 1, 0, WT_UINT8, 1, &n, &a)); /* leaves buffered words */
        wt_tensor_free(a);
        CHECK_OK(wt_rng_get_state(g, st, nwords[kind]));
        CHECK_OK(wt_random(g, WT_RANDOM_STANDARD_NORMAL, NULL, NULL, NULL, WT_FLOAT32, 1, &n, &a));
        CHECK_OK(wt_rng_set_state(g, st, nwords[kind]));
        CHECK_OK(wt_random(g, WT_RANDOM_STANDARD_NORMAL, NULL, NULL, NULL, WT_FLOAT32, 1, &n, &b));
        CHECK(!memcmp(wt_tensor_data(a), wt_tensor_data(b), (size_t)n * 4));
        wt_tensor_free(a), wt_tensor_free(b), wt_tensor_free(lo), wt_tensor_free(hi), wt_rng_free(g);
    }
}

/* one draw without a tensor is the 0-d call's value, from the same stream */
void test_random_one_is_the_scalar_call(void) {
    wt_rng *g = seeded(WT_RNG_PCG64, 5, 0), *h = seeded(WT_RNG_PCG64, 5, 0);
    wt_tensor *a = scalar(WT_FLOAT64, 1.5), *b = scalar(WT_FLOAT64, 2), *n = scalar(WT_INT64, 7),
              *a0 = scalar(WT_INT64, 0), *r = NULL;
    for (int k = 0; k < 20; k++) {
        double x, y;
        int64_t i;
        CHECK_OK(wt_random_one(g, WT_RANDOM_GAMMA, 1.5, 2, 0, WT_FLOAT64, &x));
        CHECK_OK(wt_random(h, WT_RANDOM_GAMMA, a, b, NULL, WT_FLOAT64, -1, NULL, &r));
        memcpy(&y, wt_tensor_data(r), 8), wt_tensor_free(r);
        CHECK(!memcmp(&x, &y, 8));
        CHECK_OK(wt_random_integers_one(g, 0, 7, 0, 0, WT_INT64, &i));
        CHECK_OK(wt_random_integers(h, a0, n, 0, 0, WT_INT64, -1, NULL, &r));
        CHECK_EQ(i, *(const int64_t *)wt_tensor_data(r));
        wt_tensor_free(r);
    }
    double x;
    CHECK_ERR(wt_random_one(g, WT_RANDOM_BINOMIAL, 2.5, 0.5, 0, WT_INT64, &x), WT_EDTYPE, "n must be an integer");
    CHECK_ERR(wt_random_one(g, WT_RANDOM_BINOMIAL, 1e300, 0.5, 0, WT_INT64, &x), WT_EDTYPE, "n must be an integer");
    CHECK_ERR(wt_random_one(g, WT_RANDOM_BINOMIAL, NAN, 0.5, 0, WT_INT64, &x), WT_EDTYPE, "n must be an integer");
    CHECK_ERR(wt_random_one(g, WT_RANDOM_NORMAL, 0, -1, 0, WT_FLOAT64, &x), WT_EINVAL, "scale");
    CHECK_ERR(wt_random_one(g, WT_NRANDOM, 0, 0, 0, WT_FLOAT64, &x), WT_EINVAL, "no distribution");
    CHECK_ERR(wt_random_integers_one(g, 5, 2, 0, 0, WT_INT64, &x), WT_EINVAL, "");
    wt_tensor_free(a), wt_tensor_free(b), wt_tensor_free(n), wt_tensor_free(a0), wt_rng_free(g), wt_rng_free(h);
}

/* shuffles of strided views are permutations that leave other elements alone */
void test_random_shuffles_permute(void) {
    int64_t shape[2] = {9, 14};
    wt_tensor *x = t_arange(WT_INT32, 2, shape), *v = NULL;
    CHECK_OK(wt_view_slice(x, "::-2, 1::3", &v));
    wt_rng *g = seeded(WT_RNG_SFC64, 5, 0);
    CHECK_OK(wt_random_shuffle(g, v, 1));
    CHECK_OK(wt_random_permuted(g, v, 0));
    CHECK_OK(wt_random_permuted(g, v, WT_RANDOM_FLAT));
    const int32_t *d = wt_tensor_data(x);
    int seen[126] = {0}, moved = 0;
    for (int i = 0; i < 126; i++) {
        seen[d[i]]++;
        int in_view = (i / 14) % 2 == 0 && (i % 14) % 3 == 1;
        if (!in_view) CHECK_EQ(d[i], i);
        moved += d[i] != i;
    }
    for (int i = 0; i < 126; i++) CHECK_EQ(seen[i], 1);
    CHECK(moved > 10);
    wt_tensor_free(v), wt_tensor_free(x), wt_rng_free(g);
}

void test_random_refusals(void) {
    wt_rng *g = seeded(WT_RNG_PCG64, 1, 0), *mt = seeded(WT_RNG_MT19937, 1, 1), *sfc = seeded(WT_RNG_SFC64, 1, 0);
    uint32_t before[13], after[13], w[8] = {0}, bad[630] = {0};
    int64_t n = 4, big = -1;
    wt_tensor *r = NULL, *neg = scalar(WT_FLOAT64, -1), *one = scalar(WT_FLOAT64, 1), *cx = NULL;
    CHECK_OK(wt_assign_astype(one, WT_COMPLEX64, &cx));
    CHECK_OK(wt_rng_get_state(g, before, 13));
    wt_rng *none = NULL;
    CHECK_ERR(wt_rng_new(WT_NRNG, &none), WT_EINVAL, "no bit generator");
    CHECK_ERR(wt_rng_seed(g, w, 7), WT_EINVAL, "PCG64 takes 8 seed words, got 7");
    CHECK_ERR(wt_rng_seed(NULL, w, 8), WT_EINVAL, "NULL");
    CHECK_ERR(wt_rng_seed_legacy(g, w, 1, 0), WT_EINVAL, "only MT19937");
    CHECK_ERR(wt_rng_seed_legacy(mt, w, 2, 0), WT_EINVAL, "2 key words");
    CHECK_ERR(wt_rng_get_state(g, w, 8), WT_EINVAL, "13 words, got 8");
    CHECK_OK(wt_rng_get_state(mt, bad, 630));
    bad[624] = 700;
    CHECK_ERR(wt_rng_set_state(mt, bad, 630), WT_EINVAL, "pos must be 0..624, got 700");
    CHECK_ERR(wt_rng_advance(mt, w, 4), WT_EINVAL, "MT19937 cannot advance");
    CHECK_ERR(wt_rng_advance(g, w, 8), WT_EINVAL, "advances by 4 words");
    CHECK_ERR(wt_rng_jump(sfc, 1), WT_EINVAL, "SFC64 cannot jump");
    CHECK_ERR(wt_rng_jump(g, -1), WT_EINVAL, "jumps must be >= 0");
    CHECK_ERR(wt_seed_sequence(w, 1, 3, w, 1), WT_EINVAL, "pool_size must be 4..65536, got 3");
    CHECK_ERR(wt_random(g, WT_NRANDOM, NULL, NULL, NULL, WT_FLOAT64, 1, &n, &r), WT_EINVAL, "no distribution");
    CHECK_ERR(wt_random(g, WT_RANDOM_NORMAL, one, neg, NULL, WT_FLOAT64, 1, &n, &r), WT_EINVAL, "scale < 0 (got -1)");
    CHECK_ERR(wt_random(g, WT_RANDOM_NORMAL, one, NULL, NULL, WT_FLOAT64, 1, &n, &r), WT_EINVAL, "scale");
    CHECK_ERR(wt_random(g, WT_RANDOM_RANDOM, one, NULL, NULL, WT_FLOAT64, 1, &n, &r), WT_EINVAL, "takes 0 parameters");
    CHECK_ERR(wt_random(g, WT_RANDOM_RANDOM, NULL, NULL, NULL, WT_INT32, 1, &n, &r), WT_EDTYPE, "float64 or float32");
    CHECK_ERR(wt_random(g, WT_RANDOM_NORMAL, cx, one, NULL, WT_FLOAT64, 1, &n, &r), WT_EDTYPE, "loc must be real");
    CHECK_ERR(wt_random(g, WT_RANDOM_BINOMIAL, one, one, NULL, WT_INT64, 1, &n, &r), WT_EDTYPE, "n must be an integer");
    CHECK_ERR(wt_random(g, WT_RANDOM_RANDOM, NULL, NULL, NULL, WT_FLOAT64, 1, &big, &r), WT_ESHAPE, "");
    CHECK_ERR(wt_random_integers(g, one, one, 0, 0, WT_INT64, 1, &n, &r), WT_EDTYPE, "low must be integers");
    CHECK_ERR(wt_random_sample(g, 3, 5, 1, &r), WT_EINVAL, "larger sample than population");
    CHECK_ERR(wt_random_shuffle(g, one, 0), WT_EINVAL, "at least one dimension");
    CHECK_OK(wt_rng_get_state(g, after, 13));
    CHECK(!memcmp(before, after, sizeof before)); /* nothing drawn by a refused call */
    CHECK(r == NULL);
    wt_tensor_free(neg), wt_tensor_free(one), wt_tensor_free(cx);
    wt_rng_free(g), wt_rng_free(mt), wt_rng_free(sfc);
    wt_rng_free(NULL);
}
