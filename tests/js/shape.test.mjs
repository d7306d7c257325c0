// Rearranging, splitting and building against NumPy (tests/fixtures/gen_shape.py):
// each function on contiguous and negative-stride tensors, with NumPy's errors;
// then views against copies, asStrided's bounds and what the fixtures cannot say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, loadFixtures, throwsWt, flatValues, fixtureTensor, sameAsNumpy } from './helpers.mjs';

const fx = await loadFixtures('shape');
const CODES = {
  ValueError: ['WT_EINVAL', 'WT_ESHAPE'],
  AxisError: ['WT_EINVAL'],
  IndexError: ['WT_EINDEX'],
  TypeError: ['WT_EDTYPE'],
};

const make = fixtureTensor;
const arg = (v, reversed) =>
  v && typeof v === 'object' && v.t ? make(v.t, reversed) : Array.isArray(v) ? v.map((x) => arg(x, reversed)) : v;

const same = (t, want, label) => sameAsNumpy(t, want, label, 1e-12);

test('rearranging, splitting and building match NumPy, on contiguous and reversed tensors', () => {
  assert.ok(fx.cases.length > 120);
  for (const [k, c] of fx.cases.entries())
    for (const reversed of [false, true])
      wt.tidy(() => {
        const label = `case ${k} ${c.fn}(${JSON.stringify(c.args).slice(0, 80)})${reversed ? ' reversed' : ''}`;
        const args = c.args.map((v) => arg(v, reversed));
        if (c.error) {
          assert.throws(
            () => wt[c.fn](...args),
            (e) => e.name === 'WtError' && CODES[c.error].includes(e.code),
            label,
          );
          return;
        }
        let r = wt[c.fn](...args);
        if (c.inPlace) r = args[0];
        if (Array.isArray(c.result)) {
          assert.equal(r.length, c.result.length, label);
          r.forEach((t, i) => same(t, c.result[i], `${label} [${i}]`));
        } else same(r, c.result, label);
      });
});

test('flip, rot90, moveaxis, split, unstack and slidingWindowView are views; tile, repeat, roll and pad copies', () => {
  wt.tidy(() => {
    const a = wt.arange(12).reshape([3, 4]);
    for (const v of [
      wt.flip(a),
      wt.rot90(a),
      wt.moveaxis(a, 0, 1),
      wt.split(a, 3)[1],
      wt.unstack(a)[2],
      wt.permuteDims(a, [1, 0]),
    ])
      assert.equal(v._base, a._base, 'a view of the same storage'); // _base: the storage's address
    for (const c of [wt.tile(a, 2), wt.repeat(a, 1), wt.roll(a, 1), wt.pad(a, 0), wt.rot90(a).copy()])
      assert.notEqual(c._base, a._base, 'a copy');
    const w = wt.slidingWindowView(wt.arange(5), 2);
    assert.equal(w.readOnly, true);
    throwsWt(() => w.assign(0), 'WT_EREADONLY');
    const t = wt.tile(a, 2);
    t.set([0, 0], 99);
    assert.equal(a.get(0, 0).item(), 0);
  });
});

test('asStrided is refused where NumPy would read outside the buffer; convolutions as einsum over windows', () => {
  wt.tidy(() => {
    const x = wt.arange(10, null, 1, 'float32');
    assert.deepEqual(wt.asStrided(x, [3, 3], [3, 1]).toArray(), [
      [0, 1, 2],
      [3, 4, 5],
      [6, 7, 8],
    ]);
    assert.deepEqual(wt.asStrided(x.slice('::-1'), [2], [-2], { offset: -1 }).toArray(), [8, 6]);
    throwsWt(() => wt.asStrided(x, [4], [4]), 'WT_EBOUNDS', /outside/);
    throwsWt(() => wt.asStrided(x, [2], [1], { offset: 9 }), 'WT_EBOUNDS');
    throwsWt(() => wt.asStrided(x, [2, 2], [1]), 'WT_EINVAL', /1 strides for 2 dimensions/);
    const img = wt.arange(25, null, 1, 'float32').reshape([5, 5]),
      k = wt.tensor(
        [
          [1, 0, -1],
          [2, 0, -2],
          [1, 0, -1],
        ],
        { dtype: 'float32' },
      );
    const conv = wt.einsum('hwij,ij->hw', wt.slidingWindowView(img, [3, 3]), k);
    assert.deepEqual(conv.shape, [3, 3]);
    assert.deepEqual(flatValues(conv), Array(9).fill(-8));
  });
});

