// assign and astype: NumPy's casting, broadcasting, overlap, atomic failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, fixtures, throwsWt, flatValues } from './helpers.mjs';

test('astype matches NumPy for every dtype pair', () => {
  for (const c of fixtures.cast) {
    wt.tidy(() => {
      const src = wt.tensor(c.values, { dtype: c.src });
      const dst = src.astype(c.dst);
      assert.equal(dst.dtype, c.dst);
      const got = flatValues(dst);
      assert.deepEqual(got, c.expect, `${c.src} -> ${c.dst}`);
    });
  }
});

test('assign broadcasts and casts through strided views', () => {
  wt.tidy(() => {
    const d = wt.zeros([3, 4], 'float32');
    d.assign(wt.tensor([0, 1, 2, 3], { dtype: 'int8' }));
    assert.deepEqual(d.toArray(), [
      [0, 1, 2, 3],
      [0, 1, 2, 3],
      [0, 1, 2, 3],
    ]);
    d.T.assign(wt.tensor([7, 8, 9], { dtype: 'uint8' }));
    assert.deepEqual(d.toArray(), [
      [7, 7, 7, 7],
      [8, 8, 8, 8],
      [9, 9, 9, 9],
    ]);
    d.slice('::2, ::-3').assign(wt.tensor([[1.9], [-2.9]]));
    assert.deepEqual(d.toArray(), [
      [1.9, 7, 7, 1.9].map(Math.fround),
      [8, 8, 8, 8],
      [-2.9, 9, 9, -2.9].map(Math.fround),
    ]);
    const i = wt.zeros([2], 'int32');
    assert.equal(i.assign(-3.7), i); // returns the destination
    assert.deepEqual(i.toArray(), [-3, -3]);
    wt.assign(i, true);
    assert.deepEqual(i.toArray(), [1, 1]);
    // NumPy 2: a[...] = -1 into uint8 is an OverflowError (casting a tensor still wraps)
    throwsWt(() => wt.zeros([2], 'uint8').assign(-1), 'WT_EDTYPE', /-1 is out of bounds for uint8/);
    throwsWt(() => wt.zeros([2], 'int32').assign(NaN), 'WT_EINVAL', /cannot convert NaN to int32/);
    assert.deepEqual(wt.tensor([-1]).astype('uint8').toArray(), [255]);
  });
});

test('overlapping source and destination behave as if the source were copied', () => {
  wt.tidy(() => {
    const a = wt.arange(8);
    a.slice('1:').assign(a.slice(':-1'));
    assert.deepEqual(a.toArray(), [0, 0, 1, 2, 3, 4, 5, 6]);
    a.assign(a.slice('::-1'));
    assert.deepEqual(a.toArray(), [6, 5, 4, 3, 2, 1, 0, 0]);
    const m = wt.arange(9).reshape([3, 3]);
    m.assign(m.T);
    assert.deepEqual(m.toArray(), [
      [0, 3, 6],
      [1, 4, 7],
      [2, 5, 8],
    ]);
  });
});

test('a failed assign leaves the destination unchanged', () => {
  wt.tidy(() => {
    const d = wt.arange(12, null, 1, 'int16').reshape([3, 4]);
    const before = d.toArray();
    throwsWt(() => d.assign(wt.zeros([5, 4])), 'WT_ESHAPE', /assign: cannot broadcast shape \(5,4\) to \(3,4\)/);
    throwsWt(() => d.assign(wt.zeros([2, 3, 4])), 'WT_ESHAPE', /the source has more dimensions/);
    throwsWt(() => d.assign('7'), 'WT_EINVAL', /value must be a number or a boolean, got the string "7"/);
    throwsWt(() => d.assign(null), 'WT_EINVAL', /value must be a number or a boolean, got null/);
    throwsWt(() => d.broadcastTo([2, 3, 4]).assign(1), 'WT_EREADONLY', /read-only/);
    assert.deepEqual(d.toArray(), before);
  });
});

