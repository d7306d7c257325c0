/* main.c — runs every test in WT_TEST_LIST, checks each leaves no tensor or
** byte behind, and ends with the "N passed, N failed" line ctest reads. */
#include "wt_test.h"
#include <stdarg.h>

static int failures; /* in the running test */

void wt_t_fail(const char *file, int line, const char *fmt, ...) {
    va_list ap;
    printf("  FAIL %s:%d: ", file, line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    failures++;
}

int main(int argc, char **argv) {
    struct {
        const char *name;
        void (*fn)(void);
    } tests[] = {
#define WT_ENTRY(name) {#name, name},
        WT_TEST_LIST(WT_ENTRY)};
    int n = (int)(sizeof tests / sizeof tests[0]), passed = 0, failed = 0;
    setvbuf(stdout, NULL, _IONBF, 0); /* keep output if a test crashes */
    printf("wtensor %s C tests, simd=%s\n", wt_version(), wt_simd_name());
    for (int i = 0; i < n; i++) {
        if (argc > 1 && !strstr(tests[i].name, argv[1])) continue;
        failures = 0;
        t_rand_reset();
        int64_t t0 = wt_memory_tensors(), b0 = wt_memory_bytes();
        tests[i].fn();
        if (wt_memory_tensors() != t0 || wt_memory_bytes() != b0)
            wt_t_fail(__FILE__, __LINE__, "leak: %lld tensors and %lld bytes left behind",
                      (long long)(wt_memory_tensors() - t0), (long long)(wt_memory_bytes() - b0));
        printf("%s %d - %s\n", failures ? "not ok" : "ok", i + 1, tests[i].name);
        if (failures)
            failed++;
        else
            passed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
