// Exchange without copies: wt.wrap adopts a region of the module's own memory
// (verified by writing through both sides, and by the memory counters), and
// wt.fromArrayLike copies from foreign memory of every kind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, WtError, throwsWt } from './helpers.mjs';

test('wt.wrap adopts a region of wasm memory without copying: writes show through both sides', () => {
  const base = wt.arange(12, null, 1, 'float32');
  const region = base.data.subarray(base.offset + 2, base.offset + 10); // elements 2..9, on wasm memory
  const before = wt.memory().bytesInUse;
  const t = wt.wrap(region, { shape: [4, 2], strides: [1, 4] }); // read transposed: {2,6}, {3,7}, ...
  assert.equal(wt.memory().bytesInUse, before, 'no bytes allocated');
  assert.deepEqual(t.toArray(), [
    [2, 6],
    [3, 7],
    [4, 8],
    [5, 9],
  ]);
  region[0] = 100; // JS writes, the tensor sees
  assert.equal(t.toArray()[0][0], 100);
  t.assign(-1); // the tensor writes, JS and the base see
  assert.deepEqual(Array.from(region), [-1, -1, -1, -1, -1, -1, -1, -1]);
  assert.deepEqual(base.toArray(), [0, 1, -1, -1, -1, -1, -1, -1, -1, -1, 10, 11]);
  // the storage lives while the wrapped tensor does
  base.dispose();
  assert.equal(wt.memory().bytesInUse, before);
  assert.deepEqual(t.sum().item(), -8);
  t.dispose();
  assert.ok(wt.memory().bytesInUse < before, 'freed with its last handle');
  // defaults: the whole view, its own dtype; another dtype over the same bytes; read-only
  const u = wt.arange(4, null, 1, 'int32');
  const whole = wt.wrap(u.data.subarray(u.offset, u.offset + 4));
  assert.deepEqual([whole.dtype, [...whole.shape]], ['int32', [4]]);
  const bytes = wt.wrap(new Uint8Array(u.data.buffer, u.data.byteOffset + 4 * u.offset, 16), { readOnly: true });
  assert.deepEqual(
    [bytes.dtype, bytes.readOnly, bytes.toArray().slice(0, 8)],
    ['uint8', true, [0, 0, 0, 0, 1, 0, 0, 0]],
  );
  throwsWt(() => bytes.assign(1), 'WT_EREADONLY');
  const floats = wt.wrap(new DataView(u.data.buffer, u.data.byteOffset, 16), { dtype: 'float32', shape: [2, 2] });
  assert.equal(floats.dtype, 'float32');
  wt.dispose([u, whole, bytes, floats]);
});

