// The registry's entries for indexing, sorting, searching and sets (the
// fields are registry.js's; C: src/index.c, src/sort.c).
import * as ix from './indexing.js';
import * as so from './sorting.js';
import * as se from './sets.js';
import * as sh from './shape.js';
import * as bu from './build.js';
import { via } from './kinds.js';
import { defineOp } from './marshal.js';
import { options } from './ops.js';
import { sourceOf } from './tensor.js';
import { isLazy } from './lazy/index.js';
import { WtError } from './errors.js';
import * as pl from './plumbing.js';

// NumPy's indexing and what is built on it (indexing.js; C: src/index.c)
export const INDEXING = [
  // a[...]: t.get(1, ':', idx, '...', null); basic items alone give a view (lazily too)
  { name: 'get', c: 'wt_index_get', free: false, impl: via(ix.get), lazy: (g, args) => ix.get(null, ...args) },
  // a[...] = v: t.set([items], value)
  { name: 'set', c: 'wt_index_set', free: false, impl: via(ix.set) },
  { name: 'take', c: 'wt_index_get', impl: via(ix.take) },
  { name: 'put', c: 'wt_index_set', impl: via(ix.put) },
  { name: 'takeAlongAxis', c: 'wt_index_get', method: false, impl: via(ix.takeAlongAxis) },
  { name: 'putAlongAxis', c: 'wt_index_set', method: false, impl: via(ix.putAlongAxis) },
  { name: 'nonzero', c: 'wt_nonzero', impl: via(ix.nonzero) },
  { name: 'argwhere', c: 'wt_nonzero', method: false, impl: via(ix.argwhere) },
  { name: 'flatnonzero', c: 'wt_nonzero', method: false, impl: via(ix.flatnonzero) },
  { name: 'countNonzero', c: 'wt_reduce', method: false, impl: via(ix.countNonzero) },
  { name: 'compress', c: 'wt_nonzero', self: 1, impl: via(ix.compress) },
  { name: 'extract', c: 'wt_nonzero', method: false, impl: via(ix.extract) },
].map((e) => ({ kind: 'index', method: true, ...e }));

export const SORTING = [
  // the Array API's sort (a new tensor); the method sorts in place, as ndarray.sort
  { name: 'sort', c: 'wt_sort', method: false, impl: via(so.sort) },
  { name: 'sort', id: 'sortInPlace', c: 'wt_sort', free: false, impl: via(so.sortInPlace) },
  { name: 'argsort', c: 'wt_sort', impl: via(so.argsort) },
  { name: 'partition', c: 'wt_partition', method: false, impl: via(so.partition) },
  { name: 'partition', id: 'partitionInPlace', c: 'wt_partition', free: false, impl: via(so.partitionInPlace) },
  { name: 'argpartition', c: 'wt_partition', impl: via(so.argpartition) },
  { name: 'topk', c: 'wt_topk', impl: via(so.topk) },
  { name: 'searchsorted', c: 'wt_searchsorted', impl: via(so.searchsorted) },
  { name: 'digitize', c: 'wt_searchsorted', method: false, impl: via(so.digitize) },
  { name: 'uniqueValues', c: 'wt_unique', method: false, impl: via(se.uniqueValues) },
  { name: 'uniqueCounts', c: 'wt_unique', method: false, impl: via(se.uniqueCounts) },
  { name: 'uniqueInverse', c: 'wt_unique', method: false, impl: via(se.uniqueInverse) },
  { name: 'uniqueAll', c: 'wt_unique', method: false, impl: via(se.uniqueAll) },
  { name: 'unique', c: 'wt_unique', method: false, impl: via(se.unique) },
  { name: 'isin', c: 'wt_searchsorted', method: false, impl: via(se.isin) },
  { name: 'intersect1d', c: 'wt_sort', method: false, impl: via(se.intersect1d) },
  { name: 'union1d', c: 'wt_unique', method: false, impl: via(se.union1d) },
  { name: 'setdiff1d', c: 'wt_unique', method: false, impl: via(se.setdiff1d) },
  { name: 'setxor1d', c: 'wt_unique', method: false, impl: via(se.setxor1d) },
].map((e) => ({ kind: 'sort', method: true, ...e }));

// rearranging, splitting, building (shape.js, build.js; C: views, copies, concat, wt_repeat, window.c)
const free = (name, fn, extra = {}) => ({ name, impl: via(fn), ...extra });
export const SHAPING = [
  free('flip', sh.flip),
  free('fliplr', sh.fliplr),
  free('flipud', sh.flipud),
  free('rot90', sh.rot90),
  free('moveaxis', sh.moveaxis, { aliases: ['moveAxis'] }),
  free('atleast1d', sh.atleast1d),
  free('atleast2d', sh.atleast2d),
  free('atleast3d', sh.atleast3d),
  free('broadcastArrays', sh.broadcastArrays),
  free('broadcastShapes', sh.broadcastShapes),
  free('vstack', sh.vstack),
  free('hstack', sh.hstack),
  free('dstack', sh.dstack),
  free('columnStack', sh.columnStack),
  free('split', sh.split),
  free('arraySplit', sh.arraySplit),
  free('hsplit', sh.hsplit),
  free('vsplit', sh.vsplit),
  free('dsplit', sh.dsplit),
  free('unstack', sh.unstack),
  free('tile', sh.tile),
  free('repeat', sh.repeat, { c: 'wt_repeat', method: true }),
  free('roll', sh.roll),
  free('zerosLike', bu.zerosLike),
  free('onesLike', bu.onesLike),
  free('emptyLike', bu.emptyLike),
  free('fullLike', bu.fullLike),
  free('meshgrid', bu.meshgrid),
  free('tril', bu.tril),
  free('triu', bu.triu),
  free('diag', bu.diag),
  free('identity', bu.identity),
  free('logspace', bu.logspace),
  free('geomspace', bu.geomspace),
  free('pad', bu.pad),
  free('fillDiagonal', bu.fillDiagonal),
  free('indices', bu.indices),
  free('mgrid', bu.mgrid),
  free('ogrid', bu.ogrid),
  free('slidingWindowView', bu.slidingWindowView, { c: 'wt_view_sliding_window' }),
  free('append', pl.append),
  free('insert', pl.insert),
  free('delete', pl.deleteItems),
  free('block', pl.block),
  free('unravelIndex', pl.unravelIndex),
  free('ravelMultiIndex', pl.ravelMultiIndex),
  free('mayShareMemory', pl.mayShareMemory),
  free('sharesMemory', pl.sharesMemory),
  free('ndindex', pl.ndindex),
  free('ndenumerate', pl.ndenumerate),
  {
    name: 'asStrided',
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
