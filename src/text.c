/* text.c — NumPy's loadtxt / genfromtxt (delimited numbers in text, into a
** 2-D tensor) and savetxt (a 1-D or 2-D tensor as text, printf formats).
** Reading makes two passes: the first finds the rows and columns and checks
** the layout, the second converts; every failure names the line and column.
** genfromtxt's leniency is one flag: an empty or unreadable field takes the
** filling value instead of failing. */
#include "core.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WT_TEXT_MAXCOLS 1024 /* fields a line may have (their bounds live on the stack) */

typedef struct {
    const char *text, *end;
    int delim;            /* a byte, or -1: runs of whitespace */
    const char *comments; /* markers, each NUL-terminated, the list ending with an empty one */
    int64_t skiprows, maxrows;
    int nuse;
    const int *usecols;
    bool lenient;
} reader;

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; }

/* the line at p: [*b, *e) without its comment and surrounding blanks; returns the next line */
static const char *next_line(const reader *r, const char *p, const char **b, const char **e) {
    const char *nl = memchr(p, '\n', (size_t)(r->end - p));
    const char *eol = nl ? nl : r->end, *cut = eol;
    for (const char *m = r->comments; m && *m; m += strlen(m) + 1) {
        size_t k = strlen(m);
        for (const char *q = p; q + k <= cut; q++)
            if (!memcmp(q, m, k)) {
                cut = q;
                break;
            }
    }
    while (p < cut && blank(*p)) p++;
    while (cut > p && blank(cut[-1])) cut--;
    *b = p, *e = cut;
    return nl ? nl + 1 : r->end;
}

/* the fields of a line: starts and ends of up to max of them; returns how many there are */
static int64_t fields(const reader *r, const char *b, const char *e, const char **fb, const char **fe, int64_t max) {
    int64_t n = 0;
    const char *p = b;
    while (p <= e) {
        if (r->delim < 0) {
            while (p < e && blank(*p)) p++;
            if (p == e) break;
        }
        const char *s = p;
        while (p < e && (r->delim < 0 ? !blank(*p) : *p != r->delim)) p++;
        const char *a = s, *z = p;
        while (a < z && blank(*a)) a++;
        while (z > a && blank(z[-1])) z--;
        if (n < max) fb[n] = a, fe[n] = z;
        n++;
        if (p == e) break;
        p++; /* past the delimiter: a trailing one leaves an empty last field */
        if (r->delim >= 0 && p == e) {
            if (n < max) fb[n] = fe[n] = e;
            n++;
            break;
        }
    }
    return n;
}

/* a number of dtype from a field; false if it is not one (complex: "1+2j", "(1-2j)", "3j") */
static bool parse_value(const char *b, const char *e, int dtype, void *dst) {
    char buf[128], *q;
    size_t n = (size_t)(e - b);
    if (n == 0 || n >= sizeof buf || memchr(b, 'x', n) || memchr(b, 'X', n)) return false;
    memcpy(buf, b, n), buf[n] = 0;
    errno = 0;
    if (wt_dtype_is_int(dtype) || dtype == WT_BOOL) {
        double lo, hi;
        wt_dtype_range(dtype == WT_BOOL ? WT_UINT8 : dtype, &lo, &hi);
        if (dtype == WT_UINT64 || (dtype != WT_INT64 && buf[0] != '-')) {
            if (buf[0] == '-') return false;
            unsigned long long u = strtoull(buf, &q, 10); /* uint64's range is strtoull's own (ERANGE) */
            if (*q || errno || (dtype != WT_UINT64 && (double)u > hi)) return false;
            int64_t v = (int64_t)u;
            wt_cast_one(dtype == WT_UINT64 ? WT_UINT64 : WT_INT64, &v, dtype, dst);
            return dtype != WT_BOOL || u <= 1;
        }
        long long v = strtoll(buf, &q, 10); /* int64's range is strtoll's own (ERANGE) */
        if (*q || errno || (dtype != WT_INT64 && ((double)v < lo || (double)v > hi))) return false;
        int64_t w = v;
        wt_cast_one(WT_INT64, &w, dtype, dst);
        return true;
    }
    char *s = buf, *last = buf + n - 1;
    if (*s == '(' && *last == ')') s++, *last-- = 0;
    double re = wt_decimal_read(s, &q), im = 0;
    if (q == s) return false;
    if (wt_dtype_is_complex(dtype) && (*q == 'j' || *q == 'J') && !q[1]) {
        im = re, re = 0, q++;
    } else if (wt_dtype_is_complex(dtype) && (*q == '+' || *q == '-')) {
        char *t = q;
        im = wt_decimal_read(t, &q);
        if (q == t || (*q != 'j' && *q != 'J')) return false;
        q++;
    }
    if (*q) return false;
    double parts[2] = {re, im};
    wt_cast_one(wt_dtype_is_complex(dtype) ? WT_COMPLEX128 : WT_FLOAT64, parts, dtype, dst);
    return true;
}

