// The linear-algebra workloads of issue 26 (solve, inv, det, cholesky, qr,
// svd, eigh, eig at n = 64, 256, 512 in float64 and float32, and a stack of
// 1000 4×4 solves) for each engine that has them: wtensor, numpy-ts and
// jax-js (npm), ml-matrix (npm, float64 only) and tfjs's qr.  Every engine
// factors the same matrices (linalgData, made from the harness's random data
// so they are well conditioned), and the values compared are the unique ones:
// x, the inverse, det, L, |diag R|, the singular values, eigh's eigenvalues,
// the sorted moduli of eig's.
import { fresh } from './select.mjs';

const refuse = (why) => {
  throw { refused: why };
};

// the matrices of workload w (row-major Float64Array): A = I + R/(4n) for the
// LU workloads (det stays near 1 in float32 too), S = B B^T/n + I for cholesky,
// (B + B^T)/2 for eigh, B for qr and svd (B = R/2, entries in [-1, 1]), and for
// eig S T with T = (B + B^T)/2: not symmetric, its eigenvalues real (S T is
// similar to S^1/2 T S^1/2), as every peer's eig can represent them
export function linalgData(w, inputs) {
  const shape = inputs[0].shape,
    n = shape[shape.length - 1],
    batch = shape.length > 2 ? shape[0] : 1,
    r = inputs[0].data;
  const gen = (f) =>
    Float64Array.from({ length: batch * n * n }, (_, o) => f(Math.floor(o / (n * n)), Math.floor(o / n) % n, o % n));
  const B = (k, i, j) => r[k * n * n + i * n + j] / 2;
  const sym = gen((k, i, j) => (B(k, i, j) + B(k, j, i)) / 2);
  let a;
  if (w.op === 'eigh') a = sym;
  else if (w.op === 'qr' || w.op === 'svd') a = gen(B);
  else if (w.op === 'cholesky' || w.op === 'eig') {
    const s = gram(r, n);
    a = w.op === 'cholesky' ? s : product(s, sym, n);
  } else a = gen((k, i, j) => (i === j ? 1 : 0) + B(k, i, j) / (2 * n));
  const b = Float64Array.from({ length: batch * n }, (_, i) => r[(i * 7) % r.length]);
  return { a, b, n, batch, shape: batch > 1 ? [batch, n, n] : [n, n] };
}
// B B^T / n + I of the first matrix (B = R/2)
function gram(r, n) {
  const s = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let acc = 0;
      for (let q = 0; q < n; q++) acc += (r[i * n + q] / 2) * (r[j * n + q] / 2);
      s[i * n + j] = s[j * n + i] = acc / n + (i === j ? 1 : 0);
    }
  return s;
}
function product(x, y, n) {
  const z = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let q = 0; q < n; q++) {
      const v = x[i * n + q];
      for (let j = 0; j < n; j++) z[i * n + j] += v * y[q * n + j];
    }
  return z;
}

// the workloads' calls on a NumPy-shaped linalg namespace L (wtensor's, numpy-ts's)
const calls = (L, A, b) => ({
  solve: () => L.solve(A, b),
  solveBatch: () => L.solve(A, b),
  inv: () => L.inv(A),
  det: () => L.det(A),
  cholesky: () => L.cholesky(A),
  qr: () => L.qr(A),
  svd: () => L.svd(A),
  eigh: () => L.eigh(A),
  eig: () => L.eig(A),
});

// the values compared: sorted where engines order them differently
const sortedDesc = (v) => Float64Array.from(v).sort((x, y) => y - x);
const moduli = (re, im) => Float64Array.from(re, (x, i) => Math.hypot(x, im ? im[i] : 0)).sort();
const diagAbs = (m, n) => Float64Array.from({ length: n }, (_, i) => Math.abs(m[i * n + i]));

export function wtLinalg(wt, w, inputs) {
  {
    const d = linalgData(w, inputs),
      L = wt.linalg,
      A = wt.tensor(d.a, { shape: d.shape, dtype: w.dtype }),
      b = wt.tensor(d.b, { shape: d.batch > 1 ? [d.batch, d.n, 1] : [d.n], dtype: w.dtype });
    const ops = calls(L, A, b);
    const read = {
      qr: (o) => diagAbs(o.R.toTypedArray(), d.n),
      svd: (o) => sortedDesc(o.S.toTypedArray()),
      eigh: (o) => o.eigenvalues.toTypedArray(),
      eig: (o) => {
        const v = o.eigenvalues.toArray();
        return moduli(
          v.map((z) => z.re ?? z),
          v.map((z) => z.im ?? 0),
        );
      },
    };
    return fresh(
      ops[w.op],
      (o) => (read[w.op] ?? ((t) => t.toTypedArray()))(o),
      (o) => wt.dispose(o),
      () => wt.dispose([A, b]),
    );
  }
}

