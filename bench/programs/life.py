"""Conway's Game of Life on a 256 x 256 torus-free board (numpy-100's form), 100 generations."""


def run(np):
    rng = np.random.default_rng(1)
    Z = (rng.random((256, 256)) < 0.3).astype(np.int8)
    for _ in range(100):
        N = (Z[0:-2, 0:-2] + Z[0:-2, 1:-1] + Z[0:-2, 2:] + Z[1:-1, 0:-2] + Z[1:-1, 2:]
             + Z[2:, 0:-2] + Z[2:, 1:-1] + Z[2:, 2:])
        C = Z[1:-1, 1:-1]
        alive = ((N == 3) & (C == 0)) | (((N == 2) | (N == 3)) & (C == 1))
        Z[...] = 0
        Z[1:-1, 1:-1][alive] = 1
    return Z
