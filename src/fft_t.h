/* fft_t.h — the FFT's kernels for one real type (see fft.h), included by
** fft_kernels.c with
**   FT  float or double        FV  its SIMD prefix (wt_vf32, wt_vf64)
**   FS  the names' suffix      FW  complex numbers per vector (2, 1)
** Data is interleaved (re, im).  A pass is pocketfft's Stockham layout: cc
** (ido, ip, l1) -> ch (ido, l1, ip), a radix-ip butterfly over j, then
** output j >= 1 times its twiddle exp(-2 pi i j l1 i / n).  Vectors run
** along i; for float with odd ido they hold two (i, k) pairs gathered
** instead ((0, k) and (0, k + 1) when ido is 1, else one pair twice).
** Every transform here is forward: an inverse is conj(forward(conj x)),
** its conjugations folded into the passes before and after. */

#define FCAT_(a, b) a##b
#define FCAT(a, b) FCAT_(a, b)
#define V(op) FCAT(FV, FCAT(_, op))
#define F(name) FCAT(name, FCAT(_, FS))
#define CV FCAT(FV, _t)
#define INLINE static inline __attribute__((always_inline))

/* a w with the twiddle's parts splatted: wr = (re, re), wi = (-im, im) per complex number */
INLINE CV F(twmul)(CV a, CV wr, CV wi) { return V(add)(V(mul)(a, wr), V(mul)(V(swap_pairs)(a), wi)); }
/* a times -i: (re, im) -> (im, -re) */
INLINE CV F(rot)(CV a) { return V(xor)(V(swap_pairs)(a), V(xor)(V(sign_even)(), V(splat)((FT)-0.0))); }

/* x[0..ip) := its DFT.  Odd ip: y_u = x0 + sum_j cos(2 pi uj/ip) (x_j + x_-j)
** - i sum_j sin(2 pi uj/ip) (x_j - x_-j), root holding the (cos, sin) */
INLINE void F(bfly)(int ip, CV *x, const FT *root) {
    if (ip == 2) {
        CV a = x[0], b = x[1];
        x[0] = V(add)(a, b), x[1] = V(sub)(a, b);
        return;
    }
    if (ip == 4 || ip == 8) { /* radix 8: two radix-4 butterflies (evens, odds), then w8^k on the odds */
        for (int h = 0; h < ip / 4; h++) {
            CV *y = x + h, t1 = V(add)(y[0], y[ip / 2]), t2 = V(sub)(y[0], y[ip / 2]);
            CV t3 = V(add)(y[ip / 4], y[3 * ip / 4]), t4 = F(rot)(V(sub)(y[ip / 4], y[3 * ip / 4]));
            y[0] = V(add)(t1, t3), y[ip / 2] = V(sub)(t1, t3), y[ip / 4] = V(add)(t2, t4);
            y[3 * ip / 4] = V(sub)(t2, t4);
        }
        if (ip == 4) return;
        CV s = V(splat)((FT)0.70710678118654752440), e0 = x[0], e1 = x[2], e2 = x[4], e3 = x[6];
        CV o0 = x[1], o1 = V(mul)(V(add)(x[3], F(rot)(x[3])), s), o2 = F(rot)(x[5]);
        CV o3 = V(mul)(V(sub)(F(rot)(x[7]), x[7]), s);
        /* E_k at x[2k], O_k at x[2k + 1]: Y_k = E_k + w8^k O_k, Y_(k+4) = E_k - w8^k O_k */
        x[0] = V(add)(e0, o0), x[4] = V(sub)(e0, o0), x[1] = V(add)(e1, o1), x[5] = V(sub)(e1, o1);
        x[2] = V(add)(e2, o2), x[6] = V(sub)(e2, o2), x[3] = V(add)(e3, o3), x[7] = V(sub)(e3, o3);
        return;
    }
    int h = ip / 2;
    CV s[WT_FFT_PMAX / 2 + 1], df[WT_FFT_PMAX / 2 + 1], x0 = x[0], y0 = x[0];
    for (int j = 1; j <= h; j++) {
        s[j] = V(add)(x[j], x[ip - j]), df[j] = V(sub)(x[j], x[ip - j]);
        y0 = V(add)(y0, s[j]);
    }
    for (int u = 1; u <= h; u++) {
        CV a = x0, b = V(splat)(0);
        for (int j = 1, m = u; j <= h; j++, m = m + u >= ip ? m + u - ip : m + u) {
            a = V(add)(a, V(mul)(s[j], V(splat)(root[2 * m])));
            b = V(add)(b, V(mul)(df[j], V(splat)(root[2 * m + 1])));
        }
        b = F(rot)(b);
        x[u] = V(add)(a, b), x[ip - u] = V(sub)(a, b);
    }
    x[0] = y0;
}