static wt_status bad_value(const char *b, const char *e, int dtype, int64_t line, int64_t col) {
    return wt_error_fail(WT_EINVAL, "loadtxt: could not convert string '%.*s' to %s at line %lld, column %lld",
                         (int)(e - b > 64 ? 64 : e - b), b, wt_dtype_name(dtype), (long long)line, (long long)col);
}

/* walks the data rows: counts them (dst NULL) or converts them into dst (rows x ncols of dtype) */
static wt_status walk(const reader *r, int dtype, const void *fill, char *dst, int64_t *nrows, int64_t *ncols) {
    const char *p = r->text, *b, *e, *fb[WT_TEXT_MAXCOLS], *fe[WT_TEXT_MAXCOLS];
    int64_t line = 0, rows = 0, want = -1, isz = (int64_t)wt_dtype_size(dtype);
    while (p < r->end && (r->maxrows < 0 || rows < r->maxrows)) {
        p = next_line(r, p, &b, &e);
        if (++line <= r->skiprows || b == e) continue;
        int64_t n = fields(r, b, e, fb, fe, WT_TEXT_MAXCOLS);
        if (n > WT_TEXT_MAXCOLS)
            return wt_error_fail(WT_EINVAL, "loadtxt: line %lld has %lld columns (at most %d)", (long long)line,
                                 (long long)n, WT_TEXT_MAXCOLS);
        /* with usecols a row needs only the columns it names (NumPy: quoted commas make rows ragged) */
        if (!r->nuse && want >= 0 && n != want)
            return wt_error_fail(WT_ESHAPE,
                                 "%s: the number of columns changed from %lld to %lld at line %lld; use `usecols` to "
                                 "select a subset and avoid this error",
                                 r->lenient ? "genfromtxt" : "loadtxt", (long long)want, (long long)n, (long long)line);
        want = n;
        int64_t nout = r->nuse ? r->nuse : n;
        for (int64_t k = 0; k < nout; k++) {
            int64_t c = r->nuse ? r->usecols[k] : k;
            if (c < -n || c >= n)
                return wt_error_fail(WT_EINDEX, "loadtxt: usecols names column %lld, but line %lld has %lld",
                                     (long long)c, (long long)line, (long long)n);
            if (c < 0) c += n;
            char tmp[16], *slot = dst ? dst + (rows * nout + k) * isz : tmp;
            if (parse_value(fb[c], fe[c], dtype, slot)) continue;
            if (!r->lenient) return bad_value(fb[c], fe[c], dtype, line, c + 1);
            memcpy(slot, fill, (size_t)isz);
        }
        rows++;
        *ncols = nout;
    }
    *nrows = rows;
    return WT_OK;
}

