"""A small fluid solver on 96 x 96: pressure projection by 40 Jacobi sweeps, then
semi-Lagrangian advection with a nearest-cell backtrace (fancy indexing), 25 steps."""


def run(np):
    n = 96
    rng = np.random.default_rng(3)
    u, v = rng.standard_normal((n, n)) * 0.5, rng.standard_normal((n, n)) * 0.5
    i, j = np.meshgrid(np.arange(n), np.arange(n), indexing='ij')
    for _ in range(25):
        div = np.zeros((n, n))
        div[1:-1, 1:-1] = 0.5 * (u[1:-1, 2:] - u[1:-1, :-2] + v[2:, 1:-1] - v[:-2, 1:-1])
        p = np.zeros((n, n))
        for _ in range(40):
            p[1:-1, 1:-1] = (p[1:-1, 2:] + p[1:-1, :-2] + p[2:, 1:-1] + p[:-2, 1:-1] - div[1:-1, 1:-1]) / 4
        u[1:-1, 1:-1] -= 0.5 * (p[1:-1, 2:] - p[1:-1, :-2])
        v[1:-1, 1:-1] -= 0.5 * (p[2:, 1:-1] - p[:-2, 1:-1])
        x = np.clip(np.rint(i - v).astype(np.int64), 0, n - 1)
        y = np.clip(np.rint(j - u).astype(np.int64), 0, n - 1)
        u, v = u[x, y], v[x, y]
    return u, v
