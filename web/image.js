// image demo: einsum and broadcasting on an image's pixels, every step timed.
import { init } from '../bindings/index.js';
import { $, el, header, showError, fmtMs } from './common.js';

// colour matrices M (out channel d, in channel c): rgb' = M · rgb
const MATRICES = {
  identity: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  sepia: [
    [0.393, 0.769, 0.189],
    [0.349, 0.686, 0.168],
    [0.272, 0.534, 0.131],
  ],
  grayscale: [
    [0.299, 0.587, 0.114],
    [0.299, 0.587, 0.114],
    [0.299, 0.587, 0.114],
  ],
  'swap red and blue': [
    [0, 0, 1],
    [0, 1, 0],
    [1, 0, 0],
  ],
  'cool tint': [
    [0.9, 0, 0],
    [0, 1, 0.05],
    [0.05, 0.1, 1.15],
  ],
};
const MAX_SIDE = 1024;

header();
const wt = await init();
const src = $('src'),
  dst = $('dst');
const srcCtx = src.getContext('2d', { willReadFrequently: true }),
  dstCtx = dst.getContext('2d', { willReadFrequently: true });
let pixels = null; // the original, (h, w, 4) uint8, kept across renders

for (const name of Object.keys(MATRICES)) $('matrix').append(el('option', {}, name));

async function loadImage(url) {
  const img = new Image();
  img.src = url;
  await img.decode();
  const scale = Math.min(1, MAX_SIDE / Math.max(img.naturalWidth, img.naturalHeight));
  src.width = dst.width = Math.max(1, Math.round(img.naturalWidth * scale));
  src.height = dst.height = Math.max(1, Math.round(img.naturalHeight * scale));
  srcCtx.drawImage(img, 0, 0, src.width, src.height);
  const { data } = srcCtx.getImageData(0, 0, src.width, src.height);
  pixels?.dispose();
  pixels = wt.keep(wt.tensor(data, { shape: [src.height, src.width, 4] })); // Uint8ClampedArray -> uint8
}

// box blur of x (h, w, 3) with radius r: separable sums of shifted views
function boxBlur(x, r) {
  const [h, w] = x.shape;
  const p = wt.empty([h + 2 * r, w + 2 * r, 3], 'float32');
  p.slice(`${r}:${r + h}, ${r}:${r + w}`).assign(x);
  p.slice(`${r}:${r + h}, :${r}`).assign(x.slice(':, :1')); // (h, 1, 3) broadcast to (h, r, 3)
  p.slice(`${r}:${r + h}, ${r + w}:`).assign(x.slice(':, -1:'));
  p.slice(`:${r}`).assign(p.slice(`${r}:${r + 1}`)); // (1, W, 3) broadcast to (r, W, 3)
  p.slice(`${r + h}:`).assign(p.slice(`${r + h - 1}:${r + h}`));
  const rows = wt.zeros([h + 2 * r, w, 3], 'float32');
  for (let i = 0; i <= 2 * r; i++) wt.add(rows, p.slice(`:, ${i}:${i + w}`), { out: rows });
  const out = wt.zeros([h, w, 3], 'float32');
  for (let i = 0; i <= 2 * r; i++) wt.add(out, rows.slice(`${i}:${i + h}`), { out });
  return out.mul(1 / (2 * r + 1) ** 2);
}

function render() {
  $('status').replaceChildren();
  const steps = [];
  const step = (label, fn) => {
    const t0 = performance.now();
    const v = fn();
    steps.push([label, performance.now() - t0]);
    return v;
  };
  try {
    const matrix = MATRICES[$('matrix').value];
    const brightness = Number($('brightness').value),
      contrast = Number($('contrast').value);
    const warmth = Number($('warmth').value),
      vignette = Number($('vignette').value),
      radius = Number($('radius').value);
    $('matrix-text').textContent =
      `M = ${JSON.stringify(matrix)}   brightness ${brightness}, contrast ${contrast}, warmth ${warmth}, vignette ${vignette}, blur radius ${radius}`;
    const total0 = performance.now();
    const rgba = wt.tidy(() => {
      const [h, w] = pixels.shape;
      let x = step('to float32 in [0, 1]: rgba[:, :, :3] / 255', () =>
        pixels
          .slice(':, :, :3')
          .astype('float32')
          .mul(1 / 255),
      );
      x = step("colour matrix: einsum('hwc,dc->hwd', x, M)", () =>
        wt.einsum('hwc,dc->hwd', x, wt.tensor(matrix, { dtype: 'float32' })),
      );
      x = step('contrast and brightness: (x - 0.5)·c + 0.5 + b', () =>
        x
          .sub(0.5)
          .mul(contrast)
          .add(0.5 + brightness),
      );
      if (warmth !== 0) {
        x = step('warmth: a (3,) gain broadcast to (h,w,3)', () =>
          x.mul(wt.tensor([1 + warmth, 1, 1 - warmth], { dtype: 'float32' })),
        );
      }
      if (vignette > 0) {
        x = step('vignette: (h,1,1)² + (1,w,1)² broadcast to (h,w,3)', () => {
          const vy = wt.linspace(-1, 1, h, { dtype: 'float32' }).reshape([h, 1, 1]);
          const vx = wt.linspace(-1, 1, w, { dtype: 'float32' }).reshape([1, w, 1]);
          return x.mul(
            vy
              .square()
              .add(vx.square())
              .mul(-vignette / 2)
              .add(1),
          );
        });
      }
      if (radius > 0)
        x = step(`box blur, radius ${radius}: ${2 * (2 * radius + 1)} adds of shifted views`, () => boxBlur(x, radius));
      return step('back to uint8: clip, scale, assign into rgba[:, :, :3]', () => {
        const out = pixels.copy();
        out.slice(':, :, :3').assign(x.clip(0, 1).mul(255).add(0.5)); // float -> uint8 truncates: +0.5 rounds
        return out;
      });
    });
    const bytes = rgba.toTypedArray();
    rgba.dispose();
    dstCtx.putImageData(
      new ImageData(new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, bytes.length), dst.width, dst.height),
      0,
      0,
    );
    steps.push(['total (including the copy to the canvas)', performance.now() - total0]);
    $('timings').replaceChildren(...steps.map(([label, ms]) => el('li', {}, `${label}: `, el('b', {}, fmtMs(ms)))));
    document.body.dataset.renders = String(Number(document.body.dataset.renders ?? 0) + 1);
  } catch (e) {
    showError($('status'), e);
  }
}

for (const id of ['matrix', 'brightness', 'contrast', 'warmth', 'vignette', 'radius'])
  $(id).addEventListener('input', render);
$('file').addEventListener('change', async () => {
  const file = $('file').files[0];
  if (!file) return;
  const url = URL.createObjectURL(file);
  try {
    await loadImage(url);
    render();
  } catch (e) {
    showError($('status'), new Error(`could not read ${file.name} as an image: ${e.message}`));
  } finally {
    URL.revokeObjectURL(url);
  }
});
await loadImage(new URL('assets/sample.png', import.meta.url));
render();
document.body.dataset.ready = 'true';
