// The operations, declared as data: JS name -> the C (NumPy ufunc) name.
// Each becomes wt.name(...) and a Tensor method; C resolves the names,
// checks every operand and computes.
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';

export const BINARY = {
  add: 'add', sub: 'subtract', mul: 'multiply', div: 'divide', floorDiv: 'floor_divide', mod: 'mod',
  pow: 'power', maximum: 'maximum', minimum: 'minimum', equal: 'equal', notEqual: 'not_equal', less: 'less',
  lessEqual: 'less_equal', greater: 'greater', greaterEqual: 'greater_equal', logicalAnd: 'logical_and',
  logicalOr: 'logical_or', logicalXor: 'logical_xor',
};
export const UNARY = {
  neg: 'negative', abs: 'absolute', sign: 'sign', exp: 'exp', log: 'log', log1p: 'log1p', expm1: 'expm1',
  sqrt: 'sqrt', square: 'square', reciprocal: 'reciprocal', sin: 'sin', cos: 'cos', tan: 'tan', tanh: 'tanh',
  sigmoid: 'sigmoid', relu: 'relu', floor: 'floor', ceil: 'ceil', round: 'round', logicalNot: 'logical_not',
  isnan: 'isnan', isfinite: 'isfinite',
};
export const TERNARY = { where: 'where', clip: 'clip', fma: 'fma' };
export const REDUCTIONS = ['sum', 'prod', 'max', 'min', 'mean', 'any', 'all', 'argmax', 'argmin'];

function options(opts, what) {
  if (opts === undefined || opts === null) return {};
  if (typeof opts !== 'object' || opts instanceof Tensor) throw new WtError('WT_EINVAL', `${what}: options must be an object, got ${typeName(opts)}`);
  return opts;
}

function number(v, dflt, what) {
  if (v === undefined) return dflt;
  if (typeof v !== 'number') throw new WtError('WT_EINVAL', `${what} must be a number, got ${typeName(v)}`);
  return v;
}

// out = op(alpha * operands[0], beta * operands[1], operands[2]); returns out or a new tensor
export function ewise(engine, name, cname, operands, opts) {
  opts = options(opts, name);
  const op = engine.code('op', cname, name);
  const reduce = opts.reduce === undefined || opts.reduce === null ? 0 : engine.code('reduce', opts.reduce, `${name}: reduce`);
  const out = opts.out === undefined || opts.out === null ? 0 : engine.handle(opts.out, `${name}: out`);
  const alpha = number(opts.alpha, 1, `${name}: alpha`), beta = number(opts.beta, 1, `${name}: beta`);
  for (const v of operands) {
    if (!(v instanceof Tensor) && typeof v !== 'number' && typeof v !== 'boolean') {
      throw new WtError('WT_EINVAL', `${name}: operands must be tensors, numbers or booleans, got ${typeName(v)}`);
    }
  }
  // a boolean acts as a 0-d bool tensor: bool is the lowest dtype, so it
  // adopts the other operand's dtype exactly as a weak boolean would
  const temps = operands.map((v) => (typeof v === 'boolean' ? engine.scalarBool(v) : null));
  try {
    const [n, h, sc] = engine.operands(operands.map((v, k) => temps[k] ?? v), name);
    engine.check(engine.ex.wt_ewise(op, n, h, sc, alpha, beta, out, reduce, out ? 0 : engine.outPtr));
  } finally {
    for (const t of temps) if (t) t.dispose();
  }
  return out ? opts.out : engine.adopt(engine.takeOut());
}

// reduce(x, axis?) / reduce(x, {axis, keepdims, out})
export function reduction(engine, name, x, opts) {
  if (typeof opts === 'number' || Array.isArray(opts)) opts = { axis: opts };
  opts = options(opts, name);
  const code = engine.code('reduce', name, name);
  const handle = engine.handle(x, `${name}: tensor`);
  const [naxes, axes] = opts.axis === undefined || opts.axis === null ? [-1, 0] : engine.ints(opts.axis, `${name}: axis`, engine.axesSlot, false);
  const out = opts.out === undefined || opts.out === null ? 0 : engine.handle(opts.out, `${name}: out`);
  engine.check(engine.ex.wt_reduce(code, handle, naxes, axes, opts.keepdims ? 1 : 0, out, out ? 0 : engine.outPtr));
  return out ? opts.out : engine.adopt(engine.takeOut());
}
