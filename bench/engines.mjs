// Engine adapters: each turns a workload into { run(), result(), dispose() }
// (run may be async), or throws { refused: message } when the engine has no
// such op.  Outputs are produced fresh on every run, as users' code does.
import { init } from '../bindings/index.js';
import { onnxModel } from './onnx.mjs';
import { wtSelect, tfSelect, numpyTsSelect, jaxSelect } from './select.mjs';
import { wtStats, tfStats, numpyTsStats, jaxStats } from './stats.mjs';
import { wtRandom, numpyTsRandom, jaxRandom, jsLoopRandom } from './random.mjs';
import { wtLinalg, numpyTsLinalg, jaxLinalg, mlMatrixLinalg, tfLinalg } from './linalg.mjs';
import { wtFft, numpyTsFft, jaxFft, fftJsFft } from './fft.mjs';
import { wtShapes, wtLazyShapes, tfShapes, numpyTsShapes, jaxShapes } from './shapes.mjs';
import { shapesGraph } from './onnx-shapes.mjs';
import { CALLS } from './workloads.mjs';

const lazy = (f) => {
  let p;
  return () => (p ??= f());
};

const loadTf = lazy(async () => {
  const tf = await import('@tensorflow/tfjs-core');
  tf.env().set('IS_TEST', true); // silences the 'install tfjs-node' banner; changes nothing else here
  await import('@tensorflow/tfjs-backend-cpu');
  await import('@tensorflow/tfjs-backend-wasm');
  return tf;
});

// a fresh output per run, the previous one disposed, as users' code does
function freshOutput(op, read, cleanup, before = () => {}) {
  let out = null;
  return {
    async run() {
      await before();
      out?.dispose();
      out = op();
    },
    result: () => read(out),
    dispose() {
      out?.dispose();
      cleanup();
    },
  };
}

// the relaxed-SIMD build changes the GEMM alone: it runs the groups that are GEMMs
const RELAXED_GROUPS = ['matmul', 'einsum', 'linalg'];

// wtensor: one thread (the peers' ratios are per thread) on the SIMD128 build, as every wt-*
// row but wt-relaxed (the relaxed-SIMD build, which Node 22+ and Chromium pick), and the threaded build --
async function wtensorEngine(threads = 1, relaxedSimd = false) {
  const wt = await init({ threads, relaxedSimd });
  if (wt.info().threads !== threads)
    throw new Error(`wtensor could not run ${threads} threads: ${wt.info().threadsReason}`);
  return {
    name: relaxedSimd ? 'wt-relaxed' : threads === 1 ? 'wtensor' : `wt-${threads}t`,
    info: () => wt.info(),
    wt,
    build(w, inputs) {
      if (relaxedSimd && !RELAXED_GROUPS.includes(w.group))
        throw { refused: 'not run: relaxed SIMD changes only the GEMM, so this is the wtensor row' };
      if (w.group === 'select') return wtSelect(wt, w, inputs);
      if (w.group === 'stats') return wtStats(wt, w, inputs);
      if (w.group === 'random') return wtRandom(wt, w);
      if (w.group === 'linalg') return wtLinalg(wt, w, inputs);
      if (w.group === 'fft') return wtFft(wt, w, inputs);
      if (w.group === 'shapes') return wtShapes(wt, w, inputs);
      const t = inputs.map(({ shape, data }) => wt.tensor(data, { shape }));
      const ops = {
        add: () => wt.add(t[0], t[1]),
        exp: () => wt.exp(t[0]),
        sum: () => wt.sum(t[0]),
        sum0: () => wt.sum(t[0], 0),
        sum1: () => wt.sum(t[0], 1),
        transpose: () => t[0].T.copy(),
        matmul: () => wt.matmul(t[0], t[1]),
        // a materialized result: 'ij->ji' alone is a view
        einsum: () => (w.id === 'ein_t' ? wt.einsum(w.eq, ...t).copy() : wt.einsum(w.eq, ...t)),
        // eager: each call makes its result, as written; tidy frees the intermediates
        sqdiff: () => wt.tidy(() => FUSION.sqdiff(wt, t[0], t[1])),
        chain: () => wt.tidy(() => FUSION.chain(wt, t[0], t[1])),
      };
      return freshOutput(
        ops[w.op],
        (out) => out.toTypedArray(),
        () => wt.dispose(t),
      );
    },
  };
}

