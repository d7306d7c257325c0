/* fuzz_decimal.c — decimal.c against the C library's strtod (correctly
** rounded in glibc and musl) on any bytes: the same double, bit for bit, and
** the same end, for every text both read alike (hex floats and nan(...),
** which strtod takes and NumPy refuses, are skipped). */
#include "core.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static char s[4096];
    size_t n = size < sizeof s - 1 ? size : sizeof s - 1;
    memcpy(s, data, n);
    s[n] = 0;
    if (strpbrk(s, "xX(")) return 0;
    char *e1, *e2;
    double a = wt_decimal_read(s, &e1), b = strtod(s, &e2);
    uint64_t x, y;
    memcpy(&x, &a, sizeof x), memcpy(&y, &b, sizeof y);
    if (e1 != e2 || (x != y && !(a != a && b != b))) abort();
    return 0;
}
