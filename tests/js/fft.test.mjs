// wt.fft against NumPy (tests/fixtures/fft.json, made by gen_fft.py): every
// function on lengths 1..64, composites and primes, every dtype, norm,
// padding, truncation, axes order and strided or negative-stride view, each
// within an RMS relative error of log2(n) eps of a higher-precision
// reference; NumPy's refusals as WtErrors; fftfreq, rfftfreq and the shifts
// exactly.  In Node also: long transforms (powers of two to 2^20, primes to
// 65537) against NumPy's long double FFT, the round trip and Parseval, and
// random cases from tests/diff/fft_diff.py with a fixed seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, loadFixtures, throwsWt, flatValues, revive } from './helpers.mjs';

const F = await loadFixtures('fft');
const inNode = typeof process === 'object' && !!process.versions?.node;

const build = (v) => wt.tensor(v.values, { dtype: v.dtype, shape: v.shape });
function viewed(t, view) {
  if (view.flip) t = wt.flip(t, view.flip);
  if (view.T) t = t.T;
  if (view.step) t = t.slice(`...,::${view.step}`);
  return t;
}
const re = (v) => (typeof v === 'object' ? v.re : Number(v));
const im = (v) => (typeof v === 'object' ? v.im : 0);

// RMS |got - want| / RMS |want| within rtol; dtype and shape exact
export function close(got, want, rtol, label) {
  assert.equal(got.dtype, want.dtype, `${label}: dtype`);
  assert.deepEqual([...got.shape], want.shape, `${label}: shape`);
  const g = flatValues(got),
    w = want.values;
  let err = 0,
    ref = 0;
  g.forEach((v, i) => {
    err += (re(v) - re(w[i])) ** 2 + (im(v) - im(w[i])) ** 2;
    ref += re(w[i]) ** 2 + im(w[i]) ** 2;
  });
  const rel = ref ? Math.sqrt(err / ref) : Math.sqrt(err);
  assert.ok(rel <= rtol, `${label}: RMS relative error ${rel.toExponential(2)} > ${rtol.toExponential(2)}`);
}

const show = (c) => `${c.fn}(${c.x.dtype}(${c.x.shape}) ${JSON.stringify(c.view ?? {})}, ${JSON.stringify(c.kwargs)})`;

export function runCases(cases) {
  for (const c of cases)
    wt.tidy(() => close(wt.fft[c.fn](viewed(build(c.x), c.view), c.kwargs), c.want, c.rtol, show(c)));
}

test('wt.fft matches NumPy within log2(n) eps on every function, dtype, norm, size and view', () => {
  runCases(F.cases);
  const fns = new Set(F.cases.map((c) => c.fn));
  for (const f of ['fft', 'ifft', 'rfft', 'irfft', 'hfft', 'ihfft', 'fftn', 'ifftn', 'rfftn', 'irfftn'])
    assert.ok(fns.has(f), `fixtures cover ${f}`);
  for (const f of ['fft2', 'ifft2', 'rfft2', 'irfft2']) assert.ok(fns.has(f), `fixtures cover ${f}`);
});

test("fftfreq, rfftfreq, fftshift and ifftshift give NumPy's values exactly", () => {
  for (const c of F.helpers)
    wt.tidy(() => {
      const got = c.x ? wt.fft[c.fn](build(c.x), ...c.args) : wt.fft[c.fn](...c.args);
      assert.equal(got.dtype, c.want.dtype, c.fn);
      assert.deepEqual([...got.shape], c.want.shape, c.fn);
      assert.deepEqual(flatValues(got), c.want.values, `${c.fn}(${JSON.stringify(c.args)})`);
    });
  wt.tidy(() => assert.equal(wt.fft.fftfreq(4, { d: 0.5, dtype: 'float32' }).dtype, 'float32'));
});

test("NumPy's refusals are WtErrors naming the problem", () => {
  const codes = { ValueError: /WT_EINVAL|WT_ESHAPE/, TypeError: /WT_EDTYPE/, IndexError: /WT_EINVAL/ };
  for (const c of F.errors) {
    const kind = c.error.split(':')[0];
    assert.throws(
      () => wt.tidy(() => wt.fft[c.fn](build(c.x), c.kwargs)),
      (e) => e.name === 'WtError' && codes[kind].test(e.code) && e.message.length > 10,
      `${c.fn}(${JSON.stringify(c.kwargs)}): ${c.error}`,
    );
  }
  throwsWt(() => wt.fft.fft(wt.ones([4]), { n: 2.5 }), 'WT_EINVAL', /n must be an integer/);
  throwsWt(() => wt.fft.fftn(wt.ones([4]), { axes: 0 }), 'WT_EINVAL', /axes must be an array/);
  throwsWt(() => wt.fft.fftfreq(0), 'WT_EINVAL', /positive/);
});

