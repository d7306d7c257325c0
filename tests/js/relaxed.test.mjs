// The relaxed-SIMD variants (dist/wtensor-relaxed.wasm, wtensor-mt-relaxed.wasm):
// chosen by init where the engine validates relaxed SIMD, every fallback
// saying why; their GEMM's fused multiply-adds agree with the SIMD128
// build's within rounding, and every other kernel gives its bits.  Node 22
// and later validate relaxed SIMD, and init picks it there; Node 20 only with
// --experimental-wasm-relaxed-simd, so there a child process runs with that
// flag, and Node 20 alone can show the fallback (Chromium runs the browser
// suite on relaxed SIMD too).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { init, WtError } from '../../bindings/index.js';
import { relaxedSupported } from '../../bindings/variant.js';

const dist = new URL('../../dist/', import.meta.url);
const RELAXED = relaxedSupported();
const NO_FALLBACK = RELAXED && `Node ${process.versions.node} validates relaxed SIMD and has no flag to turn it off`;

test(
  'init picks the relaxed build wherever the engine validates relaxed SIMD',
  { skip: !RELAXED && 'no relaxed SIMD here' },
  async () => {
    for (const [threads, file] of [
      [1, 'wtensor-relaxed.wasm'],
      [2, 'wtensor-mt-relaxed.wasm'],
    ]) {
      const info = (await init({ threads })).info();
      assert.equal(info.kernels, 'wasm_relaxed_simd');
      assert.match(info.kernelsReason, /^relaxed SIMD: the GEMM/);
      if (threads > 1) assert.match(info.threadsReason, new RegExp(`\\(${file.replace('.', '\\.')}\\)`));
    }
    assert.equal((await init({ threads: 1, relaxedSimd: true })).info().kernels, 'wasm_relaxed_simd');
  },
);

test('without relaxed SIMD (Node 20 by default) the SIMD128 build runs, and says why', async () => {
  if (!RELAXED) {
    const wt = await init({ threads: 1 });
    assert.equal(wt.info().kernels, 'wasm_simd128');
    assert.match(wt.info().kernelsReason, /^this engine does not validate relaxed SIMD/);
    await assert.rejects(init({ relaxedSimd: true }), (e) => e instanceof WtError && e.code === 'WT_ELOAD');
  }
  await assert.rejects(
    init({ relaxedSimd: 'yes' }),
    (e) => e.code === 'WT_EINVAL' && /relaxedSimd must be 'auto', true or false, got yes/.test(e.message),
  );
  const off = await init({ threads: 1, relaxedSimd: false });
  assert.equal(off.info().kernelsReason, 'relaxedSimd: false was asked for');
});

// what the child reports, run with relaxed SIMD on
const CHILD = `
import { init } from ${JSON.stringify(new URL('../../bindings/index.js', import.meta.url).href)};
import { readFileSync } from 'node:fs';
const single = readFileSync(new URL('wtensor.wasm', ${JSON.stringify(dist.href)}));
let seed = 7;
const rnd = (n) => Float32Array.from({ length: n }, () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1);
const a = rnd(300 * 200), b = rnd(200 * 250), x = rnd(5000);
const out = {};
const relaxed = await init({ threads: 1 }), plain = await init({ threads: 1, relaxedSimd: false });
const two = await init({ threads: 2 });
out.kernels = [relaxed, plain, two].map((w) => w.info().kernels);
out.reasons = [relaxed, plain].map((w) => w.info().kernelsReason);
for (const dtype of ['float32', 'float64']) {
  const [r, p] = [relaxed, plain].map((w) => w.matmul(w.tensor(a).reshape([300, 200]).astype(dtype), w.tensor(b).reshape([200, 250]).astype(dtype)).toTypedArray());
  let worst = 0;
  for (let i = 0; i < r.length; i++) worst = Math.max(worst, Math.abs(r[i] - p[i]));
  out[dtype] = worst;
}
out.threadsSame = Buffer.from(two.matmul(two.tensor(a).reshape([300, 200]), two.tensor(b).reshape([200, 250])).toTypedArray().buffer)
  .equals(Buffer.from(relaxed.matmul(relaxed.tensor(a).reshape([300, 200]), relaxed.tensor(b).reshape([200, 250])).toTypedArray().buffer));
const bits = (w) => [w.exp(w.tensor(x)), w.add(w.tensor(x), 1.5), w.sum(w.tensor(x)), w.tanh(w.tensor(x)), w.softmax(w.tensor(x))]
  .map((t) => Buffer.from(t.toTypedArray().buffer).toString('base64')).join();
out.ewiseSame = bits(relaxed) === bits(plain);
const fallback = async (o) => { try { const w = await init({ threads: 1, ...o }); return [w.info().kernels, w.info().kernelsReason]; } catch (e) { return ['error', e.message]; } };
out.broken = await fallback({ wasmRelaxed: new Uint8Array([1, 2, 3, 4]) });
out.brokenRequired = await fallback({ wasmRelaxed: new Uint8Array([1, 2, 3, 4]), relaxedSimd: true });
out.onlyPlain = await fallback({ wasm: single });
console.log(JSON.stringify(out));
`;

test('with relaxed SIMD init runs the relaxed build: GEMM within rounding, the rest bit for bit', () => {
  const got = JSON.parse(
    execFileSync(
      process.execPath,
      [...(RELAXED ? [] : ['--experimental-wasm-relaxed-simd']), '--input-type=module', '-e', CHILD],
      {
        encoding: 'utf8',
      },
    ),
  );
  assert.deepEqual(got.kernels, ['wasm_relaxed_simd', 'wasm_simd128', 'wasm_relaxed_simd']);
  assert.match(got.reasons[0], /^relaxed SIMD: the GEMM/);
  // 200 products of |x| < 1 per element: one rounding fewer per step, a few ulps of the sum's magnitude
  assert.ok(got.float32 < 200 * 2 ** -23 * 8, `float32 matmul differs by ${got.float32}`);
  assert.ok(got.float64 < 200 * 2 ** -52 * 8, `float64 matmul differs by ${got.float64}`);
  assert.ok(got.threadsSame, 'the threaded relaxed build gives the single-threaded relaxed bits');
  assert.ok(got.ewiseSame, 'elementwise kernels, sums and softmax are the SIMD128 build bits');
  assert.equal(got.broken[0], 'wasm_simd128');
  assert.match(got.broken[1], /^wtensor-relaxed\.wasm could not start: expected WebAssembly from the given bytes/);
  assert.equal(got.brokenRequired[0], 'error');
  assert.equal(got.onlyPlain[0], 'wasm_simd128');
  assert.equal(got.onlyPlain[1], 'options.wasm was given without options.wasmRelaxed (wtensor-relaxed.wasm)');
});

test('the relaxed builds use relaxed SIMD: without it they do not validate', { skip: NO_FALLBACK }, async () => {
  for (const f of ['wtensor-relaxed.wasm', 'wtensor-mt-relaxed.wasm']) {
    assert.equal(WebAssembly.validate(await readFile(new URL(f, dist))), false, f);
  }
});
