// wt.linalg's behaviour beyond NumPy's unique values (linalg_np.test.mjs):
// decompositions by their invariants in every mode, result shapes and dtypes,
// NumPy 2's solve broadcasting, the options and their refusals, batches
// split across threads, and no memory left behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, throwsWt } from './helpers.mjs';

const L = wt.linalg;
// max |x - y| over all elements (complex: modulus)
const maxDiff = (x, y) => wt.tidy(() => wt.max(wt.abs(wt.sub(x, y))).item());
const eyeLike = (n, dtype) => wt.eye(n, null, 0, dtype);
// a stack of random matrices from NumPy's stream
const rand = (shape, dtype = 'float64') =>
  wt.tidy(() => {
    const g = wt.random.defaultRng(7),
      r = g.standardNormal(shape);
    return dtype.startsWith('complex')
      ? wt.add(r, wt.mul(g.standardNormal(shape), wt.complex(0, 1))).astype(dtype)
      : r.astype(dtype);
  });

test('qr, svd, eigh, eig and cholesky reconstruct their matrix in every mode and dtype', () => {
  for (const dtype of ['float32', 'float64', 'complex64', 'complex128'])
    wt.tidy(() => {
      const tol = dtype.endsWith('32') || dtype === 'complex64' ? 1e-4 : 1e-12;
      for (const shape of [
        [5, 3],
        [3, 5],
        [2, 4, 4],
      ]) {
        const a = rand(shape, dtype),
          [m, n] = shape.slice(-2),
          k = Math.min(m, n);
        for (const mode of ['reduced', 'complete']) {
          const { Q, R } = L.qr(a, { mode });
          assert.deepEqual(Q.shape.slice(-2), [m, mode === 'reduced' ? k : m]);
          assert.ok(maxDiff(wt.matmul(Q, R), a) < tol, `qr ${mode} ${dtype}`);
          assert.ok(maxDiff(wt.matmul(wt.conj(Q).mT, Q), eyeLike(Q.shape[Q.ndim - 1], dtype)) < tol);
        }
        assert.ok(maxDiff(L.qr(a, { mode: 'r' }), L.qr(a).R) === 0);
        for (const fullMatrices of [true, false]) {
          const { U, S, Vh } = L.svd(a, { fullMatrices });
          assert.equal(S.dtype, dtype === 'complex64' ? 'float32' : dtype === 'complex128' ? 'float64' : dtype);
          assert.deepEqual([U.shape.at(-1), Vh.shape.at(-2)], fullMatrices ? [m, n] : [k, k]);
          const us = wt.mul(U.get('...', `:${k}`), wt.expandDims(S, -2).astype(dtype));
          assert.ok(maxDiff(wt.matmul(us, Vh.get('...', `:${k}`, ':')), a) < tol, `svd ${dtype} ${shape}`);
        }
        assert.ok(maxDiff(L.svd(a, { computeUv: false }), L.svdvals(a)) === 0);
        if (m !== n) continue;
        const h = wt.add(a, wt.conj(a).mT);
        const { eigenvalues: w, eigenvectors: v } = L.eigh(h);
        assert.ok(maxDiff(wt.matmul(h, v), wt.mul(v, wt.expandDims(w, -2))) < tol * 10);
        const e = L.eig(a);
        assert.ok(
          maxDiff(
            wt.matmul(a.astype(e.eigenvectors.dtype), e.eigenvectors),
            wt.mul(e.eigenvectors, wt.expandDims(e.eigenvalues, -2)),
          ) <
            tol * 10,
        );
        const spd = wt.add(wt.matmul(a, wt.conj(a).mT), eyeLike(n, dtype));
        const c = L.cholesky(spd);
        assert.ok(maxDiff(wt.matmul(c, wt.conj(c).mT), spd) < tol * 10);
        assert.ok(maxDiff(L.cholesky(spd, { upper: true }), wt.conj(c).mT) < tol);
      }
    });
});

test("eig: real results for real eigenvalues, conjugate pairs otherwise, as NumPy's", () => {
  wt.tidy(() => {
    const sym = L.eig([
      [2, 1],
      [1, 2],
    ]);
    assert.equal(sym.eigenvalues.dtype, 'float64');
    assert.deepEqual(sym.eigenvalues.toArray().sort(), [1, 3]);
    const rot = L.eig(
      wt.tensor(
        [
          [0, -1],
          [1, 0],
        ],
        { dtype: 'float32' },
      ),
    );
    assert.equal(rot.eigenvalues.dtype, 'complex64');
    assert.deepEqual(
      rot.eigenvalues.toArray().map((z) => [z.re, z.im]),
      [
        [0, 1],
        [0, -1],
      ],
    );
    assert.equal(
      L.eigvals([
        [1, 2],
        [3, 4],
      ]).dtype,
      'float64',
    );
    // hermitian svd: |eigenvalues| descending, and a factorization
    const h = wt.tensor([
        [2, 1],
        [1, -3],
      ]),
      s = L.svd(h, { hermitian: true });
    assert.ok(maxDiff(s.S, L.svdvals(h)) < 1e-14);
    assert.ok(maxDiff(wt.matmul(wt.mul(s.U, wt.expandDims(s.S, -2)), s.Vh), h) < 1e-14);
  });
});

