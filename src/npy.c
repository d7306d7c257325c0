/* npy.c — NumPy .npy files: a reader for format versions 1.0-3.0 that is a
** security boundary (every length, key, shape and size is checked against
** the bytes given before anything is allocated), and a writer whose bytes
** are numpy.save's.  Fortran-order files load as a strided view. */
#include "core.h"
#include <stdio.h>
#include <string.h>

#define NPY_MAX_HEADER 10000 /* numpy.load's own limit (max_header_size) */

/* "descr" codes without the byte-order character, by wt_dtype */
static const char *const npy_code[WT_NDTYPES] = {"b1", "i1", "u1", "i2", "u2", "i4", "u4",
                                                 "f4", "f8", "i8", "u8", "f2", "c8", "c16"};

typedef struct {
    const char *p, *start, *end;
} cursor;

/* up to 20 characters at the cursor, unprintable ones as '?', for messages */
static const char *near(const cursor *c, char *buf) {
    int n = 0;
    for (const char *q = c->p; q < c->end && n < 20; q++) buf[n++] = *q >= 32 && *q < 127 ? *q : '?';
    buf[n] = 0;
    return buf;
}

static wt_status syntax(const cursor *c, const char *what) {
    char b[24];
    return wt_error_fail(WT_ESYNTAX, ".npy header: expected %s at offset %d, found \"%s\"", what,
                         (int)(c->p - c->start), near(c, b));
}

static void skip_ws(cursor *c) {
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r')) c->p++;
}

static bool eat(cursor *c, char ch) {
    skip_ws(c);
    if (c->p < c->end && *c->p == ch) return c->p++, true;
    return false;
}

/* a quoted string without escapes, at most cap-1 characters */
static wt_status parse_str(cursor *c, char *out, size_t cap) {
    skip_ws(c);
    if (c->p >= c->end || (*c->p != '\'' && *c->p != '"')) return syntax(c, "a quoted string");
    char q = *c->p++;
    size_t n = 0;
    while (c->p < c->end && *c->p != q) {
        if (*c->p == '\\' || n + 1 >= cap) return syntax(c, "a short string without escapes");
        out[n++] = *c->p++;
    }
    if (c->p >= c->end) return syntax(c, "a closing quote");
    c->p++;
    out[n] = 0;
    return WT_OK;
}

/* a non-negative Python int (an 'L' suffix from Python 2 files allowed) */
static wt_status parse_dim(cursor *c, int64_t *v) {
    skip_ws(c);
    if (c->p >= c->end || *c->p < '0' || *c->p > '9') return syntax(c, "a non-negative integer dimension");
    int64_t x = 0;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
        if (!wt_mul_ok(x, 10, &x) || !wt_add_ok(x, *c->p - '0', &x))
            return wt_error_fail(WT_ESHAPE, ".npy header: a dimension at offset %d overflows int64",
                                 (int)(c->p - c->start));
        c->p++;
    }
    if (c->p < c->end && *c->p == 'L') c->p++;
    *v = x;
    return WT_OK;
}

/* a Python tuple of ints: "()", "(3,)", "(3, 4)" */
static wt_status parse_shape(cursor *c, int *ndim, int64_t *shape) {
    if (!eat(c, '(')) return syntax(c, "'(' starting the shape tuple");
    int n = 0;
    bool comma = false;
    while (!eat(c, ')')) {
        if (n > 0 && !comma) return syntax(c, "',' or ')' in the shape tuple");
        if (n == WT_MAX_DIMS)
            return wt_error_fail(WT_ESHAPE, ".npy header: the shape has more than %d dimensions", WT_MAX_DIMS);
        wt_status st = parse_dim(c, &shape[n++]);
        if (st) return st;
        comma = eat(c, ',');
    }
    if (n == 1 && !comma)
        return wt_error_fail(WT_ESYNTAX, ".npy header: shape (%lld) is not a tuple (Python spells it (%lld,))",
                             (long long)shape[0], (long long)shape[0]);
    *ndim = n;
    return WT_OK;
}

static wt_status parse_descr(const char *s, int *dtype, bool *swap) {
    char order = s[0];
    if (order != '<' && order != '>' && order != '|' && order != '=')
        return wt_error_fail(
            WT_EDTYPE, ".npy header: descr '%s' is not a simple dtype (byte order '<', '>', '|' or '=' expected)", s);
    for (int d = 0; d < WT_NDTYPES; d++)
        if (!strcmp(s + 1, npy_code[d])) {
            *dtype = d;
            *swap = order == '>' && wt_dtype_size(d) > 1; /* every host wtensor runs on is little-endian */
            return WT_OK;
        }
    static const char *const known[][2] = {{"f16", "float128"}, {"c32", "complex256"}, {"O", "object"}};
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
        if (!strcmp(s + 1, known[k][0]))
            return wt_error_fail(WT_EDTYPE, ".npy: dtype '%s' (%s) is not supported by wtensor", s, known[k][1]);
    return wt_error_fail(WT_EDTYPE, ".npy: dtype '%s' is not supported by wtensor", s);
}

