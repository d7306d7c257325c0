// The lazy planner on its own: nodes made by hand, no wasm instance.  Its
// codes are abi.js's, so a plan is checked instruction by instruction.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LazyTensor } from '../../bindings/lazy/node.js';
import { plan, describe } from '../../bindings/lazy/plan.js';
import { OPS, REDUCTIONS, FUSE_MAXCODE } from '../../bindings/abi.js';
import { CODE } from '../../bindings/dtypes.js';
import { WtError } from '../../bindings/errors.js';

const op = (name) => OPS.findIndex((o) => o.name === name);

// a tiny graph builder: nodes only, dtypes and shapes given
function graph() {
  const nodes = [];
  const add = (kind, opName, inputs, attrs, dtype, shape) => {
    const n = new LazyTensor(
      null,
      nodes.length,
      kind,
      opName,
      inputs,
      attrs,
      dtype,
      shape,
      `${opName}_${nodes.length}`,
    );
    nodes.push(n);
    return n;
  };
  return {
    placeholder: (shape, dtype = 'float32') => add('placeholder', 'placeholder', [], {}, dtype, shape),
    variable: (shape, dtype = 'float32') =>
      add('variable', 'variable', [], { storage: { isDisposed: false } }, dtype, shape),
    ewise: (name, inputs, dtype = 'float32') =>
      add('ewise', name, inputs, {}, dtype, inputs.find((v) => v instanceof LazyTensor).shape),
    cast: (x, dtype) => add('cast', 'astype', [x], { dtype }, dtype, x.shape),
    reduce: (name, x) =>
      add('reduce', name, [x], { axis: null, keepdims: false, keepShape: x.shape.map(() => 1) }, x.dtype, []),
    view: (x, shape) => add('view', 'reshape', [x], { args: [shape] }, x.dtype, shape),
    assign: (target, value) => add('assign', 'assign', [value], { target }, target.dtype, target.shape),
  };
}

test('a chain ending in a reduction is one pass; its program uses the C op and reduction codes', () => {
  const g = graph(),
    x = g.placeholder([4]);
  const s = g.reduce('sum', g.ewise('add', [g.ewise('mul', [x, 2]), 1]));
  const { steps } = plan([s]);
  assert.deepEqual(
    steps.map((st) => st.type),
    ['fuse'],
  );
  const p = steps[0].group;
  assert.deepEqual(p.leaves, [x, 2, 1]);
  // values: leaves 0..2, then instruction 0 is value 3
  assert.deepEqual(p.code, [op('multiply'), 0, 1, 0, op('add'), 3, 2, 0]);
  assert.equal(p.reduce, REDUCTIONS.indexOf('sum'));
});

test('a cast is WT_FUSE_CAST(dtype): the op count plus the dtype code', () => {
  const g = graph(),
    x = g.placeholder([3]);
  const c = g.cast(g.ewise('exp', [x]), 'float64');
  const { steps } = plan([c]);
  assert.deepEqual(steps[0].group.code, [op('exp'), 0, 0, 0, OPS.length + CODE.float64, 1, 0, 0]);
});

test('a value two passes read is materialized once, on a slab freed after its last reader', () => {
  const g = graph(),
    x = g.placeholder([1000]);
  const a = g.ewise('exp', [x]);
  const s1 = g.reduce('sum', a),
    s2 = g.reduce('max', a);
  const { steps, memPlan } = plan([s1, s2]);
  assert.deepEqual(
    steps.map((st) => [st.type, st.node]),
    [
      ['fuse', a],
      ['fuse', s1],
      ['fuse', s2],
    ],
  );
  assert.deepEqual(memPlan.slabs, [{ bytes: 4000 }]);
  assert.deepEqual(memPlan.values, [{ node: a.name, bytes: 4000, slab: 0, from: 0, to: 2 }]);
  assert.deepEqual(steps[2].dying, [a]);
  const d = describe(steps, memPlan);
  assert.equal(d.slabBytes, 4000);
  assert.deepEqual(d.steps[0].fused, [a.name]);
});

test('slabs are reused once their value is dead (best fit)', () => {
  const g = graph(),
    x = g.placeholder([256]);
  // a -> (sum, max) then b -> (sum, max): a is dead when b is made
  const a = g.ewise('exp', [x]),
    ra = [g.reduce('sum', a), g.reduce('max', a)];
  const b = g.ewise('log', [x]),
    rb = [g.reduce('sum', b), g.reduce('max', b)];
  const { memPlan } = plan([...ra, ...rb]);
  assert.equal(memPlan.slabs.length, 1, JSON.stringify(memPlan));
  assert.deepEqual(
    memPlan.values.map((v) => v.slab),
    [0, 0],
  );
});

test(`a chain longer than ${FUSE_MAXCODE} instructions is split into passes within C's limits`, () => {
  const g = graph(),
    x = g.placeholder([8]);
  let v = x;
  for (let i = 0; i < FUSE_MAXCODE + 10; i++) v = g.ewise('add', [v, 1]);
  const { steps } = plan([v]);
  assert.ok(steps.length >= 2);
  for (const st of steps) assert.ok(st.group.code.length / 4 <= FUSE_MAXCODE);
});

test('views stay steps of their own; assignments come last; one variable assigned twice is an error', () => {
  const g = graph(),
    w = g.variable([2, 3]);
  const r = g.view(g.ewise('mul', [w, 2]), [6]);
  const a = g.assign(w, g.ewise('add', [w, 1]));
  const { steps } = plan([r, a]);
  assert.deepEqual(
    steps.map((st) => st.type),
    ['fuse', 'view', 'fuse'],
  );
  assert.equal(steps[2].node, a);
  const b = g.assign(w, g.ewise('sub', [w, 1]));
  assert.throws(
    () => plan([a, b]),
    (e) => e instanceof WtError && /assigned twice/.test(e.message),
  );
});
