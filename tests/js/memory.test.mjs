// Memory: counters that return to baseline, tidy/keep/dispose, growth,
// disposed tensors, views that outlive their base.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, throwsWt } from './helpers.mjs';

test('memory() counts tensors and bytes, and returns to baseline on dispose', () => {
  const m0 = wt.memory();
  const a = wt.zeros([100], 'float32');
  const v = a.slice('::2');
  const m1 = wt.memory();
  assert.equal(m1.tensors, m0.tensors + 2);
  assert.equal(m1.bytesInUse, m0.bytesInUse + 400);
  assert.ok(m1.peakBytes >= m1.bytesInUse);
  assert.ok(m1.wasmBytes >= m1.bytesInUse);
  a.dispose();
  assert.equal(wt.memory().bytesInUse, m0.bytesInUse + 400); // the view keeps the storage
  assert.deepEqual(v.toArray().length, 50);
  v.dispose();
  v.dispose(); // disposing twice is harmless
  const m2 = wt.memory();
  assert.equal(m2.tensors, m0.tensors);
  assert.equal(m2.bytesInUse, m0.bytesInUse);
});

test('tidy disposes everything but what it returns; keep exempts; nesting', () => {
  const m0 = wt.memory();
  let kept;
  const out = wt.tidy(() => {
    const a = wt.ones([4]);
    kept = wt.keep(wt.zeros([2]));
    const inner = wt.tidy(() => {
      const x = wt.arange(3);
      return { x, list: [x.reshape([3, 1])] };
    });
    assert.equal(inner.x.isDisposed, false);
    return [a.slice('1:'), inner.list[0]];
  });
  assert.equal(out[0].isDisposed, false);
  assert.equal(out[1].isDisposed, false);
  assert.equal(kept.isDisposed, false);
  assert.deepEqual(out[0].toArray(), [1, 1, 1]);
  assert.deepEqual(out[1].toArray(), [[0], [1], [2]]);
  wt.dispose([out, kept]);
  assert.equal(wt.memory().tensors, m0.tensors);
  assert.equal(wt.memory().bytesInUse, m0.bytesInUse);
  // an exception inside tidy still disposes
  assert.throws(
    () =>
      wt.tidy(() => {
        wt.ones([8]);
        throw new Error('boom');
      }),
    /boom/,
  );
  assert.equal(wt.memory().tensors, m0.tensors);
  throwsWt(() => wt.tidy(async () => wt.ones([1])), 'WT_EINVAL', /returned a Promise/);
  throwsWt(() => wt.tidy(5), 'WT_EINVAL', /expected a function/);
});

test('10,000 tidy iterations return memory to its baseline without growing wasm memory', () => {
  const warm = wt.tidy(() => wt.arange(64).reshape([8, 8]).T.copy().astype('float32').slice('::2').toArray());
  assert.equal(warm.length, 4);
  const m0 = wt.memory();
  for (let i = 0; i < 10000; i++) {
    wt.tidy(() => {
      const a = wt.arange(64, null, 1, 'float32').reshape([8, 8]);
      const b = a.T.contiguous().astype('float64');
      b.slice('::2, 1:').assign(wt.tensor([1, 2, 3, 4, 5, 6, 7]));
      return b.broadcastTo([2, 8, 8]).flatten(); // disposed by the caller below
    }).dispose();
  }
  const m1 = wt.memory();
  assert.equal(m1.tensors, m0.tensors);
  assert.equal(m1.bytesInUse, m0.bytesInUse);
  assert.equal(m1.wasmBytes, m0.wasmBytes);
});

test('data stays valid across forced memory growth', () => {
  const a = wt.arange(10, null, 1, 'float32');
  const before = a.data;
  const wasm0 = wt.memory().wasmBytes;
  const big = wt.zeros([(64 * 1024 * 1024) / 4], 'float32'); // 64 MiB: grows the memory
  assert.ok(wt.memory().wasmBytes > wasm0, 'memory grew');
  if (before.buffer instanceof ArrayBuffer) assert.equal(before.length, 0, 'the old view was detached by growth');
  else
    assert.deepEqual(
      Array.from(before),
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      'a shared memory is never detached: the old view still reads',
    );
  assert.deepEqual(Array.from(a.data), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]); // a fresh view
  a.data[3] = 42;
  assert.equal(a.toArray()[3], 42);
  big.dispose();
  a.dispose();
});

test('a disposed tensor throws WtError and never reads freed memory', () => {
  const a = wt.arange(4);
  const v = a.slice('1:');
  a.dispose();
  assert.deepEqual(v.toArray(), [1, 2, 3]); // disposing a base under a live view is safe
  for (const f of [
    () => a.toArray(),
    () => a.data,
    () => a.shape,
    () => a.slice(':'),
    () => a.item(),
    () => a.reshape([4]),
    () => wt.reshape(a, [4]),
    // the common calls' shortcut (kinds.js withFast) ends in the same refusal
    () => wt.exp(a),
    () => wt.add(a, 1),
    () => wt.add(v, a),
    () => a.mul(v),
    () => wt.sum(a),
    () => wt.matmul(a, v),
    () => v.assign(a),
    () => wt.keep(a),
    () => a.T,
  ]) {
    throwsWt(f, 'WT_EDISPOSED', /disposed/);
  }
  assert.equal(a.isDisposed, true);
  assert.equal(String(a), 'tensor(disposed)');
  v.dispose();
});

test('tensors from another instance are refused', async () => {
  const { init } = await import('../../bindings/index.js');
  const other = await init();
  const t = other.arange(3);
  throwsWt(() => wt.reshape(t, [3]), 'WT_EINVAL', /belongs to another wtensor instance/);
  throwsWt(() => wt.zeros([3]).assign(t), 'WT_EINVAL', /belongs to another wtensor instance/);
  for (const f of [() => wt.exp(t), () => wt.add(t, 1), () => wt.sum(t), () => wt.matmul(t, t)])
    throwsWt(f, 'WT_EINVAL', /belongs to another wtensor instance/);
});

// new tensors are registered with the FinalizationRegistry when the job ends
// (engine.track): one dropped without dispose is still freed by the collector,
// one disposed in its job is freed once
const inNode = typeof process === 'object' && !!process.versions?.node;

if (inNode) {
  test('tensors dropped without dispose are freed after garbage collection', async () => {
    const { spawnSync } = await import('node:child_process');
    const script = `
    import { init } from ${JSON.stringify(new URL('../../bindings/index.js', import.meta.url).href)};
    const wt = await init({ threads: 1 });
    const tick = () => new Promise((r) => setTimeout(r, 0));
    const base = wt.memory().tensors;
    (() => { for (let i = 0; i < 300; i++) wt.add(wt.ones([64]), 1); })();   // 600 dropped
    for (let i = 0; i < 100; i++) wt.add(wt.ones([8]), 2).dispose();         // 100 dropped, 100 disposed
    const made = wt.memory().tensors - base;
    await tick();
    for (let k = 0; k < 20 && wt.memory().tensors > base; k++) { globalThis.gc(); await tick(); }
    console.log(JSON.stringify({ made, left: wt.memory().tensors - base }));`;
    const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { made: 700, left: 0 });
  });
}
