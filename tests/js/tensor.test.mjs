// Creation, properties, reading values back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, fixtures, throwsWt, valuesByFormula } from './helpers.mjs';

test('tensor() from numbers, nested arrays, booleans and TypedArrays', () => {
  const s = wt.tensor(2.5);
  assert.equal(s.ndim, 0);
  assert.deepEqual(s.shape, []);
  assert.equal(s.dtype, 'float64');
  assert.equal(s.toArray(), 2.5);
  assert.equal(s.item(), 2.5);
  const m = wt.tensor([
    [1, 2, 3],
    [4, 5, 6],
  ]);
  assert.equal(m.dtype, 'int32');
  assert.deepEqual(m.shape, [2, 3]);
  assert.deepEqual(m.strides, [3, 1]);
  assert.equal(m.offset, 0);
  assert.equal(m.size, 6);
  assert.equal(m.isContiguous, true);
  assert.equal(m.readOnly, false);
  assert.deepEqual(m.toArray(), [
    [1, 2, 3],
    [4, 5, 6],
  ]);
  assert.equal(wt.tensor([1, 2.5]).dtype, 'float64');
  assert.equal(wt.tensor([3e9]).dtype, 'int64'); // an integer past int32, as NumPy's np.array([3000000000])
  assert.equal(wt.tensor([2 ** 53 * 4]).dtype, 'float64'); // past 2^53 a number is no exact integer: a float
  // bigints are Python ints: int64, uint64 past it, exact at any size
  const big = wt.tensor([
    [1n, -(2n ** 63n)],
    [2n ** 63n - 1n, true],
  ]);
  assert.equal(big.dtype, 'int64');
  assert.ok(big.data instanceof BigInt64Array);
  assert.deepEqual(big.toArray(), [
    [1n, -(2n ** 63n)],
    [2n ** 63n - 1n, 1n],
  ]);
  assert.equal(big.slice('1, 0').item(), 2n ** 63n - 1n);
  assert.equal(String(wt.tensor([2n ** 64n - 1n])), 'tensor([18446744073709551615], dtype=uint64)');
  assert.deepEqual(wt.tensor(new BigUint64Array([2n ** 64n - 1n])).toArray(), [2n ** 64n - 1n]);
  assert.deepEqual(wt.tensor([1.5, 2n]).toArray(), [1.5, 2]); // with a float among them: float64
  assert.deepEqual(wt.tensor([1, 2], { dtype: 'int64' }).toArray(), [1n, 2n]);
  throwsWt(() => wt.tensor([2n ** 64n]), 'WT_EDTYPE', /18446744073709551616 is out of bounds for uint64/);
  throwsWt(() => wt.tensor([2 ** 63], { dtype: 'int64' }), 'WT_EDTYPE', /out of bounds for int64/);
  throwsWt(() => wt.tensor([300n], { dtype: 'uint8' }), 'WT_EDTYPE', /300 is out of bounds for uint8/);
  // float16: numbers rounded to nearest even, read back as numbers whatever the engine's arrays
  const h = wt.tensor([1.5, 2049, 2051, 65519, 65520, 2 ** -25, -0, NaN], { dtype: 'float16' });
  assert.equal(h.dtype, 'float16');
  assert.deepEqual(h.toArray(), [1.5, 2048, 2052, 65504, Infinity, 0, -0, NaN]);
  assert.equal(h.slice('1').item(), 2048);
  assert.equal(h.data.length, 8);
  assert.equal(wt.tensor([0.1], { dtype: 'float16' }).astype('float64').item(), 0.0999755859375);
  if (typeof globalThis.Float16Array === 'function') {
    assert.equal(wt.tensor(new globalThis.Float16Array([1.5])).dtype, 'float16');
    assert.ok(h.data instanceof globalThis.Float16Array);
  } else assert.deepEqual(Array.from(h.data.slice(0, 2)), [0x3e00, 0x6800]); // the bits
  const b = wt.tensor([true, false]);
  assert.equal(b.dtype, 'bool');
  assert.deepEqual(b.toArray(), [true, false]);
  assert.ok(b.data instanceof Uint8Array);
  const f = wt.tensor(new Float32Array([1.5, -2]));
  assert.equal(f.dtype, 'float32');
  assert.ok(f.data instanceof Float32Array);
  assert.deepEqual(f.toArray(), [1.5, -2]);
  // a Uint8Array holds uint8 values, not booleans (bool shares the array class)
  const u8 = wt.tensor(new Uint8Array([0, 2, 255]));
  assert.deepEqual([u8.dtype, u8.toArray()], ['uint8', [0, 2, 255]]);
  assert.deepEqual(wt.tensor(new Uint8Array([0, 2]), { dtype: 'bool' }).toArray(), [false, true]);
  const c = wt.tensor(new Uint8ClampedArray([1, 255]));
  assert.equal(c.dtype, 'uint8');
  const shaped = wt.tensor([1, 2, 3, 4, 5, 6], { dtype: 'int16', shape: [3, 2] });
  assert.deepEqual(shaped.toArray(), [
    [1, 2],
    [3, 4],
    [5, 6],
  ]);
  assert.equal(shaped.dtype, 'int16');
  // conversion on the way in follows NumPy's casting
  assert.deepEqual(wt.tensor([255, 2.9, -0.9], { dtype: 'uint8' }).toArray(), [255, 2, 0]); // int(v), as NumPy
  // NumPy 2: np.array([-1], dtype=np.uint8) and np.array([-2.9], ...) are OverflowErrors, NaN a ValueError
  throwsWt(() => wt.tensor([-1, 256], { dtype: 'uint8' }), 'WT_EDTYPE', /-1 is out of bounds for uint8/);
  throwsWt(() => wt.tensor([2.9, -2.9], { dtype: 'uint8' }), 'WT_EDTYPE', /-2.9 is out of bounds/);
  throwsWt(() => wt.tensor([NaN, 1.5], { dtype: 'int8' }), 'WT_EINVAL', /NaN/);
  assert.deepEqual(wt.tensor(new Float64Array([-1, 256, -2.9]), { dtype: 'uint8' }).toArray(), [255, 0, 254]); // astype
  assert.deepEqual(wt.tensor(new Float64Array([NaN, 0, -0.5]), { dtype: 'bool' }).toArray(), [true, false, true]);
  assert.deepEqual(wt.tensor([[]]).shape, [1, 0]);
  const copy = wt.tensor(m, { dtype: 'float32' });
  assert.deepEqual(copy.toArray(), m.toArray());
  assert.equal(copy.dtype, 'float32');
  wt.dispose([s, m, b, f, c, shaped, copy]);
});

