/* pass.h — the pass driver: one pass of the strided iterator over
** [target, inputs...], shared by elementwise ops (ewise.c), fused programs
** (fuse.c) and the reductions built on them (reduce.c).
**
** A caller validates its arguments and decides dtypes, then:
**   wt_pass_prepare   allocates the result (or the accumulator a reduction
**                     folds into), copies inputs that out overlaps in another
**                     layout, views everything at the iteration shape and
**                     cuts the pass into thread parts;
**   (the caller plans its kernels against p->target and p->in)
**   wt_pass_scratch   gives every part its own scratch;
**   wt_pass_run       runs the inner function over every part (cannot fail);
**   wt_pass_finish    divides a mean, writes the accumulator into out and
**                     hands over the result;
**   wt_pass_free      frees whatever was not handed over (always call it).
** Everything that can fail happens before anything is written, which is how a
** failed call leaves out untouched. */
#ifndef WT_PASS_H
#define WT_PASS_H

#include "core.h"
#include "parallel.h"
#include <stddef.h>
#include <string.h>

#define WT_PASS_MAXIN (WT_ITER_MAXOPS - 1)
#define WT_PASS_MAXPARTS 64 /* wt_threads_set's limit */

/* the inner loop of a pass: plan is the caller's (read-only while running),
** scratch this part's own */
typedef void (*wt_pass_fn)(const void *plan, char *scratch, char **ptr, const int64_t *st, int64_t n);

typedef struct wt_pass_part {
    wt_pass_fn fn;
    const void *plan;
    char *scratch;
} wt_pass_part;

typedef struct wt_pass {
    /* the caller's */
    const char *name;
    int n;                              /* tensor inputs */
    const wt_tensor *in[WT_PASS_MAXIN]; /* replaced by copies where out overlaps them */
    wt_tensor *out;                     /* NULL: a new result */
    wt_tensor **result;                 /* the new result, or with out a new handle on it (may be NULL) */
    int rop;                            /* WT_REDUCE_NONE, SUM, PROD, MAX or MIN */
    bool direct;                        /* reduce into out itself: private, of dtype acc, no input's storage */
    int res, acc;                       /* result dtype; accumulator dtype when reducing */
    int nd;                             /* the iteration shape, from wt_pass_shape */
    int64_t full[WT_MAX_DIMS];
    /* the driver's */
    wt_tensor *target; /* what the pass writes: accumulator, out or result */
    int nparts;
    wt_tensor *copies[WT_PASS_MAXIN], *made, *accum, *handle;
    char *scratch;
    size_t scratch_bytes;
    bool counted;
    /* how the parts are cut: slabs (1 + the axis cut; 0: none) of a
    ** reduction's output or of a tiled or across pass's first axis, or a
    ** whole reduction in `leaves` ranges, each folded into its own partial,
    ** then combined pairwise (wt_pass_split_whole); else element ranges */
    int slab, leaves;
    /* From here on, each entry is written before it is read (the iterator by
    ** wt_pass_prepare, parts[0, nparts), cut and partial[0, leaves) when the
    ** pass is cut): wt_pass_init leaves these 5 KB alone (zeroing them cost
    ** a 64-element op 3-5% of its time). */
    wt_iter it;
    wt_pass_part parts[WT_PASS_MAXPARTS];
    int64_t cut[WT_PASS_MAXPARTS + 1];
    wt_slot partial[WT_PASS_MAXPARTS];
} wt_pass;

/* p with every field zero but the tail the driver writes before reading */
static inline void wt_pass_init(wt_pass *p) { memset(p, 0, offsetof(wt_pass, it)); }

/* The iteration shape of a pass over in[0..n) (NULL entries are scalars):
** their broadcast, widened to out's shape when out is written, or checked to
** reduce into out (rop != WT_REDUCE_NONE); messages start with name.
** empty_ok: a max/min reduction of nothing was already accepted. */
wt_status wt_pass_shape(const char *name, int n, const wt_tensor *const *in, const wt_tensor *out, int rop,
                        bool empty_ok, int *nd, int64_t *full);
/* t overlaps out in another layout: a pass writing out must read a copy of t */
bool wt_pass_must_copy(const wt_tensor *out, const wt_tensor *t);

wt_status wt_pass_prepare(wt_pass *p);
/* A reduction of everything into one value may run in parts when the parts'
** combination gives the bits one thread gives: integers (sums wrap),
** max and min in any ranges; a float sum when the caller's inner function
** folds the whole pass as one run (one_run: no blocks, so one pairwise
** tree), cut where that tree splits, or, when the caller accepts an order
** of its own (fixed: fused programs, whose blocks fold one after another),
** into leaves of at least WT_PARALLEL_MIN_PART elements set by the size
** alone, which one thread folds in turn, combined pairwise.  Call after
** prepare, before wt_pass_scratch. */
void wt_pass_split_whole(wt_pass *p, bool one_run, bool fixed);
/* bytes of scratch for every part; counted like tensor storage (wt_memory_peak) or not */
wt_status wt_pass_scratch(wt_pass *p, size_t bytes_per_part, bool counted);
void wt_pass_run(wt_pass *p, wt_pass_fn fn, const void *plan);
/* An 8-bit input has 256 values.  When it is the one input of a large pass
** (no reduction) that is not one element, wt_pass_tabulate runs fn once over
** the 256 values into T's table of target elements (the same kernels and
** conversions, so the same bits) and returns true; the pass then runs
** wt_pass_gather with T: one load and one store an element (rgba / 255).
** Call after wt_pass_scratch; the caller judges whether its fn is worth it. */
typedef struct wt_pass_table {
    int in, size; /* the input's iterator operand; the target's item size */
    _Alignas(16) char table[256 * WT_MAX_ITEMSIZE];
} wt_pass_table;
bool wt_pass_tabulate(const wt_pass *p, wt_pass_fn fn, const void *plan, wt_pass_table *T);
void wt_pass_gather(const void *table, char *scratch, char **ptr, const int64_t *st, int64_t n);
/* mean_count >= 0 divides the accumulator by it first (a fused mean; 0/0 is NaN); -1: no mean */
wt_status wt_pass_finish(wt_pass *p, int64_t mean_count);
void wt_pass_free(wt_pass *p);

/* The one place that says a call has nowhere to put its result (neither out
** nor a result pointer), or an out it may not write (read-only). */
wt_status wt_pass_out_writable(const char *name, const wt_tensor *out, wt_tensor **result);
/* The one place that says out may not receive values of dtype from: out's
** own casting rule (wt_view_casting) or else the op's, rule. */
wt_status wt_pass_out_cast(const char *name, int from, const wt_tensor *out, int rule);
/* The one place that says out has the wrong shape. */
wt_status wt_pass_out_mismatch(const char *name, const wt_tensor *out, int nd, const int64_t *shape);
/* out's shape is exactly (nd, shape), else the mismatch above */
wt_status wt_pass_out_shape(const char *name, const wt_tensor *out, int nd, const int64_t *shape);
/* out[...] = r when out has r's shape (else the mismatch above), then
** *result gets a new handle on out (if result is not NULL); without out,
** *result = r.  r is consumed either way. */
wt_status wt_pass_deliver(const char *name, wt_tensor *r, wt_tensor *out, wt_tensor **result);

/* a reduction cut along its rows (a sum over axis 0 of a matrix) gives each
** part at least this many bytes of a row: narrower, reading part of every
** row costs more than a second thread gains (measured natively and in V8) */
#define WT_PASS_MIN_SLAB 8192

#endif
