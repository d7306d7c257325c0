// Disagreements with NumPy 2 found by randomized differential testing (issue
// 20), each kept as a permanent test.  The expected values are NumPy 2.4's,
// written in (see the comment on each).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, throwsWt } from './helpers.mjs';

test('1. flatten always copies; ravel is a view when it can be', () => {
  wt.tidy(() => {
    const a = wt.arange(6).reshape([2, 3]);
    a.flatten().assign(0); // np: a.flatten()[...] = 0 leaves a alone
    assert.deepEqual(a.toArray(), [
      [0, 1, 2],
      [3, 4, 5],
    ]);
    a.ravel().assign(7); // np.ravel of a C-contiguous array is a view
    assert.deepEqual(a.toArray(), [
      [7, 7, 7],
      [7, 7, 7],
    ]);
    assert.deepEqual(wt.arange(6).reshape([2, 3]).T.flatten().toArray(), [0, 3, 1, 4, 2, 5]);
  });
});

test('float16 rounds every result once, as NumPy: into other outs, weak numbers, dtype= reductions', () => {
  wt.tidy(() => {
    const out = wt.zeros([1], 'float32');
    wt.div(wt.tensor([1.2e-7], { dtype: 'float16' }), -129, { out }); // the float16 quotient underflows first
    assert.ok(Object.is(out.item(), -0)); // NumPy: [-0.]
    assert.equal(wt.add(wt.tensor([1], { dtype: 'float16' }), 65535).item(), Infinity); // 65535 as float16 is inf
    assert.equal(wt.add(wt.tensor([0.1], { dtype: 'float16' }), 0.1).item(), 0.199951171875);
    assert.equal(wt.sum(wt.tensor([65534, 1], { dtype: 'uint16' }), { dtype: 'float16' }).item(), Infinity);
    assert.equal(wt.mean(wt.tensor([40000, 40000], { dtype: 'float32' }), { dtype: 'float16' }).item(), Infinity);
    assert.equal(wt.mean(wt.tensor([40000, 40000], { dtype: 'float16' })).item(), 40000); // accumulated in float32
  });
});

test("sum, prod and mean take NumPy's dtype=: accumulate in it and return it", () => {
  wt.tidy(() => {
    const x = wt.tensor([2147483647, 2147483647, 2]); // int32
    assert.equal(wt.sum(x).item(), 0); // int32 wraps, as NumPy's sum(dtype=np.int32)
    assert.equal(wt.sum(x, { dtype: 'int64' }).item(), 4294967296n);
    assert.deepEqual(x.sum({ dtype: 'float64', keepdims: true }).toArray(), [4294967296]);
    assert.equal(wt.sum(wt.tensor([1.5, 2.5, -0.5]), { dtype: 'int32' }).item(), 3); // each value cast first
    assert.equal(wt.mean(wt.tensor([1.5, 2.5, -0.5]), { dtype: 'int32' }).item(), 1); // NumPy: 3 // 3
    assert.equal(wt.prod(wt.tensor([100, 3], { dtype: 'int16' }), { dtype: 'int8' }).item(), 44); // 300 wraps
    assert.equal(wt.mean(wt.tensor([1, 2], { dtype: 'float32' }), { dtype: 'float64' }).dtype, 'float64');
    throwsWt(() => wt.max(x, { dtype: 'int64' }), 'WT_EINVAL', /max takes no dtype/);
    throwsWt(() => wt.sum(x, { dtype: 'int128' }), 'WT_EDTYPE', /unknown dtype 'int128'/);
  });
});

test('2. full infers its dtype as tensor() does: past int32, int64 (as NumPy)', () => {
  wt.tidy(() => {
    const big = wt.full([2], 2 ** 31); // np.full(2, 2**31) -> int64 [2147483648, 2147483648]
    assert.equal(big.dtype, 'int64');
    assert.deepEqual(big.toArray(), [2n ** 31n, 2n ** 31n]);
    assert.deepEqual(wt.full([2], 1e300).toArray(), [1e300, 1e300]);
    assert.equal(wt.full([2], 7).dtype, 'int32');
    assert.equal(wt.full([2], true).dtype, 'bool');
    assert.equal(wt.arange(0, 2 ** 31 + 2, 2 ** 31).dtype, 'int64');
    // a bigint value is exact at any size, and range-checked as NumPy's OverflowError
    assert.deepEqual(wt.full([2], 2n ** 63n - 1n).toArray(), [2n ** 63n - 1n, 2n ** 63n - 1n]);
    assert.deepEqual(wt.full([1], 2n ** 64n - 1n).toArray(), [2n ** 64n - 1n]);
    throwsWt(() => wt.full([1], 2n ** 63n, 'int64'), 'WT_EDTYPE', /out of bounds for int64/);
  });
});

