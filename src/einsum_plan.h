/* einsum_plan.h — einsum's parsed equation and contraction plan, made by
** einsum_plan.c and executed by einsum.c. */
#ifndef WT_EINSUM_PLAN_H
#define WT_EINSUM_PLAN_H

#include "core.h"

#define EIN_MAXOPS 32                  /* NumPy's limit on operands */
#define EIN_NLABELS (52 + WT_MAX_DIMS) /* a-z, A-Z, then the ellipsis axes */

/* a set of labels */
typedef struct {
    uint64_t w[2];
} ein_set;

typedef struct {
    int nops;
    int nlab[EIN_MAXOPS];                /* axes of each operand */
    int8_t lab[EIN_MAXOPS][WT_MAX_DIMS]; /* label of each axis (repeats allowed) */
    int nout;
    int8_t out[WT_MAX_DIMS];   /* output labels, in order */
    int64_t size[EIN_NLABELS]; /* each label's size, size-1 broadcast applied */
    bool used[EIN_NLABELS];
} ein_eq;

typedef struct {
    int nin; /* operands contracted (positions in the current list) */
    int pos[EIN_MAXOPS];
    ein_set result, removed, contract;
    double flops, size;
} ein_step;

typedef struct {
    int nsteps;
    ein_step step[EIN_MAXOPS];
    double naive_flops, opt_flops, largest;
} ein_plan;

wt_status ein_parse(const char *eq, int nops, const int *ndims, const int64_t *const *shapes, ein_eq *out);
wt_status ein_plan_path(const ein_eq *eq, ein_plan *plan);
/* the label's letter (ellipsis axes get unused letters, as NumPy does) */
char ein_letter(const ein_eq *eq, int label);

static inline void ein_add(ein_set *s, int l) { s->w[l >> 6] |= 1ull << (l & 63); }
static inline bool ein_has(const ein_set *s, int l) { return (s->w[l >> 6] >> (l & 63)) & 1; }

#endif
