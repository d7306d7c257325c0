// The measuring core of the benchmark harness, shared by `npm run bench`
// (run.mjs, Node) and the browser benchmark page (web/bench-worker.js): no
// Node APIs here.  Engines alternate round by round (A B C, B C A, ...);
// each sample times k back-to-back runs; medians and pair-by-pair ratios.

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// quick mode: the same workloads at a tiny size, to keep the harness from rotting
export function scaled(w, quick) {
  if (!quick) return w;
  const shrink = (shape) => shape.map((d) => (d > 64 ? (d >= 1024 * 1024 ? 4096 : 64) : d));
  const inputs = w.inputs.map(shrink);
  const n = inputs[0].reduce((a, b) => a * b, 1),
    n0 = w.inputs[0].reduce((a, b) => a * b, 1);
  return {
    ...w,
    inputs,
    ...(w.out ? { out: shrink(w.out) } : {}),
    ...(w.bytes ? { bytes: (w.bytes / n0) * n } : { flops: (w.flops / n0 ** 1.5) * n ** 1.5 }),
  };
}

export function maxRelErr(got, want) {
  if (!got || !want || got.length !== want.length) return Infinity;
  let worst = 0;
  for (let i = 0; i < want.length; i++) {
    const e = Math.abs(got[i] - want[i]) / Math.max(1, Math.abs(want[i]));
    if (!(e <= worst)) worst = Number.isNaN(e) ? Infinity : e;
  }
  return worst;
}

async function timeOnce(b, k) {
  const t0 = performance.now();
  for (let i = 0; i < k; i++) await b.run();
  return (performance.now() - t0) / k;
}

// one workload on every engine: { id, label, group, engines: { name: timing
// or { refused } }, ratios: { peer: median of peer/wtensor }, maxRelErr }
export async function benchWorkload(w, engines, inputs, { reps, sampleMs }) {
  const built = {};
  const rec = {
    id: w.id,
    label: w.label,
    group: w.group,
    bytes: w.bytes,
    flops: w.flops,
    n: w.n,
    engines: {},
    ratios: {},
    maxRelErr: {},
  };
  for (const e of engines) {
    try {
      built[e.name] = await e.build(w, inputs);
      if (built[e.name].note || e.note) rec.engines[e.name] = { note: built[e.name].note ?? e.note };
    } catch (err) {
      rec.engines[e.name] = { refused: err?.refused ?? String(err?.message ?? err) };
    }
  }
  const names = Object.keys(built);
  const k = {};
  for (const n of names) {
    // warm-up: compile, grow memory, fill caches -- for 6 samples' time: V8 keeps
    // tiering a new workload's code up for ~150 ms (on two cores, beside the workers)
    for (
      let runs = 0, t0 = performance.now();
      runs < 2 || (performance.now() - t0 < 6 * sampleMs && runs < 1000);
      runs++
    )
      await built[n].run();
    const t = await timeOnce(built[n], 1);
    k[n] = Math.max(1, Math.min(200, Math.ceil(sampleMs / Math.max(t, 1e-3))));
  }
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < reps; r++) {
    const order = names.map((_, i) => names[(i + r) % names.length]);
    for (const n of order) samples[n].push(await timeOnce(built[n], k[n]));
  }
  const ref = built.wtensor ? built.wtensor.result() : null;
  for (const n of names) {
    const ms = median(samples[n]);
    rec.engines[n] = {
      ...(rec.engines[n] ?? {}),
      medianMs: ms,
      minMs: Math.min(...samples[n]),
      maxMs: Math.max(...samples[n]),
      samples: samples[n],
      ...(w.bytes ? { gbps: w.bytes / (ms / 1e3) / 1e9 } : { gflops: w.flops / (ms / 1e3) / 1e9 }),
    };
    if (ref && n !== 'wtensor') {
      rec.maxRelErr[n] = maxRelErr(built[n].result(), ref);
      rec.ratios[n] = median(samples[n].map((t, i) => t / samples.wtensor[i]));
    }
    built[n].dispose();
  }
  return rec;
}

// the machine's limits as wtensor's wasm sees them: median of `rounds` probes
export function measureLimits(wt, quick) {
  const peak = [],
    copy = [];
  for (let i = 0; i < (quick ? 1 : 5); i++) {
    peak.push(wt.probe.peak(quick ? 1e5 : 3e7).gflops);
    copy.push(wt.probe.copy(quick ? 1 << 20 : 64 << 20).gbps);
  }
  return { peakGflops: median(peak), copyGBs: median(copy) };
}

// the targets (workloads.mjs TARGETS) a run met or missed
export function checkTargets(targets, workloads, limits, numpy = null, loaded = null) {
  const out = [];
  // a ratio is peer time / wtensor time; speedup: wtensor time / peer time
  // (the peer is wtensor's threaded engine); over: peer time / that engine's;
  // loaded: the ratios of the run beside a busy process
  for (const t of targets) {
    const r = t.loaded ? loaded?.[t.workload]?.ratios : workloads.find((w) => w.id === t.workload)?.ratios;
    const mine = workloads.find((w) => w.id === t.workload)?.engines.wtensor?.medianMs;
    // NumPy runs natively, in its own process: its median over wtensor's
    let ratio =
      t.peer === 'numpy' ? (numpy?.[t.workload] && mine ? numpy[t.workload].medianMs / mine : undefined) : r?.[t.peer];
    if (t.speedup && ratio !== undefined) ratio = 1 / ratio;
    if (t.maxMs) ratio = mine ? t.maxMs / mine : undefined; // a ceiling on wtensor's own time
    if (t.over) ratio = r?.[t.over] === undefined || ratio === undefined ? undefined : ratio / r[t.over];
    if (ratio !== undefined) out.push({ ...t, ratio, met: ratio >= t.min });
  }
  // contiguous binary ops against the machine's own copy bandwidth
  const add = workloads.find((w) => w.id === 'add')?.engines.wtensor;
  if (add?.gbps && limits) {
    const ratio = add.gbps / limits.copyGBs;
    out.push({
      workload: 'add',
      peer: 'SIMD copy',
      ratio,
      min: 0.9,
      met: ratio >= 0.9,
      why: 'contiguous binary ops reach ≥ 90% of the measured SIMD copy bandwidth',
    });
  }
  return out;
}
