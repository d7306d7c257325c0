/* decimal.c — decimal text to the nearest double, as NumPy's loadtxt reads
** numbers: [sign] digits [. digits] [e [sign] digits], or inf, infinity and
** nan in any case (no hex floats, no nan(...): NumPy refuses both).
**
** Correctly rounded, ties to even.  When the digits and the power of ten are
** both exact doubles, one multiply or divide rounds once (Clinger's fast
** path: most text files).  Otherwise the digits are kept as a decimal string
** (the first WT_DECIMAL_DIGITS and whether any nonzero one followed) and
** halved or doubled, up to 60 binary places a step, until the value lies in
** [1/2, 1); its first 53 bits, rounded on the digits that remain, are the
** mantissa (the "simple decimal conversion", as in Go's strconv).  It stands
** in for libc's strtod, whose long double arithmetic was 12 KB of the wasm
** module (issue 28). */
#include "core.h"
#include <math.h>
#include <string.h>

/* 767 significant digits decide any double (the longest exact halfway
** value); more are summarised by the sticky flag */
#define WT_DECIMAL_DIGITS 800
#define MAX_SHIFT 60 /* digit * 2^60 and its carries fit a uint64 */

typedef struct {
    uint8_t d[WT_DECIMAL_DIGITS + 24]; /* digit values; the slack takes a left shift's new digits */
    int nd;                            /* digits held */
    int dp;                            /* value = 0.d[0]d[1]... x 10^dp */
    bool sticky;                       /* a nonzero digit was dropped after d[nd-1] */
} decimal;

static void trim(decimal *a) {
    while (a->nd > 0 && a->d[a->nd - 1] == 0) a->nd--;
    if (a->nd == 0) a->dp = 0;
}

/* a /= 2^k, 0 < k <= MAX_SHIFT */
static void halve(decimal *a, int k) {
    uint64_t n = 0, mask = ((uint64_t)1 << k) - 1;
    int r = 0, w = 0;
    while (n >> k == 0) { /* read until the quotient's first digit is nonzero */
        if (r < a->nd)
            n = n * 10 + a->d[r];
        else if (n == 0)
            return; /* zero stays zero */
        else
            n *= 10;
        r++;
    }
    a->dp -= r - 1;
    for (; r < a->nd; r++) {
        a->d[w++] = (uint8_t)(n >> k);
        n = (n & mask) * 10 + a->d[r];
    }
    for (; n > 0; n = (n & mask) * 10) {
        if (w < WT_DECIMAL_DIGITS)
            a->d[w++] = (uint8_t)(n >> k);
        else if (n >> k)
            a->sticky = true;
    }
    a->nd = w;
    trim(a);
}

/* a *= 2^k, 0 < k <= MAX_SHIFT: digits from the last, into places up to
** `grow` further right (2^60 has 19 digits) */
static void twice(decimal *a, int k) {
    const int grow = k * 3 / 10 + 1; /* digits 2^k adds at most: k log10 2 < 3k/10 + 1 */
    uint64_t n = 0;
    int w = a->nd + grow;
    for (int r = a->nd - 1; r >= 0; r--) {
        n += (uint64_t)a->d[r] << k;
        uint64_t q = n / 10;
        a->d[--w] = (uint8_t)(n - 10 * q);
        n = q;
    }
    for (; n > 0; n /= 10) a->d[--w] = (uint8_t)(n % 10);
    int nd = a->nd + grow - w; /* digits written, from w */
    memmove(a->d, a->d + w, (size_t)nd);
    a->dp += grow - w;
    for (int i = WT_DECIMAL_DIGITS; i < nd; i++) a->sticky |= a->d[i] != 0;
    a->nd = nd < WT_DECIMAL_DIGITS ? nd : WT_DECIMAL_DIGITS;
    trim(a);
}

static void shift(decimal *a, int k) { /* a *= 2^k */
    for (int step; k > 0; k -= step) twice(a, step = k < MAX_SHIFT ? k : MAX_SHIFT);
    for (int step; k < 0; k += step) halve(a, step = -k < MAX_SHIFT ? -k : MAX_SHIFT);
}

/* the integer part of a (< 2^54 here), rounded half to even on the rest */
static uint64_t rounded(const decimal *a) {
    uint64_t n = 0;
    int i = 0;
    for (; i < a->dp; i++) n = n * 10 + (i < a->nd ? a->d[i] : 0);
    if (a->dp < 0 || a->dp >= a->nd) return n; /* nothing after the point */
    int f = a->d[a->dp];
    bool half = f == 5 && a->dp + 1 == a->nd && !a->sticky;
    return n + (f > 5 || (f == 5 && (!half || (n & 1))));
}

