/* probe.c — the machine's limits as wtensor's own build sees them: a
** register-only f32x4 multiply-add loop (peak GFLOPS) and a SIMD copy
** (memory bandwidth).  The benchmark harness and the CLI time these. */
#include "core.h"
#include "simd.h"

/* acc_k += x * w on 4 accumulators fed by two inputs that move every step
** (so no product is loop-invariant); few live values, so V8 keeps all of
** them in vector registers.  Variants with 6 accumulators and more
** constants measured ~23 GFLOPS here against ~37 for this one. */
double wt_probe_peak(int64_t iters) {
    wt_vf32_t a0 = wt_vf32_splat(0.0f), a1 = a0, a2 = a0, a3 = a0;
    wt_vf32_t x = wt_vf32_splat(1.0f), y = wt_vf32_splat(2.0f);
    const wt_vf32_t w = wt_vf32_splat(0.5f), d = wt_vf32_splat(1e-7f);
    int32_t n = iters > INT32_MAX ? INT32_MAX : (int32_t)iters;
    for (int32_t i = 0; i < n; i++) {
        a0 = wt_vf32_add(a0, wt_vf32_mul(x, w));
        a1 = wt_vf32_add(a1, wt_vf32_mul(y, w));
        x = wt_vf32_add(x, d);
        a2 = wt_vf32_add(a2, wt_vf32_mul(x, w));
        a3 = wt_vf32_add(a3, wt_vf32_mul(y, w));
        y = wt_vf32_add(y, d);
    }
    float out[4];
    wt_vf32_store(out, wt_vf32_add(wt_vf32_add(a0, a1), wt_vf32_add(a2, a3)));
    return (double)out[0] + out[1] + out[2] + out[3]; /* the result keeps the loop alive */
}

int64_t wt_probe_flops(int64_t iters) { return (iters > INT32_MAX ? INT32_MAX : iters) * 4 * 8; }

void wt_probe_copy(void *dst, const void *src, size_t nbytes) {
    float *d = dst;
    const float *s = src;
    size_t n = nbytes / 4, i = 0;
    for (; i + 16 <= n; i += 16) {
        wt_vf32_t v0 = wt_vf32_load(s + i), v1 = wt_vf32_load(s + i + 4);
        wt_vf32_t v2 = wt_vf32_load(s + i + 8), v3 = wt_vf32_load(s + i + 12);
        wt_vf32_store(d + i, v0);
        wt_vf32_store(d + i + 4, v1);
        wt_vf32_store(d + i + 8, v2);
        wt_vf32_store(d + i + 12, v3);
    }
    for (; i < n; i++) d[i] = s[i];
}