typedef struct {
    int dtype, ndim;
    bool swap, fortran;
    int64_t shape[WT_MAX_DIMS];
} npy_header;

/* the dict literal: exactly the keys descr, fortran_order and shape */
static wt_status parse_dict(cursor *c, npy_header *h) {
    bool seen[3] = {false, false, false};
    static const char *const keys[3] = {"descr", "fortran_order", "shape"};
    wt_status st;
    if (!eat(c, '{')) return syntax(c, "'{' starting the header dict");
    while (!eat(c, '}')) {
        char key[32], val[32];
        if ((st = parse_str(c, key, sizeof key))) return st;
        int k = 0;
        while (k < 3 && strcmp(key, keys[k])) k++;
        if (k == 3) return wt_error_fail(WT_ESYNTAX, ".npy header: unexpected key '%s'", key);
        if (seen[k]) return wt_error_fail(WT_ESYNTAX, ".npy header: key '%s' appears twice", key);
        seen[k] = true;
        if (!eat(c, ':')) return syntax(c, "':' after a key");
        if (k == 0) {
            if ((st = parse_str(c, val, sizeof val)) || (st = parse_descr(val, &h->dtype, &h->swap))) return st;
        } else if (k == 1) {
            skip_ws(c);
            if ((size_t)(c->end - c->p) >= 4 && !memcmp(c->p, "True", 4))
                h->fortran = true, c->p += 4;
            else if ((size_t)(c->end - c->p) >= 5 && !memcmp(c->p, "False", 5))
                h->fortran = false, c->p += 5;
            else
                return syntax(c, "True or False for fortran_order");
        } else if ((st = parse_shape(c, &h->ndim, h->shape))) {
            return st;
        }
        if (!eat(c, ',')) {
            if (!eat(c, '}')) return syntax(c, "',' or '}' after a value");
            break;
        }
    }
    for (int k = 0; k < 3; k++)
        if (!seen[k]) return wt_error_fail(WT_ESYNTAX, ".npy header: key '%s' is missing", keys[k]);
    skip_ws(c);
    if (c->p != c->end) return syntax(c, "the end of the header after '}'");
    return WT_OK;
}

wt_status wt_npy_read(const void *bytes, size_t nbytes, wt_tensor **out) {
    const uint8_t *b = bytes;
    wt_status st = wt_tensor_check_out(out);
    if (st) return st;
    if (!b && nbytes) return wt_error_fail(WT_EINVAL, "wt_npy_read: bytes is NULL");
    if (nbytes < 10 || memcmp(b, "\x93NUMPY", 6))
        return wt_error_fail(WT_ESYNTAX, ".npy: not a .npy file (%zu bytes, no \\x93NUMPY magic)", nbytes);
    int major = b[6], minor = b[7];
    if (major < 1 || major > 3 || minor != 0)
        return wt_error_fail(WT_ESYNTAX, ".npy: format version %d.%d is not 1.0, 2.0 or 3.0", major, minor);
    size_t pre = major == 1 ? 10 : 12;
    if (nbytes < pre) return wt_error_fail(WT_ESYNTAX, ".npy: %zu bytes end inside the preamble", nbytes);
    size_t hlen = major == 1 ? (size_t)b[8] | (size_t)b[9] << 8
                             : (size_t)b[8] | (size_t)b[9] << 8 | (size_t)b[10] << 16 | (size_t)b[11] << 24;
    if (hlen > NPY_MAX_HEADER)
        return wt_error_fail(WT_ESYNTAX, ".npy: header of %zu bytes exceeds the limit of %d", hlen, NPY_MAX_HEADER);
    if (hlen > nbytes - pre)
        return wt_error_fail(WT_ESYNTAX, ".npy: header of %zu bytes runs past the end of the %zu-byte file", hlen,
                             nbytes);
    const char *hs = (const char *)b + pre;
    if (hlen == 0 || hs[hlen - 1] != '\n')
        return wt_error_fail(WT_ESYNTAX, ".npy: the header does not end with a newline");
    for (size_t i = 0; i < hlen; i++) /* 1.0 and 2.0 headers are latin-1; 3.0 UTF-8, but never outside ASCII here */
        if (!hs[i]) return wt_error_fail(WT_ESYNTAX, ".npy header: a NUL byte at offset %zu", i);
    npy_header h = {0};
    cursor c = {hs, hs, hs + hlen};
    if ((st = parse_dict(&c, &h))) return st;
    int64_t count, need;
    if ((st = wt_desc_shape_check(h.ndim, h.shape, &count))) return st;
    size_t isz = wt_dtype_size(h.dtype), have = nbytes - pre - hlen;
    bool huge = !wt_mul_ok(count, (int64_t)isz, &need); /* need then holds a wrapped product */
    if (huge || (uint64_t)need > have) {
        char s[WT_SHAPE_STR], n[32];
        snprintf(n, sizeof n, huge ? "more than 2^63" : "%lld", (long long)need);
        return wt_error_fail(WT_ESHAPE, ".npy: shape %s of %s needs %s bytes of data, the file has %zu",
                             wt_error_fmt_shape(s, sizeof s, h.ndim, h.shape), wt_dtype_name(h.dtype), n, have);
    }
    /* Fortran order: the data is C order of the reversed shape; read it so,
    ** then reverse the axes of the view */
    int64_t rshape[WT_MAX_DIMS];
    for (int i = 0; i < h.ndim; i++) rshape[i] = h.fortran ? h.shape[h.ndim - 1 - i] : h.shape[i];
    wt_tensor *t = NULL, *v = NULL;
    if ((st = wt_tensor_empty(h.dtype, h.ndim, rshape, &t))) return st;
    if (h.fortran && h.ndim > 1 && (st = wt_view_permute(t, 0, NULL, &v))) {
        wt_tensor_free(t);
        return st;
    }
    uint8_t *dst = wt_tensor_data(t);
    const uint8_t *src = b + pre + hlen;
    if (h.swap) { /* each number reversed: a complex's two parts one by one */
        size_t w = wt_dtype_size(wt_dtype_part(h.dtype)), parts = (size_t)count * (isz / w);
        for (size_t i = 0; i < parts; i++)
            for (size_t k = 0; k < w; k++) dst[i * w + k] = src[i * w + w - 1 - k];
    } else if (need) {
        memcpy(dst, src, (size_t)need);
    }
    if (h.dtype == WT_BOOL) /* NumPy reads any nonzero byte as True; the kernels rely on 0 and 1 */
        for (int64_t i = 0; i < count; i++) dst[i] = dst[i] != 0;
    if (v) {
        wt_tensor_free(t);
        t = v;
    }
    *out = t;
    return WT_OK;
}

