// The shapes real programs use (issue 28): channels-last images with
// per-channel operands, the image preprocessing pipeline, a transformer
// block's pieces, and small tensors.  Each engine computes the same values
// from the harness's float32 data in [-2, 2) (shapesData: uint8 images from
// it, ImageNet's mean and std); the small-tensor rows time CALLS calls per
// run, so their ms per run are µs per call.
import { fresh } from './select.mjs';
import { CALLS } from './workloads.mjs';

const MEAN = [0.485, 0.456, 0.406],
  STD = [0.229, 0.224, 0.225];

export const shapesData = {
  u8: (f) => Uint8Array.from(f, (v) => Math.floor((v + 2) * 63.75)),
  mean: () => Float32Array.from(MEAN),
  std: () => Float32Array.from(STD),
};

// the small-tensor workloads' operations, each engine's table keyed by these
export const SMALL_OP = {
  small_add_1: 'add',
  small_add_64: 'add',
  small_add_1024: 'add',
  small_mul_64: 'mul',
  small_sum_64: 'sum',
  small_exp_64: 'exp',
  small_matmul_8: 'matmul',
  small_view_64: 'view',
};

const refuse = (why) => {
  throw { refused: why };
};

// the workloads' expressions, written once for wtensor's eager calls and its lazy graphs
// (x: the image or the first input, m/s: mean and std, more: the other inputs)
export const SHAPES_EXPR = {
  cl_sub: (wt, [x], m) => wt.subtract(x, m),
  cl_mul: (wt, [x]) => wt.multiply(x, 2),
  cl_u8_sub: (wt, [x], m) => wt.subtract(x, m),
  cl_astype: (wt, [x]) => x.slice(':, :, :3').astype('float32'),
  cl_div: (wt, [x]) => wt.divide(x.slice(':, :, :3'), 255),
  prep: (wt, [x], m, s) =>
    wt.transpose(wt.divide(wt.subtract(wt.divide(x.slice(':, :, :3').astype('float32'), 255), m), s), [2, 0, 1]),
  tf_softmax: (wt, [x]) => wt.softmax(x, { axis: -1 }),
  layernorm: (wt, [x, g, b]) => {
    const mu = wt.mean(x, { axis: -1, keepdims: true }),
      d = wt.subtract(x, mu);
    const v = wt.mean(wt.square(d), { axis: -1, keepdims: true });
    return wt.add(wt.multiply(wt.divide(d, wt.sqrt(wt.add(v, 1e-5))), g), b);
  },
  gelu: (wt, [x]) =>
    wt.multiply(
      wt.multiply(x, 0.5),
      wt.add(wt.tanh(wt.multiply(wt.add(x, wt.multiply(wt.power(x, 3), 0.044715)), 0.7978845608028654)), 1),
    ),
  attention: (wt, [q, k, v]) => wt.matmul(wt.softmax(wt.divide(wt.matmul(q, k.swapaxes(-1, -2)), 8), { axis: -1 }), v),
};

// wtensor's inputs: uint8 images where the workload has one, else the float32 data
function wtInputs(wt, w, inputs) {
  return inputs.map(({ shape, data }) =>
    w.u8 ? wt.tensor(shapesData.u8(data), { shape, dtype: 'uint8' }) : wt.tensor(data, { shape }),
  );
}

export function wtShapes(wt, w, inputs) {
  const t = wtInputs(wt, w, inputs),
    m = wt.tensor(shapesData.mean()),
    s = wt.tensor(shapesData.std());
  const free = () => wt.dispose([...t, m, s]);
  if (w.small) return smallRun(w, t, free, smallCall(wt, w, t), (o) => o.toTypedArray());
  // prep's CHW result is a transposed view until copied, as NumPy's ascontiguousarray
  const expr = w.op === 'prep' ? (...a) => SHAPES_EXPR.prep(...a).copy() : SHAPES_EXPR[w.op];
  return fresh(
    () => wt.tidy(() => expr(wt, t, m, s)),
    (o) => o.toTypedArray(),
    (o) => o.dispose(),
    free,
  );
}

// a small-tensor workload's op in NumPy's spelling, which wtensor, numpy-ts and jax-js's numpy share
const NUMPY_SMALL = {
  add: (np) => (a, b) => np.add(a, b),
  mul: (np) => (a, b) => np.multiply(a, b),
  sum: (np) => (a) => np.sum(a),
  exp: (np) => (a) => np.exp(a),
  matmul: (np) => (a, b) => np.matmul(a, b),
  view: () => (a) => a.reshape([8, 8]),
};
const smallOp = (np, w) => NUMPY_SMALL[SMALL_OP[w.op]](np);
// the call a small-tensor run repeats, its op looked up once
const smallCall = (np, w, [a, b]) => {
  const op = smallOp(np, w);
  return () => op(a, b);
};

