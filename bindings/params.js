// Declared parameters: every public function states its signature once, as
// data, and one checker holds every call to it.  A signature lists the
// parameters in NumPy's order:
//
//   'a, shift, axis?'                       roll: two required, one optional
//   'x, {axis, dtype, out, keepdims}'       sum: the implementation takes an options object
//   'subscripts, ...operands'               einsum: the rest of the positional arguments
//   'x1, x2, {out, *, casting, dtype}'      after '*' inside the braces: by name only
//   'state:obj'                             a plain object here is this argument, not options
//   'endpoint:bool'                         a type the checker holds it to (bool, int, num, str, fn)
//   '{axis, !initial}'                      '!': NumPy's parameter, which wtensor refuses by name
//                                           (it keeps its place in NumPy's positional order)
//
// Every parameter can be given positionally (NumPy's order: an options object's
// names before '*' continue the positional list) or by name in a trailing
// options object: roll(x, 1, 0) and roll(x, 1, {axis: 0}) are one call.  The
// checker refuses an unknown name (naming the closest declared one, or the
// camelCase spelling of NumPy's snake_case name), a positional argument past
// the signature, and a parameter given both ways; then it calls the
// implementation in its own form: positional parameters positionally, the
// options object (only the names it declares) after them.
import { WtError } from './errors.js';

const ITEM = /^(\.\.\.|!)?([A-Za-z_$][\w$]*)(\?)?(?::(obj|bool|int|num|str|fn))?$/;

// the types a parameter may declare (null and undefined always pass: not given)
const TYPES = {
  obj: () => true,
  bool: (v) => typeof v === 'boolean',
  int: (v) => Number.isSafeInteger(v),
  num: (v) => typeof v === 'number',
  str: (v) => typeof v === 'string',
  fn: (v) => typeof v === 'function',
};
const TYPE_WORDS = { bool: 'a boolean', int: 'an integer', num: 'a number', str: 'a string', fn: 'a function' };

// parse once per function: {pos: [{name, optional, obj}], rest, keys, byPosition, text}
export function parseSignature(sig, fname) {
  const m = /^([^{]*?)\s*(?:,?\s*\{([^}]*)\})?\s*$/.exec(sig);
  if (!m) throw new Error(`params: bad signature for ${fname}: '${sig}'`);
  const pos = [];
  const types = new Map();
  let rest = null;
  const item = (part) => {
    const p = ITEM.exec(part);
    if (!p || (p[1] === '...' && p[3])) throw new Error(`params: bad parameter '${part}' in ${fname}(${sig})`);
    if (p[4]) types.set(p[2], p[4]);
    return { name: p[2], mark: p[1], optional: Boolean(p[3]), obj: p[4] === 'obj' };
  };
  for (const part of m[1].split(',').map((s) => s.trim())) {
    if (!part) continue;
    const p = item(part);
    if (rest || p.mark === '!') throw new Error(`params: bad parameter '${part}' in ${fname}(${sig})`);
    if (p.mark === '...') rest = p.name;
    else pos.push(p);
  }
  const bag = m[2] === undefined ? null : m[2].split(',').map((s) => s.trim());
  const star = bag ? bag.indexOf('*') : -1;
  const opts = bag ? bag.filter((k) => k !== '*').map(item) : [];
  const keys = opts.map((o) => o.name);
  const byPosition = rest ? [] : (star < 0 ? keys : keys.slice(0, star)).slice();
  const refused = new Set(opts.filter((o) => o.mark === '!').map((o) => o.name));
  const names = new Map(pos.map((p, i) => [p.name, i]));
  const text = sig
    .replace(/!\w+,?\s*/g, '')
    .replace(/,\s*\}/, '}')
    .replace(/:\w+/g, '');
  return {
    name: fname,
    sig,
    pos,
    rest,
    hasBag: bag !== null,
    keys: new Set(keys),
    byPosition,
    names,
    refused,
    types,
    text,
  };
}

// the signature as a reader sees it: pad(array, padWidth, {mode, constantValues})
export const signatureText = (d) => `${d.name}(${d.text})`;

// every name a call may use: positional parameters and options
export const declaredNames = (d) => [...d.pos.map((p) => p.name), ...[...d.keys].filter((k) => !d.refused.has(k))];

const isPlainObject = (v) => {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};
// a plain {re, im} of two numbers is a complex scalar (complex.js), never options
const isComplexObject = (v) => {
  const keys = Object.keys(v);
  return keys.length === 2 && typeof v.re === 'number' && typeof v.im === 'number';
};
const isOptions = (v) => isPlainObject(v) && !isComplexObject(v);

function distance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}

const camel = (s) => s.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

// the message for a name the function does not declare
export function unknownName(d, key) {
  const names = declaredNames(d);
  const head = `${d.name}: '${key}' is not an option of ${d.name}`;
  if (names.length === 0) return `${head}; it takes none (${signatureText(d)})`;
  const c = camel(key);
  if (c !== key && names.includes(c)) return `${d.name}: '${key}' is NumPy's spelling; wtensor's option is '${c}'`;
  const lower = key.toLowerCase();
  let best = null,
    bestD = Infinity;
  for (const n of names) {
    const dd = distance(lower, n.toLowerCase());
    if (dd < bestD) [best, bestD] = [n, dd];
  }
  if (bestD <= Math.max(2, Math.floor(key.length / 3))) return `${head}; did you mean '${best}'?`;
  return `${head} (${signatureText(d)})`;
}

const fail = (msg) => {
  throw new WtError('WT_EINVAL', msg);
};

