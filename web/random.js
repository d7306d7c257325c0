// seeded randomness: random walks and a Monte Carlo estimate of π from one
// generator, its seed in the URL (?seed=&walks=&steps=), NumPy's streams.
import { init } from '../bindings/index.js';
import { $, header, rerender } from './common.js';

const COLORS = ['#1f6feb', '#cf222e', '#1a7f37', '#8250df', '#bf8700', '#0a7ea4', '#d1242f', '#57606a'];
const POINTS = 200000;

header();
const wt = await init();

function params() {
  const q = new URLSearchParams(location.search);
  const int = (name, dflt, max) => {
    const v = q.get(name) ?? String(dflt);
    if (!/^\d+$/.test(v) || Number(v) > max) throw new Error(`${name} must be an integer from 0 to ${max}, got '${v}'`);
    return Number(v);
  };
  return {
    seed: int('seed', 12345, Number.MAX_SAFE_INTEGER),
    walks: int('walks', 8, 64),
    steps: int('steps', 400, 20000),
  };
}

function drawWalks(paths) {
  const canvas = $('walks-canvas'),
    ctx = canvas.getContext('2d');
  const [walks, steps] = paths.shape;
  const rows = paths.toArray();
  const flat = rows.flat(),
    lo = Math.min(0, ...flat),
    hi = Math.max(0, ...flat);
  const x = (i) => 10 + (i / Math.max(1, steps - 1)) * (canvas.width - 20);
  const y = (v) => canvas.height - 10 - ((v - lo) / (hi - lo || 1)) * (canvas.height - 20);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.strokeStyle = '#d0d7de';
  ctx.beginPath();
  ctx.moveTo(x(0), y(0));
  ctx.lineTo(x(steps - 1), y(0));
  ctx.stroke();
  rows.forEach((row, w) => {
    ctx.strokeStyle = COLORS[w % COLORS.length];
    ctx.beginPath();
    row.forEach((v, i) => (i ? ctx.lineTo(x(i), y(v)) : ctx.moveTo(x(i), y(v))));
    ctx.stroke();
  });
  return walks;
}

function render() {
  const { seed, walks, steps } = params();
  $('seed').value = seed;
  $('walks').value = walks;
  $('steps').value = steps;
  wt.tidy(() => {
    const rng = wt.random.defaultRng(seed);
    const t0 = performance.now();
    const z = rng.standardNormal([walks, steps]);
    const paths = wt.cumsum(z, { axis: 1 });
    const xy = rng.random([POINTS, 2]);
    const inside = wt.less(wt.sum(wt.square(xy), { axis: 1 }), 1);
    const pi = 4 * wt.mean(inside.astype('float64')).item();
    const ms = performance.now() - t0;
    drawWalks(paths);
    const first = Array.from(z.reshape([-1]).slice(':3').toTypedArray(), (v) => v.toFixed(8));
    $('first').textContent = `first steps: ${first.join(', ')}`;
    $('pi').textContent =
      `π ≈ ${pi.toFixed(5)} from ${POINTS.toLocaleString('en')} points (${ms.toFixed(1)} ms for every draw and sum)`;
    rng.bitGenerator.dispose();
  });
  $('python').textContent = [
    'import numpy as np',
    `rng = np.random.default_rng(${seed})`,
    `paths = rng.standard_normal((${walks}, ${steps})).cumsum(axis=1)`,
    `xy = rng.random((${POINTS}, 2))`,
    'pi = 4 * ((xy ** 2).sum(axis=1) < 1).mean()',
  ].join('\n');
}

const go = (next) => rerender(render, next);

$('form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  go({ seed: $('seed').value.trim(), walks: $('walks').value.trim(), steps: $('steps').value.trim() });
});
$('new-seed').addEventListener('click', () => {
  // a fresh seed from SeedSequence's entropy, kept in the URL like any other
  const seed = String(new wt.random.SeedSequence().generateState(2, 'uint32')[0]);
  go({ seed, walks: $('walks').value.trim(), steps: $('steps').value.trim() });
});
rerender(render);
document.body.dataset.ready = 'true';
