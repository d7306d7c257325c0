// Rearranging and splitting: NumPy's flip, rot90, moveaxis, expandDims over
// several axes, atleast1d/2d/3d, broadcastArrays, the stacks, split and its
// relatives, unstack, tile, repeat, roll.  Every one is C views (slice,
// permute, reshape, broadcast), C copies and C's concat and repeat composed
// here; nothing loops over elements in JS.
import { asTensor, axesOf, axisOf, options, shapeArg } from './args.js';
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';
import { isLazy } from './lazy/node.js';

// t with the axes moved last and merged into one: each lane a row, and the kept shape before it
export function lanesLast(wt, t, axes) {
  const kept = t.shape.filter((_, i) => !axes.includes(i));
  const moved = wt.moveaxis(
    t,
    axes,
    axes.map((_, k) => t.ndim - axes.length + k),
  );
  return { lanes: moved.contiguous().reshape([...kept, -1]), kept };
}

// a slice spec reversing the given axes
const flipSpec = (ndim, axes) => Array.from({ length: ndim }, (_, i) => (axes.includes(i) ? '::-1' : ':')).join(',');

export function flip(api, x, axis = null) {
  return api.wt.tidy(() => {
    x = asTensor(api, x);
    const axes = axis === null || axis === undefined ? [...x.shape.keys()] : axesOf(axis, x.ndim, 'flip');
    return x.slice(flipSpec(x.ndim, axes));
  });
}
export const fliplr = (api, x) => {
  if (!(x instanceof Tensor) && !isLazy(x)) return api.wt.tidy(() => fliplr(api, asTensor(api, x)));
  if (x.ndim < 2) throw new WtError('WT_EINVAL', 'fliplr: the tensor must be at least 2-D');
  return flip(api, x, 1);
};
export const flipud = (api, x) => {
  if (!(x instanceof Tensor) && !isLazy(x)) return api.wt.tidy(() => flipud(api, asTensor(api, x)));
  if (x.ndim < 1) throw new WtError('WT_EINVAL', 'flipud: the tensor must be at least 1-D');
  return flip(api, x, 0);
};

// NumPy's rot90: k quarter turns from the first axis towards the second, a view
export function rot90(api, x, k = 1, axes = [0, 1]) {
  return api.wt.tidy(() => {
    x = asTensor(api, x);
    if (!Number.isInteger(k)) throw new WtError('WT_EINVAL', `rot90: k must be an integer, got ${typeName(k)}`);
    if (!Array.isArray(axes) || axes.length !== 2) throw new WtError('WT_EINVAL', 'rot90: axes must be two axes');
    if (x.ndim < 2) throw new WtError('WT_EINVAL', 'rot90: the tensor must be at least 2-D');
    const [a, b] = axes.map((v) => axisOf(v, x.ndim, 'rot90'));
    if (a === b) throw new WtError('WT_EINVAL', 'rot90: the axes must be different');
    k = ((k % 4) + 4) % 4;
    if (k === 0) return x.slice('');
    if (k === 2) return x.slice(flipSpec(x.ndim, [a, b]));
    const perm = [...x.shape.keys()];
    [perm[a], perm[b]] = [perm[b], perm[a]];
    return api.wt.tidy(() => (k === 1 ? flip(api, x, b).transpose(perm) : flip(api, x.transpose(perm), b)));
  });
}

export function moveaxis(api, x, source, destination) {
  return api.wt.tidy(() => {
    x = asTensor(api, x);
    const src = axesOf(source, x.ndim, 'moveaxis'),
      dst = axesOf(destination, x.ndim, 'moveaxis');
    if (src.length !== dst.length)
      throw new WtError('WT_EINVAL', 'moveaxis: source and destination must have the same number of elements');
    const order = [...x.shape.keys()].filter((i) => !src.includes(i));
    [...dst.keys()].sort((i, j) => dst[i] - dst[j]).forEach((i) => order.splice(dst[i], 0, src[i]));
    return x.transpose(order);
  });
}

// expandDims over one axis or several (NumPy: positions in the result)
export function expandDims(api, x, axis) {
  return api.wt.tidy(() => {
    x = asTensor(api, x);
    const n = x.ndim + (Array.isArray(axis) ? axis.length : 1);
    const axes = axesOf(axis, n, 'expandDims');
    const shape = [];
    for (let i = 0, j = 0; i < n; i++) shape.push(axes.includes(i) ? 1 : x.shape[j++]);
    return x.reshape(shape);
  });
}

