// Unique values and set functions: the Array API's uniqueValues,
// uniqueCounts, uniqueInverse, uniqueAll, NumPy's unique (axis too), isin,
// intersect1d, union1d, setdiff1d, setxor1d.  C finds the unique values
// (src/sort.c: wt_unique, one radix sort); the rest is composed of C calls.
import { asTensor, axisOf, options, outs } from './args.js';
import { tuple } from './tuple.js';
import { get } from './indexing.js';
import { sort, argsort, searchsorted } from './sorting.js';

// C's unique: [values, indices, inverse, counts], each as asked (want: four booleans)
function uniqueCall(api, x, equalNan, want) {
  const e = api.e;
  const t = asTensor(api, x);
  try {
    const h = e.handle(t, 'unique: tensor');
    return outs(api, 4, (...ps) => e.ex.wt_unique(h, equalNan ? 1 : 0, ...ps.map((p, k) => (want[k] ? p : 0))));
  } finally {
    if (t !== x) t.dispose();
  }
}

// the Array API's: every NaN a distinct value
export const uniqueValues = (api, x) => uniqueCall(api, x, false, [true, false, false, false])[0];
export function uniqueCounts(api, x) {
  const [values, , , counts] = uniqueCall(api, x, false, [true, false, false, true]);
  return tuple({ values, counts });
}
export function uniqueInverse(api, x) {
  const [values, , inverseIndices] = uniqueCall(api, x, false, [true, false, true, false]);
  return tuple({ values, inverseIndices });
}
export function uniqueAll(api, x) {
  const [values, indices, inverseIndices, counts] = uniqueCall(api, x, false, [true, true, true, true]);
  return tuple({ values, indices, inverseIndices, counts });
}

// NumPy's unique: the values, or {values, indices?, inverseIndices?, counts?} when any return* is set
export function unique(api, x, opts) {
  opts = options(opts, 'unique');
  const want = [true, !!opts.returnIndex, !!opts.returnInverse, !!opts.returnCounts];
  const [values, indices, inverseIndices, counts] =
    opts.axis === undefined || opts.axis === null
      ? uniqueCall(api, x, opts.equalNan ?? true, want)
      : uniqueAxis(api, asTensor(api, x), opts.axis, want);
  if (!want[1] && !want[2] && !want[3]) return values;
  const r = { values };
  if (want[1]) r.indices = indices;
  if (want[2]) r.inverseIndices = inverseIndices;
  if (want[3]) r.counts = counts;
  return tuple(r);
}

// unique subarrays along axis: rows sorted lexicographically (stable sorts from the last column), kept where
// a row differs from the one before
function uniqueAxis(api, x, axis, want) {
  const wt = api.wt;
  return wt.tidy(() => {
    const ax = axisOf(axis, x.ndim, 'unique');
    const moved = wt.swapaxes(x, 0, ax);
    const n = moved.shape[0],
      rows = moved.reshape([n, -1]);
    let order = wt.arange(0, n, 1, 'int32');
    for (let c = rows.shape[1] - 1; c >= 0; c--) order = get(api, order, argsort(api, get(api, rows, order, c)));
    const sorted = get(api, rows, order);
    const first =
      n === 0
        ? wt.zeros([0], 'bool')
        : wt.concat([[true], wt.any(wt.notEqual(sorted.slice('1:'), sorted.slice(':-1')), { axis: 1 })]);
    const starts = wt.flatnonzero(first);
    const values = wt.swapaxes(get(api, moved, get(api, order, starts)), 0, ax).copy();
    const run = runIds(api, first);
    const inverse = wt.zeros([n], 'int32');
    inverse.set([order], run);
    const ends = wt.concat([starts.slice('1:'), [n]]);
    return [values, want[1] ? get(api, order, starts) : null, want[2] ? inverse : null, wt.sub(ends, starts)];
  });
}

// for a run-start mask, each position's run number (0-based): a position's count of starts up to it, minus 1
function runIds(api, first) {
  const wt = api.wt;
  const starts = wt.flatnonzero(first);
  return wt.sub(searchsorted(api, starts, wt.arange(0, first.size, 1, 'int32'), { side: 'right' }), 1);
}

// NumPy's isin: whether each element of x is in test (NaN in nothing); invert negates
export function isin(api, x, test, opts) {
  opts = options(opts, 'isin');
  const wt = api.wt;
  return wt.tidy(() => {
    const tx = asTensor(api, x),
      s = sort(api, asTensor(api, test), { axis: null });
    let found;
    if (s.size === 0) found = wt.zeros(tx.shape, 'bool');
    else {
      const at = wt.clip(searchsorted(api, s, tx), 0, s.size - 1);
      found = wt.equal(get(api, s, at), tx);
    }
    return opts.invert ? wt.logicalNot(found) : found;
  });
}

const flat = (api, v) => asTensor(api, v).reshape([-1]);

export function union1d(api, a, b) {
  return api.wt.tidy(() => unique(api, api.wt.concat([flat(api, a), flat(api, b)])));
}

// the unique values of a and of b (or both flattened, assumeUnique), joined and sorted
function bothSorted(api, a, b, opts) {
  const one = (v) => (opts.assumeUnique ? flat(api, v) : unique(api, v));
  return sort(api, api.wt.concat([one(a), one(b)]));
}

export function intersect1d(api, a, b, opts) {
  opts = options(opts, 'intersect1d');
  const wt = api.wt;
  return wt.tidy(() => {
    const both = bothSorted(api, a, b, opts);
    if (both.size < 2) return both.slice(':0');
    return get(api, both.slice(':-1'), wt.equal(both.slice('1:'), both.slice(':-1')));
  });
}

export function setdiff1d(api, a, b, opts) {
  opts = options(opts, 'setdiff1d');
  return api.wt.tidy(() => {
    const ua = opts.assumeUnique ? flat(api, a) : unique(api, a);
    return get(api, ua, isin(api, ua, b, { invert: true }));
  });
}

export function setxor1d(api, a, b, opts) {
  opts = options(opts, 'setxor1d');
  const wt = api.wt;
  return wt.tidy(() => {
    const both = bothSorted(api, a, b, opts);
    if (both.size === 0) return both;
    const edge = wt.concat([[true], wt.notEqual(both.slice('1:'), both.slice(':-1')), [true]]);
    return get(api, both, wt.logicalAnd(edge.slice(':-1'), edge.slice('1:')));
  });
}
