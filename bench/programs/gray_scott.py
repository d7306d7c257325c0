"""Gray-Scott reaction-diffusion on 192 x 192 (float64), 400 explicit steps."""


def run(np):
    n = 192
    rng = np.random.default_rng(2)
    U, V = np.ones((n, n)), np.zeros((n, n))
    U[86:106, 86:106], V[86:106, 86:106] = 0.5, 0.25
    U += 0.05 * rng.random((n, n))
    V += 0.05 * rng.random((n, n))
    Du, Dv, F, k = 0.16, 0.08, 0.035, 0.065
    for _ in range(400):
        u, v = U[1:-1, 1:-1], V[1:-1, 1:-1]
        Lu = U[:-2, 1:-1] + U[1:-1, :-2] - 4 * u + U[1:-1, 2:] + U[2:, 1:-1]
        Lv = V[:-2, 1:-1] + V[1:-1, :-2] - 4 * v + V[1:-1, 2:] + V[2:, 1:-1]
        uvv = u * v * v
        u += Du * Lu - uvv + F * (1 - u)
        v += Dv * Lv + uvv - (F + k) * v
    return U, V