test('solve broadcasts as NumPy 2: a 1-D b is a vector, else a stack of matrices', () => {
  wt.tidy(() => {
    const a = wt.add(rand([2, 3, 3]), wt.mul(eyeLike(3, 'float64'), 4));
    assert.deepEqual(L.solve(a, [1, 2, 3]).shape, [2, 3]);
    assert.deepEqual(L.solve(a, rand([3, 2])).shape, [2, 3, 2]);
    assert.deepEqual(L.solve(a, rand([4, 1, 3, 2])).shape, [4, 2, 3, 2]);
    throwsWt(() => L.solve(a, rand([2, 3])), 'WT_ESHAPE', /M = 3/);
    throwsWt(() => L.solve(a, rand([3, 3, 1])), 'WT_ESHAPE', /broadcast/);
    const x = L.solve(a, rand([3, 2]));
    assert.ok(maxDiff(wt.matmul(a, x), wt.broadcastTo(rand([3, 2]), [2, 3, 2])) < 1e-12);
  });
});

test('result dtypes: float32 stays, integers and bool compute in float64, float16 is refused', () => {
  wt.tidy(() => {
    const f32 = wt.tensor(
      [
        [2, 1],
        [1, 3],
      ],
      { dtype: 'float32' },
    );
    for (const f of ['inv', 'cholesky', 'det', 'eigvalsh', 'svdvals', 'pinv'])
      assert.equal(L[f](f32).dtype, 'float32', f);
    assert.equal(
      L.slogdet(
        wt.tensor(
          [
            [1, 2],
            [3, 4],
          ],
          { dtype: 'complex64' },
        ),
      ).logabsdet.dtype,
      'float32',
    );
    assert.equal(
      L.inv([
        [1, 2],
        [3, 4],
      ]).dtype,
      'float64',
    );
    assert.equal(
      L.det(
        wt.tensor([
          [true, false],
          [false, true],
        ]),
      ).item(),
      1,
    );
    assert.equal(L.solve(f32, wt.tensor([1, 2], { dtype: 'int64' })).dtype, 'float64');
    throwsWt(() => L.inv(f32.astype('float16')), 'WT_EDTYPE', /float16 is unsupported in linalg/);
    assert.equal(L.matrixRank(f32).dtype, 'int64');
    assert.equal(L.det(wt.zeros([0, 0])).item(), 1);
    assert.deepEqual(L.inv(wt.zeros([2, 0, 0])).shape, [2, 0, 0]);
  });
});

test("options are checked and refusals name NumPy's reason and the batch index", () => {
  wt.tidy(() => {
    throwsWt(() => L.qr([[1]], { mode: 'raw' }), 'WT_EINVAL', /mode must be/);
    throwsWt(() => L.eigh([[1]], 'X'), 'WT_EINVAL', /UPLO argument must be 'L' or 'U'/);
    throwsWt(() => L.pinv([[1]], { rtol: 1e-3, rcond: 1e-3 }), 'WT_EINVAL', /can't be both set/);
    throwsWt(() => L.matrixPower([[1]], 1.5), 'WT_EINVAL', /exponent must be an integer/);
    throwsWt(() => L.multiDot([[1]]), 'WT_EINVAL', /at least two arrays/);
    throwsWt(() => L.matrixNorm([[1]], { ord: 3 }), 'WT_EINVAL', /invalid norm order/);
    throwsWt(() => L.norm([1, 2], { ord: 'fro' }), 'WT_EINVAL', /Invalid norm order 'fro' for vectors/);
    throwsWt(() => L.inv([[1, 2, 3]]), 'WT_ESHAPE', /must be square/);
    throwsWt(() => L.det([1, 2]), 'WT_ESHAPE', /at least two-dimensional/);
    throwsWt(() => L.cross([[1, 2]], [[3, 4]]), 'WT_EINVAL', /3-dimensional vectors/);
    throwsWt(() => L.outer([[1]], [1]), 'WT_ESHAPE', /one-dimensional/);
    const stack = wt.stack([eyeLike(2, 'float64'), wt.zeros([2, 2]), eyeLike(2, 'float64')]);
    throwsWt(() => L.inv(stack), 'WT_ELINALG', /Singular matrix \(the matrix at batch index \(1,\)\)/);
    throwsWt(
      () =>
        L.cholesky([
          [1, 2],
          [2, 1],
        ]),
      'WT_ELINALG',
      /not positive definite/,
    );
    assert.equal(
      L.cond(
        [
          [1, 0],
          [0, 0],
        ],
        1,
      ).item(),
      Infinity,
    );
    assert.equal(L.slogdet(wt.zeros([2, 2])).logabsdet.item(), -Infinity);
  });
});

test('a stack of 1000 small solves runs across the threads and equals each solve alone', () => {
  wt.tidy(() => {
    const a = wt.add(rand([1000, 4, 4]), wt.mul(eyeLike(4, 'float64'), 3)),
      b = rand([1000, 4]);
    const x = L.solve(a, wt.expandDims(b, -1)).get('...', 0);
    for (const i of [0, 499, 999]) assert.ok(maxDiff(x.get(i), L.solve(a.get(i), b.get(i))) === 0);
    assert.ok(maxDiff(L.det(a).get(500), L.det(a.get(500))) === 0);
  });
});

test('wt.linalg leaves no memory behind, on success and on failure', () => {
  const before = wt.memory().bytesInUse;
  wt.tidy(() => {
    const a = rand([3, 6, 6]);
    (L.svd(a), L.eig(a), L.lstsq(a.get(0), [1, 2, 3, 4, 5, 6]), L.pinv(a), L.norm(a, { axis: [1, 2] }));
  });
  for (const bad of [() => L.inv(wt.zeros([3, 2, 2])), () => L.eig([[NaN]])])
    wt.tidy(() => throwsWt(bad, 'WT_ELINALG'));
  assert.equal(wt.memory().bytesInUse, before);
});
