// Memory: counters that return to baseline, tidy/keep/dispose, growth,
// disposed tensors, views that outlive their base.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, throwsWt, threadsOption } from './helpers.mjs';
import { init } from '../../bindings/index.js';

// the next macrotask, as a frame loop gets it (setImmediate in Node; a MessageChannel in
// browsers, whose setTimeout(0) is clamped to 4 ms when nested)
const channel = typeof setImmediate === 'function' ? null : new MessageChannel();
const nextTask = () =>
  new Promise((resolve) => {
    if (!channel) return setImmediate(resolve);
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });

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

test('keep exempts a tensor from every enclosing tidy (as tfjs): returning it is the scoped way', () => {
  const m0 = wt.memory();
  let kept, returned;
  wt.tidy(() => {
    returned = wt.tidy(() => {
      kept = wt.keep(wt.ones([2]));
      return wt.zeros([2]);
    });
    assert.equal(returned.isDisposed, false, 'a returned tensor lives on in the enclosing tidy');
  });
  assert.equal(returned.isDisposed, true, '...and goes with it, unless that one returns it too');
  assert.equal(kept.isDisposed, false, 'a kept one outlives every tidy');
  kept.dispose();
  assert.equal(wt.memory().tensors, m0.tensors);
});

test('tidy(fn, { release }) frees the state a step replaces, once fn has returned', () => {
  const m0 = wt.memory();
  let s = wt.ones([3]);
  for (let i = 0; i < 100; i++) s = wt.tidy(() => s.mul(2).add(1), { release: s });
  assert.equal(wt.memory().tensors, m0.tensors + 1);
  assert.equal(s.item(0), 2 ** 101 - 1);
  // a state that is also the result stays; nested objects are searched
  const same = wt.tidy(() => s, { release: [s] });
  assert.equal(same.isDisposed, false);
  // fn throws: the old state is still the state
  assert.throws(
    () =>
      wt.tidy(
        () => {
          throw new Error('step failed');
        },
        { release: s },
      ),
    /step failed/,
  );
  assert.equal(s.isDisposed, false);
  throwsWt(() => wt.tidy(() => s, { relase: s }), 'WT_EINVAL', /relase/);
  s.dispose();
  assert.equal(wt.memory().tensors, m0.tensors);
});

test('using: tensors, graphs, compiled graphs and generators dispose at the end of the block', () => {
  const t = wt.ones([2]),
    g = wt.graph(),
    rng = wt.random.defaultRng(1);
  const c = g.compile(g.placeholder([2], 'float64', 'x').mul(2));
  for (const r of [t, g, c, rng]) assert.equal(typeof r[Symbol.dispose], 'function');
  t[Symbol.dispose]();
  assert.equal(t.isDisposed, true);
  rng[Symbol.dispose]();
  assert.throws(() => rng.random(), /disposed/);
  c[Symbol.dispose]();
  g[Symbol.dispose]();
  // the syntax itself, where this runtime has it
  let block = null;
  try {
    block = new Function('wt', '{ using a = wt.ones([4]); var seen = a; } return seen;');
  } catch (e) {
    assert.ok(e instanceof SyntaxError);
  }
  if (block) assert.equal(block(wt).isDisposed, true);
});

test('a frame loop without tidy holds its memory bounded: forgotten tensors are collected between steps', async () => {
  // 256 x 256 float64 (512 KiB a tensor), 8 forgotten a step: 1.2 GiB over 300 steps
  const n = 256,
    steps = 300;
  let U = wt.ones([n, n]),
    V = wt.zeros([n, n]);
  V.slice('100:150, 100:150').assign(0.25);
  const m0 = wt.memory();
  let peak = 0;
  for (let i = 0; i < steps; i++) {
    const u = U.slice('1:-1, 1:-1'),
      v = V.slice('1:-1, 1:-1');
    const uvv = u.mul(v).mul(v);
    const lap = (Z) => Z.slice(':-2, 1:-1').add(Z.slice('2:, 1:-1')).sub(Z.slice('1:-1, 1:-1').mul(2));
    u.iadd(lap(U).mul(0.16).sub(uvv));
    v.iadd(lap(V).mul(0.08).add(uvv));
    peak = Math.max(peak, wt.memory().bytesInUse - m0.bytesInUse);
    await nextTask();
  }
  const made = steps * 8 * n * n * 8;
  assert.ok(peak < 256 * 2 ** 20, `peak ${(peak / 2 ** 20).toFixed(0)} MiB of ${(made / 2 ** 20).toFixed(0)} MiB made`);
  assert.ok(Number.isFinite(U.sum().item()));
  wt.dispose([U, V]);
});

test('growth in one synchronous run past memoryWarning warns once, with the count, the bytes and the fix', async () => {
  const w = await init({ ...threadsOption, memoryWarning: 8 * 2 ** 20 });
  const said = [],
    warn = console.warn;
  console.warn = (m) => said.push(String(m));
  try {
    const keep = [];
    for (let i = 0; i < 40; i++) keep.push(w.zeros([64 * 1024])); // 20 MiB, never freed in the run
    for (let i = 0; i < 40; i++) keep.push(w.zeros([64 * 1024]));
    w.dispose(keep);
    w.tidy(() => {
      for (let i = 0; i < 40; i++) w.zeros([64 * 1024]); // in a tidy: no warning
    });
  } finally {
    console.warn = warn;
  }
  assert.equal(said.length, 1, said.join('\n'));
  assert.match(said[0], /\d+ tensors made outside wt\.tidy in one synchronous run hold \d+\.\d MiB more/);
  assert.match(said[0], /wt\.tidy\(\(\) => \.\.\.\).*release.*iadd.*using/);
  await assert.rejects(init({ memoryWarning: -1 }), /memoryWarning must be a byte count or false/);
  await assert.rejects(init({ memoryWarnings: 1 }), /'memoryWarnings' is not an option of init/);
});

test('WT_ENOMEM says how many live tensors hold how much memory', () => {
  const a = wt.ones([1000]);
  throwsWt(
    () => wt.zeros([2 ** 40]),
    'WT_ENOMEM',
    /\(\d+ live tensors hold \d+\.\d MiB of wasm memory's \d+\.\d MiB: dispose/,
  );
  a.dispose();
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
  const big = wt.zeros([Math.ceil((wasm0 + 1) / 4)], 'float32'); // more than all of memory: grows it
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
