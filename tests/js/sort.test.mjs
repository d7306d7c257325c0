// sort, argsort (stable, descending), unique (NumPy's and the Array API's),
// searchsorted, digitize, isin and the set functions against NumPy: every
// dtype with NaN, infinities and both zeros, on contiguous and reversed
// tensors; then partition, topk and what the fixtures cannot say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, loadFixtures, throwsWt, flatValues, fixtureTensor, sameAsNumpy } from './helpers.mjs';

const fx = await loadFixtures('select');

const make = fixtureTensor;

const same = (t, want, label) => sameAsNumpy(t, want, label);

test('sort and argsort (stable, both directions) and unique match NumPy for every dtype', () => {
  assert.equal(new Set(fx.sort.map((c) => c.x.dtype)).size, 14);
  for (const c of fx.sort)
    for (const reversed of [false, true])
      wt.tidy(() => {
        const x = make(c.x, reversed),
          label = `${c.x.dtype}(${c.x.shape}) axis ${c.axis}${reversed ? ' reversed' : ''}`;
        same(wt.sort(x, { axis: c.axis }), c.sort, `${label} sort`);
        same(wt.argsort(x, { axis: c.axis }), c.argsort, `${label} argsort`);
        same(wt.sort(x, { axis: c.axis, descending: true }), c.sortDesc, `${label} sort descending`);
        same(wt.argsort(x, { axis: c.axis, descending: true }), c.argsortDesc, `${label} argsort descending`);
        const u = wt.uniqueAll(x);
        for (const k of ['values', 'indices', 'inverseIndices', 'counts']) same(u[k], c.uniqueAll[k], `${label} ${k}`);
        same(wt.uniqueValues(x), c.uniqueAll.values, `${label} uniqueValues`);
        same(wt.unique(x), c.unique, `${label} unique`);
      });
});

test('searchsorted and digitize match NumPy', () => {
  for (const c of fx.search)
    wt.tidy(() => {
      if (c.fn === 'digitize') {
        const label = `digitize(bins ${c.bins}, right ${c.right})`;
        if (c.error) return void throwsWt(() => wt.digitize(make(c.x), c.bins, c.right), 'WT_EINVAL', /monoton/);
        return void same(wt.digitize(make(c.x, true), c.bins, c.right), c.result, label);
      }
      const opts = { side: c.side, ...(c.sorter ? { sorter: make(c.sorter) } : {}) };
      same(wt.searchsorted(make(c.a), make(c.v, true), opts), c.result, `searchsorted ${c.a.dtype} ${c.side}`);
    });
});

test('isin, intersect1d, union1d, setdiff1d, setxor1d and unique along an axis match NumPy', () => {
  for (const c of fx.sets)
    wt.tidy(() => {
      const a = make(c.a, true);
      if (c.fn === 'uniqueAxis') {
        const r = wt.unique(a, { axis: c.axis, returnIndex: true, returnInverse: true, returnCounts: true });
        for (const k of ['values', 'indices', 'inverseIndices', 'counts'])
          same(r[k], c[k], `unique axis ${c.axis} ${k}`);
        return;
      }
      const b = make(c.b, true);
      const r =
        c.fn === 'isin' ? wt.isin(a, b) : c.fn === 'isinInvert' ? wt.isin(b, a, { invert: true }) : wt[c.fn](a, b);
      same(r, c.result, `${c.fn} ${c.a.dtype}`);
    });
});

test('partition and argpartition: kth in place, checked as NumPy checks it; methods sort in place', () => {
  wt.tidy(() => {
    const x = wt.tensor([7, 1, 5, 3, 9, 2]);
    for (const kth of [0, 2, -1, [1, 4]]) {
      const p = flatValues(wt.partition(x, kth));
      const ks = (Array.isArray(kth) ? kth : [kth]).map((k) => (k < 0 ? k + 6 : k));
      const sorted = [1, 2, 3, 5, 7, 9];
      for (const k of ks) {
        assert.equal(p[k], sorted[k]);
        assert.ok(p.slice(0, k).every((v) => v <= p[k]) && p.slice(k + 1).every((v) => v >= p[k]));
      }
      const i = flatValues(wt.argpartition(x, kth));
      for (const k of ks) assert.equal(flatValues(x)[i[k]], sorted[k]);
    }
    throwsWt(() => wt.partition(x, 6), 'WT_EINVAL', /kth\(=6\) out of bounds \(6\)/);
    throwsWt(() => wt.partition(x, -7), 'WT_EINVAL', /out of bounds/);
    const y = wt.tensor([
      [3, 1],
      [2, 0],
    ]);
    assert.equal(y.sort({ axis: 0 }), y);
    assert.deepEqual(y.toArray(), [
      [2, 0],
      [3, 1],
    ]);
    y.partition(0);
    assert.deepEqual(y.toArray(), [
      [0, 2],
      [1, 3],
    ]);
    assert.deepEqual(wt.tensor([3, 1, 2]).argsort().toArray(), [1, 2, 0]);
  });
});