test('5. integer linspace floors', () => {
  // np.linspace(-2, 1.5, 8, dtype=np.int32) -> [-2, -2, -1, -1, 0, 0, 1, 1]
  assert.deepEqual(wt.linspace(-2, 1.5, 8, { dtype: 'int32' }).toArray(), [-2, -2, -1, -1, 0, 0, 1, 1]);
  assert.deepEqual(wt.linspace(-1, 1, 5, { dtype: 'int8', endpoint: false }).toArray(), [-1, -1, -1, 0, 0]);
});

test('7. an integral number is a Python int, so -0 is 0: x / -0 keeps the sign of x', () => {
  wt.tidy(() => {
    const x = wt.tensor([1.5, -2.5]); // np.array([1.5, -2.5]) / -0 -> [inf, -inf]
    assert.deepEqual(wt.div(x, -0).toArray(), [Infinity, -Infinity]);
    const g = wt.graph(),
      p = g.placeholder([2], 'float64', 'p');
    assert.deepEqual(g.compile(p.div(-0)).run({ p: x }).toArray(), [Infinity, -Infinity]);
  });
});

test('11. max/min of an empty reduced axis raises, even when the result is empty too', () => {
  wt.tidy(() => {
    // np.max(np.zeros((0, 0)), axis=0) -> ValueError: zero-size array to reduction operation maximum
    throwsWt(() => wt.max(wt.zeros([0, 0]), { axis: 0 }), 'WT_EINVAL', /zero-size reduction/);
    throwsWt(() => wt.min(wt.zeros([2, 0]), { axis: 1 }), 'WT_EINVAL', /zero-size reduction/);
    // np.max(np.zeros((3, 0)), axis=0) -> array([]) (nothing reduced is empty)
    assert.deepEqual(wt.max(wt.zeros([3, 0]), { axis: 0 }).shape, [0]);
    assert.deepEqual(wt.sum(wt.zeros([0, 0]), { axis: 0 }).shape, [0]);
  });
});

test('13. a 0-d tensor takes axis 0 or -1 (NumPy: a reduction or squeeze over nothing)', () => {
  wt.tidy(() => {
    const s = wt.tensor(3.5);
    assert.equal(s.sum({ axis: 0 }).item(), 3.5); // np.array(3.5).sum(axis=0) -> 3.5
    assert.equal(s.mean({ axis: -1, keepdims: true }).ndim, 0);
    assert.equal(s.argmax({ axis: -1 }).item(), 0); // np.argmax(np.array(3.5), axis=-1) -> 0
    assert.deepEqual(s.squeeze(0).shape, []); // np.squeeze(np.array(3.5), axis=0) -> array(3.5)
    throwsWt(() => s.sum({ axis: 1 }), 'WT_EINVAL', /axis/); // AxisError: axis 1 is out of bounds
  });
});

test('17. tensor() infers as NumPy: [] is float64, booleans beside integers are integers', () => {
  assert.equal(wt.tensor([]).dtype, 'float64'); // np.array([]).dtype -> float64
  assert.equal(wt.tensor([true, 2]).dtype, 'int32'); // np.array([True, 2]) -> the default integer
  assert.deepEqual(wt.tensor([true, 2]).toArray(), [1, 2]);
  assert.equal(wt.tensor([true, 2.5]).dtype, 'float64');
  assert.equal(wt.tensor([true, false]).dtype, 'bool');
});

