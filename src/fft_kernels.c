/* fft_kernels.c — fft_t.h's kernels for float (two complex numbers per
** vector) and double (one). */
#include "fft.h"
#include "simd.h"

#define FT float
#define FV wt_vf32
#define FS f32
#define FW 2
#include "fft_t.h"
#undef FT
#undef FV
#undef FS
#undef FW

#define FT double
#define FV wt_vf64
#define FS f64
#define FW 1
#include "fft_t.h"
