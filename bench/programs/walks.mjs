// Monte Carlo: 2000 random walks of 2000 +-1 steps (choice, cumsum, extremes and mean
// distance per step), and pi from 10^6 points in the unit square.
export const about = 'Monte Carlo: random choice, cumsum, reductions over both axes, 10^6 draws for pi';

export function run(wt) {
  const rng = wt.random.defaultRng(11);
  return wt.tidy(() => {
    const walks = rng.choice(wt.tensor([-1, 1]), { size: [2000, 2000] }).cumsum({ axis: 1 });
    const pts = rng.random([1000000, 2]);
    const pi = wt.mean(pts.pow(2).sum({ axis: 1 }).lessEqual(1)).mul(4);
    return [walks.max({ axis: 1 }), wt.abs(walks).mean({ axis: 0 }), pi];
  });
}
