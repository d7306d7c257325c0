// The registry: one entry per public function of wtensor.  `grep "name: 'x'"`
// here and in registry-select.js (indexing, sorting, sets) answers "what is wt.x?".  Fields:
//   name      the JS name (wt.name, and the method name unless `method` says otherwise)
//   aliases   further names of the same function on wt
//   kind      how the function is built (kinds.js): ufunc, reduction, view, copy,
//             creation, product, index, sort, shape, stats, io, scope, exchange, graph, dtype
//   c         the C entry point: a NumPy ufunc / reduction name (ufunc, reduction) or a wt_* function
//   args      argument marshalling, one spec per JS argument (marshal.js's KINDS)
//   arity     operands of a ufunc
//   method    true: also Tensor.prototype[name]; a string: that method name; false: none
//   self      the argument the method's tensor is (default 0: compress(cond, x) has x.compress(cond))
//   lazy      the function builds a graph node when an operand is a LazyTensor
//             (and LazyTensor gets the method); true uses the kind's builder
//   names     how axis names follow a view: 'same', or a function (x, args) -> names
//   impl      for kinds without a generic builder: (api) => the function
//   namespace true: impl gives an object of functions (wt.emath), not a function
// Adding an op: docs/ARCHITECTURE.md, "Adding an op".
import { WtError } from './errors.js';
import { Tensor, sourceOf } from './tensor.js';
import { typeName, isWeakTensor } from './engine.js';
import { defineOp } from './marshal.js';
import { UFUNC_ENTRIES, REDUCTION_ENTRIES, cName } from './ufuncs.js';
import { ewise, matmul, einsum, einsumNamed, einsumPath } from './ops.js';
import { axisNames, checkNames, withNames, label, ein, translateEquation } from './names.js';
import { readFile, writeFile, protoForm } from './files.js';
import { readNpz, writeNpz } from './npz.js';
import { tidy, keep, dispose, memory, info, probe } from './scope.js';
import { wrap, fromArrayLike, share, shareMemory, attach, detach } from './exchange.js';
import { Graph, isLazy, loadGraph } from './lazy/index.js';
import { canCast, resultType, finfo, iinfo, isdtype } from './dtype-rules.js';
import { complex } from './complex.js';
import { emath } from './emath.js';
import { join } from './join.js';
import * as ix from './indexing.js';
import { INDEXING, SORTING, SHAPING } from './registry-select.js';
import { STATISTICS } from './registry-stats.js';
import { LINALG } from './registry-linalg.js';
import { FFT_ENTRIES } from './registry-fft.js';
import { expandDims } from './shape.js';

const VIEWS = [
  { name: 'slice', c: 'wt_view_slice', args: ['tensor self', 'str spec='] },
  {
    name: 'transpose',
    aliases: ['permuteDims'],
    c: 'wt_view_permute',
    args: ['tensor self', 'axes axes=null'],
    names: axisNames.transpose,
  },
  {
    name: 'swapaxes',
    c: 'wt_view_swapaxes',
    args: ['tensor self', 'int axis1', 'int axis2'],
    names: axisNames.swapaxes,
  },
  { name: 'reshape', c: 'wt_view_reshape', args: ['tensor self', 'shape shape'] },
  { name: 'broadcastTo', c: 'wt_view_broadcast_to', args: ['tensor self', 'shape shape'] },
  // one axis: C's view; several (NumPy's tuple): their positions in the result, a reshape (shape.js)
  {
    name: 'expandDims',
    c: 'wt_view_expand_dims',
    args: ['tensor self', 'int axis'],
    impl: (api, e) => {
      const one = defineOp(api.e, e.name, e.c, e.args);
      return (x, axis) => (Array.isArray(axis) ? expandDims(api, x, axis) : sourceOf(x, one(x, axis)));
    },
  },
  { name: 'squeeze', c: 'wt_view_squeeze', args: ['tensor self', 'axes axis=null'], names: axisNames.squeeze },
  { name: 'diagonal', c: 'wt_view_diagonal', args: ['tensor self', 'i64 offset=0', 'int axis1=0', 'int axis2=1'] },
  { name: 'ravel', c: 'wt_view_ravel', args: ['tensor self'] },
  // NumPy's ndarray.view(dtype): the same bytes as another dtype (eager: a graph's values have no bytes yet)
  { name: 'view', c: 'wt_view_dtype', args: ['tensor self', 'dtype dtype'], names: 'same', lazy: false },
  // NumPy's real and imag: views of a complex tensor's parts (t.real and t.imag are getters)
  { name: 'real', c: 'wt_view_real', args: ['tensor self'], names: 'same', lazy: false, method: false },
  { name: 'imag', c: 'wt_view_imag', args: ['tensor self'], names: 'same', lazy: false, method: false },
].map((e) => ({ kind: 'view', method: true, lazy: true, ...e }));

