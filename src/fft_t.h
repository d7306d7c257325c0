/* fft_t.h — the FFT's kernels for one real type (see fft.h), included by
** fft_kernels.c with
**   FT  float or double        FV  its SIMD prefix (wt_vf32, wt_vf64)
**   FS  the names' suffix      FW  complex numbers per vector (2, 1)
** Data is interleaved (re, im).  A pass is pocketfft's Stockham layout: cc
** (ido, ip, l1) -> ch (ido, l1, ip), a radix-ip butterfly over j, then
** output j >= 1 times its twiddle exp(-+2 pi i j l1 i / n).  Vectors run
** along i; for float with odd ido they hold two (i, k) pairs gathered
** instead ((0, k) and (0, k + 1) when ido is 1, else one pair twice). */

#define FCAT_(a, b) a##b
#define FCAT(a, b) FCAT_(a, b)
#define V(op) FCAT(FV, FCAT(_, op))
#define F(name) FCAT(name, FCAT(_, FS))
#define CV FCAT(FV, _t)
#define INLINE static inline __attribute__((always_inline))

/* the direction: cm conjugates the stored twiddle (or not) in cmul; rm
** makes rot multiply by -i (forward) or +i (inverse) */
typedef struct {
    CV cm, rm;
} F(dir);

INLINE F(dir) F(dir_of)(bool inv) {
    CV e = V(sign_even)(), o = V(xor)(e, V(splat)((FT)-0.0));
    return inv ? (F(dir)){o, e} : (F(dir)){e, o};
}
INLINE CV F(cmul)(CV a, CV w, CV cm) {
    CV t1 = V(mul)(a, V(dup_even)(w)), t2 = V(mul)(V(swap_pairs)(a), V(dup_odd)(w));
    return V(add)(t1, V(xor)(t2, cm));
}
INLINE CV F(rot)(CV a, CV rm) { return V(xor)(V(swap_pairs)(a), rm); }

/* x[0..ip) := its DFT.  Odd ip: y_u = x0 + sum_j cos(2 pi uj/ip) (x_j + x_-j)
** -+ i sum_j sin(2 pi uj/ip) (x_j - x_-j), root holding the (cos, sin) */
INLINE void F(bfly)(int ip, CV *x, const FT *root, const F(dir) * d) {
    if (ip == 2) {
        CV a = x[0], b = x[1];
        x[0] = V(add)(a, b), x[1] = V(sub)(a, b);
        return;
    }
    if (ip == 4) {
        CV t1 = V(add)(x[0], x[2]), t2 = V(sub)(x[0], x[2]), t3 = V(add)(x[1], x[3]);
        CV t4 = F(rot)(V(sub)(x[1], x[3]), d->rm);
        x[0] = V(add)(t1, t3), x[2] = V(sub)(t1, t3), x[1] = V(add)(t2, t4), x[3] = V(sub)(t2, t4);
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
        b = F(rot)(b, d->rm);
        x[u] = V(add)(a, b), x[ip - u] = V(sub)(a, b);
    }
    x[0] = y0;
}

/* one pass, vectors along i (ido a multiple of FW) */
INLINE void F(pass_v)(int ip, int64_t ido, int64_t l1, const FT *cc, FT *ch, const FT *wa, const FT *root,
                      const F(dir) * d) {
    CV x[WT_FFT_PMAX];
    int64_t os = 2 * ido * l1;
    if (ido == 1) {
        for (int64_t k = 0; k < l1; k++) {
            for (int j = 0; j < ip; j++) x[j] = V(load)(cc + 2 * (j + ip * k));
            F(bfly)(ip, x, root, d);
            for (int j = 0; j < ip; j++) V(store)(ch + 2 * k + os * j, x[j]);
        }
        return;
    }
    for (int64_t k = 0; k < l1; k++)
        for (int64_t i = 0; i < ido; i += FW) {
            const FT *src = cc + 2 * (i + ido * ip * k);
            FT *dst = ch + 2 * (i + ido * k);
            for (int j = 0; j < ip; j++) x[j] = V(load)(src + 2 * ido * j);
            F(bfly)(ip, x, root, d);
            V(store)(dst, x[0]);
            for (int j = 1; j < ip; j++)
                V(store)(dst + os * j, F(cmul)(x[j], V(load)(wa + 2 * ((j - 1) * ido + i)), d->cm));
        }
}

