// Benchmark page: drives web/bench-worker.js, tabulates and charts results
// next to the recorded Node run.
import { $, el, header, fmtMs } from './common.js';
import { barChart } from '../bench/chart.mjs';

header();
const HERE = 'wtensor (this browser)',
  NODE = (e) => `${e} (Node, recorded)`;
const LAZY = 'wt-lazy (this browser)';
const COLORS = {
  [HERE]: '#1f6feb',
  [LAZY]: '#2da44e',
  [NODE('wtensor')]: '#79c0ff',
  [NODE('tfjs-wasm')]: '#f0883e',
  [NODE('ort-1t')]: '#8957e5',
};
const PEERS = ['tfjs-wasm', 'ort-1t'];

let recorded = null;
try {
  const r = await fetch('../bench/results/latest.json');
  if (r.ok) recorded = await r.json();
} catch {
  /* shown below as 'no recorded run' */
}

$('env').textContent =
  `${navigator.userAgent}\nlogical cores: ${navigator.hardwareConcurrency} · crossOriginIsolated: ${globalThis.crossOriginIsolated === true}\n` +
  (recorded
    ? `recorded Node run: ${recorded.date.slice(0, 10)}, ${recorded.machine.cpus} × ${recorded.machine.model}, Node ${recorded.machine.node}`
    : 'no recorded Node run found (bench/results/latest.json)');

const rate = (r) => (r?.gbps ? `${r.gbps.toFixed(1)} GB/s` : r?.gflops ? `${r.gflops.toFixed(1)} GFLOPS` : '–');
const value = (r) => r?.gbps ?? r?.gflops;

function renderTable(recs, compare) {
  const head = ['workload', 'this browser', 'min–max', 'rate', 'vs own matmul', 'lazy speed-up'];
  if (compare) head.push('Node (recorded)', ...PEERS.map((p) => `${p} ÷ wtensor (recorded)`));
  $('results').replaceChildren(
    el(
      'tr',
      {},
      head.map((h, i) => el('th', { class: i ? null : 'l' }, h)),
    ),
    ...recs.map((rec) => {
      const r = rec.engines.wtensor,
        old = recorded?.workloads.find((w) => w.id === rec.id);
      const mm = rec.ratios['wt-matmul'],
        lazy = rec.ratios['wt-lazy'];
      const cells = [
        el('td', { class: 'l' }, rec.label),
        el('td', {}, r ? fmtMs(r.medianMs) : '–'),
        el('td', {}, r ? `${fmtMs(r.minMs)}–${fmtMs(r.maxMs)}` : '–'),
        el('td', {}, rate(r)),
        el('td', {}, mm ? `×${mm.toFixed(2)}` : ''),
        el('td', {}, lazy ? `×${(1 / lazy).toFixed(2)}` : ''),
      ];
      if (compare) {
        cells.push(
          el(
            'td',
            {},
            old?.engines.wtensor ? `${fmtMs(old.engines.wtensor.medianMs)} (${rate(old.engines.wtensor)})` : '–',
          ),
          ...PEERS.map((p) =>
            el('td', {}, old?.engines[p]?.refused ? 'refused' : old?.ratios[p] ? `×${old.ratios[p].toFixed(2)}` : '–'),
          ),
        );
      }
      return el('tr', { 'data-id': rec.id }, cells);
    }),
  );
}

function renderCharts(recs, compare) {
  const bars = (rec, pick) => {
    const old = compare && recorded?.workloads.find((w) => w.id === rec.id);
    return [
      { name: HERE, value: pick(rec.engines.wtensor) },
      { name: LAZY, value: pick(rec.engines['wt-lazy']) },
      ...(old ? ['wtensor', ...PEERS].map((e) => ({ name: NODE(e), value: pick(old.engines[e]) })) : []),
    ].filter((b) => b.value > 0);
  };
  const chart = (title, unit, list, pick) => {
    if (!list.length) return null;
    const div = el('div', { class: 'chart' });
    div.innerHTML = barChart({
      title,
      unit,
      colors: COLORS,
      groups: list.map((rec) => ({ label: rec.label, bars: bars(rec, pick) })),
    }); // labels are escaped
    return div;
  };
  const group = (g) => recs.filter((r) => r.group === g);
  $('charts').replaceChildren(
    ...[
      chart('Elementwise: throughput (higher is better)', 'GB/s', group('elementwise'), value),
      chart('float32 matmul: GFLOPS (higher is better)', 'GFLOPS', group('matmul'), value),
      chart(
        'einsum: time per call (lower is better)',
        'ms',
        group('einsum').filter((r) => r.engines.wtensor?.medianMs > 0.05),
        (r) => r?.medianMs,
      ),
      chart(
        'Lazy mode: eager calls and a compiled graph, time per call (lower is better)',
        'ms',
        group('fusion'),
        (r) => r?.medianMs,
      ),
    ].filter(Boolean),
  );
}

$('run').addEventListener('click', () => {
  const quick = $('mode').value === 'quick',
    compare = !quick && !!recorded;
  const recs = [];
  const results = {
    date: new Date().toISOString(),
    quick,
    userAgent: navigator.userAgent,
    cores: navigator.hardwareConcurrency,
    workloads: recs,
  };
  $('run').disabled = true;
  $('download').hidden = true;
  $('status').textContent = 'starting…';
  $('charts').replaceChildren();
  renderTable(recs, compare);
  const worker = new Worker(new URL('bench-worker.js', import.meta.url), { type: 'module' });
  const finish = (text) => {
    $('status').textContent = text;
    $('run').disabled = false;
    worker.terminate();
  };
  worker.onerror = (e) => finish(`the worker failed: ${e.message}`);
  worker.onmessage = ({ data: m }) => {
    if (m.type === 'info') results.wtensor = m.info;
    else if (m.type === 'limits') {
      results.limits = m.limits;
      $('status').textContent =
        `limits: f32x4 mul+add peak ${m.limits.peakGflops.toFixed(1)} GFLOPS, SIMD copy ${m.limits.copyGBs.toFixed(1)} GB/s`;
    } else if (m.type === 'workload') {
      recs.push(m.rec);
      $('progress').value = m.done / m.of;
      $('status').textContent = `${m.done} of ${m.of}: ${m.rec.label}`;
      renderTable(recs, compare);
    } else if (m.type === 'done') {
      renderCharts(recs, compare);
      const bad = recs.filter((r) => r.maxRelErr['wt-matmul'] > 1e-3 || r.maxRelErr['wt-lazy'] > 1e-3);
      finish(
        `done: ${recs.length} workloads · limits: peak ${results.limits.peakGflops.toFixed(1)} GFLOPS, copy ${results.limits.copyGBs.toFixed(1)} GB/s` +
          (bad.length ? ` · results differ between engines on ${bad.map((r) => r.id).join(', ')}` : ''),
      );
      const link = $('download');
      link.href = URL.createObjectURL(new Blob([JSON.stringify(results, null, 1)], { type: 'application/json' }));
      link.download = `wtensor-bench-${quick ? 'quick' : 'full'}.json`;
      link.hidden = false;
      document.body.dataset.done = 'true';
    } else if (m.type === 'error') {
      finish(`error: ${m.message}`);
    }
  };
  worker.postMessage({ quick });
});
document.body.dataset.ready = 'true';
