/* proto.c — TensorFlow's TensorProto on the protobuf wire, read and written
** by hand (the seeds' serialization example, no protobuf library):
**   1 dtype (enum)   2 tensor_shape { 2 dim { 1 size, 2 name }, 3 unknown_rank }
**   4 tensor_content (bytes, little-endian, C order)
**   5 float_val  6 double_val  7 int_val (int32, int16, int8, uint8, uint16)
**   9 scomplex_val  12 dcomplex_val (each complex as its two parts)
**   10 int64_val  11 bool_val  13 half_val  16 uint32_val  17 uint64_val
**   (repeated, packed or not)
** As TensorFlow's FromProto: tensor_content wins when present; otherwise the
** typed field gives the values, and fewer values than elements repeat the
** last one (none at all gives zeros).  Unknown fields are skipped as the wire
** format allows.  Every length and count is checked against the bytes. */
#include "core.h"
#include <stdio.h>
#include <string.h>

enum { WIRE_VARINT = 0, WIRE_I64 = 1, WIRE_LEN = 2, WIRE_I32 = 5 };

/* TensorFlow's DataType codes for wtensor's dtypes, and the typed field of each */
static const struct {
    int tf, field;
} tf_of[WT_NDTYPES] = {
    [WT_BOOL] = {10, 11},    [WT_INT8] = {6, 7},
    [WT_UINT8] = {4, 7},     [WT_INT16] = {5, 7},
    [WT_UINT16] = {17, 7},   [WT_INT32] = {3, 7},
    [WT_UINT32] = {22, 16},  [WT_FLOAT32] = {1, 5},
    [WT_FLOAT64] = {2, 6},   [WT_INT64] = {9, 10},
    [WT_UINT64] = {23, 17},  [WT_FLOAT16] = {19, 13}, /* half_val: each value's bits in an int32 */
    [WT_COMPLEX64] = {8, 9}, [WT_COMPLEX128] = {18, 12},
};

typedef struct {
    const uint8_t *p, *end, *start;
} wire;

static wt_status truncated(const wire *w, const char *what) {
    return wt_error_fail(WT_ESYNTAX, "TensorProto: %s at byte %d runs past the end of the message", what,
                         (int)(w->p - w->start));
}

static wt_status get_varint(wire *w, uint64_t *v) {
    uint64_t x = 0;
    for (int shift = 0; shift < 70; shift += 7) {
        if (w->p >= w->end) return truncated(w, "a varint");
        uint8_t byte = *w->p++;
        if (shift == 63 && byte > 1) break;
        x |= (uint64_t)(byte & 0x7f) << shift;
        if (!(byte & 0x80)) return *v = x, WT_OK;
    }
    return wt_error_fail(WT_ESYNTAX, "TensorProto: a varint at byte %d is longer than 64 bits", (int)(w->p - w->start));
}

/* the next field's number and wire type, and its value: a varint's in *v,
** a fixed-width or length-delimited field's bytes in *payload */
static wt_status next_field(wire *w, int *field, int *type, wire *payload, uint64_t *v) {
    uint64_t key, n;
    wt_status st = get_varint(w, &key);
    if (st) return st;
    *field = (int)(key >> 3 > 0x1fffffff ? 0 : key >> 3);
    *type = (int)(key & 7);
    if (*field == 0) return wt_error_fail(WT_ESYNTAX, "TensorProto: field number 0 at byte %d", (int)(w->p - w->start));
    switch (*type) {
    case WIRE_VARINT: return get_varint(w, v);
    case WIRE_I64:
    case WIRE_I32: {
        size_t k = *type == WIRE_I64 ? 8 : 4;
        if ((size_t)(w->end - w->p) < k) return truncated(w, "a fixed-width value");
        *payload = (wire){w->p, w->p + k, w->start};
        w->p += k;
        return WT_OK;
    }
    case WIRE_LEN:
        if ((st = get_varint(w, &n))) return st;
        if (n > (uint64_t)(w->end - w->p)) return truncated(w, "a length-delimited field");
        *payload = (wire){w->p, w->p + n, w->start};
        w->p += n;
        return WT_OK;
    default:
        return wt_error_fail(WT_ESYNTAX,
                             "TensorProto: field %d has wire type %d (groups and unknown types are not accepted)",
                             *field, *type);
    }
}