test('the functions refuse what NumPy refuses, with a WtError', () => {
  wt.tidy(() => {
    throwsWt(() => wt.pad([1, 2], 1, 'mirror'), 'WT_EINVAL', /mode/);
    throwsWt(() => wt.pad([1, 2], -1), 'WT_EINVAL', /pad_width/);
    throwsWt(() => wt.tile([1], [-1]), 'WT_EINVAL');
    throwsWt(() => wt.repeat([1, 2], [1.5]), 'WT_EDTYPE', /safe/);
    throwsWt(() => wt.meshgrid([1], { indexing: 'yx' }), 'WT_EINVAL', /indexing/);
    throwsWt(() => wt.geomspace(0, 1), 'WT_EINVAL', /zero/);
    throwsWt(() => wt.broadcastShapes([2], [3]), 'WT_ESHAPE');
    throwsWt(() => wt.mgrid('0:a'), 'WT_ESYNTAX');
    throwsWt(() => wt.fillDiagonal(wt.zeros([2, 3, 3]), 1), 'WT_EINVAL', /equal length/);
    assert.deepEqual(wt.broadcastShapes([2, 1], [3], []), [2, 3]);
  });
});

test("Tensor's plumbing: itemsize, nbytes, tobytes, base, fill, iteration; ndindex, ndenumerate, memory overlap", () => {
  wt.tidy(() => {
    const a = wt.arange(6, null, 1, 'int16').reshape([2, 3]);
    assert.deepEqual([a.itemsize, a.nbytes, wt.zeros([2], 'complex128').itemsize], [2, 12, 16]);
    assert.deepEqual([...a.T.tobytes()], [0, 0, 3, 0, 1, 0, 4, 0, 2, 0, 5, 0]); // C order of the view
    const owner = wt.arange(4);
    const v = owner.slice('1:'),
      vv = v.slice('::-1');
    assert.equal(owner.base, null);
    assert.equal(v.base, owner);
    assert.equal(vv.base, owner); // a view of a view: the owner, as NumPy's base
    assert.equal(owner.copy().base, null);
    assert.equal(owner.get([0]).base, null); // advanced indexing copies
    assert.equal(owner.get(0).base, owner);
    assert.equal(wt.zeros([2]).fill(3).toArray()[1], 3);
    throwsWt(() => wt.zeros([2], 'int8').fill(300), 'WT_EDTYPE');
    const rows = [...a];
    assert.equal(rows.length, 2);
    assert.deepEqual(rows[1].toArray(), [3, 4, 5]);
    assert.equal(rows[1].base, a.base);
    const [x, y] = wt.tensor([5, 6]);
    assert.deepEqual([x.item(), y.item()], [5, 6]);
    throwsWt(() => [...wt.tensor(1)], 'WT_EINVAL', /0-d/);
    assert.deepEqual(
      [...wt.ndindex([2, 2])],
      [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ],
    );
    assert.deepEqual([...wt.ndindex(0, 3)], []);
    assert.deepEqual(
      [...wt.ndenumerate([[1, 2]])],
      [
        [[0, 0], 1],
        [[0, 1], 2],
      ],
    );
    assert.equal(wt.mayShareMemory(a, a.T), true);
    assert.equal(wt.mayShareMemory(a, a.copy()), false);
    const e = wt.arange(8);
    assert.equal(wt.mayShareMemory(e.slice('::2'), e.slice('1::2')), true); // bounds overlap
    assert.equal(wt.sharesMemory(e.slice('::2'), e.slice('1::2')), false); // no element in common
    assert.equal(wt.sharesMemory(e.slice(':5'), e.slice('4:')), true);
  });
});

test('the view functions of a LazyTensor build graph nodes that compute what they compute eagerly', () => {
  wt.tidy(() => {
    const g = wt.graph();
    const p = g.placeholder([2, 3, 4], 'float32', 'x');
    const k = wt.tensor(
      [
        [1, -1],
        [2, 0.5],
      ],
      { dtype: 'float32' },
    );
    const fns = {
      flip: (x) => wt.flip(x, 1),
      fliplr: (x) => wt.fliplr(x),
      rot90: (x) => wt.rot90(x, 3, [2, 0]),
      moveaxis: (x) => wt.moveaxis(x, [0, 1], [-1, 0]),
      split: (x) => wt.split(x, [1, 3], 2)[1],
      unstack: (x) => wt.unstack(x, { axis: 1 })[2],
      expandDims: (x) => wt.expandDims(x, [0, 4]),
      permuteDims: (x) => wt.permuteDims(x, [2, 0, 1]),
      get: (x) => x.get(1, '::-1', null),
      slidingWindowView: (x) => wt.slidingWindowView(x, [2, 3], { axis: [2, 1] }),
      convolution: (x) => wt.einsum('ahwij,ij->ahw', wt.slidingWindowView(x, [2, 2], [1, 2]), k),
    };
    const f = g.compile(Object.fromEntries(Object.entries(fns).map(([k, fn]) => [k, fn(p)])));
    const x = wt.arange(24, null, 1, 'float32').reshape([2, 3, 4]);
    const r = f.run({ x });
    for (const [k, fn] of Object.entries(fns)) assert.deepEqual(r[k].toArray(), fn(x).toArray(), k);
    assert.throws(() => wt.asStrided(p, [2], [1]), /asStrided: runs eagerly/);
  });
});
