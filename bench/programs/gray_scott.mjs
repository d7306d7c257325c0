// Gray-Scott reaction-diffusion on 192 x 192 (float64), 400 explicit steps.
export const about = 'reaction-diffusion: 5-point Laplacians of slices, in-place updates, 400 steps';

export function run(wt) {
  const n = 192,
    rng = wt.random.defaultRng(2);
  const U = wt.ones([n, n]),
    V = wt.zeros([n, n]);
  U.slice('86:106, 86:106').assign(0.5);
  V.slice('86:106, 86:106').assign(0.25);
  U.iadd(rng.random([n, n]).mul(0.05));
  V.iadd(rng.random([n, n]).mul(0.05));
  const [Du, Dv, F, k] = [0.16, 0.08, 0.035, 0.065];
  const lap = (Z, z) =>
    Z.slice(':-2, 1:-1').add(Z.slice('1:-1, :-2')).sub(z.mul(4)).add(Z.slice('1:-1, 2:')).add(Z.slice('2:, 1:-1'));
  for (let step = 0; step < 400; step++)
    wt.tidy(() => {
      const u = U.slice('1:-1, 1:-1'),
        v = V.slice('1:-1, 1:-1');
      const Lu = lap(U, u),
        Lv = lap(V, v);
      const uvv = u.mul(v).mul(v);
      u.iadd(Lu.mul(Du).sub(uvv).add(wt.sub(1, u).mul(F)));
      v.iadd(
        Lv.mul(Dv)
          .add(uvv)
          .sub(v.mul(F + k)),
      );
    });
  return [U, V];
}
