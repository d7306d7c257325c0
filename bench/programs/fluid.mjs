// A small fluid solver on 96 x 96: pressure projection by 40 Jacobi sweeps, then
// semi-Lagrangian advection with a nearest-cell backtrace (fancy indexing), 25 steps.
export const about = 'fluid: Jacobi pressure solve on slices, backtrace by fancy indexing, 25 steps';

export function run(wt) {
  const n = 96,
    rng = wt.random.defaultRng(3);
  let u = rng.standardNormal([n, n]).mul(0.5),
    v = rng.standardNormal([n, n]).mul(0.5);
  const [i, j] = wt.meshgrid(wt.arange(n), wt.arange(n), { indexing: 'ij' });
  const inner = '1:-1, 1:-1';
  for (let step = 0; step < 25; step++)
    [u, v] = wt.tidy(
      () => {
        const div = wt.zeros([n, n]);
        const dx = (Z) => Z.slice('1:-1, 2:').sub(Z.slice('1:-1, :-2'));
        const dy = (Z) => Z.slice('2:, 1:-1').sub(Z.slice(':-2, 1:-1'));
        // NumPy's order: ((u[.., 2:] - u[.., :-2]) + v[2:, ..]) - v[:-2, ..]
        div.slice(inner).assign(dx(u).add(v.slice('2:, 1:-1')).sub(v.slice(':-2, 1:-1')).mul(0.5));
        const p = wt.zeros([n, n]);
        for (let k = 0; k < 40; k++)
          wt.tidy(() => {
            const sum = p
              .slice('1:-1, 2:')
              .add(p.slice('1:-1, :-2'))
              .add(p.slice('2:, 1:-1'))
              .add(p.slice(':-2, 1:-1'));
            p.slice(inner).assign(sum.sub(div.slice(inner)).div(4));
          });
        u.slice(inner).isub(dx(p).mul(0.5));
        v.slice(inner).isub(dy(p).mul(0.5));
        const x = wt.clip(wt.rint(i.sub(v)).astype('int64'), 0, n - 1);
        const y = wt.clip(wt.rint(j.sub(u)).astype('int64'), 0, n - 1);
        return [u.get(x, y), v.get(x, y)];
      },
      { release: [u, v] },
    );
  return [u, v];
}
