// Maze generation by randomized depth-first search on a 121 x 161 grid: a JS loop of
// scalar reads, writes and one random draw per step.
export const about = 'maze: a scalar loop of element reads (item), writes (set) and one draw a step';

export function run(wt) {
  const rng = wt.random.defaultRng(10);
  const [h, w] = [121, 161];
  const M = wt.zeros([h, w], 'int8');
  M.set([1, 1], 1);
  const stack = [[1, 1]];
  while (stack.length) {
    const [y, x] = stack[stack.length - 1];
    const nb = [
      [-2, 0],
      [2, 0],
      [0, -2],
      [0, 2],
    ]
      .map(([dy, dx]) => [y + dy, x + dx])
      .filter(([ny, nx]) => ny > 0 && ny < h && nx > 0 && nx < w && M.item(ny, nx) === 0);
    if (!nb.length) {
      stack.pop();
      continue;
    }
    const [ny, nx] = nb[Number(rng.integers(0, nb.length))]; // an int64 draw is a bigint
    M.set([(y + ny) >> 1, (x + nx) >> 1], 1);
    M.set([ny, nx], 1);
    stack.push([ny, nx]);
  }
  return M;
}
