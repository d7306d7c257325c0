// matmul and einsum against NumPy (through dense and negative-stride
// layouts), einsumPath against NumPy's FLOP counts, views, errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, fixtures, throwsWt, near, flatValues } from './helpers.mjs';

const build = (s) => wt.tensor(s.values, { dtype: s.dtype, shape: s.shape });
// the same values stored reversed, seen through ::-1 on every axis
function reversed(s) {
  const t = wt.tensor(s.values.slice().reverse(), { dtype: s.dtype, shape: s.shape });
  return s.shape.length ? t.slice(s.shape.map(() => '::-1').join(',')) : t;
}

function same(y, c, label) {
  assert.equal(y.dtype, c.dtype, `${label}: dtype`);
  assert.deepEqual([...y.shape], c.shape, `${label}: shape`);
  const got = flatValues(y); // bigints for 64-bit integers: compared exactly
  got.forEach((g, i) => {
    if (!near(g, c.values[i])) assert.fail(`${label}: element ${i} is ${g}, NumPy ${c.values[i]}`);
  });
}

test('matmul matches NumPy: 1-D promotion, batch broadcasting, dtypes', () => {
  for (const c of fixtures.matmul) {
    wt.tidy(() => {
      const label = `matmul(${c.a.dtype}(${c.a.shape}), ${c.b.dtype}(${c.b.shape}))`;
      same(wt.matmul(build(c.a), build(c.b)), c, label);
      same(reversed(c.a).matmul(reversed(c.b)), c, `${label} reversed`);
    });
  }
});

test('einsum matches NumPy on every pattern, dense and reversed', () => {
  for (const c of fixtures.einsum) {
    wt.tidy(() => {
      const label = `einsum('${c.eq}', ${c.operands.map((o) => `${o.dtype}(${o.shape})`).join(', ')})`;
      same(wt.einsum(c.eq, ...c.operands.map(build)), c, label);
      same(wt.einsum(c.eq, ...c.operands.map(reversed)), c, `${label} reversed`);
    });
  }
});

test("einsumPath: NumPy's optimum up to 5 operands, never worse than its greedy", () => {
  for (const c of fixtures.paths) {
    const p = wt.einsumPath(c.eq, ...c.shapes);
    if (c.optimal >= 0) assert.equal(p.optimizedFlops, c.optimal, c.eq);
    assert.ok(p.optimizedFlops <= c.greedy, `${c.eq}: ${p.optimizedFlops} > NumPy greedy ${c.greedy}`);
    assert.equal(p.path.length, p.steps.length);
    for (const s of p.steps) {
      assert.ok(['GEMM', 'batched GEMM', 'Hadamard', 'outer', 'reduction', 'view', 'product'].includes(s.kind), s.kind);
      assert.ok(s.flops > 0 && s.size >= 1);
    }
  }
  const p = wt.einsumPath('bij,bjk->bik', [8, 32, 16], [8, 16, 4]);
  assert.deepEqual(p.path, [[1, 0]]);
  assert.equal(p.steps[0].kind, 'batched GEMM');
  assert.equal(p.steps[0].subscripts, 'bij,bjk->bik');
  assert.equal(wt.einsumPath('ij,ij->', [3, 3], [3, 3]).steps[0].kind, 'reduction');
  assert.equal(wt.einsumPath('i,j->ij', [3], [4]).steps[0].kind, 'outer');
  assert.equal(wt.einsumPath('ij,ij->ij', [3, 3], [3, 3]).steps[0].kind, 'Hadamard');
  const t = wt.einsumPath('ii->', wt.eye(3));
  assert.equal(t.steps[0].kind, 'reduction');
});

test('views: ij->ji and ii->i share storage; ii-> stays O(n)', () => {
  wt.tidy(() => {
    const a = wt.arange(12, null, 1, 'float32').reshape([3, 4]);
    const t = wt.einsum('ij->ji', a);
    assert.deepEqual(t.strides, [1, 4]);
    t.slice('0, 0').assign(-1);
    assert.equal(a.toArray()[0][0], -1);
    const m = wt.arange(2048 * 2048, null, 1, 'float32').reshape([2048, 2048]);
    wt.resetPeak();
    const before = wt.memory().bytesInUse;
    assert.equal(wt.einsum('ii->', m).item(), Math.fround(2049 * 2047 * 1024));
    assert.ok(wt.memory().peakBytes - before < 1024, 'the trace allocates no n x n temporary');
    const d = wt.einsum('ii->i', m);
    assert.deepEqual(d.strides, [2049]);
  });
});

