// k-means (Lloyd's algorithm) on 6000 points in 2-D around 8 centers, 15 iterations.
export const about = 'k-means: (n, k, 2) distances, argmin, mask gathers and means per cluster, 15 steps';
export const compare = { rtol: 1e-12 };

export function run(wt) {
  const rng = wt.random.defaultRng(7);
  const truth = rng.standardNormal([8, 2]).mul(5);
  const X = truth.get(rng.integers(0, 8, 6000)).add(rng.standardNormal([6000, 2]));
  const C = X.slice(':8').copy();
  let labels = null;
  for (let step = 0; step < 15; step++) {
    labels?.dispose();
    labels = wt.tidy(() => {
      const d = X.get(':', null, ':')
        .sub(C.get(null, ':', ':'))
        .pow(2)
        .sum({ axis: 2 });
      const lab = d.argmin({ axis: 1 });
      for (let j = 0; j < 8; j++) {
        const members = lab.equal(j);
        // a 0-d tensor is an object, always true in JS: ask for its value
        if (members.any().item()) C.set([j], X.get(members).mean({ axis: 0 }));
      }
      return lab;
    });
  }
  return [C, labels];
}
