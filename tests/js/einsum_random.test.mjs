// einsum on hundreds of generated equations (random labels, ranks 0-4,
// repeats, ellipses, size-1 broadcasting, reversed operands, 1-5 operands,
// every dtype) against a plain nested-loop reference written here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, fixtures } from './helpers.mjs';

const DTYPES = fixtures.dtypes;
const LETTERS = 'abcdAeB';
let seed = 4242;
const rnd = (n) => (seed = (seed * 1103515245 + 12345) >>> 0) % n;

function promote(a, b) {
  const r = fixtures.promote[DTYPES.indexOf(a)][DTYPES.indexOf(b)];
  return r < 0 ? null : DTYPES[r];
}

// wrap a value the way the dtype stores it
function cast(dtype, v) {
  if (typeof v === 'bigint' && dtype !== 'int64' && dtype !== 'uint64') v = Number(v);
  switch (dtype) {
    case 'bool':
      return v ? 1 : 0;
    case 'int8':
      return (v << 24) >> 24;
    case 'uint8':
      return v & 0xff;
    case 'int16':
      return (v << 16) >> 16;
    case 'uint16':
      return v & 0xffff;
    case 'int32':
      return v | 0;
    case 'uint32':
      return v >>> 0;
    case 'int64':
      return BigInt.asIntN(64, BigInt(v));
    case 'uint64':
      return BigInt.asUintN(64, BigInt(v));
    case 'float32':
      return Math.fround(v);
    default:
      return v;
  }
}

function makeCase() {
  const nops = 1 + rnd(5),
    nl = 1 + rnd(5),
    ne = rnd(3) === 0 ? 1 + rnd(2) : 0;
  const ops = [];
  const count = new Array(nl).fill(0);
  for (let k = 0; k < nops; k++) {
    const rank = rnd(nops > 3 ? 3 : 5),
      ell = ne > 0 && rnd(2) === 1,
      ek = ell ? rnd(ne + 1) : 0,
      epos = rnd(rank + 1);
    const axes = [];
    for (let j = 0; j <= rank; j++) {
      if (j === epos && ell) for (let e = ne - ek; e < ne; e++) axes.push(-1 - e);
      if (j === rank) break;
      const l = rnd(nl);
      axes.push(l);
      count[l]++;
    }
    ops.push({ axes, ell, epos, ek });
  }
  const size = Array.from({ length: nl }, () => 1 + rnd(3)),
    esize = Array.from({ length: ne }, () => 1 + rnd(3));
  for (const o of ops) {
    o.dims = o.axes.map((a) => (rnd(5) === 0 ? 1 : a >= 0 ? size[a] : esize[-1 - a]));
    o.axes.forEach((a, j) => {
      const q = o.axes.indexOf(a);
      if (q < j) o.dims[j] = o.dims[q];
    }); // repeats agree
  }
  // a label's size is its largest dim
  (size.fill(1), esize.fill(1));
  for (const o of ops)
    o.axes.forEach((a, j) => {
      if (a >= 0) size[a] = Math.max(size[a], o.dims[j]);
      else esize[-1 - a] = Math.max(esize[-1 - a], o.dims[j]);
    });
  const terms = ops.map((o) => {
    let s = '';
    o.axes.forEach((a, j) => {
      if (a < 0) {
        if (j === 0 || o.axes[j - 1] >= 0) s += '...';
      } else s += LETTERS[a];
    });
    if (o.ell && o.ek === 0) s = s.slice(0, o.epos) + '...' + s.slice(o.epos);
    return s;
  });
  const ellAxes = Math.max(0, ...ops.map((o) => o.axes.filter((a) => a < 0).length));
  const ellOut = Array.from({ length: ellAxes }, (_, i) => -1 - (ne - ellAxes + i));
  let out, eq;
  if (rnd(2)) {
    const keep = ops.some((o) => o.ell) && rnd(2) === 1;
    const labs = [];
    for (let l = 0; l < nl; l++) if (count[l] && rnd(2)) labs.push(l);
    out = keep ? [...ellOut, ...labs] : labs;
    eq = `${terms.join(',')}->${keep ? '...' : ''}${labs.map((l) => LETTERS[l]).join('')}`;
  } else {
    const once = [...LETTERS]
      .map((ch, l) => [ch, l])
      .filter(([, l]) => l < nl && count[l] === 1)
      .sort((x, y) => x[0].charCodeAt(0) - y[0].charCodeAt(0));
    out = [...ellOut, ...once.map(([, l]) => l)];
    eq = terms.join(',');
  }
  return { ops, size, esize, nl, ne, out, eq };
}

