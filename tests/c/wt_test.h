/* wt_test.h — a minimal test harness: CHECK macros, helpers, and the list
** of tests.  Each test must free what it makes: the runner fails any test
** that leaves tensors or bytes behind. */
#ifndef WT_TEST_H
#define WT_TEST_H

#include "core.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

void wt_t_fail(const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#define CHECK(c) ((c) ? (void)0 : wt_t_fail(__FILE__, __LINE__, "%s", #c))
#define CHECK_EQ(a, b)                                                                         \
    do {                                                                                       \
        long long a_ = (long long)(a), b_ = (long long)(b);                                    \
        if (a_ != b_) wt_t_fail(__FILE__, __LINE__, "%s == %s: %lld != %lld", #a, #b, a_, b_); \
    } while (0)
#define CHECK_OK(e)                                                                                                 \
    do {                                                                                                            \
        wt_status s_ = (e);                                                                                         \
        if (s_ != WT_OK) wt_t_fail(__FILE__, __LINE__, "%s -> %s: %s", #e, wt_status_name(s_), wt_error_message()); \
    } while (0)
/* status code and a substring of the message */
#define CHECK_ERR(e, code, sub)                                                                           \
    do {                                                                                                  \
        wt_status s_ = (e);                                                                               \
        if (s_ != (code) || !strstr(wt_error_message(), (sub)))                                           \
            wt_t_fail(__FILE__, __LINE__, "%s -> %s '%s'; expected %s with '%s'", #e, wt_status_name(s_), \
                      wt_error_message(), wt_status_name(code), (sub));                                   \
    } while (0)

/* helpers (helpers.c) */
wt_tensor *t_arange(int dtype, int ndim, const int64_t *shape); /* 0, 1, 2, ... in C order */
wt_tensor *t_from(int dtype, int ndim, const int64_t *shape, const double *values);
/* every element of t in C order equals expect[] (NaN equals NaN) */
int t_equals(const wt_tensor *t, const double *expect);
void t_shape_is(const char *file, int line, const wt_tensor *t, int ndim, const int64_t *shape, const int64_t *strides,
                int64_t offset);
#define CHECK_DESC(t, nd, sh, st, off) t_shape_is(__FILE__, __LINE__, t, nd, sh, st, off)
uint32_t t_rand(void);            /* deterministic */
void t_rand_reset(void);          /* each test starts the same stream, whatever ran before it */
double t_random_value(int dtype); /* integers in range, floats with specials */
/* shape with a layout: 0 dense, 1 all axes reversed, 2 every other element
** of a wider base, 3 the transpose of a reversed-shape base; random values */
wt_tensor *t_layout(int dtype, int ndim, const int64_t *shape, int kind);
char *t_elem(const wt_tensor *t, const int64_t *idx); /* the address of element idx */
/* an 8-bit tensor past the tables' minimum (pass.c wt_pass_tabulate): base (rows, 4) of dtype dt
** (bool: 0 and 1), x its gapped view [:, :3], values the 256 values (bool: 0, 1, 0, ...) */
void t_eight_bit(int dt, int64_t rows, wt_tensor **base, wt_tensor **x, wt_tensor **values);
/* got (the op of x) against want (the op of values), element by element and bit for bit:
** 0, or 1 + the first element that differs */
int64_t t_eight_bit_differs(const wt_tensor *got, const wt_tensor *base, const wt_tensor *want);
/* a shape query (status sq, message qmsg, dtype, ndim, shape) against the call
** it describes (status sr, wt_error_message(), result r): the same failure or
** the same type; counts into *agreed or *failed */
void t_same_answer(const char *file, int line, wt_status sq, const char *qmsg, wt_dtype qdt, int qnd,
                   const int64_t *qsh, wt_status sr, const wt_tensor *r, int *agreed, int *failed);
#define CHECK_SAME_ANSWER(...) t_same_answer(__FILE__, __LINE__, __VA_ARGS__)

// clang-format off
#define WT_TEST_LIST(X) \
    X(test_linalg_lu_cholesky) \
    X(test_linalg_qr_svd) \
    X(test_linalg_eigen) \
    X(test_linalg_eig_pairs) \
    X(test_linalg_errors) \
    X(test_fft_kernels_match_dft) \
    X(test_fft_long_bins) \
    X(test_fft_norms_layouts) \
    X(test_fft_plan_cache) \
    X(test_fft_unit_accuracy) \
    X(test_fft_errors) \
    X(test_status_names) \
    X(test_dtype_info) \
    X(test_promote_fixture) \
    X(test_promote_errors) \
    X(test_can_cast_fixture) \
    X(test_fma_dtype_fixture) \
    X(test_limits_and_result_type) \
    X(test_weak_scalar_fixture) \
    X(test_shape_checks) \
    X(test_desc_contiguity) \
    X(test_desc_bounds) \
    X(test_wrap) \
    X(test_adopt) \
    X(test_dlpack_export) \
    X(test_dlpack_import_errors) \
    X(test_dlpack_round_trip) \
    X(test_share_attach) \
    X(test_create_fill) \
    X(test_get_set) \
    X(test_zero_d_and_empty) \
    X(test_slice_fixture) \
    X(test_slice_errors) \
    X(test_permute) \
    X(test_swapaxes) \
    X(test_reshape_fixture) \
    X(test_reshape_errors) \
    X(test_broadcast_to) \
    X(test_broadcast_shapes) \
    X(test_expand_squeeze) \
    X(test_diagonal_fixture) \
    X(test_flatten_contig) \
    X(test_view_dtype) \
    X(test_views_outlive_base) \
    X(test_cast_fixture) \
    X(test_cast_rules) \
    X(test_half_conversions) \
    X(test_assign_broadcast) \
    X(test_assign_overlap) \
    X(test_assign_errors_leave_dst) \
    X(test_astype_copy) \
    X(test_simd_cast_kernels) \
    X(test_simd_fill_kernels) \
    X(test_iter_coalesce) \
    X(test_iter_short) \
    X(test_enomem) \
    X(test_alloc_failure_injection) \
    X(test_null_arguments) \
    X(test_arange) \
    X(test_linspace) \
    X(test_eye) \
    X(test_vmath_accuracy) \
    X(test_vmath_accuracy2) \
    X(test_vmath_layout_independent) \
    X(test_op_table_complete) \
    X(test_kernels_match_reference) \
    X(test_op_semantics) \
    X(test_weak_scalars_in_ops) \
    X(test_cortex_forms) \
    X(test_ewise_errors_leave_out) \
    X(test_ewise_aliasing) \
    X(test_ewise_tabulated) \
    X(test_pow_float32_small_integers) \
    X(test_fuse_tabulated) \
    X(test_reduce_dtypes_and_shapes) \
    X(test_reduce_dtype_argument) \
    X(test_reduce_empty) \
    X(test_reduce_errors) \
    X(test_accumulate) \
    X(test_bincount) \
    X(test_histogram) \
    X(test_softmax) \
    X(test_correlate) \
    X(test_partition) \
    X(test_random_streams_match_numpy) \
    X(test_random_ziggurat_tables_are_numpys) \
    X(test_random_bounded_in_range) \
    X(test_random_state_replays) \
    X(test_random_one_is_the_scalar_call) \
    X(test_random_shuffles_permute) \
    X(test_random_refusals) \
    X(test_index_apply) \
    X(test_argmax_ties_nan) \
    X(test_sum_accuracy) \
    X(test_extreme_accums) \
    X(test_gemm_packed_vs_reference) \
    X(test_matmul_semantics) \
    X(test_matmul_errors) \
    X(test_einsum_random_vs_loops) \
    X(test_einsum_paths_match_numpy) \
    X(test_einsum_views_and_specials) \
    X(test_alloc_failure_everywhere) \
    X(test_npy_fixtures) \
    X(test_npy_views_and_errors) \
    X(test_proto_wire) \
    X(test_proto_errors) \
    X(test_text) \
    X(test_decimal_read) \
    X(test_gemm_vs_float64) \
    X(test_reductions_vs_float64) \
    X(test_threads_same_bits) \
    X(test_threads_small_loops_stay_whole) \
    X(test_threads_back_off) \
    X(test_threads_ewise_same_bits) \
    X(test_threads_reduce_same_bits) \
    X(test_threads_softmax_same_bits) \
    X(test_threads_cast_same_bits) \
    X(test_fuse_random_vs_ewise) \
    X(test_fuse_outs_and_aliasing) \
    X(test_fuse_errors_leave_out) \
    X(test_fuse_no_temporaries) \
    X(test_reduce_shape_matches_reduce) \
    X(test_matmul_shape_matches_matmul)
// clang-format on

#define WT_DECLARE(name) void name(void);
WT_TEST_LIST(WT_DECLARE)

#endif
