// The promise, checked by enumeration: every public function and method,
// called with hostile arguments, either works or throws a WtError — never a
// WebAssembly.RuntimeError, TypeError or RangeError — and the engine keeps
// computing correctly; memory returns to its baseline across long mixed loops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, WtError, throwsWt } from './helpers.mjs';

const hostile = [
  undefined,
  null,
  NaN,
  Infinity,
  -1,
  0.5,
  2 ** 53,
  -(2 ** 31),
  'x',
  '',
  {},
  [],
  [NaN],
  [2 ** 40, 2 ** 40],
  [-3],
  new Array(20).fill(2),
  Symbol('s'),
  () => {},
  true,
  10n,
  new Uint8Array(3),
  { form: 'bad', axis: 'z', out: 1 },
];

function sanity() {
  const got = wt.tidy(() =>
    wt.einsum('ij,jk->ik', wt.arange(6, null, 1, 'float32').reshape([2, 3]), wt.ones([3, 2])).toArray(),
  );
  assert.deepEqual(got, [
    [3, 3],
    [12, 12],
  ]);
}

// calls fn and accepts a result or a WtError; anything else is the bug this
// hunts.  A new tensor it returns is disposed (not one of ours: assign returns
// its target); a promise (fromNpz, toNpz) is kept for settle() to judge alike.
const pending = [];
function judge(label, e) {
  if (!(e instanceof WtError)) assert.fail(`${label} threw ${e?.constructor?.name}: ${e?.message}`);
  assert.ok(e.message.length > 8, `${label}: message "${e.message}"`);
}
function probe(label, fn, own = []) {
  try {
    const r = fn();
    if (r instanceof Promise) pending.push([label, r, own]);
    else if ((r instanceof wt.Tensor || r instanceof wt.LazyTensor) && !r.isDisposed && !own.includes(r))
      r.dispose(); // a lazy leaf owns storage too
    else if (r?.wtensor === 'shared tensor')
      wt.attach(r).dispose(); // a share is a reference until attached
    else if (r && typeof r === 'object' && !ArrayBuffer.isView(r) && !(r instanceof wt.Tensor))
      // nonzero's array, unique's and topk's objects (not a tensor's own fields)
      for (const t of Object.values(r)) if (t instanceof wt.Tensor && !own.includes(t) && !t.isDisposed) t.dispose();
  } catch (e) {
    judge(label, e);
  }
}
async function settle() {
  for (const [label, p, own] of pending.splice(0)) {
    try {
      const r = await p;
      if (r && typeof r === 'object' && !ArrayBuffer.isView(r))
        for (const t of Object.values(r)) if (t instanceof wt.Tensor && !own.includes(t)) t.dispose();
    } catch (e) {
      judge(label, e);
    }
  }
}

const SKIP = new Set(['tidy', 'keep', 'dispose']); // take functions or any values by design; covered in memory.test.mjs
const isClass = (f) => /^class\b/.test(Function.prototype.toString.call(f));
const freeFunctions = Object.keys(wt).filter((k) => typeof wt[k] === 'function' && !SKIP.has(k) && !isClass(wt[k]));
const methods = Object.getOwnPropertyNames(wt.Tensor.prototype).filter((k) => {
  const d = Object.getOwnPropertyDescriptor(wt.Tensor.prototype, k);
  return k !== 'constructor' && typeof d.value === 'function' && k !== 'dispose';
});

test('the enumeration finds the whole API', () => {
  for (const name of [
    'zeros',
    'tensor',
    'einsum',
    'einsumPath',
    'matmul',
    'add',
    'sum',
    'fromNpy',
    'fromTensorProto',
    'fromNpz',
    'toNpz',
    'binary',
    'where',
  ]) {
    assert.ok(freeFunctions.includes(name), name);
  }
  for (const name of ['slice', 'reshape', 'assign', 'toNpy', 'toTensorProto', 'matmul', 'add', 'sum', 'toArray'])
    assert.ok(methods.includes(name), name);
  assert.ok(
    freeFunctions.length > 80 && methods.length > 60,
    `${freeFunctions.length} functions, ${methods.length} methods`,
  );
});

