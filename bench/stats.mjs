// The statistics workloads of issue 24 (cumsum, std, median, histogram,
// bincount, interp, convolve, softmax, logsumexp, atan2, hypot) for each
// engine that has them: wtensor, tfjs-wasm, numpy-ts and jax-js (npm).  The
// inputs are float32 in [-2, 2); each engine derives the same integer and
// table inputs (statsData) outside the timing.
import { fresh } from './select.mjs';

export const statsData = {
  bins: (f) => Int32Array.from(f, (v) => Math.floor((v + 2) * 25)), // 100 values
  xp: () => Float32Array.from({ length: 1000 }, (_, i) => -2 + (4 * i) / 999),
  fp: () => Float32Array.from({ length: 1000 }, (_, i) => Math.fround(Math.sin(-2 + (4 * i) / 999))),
};

const refuse = (why) => {
  throw { refused: why };
};

export function wtStats(wt, w, inputs) {
  const [a, b] = inputs.map(({ shape, data }) => wt.tensor(data, { shape }));
  const bins = wt.tensor(statsData.bins(inputs[0].data)),
    xp = wt.tensor(statsData.xp()),
    fp = wt.tensor(statsData.fp());
  const ops = {
    cumsum: () => wt.cumsum(a),
    std: () => wt.std(a, { axis: 1 }),
    median: () => wt.median(a),
    histogram: () => wt.histogram(a, { bins: 100, range: [-2, 2] }).hist,
    bincount: () => wt.bincount(bins),
    interp: () => wt.interp(a, xp, fp),
    convolve: () => wt.convolve(a, b, 'valid'),
    softmax: () => wt.softmax(a),
    logsumexp: () => wt.logsumexp(a, { axis: -1 }),
    atan2: () => wt.atan2(a, b),
    hypot: () => wt.hypot(a, b),
  };
  return fresh(
    ops[w.op],
    (out) => out.toTypedArray(),
    (out) => out.dispose(),
    () => wt.dispose([a, b, bins, xp, fp]),
  );
}

export function tfStats(tf, w, inputs) {
  const [a, b] = inputs.map(({ shape, data }) => tf.tensor(data, shape));
  const bins = tf.tensor(statsData.bins(inputs[0].data), undefined, 'int32');
  const free = () => [a, b, bins].forEach((x) => x?.dispose());
  const ops = {
    cumsum: () => tf.cumsum(a),
    std: () => tf.tidy(() => tf.sqrt(tf.moments(a, 1).variance)),
    bincount: () => tf.bincount(bins, tf.tensor([], undefined, 'float32'), 100),
    // tfjs's conv1d is a correlation: the kernel flipped outside the timing
    convolve: () =>
      tf.tidy(() => tf.conv1d(tf.reshape(a, [1, -1, 1]), tf.reshape(tf.reverse(b), [-1, 1, 1]), 1, 'valid')),
    softmax: () => tf.softmax(a),
    logsumexp: () => tf.logSumExp(a, -1),
    atan2: () => tf.atan2(a, b),
    hypot: () => tf.tidy(() => tf.sqrt(tf.add(tf.square(a), tf.square(b)))),
  };
  if (!ops[w.op]) {
    free();
    refuse(`no ${w.op} in tfjs`);
  }
  return fresh(
    ops[w.op],
    (out) => out.dataSync(),
    (out) => out.dispose(),
    free,
    w.op === 'hypot' ? 'sqrt(a² + b²): tfjs has no hypot' : undefined,
  );
}

export function numpyTsStats(np, w, inputs) {
  const [a, b] = inputs.map(({ shape, data }) => np.array(data, 'float32').reshape(shape));
  const bins = np.array(statsData.bins(inputs[0].data), 'int32');
  const xp = np.array(statsData.xp(), 'float32'),
    fp = np.array(statsData.fp(), 'float32');
  const ops = {
    cumsum: () => np.cumsum(a),
    std: () => np.std(a, 1),
    median: () => np.median(a),
    histogram: () => np.histogram(a, 100, [-2, 2])[0],
    bincount: () => np.bincount(bins),
    interp: () => np.interp(a, xp, fp),
    convolve: () => np.convolve(a, b, 'valid'),
    atan2: () => np.arctan2(a, b),
    hypot: () => np.hypot(a, b),
  };
  const free = () => [a, b, bins, xp, fp].forEach((x) => x?.dispose?.());
  const NAMES = { atan2: 'arctan2' };
  if (w.op === 'bincount') {
    free(); // seen here: each call's counts are added to the previous call's (3 calls, 3 times the counts)
    refuse("numpy-ts 1.7.0's bincount adds into its previous call's output");
  }
  if (!ops[w.op] || typeof np[NAMES[w.op] ?? w.op] !== 'function') {
    free();
    refuse(`no ${w.op} in numpy-ts`);
  }
  return fresh(
    ops[w.op],
    (out) =>
      typeof out === 'number' ? [out] : Array.isArray(out) ? out.flat(Infinity) : [out.toArray()].flat(Infinity),
    (out) => out.dispose?.(),
    free,
  );
}

export function jaxStats(jax, w, inputs) {
  const np = jax.numpy;
  const [a, b] = inputs.map(({ shape, data }) => np.array(data).reshape(shape));
  if (w.op === 'cumsum') {
    [a, b].forEach((x) => x?.dispose());
    refuse("jax-js's cumsum is quadratic in memory (cumulativeQuadratic): 4M elements exceed its 4 GiB");
  }
  const ops = {
    std: () => np.std(a.ref, 1),
    softmax: () => jax.nn.softmax(a.ref),
    logsumexp: () => jax.nn.logsumexp(a.ref, -1),
    atan2: () => np.arctan2(a.ref, b.ref),
    hypot: () => np.hypot(a.ref, b.ref),
  };
  const free = () => [a, b].forEach((x) => x?.dispose());
  const fn = {
    cumsum: np.cumsum,
    std: np.std,
    softmax: jax.nn?.softmax,
    logsumexp: jax.nn?.logsumexp,
    atan2: np.arctan2,
    hypot: np.hypot,
  }[w.op];
  if (!ops[w.op] || typeof fn !== 'function') {
    free();
    refuse(`no ${w.op} in jax-js`);
  }
  let values = null;
  return fresh(
    async () => {
      const out = ops[w.op]();
      values = await out.ref.data();
      return out;
    },
    () => values,
    (out) => out.dispose(),
    free,
  );
}
