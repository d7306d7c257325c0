// Loading in a browser, as users get it wrong: a wrong URL, an HTML page where
// the wasm should be, an unreachable host.  Each is a WtError (WT_ELOAD) that
// names the URL and the cause — never a "magic word" message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, WtError } from '../../../bindings/index.js';

async function rejectsLoad(wasm, pattern) {
  await assert.rejects(init({ wasm }), (e) => {
    assert.ok(e instanceof WtError, `expected a WtError, got ${e}`);
    assert.equal(e.code, 'WT_ELOAD');
    assert.match(e.message, pattern);
    assert.doesNotMatch(e.message, /magic/i);
    return true;
  });
}

test('browser: init() without options fetches dist/wtensor.wasm beside the package', async () => {
  const wt = await init(); // Chromium validates relaxed SIMD: its variant of the build
  assert.equal(wt.info().kernels, 'wasm_relaxed_simd');
  assert.match(wt.info().kernelsReason, /^relaxed SIMD: the GEMM/);
  const plain = await init({ relaxedSimd: false });
  assert.equal(plain.info().kernels, 'wasm_simd128');
  assert.deepEqual(wt.arange(4).reshape([2, 2]).T.toArray(), [
    [0, 2],
    [1, 3],
  ]);
});

test('browser: a URL string is resolved against the page; a fetch() promise is accepted', async () => {
  for (const wasm of [
    '../../dist/wtensor.wasm',
    fetch('/dist/wtensor.wasm'),
    new URL('/dist/wtensor.wasm', location.href),
  ]) {
    const wt = await init({ wasm });
    assert.equal(wt.sum(wt.ones([10], 'float32')).item(), 10);
  }
});

test('browser: a wrong wasm URL is an HTTP error naming the URL', async () => {
  await rejectsLoad(
    '/dist/no-such.wasm',
    /^could not load wtensor\.wasm from http:\/\/127\.0\.0\.1:\d+\/dist\/no-such\.wasm: HTTP 404 Not Found$/,
  );
});

test('browser: an HTML page served where the wasm should be is named as HTML', async () => {
  await rejectsLoad(
    new URL('../suite.html', import.meta.url),
    /^expected WebAssembly from http:\/\/127\.0\.0\.1:\d+\/tests\/browser\/suite\.html but got HTML \(it starts with "<!doctype html>/,
  );
});

test('browser: an unreachable host is a fetch error naming the URL', async () => {
  await rejectsLoad(
    'http://127.0.0.1:9/wtensor.wasm',
    /^could not fetch wtensor\.wasm from http:\/\/127\.0\.0\.1:9\/wtensor\.wasm: /,
  );
});