// the fusion workloads, written once: eager on tensors, a graph on lazy tensors
const FUSION = {
  sqdiff: (wt, x, y) => wt.sum(wt.square(wt.sub(x, y))),
  chain: (wt, x, y) => wt.mul(wt.relu(wt.sub(wt.mul(x, 2), y)), x),
};

// wtensor's lazy mode: the same expression compiled once, run per call
async function wtLazyEngine() {
  const wt = await init({ threads: 1, relaxedSimd: false });
  return {
    name: 'wt-lazy',
    build(w, inputs) {
      if (w.group === 'shapes') return wtLazyShapes(wt, w, inputs);
      if (!FUSION[w.op]) throw { refused: 'not a fusion workload' };
      const g = wt.graph();
      const [x, y] = inputs.map(({ shape }, i) => g.placeholder(shape, 'float32', `x${i}`));
      const compiled = g.compile(FUSION[w.op](wt, x, y));
      const feeds = Object.fromEntries(inputs.map(({ shape, data }, i) => [`x${i}`, wt.tensor(data, { shape })]));
      const run = freshOutput(
        () => compiled.run(feeds),
        (out) => out.toTypedArray(),
        () => {
          wt.dispose(Object.values(feeds));
          compiled.dispose();
        },
      );
      return { ...run, note: 'graph.compile(...).run(feeds): one fused pass, no intermediate buffers' };
    },
  };
}

// wtensor's own matmul on the matmul-shaped einsums: what einsum's planning costs
const WT_MATMUL = {
  ein_mm: (wt, [a, b]) => wt.matmul(a, b),
  ein_bmm: (wt, [a, b]) => wt.matmul(a, b),
  ein_attn: (wt, [q, k]) => wt.matmul(q, k.swapaxes(-1, -2)),
  ein_ijk: (wt, [a, b]) => wt.matmul(a.swapaxes(1, 2), b),
};

async function wtMatmulEngine() {
  const wt = await init({ threads: 1, relaxedSimd: false });
  return {
    name: 'wt-matmul',
    build(w, inputs) {
      if (!WT_MATMUL[w.id]) throw { refused: 'not a matmul-shaped workload' };
      const t = inputs.map(({ shape, data }) => wt.tensor(data, { shape }));
      const run = freshOutput(
        () => WT_MATMUL[w.id](wt, t),
        (out) => out.toTypedArray(),
        () => wt.dispose(t),
      );
      return { ...run, note: "wtensor's matmul on the same operands (swapaxes views, no copies)" };
    },
  };
}

