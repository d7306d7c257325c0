// Threads in Node: the threaded build's results are the single-threaded
// bits whatever the thread count, every fallback says why, and a process
// with a pool exits as usual.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { init, WtError } from '../../bindings/index.js';

const dist = new URL('../../dist/', import.meta.url);
let seed = 5;
const rnd = (n) =>
  Float32Array.from({ length: n }, () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1);

test('every fallback to one thread says why', async () => {
  const single = await readFile(new URL('wtensor.wasm', dist));
  const cases = [
    [{ threads: 1 }, /^threads: 1 was asked for$/],
    [
      { wasm: single },
      /^options\.wasm was given without options\.wasmThreads \(the threaded build, wtensor-mt\.wasm\)$/,
    ],
    [
      { wasmThreads: new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]) },
      /^the threaded build could not start: the module is not the threaded build of wtensor/,
    ],
    [{ wasmThreads: single }, /^the threaded build could not start: the module is not the threaded build of wtensor/],
    [
      { wasmThreads: new Uint8Array([1, 2, 3, 4]) },
      /^the threaded build could not start: expected WebAssembly from the given bytes/,
    ],
  ];
  for (const [options, reason] of cases) {
    const wt = await init(options);
    assert.equal(wt.info().threads, 1, JSON.stringify(options));
    assert.match(wt.info().threadsReason, reason);
    assert.deepEqual(wt.einsum('ij,jk->ik', wt.ones([2, 3]), wt.ones([3, 2])).toArray(), [
      [3, 3],
      [3, 3],
    ]);
  }
  for (const threads of [0, 65, 1.5, '2', true]) {
    await assert.rejects(
      init({ threads }),
      (e) =>
        e instanceof WtError &&
        e.code === 'WT_EINVAL' &&
        /threads must be 'auto' or an integer from 1 to 64/.test(e.message),
    );
  }
});

test('with 2, 3 and 4 threads, GEMM, batched einsum and matmul give the single-thread bits', async () => {
  const one = await init({ threads: 1 });
  const cases = [
    [
      'ij,jk->ik',
      [
        [300, 200],
        [200, 260],
      ],
    ],
    [
      'ij,jk->ik',
      [
        [900, 150],
        [150, 8],
      ],
    ],
    [
      'bij,bjk->bik',
      [
        [12, 96, 64],
        [12, 64, 100],
      ],
    ],
    [
      'bhqd,bhkd->bhqk',
      [
        [2, 4, 128, 64],
        [2, 4, 128, 64],
      ],
    ],
    [
      'ji,jk->ik',
      [
        [256, 300],
        [256, 96],
      ],
    ],
  ];
  const inputs = cases.map(([, shapes]) => shapes.map((s) => [rnd(s.reduce((a, b) => a * b, 1)), s]));
  const want = cases.map(([eq], i) =>
    one.einsum(eq, ...inputs[i].map(([d, s]) => one.tensor(d, { shape: s }))).toTypedArray(),
  );
  for (const threads of [2, 3, 4]) {
    const wt = await init({ threads });
    assert.equal(wt.info().threads, threads);
    cases.forEach(([eq], i) => {
      const got = wt.einsum(eq, ...inputs[i].map(([d, s]) => wt.tensor(d, { shape: s }))).toTypedArray();
      assert.ok(Buffer.from(got.buffer).equals(Buffer.from(want[i].buffer)), `${eq} with ${threads} threads`);
    });
    const [a, b] = [rnd(3 * 200 * 120), rnd(120 * 140)];
    const m = wt.matmul(wt.tensor(a, { shape: [3, 200, 120] }), wt.tensor(b, { shape: [120, 140] })).toTypedArray();
    const m1 = one.matmul(one.tensor(a, { shape: [3, 200, 120] }), one.tensor(b, { shape: [120, 140] })).toTypedArray();
    assert.ok(Buffer.from(m.buffer).equals(Buffer.from(m1.buffer)), `matmul with ${threads} threads`);
  }
});

test('the threaded build grows its shared memory, and old views still read', async () => {
  const wt = await init({ threads: 2 });
  const a = wt.arange(1000, null, 1, 'float32');
  const old = a.data;
  const before = wt.memory().wasmBytes;
  const big = wt.zeros([before / 4], 'float32');
  assert.ok(wt.memory().wasmBytes > before);
  assert.ok(old.buffer instanceof SharedArrayBuffer);
  assert.equal(old[a.offset + 999], 999);
  const x = wt.tensor(rnd(256 * 256), { shape: [256, 256] });
  assert.equal(wt.matmul(x, x).shape[0], 256); // the workers see the grown memory
  wt.dispose([a, big, x]);
});