test('out receives the result (cast as NumPy casts), and a wrong out leaves it untouched', () => {
  wt.tidy(() => {
    const x = wt.tensor([1, 2, 3, 4], { dtype: 'float32' }),
      out = wt.zeros([4], 'complex128');
    assert.equal(wt.fft.fft(x, { out }), out);
    assert.deepEqual(
      flatValues(out),
      flatValues(wt.fft.fft(x)).map((v) => v),
    );
    const bad = wt.zeros([3], 'complex128');
    throwsWt(() => wt.fft.fft(x, { out: bad }), 'WT_ESHAPE', /out has shape/);
    throwsWt(() => wt.fft.fft(x, { out: wt.zeros([4]) }), 'WT_EDTYPE');
    assert.deepEqual(
      flatValues(bad),
      [0, 0, 0].map(() => ({ re: 0, im: 0 })),
    );
    const o2 = wt.zeros([3, 4], 'complex64');
    wt.fft.fft2(wt.ones([3, 4]), { out: o2 });
    assert.deepEqual(flatValues(o2)[0], { re: 12, im: 0 });
  });
});

test('a batch split across threads equals each row transformed alone', () => {
  wt.tidy(() => {
    const rng = wt.random.defaultRng(5);
    for (const [rows, n, dt] of [
      [64, 1000, 'complex128'],
      [37, 96, 'complex64'],
      [300, 17, 'float64'],
    ]) {
      const x = rng.standardNormal([rows, n]).astype(dt),
        all = wt.fft.fft(x);
      for (const r of [0, 1, rows >> 1, rows - 1])
        assert.deepEqual(flatValues(all.slice(`${r}`)), flatValues(wt.fft.fft(x.slice(`${r}`))), `${dt} row ${r}`);
      const cols = wt.fft.fft(x, { axis: 0 });
      assert.deepEqual(flatValues(cols.slice(':,3')), flatValues(wt.fft.fft(x.slice(':,3'))), `${dt} column`);
    }
  });
});

test('irfft(rfft(x)) is x, ifft(fft(x)) is x, and Parseval holds', () => {
  const rng = wt.random.defaultRng(11);
  for (const n of [1, 2, 3, 30, 97, 128, 1000, 4097])
    for (const dt of ['float64', 'float32'])
      wt.tidy(() => {
        const x = rng.standardNormal([n]).astype(dt),
          eps = dt === 'float32' ? 2 ** -23 : 2 ** -52,
          tol = Math.max(1, Math.log2(n)) * eps * 4;
        const maxAbs = (t) => Math.max(...flatValues(wt.abs(t)));
        assert.ok(maxAbs(wt.sub(wt.fft.irfft(wt.fft.rfft(x), n), x)) <= tol * maxAbs(x) * 4, `rfft round trip ${n}`);
        const z = wt.fft.fft(x);
        assert.ok(maxAbs(wt.sub(wt.fft.ifft(z), x)) <= tol * maxAbs(x) * 4, `fft round trip ${n}`);
        const e1 = wt.sum(wt.mul(x, x)).item(),
          e2 = wt.sum(wt.square(wt.abs(z))).item() / n;
        assert.ok(Math.abs(e1 - e2) <= tol * e1, `Parseval ${n} ${dt}: ${e1} vs ${e2}`);
      });
});

if (inNode) {
  const { execFileSync } = await import('node:child_process');
  const { mkdtempSync, rmSync, readFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const root = new URL('../../', import.meta.url);
  const py = (args) => execFileSync('.venv/bin/python', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });

  test('long transforms (2^20, primes to 65537, composites) are within log2(n) eps of long double', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wt-fft-'));
    try {
      const list = JSON.parse(py(['tests/diff/fft_diff.py', 'long', dir]));
      for (const c of list)
        wt.tidy(() => {
          const x = wt.fromNpy(readFileSync(join(dir, c.x))),
            want = wt.fromNpy(readFileSync(join(dir, c.want)));
          const got = wt.fft[c.fn](x);
          assert.equal(got.dtype, c.dtype, c.x);
          const err = Math.sqrt(wt.sum(wt.square(wt.abs(wt.sub(got, want)))).item()),
            ref = Math.sqrt(wt.sum(wt.square(wt.abs(want))).item());
          assert.ok(
            err / ref <= c.rtol,
            `${c.fn} ${c.x}: RMS relative error ${(err / ref).toExponential(2)} > ${c.rtol}`,
          );
        });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("random cases (tests/diff/fft_diff.py, a fixed seed) give NumPy's results", () => {
    const seed = process.env.WT_FFT_DIFF_SEED ?? '20261125',
      count = process.env.WT_FFT_DIFF_COUNT ?? '40';
    runCases(JSON.parse(py(['tests/diff/fft_diff.py', seed, count]), revive));
  });
}
