/* fft.h — the FFT behind wt_fft: plans (fft_plan.c) and the kernels that
** run them (fft_t.h, instantiated for float and double by fft_kernels.c).
**
** A complex plan of length n is a list of Stockham passes of radix 2, 3,
** 4, 5, 7, 8 or another prime up to WT_FFT_PMAX, with their twiddles; a
** length whose prime factors are larger (or cost more so) is Bluestein's
** chirp convolution on a smooth length m >= 2n - 1.  A long double-
** precision direct transform is four-step instead: n = n1 n2, n2 transforms
** of length n1 down the columns, a twiddle, n1 of length n2 along the rows,
** each small enough for the cache.  A real plan of even length n is the
** complex plan of n/2 with its post-pass twiddles; of odd length, the
** complex plan of n.  Every table is computed in double precision and
** rounded once to the plan's type.  Plans are cached per (length, type,
** real) and read by every thread at once, never written after building. */
#ifndef WT_FFT_H
#define WT_FFT_H

#include "core.h"

#define WT_FFT_PMAX 64 /* the largest radix a pass takes; larger primes go to Bluestein */
#define WT_FFT_MAXFAC 64
/* the length from which a double transform is four-step, where it measured
** faster; float's passes, two numbers per vector, stayed ahead at every length */
#define WT_FFT_FOUR 4096
#define WT_FFT_FOUR_BLOCK 8 /* four-step's columns (and rows) moved at a time */

typedef struct wt_fft_plan wt_fft_plan;
struct wt_fft_plan {
    int64_t n; /* the transform's length */
    int dtype; /* WT_FLOAT32 or WT_FLOAT64: the arithmetic */
    bool real; /* a real plan: sub, and post for an even n, are all it uses */
    int nfac;  /* a direct plan's passes (0 for Bluestein, four-step and n = 1) */
    int64_t fac[WT_FFT_MAXFAC];
    void *tw; /* pass k's twiddles at tw_at[k] (fft_plan.c's fill_passes), its roots at root_at[k]; four-step's */
    int64_t tw_at[WT_FFT_MAXFAC], root_at[WT_FFT_MAXFAC];
    wt_fft_plan *sub;  /* Bluestein's length-m plan; a real plan's complex one; four-step's n1 */
    wt_fft_plan *sub2; /* four-step's n2 */
    int64_t m;         /* Bluestein's length (0: another plan) */
    int64_t n1;        /* four-step: n = n1 n2 (0: another plan); tw holds exp(-2 pi i j2 k1 / n) at j2 n1 + k1 */
    void *chirp;       /* Bluestein: exp(-i pi k^2 / n), k < n */
    void *kern;        /* Bluestein: FFT_m(conj chirp, wrapped to m) / m */
    void *post;        /* real, n even: exp(-2 pi i k / n), k <= n/4 */
    int64_t scratch;   /* complex elements the kernels need beside their data */
};

/* the cached plan for (n, dtype, real), built on a miss; NULL: out of
** memory (with the error set).  Valid until the next call. */
const wt_fft_plan *wt_fft_plan_get(int64_t n, int dtype, bool real);
/* frees every cached plan (the native tests call it; an instance's memory
** goes with the instance) */
void wt_fft_plan_forget(void);
/* cos(2 pi k / n) and sin(2 pi k / n), to an ulp or so for any k */
void wt_fft_unit(int64_t k, int64_t n, double *c, double *s);

/* One row: kind (the header's WT_FFT_C2C, R2C or C2R) R2C takes n reals at a; C2C n complex; C2R n/2 + 1
** complex.  a must hold max(n, n/2 + 1) complex numbers, b p->scratch.
** flags: WT_FFT_INVERSE (the exponent's sign is +; C2R always) and
** WT_FFT_CONJ (C2R's input, R2C's result conjugated).  Returns where the
** result is (in a or b), multiplied by fct: n complex for C2C, n/2 + 1
** for R2C, n reals for C2R. */
float *wt_fft_row_f32(const wt_fft_plan *p, int kind, int flags, double fct, float *a, float *b);
double *wt_fft_row_f64(const wt_fft_plan *p, int kind, int flags, double fct, double *a, double *b);

#endif