// numpy-ts (npm): np.linalg in its wasm
export function numpyTsLinalg(np, w, inputs) {
  // measured in trial runs: eig 0.6-6.6 s per call at n = 64 (and real approximations of complex
  // eigenvalues), eigh 27 ms at 64, svd 23 s at 512: O(n^3) beyond would take minutes per sample
  if (w.op === 'eig')
    refuse(
      'numpy-ts\'s eig gives wrong values (0.2 off, and "real approximations" of eigenvalues it deems complex) on these matrices, whose eigenvalues are all real',
    );
  if (w.op === 'eigh' && w.n > 256) refuse("skipped: numpy-ts's eigh takes ~27 ms at n = 64 (~14 s per call here)");
  if (w.op === 'svd' && w.n > 256) refuse("skipped: numpy-ts's svd took 23 s per call at n = 512 in a trial run");
  const d = linalgData(w, inputs),
    dt = w.dtype;
  const A = np.array(Array.from(d.a), dt).reshape(d.shape),
    b = np.array(Array.from(d.b), dt).reshape(d.batch > 1 ? [d.batch, d.n, 1] : [d.n]);
  const L = np.linalg;
  const ops = {
    ...calls(L, A, b),
    // numpy-ts's solve is 2-D only: a stack is solved one matrix at a time
    solveBatch: () => Array.from({ length: d.batch }, (_, k) => L.solve(A.slice(String(k)), b.slice(String(k)))),
  };
  const flat = (t) => Float64Array.from([t.toArray()].flat(Infinity), Number);
  const read = {
    det: (o) => [Number(o)],
    solveBatch: (o) => Float64Array.from(o.flatMap((x) => [x.toArray()].flat(Infinity))),
    qr: (o) => diagAbs(flat(o.r), d.n),
    svd: (o) => sortedDesc(flat(o.s)),
    eigh: (o) => flat(o.w),
    eig: (o) => {
      const v = [o.w.toArray()].flat(Infinity);
      return moduli(
        v.map((z) => z.re ?? z),
        v.map((z) => z.im ?? 0),
      );
    },
  };
  const free = (o) => [o?.dispose ? o : null, ...Object.values(o ?? {})].flat().forEach((t) => t?.dispose?.());
  return fresh(
    ops[w.op],
    (o) => (read[w.op] ?? flat)(o),
    free,
    () => [A, b].forEach((t) => t.dispose?.()),
  );
}

// jax-js (npm): jax.numpy.linalg, float32 only here (its float64 arrays need Float16Array, absent in Node 20)
export function jaxLinalg(jax, w, inputs) {
  if (w.dtype !== 'float32') refuse('jax-js computes in float32 here (its float64 arrays need Float16Array)');
  if (w.op === 'qr' || w.op === 'eig') refuse(`no ${w.op} in jax-js`);
  const jn = jax.numpy,
    d = linalgData(w, inputs);
  const A = jn.array(Float32Array.from(d.a)).reshape(d.shape),
    b = jn.array(Float32Array.from(d.b)).reshape(d.batch > 1 ? [d.batch, d.n, 1] : [d.n]);
  const L = jn.linalg;
  const ops = {
    solve: () => L.solve(A.ref, b.ref),
    solveBatch: () => L.solve(A.ref, b.ref),
    inv: () => L.inv(A.ref),
    det: () => L.det(A.ref),
    cholesky: () => L.cholesky(A.ref),
    svd: () => L.svd(A.ref),
    eigh: () => L.eigh(A.ref),
  };
  let values = null;
  const pick = { svd: (o) => o[1], eigh: (o) => o[0] };
  return fresh(
    async () => {
      const out = ops[w.op](),
        parts = Array.isArray(out) ? out : [out];
      const v = await (pick[w.op] ? pick[w.op](parts) : parts[0]).ref.data();
      values = w.op === 'svd' ? sortedDesc(v) : v;
      return parts;
    },
    () => values,
    (parts) => parts.forEach((t) => t.dispose()),
    () => [A, b].forEach((t) => t.dispose()),
  );
}

// ml-matrix (npm): its decompositions of 2-D float64 matrices (a stack: one at a time)
export function mlMatrixLinalg(ml, w, inputs) {
  if (w.dtype !== 'float64') refuse('ml-matrix is float64 only');
  const d = linalgData(w, inputs),
    n = d.n;
  const mats = Array.from({ length: d.batch }, (_, k) =>
      ml.Matrix.from1DArray(n, n, d.a.subarray(k * n * n, (k + 1) * n * n)),
    ),
    bs = Array.from({ length: d.batch }, (_, k) =>
      ml.Matrix.columnVector(Array.from(d.b.subarray(k * n, (k + 1) * n))),
    );
  const A = mats[0];
  const ops = {
    solve: () => ml.solve(A, bs[0]),
    solveBatch: () => mats.map((m, k) => ml.solve(m, bs[k])),
    inv: () => ml.inverse(A),
    det: () => ml.determinant(A),
    cholesky: () => new ml.CholeskyDecomposition(A).lowerTriangularMatrix,
    qr: () => new ml.QrDecomposition(A).upperTriangularMatrix,
    svd: () => new ml.SingularValueDecomposition(A),
    eigh: () => new ml.EigenvalueDecomposition(A, { assumeSymmetric: true }),
    eig: () => new ml.EigenvalueDecomposition(A),
  };
  const read = {
    det: (o) => [o],
    solveBatch: (o) => Float64Array.from(o.flatMap((x) => x.to1DArray())),
    qr: (o) => diagAbs(Float64Array.from(o.to1DArray()), n),
    svd: (o) => sortedDesc(o.diagonal),
    eigh: (o) => Float64Array.from(o.realEigenvalues).sort(),
    eig: (o) => moduli(o.realEigenvalues, o.imaginaryEigenvalues),
  };
  return fresh(
    ops[w.op],
    (o) => (read[w.op] ?? ((m) => Float64Array.from(m.to1DArray())))(o),
    () => {},
    () => {},
  );
}

// tfjs (npm): tf.linalg has qr alone (Householder in JS kernels, on any backend)
export function tfLinalg(tf, w, inputs) {
  if (w.op !== 'qr') refuse(`tfjs's linalg has no ${w.op} (only qr, gramSchmidt, bandPart)`);
  const d = linalgData(w, inputs),
    A = tf.tensor(Float32Array.from(d.a), d.shape, 'float32');
  return fresh(
    () => tf.linalg.qr(A),
    ([, R]) => diagAbs(R.dataSync(), d.n),
    (out) => out.forEach((t) => t.dispose()),
    () => A.dispose(),
  );
}