test('every free function with one, two and three hostile arguments', async () => {
  const a = wt.arange(6, null, 1, 'float32').reshape([2, 3]);
  const m0 = wt.memory();
  for (const name of freeFunctions) {
    for (const g of hostile) {
      probe(`${name}(${String(g)})`, () => wt[name](g), [a]);
      probe(`${name}(a, ${String(g)})`, () => wt[name](a, g), [a]);
      probe(`${name}(${String(g)}, a)`, () => wt[name](g, a), [a]);
      probe(`${name}(a, a, ${String(g)})`, () => wt[name](a, a, g), [a]);
    }
  }
  await settle();
  assert.equal(wt.memory().tensors, m0.tensors);
  assert.equal(wt.memory().bytesInUse, m0.bytesInUse);
  a.dispose();
  sanity();
});

test('every method on live, read-only, empty, 0-d and disposed tensors with hostile arguments', () => {
  const live = wt.arange(24, null, 1, 'float32').reshape([2, 3, 4]);
  const targets = {
    live,
    readOnly: live.broadcastTo([2, 2, 3, 4]),
    empty: wt.zeros([0, 3], 'int8'),
    scalar: wt.tensor(3.5),
    bool: wt.ones([2, 2], 'bool'),
  };
  const dead = wt.ones([2]);
  dead.dispose();
  targets.dead = dead;
  const m0 = wt.memory();
  const own = Object.values(targets);
  for (const [kind, t] of Object.entries(targets)) {
    for (const name of methods) {
      probe(`${kind}.${name}()`, () => t[name](), own);
      for (const g of hostile) {
        probe(`${kind}.${name}(${String(g)})`, () => t[name](g), own);
        probe(`${kind}.${name}(${String(g)}, ${String(g)})`, () => t[name](g, g), own);
        probe(`${kind}.${name}(live, ${String(g)})`, () => t[name](live, g), own);
      }
    }
  }
  assert.equal(wt.memory().tensors, m0.tensors);
  assert.equal(wt.memory().bytesInUse, m0.bytesInUse);
  assert.ok(own.every((t) => t === dead || !t.isDisposed));
  // hostile values may legally be assigned (assign(true) fills with 1); the read-only view never changes
  const ro = targets.readOnly.toArray();
  assert.deepEqual(ro[0], ro[1]);
  assert.deepEqual(ro[0], live.toArray());
  for (const t of Object.values(targets)) t.dispose();
  sanity();
});

test('every operation that combines tensors promotes as NumPy; an out the result cannot be cast into is WT_EDTYPE naming both, untouched', () => {
  // pairs whose NumPy promotion is int64
  for (const [da, db] of [
    ['int32', 'uint32'],
    ['int8', 'uint32'],
    ['uint32', 'int16'],
  ]) {
    wt.tidy(() => {
      const a = wt.ones([2, 2], da),
        b = wt.ones([2, 2], db),
        out = wt.full([2, 2], 7, 'int8');
      const calls = {
        add: () => wt.add(a, b),
        maximum: () => wt.maximum(b, a),
        matmul: () => wt.matmul(a, b),
        einsum: () => wt.einsum('ij,jk->ik', a, b),
        where: () => wt.where(wt.ones([2], 'bool'), a, b),
        clip: () => wt.clip(a, b, 3),
        fma: () => wt.fma(a, b, 1),
      };
      for (const [name, fn] of Object.entries(calls)) assert.equal(fn().dtype, 'int64', `${name}(${da}, ${db})`);
      // int64 into int8 is same_kind (as NumPy); into uint8 it is not, and einsum's safe rule refuses int8 too
      const u8 = wt.full([2, 2], 7, 'uint8');
      for (const fn of [
        () => wt.add(a, b, { out: u8 }),
        () => wt.matmul(a, b, { out: u8 }),
        () => wt.einsum('ij,ij->ij', a, b, { out }),
      ])
        throwsWt(fn, 'WT_EDTYPE', /int64.*u?int8|u?int8.*int64/);
      assert.deepEqual(out.toArray(), [
        [7, 7],
        [7, 7],
      ]);
      assert.deepEqual(u8.toArray(), [
        [7, 7],
        [7, 7],
      ]);
    });
  }
  sanity();
});

