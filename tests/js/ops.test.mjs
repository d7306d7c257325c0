// Elementwise ops and reductions against NumPy, through dense and
// negative-stride layouts; weak scalars; Cortex's forms; out; errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, fixtures, throwsWt, near, flatValues } from './helpers.mjs';

// functions whose float32 results are polynomials (2 ulp, docs/ARCHITECTURE.md) or libm's, not correctly rounded
const ROUNDED = new Set([
  'exp',
  'log',
  'log2',
  'log10',
  'log1p',
  'expm1',
  'sin',
  'cos',
  'tan',
  'tanh',
  'sigmoid',
  'pow',
]);
for (const f of ['acos', 'asin', 'atan', 'acosh', 'asinh', 'atanh', 'cosh', 'sinh']) ROUNDED.add(f);
// float64 libm's, rounded once for float32 (NumPy's float32 loops round along the way)
for (const f of ['atan2', 'hypot', 'logaddexp', 'logaddexp2', 'exp2', 'cbrt']) ROUNDED.add(f);
// complex: also libm's hypot and atan2 behind abs, angle and sign, and division's rounding
// and mul and square, which NumPy's x86 loops round once through FMA (below)
const COMPLEX_ROUNDED = new Set([...ROUNDED, 'abs', 'angle', 'sign', 'div', 'reciprocal', 'sqrt', 'mul', 'square']);

// complex: each part NaN, infinite or equal as NumPy's, else within the
// tolerance relative to |want| (a complex function's error is the value's, not a part's)
// NumPy's x86 loops multiply complex numbers with FMA: (1e30+inf j)**2 keeps the
// exact 1e60 inside re*re - im*im and gives -inf, where the plain formula (NumPy's
// baseline loop, and this engine's) gives NaN; only such NaNs are let through
const FMA_DEPENDENT = new Set(['mul', 'square', 'pow', 'div', 'reciprocal']);
function closeComplex(got, want, dtype, loose, op) {
  const [eps, tiny] = dtype === 'complex64' ? [2 ** -23, 2 ** -126] : [2 ** -52, 2 ** -1022],
    mag = Math.hypot(want.re, want.im),
    k = op === 'pow' ? 64 : 8; // cpow is exp(b log a) in libm, NumPy's included
  const one = (g, w) => {
    if (!Number.isFinite(w))
      return (
        Object.is(g, w) || (Number.isNaN(g) && (Number.isNaN(w) || FMA_DEPENDENT.has(op))) || (loose && g === -w) // C99's Annex G leaves some infinities' signs unspecified (csin(nan+inf j))
      );
    const scale = Number.isFinite(mag) ? mag : Math.abs(w); // beside an infinite part: the part's own
    return g === w || (loose && Math.abs(g - w) <= k * eps * Math.max(scale, tiny));
  };
  return one(got.re, want.re) && one(got.im, want.im);
}

function close(got, want, dtype, loose, op) {
  if (want !== null && typeof want === 'object') return closeComplex(got, want, dtype, loose, op);
  if (Number.isNaN(want)) return Number.isNaN(got);
  if (got === want) return true;
  if (!loose || !Number.isFinite(want)) return false;
  const [eps, tiny] = { float16: [2 ** -10, 2 ** -14], float32: [2 ** -23, 2 ** -126] }[dtype] ?? [
    2 ** -52,
    2 ** -1022,
  ];
  return Math.abs(got - want) <= 4 * eps * Math.max(Math.abs(want), tiny);
}

// the values laid out reversed in storage and viewed back through ::-1 on every axis
function reversedView(spec) {
  const t = wt.tensor(spec.values.slice().reverse(), { dtype: spec.dtype, shape: spec.shape });
  return spec.shape.length ? t.slice(spec.shape.map(() => '::-1').join(',')) : t;
}

function checkCase(c, inputs, label) {
  if (c.error)
    return void throwsWt(
      () => wt[c.op](...inputs),
      c.error,
      new RegExp(`^${c.op === 'bitwiseInvert' ? 'invert' : ''}`),
    );
  const y = wt[c.op](...inputs);
  assert.equal(y.dtype, c.dtype, `${label}: dtype`);
  assert.deepEqual([...y.shape], c.shape, `${label}: shape`);
  const got = flatValues(y); // bigints for 64-bit integers
  const complexIn = [c.a, c.b, c.c].some((s) => s?.dtype.startsWith('complex'));
  got.forEach((g, i) => {
    if (!close(g, c.values[i], c.dtype, ROUNDED.has(c.op) || (complexIn && COMPLEX_ROUNDED.has(c.op)), c.op))
      assert.fail(`${label}: element ${i} is ${JSON.stringify(g)}, NumPy ${JSON.stringify(c.values[i])}`);
  });
}

