// NumPy's ndarray.flags, setflags and flat for tensors (tensor.js's getters and
// method call these).  The read-only flag lives in the handle's descriptor:
// setflags({write: false}) swaps the tensor's handle for a read-only one over
// the same storage (C's wt_tensor_adopt), the Tensor object staying the same.
import { WtError } from './errors.js';
import { FLAG_READONLY } from './abi.js';

// Fortran order: strides growing with the axes, ignoring axes of one element
function fortran(shape, strides) {
  let want = 1;
  for (let i = 0; i < shape.length; i++) {
    if (shape[i] === 1) continue;
    if (strides[i] !== want) return false;
    want *= shape[i];
  }
  return true;
}

export function flagsOf(t) {
  const small = t.size <= 1;
  return Object.freeze({
    cContiguous: t.isContiguous,
    fContiguous: small || fortran(t.shape, t.strides),
    writeable: !t.readOnly,
    ownData: t.base === null,
    aligned: true,
  });
}

// a new handle over t's storage with t's descriptor, read-only or not
function handleOver(t, readOnly) {
  const e = t._e;
  const [ndim, shape] = e.ints(t.shape, 'setflags: shape', e.shapeSlots[0], true);
  const [, strides] = e.ints(t.strides, 'setflags: strides', e.shapeSlots[1], true);
  e.check(
    e.ex.wt_tensor_adopt(
      t._base,
      t._nbytes,
      e.dtypeCode(t.dtype, 'setflags'),
      ndim,
      shape,
      strides,
      BigInt(t.offset),
      readOnly ? FLAG_READONLY : 0,
      e.outPtr,
    ),
  );
  return e.takeOut();
}

// NumPy's setflags(write): false makes t refuse writes; true undoes that (a tensor read-only for
// its own reason, a broadcast view say, stays so: NumPy's ValueError)
export function setflags(t, opts = {}) {
  const write = opts.write;
  if (write === undefined || write === null || write === !t.readOnly) return;
  if (write && !t._readOnlyBySetflags)
    throw new WtError(
      'WT_EINVAL',
      'setflags: cannot set WRITEABLE flag to True of this tensor (it is read-only by its making)',
    );
  t._e.rehandle(t, handleOver(t, !write));
  t._flags = write ? t._flags & ~FLAG_READONLY : t._flags | FLAG_READONLY;
  t._readOnlyBySetflags = !write;
}

// NumPy's a.flat: element k in C order, read and written in place; iterable; copy() is a.flatten()
export class FlatIter {
  constructor(t) {
    this._t = t;
  }
  get length() {
    return this._t.size;
  }
  // one element (an integer) or several (an array or tensor of flat indices: a new tensor)
  get(index) {
    const t = this._t;
    if (typeof index === 'number' || typeof index === 'bigint') return t.item(index);
    const fns = t._e.fns;
    return t._e.wt.tidy(() => fns.get(t, ...fns.unravelIndex(index, t.shape)).copy());
  }
  // writes value at the flat indices (an integer, an array or a tensor of them), through any strides
  set(index, value) {
    const t = this._t,
      fns = t._e.fns;
    t._e.wt.tidy(() => {
      const coords = fns.unravelIndex(
        typeof index === 'number' || typeof index === 'bigint' ? [index] : index,
        t.shape,
      );
      fns.set(t, coords, value);
    });
    return this;
  }
  *[Symbol.iterator]() {
    const t = this._t;
    for (let k = 0; k < t.size; k++) yield t.item(k);
  }
  copy() {
    return this._t.flatten();
  }
}
