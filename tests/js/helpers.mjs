// Shared by the JS tests: one engine per test file, the NumPy fixtures, and
// an assertion that a call fails with a WtError of a given code and message.
// Runs in Node and, under the browser suite's import map, in Chromium.
import assert from 'node:assert/strict';
import { init, WtError } from '../../bindings/index.js';
import { HALF_AS_BITS, halfToNumber } from '../../bindings/dtypes.js';

// the suite runs under each build: WT_THREADS=1 (Node) or ?threads=1 (the
// browser suite page) picks the single-threaded one; default: init's 'auto'
const inNode = typeof process === 'object' && !!process.versions?.node;
const asked = inNode ? process.env.WT_THREADS : new URLSearchParams(globalThis.location?.search ?? '').get('threads');
export const threadsOption = asked ? { threads: asked === 'auto' ? 'auto' : Number(asked) } : {};
export const wt = await init(threadsOption);
export { WtError };

// NaN and infinities are strings in the fixtures, and 64-bit integers "123n"
export const revive = (k, v) =>
  v === 'NaN'
    ? NaN
    : v === 'Infinity'
      ? Infinity
      : v === '-Infinity'
        ? -Infinity
        : typeof v === 'string' && /^-?\d+n$/.test(v)
          ? BigInt(v.slice(0, -1))
          : v;
// tests/fixtures/<name>.json, made by its gen_*.py with NumPy
export async function loadFixtures(name) {
  const url = new URL(`../fixtures/${name}.json`, import.meta.url);
  return JSON.parse(
    inNode ? (await import('node:fs')).readFileSync(url, 'utf8') : await (await fetch(url)).text(),
    revive,
  );
}
export const fixtures = await loadFixtures('numpy');

// element i (in C order) of every .npy fixture, as tests/fixtures/gen_npy.py's value()
export function fixtureValue(dtype, i) {
  if (dtype.startsWith('complex'))
    return { re: fixtureValue(dtype === 'complex64' ? 'float32' : 'float64', i), im: (5 - i) * 0.25 };
  if (dtype.startsWith('float')) {
    return { 1: NaN, 2: Infinity, 3: -0 }[i] ?? (i - 5) * (dtype === 'float64' ? 0.1 : 0.375);
  }
  if (dtype === 'bool') return i % 3 === 0 ? 1 : 0;
  const bits = BigInt(dtype.replace(/\D/g, ''));
  const v = (BigInt(i) * (bits === 64n ? 0x9e3779b97f4a7c15n : 2654435761n)) % (1n << bits); // 64 bits: the whole range
  const r = dtype.startsWith('int') ? v - (1n << (bits - 1n)) : v;
  return bits === 64n ? r : Number(r); // as the fixture's TypedArray holds it
}

export function throwsWt(fn, code, pattern) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof WtError, `expected a WtError, got ${e?.constructor?.name}: ${e?.message}`);
    assert.equal(e.code, code, `code of "${e.message}"`);
    if (pattern) assert.match(e.message, pattern);
    return true;
  });
}

// got equals NumPy's want within rel (relative, at least absolute for |want| < 1);
// NaN only matches NaN and an infinity only itself
export function near(got, want, rel = 1e-6) {
  if (want !== null && typeof want === 'object') return near(got?.re, want.re, rel) && near(got?.im, want.im, rel); // complex
  if (Number.isNaN(want)) return Number.isNaN(got);
  if (!Number.isFinite(want)) return got === want;
  return Math.abs(got - want) <= rel * Math.max(1, Math.abs(want));
}

// values of t in C order, read through data/offset/strides (the documented formula)
export function valuesByFormula(t) {
  const out = [];
  const idx = new Array(t.ndim).fill(0);
  for (let k = 0; k < t.size; k++) {
    let off = t.offset;
    for (let i = 0; i < t.ndim; i++) off += idx[i] * t.strides[i];
    if (t.dtype.startsWith('complex')) out.push({ re: t.data[2 * off], im: t.data[2 * off + 1] });
    else out.push(t.dtype === 'float16' && HALF_AS_BITS ? halfToNumber(t.data[off]) : t.data[off]);
    for (let i = t.ndim - 1; i >= 0; i--) {
      if (++idx[i] < t.shape[i]) break;
      idx[i] = 0;
    }
  }
  return out;
}

// t's values in C order: numbers (float16 decoded, bool as 0/1), bigints for 64-bit integers
export function flatValues(t) {
  const a = t.toArray();
  return (Array.isArray(a) ? a.flat(Infinity) : [a]).map((v) => (typeof v === 'boolean' ? Number(v) : v));
}

// strides of size-<=1 axes are never used: compare only the others
export function sameStrides(t, shape, strides) {
  assert.deepEqual([...t.shape], shape);
  t.shape.forEach((n, i) => {
    if (n > 1) assert.equal(t.strides[i], strides[i], `stride ${i} of (${shape})`);
  });
}

// a fixture array ({dtype, shape, values}) as a tensor: contiguous, or the same values through
// reversed (negative) strides
export function fixtureTensor(a, reversed = false) {
  if (!reversed || a.shape.length === 0) return wt.tensor(a.values, { dtype: a.dtype, shape: a.shape });
  const t = wt.tensor(a.values.slice().reverse(), { dtype: a.dtype, shape: a.shape });
  return t.slice(a.shape.map(() => '::-1').join(','));
}

// t is NumPy's result: its dtype, shape and values (within rel; NaN equals NaN)
export function sameAsNumpy(t, want, label, rel = 0) {
  assert.equal(t.dtype, want.dtype, `${label}: dtype`);
  assert.deepEqual([...t.shape], want.shape, `${label}: shape`);
  flatValues(t).forEach((v, i) =>
    assert.ok(near(v, want.values[i], rel) || v === want.values[i], `${label}[${i}]: ${v} vs ${want.values[i]}`),
  );
}