// atleast1d/2d/3d: NumPy's reshapes (1-D becomes (1, n) and (1, n, 1))
function atleast(api, nd, xs) {
  return api.wt.tidy(() => {
    const one = (v) => {
      const x = asTensor(api, v);
      if (x.ndim >= nd) return x === v ? x.slice('') : x;
      const s = x.shape;
      const shape =
        nd === 1
          ? [1]
          : nd === 2
            ? x.ndim === 0
              ? [1, 1]
              : [1, s[0]]
            : [
                [1, 1, 1],
                [1, s[0], 1],
                [...s, 1],
              ][x.ndim];
      return x.reshape(shape);
    };
    return xs.length === 1 ? one(xs[0]) : xs.map(one);
  });
}
export const atleast1d = (api, ...xs) => atleast(api, 1, xs);
export const atleast2d = (api, ...xs) => atleast(api, 2, xs);
export const atleast3d = (api, ...xs) => atleast(api, 3, xs);

export function broadcastShapes(api, ...shapes) {
  shapes.forEach((s) => shapeArg(s, 'broadcastShapes'));
  const nd = Math.max(0, ...shapes.map((s) => s.length));
  return Array.from({ length: nd }, (_, i) => {
    let size = 1;
    for (const s of shapes) {
      const v = s[s.length - nd + i];
      if (v === undefined || v === 1) continue;
      if (size !== 1 && v !== size)
        throw new WtError(
          'WT_ESHAPE',
          `broadcastShapes: shape mismatch: objects cannot be broadcast to a single shape (${shapes.map((x) => `[${x}]`).join(' ')})`,
        );
      size = v;
    }
    return size;
  });
}
export function broadcastArrays(api, ...xs) {
  return api.wt.tidy(() => {
    const ts = xs.map((v) => asTensor(api, v));
    const shape = broadcastShapes(api, ...ts.map((t) => t.shape));
    return ts.map((t) => t.broadcastTo(shape));
  });
}

const stackList = (xs, name) => {
  if (!Array.isArray(xs)) throw new WtError('WT_EINVAL', `${name}: takes an array of tensors, got ${typeName(xs)}`);
  return xs;
};
export const vstack = (api, xs) => api.wt.tidy(() => api.wt.concat(atleastList(api, 2, stackList(xs, 'vstack')), 0));
export const dstack = (api, xs) => api.wt.tidy(() => api.wt.concat(atleastList(api, 3, stackList(xs, 'dstack')), 2));
export function hstack(api, xs) {
  return api.wt.tidy(() => {
    const ts = atleastList(api, 1, stackList(xs, 'hstack'));
    return api.wt.concat(ts, ts[0]?.ndim === 1 ? 0 : 1);
  });
}
export function columnStack(api, xs) {
  return api.wt.tidy(() => {
    const ts = stackList(xs, 'columnStack').map((v) => {
      const t = asTensor(api, v);
      return t.ndim < 2 ? t.reshape([-1, 1]) : t;
    });
    return api.wt.concat(ts, 1);
  });
}
const atleastList = (api, nd, xs) => xs.map((v) => atleast(api, nd, [v]));

// split points: sections (equal, or NumPy's array_split's first ones one longer) or indices
function splitBounds(n, sections, name, strict) {
  if (Array.isArray(sections)) {
    const b = [0, ...sections.map((i) => Math.min(n, Math.max(0, i < 0 ? i + n : i))), n];
    return b.slice(0, -1).map((s, i) => [s, Math.max(s, b[i + 1])]);
  }
  if (!Number.isInteger(sections) || sections <= 0 || sections > 2 ** 24)
    throw new WtError(
      'WT_EINVAL',
      `${name}: number sections must be an integer in [1, 2^24], got ${typeName(sections)}`,
    );
  if (strict && n % sections)
    throw new WtError('WT_EINVAL', `${name}: array split does not result in an equal division`);
  const each = Math.floor(n / sections),
    extra = n % sections,
    out = [];
  for (let i = 0, s = 0; i < sections; i++) {
    const len = each + (i < extra ? 1 : 0);
    out.push([s, s + len]);
    s += len;
  }
  return out;
}
function splitAlong(api, x, sections, axis, name, strict) {
  return api.wt.tidy(() => {
    x = asTensor(api, x);
    if (x.ndim === 0) throw new WtError('WT_EINVAL', `${name}: a 0-d tensor cannot be split`);
    const ax = axisOf(axis, x.ndim, name);
    const lead = ':,'.repeat(ax);
    return splitBounds(x.shape[ax], sections, name, strict).map(([s, e]) => x.slice(`${lead}${s}:${e}`));
  });
}
export const split = (api, x, sections, axis = 0) => splitAlong(api, x, sections, axis, 'split', true);
export const arraySplit = (api, x, sections, axis = 0) => splitAlong(api, x, sections, axis, 'arraySplit', false);
export const vsplit = (api, x, sections) => splitAlong(api, x, sections, 0, 'vsplit', true);
export function hsplit(api, x, sections) {
  return api.wt.tidy(() => {
    const t = asTensor(api, x);
    return splitAlong(api, t, sections, t.ndim === 1 ? 0 : 1, 'hsplit', true);
  });
}
export const dsplit = (api, x, sections) => splitAlong(api, x, sections, 2, 'dsplit', true);
export function unstack(api, x, opts) {
  return api.wt.tidy(() => {
    x = asTensor(api, x);
    const axis = axisOf((typeof opts === 'number' ? opts : options(opts, 'unstack').axis) ?? 0, x.ndim, 'unstack');
    return Array.from({ length: x.shape[axis] }, (_, i) => x.slice(`${':,'.repeat(axis)}${i}`));
  });
}

