// Shared by the demo pages: the header, DOM helpers, timing and formatting.
// Pages import wtensor themselves, as users do.
const PAGES = [
  ['index.html', 'wtensor'],
  ['playground.html', 'einsum playground'],
  ['views.html', 'views explorer'],
  ['image.html', 'image'],
  ['random.html', 'seeded randomness'],
  ['fit.html', 'least squares'],
  ['spectrogram.html', 'spectrogram'],
  ['bench.html', 'benchmarks'],
];

// el('div', { class: 'x', onclick: f }, child, 'text', ...) — no innerHTML for
// user-visible text, so nothing typed into a page is ever parsed as markup
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (k === 'style')
      Object.assign(node.style, v); // CSSOM: allowed under style-src 'self'
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat())
    if (c !== undefined && c !== null && c !== false) node.append(c instanceof Node ? c : String(c));
  return node;
}

export const $ = (id) => document.getElementById(id);

export function header() {
  const here = location.pathname.split('/').pop() || 'index.html';
  document.body.prepend(
    el(
      'header',
      {},
      el('h1', {}, 'wtensor demos'),
      el(
        'nav',
        {},
        PAGES.map(([href, label]) => el('a', { href, 'aria-current': href === here ? 'page' : null }, label)),
      ),
    ),
  );
}

// shows an error inline: a WtError's code and message, or anything else
export function showError(target, e) {
  target.replaceChildren(el('span', { class: 'error' }, e?.code ? `${e.code}: ${e.message}` : String(e?.message ?? e)));
}

// a page whose settings live in the URL: next (its parameters; none keeps
// the URL) becomes the query, then render() runs, an error shown in #status
export function rerender(render, next) {
  if (next) history.replaceState(null, '', `?${new URLSearchParams(next)}`);
  $('status').textContent = '';
  try {
    render();
  } catch (e) {
    showError($('status'), e);
  }
}

// runs fn repeatedly for at least minMs (and at least once); median ms per call
export function timeIt(fn, { minMs = 30, maxRuns = 50 } = {}) {
  const times = [];
  const start = performance.now();
  do {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  } while (performance.now() - start < minMs && times.length < maxRuns);
  times.sort((a, b) => a - b);
  return { ms: times[times.length >> 1], runs: times.length };
}

export const fmtMs = (ms) =>
  ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(1)} µs`;
export const fmtInt = (n) => Number(n).toLocaleString('en-US');

export function fmtNum(x) {
  if (typeof x === 'boolean') return String(x);
  if (Number.isInteger(x)) return String(x);
  const a = Math.abs(x);
  return a !== 0 && (a < 1e-3 || a >= 1e5) ? x.toExponential(3) : x.toFixed(4);
}

// a bounded text preview of a tensor, NumPy-like: at most `edge` items per
// axis end, '...' between (reads through the tensor's strides, no copy)
export function preview(t, edge = 3) {
  const { shape, strides, offset } = t;
  const data = t.data,
    bool = t.dtype === 'bool';
  const walk = (axis, off, indent) => {
    if (axis === shape.length) return fmtNum(bool ? data[off] !== 0 : data[off]);
    const n = shape[axis];
    const idx =
      n > 2 * edge
        ? [...Array(edge).keys(), -1, ...Array.from({ length: edge }, (_, i) => n - edge + i)]
        : [...Array(n).keys()];
    const parts = idx.map((i) => (i < 0 ? '...' : walk(axis + 1, off + i * strides[axis], `${indent} `)));
    const inner = axis === shape.length - 1 ? parts.join(', ') : parts.join(`,\n${indent} `);
    return `[${inner}]`;
  };
  return walk(0, offset, '');
}