function reference(c, values, dtype) {
  const vars = [...c.size, ...c.esize],
    oshape = c.out.map((a) => (a >= 0 ? c.size[a] : c.esize[-1 - a]));
  const res = new Array(oshape.reduce((x, y) => x * y, 1)).fill(0);
  const idx = new Array(vars.length).fill(0),
    total = vars.reduce((x, y) => x * y, 1);
  const varOf = (a) => (a >= 0 ? a : c.nl + (-1 - a));
  const big = dtype === 'int64' || dtype === 'uint64'; // 64-bit integers: BigInt arithmetic, wrapped
  for (let t = 0; t < total; t++) {
    let prod = 1,
      any = true;
    c.ops.forEach((o, k) => {
      let flat = 0;
      o.axes.forEach((a, j) => {
        flat = flat * o.dims[j] + (o.dims[j] === 1 ? 0 : idx[varOf(a)]);
      });
      const v = values[k][flat];
      prod = /^(float|complex)/.test(dtype) ? prod * v : big ? cast(dtype, BigInt(prod) * v) : Math.imul(prod, v);
      any = any && Number(v) !== 0; // a bigint or a number
    });
    let oi = 0;
    c.out.forEach((a, j) => {
      oi = oi * oshape[j] + idx[varOf(a)];
    });
    if (dtype === 'bool') res[oi] = res[oi] || any ? 1 : 0;
    else if (big) res[oi] = cast(dtype, BigInt(res[oi]) + prod);
    else res[oi] = /^(float|complex)/.test(dtype) ? res[oi] + prod : (res[oi] + prod) | 0;
    for (let v = vars.length - 1; v >= 0; v--) {
      if (++idx[v] < vars[v]) break;
      idx[v] = 0;
    }
  }
  return { shape: oshape, values: res.map((v) => cast(dtype, v)) };
}

test('einsum equals nested loops on 300 generated equations in every dtype', () => {
  let checked = 0;
  for (let iter = 0; iter < 300; iter++) {
    const c = makeCase();
    const dts = c.ops.map(() => DTYPES[rnd(DTYPES.length)]);
    // np.result_type of the whole list: the pairwise promotion with the floats first
    const inexact = (d) => d.startsWith('float') || d.startsWith('complex');
    const ordered = [...dts.filter(inexact), ...dts.filter((d) => !inexact(d))];
    let dtype = ordered[0];
    for (const d of ordered.slice(1)) dtype = dtype && promote(dtype, d);
    if (!dtype) continue; // would need int64
    wt.tidy(() => {
      const values = c.ops.map((o, k) =>
        Array.from({ length: o.dims.reduce((x, y) => x * y, 1) }, () =>
          cast(dts[k], dts[k] === 'bool' ? rnd(3) > 0 : rnd(7) - 3),
        ),
      );
      const tensors = c.ops.map((o, k) => {
        if (!o.dims.length || rnd(2)) return wt.tensor(values[k], { dtype: dts[k], shape: o.dims });
        const rev = wt.tensor(values[k].slice().reverse(), { dtype: dts[k], shape: o.dims }); // same values, reversed storage
        return rev.slice(o.dims.map(() => '::-1').join(','));
      });
      const r = wt.einsum(c.eq, ...tensors);
      const want = reference(
        c,
        values.map((v, k) => v.map((x) => cast(dtype, x))),
        dtype,
      );
      assert.equal(r.dtype, dtype, c.eq);
      assert.deepEqual([...r.shape], want.shape, c.eq);
      // complex: the values are real (integers), so the real parts carry them and the imaginary ones are 0
      const part = (t, k) => Array.from(t.contiguous().toTypedArray(), Number).filter((_, i) => i % 2 === k);
      const got = dtype.startsWith('complex') ? part(r, 0) : Array.from(r.contiguous().toTypedArray(), Number);
      if (dtype.startsWith('complex'))
        assert.ok(
          part(r, 1).every((v) => v === 0),
          `${c.eq}: imaginary parts`,
        );
      got.forEach((g, i) => {
        const w = Number(want.values[i]);
        if (Math.abs(g - w) > 1e-4 * Math.max(1, Math.abs(w)))
          assert.fail(
            `einsum('${c.eq}') ${dtype}: element ${i} is ${g}, loops give ${want.values[i]} (${dts} ${JSON.stringify(c.ops.map((o) => o.dims))} ${values.map((v) => v.map(String))})`,
          );
      });
      checked++;
    });
  }
  assert.ok(checked > 200, `${checked} equations checked`);
});
