// Image filtering on a 768 x 768 float32 image: three separable 5-tap binomial blurs
// (edge-padded) and a central-difference gradient magnitude.
export const about = 'image filter: edge padding, 5-tap separable blur by shifted slices (float32), gradient';

export function run(wt) {
  const n = 768;
  let img = wt.random.defaultRng(6).random([n, n]).astype('float32');
  const k = [0.0625, 0.25, 0.375, 0.25, 0.0625];
  // Python's sum() starts at 0: 0 + k[0] * x is k[0] * x, so the taps are added from the first
  const taps = (part) => k.slice(1).reduce((acc, ki, i) => acc.add(part(i + 1).mul(ki)), part(0).mul(k[0]));
  for (let pass = 0; pass < 3; pass++)
    img = wt.tidy(
      () => {
        const p = wt.pad(img, 2, { mode: 'edge' });
        const rows = taps((i) => p.slice(`:, ${i}:${i + n}`));
        return taps((i) => rows.slice(`${i}:${i + n}, :`));
      },
      { release: img },
    );
  return wt.tidy(() => {
    const gx = img.slice('1:-1, 2:').sub(img.slice('1:-1, :-2'));
    const gy = img.slice('2:, 1:-1').sub(img.slice(':-2, 1:-1'));
    return wt.sqrt(gx.mul(gx).add(gy.mul(gy)));
  });
}
