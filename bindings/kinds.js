// How a registry entry (registry/) becomes a function: the eager free
// function, its method on Tensor and LazyTensor, and the graph node it builds
// when an operand is lazy.  One builder per kind; entries of the other kinds
// bring their own `impl` (and `lazy` builder).
import { Tensor, sourceOf } from './tensor.js';
import { defineOp } from './marshal.js';
import { ewise, reduction } from './ops.js';
import { withNames } from './names.js';
import { WtError } from './errors.js';
import { given } from './args.js';
import { ufuncKeywords, reductionKeywords, ufuncOperands, openClip, roundDecimals } from './keywords.js';

// eager functions of the generic kinds
const EAGER = {
  ufunc:
    (api, { name, c, arity }) =>
    (...args) =>
      ewise(api.e, name, c, args.length === arity ? args : args.slice(0, arity), args[arity]),
  reduction:
    (api, { name }) =>
    (x, opts) =>
      reduction(api.e, name, x, opts),
  view: (api, entry) => specOp(api, entry),
  copy: (api, entry) => specOp(api, entry),
};

// views and copies: the C function with its argument specs, the names following the axes
function specOp(api, entry) {
  const op = defineOp(api.e, entry.name, entry.c, entry.args);
  const viewing = entry.kind === 'view' ? (x, ...args) => sourceOf(x, op(x, ...args)) : op;
  return followNames(viewing, entry.names);
}

// views whose axes are the input's: the result carries the names along
function followNames(op, names) {
  if (!names) return op;
  const follow = names === 'same' ? (x) => x._names : names;
  return (x, ...args) => {
    const r = op(x, ...args);
    return x instanceof Tensor && x._names ? withNames(r, follow(x, args)) : r;
  };
}

// the graph node each generic kind builds when an operand is lazy
const LAZY = {
  ufunc:
    ({ name, arity }) =>
    (g, args) =>
      g._ewise(name, args.slice(0, arity), args[arity]),
  reduction:
    ({ name }) =>
    (g, [x, opts]) =>
      g._reduce(name, x, opts),
  view:
    ({ name }) =>
    (g, [x, ...rest]) =>
      g._view(name, x, rest),
  copy:
    ({ name }) =>
    (g, [x, dtype]) =>
      g._cast(name, x, name === 'astype' ? dtype : x.dtype),
};

// an impl that is fn(api, ...args)
export const via =
  (fn) =>
  (api) =>
  (...args) =>
    fn(api, ...args);

// which arguments are operands (a lazy one makes the call build a node)
const operandRange = (entry) => entry.operands ?? (entry.kind === 'ufunc' ? [0, entry.arity] : [0, 1]);

export function eagerOf(api, entry) {
  if (entry.impl) return withArrays(api, entry, entry.impl(api, entry));
  const build = EAGER[entry.kind];
  if (!build) throw new Error(`registry: ${entry.name} (${entry.kind}) needs an impl`);
  return withArrays(api, entry, build(api, entry));
}

// NumPy takes a list wherever it takes an array: a nested JS array or TypedArray in an operand
// position (the generic kinds', an entry's declared operands, or its `arrays` range) becomes a tensor by wt.tensor's
// rules for the call, freed after it (a view of it keeps its buffer).  Entries of the other
// kinds take their array arguments themselves (lists of tensors, shapes, index lists).
const ARRAY_KINDS = new Set(['ufunc', 'reduction', 'view', 'copy']);
const isArrayLike = (v) => Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView));

function withArrays(api, entry, fn) {
  if (!ARRAY_KINDS.has(entry.kind) && !entry.operands) return fn;
  const [from, to] = entry.arrays ?? operandRange(entry);
  const name = entry.name;
  return (...args) => {
    let temps = null;
    try {
      for (let k = from; k < to && k < args.length; k++) {
        if (!isArrayLike(args[k])) continue;
        (temps ??= []).push((args[k] = asOperand(api, args[k], name, k - from)));
      }
      return fn(...args);
    } finally {
      temps?.forEach((t) => t.dispose());
    }
  };
}

