// Every public function with hostile arguments: each fails with a WtError
// carrying a message, never a RuntimeError from wasm, and the engine keeps
// computing correctly afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, WtError } from './helpers.mjs';

const garbage = [
  undefined,
  null,
  NaN,
  Infinity,
  -Infinity,
  -1,
  1.5,
  2 ** 53,
  -(2 ** 40),
  '',
  'x',
  '3',
  {},
  [],
  [NaN],
  [1.5],
  [-1],
  [2 ** 40, 2 ** 40],
  [1e300],
  new Array(17).fill(1),
  Symbol('s'),
  () => 1,
  true,
  10n,
  new Float32Array(2),
];

function sanity() {
  const r = wt.tidy(() => wt.arange(6, null, 1, 'float32').reshape([2, 3]).T.copy().toArray());
  assert.deepEqual(r, [
    [0, 3],
    [1, 4],
    [2, 5],
  ]);
}

function expectWtError(label, fn, own = []) {
  let result;
  try {
    result = fn();
  } catch (e) {
    assert.ok(e instanceof WtError, `${label}: threw ${e?.constructor?.name}: ${e?.message}`);
    assert.ok(e.message.length > 10, `${label}: message "${e.message}"`);
    assert.match(e.code, /^WT_E[A-Z]+$/);
    return;
  }
  // some garbage is legal (e.g. squeeze(undefined)); then the result must be a tensor
  if (result instanceof wt.Tensor && !own.includes(result)) result.dispose();
}

test('creation functions with garbage', () => {
  const m0 = wt.memory();
  for (const g of garbage) {
    for (const [name, fn] of Object.entries({
      zeros: () => wt.zeros(g),
      ones: () => wt.ones([2], g),
      empty: () => wt.empty(g, 'int8'),
      full: () => wt.full([2], g),
      fullShape: () => wt.full(g, 1),
      arange: () => wt.arange(g),
      arange2: () => wt.arange(0, 3, g),
      linspace: () => wt.linspace(0, g, 3),
      linspaceN: () => wt.linspace(0, 1, g),
      eye: () => wt.eye(g),
      eyeK: () => wt.eye(3, 3, g),
      tensor: () => wt.tensor(g),
      tensorShape: () => wt.tensor([1, 2], { shape: g }),
      tensorDtype: () => wt.tensor([1], { dtype: g }),
      tensorOpts: () => wt.tensor([1], g),
    }))
      expectWtError(`${name}(${String(g)})`, fn);
  }
  assert.equal(wt.memory().tensors, m0.tensors);
  sanity();
});

test('views and assign with garbage, on live, read-only and disposed tensors', () => {
  // every tensor stays referenced: the FinalizationRegistry would free a
  // forgotten intermediate mid-test and move the counters
  const base = wt.arange(24);
  const a = base.reshape([2, 3, 4]);
  const ro = a.broadcastTo([2, 2, 3, 4]);
  const dead = wt.arange(3);
  dead.dispose();
  const empty = wt.zeros([0, 2]);
  const m0 = wt.memory();
  for (const t of [a, ro, dead, empty]) {
    for (const g of garbage) {
      for (const [name, fn] of Object.entries({
        slice: () => t.slice(g),
        transpose: () => t.transpose(g),
        swapaxes: () => t.swapaxes(g, 0),
        reshape: () => t.reshape(g),
        broadcastTo: () => t.broadcastTo(g),
        expandDims: () => t.expandDims(g),
        squeeze: () => t.squeeze(g),
        diagonal: () => t.diagonal(g),
        diagonalAxes: () => t.diagonal(0, g, 1),
        astype: () => t.astype(g),
        assign: () => t.assign(g),
        freeReshape: () => wt.reshape(g, [2]),
        freeAssign: () => wt.assign(g, 1),
        keep: () => wt.keep(g),
      }))
        expectWtError(`${name}(${String(g)})`, fn, [t]); // assign() returns t itself
    }
  }
  assert.equal(wt.memory().tensors, m0.tensors);
  sanity();
});

test('random garbage slice strings and dtype names', () => {
  const a = wt.arange(60).reshape([3, 4, 5]);
  let seed = 12345;
  const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const alphabet = '0123456789-+:,. .Nonex[]()\t\u00e9\u0000';
  for (let i = 0; i < 3000; i++) {
    let s = '';
    const n = Math.floor(rnd() * 16);
    for (let k = 0; k < n; k++) s += alphabet[Math.floor(rnd() * alphabet.length)];
    expectWtError(`slice('${s}')`, () => a.slice(s));
    expectWtError(`astype('${s}')`, () => a.astype(s));
  }
  expectWtError('huge string', () => a.slice('1,'.repeat(5000)));
  sanity();
});

