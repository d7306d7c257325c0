// concat (NumPy's concatenate) and stack over an array of tensors, numbers or
// nested arrays (made tensors as wt.tensor makes them), in C (src/join.c):
// wt.concat([a, b], {axis, out, casting}) or wt.concat([a, b], axis); axis
// null flattens (NumPy's axis=None).
import { options, withHandles } from './args.js';
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';
import { isLazy } from './lazy/node.js';
import { outOf } from './ops.js';

export function join(api, name, list, opts) {
  const e = api.e;
  if (!Array.isArray(list)) throw new WtError('WT_EINVAL', `${name}: takes an array of tensors, got ${typeName(list)}`);
  opts = typeof opts === 'number' || opts === null ? { axis: opts } : options(opts, name);
  const axis = opts.axis === undefined ? 0 : opts.axis;
  if (axis !== null && !Number.isInteger(axis))
    throw new WtError(
      'WT_EINVAL',
      `${name}: axis must be an integer${name === 'concat' ? ' or null' : ''}, got ${typeName(axis)}`,
    );
  if (axis === null && name !== 'concat') throw new WtError('WT_EINVAL', `${name}: axis must be an integer, got null`);
  if (list.some(isLazy)) throw new WtError('WT_EINVAL', `${name}: runs eagerly; a LazyTensor has no values yet`);
  const temps = [];
  let out;
  try {
    const ts = list.map((v) => (v instanceof Tensor ? v : (temps.push(api.tensor(v)), temps[temps.length - 1])));
    ts.forEach((t, k) => e.handle(t, `${name}: tensor ${k}`));
    out = outOf(e, opts, name);
    const o = out.handle,
      r = o ? 0 : e.outPtr;
    withHandles(
      e,
      ts,
      (k) => `${name}: tensor ${k}`,
      (p, n) =>
        e.check(
          name === 'concat'
            ? e.ex.wt_concat(n, p, axis ?? 0, axis === null ? 1 : 0, o, r)
            : e.ex.wt_stack(n, p, axis, o, r),
        ),
    );
  } finally {
    temps.forEach((t) => t.dispose());
    out?.done();
  }
  return out.handle ? opts.out : e.adopt(e.takeOut());
}
