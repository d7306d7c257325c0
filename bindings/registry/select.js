// The registry's entries for indexing, sorting, searching and sets (the
// fields are registry/index.js's; C: src/index.c, src/sort.c).
import { options } from '../args.js';
import * as ix from '../indexing.js';
import * as so from '../sorting.js';
import * as se from '../sets.js';
import * as sh from '../shape.js';
import * as bu from '../build.js';
import { via } from '../kinds.js';
import { defineOp } from '../marshal.js';
import { sourceOf } from '../tensor.js';
import { isLazy } from '../lazy/index.js';
import { WtError } from '../errors.js';
import * as pl from '../plumbing.js';
import * as nl from '../numpy-lib.js';

// NumPy's indexing and what is built on it (indexing.js; C: src/index.c)
export const INDEXING = [
  // a[...]: t.get(1, ':', idx, '...', null); basic items alone give a view (lazily too)
  {
    name: 'get',
    sig: 'a, ...items:obj',
    c: 'wt_index_get',
    free: false,
    impl: via(ix.get),
    lazy: (g, args) => ix.get(null, ...args),
  },
  // a[...] = v: t.set([items], value)
  { name: 'set', sig: 'a, items, value', c: 'wt_index_set', free: false, impl: via(ix.set) },
  { name: 'take', sig: 'a, indices, {axis, !out, mode:str}', c: 'wt_index_get', impl: via(ix.take) },
  { name: 'put', sig: 'a, ind, v, {mode:str}', c: 'wt_index_set', impl: via(ix.put) },
  { name: 'takeAlongAxis', sig: 'arr, indices, axis?', c: 'wt_index_get', method: false, impl: via(ix.takeAlongAxis) },
  {
    name: 'putAlongAxis',
    sig: 'arr, indices, values, axis',
    c: 'wt_index_set',
    method: false,
    impl: via(ix.putAlongAxis),
  },
  { name: 'nonzero', sig: 'a', c: 'wt_nonzero', impl: via(ix.nonzero) },
  { name: 'argwhere', sig: 'a', c: 'wt_nonzero', method: false, impl: via(ix.argwhere) },
  { name: 'flatnonzero', sig: 'a', c: 'wt_nonzero', method: false, impl: via(ix.flatnonzero) },
  {
    name: 'countNonzero',
    sig: 'a, {axis, *, keepdims:bool}',
    c: 'wt_reduce',
    method: false,
    impl: via(ix.countNonzero),
  },
  { name: 'compress', sig: 'condition, a, {axis, !out}', c: 'wt_nonzero', self: 1, impl: via(ix.compress) },
  { name: 'extract', sig: 'condition, arr', c: 'wt_nonzero', method: false, impl: via(ix.extract) },
].map((e) => ({ kind: 'index', method: true, ...e }));

