// The Fourier-transform workloads of issue 27 (complex FFTs of 2^10, 2^16
// and 2^20 points, complex64 2^16, rfft of 2^20, a prime length 65537, fft2
// of 1024×1024 and a batch of 1000 rows of 1024) for each engine that has
// them: wtensor, numpy-ts and jax-js (npm), and fft.js (npm: 1-D,
// power-of-two, float64; its 2-D and batched forms are the loops its users
// write).  Every engine transforms the same values (the harness's random
// data: (re, im) pairs for complex inputs); the values compared are the
// interleaved (re, im) results (rfft's n/2 + 1 of them).
import { fresh } from './select.mjs';

const refuse = (why) => {
  throw { refused: why };
};

// the workload's input: interleaved complex (Float64Array, 2 per point) or reals, and its shape
function fftData(w, inputs) {
  const { shape, data } = inputs[0],
    complex = w.dtype.startsWith('complex'),
    dims = complex ? shape.slice(0, -1) : shape;
  return { dims, complex, values: Float64Array.from(data) };
}

export function wtFft(wt, w, inputs) {
  const d = fftData(w, inputs);
  const x = d.complex
    ? wt
        .tensor(d.values, { shape: [...d.dims, 2], dtype: w.dtype === 'complex64' ? 'float32' : 'float64' })
        .view(w.dtype)
        .reshape(d.dims)
    : wt.tensor(d.values, { shape: d.dims, dtype: w.dtype });
  const F = wt.fft,
    ops = { fft: () => F.fft(x), rfft: () => F.rfft(x), fft2: () => F.fft2(x) };
  return fresh(
    ops[w.op],
    (o) => o.toTypedArray(),
    (o) => o.dispose(),
    () => x.dispose(),
  );
}

// numpy-ts (npm): np.fft over complex128 arrays (built from {re, im} objects, its complex input)
export function numpyTsFft(np, w, inputs) {
  if (w.dtype === 'complex64') refuse("numpy-ts's fft computes complex128 only");
  // checked against NumPy in a trial run: X[1] = -1.99+2.21j where NumPy (and wtensor) give 2.00+0.77j
  if (w.id === 'fft_prime')
    refuse(
      "numpy-ts's fft of the prime length 65537 gives wrong values (22.6 ms per call, 4.5× wtensor's, in a trial run)",
    );
  const d = fftData(w, inputs),
    v = d.values;
  const x = d.complex
    ? np
        .array(
          Array.from({ length: v.length / 2 }, (_, i) => ({ re: v[2 * i], im: v[2 * i + 1] })),
          'complex128',
        )
        .reshape(d.dims)
    : np.array(Array.from(v), w.dtype).reshape(d.dims);
  const ops = { fft: () => np.fft.fft(x), rfft: () => np.fft.rfft(x), fft2: () => np.fft.fft2(x) };
  return fresh(
    ops[w.op],
    (o) => Float64Array.from(o.data),
    (o) => o.dispose?.(),
    () => x.dispose?.(),
  );
}

// jax-js (npm): jax.numpy.fft on {real, imag} pairs, float32 only here
export function jaxFft(jax, w, inputs) {
  if (w.dtype !== 'complex64') refuse('jax-js computes in float32 here (its float64 arrays need Float16Array)');
  const jn = jax.numpy,
    d = fftData(w, inputs),
    v = d.values,
    half = (k) => Float32Array.from({ length: v.length / 2 }, (_, i) => v[2 * i + k]);
  const x = { real: jn.array(half(0)).reshape(d.dims), imag: jn.array(half(1)).reshape(d.dims) };
  let values = null;
  return fresh(
    async () => {
      const o = jn.fft.fft({ real: x.real.ref, imag: x.imag.ref });
      const re = await o.real.ref.data(),
        im = await o.imag.ref.data();
      values = Float64Array.from({ length: 2 * re.length }, (_, i) => (i % 2 ? im : re)[i >> 1]);
      return o;
    },
    () => values,
    (o) => [o.real, o.imag].forEach((t) => t.dispose()),
    () => [x.real, x.imag].forEach((t) => t.dispose()),
  );
}

// fft.js (npm): transform / realTransform of one power-of-two length; rows one
// by one, and fft2 as rows then columns through a column buffer
export function fftJsFft(FFT, w, inputs) {
  const d = fftData(w, inputs),
    n = d.dims.at(-1),
    rows = d.dims.length > 1 ? d.dims[0] : 1;
  if (w.dtype !== 'complex128' && w.dtype !== 'float64') refuse('fft.js is float64 only');
  if (n & (n - 1)) refuse('fft.js takes powers of two only');
  const f = new FFT(n),
    out = new Float64Array(2 * n * rows);
  if (w.op === 'rfft') {
    const buf = f.createComplexArray();
    return {
      run: () => f.realTransform(buf, d.values),
      result: () => buf.slice(0, n + 2),
      dispose() {},
    };
  }
  const row = (k) =>
    f.transform(out.subarray(2 * n * k, 2 * n * (k + 1)), d.values.subarray(2 * n * k, 2 * n * (k + 1)));
  const colIn = new Float64Array(2 * rows),
    colOut = new Float64Array(2 * rows),
    g = w.op === 'fft2' ? new FFT(rows) : null;
  const run = () => {
    for (let k = 0; k < rows; k++) row(k);
    if (!g) return;
    for (let c = 0; c < n; c++) {
      for (let r = 0; r < rows; r++)
        ((colIn[2 * r] = out[2 * (r * n + c)]), (colIn[2 * r + 1] = out[2 * (r * n + c) + 1]));
      g.transform(colOut, colIn);
      for (let r = 0; r < rows; r++)
        ((out[2 * (r * n + c)] = colOut[2 * r]), (out[2 * (r * n + c) + 1] = colOut[2 * r + 1]));
    }
  };
  return { run, result: () => out, dispose() {} };
}
