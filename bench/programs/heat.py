"""Implicit (backward Euler) heat equation on 300 points: a dense tridiagonal system
solved by np.linalg.solve at each of 40 steps."""


def run(np):
    n = 300
    dx = 1 / (n + 1)
    r = 1e-4 / dx ** 2
    A = np.eye(n) * (1 + 2 * r) - r * np.eye(n, k=1) - r * np.eye(n, k=-1)
    x = np.linspace(dx, 1 - dx, n)
    u = np.exp(-100 * (x - 0.5) ** 2)
    for _ in range(40):
        u = np.linalg.solve(A, u)
    return u
