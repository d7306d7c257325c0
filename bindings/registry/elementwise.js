// The registry's elementwise functions and reductions (their entries are made
// in ufuncs.js from C's op list), where(cond) alone, and Cortex's binary/unary
// (registry/index.js has the fields).
import { WtError } from '../errors.js';
import { typeName } from '../engine.js';
import { UFUNC_ENTRIES, REDUCTION_ENTRIES, cName } from '../ufuncs.js';
import { ewise } from '../ops.js';
import * as ix from '../indexing.js';

// where(cond) alone is nonzero(cond), as NumPy's
const withWhere = (e) =>
  e.name !== 'where'
    ? e
    : {
        ...e,
        impl:
          (api) =>
          (...args) =>
            args.length === 1 ? ix.nonzero(api, args[0]) : ewise(api.e, 'where', e.c, args.slice(0, 3), args[3]),
      };

const opName = (op, what) => {
  if (typeof op !== 'string')
    throw new WtError('WT_EINVAL', `${what}: the operation must be a name string, got ${typeName(op)}`);
  return op;
};
// out = op(alpha*x, beta*z) with {alpha, beta, out, reduce}: Cortex's forms, by JS or NumPy name
const cortex =
  (api, { name }) =>
  (op, ...args) => {
    const label = `${name}('${opName(op, name)}')`,
      n = name === 'binary' ? 2 : 1;
    return ewise(api.e, label, cName(op), args.slice(0, n), args[n]);
  };

export const ELEMENTWISE = UFUNC_ENTRIES.map(withWhere);
export const REDUCTIONS = REDUCTION_ENTRIES;

export const CORTEX = [
  {
    name: 'binary',
    kind: 'cortex',
    sig: 'op:str, x, z, {out, *, casting, alpha, beta, reduce}',
    method: false,
    impl: cortex,
    operands: [1, 3],
    lazy: (g, [op, x, z, opts]) => g._ewise(op, [x, z], opts),
  },
  {
    name: 'unary',
    kind: 'cortex',
    sig: 'op:str, x, {out, *, casting, alpha, beta, reduce}',
    method: false,
    impl: cortex,
    operands: [1, 2],
    lazy: (g, [op, x, opts]) => g._ewise(op, [x], opts),
  },
];

// NumPy's augmented assignments as methods, by Python's operator names (operator.iadd is
// `a += b`): the op written into a (out=a) under NumPy's same_kind rule into a's dtype, so
// `a.iadd(1.5)` on an integer a raises as `a += 1.5` does; each returns a
const AUGMENTED_OPS = {
  iadd: 'add',
  isub: 'sub',
  imul: 'mul',
  itruediv: 'div',
  ifloordiv: 'floorDiv',
  imod: 'mod',
  ipow: 'pow',
  iand: 'bitwiseAnd',
  ior: 'bitwiseOr',
  ixor: 'bitwiseXor',
  ilshift: 'bitwiseLeftShift',
  irshift: 'bitwiseRightShift',
  imatmul: 'matmul',
};
export const AUGMENTED = Object.entries(AUGMENTED_OPS).map(([name, op]) => ({
  name,
  kind: 'augmented',
  sig: 'a, other',
  method: true,
  free: false,
  impl: (api) => (a, other) => {
    api.e.handle(a, `${name}: a`);
    api.e.fns[op](a, other, { out: a });
    return a;
  },
}));