typedef struct {
    int tf_dtype, ndim;
    bool unknown_rank;
    int64_t shape[WT_MAX_DIMS];
    wire content;
    bool has_content;
} proto_head;

static wt_status read_shape(wire s, proto_head *h) {
    int field, type;
    wire pay;
    uint64_t v;
    wt_status st;
    while (s.p < s.end) {
        if ((st = next_field(&s, &field, &type, &pay, &v))) return st;
        if (field == 3 && type == WIRE_VARINT) {
            h->unknown_rank = v != 0;
        } else if (field == 2 && type == WIRE_LEN) {
            if (h->ndim == WT_MAX_DIMS)
                return wt_error_fail(WT_ESHAPE, "TensorProto: the shape has more than %d dimensions", WT_MAX_DIMS);
            int64_t size = 0;
            int f2, t2;
            wire p2;
            while (pay.p < pay.end) {
                if ((st = next_field(&pay, &f2, &t2, &p2, &v))) return st;
                if (f2 == 1 && t2 == WIRE_VARINT) size = (int64_t)v;
            }
            if (size < 0)
                return wt_error_fail(WT_ESHAPE,
                                     "TensorProto: dimension %d has size %lld (unknown sizes cannot hold values)",
                                     h->ndim, (long long)size);
            h->shape[h->ndim++] = size;
        }
    }
    return WT_OK;
}

/* one value of a varint field, as an int64 (uint64_val's bits as they are) */
static int64_t value_of(int field, uint64_t v) {
    if (field == 11) return v != 0;
    if (field == 16) return (uint32_t)v;
    if (field == 7) return (int32_t)(uint32_t)v; /* int_val: an int32 sign-extended on the wire */
    return (int64_t)v;                           /* int64_val, uint64_val */
}
/* the dtype value_of's result is read as (half_val: its low two bytes are the bits) */
static int varint_dtype(int field) { return field == 17 ? WT_UINT64 : field == 13 ? WT_FLOAT16 : WT_INT64; }

/* Walks every value of the typed field: counts them (dst NULL) or stores
** them, converted to dtype, into dst (at most n; the last repeats). */
static wt_status walk_values(wire w, int field, int dtype, uint8_t *dst, int64_t n, int64_t *count) {
    int f, type;
    wire pay;
    wt_status st;
    int64_t k = 0;
    size_t isz = wt_dtype_size(dtype);
    bool cx = field == 9 || field == 12, fixed = field == 5 || field == 6 || cx; /* complex: two values each */
    size_t width = field == 5 || field == 9 ? 4 : 8;
    int64_t per = cx ? 2 : 1, nv; /* values the n elements take: counted before any allocation, so checked */
    if (!wt_mul_ok(n, per, &nv)) nv = INT64_MAX;
    uint64_t one;
    while (w.p < w.end) {
        const uint8_t *at = w.p;
        if ((st = next_field(&w, &f, &type, &pay, &one))) return st;
        if (f != field) continue;
        wire vals;
        if (type == WIRE_LEN || (fixed && type == (width == 4 ? WIRE_I32 : WIRE_I64))) {
            vals = pay; /* packed, or one unpacked fixed-width value */
        } else if (!fixed && type == WIRE_VARINT) {
            vals = (wire){at, w.p, w.start}; /* one unpacked varint: re-read after its key */
            get_varint(&vals, &one);
        } else {
            return wt_error_fail(WT_ESYNTAX, "TensorProto: field %d has wire type %d, not its values' type", field,
                                 type);
        }
        if (fixed && (size_t)(vals.end - vals.p) % width)
            return wt_error_fail(WT_ESYNTAX, "TensorProto: packed field %d holds %d bytes, not a multiple of %d", field,
                                 (int)(vals.end - vals.p), (int)width);
        while (vals.p < vals.end) {
            uint64_t v = 0;
            const uint8_t *p = vals.p;
            if (fixed)
                vals.p += width;
            else if ((st = get_varint(&vals, &v)))
                return st;
            /* float_val and double_val hold their dtype's own bytes: copied, so NaN payloads survive */
            if (dst && k < nv && fixed)
                memcpy(dst + (size_t)k * width, p, width);
            else if (dst && k < n) {
                int64_t x = value_of(field, v);
                wt_cast_one(varint_dtype(field), &x, dtype, dst + (size_t)k * isz);
            }
            if (++k > nv)
                return wt_error_fail(WT_ESHAPE, "TensorProto: more than %lld values for %lld elements", (long long)nv,
                                     (long long)n);
        }
    }
    if (k % per)
        return wt_error_fail(WT_ESYNTAX, "TensorProto: field %d holds %lld values, not (re, im) pairs", field,
                             (long long)k);
    k /= per;
    for (int64_t i = k; dst && k > 0 && i < n; i++) memcpy(dst + (size_t)i * isz, dst + (size_t)(k - 1) * isz, isz);
    *count = k;
    return WT_OK;
}

