// The registry (bindings/registry/) against the declarations
// (bindings/index.d.ts), both ways: every registered function and method is
// declared, and every declared function and method is registered (or is one
// of its class's own members).  Read with the TypeScript compiler's checker,
// so mapped and intersected op tables count as declared.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REGISTRY } from '../../bindings/registry/index.js';
import { DTYPES } from '../../bindings/abi.js';
import { methodName } from '../../bindings/kinds.js';
import { parseSignature } from '../../bindings/params.js';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const root = fileURLToPath(new URL('../../', import.meta.url));
const dts = `${root}bindings/index.d.ts`;

const program = ts.createProgram([dts], { strict: true, noEmit: true });
const checker = program.getTypeChecker();
const source = program.getSourceFile(dts);

// the declared members of an interface or class: { methods, values }
function declared(name) {
  const decl = source.statements.find(
    (s) => (ts.isInterfaceDeclaration(s) || ts.isClassDeclaration(s)) && s.name?.text === name,
  );
  assert.ok(decl, `index.d.ts declares ${name}`);
  const type = checker.getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(decl.name));
  const methods = new Set(),
    values = new Set();
  for (const p of checker.getPropertiesOfType(type)) {
    if (p.name.startsWith('__@')) continue; // symbol-keyed ([Symbol.iterator]): the class's own, not named
    const t = checker.getTypeOfSymbolAtLocation(p, decl);
    (t.getCallSignatures().length ? methods : values).add(p.name);
  }
  return { methods, values };
}

// the methods a JS class defines itself (not the registry's)
function ownMethods(file, cls) {
  const sf = ts.createSourceFile(file, readFileSync(`${root}${file}`, 'utf8'), ts.ScriptTarget.Latest);
  const decl = sf.statements.find((s) => ts.isClassDeclaration(s) && s.name?.text === cls);
  return new Set(
    decl.members
      .filter((m) => m.name?.text && !m.name.text.startsWith('_') && !ts.isConstructorDeclaration(m))
      .map((m) => m.name.text),
  );
}

const sorted = (s) => [...s].sort();
// namespaces (wt.emath) are registered values: objects of functions
const namespaces = REGISTRY.filter((e) => e.namespace).map((e) => e.name);
const free = new Set(
  REGISTRY.filter((e) => e.free !== false && !e.namespace).flatMap((e) => [e.name, ...(e.aliases ?? [])]),
);
const tensorMethods = new Set(REGISTRY.filter((e) => e.method).map(methodName));
const lazyMethods = new Set(REGISTRY.filter((e) => e.method && e.lazy && e.lazyMethod !== false).map(methodName));
// wt's members that are values, not registered functions
const WT_VALUES = [
  'WtError',
  'Tensor',
  'LazyTensor',
  'Labeled',
  'dtypes',
  'defaultGraph',
  'random',
  'probe',
  ...DTYPES,
];

test('every registered free function is declared on Wtensor, and every declared one registered', () => {
  const wt = declared('Wtensor');
  const functions = new Set([...wt.methods].filter((n) => !WT_VALUES.includes(n)));
  assert.deepEqual(sorted(free), sorted(functions));
  for (const v of wt.values)
    assert.ok(
      WT_VALUES.includes(v) || namespaces.includes(v),
      `Wtensor.${v} is declared but neither registered nor a known value`,
    );
  for (const n of namespaces) assert.ok(wt.values.has(n), `registered namespace ${n} is not declared on Wtensor`);
});

// a class's declared methods are its own (defined in file) and the registry's, both ways
function checkMethods(cls, file, registered) {
  const d = declared(cls),
    own = ownMethods(file, cls);
  for (const m of registered) assert.ok(d.methods.has(m), `registry method ${cls}.${m} is not declared in index.d.ts`);
  for (const m of d.methods) {
    assert.ok(registered.has(m) || own.has(m), `${cls}.${m} is declared but neither registered nor defined in ${file}`);
  }
}

test("Tensor: the declared methods are the class's own and the registry's", () => {
  checkMethods('Tensor', 'bindings/tensor.js', tensorMethods);
});

test("LazyTensor: the declared methods are the class's own and the registry's lazy ones", () => {
  checkMethods('LazyTensor', 'bindings/lazy/node.js', lazyMethods);
});

test('registry entries are well formed: unique ids, known kinds, a C function where one is named', async () => {
  const kinds = new Set([
    'ufunc',
    'reduction',
    'view',
    'copy',
    'creation',
    'product',
    'index',
    'sort',
    'shape',
    'io',
    'assign',
    'cortex',
    'scope',
    'exchange',
    'graph',
    'augmented',
    'dtype',
    'stats',
    'linalg',
    'fft',
  ]);
  const ids = REGISTRY.map((e) => e.id ?? e.name);
  assert.equal(new Set(ids).size, ids.length, 'duplicate registry ids');
  const { wt } = await import('./helpers.mjs');
  const ex = wt.zeros([1])._e.ex;
  for (const e of REGISTRY) {
    assert.ok(kinds.has(e.kind), `${e.name}: unknown kind ${e.kind}`);
    if (typeof e.c === 'string' && e.c.startsWith('wt_'))
      assert.equal(typeof ex[e.c], 'function', `${e.name}: ${e.c} is not exported`);
  }
});

