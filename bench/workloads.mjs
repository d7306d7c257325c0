// The workloads, as data.  Each names its inputs (shapes, float32) and what
// it computes; every engine adapter (engines.mjs) implements the ops it has,
// and records a refusal (with the peer's own message) or a hand-lowered
// equivalent (labelled) where it has none.
const M = 1024 * 1024;

// the linear-algebra workloads' floating-point operations (LAPACK's counts; svd, eigh and eig with
// their vectors: the usual estimates)
export const LINALG_FLOPS = {
  solve: (n) => (2 / 3) * n ** 3 + 2 * n ** 2,
  inv: (n) => 2 * n ** 3,
  det: (n) => (2 / 3) * n ** 3,
  cholesky: (n) => n ** 3 / 3,
  qr: (n) => (4 / 3) * n ** 3,
  svd: (n) => 12 * n ** 3,
  eigh: (n) => 9 * n ** 3,
  eig: (n) => 25 * n ** 3,
};

export const WORKLOADS = [
  { id: 'add', group: 'elementwise', label: 'add 4M + 4M', op: 'add', inputs: [[4 * M], [4 * M]], bytes: 12 * 4 * M },
  {
    id: 'add_row',
    group: 'elementwise',
    label: 'add 1024² + row',
    op: 'add',
    inputs: [[1024, 1024], [1024]],
    bytes: 8 * M + 4096,
  },
  {
    id: 'add_col',
    group: 'elementwise',
    label: 'add 1024² + column',
    op: 'add',
    inputs: [
      [1024, 1024],
      [1024, 1],
    ],
    bytes: 8 * M + 4096,
  },
  { id: 'exp', group: 'elementwise', label: 'exp 4M', op: 'exp', inputs: [[4 * M]], bytes: 8 * 4 * M },
  { id: 'sum', group: 'elementwise', label: 'sum 4M → scalar', op: 'sum', inputs: [[4 * M]], bytes: 4 * 4 * M },
  {
    id: 'sum_axis0',
    group: 'elementwise',
    label: 'sum over axis 0 of 1024²',
    op: 'sum0',
    inputs: [[1024, 1024]],
    bytes: 4 * M + 4096,
  },
  {
    id: 'sum_axis1',
    group: 'elementwise',
    label: 'sum over axis 1 of 1024²',
    op: 'sum1',
    inputs: [[1024, 1024]],
    bytes: 4 * M + 4096,
  },
  {
    id: 'transpose',
    group: 'elementwise',
    label: 'transpose copy 2048²',
    op: 'transpose',
    inputs: [[2048, 2048]],
    bytes: 8 * 4 * M,
  },
  ...[128, 256, 512, 1024].flatMap((n) => [
    {
      id: `matmul${n}`,
      group: 'matmul',
      n,
      label: `matmul ${n}`,
      op: 'matmul',
      inputs: [
        [n, n],
        [n, n],
      ],
      flops: 2 * n ** 3,
    },
    {
      id: `matmul${n}_fresh`,
      group: 'matmul',
      n,
      label: `matmul ${n}, fresh B`,
      op: 'matmul',
      fresh: true,
      inputs: [
        [n, n],
        [n, n],
      ],
      flops: 2 * n ** 3,
    },
  ]),
  ...[
    [
      'ein_mm',
      'ij,jk->ik',
      [
        [512, 512],
        [512, 512],
      ],
      2 * 512 ** 3,
      [512, 512],
    ],
    [
      'ein_bmm',
      'bij,bjk->bik',
      [
        [32, 128, 128],
        [32, 128, 128],
      ],
      2 * 32 * 128 ** 3,
      [32, 128, 128],
    ],
    [
      'ein_attn',
      'bhqd,bhkd->bhqk',
      [
        [2, 8, 256, 64],
        [2, 8, 256, 64],
      ],
      2 * 2 * 8 * 256 * 256 * 64,
      [2, 8, 256, 256],
    ],
    [
      'ein_ijk',
      'ijk,jl->ikl',
      [
        [64, 64, 64],
        [64, 64],
      ],
      2 * 64 ** 4,
      [64, 64, 64],
    ],
    [
      'ein_dot',
      'ij,ij->',
      [
        [2048, 2048],
        [2048, 2048],
      ],
      2 * 2048 ** 2,
      [],
    ],
    ['ein_trace', 'ii->', [[2048, 2048]], 2048, []],
    ['ein_t', 'ij->ji', [[2048, 2048]], 2048 ** 2, [2048, 2048]],
  ].map(([id, eq, inputs, flops, out]) => ({
    id,
    group: 'einsum',
    label: `einsum ${eq}`,
    op: 'einsum',
    eq,
    inputs,
    flops,
    out,
  })),
  // lazy mode (issue 11): the seeds' example and an elementwise chain, eager against one fused pass
  {
    id: 'sqdiff',
    group: 'fusion',
    label: 'sum((x − y)²) 16M',
    op: 'sqdiff',
    inputs: [[16 * M], [16 * M]],
    bytes: 8 * 16 * M,
  },
  {
    id: 'chain',
    group: 'fusion',
    label: 'relu(2x − y) · x 4M',
    op: 'chain',
    inputs: [[4 * M], [4 * M]],
    bytes: 12 * 4 * M,
  },
  // issue 23: sorting, selecting and joining.  The inputs are float32 uniform in [-2, 2); each engine
  // derives the same integer views of them (selectData below) outside the timing
  ...[
    ['sort_f32', 'sort 1M float32', 'sort'],
    ['argsort_f32', 'argsort 1M float32', 'argsort'],
    ['sort_i32', 'sort 1M int32', 'sort_i32'],
    ['argsort_i32', 'argsort 1M int32', 'argsort_i32'],
    ['unique_i32', 'unique of 1M int32 (1000 values)', 'unique'],
    ['topk', 'topk(k=10) of 1M float32', 'topk'],
    ['take', 'take 1M indices from 1M', 'take', 2],
    ['mask', 'a[mask] over 1M (half true)', 'mask'],
  ].map(([id, label, op, k = 1]) => ({
    id,
    group: 'select',
    label,
    op,
    inputs: Array(k).fill([M]),
    bytes: 8 * M,
  })),
  {
    id: 'pad',
    group: 'select',
    label: 'pad a 1024² image by 8 (zeros)',
    op: 'pad',
    inputs: [[1024, 1024]],
    bytes: 8 * 1040 * 1040,
  },
  {
    id: 'concat100',
    group: 'select',
    label: 'concat of 100 tensors of 100²',
    op: 'concat',
    inputs: Array(100).fill([100, 100]),
    bytes: 8 * 100 * 100 * 100,
  },
  // issue 24: statistics and numerical helpers (bench/stats.mjs)
  ...[
    ['cumsum', 'cumsum of 4M float32', 'cumsum', [[4 * M]]],
    ['std_axis', 'std over axis 1 of 1024²', 'std', [[1024, 1024]]],
    ['median', 'median of 1M float32', 'median', [[M]]],
    ['histogram', 'histogram of 4M into 100 bins', 'histogram', [[4 * M]]],
    ['bincount', 'bincount of 4M (100 values)', 'bincount', [[4 * M]]],
    ['interp', 'interp of 1M points (1000 knots)', 'interp', [[M]]],
    ['convolve', 'convolve 1M × 64 (valid)', 'convolve', [[M], [64]]],
    ['softmax', 'softmax of (512, 1024) over -1', 'softmax', [[512, 1024]]],
    ['logsumexp', 'logsumexp of (512, 1024) over -1', 'logsumexp', [[512, 1024]]],
    ['atan2', 'atan2 of 4M float32', 'atan2', [[4 * M], [4 * M]]],
    ['hypot', 'hypot of 4M float32', 'hypot', [[4 * M], [4 * M]]],
  ].map(([id, label, op, inputs]) => ({
    id,
    group: 'stats',
    label,
    op,
    inputs,
    bytes: 4 * inputs.reduce((n, s) => n + s.reduce((a, b) => a * b, 1), 0),
  })),
  // issue 25: random numbers (bench/random.mjs); inputs only give the count
  ...[
    ['rand_normal', 'standardNormal 1M float64', 'normal64', 8],
    ['rand_normal_f32', 'standardNormal 1M float32', 'normal32', 4],
    ['rand_random', 'random 1M float64', 'random', 8],
    ['rand_integers', 'integers [0, 1000) 1M int32', 'integers', 4],
    ['rand_choice', 'choice of 1M without replacement', 'choice', 8],
    ['rand_permutation', 'permutation of 1M', 'permutation', 8],
  ].map(([id, label, op, size]) => ({ id, group: 'random', label, op, inputs: [[M]], bytes: size * M })),
  // issue 26: linear algebra (bench/linalg.mjs), at n = 64, 256, 512 in both precisions; flops as LAPACK counts them
  ...Object.entries(LINALG_FLOPS).flatMap(([op, flops]) =>
    [64, 256, 512].flatMap((n) =>
      ['float64', 'float32'].map((dtype) => ({
        id: `la_${op}_${n}${dtype === 'float32' ? '_f32' : ''}`,
        group: 'linalg',
        label: `${op} ${n}×${n} ${dtype}`,
        op,
        dtype,
        n,
        inputs: [[n, n]],
        flops: flops(n),
      })),
    ),
  ),
  {
    id: 'la_solve_batch',
    group: 'linalg',
    label: 'solve, a stack of 1000 4×4 float64',
    op: 'solveBatch',
    dtype: 'float64',
    n: 4,
    inputs: [[1000, 4, 4]],
    flops: 1000 * LINALG_FLOPS.solve(4),
  },
  // issue 27: Fourier transforms (bench/fft.mjs); complex inputs are (re, im) pairs; flops 5 n log2 n per complex
  // transform of n points (2.5 for a real one), as FFT benchmarks count them
  ...[
    ['fft_1k', 'fft 2^10 complex128', 'fft', [1024], 'complex128'],
    ['fft_64k', 'fft 2^16 complex128', 'fft', [65536], 'complex128'],
    ['fft_1m', 'fft 2^20 complex128', 'fft', [2 ** 20], 'complex128'],
    ['fft_64k_f32', 'fft 2^16 complex64', 'fft', [65536], 'complex64'],
    ['fft_1m_f32', 'fft 2^20 complex64', 'fft', [2 ** 20], 'complex64'],
    ['rfft_1m', 'rfft 2^20 float64', 'rfft', [2 ** 20], 'float64'],
    ['fft_prime', 'fft 65537 (prime) complex128', 'fft', [65537], 'complex128'],
    ['fft2_1k', 'fft2 1024×1024 complex128', 'fft2', [1024, 1024], 'complex128'],
    ['fft_batch', 'fft 1000 rows × 1024 complex128', 'fft', [1000, 1024], 'complex128'],
  ].map(([id, label, op, dims, dtype]) => {
    const points = dims.reduce((a, b) => a * b, 1),
      per = op === 'fft2' ? points : dims.at(-1);
    return {
      id,
      group: 'fft',
      label,
      op,
      dtype,
      inputs: [dtype.startsWith('complex') ? [...dims, 2] : dims],
      flops: (op === 'rfft' ? 2.5 : 5) * points * Math.log2(per),
    };
  }),
];