test('hostile bytes into the file readers: WtErrors, never traps', () => {
  let seed = 99;
  const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const npy = wt.arange(12, null, 1, 'float64').reshape([3, 4]).T.toNpy();
  const pb = wt.arange(12, null, 1, 'int16').toTensorProto({ form: 'fields' });
  for (let i = 0; i < 4000; i++) {
    for (const good of [npy, pb]) {
      const b = good.slice(0, Math.floor(rnd() * (good.length + 8)));
      for (let k = 0; k < 1 + rnd() * 4; k++) if (b.length) b[Math.floor(rnd() * b.length)] = Math.floor(rnd() * 256);
      probe('fromNpy(mutated)', () => wt.fromNpy(b));
      probe('fromTensorProto(mutated)', () => wt.fromTensorProto(b));
    }
  }
  sanity();
});

test('10,000 tidy iterations of mixed ops, einsum, matmul, reductions and file round trips return memory to baseline', () => {
  const step = () =>
    wt.tidy(() => {
      const x = wt.arange(48, null, 1, 'float32').reshape([4, 12]);
      const y = wt.exp(x.mul(0.01)).sub(x.mean({ axis: 0, keepdims: true }));
      const z = wt.einsum('ij,kj->ik', y, x).add(wt.matmul(x, x.T)).sum(1);
      const w = wt.fromNpy(z.toNpy()).astype('float64').slice('::-1');
      const p = wt.fromTensorProto(w.toTensorProto({ form: 'fields' }));
      return p.max().item() + wt.where(x.greater(20), x, 0).argmax().item();
    });
  const first = step();
  const m0 = wt.memory();
  for (let i = 0; i < 10000; i++) assert.equal(step(), first);
  const m1 = wt.memory();
  assert.equal(m1.tensors, m0.tensors);
  assert.equal(m1.bytesInUse, m0.bytesInUse);
  assert.equal(m1.wasmBytes, m0.wasmBytes, 'wasm memory did not grow');
});

test('views made before a forced memory growth stay valid and write through', () => {
  const base = wt.arange(20, null, 1, 'float32').reshape([4, 5]);
  const view = base.slice('1:3, ::-2');
  const col = base.T.slice('2');
  const old = view.data;
  const before = wt.memory().wasmBytes;
  const big = wt.zeros([before / 4], 'float32'); // as large as the whole memory: it must grow
  assert.ok(wt.memory().wasmBytes > before, 'the memory grew');
  if (old.buffer instanceof ArrayBuffer) assert.equal(old.length, 0, 'growth detached the old ArrayBuffer');
  else
    assert.deepEqual(
      Array.from(old),
      [...Array(20).keys()],
      'a shared memory is never detached: the old view still reads the storage',
    );
  assert.deepEqual(view.toArray(), [
    [9, 7, 5],
    [14, 12, 10],
  ]);
  view.assign(-1);
  assert.deepEqual(base.toArray()[1], [-1, 6, -1, 8, -1]);
  assert.deepEqual(col.toArray(), [2, -1, -1, 17]); // column 2, written through view too
  col.data[col.offset + col.strides[0]] = 70; // zero-copy write through the fresh view of the new buffer
  assert.equal(base.toArray()[1][2], 70);
  base.dispose(); // disposing the base under live views is safe
  assert.deepEqual(view.toArray(), [
    [-1, 70, -1],
    [-1, -1, -1],
  ]);
  for (const t of [view, col, big]) t.dispose();
  sanity();
});