/* is d F-contiguous: its axes reversed are C-contiguous */
static bool is_f_contiguous(const wt_desc *d) {
    wt_desc r = *d;
    for (int i = 0; i < d->ndim; i++)
        r.shape[i] = d->shape[d->ndim - 1 - i], r.strides[i] = d->strides[d->ndim - 1 - i];
    return wt_desc_is_c_contiguous(&r);
}

wt_status wt_npy_write(const wt_tensor *t, void *buf, size_t cap, size_t *len) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st && !len) st = wt_error_fail(WT_EINVAL, "wt_npy_write: len is NULL");
    if (len) *len = 0; /* nonzero only with a buffer too small: callers size their retry by it */
    if (!st && !buf && cap) st = wt_error_fail(WT_EINVAL, "wt_npy_write: buf is NULL with cap %zu", cap);
    if (st) return st;
    const wt_desc *d = &t->d;
    /* numpy.save: Fortran order exactly when F- but not C-contiguous */
    bool fortran = !wt_desc_is_c_contiguous(d) && is_f_contiguous(d);
    char h[1024];
    int n = snprintf(h, sizeof h, "{'descr': '%c%s', 'fortran_order': %s, 'shape': (",
                     wt_dtype_size(d->dtype) == 1 ? '|' : '<', npy_code[d->dtype], fortran ? "True" : "False");
    for (int i = 0; i < d->ndim; i++)
        n += snprintf(h + n, sizeof h - (size_t)n, i ? ", %lld" : "%lld", (long long)d->shape[i]);
    n += snprintf(h + n, sizeof h - (size_t)n, "%s), }", d->ndim == 1 ? "," : "");
    if (d->ndim > 0) { /* numpy.save leaves room for the growing axis to reach 21 digits */
        char dig[24];
        int used = snprintf(dig, sizeof dig, "%lld", (long long)d->shape[fortran ? d->ndim - 1 : 0]);
        while (used++ < 21) h[n++] = ' ';
    }
    /* then pad so that magic (8) + length (2) + header + '\n' ends on a multiple of 64 */
    int pad = 64 - (10 + n + 1) % 64;
    size_t hlen = (size_t)n + (size_t)pad + 1, total;
    int64_t count = wt_desc_size(d);
    size_t data = (size_t)count * wt_dtype_size(d->dtype); /* the tensor exists, so this fits */
    if (__builtin_add_overflow(data, 10 + hlen, &total))
        return wt_error_fail(WT_ENOMEM, "wt_npy_write: a .npy of %zu data bytes overflows size_t", data);
    *len = total;
    if (cap < total)
        return wt_error_fail(WT_EINVAL, "wt_npy_write: the buffer of %zu bytes is too small: the .npy needs %zu", cap,
                             total);
    /* the data as one contiguous run, copied first if the view is not one */
    wt_tensor *tmp = NULL;
    const wt_tensor *src = t;
    if (!wt_desc_is_c_contiguous(d) && !fortran) {
        if ((st = wt_copy(t, &tmp))) return st;
        src = tmp;
    }
    uint8_t *o = buf;
    memcpy(o, "\x93NUMPY\x01\x00", 8);
    o[8] = (uint8_t)(hlen & 0xff), o[9] = (uint8_t)(hlen >> 8);
    memcpy(o + 10, h, (size_t)n);
    memset(o + 10 + n, ' ', (size_t)pad);
    o[10 + hlen - 1] = '\n';
    if (data) memcpy(o + 10 + hlen, wt_first(src), data);
    wt_tensor_free(tmp);
    return WT_OK;
}
