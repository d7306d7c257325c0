// Direct-sum gravity: 320 bodies in 3-D, all pair forces by broadcasting, 40 steps.
export const about = 'n-body: (n, n, 3) pair differences, reductions over axes, 40 steps';
export const compare = { rtol: 1e-10 }; // pow(r2, -1.5) is libm's, NumPy's another libm's

export function run(wt) {
  const n = 320,
    rng = wt.random.defaultRng(4);
  const pos = rng.standardNormal([n, 3]),
    vel = wt.zeros([n, 3]),
    mass = rng.random([n]).add(0.5);
  const [dt, soft] = [0.01, 0.1];
  for (let step = 0; step < 40; step++)
    wt.tidy(() => {
      const d = pos.get(null, ':', ':').sub(pos.get(':', null, ':'));
      const r2 = d
        .pow(2)
        .sum({ axis: 2 })
        .add(soft ** 2);
      const inv = r2.pow(-1.5);
      const acc = d.mul(inv.mul(mass.get(null, ':')).get(':', ':', null)).sum({ axis: 1 });
      vel.iadd(acc.mul(dt));
      pos.iadd(vel.mul(dt));
    });
  return [pos, vel];
}