wt_status wt_proto_read(const void *bytes, size_t nbytes, wt_tensor **out) {
    wt_status st = wt_tensor_check_out(out);
    if (st) return st;
    if (!bytes && nbytes) return wt_error_fail(WT_EINVAL, "wt_proto_read: bytes is NULL");
    wire w = {bytes, (const uint8_t *)bytes + nbytes, bytes}, pay;
    proto_head h = {0};
    int field, type;
    uint64_t v;
    /* first pass: dtype, shape, content (last one wins; shapes merge) */
    while (w.p < w.end) {
        if ((st = next_field(&w, &field, &type, &pay, &v))) return st;
        if (field == 1 && type == WIRE_VARINT) {
            h.tf_dtype = v > 1000 ? -1 : (int)v;
        } else if (field == 2 && type == WIRE_LEN) {
            if ((st = read_shape(pay, &h))) return st;
        } else if (field == 4 && type == WIRE_LEN) {
            h.content = pay, h.has_content = pay.p < pay.end;
        }
    }
    int dtype = -1;
    for (int d = 0; d < WT_NDTYPES; d++)
        if (tf_of[d].tf == h.tf_dtype) dtype = d;
    if (dtype < 0) {
        static const char *const names[] = {
            [0] = "DT_INVALID", [7] = "DT_STRING", [14] = "DT_BFLOAT16", [20] = "DT_RESOURCE", [21] = "DT_VARIANT"};
        const char *nm = h.tf_dtype >= 0 && h.tf_dtype < (int)(sizeof names / sizeof names[0]) && names[h.tf_dtype]
                             ? names[h.tf_dtype]
                             : "unknown";
        return wt_error_fail(WT_EDTYPE, "TensorProto: dtype %d (%s) is not supported by wtensor", h.tf_dtype, nm);
    }
    if (h.unknown_rank) return wt_error_fail(WT_ESHAPE, "TensorProto: the shape has unknown rank");
    int64_t n, need;
    if ((st = wt_desc_shape_check(h.ndim, h.shape, &n))) return st;
    size_t isz = wt_dtype_size(dtype);
    int64_t count = 0;
    if (h.has_content) {
        size_t have = (size_t)(h.content.end - h.content.p);
        bool huge = !wt_mul_ok(n, (int64_t)isz, &need); /* need then holds a wrapped product */
        if (huge || (uint64_t)need != have) {
            char s[WT_SHAPE_STR], b[32];
            snprintf(b, sizeof b, huge ? "more than 2^63" : "%lld", (long long)need);
            return wt_error_fail(WT_ESHAPE, "TensorProto: tensor_content has %zu bytes, shape %s of %s needs %s", have,
                                 wt_error_fmt_shape(s, sizeof s, h.ndim, h.shape), wt_dtype_name(dtype), b);
        }
    } else if ((st = walk_values((wire){bytes, w.end, bytes}, tf_of[dtype].field, dtype, NULL, n, &count))) {
        return st; /* validated (and counted) before anything is allocated */
    }
    wt_tensor *t = NULL;
    if ((st = (count || h.has_content) ? wt_tensor_empty(dtype, h.ndim, h.shape, &t)
                                       : wt_tensor_zeros(dtype, h.ndim, h.shape, &t)))
        return st;
    uint8_t *dst = wt_tensor_data(t);
    if (h.has_content) {
        memcpy(dst, h.content.p, (size_t)(h.content.end - h.content.p));
        if (dtype == WT_BOOL)
            for (int64_t i = 0; i < n; i++) dst[i] = dst[i] != 0;
    } else if (count) {
        walk_values((wire){bytes, w.end, bytes}, tf_of[dtype].field, dtype, dst, n, &count); /* cannot fail now */
    }
    *out = t;
    return WT_OK;
}

/* ---- writing ------------------------------------------------------------- */

typedef struct {
    uint8_t *p; /* NULL while measuring */
    size_t n;
} sink;

