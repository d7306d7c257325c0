/* fuzz_proto.c — the TensorProto reader on any bytes.  A message it accepts
** must survive both writer forms: each read back gives the same tensor
** bytes; a message it rejects must say why.  Only tensors of up to 64 Ki
** elements make the round trip: a few bytes may declare 16 Mi repeated
** values, and writing and rereading those one varint at a time under the
** sanitizers outlasts libFuzzer's timeout without testing anything new. */
#include "core.h" /* wt_tensor_debug_alloc_limit */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* as on a small machine: a declared tensor above 16 MiB must fail as WT_ENOMEM */
    wt_tensor_debug_alloc_limit(16u << 20);
    wt_tensor *t = NULL;
    if (wt_proto_read(data, size, &t) != WT_OK) {
        if (!wt_error_message()[0] || t) abort();
        return 0;
    }
    if (wt_tensor_size(t) > (1 << 16)) {
        wt_tensor_free(t);
        return 0;
    }
    for (int form = WT_PROTO_CONTENT; form <= WT_PROTO_FIELDS; form++) {
        size_t n = 0;
        wt_tensor *u = NULL;
        if (wt_proto_write(t, form, NULL, 0, &n) != WT_EINVAL) abort();
        uint8_t *b = malloc(n);
        if (wt_proto_write(t, form, b, n, &n) || wt_proto_read(b, n, &u)) abort();
        if (wt_tensor_nbytes(u) != wt_tensor_nbytes(t) || wt_tensor_ndim(u) != wt_tensor_ndim(t) ||
            memcmp(wt_tensor_data(u), wt_tensor_data(t), wt_tensor_nbytes(t)))
            abort();
        free(b);
        wt_tensor_free(u);
    }
    wt_tensor_free(t);
    return 0;
}
