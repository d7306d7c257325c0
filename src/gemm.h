/* gemm.h — the matrix-product core behind matmul and einsum.
**
** C[m,n] = sum_k A[m,k] * B[k,n] (or C += ..., with accumulate).  M, N and K
** are groups of tensor axes (einsum's TTGT gathers several labels into one),
** each described by its shape and byte strides per operand, so transposed,
** sliced and broadcast (stride 0) operands are packed as they are, never
** copied first.  float32 and float64 run the packed, cache-blocked SIMD
** path, complex64 and complex128 four of them over their parts; the other
** dtypes (integers wrap, bool is or-of-ands) run the scalar reference. */
#ifndef WT_GEMM_H
#define WT_GEMM_H

#include "core.h"

typedef struct wt_group {
    int n; /* axes in the group (0: size 1) */
    int64_t shape[WT_MAX_DIMS];
    int64_t stride[WT_MAX_DIMS]; /* bytes */
} wt_group;

typedef struct wt_gemm {
    int dtype; /* of A, B and C */
    const char *a, *b;
    char *c;
    wt_group am, ak, bk, bn, cm, cn; /* A's M and K axes, B's K and N, C's M and N */
    wt_group batch[3];               /* the batch axes, as seen by A, B and C */
    bool accumulate;                 /* C += A B instead of C = A B (C is never read otherwise) */
    bool negate_a;                   /* -A instead of A (float32 and float64: complex products' parts) */
} wt_gemm;

int64_t wt_gemm_group_size(const wt_group *g);
/* WT_ENOMEM only (packing buffers); shapes are the caller's to validate */
wt_status wt_gemm_run(const wt_gemm *g);
/* the scalar triple loop every path is tested against */
wt_status wt_gemm_ref(const wt_gemm *g);

#endif
