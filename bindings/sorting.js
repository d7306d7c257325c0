// Sorting, searching and sets: sort, argsort, partition, argpartition, topk,
// searchsorted, digitize, the Array API's unique_* and NumPy's unique, isin
// and the 1-D set functions.  C sorts (src/sort.c: wt_sort, wt_unique,
// wt_partition, wt_searchsorted); what is composed here is composed of C calls.
import { asTensor, axisOf, options, outs, withTemp } from './args.js';
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';

// x and its axis for sorting: axis null sorts the flattened tensor (NumPy's axis=None)
function sortable(api, x, axis, name) {
  x = asTensor(api, x);
  if (axis === null) return [x.reshape([-1]), 0];
  if (x.ndim === 0) throw new WtError('WT_EINVAL', `${name}: a 0-d tensor has no axis to sort along`);
  return [x, axisOf(axis ?? -1, x.ndim, name)];
}

// the options (an axis alone as a number or null); `stable` needs no reading: the sort always is
const sortOpts = (opts, name) => (typeof opts === 'number' || opts === null ? { axis: opts } : options(opts, name));

// NumPy's kind= of sort (its first letter: quick, heap, merge or stable; the sort is always stable,
// which every kind allows) and of partition (introselect, the only one)
function checkKind(opts, name, select) {
  const k = opts.kind;
  if (k === undefined || k === null) return;
  if (select ? k !== 'introselect' : !/^[qhms]/i.test(k))
    throw new WtError(
      'WT_EINVAL',
      select
        ? `${name}: select kind must be 'introselect' (got '${k}')`
        : `${name}: sort kind must be one of 'quick', 'heap', or 'stable' (got '${k}')`,
    );
}

// [values, indices] of C's sort, as asked
function sortCall(api, x, opts, name, want) {
  opts = sortOpts(opts, name);
  checkKind(opts, name, false);
  return api.wt.tidy(() => {
    const [t, axis] = sortable(api, x, opts.axis === undefined ? -1 : opts.axis, name);
    const h = api.e.handle(t, `${name}: tensor`);
    const [v, i] = outs(api, 2, (pv, pi) =>
      api.e.ex.wt_sort(h, axis, opts.descending ? 1 : 0, want[0] ? pv : 0, want[1] ? pi : 0),
    );
    return [v, i];
  });
}

export const sort = (api, x, opts) => sortCall(api, x, opts, 'sort', [true, false])[0];
export const argsort = (api, x, opts) => sortCall(api, x, opts, 'argsort', [false, true])[1];

// ndarray.sort and ndarray.partition work in place, as NumPy's: fn's result assigned into x
function inPlace(x, name, fn) {
  if (!(x instanceof Tensor))
    throw new WtError('WT_EINVAL', `${name}: the tensor must be a Tensor, got ${typeName(x)}`);
  const s = fn();
  try {
    x.assign(s);
  } finally {
    s.dispose();
  }
  return x;
}
export const sortInPlace = (api, x, opts) => inPlace(x, 'sort', () => sort(api, x, opts));

// NumPy's partition / argpartition: C's introselect (wt_partition) at the kth positions
function partitionCall(api, x, kth, opts, name, want) {
  opts = sortOpts(opts, name);
  checkKind(opts, name, true);
  return api.wt.tidy(() => {
    const [t, axis] = sortable(api, x, opts.axis === undefined ? -1 : opts.axis, name);
    const ks = Array.isArray(kth) ? kth.flat(Infinity) : [kth];
    for (const k of ks)
      if (!Number.isSafeInteger(k)) throw new WtError('WT_EINVAL', `${name}: kth must be integers, got ${typeName(k)}`);
    const e = api.e,
      h = e.handle(t, `${name}: tensor`);
    return withTemp(e, 8 * ks.length, (p) => {
      ks.forEach((k, i) => e.dv.setBigInt64(p + 8 * i, BigInt(k), true));
      return outs(api, 2, (pv, pi) => e.ex.wt_partition(h, ks.length, p, axis, want[0] ? pv : 0, want[1] ? pi : 0));
    });
  });
}
export const partition = (api, x, kth, opts) => partitionCall(api, x, kth, opts, 'partition', [true, false])[0];
export const argpartition = (api, x, kth, opts) => partitionCall(api, x, kth, opts, 'argpartition', [false, true])[1];
export const partitionInPlace = (api, x, kth, opts) => inPlace(x, 'partition', () => partition(api, x, kth, opts));

// the k largest (or smallest) along axis: {values, indices}, in order, ties by position (C: a bounded heap)
export function topk(api, x, k, opts) {
  opts = options(opts, 'topk');
  const largest = opts.largest ?? true;
  return api.wt.tidy(() => {
    const [t, axis] = sortable(api, x, opts.axis === undefined ? -1 : opts.axis, 'topk');
    const n = t.shape[axis];
    if (!Number.isInteger(k) || k < 0 || k > n)
      throw new WtError(
        'WT_EINVAL',
        `topk: k must be an integer in [0, ${n}], got ${Number.isInteger(k) ? k : typeName(k)}`,
      );
    const h = api.e.handle(t, 'topk: tensor');
    const [values, indices] = outs(api, 2, (pv, pi) => api.e.ex.wt_topk(h, BigInt(k), axis, largest ? 1 : 0, pv, pi));
    return { values, indices };
  });
}

export function searchsorted(api, a, v, opts) {
  opts = options(opts, 'searchsorted');
  const side = opts.side ?? 'left';
  if (side !== 'left' && side !== 'right')
    throw new WtError('WT_EINVAL', `searchsorted: side must be 'left' or 'right', got ${typeName(side)}`);
  return api.wt.tidy(() => {
    const e = api.e,
      ta = asTensor(api, a),
      tv = asTensor(api, v),
      ts = opts.sorter === undefined || opts.sorter === null ? null : asTensor(api, opts.sorter);
    const [r] = outs(api, 1, (p) =>
      e.ex.wt_searchsorted(
        e.handle(ta, 'searchsorted: sorted tensor'),
        e.handle(tv, 'searchsorted: values'),
        side === 'right' ? 1 : 0,
        ts ? e.handle(ts, 'searchsorted: sorter') : 0,
        p,
      ),
    );
    return r;
  });
}

// NumPy's digitize: the bin of each value (bins monotonic, either way)
export function digitize(api, x, bins, right = false) {
  const wt = api.wt;
  return wt.tidy(() => {
    const b = asTensor(api, bins);
    if (b.ndim !== 1) throw new WtError('WT_ESHAPE', `digitize: bins must be 1-D, got shape [${b.shape}]`);
    const up = b.size < 2 || wt.all(wt.greaterEqual(b.slice('1:'), b.slice(':-1'))).item();
    const down = b.size >= 2 && wt.all(wt.lessEqual(b.slice('1:'), b.slice(':-1'))).item();
    if (!up && !down) throw new WtError('WT_EINVAL', 'digitize: bins must be monotonically increasing or decreasing');
    const side = right ? 'left' : 'right';
    if (up) return searchsorted(api, b, x, { side });
    return wt.sub(b.size, searchsorted(api, b.slice('::-1'), x, { side }));
  });
}
