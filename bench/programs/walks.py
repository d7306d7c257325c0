"""Monte Carlo: 2000 random walks of 2000 +-1 steps (choice, cumsum, extremes and mean
distance per step), and pi from 10^6 points in the unit square."""


def run(np):
    rng = np.random.default_rng(11)
    walks = rng.choice(np.array([-1, 1]), size=(2000, 2000)).cumsum(axis=1)
    pts = rng.random((1000000, 2))
    pi = 4 * np.mean((pts ** 2).sum(axis=1) <= 1)
    return walks.max(axis=1), np.abs(walks).mean(axis=0), pi