// tfjs (wasm with SIMD, one thread in Node; and the plain JS cpu backend) ----------
async function tfEngine(backend) {
  const tf = await loadTf();
  return {
    name: backend === 'wasm' ? 'tfjs-wasm' : 'tfjs-cpu',
    async build(w, inputs) {
      if (['select', 'stats', 'linalg', 'shapes'].includes(w.group) && backend === 'cpu')
        throw { refused: 'not run: tfjs-wasm stands for tfjs here' };
      if (w.group === 'random')
        throw { refused: "not run: the random peers are numpy-ts, jax-js and seedrandom's loops" };
      if (w.group === 'fft')
        throw {
          refused:
            backend === 'wasm' ? 'tfjs-backend-wasm has no FFT kernel' : 'not run: tfjs-wasm stands for tfjs here',
        };
      await tf.setBackend(backend);
      await tf.ready();
      if (w.group === 'select') return tfSelect(tf, w, inputs);
      if (w.group === 'stats') return tfStats(tf, w, inputs);
      if (w.group === 'linalg') return tfLinalg(tf, w, inputs);
      if (w.group === 'shapes') return tfShapes(tf, w, inputs);
      const t = inputs.map(({ shape, data }) => tf.tensor(data, shape));
      const ops = {
        add: () => tf.add(t[0], t[1]),
        exp: () => tf.exp(t[0]),
        sum: () => tf.sum(t[0]),
        sum0: () => tf.sum(t[0], 0),
        sum1: () => tf.sum(t[0], 1),
        transpose: () => tf.transpose(t[0]),
        // tfjs's own fused squaredDifference, the idiomatic form
        sqdiff: () => tf.tidy(() => tf.sum(tf.squaredDifference(t[0], t[1]))),
        chain: () => tf.tidy(() => tf.mul(tf.relu(tf.sub(tf.mul(t[0], 2), t[1])), t[0])),
        // a fresh right operand has no packed-weights cache entry: tfjs packs it again
        matmul: () =>
          w.fresh ? tf.tidy(() => tf.matMul(t[0], tf.tensor(inputs[1].data, inputs[1].shape))) : tf.matMul(t[0], t[1]),
      };
      if (backend === 'cpu' && w.op === 'matmul' && w.n > 256)
        throw { refused: 'skipped: ~0.8 GFLOPS would take minutes at this size' };
      let note;
      if (w.op === 'einsum') {
        if (backend === 'cpu' && w.flops > 1e7)
          throw { refused: 'skipped: tfjs-cpu einsum multiplies over the full index space (~0.02 GFLOPS measured)' };
        let refusal = null;
        try {
          tf.tidy(() => tf.einsum(w.eq, ...t).dataSync());
        } catch (e) {
          refusal = e.message;
        }
        if (refusal === null) {
          ops.einsum = () => tf.einsum(w.eq, ...t);
        } else if (HAND[w.id]) {
          ops.einsum = () => tf.tidy(() => HAND[w.id](tf, t));
          note = `no einsum (${refusal.split('\n')[0]}); timed: ${HAND_LABEL[w.id]}`;
        } else {
          throw { refused: refusal.split('\n')[0] };
        }
      }
      const before = async () => {
        if (tf.getBackend() !== backend) await tf.setBackend(backend);
      };
      const run = freshOutput(
        ops[w.op],
        (out) => out.dataSync(),
        () => t.forEach((x) => x.dispose()),
        before,
      );
      return note ? { ...run, note } : run;
    },
  };
}

// tfjs-wasm has no einsum kernel: the best hand-lowered equivalent, labelled
const HAND = {
  ein_mm: (tf, [a, b]) => tf.matMul(a, b),
  ein_bmm: (tf, [a, b]) => tf.matMul(a, b),
  ein_attn: (tf, [q, k]) => tf.matMul(q, k, false, true),
  ein_ijk: (tf, [a, b]) =>
    tf.reshape(tf.matMul(tf.reshape(tf.transpose(a, [0, 2, 1]), [64 * 64, 64]), b), [64, 64, 64]),
  ein_dot: (tf, [a, b]) => tf.sum(tf.mul(a, b)),
  ein_t: (tf, [a]) => tf.transpose(a),
};
const HAND_LABEL = {
  ein_mm: 'matMul',
  ein_bmm: 'batched matMul',
  ein_attn: 'matMul(q, k, transposeB)',
  ein_ijk: 'transpose+reshape+matMul+reshape',
  ein_dot: 'sum(mul(a, b))',
  ein_t: 'transpose',
};

