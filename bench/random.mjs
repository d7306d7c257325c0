// The random-number workloads of issue 25 (standardNormal float64/float32,
// random, integers into int32, choice without replacement, permutation) for
// each engine that has them: wtensor (PCG64), numpy-ts and jax-js (npm), and
// seedrandom (npm) in plain JS loops, the way JS code draws today.  Streams
// differ between engines (NumPy's own agrees with wtensor's bit for bit, which
// tests/js/random.test.mjs checks), so the results compared are properties every
// engine's draws must have (summary).
import { fresh } from './select.mjs';

const N = (w) => w.inputs[0].reduce((a, b) => a * b, 1);
// What every engine's draws must satisfy, as 1s (0 where they fail): ranges, a permutation's
// sum, and moments within six standard errors of the distribution's (so at any size, for any
// correct generator; the streams themselves differ between engines).
export function summary(op, values) {
  let n = 0,
    sum = 0,
    sq = 0,
    lo = Infinity,
    hi = -Infinity;
  for (const x of values) {
    const v = Number(x);
    (n++, (sum += v), (sq += v * v));
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const mean = sum / n,
    sd = Math.sqrt(sq / n - mean * mean),
    near = (x, want, spread) => +(Math.abs(x - want) <= (6 * spread) / Math.sqrt(n));
  if (op === 'permutation' || op === 'choice') return [+(sum === (n * (n - 1)) / 2), +(lo === 0), +(hi === n - 1)];
  if (op === 'integers') return [+(lo >= 0 && hi <= 999), near(mean, 499.5, 289)];
  if (op === 'random') return [+(lo >= 0 && hi < 1), near(mean, 0.5, 0.29), near(sd, Math.sqrt(1 / 12), 0.3)];
  return [near(mean, 0, 1), near(sd, 1, 1)];
}

export function wtRandom(wt, w) {
  const rng = wt.random.defaultRng(1),
    n = N(w);
  const ops = {
    normal64: () => rng.standardNormal(n),
    normal32: () => rng.standardNormal(n, { dtype: 'float32' }),
    random: () => rng.random(n),
    integers: () => rng.integers(0, 1000, n, { dtype: 'int32' }),
    choice: () => rng.choice(n, n, { replace: false }),
    permutation: () => rng.permutation(n),
  };
  return fresh(
    ops[w.op],
    (out) => summary(w.op, out.toTypedArray()),
    (out) => out.dispose(),
    () => rng.bitGenerator.dispose(),
  );
}

export function numpyTsRandom(np, w) {
  const rng = np.random.default_rng(1),
    n = N(w);
  const ops = {
    normal64: () => rng.standard_normal([n]),
    normal32: () => rng.standard_normal([n], 'float32'),
    random: () => rng.random([n]),
    integers: () => rng.integers(0, 1000, [n], 'int32'),
    choice: () => rng.choice(n, [n], false),
    permutation: () => rng.permutation(n),
  };
  return fresh(
    ops[w.op],
    (out) => summary(w.op, out.toArray().flat(Infinity)),
    (out) => out.dispose?.(),
    () => {},
    { normal32: 'numpy-ts 1.7 has no float32 draws: float64', integers: 'numpy-ts 1.7 draws int64 whatever the dtype' }[
      w.op
    ],
  );
}

export function jaxRandom(jax, w) {
  const r = jax.random,
    n = N(w);
  let key = r.key(1),
    values = null;
  const next = () => {
    const [a, b] = r.split(key);
    key = b;
    return a;
  };
  const ops = {
    normal64: () => r.normal(next(), [n]),
    normal32: () => r.normal(next(), [n]),
    random: () => r.uniform(next(), [n]),
    integers: () => r.randint(next(), { minval: 0, maxval: 1000, shape: [n] }),
    choice: () => r.choice(next(), n, { shape: [n], replace: false }),
    permutation: () => r.permutation(next(), n),
  };
  if (!ops[w.op]) throw { refused: `no ${w.op} in jax-js` };
  return fresh(
    async () => {
      const out = ops[w.op]();
      values = await out.ref.data();
      return out;
    },
    () => summary(w.op, values),
    (out) => out.dispose(),
    () => key.dispose?.(),
    w.op === 'normal64' ? "jax-js's default float: float32" : undefined,
  );
}

// seedrandom (npm): the JS loops NumPy-less code writes, Box-Muller for the normal
export function jsLoopRandom(seedrandom, w) {
  const rng = seedrandom('1'),
    n = N(w);
  const normals = (A) => () => {
    const a = new A(n);
    for (let i = 0; i < n; i += 2) {
      const u = 1 - rng(),
        v = rng(),
        m = Math.sqrt(-2 * Math.log(u));
      a[i] = m * Math.cos(2 * Math.PI * v);
      if (i + 1 < n) a[i + 1] = m * Math.sin(2 * Math.PI * v);
    }
    return a;
  };
  const shuffled = (k) => {
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = i;
    for (let i = n - 1; i >= n - k && i > 0; i--) {
      const j = Math.floor(rng() * (i + 1)),
        t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
    return a;
  };
  const ops = {
    normal64: normals(Float64Array),
    normal32: normals(Float32Array),
    random: () => Float64Array.from({ length: n }, () => rng()),
    integers: () => Int32Array.from({ length: n }, () => Math.floor(rng() * 1000)),
    choice: () => shuffled(n),
    permutation: () => shuffled(n),
  };
  return fresh(
    ops[w.op],
    (out) => summary(w.op, out),
    () => {},
    () => {},
  );
}