test('3. comparisons with an integer beyond the dtype are exact (NEP 50)', () => {
  wt.tidy(() => {
    const u8 = wt.tensor([0, 100, 255], { dtype: 'uint8' }),
      i8 = wt.tensor([5, -5], { dtype: 'int8' });
    assert.deepEqual(wt.less(u8, 256).toArray(), [true, true, true]); // np.less(u8, 256)
    assert.deepEqual(wt.equal(u8, 256).toArray(), [false, false, false]);
    assert.deepEqual(wt.greater(i8, -129).toArray(), [true, true]);
    assert.deepEqual(wt.lessEqual(u8, -1).toArray(), [false, false, false]);
    const g = wt.graph(),
      p = g.placeholder([3], 'uint8', 'p');
    assert.deepEqual(g.compile(p.less(256)).run({ p: u8 }).toArray(), [true, true, true]); // fused too
  });
});

test('4. clip: a bound beyond the dtype bounds nothing', () => {
  wt.tidy(() => {
    // np.clip(np.array([5, 200], np.uint8), -1, 100) -> [5, 100]
    assert.deepEqual(wt.clip(wt.tensor([5, 200], { dtype: 'uint8' }), -1, 100).toArray(), [5, 100]);
    // np.clip(np.array([1, 70000], np.uint32), 65536, 2**32) -> [65536, 70000]
    assert.deepEqual(wt.clip(wt.tensor([1, 70000], { dtype: 'uint32' }), 65536, 2 ** 32).toArray(), [65536, 70000]);
    // ... but a bound beyond it on the other side is NumPy's OverflowError: np.clip(u8, 1, -1)
    const u8 = wt.tensor([5, 200], { dtype: 'uint8' });
    throwsWt(() => wt.clip(u8, 1, -1), 'WT_EDTYPE', /the integer -1 is out of bounds for uint8/);
    throwsWt(() => wt.clip(u8, 300, 1), 'WT_EDTYPE', /the integer 300 is out of bounds for uint8/);
    // the bound is dropped by x's dtype, not the promoted one: np.clip(u8, u32 lo, 256) has no upper bound
    const lo = wt.tensor([4294967295, 0], { dtype: 'uint32' });
    assert.deepEqual(wt.clip(u8, lo, 256).toArray(), [4294967295, 200]);
    // a bool x drops nothing: np.clip(bool, -1, u32) promotes to uint32, where -1 does not fit
    throwsWt(() => wt.clip(wt.tensor([true, false]), -1, lo), 'WT_EDTYPE', /-1 is out of bounds for uint32/);
  });
});

test('6, 8. an integer the result dtype cannot hold is an error (NumPy: OverflowError)', () => {
  wt.tidy(() => {
    const u8 = wt.tensor([0, 1], { dtype: 'uint8' });
    // np.add(u8, 300): OverflowError: Python integer 300 out of bounds for uint8
    throwsWt(() => wt.add(u8, 300), 'WT_EDTYPE', /add: the integer 300 is out of bounds for uint8/);
    throwsWt(() => wt.sub(u8, -1), 'WT_EDTYPE', /-1 is out of bounds for uint8/);
    throwsWt(() => wt.mul(wt.tensor([1], { dtype: 'int16' }), 100000), 'WT_EDTYPE', /100000.*int16/);
    throwsWt(() => wt.maximum(u8, 300), 'WT_EDTYPE', /300/);
    throwsWt(() => wt.zeros([2], 'int8').assign(300), 'WT_EDTYPE', /300 is out of bounds for int8/);
    throwsWt(() => wt.full([2], 300, 'int8'), 'WT_EDTYPE', /300 is out of bounds for int8/);
    throwsWt(() => wt.tensor([-1, 70000], { dtype: 'uint16' }), 'WT_EDTYPE', /-1 is out of bounds for uint16/);
    // NumPy gives int64 here; until wtensor has it, a clear error instead of wrapping
    throwsWt(() => wt.add(wt.tensor([true, false]), 4294967295), 'WT_EDTYPE', /4294967295.*int32/);
    throwsWt(() => wt.mul(wt.tensor([true]), 3e9), 'WT_EDTYPE', /3000000000/);
    // what stays well defined, as in NumPy: true division, logical ops, where (NumPy 2.4 converts)
    assert.deepEqual(wt.div(u8, 300).toArray(), [0, 1 / 300]);
    assert.deepEqual(wt.logicalAnd(u8, 300).toArray(), [false, true]);
    assert.deepEqual(wt.where(wt.tensor([true, false]), u8, 300).toArray(), [0, 44]);
    assert.deepEqual(wt.add(u8, 255).toArray(), [255, 0]); // in range: wraps as uint8 arithmetic
  });
});