/* one pass, vectors along i (ido a multiple of FW); tw: per (j, group of
** FW i's) FW (re, re) pairs then FW (-im, im) pairs */
INLINE void F(pass_v)(int ip, int64_t ido, int64_t l1, const FT *cc, FT *ch, const FT *tw, const FT *root) {
    CV x[WT_FFT_PMAX];
    int64_t os = 2 * ido * l1;
    if (ido == 1) {
        for (int64_t k = 0; k < l1; k++) {
            for (int j = 0; j < ip; j++) x[j] = V(load)(cc + 2 * (j + ip * k));
            F(bfly)(ip, x, root);
            for (int j = 0; j < ip; j++) V(store)(ch + 2 * k + os * j, x[j]);
        }
        return;
    }
    for (int64_t k = 0; k < l1; k++)
        for (int64_t i = 0; i < ido; i += FW) {
            const FT *src = cc + 2 * (i + ido * ip * k);
            FT *dst = ch + 2 * (i + ido * k);
            for (int j = 0; j < ip; j++) x[j] = V(load)(src + 2 * ido * j);
            F(bfly)(ip, x, root);
            V(store)(dst, x[0]);
            for (int j = 1; j < ip; j++) {
                const FT *w = tw + 4 * ((j - 1) * ido + i);
                V(store)(dst + os * j, F(twmul)(x[j], V(load)(w), V(load)(w + 2 * FW)));
            }
        }
}

#if FW == 2
/* one pass with odd ido, vectors of two gathered (i, k) pairs; tw per (j, i) */
INLINE void F(pass_p)(int ip, int64_t ido, int64_t l1, const FT *cc, FT *ch, const FT *tw, const FT *root) {
    CV x[WT_FFT_PMAX];
    int64_t os = 2 * ido * l1, kstep = ido == 1 && l1 % 2 == 0 ? 2 : 1;
    int64_t ps = kstep == 2 ? 2 * ip : 0, qs = kstep == 2 ? 2 : 0; /* lane 2's offset in and out */
    for (int64_t k = 0; k < l1; k += kstep)
        for (int64_t i = 0; i < ido; i++) {
            const FT *src = cc + 2 * (i + ido * ip * k);
            FT *dst = ch + 2 * (i + ido * k);
            for (int j = 0; j < ip; j++) x[j] = V(load_pairs)(src + 2 * ido * j, src + 2 * ido * j + ps);
            F(bfly)(ip, x, root);
            V(store_pairs)(dst, dst + qs, x[0]);
            for (int j = 1; j < ip; j++) {
                const FT *w = tw + 4 * ((j - 1) * ido + i);
                CV y = ido > 1 ? F(twmul)(x[j], V(load_pairs)(w, w), V(load_pairs)(w + 2, w + 2)) : x[j];
                V(store_pairs)(dst + os * j, dst + os * j + qs, y);
            }
        }
}
#define PASS_P(ip) F(pass_p)(ip, ido, l1, cc, ch, tw, root)
#else
#define PASS_P(ip) (void)0
#endif

/* one pass with its radix made a constant for the common ones (float's
** gathered-pair passes, mostly a power of two's last, for 2 and 4 alone;
** radix 8 is double's only: see fft_plan.c's factor) */
static void F(pass)(int ip, int64_t ido, int64_t l1, const FT *cc, FT *ch, const FT *tw, const FT *root) {
#define PASS_V(r) F(pass_v)(r, ido, l1, cc, ch, tw, root)
    if (ido % FW) {
        if (ip == 2)
            PASS_P(2);
        else if (ip == 4)
            PASS_P(4);
        else
            PASS_P(ip);
        return;
    }
    switch (ip) {
    case 2: PASS_V(2); return;
    case 3: PASS_V(3); return;
    case 4: PASS_V(4); return;
    case 5: PASS_V(5); return;
#if FW == 1
    case 8: PASS_V(8); return;
#endif
    default: PASS_V(ip);
    }
#undef PASS_V
}
#undef PASS_P

/* a's n complex numbers conjugated */
static void F(conj)(FT *a, int64_t n) {
    for (int64_t k = 0; k < n; k++) a[2 * k + 1] = -a[2 * k + 1];
}

static FT *F(exec)(const wt_fft_plan *p, FT *a, FT *b);

