// The package loads and computes inside a worker thread, from the default
// location or from a Module compiled once in the parent and posted over.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';

const entry = new URL('../../bindings/index.js', import.meta.url).href;
const source = `
  import { parentPort, workerData } from 'node:worker_threads';
  const { init } = await import(workerData.entry);
  const wt = await init(workerData.module ? { wasm: workerData.module } : {});
  parentPort.postMessage(wt.arange(6).reshape([2, 3]).T.toArray());
`;

function run(workerData) {
  return new Promise((resolve, reject) => {
    const w = new Worker(source, { eval: true, type: 'module', workerData });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

test('init() in a worker thread', async () => {
  assert.deepEqual(await run({ entry }), [
    [0, 3],
    [1, 4],
    [2, 5],
  ]);
});

test('init({ wasm: Module }) with a Module compiled by the parent', async () => {
  const module = await WebAssembly.compile(await readFile(new URL('../../dist/wtensor.wasm', import.meta.url)));
  assert.deepEqual(await run({ entry, module }), [
    [0, 3],
    [1, 4],
    [2, 5],
  ]);
});
