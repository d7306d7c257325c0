"""k-means (Lloyd's algorithm) on 6000 points in 2-D around 8 centers, 15 iterations."""


def run(np):
    rng = np.random.default_rng(7)
    truth = rng.standard_normal((8, 2)) * 5
    X = truth[rng.integers(0, 8, 6000)] + rng.standard_normal((6000, 2))
    C = X[:8].copy()
    for _ in range(15):
        d = ((X[:, None, :] - C[None, :, :]) ** 2).sum(axis=2)
        labels = d.argmin(axis=1)
        for j in range(8):
            members = labels == j
            if members.any():
                C[j] = X[members].mean(axis=0)
    return C, labels