test('10. NaN into an integer tensor from a single number is an error (NumPy: ValueError)', () => {
  throwsWt(() => wt.zeros([2], 'int32').assign(NaN), 'WT_EINVAL', /NaN/); // a[...] = np.nan
  throwsWt(() => wt.tensor([NaN, 1.5], { dtype: 'int8' }), 'WT_EINVAL', /NaN/); // np.array([nan, 1.5], int8)
  throwsWt(() => wt.zeros([2], 'int32').assign(Infinity), 'WT_EDTYPE', /Infinity|inf/);
  // tensor-to-tensor casts stay as documented (NaN -> 0)
  assert.deepEqual(wt.tensor([NaN]).astype('int32').toArray(), [0]);
  // full with NaN or an infinity converts as a cast does (NumPy 2.4 does not raise either): every element
  // written, even in storage that held other values before
  for (let i = 0; i < 3; i++) {
    const old = wt.empty([4], 'int32');
    old.data.fill(12345);
    old.dispose();
    assert.deepEqual(wt.full([4], NaN, 'int32').toArray(), [0, 0, 0, 0]);
  }
  assert.deepEqual(wt.full([2], Infinity, 'int8').toArray(), [0, 0]);
});

test("14. assign drops the value's leading size-1 axes, as NumPy's setitem", () => {
  wt.tidy(() => {
    // a = np.zeros(3); a[...] = np.ones((1, 3)) -> [1, 1, 1]; (1, 1, 3) too
    assert.deepEqual(
      wt
        .zeros([3])
        .assign(wt.ones([1, 3]))
        .toArray(),
      [1, 1, 1],
    );
    assert.deepEqual(
      wt
        .zeros([3])
        .assign(wt.ones([1, 1, 3]))
        .toArray(),
      [1, 1, 1],
    );
    assert.deepEqual(wt.zeros([2, 3]).assign(wt.ones([1, 1, 3])).shape, [2, 3]);
    // (2, 3) into (3,): ValueError could not broadcast
    throwsWt(() => wt.zeros([3]).assign(wt.ones([2, 3])), 'WT_ESHAPE');
  });
});

test('15. matmul is a gufunc: its loop dimensions broadcast into out, its core dimensions must match', () => {
  wt.tidy(() => {
    // np.matmul(ones((2,3)), ones((3,4)), out=zeros((5,2,4))): every (2,4) slice is 3
    const out = wt.zeros([5, 2, 4]);
    wt.matmul(wt.ones([2, 3]), wt.ones([3, 4]), { out });
    assert.deepEqual(out.slice('4').toArray(), [
      [3, 3, 3, 3],
      [3, 3, 3, 3],
    ]);
    // np.matmul(ones(3), ones(3), out=zeros(2)) -> [3, 3]
    assert.deepEqual(wt.matmul(wt.ones([3]), wt.ones([3]), { out: wt.zeros([2]) }).toArray(), [3, 3]);
    assert.deepEqual(wt.matmul(wt.ones([1, 2, 3]), wt.ones([3, 4]), { out: wt.zeros([5, 2, 4]) }).shape, [5, 2, 4]);
    // core dimension 0 of out is 3, the result's 1; batch 3 into 5
    throwsWt(
      () => wt.matmul(wt.ones([1, 3]), wt.ones([3, 4]), { out: wt.zeros([3, 4]) }),
      'WT_ESHAPE',
      /out has shape/,
    );
    throwsWt(() => wt.matmul(wt.ones([3, 2, 3]), wt.ones([3, 4]), { out: wt.zeros([5, 2, 4]) }), 'WT_ESHAPE');
  });
});

