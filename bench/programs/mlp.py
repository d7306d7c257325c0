"""A two-layer perceptron (tanh, sigmoid) trained by full-batch gradient descent with
hand-written gradients: 512 samples, 16 features, 64 hidden units, 300 steps."""


def run(np):
    rng = np.random.default_rng(8)
    X = rng.standard_normal((512, 16))
    y = (X[:, :1] * X[:, 1:2] > 0).astype(np.float64)
    W1, b1 = rng.standard_normal((16, 64)) * 0.3, np.zeros(64)
    W2, b2 = rng.standard_normal((64, 1)) * 0.3, np.zeros(1)
    lr = 0.5
    for _ in range(300):
        h = np.tanh(X @ W1 + b1)
        out = 1 / (1 + np.exp(-(h @ W2 + b2)))
        g = (out - y) / len(X)
        gW2, gb2 = h.T @ g, g.sum(axis=0)
        gh = (g @ W2.T) * (1 - h ** 2)
        gW1, gb1 = X.T @ gh, gh.sum(axis=0)
        W1 -= lr * gW1
        b1 -= lr * gb1
        W2 -= lr * gW2
        b2 -= lr * gb2
    loss = -np.mean(y * np.log(out) + (1 - y) * np.log(1 - out))
    return W1, W2, loss
