/* tensor.c — buffers (reference counted, aligned, accounted), tensor
** handles, creation, inspection and element access. */
#include "core.h"
#include <stdlib.h>
#include <string.h>

#define WT_ALIGN 64 /* a cache line; SIMD needs 16 */
/* an owned buffer's header, before its data in the same allocation */
#define BUFFER_HEAD ((sizeof(wt_buffer) + WT_ALIGN - 1) / WT_ALIGN * WT_ALIGN)

static int64_t mem_tensors, mem_bytes, mem_peak;
static int fail_after;     /* test hooks: 0 = never fail */
static size_t alloc_limit; /* 0 = none */

/* The heap lock: the threaded build's instances share Emscripten's
** single-threaded allocator, the counters, the buffers' reference counts and
** the owned-buffer list.  Held only for a few instructions, so waiting spins;
** never held while calling out (release callbacks may free tensors).  Each
** hold is two atomic operations (a small op takes two holds); what it guards
** is plain memory. */
#ifdef WT_THREADS
static int heap_lock;
static void lock(void) {
    while (__atomic_exchange_n(&heap_lock, 1, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(&heap_lock, __ATOMIC_RELAXED)) {}
}
static void unlock(void) { __atomic_store_n(&heap_lock, 0, __ATOMIC_RELEASE); }
#else
static void lock(void) {}
static void unlock(void) {}
#endif

void wt_tensor_debug_fail_alloc_after(int n) { fail_after = n; }
void wt_tensor_debug_alloc_limit(size_t nbytes) { alloc_limit = nbytes; }

static bool injected_failure(size_t nbytes) {
    if (alloc_limit && nbytes > alloc_limit) return true;
    return fail_after > 0 && --fail_after == 0;
}

static int64_t locked_read(const int64_t *v) {
    lock();
    int64_t r = *v;
    unlock();
    return r;
}
int64_t wt_memory_tensors(void) { return locked_read(&mem_tensors); }
int64_t wt_memory_bytes(void) { return locked_read(&mem_bytes); }
int64_t wt_memory_peak(void) { return locked_read(&mem_peak); }
void wt_memory_reset_peak(void) {
    lock();
    mem_peak = mem_bytes;
    unlock();
}

/* aligned storage for head + nbytes, the heap lock held; nbytes counted in
** mem_bytes when `counted` */
static void *alloc_locked(size_t head, size_t nbytes, bool counted) {
    if (nbytes > SIZE_MAX - WT_ALIGN - head) return NULL;
    /* aligned_alloc wants a multiple of the alignment */
    size_t rounded = (head + nbytes + WT_ALIGN - 1) / WT_ALIGN * WT_ALIGN;
    void *p = aligned_alloc(WT_ALIGN, rounded ? rounded : WT_ALIGN);
    if (p && counted) {
        mem_bytes += (int64_t)nbytes;
        if (mem_bytes > mem_peak) mem_peak = mem_bytes;
    }
    return p;
}

static void *raw_alloc(size_t nbytes, bool counted) {
    if (injected_failure(nbytes)) return NULL;
    lock();
    void *p = alloc_locked(0, nbytes, counted);
    unlock();
    return p;
}

void *wt_tensor_sys_alloc(size_t nbytes) {
    if (injected_failure(nbytes)) return NULL;
    lock();
    void *p = malloc(nbytes);
    unlock();
    return p;
}

void wt_tensor_sys_free(void *p) {
    if (!p) return;
    lock();
    free(p);
    unlock();
}

void *wt_tensor_alloc_bytes(size_t nbytes) { return raw_alloc(nbytes, true); }

void wt_tensor_free_bytes(void *p, size_t nbytes) {
    if (!p) return;
    lock();
    mem_bytes -= (int64_t)nbytes;
    free(p);
    unlock();
}

void *wt_malloc(size_t nbytes) { return raw_alloc(nbytes, false); }
void wt_free(void *p) { wt_tensor_sys_free(p); }

/* every live engine-allocated buffer, so wt_tensor_adopt can find the one
** holding an address (under the heap lock) */
static wt_buffer *owned_buffers;

/* b leaves the list of owned buffers (the heap lock held) */
static void unlist_locked(wt_buffer *b) {
    if (b->prev)
        b->prev->next = b->next;
    else
        owned_buffers = b->next;
    if (b->next) b->next->prev = b->prev;
}

wt_status wt_tensor_check_out(wt_tensor **out) {
    return out ? WT_OK : wt_error_fail(WT_EINVAL, "output pointer is NULL");
}

wt_status wt_tensor_check(const wt_tensor *t, const char *what) {
    if (!t) return wt_error_fail(WT_EINVAL, "%s is NULL", what);
    return WT_OK;
}

/* t becomes a handle on b: one more reference (b must be live; the heap lock held) */
static void handle_init_locked(wt_tensor *t, wt_buffer *b, const wt_desc *d) {
    t->buf = b;
    t->d = *d;
    b->refs++;
    mem_tensors++;
}

static wt_tensor *handle_new(wt_buffer *b, const wt_desc *d) {
    if (injected_failure(sizeof(wt_tensor))) return NULL;
    lock();
    wt_tensor *t = malloc(sizeof *t);
    if (t) handle_init_locked(t, b, d);
    unlock();
    return t;
}

wt_status wt_tensor_alloc(const wt_desc *d, bool zero, wt_tensor **out) {
    int64_t n = wt_desc_size(d), nbytes;
    if (!wt_mul_ok(n, (int64_t)wt_dtype_size(d->dtype), &nbytes) || (uint64_t)nbytes > SIZE_MAX) {
        char s[WT_SHAPE_STR];
        return wt_error_fail(WT_ENOMEM, "out of memory: a %s tensor of shape %s is too large", wt_dtype_name(d->dtype),
                             wt_error_fmt_shape(s, sizeof s, d->ndim, d->shape));
    }
    /* the buffer's header sits before its data, one allocation for both, and
    ** the handle is taken in the same hold of the heap lock: in the threaded
    ** build each hold is two atomic operations, a small op's main extra cost */
    bool fail = injected_failure((size_t)nbytes) || injected_failure(sizeof(wt_tensor));
    lock();
    wt_buffer *b = fail ? NULL : alloc_locked(BUFFER_HEAD, (size_t)nbytes, true);
    wt_tensor *t = b ? malloc(sizeof *t) : NULL;
    if (t) {
        *b = (wt_buffer){.data = (uint8_t *)b + BUFFER_HEAD,
                         .nbytes = (size_t)nbytes,
                         .refs = 1,
                         .owned = true,
                         .next = owned_buffers};
        if (owned_buffers) owned_buffers->prev = b;
        owned_buffers = b;
        mem_tensors++;
    } else if (b) {
        mem_bytes -= nbytes;
        free(b);
    }
    unlock();
    if (!t) {
        char s[WT_SHAPE_STR];
        return wt_error_fail(WT_ENOMEM, "out of memory allocating %lld bytes for a %s tensor of shape %s",
                             (long long)nbytes, wt_dtype_name(d->dtype),
                             wt_error_fmt_shape(s, sizeof s, d->ndim, d->shape));
    }
    t->buf = b;
    t->d = *d;
    if (zero) memset(b->data, 0, (size_t)nbytes);
    *out = t;
    return WT_OK;
}

wt_status wt_tensor_view(const wt_tensor *t, const wt_desc *dv, wt_tensor **out) {
    wt_desc dd = *dv, *d = &dd;
    /* an empty view reaches nothing; pin its offset inside the buffer */
    int64_t cap = (int64_t)(t->buf->nbytes / wt_dtype_size(d->dtype));
    if (wt_desc_shape_check(d->ndim, d->shape, NULL) == WT_OK && wt_desc_size(d) == 0)
        d->offset = d->offset < 0 ? 0 : d->offset > cap ? cap : d->offset;
    wt_status st = wt_desc_validate(d, t->buf->nbytes);
    if (st) return st;
    wt_tensor *v = handle_new(t->buf, d);
    if (!v) return wt_error_fail(WT_ENOMEM, "out of memory allocating a view");
    *out = v;
    return WT_OK;
}

wt_status wt_tensor_create(int dtype, int ndim, const int64_t *shape, bool zero, wt_tensor **out) {
    wt_desc d;
    wt_status st = wt_tensor_check_out(out);
    if (!st) st = wt_desc_init(&d, dtype, ndim, shape);
    if (!st) st = wt_tensor_alloc(&d, zero, out);
    return st;
}

wt_status wt_tensor_empty(int dtype, int ndim, const int64_t *shape, wt_tensor **out) {
    return wt_tensor_create(dtype, ndim, shape, false, out);
}

wt_status wt_tensor_zeros(int dtype, int ndim, const int64_t *shape, wt_tensor **out) {
    return wt_tensor_create(dtype, ndim, shape, true, out);
}

/* the descriptor a caller gives for nbytes of memory, checked against them */
static wt_status region_desc(const char *what, size_t nbytes, int dtype, int ndim, const int64_t *shape,
                             const int64_t *strides, int64_t offset, unsigned flags, wt_desc *d) {
    if (flags & ~WT_FLAG_READONLY)
        return wt_error_fail(WT_EINVAL, "%s: unknown flags 0x%x", what, flags & ~WT_FLAG_READONLY);
    wt_status st = wt_desc_init(d, dtype, ndim, shape);
    if (st) return st;
    if (strides) memcpy(d->strides, strides, sizeof(int64_t) * (size_t)ndim);
    d->offset = offset;
    d->flags = flags & WT_FLAG_READONLY;
    return wt_desc_validate(d, nbytes);
}

wt_status wt_tensor_wrap(void *data, size_t nbytes, int dtype, int ndim, const int64_t *shape, const int64_t *strides,
                         int64_t offset, unsigned flags, void (*release)(void *ctx), void *ctx, wt_tensor **out) {
    wt_desc d;
    wt_status st = wt_tensor_check_out(out);
    if (!st && !data && nbytes) st = wt_error_fail(WT_EINVAL, "wt_tensor_wrap: data is NULL but nbytes is %zu", nbytes);
    if (!st) st = region_desc("wt_tensor_wrap", nbytes, dtype, ndim, shape, strides, offset, flags, &d);
    if (st) return st;
    wt_buffer *b = wt_tensor_sys_alloc(sizeof *b);
    if (b) *b = (wt_buffer){.data = data, .nbytes = nbytes, .refs = 0, .owned = false, .release = release, .ctx = ctx};
    wt_tensor *t = b ? handle_new(b, &d) : NULL;
    if (!t) {
        wt_tensor_sys_free(b);
        return wt_error_fail(WT_ENOMEM, "out of memory wrapping a buffer");
    }
    *out = t;
    return WT_OK;
}

wt_status wt_tensor_adopt(const void *data, size_t nbytes, int dtype, int ndim, const int64_t *shape,
                          const int64_t *strides, int64_t offset, unsigned flags, wt_tensor **out) {
    wt_desc d;
    wt_status st = wt_tensor_check_out(out);
    /* the descriptor stays inside the region given, and the region inside one storage */
    if (!st) st = region_desc("wt_tensor_adopt", nbytes, dtype, ndim, shape, strides, offset, flags, &d);
    if (st) return st;
    wt_tensor *t = wt_tensor_sys_alloc(sizeof *t); /* first: the search holds the heap lock */
    if (!t) return wt_error_fail(WT_ENOMEM, "out of memory adopting a region");
    /* addresses compared as integers: the candidates are different objects.
    ** A buffer whose last reference is going (refs 0) is not found. */
    uintptr_t a = (uintptr_t)data;
    size_t rel = 0, size = wt_dtype_size(dtype);
    lock();
    wt_buffer *b = owned_buffers;
    while (b && !(b->refs > 0 && a >= (uintptr_t)b->data && a - (uintptr_t)b->data <= b->nbytes &&
                  nbytes <= b->nbytes - (a - (uintptr_t)b->data)))
        b = b->next;
    if (b && (rel = (size_t)(a - (uintptr_t)b->data)) % size == 0) {
        d.offset += (int64_t)(rel / size);
        handle_init_locked(t, b, &d);
    }
    unlock();
    if (!b || rel % size) wt_tensor_sys_free(t);
    if (!b)
        return wt_error_fail(WT_EBOUNDS, "wt_tensor_adopt: no tensor storage of this engine holds the %zu bytes at %p",
                             nbytes, data);
    if (rel % size)
        return wt_error_fail(WT_EINVAL,
                             "wt_tensor_adopt: %p is %zu bytes into its storage, not on a %s element boundary", data,
                             rel, wt_dtype_name(dtype));
    *out = t;
    return WT_OK;
}

/* tensors shared with another instance and not yet attached (heap lock) */
typedef struct shared_rec {
    wt_tensor *t;
    struct shared_rec *next;
} shared_rec;
static shared_rec *shared_list;

wt_status wt_tensor_share(const wt_tensor *t, wt_tensor **ticket) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st && !ticket) st = wt_error_fail(WT_EINVAL, "ticket pointer is NULL");
    if (st) return st;
    shared_rec *r = wt_tensor_sys_alloc(sizeof *r);
    if (!r) return wt_error_fail(WT_ENOMEM, "out of memory sharing a tensor");
    st = wt_tensor_clone(t, &r->t);
    if (st) {
        wt_tensor_sys_free(r);
        return st;
    }
    lock();
    r->next = shared_list;
    shared_list = r;
    unlock();
    *ticket = r->t;
    return WT_OK;
}

