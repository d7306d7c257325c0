// NumPy's augmented assignments (a += b is a.iadd(b)) against NumPy 2
// (tests/fixtures/gen_inplace.py): every operator, each left dtype against
// arrays of every dtype and Python-like scalars, overlapping views, a @= b.
// The result lands in a, in a's dtype (same_kind), or the call raises and a
// is untouched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, WtError, loadFixtures, fixtureTensor, sameAsNumpy, throwsWt } from './helpers.mjs';

const fx = await loadFixtures('inplace');
const operand = (b) => (b?.array ? fixtureTensor(b.array) : b?.complex ? b.complex : b);

test('augmented assignments: result, dtype and refusals as NumPy 2', () => {
  let errors = 0;
  for (const c of fx.cases) {
    wt.tidy(() => {
      const a = fixtureTensor(c.a);
      const label = `${c.a.dtype} ${c.op} ${c.view ? c.view.join(' / ') : c.b?.array ? c.b.array.dtype : JSON.stringify(c.b)}`;
      const before = a.toArray();
      const run = () => (c.view ? a.slice(c.view[0])[c.op](a.slice(c.view[1])) : a[c.op](operand(c.b)));
      if (c.error) {
        assert.throws(run, WtError, `${label}: NumPy raises ${c.error}`);
        assert.deepEqual(a.toArray(), before, `${label}: a refused call leaves a as it was`);
        errors++;
        return;
      }
      const r = run();
      if (!c.view) assert.equal(r, a, `${label}: returns a itself`);
      // exact but for the float rounding of a different libm (complex pow: cpow's, to 1e-13)
      const rel = { float16: 2e-3, float32: 4e-6, complex64: 4e-6, float64: 1e-15, complex128: 1e-15 }[c.a.dtype] ?? 0;
      sameAsNumpy(a, c.want, label, c.op === 'ipow' && c.a.dtype === 'complex128' ? 1e-13 : rel);
    });
  }
  assert.ok(errors > 100 && errors < fx.cases.length - 500, `both outcomes exercised (${errors} refusals)`);
});

test('augmented assignments: the method only, declared like every function', () => {
  const a = wt.arange(4);
  throwsWt(() => a.iadd(1, 2), 'WT_EINVAL', /iadd.*(argument|positional)/);
  throwsWt(() => a.iadd(1, { out: a }), 'WT_EINVAL', /iadd/);
  assert.equal(wt.iadd, undefined, 'no wt.iadd: NumPy has none');
  const v = wt.arange(4).slice('::2');
  v.setflags({ write: false });
  throwsWt(() => v.iadd(1), 'WT_EREADONLY');
  a.dispose();
});
