// Views against NumPy fixtures, shared storage, read-only propagation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, fixtures, throwsWt, valuesByFormula, sameStrides } from './helpers.mjs';

const base = (shape) =>
  wt
    .arange(
      shape.reduce((a, b) => a * b, 1),
      null,
      1,
      'float64',
    )
    .reshape(shape);

test('slice() matches NumPy basic indexing', () => {
  for (const c of fixtures.slice) {
    wt.tidy(() => {
      const b = base(c.shape);
      if (!c.ok) {
        assert.throws(
          () => b.slice(c.spec),
          (e) => e instanceof wt.WtError,
          `'${c.spec}' should fail`,
        );
        return;
      }
      const v = b.slice(c.spec);
      const [shape, strides, offset] = c.view;
      sameStrides(v, shape, strides);
      if (v.size) assert.equal(v.offset, offset, `offset of '${c.spec}'`);
      assert.equal(v.data.buffer, b.data.buffer);
    });
  }
});

test('reshape() views exactly when NumPy does, with NumPy values', () => {
  for (const c of fixtures.reshape) {
    wt.tidy(() => {
      const b = base(c.shape);
      let v = b.slice(c.spec);
      if (c.perm.length) v = v.transpose(c.perm);
      const r = v.reshape(c.new);
      assert.deepEqual([...r.shape], c.rshape);
      const sharesB = r.data.buffer === b.data.buffer && r.data.byteOffset === b.data.byteOffset;
      assert.equal(sharesB, c.view, `view-ness of reshape ${JSON.stringify(c)}`);
      if (c.view) {
        sameStrides(r, c.result[0], c.result[1]);
        if (r.size) assert.equal(r.offset, c.result[2]);
      } else {
        assert.equal(r.isContiguous, true);
      }
      assert.deepEqual(valuesByFormula(r), c.values);
    });
  }
});

test('diagonal() matches NumPy and is writable', () => {
  for (const c of fixtures.diagonal) {
    wt.tidy(() => {
      const d = base(c.shape).diagonal(c.offset, c.axis1, c.axis2);
      sameStrides(d, c.view[0], c.view[1]);
      if (d.size) assert.equal(d.offset, c.view[2]);
    });
  }
  const m = wt.zeros([3, 3], 'int32');
  m.diagonal().assign(wt.tensor([1, 2, 3]));
  assert.deepEqual(m.toArray(), [
    [1, 0, 0],
    [0, 2, 0],
    [0, 0, 3],
  ]);
  throwsWt(() => m.diagonal(0, 1, 1), 'WT_EINVAL', /axis1 and axis2 cannot be the same/);
  throwsWt(() => wt.arange(3).diagonal(), 'WT_EINVAL', /at least 2 dimensions/);
});

test('views share storage: write through one, read through another', () => {
  wt.tidy(() => {
    const a = wt.arange(12, null, 1, 'float32').reshape([3, 4]);
    const col = a.slice(':, 2');
    const rev = a.slice('::-1, ::-1');
    col.assign(-1);
    assert.deepEqual(rev.toArray(), [
      [11, -1, 9, 8],
      [7, -1, 5, 4],
      [3, -1, 1, 0],
    ]);
    const t = a.T;
    assert.deepEqual(t.strides, [1, 4]);
    assert.equal(t.isContiguous, false);
    t.slice('0').assign(100);
    assert.deepEqual(a.slice(':, 0').toArray(), [100, 100, 100]);
    assert.deepEqual(wt.transpose(a, [1, 0]).shape, [4, 3]);
    assert.deepEqual(a.swapaxes(0, 1).strides, [1, 4]);
    assert.deepEqual(a.expandDims(0).shape, [1, 3, 4]);
    assert.deepEqual(a.expandDims(-1).squeeze().shape, [3, 4]);
    assert.deepEqual(a.reshape([2, 1, 6]).squeeze(1).shape, [2, 6]);
    const tflat = a.T.ravel(); // not representable as a view: a copy
    assert.equal(tflat.isContiguous, true);
    assert.deepEqual(tflat.toArray().slice(0, 4), [100, 100, 100, 1]);
    // NumPy: flatten always copies, ravel is a view when it can be
    const before = a.toArray();
    a.flatten().assign(0);
    assert.deepEqual(a.toArray(), before, 'flatten() copied');
    a.T.flatten().assign(0);
    assert.deepEqual(a.toArray(), before, 'a.T.flatten() copied');
    const flat = a.ravel();
    assert.equal(flat._base, a._base);
    flat.slice('0').assign(55);
    assert.equal(a.toArray()[0][0], 55, 'ravel() is a view');
    a.slice('0, 0').assign(before[0][0]);
    const c = a.slice('1:').contiguous(); // already contiguous: a view, same offset
    assert.equal(c.offset, 4);
    a.slice('1, 0').assign(-7);
    assert.equal(c.toArray()[0][0], -7);
  });
});

test('broadcastTo is read-only, and so is everything viewed from it', () => {
  wt.tidy(() => {
    const r = wt.tensor([1, 2, 3]);
    const b = r.broadcastTo([2, 3]);
    assert.equal(b.readOnly, true);
    assert.deepEqual(b.strides, [0, 1]);
    assert.deepEqual(b.toArray(), [
      [1, 2, 3],
      [1, 2, 3],
    ]);
    for (const v of [b.slice('0'), b.T, b.reshape([1, 2, 3]), b.expandDims(0), b.diagonal()]) {
      assert.equal(v.readOnly, true);
    }
    throwsWt(() => b.assign(0), 'WT_EREADONLY', /read-only/);
    throwsWt(() => b.slice('1').assign(wt.zeros([3])), 'WT_EREADONLY', /read-only/);
    assert.equal(r.readOnly, false);
    assert.equal(b.copy().readOnly, false);
    assert.equal(b.contiguous().readOnly, false);
    assert.equal(b.reshape([3, 2]).readOnly, false); // not a view: a writable copy
    throwsWt(() => r.broadcastTo([2, 4]), 'WT_ESHAPE', /cannot broadcast shape \(3,\) to \(2,4\)/);
  });
});

test('view errors name the offending values', () => {
  wt.tidy(() => {
    const a = wt.arange(12).reshape([3, 4]);
    throwsWt(() => a.slice('1.5'), 'WT_ESYNTAX', /invalid index '1\.5'/);
    throwsWt(() => a.slice('..., ...'), 'WT_ESYNTAX', /single ellipsis/);
    throwsWt(() => a.slice('::0'), 'WT_EINVAL', /step cannot be zero/);
    throwsWt(
      () => a.slice('0, 0, 0'),
      'WT_EINDEX',
      /too many indices for tensor: tensor is 2-dimensional, but 3 were indexed/,
    );
    throwsWt(() => a.slice('3'), 'WT_EINDEX', /index 3 is out of bounds for axis 0 with size 3/);
    throwsWt(() => a.reshape([5, -1]), 'WT_ESHAPE', /cannot reshape tensor of size 12 into shape \(5,-1\)/);
    throwsWt(() => a.transpose([0, 0]), 'WT_EINVAL', /repeated axis 0/);
    throwsWt(() => a.transpose([0]), 'WT_EINVAL', /got 1 axes for a 2-d tensor/);
    throwsWt(() => a.squeeze(0), 'WT_ESHAPE', /cannot squeeze axis 0: it has size 3/);
    throwsWt(() => a.expandDims(4), 'WT_EINVAL', /axis 4 is out of bounds for a tensor of dimension 3/);
    throwsWt(() => a.swapaxes(0, 2), 'WT_EINVAL', /axis2 2 is out of bounds/);
  });
});