wt_status wt_tensor_attach(wt_tensor *ticket, wt_tensor **out) {
    wt_status st = wt_tensor_check_out(out);
    if (st) return st;
    /* the ticket is compared, never dereferenced, until it is found */
    lock();
    shared_rec **p = &shared_list, *r;
    while ((r = *p) && r->t != ticket) p = &r->next;
    if (r) *p = r->next;
    unlock();
    if (!r)
        return wt_error_fail(
            WT_EINVAL,
            "wt_tensor_attach: %p is not a shared tensor waiting to be attached (never shared, or attached already)",
            (void *)ticket);
    wt_tensor_sys_free(r);
    *out = ticket;
    return WT_OK;
}

wt_status wt_tensor_clone(const wt_tensor *t, wt_tensor **out) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (!st) st = wt_tensor_check_out(out);
    if (!st) st = wt_tensor_view(t, &t->d, out);
    return st;
}

void wt_tensor_free(wt_tensor *t) {
    if (!t) return;
    wt_buffer *b = t->buf;
    /* the reference, the handle, and the buffer with its last one, in one hold of the lock */
    lock();
    bool last = --b->refs == 0, release = last && !b->owned && b->release;
    mem_tensors--;
    if (last && b->owned) unlist_locked(b), mem_bytes -= (int64_t)b->nbytes; /* header and data: one block */
    if (last && !release) free(b);
    free(t);
    unlock();
    if (release) { /* outside the lock: it may free tensors */
        b->release(b->ctx);
        wt_tensor_sys_free(b);
    }
}

