// wt.random against NumPy's streams (tests/fixtures/random.json, made by
// gen_random.py with NumPy 2 and checked there against Debian's NumPy 1.24 for
// the streams NumPy keeps stable): every bit generator from several seeds, its
// raw words and a sequence of Generator calls whose results are compared by
// dtype, shape and a hash of their bytes; the states after; RandomState and the
// module functions; SeedSequence; jumped/advance; spawn; NumPy's errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, loadFixtures, fixtureTensor, throwsWt } from './helpers.mjs';

const fx = await loadFixtures('random');
const inNode = typeof process !== 'undefined' && !!process.versions?.node;
const camel = (s) => s.replace(/_(\w)/g, (_, c) => c.toUpperCase());

// FNV-1a over bytes, as gen_random.py's
function fnv(bytes) {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

function bytesOf(t) {
  const a = t.toTypedArray();
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

const argOf = (v) => (v !== null && typeof v === 'object' && !Array.isArray(v) && v.array ? fixtureTensor(v.array) : v);

// one call as the fixture made it (shuffles act on a fresh arange(60).reshape(6, 10), or a strided view of it)
function call(target, c) {
  const opts = Object.fromEntries(Object.entries(c.kwargs).map(([k, v]) => [camel(k), argOf(v)]));
  if (c.method === 'shuffle' || c.method === 'shuffle_view') {
    const x = wt.arange(0, 60, 1, 'int32').reshape([6, 10]);
    target.shuffle(c.method === 'shuffle' ? x : x.get('::-1', '::3'), opts);
    return x;
  }
  const args = c.args.map(argOf);
  return Object.keys(opts).length ? target[camel(c.method)](...args, opts) : target[camel(c.method)](...args);
}

function same(got, want, label) {
  if ('bytes' in want) return assert.deepEqual(Array.from(got), want.bytes, label);
  if ('scalar' in want) return assert.equal(got, want.scalar, label);
  assert.equal(got.dtype, want.dtype, `${label}: dtype`);
  assert.deepEqual([...got.shape], want.shape, `${label}: shape`);
  if (want.values) return nearlySame(got, want, label);
  const head = Array.from(got.toTypedArray().slice(0, 6));
  assert.equal(fnv(bytesOf(got)), want.hash, `${label}: the values differ from NumPy's (${head} vs ${want.head})`);
}

// values through exp/log/pow: libm's last bit is the platform's (glibc with FMA under NumPy, musl
// in wasm), so each value is NumPy's or within a few ulps of it (a power amplifies an ulp), and
// nearly all are NumPy's exactly
function nearlySame(got, want, label) {
  const eps = got.dtype === 'float32' ? 2 ** -23 : 2 ** -52;
  const vals = Array.from(got.toTypedArray());
  let exact = 0;
  vals.forEach((v, i) => {
    const w = want.values[i];
    if (v === w) return exact++;
    assert.ok(Math.abs(v - w) <= Math.abs(w) * 16 * eps, `${label}[${i}]: ${v} vs NumPy's ${w}, over 16 ulps apart`);
  });
  const off = vals.length - exact;
  assert.ok(
    off <= Math.max(1, 0.02 * vals.length),
    `${label}: ${off} of ${vals.length} values are not NumPy's exactly`,
  );
}

function runCalls(target, calls, label) {
  for (const [k, c] of calls.entries())
    wt.tidy(() => same(call(target, c), c.result, `${label} call ${k} ${c.method}(${show(c.args)})`));
}

const show = (v) => JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? `${x}n` : x)).slice(0, 60);
const seedOf = (s) => (Array.isArray(s) ? s : typeof s === 'string' ? BigInt(s.slice(0, -1)) : s);

test('every bit generator from several seeds: raw words, Generator calls and the state after match NumPy', () => {
  assert.ok(fx.generators.length >= 22);
  for (const c of fx.generators) {
    const label = `${c.kind}(${c.seed})`;
    if (c.raw) {
      const bg = new wt.random[c.kind](seedOf(c.seed));
      wt.tidy(() => same(bg.randomRaw(1000), c.raw, `${label}.randomRaw`));
    }
    const g = new wt.random.Generator(new wt.random[c.kind](seedOf(c.seed)));
    runCalls(g, c.calls, label);
    assert.deepEqual(g.bitGenerator.state, c.state, `${label}: state after`);
  }
});

test('RandomState: seeding, every legacy stream and the state after (with the cached Gaussian) match NumPy', () => {
  for (const c of fx.legacy) {
    const rs = new wt.random.RandomState(c.seed);
    assert.deepEqual(rs.getState(), c.initial, `RandomState(${c.seed}) seeded`);
    runCalls(rs, c.calls, `RandomState(${c.seed})`);
    assert.deepEqual(rs.getState(), c.state, `RandomState(${c.seed}): state after`);
  }
  // np.random.seed and the module functions share one RandomState
  const c = fx.legacy.find((l) => l.seed === 5);
  wt.random.seed(5);
  runCalls(wt.random, c.calls.slice(0, 4), 'wt.random after seed(5)');
});

