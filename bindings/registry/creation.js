// The registry's creation functions and products (registry/index.js has the fields).
import { WtError } from '../errors.js';
import { matmul, einsum, einsumNamed, einsumPath } from '../ops.js';
import { translateEquation } from '../names.js';
import { join } from '../join.js';
import { tuple } from '../tuple.js';

export const CREATION = [
  { name: 'tensor', sig: 'object, {dtype, shape}', impl: (api) => api.tensor },
  {
    name: 'empty',
    sig: 'shape, dtype?',
    c: 'wt_tensor_empty',
    args: ['dtype dtype', 'shape shape'],
    impl:
      (api) =>
      (shape, dtype = 'float64') =>
        api.c.empty(dtype, shape),
  },
  {
    name: 'zeros',
    sig: 'shape, dtype?',
    c: 'wt_tensor_zeros',
    args: ['dtype dtype', 'shape shape'],
    impl:
      (api) =>
      (shape, dtype = 'float64') =>
        api.c.zeros(dtype, shape),
  },
  {
    name: 'ones',
    sig: 'shape, dtype?',
    impl:
      (api) =>
      (shape, dtype = 'float64') =>
        api.c.full(dtype, shape, 1),
  },
  {
    name: 'full',
    sig: 'shape, fillValue, dtype?',
    c: 'wt_tensor_full',
    args: ['dtype dtype', 'shape shape', 'scalar value'],
    impl: (api) => api.full,
  },
  {
    name: 'arange',
    sig: 'start, stop?, step?, dtype?',
    c: 'wt_tensor_arange',
    args: ['f64 start', 'f64 stop', 'f64 step', 'dtype dtype'],
    impl: (api) => api.arange,
  },
  {
    name: 'linspace',
    sig: 'start:num, stop:num, num?:int, {endpoint:bool, retstep:bool, dtype, !axis}',
    c: 'wt_tensor_linspace',
    args: ['f64 start', 'f64 stop', 'i64 num', 'bool endpoint', 'dtype dtype'],
    impl:
      (api) =>
      (start, stop, num = 50, { endpoint = true, retstep = false, dtype = 'float64' } = {}) => {
        const samples = api.c.linspace(start, stop, num, endpoint, dtype);
        if (!retstep) return samples;
        const div = endpoint ? num - 1 : num; // NumPy's step: NaN where there is no interval
        return tuple({ samples, step: div > 0 ? (stop - start) / div : NaN });
      },
  },
  {
    name: 'eye',
    sig: 'N:int, M?:int, k?:int, dtype?',
    c: 'wt_tensor_eye',
    args: ['i64 n', 'i64 m', 'i64 k', 'dtype dtype'],
    impl:
      (api) =>
      (n, m, k = 0, dtype = 'float64') =>
        api.c.eye(n, m ?? n, k, dtype),
  },
].map((e) => ({ kind: 'creation', method: false, ...e }));

export const PRODUCTS = [
  {
    name: 'matmul',
    sig: 'x1, x2, {out, *, casting, !dtype}',
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
    sig: 'arrays, {axis, out, *, !dtype, casting}',
    c: 'wt_concat',
    impl: (api) => (ts, opts) => join(api, 'concat', ts, opts),
  },
  {
    name: 'stack',
    sig: 'arrays, {axis, out, *, !dtype, casting}',
    c: 'wt_stack',
    impl: (api) => (ts, opts) => join(api, 'stack', ts, opts),
  },
  {
    name: 'einsum',
    sig: 'subscripts, ...operands, {out, casting, optimize, !dtype, !order}',
    operands: [1, Infinity],
    impl:
      (api) =>
      (eq, ...ops) =>
        einsum(api.e, eq, ops),
    lazy: (g, [eq, ...ops]) => g._einsum(eq, ops),
  },
  {
    name: 'einsumNamed',
    sig: 'subscripts, ...operands, {out, casting}',
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
    sig: 'subscripts, ...operands',
    impl:
      (api) =>
      (eq, ...ops) =>
        einsumPath(api.e, eq, ops),
  },
].map((e) => ({ kind: 'product', method: false, ...e }));
