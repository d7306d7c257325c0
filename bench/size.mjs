// The binary's size, raw and gzipped, beside tfjs-backend-wasm's SIMD
// binary (the size the project budgets against), and the recorded sizes of
// earlier versions: a section of bench/RESULTS.md (report.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
// wtensor.wasm as built at a commit: each row a dtype set the binary grew by
const HISTORY = [
  { at: 'fbcb9f0', what: '9 dtypes (bool, int8-32, uint8-32, float32/64)', raw: 348522, gzip: 106890 },
  { at: '40e3412', what: '12 dtypes (+ int64, uint64, float16)', raw: 375838, gzip: 112809 },
  { at: '385dffc', what: '14 dtypes (+ complex64, complex128), log2, log10', raw: 418667, gzip: 130891 },
  { at: 'b71b0cf', what: '+ indexing, sorting, sets, shaping (issue 23)', raw: 500948, gzip: 160133 },
  { at: '2aab4c1', what: "+ issue 24's functions, statistics, text files, printing", raw: 548454, gzip: 174490 },
  {
    at: '927aefd',
    what: "+ issue 25's random numbers (bit generators, distributions, ziggurat tables)",
    raw: 625600,
    gzip: 216356,
  },
  {
    at: 'd647002',
    what: "+ issue 26's linear algebra (LU, Cholesky, QR, eigh, SVD, eig in C)",
    raw: 712286,
    gzip: 248989,
  },
  {
    at: '02cf084',
    what: "+ issue 27's Fourier transforms (mixed radix, Bluestein, four-step in C)",
    raw: 748284,
    gzip: 261172,
  },
  {
    at: '5fbd19b',
    what: 'issue 28: cold code -Oz, polynomials once per kernel, clang-19 + binaryen 132',
    raw: 665344,
    gzip: 245812,
  },
  {
    at: '514e160',
    what: "issue 28: no partial or runtime loop unrolling, emmalloc, our own decimal parser (not libc's strtod)",
    raw: 551484,
    gzip: 220187,
  },
];

// The size budget, in one place (tests/js/size.test.mjs holds npm test to it).
// Issue 28's goal is tfjs-backend-wasm's SIMD binary (424594 bytes, 137217
// gzipped); until the binary is cut to that, the budget is its size at the
// last change that shrank it, so it can only shrink — save for what issue 45's
// ports needed: NumPy's values (float16 fma's rounded product, arange's bounds,
// the 2^32 integer range, argmax over broadcast rows: 550 bytes, 146 gzipped;
// int64 against uint64 compared exactly: 870, 283; unsigned sums in uint32: 12)
// NumPy's i0 for kaiser's window (463, 222); and Generator's wald,
// noncentral_chisquare, noncentral_f and zipf, NumPy's streams (1212, 302).
// Issue 46: integer powers refuse negative exponents as NumPy's loop does, and
// one draw without a tensor (wt_random_one): 1940 raw bytes, 773 gzipped;
// and its ports' speed: vectorized complex |z| and z ** 2, the mask walk, and
// contiguous comparison / 8-bit / bool kernels (24.9 KB raw, 4.4 KB gzipped:
// vector loops compress well; issue 49 judges the shipped, compressed total),
// and binomial's n range-checked before its cast to int64 (49, 20).
// Issue 49 replaces this budget with the shipped total (JS + wasm).
export const BUDGET = {
  raw: 568170,
  gzip: 217562,
  goal: { raw: 424594, gzip: 137217, what: 'tfjs-backend-wasm-simd.wasm 4.22.0' },
};

export function measure(path) {
  if (!existsSync(path)) return null;
  const bytes = readFileSync(path);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

export function sizeSection(L) {
  const now = measure(`${root}dist/wtensor.wasm`);
  if (!now) return;
  const tfjs = measure(`${root}node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm`);
  L.push('', '## Binary size', '', '| binary | raw | gzip -9 |', '|---|---:|---:|');
  for (const h of HISTORY) L.push(`| wtensor.wasm at ${h.at}: ${h.what} | ${kib(h.raw)} | ${kib(h.gzip)} |`);
  const first = HISTORY[0];
  L.push(
    `| wtensor.wasm now: cold code for size, loops unrolled only where the trip count is constant | ${kib(now.raw)} (${((now.raw / first.raw - 1) * 100).toFixed(1)}% more) | ${kib(now.gzip)} (${((now.gzip / first.gzip - 1) * 100).toFixed(1)}% more) |`,
  );
  if (tfjs) L.push(`| tfjs-backend-wasm-simd.wasm | ${kib(tfjs.raw)} | ${kib(tfjs.gzip)} |`);
  L.push(
    '',
    "Conversions between every pair of real dtypes are generated loops (144 pairs, 81 with 9 dtypes); the 52 pairs with a complex dtype compose them through the parts, one small function each. Arithmetic has one kernel set per dtype, and float16 none of its own (it computes in float32), so the binary grows with dtypes, not with pairs of them. The float32 transcendental kernels run one vector per step, so each holds one inlined copy of its polynomial besides the gathering tail (35 KB less than four). The indexing, sorting, set and shaping functions of issue 23 (their per-call code compiled for size) put the binary about 75 KiB over the tfjs-backend-wasm binary, and issue 24's 25 elementwise ops (with their float32 SIMD kernels), accumulate, at, text files, bins, correlate, softmax and partition 45 KiB more. Issue 25's random numbers add about 70 KiB: NumPy's ziggurat tables (18 KiB of data; since issue 28, 8 KiB of float64 tables and 2 KiB of residuals from which the other eight are made at start-up), the five bit generators, the distributions, and the libm functions they call (pow, log1p, expm1 and their float32 forms, with their tables); the size budget of issue 28 has all that to take back. Issue 26's decompositions add about 85 KiB: LU and Cholesky instantiated for float, double and double complex, QR, the Hermitian and general eigenproblems and the SVD for double and double complex, their vector loops kept out of line (one vectorized copy each, 26 KB less than inlined), and the batch driver compiled for size. Issue 27's FFT adds about 36 KiB (12 KiB gzipped): the Stockham passes instantiated for float and double with radix 2, 3, 4, 5 (and 8 for double) made constants and every other radix one generic copy, float's gathered-pair passes for radix 2 and 4 alone, Bluestein, four-step, the real pre- and post-passes, and the plan building compiled for size.",
  );
}