#if FW == 2
/* one pass with odd ido, vectors of two gathered (i, k) pairs */
INLINE void F(pass_p)(int ip, int64_t ido, int64_t l1, const FT *cc, FT *ch, const FT *wa, const FT *root,
                      const F(dir) * d) {
    CV x[WT_FFT_PMAX];
    int64_t os = 2 * ido * l1, kstep = ido == 1 && l1 % 2 == 0 ? 2 : 1;
    int64_t ps = kstep == 2 ? 2 * ip : 0, qs = kstep == 2 ? 2 : 0; /* lane 2's offset in and out */
    for (int64_t k = 0; k < l1; k += kstep)
        for (int64_t i = 0; i < ido; i++) {
            const FT *src = cc + 2 * (i + ido * ip * k);
            FT *dst = ch + 2 * (i + ido * k);
            for (int j = 0; j < ip; j++) x[j] = V(load_pairs)(src + 2 * ido * j, src + 2 * ido * j + ps);
            F(bfly)(ip, x, root, d);
            V(store_pairs)(dst, dst + qs, x[0]);
            for (int j = 1; j < ip; j++) {
                const FT *w = wa + 2 * ((j - 1) * ido + i);
                CV y = ido > 1 ? F(cmul)(x[j], V(load_pairs)(w, w), d->cm) : x[j];
                V(store_pairs)(dst + os * j, dst + os * j + qs, y);
            }
        }
}
#define PASS_P(ip) F(pass_p)(ip, ido, l1, cc, ch, wa, root, d)
#else
#define PASS_P(ip) (void)0
#endif

/* one pass with its radix made a constant for the common ones */
static void F(pass)(int ip, int64_t ido, int64_t l1, const FT *cc, FT *ch, const FT *wa, const FT *root,
                    const F(dir) * d) {
#define PASS_CASE(r)                                    \
    case r:                                             \
        if (ido % FW == 0)                              \
            F(pass_v)(r, ido, l1, cc, ch, wa, root, d); \
        else                                            \
            PASS_P(r);                                  \
        return;
    switch (ip) {
        PASS_CASE(2)
        PASS_CASE(3)
        PASS_CASE(4)
        PASS_CASE(5)
        PASS_CASE(7)
    default:
        if (ido % FW == 0)
            F(pass_v)(ip, ido, l1, cc, ch, wa, root, d);
        else
            PASS_P(ip);
    }
#undef PASS_CASE
}
#undef PASS_P

static FT *F(exec)(const wt_fft_plan *p, FT *a, FT *b, bool inv);

/* Bluestein: X_k = w_k sum_j (x_j w_j) conj(w_(k-j)), the sum a length-m
** cyclic convolution by FFT (the inverse as conj(forward(conj x))) */
static FT *F(blue)(const wt_fft_plan *p, FT *a, FT *b, bool inv) {
    int64_t n = p->n, m = p->m;
    const FT *w = p->chirp, *kf = p->kern;
    F(dir) fw = F(dir_of)(false);
    FT *u = b, *v = b + 2 * m, sg = inv ? -1 : 1;
    for (int64_t k = 0; k < n; k++) {
        FT ar = a[2 * k], ai = sg * a[2 * k + 1], wr = w[2 * k], wi = w[2 * k + 1];
        u[2 * k] = ar * wr - ai * wi, u[2 * k + 1] = ar * wi + ai * wr;
    }
    memset(u + 2 * n, 0, sizeof(FT) * 2 * (size_t)(m - n));
    FT *r = F(exec)(p->sub, u, v, false);
    for (int64_t k = 0; k < m; k += FW) V(store)(r + 2 * k, F(cmul)(V(load)(r + 2 * k), V(load)(kf + 2 * k), fw.cm));
    r = F(exec)(p->sub, r, r == u ? v : u, true);
    for (int64_t k = 0; k < n; k++) {
        FT cr = r[2 * k], ci = r[2 * k + 1], wr = w[2 * k], wi = w[2 * k + 1];
        a[2 * k] = cr * wr - ci * wi, a[2 * k + 1] = sg * (cr * wi + ci * wr);
    }
    return a;
}

