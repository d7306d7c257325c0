// Indexing (t.get, t.set) and the functions that select (take, put,
// takeAlongAxis, putAlongAxis, nonzero, argwhere, flatnonzero, countNonzero,
// compress, extract, where(cond)) against NumPy: random index tuples over
// every kind of item, on contiguous and negative-stride tensors, and NumPy's
// errors; then what the fixtures cannot say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, loadFixtures, throwsWt, flatValues, fixtureTensor, sameAsNumpy } from './helpers.mjs';

const fx = await loadFixtures('select');
// NumPy's exception -> wtensor's code
const CODES = {
  IndexError: ['WT_EINDEX'],
  ValueError: ['WT_ESHAPE', 'WT_EINVAL'],
  AxisError: ['WT_EINVAL'],
  TypeError: ['WT_EDTYPE'],
};

const make = fixtureTensor;

const same = (t, want, label) => sameAsNumpy(t, want, label);

const show = (v) => JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? `${x}n` : x)).slice(0, 120);
const item = (v, reversed) => (v !== null && typeof v === 'object' ? make(v.array, reversed) : v);
const errorOf = (name) => (e) => e.name === 'WtError' && CODES[name].includes(e.code);

test('t.get and t.set match NumPy on random index tuples, contiguous and reversed', () => {
  assert.ok(fx.index.length >= 200 && fx.index.filter((c) => c.error).length >= 20);
  for (const [k, c] of fx.index.entries())
    for (const reversed of [false, true])
      wt.tidy(() => {
        const label = `case ${k} ${show(c.items)} on ${c.x.dtype}(${c.x.shape})${reversed ? ' reversed' : ''}`;
        const x = make(c.x, reversed),
          items = c.items.map((v) => item(v, reversed));
        if (c.error) {
          assert.throws(() => x.get(...items), errorOf(c.error), label);
          const before = flatValues(x);
          assert.throws(() => x.set(items, 0), errorOf(c.error), label);
          assert.deepEqual(flatValues(x), before, `${label}: unchanged after a failed set`);
          return;
        }
        same(x.get(...items), c.get, `${label} get`);
        if (!c.unique) return; // a repeated position: NumPy does not promise which write wins
        x.set(items, make(c.value, reversed));
        same(x, c.set, `${label} set`);
      });
});

test('take, takeAlongAxis, nonzero, argwhere, flatnonzero, countNonzero, compress, extract, where match NumPy', () => {
  for (const c of fx.select)
    for (const reversed of [false, true])
      wt.tidy(() => {
        const label = `${c.fn}(${show(c.args)})${reversed ? ' reversed' : ''}`;
        const args = c.args.map((a) => (a && a.dtype ? make(a, reversed) : a));
        if (c.error) return void assert.throws(() => wt[c.fn](...args), errorOf(c.error), label);
        const r = wt[c.fn](...args);
        if (Array.isArray(c.result)) {
          assert.equal(r.length, c.result.length, label);
          r.forEach((t, i) => same(t, c.result[i], `${label} [${i}]`));
        } else same(r, c.result, label);
      });
});

test('put and putAlongAxis match NumPy', () => {
  for (const c of fx.put)
    wt.tidy(() => {
      const x = make(c.x),
        label = `${c.fn}(${JSON.stringify([c.ind, c.values, c.opts])})`;
      const call = () =>
        c.fn === 'put' ? wt.put(x, c.ind, c.values, c.opts) : wt.putAlongAxis(x, c.ind, c.values, c.opts.axis);
      if (c.error) {
        assert.throws(call, errorOf(c.error), label);
        return;
      }
      assert.equal(call(), x);
      same(x, c.result, label);
    });
});

test('a[mask] and take gather every layout and item size as the elements say', () => {
  // the direct gathers: a mask over every axis (a flat run of the view, or a walk
  // when the axes are not one evenly strided run) and one integer index tensor
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const flat = (t) => flatValues(t);
  wt.tidy(() => {
    for (const dtype of ['int8', 'int16', 'float32', 'float64', 'complex128']) {
      const base = wt
        .arange(6 * 11 * 2)
        .astype(dtype)
        .reshape([6, 11, 2]);
      const views = {
        contiguous: base.get(':', ':', 0).copy(), // (6, 11)
        reversed: base.get('::-1', '::-1', 1), // one negative stride run of step 2
        columns: base.get(':', ':7', 0), // rows of 7 of 11: a walk
        strided: base.get('::2', '1::3', 1), // (3, 4), steps that do not chain
      };
      for (const [name, x] of Object.entries(views)) {
        const values = flat(x),
          n = values.length;
        const bits = Array.from({ length: n }, () => rnd() < 0.4);
        const mask = wt.tensor(bits, { dtype: 'bool' }).reshape(x.shape);
        assert.deepEqual(
          flat(x.get(mask)),
          values.filter((_, i) => bits[i]),
          `${dtype} ${name} a[mask]`,
        );
        for (const idt of ['int8', 'int32', 'int64', 'uint16']) {
          const raw = Array.from(
            { length: 300 },
            () => Math.floor(rnd() * n) - (idt[0] === 'u' ? 0 : Math.floor(rnd() * 2) * n),
          );
          const idx = wt.tensor(
            raw.map((v) => (idt === 'int64' ? BigInt(v) : v)),
            { dtype: idt },
          );
          const want = raw.map((v) => values[v < 0 ? v + n : v]);
          assert.deepEqual(flat(wt.take(x, idx)), want, `${dtype} ${name} take (${idt} indices)`);
        }
      }
    }
    throwsWt(
      () => wt.take(wt.arange(5), wt.tensor([1, 5, 2])),
      'WT_EINDEX',
      /index 5 is out of bounds for axis 0 with size 5/,
    );
    throwsWt(() => wt.take(wt.arange(5), wt.tensor([-6])), 'WT_EINDEX', /index -6 is out of bounds/);
  });
});

