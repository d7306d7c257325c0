// What a web user ships — the JS bundle and the wasm, gzipped and brotli'd —
// against the budget below, beside tfjs-core with tfjs-backend-wasm, and the
// recorded sizes of the binary at earlier versions: a section of
// bench/RESULTS.md (report.mjs).
import { existsSync, readFileSync } from 'node:fs';
import zlib, { brotliCompressSync, gzipSync } from 'node:zlib';
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

// The size budget, in one place (tests/js/size.test.mjs holds npm test to it),
// as issue 49 counts it: what a web user ships, the JS bundle (esbuild,
// minified ESM for the browser) and the wasm init() fetches, each compressed.
// The budget is the size at its last change, so it only shrinks toward the
// goal unless a change says here why it grows.  Issue 49's goal, after the
// dtype and gradient issues have landed: tfjs-core with tfjs-backend-wasm,
// 255 KB gzipped in all, with the JS at 50 KB.
// Issue 49: the threads' finer parts and time-window back-off, 124 raw bytes (77 gzipped).
export const BUDGET = {
  js: { gzip: 83300 }, // the bundle of bindings/index.js
  wasm: { gzip: 217700 }, // each of the four builds init() may fetch
  // and each build's own bytes, as built at the budget's last change
  raw: {
    'wtensor-relaxed.wasm': 568246,
    'wtensor-mt-relaxed.wasm': 578255,
    'wtensor.wasm': 568294,
    'wtensor-mt.wasm': 578303,
  },
  total: { gzip: 301000 }, // the bundle and the build a page without cross-origin isolation runs
  goal: { total: 255000, js: 50000, what: 'tfjs-core + tfjs-backend-wasm 4.22.0 (issue 49)' },
};

// the four builds init() chooses among; the first is what a browser page gets
// by default without cross-origin isolation (relaxed SIMD, one thread)
export const SHIPPED_WASM = ['wtensor-relaxed.wasm', 'wtensor-mt-relaxed.wasm', 'wtensor.wasm', 'wtensor-mt.wasm'];

// two parts downloaded together
const together = (a, b) => ({ gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });

const sizes = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

export function measure(path) {
  if (!existsSync(path)) return null;
  return sizes(readFileSync(path));
}

