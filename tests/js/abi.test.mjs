// bindings/abi.js against the C engine it describes: generated from the
// header and current, and every number in it what the compiled module says.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { wt } from './helpers.mjs';
import * as abi from '../../bindings/abi.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const probe = wt.zeros([1]);
const e = probe._e,
  ex = e.ex;

test('bindings/abi.js is what scripts/gen-abi.mjs makes of the header', () => {
  execFileSync(process.execPath, ['scripts/gen-abi.mjs', '--check'], { cwd: root, stdio: 'pipe' });
});

test("op, reduction, dtype and status codes are the module's", () => {
  abi.OPS.forEach((o, k) => {
    assert.equal(e.cstr(ex.wt_op_name(k)), o.name);
    assert.equal(ex.wt_op_arity(k), o.arity);
  });
  assert.equal(ex.wt_op_name(abi.OPS.length), 0, 'no op after the list');
  abi.DTYPES.forEach((d, k) => assert.equal(e.cstr(ex.wt_dtype_name(k)), d));
  assert.equal(ex.wt_dtype_is_valid(abi.DTYPES.length), 0);
  for (const [name, code] of Object.entries(abi.STATUS)) assert.equal(e.cstr(ex.wt_status_name(code)), name);
  // reductions: each name parses to its index (0 is "none", not a reduction)
  abi.REDUCTIONS.slice(1).forEach((r, k) => {
    const [p] = e.string(r, 'name');
    e.check(ex.wt_reduce_from_name(p, e.outPtr));
    assert.equal(e.dv.getInt32(e.outPtr, true), k + 1);
  });
});

test('wt_tensor_info gives what the single-field accessors give, for every kind of view', () => {
  const a = wt.arange(24).reshape([2, 3, 4]);
  const views = [
    a,
    a.T,
    a.slice('1:, ::-1, 1::2'),
    a.broadcastTo([5, 2, 3, 4]),
    wt.zeros([0, 3]),
    wt.tensor(7),
    a.diagonal(0, 1, 2),
  ];
  for (const t of views) {
    const p = e.infoPtr,
      dv = e.dv,
      ptr = t._ptr;
    e.check(ex.wt_tensor_info(ptr, p));
    const ndim = ex.wt_tensor_ndim(ptr);
    assert.equal(dv.getInt32(p + abi.INFO.ndim, true), ndim);
    assert.equal(dv.getInt32(p + abi.INFO.dtype, true), ex.wt_tensor_dtype(ptr));
    assert.equal(dv.getUint32(p + abi.INFO.flags, true), ex.wt_tensor_flags(ptr));
    assert.equal(dv.getBigInt64(p + abi.INFO.offset, true), ex.wt_tensor_offset(ptr));
    assert.equal(dv.getBigUint64(p + abi.INFO.data, true), BigInt(ex.wt_tensor_data(ptr) >>> 0));
    assert.equal(dv.getBigUint64(p + abi.INFO.nbytes, true), BigInt(ex.wt_tensor_nbytes(ptr) >>> 0));
    const sp = ex.wt_tensor_shape(ptr),
      st = ex.wt_tensor_strides(ptr);
    for (let i = 0; i < ndim; i++) {
      assert.equal(dv.getBigInt64(p + abi.INFO.shape + 8 * i, true), dv.getBigInt64(sp + 8 * i, true));
      assert.equal(dv.getBigInt64(p + abi.INFO.strides + 8 * i, true), dv.getBigInt64(st + 8 * i, true));
    }
    // and the Tensor built from it
    assert.deepEqual(
      t.shape,
      Array.from({ length: ndim }, (_, i) => Number(dv.getBigInt64(sp + 8 * i, true))),
    );
  }
  wt.dispose(views);
});

test('wt_tensor_info refuses NULL with a message', () => {
  assert.notEqual(ex.wt_tensor_info(0, e.infoPtr), 0);
  assert.match(e.cstr(ex.wt_error_message()), /wt_tensor_info: tensor is NULL/);
});
