/* fuzz_text.c — the text reader on any bytes.  The first bytes choose the
** options (delimiter, dtype, leniency, skiprows, max_rows, a usecols entry);
** the rest is the text.  A text it accepts must survive savetxt's round trip
** ("%.17g", or "%d" for integers): written, read back, the same values; a
** text it rejects must say why. */
#include "core.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const int DTYPES[] = {WT_FLOAT64, WT_FLOAT32, WT_INT32, WT_INT8, WT_UINT64, WT_COMPLEX128, WT_FLOAT16, WT_INT64};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 4) return 0;
    wt_tensor_debug_alloc_limit(16u << 20);
    int delim = data[0] % 4 == 0 ? -1 : ",;\t"[data[0] % 4 - 1], dtype = DTYPES[data[1] % 8], lenient = data[2] & 1;
    int usecol = (int)(data[3] % 7) - 3;
    int64_t skip = (data[2] >> 1) % 3, maxrows = (data[2] >> 3) % 4 == 3 ? -1 : (data[2] >> 3) % 4;
    const char *text = (const char *)data + 4;
    size_t len = size - 4;
    wt_tensor *t = NULL;
    if (wt_text_read(text, len, delim, "#\0//\0", skip, maxrows, data[3] & 8 ? 1 : 0, &usecol, dtype, lenient, -1,
                     &t) != WT_OK) {
        if (!wt_error_message()[0] || t) abort();
        return 0;
    }
    if (wt_tensor_ndim(t) != 2) abort();
    size_t n = 0;
    const char *fmt = wt_dtype_is_int(dtype) ? "%d" : "%.17g";
    if (wt_text_write(t, fmt, ",", "\n", NULL, NULL, "# ", NULL, 0, &n) != WT_OK && n == 0 && wt_tensor_size(t)) {
        /* an empty tensor writes nothing; any other text has a length */
        if (wt_tensor_shape(t)[1] != 0) abort();
    }
    char *b = malloc(n + 1);
    wt_tensor *u = NULL;
    if (wt_text_write(t, fmt, ",", "\n", NULL, NULL, "# ", b, n, &n)) abort();
    if (wt_dtype_is_complex(dtype) || dtype == WT_FLOAT16 || wt_tensor_size(t) == 0) { /* formats that lose values */
        free(b), wt_tensor_free(t);
        return 0;
    }
    if (wt_text_read(b, n, ',', NULL, 0, -1, 0, NULL, dtype, 0, 0, &u)) abort();
    if (wt_tensor_nbytes(u) != wt_tensor_nbytes(t) || memcmp(wt_tensor_data(u), wt_tensor_data(t), wt_tensor_nbytes(t)))
        abort();
    free(b), wt_tensor_free(u), wt_tensor_free(t);
    return 0;
}
