// NumPy's keywords of ufuncs and reductions that C's calls do not take
// themselves, composed of C calls through the public functions (so a lazy
// operand builds the same composition as graph nodes):
//   ufuncs      dtype= (the loop's dtype: the inputs cast to it under
//               casting=, NumPy's "no loop" where the op cannot give it) and
//               where= (out untouched where false; without out, zeros there:
//               NumPy leaves that memory uninitialised)
//   reductions  where= (the masked-out elements count as the identity) and
//               initial= (the first value of every slice, cast to the result)
//   operands    clip with a side open (NumPy's None), and integers no 64-bit
//               dtype holds where NumPy still answers (comparisons, true
//               division, a clip bound beyond the tensor's range)
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { given, isTensorLike, withTemp } from './args.js';
import { isComplex } from './complex.js';
import { canCast } from './dtype-rules.js';
import { DTYPES } from './dtypes.js';

// fn(keep, temps): keep(t) marks t a temporary (temps holds them); every Tensor kept is disposed
// when fn returns or throws (a LazyTensor is its graph's)
function withTemps(fn) {
  const temps = [];
  try {
    return fn((t) => (temps.push(t), t), temps);
  } finally {
    for (const t of temps) if (t instanceof Tensor) t.dispose();
  }
}

// NumPy's where= mask: bool only (it casts with the 'safe' rule); a JS array or boolean becomes one
export function maskOf(api, where, name, temps) {
  const m = isTensorLike(where) ? where : api.tensor(where);
  if (m !== where) temps.push(m);
  if (m.dtype !== 'bool')
    throw new WtError(
      'WT_EDTYPE',
      `${name}: where: Cannot cast array data from dtype('${m.dtype}') to dtype('bool') according to the rule 'safe'`,
    );
  return m;
}

// the dtype an elementwise op gives these operands (C's wt_op_result_dtype, nothing computed)
function resultDtype(api, name, cname, operands) {
  const e = api.e,
    op = e.code('op', cname, name),
    n = operands.length;
  return withTemp(e, 16 * n, (p) => {
    operands.forEach((v, k) => {
      const code = isTensorLike(v)
        ? e.dtypeCode(v.dtype, name)
        : typeof v === 'boolean'
          ? e.dtypeCode('bool', name)
          : isComplex(v)
            ? -2
            : typeof v === 'bigint'
              ? -3
              : -1;
      e.dv.setInt32(p + 4 * k, code, true);
      e.dv.setFloat64(p + 8 * n + 8 * k, typeof v === 'number' || typeof v === 'bigint' ? Number(v) : 0, true);
    });
    e.check(e.ex.wt_op_result_dtype(op, n, p, p + 8 * n, e.outPtr));
    return DTYPES[e.takeOut()];
  });
}

const noLoop = (name, cname) =>
  new WtError(
    'WT_EDTYPE',
    `${name}: No loop matching the specified signature and casting was found for ufunc ${cname}`,
  );

// the operands cast to dtype, as NumPy's type resolution with a dtype= signature does
function loopOperands(api, name, cname, operands, dtype, casting, temps) {
  api.e.dtypeCode(dtype, `${name}: dtype`);
  const natural = resultDtype(api, name, cname, operands);
  if (natural === dtype) return operands; // abs of complex128 with dtype=float64: its own loop
  const rule = casting ?? 'same_kind';
  const cast = operands.map((v, k) => {
    const from = isTensorLike(v)
      ? v.dtype
      : typeof v === 'number' && !Number.isInteger(v)
        ? 'float64'
        : isComplex(v)
          ? 'complex128'
          : null; // a JS integer, bigint or boolean is a weak scalar the op checks
    if (from !== null && !canCast(api.e, from, dtype, rule))
      throw new WtError(
        'WT_EDTYPE',
        `${name}: Cannot cast ufunc '${cname}' input ${k} from dtype('${from}') to dtype('${dtype}') with casting rule '${rule}'`,
      );
    if (!isTensorLike(v) || v.dtype === dtype) return v;
    const t = api.e.fns.astype(v, dtype);
    temps.push(t);
    return t;
  });
  if (resultDtype(api, name, cname, cast) !== dtype) throw noLoop(name, cname);
  return cast;
}