/* Bluestein: X_k = w_k sum_j (x_j w_j) conj(w_(k-j)), the sum a length-m
** cyclic convolution: conj(FFT(conj(FFT(x w) FFT(b) / m))) */
static FT *F(blue)(const wt_fft_plan *p, FT *a, FT *b) {
    int64_t n = p->n, m = p->m;
    const FT *w = p->chirp, *kf = p->kern;
    FT *u = b, *v = b + 2 * p->sub->scratch;
    for (int64_t k = 0; k < n; k++) {
        FT ar = a[2 * k], ai = a[2 * k + 1], wr = w[2 * k], wi = w[2 * k + 1];
        u[2 * k] = ar * wr - ai * wi, u[2 * k + 1] = ar * wi + ai * wr;
    }
    memset(u + 2 * n, 0, sizeof(FT) * 2 * (size_t)(m - n));
    FT *r = F(exec)(p->sub, u, v);
    CV cj = V(xor)(V(sign_even)(), V(splat)((FT)-0.0));
    for (int64_t k = 0; k < m; k += FW)
        V(store)(r + 2 * k, V(xor)(V(cmul)(V(load)(r + 2 * k), V(load)(kf + 2 * k)), cj));
    r = F(exec)(p->sub, r, r == u ? v : u);
    for (int64_t k = 0; k < n; k++) { /* w_k conj(r_k) */
        FT cr = r[2 * k], ci = -r[2 * k + 1], wr = w[2 * k], wi = w[2 * k + 1];
        a[2 * k] = cr * wr - ci * wi, a[2 * k + 1] = cr * wi + ci * wr;
    }
    return a;
}

#if FW == 1
/* four-step, n = n1 n2 with x[j1 n2 + j2]: Y[k1][j2] = FFT_n1 down column
** j2 times exp(-2 pi i j2 k1 / n) (into b), then X[k1 + n1 k2] = FFT_n2 of
** row k1 of Y (into a); B columns or rows at a time, so that each cache
** line read or written is used whole */
static FT *F(four)(const wt_fft_plan *p, FT *a, FT *b) {
    enum { B = WT_FFT_FOUR_BLOCK };
    int64_t n1 = p->n1, n2 = p->n / n1;
    const wt_fft_plan *p1 = p->sub, *p2 = p->sub2;
    FT *buf = b + 2 * p->n, *scr = buf + 2 * B * n1;
    const FT *tw = p->tw;
    for (int64_t j2 = 0; j2 < n2; j2 += B) {
        int bb = n2 - j2 < B ? (int)(n2 - j2) : B;
        for (int64_t j1 = 0; j1 < n1; j1++)
            for (int t = 0; t < bb; t++) memcpy(buf + 2 * (t * n1 + j1), a + 2 * (j1 * n2 + j2 + t), 2 * sizeof(FT));
        for (int t = 0; t < bb; t++) {
            FT *col = buf + 2 * t * n1, *r = F(exec)(p1, col, scr);
            const FT *w = tw + 2 * (j2 + t) * n1;
            for (int64_t k = 0; k < n1; k++) V(store)(col + 2 * k, V(cmul)(V(load)(r + 2 * k), V(load)(w + 2 * k)));
        }
        for (int64_t k1 = 0; k1 < n1; k1++)
            for (int t = 0; t < bb; t++) memcpy(b + 2 * (k1 * n2 + j2 + t), buf + 2 * (t * n1 + k1), 2 * sizeof(FT));
    }
    for (int64_t k1 = 0; k1 < n1; k1 += B) {
        int bb = n1 - k1 < B ? (int)(n1 - k1) : B;
        for (int t = 0; t < bb; t++) {
            FT *row = b + 2 * (k1 + t) * n2, *r = F(exec)(p2, row, scr);
            if (r != row) memcpy(row, r, 2 * sizeof(FT) * (size_t)n2);
        }
        for (int64_t k2 = 0; k2 < n2; k2++)
            for (int t = 0; t < bb; t++)
                memcpy(a + 2 * (k1 + t + n1 * k2), b + 2 * ((k1 + t) * n2 + k2), 2 * sizeof(FT));
    }
    return a;
}
#endif

/* the forward transform of a (n complex numbers), b its scratch; returns
** where the result is */
static FT *F(exec)(const wt_fft_plan *p, FT *a, FT *b) {
    if (p->m) return F(blue)(p, a, b);
#if FW == 1
    if (p->n1) return F(four)(p, a, b);
#endif
    const FT *tw = p->tw;
    int64_t l1 = 1;
    for (int f = 0; f < p->nfac; f++) {
        int ip = (int)p->fac[f];
        F(pass)(ip, p->n / (l1 * ip), l1, a, b, tw + 2 * p->tw_at[f], tw + 2 * p->root_at[f]);
        FT *t = a;
        a = b, b = t, l1 *= ip;
    }
    return a;
}

