/* test_decimal.c — wt_decimal_read against the C library's strtod (glibc
** natively, musl under WASI: both correctly rounded) on the hard cases of
** decimal-to-binary conversion and on random strings, and the syntax NumPy's
** loadtxt accepts. */
#include "wt_test.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int checked;

/* s reads as libc reads it: the same bits and the same end */
static void same(const char *s) {
    char *e1 = NULL, *e2 = NULL;
    double got = wt_decimal_read(s, &e1), want = strtod(s, &e2);
    uint64_t g, w;
    memcpy(&g, &got, 8), memcpy(&w, &want, 8);
    checked++;
    if ((g != w && !(got != got && want != want)) || e1 != e2)
        wt_t_fail(__FILE__, __LINE__, "read '%.80s'%s: %.17g (0x%016llx, %d chars), want %.17g (0x%016llx, %d chars)",
                  s, strlen(s) > 80 ? "..." : "", got, (unsigned long long)g, (int)(e1 - s), want,
                  (unsigned long long)w, (int)(e2 - s));
}

/* digits, then `zeros` zeros and a final digit `last` (a sticky tail far out) */
static void long_tail(const char *head, int zeros, char last, const char *exp) {
    static char buf[2048];
    size_t n = strlen(head);
    memcpy(buf, head, n);
    memset(buf + n, '0', (size_t)zeros);
    buf[n + (size_t)zeros] = last;
    strcpy(buf + n + (size_t)zeros + 1, exp);
    same(buf);
}

void test_decimal_read(void) {
    static const char *hard[] = {
        "0",
        "-0",
        "0.0",
        "000",
        "1",
        "-1",
        "0.1",
        "0.3",
        "1e23",
        "8.98846567431158e307",
        "123456789012345678901234567890",
        "9007199254740992",
        "9007199254740993",
        "9007199254740994",
        "9007199254740995",
        "9007199254740993.0000001",
        "2.2250738585072011e-308",
        "2.2250738585072012e-308",
        "2.2250738585072014e-308",
        "4.9406564584124654e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "7.4109846876186982e-324",
        "1e-324",
        "1e-400",
        "1e-5000",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623159e308",
        "1e309",
        "1e400",
        "1e99999999999",
        "0.000000000000000000000000000000000000000000001",
        "1e-22",
        "1e22",
        "123456789012345e-22",
        "9999999999999999e22",
        "3.14159",
        "2.718281828459045",
        "1.5e-07",
        "5e-324",
        "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124",
        "1.00000000000000011102230246251565404236316680908203126",
        "0.500000000000000166533453693773481063544750213623046875",
        "4.35679748819952e-309",
        ".5",
        "5.",
        "+.5e+1",
        "1E5",
        "-1e-5",
        "1e",
        "1e+",
        "1.5x",
        "  7",
        "\t-2.5",
        ".",
        "-",
        "+",
        "",
        "e5",
        ".e1",
        "--1",
        "inf",
        "-Infinity",
        "INF",
        "infin",
        "NaN",
        "-nan",
        "nAn",
        "1.2.3",
        "1e5.5",
        "0e0",
        "0e-999999",
        "00000.00000e5",
    };
    for (size_t i = 0; i < sizeof hard / sizeof *hard; i++) same(hard[i]);
    /* halfway cases decided by a nonzero digit past the 800 kept */
    long_tail("9007199254740993.", 900, '1', "");
    long_tail("9007199254740993.", 900, '0', "");
    long_tail("9007199254740995.", 790, '1', "");
    long_tail("9007199254740993", 300, '1', "e-302");
    long_tail(
        "2."
        "47032822920623272088284396434110686182529901307162382212792841250337753635104375932649918180817996189898282347"
        "72285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500"
        "31937045767824921936562366986365848075700158576926990370631192827955855133292783433840935197801553124659726357"
        "95746227664652728272200563740064854999770965994704540208281662262378573934507363390079677619305775067401763246"
        "73600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524"
        "91262365388187963623937328042389101867234849766823508986338858792562830275599565752445550725518931369083625477"
        "9186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125",
        0, '1', "");
    long_tail("0.", 400, '1', "e80");
    long_tail("1", 330, '0', "e-330");
    long_tail("0.", 2000, '5', "e2001"); /* zeros and exponent far out, cancelling: 5 */
    long_tail("1", 2000, '0', "e-2001");
    long_tail("0.", 2000, '5', "e-99999999999999999999"); /* exponents saturate */
    /* random digits, exponents across the range, and every double's shortest forms */
    char buf[128];
    for (int t = 0; t < 20000; t++) {
        int nd = 1 + (int)(t_rand() % (t % 4 ? 20 : 60)), at = 0;
        if (t_rand() % 2) buf[at++] = '-';
        int point = (int)(t_rand() % (unsigned)(nd + 1));
        for (int i = 0; i < nd; i++) {
            if (i == point) buf[at++] = '.';
            buf[at++] = (char)('0' + t_rand() % 10);
        }
        snprintf(buf + at, sizeof buf - (size_t)at, "e%d", (int)(t_rand() % 700) - 360);
        same(buf);
        uint64_t bits = (uint64_t)t_rand() << 32 | t_rand();
        double d;
        memcpy(&d, &bits, 8);
        snprintf(buf, sizeof buf, "%.*e", (int)(t_rand() % 20), d);
        same(buf);
        snprintf(buf, sizeof buf, "%.17g", d);
        same(buf);
    }
    CHECK(checked > 60000);
    /* NumPy's syntax, narrower than strtod's: no hex floats, no nan(...) */
    char *end;
    const char *hex = "0x1p3", *payload = "nan(7)";
    CHECK(wt_decimal_read(hex, &end) == 0 && end == hex + 1);
    CHECK(isnan(wt_decimal_read(payload, &end)) && end == payload + 3);
}
