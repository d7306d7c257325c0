// NumPy's questions about dtypes — result_type, can_cast, finfo, iinfo,
// isdtype — answered by C (dtype.c), so JS and C cannot disagree.
import { withTemp } from './args.js';
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName, weak as weakScalar, isWeakTensor, towardZero } from './engine.js';
import { DTYPES, LIMITS, WEAK_COMPLEX, WEAK_INT } from './abi.js';
import { isComplex } from './complex.js';

const codeOf = (e, v, what) => e.dtypeCode(v instanceof Tensor ? v.dtype : v, what);

// wt_dtype_limits of a dtype (or a tensor's), as a plain object
function limits(e, v, what) {
  const code = codeOf(e, v, what);
  return withTemp(e, LIMITS.SIZE, (p) => {
    e.check(e.ex.wt_dtype_limits_of(code, p));
    const dv = e.dv,
      f64 = (k) => dv.getFloat64(p + LIMITS[k], true);
    return {
      dtype: DTYPES[code],
      kind: String.fromCharCode(dv.getInt32(p + LIMITS.kind, true)),
      bits: dv.getInt32(p + LIMITS.bits, true),
      intMin: dv.getBigInt64(p + LIMITS.int_min, true),
      intMax: dv.getBigUint64(p + LIMITS.int_max, true),
      floatMax: f64('float_max'),
      eps: f64('eps'),
      smallestNormal: f64('smallest_normal'),
      smallestSubnormal: f64('smallest_subnormal'),
      precision: dv.getInt32(p + LIMITS.precision, true),
    };
  });
}

// np.finfo: the Array API's fields, and NumPy's precision and resolution;
// of a complex dtype, its parts' (finfo(complex64) is float32's, as NumPy's)
export function finfo(e, v) {
  const l = limits(e, v, 'finfo: dtype');
  if (l.kind !== 'f' && l.kind !== 'c')
    throw new WtError('WT_EDTYPE', `finfo: ${l.dtype} is not a floating dtype (use iinfo)`);
  const { eps, smallestNormal, smallestSubnormal, precision } = l;
  const bits = l.kind === 'c' ? l.bits / 2 : l.bits,
    dtype = l.kind === 'c' ? `float${bits}` : l.dtype;
  return {
    bits,
    eps,
    max: l.floatMax,
    min: -l.floatMax,
    smallestNormal,
    smallestSubnormal,
    precision,
    resolution: 10 ** -precision,
    dtype,
  };
}

// np.iinfo: bits, min and max (numbers; bigints for 64-bit integers, which
// numbers cannot hold exactly)
export function iinfo(e, v) {
  const l = limits(e, v, 'iinfo: dtype');
  if (l.kind !== 'i' && l.kind !== 'u')
    throw new WtError('WT_EDTYPE', `iinfo: ${l.dtype} is not an integer dtype (use finfo)`);
  const n = l.bits === 64 ? BigInt : Number;
  return { bits: l.bits, min: n(l.intMin), max: n(l.intMax), dtype: l.dtype, kind: l.kind };
}

// the Array API's isdtype: kind is a dtype, a kind name, or an array of them
const KINDS = {
  bool: ['b'],
  'signed integer': ['i'],
  'unsigned integer': ['u'],
  integral: ['i', 'u'],
  'real floating': ['f'],
  'complex floating': ['c'],
  numeric: ['i', 'u', 'f', 'c'],
};
export function isdtype(e, dtype, kind) {
  const l = limits(e, dtype, 'isdtype: dtype');
  const one = (k) => {
    if (KINDS[k]) return KINDS[k].includes(l.kind);
    if (DTYPES.includes(k)) return k === l.dtype;
    throw new WtError(
      'WT_EINVAL',
      `isdtype: ${typeof k === 'string' ? `'${k}'` : typeName(k)} is neither a dtype nor a kind (${Object.keys(KINDS).join(', ')})`,
    );
  };
  return Array.isArray(kind) ? kind.map(one).some(Boolean) : one(kind);
}

// np.result_type: dtypes and tensors promoted all at once, numbers as weak
// scalars, complex numbers as weak complex (code -2), booleans as bool
export function resultType(e, args) {
  if (!args.length) throw new WtError('WT_EINVAL', 'resultType: at least one dtype, tensor or number is needed');
  const n = args.length;
  return withTemp(e, 12 * n + 4, (p) => {
    const dts = p,
      scal = p + 4 * n + ((4 * n) % 8); // the doubles 8-aligned
    args.forEach((v, k) => {
      const weak = typeof v === 'number' || typeof v === 'bigint';
      const big = isWeakTensor(v) && !isComplex(v); // a bigint no double holds: a Python int, exact
      const code = big ? WEAK_INT : isComplex(v) ? WEAK_COMPLEX : typeof v === 'boolean' ? 0 : null;
      e.dv.setInt32(dts + 4 * k, weak && !big ? -1 : (code ?? codeOf(e, v, `resultType: argument ${k + 1}`)), true);
      e.dv.setFloat64(scal + 8 * k, big ? towardZero(v) : weak ? weakScalar(v) : 0, true);
    });
    e.check(e.ex.wt_result_type(n, dts, scal, e.outPtr));
    return DTYPES[e.takeOut()];
  });
}

// np.can_cast: from a dtype (or a tensor's) to a dtype, under a casting rule ('safe' by default)
export function canCast(e, from, to, casting = 'safe') {
  const f = codeOf(e, from, 'canCast: from');
  return e.ex.wt_can_cast(f, e.dtypeCode(to, 'canCast: to'), e.code('casting', casting, 'canCast: casting')) === 1;
}
