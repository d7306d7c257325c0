// `node:assert/strict` for the browser suite page: the functions the tests
// use, with Node's strict semantics (Object.is, deepStrictEqual, validators).
// tests/browser/shim.test.mjs checks it against Node's own assert.
export class AssertionError extends Error {
  constructor(message) {
    super(message);
    this.name = 'AssertionError';
    this.code = 'ERR_ASSERTION';
  }
}

const show = (v) => {
  try {
    return typeof v === 'string'
      ? JSON.stringify(v)
      : typeof v === 'bigint'
        ? `${v}n`
        : Object.is(v, -0)
          ? '-0'
          : String(JSON.stringify(v) ?? v);
  } catch {
    return String(v);
  }
};
const fail = (message, fallback) => {
  if (message instanceof Error) throw message;
  throw new AssertionError(message ?? fallback);
};

function deepEq(a, b, seen = new Map()) {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Map || a instanceof Set || a instanceof WeakMap || a instanceof WeakSet) {
    throw new AssertionError('the assert shim does not compare Maps or Sets');
  }
  if (a instanceof Date && !Object.is(a.getTime(), b.getTime())) return false;
  if (a instanceof RegExp && (a.source !== b.source || a.flags !== b.flags)) return false;
  if (a instanceof Error && (a.name !== b.name || a.message !== b.message)) return false;
  if (ArrayBuffer.isView(a)) {
    if (a.byteLength !== b.byteLength) return false;
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength),
      y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  }
  if (Array.isArray(a) && a.length !== b.length) return false;
  const ka = Reflect.ownKeys(a).filter((k) => Object.prototype.propertyIsEnumerable.call(a, k));
  const kb = Reflect.ownKeys(b).filter((k) => Object.prototype.propertyIsEnumerable.call(b, k));
  if (ka.length !== kb.length) return false;
  if (ArrayBuffer.isView(a)) return true; // compared byte for byte above
  return ka.every((k) => Object.prototype.propertyIsEnumerable.call(b, k) && deepEq(a[k], b[k], seen));
}

function ok(value, message) {
  if (!value) fail(message, `The expression evaluated to a falsy value: ${show(value)}`);
}
const assert = Object.assign((value, message) => ok(value, message), {
  AssertionError,
  ok,
  equal(actual, expected, message) {
    if (!Object.is(actual, expected))
      fail(message, `Expected values to be strictly equal: ${show(actual)} !== ${show(expected)}`);
  },
  notEqual(actual, expected, message) {
    if (Object.is(actual, expected)) fail(message, `Expected "actual" to be strictly unequal to: ${show(expected)}`);
  },
  deepEqual(actual, expected, message) {
    if (!deepEq(actual, expected))
      fail(message, `Expected values to be strictly deep-equal:\n${show(actual)}\n${show(expected)}`);
  },
  notDeepEqual(actual, expected, message) {
    if (deepEq(actual, expected))
      fail(message, `Expected "actual" not to be strictly deep-equal to: ${show(expected)}`);
  },
  match(string, regexp, message) {
    if (typeof string !== 'string' || !regexp.test(string))
      fail(message, `The input did not match the regular expression ${regexp}. Input: ${show(string)}`);
  },
  doesNotMatch(string, regexp, message) {
    if (typeof string !== 'string' || regexp.test(string))
      fail(message, `The input was expected to not match the regular expression ${regexp}. Input: ${show(string)}`);
  },
  fail(message = 'Failed') {
    fail(message);
  },
  throws(fn, expected, message) {
    let error,
      threw = false;
    try {
      fn();
    } catch (e) {
      threw = true;
      error = e;
    }
    if (!threw) fail(typeof expected === 'string' ? expected : message, 'Missing expected exception.');
    check(error, expected, message);
  },
  async rejects(promiseOrFn, expected, message) {
    let error,
      threw = false;
    try {
      await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
    } catch (e) {
      threw = true;
      error = e;
    }
    if (!threw) fail(typeof expected === 'string' ? expected : message, 'Missing expected rejection.');
    check(error, expected, message);
  },
});
assert.strict = assert;
assert.strictEqual = assert.equal;
assert.deepStrictEqual = assert.deepEqual;

// expected: an Error class, a validation function (must return true), a
// RegExp (tested against String(error)) or an object of expected properties
function check(error, expected, message) {
  if (expected === undefined || typeof expected === 'string') return;
  if (expected instanceof RegExp) {
    if (!expected.test(String(error))) fail(message, `The error "${error}" does not match ${expected}`);
  } else if (typeof expected === 'function') {
    if (expected.prototype !== undefined && error instanceof expected) return;
    if (Object.prototype.isPrototypeOf.call(Error, expected) || expected === Error)
      fail(message, `The error is not an instance of ${expected.name}: ${error}`);
    if (expected.call({}, error) !== true)
      fail(message, `The validation function is expected to return "true" for ${error}`);
  } else {
    for (const [k, v] of Object.entries(expected)) {
      const ok_ = v instanceof RegExp && typeof error?.[k] === 'string' ? v.test(error[k]) : deepEq(error?.[k], v);
      if (!ok_) fail(message, `The error's "${k}" is ${show(error?.[k])}, expected ${show(v)}`);
    }
  }
}

export const { ok: assertOk, equal, notEqual, deepEqual, notDeepEqual, match, doesNotMatch, throws, rejects } = assert;
export default assert;
