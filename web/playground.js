// einsum playground: einsumPath's plan for the shapes typed, then einsum on
// random data of those shapes, timed.
import { init } from '../bindings/index.js';
import { $, el, header, showError, timeIt, fmtMs, fmtInt, preview } from './common.js';

const EXAMPLES = [
  ['matmul', 'ij,jk->ik', '256,128; 128,64'],
  ['batched attention scores', 'bhqd,bhkd->bhqk', '2,4,128,32; 2,4,128,32'],
  ['trace', 'ii->', '512,512'],
  ['diagonal (a view)', 'ii->i', '6,6'],
  ['outer product', 'i,j->ij', '5; 7'],
  ['tensor contraction chain', 'ij,jk,kl,lm->im', '64,8; 8,256; 256,16; 16,128'],
  ['ellipsis batch matmul', '...ij,...jk->...ik', '3,1,20,30; 4,30,10'],
  ['implicit output (transpose)', 'ji', '3,4'],
  ['bilinear form', 'i,ij,j->', '300; 300,300; 300'],
];

header();
const wt = await init();
const example = $('example');
for (const [label] of EXAMPLES) example.append(el('option', {}, label));

function pick(i) {
  const [, eq, shapes] = EXAMPLES[i];
  $('eq').value = eq;
  $('shapes').value = shapes;
}

// '64,32; 32,16' -> [[64,32],[32,16]]; '()' is a 0-d shape
function parseShapes(text) {
  return text.split(';').map((s, k) => {
    const body = s
      .trim()
      .replace(/^\(|\)$/g, '')
      .trim();
    if (body === '') return [];
    return body.split(',').map((d) => {
      const v = Number(d.trim());
      if (!/^\s*\d+\s*$/.test(d) || !Number.isSafeInteger(v)) {
        throw new Error(`shape of operand ${k + 1}: "${d.trim()}" is not a non-negative integer`);
      }
      return v;
    });
  });
}

// uniform random values in [-1, 1) (small integers for int32)
function random(shape, dtype) {
  const n = shape.reduce((a, b) => a * b, 1);
  if (n > 2 ** 24)
    throw new Error(`operand of shape (${shape}) has ${fmtInt(n)} elements; the playground stops at 2^24`);
  const data = new Float64Array(n);
  for (let i = 0; i < n; i++) data[i] = dtype === 'int32' ? Math.floor(Math.random() * 7) - 3 : Math.random() * 2 - 1;
  return wt.tensor(data, { shape, dtype });
}

function pathTable(plan) {
  const rows = plan.steps.map((s, i) =>
    el(
      'tr',
      {},
      el('td', {}, i + 1),
      el('td', { class: 'l mono' }, s.subscripts),
      el('td', { class: 'l' }, s.kind),
      el('td', { class: 'l mono' }, `(${s.operands.join(', ')})`),
      el('td', {}, fmtInt(s.flops)),
      el('td', {}, fmtInt(s.size)),
    ),
  );
  return [
    el(
      'table',
      { class: 'data', id: 'path-table' },
      el(
        'tr',
        {},
        ['step', 'subscripts', 'kind', 'operands', 'FLOPs', 'result size'].map((h, i) =>
          el('th', { class: i && i < 4 ? 'l' : null }, h),
        ),
      ),
      rows,
    ),
    el(
      'p',
      {},
      `naive FLOPs ${fmtInt(plan.naiveFlops)} · optimized ${fmtInt(plan.optimizedFlops)} · speed-up ×${(plan.naiveFlops / Math.max(1, plan.optimizedFlops)).toFixed(1)} · largest intermediate ${fmtInt(plan.largestIntermediate)} elements`,
    ),
  ];
}

function run() {
  const status = $('status');
  status.replaceChildren();
  $('path').replaceChildren('—');
  $('result').replaceChildren('—');
  try {
    wt.tidy(() => {
      const eq = $('eq').value,
        dtype = $('dtype').value;
      const shapes = parseShapes($('shapes').value);
      const plan = wt.einsumPath(eq, ...shapes); // validates the equation against the shapes
      $('path').replaceChildren(...pathTable(plan));
      const ops = shapes.map((s) => random(s, dtype));
      const out = wt.einsum(eq, ...ops); // the first call: what the result is
      const isView = ops.some((o) => o.data.byteOffset === out.data.byteOffset);
      const { ms, runs } = timeIt(() => wt.einsum(eq, ...ops).dispose());
      $('result').replaceChildren(
        el(
          'p',
          { id: 'result-meta' },
          `shape (${out.shape.join(', ')}) · ${out.dtype} · strides (${out.strides.join(', ')})` +
            `${isView ? ' · a view of an operand, no copy' : ''}`,
        ),
        el(
          'p',
          { id: 'result-time' },
          `einsum: ${fmtMs(ms)} per call (median of ${runs})` +
            (plan.optimizedFlops > 1e5
              ? ` · ${(plan.optimizedFlops / ms / 1e6).toFixed(1)} GFLOP/s by the plan's count`
              : ''),
        ),
        el('pre', { id: 'result-preview' }, preview(out)),
      );
    });
  } catch (e) {
    showError(status, e);
  }
}

example.addEventListener('change', () => {
  pick(example.selectedIndex);
  run();
});
$('form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run();
});
pick(0);
run();
document.body.dataset.ready = 'true';
