/* fuzz_views.c — random chains of view operations and assignments, checked
** against an independent model: for every element of the current view, the
** index in the base storage it must reach, computed here by plain loops.
** After every step each element's value, and after every assignment the
** whole base storage, must match the model. */
#include "wtensor.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXE 4096

typedef struct {
    int nd;
    int64_t shape[WT_MAX_DIMS];
    int64_t n;
    int64_t at[MAXE]; /* base storage index of each element, C order */
} model;

static const uint8_t *in;
static size_t left;
static int byte(void) { return left ? (left--, *in++) : 0; }

static int64_t count(const int64_t *shape, int nd) {
    int64_t n = 1;
    for (int i = 0; i < nd; i++) n *= shape[i];
    return n;
}

/* element e's multi-index in shape */
static void unravel(int64_t e, const int64_t *shape, int nd, int64_t *idx) {
    for (int i = nd - 1; i >= 0; i--) idx[i] = shape[i] ? e % shape[i] : 0, e = shape[i] ? e / shape[i] : 0;
}

static int64_t ravel(const int64_t *idx, const int64_t *shape, int nd) {
    int64_t e = 0;
    for (int i = 0; i < nd; i++) e = e * shape[i] + idx[i];
    return e;
}

/* Python's slice.indices(n), written out */
static int64_t slice_len(int64_t n, int64_t start, int64_t stop, int64_t step, bool hs, bool he, int64_t *first) {
    int64_t lo = step < 0 ? -1 : 0, hi = step < 0 ? n - 1 : n;
    int64_t s =
        hs ? (start < 0 ? (start + n < 0 ? lo : start + n) : (start >= n ? hi : start)) : (step < 0 ? n - 1 : 0);
    int64_t t = he ? (stop < 0 ? (stop + n < 0 ? lo : stop + n) : (stop >= n ? hi : stop)) : (step < 0 ? -1 : n);
    int64_t len = 0;
    for (int64_t i = s; step > 0 ? i < t : i > t; i += step) len++;
    *first = s;
    return len;
}

