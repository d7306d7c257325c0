// Complex tensors from JS: {re, im} values, t.real and t.imag as views, weak
// complex scalars (NEP 50 against NumPy), np.emath against NumPy, and files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, fixtures, throwsWt, near, loadFixtures } from './helpers.mjs';

const values = (t) => [t.toArray()].flat(Infinity);

test('{re, im} values in and out; data holds the interleaved parts', () => {
  wt.tidy(() => {
    const z = wt.tensor([
      [{ re: 1, im: 2 }, 3],
      [{ re: -0.5, im: -1 }, true],
    ]);
    assert.equal(z.dtype, 'complex128');
    assert.deepEqual(z.toArray(), [
      [
        { re: 1, im: 2 },
        { re: 3, im: 0 },
      ],
      [
        { re: -0.5, im: -1 },
        { re: 1, im: 0 },
      ],
    ]);
    assert.deepEqual([...z.data.slice(0, 4)], [1, 2, 3, 0]);
    assert.deepEqual(z.slice('1, 0').item(), { re: -0.5, im: -1 });
    assert.deepEqual([...z.T.toTypedArray()], [1, 2, -0.5, -1, 3, 0, 1, 0]);
    assert.equal(wt.tensor([1, 2], { dtype: 'complex64' }).data.constructor, Float32Array);
    assert.deepEqual(wt.tensor(wt.complex(1.5, -2)).item(), { re: 1.5, im: -2 });
    assert.deepEqual(values(wt.full([2], { re: 0, im: 1 })), [
      { re: 0, im: 1 },
      { re: 0, im: 1 },
    ]);
    throwsWt(() => wt.tensor([{ re: 1, im: 1 }], { dtype: 'float64' }), 'WT_EDTYPE', /complex value cannot be stored/);
    throwsWt(() => wt.tensor([{ re: 1 }]), 'WT_EINVAL', /complex numbers/);
    assert.equal(String(wt.complex(1, -0)), '(1-0j)');
    throwsWt(() => wt.complex('1', 0), 'WT_EINVAL', /numbers/);
  });
});

test('t.real and t.imag are views with doubled strides, writable like NumPy', () => {
  wt.tidy(() => {
    const z = wt.tensor([1, 2, 3, 4, 5, 6], { dtype: 'complex64' }).reshape([2, 3]);
    const re = z.real,
      im = z.imag;
    assert.equal(re.dtype, 'float32');
    assert.deepEqual([...re.strides], [6, 2]);
    assert.equal(im.offset, 1);
    im.assign(wt.tensor([[10, 20, 30]], { dtype: 'float32' })); // broadcast into every row's imaginary parts
    assert.deepEqual(z.slice('1').toArray(), [
      { re: 4, im: 10 },
      { re: 5, im: 20 },
      { re: 6, im: 30 },
    ]);
    const rev = z.slice('::-1, ::-2').imag; // negative strides stay views too
    assert.deepEqual(rev.toArray(), [
      [30, 10],
      [30, 10],
    ]);
    assert.ok(z.broadcastTo([2, 2, 3]).real.readOnly);
    const r = wt.tensor([1.5, 2]);
    wt.real(r).assign(7); // a real tensor's real part is the tensor itself
    assert.deepEqual(r.toArray(), [7, 7]);
    assert.ok(r.imag.readOnly);
    assert.deepEqual(r.imag.toArray(), [0, 0]);
    throwsWt(() => r.imag.assign(1), 'WT_EREADONLY');
  });
});

test("a complex number is a weak scalar: the dtype of each dtype with it is NumPy 2's", () => {
  assert.equal(fixtures.weakComplex.length, fixtures.dtypes.length);
  for (const c of fixtures.weakComplex)
    wt.tidy(() => {
      assert.equal(wt.add(wt.zeros([1], c.dtype), wt.complex(0, 1)).dtype, c.result, c.dtype);
      assert.equal(wt.resultType(c.dtype, wt.complex(0, 1)), c.result, `resultType ${c.dtype}`);
    });
  wt.tidy(() => {
    // a 0-d complex128 tensor is not weak: it widens complex64
    const z = wt.tensor([1, 2], { dtype: 'complex64' });
    assert.equal(wt.mul(z, wt.tensor(wt.complex(0, 1))).dtype, 'complex128');
    assert.deepEqual(wt.mul(z, wt.complex(0, 1)).toArray(), [
      { re: 0, im: 1 },
      { re: 0, im: 2 },
    ]);
    assert.equal(wt.resultType(wt.complex(1, 1)), 'complex128');
    assert.deepEqual(wt.finfo('complex64'), wt.finfo('float32'));
    assert.ok(wt.isdtype('complex128', 'complex floating') && !wt.isdtype('complex64', 'real floating'));
    assert.ok(wt.canCast('float32', 'complex64') && !wt.canCast('complex64', 'float64', 'same_kind'));
    throwsWt(() => wt.floorDiv(z, 2), 'WT_EDTYPE', /floor_divide is not supported for complex/);
    throwsWt(() => wt.fma(z, wt.complex(1, 1), 1), 'WT_EDTYPE', /weak complex/);
  });
});

