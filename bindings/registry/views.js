// The registry's views and copies (registry/index.js has the fields): C's
// view functions and copies, each with its argument specs (marshal.js).
import { sourceOf } from '../tensor.js';
import { defineOp } from '../marshal.js';
import { axisNames } from '../names.js';
import { expandDims } from '../shape.js';

export const VIEWS = [
  { name: 'slice', sig: 'a, spec?:str', c: 'wt_view_slice', args: ['tensor self', 'str spec='] },
  {
    name: 'transpose',
    aliases: ['permuteDims'],
    sig: 'a, axes?',
    c: 'wt_view_permute',
    args: ['tensor self', 'axes axes=null'],
    names: axisNames.transpose,
  },
  {
    name: 'swapaxes',
    sig: 'a, axis1:int, axis2:int',
    c: 'wt_view_swapaxes',
    args: ['tensor self', 'int axis1', 'int axis2'],
    names: axisNames.swapaxes,
  },
  { name: 'reshape', sig: 'a, shape', c: 'wt_view_reshape', args: ['tensor self', 'shape shape'] },
  { name: 'broadcastTo', sig: 'array, shape', c: 'wt_view_broadcast_to', args: ['tensor self', 'shape shape'] },
  // one axis: C's view; several (NumPy's tuple): their positions in the result, a reshape (shape.js)
  {
    name: 'expandDims',
    sig: 'a, axis',
    c: 'wt_view_expand_dims',
    args: ['tensor self', 'int axis'],
    impl: (api, e) => {
      const one = defineOp(api.e, e.name, e.c, e.args);
      return (x, axis) => (Array.isArray(axis) ? expandDims(api, x, axis) : sourceOf(x, one(x, axis)));
    },
  },
  {
    name: 'squeeze',
    sig: 'a, axis?',
    c: 'wt_view_squeeze',
    args: ['tensor self', 'axes axis=null'],
    names: axisNames.squeeze,
  },
  {
    name: 'diagonal',
    sig: 'a, offset?:int, axis1?:int, axis2?:int',
    c: 'wt_view_diagonal',
    args: ['tensor self', 'i64 offset=0', 'int axis1=0', 'int axis2=1'],
  },
  { name: 'ravel', sig: 'a', c: 'wt_view_ravel', args: ['tensor self'] },
  // NumPy's ndarray.view(dtype): the same bytes as another dtype (eager: a graph's values have no bytes yet)
  {
    name: 'view',
    sig: 'a, dtype',
    c: 'wt_view_dtype',
    args: ['tensor self', 'dtype dtype'],
    names: 'same',
    lazy: false,
  },
  // NumPy's real and imag: views of a complex tensor's parts (t.real and t.imag are getters)
  { name: 'real', sig: 'val', c: 'wt_view_real', args: ['tensor self'], names: 'same', lazy: false, method: false },
  { name: 'imag', sig: 'val', c: 'wt_view_imag', args: ['tensor self'], names: 'same', lazy: false, method: false },
].map((e) => ({ kind: 'view', method: true, lazy: true, ...e }));

export const COPIES = [
  { name: 'contiguous', sig: 'a', c: 'wt_view_contiguous', args: ['tensor self'] },
  { name: 'copy', sig: 'a', c: 'wt_copy', args: ['tensor self'] },
  { name: 'astype', sig: 'x, dtype', c: 'wt_astype', args: ['tensor self', 'dtype dtype'] },
  // NumPy's flatten: always a copy (ravel is the view); lazily a copy node viewed 1-D
  {
    name: 'flatten',
    sig: 'a',
    c: 'wt_view_flatten',
    args: ['tensor self'],
    names: undefined,
    lazy: (g, [x]) => g._view('reshape', g._cast('copy', x, x.dtype), [[-1]]),
  },
].map((e) => ({ kind: 'copy', method: true, lazy: true, names: 'same', ...e }));
