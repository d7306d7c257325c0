/* parallel.c — the C half of the worker pool (the JS half: bindings/pool.js
** and bindings/worker.js).  Only the threaded build (WT_THREADS) has a pool:
** it imports two host functions that wake the workers and wait for them;
** every wait happens in JS, never in wasm (V8 11.3 loses values live across
** a wasm memory.atomic.wait32). */
#include "core.h"
#include "parallel.h"
#include <stdatomic.h>
#include <stddef.h>

#define WT_MAX_THREADS 64
/* loops whose results do not depend on their parts are cut finer than one part a thread */
#define WT_PARALLEL_PARTS_PER_THREAD 4

/* per thread: a worker's own loops, and an attached instance's, are serial */
static WT_TLS int threads = 1; /* main thread + the host's workers */
static WT_TLS int nested;      /* inside a parallel loop: run nested loops serially */
static WT_TLS bool attached;   /* an instance that wt_thread_attach gave a stack */
static int64_t split_loops;    /* loops run in more than one part (for the tests) */
/* The current loop.  Its parts are claimed, not assigned: the caller and
** every worker take the next unclaimed part until none is left, so a worker
** that wakes late finds the work done instead of holding the caller up.
** claim packs (parts << 16 | next) in one word: a claim (an atomic add) reads
** the part and the count of the same loop.  done counts finished parts. */
static struct {
    wt_task fn;
    void *ctx;
    int64_t units;
    int parts;
    _Atomic uint32_t claim;
    _Atomic int32_t done;
} job;

#ifdef WT_THREADS
__attribute__((import_module("env"), import_name("wt_host_dispatch"))) void wt_host_dispatch(void);
/* the host's clock, in milliseconds (performance.now()) */
__attribute__((import_module("env"), import_name("wt_host_now"))) double wt_host_now(void);
#endif

/* Splitting pays only while the workers run beside the caller.  When other
** processes hold the cores, a worker can be descheduled holding a part and
** the caller waits for it: two threads then lose to one.  So each split loop
** (a probe) is timed against its parts in turn at the caller's own pace:
** r = whole time / that.  A probe with r >= 0.95 sends loops to the caller
** alone for a window of host time: the probe's time and what it lost (a
** descheduled worker's wait) times 2, 4, ... 64 for losses in a row, never
** past 100 ms.  A probe with a gain (r < 0.8 while backing off) ends the
** back-off at once and halves the count of losses.  So one noisy probe
** costs about two loops, threads return at most 100 ms and one probe after
** a load goes, and a lasting load costs one probe per window, its loss a
** few percent of the window.  The caller runs the same parts in turn, so no
** result changes.  (The caller's state: only it splits; the clock is the
** host's, passed in so the tests can drive it.) */
#define SERIAL_MOST_LOSSES 6 /* 2^6 = 64 times the probe's time */
#define SERIAL_MOST_MS 100.0
static WT_TLS double serial_until; /* host ms */
static WT_TLS int losses;          /* in a row, halved by a gain */

void wt_parallel_judge(double now_ms, double whole_ms, double mine_ms, int mine, int parts) {
    if (mine < 1 || !(mine_ms > 0)) return; /* the workers ran every part: nothing to judge by */
    double gain = losses ? 0.8 : 0.95;      /* backing off, a probe must show a clear gain to end it */
    if (whole_ms * mine < gain * mine_ms * parts) {
        losses /= 2, serial_until = 0;
        return;
    }
    if (losses < SERIAL_MOST_LOSSES) losses++;
    double lost = whole_ms - mine_ms * parts / mine; /* over the parts in turn: a stall's wait */
    double w = (whole_ms + (lost > 0 ? lost : 0)) * (double)(1 << losses);
    serial_until = now_ms + (w < SERIAL_MOST_MS ? w : SERIAL_MOST_MS);
}

bool wt_parallel_serial(double now_ms) { return now_ms < serial_until; }
void wt_parallel_serial_reset(void) { serial_until = 0, losses = 0; }

int wt_threads_supported(void) {
#ifdef WT_THREADS
    return 1;
#else
    return 0;
#endif
}