export const SORTING = [
  // the Array API's sort (a new tensor); the method sorts in place, as ndarray.sort
  {
    name: 'sort',
    sig: 'a, {axis, kind:str, !order, *, stable:bool, descending:bool}',
    c: 'wt_sort',
    method: false,
    impl: via(so.sort),
  },
  {
    name: 'sort',
    id: 'sortInPlace',
    sig: 'a, {axis, kind:str, !order, *, stable:bool, descending:bool}',
    c: 'wt_sort',
    free: false,
    impl: via(so.sortInPlace),
  },
  {
    name: 'argsort',
    sig: 'a, {axis, kind:str, !order, *, stable:bool, descending:bool}',
    c: 'wt_sort',
    impl: via(so.argsort),
  },
  {
    name: 'partition',
    sig: 'a, kth, {axis, kind:str, !order}',
    c: 'wt_partition',
    method: false,
    impl: via(so.partition),
  },
  {
    name: 'partition',
    id: 'partitionInPlace',
    sig: 'a, kth, {axis, kind:str, !order}',
    c: 'wt_partition',
    free: false,
    impl: via(so.partitionInPlace),
  },
  { name: 'argpartition', sig: 'a, kth, {axis, kind:str, !order}', c: 'wt_partition', impl: via(so.argpartition) },
  { name: 'topk', sig: 'x, k:int, {axis, largest:bool}', c: 'wt_topk', impl: via(so.topk) },
  { name: 'searchsorted', sig: 'a, v, {side:str, sorter}', c: 'wt_searchsorted', impl: via(so.searchsorted) },
  { name: 'digitize', sig: 'x, bins, right?:bool', c: 'wt_searchsorted', method: false, impl: via(so.digitize) },
  { name: 'uniqueValues', sig: 'x', c: 'wt_unique', method: false, impl: via(se.uniqueValues) },
  { name: 'uniqueCounts', sig: 'x', c: 'wt_unique', method: false, impl: via(se.uniqueCounts) },
  { name: 'uniqueInverse', sig: 'x', c: 'wt_unique', method: false, impl: via(se.uniqueInverse) },
  { name: 'uniqueAll', sig: 'x', c: 'wt_unique', method: false, impl: via(se.uniqueAll) },
  {
    name: 'unique',
    sig: 'ar, {returnIndex:bool, returnInverse:bool, returnCounts:bool, axis, *, equalNan:bool, !sorted}',
    c: 'wt_unique',
    method: false,
    impl: via(se.unique),
  },
  {
    name: 'isin',
    sig: 'element, testElements, {assumeUnique:bool, invert:bool, *, !kind}',
    c: 'wt_searchsorted',
    method: false,
    impl: via(se.isin),
  },
  {
    name: 'intersect1d',
    sig: 'ar1, ar2, {assumeUnique:bool, !returnIndices}',
    c: 'wt_sort',
    method: false,
    impl: via(se.intersect1d),
  },
  { name: 'union1d', sig: 'ar1, ar2', c: 'wt_unique', method: false, impl: via(se.union1d) },
  { name: 'setdiff1d', sig: 'ar1, ar2, {assumeUnique:bool}', c: 'wt_unique', method: false, impl: via(se.setdiff1d) },
  { name: 'setxor1d', sig: 'ar1, ar2, {assumeUnique:bool}', c: 'wt_unique', method: false, impl: via(se.setxor1d) },
].map((e) => ({ kind: 'sort', method: true, ...e }));

