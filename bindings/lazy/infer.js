// A node's dtype and shape, asked of C: the same checks the eager call makes,
// run on descriptors (wt_op_result_dtype, wt_broadcast_shapes) or on
// zero-stride stand-ins (wt_reduce_shape, wt_matmul_shape, the views
// themselves), so building a node allocates nothing of its size.
import { withTemp } from '../args.js';
import { DTYPES, MAX_DIMS } from '../dtypes.js';
import { layout } from '../engine.js';
import { LazyTensor } from './node.js';

function readShape(e, ndim, ptr) {
  return Array.from({ length: ndim }, (_, i) => Number(e.dv.getBigInt64(ptr + 8 * i, true)));
}

// a zero-stride stand-in for each node (read-only views of one element), disposed after fn
export function withMeta(wt, nodes, fn) {
  const metas = [];
  try {
    for (const n of nodes) {
      const z = wt.zeros([], n.dtype);
      try {
        metas.push(z.broadcastTo(n.shape));
      } finally {
        z.dispose();
      }
    }
    return fn(...metas);
  } finally {
    metas.forEach((m) => m.dispose());
  }
}

// wt_op_result_dtype's and wt_broadcast_shapes's arguments for up to 3 operands
const EWISE_ARGS = layout([
  ['dts', 4, 3], // dtype codes (-1: a weak scalar)
  ['sc', 8, 3], // the scalars' values
  ['nds', 4, 3], // the tensors' ndims
  ['shp', 4, 3], // pointers to their shapes
  ['outShape', 8, MAX_DIMS], // the broadcast shape C writes
]);

// elementwise: C's result dtype for the operands (weak scalars as values) and their broadcast shape
export function inferEwise(e, cname, name, inputs) {
  const ex = e.ex,
    op = e.code('op', cname, name);
  return withTemp(e, EWISE_ARGS.size, (p) => {
    const dv = e.dv,
      { dts, sc, nds, shp, outShape } = Object.fromEntries(Object.entries(EWISE_ARGS.at).map(([k, v]) => [k, p + v]));
    const tens = inputs.filter((v) => v instanceof LazyTensor);
    inputs.forEach((v, k) => {
      // a weak constant (a complex number or a big bigint operand) promotes as a Python complex or int
      const code = !(v instanceof LazyTensor) ? -1 : (v.attrs.weak ?? e.dtypeCode(v.dtype));
      dv.setInt32(dts + 4 * k, code, true);
      dv.setFloat64(sc + 8 * k, v instanceof LazyTensor ? (v.attrs.weakValue ?? 0) : v, true);
    });
    e.check(ex.wt_op_result_dtype(op, inputs.length, dts, sc, e.outPtr));
    const dtype = DTYPES[e.takeOut()];
    // the shapes go after the fixed slots
    return withTemp(e, 8 * MAX_DIMS * tens.length + 8, (sp) => {
      const mem = e.dv; // again: this allocation may have grown memory, detaching dv's buffer
      tens.forEach((t, k) => {
        mem.setInt32(nds + 4 * k, t.ndim, true);
        mem.setUint32(shp + 4 * k, sp + 8 * MAX_DIMS * k, true);
        t.shape.forEach((d, i) => mem.setBigInt64(sp + 8 * MAX_DIMS * k + 8 * i, BigInt(d), true));
      });
      e.check(ex.wt_broadcast_shapes(tens.length, nds, shp, e.outPtr, outShape));
      return [dtype, readShape(e, e.takeOut(), outShape)];
    });
  });
}

// a C shape query writing (dtype, ndim, shape) at p, p + 4, p + 8
function shapeQuery(e, call) {
  return withTemp(e, 8 + 8 * MAX_DIMS, (p) => {
    e.check(call(p));
    return [DTYPES[e.dv.getInt32(p, true)], readShape(e, e.dv.getInt32(p + 4, true), p + 8)];
  });
}

export function inferReduce(e, wt, name, x, axis, keep, dtype) {
  return withMeta(wt, [x], (m) => {
    const code = e.code('reduce', name, name);
    const want = dtype === null ? -1 : e.dtypeCode(dtype, `${name}: dtype`);
    const [naxes, axes] = axis === null ? [-1, 0] : e.ints(axis, `${name}: axis`, e.axesSlot, false);
    return shapeQuery(e, (p) =>
      e.ex.wt_reduce_shape(code, e.handle(m, name), naxes, axes, keep ? 1 : 0, want, p, p + 4, p + 8),
    );
  });
}

export function inferMatmul(e, wt, a, b) {
  return withMeta(wt, [a, b], (ma, mb) =>
    shapeQuery(e, (p) => e.ex.wt_matmul_shape(e.handle(ma, 'matmul: a'), e.handle(mb, 'matmul: b'), p, p + 4, p + 8)),
  );
}

// a view's shape: the eager view itself, on a stand-in
export function inferView(e, wt, name, x, args) {
  return withMeta(wt, [x], (m) => {
    const v = e.ops[name](m, ...args);
    try {
      return v.shape;
    } finally {
      v.dispose();
    }
  });
}

export function inferEinsum(e, wt, subscripts, inputs) {
  const plan = wt.einsumPath(subscripts, ...inputs.map((n) => [...n.shape]));
  // all at once, as np.result_type (not a left fold of the pairs)
  const dt = withTemp(e, 4 * inputs.length, (p) => {
    inputs.forEach((n, k) => e.dv.setInt32(p + 4 * k, e.dtypeCode(n.dtype), true));
    e.check(e.ex.wt_dtype_promote_list(inputs.length, p, e.outPtr));
    return e.dv.getInt32(e.outPtr, true);
  });
  return [DTYPES[dt], plan.shape];
}