wt_status wt_threads_set(int n) {
    if (n < 1 || n > WT_MAX_THREADS)
        return wt_error_fail(WT_EINVAL, "threads must be from 1 to %d, got %d", WT_MAX_THREADS, n);
    if (n > 1 && !wt_threads_supported())
        return wt_error_fail(WT_EINVAL, "this build of wtensor is single-threaded; %d threads need wtensor-mt.wasm", n);
    if (n > 1 && attached)
        return wt_error_fail(
            WT_EINVAL, "an attached instance runs its loops on its own thread; %d threads are the pool owner's", n);
    threads = n;
    return WT_OK;
}

int wt_threads_get(void) { return threads; }

#ifdef WT_THREADS
void __wasm_init_tls(void *block); /* the linker's: copies the thread-local image, sets __tls_base */
static WT_TLS void *thread_block;  /* what wt_thread_attach allocated, for wt_thread_detach */

/* the boot area: a static stack for the one call, wt_thread_attach, that an
** instance makes before it has a stack of its own */
static struct {
    int32_t flag;
    int32_t grown; /* the host's */
    uint64_t host;
    _Alignas(16) char stack[WT_THREAD_BOOT_STACK];
} boot;

_Static_assert(offsetof(__typeof__(boot), grown) == WT_THREAD_BOOT_GROWN, "boot area layout");
_Static_assert(offsetof(__typeof__(boot), host) == WT_THREAD_BOOT_HOST, "boot area layout");
_Static_assert(offsetof(__typeof__(boot), stack) == WT_THREAD_BOOT_STACK_AT, "boot area layout");

void *wt_thread_boot(void) { return &boot; }

/* Touches no thread-local state until __wasm_init_tls has run, and so
** reports failure by NULL alone. */
void *wt_thread_attach(size_t stack_bytes) {
    size_t align = __builtin_wasm_tls_align(), size = __builtin_wasm_tls_size();
    if (align < 16) align = 16;
    size_t below = (stack_bytes + 15) / 16 * 16;
    if (stack_bytes > SIZE_MAX / 4 || size > SIZE_MAX / 4) return NULL;
    char *mem = wt_malloc(below + size + align); /* the stack, then the thread-local block */
    if (!mem) return NULL;
    char *tls = (char *)(((uintptr_t)mem + below + align - 1) / align * align);
    __wasm_init_tls(tls);
    attached = stack_bytes > 0;
    thread_block = mem;
    return stack_bytes ? mem + below : tls;
}

void wt_thread_detach(void) {
    wt_free(thread_block); /* the thread-local block with it: nothing after this touches it */
}
#else
void *wt_thread_boot(void) { return NULL; }
void *wt_thread_attach(size_t stack_bytes) { return NULL; }
void wt_thread_detach(void) {}
#endif

/* any build: n parts per loop, run one after another on the calling thread
** where there is no pool, so the C tests exercise every split */
void wt_parallel_debug_threads(int n) { threads = n < 1 ? 1 : n > WT_MAX_THREADS ? WT_MAX_THREADS : n; }
int64_t wt_parallel_debug_split_loops(void) { return split_loops; }

int wt_parallel_parts(int64_t units, int64_t min_units) {
    if (threads == 1 || nested || units < 2 * min_units) return 1;
    int64_t p = units / (min_units > 0 ? min_units : 1);
    return p < threads ? (int)p : threads;
}

/* part k of a loop: units spread as evenly as whole units allow */
static void run_part(int k) {
    int64_t q = job.units / job.parts, r = job.units % job.parts;
    int64_t begin = k * q + (k < r ? k : r), end = begin + q + (k < r);
    job.fn(job.ctx, begin, end, k);
}

/* runs parts while unclaimed ones are left; how many it ran */
static int claim_parts(void) {
    for (int ran = 0;; ran++) {
        uint32_t c = atomic_fetch_add_explicit(&job.claim, 1, memory_order_acquire);
        if ((c & 0xffff) >= c >> 16) return ran;
        run_part((int)(c & 0xffff));
        atomic_fetch_add_explicit(&job.done, 1, memory_order_release);
    }
}

/* a worker's share: called by worker k (1..threads-1) after every dispatch */
void wt_threads_work(int k) { claim_parts(); }