/* the nearest double to a, a's sign apart */
static double nearest(decimal *a) {
    if (a->nd == 0 || a->dp < -330) return 0;
    if (a->dp > 310) return INFINITY;
    /* binary steps by the decimal exponent: 2^(3.3 dp) moves dp about to 0 */
    int e = 0;
    while (a->dp > 0) {
        int k = a->dp * 3 + 1 < MAX_SHIFT ? a->dp * 3 + 1 : MAX_SHIFT;
        shift(a, -k), e += k;
    }
    while (a->dp < 0 || (a->dp == 0 && a->d[0] < 5)) {
        int k = a->dp == 0 ? 1 : -a->dp * 3 < MAX_SHIFT ? -a->dp * 3 : MAX_SHIFT;
        shift(a, k), e -= k;
    }
    /* a in [1/2, 1): the value is 2a x 2^(e-1), with the leading bit at e - 1 */
    e--;
    if (e < -1022) shift(a, -(-1022 - e)), e = -1022; /* a subnormal: fewer bits */
    if (e > 1023) return INFINITY;
    shift(a, 53);
    uint64_t m = rounded(a);
    if (m == (uint64_t)1 << 53) { /* rounding carried into a new bit */
        m >>= 1;
        if (++e > 1023) return INFINITY;
    }
    uint64_t field = m >> 52 ? (uint64_t)(e + 1023) : 0; /* no leading bit: subnormal */
    uint64_t bits = field << 52 | (m & (((uint64_t)1 << 52) - 1));
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

static bool word(const char *s, const char *w, size_t n) { /* s starts with w, in any case */
    for (size_t i = 0; i < n; i++)
        if ((s[i] | 0x20) != w[i]) return false;
    return true;
}

double wt_decimal_read(const char *s, char **end) {
    static const double tens[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    const char *p = s;
    while (*p == ' ' || (*p >= '\t' && *p <= '\r')) p++;
    bool neg = *p == '-';
    if (*p == '-' || *p == '+') p++;
    double special = 0;
    if (word(p, "infinity", 8))
        p += 8, special = INFINITY;
    else if (word(p, "inf", 3))
        p += 3, special = INFINITY;
    else if (word(p, "nan", 3))
        p += 3, special = NAN;
    if (special != 0) {
        if (end) *end = (char *)(uintptr_t)p;
        return neg ? -special : special;
    }
    decimal a = {.nd = 0, .dp = 0, .sticky = false};
    uint64_t w = 0; /* the first 19 significant digits, for the fast path */
    int64_t dp = 0; /* a.dp, exact for any length of text and exponent */
    int sig = 0;    /* significant digits, counted to 20 (the fast path asks <= 15) */
    bool seen = false, point = false;
    for (;; p++) {
        if (*p == '.' && !point) {
            point = true;
            continue;
        }
        if (*p < '0' || *p > '9') break;
        seen = true;
        if (*p == '0' && sig == 0) { /* leading zeros: only after the point do they move it */
            dp -= point;
            continue;
        }
        dp += !point;
        if (sig < 19) w = w * 10 + (uint64_t)(*p - '0');
        if (a.nd < WT_DECIMAL_DIGITS)
            a.d[a.nd++] = (uint8_t)(*p - '0');
        else
            a.sticky |= *p != '0';
        sig += sig < 20;
    }
    if (!seen) {
        if (end) *end = (char *)(uintptr_t)s;
        return 0;
    }
    if (*p == 'e' || *p == 'E') { /* an exponent only with digits; past 10^12 it saturates */
        const char *q = p + 1;
        bool eneg = *q == '-';
        if (*q == '-' || *q == '+') q++;
        if (*q >= '0' && *q <= '9') {
            int64_t x = 0;
            for (; *q >= '0' && *q <= '9'; q++) x = x < 100000000000 ? x * 10 + (*q - '0') : x;
            dp += eneg ? -x : x;
            p = q;
        }
    }
    if (end) *end = (char *)(uintptr_t)p;
    if (sig == 0) return neg ? -0.0 : 0.0;
    double v;
    if (dp > 400 || dp < -400) /* 0.d x 10^dp, d's first digit nonzero: beyond any double */
        v = dp > 0 ? INFINITY : 0;
    else if (sig <= 15 && dp - sig >= -22 && dp - sig <= 22) /* value = w x 10^(dp - sig), both exact */
        v = dp < sig ? (double)w / tens[sig - dp] : (double)w * tens[dp - sig];
    else
        a.dp = (int)dp, trim(&a), v = nearest(&a);
    return neg ? -v : v;
}