test('astype and copy always copy', () => {
  wt.tidy(() => {
    const a = wt.tensor(
      [
        [1, 2],
        [3, 4],
      ],
      { dtype: 'float32' },
    );
    const c = a.copy();
    c.assign(0);
    assert.deepEqual(a.toArray(), [
      [1, 2],
      [3, 4],
    ]);
    const same = a.astype('float32');
    same.assign(9);
    assert.deepEqual(a.toArray(), [
      [1, 2],
      [3, 4],
    ]);
    assert.deepEqual(a.T.astype('uint8').toArray(), [
      [1, 3],
      [2, 4],
    ]);
    throwsWt(() => a.astype('complex32'), 'WT_EDTYPE', /unknown dtype 'complex32'/);
    throwsWt(() => a.astype(7), 'WT_EDTYPE', /dtype must be a dtype name string, got the number 7/);
  });
});

// a[i, j] = v with integer indices and a number is stored in place without a tensor
// (indexing.js setOne); every outcome is the general path's, which index strings take
test('one element set: the in-place path gives the general path outcome for every dtype and value', () => {
  const values = [
    0,
    1,
    -1,
    2.5,
    -2.5,
    127,
    128,
    -129,
    255,
    256,
    65535,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53,
    NaN,
    Infinity,
    -0,
    true,
    false,
    1e300,
  ];
  const dtypes = [
    'bool',
    'int8',
    'uint8',
    'int16',
    'uint16',
    'int32',
    'uint32',
    'int64',
    'uint64',
    'float16',
    'float32',
    'float64',
    'complex64',
  ];
  const outcome = (f) => {
    try {
      return f().toArray();
    } catch (e) {
      return `${e.code}: ${e.message}`;
    }
  };
  for (const dtype of dtypes)
    for (const v of values)
      for (const [i, j] of [
        [1, 2],
        [-1, -3],
        [2, 3],
        [0, -4],
      ]) {
        const fast = outcome(() => wt.zeros([2, 3], dtype).set([i, j], v));
        const general = outcome(() => wt.zeros([2, 3], dtype).set([String(i), String(j)], v));
        assert.deepEqual(fast, general, `${dtype}[${i}, ${j}] = ${v}`);
      }
  const r = wt.arange(6).reshape([2, 3]);
  r.setflags({ write: false });
  throwsWt(() => r.set([0, 0], 1), 'WT_EREADONLY');
  const v = wt.arange(12, { dtype: 'float64' }).reshape([3, 4]).slice('::2, ::-1');
  v.set([1, 0], 99);
  assert.deepEqual(v.toArray(), [
    [3, 2, 1, 0],
    [99, 10, 9, 8],
  ]);
});

// a[mask] = v with a lone mask and one value is written as the mask is walked (index.c
// scatter_direct); every outcome is the integer-index path's (a[mask.nonzero()] = v)
test('mask set: the walked path gives the index path outcome for layouts, dtypes and values', () => {
  const outcome = (f) => {
    try {
      return f().toArray();
    } catch (e) {
      return `${e.code}: ${e.message}`;
    }
  };
  const rng = wt.random.defaultRng(46);
  const bases = [
    () => wt.arange(24, { dtype: 'float64' }).reshape([4, 6]),
    () => wt.arange(48, { dtype: 'int32' }).reshape([6, 8]).slice('::2, 1::2'),
    () => wt.arange(24, { dtype: 'int8' }).reshape([4, 6]).T,
    () => wt.arange(30, { dtype: 'complex64' }).reshape([5, 6]).slice('1:, ::-1'),
    () => wt.arange(24, { dtype: 'float32' }).reshape([2, 3, 4]),
  ];
  for (const base of bases)
    for (const v of [7, -1.5, 300, true, [9], wt.tensor(2.5, { dtype: 'float32' }), [1, 2], [[3]]]) {
      const shape = base().shape;
      for (const axes of [shape.length, 1]) {
        const mask = rng.random(shape.slice(0, axes)).greater(0.4);
        const walked = outcome(() => base().set([mask], v));
        const indexed = outcome(() => base().set(wt.nonzero(mask), v));
        assert.deepEqual(walked, indexed, `${shape} mask over ${axes} axes = ${v}`);
      }
    }
});
