// The elementwise ops (NumPy's ufuncs): JS name -> C (NumPy) name.  Arity and
// the op code come from the C op list through abi.js; each entry becomes
// wt.name(...operands, options), a Tensor method whose first operand is `this`,
// and a lazy node when an operand is a LazyTensor.
import { OPS } from './abi.js';

const NAMES = {
  // binary
  add: 'add',
  sub: 'subtract',
  mul: 'multiply',
  div: 'divide',
  floorDiv: 'floor_divide',
  mod: 'mod',
  pow: 'power',
  maximum: 'maximum',
  minimum: 'minimum',
  equal: 'equal',
  notEqual: 'not_equal',
  less: 'less',
  lessEqual: 'less_equal',
  greater: 'greater',
  greaterEqual: 'greater_equal',
  logicalAnd: 'logical_and',
  logicalOr: 'logical_or',
  logicalXor: 'logical_xor',
  // unary
  neg: 'negative',
  abs: 'absolute',
  sign: 'sign',
  exp: 'exp',
  log: 'log',
  log1p: 'log1p',
  expm1: 'expm1',
  sqrt: 'sqrt',
  square: 'square',
  reciprocal: 'reciprocal',
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  tanh: 'tanh',
  sigmoid: 'sigmoid',
  relu: 'relu',
  floor: 'floor',
  ceil: 'ceil',
  round: 'round',
  logicalNot: 'logical_not',
  isnan: 'isnan',
  isfinite: 'isfinite',
  acos: 'arccos',
  asin: 'arcsin',
  atan: 'arctan',
  acosh: 'arccosh',
  asinh: 'arcsinh',
  atanh: 'arctanh',
  cosh: 'cosh',
  sinh: 'sinh',
  conj: 'conjugate',
  angle: 'angle',
  log2: 'log2',
  log10: 'log10',
  atan2: 'arctan2',
  hypot: 'hypot',
  copysign: 'copysign',
  logaddexp: 'logaddexp',
  logaddexp2: 'logaddexp2',
  nextafter: 'nextafter',
  fmod: 'fmod',
  fmax: 'fmax',
  fmin: 'fmin',
  heaviside: 'heaviside',
  bitwiseAnd: 'bitwise_and',
  bitwiseOr: 'bitwise_or',
  bitwiseXor: 'bitwise_xor',
  bitwiseLeftShift: 'left_shift',
  bitwiseRightShift: 'right_shift',
  bitwiseInvert: 'invert',
  isinf: 'isinf',
  signbit: 'signbit',
  trunc: 'trunc',
  exp2: 'exp2',
  cbrt: 'cbrt',
  deg2rad: 'deg2rad',
  rad2deg: 'rad2deg',
  rint: 'rint',
  positive: 'positive',
  i0: 'i0',
  // ternary
  where: 'where',
  clip: 'clip',
  fma: 'fma',
};

// NumPy's spellings of the Array API names (np.arccos is np.acos), and NumPy's other names
const ALIASES = {
  sub: ['subtract'],
  mul: ['multiply'],
  div: ['divide', 'trueDivide'],
  floorDiv: ['floorDivide'],
  mod: ['remainder'],
  pow: ['power'],
  neg: ['negative'],
  abs: ['absolute'],
  round: ['around'],
  acos: ['arccos'],
  asin: ['arcsin'],
  atan: ['arctan'],
  acosh: ['arccosh'],
  asinh: ['arcsinh'],
  atanh: ['arctanh'],
  atan2: ['arctan2'],
  conj: ['conjugate'],
  bitwiseLeftShift: ['leftShift'],
  bitwiseRightShift: ['rightShift'],
  bitwiseInvert: ['invert'],
  trunc: ['fix'], // np.fix rounds toward zero with trunc's dtypes
  deg2rad: ['radians'],
  rad2deg: ['degrees'],
};

const CODE = new Map(OPS.map((o, k) => [o.name, k]));

// Their parameters, NumPy's: the operands, out (also positional), then the keywords
// (alpha, beta and reduce are Cortex's forms: out = reduce(op(alpha*x, beta*z)))
const KEYWORDS = '{out, *, where, casting, dtype, alpha, beta, reduce}';
const OPERANDS = { 1: 'x', 2: 'x1, x2', 3: 'x1, x2, x3' };
const SIGNATURES = {
  where: 'condition, x?, y?, {out, *, casting}',
  clip: 'a, aMin?, aMax?, {out, *, where, casting, dtype}',
  fma: 'x, y, z, {out, *, where, casting, dtype}',
  round: 'a, {decimals:int, out, *, where, casting, dtype}', // np.round(a, decimals=0, out=None)
};

export const UFUNC_ENTRIES = Object.entries(NAMES).map(([name, c]) => {
  if (!CODE.has(c)) throw new Error(`ufuncs.js: '${c}' is not in the C op list (include/wtensor.h WT_OP_LIST)`);
  const aliases = ALIASES[name] ?? [];
  const arity = OPS[CODE.get(c)].arity;
  return {
    name,
    aliases,
    kind: 'ufunc',
    c,
    arity,
    sig: SIGNATURES[name] ?? `${OPERANDS[arity]}, ${KEYWORDS}`,
    method: true,
    lazy: true,
  };
});

// a ufunc's C (NumPy) name from its JS name; other names are C names already
export const cName = (name) => (Object.hasOwn(NAMES, name) ? NAMES[name] : name);
// its op code in the C op list, from either name (undefined if none)
export const opCodeOf = (name) => CODE.get(cName(name));

// NumPy's reductions (C: wt_reduce), amax and amin NumPy's other names of max and min
const REDUCE_ALIASES = { max: ['amax'], min: ['amin'] };
// their parameters in NumPy's order ('!': NumPy's, refused by name until wtensor has it)
// (dtype on all: C refuses it where NumPy does, with NumPy's message; casting applies to out)
const REDUCE_SIGNATURES = {
  sum: 'a, {axis, dtype, out, keepdims, initial, where, *, casting}',
  prod: 'a, {axis, dtype, out, keepdims, initial, where, *, casting}',
  max: 'a, {axis, out, keepdims, initial, where, *, dtype, casting}',
  min: 'a, {axis, out, keepdims, initial, where, *, dtype, casting}',
  mean: 'a, {axis, dtype, out, keepdims, *, where, casting}',
  any: 'a, {axis, out, keepdims, *, where, dtype, casting}',
  all: 'a, {axis, out, keepdims, *, where, dtype, casting}',
  argmax: 'a, {axis, out, *, keepdims, dtype, casting}',
  argmin: 'a, {axis, out, *, keepdims, dtype, casting}',
};
export const REDUCTION_ENTRIES = Object.entries(REDUCE_SIGNATURES).map(([name, sig]) => ({
  name,
  aliases: REDUCE_ALIASES[name] ?? [],
  kind: 'reduction',
  c: name,
  sig,
  method: true,
  lazy: true,
}));
