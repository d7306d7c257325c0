// NumPy's np.emath: the functions whose real results would be NaN outside
// their real domain give complex results there instead.  Each checks its
// operand with the engine's own ops (any(x < 0), any(|x| > 1)) and, where
// needed, computes in complex as NumPy's _tocomplex chooses: complex64 for
// float32 and 8- and 16-bit integers, complex128 for the rest.
import { declareNamespace } from './params.js';
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { isLazy } from './lazy/node.js';
import { isComplexDtype } from './complex.js';

const SINGLE = new Set(['float32', 'int8', 'int16', 'uint8', 'uint16', 'complex64']);
const toComplex = (t) => t.astype(SINGLE.has(t.dtype) ? 'complex64' : 'complex128');

// NumPy's _fix_real_lt_zero / _fix_real_abs_gt_1 / _fix_int_lt_zero: a new
// tensor of x, made complex (or float) when `outside` holds anywhere
function fixed(wt, x, what, outside, convert) {
  if (isLazy(x)) throw new WtError('WT_EINVAL', `emath.${what}: a lazy operand has no values to choose a dtype by`);
  return wt.tidy(() => {
    const t = x instanceof Tensor ? x : wt.tensor(x);
    if (isComplexDtype(t.dtype)) return t.astype(t.dtype);
    return outside(t).any().item() ? convert(t) : t.astype(t.dtype);
  });
}
const FIX = {
  ltZero: (wt, x, what) => fixed(wt, x, what, (t) => wt.less(t, 0), toComplex),
  absGt1: (wt, x, what) => fixed(wt, x, what, (t) => wt.greater(wt.abs(t), 1), toComplex),
  // an integer exponent with a negative value: float64, as NumPy's x * 1.0
  intLtZero: (wt, x, what) =>
    fixed(
      wt,
      x,
      what,
      (t) => wt.less(t, 0),
      (t) => t.astype(/int/.test(t.dtype) ? 'float64' : t.dtype),
    ),
};

// op(fixed operands): wt[op] applied to each operand fixed its way, the temporaries disposed
function call(wt, what, fixes, op, args) {
  const ts = [];
  try {
    args.forEach((x, k) => ts.push(FIX[fixes[k]](wt, x, what)));
    return op(...ts);
  } finally {
    ts.forEach((t) => t.dispose());
  }
}

export function emath(wt) {
  const one = (what, fix, op) => (x) => call(wt, what, [fix], (t) => wt[op](t), [x]);
  const ns = {
    sqrt: one('sqrt', 'ltZero', 'sqrt'),
    log: one('log', 'ltZero', 'log'),
    log2: one('log2', 'ltZero', 'log2'),
    log10: one('log10', 'ltZero', 'log10'),
    arccos: one('arccos', 'absGt1', 'acos'),
    arcsin: one('arcsin', 'absGt1', 'asin'),
    arctanh: one('arctanh', 'absGt1', 'atanh'),
    // log base n of x: log(x) / log(n), both fixed
    logn: (n, x) =>
      call(wt, 'logn', ['ltZero', 'ltZero'], (a, b) => wt.tidy(() => wt.div(wt.log(b), wt.log(a))), [n, x]),
    power: (x, p) => call(wt, 'power', ['ltZero', 'intLtZero'], (a, b) => wt.pow(a, b), [x, p]),
  };
  // the Array API's spellings too
  const all = { ...ns, acos: ns.arccos, asin: ns.arcsin, atanh: ns.arctanh, pow: ns.power };
  const sigs = Object.fromEntries(Object.keys(all).map((n) => [n, 'x']));
  return Object.freeze(declareNamespace('emath.', all, { ...sigs, logn: 'n, x', power: 'x, p', pow: 'x, p' }));
}