test('topk: the k largest or smallest with their indices, ties by position, NaN largest', () => {
  wt.tidy(() => {
    const x = wt.tensor([
      [1, 9, 3, 9, NaN],
      [4, 4, 4, 0, -1],
    ]);
    const t = wt.topk(x, 3);
    assert.deepEqual(t.indices.toArray(), [
      [4, 1, 3],
      [0, 1, 2],
    ]);
    assert.ok(Number.isNaN(t.values.toArray()[0][0]));
    const s = wt.topk(x, 2, { largest: false, axis: 1 });
    assert.deepEqual(s.values.toArray(), [
      [1, 3],
      [-1, 0],
    ]);
    assert.deepEqual(wt.topk(x, 1, { axis: 0 }).indices.toArray(), [[1, 0, 1, 0, 0]]);
    assert.deepEqual(wt.topk(x, 0).values.shape, [2, 0]);
    throwsWt(() => wt.topk(x, 6), 'WT_EINVAL', /k must be an integer in \[0, 5\]/);
    const big = wt.tensor(Float32Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000));
    assert.deepEqual(flatValues(wt.topk(big, 3).values), [999, 998, 997]);
  });
});

test("sorting's errors, and sorts of odd layouts", () => {
  wt.tidy(() => {
    throwsWt(() => wt.sort(wt.tensor(1)), 'WT_EINVAL', /0-d/);
    throwsWt(() => wt.sort([1, 2], { axis: 1 }), 'WT_EINVAL', /axis 1 is out of bounds/);
    throwsWt(() => wt.searchsorted([[1]], [1]), 'WT_ESHAPE', /1-D/);
    throwsWt(() => wt.searchsorted([1, 2], [1], { side: 'middle' }), 'WT_EINVAL', /side/);
    throwsWt(() => wt.searchsorted([1, 2], [1], { sorter: [0] }), 'WT_ESHAPE', /sorter/);
    throwsWt(() => wt.searchsorted([1, 2], [1], { sorter: [0, 2] }), 'WT_EINDEX');
    const b = wt.broadcastTo(wt.tensor([3, 1, 2]), [2, 3]);
    assert.deepEqual(wt.sort(b).toArray(), [
      [1, 2, 3],
      [1, 2, 3],
    ]);
    assert.deepEqual(wt.sort(wt.zeros([2, 0])).shape, [2, 0]);
    assert.deepEqual(wt.uniqueValues(wt.zeros([0])).shape, [0]);
    assert.deepEqual(wt.unique([1, NaN, NaN], { equalNan: false }).size, 3);
    assert.deepEqual(wt.unique([1, NaN, NaN]).size, 2);
  });
});

test('many lanes (split across the threads when there are any) sort as one', () => {
  wt.tidy(() => {
    const x = wt.tensor(
      Float32Array.from({ length: 200000 }, (_, i) => ((i * 2654435761) % 1000) - 500),
      {
        shape: [2000, 100],
      },
    );
    const s = wt.sort(x),
      i = wt.argsort(x);
    assert.deepEqual(flatValues(wt.takeAlongAxis(x, i, 1)), flatValues(s));
    assert.ok(wt.all(wt.lessEqual(s.slice(':, :-1'), s.slice(':, 1:'))).item());
    assert.deepEqual(flatValues(wt.sum(s, { axis: 1 })), flatValues(wt.sum(x, { axis: 1 })));
    const d = wt.sort(x.T, { axis: 0, descending: true }); // a strided lane
    assert.ok(wt.all(wt.greaterEqual(d.slice(':-1'), d.slice('1:'))).item());
  });
});

test('topk agrees with the stable sort on long lanes with ties, signed zeros and late NaNs', () => {
  wt.tidy(() => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    for (const dtype of ['float32', 'float64', 'int32', 'float16'])
      for (const n of [257, 3000]) {
        const vals = Array.from({ length: n }, (_, i) =>
          i === n - 5 && dtype.startsWith('float') ? NaN : [0, -0, 1, 2.5][i % 4] * Math.floor(rnd() * 50) - 40,
        );
        const x = wt.tensor(vals, { dtype });
        for (const [k, largest] of [
          [1, true],
          [10, true],
          [10, false],
          [300, true],
        ]) {
          if (k > n) continue;
          const t = wt.topk(x, k, { largest });
          const want = wt.argsort(x, { descending: largest }).slice(`:${k}`);
          assert.deepEqual(flatValues(t.indices), flatValues(want), `${dtype} n=${n} k=${k} largest=${largest}`);
        }
      }
  });
});
