// least squares: a polynomial fitted to seeded noisy points (plus any the
// user clicks), by wt.polyfit or wt.polynomial's Chebyshev and Legendre fits,
// with the lstsq diagnostics NumPy gives; everything in the URL
// (?seed=&deg=&basis=&add=x,y;x,y).
import { init } from '../bindings/index.js';
import { $, header, rerender } from './common.js';

const N = 25;
const BASES = { power: 'polyfit', chebyshev: 'Chebyshev', legendre: 'Legendre' };
const [XMIN, XMAX, YMIN, YMAX] = [-1.1, 1.1, -2, 2];

header();
const wt = await init();

function params() {
  const q = new URLSearchParams(location.search);
  const int = (name, dflt, max, label = name) => {
    const v = q.get(name) ?? String(dflt);
    if (!/^\d+$/.test(v) || Number(v) > max)
      throw new Error(`${label} must be an integer from 0 to ${max}, got '${v}'`);
    return Number(v);
  };
  const basis = q.get('basis') ?? 'power';
  if (!BASES[basis]) throw new Error(`basis must be power, chebyshev or legendre, got '${basis}'`);
  const add = (q.get('add') ?? '')
    .split(';')
    .filter(Boolean)
    .map((p) => p.split(',').map(Number));
  if (add.some((p) => p.length !== 2 || !p.every(Number.isFinite))) throw new Error('add must be x,y;x,y;...');
  return { seed: int('seed', 3, Number.MAX_SAFE_INTEGER), deg: int('deg', 3, 20, 'degree'), basis, add };
}

// the seeded points: x evenly spaced in [-1, 1], y = sin(3x) + 0.1 N(0, 1), NumPy's stream
function points(seed, add) {
  const rng = wt.random.defaultRng(seed);
  const x = wt.linspace(-1, 1, N),
    y = wt.add(wt.sin(wt.mul(x, 3)), wt.mul(rng.standardNormal(N), 0.1));
  rng.bitGenerator.dispose();
  return [
    [...x.toTypedArray(), ...add.map((p) => p[0])],
    [...y.toTypedArray(), ...add.map((p) => p[1])],
  ];
}

// the fit: coefficients (as the basis lists them), the curve's values at xs, and lstsq's diagnostics
function fit(x, y, deg, basis, xs) {
  if (basis === 'power') {
    const r = wt.polyfit(x, y, deg, { full: true });
    const s = r.singularValues.toTypedArray();
    return {
      coef: [...r.coef.toTypedArray()],
      curve: wt.polyval(r.coef, xs).toTypedArray(),
      rss: r.residuals.size ? r.residuals.item() : NaN,
      rank: r.rank,
      cond: s[0] / s[s.length - 1],
    };
  }
  const [p, [res, rank, s]] = wt.polynomial[BASES[basis]].fit(x, y, deg, { full: true });
  return {
    coef: p.coef,
    curve: p.call(xs).toTypedArray(),
    rss: res.length ? res[0] : NaN,
    rank,
    cond: s[0] / s.at(-1),
  };
}

function draw(x, y, xs, curve) {
  const c = $('plot'),
    ctx = c.getContext('2d');
  const px = (v) => ((v - XMIN) / (XMAX - XMIN)) * c.width,
    py = (v) => c.height - ((v - YMIN) / (YMAX - YMIN)) * c.height;
  ctx.clearRect(0, 0, c.width, c.height);
  ctx.strokeStyle = '#d0d7de';
  ctx.beginPath();
  (ctx.moveTo(0, py(0)), ctx.lineTo(c.width, py(0)), ctx.moveTo(px(0), 0), ctx.lineTo(px(0), c.height));
  ctx.stroke();
  ctx.strokeStyle = '#cf222e';
  ctx.lineWidth = 2;
  ctx.beginPath();
  xs.forEach((v, i) => (i ? ctx.lineTo(px(v), py(curve[i])) : ctx.moveTo(px(v), py(curve[i]))));
  ctx.stroke();
  ctx.lineWidth = 1;
  ctx.fillStyle = '#1f6feb';
  x.forEach((v, i) => ctx.fillRect(px(v) - 3, py(y[i]) - 3, 6, 6));
}

function render() {
  const { seed, deg, basis, add } = params();
  $('seed').value = seed;
  $('deg').value = deg;
  $('basis').value = basis;
  wt.tidy(() => {
    const [x, y] = points(seed, add),
      xs = wt.linspace(Math.min(...x), Math.max(...x), 300);
    const t0 = performance.now(),
      f = fit(x, y, deg, basis, xs),
      ms = performance.now() - t0;
    draw(x, y, xs.toTypedArray(), f.curve);
    $('coef').textContent = `coefficients: ${f.coef.map((v) => v.toFixed(6)).join(', ')}`;
    $('stats').textContent =
      `${x.length} points, degree ${deg}: residual sum of squares ${Number.isNaN(f.rss) ? '—' : f.rss.toPrecision(6)}, ` +
      `rank ${f.rank}, condition number ${f.cond.toPrecision(4)} (${ms.toFixed(1)} ms)`;
  });
  const addPy = add.length
    ? `\nx = np.append(x, [${add.map((p) => p[0]).join(', ')}]); y = np.append(y, [${add.map((p) => p[1]).join(', ')}])`
    : '';
  $('python').textContent = [
    'import numpy as np',
    `x = np.linspace(-1, 1, ${N})`,
    `y = np.sin(3 * x) + 0.1 * np.random.default_rng(${seed}).standard_normal(${N})${addPy}`,
    basis === 'power' ? `np.polyfit(x, y, ${deg})` : `np.polynomial.${BASES[basis]}.fit(x, y, ${deg}).coef`,
  ].join('\n');
}

const go = (next) => rerender(render, next);

const current = () => ({ seed: $('seed').value.trim(), deg: $('deg').value.trim(), basis: $('basis').value });
const added = () => new URLSearchParams(location.search).get('add') ?? '';
$('form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  go({ ...current(), add: added() });
});
$('basis').addEventListener('change', () => go({ ...current(), add: added() }));
$('clear').addEventListener('click', () => go(current()));
$('plot').addEventListener('click', (ev) => {
  const c = $('plot'),
    r = c.getBoundingClientRect();
  const x = XMIN + ((ev.clientX - r.left) / r.width) * (XMAX - XMIN),
    y = YMAX - ((ev.clientY - r.top) / r.height) * (YMAX - YMIN);
  const snap = (v) => (Math.round(v * 20) / 20).toFixed(2); // a 0.05 grid: the URL stays short and exact
  const pts = [added(), `${snap(x)},${snap(y)}`].filter(Boolean).join(';');
  go({ ...current(), add: pts });
});
rerender(render);
document.body.dataset.ready = 'true';