// onnxruntime-web: each op as an ONNX graph (one node; the shapes rows: onnx-shapes.mjs) ----
async function ortEngine(threads) {
  const ort = await import('onnxruntime-web');
  ort.env.wasm.numThreads = threads;
  ort.env.logLevel = 'error';
  const graph = (w, inputs) => {
    const ins = inputs.map((x, i) => [`x${i}`, x.shape]);
    const [s0] = inputs.map((x) => x.shape);
    switch (w.op) {
      case 'add':
        return { op: 'Add', inputs: ins, output: ['y', s0] };
      case 'exp':
        return { op: 'Exp', inputs: ins, output: ['y', s0] };
      case 'sum':
        return { op: 'ReduceSum', inputs: ins, output: ['y', []], attrs: { keepdims: 0 } };
      case 'sum0':
        return {
          op: 'ReduceSum',
          inputs: ins,
          output: ['y', [s0[1]]],
          attrs: { keepdims: 0 },
          consts: [['axes', [0]]],
        };
      case 'sum1':
        return {
          op: 'ReduceSum',
          inputs: ins,
          output: ['y', [s0[0]]],
          attrs: { keepdims: 0 },
          consts: [['axes', [1]]],
        };
      case 'transpose':
        return { op: 'Transpose', inputs: ins, output: ['y', [s0[1], s0[0]]], attrs: { perm: [1, 0] } };
      case 'matmul':
        return { op: 'MatMul', inputs: ins, output: ['y', [s0[0], inputs[1].shape[1]]] };
      case 'einsum':
        return { op: 'Einsum', inputs: ins, output: ['y', w.out], attrs: { equation: w.eq } };
      default:
        throw { refused: `no ${w.op} graph (this harness writes one-node ONNX graphs, and the shapes rows')` };
    }
  };
  return {
    name: `ort-${threads}t`,
    note: 'each session.run copies inputs into and the output out of wasm memory (its API)',
    async build(w, inputs) {
      const g = w.group === 'shapes' ? shapesGraph(w, inputs) : graph(w, inputs);
      const session = await ort.InferenceSession.create(onnxModel(g), { executionProviders: ['wasm'] });
      const feeds = Object.fromEntries(
        inputs.map(({ shape, data }, i) => [`x${i}`, new ort.Tensor(...(g.feeds?.[i] ?? ['float32', data]), shape)]),
      );
      const calls = w.small ? CALLS : 1; // the small-tensor rows: CALLS runs, µs per call
      let out = null;
      return {
        async run() {
          for (let i = 0; i < calls; i++) out = (await session.run(feeds)).y;
        },
        result: () => out.data,
        dispose: () => session.release(),
      };
    },
  };
}

// scijs ndarray + ndarray-ops (plain JS; no broadcasting: stride-0 views) ------------
async function ndarrayEngine() {
  const ndarray = (await import('ndarray')).default;
  const ops = (await import('ndarray-ops')).default;
  return {
    name: 'ndarray',
    build(w, inputs) {
      const a = ndarray(inputs[0].data, inputs[0].shape);
      const [s0] = inputs.map((x) => x.shape);
      let note, run;
      let dest;
      switch (w.op) {
        case 'add': {
          let b = ndarray(inputs[1].data, inputs[1].shape);
          if (w.id === 'add_row') b = ndarray(inputs[1].data, s0, [0, 1]);
          if (w.id === 'add_col') b = ndarray(inputs[1].data, s0, [1, 0]);
          run = () => {
            dest = ndarray(new Float32Array(a.size), s0);
            ops.add(dest, a, b);
          };
          if (w.id !== 'add') note = 'broadcast as a stride-0 view (ndarray-ops has no broadcasting)';
          break;
        }
        case 'exp':
          run = () => {
            dest = ndarray(new Float32Array(a.size), s0);
            ops.exp(dest, a);
          };
          break;
        case 'sum':
          run = () => {
            dest = ndarray(new Float32Array([ops.sum(a)]), [1]);
          };
          break;
        case 'sum0':
          note = 'hand-lowered: one addeq per row (ndarray-ops has no axis reductions)';
          run = () => {
            dest = ndarray(new Float32Array(s0[1]), [s0[1]]);
            for (let i = 0; i < s0[0]; i++) ops.addeq(dest, a.pick(i, null));
          };
          break;
        case 'sum1':
          note = 'hand-lowered: one sum per row';
          run = () => {
            dest = ndarray(new Float32Array(s0[0]), [s0[0]]);
            for (let i = 0; i < s0[0]; i++) dest.data[i] = ops.sum(a.pick(i, null));
          };
          break;
        case 'transpose':
          run = () => {
            dest = ndarray(new Float32Array(a.size), [s0[1], s0[0]]);
            ops.assign(dest, a.transpose(1, 0));
          };
          break;
        case 'matmul':
          throw { refused: 'ndarray-ops has no matrix product' };
        case 'einsum':
          throw { refused: 'ndarray-ops has no einsum' };
        default:
          throw { refused: `no ${w.op}` };
      }
      return { run, note, result: () => dest.data, dispose() {} };
    },
  };
}

