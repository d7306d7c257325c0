// The registry's files, and NumPy's questions about dtypes (registry/index.js has the fields).
import { readFile, writeFile, protoForm } from '../files.js';
import { readNpz, writeNpz } from '../npz.js';
import { canCast, resultType, finfo, iinfo, isdtype } from '../dtype-rules.js';
import { complex } from '../complex.js';
import { emath } from '../emath.js';

export const IO = [
  { name: 'fromNpy', sig: 'bytes', c: 'wt_npy_read', impl: (api, e) => (bytes) => readFile(api.e, e.c, e.name, bytes) },
  {
    name: 'fromTensorProto',
    sig: 'bytes',
    c: 'wt_proto_read',
    impl: (api, e) => (bytes) => readFile(api.e, e.c, e.name, bytes),
  },
  { name: 'fromNpz', sig: 'bytes', async: true, impl: (api) => (bytes) => readNpz(api.e, bytes) },
  {
    name: 'toNpz',
    sig: 'tensors:obj, {compress:bool}',
    async: true,
    impl: (api) => (tensors, opts) => writeNpz(api.e, tensors, opts),
  },
  {
    name: 'toNpy',
    sig: 'tensor',
    c: 'wt_npy_write',
    method: true,
    free: false,
    impl: (api, e) => (t) => writeFile(api.e, e.c, e.name, t),
  },
  {
    name: 'toTensorProto',
    sig: 'tensor, {form}',
    c: 'wt_proto_write',
    method: true,
    free: false,
    impl: (api, e) => (t, opts) => writeFile(api.e, e.c, e.name, t, protoForm(opts)),
  },
].map((e) => ({ kind: 'io', method: false, ...e }));

// NumPy's questions about dtypes, answered by C (dtype-rules.js)
export const DTYPE_RULES = [
  {
    name: 'canCast',
    sig: 'from, to:str, casting?:str',
    c: 'wt_can_cast',
    impl: (api) => (from, to, casting) => canCast(api.e, from, to, casting),
  },
  {
    name: 'resultType',
    sig: '...arraysAndDtypes',
    c: 'wt_result_type',
    impl:
      (api) =>
      (...args) =>
        resultType(api.e, args),
  },
  { name: 'finfo', sig: 'dtype', c: 'wt_dtype_limits_of', impl: (api) => (dtype) => finfo(api.e, dtype) },
  { name: 'iinfo', sig: 'dtype', c: 'wt_dtype_limits_of', impl: (api) => (dtype) => iinfo(api.e, dtype) },
  {
    name: 'isdtype',
    sig: 'dtype, kind',
    c: 'wt_dtype_limits_of',
    impl: (api) => (dtype, kind) => isdtype(api.e, dtype, kind),
  },
  // a complex number: a weak scalar in ops (a 0-d complex tensor with WT_FLAG_WEAK), as Python's complex
  { name: 'complex', sig: 'real, imag?', c: 'wt_view_weak', impl: () => complex },
  // NumPy's np.emath: sqrt, log, ..., complex where the real result would be NaN (a namespace)
  { name: 'emath', c: 'wt_ewise', namespace: true, impl: (api) => emath(api.wt) },
].map((e) => ({ kind: 'dtype', method: false, ...e }));
