// Issue 24's functions against NumPy: the ufunc methods (reduce, accumulate,
// outer, reduceat, at), cumulative sums and products, var/std and the nan*
// reductions, quantiles, the numerical helpers and the products, each on
// contiguous and negative-stride inputs, with NumPy's errors; then what the
// fixtures cannot say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, loadFixtures, fixtureTensor, sameAsNumpy, throwsWt } from './helpers.mjs';

const fx = await loadFixtures('stats');
// NumPy's exception -> wtensor's codes
const CODES = {
  IndexError: ['WT_EINDEX'],
  ValueError: ['WT_ESHAPE', 'WT_EINVAL', 'WT_EINDEX'],
  AxisError: ['WT_EINVAL'],
  TypeError: ['WT_EDTYPE'],
  OverflowError: ['WT_EDTYPE'],
  ZeroDivisionError: ['WT_EINVAL'],
};

// {array} specs become tensors (reversed: laid out backwards, viewed through ::-1), anything else stays
const decode = (v, reversed) =>
  Array.isArray(v)
    ? v.map((x) => decode(x, reversed))
    : v !== null && typeof v === 'object'
      ? v.array
        ? fixtureTensor(v.array, reversed)
        : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decode(x, reversed)]))
      : v;

const fnOf = (name) => name.split('.').reduce((o, k) => o[k], wt);

function check(c, reversed) {
  const label = `${c.fn}(${JSON.stringify(c.opts).slice(0, 80)})${reversed ? ' reversed' : ''}`;
  wt.tidy(() => {
    const args = decode(c.args, reversed),
      { pick, ...opts } = decode(c.opts, reversed); // pick: one of several results (gradient's)
    const call = () => {
      const r = fnOf(c.fn)(...args, ...(Object.keys(opts).length ? [opts] : []));
      return pick === undefined ? r : r[pick];
    };
    if (c.error) {
      assert.throws(
        call,
        (e) => e.name === 'WtError' && CODES[c.error].includes(e.code),
        `${label}: NumPy's ${c.error}`,
      );
      return;
    }
    const r = call();
    if (typeof c.want === 'boolean') return void assert.ok(r === c.want, `${label}: ${typeof r}, NumPy ${c.want}`);
    if (c.want.dtype) return void sameAsNumpy(r, c.want, label, c.rel);
    for (const [k, want] of Object.entries(c.want)) sameAsNumpy(r[k], want, `${label}.${k}`, c.rel);
  });
}

test("issue 24's functions match NumPy, contiguous and reversed, with NumPy's errors", () => {
  assert.ok(fx.cases.length >= 1000 && fx.cases.filter((c) => c.error).length >= 20);
  const fns = new Set(fx.cases.map((c) => c.fn)),
    failed = [];
  for (const c of fx.cases)
    for (const reversed of [false, true])
      try {
        check(c, reversed);
      } catch (e) {
        failed.push(e.message.split('\n')[0]);
      }
  assert.deepEqual(failed.filter((f, i) => i % 2 === 0).slice(0, 80), [], `${failed.length} cases disagree with NumPy`);
  assert.ok(fns.size >= 70, `${fns.size} functions covered`);
});

test('the ufunc methods are on every binary function and its aliases; at works in place', () => {
  for (const name of ['add', 'subtract', 'hypot', 'bitwiseAnd', 'arctan2', 'fmax'])
    for (const m of ['reduce', 'accumulate', 'outer', 'reduceat', 'at']) assert.equal(typeof wt[name][m], 'function');
  assert.equal(wt.sqrt.reduce, undefined);
  const x = wt.zeros([3], 'float32');
  assert.equal(
    wt.add.at(
      x,
      [
        [0, 0],
        [2, 0],
      ],
      1.5,
    ),
    x,
  );
  assert.deepEqual(x.toArray(), [4.5, 0, 1.5]); // a 2-D index array: each of its elements once
  const m = wt.zeros([2, 3], 'int32');
  wt.add.at(m, [wt.tensor([0, 1, 0]), wt.tensor([2, 2, 2])], 1); // per-axis index tensors, as NumPy's tuple
  assert.deepEqual(m.toArray(), [
    [0, 0, 2],
    [0, 0, 1],
  ]);
  throwsWt(() => wt.add.at(wt.zeros([2]).broadcastTo([2, 2]), [0], 1), 'WT_EREADONLY');
  throwsWt(() => wt.add.at(m, [0]), 'WT_EINVAL', /needs a value/);
  throwsWt(() => wt.sub.reduce([[1, 2]], { axis: [0, 1] }), 'WT_EINVAL', /not reorderable/);
  throwsWt(() => wt.cumulativeSum([[1, 2]]), 'WT_EINVAL', /axis is required/);
});

test('vectorize and namespaceInfo', () => {
  wt.tidy(() => {
    const f = wt.vectorize((a, b) => (a > b ? a - b : a + b));
    assert.deepEqual(f([1, 5, 3], [[2], [4]]).toArray(), [
      [3, 3, 1],
      [5, 1, 7],
    ]);
    const [q, r] = wt.vectorize((a) => [Math.floor(a / 3), a % 3], { otypes: ['int32', 'int32'] })([7, 8]);
    assert.deepEqual([q.dtype, q.toArray(), r.toArray()], ['int32', [2, 2], [1, 2]]);
    assert.equal(wt.vectorize((a) => a > 1)([1, 2]).dtype, 'bool');
    const info = wt.namespaceInfo();
    assert.deepEqual(info.devices(), ['cpu']);
    assert.equal(info.defaultDtypes().integral, 'int32');
    assert.deepEqual(Object.keys(info.dtypes({ kind: 'unsigned integer' })), ['uint8', 'uint16', 'uint32', 'uint64']);
    assert.equal(info.capabilities()['boolean indexing'], true);
    throwsWt(() => info.dtypes({ kind: 'strings' }), 'WT_EINVAL', /unsupported kind/);
  });
});

