/* fuzz_slice.c — the slice-string parser on any bytes: a shape from the
** first bytes, the rest as the spec.  Every view it accepts must reach only
** elements inside its buffer, checked by walking the view. */
#include "wtensor.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void walk_check(const wt_tensor *v, int64_t cap) {
    int nd = wt_tensor_ndim(v);
    const int64_t *sh = wt_tensor_shape(v), *st = wt_tensor_strides(v);
    int64_t n = wt_tensor_size(v), idx[WT_MAX_DIMS] = {0};
    for (int64_t e = 0; e < n; e++) {
        int64_t off = wt_tensor_offset(v);
        for (int i = 0; i < nd; i++) off += idx[i] * st[i];
        if (off < 0 || off >= cap) abort(); /* a view outside its buffer: the bug this hunts */
        for (int i = nd - 1; i >= 0; i--) {
            if (++idx[i] < sh[i]) break;
            idx[i] = 0;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    int nd = data[0] % 5;
    if (size < 1 + (size_t)nd) return 0;
    int64_t shape[4];
    for (int i = 0; i < nd; i++) shape[i] = data[1 + i] % 7;
    char spec[256];
    size_t len = size - 1 - (size_t)nd < sizeof spec - 1 ? size - 1 - (size_t)nd : sizeof spec - 1;
    memcpy(spec, data + 1 + nd, len);
    spec[len] = 0;
    wt_tensor *t = NULL, *v = NULL, *w = NULL;
    if (wt_tensor_zeros(WT_INT16, nd, shape, &t)) return 0;
    int64_t cap = wt_tensor_size(t);
    if (wt_view_slice(t, spec, &v) == WT_OK) {
        walk_check(v, cap);
        if (wt_view_slice(v, spec, &w) == WT_OK) walk_check(w, cap); /* slicing a slice */
        wt_assign_scalar(v, 7);
    } else if (wt_error_message()[0] == 0) {
        abort(); /* every failure says why */
    }
    wt_tensor_free(w);
    wt_tensor_free(v);
    wt_tensor_free(t);
    return 0;
}