void wt_parallel_for(int64_t units, int parts, wt_task fn, void *ctx) {
    if (parts <= 1) {
        fn(ctx, 0, units, 0);
        return;
    }
    job.fn = fn, job.ctx = ctx, job.units = units, job.parts = parts;
    nested = 1;
    split_loops++;
#ifdef WT_THREADS
    double t0 = wt_host_now();
    if (wt_parallel_serial(t0)) { /* backing off: the same parts, in turn */
        for (int k = 0; k < parts; k++) run_part(k);
        nested = 0;
        return;
    }
    atomic_store_explicit(&job.done, 0, memory_order_relaxed);
    atomic_store_explicit(&job.claim, (uint32_t)parts << 16, memory_order_release); /* publishes the fields */
    wt_host_dispatch();
    int mine = claim_parts();
    double t1 = wt_host_now();
    /* the parts workers claimed are running: wait for them here, by atomic
    ** loads (never memory.atomic.wait: see above) */
    while (atomic_load_explicit(&job.done, memory_order_acquire) < parts) {}
    double t2 = wt_host_now();
    wt_parallel_judge(t2, t2 - t0, t1 - t0, mine, parts);
#else
    for (int k = 0; k < parts; k++) run_part(k); /* wt_parallel_debug_threads: the parts in turn */
#endif
    nested = 0;
}

typedef struct {
    const wt_iter *it;
    wt_inner_fn fn;
    char *ctxs;
    size_t size;
} iter_job;

static void iter_part(void *ctx, int64_t begin, int64_t end, int part) {
    const iter_job *j = ctx;
    wt_iter_run_range(j->it, j->fn, j->ctxs + (size_t)part * j->size, begin, end);
}

void wt_parallel_iter(const wt_iter *it, wt_inner_fn fn, void *ctxs, size_t ctx_size, int parts) {
    if (parts <= 1) {
        wt_iter_run(it, fn, ctxs);
        return;
    }
    iter_job j = {it, fn, ctxs, ctx_size};
    wt_parallel_for(wt_iter_size(it), parts, iter_part, &j);
}

/* Slabs are cut where the output's address is a multiple of a cache line:
** along the inner axis, a line both sides wrote would pass between the
** threads once per row.  Units are granules of g elements, the first one
** shorter by `shift`. */
#define LINE 64
typedef struct {
    const wt_iter *it;
    int axis;
    wt_inner_fn fn;
    wt_tile_fn tile;
    char *ctxs;
    size_t size;
    int64_t n, g, shift;
} slab_job;

static void slab_part(void *ctx, int64_t begin, int64_t end, int part) {
    const slab_job *j = ctx;
    int64_t b = begin * j->g - j->shift, e = end * j->g - j->shift;
    wt_iter_run_slab(j->it, j->axis, b < 0 ? 0 : b, e > j->n ? j->n : e, j->fn, j->tile,
                     j->ctxs + (size_t)part * j->size);
}

void wt_parallel_iter_slab(const wt_iter *it, int axis, wt_inner_fn fn, wt_tile_fn tile, void *ctxs, size_t ctx_size,
                           int parts) {
    int64_t s = it->strides[0][axis] < 0 ? -it->strides[0][axis] : it->strides[0][axis];
    uintptr_t at = (uintptr_t)it->ptr[0];
    slab_job j = {it, axis, fn, tile, ctxs, ctx_size, it->shape[axis], 1, 0};
    if (s < LINE && LINE % s == 0 && at % (uintptr_t)s == 0 && it->strides[0][axis] > 0) {
        int64_t off = (int64_t)((LINE - at % LINE) % LINE) / s; /* the first element on a line's start */
        j.g = LINE / s;
        j.shift = (j.g - off) % j.g;
    }
    int64_t units = (j.n + j.shift + j.g - 1) / j.g;
    wt_parallel_for(units, parts < units ? parts : (int)units, slab_part, &j);
}

int wt_parallel_parts_fine(int64_t units, int64_t min_units) {
    int parts = wt_parallel_parts(units, min_units);
    if (parts < 2) return parts;
    int64_t most = units / (min_units > 0 ? min_units : 1), want = (int64_t)parts * WT_PARALLEL_PARTS_PER_THREAD;
    if (want > WT_MAX_THREADS) want = WT_MAX_THREADS;
    return (int)(most < want ? most : want);
}

int wt_parallel_plain_parts(const wt_iter *it, bool *slab) {
    int parts = wt_parallel_parts_fine(wt_iter_size(it), WT_PARALLEL_MIN_PART);
    *slab = false;
    if (parts < 2 || !wt_iter_tiles(it)) return parts;
    /* tiles and across blocks are visited within the last two axes: cut the first */
    if (parts > it->shape[0]) parts = (int)it->shape[0];
    *slab = parts > 1;
    return parts;
}