test('every op matches NumPy on its dtypes and broadcast shapes', () => {
  for (const c of fixtures.ops) {
    wt.tidy(() => {
      const specs = [c.a, c.b].filter(Boolean);
      const label = `${c.op}(${specs.map((s) => `${s.dtype}(${s.shape})`).join(', ')})`;
      checkCase(
        c,
        specs.map((s) => wt.tensor(s.values, { dtype: s.dtype, shape: s.shape })),
        label,
      );
      checkCase(c, specs.map(reversedView), `${label} reversed`);
    });
  }
});

test('NaN, infinities, signed zeros, subnormals and huge values through every op match NumPy', () => {
  assert.ok(fixtures.specials.length >= 80);
  for (const c of fixtures.specials) {
    wt.tidy(() => {
      const specs = [c.a, c.b, c.c].filter(Boolean);
      const label = `${c.op}(specials ${c.a.dtype}${c.c ? ', ternary' : ''})`;
      checkCase(
        c,
        specs.map((s) => wt.tensor(s.values, { dtype: s.dtype, shape: s.shape })),
        label,
      );
      checkCase(c, specs.map(reversedView), `${label} reversed`);
    });
  }
});

test('reductions match NumPy over every axis choice', () => {
  for (const c of fixtures.reductions) {
    wt.tidy(() => {
      const x = wt.tensor(c.x.values, { dtype: c.x.dtype, shape: c.x.shape });
      const label = `${c.op}(${c.x.dtype}, axis=${JSON.stringify(c.axis)}, keepdims=${c.keepdims})`;
      for (const input of [x, reversedView(c.x).contiguous(), x.T.T]) {
        const y = input[c.op]({ axis: c.axis, keepdims: c.keepdims });
        assert.equal(y.dtype, c.dtype, `${label}: dtype`);
        assert.deepEqual([...y.shape], c.shape, `${label}: shape`);
        const got = flatValues(y); // bigints for 64-bit integers
        got.forEach((g, i) => {
          if (!near(g, c.values[i])) assert.fail(`${label}: element ${i} is ${g}, NumPy ${c.values[i]}`);
        });
      }
    });
  }
});

test('scalars are weak; 0-d tensors are not', () => {
  wt.tidy(() => {
    assert.deepEqual(wt.tensor([0, 10], { dtype: 'uint8' }).sub(1).toArray(), [255, 9]);
    assert.equal(wt.tensor([1], { dtype: 'int16' }).add(2.5).dtype, 'float64');
    const f = wt.tensor([1], { dtype: 'float32' }).add(0.1);
    assert.equal(f.dtype, 'float32');
    assert.equal(f.item(), Math.fround(1 + Math.fround(0.1)));
    assert.equal(wt.tensor([1], { dtype: 'float32' }).add(wt.tensor(0.1)).dtype, 'float64');
    assert.equal(wt.tensor([1], { dtype: 'int8' }).mul(true).dtype, 'int8');
    assert.deepEqual(wt.tensor([true, false]).add(true).toArray(), [true, true]); // a boolean is a bool
    assert.deepEqual(wt.sub(10, wt.tensor([1, 2], { dtype: 'int16' })).toArray(), [9, 8]);
    assert.deepEqual(wt.where(wt.tensor([true, false, true]), wt.arange(3), -1).toArray(), [0, -1, 2]);
    assert.deepEqual(wt.clip(wt.tensor([-5, 0.5, 9]), 0, 1).toArray(), [0, 0.5, 1]);
    assert.deepEqual(wt.tensor([1, 2], { dtype: 'int32' }).fma(3, 1).toArray(), [4, 7]);
  });
});

test('reductions return 0-d tensors and document their dtypes', () => {
  wt.tidy(() => {
    const x = wt.arange(6, null, 1, 'int8').reshape([2, 3]);
    const s = x.sum();
    assert.equal(s.ndim, 0);
    assert.equal(s.dtype, 'int32');
    assert.equal(s.item(), 15);
    assert.equal(x.mean().dtype, 'float64');
    assert.equal(x.argmax().dtype, 'int32');
    assert.equal(wt.tensor([1], { dtype: 'uint32' }).sum().dtype, 'uint32');
    assert.deepEqual(x.sum(1).toArray(), [3, 12]);
    assert.deepEqual(x.max([0, 1]).item(), 5);
    assert.equal(wt.zeros([0]).sum().item(), 0);
    assert.equal(wt.zeros([0]).prod().item(), 1);
    assert.ok(Number.isNaN(wt.zeros([0]).mean().item()));
    throwsWt(() => wt.zeros([0]).max(), 'WT_EINVAL', /zero-size reduction/);
    throwsWt(() => wt.zeros([0]).argmin(), 'WT_EINVAL', /empty sequence/);
    throwsWt(() => x.sum([0, 0]), 'WT_EINVAL', /duplicate value in axis/);
    throwsWt(() => x.sum(2), 'WT_EINVAL', /axis 2 is out of bounds for a tensor of dimension 2/);
    throwsWt(() => x.argmax([0, 1]), 'WT_EINVAL', /takes one axis or none/);
  });
});