// CALLS calls of one, each result freed as it is made; the last one kept to compare
function smallRun(w, inputs, free, call, read, dispose = (o) => o.dispose()) {
  let last = null;
  return {
    run() {
      for (let i = 1; i < CALLS; i++) dispose(call());
      if (last) dispose(last);
      last = call();
    },
    result: () => Array.from(read(last), Number),
    dispose() {
      if (last) dispose(last);
      free();
    },
  };
}

// wtensor's lazy graphs: the same expressions on placeholders, compiled once
export function wtLazyShapes(wt, w, inputs) {
  if (w.small) refuse('not a graph workload (one small op per call)');
  const g = wt.graph();
  const t = wtInputs(wt, w, inputs);
  const xs = t.map((x, i) => g.placeholder(x.shape, x.dtype, `x${i}`));
  const [m, s] = [shapesData.mean(), shapesData.std()].map((v) => {
    const x = wt.tensor(v);
    try {
      return g.constant(x);
    } finally {
      x.dispose();
    }
  });
  const compiled = g.compile(SHAPES_EXPR[w.op](wt, xs, m, s));
  const feeds = Object.fromEntries(t.map((x, i) => [`x${i}`, x]));
  return fresh(
    () => compiled.run(feeds),
    (o) => o.toTypedArray(),
    (o) => o.dispose(),
    () => {
      wt.dispose(t);
      compiled.dispose();
      g.dispose();
    },
    'graph.compile(...).run(feeds)',
  );
}

// the same expressions in tfjs (which has no uint8 tensors: the images are int32,
// and int32 / 255 is floor division there, so the slices are cast to float32 first)
export function tfShapes(tf, w, inputs) {
  const t = inputs.map(({ shape, data }) =>
    w.u8 ? tf.tensor(Int32Array.from(shapesData.u8(data)), shape, 'int32') : tf.tensor(data, shape),
  );
  const m = tf.tensor(shapesData.mean()),
    s = tf.tensor(shapesData.std());
  const [x, y, z] = t,
    rgb = () => tf.cast(tf.slice(x, [0, 0, 0], [-1, -1, 3]), 'float32');
  const gelu = (v) =>
    tf.mul(tf.mul(v, 0.5), tf.add(tf.tanh(tf.mul(tf.add(v, tf.mul(tf.pow(v, 3), 0.044715)), 0.7978845608028654)), 1));
  const ops = {
    cl_sub: () => tf.sub(x, m),
    cl_mul: () => tf.mul(x, 2),
    cl_u8_sub: () => tf.sub(x, m),
    cl_astype: rgb,
    cl_div: () => tf.div(rgb(), 255),
    prep: () => tf.transpose(tf.div(tf.sub(tf.div(rgb(), 255), m), s), [2, 0, 1]),
    tf_softmax: () => tf.softmax(x),
    layernorm: () => {
      const { mean, variance } = tf.moments(x, -1, true);
      return tf.add(tf.mul(tf.div(tf.sub(x, mean), tf.sqrt(tf.add(variance, 1e-5))), y), z);
    },
    gelu: () => gelu(x),
    attention: () => tf.matMul(tf.softmax(tf.div(tf.matMul(x, y, false, true), 8)), z),
    add: () => tf.add(x, y),
    mul: () => tf.mul(x, y),
    sum: () => tf.sum(x),
    exp: () => tf.exp(x),
    matmul: () => tf.matMul(x, y),
    view: () => tf.reshape(x, [8, 8]),
  };
  const free = () => [...t, m, s].forEach((v) => v.dispose());
  const note = w.u8 ? 'int32 images (tfjs has no uint8), slices cast to float32 before dividing' : undefined;
  if (w.small) return { ...smallRun(w, t, free, ops[SMALL_OP[w.op]], (o) => o.dataSync()), ...(note ? { note } : {}) };
  return fresh(
    () => tf.tidy(ops[w.op]),
    (o) => o.dataSync(),
    (o) => o.dispose(),
    free,
    note,
  );
}