wt_status wt_text_read(const char *text, size_t len, int delim, const char *comments, int64_t skiprows, int64_t maxrows,
                       int nuse, const int *usecols, int dtype, int lenient, double fill, wt_tensor **out) {
    wt_status st = wt_tensor_check_out(out);
    if (!st && !text && len) st = wt_error_fail(WT_EINVAL, "loadtxt: text is NULL");
    if (!st && (delim < -1 || delim > 255 || delim == '\n' || (delim >= 0 && blank((char)delim) && delim != '\t')))
        st = wt_error_fail(WT_EINVAL, "loadtxt: delimiter %d is not one byte other than a newline", delim);
    if (!st && (skiprows < 0 || maxrows < -1 || nuse < 0 || nuse > WT_TEXT_MAXCOLS || (nuse && !usecols)))
        st = wt_error_fail(WT_EINVAL, "loadtxt: skiprows %lld, max_rows %lld or %d usecols out of range",
                           (long long)skiprows, (long long)maxrows, nuse);
    if (!st && (dtype < 0 || dtype >= WT_NDTYPES))
        st = wt_error_fail(WT_EDTYPE, "loadtxt: invalid dtype code %d", dtype);
    if (st) return st;
    reader r = {text, text + len, delim, comments, skiprows, maxrows, nuse, usecols, lenient != 0};
    char fillv[16] = {0};
    double parts[2] = {fill, 0};
    wt_cast_one(WT_COMPLEX128, parts, dtype, fillv);
    int64_t rows = 0, cols = 0;
    if ((st = walk(&r, dtype, fillv, NULL, &rows, &cols))) return st; /* checked before anything is made */
    wt_tensor *t;
    if ((st = wt_tensor_empty(dtype, 2, (int64_t[]){rows, rows ? cols : 0}, &t))) return st;
    walk(&r, dtype, fillv, wt_tensor_data(t), &rows, &cols); /* cannot fail now */
    *out = t;
    return WT_OK;
}

/* ---- savetxt ------------------------------------------------------------- */

typedef struct {
    char *p; /* NULL while measuring */
    size_t n, cap;
} sink;

static void put(sink *s, const char *b, size_t n) {
    if (s->p && s->n + n <= s->cap) memcpy(s->p + s->n, b, n);
    s->n += n;
}
static void puts_(sink *s, const char *b) { put(s, b, strlen(b)); }

/* one printf conversion at spec: flags, a width and precision of up to two
** digits (so any value fits put_value's buffer) and a conversion of
** diouxXeEfFgG, nothing else (no '*', no length, no %s or %n); its length */
static size_t spec_len(const char *spec) {
    const char *p = spec + 1;
    while (*p && strchr("-+ 0#", *p)) p++;
    for (int k = 0; k < 2 && *p >= '0' && *p <= '9'; k++) p++;
    if (*p == '.') {
        p++;
        for (int k = 0; k < 2 && *p >= '0' && *p <= '9'; k++) p++;
    }
    if (*p == 's' && p == spec + 1) return 2; /* a bare %s: Python's str() */
    return *p && strchr("diouxXeEfFgG", *p) ? (size_t)(p - spec + 1) : 0;
}