test('float sums are accurate: 1e7 float32 values of 0.1', () => {
  const x = wt.full([1e7], 0.1, 'float32');
  const s = x.sum();
  const want = 1e7 * Math.fround(0.1);
  assert.ok(Math.abs(s.item() - want) / want < 1e-5, `relative error ${Math.abs(s.item() - want) / want}`);
  wt.dispose([x, s]);
});

test("Cortex's forms: scaled operands and reduction into a smaller out", () => {
  wt.tidy(() => {
    const x = wt.arange(12, null, 1, 'float64').reshape([3, 4]);
    const z = wt.arange(4, null, 1, 'float64');
    assert.deepEqual(wt.binary('add', x, z, { alpha: 2, beta: -1 }).toArray(), [
      [0, 1, 2, 3],
      [8, 9, 10, 11],
      [16, 17, 18, 19],
    ]);
    assert.deepEqual(wt.binary('subtract', x, z).toArray()[2], [8, 8, 8, 8]);
    const cols = wt.zeros([4], 'float32');
    assert.equal(wt.binary('mul', x, z, { out: cols, reduce: 'sum' }), cols);
    assert.deepEqual(cols.toArray(), [0, 15, 36, 63]);
    const rows = wt.zeros([3, 1], 'int32');
    throwsWt(() => wt.binary('sub', x, z, { out: rows, reduce: 'max' }), 'WT_EDTYPE', /float64 to out's dtype int32/);
    wt.binary('sub', x, z, { out: rows, reduce: 'max', casting: 'unsafe' });
    assert.deepEqual(rows.toArray(), [[0], [4], [8]]);
    const total = wt.zeros([], 'float64');
    wt.unary('exp', wt.zeros([5]), { out: total, reduce: 'sum', alpha: 3 });
    assert.equal(total.item(), 5);
    throwsWt(
      () => wt.binary('add', x, z, { out: wt.zeros([3]), reduce: 'sum' }),
      'WT_ESHAPE',
      /cannot reduce a result of shape \(3,4\) into out of shape \(3,\)/,
    );
    throwsWt(() => wt.binary('add', x, z, { reduce: 'sum' }), 'WT_EINVAL', /needs an out tensor/);
    throwsWt(() => wt.binary('add', x, z, { out: cols, reduce: 'median' }), 'WT_EINVAL', /unknown reduction 'median'/);
    throwsWt(() => wt.binary('frobnicate', x, z), 'WT_EINVAL', /unknown operation 'frobnicate'/);
  });
});

test('out: any writable view, in place, aliasing; bad outs leave it untouched', () => {
  wt.tidy(() => {
    const a = wt.arange(6, null, 1, 'float32');
    assert.equal(a.add(a, { out: a }), a);
    assert.deepEqual(a.toArray(), [0, 2, 4, 6, 8, 10]);
    wt.add(a.slice(':-1'), 1, { out: a.slice('1:') }); // reads all of a before writing
    assert.deepEqual(a.toArray(), [0, 1, 3, 5, 7, 9]);
    const big = wt.zeros([4, 6], 'int16');
    wt.mul(wt.arange(3), wt.arange(2).expandDims(1), { out: big.slice('::2, 1::2') });
    assert.deepEqual(big.slice('::2, 1::2').toArray(), [
      [0, 0, 0],
      [0, 1, 2],
    ]);
    assert.deepEqual(big.slice('1::2').toArray(), [
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
    ]);
    const before = a.toArray();
    throwsWt(
      () => wt.add(a, 1, { out: wt.zeros([3]) }),
      'WT_ESHAPE',
      /out has shape \(3,\) but the result has shape \(6,\)/,
    );
    throwsWt(() => wt.add(a, 1, { out: a.broadcastTo([2, 6]) }), 'WT_EREADONLY', /read-only/);
    throwsWt(() => wt.add(a, wt.zeros([4])), 'WT_ESHAPE', /shapes \(6,\) \(4,\) cannot be broadcast together/);
    throwsWt(() => wt.sub(wt.tensor([true]), true), 'WT_EDTYPE', /subtract is not supported for bool/);
    throwsWt(() => wt.neg(wt.tensor([true])), 'WT_EDTYPE', /use logical_not/);
    throwsWt(
      () => wt.add(a, 'x'),
      'WT_EINVAL',
      /operands must be tensors, numbers, booleans or complex numbers, got the string "x"/,
    );
    throwsWt(() => wt.add(a, 1, 5), 'WT_EINVAL', /out must be a Tensor/); // NumPy's third positional is out
    throwsWt(
      () => wt.add(a, 2n ** 64n),
      'WT_EDTYPE',
      /bigint 18446744073709551616 is out of bounds for int64 and uint64/,
    );
    throwsWt(() => wt.add(wt.tensor([1n], { dtype: 'uint64' }), -1), 'WT_EDTYPE', /-1 is out of bounds for uint64/);
    assert.deepEqual(a.toArray(), before);
  });
});

test('acos, asin, atan, acosh, asinh, atanh, cosh, sinh: free, method, NumPy alias and lazy forms agree', () => {
  const aliases = {
    acos: 'arccos',
    asin: 'arcsin',
    atan: 'arctan',
    acosh: 'arccosh',
    asinh: 'arcsinh',
    atanh: 'arctanh',
  };
  wt.tidy(() => {
    const x = wt.tensor([-0.75, -0.25, 0, 0.5, 0.875, 1.5], { dtype: 'float32' });
    for (const f of ['acos', 'asin', 'atan', 'acosh', 'asinh', 'atanh', 'cosh', 'sinh']) {
      const free = wt[f](x),
        method = x[f]();
      assert.equal(free.dtype, 'float32', f);
      assert.deepEqual(Array.from(method.data), Array.from(free.data), `${f}: method`);
      if (aliases[f])
        assert.deepEqual(Array.from(wt[aliases[f]](x).data), Array.from(free.data), `${f}: ${aliases[f]}`);
      // a fused pass computes with the same kernel as the eager call: the same bits
      const g = wt.graph(),
        p = g.placeholder([6], 'float32', 'p');
      const lazy = g.compile(wt[f](p.mul(1))).run({ p: x });
      assert.deepEqual(Array.from(lazy.data), Array.from(free.data), `${f}: lazy`);
      // integers promote as NumPy's: int16 to float32, int32 to float64
      assert.equal(wt[f](wt.tensor([1, 2], { dtype: 'int16' })).dtype, 'float32', `${f}(int16)`);
      assert.equal(wt[f](wt.tensor([1, 2], { dtype: 'int32' })).dtype, 'float64', `${f}(int32)`);
    }
    // the domain edges NumPy gives (IEEE): NaN outside, infinities at atanh(+-1) and acosh(inf)
    assert.ok(Number.isNaN(wt.asin(wt.tensor([1.5], { dtype: 'float32' })).item()));
    assert.equal(
      wt
        .atanh(wt.tensor([1, -1]))
        .toArray()
        .join(),
      'Infinity,-Infinity',
    );
    assert.equal(
      wt
        .acosh(wt.tensor([Infinity, 1]))
        .toArray()
        .join(),
      'Infinity,0',
    );
    assert.equal(wt.sinh(wt.tensor([-100], { dtype: 'float32' })).item(), -Infinity);
  });
});

// NumPy takes lists wherever it takes arrays: every generic op takes nested arrays and TypedArrays
// as operands, computes what it computes on wt.tensor of them, and frees what it made
test('nested arrays and TypedArrays are operands of every op, as lists are in NumPy', () => {
  const m = [
    [1, 2],
    [3, 4],
  ];
  const cases = [
    ['add', (v) => wt.add(v, [10, 20])],
    ['sqrt', (v) => wt.sqrt(v)],
    ['where', (v) => wt.where([true, false], v, [0, 0])],
    ['clip', (v) => wt.clip(v, 2, [3, 3])],
    ['binary', (v) => wt.binary('sub', v, [1, 1], { alpha: 2 })],
    ['sum', (v) => wt.sum(v, { axis: 1 })],
    ['argmax', (v) => wt.argmax(v)],
    ['transpose', (v) => wt.transpose(v)],
    ['reshape', (v) => wt.reshape(v, [4])],
    ['astype', (v) => wt.astype(v, 'float32')],
    ['matmul', (v) => wt.matmul(v, [[1], [1]])],
    ['einsum', (v) => wt.einsum('ij,jk->ik', v, m)],
    ['method', (v, t) => t.sub(v)],
  ];
  for (const [name, f] of cases) {
    const t = wt.tensor(m);
    const want = f(t, t).toArray();
    const before = wt.memory().tensors;
    const r = f(m, t);
    assert.deepEqual(r.toArray(), want, name);
    r.dispose();
    assert.equal(wt.memory().tensors, before, `${name}: the operand tensors are freed`);
    t.dispose();
  }
  const f32 = wt.add(new Float32Array([1, 2]), 1);
  assert.equal(f32.dtype, 'float32');
  assert.deepEqual(f32.toArray(), [2, 3]);
  const x = wt.zeros([2, 3], 'int32');
  x.assign([1, 2, 3]);
  assert.deepEqual(x.toArray(), [
    [1, 2, 3],
    [1, 2, 3],
  ]);
  throwsWt(() => wt.assign([1, 2], x), 'WT_EINVAL', /self must be a Tensor/);
  throwsWt(() => wt.add([1, [2]], 1), 'WT_EINVAL', /add: operand 1: tensor: /);
  throwsWt(() => wt.add([1, 2], [1, 2, 3]), 'WT_ESHAPE');
});

test("NumPy's other names are the same functions, and the new ops fuse in a lazy graph", () => {
  const pairs = {
    subtract: 'sub',
    multiply: 'mul',
    divide: 'div',
    trueDivide: 'div',
    floorDivide: 'floorDiv',
    remainder: 'mod',
    power: 'pow',
    negative: 'neg',
    absolute: 'abs',
    around: 'round',
    arctan2: 'atan2',
    leftShift: 'bitwiseLeftShift',
    rightShift: 'bitwiseRightShift',
    invert: 'bitwiseInvert',
    fix: 'trunc',
    radians: 'deg2rad',
    degrees: 'rad2deg',
    amax: 'max',
    amin: 'min',
  };
  for (const [alias, name] of Object.entries(pairs)) assert.equal(wt[alias], wt[name], alias);
  wt.tidy(() => {
    const g = wt.graph();
    const p = g.placeholder([5], 'float32', 'x'),
      q = g.placeholder([5], 'int16', 'y');
    const outs = {
      a: (x) => wt.atan2(x, wt.hypot(x, 2)),
      b: (x, y) => wt.bitwiseAnd(y, 6).bitwiseLeftShift(1).bitwiseRightShift(wt.bitwiseInvert(y)),
      c: (x) => wt.nextafter(wt.astype(x, 'float16'), 5),
      d: (x) => wt.fmax(x, NaN).fmin(wt.heaviside(x, 0.5)),
      e: (x) => wt.logaddexp2(wt.logaddexp(x, 1), wt.copysign(wt.fmod(x, 3), -1)),
      f: (x) => wt.where(wt.isinf(x).logicalOr(wt.signbit(x)), wt.cbrt(x), wt.exp2(wt.trunc(x))),
      g: (x) => wt.rad2deg(wt.deg2rad(wt.rint(x))).positive(),
    };
    const f = g.compile(Object.fromEntries(Object.entries(outs).map(([k, fn]) => [k, fn(p, q)])));
    const x = wt.tensor([1.5, -2, NaN, -Infinity, 4], { dtype: 'float32' }),
      y = wt.tensor([7, 5, 3, -1, 0], { dtype: 'int16' });
    const r = f.run({ x, y });
    for (const [k, fn] of Object.entries(outs)) assert.deepEqual(r[k].toArray(), fn(x, y).toArray(), k);
  });
  // float16's own grid: the next float16 after 1 is 1 + 2^-10, after 0 the least subnormal
  const half = (v) => wt.tensor(v, { dtype: 'float16' });
  const h = wt.nextafter(half([1, 0, 0, 65504]), half([2, 1, -1, Infinity]));
  assert.deepEqual(h.toArray(), [1 + 2 ** -10, 2 ** -24, -(2 ** -24), Infinity]);
});

// NumPy's x ** 2 is the correctly rounded square (glibc's pow, and NumPy's own square
// fast path); musl's pow, which the wasm links, is not always: float64 squares by a product
test('float64 pow(x, 2) is x * x, the correctly rounded square NumPy gives', () => {
  const x = wt.random.defaultRng(46).standardNormal(100000).mul(1e3);
  assert.equal(wt.equal(x.pow(2), x.mul(x)).all().item(), true);
  assert.deepEqual(wt.tensor([-0, -Infinity, NaN, 3]).pow(2).toArray(), [0, Infinity, NaN, 9]);
  assert.ok(Object.is(wt.tensor([-0]).pow(2).item(), 0));
  x.dispose();
});