// The shapes real programs use (issue 28; engines' adapters in shapes.mjs):
// channels-last images, preprocessing, a transformer block's pieces, small
// tensors, whose runs are CALLS calls each (their ms per run are µs per call);
// u8: the input is a uint8 image (shapes.mjs shapesData.u8 of the data)
export const CALLS = 1000;
const IMG = [1080, 1920];
const small = (id, label, n, inputs = [[n], [n]]) => ({ id, label, inputs, small: true, flops: CALLS * n });
export const SHAPES_WORKLOADS = [
  { id: 'cl_sub', label: 'float32 (1080,1920,3) − mean (3,)', inputs: [[...IMG, 3]], bytes: 8 * 3 * 2073600 },
  { id: 'cl_mul', label: 'float32 (1080,1920,3) × 2', inputs: [[...IMG, 3]], bytes: 8 * 3 * 2073600 },
  {
    id: 'cl_u8_sub',
    label: 'uint8 (1080,1920,3) − mean (3,) float32',
    inputs: [[...IMG, 3]],
    u8: true,
    bytes: 5 * 3 * 2073600,
  },
  {
    id: 'cl_astype',
    label: 'uint8 rgba[:, :, :3].astype(float32)',
    inputs: [[...IMG, 4]],
    u8: true,
    bytes: (4 + 12) * 2073600,
  },
  { id: 'cl_div', label: 'uint8 rgba[:, :, :3] / 255', inputs: [[...IMG, 4]], u8: true, bytes: (4 + 24) * 2073600 },
  {
    id: 'prep',
    label: 'preprocess rgba → (x/255 − mean)/std, CHW float32',
    inputs: [[...IMG, 4]],
    u8: true,
    bytes: (4 + 12) * 2073600,
  },
  {
    id: 'tf_softmax',
    label: 'transformer softmax of (512, 1024) over -1',
    inputs: [[512, 1024]],
    bytes: 8 * 512 * 1024,
  },
  {
    id: 'layernorm',
    label: 'layer norm of (512, 1024), γ and β (1024,)',
    inputs: [[512, 1024], [1024], [1024]],
    bytes: 8 * 512 * 1024,
  },
  { id: 'gelu', label: 'GELU (tanh form) of (512, 1024)', inputs: [[512, 1024]], bytes: 8 * 512 * 1024 },
  {
    id: 'attention',
    label: 'attention softmax(QKᵀ/√d)V, (2,8,256,64)',
    inputs: [
      [2, 8, 256, 64],
      [2, 8, 256, 64],
      [2, 8, 256, 64],
    ],
    flops: 2 * 2 * 16 * 256 * 256 * 64,
  },
  small('small_add_1', `add of 1 + 1 float32 (µs per call)`, 1),
  small('small_add_64', `add of 64 + 64 float32 (µs per call)`, 64),
  small('small_add_1024', `add of 1024 + 1024 float32 (µs per call)`, 1024),
  small('small_mul_64', `mul of 64 × 64 float32 (µs per call)`, 64),
  small('small_sum_64', `sum of 64 float32 (µs per call)`, 64, [[64]]),
  small('small_exp_64', `exp of 64 float32 (µs per call)`, 64, [[64]]),
  small('small_matmul_8', `matmul 8×8 float32 (µs per call)`, 512, [
    [8, 8],
    [8, 8],
  ]),
  small('small_view_64', `reshape view of 64 to (8, 8) (µs per call)`, 64, [[64]]),
].map((w) => ({ ...w, group: 'shapes', op: w.op ?? w.id }));