/* Python's str() of a float of dtype: the shortest digits that read back
** as the same value of that dtype, positional from 1e-4 to 1e16 ("1.0"),
** else "1.5e-07" */
static int py_str(char *out, double d, int dtype) {
    if (d != d) return snprintf(out, 512, "nan");
    if (isinf(d)) return snprintf(out, 512, d < 0 ? "-inf" : "inf");
    char e[40];
    for (int p = 1; p <= 17; p++) {
        snprintf(e, sizeof e, "%.*e", p - 1, d);
        double back = wt_decimal_read(e, NULL);
        if (dtype == WT_FLOAT32   ? (float)back == (float)d
            : dtype == WT_FLOAT16 ? wt_half_from_double(back) == wt_half_from_double(d)
                                  : back == d)
            break;
    }
    char *x = strchr(e, 'e'), digits[24];
    int exp = atoi(x + 1), nd = 0;
    for (char *q = e; q < x; q++)
        if (*q >= '0' && *q <= '9') digits[nd++] = *q;
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    const char *sign = d < 0 || (d == 0 && signbit(d)) ? "-" : "";
    if (exp < -4 || exp >= 16)
        return snprintf(out, 512, "%s%c%s%.*se%c%02d", sign, digits[0], nd > 1 ? "." : "", nd - 1, digits + 1,
                        exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
    char body[64];
    int n = 0;
    if (exp < 0) {
        n = snprintf(body, sizeof body, "0.%0*d%.*s", -exp - 1, 0, nd, digits);
        if (exp == -1) n = snprintf(body, sizeof body, "0.%.*s", nd, digits);
    } else if (nd > exp + 1) {
        n = snprintf(body, sizeof body, "%.*s.%.*s", exp + 1, digits, nd - exp - 1, digits + exp + 1);
    } else {
        n = snprintf(body, sizeof body, "%.*s%0*d.0", nd, digits, exp + 1 - nd, 0);
        if (exp + 1 == nd) n = snprintf(body, sizeof body, "%.*s.0", nd, digits);
    }
    (void)n;
    return snprintf(out, 512, "%s%s", sign, body);
}

/* v (element of dtype at src) through one conversion into out[512]; its length, or -1 */
static int fmt_value(char *out, const char *spec, size_t k, int dtype, const char *src) {
    char f[24];
    char conv = spec[k - 1];
    if (conv == 's') { /* Python's str(): integers in decimal, floats their shortest */
        if (!wt_dtype_is_inexact(dtype)) {
            int64_t i;
            wt_cast_one(dtype, src, dtype == WT_UINT64 ? WT_UINT64 : WT_INT64, &i);
            if (dtype == WT_BOOL) return snprintf(out, 512, i ? "True" : "False");
            return dtype == WT_UINT64 ? snprintf(out, 512, "%llu", (unsigned long long)i)
                                      : snprintf(out, 512, "%lld", (long long)i);
        }
        double d;
        wt_cast_one(dtype, src, WT_FLOAT64, &d);
        return py_str(out, d, dtype);
    }
    if (strchr("diouxX", conv)) {
        bool u = dtype == WT_UINT64 || strchr("ouxX", conv);
        if (wt_dtype_is_inexact(dtype) && strchr("ouxX", conv)) {
            wt_error_fail(WT_EDTYPE, "savetxt: %%%c needs integers, not %s", conv, wt_dtype_name(dtype));
            return -1;
        }
        double d;
        wt_cast_one(dtype, src, WT_FLOAT64, &d);
        if (wt_dtype_is_inexact(dtype) && !(d > -0x1p63 && d < 0x1p63)) {
            wt_error_fail(WT_EINVAL, "savetxt: cannot convert float %g to integer", d);
            return -1;
        }
        int64_t i;
        wt_cast_one(dtype, src, u ? WT_UINT64 : WT_INT64, &i);
        char c2 = u && (conv == 'd' || conv == 'i') ? 'u' : conv;  /* uint64's values past int64's */
        snprintf(f, sizeof f, "%.*sll%c", (int)(k - 1), spec, c2); /* the conversion for 64 bits */
        return u ? snprintf(out, 512, f, (unsigned long long)i) : snprintf(out, 512, f, (long long)i);
    }
    double d;
    wt_cast_one(dtype, src, WT_FLOAT64, &d);
    memcpy(f, spec, k), f[k] = 0;
    return snprintf(out, 512, f, d);
}

static wt_status put_value(sink *s, const char *spec, size_t k, int dtype, const char *src, bool plus) {
    char out[512];
    int n = fmt_value(out, spec, k, dtype, src);
    if (n < 0) return (wt_status)wt_error_status();
    if (plus && out[0] != '-') puts_(s, "+"); /* NumPy's " (re+imj)", its "+-" made "-" */
    put(s, out, n > 511 ? 511 : (size_t)n);   /* two-digit widths and precisions fit */
    return WT_OK;
}

/* the row format: literal runs and conversions; one conversion repeats per column */
typedef struct {
    const char *fmt;
    int nspec;
} row_fmt;

static wt_status fmt_check(const char *fmt, int64_t ncols, row_fmt *rf) {
    rf->fmt = fmt, rf->nspec = 0;
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') continue;
        if (p[1] == '%') {
            p++;
            continue;
        }
        size_t k = spec_len(p);
        if (!k)
            return wt_error_fail(WT_EINVAL, "savetxt: '%.16s' in fmt '%.64s' is not a conversion of diouxXeEfFgG", p,
                                 fmt);
        rf->nspec++, p += k - 1;
    }
    if (rf->nspec != 1 && rf->nspec != ncols)
        return wt_error_fail(WT_EINVAL, "savetxt: fmt has wrong number of %% formats: %.64s (%lld columns)", fmt,
                             (long long)ncols);
    return WT_OK;
}

