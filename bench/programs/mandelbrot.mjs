// The Mandelbrot set on a 300 x 450 grid, 80 iterations, complex128 with a mask of the
// points still bounded.
export const about = 'Mandelbrot: complex128 abs, z ** 2 on masked points, mask get and set, 80 steps';
// NumPy's x86 loops multiply complex numbers with FMA, wtensor does not (wasm has no
// deterministic FMA): a point on the set's edge may escape one iteration apart
export const compare = { mismatch: 0.002, atol: 1 };

export function run(wt) {
  const [h, w] = [300, 450];
  const x = wt.linspace(-2.2, 0.8, w),
    y = wt.linspace(-1.2, 1.2, h);
  const c = x.get(null, ':').add(y.get(':', null).mul({ re: 0, im: 1 }));
  const z = wt.zerosLike(c),
    count = wt.zeros(c.shape, 'int32');
  for (let step = 0; step < 80; step++)
    wt.tidy(() => {
      const mask = wt.abs(z).lessEqual(2);
      z.set([mask], z.get(mask).pow(2).add(c.get(mask)));
      count.iadd(mask);
    });
  return count;
}