/* rfft of even n from z = FFT_(n/2)(x as complex), in place (z has room for
** n/2 + 1): X_k = fe + w^k fo, X_(m-k) = conj(fe - w^k fo), with fe =
** (z_k + conj z_(m-k)) / 2, fo = -i (z_k - conj z_(m-k)) / 2 */
static void F(r2c_post)(const FT *w, int64_t m, FT *z) {
    FT r0 = z[0], i0 = z[1];
    z[0] = r0 + i0, z[1] = 0, z[2 * m] = r0 - i0, z[2 * m + 1] = 0;
    for (int64_t k = 1; 2 * k <= m; k++) {
        int64_t j = m - k;
        FT ar = z[2 * k], ai = z[2 * k + 1], br = z[2 * j], bi = -z[2 * j + 1];
        FT fer = (FT)0.5 * (ar + br), fei = (FT)0.5 * (ai + bi), for_ = (FT)0.5 * (ai - bi), foi = (FT)-0.5 * (ar - br);
        FT wr = w[2 * k], wi = w[2 * k + 1], tr = wr * for_ - wi * foi, ti = wr * foi + wi * for_;
        z[2 * k] = fer + tr, z[2 * k + 1] = fei + ti;
        z[2 * j] = fer - tr, z[2 * j + 1] = -(fei - ti);
    }
}

/* irfft of even n: conj of the z whose inverse FFT_(n/2) is n x, in place:
** z_k = fe + i fo, z_(m-k) = conj(fe - i fo), with fe = X_k + conj X_(m-k),
** fo = (X_k - conj X_(m-k)) conj(w^k); X_0's and X_m's imaginary parts unused */
static void F(c2r_pre)(const FT *w, int64_t m, FT *z) {
    FT r0 = z[0], rm = z[2 * m];
    z[0] = r0 + rm, z[1] = rm - r0;
    for (int64_t k = 1; 2 * k <= m; k++) {
        int64_t j = m - k;
        FT ar = z[2 * k], ai = z[2 * k + 1], br = z[2 * j], bi = -z[2 * j + 1];
        FT fer = ar + br, fei = ai + bi, dr = ar - br, di = ai - bi;
        FT wr = w[2 * k], wi = -w[2 * k + 1], for_ = dr * wr - di * wi, foi = dr * wi + di * wr;
        z[2 * k] = fer - foi, z[2 * k + 1] = -(fei + for_);
        z[2 * j] = fer + foi, z[2 * j + 1] = fei - for_;
    }
}

/* r (len reals) *= fct, odd entries negated too when conj */
static void F(scale)(FT *r, int64_t len, double fct, bool conj) {
    if (fct == 1 && !conj) return;
    FT f = (FT)fct, g = conj ? -f : f;
    for (int64_t i = 0; i + 1 < len; i += 2) r[i] *= f, r[i + 1] *= g;
    if (len % 2) r[len - 1] *= f;
}

FT *F(wt_fft_row)(const wt_fft_plan *p, int kind, int flags, double fct, FT *a, FT *b) {
    int64_t n = p->n, h = n / 2 + 1;
    bool inv = flags & WT_FFT_INVERSE, conj = flags & WT_FFT_CONJ;
    FT *r;
    if (kind == WT_FFT_C2C) {
        if (inv) F(conj)(a, n);
        r = F(exec)(p, a, b);
        F(scale)(r, 2 * n, fct, inv);
    } else if (kind == WT_FFT_R2C) {
        if (n % 2 == 0) {
            r = F(exec)(p->sub, a, b);
            F(r2c_post)(p->post, n / 2, r);
        } else {
            for (int64_t k = n - 1; k >= 0; k--) a[2 * k] = a[k], a[2 * k + 1] = 0;
            r = F(exec)(p->sub, a, b);
        }
        F(scale)(r, 2 * h, fct, conj);
    } else {                     /* the inverse as conj(forward(conj)) */
        if (conj) F(conj)(a, h); /* hfft's conj(X) */
        if (n % 2 == 0) {
            F(c2r_pre)(p->post, n / 2, a);
            r = F(exec)(p->sub, a, b);
            F(scale)(r, n, fct, true);
        } else { /* conj of the Hermitian spectrum in full: conj(X) then X reversed */
            a[1] = 0;
            for (int64_t k = 1; k < h; k++)
                a[2 * (n - k)] = a[2 * k], a[2 * (n - k) + 1] = a[2 * k + 1], a[2 * k + 1] = -a[2 * k + 1];
            r = F(exec)(p->sub, a, b);
            for (int64_t k = 1; k < n; k++) r[k] = r[2 * k];
            F(scale)(r, n, fct, false);
        }
    }
    return r;
}

#undef V
#undef F
#undef CV
#undef INLINE