/* the format once, its conversions taking columns from *col on; complex as NumPy's " (re+imj)" */
static wt_status put_once(sink *s, const char *fmt, int dtype, const char *row, int64_t cs, int64_t *col) {
    int pd = wt_dtype_part(dtype);
    size_t part = wt_dtype_size(pd);
    wt_status st = WT_OK;
    for (const char *p = fmt; *p && !st; p++) {
        if (*p != '%' || p[1] == '%') {
            put(s, p, 1);
            p += *p == '%';
            continue;
        }
        size_t k = spec_len(p);
        const char *e = row + (*col)++ * cs;
        if (wt_dtype_is_complex(dtype)) {
            puts_(s, " (");
            if (!(st = put_value(s, p, k, pd, e, false))) st = put_value(s, p, k, pd, e + part, true);
            puts_(s, "j)");
        } else {
            st = put_value(s, p, k, dtype, e, false);
        }
        p += k - 1;
    }
    return st;
}

/* a row: one conversion repeats per column between delimiters (NumPy's delimiter.join), or the
** row format takes every column */
static wt_status put_row(sink *s, const row_fmt *rf, int dtype, const char *row, int64_t ncols, int64_t cs,
                         const char *delim) {
    int64_t col = 0;
    if (rf->nspec != 1) return put_once(s, rf->fmt, dtype, row, cs, &col);
    wt_status st = WT_OK;
    for (int64_t c = 0; c < ncols && !st; c++) {
        if (c) puts_(s, delim);
        st = put_once(s, rf->fmt, dtype, row, cs, &col);
    }
    return st;
}

static void put_comment(sink *s, const char *text, const char *comments, const char *newline) {
    if (!text || !*text) return;
    puts_(s, comments);
    for (const char *p = text; *p; p++)
        if (*p == '\n')
            puts_(s, "\n"), puts_(s, comments);
        else
            put(s, p, 1);
    puts_(s, newline);
}

static wt_status write_text(const wt_tensor *t, const row_fmt *rf, const char *delim, const char *newline,
                            const char *header, const char *footer, const char *comments, sink *s) {
    int64_t rows = t->d.shape[0], cols = t->d.ndim == 2 ? t->d.shape[1] : 1;
    int64_t isz = (int64_t)wt_dtype_size(t->d.dtype);
    int64_t rs = t->d.strides[0] * isz, cs = t->d.ndim == 2 ? t->d.strides[1] * isz : 0;
    put_comment(s, header, comments, newline);
    const char *first = wt_first(t);
    for (int64_t i = 0; i < rows; i++) {
        wt_status st = put_row(s, rf, t->d.dtype, first + i * rs, cols, cs, delim);
        if (st) return st;
        puts_(s, newline);
    }
    put_comment(s, footer, comments, newline);
    return WT_OK;
}

wt_status wt_text_write(const wt_tensor *t, const char *fmt, const char *delim, const char *newline, const char *header,
                        const char *footer, const char *comments, char *buf, size_t cap, size_t *len) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st && (!fmt || !delim || !newline || !comments || !len))
        st = wt_error_fail(WT_EINVAL, "savetxt: fmt, delimiter, newline, comments and len must not be NULL");
    if (!st && (t->d.ndim < 1 || t->d.ndim > 2))
        st = wt_error_fail(WT_EINVAL, "savetxt: Expected 1D or 2D array, got %dD array instead", t->d.ndim);
    if (!st && !buf && cap) st = wt_error_fail(WT_EINVAL, "savetxt: buf is NULL with cap %zu", cap);
    row_fmt rf;
    if (!st) st = fmt_check(fmt, t->d.ndim == 2 ? t->d.shape[1] : 1, &rf);
    if (st) return st;
    sink m = {NULL, 0, 0};
    if ((st = write_text(t, &rf, delim, newline, header, footer, comments, &m))) return st;
    *len = m.n;
    if (cap < m.n)
        return wt_error_fail(WT_EINVAL, "savetxt: the buffer of %zu bytes is too small: the text needs %zu", cap, m.n);
    sink w = {buf, 0, cap};
    return write_text(t, &rf, delim, newline, header, footer, comments, &w);
}