test('np.emath: complex results outside the real domain, as NumPy', () => {
  assert.ok(fixtures.emath.length >= 60);
  for (const c of fixtures.emath)
    wt.tidy(() => {
      const args = c.args.map((a) => wt.tensor(a.values, { dtype: a.dtype, shape: a.shape }));
      const y = wt.emath[c.fn](...args);
      const label = `emath.${c.fn}(${c.args.map((a) => a.dtype).join(', ')})`;
      assert.equal(y.dtype, c.dtype, label);
      const rel = /64$|32$/.test(c.dtype) && !c.dtype.endsWith('128') && c.dtype !== 'float64' ? 1e-6 : 1e-12;
      values(y).forEach((v, i) => assert.ok(near(v, c.values[i], rel), `${label}[${i}]: ${JSON.stringify(v)}`));
    });
  assert.deepEqual(wt.emath.sqrt(-4).item(), { re: 0, im: 2 });
  assert.equal(wt.emath.acos, wt.emath.arccos);
  const g = wt.graph(),
    x = g.placeholder([2], 'float64', 'x');
  throwsWt(() => wt.emath.sqrt(x), 'WT_EINVAL', /lazy operand/);
});

test('complex ops on lazy graphs fuse, and match the eager ones', () => {
  wt.tidy(() => {
    const z = wt.tensor(
      [
        { re: 1, im: 2 },
        { re: -3, im: 0.5 },
      ],
      { dtype: 'complex64' },
    );
    const g = wt.graph(),
      x = g.placeholder([2], 'complex64', 'x');
    const f = g.compile({ y: x.mul(x).add(1).conj() });
    const got = f.run({ x: z }).y;
    assert.equal(got.dtype, 'complex64');
    assert.deepEqual(got.toArray(), wt.conj(wt.add(wt.mul(z, z), 1)).toArray());
    // a complex number operand is weak there too (float32 * 1j is complex64), and saved as weak
    const h = wt.graph(),
      r = h.placeholder([2], 'float32', 'r');
    const c = h.compile({ y: r.mul(wt.complex(0, 1)).add(wt.complex(1, 0)) });
    const rv = wt.tensor([1, 2], { dtype: 'float32' });
    assert.deepEqual(c.run({ r: rv }).y.toArray(), [
      { re: 1, im: 1 },
      { re: 1, im: 2 },
    ]);
    const { json, blobs } = c.save();
    const back = wt.loadGraph(json, blobs).run({ r: rv }).y;
    assert.equal(back.dtype, 'complex64');
    assert.deepEqual(back.toArray(), c.run({ r: rv }).y.toArray());
  });
});

// |z| and z ** 2 against NumPy 2 over every magnitude and the special values
// (tests/fixtures/gen_complex_abs.py): |z| within 1 ulp of the correctly rounded value
// (NumPy's own SIMD loop is within 2 ulps of it, and of wtensor's);
// z ** 2 is z * z, its bits, and NumPy's within its FMA's rounding (NumPy's x86 loops
// multiply complex numbers with FMA, wtensor does not: wasm has no deterministic FMA)
test('complex abs and z ** 2 against NumPy 2, every magnitude and special value', async () => {
  const fx = await loadFixtures('complex_abs');
  const ulps = (a, b, dt) => {
    if (Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b))) return 0;
    if (!Number.isFinite(a) || !Number.isFinite(b)) return Infinity;
    const f = dt === 'complex64' ? Math.fround : (x) => x;
    const eps = dt === 'complex64' ? 2 ** -23 : 2 ** -52;
    const tiny = dt === 'complex64' ? 2 ** -149 : 2 ** -1074;
    return Math.abs(a - b) / Math.max(f(Math.abs(b)) * eps, tiny);
  };
  for (const [dt, c] of Object.entries(fx)) {
    const part = dt === 'complex64' ? 'float32' : 'float64';
    const z = wt.zeros([c.re.length], dt);
    z.real.assign(wt.tensor(c.re, { dtype: part }));
    z.imag.assign(wt.tensor(c.im, { dtype: part }));
    const a = wt.abs(z).toArray(),
      s = wt.pow(z, 2),
      zz = wt.mul(z, z);
    a.forEach((v, i) => {
      const label = `${dt} |${c.re[i]} + ${c.im[i]}j| = ${v}`;
      assert.ok(ulps(v, c.hypot[i], dt) <= 1, `${label}, correctly rounded ${c.hypot[i]}`);
      assert.ok(ulps(v, c.abs[i], dt) <= 2, `${label}, NumPy ${c.abs[i]}`);
    });
    assert.deepEqual(
      s.toArray(),
      zz.toArray().map((v, i) => (c.re[i] === 0 && c.im[i] === 0 ? { re: 0, im: 0 } : v)),
    );
    // NumPy's products differ by its FMA's single rounding at most: within 2 ulps of the larger square
    const eps = dt === 'complex64' ? 2 ** -23 : 2 ** -52;
    for (const [got, want] of [
      [s.real.toArray(), c.sq_re],
      [s.imag.toArray(), c.sq_im],
    ])
      got.forEach((v, i) => {
        const scale = Math.max(c.re[i] ** 2, c.im[i] ** 2);
        if (!Number.isFinite(want[i]) || scale < 1e-30 || scale > 1e30) return;
        assert.ok(
          Math.abs(v - want[i]) <= 2 * eps * scale,
          `${dt} (${c.re[i]} + ${c.im[i]}j) ** 2: ${v}, NumPy ${want[i]}`,
        );
      });
    wt.dispose([z, s, zz]);
  }
});