test('einsum and matmul write into out, and errors name the problem', () => {
  wt.tidy(() => {
    const a = wt.arange(6, null, 1, 'float32').reshape([2, 3]),
      b = wt.arange(12, null, 1, 'float32').reshape([3, 4]);
    const out = wt.zeros([2, 4], 'float64');
    assert.equal(wt.einsum('ij,jk->ik', a, b, { out }), out);
    assert.deepEqual(out.toArray(), [
      [20, 23, 26, 29],
      [56, 68, 80, 92],
    ]);
    const o2 = wt.zeros([4, 2]);
    a.matmul(b, { out: o2.T });
    assert.deepEqual(o2.T.toArray(), [
      [20, 23, 26, 29],
      [56, 68, 80, 92],
    ]);
    assert.deepEqual(wt.einsum(',i->i', 2, wt.arange(3)).toArray(), [0, 2, 4]); // numbers are 0-d operands
    // in wt.tensor's dtype: an integer past int32 is int64 (NumPy's asarray), a bigint too
    const wide = wt.einsum(',i->i', 3e9, wt.arange(3));
    assert.equal(wide.dtype, 'int64');
    assert.deepEqual(wide.toArray(), [0n, 3000000000n, 6000000000n]);
    assert.deepEqual(wt.einsum(',i->i', 2n ** 62n, wt.arange(2)).toArray(), [0n, 2n ** 62n]);
    throwsWt(
      () => wt.einsum('ij,jk->ik', a, a),
      'WT_ESHAPE',
      /label 'j' has size 2 in operand 2 but 3 in an earlier operand/,
    );
    throwsWt(() => wt.einsum('ij,jk->iz', a, b), 'WT_EINVAL', /output label 'z' does not appear in the inputs/);
    throwsWt(() => wt.einsum('ij->ij->', a), 'WT_ESYNTAX', /'->' appears more than once/);
    throwsWt(() => wt.einsum('ij,j$->i', a, b), 'WT_ESYNTAX', /invalid character '\$'/);
    throwsWt(() => wt.einsum('ijk->i', a), 'WT_EINVAL', /operand 1 has 2 dimensions but its subscripts 'ijk' name 3/);
    throwsWt(() => wt.einsum('ij,jk', a), 'WT_EINVAL', /more terms than the 1 operand given/);
    throwsWt(() => wt.einsum('ij'), 'WT_EINVAL', /no operands given/);
    throwsWt(() => wt.einsum(5, a), 'WT_EINVAL', /subscripts must be a string/);
    throwsWt(() => wt.einsum('ij', 'a'), 'WT_EINVAL', /operand 1 must be a Tensor or a number/);
    throwsWt(
      () => wt.einsum('ij,jk->ik', a, b, { out: wt.zeros([3]) }),
      'WT_ESHAPE',
      /out has shape \(3,\) but the result has shape \(2,4\)/,
    );
    throwsWt(() => wt.einsumPath('ij,jk', [2, 3], 'x'), 'WT_EINVAL', /must be a Tensor or a shape array/);
    throwsWt(() => wt.matmul(a, a), 'WT_ESHAPE', /shapes \(2,3\) and \(2,3\) do not align/);
    throwsWt(() => wt.matmul(wt.tensor(1), a), 'WT_EINVAL', /operand 1 is 0-d/);
    throwsWt(() => wt.matmul(a, 'b'), 'WT_EINVAL', /operand 2 must be a Tensor or a number/);
  });
});

test('a 32-operand chain is planned greedily and computed', () => {
  wt.tidy(() => {
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFG';
    const terms = [],
      ops = [];
    for (let i = 0; i < 32; i++) {
      terms.push(letters[i] + letters[i + 1]);
      ops.push(wt.eye(2, 2, 0, 'float64'));
    }
    const r = wt.einsum(`${terms.join(',')}->aG`, ...ops);
    assert.deepEqual(r.toArray(), [
      [1, 0],
      [0, 1],
    ]);
    assert.equal(wt.einsumPath(`${terms.join(',')}->aG`, ...ops).steps.length, 31);
  });
});