// an entry bundled as a web app's bundler would: minified ESM for the browser
export async function bundle(entry, resolveDir = root) {
  const { build } = await import('esbuild');
  const r = await build({
    stdin: { contents: entry, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return sizes(Buffer.from(r.outputFiles[0].contents));
}

// { js, wasm: { file: sizes }, total: { gzip, brotli } } of the package as built in dist/
export async function shipped() {
  const js = await bundle(`export * from './bindings/index.js';`);
  const wasm = Object.fromEntries(SHIPPED_WASM.map((f) => [f, measure(`${root}dist/${f}`)]));
  const first = wasm[SHIPPED_WASM[0]];
  const total = first && together(js, first);
  return { js, wasm, total };
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

// shipped() beside tfjs-core + tfjs-backend-wasm (its SIMD binary), for the report
export async function sizeResults() {
  const ours = await shipped();
  let tfjs = null;
  try {
    const js = await bundle(`export * from '@tensorflow/tfjs-core'; export * from '@tensorflow/tfjs-backend-wasm';`);
    const wasm = measure(`${root}node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm`);
    if (wasm) tfjs = { js, wasm, total: together(js, wasm) };
  } catch {
    // no peer in node_modules: the report says so
  }
  return { ...ours, tfjs, budget: BUDGET };
}

export function sizeSection(L, size) {
  if (!size?.total) return;
  const k = (n) => (n == null ? '–' : kib(n));
  L.push(
    '',
    '## Shipped size',
    '',
    'What a web user downloads: the JS bundle (esbuild, minified ESM for the browser, of all of `bindings/index.js`) and the wasm build `init()` fetches, compressed at the highest levels (gzip -9, brotli 11). A page without cross-origin isolation runs `wtensor-relaxed.wasm` (one thread); an isolated one `wtensor-mt-relaxed.wasm`; engines without relaxed SIMD the other two. The budget (bench/size.mjs, held by `npm test`) is the size at its last change.',
    '',
    '| part | raw | gzip | brotli | budget (gzip) |',
    '|---|---:|---:|---:|---:|',
    `| JS bundle | ${k(size.js.raw)} | ${k(size.js.gzip)} | ${k(size.js.brotli)} | ${k(size.budget.js.gzip)} |`,
  );
  for (const [f, m] of Object.entries(size.wasm))
    if (m) L.push(`| ${f} | ${k(m.raw)} | ${k(m.gzip)} | ${k(m.brotli)} | ${k(size.budget.wasm.gzip)} |`);
  L.push(
    `| **total, JS + wtensor-relaxed.wasm** | | **${k(size.total.gzip)}** | **${k(size.total.brotli)}** | ${k(size.budget.total.gzip)} |`,
  );
  if (size.tfjs)
    L.push(
      `| tfjs-core + tfjs-backend-wasm: JS bundle | ${k(size.tfjs.js.raw)} | ${k(size.tfjs.js.gzip)} | ${k(size.tfjs.js.brotli)} | |`,
      `| tfjs-backend-wasm-simd.wasm | ${k(size.tfjs.wasm.raw)} | ${k(size.tfjs.wasm.gzip)} | ${k(size.tfjs.wasm.brotli)} | |`,
      `| **total, tfjs** | | **${k(size.tfjs.total.gzip)}** | **${k(size.tfjs.total.brotli)}** | |`,
    );
  const g = size.budget.goal;
  L.push(
    '',
    `Goal (${g.what}): the total at or under ${k(g.total)} gzipped, the JS at or under ${k(g.js)}; now ${k(size.total.gzip)} and ${k(size.js.gzip)}.`,
  );
  L.push('', '### The binary at earlier versions', '', '| binary | raw | gzip -9 |', '|---|---:|---:|');
  for (const h of HISTORY) L.push(`| wtensor.wasm at ${h.at}: ${h.what} | ${kib(h.raw)} | ${kib(h.gzip)} |`);
  const now = size.wasm['wtensor.wasm'],
    first = HISTORY[0];
  if (now)
    L.push(
      `| wtensor.wasm now | ${kib(now.raw)} (${((now.raw / first.raw - 1) * 100).toFixed(1)}% more) | ${kib(now.gzip)} (${((now.gzip / first.gzip - 1) * 100).toFixed(1)}% more) |`,
    );
  L.push(
    '',
    "Conversions between every pair of real dtypes are generated loops (144 pairs, 81 with 9 dtypes); the 52 pairs with a complex dtype compose them through the parts, one small function each. Arithmetic has one kernel set per dtype, and float16 none of its own (it computes in float32), so the binary grows with dtypes, not with pairs of them. The float32 transcendental kernels run one vector per step, so each holds one inlined copy of its polynomial besides the gathering tail (35 KB less than four). The indexing, sorting, set and shaping functions of issue 23 (their per-call code compiled for size) put the binary about 75 KiB over the tfjs-backend-wasm binary, and issue 24's 25 elementwise ops (with their float32 SIMD kernels), accumulate, at, text files, bins, correlate, softmax and partition 45 KiB more. Issue 25's random numbers add about 70 KiB: NumPy's ziggurat tables (18 KiB of data; since issue 28, 8 KiB of float64 tables and 2 KiB of residuals from which the other eight are made at start-up), the five bit generators, the distributions, and the libm functions they call (pow, log1p, expm1 and their float32 forms, with their tables); the size budget of issue 28 has all that to take back. Issue 26's decompositions add about 85 KiB: LU and Cholesky instantiated for float, double and double complex, QR, the Hermitian and general eigenproblems and the SVD for double and double complex, their vector loops kept out of line (one vectorized copy each, 26 KB less than inlined), and the batch driver compiled for size. Issue 27's FFT adds about 36 KiB (12 KiB gzipped): the Stockham passes instantiated for float and double with radix 2, 3, 4, 5 (and 8 for double) made constants and every other radix one generic copy, float's gathered-pair passes for radix 2 and 4 alone, Bluestein, four-step, the real pre- and post-passes, and the plan building compiled for size.",
  );
}