static void check(const wt_tensor *v, const model *m, const int32_t *base) {
    if (wt_tensor_ndim(v) != m->nd || wt_tensor_size(v) != m->n) abort();
    for (int i = 0; i < m->nd; i++)
        if (wt_tensor_shape(v)[i] != m->shape[i]) abort();
    int64_t idx[WT_MAX_DIMS];
    for (int64_t e = 0; e < m->n; e++) {
        double x;
        unravel(e, m->shape, m->nd, idx);
        if (wt_tensor_get(v, idx, &x) || x != base[m->at[e]]) abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    in = data, left = size;
    static model m, nm;
    int64_t bshape[3] = {1 + byte() % 5, 1 + byte() % 5, 1 + byte() % 4};
    wt_tensor *base = NULL, *v = NULL;
    if (wt_tensor_arange(0, (double)count(bshape, 3), 1, WT_INT32, &base)) return 0;
    wt_tensor *b3;
    if (wt_view_reshape(base, 3, bshape, &b3)) abort();
    v = b3;
    m.nd = 3, memcpy(m.shape, bshape, sizeof bshape), m.n = count(bshape, 3);
    for (int64_t e = 0; e < m.n; e++) m.at[e] = e;
    int32_t expect[128]; /* what the base storage must hold */
    for (int64_t e = 0; e < m.n; e++) expect[e] = (int32_t)e;
    for (int step = 0; step < 12 && left; step++) {
        wt_tensor *w = NULL;
        wt_status st = WT_OK;
        int64_t idx[WT_MAX_DIMS], j[WT_MAX_DIMS];
        nm.nd = 0;
        switch (byte() % 8) {
        case 0: { /* slice: per axis an integer, a slice, or an inserted None */
            char spec[256];
            int n = 0, ax = 0;
            int64_t first[WT_MAX_DIMS], stp[WT_MAX_DIMS], keep[WT_MAX_DIMS];
            int kind[WT_MAX_DIMS + 4], nk = 0;
            for (; ax < m.nd && nk < m.nd + 2; ax++) {
                int k = byte() % 4;
                if (k == 0 && m.shape[ax] == 0) k = 1;   /* no integer indexes an empty axis */
                if (k == 3 && m.nd + 1 <= WT_MAX_DIMS) { /* None: a new axis, this one still to come */
                    kind[nk++] = -1;
                    n += sprintf(spec + n, "None,");
                    ax--;
                } else if (k == 0) {
                    int64_t i = (int64_t)(byte() % 11) - 5;
                    if (i < -m.shape[ax] || i >= m.shape[ax]) i = 0;
                    kind[nk++] = ax, first[ax] = i < 0 ? i + m.shape[ax] : i, keep[ax] = 0;
                    n += sprintf(spec + n, "%lld,", (long long)i);
                } else {
                    int64_t s0 = (int64_t)(byte() % 13) - 6, t0 = (int64_t)(byte() % 13) - 6,
                            p = (int64_t)(byte() % 7) - 3;
                    bool hs = byte() & 1, he = byte() & 1;
                    if (p == 0) p = 1;
                    keep[ax] = 1 + slice_len(m.shape[ax], s0, t0, p, hs, he, &first[ax]), stp[ax] = p;
                    kind[nk++] = ax;
                    if (hs) n += sprintf(spec + n, "%lld", (long long)s0);
                    n += sprintf(spec + n, ":");
                    if (he) n += sprintf(spec + n, "%lld", (long long)t0);
                    n += sprintf(spec + n, ":%lld,", (long long)p);
                }
            }
            spec[n] = 0;
            st = wt_view_slice(v, spec, &w);
            if (st) break;
            /* the model: kept axes (slices and Nones) in order */
            int64_t sel[WT_MAX_DIMS];
            for (int q = 0; q < nk; q++) {
                if (kind[q] < 0)
                    nm.shape[nm.nd++] = 1;
                else if (keep[kind[q]])
                    nm.shape[nm.nd++] = keep[kind[q]] - 1;
            }
            for (int a = ax; a < m.nd; a++) nm.shape[nm.nd++] = m.shape[a], first[a] = 0, stp[a] = 1, keep[a] = 1;
            nm.n = count(nm.shape, nm.nd);
            for (int64_t e = 0; e < nm.n; e++) {
                unravel(e, nm.shape, nm.nd, idx);
                int r = 0;
                for (int q = 0, a = 0; a < m.nd; q++) {
                    if (q < nk && kind[q] < 0) {
                        r++;
                        continue;
                    }
                    if (q < nk && !keep[kind[q]])
                        sel[a] = first[a];
                    else
                        sel[a] = first[a] + idx[r++] * stp[a];
                    a++;
                }
                nm.at[e] = m.at[ravel(sel, m.shape, m.nd)];
            }
            break;
        }
        case 1: { /* permute */
            int perm[WT_MAX_DIMS];
            for (int i = 0; i < m.nd; i++) perm[i] = i;
            for (int i = m.nd - 1; i > 0; i--) {
                int r = byte() % (i + 1), t = perm[i];
                perm[i] = perm[r], perm[r] = t;
            }
            if ((st = wt_view_permute(v, m.nd, perm, &w))) break;
            nm.nd = m.nd;
            for (int i = 0; i < m.nd; i++) nm.shape[i] = m.shape[perm[i]];
            nm.n = m.n;
            for (int64_t e = 0; e < nm.n; e++) {
                unravel(e, nm.shape, nm.nd, idx);
                for (int i = 0; i < m.nd; i++) j[perm[i]] = idx[i];
                nm.at[e] = m.at[ravel(j, m.shape, m.nd)];
            }
            break;
        }
        case 2: { /* reshape to 1-D or with the last two axes merged: C order is kept */
            int64_t ns[WT_MAX_DIMS];
            int nnd = m.nd;
            memcpy(ns, m.shape, sizeof ns);
            if (byte() & 1 || m.nd < 2)
                nnd = 1, ns[0] = m.n;
            else
                nnd = m.nd - 1, ns[nnd - 1] = m.shape[m.nd - 2] * m.shape[m.nd - 1];
            if ((st = wt_view_reshape(v, nnd, ns, &w))) break;
            nm = m, nm.nd = nnd, memcpy(nm.shape, ns, sizeof ns);
            if (!wt_tensor_same_buffer(w, v)) goto copied;
            break;
        }
        case 3: { /* broadcast: a new leading axis of 2 */
            int64_t ns[WT_MAX_DIMS];
            if (m.nd == WT_MAX_DIMS || m.n * 2 > MAXE) continue;
            ns[0] = 2;
            memcpy(ns + 1, m.shape, sizeof(int64_t) * (size_t)m.nd);
            if ((st = wt_view_broadcast_to(v, m.nd + 1, ns, &w))) break;
            nm.nd = m.nd + 1, memcpy(nm.shape, ns, sizeof ns), nm.n = m.n * 2;
            for (int64_t e = 0; e < nm.n; e++) nm.at[e] = m.at[e % m.n];
            break;
        }
        case 4: { /* diagonal of the first two axes */
            if (m.nd < 2) continue;
            int64_t off = (int64_t)(byte() % 5) - 2;
            if ((st = wt_view_diagonal(v, off, 0, 1, &w))) break;
            int64_t len = 0, r0 = off < 0 ? -off : 0, c0 = off > 0 ? off : 0;
            while (r0 + len < m.shape[0] && c0 + len < m.shape[1]) len++;
            nm.nd = m.nd - 1;
            for (int i = 2; i < m.nd; i++) nm.shape[i - 2] = m.shape[i];
            nm.shape[nm.nd - 1] = len;
            nm.n = count(nm.shape, nm.nd);
            for (int64_t e = 0; e < nm.n; e++) {
                unravel(e, nm.shape, nm.nd, idx);
                j[0] = r0 + idx[nm.nd - 1], j[1] = c0 + idx[nm.nd - 1];
                for (int i = 2; i < m.nd; i++) j[i] = idx[i - 2];
                nm.at[e] = m.at[ravel(j, m.shape, m.nd)];
            }
            break;
        }
        case 5: { /* expand, then squeeze everything of size 1 */
            if (m.nd == WT_MAX_DIMS) continue;
            wt_tensor *x = NULL;
            if ((st = wt_view_expand_dims(v, byte() % (m.nd + 1), &x))) break;
            st = wt_view_squeeze(x, 0, NULL, &w);
            wt_tensor_free(x);
            if (st) break;
            nm = m, nm.nd = 0;
            for (int i = 0; i < m.nd; i++)
                if (m.shape[i] != 1) nm.shape[nm.nd++] = m.shape[i];
            break;
        }
        case 6: { /* assign a value through the view */
            if (wt_tensor_flags(v) & WT_FLAG_READONLY) {
                if (wt_assign_scalar(v, 1) != WT_EREADONLY) abort();
                continue;
            }
            int32_t val = 1000 + byte();
            if (wt_assign_scalar(v, val)) abort();
            for (int64_t e = 0; e < m.n; e++) expect[m.at[e]] = val;
            if (memcmp(wt_tensor_data(base), expect, sizeof(int32_t) * (size_t)count(bshape, 3))) abort();
            continue;
        }
        default: { /* contiguous: the same view, or a copy that no longer aliases */
            if ((st = wt_view_contiguous(v, &w))) break;
            nm = m;
            if (!wt_tensor_same_buffer(w, v)) goto copied;
            break;
        }
        }
        if (st) {
            if (!wt_error_message()[0]) abort();
            continue;
        }
        wt_tensor_free(v);
        v = w;
        m = nm;
        check(v, &m, wt_tensor_data(base));
        continue;
    copied : /* w is a fresh copy: it must hold the values, then the chain stops */
    {
        wt_tensor_free(v);
        v = w;
        for (int64_t e = 0; e < nm.n; e++) {
            double x;
            unravel(e, nm.shape, nm.nd, idx);
            if (wt_tensor_get(v, idx, &x) || x != expect[nm.at[e]]) abort();
        }
        break;
    }
    }
    wt_tensor_free(v);
    wt_tensor_free(base);
    return 0;
}
