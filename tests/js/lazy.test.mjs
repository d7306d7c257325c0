// Lazy tensors: every node kind against the eager API, build-time inference
// errors naming the node, fused passes on random expression DAGs (bit-identical
// elementwise, reductions within summation-order tolerance), the memory plan,
// variables across runs, the no-temporary guarantee, and save/load.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, WtError, throwsWt } from './helpers.mjs';

const values = (t) => Array.from(t.contiguous().toTypedArray(), Number);

// the same bits (NaN equal to NaN, -0 distinct from 0)
function assertSameTensor(got, want, label) {
  assert.equal(got.dtype, want.dtype, `${label}: dtype`);
  assert.deepEqual([...got.shape], [...want.shape], `${label}: shape`);
  const g = values(got),
    w = values(want);
  g.forEach((v, i) => {
    if (!Object.is(v, w[i])) assert.fail(`${label}: element ${i} is ${v}, eager gives ${w[i]}`);
  });
}

function assertClose(got, want, rel, label) {
  assert.equal(got.dtype, want.dtype, `${label}: dtype`);
  assert.deepEqual([...got.shape], [...want.shape], `${label}: shape`);
  const g = values(got),
    w = values(want);
  const scale = Math.max(1, ...w.filter(Number.isFinite).map(Math.abs));
  g.forEach((v, i) => {
    const ok = Object.is(v, w[i]) || (Number.isNaN(v) && Number.isNaN(w[i])) || Math.abs(v - w[i]) <= rel * scale;
    if (!ok) assert.fail(`${label}: element ${i} is ${v}, eager gives ${w[i]}`);
  });
}

test('the kinds of tensors: readOnly r-tensors and writable l-tensors', () => {
  const g = wt.graph();
  const c = g.constant([1, 2, 3], { name: 'c' }),
    p = g.placeholder([3], 'float32', 'p');
  const v = g.variable(wt.ones([3]), { name: 'v' });
  g.variable(0, { name: 'frozen', trainable: false });
  const s = g.persistentTensor([2], 'int32', { name: 's', init: 7 });
  assert.deepEqual([c.kind, p.kind, v.kind, s.kind], ['constant', 'placeholder', 'variable', 'persistent']);
  assert.deepEqual(
    [c.readOnly, p.readOnly, v.readOnly, s.readOnly, c.add(p).readOnly],
    [true, true, false, false, true],
  );
  assert.deepEqual([c.dtype, p.dtype, v.dtype, s.dtype], ['int32', 'float32', 'float64', 'int32']);
  assert.deepEqual(
    g.variables().map((n) => n.name),
    ['v', 'frozen', 's'],
  );
  assert.deepEqual(
    g.variables({ trainable: true }).map((n) => n.name),
    ['v'],
  );
  assert.deepEqual(
    g.placeholders().map((n) => n.name),
    ['p'],
  );
  assert.equal(g.node('s'), s);
  assert.deepEqual(s.read().toArray(), [7, 7]);
  throwsWt(() => s.read().assign(1), 'WT_EREADONLY'); // read() is a read-only view
  throwsWt(() => c.assign(1), 'WT_EREADONLY', /'c'.*constant/);
  throwsWt(() => c.add(1).assign(1), 'WT_EREADONLY');
  throwsWt(() => c.read(), 'WT_EREADONLY');
  throwsWt(() => g.constant(1, { name: 'c' }), 'WT_EINVAL', /already has a node named 'c'/);
  // a constant is a private copy: writing the source later changes nothing
  const src = wt.tensor([5, 6]);
  const k = g.constant(src);
  src.assign(0);
  assert.deepEqual(g.compile(k.mul(1)).run().toArray(), [5, 6]);
  g.dispose();
  assert.ok(c.isDisposed && v.isDisposed);
  throwsWt(() => g.compile(c.add(1)), 'WT_EDISPOSED', /'c'/);
});

