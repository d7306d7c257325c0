// Conway's Game of Life on a 256 x 256 board (numpy-100's form), 100 generations.
export const about = 'cellular automaton: 8 shifted slices summed, a mask set, 100 steps';

export function run(wt) {
  const rng = wt.random.defaultRng(1);
  const Z = rng.random([256, 256]).less(0.3).astype('int8');
  for (let step = 0; step < 100; step++)
    wt.tidy(() => {
      const s = (rows, cols) => Z.slice(`${rows}, ${cols}`);
      const N = s('0:-2', '0:-2')
        .add(s('0:-2', '1:-1'))
        .add(s('0:-2', '2:'))
        .add(s('1:-1', '0:-2'))
        .add(s('1:-1', '2:'))
        .add(s('2:', '0:-2'))
        .add(s('2:', '1:-1'))
        .add(s('2:', '2:'));
      const C = Z.slice('1:-1, 1:-1');
      const born = N.equal(3).bitwiseAnd(C.equal(0));
      const stays = N.equal(2).bitwiseOr(N.equal(3)).bitwiseAnd(C.equal(1));
      Z.assign(0);
      C.set([born.bitwiseOr(stays)], 1);
    });
  return Z;
}