// wt.random's objects: every declared member exists, and every public method is declared
test('wt.random, its Generator, RandomState, bit generators and SeedSequence are declared both ways', async () => {
  const { wt } = await import('./helpers.mjs');
  const r = wt.random;
  const objects = {
    Random: r,
    RandomGenerator: r.defaultRng(1),
    RandomState: new r.RandomState(1),
    BitGenerator: new r.PCG64(1),
    SeedSequence: new r.SeedSequence(1),
  };
  for (const [name, obj] of Object.entries(objects)) {
    const d = declared(name);
    const runtime = new Set();
    for (let o = obj; o && o !== Object.prototype; o = Object.getPrototypeOf(o))
      for (const k of Object.getOwnPropertyNames(o)) if (!k.startsWith('_') && k !== 'constructor') runtime.add(k);
    for (const m of [...d.methods, ...d.values]) assert.ok(runtime.has(m), `${name}.${m} is declared but missing`);
    for (const m of runtime)
      if (typeof obj[m] === 'function' && !/^[A-Z]/.test(m))
        assert.ok(d.methods.has(m) || d.values.has(m), `${name}.${m} exists but is not declared in index.d.ts`);
  }
});

// The option names a declared function takes in index.d.ts: the object types of its last parameter
// (of a rest parameter, its elements), tensors, arrays, complex numbers and functions aside
const NOT_OPTIONS = new Set(['Tensor', 'LazyTensor', 'Complex', 'ComplexLike', 'Array', 'ReadonlyArray']);
function optionTypes(t) {
  if (t.isUnion()) return t.types.flatMap(optionTypes);
  if (!(t.flags & ts.TypeFlags.Object) && !t.isIntersection()) return [];
  if (checker.isArrayType(t) || checker.isTupleType(t) || t.getCallSignatures().length) return [];
  const name = t.getSymbol()?.getName() ?? t.aliasSymbol?.getName();
  if ((name && (NOT_OPTIONS.has(name) || /Array$/.test(name))) || (t.getProperty('re') && t.getProperty('im')))
    return [];
  return [t];
}
function typedOptions(type, at) {
  const names = new Set();
  for (const sig of type.getCallSignatures()) {
    const params = sig.getParameters();
    if (!params.length) continue;
    const last = params[params.length - 1];
    let t = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(last, at));
    if (last.valueDeclaration?.dotDotDotToken) t = checker.getIndexTypeOfType(t, ts.IndexKind.Number) ?? t;
    for (const o of optionTypes(t)) for (const p of o.getProperties()) names.add(p.getName());
  }
  return names;
}

test('index.d.ts gives each registry function and method exactly its declared options', () => {
  const interfaceOf = (kind, name) => source.statements.find((s) => kind(s) && s.name?.text === name);
  const wtDecl = interfaceOf(ts.isInterfaceDeclaration, 'Wtensor'),
    tDecl = interfaceOf(ts.isClassDeclaration, 'Tensor');
  const wtType = checker.getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(wtDecl.name)),
    tType = checker.getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(tDecl.name));
  const wrong = [];
  let checked = 0;
  for (const e of REGISTRY) {
    if (e.namespace) continue;
    const d = parseSignature(e.sig, e.name);
    if (!d.hasBag) continue;
    const declaredKeys = [...d.keys].filter((k) => !d.refused.has(k));
    const places = [
      ...(e.free !== false ? [[`wt.${e.name}`, wtType.getProperty(e.name), wtDecl]] : []),
      ...(e.method ? [[`Tensor.${methodName(e)}`, tType.getProperty(methodName(e)), tDecl]] : []),
    ];
    for (const [label, prop, at] of places) {
      if (!prop) continue;
      const typed = typedOptions(checker.getTypeOfSymbolAtLocation(prop, at), at);
      const missing = declaredKeys.filter((k) => !typed.has(k)),
        extra = [...typed].filter((k) => (!d.keys.has(k) && !d.names.has(k)) || d.refused.has(k));
      if (missing.length || extra.length) wrong.push(`${label}: not typed ${missing}; typed, not taken ${extra}`);
      checked++;
    }
  }
  assert.deepEqual(wrong, [], 'index.d.ts and the declared parameters disagree');
  assert.ok(checked > 150, `${checked} functions and methods compared`);
});