// numpy-ts (npm): NumPy's spelling; softmax composed (it has none)
export function numpyTsShapes(np, w, inputs) {
  // seen here: a (2,2,4) uint8 [0..15] sliced [:, :, :3] is [[0,1,2],[4,5,6]],...; its astype gives [[0,1,2],[3,4,5]],...
  if (w.id === 'cl_astype' || w.id === 'prep')
    refuse("numpy-ts 1.7's astype of a sliced view reads its base as if contiguous (wrong values)");
  const t = inputs.map(({ shape, data }) =>
    w.u8 ? np.array(shapesData.u8(data), 'uint8').reshape(shape) : np.array(data, 'float32').reshape(shape),
  );
  const m = np.array(shapesData.mean(), 'float32'),
    s = np.array(shapesData.std(), 'float32');
  const [x, y, z] = t,
    rgb = () => x.slice(':', ':', ':3');
  const softmax = (v) => {
    const e = np.exp(np.subtract(v, np.max(v, -1, true)));
    return np.divide(e, np.sum(e, -1, true));
  };
  const ops = {
    cl_sub: () => np.subtract(x, m),
    cl_mul: () => np.multiply(x, 2),
    cl_u8_sub: () => np.subtract(x, m),
    cl_astype: () => rgb().astype('float32'),
    cl_div: () => np.divide(rgb(), 255),
    prep: () =>
      np.ascontiguousarray(
        np.transpose(np.divide(np.subtract(np.divide(rgb().astype('float32'), 255), m), s), [2, 0, 1]),
      ),
    tf_softmax: () => softmax(x),
    layernorm: () => {
      const d = np.subtract(x, np.mean(x, -1, true));
      const v = np.mean(np.multiply(d, d), -1, true);
      return np.add(np.multiply(np.divide(d, np.sqrt(np.add(v, 1e-5))), y), z);
    },
    gelu: () =>
      np.multiply(
        np.multiply(x, 0.5),
        np.add(np.tanh(np.multiply(np.add(x, np.multiply(np.power(x, 3), 0.044715)), 0.7978845608028654)), 1),
      ),
    attention: () => np.matmul(softmax(np.divide(np.matmul(x, np.swapaxes(y, -1, -2)), 8)), z),
  };
  const free = () => [...t, m, s].forEach((v) => v.dispose?.());
  const read = (o) => (typeof o === 'number' ? [o] : [o.toArray()].flat(Infinity));
  if (w.small) return smallRun(w, t, free, smallCall(np, w, t), read, (o) => o?.dispose?.());
  return fresh(ops[w.op], read, (o) => o.dispose?.(), free, 'intermediates left to the garbage collector');
}

// jax-js (npm): the float32 rows, eager or under jax.jit (each op takes its
// operands over: .ref keeps one for the next call); it has no uint8 arrays
export function jaxShapes(jax, w, inputs, jit = false) {
  const np = jax.numpy;
  if (w.u8) refuse('jax-js takes no uint8 arrays here (its Uint8Array input needs Float16Array, which Node 20 lacks)');
  const t = inputs.map(({ shape, data }) => np.array(data).reshape(shape));
  const m = np.array(shapesData.mean());
  const softmax = (x) => jax.nn.softmax(x);
  const F = {
    cl_sub: (x, mm) => np.subtract(x, mm),
    cl_mul: (x) => np.multiply(x, 2),
    tf_softmax: softmax,
    layernorm: (x, g, b) => {
      const d = np.subtract(x.ref, np.mean(x, -1, { keepdims: true }));
      const v = np.mean(np.square(d.ref), -1, { keepdims: true });
      return np.add(np.multiply(np.divide(d, np.sqrt(np.add(v, 1e-5))), g), b);
    },
    gelu: (x) =>
      np.multiply(
        np.multiply(x.ref, 0.5),
        np.add(np.tanh(np.multiply(np.add(x.ref, np.multiply(np.power(x, 3), 0.044715)), 0.7978845608028654)), 1),
      ),
    attention: (q, k, v) => np.matmul(softmax(np.divide(np.matmul(q, np.swapaxes(k, -1, -2)), 8)), v),
  };
  const fn = w.small ? smallOp(np, w) : F[w.op],
    f = jit ? jax.jit(fn) : fn;
  const args = () => (w.op === 'cl_sub' ? [t[0].ref, m.ref] : t.map((x) => x.ref));
  const free = () => [...t, m].forEach((x) => x.dispose());
  const note = jit ? 'jax.jit of the same function' : undefined;
  if (w.small)
    return {
      ...smallRun(
        w,
        t,
        free,
        () => f(...args()),
        (o) => o.dataSync(),
      ),
      ...(note ? { note } : {}),
    };
  let values = null;
  return fresh(
    async () => {
      const out = f(...args());
      values = await out.ref.data();
      return out;
    },
    () => values,
    (o) => o.dispose(),
    free,
    note,
  );
}