const COPIES = [
  { name: 'contiguous', c: 'wt_view_contiguous', args: ['tensor self'] },
  { name: 'copy', c: 'wt_copy', args: ['tensor self'] },
  { name: 'astype', c: 'wt_astype', args: ['tensor self', 'dtype dtype'] },
  // NumPy's flatten: always a copy (ravel is the view); lazily a copy node viewed 1-D
  {
    name: 'flatten',
    c: 'wt_view_flatten',
    args: ['tensor self'],
    names: undefined,
    lazy: (g, [x]) => g._view('reshape', g._cast('copy', x, x.dtype), [[-1]]),
  },
].map((e) => ({ kind: 'copy', method: true, lazy: true, names: 'same', ...e }));

const REDUCTIONS = REDUCTION_ENTRIES;

const CREATION = [
  { name: 'tensor', impl: (api) => api.tensor },
  {
    name: 'empty',
    c: 'wt_tensor_empty',
    args: ['dtype dtype', 'shape shape'],
    impl:
      (api) =>
      (shape, dtype = 'float64') =>
        api.c.empty(dtype, shape),
  },
  {
    name: 'zeros',
    c: 'wt_tensor_zeros',
    args: ['dtype dtype', 'shape shape'],
    impl:
      (api) =>
      (shape, dtype = 'float64') =>
        api.c.zeros(dtype, shape),
  },
  {
    name: 'ones',
    impl:
      (api) =>
      (shape, dtype = 'float64') =>
        api.c.full(dtype, shape, 1),
  },
  { name: 'full', c: 'wt_tensor_full', args: ['dtype dtype', 'shape shape', 'scalar value'], impl: (api) => api.full },
  {
    name: 'arange',
    c: 'wt_tensor_arange',
    args: ['f64 start', 'f64 stop', 'f64 step', 'dtype dtype'],
    impl: (api) => api.arange,
  },
  {
    name: 'linspace',
    c: 'wt_tensor_linspace',
    args: ['f64 start', 'f64 stop', 'i64 num', 'bool endpoint', 'dtype dtype'],
    impl:
      (api) =>
      (start, stop, num = 50, { endpoint = true, dtype = 'float64' } = {}) =>
        api.c.linspace(start, stop, num, endpoint, dtype),
  },
  {
    name: 'eye',
    c: 'wt_tensor_eye',
    args: ['i64 n', 'i64 m', 'i64 k', 'dtype dtype'],
    impl:
      (api) =>
      (n, m, k = 0, dtype = 'float64') =>
        api.c.eye(n, m ?? n, k, dtype),
  },
].map((e) => ({ kind: 'creation', method: false, ...e }));

const PRODUCTS = [
  {
    name: 'matmul',
    method: true,
    operands: [0, 2],
    impl: (api) => (a, b, opts) => matmul(api.e, a, b, opts),
    lazy: (g, [a, b, opts]) => {
      if (opts?.out)
        throw new WtError('WT_EINVAL', "matmul: 'out' is an eager option; a compiled graph allocates its results");
      return g._matmul(a, b);
    },
  },
  // NumPy's concatenate (axis null flattens) and stack, over an array of tensors
  {
    name: 'concat',
    aliases: ['concatenate'],
    c: 'wt_concat',
    impl: (api) => (ts, opts) => join(api, 'concat', ts, opts),
  },
  { name: 'stack', c: 'wt_stack', impl: (api) => (ts, opts) => join(api, 'stack', ts, opts) },
  {
    name: 'einsum',
    operands: [1, Infinity],
    impl:
      (api) =>
      (eq, ...ops) =>
        einsum(api.e, eq, ops),
    lazy: (g, [eq, ...ops]) => g._einsum(eq, ops),
  },
  {
    name: 'einsumNamed',
    operands: [1, Infinity],
    impl:
      (api) =>
      (eq, ...ops) =>
        einsumNamed(api.e, eq, ops),
    // lazy tensors carry no names: the equation's names become letters
    lazy: (g, [eq, ...ops]) => g._einsum(translateEquation(eq, [], 'einsumNamed').equation, ops),
  },
  {
    name: 'einsumPath',
    impl:
      (api) =>
      (eq, ...ops) =>
        einsumPath(api.e, eq, ops),
  },
].map((e) => ({ kind: 'product', method: false, ...e }));