test('get: a basic index is a view, an advanced one a copy; lazily a view', () => {
  wt.tidy(() => {
    const a = wt.arange(12).reshape([3, 4]);
    const v = a.get(1, '::-1');
    v.set([0], 100);
    assert.equal(a.get(1, 3).item(), 100);
    const c = a.get([1], '::-1');
    c.set([0, 0], -1);
    assert.equal(a.get(1, 3).item(), 100);
    assert.deepEqual(a.get(null, '...', 0).shape, [1, 3]);
    // an ellipsis between advanced items separates them even when it stands for no axes (NumPy's rule)
    assert.deepEqual(wt.zeros([4, 2, 2]).get(':', 0, '...', [0]).shape, [1, 4]);
    assert.deepEqual(wt.zeros([4, 2, 2]).get(':', 0, [0]).shape, [4, 1]);
    assert.deepEqual(a.get(1n, -1n).item(), 100);
    const g = wt.graph();
    const p = g.placeholder([3, 4], 'float32');
    const f = g.compile({ y: p.get('1:', '::2') });
    const y = f.run({ [p.name]: wt.ones([3, 4], 'float32') }).y;
    assert.deepEqual(y.shape, [2, 2]);
  });
});

test('set: casting as assignment, Python scalars, broadcasting, the last of repeated writes, aliasing', () => {
  wt.tidy(() => {
    const a = wt.zeros([5], 'int8');
    a.set([[0, 0, 0, 1]], [1, 2, 3, 4]);
    assert.deepEqual(a.toArray(), [3, 4, 0, 0, 0]);
    throwsWt(() => a.set([[2]], 1000), 'WT_EDTYPE', /out of bounds for int8/);
    throwsWt(() => a.set([[2]], wt.complex(1, 1)), 'WT_EDTYPE');
    a.set([[2, 3]], 2.9);
    assert.deepEqual(a.toArray(), [3, 4, 2, 2, 0]);
    a.set([a.greater(2)], -1);
    assert.deepEqual(a.toArray(), [-1, -1, 2, 2, 0]);
    const m = wt.arange(6).reshape([2, 3]);
    m.set([':', [2, 0]], [[10], [20]]);
    assert.deepEqual(m.toArray(), [
      [10, 1, 10],
      [20, 4, 20],
    ]);
    const r = wt.arange(5);
    r.set([[4, 3, 2, 1, 0]], r); // the value is read before anything is written
    assert.deepEqual(r.toArray(), [4, 3, 2, 1, 0]);
    const big = wt.zeros([2], 'uint64');
    big.set([[1]], 2n ** 64n - 1n);
    assert.equal(big.get(1).item(), 2n ** 64n - 1n);
    throwsWt(
      () =>
        wt
          .arange(3)
          .broadcastTo([2, 3])
          .set([[0]], 1),
      'WT_EREADONLY',
    );
    throwsWt(() => m.set([[0, 1]], [1, 2]), 'WT_ESHAPE');
    // NumPy's scalar assignment: one element selected without '...' takes a 0-d value (bool: any one value)
    throwsWt(() => wt.zeros([2]).set([0], [5]), 'WT_ESHAPE', /setting an array element with a sequence/);
    throwsWt(() => wt.zeros([2]).set([wt.tensor(1)], [5]), 'WT_ESHAPE', /sequence/);
    assert.deepEqual(wt.zeros([2]).set([1, '...'], [5]).toArray(), [0, 5]);
    assert.deepEqual(
      wt
        .zeros([2], 'bool')
        .set([1], [[5]])
        .toArray(),
      [false, true],
    );
  });
});

test("indexing's errors name the index, axis and size, and odd items are refused", () => {
  wt.tidy(() => {
    const a = wt.arange(12).reshape([3, 4]);
    throwsWt(() => a.get(':', [0, 4]), 'WT_EINDEX', /index 4 is out of bounds for axis 1 with size 4/);
    throwsWt(() => a.get([-4]), 'WT_EINDEX', /index -4 is out of bounds for axis 0 with size 3/);
    throwsWt(
      () => a.get(wt.tensor([2n ** 64n - 1n], { dtype: 'uint64' })),
      'WT_EINDEX',
      /index 18446744073709551615 is out of bounds/,
    );
    throwsWt(() => a.get([true, false]), 'WT_EINDEX', /boolean index did not match/);
    throwsWt(() => a.get([0, 1], [0, 1, 2]), 'WT_EINDEX', /could not be broadcast together with shapes \(2,\) \(3,\)/);
    throwsWt(() => a.get(1.5), 'WT_EINDEX', /only integers/);
    throwsWt(() => a.get({}), 'WT_EINDEX');
    throwsWt(() => a.get('0, 1'), 'WT_EINVAL', /not one index item/);
    throwsWt(() => a.get('...', '...'), 'WT_ESYNTAX', /single ellipsis/);
    throwsWt(() => a.get(0, 0, 0), 'WT_EINDEX', /too many indices/);
    throwsWt(() => a.get([1.5]), 'WT_EINDEX', /integer \(or boolean\)/);
    throwsWt(() => a.slice('@'), 'WT_EINVAL', /'@' items/);
    assert.deepEqual(a.get([]).shape, [0, 4]);
    throwsWt(() => wt.nonzero(wt.tensor(1)), 'WT_EINVAL', /0-d/);
    throwsWt(() => wt.take(a, [0], { mode: 'nearest' }), 'WT_EINVAL', /mode/);
    throwsWt(() => wt.compress([[true]], a), 'WT_ESHAPE', /1-D/);
  });
});