test('a process with a pool exits by itself when its work is done', () => {
  const script = `
    import { init } from ${JSON.stringify(new URL('../../bindings/index.js', import.meta.url).href)};
    const wt = await init({ threads: 2 });
    const x = wt.ones([256, 256], 'float32');
    console.log(wt.info().threads, wt.matmul(x, x).sum().item());`;
  const t0 = Date.now();
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(out, `2 ${256 ** 3}\n`);
  assert.ok(Date.now() - t0 < 20_000);
});

test('large elementwise ops split across threads give the single-thread bits', async () => {
  const one = await init({ threads: 1 }),
    two = await init({ threads: 2 });
  const n = 3 * 2 ** 17 + 5,
    a = rnd(n),
    b = rnd(n);
  for (const [name, f] of [
    ['add', (w, x, y) => w.add(x, y)],
    ['exp', (w, x) => w.exp(x)],
    ['sigmoid', (w, x) => w.sigmoid(x)],
    ['where', (w, x, y) => w.where(x.greater(y), x, y.mul(2))],
    ['add int16', (w, x, y) => w.add(x.mul(1000).astype('int16'), y)],
    // casts and copies: a transpose (tiled), a gapped view (visited across), a plain run
    ['transposed copy', (w, x) => x.slice(':393216').reshape([384, 1024]).T.copy()],
    [
      'rgba[:, :, :3] to float32',
      (w, x) =>
        x.slice(':393216').mul(60).add(128).astype('uint8').reshape([384, 256, 4]).slice(':, :, :3').astype('float32'),
    ],
    ['astype int32', (w, x) => x.mul(1000).astype('int32')],
  ]) {
    const got = f(two, two.tensor(a), two.tensor(b)).toTypedArray(),
      want = f(one, one.tensor(a), one.tensor(b)).toTypedArray();
    assert.ok(Buffer.from(got.buffer).equals(Buffer.from(want.buffer)), name);
  }
});

// build(constant x) compiled and run in x's engine
function lazy(w, x, build) {
  const g = w.graph();
  return g.compile(build(g.constant(x))).run();
}

test('large reductions split across threads, eager and lazy, give the single-thread bits', async () => {
  const one = await init({ threads: 1 }),
    two = await init({ threads: 2 });
  const n = 13 * 30253, // halves not at multiples of 8: the pairwise sum's own cuts
    a = rnd(n);
  for (const [name, f] of [
    ['sum', (w, x) => w.sum(x)],
    ['mean', (w, x) => w.mean(x)],
    ['max', (w, x) => w.max(x)],
    ['argmin', (w, x) => w.argmin(x.reshape([13, -1]), { axis: 1 })],
    ['sum int32', (w, x) => w.sum(x.mul(1000).astype('int32'))],
    ['sum over rows', (w, x) => w.sum(x.reshape([13, -1]), { axis: 1 })],
    ['sum over columns', (w, x) => w.sum(x.reshape([13, -1]), { axis: 0 })],
    ['lazy sum of squares by rows', (w, x) => lazy(w, x.reshape([13, -1]), (c) => c.square().sum({ axis: 1 }))],
    ['lazy sum', (w, x) => lazy(w, x, (c) => c.sum())],
    ['lazy sum of squares', (w, x) => lazy(w, x, (c) => c.square().sum())], // leaves set by the size alone
    ['lazy mean of squares', (w, x) => lazy(w, x, (c) => c.square().mean())],
    ['einsum ij,ij->', (w, x) => w.einsum('ij,ij->', x.reshape([13, -1]), x.reshape([13, -1]))],
  ]) {
    const got = f(two, two.tensor(a)).toTypedArray(),
      want = f(one, one.tensor(a)).toTypedArray();
    assert.ok(Buffer.from(got.buffer).equals(Buffer.from(want.buffer)), name);
  }
  // the lazy fold of a tensor is the eager sum, bit for bit
  assert.equal(lazy(two, two.tensor(a), (c) => c.sum()).item(), two.sum(two.tensor(a)).item());
});