test('every operation family equals the eager call', () => {
  const g = wt.graph();
  const A = wt.arange(24, null, 1, 'float32').reshape([2, 3, 4]),
    B = wt.linspace(-1, 1, 4, { dtype: 'float64' }),
    I = wt.arange(12).reshape([3, 4]);
  const a = g.placeholder([2, 3, 4], 'float32', 'a'),
    b = g.placeholder([4], 'float64', 'b'),
    i = g.placeholder([3, 4], 'int32', 'i');
  const feeds = { a: A, b: B, i: I };
  const cases = {
    unary: [(x) => x.sqrt(), 'a'],
    binary: [(x, y) => x.sub(y), 'ab'],
    ternary: [(x, y, z) => wt.where(x.less(5), y, z), 'abi'],
    clip: [(x) => x.clip(2, 9), 'a'],
    fma: [(x, y) => x.fma(y, 2), 'ab'],
    weak: [(x) => x.mul(2.5).add(true), 'a'],
    alphaBeta: [(x, y) => wt.binary('add', x, y, { alpha: 2, beta: -1 }), 'ab'],
    unaryByName: [(x) => wt.unary('negative', x), 'i'],
    astype: [(x) => x.astype('int16'), 'a'],
    astypeOfSlice: [(x) => x.slice('::-1, :, 1:3').astype('uint8'), 'a'], // a one-cast pass, runs whole
    unaryOfSlice: [(x) => x.slice(':, ::2').sqrt(), 'i'], // a one-op pass, runs whole
    copy: [(x) => x.copy(), 'i'],
    contiguous: [(x) => x.T.contiguous(), 'a'],
    sum: [(x) => x.sum({ axis: [0, 2], keepdims: true }), 'a'],
    prod: [(x) => x.prod(1), 'i'],
    max: [(x) => x.max(), 'a'],
    min: [(x) => x.min({ axis: -1 }), 'i'],
    mean: [(x) => x.mean(0), 'i'],
    sumDtype: [(x) => x.mul(1e9).sum({ axis: 0, dtype: 'int64' }), 'i'], // past int32, exact in int64
    meanDtype: [(x) => x.mean({ dtype: 'float64' }).add(1), 'a'],
    prodDtype: [(x) => x.prod({ axis: 1, dtype: 'int8' }), 'i'],
    any: [(x) => x.greater(20).any(1), 'a'],
    all: [(x) => x.all(), 'i'],
    argmax: [(x) => x.argmax({ axis: 1 }), 'a'],
    argmin: [(x) => x.argmin(), 'i'],
    slice: [(x) => x.slice('1:, ::-2'), 'i'],
    transpose: [(x) => x.transpose([2, 0, 1]), 'a'],
    swapaxes: [(x) => x.swapaxes(0, 1), 'a'],
    reshape: [(x) => x.reshape([4, -1]), 'a'],
    reshapeOfT: [(x) => x.T.reshape([-1]), 'i'],
    broadcastTo: [(x) => x.broadcastTo([2, 4]), 'b'],
    expandDims: [(x) => x.expandDims(1), 'b'],
    squeeze: [(x) => x.reshape([1, 3, 4]).squeeze(), 'i'],
    diagonal: [(x) => x.diagonal(1), 'a'],
    flatten: [(x) => x.flatten(), 'a'],
    ravel: [(x) => x.T.ravel(), 'a'],
    T: [(x) => x.T, 'i'],
    matmul: [(x, y) => x.matmul(y), 'ab'],
    matmulFree: [(x, y) => wt.matmul(y, x), 'bi'],
    einsum: [(x, y) => wt.einsum('ijk,k->ji', x, y), 'ab'],
    einsumTrace: [(x) => wt.einsum('ii', x.slice(':, :3')), 'i'],
    viewsOfFused: [(x, y) => x.mul(y).T.sum(0), 'ab'],
    freeFunctions: [(x, y) => wt.sum(wt.sub(wt.transpose(x), 2), { axis: 0 }).add(wt.mean(y)), 'ib'],
  };
  for (const [label, [f, names]] of Object.entries(cases)) {
    const lazyArgs = [...names].map((n) => ({ a, b, i })[n]),
      eagerArgs = [...names].map((n) => feeds[n]);
    const node = f(...lazyArgs);
    assert.ok(node instanceof wt.LazyTensor, `${label}: a node`);
    const want = f(...eagerArgs);
    assert.equal(node.dtype, want.dtype, `${label}: inferred dtype`);
    assert.deepEqual([...node.shape], [...want.shape], `${label}: inferred shape`);
    const got = g.compile(node).run(feeds);
    assertClose(got, want, 1e-6, label);
    got.dispose();
    want.dispose();
  }
});