// numpy-ts and jax-js (npm): peers on the select, statistics, random, linear-algebra and FFT workloads only
const selectOnly = (name, load, build, stats, random, linalg, fft, shapes) => async () => {
  const lib = await load();
  return {
    name,
    build(w, inputs) {
      if (w.group === 'stats') return stats(lib, w, inputs);
      if (w.group === 'random') return random(lib, w);
      if (w.group === 'linalg') return linalg(lib, w, inputs);
      if (w.group === 'fft') return fft(lib, w, inputs);
      if (w.group === 'shapes') return shapes(lib, w, inputs);
      if (w.group !== 'select')
        throw { refused: 'not run: a peer for the select, statistics, random, linear-algebra and FFT workloads' };
      return build(lib, w, inputs);
    },
  };
};

// an engine that runs one group's workloads and refuses the rest
const peerFor = (group, what, name, load, build) => async () => {
  const lib = await load();
  return {
    name,
    build(w, inputs) {
      if (w.group !== group) throw { refused: `not run: a peer for ${what} workloads` };
      return build(lib, w, inputs);
    },
  };
};

export const ENGINES = {
  wtensor: () => wtensorEngine(1),
  'wt-2t': () => wtensorEngine(2),
  'wt-relaxed': () => wtensorEngine(1, true),
  'tfjs-wasm': () => tfEngine('wasm'),
  'ort-1t': () => ortEngine(1),
  'ort-2t': () => ortEngine(2),
  'tfjs-cpu': () => tfEngine('cpu'),
  ndarray: ndarrayEngine,
  'wt-matmul': wtMatmulEngine,
  'wt-lazy': wtLazyEngine,
  // numpy-ts's wasm heap is 256 MiB by default; the benchmark's intermediates need more
  'numpy-ts': selectOnly(
    'numpy-ts',
    async () => {
      const np = await import('numpy-ts');
      np.configureWasm({ maxMemory: 1536 * 2 ** 20 });
      return np;
    },
    numpyTsSelect,
    numpyTsStats,
    numpyTsRandom,
    numpyTsLinalg,
    numpyTsFft,
    numpyTsShapes,
  ),
  'jax-js': selectOnly(
    'jax-js',
    () => import('@jax-js/jax'),
    jaxSelect,
    jaxStats,
    jaxRandom,
    jaxLinalg,
    jaxFft,
    jaxShapes,
  ),
  // peers for one group of workloads only
  'jax-jit': peerFor(
    'shapes',
    'the shapes',
    'jax-jit',
    () => import('@jax-js/jax'),
    (jax, w, inputs) => jaxShapes(jax, w, inputs, true),
  ),
  'ml-matrix': peerFor('linalg', 'the linear-algebra', 'ml-matrix', () => import('ml-matrix'), mlMatrixLinalg),
  'fft.js': peerFor('fft', 'the FFT', 'fft.js', async () => (await import('fft.js')).default, fftJsFft),
  // seedrandom (npm) in plain JS loops
  seedrandom: peerFor(
    'random',
    'the random',
    'seedrandom',
    async () => (await import('seedrandom')).default,
    jsLoopRandom,
  ),
};