int wt_tensor_dtype(const wt_tensor *t) { return t ? t->d.dtype : 0; }
int wt_tensor_ndim(const wt_tensor *t) { return t ? t->d.ndim : 0; }
const int64_t *wt_tensor_shape(const wt_tensor *t) { return t ? t->d.shape : NULL; }
const int64_t *wt_tensor_strides(const wt_tensor *t) { return t ? t->d.strides : NULL; }
int64_t wt_tensor_offset(const wt_tensor *t) { return t ? t->d.offset : 0; }
int64_t wt_tensor_size(const wt_tensor *t) { return t ? wt_desc_size(&t->d) : 0; }
int wt_tensor_is_contiguous(const wt_tensor *t) { return t ? wt_desc_is_c_contiguous(&t->d) : 0; }
void *wt_tensor_data(const wt_tensor *t) { return t ? t->buf->data : NULL; }
size_t wt_tensor_nbytes(const wt_tensor *t) { return t ? t->buf->nbytes : 0; }

wt_status wt_tensor_info(const wt_tensor *t, wt_info *out) {
    if (!t || !out) return wt_error_fail(WT_EINVAL, "wt_tensor_info: %s is NULL", t ? "out" : "tensor");
    /* the fields and ndim entries of each list, nothing else: clearing the
    ** whole struct (288 bytes) first cost every new Tensor */
    out->reserved = 0;
    out->offset = t->d.offset;
    out->data = (uint64_t)(uintptr_t)t->buf->data;
    out->nbytes = t->buf->nbytes;
    out->dtype = t->d.dtype;
    out->ndim = t->d.ndim;
    out->flags = wt_tensor_flags(t);
    memcpy(out->shape, t->d.shape, sizeof(int64_t) * (size_t)t->d.ndim);
    memcpy(out->strides, t->d.strides, sizeof(int64_t) * (size_t)t->d.ndim);
    return WT_OK;
}
int wt_tensor_same_buffer(const wt_tensor *a, const wt_tensor *b) { return a && b && a->buf == b->buf; }

