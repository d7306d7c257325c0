// Every public function and method declares its parameters (bindings/params.js),
// and one checker holds every call to them.  Generated from the declarations:
// each function is called with an unknown option key and with one positional
// argument too many, and each call must raise a WtError that names the key or
// the signature.  The walk over the API finds every function; one without a
// declaration fails the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, WtError, throwsWt } from './helpers.mjs';
import { REGISTRY } from '../../bindings/registry/index.js';
import { methodName } from '../../bindings/kinds.js';
import { parseSignature, signatureText, SIGNATURE } from '../../bindings/params.js';

// a value that passes a parameter's declared type (the checker refuses before any work is done)
const DUMMY = { bool: false, int: 0, num: 0, str: 'x', fn: () => 0, obj: [] };
const dummy = (d, name) => (d.types.has(name) ? DUMMY[d.types.get(name)] : 0);
// the required positional arguments, and any before an object-typed one (a plain object there is it)
const required = (d) => {
  const last = d.pos.findLastIndex((p) => !p.optional || p.obj);
  return d.pos.slice(0, last + 1).map((p) => dummy(d, p.name));
};
// every positional slot, options' included (in NumPy's order), then one more
const tooMany = (d) => [
  ...d.pos.map((p) => dummy(d, p.name)),
  ...d.byPosition.map((k) => (d.refused.has(k) ? 0 : dummy(d, k))),
  0,
];

const KEY = 'zzNotAnOption';

// fn() must throw a WtError whose message matches pattern (an async function: reject with it)
const pending = [];
function refusal(fn, pattern, label) {
  const judge = (err) => {
    assert.ok(err instanceof WtError, `${label}: expected a WtError, got ${err?.constructor?.name}: ${err?.message}`);
    assert.match(err.message, pattern, label);
  };
  try {
    const r = fn();
    if (r instanceof Promise) pending.push(r.then(() => assert.fail(`${label}: resolved`), judge));
    else judge(undefined);
  } catch (e) {
    judge(e);
  }
}

// the two calls; call(args) runs the function (with `this` and a leading self as it needs)
function refuses(label, d, call, counts) {
  // a trailing plain object is an argument, not options, where the rest of the arguments are
  // objects (t.get's index items): there the index grammar refuses it
  const restObj = d.rest && d.types.get(d.rest) === 'obj';
  refusal(() => call([...required(d), { [KEY]: 1 }]), restObj ? /./ : new RegExp(KEY), label);
  if (d.rest) {
    counts.variadic++;
    return;
  }
  const args = tooMany(d);
  const text = signatureText(d).replace(/[()[\]{}?*+.|^$\\]/g, '\\$&');
  refusal(() => call(args), new RegExp(`takes (at most \\d+ positional arguments?, got|no arguments).*${text}`), label);
}

test('every registry function and method refuses an unknown option and an extra argument, by name', async () => {
  const counts = { free: 0, methods: 0, variadic: 0 };
  const entries = REGISTRY.filter((e) => !e.namespace);
  const x = wt.zeros([2, 2]);
  for (const e of entries) {
    const d = parseSignature(e.sig, e.name);
    if (e.free !== false)
      for (const name of [e.name, ...(e.aliases ?? [])]) {
        assert.equal(wt[name][SIGNATURE]?.sig, e.sig, `wt.${name} is the declared function`);
        refuses(`wt.${name}`, d, (args) => wt[name](...args), counts);
        counts.free++;
      }
    if (e.method) {
      const m = methodName(e),
        self = e.self ?? 0;
      // the method's arguments are the function's without the tensor it is called on
      refuses(`Tensor.${m}`, d, (args) => x[m](...args.slice(0, self), ...args.slice(self + 1)), { variadic: 0 });
      counts.methods++;
    }
  }
  x.dispose();
  await Promise.all(pending.splice(0));
  console.log(
    `declared parameters: ${entries.length} registry entries; ${counts.free} free functions and aliases, ` +
      `${counts.methods} methods checked (${counts.variadic} variadic)`,
  );
  assert.equal(entries.length, REGISTRY.length - REGISTRY.filter((e) => e.namespace).length);
});

