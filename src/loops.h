/* loops.h — the strided loop templates every kernel file builds on: L1, L2
** and L3 wrap a scalar function of one, two or three inputs into a
** strided reference kernel (wt_kernel); ACCUM and SEQ_FOLD make reduction
** accumulators (wt_accum) from a combine and a fold.  Included by
** kernels.c and kernels_complex.c inside their clang-format-off regions. */
#ifndef WT_LOOPS_H
#define WT_LOOPS_H
#include <string.h>

// clang-format off
/* memcpy loads/stores keep unaligned (wrapped) memory legal; they compile to moves */
#define L1(name, TI, TO, f)                                                                      \
    static void name(char **p, const int64_t *s, int64_t n) {                                   \
        char *o = p[0];                                                                          \
        const char *a = p[1];                                                                    \
        for (int64_t i = 0; i < n; i++, o += s[0], a += s[1]) {                                  \
            TI x;                                                                                \
            memcpy(&x, a, sizeof x);                                                             \
            TO r = f(x);                                                                         \
            memcpy(o, &r, sizeof r);                                                             \
        }                                                                                        \
    }
#define L2(name, TI, TO, f)                                                                      \
    static void name(char **p, const int64_t *s, int64_t n) {                                   \
        char *o = p[0];                                                                          \
        const char *a = p[1], *b = p[2];                                                         \
        for (int64_t i = 0; i < n; i++, o += s[0], a += s[1], b += s[2]) {                       \
            TI x, y;                                                                             \
            memcpy(&x, a, sizeof x);                                                             \
            memcpy(&y, b, sizeof y);                                                             \
            TO r = f(x, y);                                                                      \
            memcpy(o, &r, sizeof r);                                                             \
        }                                                                                        \
    }
#define L3(name, TC, TI, f)                                                                      \
    static void name(char **p, const int64_t *s, int64_t n) {                                   \
        char *o = p[0];                                                                          \
        const char *a = p[1], *b = p[2], *c = p[3];                                              \
        for (int64_t i = 0; i < n; i++, o += s[0], a += s[1], b += s[2], c += s[3]) {            \
            TC x;                                                                                \
            TI y, z;                                                                             \
            memcpy(&x, a, sizeof x);                                                             \
            memcpy(&y, b, sizeof y);                                                             \
            memcpy(&z, c, sizeof z);                                                             \
            TI r = f(x, y, z);                                                                   \
            memcpy(o, &r, sizeof r);                                                             \
        }                                                                                        \
    }


/* acc (stride as) combined with n values at src (stride ss) */
#define ACCUM(name, T, COMBINE, FOLD)                                                            \
    static void name(char *acc, int64_t as, const char *src, int64_t ss, int64_t n) {           \
        T a, x;                                                                                  \
        if (as == 0) {                                                                           \
            memcpy(&a, acc, sizeof a);                                                           \
            a = FOLD;                                                                            \
            memcpy(acc, &a, sizeof a);                                                           \
            return;                                                                              \
        }                                                                                        \
        for (int64_t i = 0; i < n; i++, acc += as, src += ss) {                                  \
            memcpy(&a, acc, sizeof a);                                                           \
            memcpy(&x, src, sizeof x);                                                           \
            a = COMBINE(a, x);                                                                   \
            memcpy(acc, &a, sizeof a);                                                           \
        }                                                                                        \
    }
/* a sequential fold for the order-insensitive combines */
#define SEQ_FOLD(sn, T, COMBINE)                                                                 \
    static inline T seqfold_##COMBINE(T a, const char *src, int64_t ss, int64_t n) {             \
        for (int64_t i = 0; i < n; i++, src += ss) {                                             \
            T x;                                                                                 \
            memcpy(&x, src, sizeof x);                                                           \
            a = COMBINE(a, x);                                                                   \
        }                                                                                        \
        return a;                                                                                \
    }
// clang-format on

#endif