const IO = [
  { name: 'fromNpy', c: 'wt_npy_read', impl: (api, e) => (bytes) => readFile(api.e, e.c, e.name, bytes) },
  { name: 'fromTensorProto', c: 'wt_proto_read', impl: (api, e) => (bytes) => readFile(api.e, e.c, e.name, bytes) },
  { name: 'fromNpz', impl: (api) => (bytes) => readNpz(api.e, bytes) },
  { name: 'toNpz', impl: (api) => (tensors, opts) => writeNpz(api.e, tensors, opts) },
  {
    name: 'toNpy',
    c: 'wt_npy_write',
    method: true,
    free: false,
    impl: (api, e) => (t) => writeFile(api.e, e.c, e.name, t),
  },
  {
    name: 'toTensorProto',
    c: 'wt_proto_write',
    method: true,
    free: false,
    impl: (api, e) => (t, opts) => writeFile(api.e, e.c, e.name, t, protoForm(opts)),
  },
].map((e) => ({ kind: 'io', method: false, ...e }));

// NumPy's questions about dtypes, answered by C (dtype-rules.js)
const DTYPE_RULES = [
  { name: 'canCast', c: 'wt_can_cast', impl: (api) => (from, to, casting) => canCast(api.e, from, to, casting) },
  {
    name: 'resultType',
    c: 'wt_result_type',
    impl:
      (api) =>
      (...args) =>
        resultType(api.e, args),
  },
  { name: 'finfo', c: 'wt_dtype_limits_of', impl: (api) => (dtype) => finfo(api.e, dtype) },
  { name: 'iinfo', c: 'wt_dtype_limits_of', impl: (api) => (dtype) => iinfo(api.e, dtype) },
  { name: 'isdtype', c: 'wt_dtype_limits_of', impl: (api) => (dtype, kind) => isdtype(api.e, dtype, kind) },
  // a complex number: a weak scalar in ops (a 0-d complex tensor with WT_FLAG_WEAK), as Python's complex
  { name: 'complex', c: 'wt_view_weak', impl: () => complex },
  // NumPy's np.emath: sqrt, log, ..., complex where the real result would be NaN (a namespace)
  { name: 'emath', c: 'wt_ewise', namespace: true, impl: (api) => emath(api.wt) },
].map((e) => ({ kind: 'dtype', method: false, ...e }));

// where(cond) alone is nonzero(cond), as NumPy's
const withWhere = (e) =>
  e.name !== 'where'
    ? e
    : {
        ...e,
        impl:
          (api) =>
          (...args) =>
            args.length === 1 ? ix.nonzero(api, args[0]) : ewise(api.e, 'where', e.c, args.slice(0, 3), args[3]),
      };

const opName = (op, what) => {
  if (typeof op !== 'string')
    throw new WtError('WT_EINVAL', `${what}: the operation must be a name string, got ${typeName(op)}`);
  return op;
};
// out = op(alpha*x, beta*z) with {alpha, beta, out, reduce}: Cortex's forms, by JS or NumPy name
const cortex =
  (api, { name }) =>
  (op, ...args) => {
    const label = `${name}('${opName(op, name)}')`,
      n = name === 'binary' ? 2 : 1;
    return ewise(api.e, label, cName(op), args.slice(0, n), args[n]);
  };

const ASSIGN = {
  name: 'assign',
  kind: 'assign',
  method: true,
  lazyMethod: false, // LazyTensor's own assign builds an assignment node (and owns the operands)
  operands: [0, 2],
  arrays: [1, 2], // a value may be a nested array, the destination not
  impl: (api) => {
    const tensor = defineOp(api.e, 'assign', 'wt_assign', ['tensor self', 'tensor src'], 'self');
    const scalar = defineOp(api.e, 'assign', 'wt_assign_scalar', ['tensor self', 'scalar value'], 'self');
    // a complex number or a bigint no double holds: a weak 0-d tensor, which C checks against dst's dtype
    const weakValue = (dst, v) => {
      const t = api.e.scalarWeak(v);
      try {
        return tensor(dst, t);
      } finally {
        t.dispose();
      }
    };
    return (dst, src) =>
      src instanceof Tensor ? tensor(dst, src) : isWeakTensor(src) ? weakValue(dst, src) : scalar(dst, src);
  },
  lazy: (g, [dst, src]) => {
    if (!isLazy(dst))
      throw new WtError(
        'WT_EINVAL',
        'assign: a lazy value can only be assigned to a lazy variable or persistent tensor (compile and run it first)',
      );
    return dst.assign(src);
  },
};