// fn(...operands, opts) with NumPy's dtype= and where= taken out of opts
export function ufuncKeywords(api, entry, fn, operands, opts) {
  const { dtype, where, ...rest } = opts;
  const wt = api.wt,
    fns = api.e.fns;
  return withTemps((keep, temps) => {
    const ops = given(dtype) ? loopOperands(api, entry.name, entry.c, operands, dtype, rest.casting, temps) : operands;
    if (!given(where)) return fn(...ops, rest);
    if (given(rest.reduce))
      throw new WtError('WT_EINVAL', `${entry.name}: where= and reduce= together are not supported`);
    const m = maskOf(api, where, entry.name, temps);
    if (given(rest.out)) {
      // the result in out's dtype (casting checked as into out), then written where the mask is true
      const staged = keep(wt.emptyLike(rest.out));
      fn(...ops, { ...rest, out: staged });
      return fns.where(m, staged, rest.out, { out: rest.out });
    }
    const r = keep(fn(...ops, rest));
    return fns.where(m, r, keep(wt.zeros([], r.dtype)));
  });
}

// the value a masked-out element counts as, in x's dtype
const IDENTITY = { sum: 0, prod: 1, any: false, all: true, mean: 0 };

// fn(x, opts) with NumPy's where= and initial= taken out of opts (sum, prod, max, min, any, all, mean)
export function reductionKeywords(api, name, fn, x, opts) {
  const { where, initial, ...rest } = opts;
  const wt = api.wt,
    fns = api.e.fns;
  return withTemps((keep, temps) => {
    const t = isTensorLike(x) ? x : keep(api.tensor(x));
    const extreme = name === 'max' || name === 'min';
    if (given(where) && extreme && !given(initial))
      throw new WtError(
        'WT_EINVAL',
        `${name}: reduction operation '${name === 'max' ? 'maximum' : 'minimum'}' does not have an identity, so to use a where mask one has to specify 'initial'`,
      );
    let v = t;
    if (given(where)) {
      const m = keep(fns.broadcastTo(maskOf(api, where, name, temps), t.shape));
      const fill = extreme ? initial : IDENTITY[name];
      v = keep(fns.where(m, t, keep(wt.full([], fill, t.dtype === 'bool' && !extreme ? 'bool' : t.dtype))));
      if (name === 'mean') return maskedMean(api, t, v, m, rest, keep);
    }
    if (!given(initial)) return fn(v, rest);
    return withInitial(api, name, fn, v, initial, rest, keep);
  });
}

// initial joins every slice: added (sum), multiplied (prod), or the bound of max and min;
// an empty slice is initial itself.  Cast into the result's dtype as NumPy casts it.
const COMBINE = { sum: 'add', prod: 'mul', max: 'maximum', min: 'minimum' };
function withInitial(api, name, fn, v, initial, opts, keep) {
  const wt = api.wt,
    fns = api.e.fns;
  const { out, ...rest } = opts;
  let r;
  if ((name === 'max' || name === 'min') && v.shape.includes(0)) {
    // every slice is empty: initial in the reduced shape (lazily: 0 * the empty sum + initial)
    const init = keep(wt.full([], initial, v.dtype));
    const zeros = keep(fns.mul(keep(fns.sum(v, { axis: rest.axis, keepdims: rest.keepdims })), 0));
    r = fns.astype(keep(fns.add(zeros, init)), v.dtype);
  } else {
    const part = keep(fn(v, rest));
    r = fns[COMBINE[name]](part, keep(wt.full([], initial, part.dtype)));
  }
  return into(api, name, out, r, keep);
}

// a reduction's result into out: of its very shape (NumPy's reductions broadcast nothing into out),
// cast unsafely as NumPy's reductions cast
function into(api, name, out, r, keep) {
  if (!given(out)) return r;
  keep(r);
  const fmt = (shape) => `(${shape.join(',')}${shape.length === 1 ? ',' : ''})`;
  if (!(out instanceof Tensor) || out.shape.length !== r.shape.length || out.shape.some((n, i) => n !== r.shape[i]))
    throw new WtError(
      'WT_ESHAPE',
      `${name}: out has shape ${out instanceof Tensor ? fmt(out.shape) : 'none'}, the reduction gives ${fmt(r.shape)}`,
    );
  return api.e.fns.assign(out, r);
}

// NumPy's _mean with where: the masked sum over the count of the mask, in the mean's dtype
function maskedMean(api, t, v, m, opts, keep) {
  const fns = api.e.fns;
  const { out, ...rest } = opts;
  const want = keep(fns.mean(keep(fns.zeros([1], t.dtype)), { dtype: rest.dtype })).dtype; // mean's dtype for t
  const acc = t.dtype === 'float16' && !given(rest.dtype) ? 'float32' : want;
  const s = keep(fns.sum(v, { ...rest, dtype: acc }));
  const count = keep(fns.sum(m, { axis: rest.axis, keepdims: rest.keepdims }));
  const r = fns.div(s, count);
  if (r.dtype === want) return into(api, 'mean', out, r, keep);
  keep(r);
  const c = want.startsWith('complex') || !r.dtype.startsWith('complex') ? fns.astype(r, want) : r;
  return into(api, 'mean', out, c, keep);
}