function checkValue(d, key, v) {
  if (typeof v === 'symbol') fail(`${d.name}: '${key}' cannot be a symbol`);
  if (d.refused.has(key))
    fail(`${d.name}: NumPy's '${key}' is not supported by wtensor's ${d.name} (${signatureText(d)})`);
  const type = d.types.get(key);
  if (type && v !== null && !TYPES[type](v))
    fail(`${d.name}: ${key} must be ${TYPE_WORDS[type] ?? 'an object'}, got ${describe(v)}`);
}

// what a value is, for messages
export function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') {
    const n = v.constructor?.name;
    return n ? `a ${n}` : `an object (${Object.prototype.toString.call(v).slice(8, -1)})`;
  }
  if (typeof v === 'number') return Number.isNaN(v) ? 'NaN' : `the number ${v}`;
  if (typeof v === 'string') return `the string "${v.slice(0, 40)}"`;
  return typeof v === 'bigint' ? `the bigint ${v}` : typeof v;
}

// The checked function: fn(...args) with args as the user wrote them; impl in its own form.
export function declare(d, impl) {
  const { pos, rest, hasBag, keys, byPosition, names } = d;
  if (!pos.length && !rest && !hasBag) return mark(d, none(d, impl));
  const npos = pos.length;
  const maxPositional = rest ? Infinity : npos + byPosition.length;
  // whether a trailing plain object can be options: where something may be given by name
  // (else it is an argument: t.get({}) is an index item, refused by the index grammar)
  const named = hasBag || pos.some((p) => p.optional) || (rest !== null && d.types.get(rest) !== 'obj');
  return mark(d, function (...args) {
    let n = args.length;
    while (n > 0 && args[n - 1] === undefined) n--;
    let given = null;
    if (n > 0 && isOptions(args[n - 1]) && !(n - 1 < npos && pos[n - 1].obj) && (named || n > maxPositional))
      given = args[--n];
    if (n > maxPositional)
      fail(
        `${d.name}: takes at most ${maxPositional} positional argument${maxPositional === 1 ? '' : 's'}, got ${n}: ${signatureText(d)}`,
      );
    const head = args.slice(0, Math.min(n, npos));
    const tail = rest ? args.slice(npos, n) : [];
    let bag = null;
    for (let i = 0; i < head.length; i++) if (head[i] !== undefined) checkValue(d, pos[i].name, head[i]);
    for (let i = npos; !rest && i < n; i++) {
      if (args[i] === undefined) continue;
      checkValue(d, byPosition[i - npos], args[i]);
      (bag ??= {})[byPosition[i - npos]] = args[i];
    }
    if (given)
      for (const key of Object.keys(given)) {
        const v = given[key];
        if (names.has(key)) {
          const i = names.get(key);
          if (i < n && args[i] !== undefined) fail(`${d.name}: '${key}' was given twice, by position and by name`);
          if (v === undefined) continue;
          checkValue(d, key, v);
          while (head.length < i) head.push(undefined);
          head[i] = v;
        } else if (keys.has(key)) {
          if (bag && Object.hasOwn(bag, key)) fail(`${d.name}: '${key}' was given twice, by position and by name`);
          if (v === undefined) continue;
          checkValue(d, key, v);
          (bag ??= {})[key] = v;
        } else fail(unknownName(d, key));
      }
    if (!hasBag || bag === null) return impl.apply(this, rest ? [...head, ...tail] : head);
    while (head.length < npos) head.push(undefined);
    return impl.apply(this, [...head, ...tail, bag]);
  });
}

// a function of no parameters: any argument is refused (t.dispose() is on every hot path)
const none = (d, impl) =>
  function () {
    for (let i = 0; i < arguments.length; i++) {
      const a = arguments[i];
      if (a === undefined) continue;
      if (isOptions(a) && Object.keys(a).length) fail(unknownName(d, Object.keys(a)[0]));
      fail(`${d.name}: takes no arguments: ${signatureText(d)}`);
    }
    return impl.call(this);
  };

// every checked function carries its declaration (the tests call each one from it)
export const SIGNATURE = Symbol('wtensor.signature');
const mark = (d, fn) => Object.defineProperty(fn, SIGNATURE, { value: d });

// a constructor's arguments, checked and put in their declared form: [...positional, options]
export const argumentsOf = (sig, name) => declare(parseSignature(sig, name), (...args) => args);

// A namespace's functions, each behind its declared parameters: sigs is {name: signature};
// a member without one, or a signature without its member, is a mistake in the table
export function declareNamespace(prefix, ns, sigs) {
  const out = {},
    done = new Map(); // aliases stay one function (emath.acos === emath.arccos)
  for (const [name, fn] of Object.entries(ns)) {
    if (typeof fn !== 'function') out[name] = fn;
    else if (typeof sigs[name] !== 'string') throw new Error(`params: ${prefix}${name} declares no parameters`);
    else if (done.has(fn)) out[name] = done.get(fn);
    else done.set(fn, (out[name] = declare(parseSignature(sigs[name], prefix + name), fn)));
  }
  for (const name of Object.keys(sigs))
    if (!(name in ns)) throw new Error(`params: ${prefix}${name} is declared but missing`);
  return out;
}

// the same for methods on a prototype (the checked method keeps `this`)
export function declareMethods(prefix, proto, sigs) {
  for (const [name, sig] of Object.entries(sigs)) {
    const fn = proto[name];
    if (typeof fn !== 'function') throw new Error(`params: ${prefix}${name} is declared but missing`);
    proto[name] = declare(parseSignature(sig, prefix + name), fn);
  }
}
