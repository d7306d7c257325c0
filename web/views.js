// views explorer: a chain of views over arange(n), drawn as the storage cells
// they touch and as their own logical grid, with the descriptor beside them.
import { init } from '../bindings/index.js';
import { $, el, header, showError } from './common.js';

// op: [how the chain shows it, placeholder, apply(tensor, argument text)]
// '2, -1' -> [2, -1] (shapes, axes, diagonal arguments); C checks the values
const numbers = (s) => (s.trim() === '' ? [] : s.split(',').map((d) => Number(d.trim())));
const OPS = {
  slice: ["slice('%')", 'NumPy indices, e.g. ::-1, 1::2', (t, a) => t.slice(a)],
  transpose: [
    'transpose(%)',
    'axes, e.g. 1,0 (empty: reverse them)',
    (t, a) => t.transpose(a.trim() ? numbers(a) : null),
  ],
  broadcastTo: ['broadcastTo([%])', 'shape, e.g. 3,4,6', (t, a) => t.broadcastTo(numbers(a))],
  diagonal: ['diagonal(%)', 'offset[, axis1, axis2], e.g. 1', (t, a) => t.diagonal(...numbers(a))],
  reshape: ['reshape([%])', 'shape, e.g. 2,-1', (t, a) => t.reshape(numbers(a))],
  expandDims: ['expandDims(%)', 'axis, e.g. 0', (t, a) => t.expandDims(Number(a))],
  squeeze: ['squeeze(%)', 'axes (empty: every size-1 axis)', (t, a) => t.squeeze(a.trim() ? numbers(a) : null)],
  ravel: ['ravel()', 'no argument', (t) => t.ravel()],
};
const EXAMPLES = [
  ['reversed rows, odd columns', '4,6', [['slice', '::-1, 1::2']]],
  ['transpose', '4,6', [['transpose', '']]],
  [
    'a row broadcast',
    '4,6',
    [
      ['slice', '1'],
      ['broadcastTo', '3,6'],
    ],
  ],
  ['diagonal', '5,5', [['diagonal', '0']]],
  [
    'reshape of a transpose (copies)',
    '4,6',
    [
      ['transpose', ''],
      ['reshape', '-1'],
    ],
  ],
  ['3-D: every other plane', '4,3,4', [['slice', '::2, :, ::-1']]],
];

header();
const wt = await init();
let chain = []; // [{ label, t }], chain[0] is the base tensor

function setBase(text) {
  const s = numbers(text);
  const n = s.reduce((a, b) => a * b, 1);
  if (!(n > 0 && n <= 400))
    throw new Error(`the base shape (${text}) must have between 1 and 400 elements, for drawing`);
  const t = wt.arange(n).reshape(s);
  wt.dispose(chain.map((c) => c.t));
  chain = [{ label: `a = arange(${n}).reshape([${s.join(', ')}])`, t }];
}

function apply(op, arg) {
  const [fmt, , f] = OPS[op];
  const top = chain[chain.length - 1].t;
  chain.push({ label: `.${fmt.replace('%', arg.trim())}`, t: f(top, arg) });
}

const hue = (off, n) => `hsl(${Math.round((off * 300) / Math.max(1, n))}, 72%, 78%)`;

// every element of t in C order: [index, storage offset]
function elements(t) {
  const out = [];
  const idx = new Array(t.ndim).fill(0);
  for (let k = 0; k < t.size; k++) {
    out.push([idx.slice(), t.offset + idx.reduce((s, i, a) => s + i * t.strides[a], 0)]);
    for (let a = t.ndim - 1; a >= 0; a--) {
      if (++idx[a] < t.shape[a]) break;
      idx[a] = 0;
    }
  }
  return out;
}