// ---- operands NumPy takes that C's calls do not

const COMPARISONS = new Set(['equal', 'not_equal', 'less', 'less_equal', 'greater', 'greater_equal']);
const huge = (v) => typeof v === 'bigint' && (v < -(2n ** 63n) || v >= 2n ** 64n);
const isIntDtype = (d) => d === 'bool' || /int/.test(d);

// an integer beyond int64 and uint64 as NumPy reads it where it answers: compared exactly (every
// integer element is on one side of it: ±1e20 says which), converted to float beside floats and in
// true division, and as a clip bound beyond an integer tensor's range, no bound (its extreme)
function hugeOperand(api, entry, operands, k) {
  const v = operands[k],
    tensors = operands.filter(isTensorLike);
  const ints = tensors.length > 0 && tensors.every((t) => isIntDtype(t.dtype));
  if (COMPARISONS.has(entry.c)) return ints ? (v > 0n ? 1e20 : -1e20) : Number(v);
  if (entry.c === 'divide') return Number(v);
  if (entry.c !== 'clip' || k === 0 || !isTensorLike(operands[0])) return v;
  const x = operands[0];
  if (!isIntDtype(x.dtype)) return Number(v);
  if ((k === 1) !== v < 0n || x.dtype === 'bool') return v; // beyond on the side that binds: NumPy's OverflowError
  const info = api.wt.iinfo(x.dtype);
  return k === 1 ? info.min : info.max;
}

// the operands C can take, or the composed result: fn(...operands, opts) otherwise
export function ufuncOperands(api, entry, operands) {
  if (!operands.some(huge)) return operands;
  return operands.map((v, k) => (huge(v) ? hugeOperand(api, entry, operands, k) : v));
}

// NumPy's clip with a side open (None): maximum or minimum alone; both open: a copy
export function openClip(api, operands, opts) {
  const fns = api.e.fns;
  const [x, lo, hi] = operands;
  if (given(lo)) return fns.maximum(x, lo, opts);
  if (given(hi)) return fns.minimum(x, hi, opts);
  const t = isTensorLike(x) ? x : api.tensor(x);
  try {
    return given(opts?.out) ? fns.assign(opts.out, t) : fns.copy(t);
  } finally {
    if (t !== x) t.dispose();
  }
}

// NumPy's round(a, decimals): rint(a * 10^d) / 10^d in a's dtype (d < 0: rint(a / 10^-d) * 10^-d);
// integers are a copy for d >= 0 and rounded half to even through float64 for d < 0
export function roundDecimals(api, fn, x, decimals, opts) {
  const fns = api.e.fns;
  return withTemps((keep, temps) => {
    const t = isTensorLike(x) ? x : keep(api.tensor(x));
    if (t.dtype === 'bool')
      throw new WtError(
        'WT_EDTYPE',
        "round: Cannot cast ufunc 'multiply' output from dtype('float64') to dtype('bool')",
      );
    const f = 10 ** Math.abs(decimals);
    if (t.dtype.startsWith('complex')) {
      // NumPy rounds the parts as float arrays (a complex multiply and divide would round otherwise)
      const r = given(opts.out) ? opts.out : keep(fns.copy(t));
      for (const part of ['real', 'imag']) {
        const p = keep(t[part]);
        fns.assign(keep(r[part]), keep(roundDecimals(api, fn, p, decimals, {})));
      }
      if (r === opts.out) return r;
      temps.splice(temps.indexOf(r), 1);
      return r;
    }
    if (isIntDtype(t.dtype)) {
      if (decimals >= 0) return given(opts.out) ? fns.assign(opts.out, t) : fns.copy(t);
      const r = keep(fns.mul(keep(fns.rint(keep(fns.div(keep(fns.astype(t, 'float64')), f)))), f));
      return given(opts.out) ? fns.assign(opts.out, r) : fns.astype(r, t.dtype);
    }
    const scaled = keep(decimals >= 0 ? fns.mul(t, f) : fns.div(t, f));
    const rounded = keep(fn(scaled, { ...opts, out: undefined }));
    return decimals >= 0 ? fns.div(rounded, f, opts) : fns.mul(rounded, f, opts);
  });
}