// rearranging, splitting, building (shape.js, build.js; C: views, copies, concat, wt_repeat, window.c)
const free = (name, sig, fn, extra = {}) => ({ name, sig, impl: via(fn), ...extra });
export const SHAPING = [
  free('flip', 'm, axis?', sh.flip),
  free('fliplr', 'm', sh.fliplr),
  free('flipud', 'm', sh.flipud),
  free('rot90', 'm, k?:int, axes?', sh.rot90),
  free('moveaxis', 'a, source, destination', sh.moveaxis, { aliases: ['moveAxis'] }),
  free('atleast1d', '...arys', sh.atleast1d),
  free('atleast2d', '...arys', sh.atleast2d),
  free('atleast3d', '...arys', sh.atleast3d),
  free('broadcastArrays', '...args', sh.broadcastArrays),
  free('broadcastShapes', '...args', sh.broadcastShapes),
  free('vstack', 'tup, {!dtype, !casting}', sh.vstack),
  free('hstack', 'tup, {!dtype, !casting}', sh.hstack),
  free('dstack', 'tup', sh.dstack),
  free('columnStack', 'tup', sh.columnStack),
  free('split', 'ary, indicesOrSections, axis?:int', sh.split),
  free('arraySplit', 'ary, indicesOrSections, axis?:int', sh.arraySplit),
  free('hsplit', 'ary, indicesOrSections', sh.hsplit),
  free('vsplit', 'ary, indicesOrSections', sh.vsplit),
  free('dsplit', 'ary, indicesOrSections', sh.dsplit),
  free('unstack', 'x, {axis:int}', sh.unstack),
  free('tile', 'A, reps', sh.tile),
  free('repeat', 'a, repeats, axis?', sh.repeat, { c: 'wt_repeat', method: true }),
  free('roll', 'a, shift, axis?', sh.roll),
  free('zerosLike', 'a, {dtype, !order, !subok, shape}', bu.zerosLike),
  free('onesLike', 'a, {dtype, !order, !subok, shape}', bu.onesLike),
  free('emptyLike', 'a, {dtype, !order, !subok, shape}', bu.emptyLike),
  free('fullLike', 'a, fillValue, {dtype, !order, !subok, shape}', bu.fullLike),
  free('meshgrid', '...xi, {copy:bool, sparse:bool, indexing:str}', bu.meshgrid),
  free('tril', 'm, k?:int', bu.tril),
  free('triu', 'm, k?:int', bu.triu),
  free('diag', 'v, k?:int', bu.diag),
  free('identity', 'n:int, dtype?', bu.identity),
  free('logspace', 'start:num, stop:num, num?:int, {endpoint:bool, base:num, dtype, !axis}', bu.logspace),
  free('geomspace', 'start:num, stop:num, num?:int, {endpoint:bool, dtype, !axis}', bu.geomspace),
  free('pad', 'array, padWidth, {mode:str, *, constantValues, !statLength, !endValues, !reflectType}', bu.pad),
  free('fillDiagonal', 'a, val, wrap?:bool', bu.fillDiagonal),
  free('indices', 'dimensions, dtype?, {!sparse}', bu.indices),
  free('mgrid', 'spec', bu.mgrid),
  free('ogrid', 'spec', bu.ogrid),
  free('slidingWindowView', 'x, windowShape, {axis, *, !subok, !writeable}', bu.slidingWindowView, {
    c: 'wt_view_sliding_window',
  }),
  free('append', 'arr, values, axis?', pl.append),
  free('insert', 'arr, obj, values, axis?', pl.insert),
  free('delete', 'arr, obj, axis?', pl.deleteItems),
  free('block', 'arrays', pl.block),
  free('unravelIndex', 'indices, shape, {!order}', pl.unravelIndex),
  free('ravelMultiIndex', 'multiIndex, dims, {mode, !order}', pl.ravelMultiIndex),
  free('hanning', 'M:num', nl.hanning),
  free('hamming', 'M:num', nl.hamming),
  free('blackman', 'M:num', nl.blackman),
  free('bartlett', 'M:num', nl.bartlett),
  free('kaiser', 'M:num, beta:num', nl.kaiser),
  free('fromiter', 'iter, dtype, count?:int', nl.fromiter),
  free('fromfunction', 'function:fn, shape, {dtype}', nl.fromfunction),
  free('resize', 'a, newShape', nl.resize),
  free('byteBounds', 'a', nl.byteBounds),
  free('mayShareMemory', 'a, b, {!maxWork}', pl.mayShareMemory),
  free('sharesMemory', 'a, b, {!maxWork}', pl.sharesMemory),
  free('ndindex', '...shape', pl.ndindex),
  free('ndenumerate', 'arr', pl.ndenumerate),
  {
    name: 'asStrided',
    sig: 'x, shape, strides, {offset:int}',
    c: 'wt_view_as_strided',
    impl: (api) => {
      const op = defineOp(api.e, 'asStrided', 'wt_view_as_strided', [
        'tensor self',
        'shape shape',
        'shape strides',
        'i64 offset',
      ]);
      return (x, shape, strides, opts) => {
        // strides address a buffer, as NumPy's ndarray.view(dtype) does: eager only (a node has no bytes yet)
        if (isLazy(x))
          throw new WtError('WT_EINVAL', `asStrided: runs eagerly; its strides address a buffer, and ${x} has none`);
        return sourceOf(x, op(x, shape, strides, options(opts, 'asStrided').offset ?? 0));
      };
    },
  },
  // the C view behind slidingWindowView (its axis default is made in build.js); lazily a view node
  {
    name: '_slidingWindow',
    sig: 'x, axis, window',
    free: false,
    lazy: (g, [x, axis, win]) => g._view('slidingWindowView', x, [win, { axis }]),
    c: 'wt_view_sliding_window',
    impl: (api) => {
      const op = defineOp(api.e, 'slidingWindowView', 'wt_view_sliding_window', [
        'tensor self',
        'axes axis',
        'shape window',
      ]);
      return (x, axes, win) => sourceOf(x, op(x, axes, win));
    },
  },
].map((e) => ({ kind: 'shape', method: false, ...e }));