test('shape and dtype errors at build time name the node and its inputs', () => {
  const g = wt.graph();
  const x = g.placeholder([4, 3], 'float32', 'x'),
    f = g.placeholder([5], 'bool', 'flags');
  throwsWt(
    () => x.add(g.placeholder([4], 'float32', 'y')),
    'WT_ESHAPE',
    /lazy add\('x' \(float32 \(4,3\)\), 'y' \(float32 \(4,\)\)\): .*broadcast/,
  );
  throwsWt(() => f.sub(f), 'WT_EDTYPE', /lazy subtract\('flags'.*not supported for bool/);
  throwsWt(() => x.sum({ axis: 2 }), 'WT_EINVAL', /lazy sum\('x'.*axis/);
  throwsWt(() => x.max({ axis: [0, 0] }), 'WT_EINVAL', /lazy max\('x'.*duplicate/);
  throwsWt(() => g.placeholder([0], 'float32', 'e').max(), 'WT_EINVAL', /lazy max\('e'.*zero-size/);
  throwsWt(() => x.argmax({ axis: [0, 1] }), 'WT_EINVAL', /lazy argmax.*one axis/);
  throwsWt(() => x.matmul(x), 'WT_ESHAPE', /lazy matmul\('x'.*do not align/);
  throwsWt(() => wt.einsum('ij,jk->ik', x, x), 'WT_ESHAPE', /lazy einsum 'ij,jk->ik'/);
  throwsWt(() => wt.einsum('ij->q', x), 'WT_EINVAL', /lazy einsum/);
  throwsWt(() => x.reshape([5, -1]), 'WT_ESHAPE', /lazy reshape\('x'/);
  throwsWt(() => x.slice('0, 9'), 'WT_EINDEX', /lazy slice\('x'/);
  throwsWt(() => x.transpose([0, 0]), 'WT_EINVAL', /lazy transpose/);
  throwsWt(() => x.astype('float8'), 'WT_EDTYPE', /lazy astype/);
  throwsWt(() => g.placeholder([-2], 'float32'), 'WT_ESHAPE', /placeholder/);
  throwsWt(() => g.placeholder([2], 'bfloat16'), 'WT_EDTYPE');
  throwsWt(() => x.add(1, { out: wt.zeros([4, 3]) }), 'WT_EINVAL', /eager option/);
  throwsWt(() => x.sum({ out: wt.zeros([]) }), 'WT_EINVAL', /eager option/);
  throwsWt(() => wt.graph().placeholder([1], 'float32', 'z').add(x), 'WT_EINVAL', /belongs to another graph/);
  throwsWt(
    () => g.variable(wt.zeros([3])).assign(x),
    'WT_ESHAPE',
    /assign to.*\(4,3\) cannot be assigned to shape \(3,\)/,
  );
  throwsWt(() => wt.assign(wt.zeros([2]), x), 'WT_EINVAL', /lazy variable/);
  throwsWt(() => g.compile([]), 'WT_EINVAL', /no outputs/);
  throwsWt(() => g.compile([x, 3]), 'WT_EINVAL', /output 1/);
  // run-time checks of what is fed
  const run = g.compile(x.mul(2));
  throwsWt(() => run.run({}), 'WT_EINVAL', /'x' \(float32 \(4,3\)\) was not fed/);
  throwsWt(() => run.run({ x: wt.zeros([4, 3]) }), 'WT_EDTYPE', /fed a float64 tensor/);
  throwsWt(() => run.run({ x: wt.zeros([3, 4], 'float32') }), 'WT_ESHAPE', /fed a float32 tensor of shape \(3,4\)/);
  throwsWt(() => run.run({ x: wt.zeros([4, 3], 'float32'), q: 1 }), 'WT_EINVAL', /no placeholder named 'q'.*'x'/);
  throwsWt(() => run.run(null), 'WT_EINVAL', /feeds must be an object/);
  // feeds may be plain arrays: converted to the placeholder's dtype
  assert.deepEqual(
    run
      .run({
        x: [
          [1, 2, 3],
          [4, 5, 6],
          [7, 8, 9],
          [0, 0, 0],
        ],
      })
      .toArray()[1],
    [8, 10, 12],
  );
});

// ---- fusion on random expression DAGs -------------------------------------------

const DTYPES = ['float32', 'float64', 'int32', 'uint8', 'bool'];
const UNARY = [
  'neg',
  'abs',
  'exp',
  'sqrt',
  'square',
  'tanh',
  'relu',
  'floor',
  'isnan',
  'logicalNot',
  'sigmoid',
  'sign',
];
const BINARY = [
  'add',
  'sub',
  'mul',
  'div',
  'floorDiv',
  'mod',
  'maximum',
  'minimum',
  'less',
  'equal',
  'logicalAnd',
  'pow',
];

function rng(seed) {
  return () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
}

// a recipe: steps applied alike to eager tensors and lazy nodes through wt.*
function randomRecipe(rnd, nleaves) {
  const steps = [],
    pick = (n) => Math.floor(rnd() * n);
  const count = 1 + pick(9);
  for (let s = 0; s < count; s++) {
    const avail = nleaves + s,
      kind = rnd();
    // mostly chains on the newest value, sometimes a value used twice
    const arg = () => (rnd() < 0.6 ? avail - 1 : pick(avail));
    if (kind < 0.3) steps.push(['unary', UNARY[pick(UNARY.length)], arg()]);
    else if (kind < 0.75)
      steps.push([
        'binary',
        BINARY[pick(BINARY.length)],
        arg(),
        rnd() < 0.25 ? { scalar: [2, 0.5, -3, 7][pick(4)] } : arg(),
      ]);
    else if (kind < 0.85) steps.push(['where', arg(), arg(), arg()]);
    else if (kind < 0.92) steps.push(['astype', DTYPES[pick(5)], arg()]);
    else steps.push(['view', arg()]);
  }
  const reduce = rnd() < 0.5 ? ['sum', 'max', 'min', 'mean', 'any', 'all', 'prod'][pick(7)] : null;
  return { steps, reduce, axis: rnd() < 0.5 ? null : [0] };
}

function apply(recipe, leaves) {
  const vals = [...leaves];
  for (const st of recipe.steps) {
    const v = (k) => (typeof k === 'object' ? k.scalar : vals[k]);
    if (st[0] === 'unary') vals.push(wt[st[1]](v(st[2])));
    else if (st[0] === 'binary') vals.push(wt[st[1]](v(st[2]), v(st[3])));
    else if (st[0] === 'where') vals.push(wt.where(v(st[1]).astype('bool'), v(st[2]), v(st[3])));
    else if (st[0] === 'astype') vals.push(v(st[2]).astype(st[1]));
    else vals.push(v(st[1]).slice('::-1')); // a view (reversed rows) of any value
  }
  let out = vals[vals.length - 1];
  // several outputs: the last value, its reduction, and an earlier value
  const outs = [out];
  if (recipe.reduce) outs.push(wt[recipe.reduce](out, { axis: recipe.axis }));
  outs.push(vals[leaves.length + Math.floor(recipe.steps.length / 2)]);
  return outs;
}

test('fused graphs equal eager evaluation on 300 random expression DAGs in every dtype', () => {
  const rnd = rng(20261123);
  let fusedSteps = 0,
    checked = 0;
  for (let trial = 0; trial < 300; trial++) {
    const g = wt.graph();
    const nleaves = 2 + Math.floor(rnd() * 3);
    const rows = 1 + Math.floor(rnd() * 4),
      cols = [1, 7, 513, 1100][Math.floor(rnd() * 4)];
    const feeds = {},
      placeholders = [],
      eager = [];
    for (let k = 0; k < nleaves; k++) {
      const dtype = DTYPES[Math.floor(rnd() * 5)],
        shape = rnd() < 0.3 ? [cols] : rnd() < 0.2 ? [rows, 1] : [rows, cols];
      const n = shape.reduce((a, b) => a * b, 1);
      const data = Array.from({ length: n }, () =>
        rnd() < 0.05 ? [NaN, Infinity, -0][Math.floor(rnd() * 3)] : Math.round((rnd() - 0.4) * 20) / 4,
      );
      const t = wt.tensor(data, { dtype: 'float64', shape }).astype(dtype);
      feeds[`p${k}`] = t;
      eager.push(t);
      placeholders.push(g.placeholder(shape, dtype, `p${k}`));
    }
    const recipe = randomRecipe(rnd, nleaves);
    let wantOuts;
    try {
      wantOuts = wt.tidy(() => apply(recipe, eager).map((t) => t.copy()));
    } catch (e) {
      // eager refuses (a dtype or shape error): lazy must refuse the same way, at build time
      assert.ok(e instanceof WtError, e.message);
      assert.throws(
        () => apply(recipe, placeholders),
        (le) => le instanceof WtError && le.code === e.code && le.message.includes(e.message),
      );
      eager.forEach((t) => t.dispose());
      continue;
    }
    const nodes = apply(recipe, placeholders);
    const compiled = g.compile(nodes);
    fusedSteps += compiled.memoryPlan().steps.filter((s) => s.kind === 'fuse').length;
    const got = compiled.run(feeds);
    got.forEach((t, k) => {
      const label = `trial ${trial} output ${k} (${JSON.stringify(recipe)})`;
      const isReduction = recipe.reduce && k === 1;
      if (isReduction && ['float32', 'float64'].includes(wantOuts[k].dtype)) assertClose(t, wantOuts[k], 1e-5, label);
      else if (isReduction && recipe.reduce === 'mean') assertClose(t, wantOuts[k], 1e-12, label);
      else assertSameTensor(t, wantOuts[k], label); // elementwise passes, and integer reductions: the same bits
      checked++;
    });
    compiled.dispose();
    wt.dispose([got, wantOuts, eager]);
  }
  assert.ok(checked > 500, `${checked} outputs checked`);
  assert.ok(fusedSteps > 300, `${fusedSteps} fused passes`);
});

test('one pass per fused chain; a value read by two passes is materialized once; slabs are reused', () => {
  const g = wt.graph();
  const x = g.placeholder([64, 64], 'float32', 'x'),
    y = g.placeholder([64, 64], 'float32', 'y');
  // sum((x - y)^2): one fused pass, no slab
  const plan1 = g.compile(x.sub(y).square().sum()).memoryPlan();
  assert.deepEqual(
    plan1.steps.map((s) => [s.kind, s.fused]),
    [['fuse', ['sub_2', 'square_3', 'sum_4']]],
  );
  assert.equal(plan1.slabBytes, 0);
  // d = x - y read by two reductions: d is computed once into a slab, each reduction reads it
  const d = x.sub(y, undefined);
  const twoReads = g.compile([d.abs().max(), d.square().mean()]).memoryPlan();
  assert.deepEqual(
    twoReads.steps.map((s) => [s.kind, s.node, s.leaves]),
    [
      ['fuse', d.name, ['x', 'y']],
      ['fuse', 'max_7', [d.name]],
      ['fuse', 'mean_9', [d.name]],
    ],
  );
  assert.deepEqual(twoReads.values, [{ node: d.name, bytes: 64 * 64 * 4, slab: 0, from: 0, to: 2 }]);
  // a chain through two matmuls: both materialized operands share one slab (the first is dead when the second is made)
  const w = g.constant(wt.eye(64, 64, 0, 'float32'), { name: 'w' });
  const h1 = x.mul(2).matmul(w),
    h2 = h1.add(1).matmul(w),
    out = h2.relu();
  const chain = g.compile(out);
  const plan = chain.memoryPlan();
  assert.deepEqual(
    plan.steps.map((s) => s.kind),
    ['fuse', 'call', 'fuse', 'call', 'fuse'],
  );
  assert.equal(plan.slabs.length, 1);
  assert.equal(plan.slabBytes, 64 * 64 * 4);
  assert.equal(plan.unsharedBytes, 2 * 64 * 64 * 4);
  assert.deepEqual(
    plan.values.map((v) => [v.slab, v.from, v.to]),
    [
      [0, 0, 1],
      [0, 2, 3],
    ],
  );
  const X = wt.tidy(() => wt.arange(4096, null, 1, 'float32').reshape([64, 64]).div(100));
  const got = chain.run({ x: X, y: X });
  const want = wt.tidy(() =>
    X.mul(2)
      .matmul(wt.eye(64, 64, 0, 'float32'))
      .add(1)
      .matmul(wt.eye(64, 64, 0, 'float32'))
      .relu(),
  );
  assertSameTensor(got, want, 'chain through the slab');
  // twice: the slab is reused across runs and results stay right
  assertSameTensor(chain.run({ x: X, y: X }), want, 'second run');
  wt.dispose([X, got, want]);
});

test('variables persist across runs: SGD written once, run many times, equals the eager loop', () => {
  const g = wt.graph();
  const X = wt.tidy(() => wt.linspace(-1, 1, 64, { dtype: 'float32' }).reshape([16, 4]));
  const trueW = wt.tensor([[1.5], [-2], [0.5], [3]], { dtype: 'float32' });
  const Y = X.matmul(trueW);
  const x = g.placeholder([16, 4], 'float32', 'x'),
    y = g.placeholder([16, 1], 'float32', 'y');
  const w = g.variable(wt.zeros([4, 1], 'float32'), { name: 'w' });
  const steps = g.persistentTensor([], 'int32', { name: 'steps' });
  const err = x.matmul(w).sub(y);
  const loss = err.square().mean();
  const grad = x.T.matmul(err).mul(2 / 16);
  const lr = 0.3;
  const train = g.compile({ loss, w: w.assign(w.sub(grad.mul(lr))), steps: steps.assign(steps.add(1)) });
  // the same arithmetic eagerly
  let we = wt.zeros([4, 1], 'float32');
  const losses = [];
  for (let it = 0; it < 60; it++) {
    const r = train.run({ x: X, y: Y });
    const [le, wn] = wt.tidy(() => {
      const e = X.matmul(we).sub(Y);
      return [
        e.square().mean(),
        we.sub(
          X.T.matmul(e)
            .mul(2 / 16)
            .mul(lr),
        ),
      ];
    });
    assertSameTensor(r.loss, le, `loss at step ${it}`); // the loss reads w before the update
    assertSameTensor(r.w, wn, `w after step ${it}`);
    losses.push(r.loss.item());
    we.dispose();
    we = wn;
    assert.equal(r.steps.item(), it + 1);
    wt.dispose([r, le]);
  }
  assert.ok(losses[59] < losses[0] / 100, `loss ${losses[0]} -> ${losses[59]}`);
  assertSameTensor(w.read(), we, 'the variable holds the last update');
  // updates see the values of the start of the run: a swap needs no temporary in user code
  const a = g.variable(wt.tensor([1, 2]), { name: 'a' }),
    b = g.variable(wt.tensor([3, 4]), { name: 'b' });
  const swap = g.compile([a.assign(b), b.assign(a.mul(10))]);
  const [na, nb] = swap.run();
  assert.deepEqual(
    [na.toArray(), nb.toArray(), a.read().toArray(), b.read().toArray()],
    [
      [3, 4],
      [10, 20],
      [3, 4],
      [10, 20],
    ],
  );
  throwsWt(() => g.compile([a.assign(1), a.assign(2)]), 'WT_EINVAL', /'a' is assigned twice/);
  // outputs never alias storage: the variable's value returned is a copy
  const read = g.compile(a).run();
  read.assign(0);
  assert.deepEqual(a.read().toArray(), [3, 4]);
  // load() sets storage eagerly, with casting and broadcasting
  a.load(7.9);
  assert.deepEqual(a.read().toArray(), [7, 7]);
  wt.dispose([X, trueW, Y, we]);
});

test('sum((x - y)^2) on 16M float32 allocates no buffer of n elements and equals the eager result', () => {
  const n = 2 ** 24;
  const X = wt.tidy(() => wt.arange(n, null, 1, 'float32').mul(1 / n)),
    Y = wt.tidy(() => X.mul(0.5).add(0.25));
  const g = wt.graph();
  const x = g.placeholder([n], 'float32', 'x'),
    y = g.placeholder([n], 'float32', 'y');
  const compiled = g.compile(x.sub(y).square().sum());
  const before = wt.memory().bytesInUse;
  wt.resetPeak();
  const got = compiled.run({ x: X, y: Y });
  const extra = wt.memory().peakBytes - before;
  assert.ok(extra < 1 << 20, `the fused pass used ${extra} bytes beyond its operands`);
  wt.resetPeak();
  const want = wt.tidy(() => X.sub(Y).square().sum());
  const eagerExtra = wt.memory().peakBytes - before;
  assert.ok(eagerExtra >= 2 * 4 * n, `eager needs its temporaries (${eagerExtra} bytes)`);
  // float32 sums in different orders: within a few ulps of the total
  assertClose(got, want, 1e-5, 'sum of squares');
  const exact = (() => {
    let s = 0;
    for (let i = 0; i < n; i += 997) s += ((i / n) * 0.5 - 0.25) ** 2;
    return s * 997;
  })();
  assert.ok(Math.abs(got.item() - exact) / exact < 1e-3, `${got.item()} vs ${exact}`);
  wt.dispose([X, Y, got, want]);
  compiled.dispose();
});

test('save and load: JSON plus .npy blobs, every node checked again', () => {
  const g = wt.graph();
  const x = g.placeholder([3, 4], 'float32', 'x');
  const c = g.constant(wt.tensor([[1], [2], [3]], { dtype: 'float32' }), { name: 'c' });
  const v = g.variable(wt.full([4], 0.5, 'float32'), { name: 'v' });
  const p = g.persistentTensor([], 'float64', { name: 'count', init: 2 });
  const outs = {
    y: x.mul(c).add(v).T.sum({ axis: 1, keepdims: true }),
    e: wt.einsum('ij,j->i', x, v),
    m: x.matmul(v.reshape([4, 1])).argmax(),
    nan: x.div(0).isnan().any(),
    wide: x.astype('int32').mul(1e9).sum({ dtype: 'int64' }), // a reduction's own dtype= survives the file
    sm: wt.softmax(x.mul(v), { axis: 0 }), // a call node (kind 'fn')
    ls: wt.logSoftmax(x.astype('int32')),
    upd: v.assign(v.add(Infinity).minimum(NaN)),
    n: p.assign(p.mul(3)),
  };
  const compiled = g.compile(outs);
  const { json, blobs } = compiled.save();
  assert.deepEqual(Object.keys(blobs).sort(), ['c.npy', 'count.npy', 'v.npy']);
  JSON.parse(json);
  const loaded = wt.loadGraph(json, blobs);
  const X = wt.tidy(() => wt.arange(12, null, 1, 'float32').reshape([3, 4]));
  const a = compiled.run({ x: X }),
    b = loaded.run({ x: X });
  for (const k of Object.keys(outs)) assertSameTensor(b[k], a[k], k);
  assert.deepEqual(
    loaded.graph.variables().map((n) => n.name),
    ['v', 'count'],
  );
  // the loaded graph has its own storage: running one leaves the other alone
  assert.equal(p.read().item(), 6);
  assert.equal(loaded.graph.node('count').read().item(), 6);
  loaded.run({ x: X });
  assert.equal(loaded.graph.node('count').read().item(), 18);
  assert.equal(p.read().item(), 6);
  // hostile documents are WtErrors
  const doc = JSON.parse(json);
  const bad = [
    ['{', /does not parse/],
    [JSON.stringify({ format: 'x' }), /not a wtensor graph/],
    [JSON.stringify({ ...doc, nodes: [{ kind: 'ewise', op: 'add', inputs: [5, 6] }] }), /not an earlier node/],
    [JSON.stringify({ ...doc, nodes: [{ kind: 'magic' }] }), /unknown kind/],
    [
      JSON.stringify({ ...doc, nodes: doc.nodes.map((n) => (n.kind === 'fn' ? { ...n, op: 'eval' } : n)) }),
      /no graph node calls 'eval'/,
    ],
    [
      JSON.stringify({ ...doc, nodes: doc.nodes.map((n) => (n.kind === 'placeholder' ? { ...n, shape: [3, 5] } : n)) }),
      /'mul_4'\) is float32 \(3,5\), the file says float32 \(3,4\)/,
    ],
    [JSON.stringify({ ...doc, outputs: [['y', 999]] }), /output "y" refers to 999/],
  ];
  for (const [text, re] of bad)
    assert.throws(
      () => wt.loadGraph(text, blobs),
      (e) => (e instanceof WtError && re.test(e.message)) || assert.fail(`${re}: ${e.message}`),
    );
  throwsWt(() => wt.loadGraph(json, {}), 'WT_EINVAL', /needs blob 'c.npy'/);
  assert.throws(
    () => wt.loadGraph(json, { ...blobs, 'v.npy': new Uint8Array([1, 2, 3]) }),
    (e) => e instanceof WtError && /not a \.npy file/.test(e.message),
  );
  wt.dispose([X, a, b]);
  g.dispose();
  loaded.graph.dispose();
});

test('softmax and logSoftmax of a lazy operand: one node calling C whole, equal to the eager calls', () => {
  const g = wt.graph();
  const cases = [
    ['float32', [3, 5], -1],
    ['float64', [4, 2, 3], 1],
    ['float16', [6], 0],
    ['int32', [2, 7], 0],
  ];
  for (const [dtype, shape, axis] of cases) {
    const x = g.placeholder(shape, dtype, `x_${dtype}`);
    const size = shape.reduce((a, b) => a * b, 1);
    const X = wt.tidy(() => wt.arange(size).mul(0.37).sub(2).astype(dtype).reshape(shape));
    for (const f of ['softmax', 'logSoftmax']) {
      const node = wt[f](x.mul(2), { axis });
      const c = g.compile(node);
      assert.deepEqual(
        c.memoryPlan().steps.map((s) => s.kind),
        ['fuse', 'call'],
        `${f} ${dtype}`,
      );
      const got = c.run({ [`x_${dtype}`]: X });
      const want = wt.tidy(() => wt[f](wt.mul(X, 2), { axis }));
      assertSameTensor(got, want, `${f} ${dtype}`);
      wt.dispose([got, want]);
      c.dispose();
    }
    X.dispose();
  }
  const x = g.placeholder([2, 3], 'float32', 'x');
  throwsWt(
    () => wt.softmax(x, { axis: 2 }),
    'WT_EINVAL',
    /lazy softmax\('x' \(float32 \(2,3\)\)\): axis 2 is out of bounds/,
  );
  throwsWt(() => wt.logSoftmax(x, { axis: 0.5 }), 'WT_EINVAL', /axis must be an integer/);
  // complex operands keep the composed form (C's softmax is real)
  const z = g.placeholder([3], 'complex64', 'z');
  assert.equal(wt.softmax(z).dtype, 'complex64');
  g.dispose();
});

test('a smaller value is its own pass, not recomputed per element it broadcasts to; casts and plain reductions take the direct paths', () => {
  const g = wt.graph();
  const x = g.placeholder([6, 8], 'float32', 'x'),
    u = g.placeholder([6, 8, 4], 'uint8', 'u'),
    one = g.placeholder([1], 'uint8', 'one');
  const mu = x.mean({ axis: -1, keepdims: true }),
    d = x.sub(mu);
  const norm = d.div(d.square().mean({ axis: -1, keepdims: true }).add(1e-5).sqrt());
  const c = g.compile({
    norm,
    rgb: u.slice(':, :, :3').astype('float32'), // a strided leaf converted straight into the result
    wide: one.broadcastTo([5, 3]).astype('float64'), // a broadcast leaf converted m times
    rows: x.T.sum({ axis: 1 }), // a strided leaf folded as it is
  });
  const fused = c
    .memoryPlan()
    .steps.filter((s) => s.kind === 'fuse')
    .map((s) => s.fused.map((n) => n.replace(/_\d+$/, '')).join(','));
  assert.ok(fused.includes('add,sqrt'), fused.join(' | ')); // (6,1): once per row
  assert.ok(fused.includes('div'), fused.join(' | '));
  const X = wt.tidy(() => wt.arange(48, null, 1, 'float32').mul(0.7).sin().reshape([6, 8]));
  const U = wt.tidy(() => wt.arange(192, null, 1, 'int32').mul(37).astype('uint8').reshape([6, 8, 4]));
  const O = wt.tensor([200], { dtype: 'uint8' });
  const got = c.run({ x: X, u: U, one: O });
  const want = wt.tidy(() => {
    const m = wt.mean(X, { axis: -1, keepdims: true }),
      dd = wt.sub(X, m);
    return {
      norm: wt.div(dd, wt.sqrt(wt.add(wt.mean(wt.square(dd), { axis: -1, keepdims: true }), 1e-5))),
      rgb: U.slice(':, :, :3').astype('float32'),
      wide: wt.full([5, 3], 200, 'float64'),
      rows: wt.sum(X.T, { axis: 1 }),
    };
  });
  for (const k of Object.keys(want)) assertSameTensor(got[k], want[k], k);
  wt.dispose([X, U, O, ...Object.values(got), ...Object.values(want)]);
  c.dispose();
  g.dispose();
});

test('lazy functions and methods with hostile arguments throw WtErrors and leak nothing', () => {
  const seven = wt.zeros([7]);
  const hostile = [
    undefined,
    null,
    NaN,
    -1,
    0.5,
    'x',
    '',
    {},
    [],
    [NaN],
    [-3],
    new Array(20).fill(2),
    Symbol('s'),
    () => {},
    true,
    10n,
    seven,
  ];
  const m0 = wt.memory();
  const g = wt.graph();
  const x = g.placeholder([2, 3], 'float32', 'x');
  // storage outlives a tidy scope: the variable keeps its copy, the initializer is freed
  const v = wt.tidy(() => g.variable(wt.zeros([2, 3], 'float32'), { name: 'v' }));
  assert.equal(wt.memory().tensors, m0.tensors + 1);
  const compiled = g.compile(x.add(v));
  const methods = Object.getOwnPropertyNames(wt.LazyTensor.prototype).filter(
    (k) =>
      typeof Object.getOwnPropertyDescriptor(wt.LazyTensor.prototype, k).value === 'function' &&
      !['constructor', 'dispose'].includes(k) &&
      !k.startsWith('_'),
  );
  assert.ok(methods.length > 60, `${methods.length} methods`);
  // a failed build adds nothing to the graph, not even the constant its Tensor operand became
  const nodes = g._nodes.length;
  throwsWt(() => x.add(seven), 'WT_ESHAPE');
  throwsWt(() => x.matmul([[1, 2]]), 'WT_ESHAPE');
  assert.equal(g._nodes.length, nodes);
  const probe = (label, fn) => {
    try {
      const r = fn();
      if (r instanceof wt.Tensor) r.dispose();
      if (r instanceof wt.LazyTensor && r !== v) r.dispose();
    } catch (e) {
      if (!(e instanceof WtError)) assert.fail(`${label} threw ${e?.constructor?.name}: ${e?.message}`);
    }
  };
  for (const h of hostile) {
    for (const name of methods) {
      probe(`x.${name}(${String(h)})`, () => x[name](h));
      probe(`v.${name}(${String(h)}, ${String(h)})`, () => v[name](h, h));
    }
    for (const name of [
      'constant',
      'placeholder',
      'variable',
      'persistentTensor',
      'lazy',
      'compile',
      'variables',
      'node',
    ]) {
      probe(`graph.${name}(${String(h)})`, () => g[name](h));
      probe(`graph.${name}(x, ${String(h)})`, () => g[name]([2], h, h));
    }
    probe(`run(${String(h)})`, () => compiled.run(h));
    probe(`run({x: ${String(h)}})`, () => compiled.run({ x: h }));
    probe(`loadGraph(${String(h)})`, () => wt.loadGraph(h, h));
  }
  // what legal calls added (constants of boolean operands, say) is the graph's, freed with it
  g.dispose();
  compiled.dispose();
  assert.equal(wt.memory().tensors, m0.tensors);
  assert.equal(wt.memory().bytesInUse, m0.bytesInUse);
  seven.dispose();
});

test('an integer power in a graph runs as its own checked call: a negative exponent raises as NumPy does', () => {
  const g = wt.graph(),
    x = g.placeholder([3], 'int32', 'x');
  const f = g.compile(x.mul(2).pow(x).add(1)),
    h = g.compile(x.pow(-1).add(1));
  const feed = (v) => ({ x: wt.tensor(v, { dtype: 'int32' }) });
  assert.deepEqual(f.run(feed([1, 2, 3])).toArray(), [3, 17, 217]);
  assert.throws(() => f.run(feed([1, -2, 3])), /Integers to negative integer powers are not allowed/);
  assert.throws(() => h.run(feed([1, 2, 3])), /Integers to negative integer powers are not allowed/);
  g.dispose();
});