/* the complex transform of a (n complex numbers), b its scratch; returns
** where the result is */
static FT *F(exec)(const wt_fft_plan *p, FT *a, FT *b, bool inv) {
    if (p->m) return F(blue)(p, a, b, inv);
    F(dir) d = F(dir_of)(inv);
    const FT *tw = p->tw;
    int64_t l1 = 1;
    for (int f = 0; f < p->nfac; f++) {
        int ip = (int)p->fac[f];
        F(pass)(ip, p->n / (l1 * ip), l1, a, b, tw + 2 * p->tw_at[f], tw + 2 * p->root_at[f], &d);
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

/* irfft of even n: the z whose inverse FFT_(n/2) is n x, in place:
** z_k = fe + i fo, z_(m-k) = conj(fe - i fo), with fe = X_k + conj X_(m-k),
** fo = (X_k - conj X_(m-k)) conj(w^k); X_0's and X_m's imaginary parts unused */
static void F(c2r_pre)(const FT *w, int64_t m, FT *z) {
    FT r0 = z[0], rm = z[2 * m];
    z[0] = r0 + rm, z[1] = r0 - rm;
    for (int64_t k = 1; 2 * k <= m; k++) {
        int64_t j = m - k;
        FT ar = z[2 * k], ai = z[2 * k + 1], br = z[2 * j], bi = -z[2 * j + 1];
        FT fer = ar + br, fei = ai + bi, dr = ar - br, di = ai - bi;
        FT wr = w[2 * k], wi = -w[2 * k + 1], for_ = dr * wr - di * wi, foi = dr * wi + di * wr;
        z[2 * k] = fer - foi, z[2 * k + 1] = fei + for_;
        z[2 * j] = fer + foi, z[2 * j + 1] = -(fei - for_);
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
    if (kind == WT_FFT_ROW_C2C) {
        r = F(exec)(p, a, b, inv);
        F(scale)(r, 2 * n, fct, false);
    } else if (kind == WT_FFT_ROW_R2C) {
        if (n % 2 == 0) {
            r = F(exec)(p->sub, a, b, false);
            F(r2c_post)(p->post, n / 2, r);
        } else {
            for (int64_t k = n - 1; k >= 0; k--) a[2 * k] = a[k], a[2 * k + 1] = 0;
            r = F(exec)(p->sub, a, b, false);
        }
        F(scale)(r, 2 * h, fct, conj);
    } else {
        for (int64_t k = 0; conj && k < h; k++) a[2 * k + 1] = -a[2 * k + 1];
        if (n % 2 == 0) {
            F(c2r_pre)(p->post, n / 2, a);
            r = F(exec)(p->sub, a, b, true);
        } else {
            a[1] = 0;
            for (int64_t k = 1; k < h; k++) a[2 * (n - k)] = a[2 * k], a[2 * (n - k) + 1] = -a[2 * k + 1];
            r = F(exec)(p->sub, a, b, true);
            for (int64_t k = 1; k < n; k++) r[k] = r[2 * k];
        }
        F(scale)(r, n, fct, false);
    }
    return r;
}

#undef V
#undef F
#undef CV
#undef INLINE
