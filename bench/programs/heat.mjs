// Implicit (backward Euler) heat equation on 300 points: a dense tridiagonal system
// solved by linalg.solve at each of 40 steps.
export const about = 'implicit heat: a dense system built from eye(k), 40 LU solves';
export const compare = { rtol: 1e-10 }; // LAPACK's blocked LU rounds in another order

export function run(wt) {
  const n = 300,
    dx = 1 / (n + 1);
  const r = 1e-4 / dx ** 2;
  const A = wt.tidy(() =>
    wt
      .eye(n)
      .mul(1 + 2 * r)
      .sub(wt.eye(n, { k: 1 }).mul(r))
      .sub(wt.eye(n, { k: -1 }).mul(r)),
  );
  let u = wt.tidy(() =>
    wt.exp(
      wt
        .linspace(dx, 1 - dx, n)
        .sub(0.5)
        .pow(2)
        .mul(-100),
    ),
  );
  for (let step = 0; step < 40; step++) u = wt.tidy(() => wt.linalg.solve(A, u), { release: u });
  A.dispose();
  return u;
}
