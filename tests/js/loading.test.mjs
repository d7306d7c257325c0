// init(): every way of handing over the module, and clear errors when what
// arrives is not wasm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { init, WtError } from '../../bindings/index.js';
import { relaxedSupported } from '../../bindings/variant.js';

const wasmUrl = new URL('../../dist/wtensor.wasm', import.meta.url);

async function rejectsWt(promise, code, pattern) {
  await assert.rejects(promise, (e) => {
    assert.ok(e instanceof WtError, `expected WtError, got ${e}`);
    assert.equal(e.code, code);
    assert.match(e.message, pattern);
    return true;
  });
}

test('default init finds the packaged wasm and reports what it got', async () => {
  const wt = await init();
  const info = wt.info();
  assert.equal(info.version, '0.1.0');
  assert.equal(info.simd, true);
  // Node 22 and later validate relaxed SIMD (Node 20 only with a flag): its build runs there
  assert.equal(info.kernels, relaxedSupported() ? 'wasm_relaxed_simd' : 'wasm_simd128');
  const cores = (await import('node:os')).availableParallelism();
  assert.equal(info.threads, cores > 1 ? Math.min(cores, 16) : 1); // 'auto': every core
  assert.match(
    info.threadsReason,
    cores > 1
      ? /^\d+ threads: the threaded build \(wtensor-mt(-relaxed)?\.wasm\) with \d+ workers$/
      : /only one logical core/,
  );
  assert.ok(info.memoryBytes >= 65536);
  const one = (await init({ threads: 1 })).info();
  assert.deepEqual([one.threads, one.threadsReason], [1, 'threads: 1 was asked for']);
});

test('init accepts bytes, a typed view, a Module, a URL, a string path and a Response', async () => {
  const bytes = await readFile(wasmUrl);
  const sources = [
    bytes,
    new Uint8Array(bytes).buffer,
    await WebAssembly.compile(bytes),
    wasmUrl,
    wasmUrl.href,
    new Response(bytes, { headers: { 'content-type': 'application/wasm' } }),
    Promise.resolve(new Response(bytes)),
  ];
  for (const wasm of sources) {
    const wt = await init({ wasm });
    assert.deepEqual(wt.arange(3).toArray(), [0, 1, 2]);
  }
});

test('an HTML page instead of wasm is named as such, with its URL', async () => {
  const html = new Response('<!DOCTYPE html><html><body>404 Not Found</body></html>', { status: 200 });
  Object.defineProperty(html, 'url', { value: 'https://example.test/assets/wtensor.wasm' });
  await rejectsWt(
    init({ wasm: html }),
    'WT_ELOAD',
    /expected WebAssembly from https:\/\/example\.test\/assets\/wtensor\.wasm but got HTML \(it starts with "<!DOCTYPE html>/,
  );
  await rejectsWt(init({ wasm: new TextEncoder().encode('  <html>nope') }), 'WT_ELOAD', /but got HTML/);
  await rejectsWt(
    init({ wasm: new Uint8Array([1, 2, 3, 4, 5]) }),
    'WT_ELOAD',
    /start with 01 02 03 04, not 00 61 73 6d/,
  );
  await rejectsWt(init({ wasm: new Uint8Array(0) }), 'WT_ELOAD', /an empty file/);
});

test('HTTP errors, missing files and corrupt modules are clear', async () => {
  await rejectsWt(
    init({ wasm: new Response('gone', { status: 404, statusText: 'Not Found' }) }),
    'WT_ELOAD',
    /HTTP 404 Not Found/,
  );
  await rejectsWt(
    init({ wasm: new URL('./no-such.wasm', import.meta.url) }),
    'WT_ELOAD',
    /could not read wtensor\.wasm at .*no-such\.wasm/,
  );
  const bytes = new Uint8Array(await readFile(wasmUrl)).slice(0, 100);
  await rejectsWt(init({ wasm: bytes }), 'WT_ELOAD', /could not compile wtensor\.wasm/);
  await rejectsWt(
    init({ wasm: 42 }),
    'WT_ELOAD',
    /must be bytes, a WebAssembly\.Module, a URL or a Response, not number/,
  );
  await rejectsWt(init('fast'), 'WT_EINVAL', /options must be an object/);
  // the threaded build's file is named as such; init falls back to one thread and says why
  const wt = await init({ threads: 2, wasmThreads: new URL('./no-such-mt.wasm', import.meta.url) });
  assert.equal(wt.info().threads, 1);
  assert.match(wt.info().threadsReason, /could not read wtensor-mt\.wasm at .*no-such-mt\.wasm/);
});

test('the loader never evaluates code (CSP-safe)', async () => {
  for (const f of ['index.js', 'loader.js', 'engine.js', 'tensor.js', 'errors.js', 'dtypes.js', 'ops.js']) {
    const src = await readFile(new URL(`../../bindings/${f}`, import.meta.url), 'utf8');
    assert.doesNotMatch(src, /\beval\(|new Function\(/, f);
  }
});