test('SeedSequence.generateState matches NumPy for integer, big, list and spawned entropy', () => {
  for (const c of fx.seedseq) {
    const ss = new wt.random.SeedSequence(seedOf(c.entropy), { spawnKey: c.spawn_key, poolSize: c.pool_size });
    assert.deepEqual(Array.from(ss.generateState(10)), c.words, `SeedSequence(${c.entropy}, ${c.spawn_key})`);
    assert.deepEqual(Array.from(ss.generateState(3, 'uint64')), c.words64, `${c.entropy} as uint64`);
  }
});

test('jumped() and advance() land where NumPy lands, the buffered half cleared', () => {
  for (const c of fx.jumps) {
    const bg = new wt.random[c.kind](42);
    bg.randomRaw(3).dispose();
    new wt.random.Generator(bg).integers(0, 10, { dtype: 'uint32' });
    const nb =
      c.how === 'jumped' ? bg.jumped(c.value) : bg.advance(typeof c.value === 'string' ? BigInt(c.value) : c.value);
    assert.deepEqual(nb.state, c.state, `${c.kind}.${c.how}(${c.value})`);
    wt.tidy(() => same(nb.randomRaw(50), c.raw, `${c.kind}.${c.how}(${c.value}) then randomRaw`));
  }
  throwsWt(() => new wt.random.SFC64(1).jumped(), 'WT_EINVAL', /SFC64 cannot jump/);
  throwsWt(() => new wt.random.MT19937(1).advance(5), 'WT_EINVAL', /MT19937 cannot advance/);
  throwsWt(() => new wt.random.SFC64(1).advance(5), 'WT_EINVAL', /cannot advance/);
});

test("spawn gives NumPy's children and grandchildren", () => {
  for (const c of fx.spawn) {
    const g = new wt.random.Generator(new wt.random[c.kind](c.seed));
    const kids = g.spawn(2);
    const grand = kids[1].spawn(1)[0];
    wt.tidy(() => {
      same(g.random(4), c.parent, `${c.kind} parent`);
      kids.forEach((k, i) => same(k.random(4), c.children[i], `${c.kind} child ${i}`));
      same(grand.random(4), c.grandchild, `${c.kind} grandchild`);
    });
    assert.deepEqual(grand.bitGenerator.seedSeq.spawnKey, c.spawn_key);
  }
});

test("bad parameters are NumPy's errors, and a failed call draws nothing", () => {
  const g = wt.random.defaultRng(1);
  for (const c of fx.errors) {
    const before = g.bitGenerator.state;
    const opts = Object.fromEntries(Object.entries(c.kwargs).map(([k, v]) => [camel(k), v]));
    const words = c.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    throwsWt(() => g[camel(c.method)](...c.args, opts), 'WT_EINVAL', new RegExp(words, 'i'));
    assert.deepEqual(g.bitGenerator.state, before, `${c.method}: the generator moved on a failed call`);
  }
  throwsWt(() => g.random(3, { dtype: 'int32' }), 'WT_EDTYPE', /float64 or float32/);
  throwsWt(() => g.binomial(wt.tensor([2.5]), 0.5), 'WT_EDTYPE', /n must be an integer/); // a scalar 2.5 is 2, as NumPy's
  throwsWt(() => g.standardNormal({ size: [2, 3], out: wt.zeros([3, 2], 'float64') }), 'WT_ESHAPE', /must match out/);
  throwsWt(
    () => g.normal(0, 1, { size: [2], out: wt.zeros([2]) }),
    'WT_EINVAL',
    /'out' is not an option of Generator.normal/,
  ); // NumPy's has none
  throwsWt(() => g.shuffle(wt.broadcastTo(wt.arange(3), [2, 3])), 'WT_EREADONLY', /read-only/);
  throwsWt(() => wt.random.seed(2 ** 32), 'WT_EINVAL', /between 0 and 2\*\*32 - 1/);
  throwsWt(() => (g.bitGenerator.state = { bit_generator: 'MT19937' }), 'WT_EINVAL', /PCG64 state/);
  const mt = new wt.random.MT19937(1);
  const st = mt.state;
  throwsWt(() => (mt.state = { ...st, state: { ...st.state, pos: 625 } }), 'WT_EINVAL', /pos must be 0\.\.624/);
  assert.deepEqual(mt.state, st, 'a refused state leaves the generator as it was');
});

