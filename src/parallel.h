/* parallel.h — splitting a loop over the threaded wasm build's workers.
**
** A loop of `units` independent units of work is cut into `parts`
** contiguous ranges, a pure function of (units, parts), so the same thread
** count always does the same work in the same places.  Part 0 runs on the
** calling thread, parts 1.. on the host's workers (bindings/worker.js),
** which never allocate: a loop's scratch memory is allocated before it, one
** slice per part, indexed by the part number fn receives.  In the other
** builds there is one thread and fn runs once over everything. */
#ifndef WT_PARALLEL_H
#define WT_PARALLEL_H

#include "core.h"

typedef void (*wt_task)(void *ctx, int64_t begin, int64_t end, int part);

/* a pass over at least this many elements per part is split across threads
** (elementwise, casts and copies, reductions, softmax lanes; below 2^17
** elements splitting gained nothing, measured) */
#define WT_PARALLEL_MIN_PART (1 << 16)

/* how many parts to cut a loop into: 1 unless threads are on, the loop is
** not nested in another, and every part gets at least min_units units */
int wt_parallel_parts(int64_t units, int64_t min_units);
/* the same, a few parts a thread (wt_parallel_for hands each part to whoever
** is free, so a late or descheduled worker holds the caller up less): for
** loops whose results do not depend on how many parts they are cut into */
int wt_parallel_parts_fine(int64_t units, int64_t min_units);
/* runs fn over [0, units) in `parts` ranges (from wt_parallel_parts) */
void wt_parallel_for(int64_t units, int parts, wt_task fn, void *ctx);
/* runs an iterator pass in `parts` ranges of its elements; part p calls fn
** with ctx = ctxs + p * ctx_size, its own state (one part: ctxs itself) */
void wt_parallel_iter(const wt_iter *it, wt_inner_fn fn, void *ctxs, size_t ctx_size, int parts);
/* the same in `parts` slabs of axis (wt_iter_run_slab): a reduction's parts,
** or a tiled or across pass's; tile as wt_iter_run_tiled's (may be NULL) */
void wt_parallel_iter_slab(const wt_iter *it, int axis, wt_inner_fn fn, wt_tile_fn tile, void *ctxs, size_t ctx_size,
                           int parts);
/* the parts of a plain (non-reducing) pass of every element of it:
** ranges of it, or when tiled or visited across, slabs of axis 0 (set *slab) */
int wt_parallel_plain_parts(const wt_iter *it, bool *slab);

#endif
