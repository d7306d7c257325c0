// Runs the suite's test files inside this page and reports through #out as
// JSON, then sets document.title to 'done' (read by suite.test.mjs).
import { setFile, runTests } from 'node:test';
import { FILES } from './suite-files.mjs';

const out = document.getElementById('out');
const { wt } = await import('../js/helpers.mjs');
const { threads, threadsReason } = wt.info();
const report = {
  userAgent: navigator.userAgent,
  crossOriginIsolated: globalThis.crossOriginIsolated === true,
  threads,
  threadsReason,
  loadErrors: [],
  results: [],
};
for (const f of FILES) {
  setFile(f);
  try {
    await import(f);
  } catch (e) {
    report.loadErrors.push(`${f}: ${e?.message ?? e}`);
  }
}
report.results = await runTests((r) => {
  out.textContent += `${r.ok ? 'ok' : 'not ok'} ${r.file} ${r.name}\n`;
});
out.textContent = JSON.stringify(report);
document.title = 'done';
