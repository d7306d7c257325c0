// concat (np.concatenate) and stack (np.stack) against NumPy: mixed dtypes,
// negative axes, axis null, size-0 and 0-d inputs, strided and reversed views,
// out=, and NumPy's errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, fixtures, throwsWt, near, flatValues } from './helpers.mjs';

// NumPy's exception -> wtensor's code
const CODES = { ValueError: ['WT_ESHAPE', 'WT_EINVAL'], AxisError: ['WT_EINVAL'] };

test('concat and stack match NumPy, on contiguous and reversed views', () => {
  assert.ok(fixtures.joins.length >= 15);
  for (const c of fixtures.joins)
    wt.tidy(() => {
      const label = `${c.fn}(${c.args.map((a) => `${a.dtype}(${a.shape})`).join(', ')}, axis=${c.axis})`;
      const make = (a) => wt.tensor(a.values, { dtype: a.dtype, shape: a.shape });
      const reversed = (a) => {
        const t = wt.tensor(a.values.slice().reverse(), { dtype: a.dtype, shape: a.shape });
        return a.shape.length ? t.slice(a.shape.map(() => '::-1').join(',')) : t;
      };
      for (const inputs of [c.args.map(make), c.args.map(reversed)]) {
        if (c.error) {
          assert.throws(
            () => wt[c.fn](inputs, { axis: c.axis }),
            (e) => e.name === 'WtError' && CODES[c.error].includes(e.code),
            label,
          );
          continue;
        }
        const y = wt[c.fn](inputs, { axis: c.axis });
        assert.equal(y.dtype, c.dtype, `${label}: dtype`);
        assert.deepEqual([...y.shape], c.shape, `${label}: shape`);
        flatValues(y).forEach((v, i) => assert.ok(near(v, c.values[i], 0) || v === c.values[i], `${label}[${i}]`));
      }
    });
});

test('concat and stack: spellings, out=, nested arrays, and what they refuse', () => {
  wt.tidy(() => {
    const a = wt.arange(6).reshape([2, 3]);
    assert.equal(wt.concatenate, wt.concat);
    assert.deepEqual(wt.concat([a, a], 1).toArray(), wt.concat([a, a], { axis: 1 }).toArray());
    assert.deepEqual(wt.concat([a, [6, 7]], null).toArray(), [0, 1, 2, 3, 4, 5, 6, 7]);
    assert.deepEqual(
      wt
        .stack(
          [
            [1, 2],
            [3, 4],
          ],
          1,
        )
        .toArray(),
      [
        [1, 3],
        [2, 4],
      ],
    );
    // out: its shape exactly, same_kind casting, and it may be an input
    const out = wt.zeros([4, 3], 'float32');
    assert.equal(wt.concat([a, a.slice('::-1')], { out }), out);
    assert.deepEqual(out.toArray(), [
      [0, 1, 2],
      [3, 4, 5],
      [3, 4, 5],
      [0, 1, 2],
    ]);
    const self = wt.arange(4);
    wt.concat([self.slice('2:'), self.slice(':2')], { out: self });
    assert.deepEqual(self.toArray(), [2, 3, 0, 1]);
    const f = wt.ones([2, 3]); // float64: into int8 only unsafely
    throwsWt(() => wt.concat([a, f], { out: wt.zeros([4, 3], 'int8') }), 'WT_EDTYPE', /same_kind/);
    wt.concat([a, f], { out: wt.zeros([4, 3], 'int8'), casting: 'unsafe' });
    throwsWt(() => wt.concat([a, a], { out: wt.zeros([3, 4]) }), 'WT_ESHAPE');
    throwsWt(() => wt.concat([a, a], { out: a.broadcastTo([4, 3]) }), 'WT_ESHAPE');
    throwsWt(() => wt.concat(a), 'WT_EINVAL', /takes an array of tensors/);
    throwsWt(() => wt.concat([a, 'x']), 'WT_EINVAL');
    throwsWt(() => wt.stack([a], null), 'WT_EINVAL', /axis must be an integer/);
    throwsWt(() => wt.concat([a], { axis: 1.5 }), 'WT_EINVAL', /axis must be an integer or null/);
    const g = wt.graph();
    throwsWt(() => wt.concat([g.placeholder([2], 'float32', 'x')]), 'WT_EINVAL', /runs eagerly/);
  });
});
