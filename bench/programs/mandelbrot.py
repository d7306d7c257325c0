"""The Mandelbrot set on a 300 x 450 grid, 80 iterations, complex128 with a mask of the points still bounded."""


def run(np):
    h, w = 300, 450
    x, y = np.linspace(-2.2, 0.8, w), np.linspace(-1.2, 1.2, h)
    c = x[None, :] + 1j * y[:, None]
    z = np.zeros_like(c)
    count = np.zeros(c.shape, dtype=np.int32)
    for _ in range(80):
        mask = np.abs(z) <= 2
        z[mask] = z[mask] ** 2 + c[mask]
        count += mask
    return count