test('16. an op of three or more operands promotes them all at once, as np.result_type', () => {
  wt.tidy(() => {
    const i8 = wt.ones([2], 'int8'),
      u16 = wt.ones([2], 'uint16'),
      f32 = wt.ones([2], 'float32');
    // np.result_type(int8, uint16, float32) -> float32 (a left fold of the pairs would give float64)
    assert.equal(wt.einsum('i,i,i->i', i8, u16, f32).dtype, 'float32');
    assert.equal(wt.clip(i8, u16, f32).dtype, 'float32');
    assert.equal(wt.clip(wt.ones([2], 'int32'), f32, f32).dtype, 'float64'); // int32 with float32 is float64
    const g = wt.graph();
    const lazy = wt.einsum('i,i,i->i', g.constant(i8), g.constant(u16), g.constant(f32));
    assert.equal(lazy.dtype, 'float32'); // the lazy form infers the same
  });
});

test('9. out= takes NumPy casting: same_kind for ufuncs and matmul, safe for einsum, unsafe for reductions', () => {
  wt.tidy(() => {
    const f = wt.tensor([1.5, 2.5]),
      i32 = wt.zeros([2], 'int32');
    // np.add(f, 1, out=i32): UFuncTypeError, Cannot cast ufunc 'add' output from float64 to int32 ('same_kind')
    throwsWt(
      () => wt.add(f, 1, { out: i32 }),
      'WT_EDTYPE',
      /^add: cannot cast the result from float64 to out's dtype int32 under casting 'same_kind'/,
    );
    assert.deepEqual(i32.toArray(), [0, 0], 'out untouched');
    assert.equal(wt.add(f, 1, { out: i32, casting: 'unsafe' }), i32); // np: [2, 3]
    assert.deepEqual(i32.toArray(), [2, 3]);
    f.add(1, { out: wt.zeros([2], 'float32') }); // float64 -> float32 is same_kind
    wt.equal(f, 1.5, { out: i32 }); // bool -> int32 is safe
    wt.add(i32, 1, { out: i32, casting: 'no' }); // the weak 1 keeps int32
    throwsWt(() => wt.equal(f, 1.5, { out: i32, casting: 'no' }), 'WT_EDTYPE', /bool to .*int32 under casting 'no'/);
    throwsWt(() => wt.add(f, 1, { out: f, casting: 'sideways' }), 'WT_EINVAL', /unknown casting 'sideways'/);
    throwsWt(() => wt.add(i32, 1, { out: wt.zeros([2], 'uint8') }), 'WT_EDTYPE', /int32 to out's dtype uint8/); // i -> u
    // matmul is a ufunc: same_kind
    throwsWt(() => wt.matmul(f, f, { out: wt.zeros([], 'int32') }), 'WT_EDTYPE', /^matmul: .*float64 to .*int32/);
    assert.equal(wt.matmul(f, f, { out: wt.zeros([], 'int32'), casting: 'unsafe' }).item(), 8);
    // einsum: safe (np: "could not be cast from dtype('int32') to dtype('int8') ... according to the rule 'safe'")
    const ii = wt.tensor([1, 2], { dtype: 'int32' });
    throwsWt(() => wt.einsum('i,i', ii, ii, { out: wt.zeros([], 'int8') }), 'WT_EDTYPE', /under casting 'safe'/);
    throwsWt(() => wt.einsum('i,i', ii, ii, { out: wt.zeros([], 'float32') }), 'WT_EDTYPE', /under casting 'safe'/);
    assert.equal(wt.einsum('i,i', ii, ii, { out: wt.zeros([], 'float64') }).item(), 5);
    assert.equal(wt.einsum('i,i', ii, ii, { out: wt.zeros([], 'int8'), casting: 'same_kind' }).item(), 5);
    // reductions cast unsafely, as np.sum(f64([-1.5, 0.25]), out=uint8) -> 255 does
    assert.equal(wt.sum(wt.tensor([-1.5, 0.25]), { out: wt.zeros([], 'uint8') }).item(), 255);
    assert.equal(wt.sum(wt.tensor([100, 100], { dtype: 'int8' }), { out: wt.zeros([], 'int8') }).item(), -56);
    throwsWt(
      () => wt.sum(wt.tensor([-1.5, 0.25]), { out: wt.zeros([], 'uint8'), casting: 'safe' }),
      'WT_EDTYPE',
      /^sum: .*under casting 'safe'/,
    );
    // argmax: np "Cannot cast scalar from dtype('float64') to dtype('int64') according to the rule 'safe'"
    throwsWt(() => wt.argmax(f, { out: wt.zeros([], 'float64') }), 'WT_EDTYPE', /integer or bool dtype/);
    assert.equal(wt.argmax(f, { out: wt.zeros([], 'uint8') }).item(), 1);
    // assign and astype stay unsafe, as a[...] = b and astype
    assert.deepEqual(wt.zeros([2], 'int32').assign(f).toArray(), [1, 2]);
    // np.can_cast
    assert.equal(wt.canCast('int8', 'uint8'), false);
    assert.equal(wt.canCast('uint8', 'int16'), true);
    assert.equal(wt.canCast('int32', 'float32'), false);
    assert.equal(wt.canCast(f, 'float32', 'same_kind'), true);
    assert.equal(wt.canCast('float64', 'int8', 'unsafe'), true);
    throwsWt(() => wt.canCast('int8', 'int9'), 'WT_EDTYPE', /unknown dtype 'int9'/);
  });
});

test('9. a lazy assignment casts as assign does, to a variable no value reads', () => {
  wt.tidy(() => {
    const g = wt.graph();
    const v = g.variable(wt.zeros([2], 'int32'), { name: 'v' });
    const x = g.placeholder([2], 'float64', 'x');
    const run = g.compile(v.assign(wt.mul(x, 2)));
    run.run({ x: wt.tensor([1.25, -1.75]) });
    assert.deepEqual(v.read().toArray(), [2, -3]); // np: v[...] = x * 2 truncates
    g.dispose();
  });
});

test("18. fma(a, b, c) has the dtype of NumPy's a*b + c, and its values where the product is exact", () => {
  wt.tidy(() => {
    const i8 = wt.tensor([-3, 7], { dtype: 'int8' }),
      u16 = wt.tensor([300, 2], { dtype: 'uint16' }),
      f32 = wt.tensor([0.5, -1.25], { dtype: 'float32' });
    // np: (int8 * uint16) is int32, int32 + float32 is float64 (all at once it would be float32)
    const r = wt.fma(i8, u16, f32);
    assert.equal(r.dtype, 'float64');
    assert.deepEqual(r.toArray(), [-899.5, 12.75]);
    // a product of weak numbers is one weak number: np.uint8([1]) + 2*3 is uint8; 20*20 overflows
    assert.equal(wt.fma(2, 3, wt.tensor([1], { dtype: 'uint8' })).dtype, 'uint8');
    throwsWt(
      () => wt.fma(20, 20, wt.tensor([1], { dtype: 'uint8' })),
      'WT_EDTYPE',
      /fma: .*400 is out of bounds for uint8/,
    );
    throwsWt(() => wt.fma(i8, 300, f32), 'WT_EDTYPE', /fma: multiply: the integer 300 is out of bounds for int8/);
    assert.equal(wt.fma(i8, 2.5, wt.tensor([1], { dtype: 'int16' })).dtype, 'float64'); // int8 * 2.5 is float64
  });
});

test('12. einsum reads NumPy grammar only: every space ignored, names through einsumNamed', () => {
  wt.tidy(() => {
    const a = wt.arange(6, null, 1, 'float64').reshape([2, 3]),
      b = wt.arange(12, null, 1, 'float64').reshape([3, 4]);
    const ref = wt.einsum('ij,jk->ik', a, b).toArray();
    assert.deepEqual(wt.einsum('ij, jk -> i k', a, b).toArray(), ref); // np.einsum ignores every space
    assert.deepEqual(wt.einsum('ij - > ji', a).toArray(), a.T.toArray());
    const r = wt.einsum('i j, j k -> i k', a, b);
    assert.equal(r.names, null); // not named: it adds to an unnamed tensor
    assert.deepEqual(wt.add(r, wt.zeros([2, 4])).toArray(), ref);
    const named = wt.einsumNamed('rows cols, cols out -> rows out', a.named(['rows', 'cols']), b);
    assert.deepEqual([named.names, named.toArray()], [['rows', 'out'], ref]);
    assert.equal(wt.einsumNamed('i j, j k -> i k', a, b).names, null); // no operand was named
  });
});

test('resultType, finfo, iinfo, isdtype and the dtype constants, as NumPy and the Array API define them', () => {
  wt.tidy(() => {
    assert.equal(wt.float32, 'float32');
    assert.deepEqual(
      wt.dtypes.map((d) => wt[d]),
      wt.dtypes,
    );
    // np.result_type(np.int8, np.uint16, np.float32) is float32; Python scalars are weak (NEP 50)
    assert.equal(wt.resultType('int8', 'uint16', 'float32'), 'float32');
    assert.equal(wt.resultType(wt.zeros([2], 'uint8'), 300), 'uint8');
    assert.equal(wt.resultType('int8', 2.5), 'float64');
    assert.equal(wt.resultType(2.5, 'float32'), 'float32');
    assert.equal(wt.resultType(true, 'int8'), 'int8');
    assert.equal(wt.resultType(7), 'int32'); // NumPy: int64, wtensor's default integer is int32
    assert.equal(wt.resultType('int32', 'uint32'), 'int64'); // NEP 50's table, checked for every pair in C
    assert.equal(wt.resultType('int64', 'uint64'), 'float64');
    assert.equal(wt.resultType(wt.tensor([1n]), 2n), 'int64'); // a bigint is a weak Python int
    throwsWt(() => wt.resultType(), 'WT_EINVAL', /at least one/);
    // np.finfo(np.float32): eps 2**-23, max, smallest_normal 2**-126, precision 6, resolution 1e-6
    const f = wt.finfo('float32');
    assert.deepEqual(
      [f.bits, f.eps, f.smallestNormal, f.smallestSubnormal, f.precision, f.resolution, f.dtype, f.min],
      [32, 2 ** -23, 2 ** -126, 2 ** -149, 6, 1e-6, 'float32', -f.max],
    );
    assert.equal(wt.finfo(wt.zeros([1])).max, Number.MAX_VALUE);
    assert.deepEqual(wt.iinfo('int16'), { bits: 16, min: -32768, max: 32767, dtype: 'int16', kind: 'i' });
    assert.deepEqual(wt.iinfo('int64'), {
      bits: 64,
      min: -(2n ** 63n),
      max: 2n ** 63n - 1n,
      dtype: 'int64',
      kind: 'i',
    });
    assert.deepEqual(wt.iinfo('uint64'), { bits: 64, min: 0n, max: 2n ** 64n - 1n, dtype: 'uint64', kind: 'u' });
    throwsWt(() => wt.finfo('int32'), 'WT_EDTYPE', /not a floating dtype/);
    throwsWt(() => wt.iinfo('float64'), 'WT_EDTYPE', /not an integer dtype/);
    throwsWt(() => wt.iinfo('bool'), 'WT_EDTYPE', /not an integer dtype/); // np.iinfo(bool) raises too
    // the Array API's isdtype
    assert.equal(wt.isdtype('uint8', 'integral'), true);
    assert.equal(wt.isdtype('uint8', 'signed integer'), false);
    assert.equal(wt.isdtype('bool', 'numeric'), false);
    assert.equal(wt.isdtype('float64', ['bool', 'real floating']), true);
    assert.equal(wt.isdtype('float64', 'float32'), false);
    throwsWt(() => wt.isdtype('int8', 'intgral'), 'WT_EINVAL', /'intgral' is neither a dtype nor a kind/);
  });
});

test("t.view(dtype) reads the same bytes as another dtype, a view, as NumPy's ndarray.view", () => {
  wt.tidy(() => {
    const a = wt.arange(4, null, 1, 'float32').reshape([2, 2]);
    // np.arange(4, dtype=np.float32).reshape(2, 2).view(np.int32) / .view(np.uint16)
    assert.deepEqual(a.view('int32').toArray(), [
      [0, 1065353216],
      [1073741824, 1077936128],
    ]);
    assert.deepEqual(a.view('uint16').toArray(), [
      [0, 0, 0, 16256],
      [0, 16384, 0, 16448],
    ]);
    assert.deepEqual(a.view('float64').shape, [2, 1]);
    assert.deepEqual(wt.tensor([1, -1], { dtype: 'int16' }).view('int8').toArray(), [1, 0, -1, -1]);
    assert.deepEqual(wt.tensor([1.5, -2]).view('uint32').toArray(), [0, 1073217536, 0, 3221225472]);
    const u = wt.view(a, 'uint32'); // a view: writes reach a
    u.slice('0, 0').assign(1065353216);
    assert.equal(a.toArray()[0][0], 1);
    throwsWt(() => a.T.view('float64'), 'WT_EINVAL', /needs a contiguous last axis/);
    throwsWt(() => a.view('bool'), 'WT_EDTYPE', /as bool is refused/);
    assert.deepEqual(a.named(['r', 'c']).view('uint8').names, ['r', 'c']);
  });
});

test('a bigint of any size is an exact weak Python int, as NumPy 2 (NEP 50)', () => {
  wt.tidy(() => {
    const i64 = wt.tensor([1n, -5n]);
    // NumPy: i64 + (2**62 + 1) is exact; 2**63 overflows int64; uint64 takes 2**64 - 2
    assert.deepEqual(wt.add(i64, 2n ** 62n + 1n).toArray(), [2n ** 62n + 2n, 2n ** 62n - 4n]);
    throwsWt(() => wt.add(i64, 2n ** 63n), 'WT_EDTYPE', /out of bounds for int64/);
    assert.deepEqual(wt.add(wt.tensor([1n], { dtype: 'uint64' }), 2n ** 64n - 2n).toArray(), [2n ** 64n - 1n]);
    throwsWt(() => wt.add(wt.tensor([1], { dtype: 'int8' }), 2n ** 60n), 'WT_EDTYPE', /out of bounds for int8/);
    // comparisons are exact at any size; a float tensor keeps its dtype; np.clip drops bounds beyond the dtype
    assert.deepEqual(wt.less(wt.tensor([1], { dtype: 'uint8' }), 2n ** 60n).toArray(), [true]);
    assert.deepEqual(wt.equal(i64, 2n ** 62n + 1n).toArray(), [false, false]);
    assert.deepEqual(wt.equal(wt.tensor([2n ** 62n + 1n]), 2n ** 62n + 1n).toArray(), [true]);
    const f = wt.add(wt.tensor([1], { dtype: 'float32' }), 2n ** 60n);
    assert.equal(f.dtype, 'float32');
    assert.equal(f.item(), 2 ** 60);
    assert.deepEqual(wt.clip(wt.tensor([1, 200], { dtype: 'uint8' }), -(2n ** 60n), 2n ** 60n).toArray(), [1, 200]);
    // alone (or with bool) it is the default integer, int32 (NumPy's int64), which must hold it; resultType agrees
    throwsWt(() => wt.add(true, 2n ** 60n), 'WT_EDTYPE', /out of bounds for int32/);
    assert.equal(wt.resultType('int8', 2n ** 60n), 'int8');
    assert.equal(wt.resultType(2n ** 63n), 'int32');
    // logical ops read it as int64, as NumPy's C long
    assert.deepEqual(wt.logicalOr(wt.tensor([0], { dtype: 'int8' }), -(2n ** 63n)).toArray(), [true]);
    throwsWt(() => wt.logicalAnd(wt.tensor([1.5]), 2n ** 63n), 'WT_EDTYPE', /does not fit int64/);
    // assignment checks the bounds exactly
    const z = wt.zeros([2], 'int64');
    assert.deepEqual(z.assign(2n ** 63n - 1n).toArray(), [2n ** 63n - 1n, 2n ** 63n - 1n]);
    throwsWt(() => z.assign(2n ** 63n), 'WT_EDTYPE', /out of bounds for int64/);
    assert.deepEqual(z.toArray(), [2n ** 63n - 1n, 2n ** 63n - 1n]);
    // lazily too, saved and loaded
    const g = wt.graph(),
      x = g.placeholder([2], 'int64', 'x');
    const c = g.compile({ y: x.add(2n ** 62n + 1n) });
    assert.deepEqual(c.run({ x: i64 }).y.toArray(), [2n ** 62n + 2n, 2n ** 62n - 4n]);
    const { json, blobs } = c.save();
    assert.deepEqual(wt.loadGraph(json, blobs).run({ x: i64 }).y.toArray(), [2n ** 62n + 2n, 2n ** 62n - 4n]);
  });
});