test('zeros, ones, full, empty, eye', () => {
  assert.deepEqual(wt.zeros([2, 2]).toArray(), [
    [0, 0],
    [0, 0],
  ]);
  assert.equal(wt.zeros(3).dtype, 'float64');
  assert.deepEqual(wt.ones([3], 'int8').toArray(), [1, 1, 1]);
  throwsWt(() => wt.full([2], -1, 'uint16'), 'WT_EDTYPE', /-1 is out of bounds for uint16/); // np.full raises
  assert.equal(wt.full([2], 7).dtype, 'int32');
  assert.equal(wt.full([2], 0.5).dtype, 'float64');
  assert.equal(wt.full([2], true).dtype, 'bool');
  const e = wt.empty([4, 0], 'float32');
  assert.equal(e.size, 0);
  assert.deepEqual(e.toArray(), [[], [], [], []]);
  assert.deepEqual(wt.eye(2, 3, 1, 'int32').toArray(), [
    [0, 1, 0],
    [0, 0, 1],
  ]);
  assert.deepEqual(wt.eye(2).toArray(), [
    [1, 0],
    [0, 1],
  ]);
});

test('arange and linspace match NumPy', () => {
  for (const c of fixtures.arange) {
    const [a, b, s] = c.args;
    const t = wt.arange(a, b, s, c.dtype);
    assert.equal(t.dtype, c.dtype);
    assert.deepEqual(Array.from(t.data), c.values, `arange(${c.args}, ${c.dtype})`);
    t.dispose();
  }
  for (const c of fixtures.linspace) {
    const [a, b, n, endpoint] = c.args;
    const t = wt.linspace(a, b, n, { endpoint, dtype: c.dtype });
    assert.deepEqual(Array.from(t.data), c.values, `linspace(${c.args}, ${c.dtype})`);
    t.dispose();
  }
  assert.deepEqual(wt.arange(4).toArray(), [0, 1, 2, 3]);
  assert.equal(wt.arange(4).dtype, 'int32');
  assert.equal(wt.arange(0, 1, 0.25).dtype, 'float64');
  assert.equal(wt.linspace(0, 1).size, 50);
  throwsWt(() => wt.arange(0, 1, 0), 'WT_EINVAL', /step cannot be zero/);
  throwsWt(() => wt.linspace(0, 1, -2), 'WT_EINVAL', /number of samples, -2, must be non-negative/);
});

test('data is the storage, read through offset and strides', () => {
  const a = wt.arange(24, undefined, 1, 'float32').reshape([2, 3, 4]);
  const v = a.slice('1, ::-1, 1:4:2');
  assert.deepEqual(v.shape, [3, 2]);
  assert.deepEqual(v.strides, [-4, 2]);
  assert.equal(v.offset, 12 + 8 + 1);
  assert.equal(v.data.length, 24);
  assert.deepEqual(valuesByFormula(v), [21, 23, 17, 19, 13, 15]);
  assert.deepEqual(v.toArray(), [
    [21, 23],
    [17, 19],
    [13, 15],
  ]);
  assert.deepEqual(Array.from(v.toTypedArray()), [21, 23, 17, 19, 13, 15]);
  assert.ok(v.toTypedArray() instanceof Float32Array);
  v.data[v.offset] = -5; // writes through to a
  assert.equal(a.toArray()[1][2][1], -5);
  wt.dispose([a, v]);
});

test('0-d and size-0 tensors', () => {
  const z = wt.tensor(7, { dtype: 'uint8' });
  assert.equal(z.toArray(), 7);
  assert.equal(z.item(), 7);
  assert.deepEqual(Array.from(z.toTypedArray()), [7]);
  assert.deepEqual(z.reshape([1, 1]).toArray(), [[7]]);
  assert.equal(z.T.ndim, 0);
  const b0 = wt.tensor(false);
  assert.equal(b0.item(), false);
  const e = wt.zeros([0, 3], 'int16');
  assert.equal(e.size, 0);
  assert.deepEqual(e.toArray(), []);
  assert.equal(e.toTypedArray().length, 0);
  assert.equal(e.isContiguous, true);
  assert.deepEqual(e.T.shape, [3, 0]);
  assert.deepEqual(e.reshape([3, 0, 5]).shape, [3, 0, 5]);
  throwsWt(() => e.item(), 'WT_ESHAPE', /size 1, this one has shape \(0,3\) and size 0/);
  throwsWt(() => wt.arange(3).item(), 'WT_ESHAPE', /has shape \(3\) and size 3/);
});