unsigned wt_tensor_flags(const wt_tensor *t) {
    if (!t) return 0;
    return (t->d.flags & (WT_FLAG_READONLY | WT_FLAG_WEAK)) | (wt_desc_is_c_contiguous(&t->d) ? WT_FLAG_CONTIGUOUS : 0);
}

/* address of the element at index, after validating it */
static wt_status element(const wt_tensor *t, const int64_t *index, char **p) {
    wt_status st = wt_tensor_check(t, "tensor");
    if (st) return st;
    if (t->d.ndim && !index) return wt_error_fail(WT_EINVAL, "index is NULL for a %d-d tensor", t->d.ndim);
    int64_t off = t->d.offset;
    for (int i = 0; i < t->d.ndim; i++) {
        int64_t k = index[i], n = t->d.shape[i];
        if (k < -n || k >= n)
            return wt_error_fail(WT_EINDEX, "index %lld is out of bounds for axis %d with size %lld", (long long)k, i,
                                 (long long)n);
        if (k < 0) k += n;
        off += k * t->d.strides[i]; /* in range: the descriptor was validated */
    }
    *p = (char *)t->buf->data + off * (int64_t)wt_dtype_size(t->d.dtype);
    return WT_OK;
}

wt_status wt_tensor_get(const wt_tensor *t, const int64_t *index, double *value) {
    char *p;
    if (!value) return wt_error_fail(WT_EINVAL, "wt_tensor_get: value is NULL");
    wt_status st = element(t, index, &p);
    if (!st) *value = wt_cast_load_f64(t->d.dtype, p);
    return st;
}

wt_status wt_tensor_set(wt_tensor *t, const int64_t *index, double value) {
    char *p;
    wt_status st = element(t, index, &p);
    if (st) return st;
    if (t->d.flags & WT_FLAG_READONLY) return wt_error_fail(WT_EREADONLY, "cannot write: the tensor is read-only");
    wt_cast_store_f64(t->d.dtype, p, value);
    return WT_OK;
}
