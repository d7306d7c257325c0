/* fuzz_einsum.c — einsum's parser, planner and executor on any bytes: up to
** four small operand shapes from the first bytes, the rest as the equation.
** Accepted equations must plan (einsum_path) and run; failures must say why. */
#include "wtensor.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    int n = 1 + data[0] % 4;
    size_t pos = 1;
    int ndims[4];
    int64_t shapes[4][4];
    const int64_t *sp[4];
    for (int k = 0; k < n; k++) {
        if (pos >= size) return 0;
        ndims[k] = data[pos++] % 5;
        for (int i = 0; i < ndims[k]; i++) shapes[k][i] = pos < size ? data[pos++] % 4 : 1;
        sp[k] = shapes[k];
    }
    char eq[128];
    size_t len = size - pos < sizeof eq - 1 ? size - pos : sizeof eq - 1;
    memcpy(eq, data + pos, len);
    eq[len] = 0;
    char json[8192];
    size_t jl;
    wt_status ps = wt_einsum_path(eq, n, ndims, sp, json, sizeof json, &jl);
    if (ps != WT_OK && wt_error_message()[0] == 0) abort();
    wt_tensor *ops[4] = {NULL, NULL, NULL, NULL}, *r = NULL;
    for (int k = 0; k < n; k++)
        if (wt_tensor_full(k == 1 ? WT_INT32 : WT_FLOAT32, ndims[k], shapes[k], 1, &ops[k])) goto done;
    wt_status es = wt_einsum(eq, n, (const wt_tensor *const *)ops, NULL, &r);
    if ((es == WT_OK) != (ps == WT_OK)) abort(); /* the plan and the run agree on validity */
    if (es == WT_OK) {
        double v; /* every element is a count of index combinations: finite and >= 0 */
        int64_t total = wt_tensor_size(r), idx[WT_MAX_DIMS] = {0};
        for (int64_t e = 0; e < total && e < 64; e++) {
            if (wt_tensor_get(r, idx, &v) || !(v >= 0)) abort();
            for (int i = wt_tensor_ndim(r) - 1; i >= 0; i--) {
                if (++idx[i] < wt_tensor_shape(r)[i]) break;
                idx[i] = 0;
            }
        }
    }
done:
    wt_tensor_free(r);
    for (int k = 0; k < n; k++) wt_tensor_free(ops[k]);
    return 0;
}
