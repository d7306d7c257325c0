// NumPy's packbits and unpackbits: eight booleans to a uint8 and back, along
// an axis (none: flattened), big-endian bit order by default; composed from
// C's views, ufuncs and reductions.
import { asTensor, axisOf, options } from './args.js';
import { WtError } from './errors.js';
import { isInexact } from './dtypes.js';

const WEIGHTS = { big: [128, 64, 32, 16, 8, 4, 2, 1], little: [1, 2, 4, 8, 16, 32, 64, 128] };

function orderOf(opts, name) {
  const order = opts.bitorder ?? 'big';
  if (!WEIGHTS[order]) throw new WtError('WT_EINVAL', `${name}: 'order' must be either 'little' or 'big'`);
  return order;
}

// a's tensor (flattened without an axis), the axis and the bit weights, in the caller's tidy
function prepare(api, a, opts, name, check) {
  const order = orderOf(opts, name);
  let t = asTensor(api, a);
  check(t);
  if (opts.axis === undefined || opts.axis === null) t = t.reshape([-1]);
  return { t, axis: axisOf(opts.axis ?? 0, t.ndim, name), weights: WEIGHTS[order] };
}

export function packbits(api, a, opts) {
  opts = options(typeof opts === 'number' ? { axis: opts } : opts, 'packbits');
  const wt = api.wt;
  return wt.tidy(() => {
    const { t, axis, weights } = prepare(api, a, opts, 'packbits', (x) => {
      if (isInexact(x.dtype))
        throw new WtError('WT_EDTYPE', 'packbits: Expected an input array of integer or boolean data type');
    });
    const n = t.shape[axis],
      m = Math.ceil(n / 8);
    let bits = wt.notEqual(t, 0).astype('uint8');
    if (m * 8 !== n)
      bits = wt.pad(
        bits,
        t.shape.map((_, i) => [0, i === axis ? m * 8 - n : 0]),
      );
    const split = [...t.shape.slice(0, axis), m, 8, ...t.shape.slice(axis + 1)];
    const w = wt.tensor(weights, { dtype: 'uint8' }).reshape(split.map((s, i) => (i === axis + 1 ? 8 : 1)));
    return wt.sum(wt.mul(bits.reshape(split), w), { axis: axis + 1 }).astype('uint8');
  });
}

export function unpackbits(api, a, opts) {
  opts = options(typeof opts === 'number' ? { axis: opts } : opts, 'unpackbits');
  const wt = api.wt;
  return wt.tidy(() => {
    const { t, axis, weights } = prepare(api, a, opts, 'unpackbits', (x) => {
      if (x.dtype !== 'uint8')
        throw new WtError('WT_EDTYPE', 'unpackbits: Expected an input array of unsigned byte data type');
    });
    const after = t.shape.slice(axis + 1);
    const w = wt
      .tensor(weights, { dtype: 'uint8' })
      .reshape([...t.shape.slice(0, axis + 1).map(() => 1), 8, ...after.map(() => 1)]);
    const x = t.reshape([...t.shape.slice(0, axis + 1), 1, ...after]);
    const bits = wt
      .notEqual(wt.bitwiseAnd(x, w), 0)
      .astype('uint8')
      .reshape([...t.shape.slice(0, axis), t.shape[axis] * 8, ...after]);
    const count = opts.count;
    if (count === undefined || count === null) return bits;
    const total = t.shape[axis] * 8,
      keep = count < 0 ? Math.max(total + count, 0) : count;
    return keep <= total
      ? bits.slice(`${':,'.repeat(axis)}0:${keep}`).copy()
      : wt.pad(
          bits,
          bits.shape.map((_, i) => [0, i === axis ? keep - total : 0]),
        );
  });
}