function draw() {
  const base = chain[0].t,
    view = chain[chain.length - 1].t;
  $('chain').replaceChildren(...chain.map((c) => el('li', {}, c.label)));
  const shared = view.data.byteOffset === base.data.byteOffset;
  const data = view.data,
    n = data.length;
  const els = elements(view);
  const touched = new Map();
  for (const [, off] of els) touched.set(off, (touched.get(off) ?? 0) + 1);
  $('descriptor').textContent = [
    `shape   (${view.shape.join(', ')})`,
    `strides (${view.strides.join(', ')})   in elements`,
    `offset  ${view.offset}`,
    `dtype ${view.dtype} · ${view.isContiguous ? 'C-contiguous' : 'not contiguous'} · ${view.readOnly ? 'read-only (stride-0 axes alias)' : 'writable'}`,
    shared
      ? `a view: shares a's storage, touches ${touched.size} of its ${n} cells`
      : `a copy: its own storage of ${n} elements (no view could express this)`,
  ].join('\n');

  // storage as a grid: a's rows when it is a's storage, else one row of 16
  const width = shared && base.ndim ? base.shape[base.ndim - 1] : Math.min(16, n);
  $('storage-note').textContent = shared ? "a's storage: offset 0 at top left, row by row" : "the copy's storage";
  const cells = [];
  for (let off = 0; off < n; off++) {
    const k = touched.get(off) ?? 0;
    const cell = el(
      'div',
      {
        class: `cell${k ? '' : ' off'}`,
        title: `offset ${off}${k > 1 ? `, read ${k} times` : ''}`,
        'data-offset': off,
        style: { background: hue(off, n) },
      },
      String(data[off]),
      el('small', {}, k > 1 ? `@${off} ×${k}` : `@${off}`),
    );
    cells.push(cell);
  }
  $('storage').replaceChildren(
    el('div', { class: 'grid', id: 'storage-grid', style: { gridTemplateColumns: `repeat(${width}, 38px)` } }, cells),
  );

  // the view as 2-D slabs (one per leading index), its cells coloured by offset
  const rows = view.ndim >= 2 ? view.shape[view.ndim - 2] : 1,
    cols = view.ndim >= 1 ? view.shape[view.ndim - 1] : 1;
  const per = rows * cols,
    slabs = [];
  for (let s = 0; per && s * per < els.length && s < 64; s++) {
    const part = els.slice(s * per, (s + 1) * per);
    const lead = view.ndim > 2 ? `[${part[0][0].slice(0, -2).join(', ')}, :, :]` : '';
    slabs.push(
      el(
        'div',
        { class: 'slab' },
        lead && el('div', { class: 'muted' }, lead),
        el(
          'div',
          { class: 'grid', style: { gridTemplateColumns: `repeat(${cols}, 38px)` } },
          part.map(([idx, off]) => {
            const cell = el(
              'div',
              { class: 'cell', title: `[${idx.join(', ')}] → offset ${off}`, style: { background: hue(off, n) } },
              String(data[off]),
              el('small', {}, `@${off}`),
            );
            const target = () => cells[off];
            cell.addEventListener('mouseenter', () => target().classList.add('hit'));
            cell.addEventListener('mouseleave', () => target().classList.remove('hit'));
            return cell;
          }),
        ),
      ),
    );
  }
  if (!per) slabs.push(el('p', { class: 'muted' }, `an empty view: shape (${view.shape.join(', ')})`));
  $('view').replaceChildren(
    el('div', { id: 'view-grid' }, slabs),
    els.length > 64 * per ? el('p', { class: 'muted' }, '(first 64 slabs shown)') : '',
  );
}

function guarded(fn) {
  return (ev) => {
    ev?.preventDefault();
    $('status').replaceChildren();
    try {
      fn();
    } catch (e) {
      showError($('status'), e);
    }
    draw();
  };
}

const opSelect = $('op');
for (const name of Object.keys(OPS)) opSelect.append(el('option', {}, name));
const placeholder = () => {
  $('arg').placeholder = OPS[opSelect.value][1];
};
opSelect.addEventListener('change', placeholder);
placeholder();
$('base-form').addEventListener(
  'submit',
  guarded(() => setBase($('base-shape').value)),
);
$('op-form').addEventListener(
  'submit',
  guarded(() => apply(opSelect.value, $('arg').value)),
);
$('undo').addEventListener(
  'click',
  guarded(() => {
    if (chain.length > 1) chain.pop().t.dispose();
  }),
);
$('assign-form').addEventListener(
  'submit',
  guarded(() => {
    const v = Number($('assign-value').value);
    if ($('assign-value').value.trim() === '' || Number.isNaN(v))
      throw new Error(`"${$('assign-value').value}" is not a number`);
    chain[chain.length - 1].t.assign(v);
  }),
);
for (const [label, base, steps] of EXAMPLES) {
  $('examples').append(
    el(
      'button',
      {
        type: 'button',
        onclick: guarded(() => {
          $('base-shape').value = base;
          setBase(base);
          for (const [op, arg] of steps) apply(op, arg);
        }),
      },
      label,
    ),
  );
}
guarded(() => {
  setBase('4,6');
  apply('slice', '::-1, 1::2');
})();
document.body.dataset.ready = 'true';