// every function reachable from wt: its namespaces, classes' prototypes and statics, ufunc methods
function* functionsOf(label, obj, seen) {
  if (obj === null || (typeof obj !== 'object' && typeof obj !== 'function') || seen.has(obj)) return;
  seen.add(obj);
  for (let o = obj; o && o !== Object.prototype && o !== Function.prototype; o = Object.getPrototypeOf(o))
    for (const k of Object.getOwnPropertyNames(o)) {
      if (
        k.startsWith('_') ||
        k === 'constructor' ||
        ['length', 'name', 'prototype', 'caller', 'arguments'].includes(k)
      )
        continue;
      const desc = Object.getOwnPropertyDescriptor(o, k);
      if (typeof desc.value === 'function') yield [`${label}.${k}`, desc.value, obj];
    }
}

test('the namespaces and classes: every function has a declaration and refuses bad calls by name', () => {
  const rng = wt.random.defaultRng(1),
    legacy = new wt.random.RandomState(1),
    g = wt.graph(),
    p = g.placeholder([2]),
    compiled = g.compile(p),
    x = wt.zeros([2]);
  const roots = {
    linalg: wt.linalg,
    fft: wt.fft,
    emath: wt.emath,
    random: wt.random,
    probe: wt.probe,
    namespaceInfo: wt.namespaceInfo(),
    Generator: rng,
    RandomState: legacy,
    PCG64: rng.bitGenerator,
    SeedSequence: rng.bitGenerator.seedSeq,
    Tensor: x,
    LazyTensor: p,
    Graph: g,
    Compiled: compiled,
    Labeled: x.label('i'),
    poly1d: wt.poly1d([1, 2]),
    Polynomial: new wt.polynomial.Polynomial([1, 2]),
    'Polynomial statics': wt.polynomial.Polynomial,
    'add methods': wt.add,
  };
  // the registry's methods on Tensor and LazyTensor are its functions, checked above
  const seen = new Set(),
    registered = new Set(REGISTRY.filter((e) => e.method).map(methodName));
  let n = 0;
  const missing = [];
  for (const [root, obj] of Object.entries(roots))
    for (const [label, fn, self] of functionsOf(root, obj, seen)) {
      if (/^class\b/.test(Function.prototype.toString.call(fn))) continue; // constructors: their own checks
      if ((root === 'Tensor' || root === 'LazyTensor') && registered.has(label.split('.')[1])) continue;
      const d = fn[SIGNATURE];
      if (!d) {
        missing.push(label);
        continue;
      }
      refuses(label, d, (args) => fn.apply(self, args), { variadic: 0 });
      n++;
    }
  x.dispose();
  g.dispose();
  assert.deepEqual(missing, [], 'functions without declared parameters');
  console.log(`declared parameters: ${n} namespace and class functions checked`);
  assert.ok(n >= 190, `${n} functions`);
});

