// The benchmark page's worker: the harness's own code (bench/harness.mjs) on
// its wtensor engines, so the page stays responsive while it measures.
import { WORKLOADS, makeInputs } from '../bench/workloads.mjs';
import { ENGINES } from '../bench/engines.mjs';
import { benchWorkload, scaled, measureLimits } from '../bench/harness.mjs';

self.onmessage = async ({ data: { quick } }) => {
  try {
    const engines = [await ENGINES.wtensor(), await ENGINES['wt-matmul'](), await ENGINES['wt-lazy']()];
    try {
      engines.push(await ENGINES['wt-2t']()); // in a cross-origin isolated page with two or more cores
    } catch (e) {
      self.postMessage({ type: 'note', text: String(e.message) });
    }
    const wt = engines[0].wt;
    self.postMessage({ type: 'info', info: wt.info() });
    self.postMessage({ type: 'limits', limits: measureLimits(wt, quick) });
    const list = WORKLOADS.map((w) => scaled(w, quick));
    for (let i = 0; i < list.length; i++) {
      const rec = await benchWorkload(list[i], engines, makeInputs(list[i]), {
        reps: quick ? 2 : 7,
        sampleMs: quick ? 1 : 25,
      });
      self.postMessage({ type: 'workload', rec, done: i + 1, of: list.length });
    }
    self.postMessage({ type: 'done' });
  } catch (e) {
    self.postMessage({ type: 'error', message: e?.code ? `${e.code}: ${e.message}` : String(e?.message ?? e) });
  }
};