WORKLOADS.push(...SHAPES_WORKLOADS);

// the integer inputs the select workloads use, from the float32 data, alike in every engine
export const selectData = {
  i32: (f) => Int32Array.from(f, (v) => Math.floor(v * 2 ** 29)),
  repeats: (f) => Int32Array.from(f, (v) => Math.floor((v + 2) * 250)),
  indices: (f) => Int32Array.from(f, (v) => Math.min(f.length - 1, Math.floor(((v + 2) / 4) * f.length))),
  mask: (f) => Uint8Array.from(f, (v) => (v > 0 ? 1 : 0)),
};

// Measured again, one thread against two, while a busy process takes a core
// (run.mjs's loaded run): two threads must never lose to one there either
export const LOADED = [
  'add',
  'add_col',
  'exp',
  'sum',
  'sum_axis1',
  'transpose',
  'matmul256',
  'matmul512',
  'ein_attn',
  'cl_sub',
  'prep',
  'tf_softmax',
  'layernorm',
  'attention',
  'small_add_64',
  'small_sum_64',
];

// time-per-run ceilings beyond which an engine is not run (recorded as skipped)
export const TOO_SLOW = { 'tfjs-cpu': { matmul: 256 } };

// Performance targets from the issues, as ratios wtensor/peer in the same run
// (time of the peer divided by time of wtensor).
export const TARGETS = [
  ...[
    'sort_f32',
    'argsort_f32',
    'sort_i32',
    'argsort_i32',
    'unique_i32',
    'topk',
    'take',
    'mask',
    'pad',
    'concat100',
  ].flatMap((id) =>
    ['numpy-ts', 'jax-js', 'tfjs-wasm'].map((peer) => ({
      workload: id,
      peer,
      min: 1.0,
      why: 'sorting and selecting ahead of every JS peer that has the op',
    })),
  ),
  ...[
    'cumsum',
    'std_axis',
    'median',
    'histogram',
    'bincount',
    'interp',
    'convolve',
    'softmax',
    'logsumexp',
    'atan2',
    'hypot',
  ].flatMap((id) =>
    ['numpy-ts', 'jax-js', 'tfjs-wasm'].map((peer) => ({
      workload: id,
      peer,
      min: 1.0,
      why: 'statistics and helpers ahead of every JS peer that has the function',
    })),
  ),
  ...['rand_normal', 'rand_normal_f32', 'rand_random', 'rand_integers', 'rand_choice', 'rand_permutation'].flatMap(
    (id) => [
      ...['numpy-ts', 'jax-js', 'seedrandom'].map((peer) => ({
        workload: id,
        peer,
        min: 1.0,
        why: 'random numbers ahead of every JS peer that draws them',
      })),
      { workload: id, peer: 'numpy', min: 0.5, why: "random numbers within 2× of NumPy's Generator (native)" },
    ],
  ),
  // linear algebra: ahead of every JS peer that has the decomposition, 3× the goal; NumPy (OpenBLAS,
  // one thread) within 2× the aim
  ...['solve', 'inv', 'det', 'cholesky', 'qr', 'svd', 'eigh', 'eig'].flatMap((op) =>
    [64, 256, 512].flatMap((n) =>
      ['', '_f32'].flatMap((f) => [
        ...['numpy-ts', 'jax-js', 'ml-matrix', 'tfjs-wasm'].map((peer) => ({
          workload: `la_${op}_${n}${f}`,
          peer,
          min: 3,
          why: 'linear algebra ≥ 3× every JS peer that has the decomposition',
        })),
        {
          workload: `la_${op}_${n}${f}`,
          peer: 'numpy',
          min: 0.5,
          why: "linear algebra within 2× of NumPy's LAPACK (OpenBLAS, 1 thread)",
        },
      ]),
    ),
  ),
  ...['numpy-ts', 'jax-js', 'ml-matrix'].map((peer) => ({
    workload: 'la_solve_batch',
    peer,
    min: 3,
    why: 'a stack of small solves ≥ 3× every JS peer',
  })),
  // Fourier transforms: 2× every JS peer that has the transform, within 1.5× of NumPy's pocketfft
  ...[
    'fft_1k',
    'fft_64k',
    'fft_1m',
    'fft_64k_f32',
    'fft_1m_f32',
    'rfft_1m',
    'fft_prime',
    'fft2_1k',
    'fft_batch',
  ].flatMap((id) => [
    ...['numpy-ts', 'jax-js', 'fft.js'].map((peer) => ({
      workload: id,
      peer,
      min: 2,
      why: 'FFTs ≥ 2× every JS peer that has the transform',
    })),
    { workload: id, peer: 'numpy', min: 1 / 1.5, why: "FFTs within 1.5× of NumPy's pocketfft (native)" },
  ]),
  ...['add', 'add_row', 'add_col', 'sum', 'sum_axis0', 'sum_axis1', 'transpose', 'exp'].flatMap((id) => [
    { workload: id, peer: 'tfjs-wasm', min: 1.0, why: 'every elementwise workload ≥ 1.0× tfjs-backend-wasm' },
    { workload: id, peer: 'ort-1t', min: 2.0, why: 'every elementwise workload ≥ 2× onnxruntime-web' },
  ]),
  { workload: 'exp', peer: 'tfjs-wasm', min: 8, why: 'transcendental unary ops ≥ 8× tfjs-backend-wasm' },
  ...['sum', 'sum_axis0', 'sum_axis1'].map((id) => ({
    workload: id,
    peer: 'tfjs-wasm',
    min: 4,
    why: 'sums ≥ 4× tfjs-backend-wasm',
  })),
  { workload: 'transpose', peer: 'tfjs-wasm', min: 3, why: 'transpose/strided copies ≥ 3× tfjs-backend-wasm' },
  ...['ein_mm', 'ein_bmm', 'ein_attn', 'ein_ijk', 'ein_dot', 'ein_trace', 'ein_t'].map((id) => ({
    workload: id,
    peer: 'ort-1t',
    min: 1.3,
    why: 'every einsum pattern ≥ 1.3× onnxruntime-web (1 thread)',
  })),
  ...['ein_mm', 'ein_bmm', 'ein_attn', 'ein_ijk'].map((id) => ({
    workload: id,
    peer: 'wt-matmul',
    min: 1 / 1.15,
    why: "matmul-shaped einsums within 1.15× of wtensor's own matmul",
  })),
  ...[256, 512, 1024].flatMap((n) => [
    {
      workload: `matmul${n}`,
      peer: 'tfjs-wasm',
      min: 1.05,
      why: 'float32 GEMM ≥ 1.05× tfjs-backend-wasm with a reused right operand',
    },
    {
      workload: `matmul${n}_fresh`,
      peer: 'tfjs-wasm',
      min: 1.15,
      why: 'float32 GEMM ≥ 1.15× tfjs-backend-wasm with a fresh one',
    },
  ]),
  ...['sqdiff', 'chain'].map((id) => ({
    workload: id,
    peer: 'wt-lazy',
    speedup: true,
    min: 1.0,
    why: 'a compiled lazy graph is faster than the same eager calls (issue 11)',
  })),
  // the shapes real programs use (issue 28)
  ...['cl_sub', 'cl_mul', 'cl_u8_sub', 'cl_astype', 'cl_div', 'prep'].flatMap((id) => [
    { workload: id, peer: 'numpy', min: 1.0, why: 'channels-last images and preprocessing ≥ 1.0× NumPy (native)' },
    { workload: id, peer: 'tfjs-wasm', min: 2.0, why: 'channels-last images and preprocessing ≥ 2× tfjs-backend-wasm' },
  ]),
  ...['small_add_64', 'small_mul_64', 'small_sum_64', 'small_exp_64'].flatMap((id) => [
    {
      workload: id,
      peer: '1 µs a call',
      maxMs: CALLS * 1e-3,
      min: 1, // the ceiling over wtensor's time
      why: 'a small op (64 elements) ≤ 1 µs per call, its dispose included',
    },
    { workload: id, peer: 'tfjs-wasm', min: 3, why: 'small ops ≥ 3× tfjs-backend-wasm' },
  ]),
  ...['tf_softmax', 'layernorm', 'attention'].flatMap((id) =>
    ['tfjs-wasm', 'ort-1t', 'numpy-ts', 'jax-js', 'jax-jit'].map((peer) => ({
      workload: id,
      peer,
      min: 1.5,
      why: 'softmax, layer norm and attention ≥ 1.5× every JS peer',
    })),
  ),
  ...SHAPES_WORKLOADS.filter((x) => !x.small).flatMap((x) => [
    {
      workload: x.id,
      peer: 'wt-lazy',
      speedup: true,
      min: 0.95,
      why: 'the lazy form never slower than the eager calls (beyond noise)',
    },
  ]),
  ...SHAPES_WORKLOADS.map((x) => ({
    workload: x.id,
    peer: 'wt-2t',
    speedup: true,
    min: 0.95,
    why: 'two threads never below 0.95× one thread',
  })),
  ...LOADED.map((id) => ({
    workload: id,
    peer: 'wt-2t',
    speedup: true,
    loaded: true,
    min: 0.95,
    why: 'two threads never below 0.95× one thread, with a busy process beside them',
  })),
  // two threads (wt-2t): the speed-up over one, and against onnxruntime-web's two
  ...['matmul512', 'matmul1024', 'ein_bmm', 'ein_attn'].flatMap((id) => [
    {
      workload: id,
      peer: 'wt-2t',
      speedup: true,
      min: 1.8,
      why: '2 threads ≥ 1.8× wtensor on one (idle 2-core machine)',
    },
    { workload: id, peer: 'ort-2t', over: 'wt-2t', min: 1.2, why: '2 threads ≥ 1.2× onnxruntime-web with 2 threads' },
  ]),
  // the relaxed-SIMD build's fused multiply-adds (issue 28's goal, for Chromium; measured here in Node 20
  // with its flag: this machine's FMA and multiply-then-add ceilings differ by ×1.2, README's Relaxed SIMD)
  ...['matmul512', 'matmul1024'].map((id) => ({
    workload: id,
    peer: 'wt-relaxed',
    speedup: true,
    min: 1.6,
    why: 'the relaxed-SIMD GEMM ≥ 1.6× the SIMD128 build',
  })),
];

// deterministic inputs, shared by every engine
export function makeInputs(workload) {
  let s = 12345;
  return workload.inputs.map((shape) => {
    const n = shape.reduce((a, b) => a * b, 1);
    const a = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      s = (s * 1103515245 + 12345) >>> 0;
      a[i] = (s / 2 ** 32) * 4 - 2;
    }
    return { shape, data: a };
  });
}