// NumPy's tile: the tensor repeated reps times along each axis (a broadcast view, copied once)
export function tile(api, x, reps) {
  const r = typeof reps === 'number' ? [reps] : reps;
  if (!Array.isArray(r) || r.some((v) => !Number.isInteger(v) || v < 0))
    throw new WtError('WT_EINVAL', `tile: reps must be non-negative integers, got ${typeName(reps)}`);
  return api.wt.tidy(() => {
    let t = asTensor(api, x);
    const nd = Math.max(t.ndim, r.length);
    const shape = [...Array(nd - t.ndim).fill(1), ...t.shape],
      rr = [...Array(nd - r.length).fill(1), ...r];
    t = t.reshape(shape.flatMap((n) => [1, n]));
    return t.broadcastTo(shape.flatMap((n, i) => [rr[i], n])).reshape(shape.map((n, i) => n * rr[i]));
  });
}

export function repeat(api, x, repeats, axis = null) {
  const e = api.e;
  return api.wt.tidy(() => {
    const t = asTensor(api, x),
      r = repeats instanceof Tensor ? repeats : api.tensor(repeats);
    if (axis !== null && !Number.isInteger(axis))
      throw new WtError('WT_EINVAL', `repeat: axis must be an integer or null, got ${typeName(axis)}`);
    e.check(
      e.ex.wt_repeat(
        e.handle(t, 'repeat: tensor'),
        e.handle(r, 'repeat: repeats'),
        axis ?? 0,
        axis === null ? 1 : 0,
        e.outPtr,
      ),
    );
    return e.adopt(e.takeOut());
  });
}

// NumPy's roll: elements shifted along axes (or the flattened tensor), wrapping around
export function roll(api, x, shift, axis = null) {
  return api.wt.tidy(() => {
    let t = asTensor(api, x);
    if (axis === null || axis === undefined) {
      if (Array.isArray(shift)) throw new WtError('WT_EINVAL', 'roll: with axis null, shift must be one integer');
      return roll(api, t.reshape([-1]), shift, 0).reshape(t.shape);
    }
    const shifts = Array.isArray(shift) ? shift : [shift],
      axes = Array.isArray(axis) ? axis : [axis];
    if (shifts.length !== axes.length && shifts.length !== 1 && axes.length !== 1)
      throw new WtError('WT_EINVAL', "roll: 'shift' and 'axis' should be integers or sequences of the same length");
    const n = Math.max(shifts.length, axes.length);
    const total = new Map();
    for (let i = 0; i < n; i++) {
      const a = axisOf(axes[axes.length === 1 ? 0 : i], t.ndim, 'roll'),
        s = shifts[shifts.length === 1 ? 0 : i];
      if (!Number.isInteger(s)) throw new WtError('WT_EINVAL', `roll: shift must be integers, got ${typeName(s)}`);
      total.set(a, (total.get(a) ?? 0) + s);
    }
    for (const [a, s] of total) {
      const len = t.shape[a],
        k = len ? ((s % len) + len) % len : 0;
      if (!k) continue;
      const lead = ':,'.repeat(a);
      t = api.wt.concat([t.slice(`${lead}${len - k}:`), t.slice(`${lead}:${len - k}`)], a);
    }
    return t === x ? t.copy() : t;
  });
}
