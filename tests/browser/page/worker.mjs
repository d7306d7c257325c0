// The package inside Web Workers: loaded by its default URL, from a posted
// WebAssembly.Module (compiled once, shared), and reporting errors as WtErrors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, WtError } from '../../js/helpers.mjs';

function inWorker(message) {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./worker-entry.js', import.meta.url), { type: 'module' });
    w.onmessage = ({ data }) => {
      w.terminate();
      resolve(data);
    };
    w.onerror = (e) => {
      w.terminate();
      reject(new Error(`worker failed: ${e.message}`));
    };
    w.postMessage(message);
  });
}

test('browser: a module Worker loads the package by its default URL', async () => {
  assert.deepEqual(await inWorker({ eq: 'ij,jk->ik' }), {
    ok: true,
    result: [
      [3, 3],
      [12, 12],
    ],
    simd: true,
  });
});

test('browser: a Worker accepts a WebAssembly.Module compiled by the page', async () => {
  const module = await WebAssembly.compileStreaming(fetch(new URL('../../../dist/wtensor.wasm', import.meta.url)));
  assert.deepEqual(await inWorker({ eq: 'ij,jk->ki', module }), {
    ok: true,
    result: [
      [3, 12],
      [3, 12],
    ],
    simd: true,
  });
});

test('browser: errors inside a Worker are WtErrors with their message', async () => {
  const r = await inWorker({ eq: 'ij,jk->iz' });
  assert.equal(r.ok, false);
  assert.equal(r.code, 'WT_EINVAL');
  assert.equal(r.message, "einsum: output label 'z' does not appear in the inputs of 'ij,jk->iz'");
});

test('browser: t.share() hands a tensor to a Worker on the same memory, without copying', async () => {
  const x = wt.tidy(() => wt.arange(6, null, 1, 'float64').reshape([2, 3]).named(['a', 'b']));
  if (wt.info().threads === 1) {
    // the single-threaded build's memory is not shared: it says so
    assert.throws(
      () => x.share(),
      (e) => e instanceof WtError && /memory is not shared: start it with the threaded build/.test(e.message),
    );
  } else {
    const r = await inWorker({ share: x.share() });
    assert.deepEqual(r, { ok: true, sum: 132, names: ['a', 'b'], threads: 1 });
    assert.deepEqual(x.toArray(), [
      [30, 40, 50],
      [3, 4, 5],
    ]);
  }
  x.dispose();
});
