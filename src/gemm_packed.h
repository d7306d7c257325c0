/* gemm_packed.h — a template, included once per float type by gemm.c: the
** packing routines, the register-tile microkernel, the tile store and the
** BLIS loop nest of the packed GEMM.  The includer defines
**   GP_SN  the type's suffix (f32)      GP_T   its C type (float)
**   GP_V   its SIMD prefix (wt_vf32)    GP_W   lanes per vector
**   GP_NR  the tile's width (columns)
** and gets pack_a_<sn>, pack_b_<sn>, ukernel_<sn>, store_<sn> and packed_<sn>. */
#define GP_CAT_(a, b) a##_##b
#define GP_CAT(a, b) GP_CAT_(a, b)
#define GP(name) GP_CAT(name, GP_SN)
#define GPV(op) GP_CAT(GP_V, op)

/* A rows x K -> MR-interleaved panels, zero-padded, negated for neg (a
** complex product's A.im B.im term) */
static void GP(pack_a)(const char *a, const int64_t *am, const int64_t *ak, int64_t mc, int64_t kc, bool neg,
                       bool ak_dense, GP_T *ap) {
    for (int64_t ir = 0; ir < mc; ir += MR) {
        if (ak_dense && ir + MR <= mc && !neg) { /* whole rows along k: MR row pointers, no offset tables */
            const GP_T *row[MR];
            for (int r = 0; r < MR; r++) row[r] = (const GP_T *)(const void *)(a + am[ir + r] + ak[0]);
            for (int64_t k = 0; k < kc; k++, ap += MR)
                for (int r = 0; r < MR; r++) ap[r] = row[r][k];
            continue;
        }
        WT_NO_UNROLL for (int64_t k = 0; k < kc; k++) /* (unrolled, 2 KB per type for no speed) */
            for (int r = 0; r < MR; r++, ap++) {
            if (ir + r < mc)
                memcpy(ap, a + am[ir + r] + ak[k], sizeof(GP_T)), *ap = neg ? -*ap : *ap;
            else
                *ap = 0;
        }
    }
}
/* B K x cols -> GP_NR-wide panels, zero-padded; dense rows copy whole */
static void GP(pack_b)(const char *b, const int64_t *bk, const int64_t *bn, int64_t kc, int64_t nc, bool bn_dense,
                       bool bk_dense, GP_T *bp) {
    for (int64_t jr = 0; jr < nc; jr += GP_NR) {
        if (!bn_dense && bk_dense && jr + GP_NR <= nc) { /* B transposed: whole columns along k */
            const GP_T *col[GP_NR];
            for (int c = 0; c < GP_NR; c++) col[c] = (const GP_T *)(const void *)(b + bn[jr + c] + bk[0]);
            for (int64_t k = 0; k < kc; k++, bp += GP_NR)
                for (int c = 0; c < GP_NR; c++) bp[c] = col[c][k];
            continue;
        }
        WT_NO_UNROLL for (int64_t k = 0; k < kc; k++, bp += GP_NR) {
            const char *row = b + bk[k];
            if (bn_dense && jr + GP_NR <= nc) {
                memcpy(bp, row + bn[jr], GP_NR * sizeof(GP_T));
                continue;
            }
            for (int c = 0; c < GP_NR; c++) {
                if (jr + c < nc)
                    memcpy(bp + c, row + bn[jr + c], sizeof(GP_T));
                else
                    bp[c] = 0;
            }
        }
    }
}
/* the MR x GP_NR tile = A panel x B panel over kc, in registers */
static void GP(ukernel)(int64_t kc, const GP_T *ap, const GP_T *bp, GP_T *tile) {
    GPV(t) acc[MR][GP_NR / GP_W];
    for (int r = 0; r < MR; r++)
        for (int v = 0; v < GP_NR / GP_W; v++) acc[r][v] = GPV(splat)(0);
    for (int64_t k = 0; k < kc; k++, ap += MR, bp += GP_NR) {
        GPV(t) b[GP_NR / GP_W];
        for (int v = 0; v < GP_NR / GP_W; v++) b[v] = GPV(load)(bp + v * GP_W);
        for (int r = 0; r < MR; r++) {
            GPV(t) a = GPV(load_splat)(ap + r);
            for (int v = 0; v < GP_NR / GP_W; v++) acc[r][v] = GPV(madd)(a, b[v], acc[r][v]); /* fused when relaxed */
        }
    }
    for (int r = 0; r < MR; r++)
        for (int v = 0; v < GP_NR / GP_W; v++) GPV(store)(tile + r * GP_NR + v * GP_W, acc[r][v]);
}
/* the valid mr x nr part of a tile into C */
static void GP(store)(char *c, const int64_t *cm, const int64_t *cn, int64_t mr, int64_t nr, bool add, bool cn_dense,
                      const GP_T *tile) {
    for (int64_t r = 0; r < mr; r++) {
        char *row = c + cm[r];
        if (cn_dense && nr == GP_NR) {
            GP_T *d = (GP_T *)(void *)(row + cn[0]);
            for (int v = 0; v < GP_NR / GP_W; v++) {
                GPV(t) t = GPV(load)(tile + r * GP_NR + v * GP_W);
                GPV(store)(d + v * GP_W, add ? GPV(add)(GPV(load)(d + v * GP_W), t) : t);
            }
            continue;
        }
        WT_NO_UNROLL for (int64_t n = 0; n < nr; n++) {
            GP_T v = tile[r * GP_NR + n], old;
            if (add) memcpy(&old, row + cn[n], sizeof old), v = old + v;
            memcpy(row + cn[n], &v, sizeof v);
        }
    }
}
/* C[m0..m1, n0..n1) of one batch element, with one part's scratch */
static void GP(packed)(const wt_gemm *g, int64_t m0, int64_t m1, int64_t n0, int64_t n1, const gemm_scratch *s) {
    int64_t K = wt_gemm_group_size(&g->ak);
    GP_T *ap = s->ap, *bp = s->bp;
    blk_offsets *o = s->o;
    const int64_t z = (int64_t)sizeof(GP_T);
    GP_T tile[MR * GP_NR];
    for (int64_t jc = n0; jc < n1; jc += NC) {
        int64_t nc = n1 - jc < NC ? n1 - jc : NC;
        group_offsets(&g->bn, jc, nc, o->bn);
        group_offsets(&g->cn, jc, nc, o->cn);
        bool bn_dense = dense(o->bn, nc, z), cn_dense = dense(o->cn, nc, z);
        for (int64_t pc = 0; pc < K; pc += KC) {
            int64_t kc = K - pc < KC ? K - pc : KC;
            bool add = g->accumulate || pc > 0;
            group_offsets(&g->ak, pc, kc, o->ak);
            group_offsets(&g->bk, pc, kc, o->bk);
            bool ak_dense = dense(o->ak, kc, z);
            GP(pack_b)(g->b, o->bk, o->bn, kc, nc, bn_dense, dense(o->bk, kc, z), bp);
            for (int64_t ic = m0; ic < m1; ic += MC) {
                int64_t mc = m1 - ic < MC ? m1 - ic : MC;
                group_offsets(&g->am, ic, mc, o->am);
                group_offsets(&g->cm, ic, mc, o->cm);
                GP(pack_a)(g->a, o->am, o->ak, mc, kc, g->negate_a, ak_dense, ap);
                for (int64_t jr = 0; jr < nc; jr += GP_NR)
                    for (int64_t ir = 0; ir < mc; ir += MR) {
                        GP(ukernel)(kc, ap + ir * kc, bp + jr * kc, tile);
                        GP(store)
                        (g->c, o->cm + ir, o->cn + jr, mc - ir < MR ? mc - ir : MR, nc - jr < GP_NR ? nc - jr : GP_NR,
                         add, cn_dense, tile);
                    }
            }
        }
    }
}

#undef GP_CAT_
#undef GP_CAT
#undef GP
#undef GPV
#undef GP_SN
#undef GP_T
#undef GP_V
#undef GP_W
#undef GP_NR