function asOperand(api, v, name, k) {
  try {
    return api.tensor(v);
  } catch (e) {
    if (e instanceof WtError) throw new WtError(e.code, `${name}: operand ${k + 1}: ${e.message}`);
    throw e;
  }
}

// NumPy's keywords C's calls do not take (keywords.js): a ufunc's dtype= and where=, a
// reduction's where= and initial=, composed of the public functions without them
const KEYWORD_REDUCTIONS = new Set(['sum', 'prod', 'max', 'min', 'mean', 'any', 'all']);
export function withKeywords(api, entry, fn) {
  if (entry.kind === 'ufunc') {
    const n = entry.arity;
    return (...args) => {
      if (entry.name === 'where' && args.length === 1) return fn(...args); // where(cond) is nonzero
      const operands = ufuncOperands(api, entry, args.slice(0, n)),
        opts = args[n];
      if (entry.name === 'clip' && (!given(operands[1]) || !given(operands[2]))) return openClip(api, operands, opts);
      if (entry.name === 'round' && opts?.decimals) {
        const { decimals, ...rest } = opts;
        return roundDecimals(api, fn, operands[0], decimals, rest);
      }
      if (!opts || (!given(opts.where) && !given(opts.dtype))) return fn(...operands, ...args.slice(n));
      return ufuncKeywords(api, entry, fn, operands, opts);
    };
  }
  if (entry.kind !== 'reduction' || !KEYWORD_REDUCTIONS.has(entry.name)) return fn;
  return (x, opts) =>
    opts && (given(opts.where) || given(opts.initial)) ? reductionKeywords(api, entry.name, fn, x, opts) : fn(x, opts);
}

// the free function: eager, or a node of the graph of its first lazy operand
export function withLazy(entry, eager, isLazy) {
  if (!entry.lazy) return eager;
  const build = typeof entry.lazy === 'function' ? entry.lazy : LAZY[entry.kind](entry);
  const [from, to] = operandRange(entry);
  return (...args) => {
    for (let k = from; k < to && k < args.length; k++) if (isLazy(args[k])) return build(args[k].graph, args);
    return eager(...args);
  };
}

// The common call skips the wrappers (lazy operands, arrays, names, options):
// a ufunc of one or two operands or a whole reduction, each operand a tensor of
// this instance without names (or, for a ufunc, a number), no options.  Any
// other call, a bad one included, goes the whole way and gets its message there.
export function withFast(api, entry, fn) {
  if (entry.impl || !['ufunc', 'reduction'].includes(entry.kind) || entry.arity > 2) return fn;
  const e = api.e,
    { name, c } = entry;
  const tensor = (v) => v instanceof Tensor && v._e === e && v._ptr !== 0 && v._names === null;
  const plain = (v) => typeof v === 'number' || tensor(v);
  let code = -1; // the C code, looked up on the first call
  if (entry.kind === 'reduction')
    return function (x, opts) {
      if (arguments.length > 1 || !tensor(x)) return fn(...arguments);
      return e.reducePlain(code < 0 ? (code = e.code('reduce', name, name)) : code, x);
    };
  if (entry.arity === 1)
    return function (x, opts) {
      if (arguments.length > 1 || !plain(x)) return fn(...arguments);
      return e.ewisePlain(code < 0 ? (code = e.code('op', c, name)) : code, 1, x, 0, name);
    };
  return function (a, b, opts) {
    if (arguments.length > 2 || !plain(a) || !plain(b)) return fn(...arguments);
    return e.ewisePlain(code < 0 ? (code = e.code('op', c, name)) : code, 2, a, b, name);
  };
}

// Tensor.prototype[method]: `this` is the first operand (the second where `self` is 1);
// the declared parameters check the rest
export function methodOf(entry, fns) {
  const id = entry.id ?? entry.name;
  if (entry.self === 1)
    return function (first, ...args) {
      return fns(this)[id](first, this, ...args);
    };
  return function (...args) {
    return fns(this)[id](this, ...args);
  };
}

export function methodName(entry) {
  return typeof entry.method === 'string' ? entry.method : entry.name;
}
