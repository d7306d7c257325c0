/* ops.h — internal interface of the elementwise engine: op classes, the
** dtype plan, and the kernel table (kernels.c). */
#ifndef WT_OPS_H
#define WT_OPS_H

#include "core.h"

/* op classes: how an op's dtypes are decided (ops.c) */
enum { C_NONE, C_ARITH, C_DIV, C_INTLIKE, C_CMP, C_LOGIC, C_PRED, C_FLOAT, C_SAME, C_WHERE, C_BITS };

int wt_ops_class(int op);
const char *wt_ops_reduce_name(int rop);
/* weak scalar k (code -1, or WT_WEAK_INT for a Python int of any size) at
** slot, in the dtype its kernel computes in, as op uses it in dtype (x_dtype:
** operand 0's, or -1): a clip bound np.clip drops becomes the dtype's
** extreme; rounded to dtype first (NEP 50: float16 + 65535 is inf) */
void wt_ops_scalar_store(int op, int k, int x_dtype, int dtype, int code, double v, void *slot);
/* compute[k]: the dtype input k is converted to; *result: the result's dtype.
** The kernels run in wt_dtype_compute of them (float16: float32, rounded
** into float16 after each op); a weak scalar rounds to compute[k] first. */
wt_status wt_ops_plan_dtypes(int op, int n, const int *dtypes, const double *scalars, int *compute, int *result);
/* a tensor operand's dtype for the plan: its own, or for a weak one
** (wt_view_weak) WT_WEAK_COMPLEX, or WT_WEAK_INT with *value its value
** rounded toward zero (exact at every integer dtype's bounds) */
int wt_ops_operand_dtype(const wt_tensor *t, double *value);
/* np.clip drops a Python-int bound (is_int) that bounds nothing in x's own
** integer dtype: a low bound at or below its least value, a high one at or
** above its greatest (wt_ops_scalar_store widens it to the compute dtype's extreme) */
bool wt_ops_clip_drops(int op, int k, int x_dtype, double v, bool is_int);

/* An elementwise kernel: p[0] is the output (result dtype), p[1..arity] the
** inputs (compute dtype); s[] are byte strides (0 = broadcast). */
typedef void (*wt_kernel)(char **p, const int64_t *s, int64_t n);
/* Every (dtype, op) has a strided scalar reference and may have a fast
** kernel (SIMD, memcpy) that must give the reference's bits (tests/c/test_ops.c). */
typedef struct wt_kernel_pair {
    wt_kernel ref, fast;
} wt_kernel_pair;
const wt_kernel_pair *wt_kernels_pair(int op, int dtype);
wt_kernel wt_kernels_get(int op, int dtype); /* fast if there is one, else the reference */
wt_kernel wt_kernels_ref(int op, int dtype);
/* the kernel op runs in compute dtype comp for a result of dtype res: float16
** computes in float32, except nextafter, whose step is float16's */
wt_kernel wt_kernels_for(int op, int comp, int res);
/* the same for an op's compute dtypes one per input (comp[k]): a comparison of int64 with uint64
** compares them exactly (NumPy 2's loops), every other op runs in comp[0] (where's in comp[1]) */
wt_kernel wt_kernels_of(int op, const int *comp, int res);

/* Reduction kernels combine n values of dtype at src (stride ss) into the
** accumulator at acc (stride as): as == 0 folds the run into one element
** (pairwise for float sums), otherwise acc[i] = combine(acc[i], src[i]). */
typedef void (*wt_accum)(char *acc, int64_t as, const char *src, int64_t ss, int64_t n);
typedef struct wt_accum_pair {
    wt_accum ref, fast;
} wt_accum_pair;
wt_accum wt_kernels_accum(int rop, int dtype); /* fast if there is one, else the reference */
wt_accum wt_kernels_accum_ref(int rop, int dtype);
/* where a float sum's pairwise tree splits n values (0: a leaf, summed in
** order): wt_pass splits a long sum across threads at the same places */
int64_t wt_kernels_pairwise_half(int64_t n);
/* the complex dtypes' rows (kernels_complex.c), which the lookups above hand out */
const wt_kernel_pair *wt_kernels_complex_pair(int op, int dtype);
const wt_accum_pair *wt_kernels_complex_accum(int rop, int dtype);

/* The elementwise driver (ewise.c), with the knobs reductions need. */
typedef struct wt_ewise_call {
    const char *name; /* what errors call the operation; NULL: the op's name */
    int op, n;
    const wt_tensor *const *in;
    const double *scalars;
    double alpha, beta;
    wt_tensor *out;
    int reduce;
    wt_tensor **result;
    int compute;   /* >= 0: compute (and result) dtype instead of the op's rule */
    int acc;       /* >= 0: accumulator dtype instead of wt_reduce_acc_dtype */
    bool empty_ok; /* an empty max/min reduction was already accepted */
    bool checked;  /* a public call: out is written under same_kind (or its own rule) */
    bool direct;   /* a reduction into an out the caller just made, of the accumulator's dtype */
} wt_ewise_call;
wt_status wt_ewise_run(const wt_ewise_call *c);

/* reductions (reduce.c) */
/* the identity of a reduction in dtype, stored at slot (a wt_slot),
** exact for every dtype (int64's greatest value is no double) */
void wt_reduce_identity_at(int rop, int dtype, void *slot);
int wt_reduce_acc_dtype(int rop, int result_dtype);
/* a reduction of values of dtype dt: the dtype it accumulates in and returns
** (acc), and the elementwise reduction that does it (rrop; mean sums, then
** wt_reduce divides) */
void wt_reduce_plan(int rop, int dt, int *acc, int *rrop);
/* a mean: sum divided by count in place (0/0 gives NaN for empty means) */
wt_status wt_reduce_mean_divide(wt_tensor *sum, int64_t count);
/* wt_reduce for callers that validated x: sum/prod/max/min over the axes red[]
** marks, into a new tensor; errors name the operation `name` */
wt_status wt_reduce_run(int rop, const wt_tensor *x, const bool *red, bool keepdims, const char *name,
                        wt_tensor **result);
/* the same accumulating and returning dtype (sum, prod, mean: NumPy's dtype=) */
wt_status wt_reduce_run_as(int rop, const wt_tensor *x, const bool *red, bool keepdims, const char *name, int dtype,
                           wt_tensor **result);

#endif