static void put_byte(sink *s, uint8_t b) {
    if (s->p) s->p[s->n] = b;
    s->n++;
}
static void put_varint(sink *s, uint64_t v) {
    do put_byte(s, (uint8_t)((v & 0x7f) | (v > 0x7f ? 0x80 : 0)));
    while ((v >>= 7));
}
static void put_bytes(sink *s, const void *b, size_t n) {
    if (s->p && n) memcpy(s->p + s->n, b, n);
    s->n += n;
}

/* a length-delimited field: its body measured first (a NULL sink), then
** key, length and body */
typedef struct {
    const wt_tensor *t;
    int field;    /* the values' field; 4 = tensor_content (raw bytes) */
    int64_t size; /* a dim's size */
} body_arg;
typedef void (*put_body)(sink *, const body_arg *);
static void put_message(sink *s, int field, put_body body, const body_arg *a) {
    sink m = {NULL, 0};
    body(&m, a);
    put_varint(s, (uint64_t)field << 3 | WIRE_LEN);
    put_varint(s, m.n);
    body(s, a);
}

static void put_dim(sink *s, const body_arg *a) {
    if (a->size) put_varint(s, 1 << 3 | WIRE_VARINT), put_varint(s, (uint64_t)a->size); /* proto3 omits size 0 */
}

static void put_shape(sink *s, const body_arg *a) {
    for (int i = 0; i < a->t->d.ndim; i++) put_message(s, 2, put_dim, &(body_arg){.size = a->t->d.shape[i]});
}

/* the values of a C-contiguous tensor: raw bytes, or its typed field's packed payload */
static void put_values(sink *s, const body_arg *a) {
    const wt_tensor *t = a->t;
    int64_t n = wt_desc_size(&t->d);
    size_t isz = wt_dtype_size(t->d.dtype);
    const char *src = wt_first(t);
    if (a->field == 4 || a->field == 5 || a->field == 6 || a->field == 9 || a->field == 12) { /* their own bytes */
        put_bytes(s, src, (size_t)n * isz);
        return;
    }
    for (int64_t i = 0; i < n; i++) {
        int64_t x = 0; /* half_val fills only the low two bytes */
        wt_cast_one(t->d.dtype, src + (size_t)i * isz, varint_dtype(a->field), &x);
        put_varint(s, a->field == 16 ? (uint64_t)(uint32_t)x : (uint64_t)x); /* int32: sign-extended */
    }
}

static void put_proto(sink *s, const wt_tensor *t, int form) {
    put_varint(s, 1 << 3 | WIRE_VARINT);
    put_varint(s, (uint64_t)tf_of[t->d.dtype].tf);
    put_message(s, 2, put_shape, &(body_arg){.t = t});
    if (wt_desc_size(&t->d) == 0) return; /* proto3 omits empty bytes and empty repeated fields */
    int field = form == WT_PROTO_CONTENT ? 4 : tf_of[t->d.dtype].field;
    put_message(s, field, put_values, &(body_arg){.t = t, .field = field});
}

wt_status wt_proto_write(const wt_tensor *t, int form, void *buf, size_t cap, size_t *len) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st && !len) st = wt_error_fail(WT_EINVAL, "wt_proto_write: len is NULL");
    if (len) *len = 0; /* nonzero only with a buffer too small: callers size their retry by it */
    if (!st && !buf && cap) st = wt_error_fail(WT_EINVAL, "wt_proto_write: buf is NULL with cap %zu", cap);
    if (!st && form != WT_PROTO_CONTENT && form != WT_PROTO_FIELDS)
        st = wt_error_fail(WT_EINVAL, "wt_proto_write: form %d is neither WT_PROTO_CONTENT nor WT_PROTO_FIELDS", form);
    if (st) return st;
    wt_tensor *tmp = NULL;
    const wt_tensor *src = t;
    if (!wt_desc_is_c_contiguous(&t->d)) {
        if ((st = wt_copy(t, &tmp))) return st;
        src = tmp;
    }
    sink m = {NULL, 0};
    put_proto(&m, src, form);
    *len = m.n;
    if (cap < m.n) {
        st = wt_error_fail(WT_EINVAL, "wt_proto_write: the buffer of %zu bytes is too small: the TensorProto needs %zu",
                           cap, m.n);
    } else {
        sink s = {buf, 0};
        put_proto(&s, src, form);
    }
    wt_tensor_free(tmp);
    return st;
}
