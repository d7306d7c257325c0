// The browser suite's assert shim must agree with Node's node:assert/strict —
// else the suite could pass in the page where Node would fail.  Each case
// runs through both; the outcomes (pass or throw) must match.
import { test } from 'node:test';
import nodeAssert from 'node:assert/strict';
import shim from './shim/assert.mjs';
import { test as shimTest, runTests } from './shim/runner.mjs';

class MyError extends Error {}
const err = Object.assign(new TypeError('bad thing 42'), { code: 'E_X' });
const thrower = (e) => () => {
  throw e;
};
const frozen = Object.freeze([2, 3]);
const CASES = [
  ['equal', 1, 1],
  ['equal', 1, '1'],
  ['equal', NaN, NaN],
  ['equal', 0, -0],
  ['equal', 'a', 'a'],
  ['equal', null, undefined],
  ['notEqual', 1, 2],
  ['notEqual', NaN, NaN],
  ['deepEqual', [1, [2, 3]], [1, [2, 3]]],
  ['deepEqual', [1, [2, 3]], [1, [2, 4]]],
  ['deepEqual', [1, 2], [1, 2, 3]],
  ['deepEqual', { a: 1, b: [1] }, { b: [1], a: 1 }],
  ['deepEqual', { a: 1 }, { a: 1, b: undefined }],
  ['deepEqual', { a: 1 }, { a: '1' }],
  ['deepEqual', [NaN], [NaN]],
  ['deepEqual', [0], [-0]],
  ['deepEqual', frozen, [2, 3]],
  // eslint-disable-next-line no-sparse-arrays -- a hole must compare as Node's assert compares it
  ['deepEqual', [1, , 3], [1, undefined, 3]],
  ['deepEqual', new Float32Array([1, 2]), new Float32Array([1, 2])],
  ['deepEqual', new Float32Array([1, 2]), new Float64Array([1, 2])],
  ['deepEqual', new Float64Array([NaN]), new Float64Array([NaN])],
  ['deepEqual', new Float32Array([0]), new Float32Array([-0])],
  ['deepEqual', new Uint8Array([1]), [1]],
  ['deepEqual', [[true, false]], [[true, false]]],
  ['deepEqual', [[true]], [[1]]],
  ['deepEqual', { x: { y: { z: [1] } } }, { x: { y: { z: [1] } } }],
  ['deepEqual', Object.create(null), {}],
  ['deepEqual', new Date(5), new Date(5)],
  ['deepEqual', new Date(5), new Date(6)],
  ['deepEqual', /a/g, /a/g],
  ['deepEqual', /a/g, /a/i],
  ['notDeepEqual', [1], [2]],
  ['notDeepEqual', [1], [1]],
  ['match', 'abc', /b/],
  ['match', 'abc', /d/],
  ['match', 5, /5/],
  ['doesNotMatch', 'abc', /d/],
  ['doesNotMatch', 'abc', /b/],
  ['ok', 1],
  ['ok', 0],
  ['ok', ''],
  ['ok', 'x'],
  ['throws', thrower(err)],
  ['throws', () => 1],
  ['throws', thrower(err), TypeError],
  ['throws', thrower(err), RangeError],
  ['throws', thrower(new MyError('m')), MyError],
  ['throws', thrower(err), /bad thing/],
  ['throws', thrower(err), /TypeError: bad/],
  ['throws', thrower(err), /nope/],
  ['throws', thrower(err), (e) => e.code === 'E_X'],
  ['throws', thrower(err), (e) => e.code === 'E_Y'],
  ['throws', thrower(err), () => 'truthy'],
  ['throws', thrower(err), { code: 'E_X', message: /thing/ }],
  ['throws', thrower(err), { code: 'E_Y' }],
  ['throws', thrower(err), { message: 'bad thing 42' }],
  [
    'throws',
    thrower(err),
    (e) => {
      nodeAssert.equal(e.code, 'E_Y');
      return true;
    },
  ],
];

const outcome = (fn) => {
  try {
    const r = fn();
    return r instanceof Promise
      ? r.then(
          () => 'pass',
          () => 'throw',
        )
      : 'pass';
  } catch {
    return 'throw';
  }
};

test('the assert shim passes and fails exactly where node:assert/strict does', () => {
  let throws = 0;
  for (const [name, ...args] of CASES) {
    const want = outcome(() => nodeAssert[name](...args));
    const got = outcome(() => shim[name](...args));
    nodeAssert.equal(
      got,
      want,
      `${name}(${args.map((a) => (typeof a === 'function' ? 'fn' : JSON.stringify(a))).join(', ')})`,
    );
    if (want === 'throw') throws++;
  }
  nodeAssert.ok(throws >= 20 && throws <= CASES.length - 20, `the cases must include both outcomes (${throws} throw)`);
});

test('rejects, and assert() itself, agree too', async () => {
  for (const [p, expected] of [
    [Promise.reject(err), TypeError],
    [Promise.resolve(1), undefined],
    [Promise.reject(err), /nope/],
    [() => Promise.reject(err), { code: 'E_X' }],
  ]) {
    nodeAssert.equal(
      await outcome(() => shim.rejects(p, expected)),
      await outcome(() => nodeAssert.rejects(p, expected)),
    );
  }
  nodeAssert.throws(() => shim(false, 'custom'), /custom/);
  nodeAssert.doesNotThrow(() => shim(true));
});

test('the node:test shim runs tests in order and reports failures', async () => {
  const order = [];
  shimTest('a', () => {
    order.push('a');
  });
  shimTest('b', async () => {
    order.push('b');
    throw new Error('boom');
  });
  shimTest('c', { skip: true }, () => {
    order.push('c');
  });
  const results = await runTests();
  nodeAssert.deepEqual(order, ['a', 'b']);
  nodeAssert.deepEqual(
    results.map((r) => [r.name, r.ok, r.skipped]),
    [
      ['a', true, false],
      ['b', false, false],
      ['c', true, true],
    ],
  );
  nodeAssert.match(results[1].error, /Error: boom/);
});