test('constructors refuse unknown options and extra arguments too', () => {
  throwsWt(() => new wt.random.PCG64(1, 2), 'WT_EINVAL', /PCG64: takes at most 1 positional argument/);
  throwsWt(() => new wt.random.SeedSequence(1, { pool_size: 4 }), 'WT_EINVAL', /NumPy's spelling.*'poolSize'/);
  throwsWt(() => new wt.polynomial.Chebyshev([1], { domian: [0, 1] }), 'WT_EINVAL', /did you mean 'domain'/);
  throwsWt(() => new (class X extends wt.Tensor {})(), 'WT_EINVAL', /new Tensor\(\) is not one of them/);
});

test("the checker's messages: closest name, NumPy's snake_case, refused NumPy parameters, twice given", () => {
  const x = wt.tensor([1, 2, 3]);
  throwsWt(
    () => wt.pad(x, 1, { mode: 'constant', constant_values: 5 }),
    'WT_EINVAL',
    /'constant_values' is NumPy's spelling; wtensor's option is 'constantValues'/,
  );
  throwsWt(() => wt.unique(x, { return_counts: true }), 'WT_EINVAL', /'returnCounts'/);
  throwsWt(
    () => wt.bincount(x, { minLength: 5 }),
    'WT_EINVAL',
    /'minLength' is not an option of bincount; did you mean 'minlength'\?/,
  );
  throwsWt(() => wt.genfromtxt('1,2\n', { filling_values: 0 }), 'WT_EINVAL', /'fillingValues'/);
  throwsWt(() => wt.add(x, 1, { wehre: x }), 'WT_EINVAL', /'wehre' is not an option of add; did you mean 'where'\?/);
  throwsWt(() => wt.std(x, { mean: 1 }), 'WT_EINVAL', /NumPy's 'mean' is not supported by wtensor's std/);
  throwsWt(() => wt.sum(x, 0, { axis: 0 }), 'WT_EINVAL', /'axis' was given twice/);
  throwsWt(() => wt.roll(x, 1, 0, { axis: 0 }), 'WT_EINVAL', /'axis' was given twice/);
  throwsWt(() => wt.linspace(0, 1, 5, 'float16'), 'WT_EINVAL', /endpoint must be a boolean, got the string "float16"/);
  throwsWt(() => wt.softmax(x, Symbol('s')), 'WT_EINVAL', /cannot be a symbol/);
  x.dispose();
});

test('every parameter is given either way: positionally in NumPy order, or by name', () => {
  wt.tidy(() => {
    const x = wt.arange(6).reshape([2, 3]);
    const same = (a, b, what) => assert.deepEqual(a.toArray(), b.toArray(), what);
    same(wt.roll(x, 1, 0), wt.roll(x, 1, { axis: 0 }), 'roll');
    same(wt.flip(x, 0), wt.flip(x, { axis: 0 }), 'flip');
    same(wt.repeat(x, 2, 0), wt.repeat(x, 2, { axis: 0 }), 'repeat');
    same(wt.rot90(x, 2), wt.rot90(x, { k: 2 }), 'rot90');
    same(wt.triu(x, 1), wt.triu(x, { k: 1 }), 'triu');
    same(wt.diag(wt.arange(3), 1), wt.diag(wt.arange(3), { k: 1 }), 'diag');
    same(wt.split(x, 3, 1)[2], wt.split(x, 3, { axis: 1 })[2], 'split');
    same(wt.delete(x, 1, 1), wt.delete(x, 1, { axis: 1 }), 'delete');
    same(wt.insert(x, 1, 9, 1), wt.insert(x, 1, 9, { axis: 1 }), 'insert');
    same(wt.sum(x, 1), wt.sum(x, { axis: 1 }), 'sum');
    same(wt.cumsum(x, 1, 'float32'), wt.cumsum(x, { axis: 1, dtype: 'float32' }), 'cumsum');
    same(wt.std(x, 0, null, null, 1), wt.std(x, { axis: 0, ddof: 1 }), 'std');
    same(wt.linspace(0, 1, 5, false), wt.linspace(0, 1, 5, { endpoint: false }), 'linspace');
    assert.equal(wt.linspace(0, 1, 5, false).toArray()[4], 0.8);
    same(wt.tensor([1, 2], 'float32'), wt.tensor([1, 2], { dtype: 'float32' }), 'tensor');
    assert.equal(wt.tensor([1, 2], 'float32').dtype, 'float32');
    same(
      wt.searchsorted(wt.arange(5), 2, 'right'),
      wt.searchsorted(wt.arange(5), 2, { side: 'right' }),
      'searchsorted',
    );
    same(wt.fft.fft(wt.arange(4), 2), wt.fft.fft(wt.arange(4), { n: 2 }), 'fft');
    same(wt.linalg.norm(x, 'fro'), wt.linalg.norm(x, { ord: 'fro' }), 'norm');
  });
});

test('NumPy positional arguments are read, not dropped: linspace endpoint, choice replace', () => {
  const r = wt.linspace(0, 1, 11, false);
  assert.equal(r.shape[0], 11);
  assert.ok(Math.abs(r.toArray()[10] - 10 / 11) < 1e-15); // np.linspace(0, 1, 11, False)[-1]
  r.dispose();
  wt.random.seed(0);
  const c = wt.random.choice(100, 3, false);
  assert.deepEqual(c.toArray(), [26n, 86n, 2n]); // np.random.seed(0); np.random.choice(100, 3, False)
  c.dispose();
  const [s, step] = wt.linspace(2, 3, 5, { retstep: true });
  assert.equal(step, 0.25); // np.linspace(2, 3, 5, retstep=True)[1]
  s.dispose();
});

test('async functions reject, not throw, on a refused argument', async () => {
  await assert.rejects(
    wt.toNpz({ a: wt.zeros([1]) }, { compres: true }),
    (e) => e instanceof WtError && /compres/.test(e.message),
  );
});