test('enormous shapes are out-of-memory WtErrors and the engine keeps working', () => {
  for (const shape of [[2 ** 31, 2 ** 31], [2 ** 30, 8], [1e9], [2 ** 20, 2 ** 20, 2 ** 20]]) {
    assert.throws(
      () => wt.zeros(shape, 'float64'),
      (e) => e instanceof WtError && e.code === 'WT_ENOMEM' && /out of memory/.test(e.message),
    );
  }
  assert.throws(
    () => wt.arange(0, 1e12),
    (e) => e instanceof WtError && e.code === 'WT_ENOMEM',
  );
  sanity();
});

test('every op and reduction with garbage operands and options', () => {
  const a = wt.arange(6, null, 1, 'float32').reshape([2, 3]);
  const ro = a.broadcastTo([2, 2, 3]);
  const dead = wt.zeros([2]);
  dead.dispose();
  const out3 = wt.zeros([3]);
  const aT = a.T;
  const m0 = wt.memory();
  const unary = [
    'neg',
    'abs',
    'sign',
    'exp',
    'log',
    'sqrt',
    'sin',
    'tanh',
    'sigmoid',
    'relu',
    'round',
    'logicalNot',
    'isnan',
  ];
  const binary = ['add', 'sub', 'mul', 'div', 'floorDiv', 'mod', 'pow', 'maximum', 'equal', 'less', 'logicalXor'];
  const reductions = ['sum', 'prod', 'max', 'min', 'mean', 'any', 'all', 'argmax', 'argmin'];
  const own = [a, ro, dead, out3, aT];
  for (const g of [...garbage, dead, ro]) {
    for (const name of unary) {
      expectWtError(`${name}(${String(g)})`, () => wt[name](g), own);
      expectWtError(`${name}(a, {out: ${String(g)}})`, () => wt[name](a, { out: g }), own);
    }
    for (const name of binary) {
      expectWtError(`${name}(a, ${String(g)})`, () => wt[name](a, g), own);
      expectWtError(`${name}(${String(g)}, a)`, () => wt[name](g, a), own);
      expectWtError(`${name}(a, a, ${String(g)})`, () => wt[name](a, a, g), own);
    }
    for (const name of reductions) {
      expectWtError(`${name}(a, ${String(g)})`, () => wt[name](a, g), own);
      expectWtError(`${name}(a, {axis: ${String(g)}})`, () => wt[name](a, { axis: g }), own);
      expectWtError(`${name}(a, {out: ${String(g)}})`, () => wt[name](a, { out: g }), own);
      expectWtError(`${name}(${String(g)})`, () => wt[name](g), own);
    }
    for (const [label, fn] of Object.entries({
      matmul: () => wt.matmul(a, g),
      matmulOut: () => wt.matmul(a, aT, { out: g }),
      einsumEq: () => wt.einsum(g, a),
      einsumOp: () => wt.einsum('ij,jk->ik', a, g),
      einsumOut: () => wt.einsum('ij->ji', a, { out: g }),
      einsumPath: () => wt.einsumPath('ij,jk', g, [3, 4]),
      einsumPathEq: () => wt.einsumPath(g, [2, 3]),
      where: () => wt.where(g, a, 1),
      clip: () => wt.clip(a, g, 1),
      fma: () => a.fma(g, 2),
      binaryOp: () => wt.binary(g, a, a),
      binaryAlpha: () => wt.binary('add', a, a, { alpha: g }),
      binaryReduce: () => wt.binary('add', a, a, { out: out3, reduce: g }),
      unaryOp: () => wt.unary(g, a),
      // complex numbers and np.emath
      complexParts: () => wt.add(a, wt.complex(g, g)),
      complexObject: () => wt.mul(a, { re: g, im: 1 }),
      real: () => wt.real(g),
      imag: () => wt.imag(g),
      conj: () => wt.conj(g),
      angle: () => wt.angle(g),
      emathSqrt: () => wt.emath.sqrt(g),
      emathLogn: () => wt.emath.logn(g, a),
      emathPower: () => wt.emath.power(a, g),
      emathArccos: () => wt.emath.arccos(g),
      bigint: () => wt.add(a, typeof g === 'number' && Number.isInteger(g) ? BigInt(g) * 2n ** 40n : g),
    }))
      expectWtError(`${label}(${String(g)})`, fn, own);
  }
  assert.equal(wt.memory().tensors, m0.tensors);
  sanity();
});

test('random garbage einsum equations', () => {
  const a = wt.arange(6, null, 1, 'float32').reshape([2, 3]),
    b = wt.arange(12, null, 1, 'float32').reshape([3, 4]);
  let seed = 777;
  const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const alphabet = 'ijkab.,->. \u00e9\u0000ZzZ';
  for (let i = 0; i < 3000; i++) {
    let s = '';
    const n = Math.floor(rnd() * 14);
    for (let k = 0; k < n; k++) s += alphabet[Math.floor(rnd() * alphabet.length)];
    expectWtError(`einsum('${s}')`, () => wt.einsum(s, a, b));
    expectWtError(`einsumPath('${s}')`, () => wt.einsumPath(s, a, b));
  }
  sanity();
});