test('a state saved mid-stream (through JSON) replays the same numbers; out= fills in place', () => {
  for (const kind of ['PCG64', 'PCG64DXSM', 'MT19937', 'Philox', 'SFC64']) {
    const g = new wt.random.Generator(new wt.random[kind](9));
    g.integers(0, 5, { size: 3, dtype: 'uint16' }); // leaves buffered words behind
    const saved = JSON.parse(JSON.stringify(g.bitGenerator.state));
    const a = g.standardNormal(7).toArray();
    g.bitGenerator.state = saved;
    assert.deepEqual(g.standardNormal(7).toArray(), a, `${kind}: replay`);
  }
  const g = wt.random.defaultRng(3);
  const out = wt.zeros([2, 3], 'float32');
  assert.equal(g.random({ out, dtype: 'float32' }), out);
  assert.deepEqual(out.toArray(), wt.random.defaultRng(3).random([2, 3], { dtype: 'float32' }).toArray());
  // NumPy's bit generator: state strings round-trip as bigints too
  const bg = new wt.random.PCG64(1);
  const s = bg.state;
  bg.state = { ...s, state: { state: BigInt(s.state.state), inc: BigInt(s.state.inc) } };
  assert.deepEqual(bg.state, s);
});

test('shuffle works on any writable view; permuted leaves x alone; seeds without a value are fresh', () => {
  const g = wt.random.defaultRng(4);
  const x = wt.arange(0, 20, 1, 'float64').reshape([4, 5]);
  const v = x.get(':', '1::2');
  g.shuffle(v, { axis: 1 });
  assert.deepEqual(
    x.get(':', '::2').toArray(),
    wt.arange(0, 20, 1, 'float64').reshape([4, 5]).get(':', '::2').toArray(),
  );
  const y = wt.arange(6);
  const p = g.permuted(y);
  assert.deepEqual(y.toArray(), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual([...p.toArray()].sort(), [0, 1, 2, 3, 4, 5]);
  const a = wt.random.defaultRng().random(),
    b = wt.random.defaultRng().random();
  assert.notEqual(a, b, 'two unseeded generators draw from fresh entropy');
});

if (inNode) {
  const { execFileSync } = await import('node:child_process');
  const { existsSync } = await import('node:fs');
  const root = new URL('../..', import.meta.url);
  test("random programs (tests/diff/random_diff.py, a fixed seed) give NumPy's values, errors and states", () => {
    const seed = process.env.WT_RANDOM_DIFF_SEED ?? '20261124',
      count = process.env.WT_RANDOM_DIFF_COUNT ?? '150';
    const out = execFileSync('.venv/bin/python', ['tests/diff/random_diff.py', seed, count], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const programs = JSON.parse(out, (k, v) =>
      typeof v === 'string' && /^-?\d+n$/.test(v) ? BigInt(v.slice(0, -1)) : v,
    );
    let calls = 0,
      errors = 0;
    for (const [k, p] of programs.entries()) {
      const target = p.legacy
        ? new wt.random.RandomState(Number(p.seed))
        : new wt.random.Generator(new wt.random[p.kind](p.seed));
      for (const c of p.calls) {
        const label = `program ${k} (${p.kind} ${p.seed}) ${c.method}(${show(c.args)}, ${show(c.kwargs)})`;
        calls++;
        if (c.error) {
          errors++;
          assert.throws(
            () => wt.tidy(() => call(target, c)),
            (e) => e.name === 'WtError',
            `${label}: ${c.error}`,
          );
        } else wt.tidy(() => same(call(target, c), c.result, label));
      }
      assert.deepEqual(p.legacy ? target.getState() : target.bitGenerator.state, p.state, `program ${k}: state`);
    }
    assert.ok(calls > 300 && errors > 5, `${calls} calls, ${errors} of them NumPy's errors`);
  });

  test("the stable streams are Debian's NumPy 1.24's too; src/ziggurat.h and src/mt_jump.h are what their scripts make", () => {
    if (existsSync('/usr/bin/python3'))
      execFileSync('/usr/bin/python3', ['tests/fixtures/gen_random.py', '--check'], { cwd: root, stdio: 'pipe' });
    execFileSync('.venv/bin/python', ['scripts/gen-ziggurat.py', '--check'], { cwd: root, stdio: 'pipe' });
    execFileSync('.venv/bin/python', ['scripts/gen-mtjump.py', '--check'], { cwd: root, stdio: 'pipe' });
  });
}

test('hostile sizes, seeds and states are WtErrors that draw nothing', () => {
  const g = wt.random.defaultRng(1);
  const before = g.bitGenerator.state;
  const cases = [
    [() => g.random(2 ** 40), 'WT_ENOMEM', /too large/],
    [() => g.random(-1), 'WT_ESHAPE', /negative dimension/],
    [() => g.random(NaN), 'WT_EINVAL', /size must contain integers/],
    [() => g.standardNormal([2 ** 31, 2 ** 31, 4]), 'WT_ENOMEM', /more than 2\^63 elements/],
    [() => g.integers(0, 5, 2 ** 45), 'WT_ENOMEM', /too large/],
    [() => g.choice(3, 2, { p: [0.5, 0.5] }), 'WT_EINVAL', /a and p must have same size \(3 and 2\)/],
    [() => g.choice(2 ** 40, 2 ** 39, { replace: false }), 'WT_ENOMEM', /too large/],
    [() => g.permutation(2 ** 40), 'WT_ENOMEM', /too large/],
    [() => g.multinomial(5, [[0.5, 0.5]]), 'WT_EINVAL', /pvals must be 1-dimensional/],
    [() => g.bytes(-1), 'WT_EINVAL', /non-negative integer/],
    [() => wt.random.defaultRng(-1), 'WT_EINVAL', /non-negative/],
    [() => wt.random.defaultRng(1.5), 'WT_EINVAL', /must be an integer/],
    [() => (g.bitGenerator.state = { ...before, state: { state: '-5', inc: '1' } }), 'WT_EINVAL', /state\.state/],
    [
      () => (g.bitGenerator.state = { ...before, state: { state: String(2n ** 128n), inc: '1' } }),
      'WT_EINVAL',
      /128 bits/,
    ],
  ];
  for (const [fn, code, re] of cases) throwsWt(fn, code, re);
  assert.deepEqual(g.bitGenerator.state, before, 'no refused call drew anything');
  const b = new wt.random.SFC64(1);
  b.dispose();
  throwsWt(() => new wt.random.Generator(b).random(), 'WT_EDISPOSED', /disposed/);
});

// size=None with number parameters takes C's one-draw path (no tensor): the same stream and
// values as the tensor path, which 0-d tensor parameters take (NumPy returns them a 0-d array)
test('one draw without a tensor: the same stream as the tensor path, for every distribution', () => {
  const PARAMS = {
    standardGamma: [2.5],
    normal: [1, 2],
    uniform: [-1, 3],
    exponential: [2],
    gamma: [2, 3],
    beta: [2, 5],
    chisquare: [3],
    lognormal: [0, 0.5],
    laplace: [0, 2],
    logistic: [1, 2],
    gumbel: [0, 1],
    standardT: [4],
    f: [3, 7],
    pareto: [3],
    weibull: [1.5],
    power: [2],
    rayleigh: [2],
    triangular: [0, 1, 4],
    binomial: [10, 0.3],
    negativeBinomial: [5, 0.4],
    poisson: [3.5],
    geometric: [0.3],
    logseries: [0.6],
    wald: [1, 2],
    noncentralChisquare: [3, 1.5],
    noncentralF: [3, 7, 2],
    zipf: [2.5],
    random: [],
    standardNormal: [],
    standardExponential: [],
    standardCauchy: [],
  };
  const fast = wt.random.defaultRng(46),
    slow = wt.random.defaultRng(46);
  for (let round = 0; round < 3; round++)
    for (const [name, ps] of Object.entries(PARAMS)) {
      const a = fast[name](...ps);
      const t = ps.length
        ? slow[name](...ps.map((p, k) => wt.tensor(p, { dtype: name === 'binomial' && !k ? 'int64' : 'float64' })))
        : slow[name]({ size: [] });
      const b = t.item();
      assert.equal(typeof a, typeof b, `${name}: a ${typeof b}`);
      assert.ok(Object.is(a, b), `${name} draw ${round}: ${a} vs ${b}`);
    }
  const fi = wt.random.defaultRng(7),
    si = wt.random.defaultRng(7),
    legacyF = new wt.random.RandomState(7),
    legacyS = new wt.random.RandomState(7);
  for (const [lo, hi, o] of [
    [0, 10, {}],
    [-5, 5, { dtype: 'int8' }],
    [0, 1, { dtype: 'bool', endpoint: true }],
    [0, 2 ** 40, { dtype: 'uint64' }],
    [3n, 2n ** 62n, {}],
  ]) {
    for (let k = 0; k < 5; k++) {
      assert.ok(
        Object.is(fi.integers(lo, hi, o), si.integers(lo, hi, { ...o, size: [] }).item()),
        `integers(${lo}, ${hi})`,
      );
      if (!o.endpoint && !o.dtype)
        assert.ok(Object.is(legacyF.randint(lo, hi), legacyS.randint(lo, hi, []).item()), `randint(${lo}, ${hi})`);
    }
  }
  assert.throws(() => fi.integers(5, 2), /low|high|empty/);
  assert.throws(() => fast.normal(0, -1), /scale/);
  assert.throws(() => fast.binomial(2.5, 0.5), /n must be an integer/);
});
