// The registry's assignment, scopes, exchange and graph functions (registry/index.js has the fields).
import { WtError } from '../errors.js';
import { Tensor } from '../tensor.js';
import { isWeakTensor } from '../engine.js';
import { defineOp } from '../marshal.js';
import { checkNames, withNames, label, ein } from '../names.js';
import { tidy, keep, dispose, memory, info, probe } from '../scope.js';
import { wrap, fromArrayLike, share, shareMemory, attach, detach } from '../exchange.js';
import { Graph, isLazy, loadGraph } from '../lazy/index.js';

const ASSIGN = {
  name: 'assign',
  kind: 'assign',
  sig: 'dst, src',
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
  { name: 'tidy', sig: 'fn, {release}', impl: (api) => (fn, opts) => tidy(api.e, fn, opts) },
  { name: 'keep', sig: 'tensor', impl: (api) => (t) => keep(api.e, t) },
  { name: 'dispose', sig: 'value:obj', impl: () => dispose },
  { name: 'memory', sig: '', impl: (api) => () => memory(api.e) },
  { name: 'resetPeak', sig: '', impl: (api) => () => api.e.ex.wt_memory_reset_peak() },
  { name: 'info', sig: '', impl: (api) => () => info(api.e) },
  { name: 'probe', namespace: true, impl: (api) => probe(api.e, (shape, dtype) => api.c.zeros(dtype, shape)) },
].map((e) => ({ kind: 'scope', method: false, ...e }));

const EXCHANGE = [
  {
    name: 'wrap',
    sig: 'view, {dtype, shape, strides, offset:int, readOnly:bool}',
    impl: (api) => (view, opts) => wrap(api.e, view, opts),
  },
  { name: 'share', sig: '', impl: (api) => () => shareMemory(api.e) },
  { name: 'attach', sig: 'handle:obj', impl: (api) => (handle) => attach(api.e, handle) },
  { name: 'detach', sig: '', impl: (api) => () => detach(api.e) },
  {
    name: 'fromArrayLike',
    sig: 'value, {dtype, shape}',
    impl: (api) => (value, opts) => fromArrayLike(api.wt, value, opts),
  },
  {
    name: 'ein',
    sig: 'strings, ...values',
    impl:
      (api) =>
      (strings, ...values) =>
        ein(api.wt, strings, ...values),
  },
  { name: 'share', id: 'shareTensor', sig: 'tensor', method: true, free: false, impl: (api) => (t) => share(api.e, t) },
  {
    name: 'named',
    sig: 'tensor, names',
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
    sig: 'tensor, ...labels',
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
  {
    name: 'constant',
    sig: 'value, {dtype, name:str}',
    impl: (api) => (value, opts) => api.graph.constant(value, opts),
  },
  {
    name: 'placeholder',
    sig: 'shape, dtype?, name?:str',
    impl: (api) => (shape, dtype, name) => api.graph.placeholder(shape, dtype, name),
  },
  {
    name: 'variable',
    sig: 'init, {dtype, name:str, trainable:bool}',
    impl: (api) => (init, opts) => api.graph.variable(init, opts),
  },
  {
    name: 'persistentTensor',
    sig: 'shape, dtype?, {name:str, init}',
    impl: (api) => (shape, dtype, opts) => api.graph.persistentTensor(shape, dtype, opts),
  },
  { name: 'lazy', sig: 'value, {dtype, name:str}', impl: (api) => (value, opts) => api.graph.lazy(value, opts) },
  { name: 'graph', sig: '', impl: (api) => () => new Graph(api.wt, api.e) },
  { name: 'loadGraph', sig: 'json, blobs?:obj', impl: (api) => (json, blobs) => loadGraph(api.wt, api.e, json, blobs) },
].map((e) => ({ kind: 'graph', method: false, ...e }));

export const ENGINE = [ASSIGN, ...SCOPES, ...EXCHANGE, ...GRAPHS];
