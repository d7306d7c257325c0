/* fuzz_npy.c — the .npy reader on any bytes.  A file it accepts must be
** written back and read again to the same descriptor and bytes (a writer's
** output is a fixed point); a file it rejects must say why. */
#include "core.h" /* wt_tensor_debug_alloc_limit */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* as on a small machine: a declared tensor above 16 MiB must fail as WT_ENOMEM */
    wt_tensor_debug_alloc_limit(16u << 20);
    wt_tensor *t = NULL, *u = NULL;
    if (wt_npy_read(data, size, &t) != WT_OK) {
        if (!wt_error_message()[0] || t) abort();
        return 0;
    }
    size_t n = 0, n2 = 0;
    if (wt_npy_write(t, NULL, 0, &n) != WT_EINVAL || n < 64) abort();
    uint8_t *a = malloc(n), *b = malloc(n);
    if (wt_npy_write(t, a, n, &n) || wt_npy_read(a, n, &u) || wt_npy_write(u, b, n, &n2)) abort();
    if (n2 != n || memcmp(a, b, n)) abort();
    if (wt_tensor_ndim(u) != wt_tensor_ndim(t) || wt_tensor_dtype(u) != wt_tensor_dtype(t)) abort();
    for (int i = 0; i < wt_tensor_ndim(t); i++) {
        if (wt_tensor_shape(u)[i] != wt_tensor_shape(t)[i]) abort();
        /* strides matter only where they address more than one element */
        if (wt_tensor_size(t) > 1 && wt_tensor_shape(t)[i] > 1 && wt_tensor_strides(u)[i] != wt_tensor_strides(t)[i])
            abort();
    }
    free(a);
    free(b);
    wt_tensor_free(u);
    wt_tensor_free(t);
    return 0;
}