test('wt.wrap refuses memory it cannot keep alive, and descriptors past the region', () => {
  const base = wt.zeros([8], 'float32');
  const inside = base.data.subarray(base.offset, base.offset + 8);
  throwsWt(() => wt.wrap(new Float32Array(8)), 'WT_EINVAL', /not on this wtensor instance's memory.*fromArrayLike/);
  throwsWt(() => wt.wrap(inside, { shape: [9] }), 'WT_EBOUNDS');
  throwsWt(() => wt.wrap(inside, { shape: [2, 2], strides: [4] }), 'WT_EINVAL', /1 strides given for 2 dimensions/);
  throwsWt(
    () =>
      wt.wrap(new Uint8Array(base.data.buffer, base.data.byteOffset + 4 * base.offset + 1, 8), { dtype: 'float32' }),
    'WT_EINVAL',
    /element boundary/,
  );
  // a region of wasm memory that no tensor owns (past every tensor, say) is refused, not trusted
  const buf = base.data.buffer,
    end = buf.byteLength - 64;
  throwsWt(() => wt.wrap(new Float32Array(buf, end, 4)), 'WT_EBOUNDS', /no tensor storage/);
  throwsWt(() => wt.wrap(inside, { dtype: 'bfloat16' }), 'WT_EDTYPE');
  throwsWt(() => wt.wrap([1, 2]), 'WT_EINVAL', /TypedArray or DataView/);
  base.dispose();
});

test('wt.fromArrayLike copies from foreign memory of every kind', () => {
  const cases = [
    [new Float32Array([1.5, 2.5]), {}, 'float32', [1.5, 2.5]],
    [
      new Int16Array([1, -2, 3, -4]),
      { shape: [2, 2] },
      'int16',
      [
        [1, -2],
        [3, -4],
      ],
    ],
    [new Float64Array([1, 2, 3]).buffer, { dtype: 'float64' }, 'float64', [1, 2, 3]],
    [new Uint8Array([0, 2, 0]).buffer, { dtype: 'bool' }, 'bool', [false, true, false]],
    [new DataView(new Int32Array([7, 8, 9]).buffer, 4, 8), { dtype: 'int32' }, 'int32', [8, 9]],
    [new BigInt64Array([1n, -(2n ** 63n)]), {}, 'int64', [1n, -(2n ** 63n)]],
    [new BigUint64Array([2n ** 64n - 1n]), {}, 'uint64', [2n ** 64n - 1n]],
    [new BigInt64Array([1n, -(2n ** 40n)]), { dtype: 'float64' }, 'float64', [1, -(2 ** 40)]],
    [{ length: 3, 0: 1, 1: 2, 2: 3 }, { dtype: 'uint8' }, 'uint8', [1, 2, 3]],
    [new Set([4, 5]), {}, 'int32', [4, 5]],
    [
      (function* gen() {
        yield 0.5;
        yield 1;
      })(),
      {},
      'float64',
      [0.5, 1],
    ],
    [
      [
        [1, 2],
        [3, 4],
      ],
      { dtype: 'float32' },
      'float32',
      [
        [1, 2],
        [3, 4],
      ],
    ],
  ];
  if (typeof SharedArrayBuffer === 'function')
    cases.push([new Int32Array(new SharedArrayBuffer(8)).fill(3), {}, 'int32', [3, 3]]);
  for (const [value, opts, dtype, want] of cases) {
    const t = wt.fromArrayLike(value, opts);
    assert.equal(t.dtype, dtype, `${value.constructor.name}`);
    assert.deepEqual(t.toArray(), want, `${value.constructor.name}`);
    t.dispose();
  }
  // a copy: changing the source later changes nothing
  const src = new Float32Array([1, 2]);
  const c = wt.fromArrayLike(src);
  src[0] = 9;
  assert.deepEqual(c.toArray(), [1, 2]);
  c.dispose();
  throwsWt(
    () => wt.fromArrayLike(new ArrayBuffer(6), { dtype: 'float32' }),
    'WT_ESHAPE',
    /6 bytes are not a whole number of float32/,
  );
  throwsWt(() => wt.fromArrayLike(42), 'WT_EINVAL');
  throwsWt(() => wt.fromArrayLike({}), 'WT_EINVAL', /array-like or iterable/);
  throwsWt(() => wt.fromArrayLike(wt.zeros([1])), 'WT_EINVAL', /already a Tensor/);
  throwsWt(() => wt.fromArrayLike(new ArrayBuffer(4), { dtype: 'complex' }), 'WT_EDTYPE');
  assert.ok(wt.fromArrayLike([]) instanceof wt.Tensor);
});

test('wrap and fromArrayLike with hostile arguments: WtErrors only, nothing leaked', () => {
  const base = wt.zeros([4], 'float32');
  const m0 = wt.memory();
  for (const g of [
    undefined,
    null,
    NaN,
    -1,
    'x',
    {},
    [],
    [NaN],
    [-3],
    Symbol('s'),
    () => 1,
    10n,
    true,
    new Array(20).fill(1),
    { shape: [-1] },
    { strides: 'x' },
    { offset: 1.5 },
    { dtype: 7 },
  ]) {
    for (const fn of [
      () => wt.wrap(g),
      () => wt.wrap(base.data.subarray(base.offset, base.offset + 4), g),
      () => wt.fromArrayLike(g),
      () => wt.fromArrayLike([1, 2], g),
    ]) {
      try {
        const r = fn();
        if (r instanceof wt.Tensor) r.dispose();
      } catch (e) {
        if (!(e instanceof WtError)) assert.fail(`threw ${e?.constructor?.name}: ${e?.message}`);
      }
    }
  }
  assert.equal(wt.memory().tensors, m0.tensors);
  assert.equal(wt.memory().bytesInUse, m0.bytesInUse);
  base.dispose();
});