const SCOPES = [
  { name: 'tidy', impl: (api) => (fn) => tidy(api.e, fn) },
  { name: 'keep', impl: (api) => (t) => keep(api.e, t) },
  { name: 'dispose', impl: () => dispose },
  { name: 'memory', impl: (api) => () => memory(api.e) },
  { name: 'resetPeak', impl: (api) => () => api.e.ex.wt_memory_reset_peak() },
  { name: 'info', impl: (api) => () => info(api.e) },
  { name: 'probe', impl: (api) => probe(api.e, (shape, dtype) => api.c.zeros(dtype, shape)) },
].map((e) => ({ kind: 'scope', method: false, ...e }));

const EXCHANGE = [
  { name: 'wrap', impl: (api) => (view, opts) => wrap(api.e, view, opts) },
  { name: 'share', impl: (api) => () => shareMemory(api.e) },
  { name: 'attach', impl: (api) => (handle) => attach(api.e, handle) },
  { name: 'detach', impl: (api) => () => detach(api.e) },
  { name: 'fromArrayLike', impl: (api) => (value, opts) => fromArrayLike(api.wt, value, opts) },
  {
    name: 'ein',
    impl:
      (api) =>
      (strings, ...values) =>
        ein(api.wt, strings, ...values),
  },
  { name: 'share', id: 'shareTensor', method: true, free: false, impl: (api) => (t) => share(api.e, t) },
  {
    name: 'named',
    method: true,
    free: false,
    impl: (api) => {
      const clone = defineOp(api.e, 'named', 'wt_tensor_clone', ['tensor self']);
      return (t, names) => {
        api.e.handle(t, 'named: tensor');
        const checked = names === null ? null : checkNames(names, t.ndim, 'named'); // before the clone: no leak on a bad name
        return withNames(clone(t), checked);
      };
    },
  },
  {
    name: 'label',
    method: true,
    free: false,
    impl:
      (api) =>
      (t, ...labels) => {
        api.e.handle(t, 'label: tensor');
        return label(api.wt, t, labels);
      },
  },
].map((e) => ({ kind: 'exchange', method: false, ...e }));

const GRAPHS = [
  { name: 'constant', impl: (api) => (value, opts) => api.graph.constant(value, opts) },
  { name: 'placeholder', impl: (api) => (shape, dtype, name) => api.graph.placeholder(shape, dtype, name) },
  { name: 'variable', impl: (api) => (init, opts) => api.graph.variable(init, opts) },
  { name: 'persistentTensor', impl: (api) => (shape, dtype, opts) => api.graph.persistentTensor(shape, dtype, opts) },
  { name: 'lazy', impl: (api) => (value, opts) => api.graph.lazy(value, opts) },
  { name: 'graph', impl: (api) => () => new Graph(api.wt, api.e) },
  { name: 'loadGraph', impl: (api) => (json, blobs) => loadGraph(api.wt, api.e, json, blobs) },
].map((e) => ({ kind: 'graph', method: false, ...e }));

const ENGINE = [
  ASSIGN,
  {
    name: 'binary',
    kind: 'cortex',
    method: false,
    impl: cortex,
    operands: [1, 3],
    lazy: (g, [op, x, z, opts]) => g._ewise(op, [x, z], opts),
  },
  {
    name: 'unary',
    kind: 'cortex',
    method: false,
    impl: cortex,
    operands: [1, 2],
    lazy: (g, [op, x, opts]) => g._ewise(op, [x], opts),
  },
  ...SCOPES,
  ...EXCHANGE,
  ...GRAPHS,
];

export const REGISTRY = Object.freeze([
  ...UFUNC_ENTRIES.map(withWhere),
  ...REDUCTIONS,
  ...VIEWS,
  ...COPIES,
  ...CREATION,
  ...PRODUCTS,
  ...INDEXING,
  ...SORTING,
  ...SHAPING,
  ...STATISTICS,
  ...LINALG,
  ...FFT_ENTRIES,
  ...IO,
  ...DTYPE_RULES,
  ...ENGINE,
]);

// every name a LazyTensor computes with
export const byKind = (kind) => REGISTRY.filter((e) => e.kind === kind);
export const UFUNCS = Object.fromEntries(byKind('ufunc').map((e) => [e.name, e]));
export const VIEW_NAMES = VIEWS.map((e) => e.name);
export const REDUCTION_NAMES = REDUCTIONS.map((e) => e.name);
