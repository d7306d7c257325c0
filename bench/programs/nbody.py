"""Direct-sum gravity: 320 bodies in 3-D, all pair forces by broadcasting, 40 leapfrog-like steps."""


def run(np):
    n = 320
    rng = np.random.default_rng(4)
    pos, vel, mass = rng.standard_normal((n, 3)), np.zeros((n, 3)), rng.random(n) + 0.5
    dt, soft = 0.01, 0.1
    for _ in range(40):
        d = pos[None, :, :] - pos[:, None, :]
        r2 = (d ** 2).sum(axis=2) + soft ** 2
        inv = r2 ** -1.5
        acc = (d * (inv * mass[None, :])[:, :, None]).sum(axis=1)
        vel += dt * acc
        pos += dt * vel
    return pos, vel
