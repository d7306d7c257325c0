// The marshalling every random method shares: parameters into tensors, size
// into a shape, one C call, and NumPy's return conventions (a scalar when
// neither size nor an array parameter was given; out= filled in place).
import { given } from './args.js';
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';
import { RANDOM } from './abi.js';
import { ARRAYS, CODE } from './dtypes.js';

export const isOptions = (v) =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v) && !(v instanceof Tensor);
export const camel = (s) => s.replace(/_(\w)/g, (_, c) => c.toUpperCase());
export const DIST = Object.fromEntries(RANDOM.map((d, k) => [d.name, k]));

// the trailing options object, if any, off the argument list
export function splitOptions(args) {
  return args.length && isOptions(args[args.length - 1]) ? [args.slice(0, -1), args[args.length - 1]] : [args, {}];
}

// size as [ndim, int64*] in the first shape slot: -1 for NumPy's size=None
export function sizeArg(e, size, what) {
  if (!given(size)) return [-1, 0];
  return e.ints(typeof size === 'number' ? [size] : size, `${what}: size`, e.shapeSlots[0], true);
}

const isScalarValue = (v) => typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean';

// fn(handles) with each value as a tensor (numbers, bigints, arrays made into temporaries, freed after);
// numbers become dtypes[k] (float64 for a distribution's parameters: -0 stays -0, as NumPy's floats)
export function withTensors(api, values, what, fn, dtypes = []) {
  const temps = [];
  try {
    const ts = values.map((v, k) => {
      if (v instanceof Tensor) return v;
      if (v === undefined || v === null) throw new WtError('WT_EINVAL', `${what[k]} is required`);
      const t = api.wt.tensor(v, typeof v === 'number' && dtypes[k] ? { dtype: dtypes[k] } : undefined);
      temps.push(t);
      return t;
    });
    return fn(ts.map((t, k) => api.e.handle(t, what[k])));
  } finally {
    temps.forEach((t) => t.dispose());
  }
}

// NumPy's returns: a scalar for size=None with scalar parameters, the tensor otherwise
export function deliver(r, size, values) {
  return given(size) || !values.every(isScalarValue) ? r : scalarOf(r);
}

// a 0-d result as its value (the tensor freed)
export function scalarOf(r) {
  const v = r.item();
  r.dispose();
  return v;
}

// out= : the draws' shape and dtype must be out's (checked before anything is drawn)
export function checkOut(out, size, dtype, what) {
  if (!given(out)) return size;
  if (!(out instanceof Tensor)) throw new WtError('WT_EINVAL', `${what}: out must be a Tensor, got ${typeName(out)}`);
  if (out.dtype !== dtype)
    throw new WtError('WT_EDTYPE', `${what}: out has dtype ${out.dtype}, the draws are ${dtype}`);
  const shape = typeof size === 'number' ? [size] : size;
  if (given(shape) && (shape.length !== out.ndim || shape.some((n, i) => n !== out.shape[i])))
    throw new WtError('WT_ESHAPE', `${what}: size [${shape}] must match out's shape [${out.shape}]`);
  return out.shape;
}

// C's one draw (wt_random_one, wt_random_integers_one) at the out slot, as item() reads
// that dtype: a number, a bigint for 64-bit integers, a boolean for bool
export function oneDraw(e, status, dtype) {
  e.check(status);
  const v = new ARRAYS[CODE[dtype]](e.memory.buffer, e.outPtr, 1)[0];
  return dtype === 'bool' ? v !== 0 : v;
}

// one distribution's draws from bit generator g (its C handle)
export function drawDist(api, ptr, dist, values, size, opts) {
  const e = api.e,
    spec = RANDOM[dist],
    what = camel(spec.name);
  const dtype = spec.result === 'I' ? 'int64' : spec.result === 'U' ? 'uint64' : (opts.dtype ?? 'float64');
  // NumPy's size=None with number parameters: one value, no tensor made
  if (!given(size) && !given(opts.out) && values.every((v) => typeof v === 'number')) {
    const [a = 0, b = 0, c = 0] = values;
    return oneDraw(e, e.ex.wt_random_one(ptr, dist, a, b, c, e.dtypeCode(dtype, `${what}: dtype`), e.outPtr), dtype);
  }
  const names = spec.params ? spec.params.split(' ').map((p) => `${what}: ${camel(p.split('=')[0])}`) : [];
  const shape = checkOut(opts.out, size, dtype, what);
  const r = withTensors(
    api,
    values,
    names,
    (hs) => {
      const [nd, sp] = sizeArg(e, shape, what);
      e.check(
        e.ex.wt_random(
          ptr,
          dist,
          hs[0] ?? 0,
          hs[1] ?? 0,
          hs[2] ?? 0,
          e.dtypeCode(dtype, `${what}: dtype`),
          nd,
          sp,
          e.outPtr,
        ),
      );
      return e.adopt(e.takeOut());
    },
    names.map((n) => (n.endsWith(': n') && spec.name === 'binomial' ? 'int64' : 'float64')),
  );
  if (!given(opts.out)) return deliver(r, size, values);
  try {
    return opts.out.assign(r);
  } finally {
    r.dispose();
  }
}