test('statistics keep NumPy semantics the fixtures do not spell out', () => {
  wt.tidy(() => {
    assert.equal(wt.cumsum(wt.tensor([1, 2], { dtype: 'int8' })).dtype, 'int32'); // sum's dtype, wtensor's intp
    assert.equal(wt.std([1, 2, 3, 4], { ddof: 1 }).item(), Math.sqrt(5 / 3));
    throwsWt(() => wt.var([1, 2], { ddof: 1, correction: 1 }), 'WT_EINVAL', /simultaneously/);
    const t = wt.tensor([[1, 2, 3]]).cumsum({ axis: 1 });
    assert.deepEqual(t.toArray(), [[1, 3, 6]]);
    assert.equal(
      wt
        .tensor([
          [1, 2],
          [3, 4],
        ])
        .trace()
        .item(),
      5,
    );
    assert.equal(wt.dot(wt.tensor([1, 2]), [3, 4]).item(), 11);
    assert.deepEqual(wt.arange(6).reshape([1, 2, 3]).mT.shape, [1, 3, 2]);
    throwsWt(() => wt.arange(3).mT, 'WT_EINVAL', /at least 2-dimensional/);
    assert.deepEqual(
      wt
        .tensor([[1, 2]])
        .dot([[3], [4]])
        .toArray(),
      [[11]],
    );
    assert.deepEqual(wt.logsumexp([1000, 1000, -Infinity]).item(), 1000 + Math.log(2)); // no overflow
    assert.deepEqual(wt.softmax([-Infinity, -Infinity, 0]).toArray(), [0, 0, 1]);
    // a convolution through windows: the same numbers as the direct sum
    const sig = wt.arange(10, null, 1, 'float64'),
      k = [1, -2, 0.5];
    const conv = wt.convolve(sig, k, 'valid').toArray();
    for (let i = 0; i < conv.length; i++) assert.equal(conv[i], (i + 2) * 1 + (i + 1) * -2 + i * 0.5);
  });
});

test("softmax's exp of x - max is exp's own bits down to 2^-126, and 0 below", () => {
  // rows [0, d]: for d <= -17, 1 + e^d rounds to 1 in float32, so the result's second
  // column is e^d itself; rows of 2 run the padded tail, rows of 20 the vector loop
  const n = 4000,
    lo = -87.3365;
  const ds = Float32Array.from({ length: n }, (_, i) => -17 + (lo + 17) * (i / (n - 1)));
  wt.tidy(() => {
    const d = wt.tensor(ds);
    const want = wt.exp(d).toArray();
    for (const width of [2, 20]) {
      const rows = wt.concatenate(
        [wt.zeros([n, 1], 'float32'), d.reshape([n, 1]), wt.full([n, width - 2], -200, 'float32')],
        1,
      );
      const got = wt.softmax(rows, { axis: -1 }).toArray();
      got.forEach((r, i) => {
        assert.equal(r[1], want[i], `width ${width}: softmax([0, ${ds[i]}])`);
        assert.ok(
          r.slice(2).every((v) => v === 0),
          'e^-200 flushes to 0',
        );
      });
    }
    // below 2^-126 (e^-87.34), a flushed 0; -inf gives 0 too
    const tail = wt.softmax(wt.tensor([0, -87.34, -100, -Infinity, 0.5]).astype('float32')).toArray();
    assert.deepEqual(tail.slice(1, 4), [0, 0, 0]);
  });
});

test('the statistical reductions build lazy graphs that compile to the eager values', () => {
  const xs = wt.tensor(
    Float32Array.from({ length: 24 }, (_, i) => (i % 7 === 3 ? NaN : Math.sin(i) * 4)),
    { shape: [4, 6] },
  );
  const g = wt.graph();
  const x = g.placeholder([4, 6], 'float32', 'x');
  const cases = [
    ['var', { axis: 1 }],
    ['std', { axis: 0, ddof: 1 }],
    ['nansum', { axis: 1 }],
    ['nanmean', { axis: 0 }],
    ['nanmax', { axis: 1 }],
    ['nanvar', { axis: 1 }],
    ['ptp', { axis: 1 }],
    ['logsumexp', { axis: 1 }],
    ['average', { axis: 0 }],
    ['softmax', { axis: 1 }],
    ['logSoftmax', { axis: 0 }],
  ];
  for (const [f, opts] of cases) {
    const node = wt[f](x, opts);
    assert.equal(node.constructor.name, 'LazyTensor', f);
    wt.tidy(() => {
      const got = g.compile(node).run({ x: xs }).toArray().flat(),
        want = wt[f](xs, opts).toArray().flat();
      for (let i = 0; i < want.length; i++)
        assert.ok(
          Object.is(got[i], want[i]) || Math.abs(got[i] - want[i]) <= 1e-5 * Math.max(1, Math.abs(want[i])),
          `${f}[${i}]: ${got[i]} vs ${want[i]}`,
        );
    });
  }
  throwsWt(() => wt.nanargmax(x, { axis: 1 }), 'WT_EINVAL', /eager only/);
});
