// Marshalling for the ops whose arguments are more than a spec list:
// elementwise ops (with named axes and Cortex's alpha/beta/reduce), reductions,
// matmul and einsum.  C resolves the names, checks every operand and computes.
import { options, withHandles, withTemp } from './args.js';
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName, layout, isWeakTensor } from './engine.js';
import { MAX_DIMS } from './dtypes.js';
import { alignNamed, reductionAxes, translateEquation, withNames } from './names.js';
import { isComplex } from './complex.js';

function number(v, dflt, what) {
  if (v === undefined) return dflt;
  if (typeof v !== 'number') throw new WtError('WT_EINVAL', `${what} must be a number, got ${typeName(v)}`);
  return v;
}

// The out= and casting= options: out's handle (0 for none), as a view with its
// own casting rule when one is given (NumPy's casting=; the C op's rule
// otherwise).  done() frees that view.
export function outOf(engine, opts, name) {
  const given = opts.out !== undefined && opts.out !== null;
  const handle = given ? engine.handle(opts.out, `${name}: out`) : 0;
  if (opts.casting === undefined || opts.casting === null) return { handle, done: () => {} };
  const rule = engine.code('casting', opts.casting, `${name}: casting`);
  // without out the rule is only checked as a name (NumPy would check the inputs: README's differences)
  if (!given) return { handle, done: () => {} };
  engine.check(engine.ex.wt_view_casting(handle, rule, engine.outPtr));
  const view = engine.takeOut();
  return { handle: view, done: () => engine.ex.wt_tensor_free(view) };
}

// out = op(alpha * operands[0], beta * operands[1], operands[2]); returns out or a new tensor.
// Named operands are first viewed with their axes aligned by name.
export function ewise(engine, name, cname, operands, opts) {
  const aligned = alignNamed(name, operands);
  if (!aligned) return ewiseUnnamed(engine, name, cname, operands, opts);
  try {
    const out = opts?.out;
    if (out && out._names && out._names.join() !== aligned.names.join()) {
      throw new WtError(
        'WT_ESHAPE',
        `${name}: out is named (${out._names.join(',')}) but the result's axes are (${aligned.names.join(',')})`,
      );
    }
    if (opts?.reduce)
      throw new WtError(
        'WT_EINVAL',
        `${name}: reduce into out is not supported with named axes; reduce the result by name (wt.sum(t, {axis: [...]}))`,
      );
    const r = ewiseUnnamed(engine, name, cname, aligned.views, opts);
    return out ? r : withNames(r, aligned.names);
  } finally {
    aligned.temps.forEach((t) => t.dispose());
  }
}

const plainOperand = (v) => v instanceof Tensor || typeof v === 'number';

// a number, bigint or boolean: what ops take beside tensors
const isScalar = (v) => typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || isComplex(v);

function ewiseUnnamed(engine, name, cname, operands, opts) {
  if (opts === undefined && operands.every(plainOperand)) {
    // the common call, tensors and numbers without options: nothing to convert or free
    const [n] = engine.operands(operands, name);
    return engine.ewiseRun(engine.code('op', cname, name), n);
  }
  opts = options(opts, name);
  const op = engine.code('op', cname, name);
  const reduce =
    opts.reduce === undefined || opts.reduce === null ? 0 : engine.code('reduce', opts.reduce, `${name}: reduce`);
  const alpha = number(opts.alpha, 1, `${name}: alpha`),
    beta = number(opts.beta, 1, `${name}: beta`);
  for (const v of operands) {
    if (!(v instanceof Tensor) && !isScalar(v)) {
      throw new WtError(
        'WT_EINVAL',
        `${name}: operands must be tensors, numbers, booleans or complex numbers, got ${typeName(v)}`,
      );
    }
  }
  // a boolean acts as a 0-d bool tensor: bool is the lowest dtype, so it
  // adopts the other operand's dtype exactly as a weak boolean would
  // a complex number, or a bigint no double holds, is a weak 0-d tensor (C promotes it as a Python complex or int)
  // made one by one: a refused later operand (a bigint no 64-bit dtype holds) frees the earlier ones
  const temps = [];
  try {
    for (const v of operands)
      temps.push(typeof v === 'boolean' ? engine.scalarBool(v) : isWeakTensor(v) ? engine.scalarWeak(v) : null);
  } catch (e) {
    for (const t of temps) t?.dispose();
    throw e;
  }
  let out;
  try {
    out = outOf(engine, opts, name);
    const [n, h, sc] = engine.operands(
      operands.map((v, k) => temps[k] ?? v),
      name,
    );
    const o = out.handle;
    engine.check(engine.ex.wt_ewise(op, n, h, sc, alpha, beta, o, reduce, o ? 0 : engine.outPtr));
  } finally {
    for (const t of temps) if (t) t.dispose();
    out?.done();
  }
  return out.handle ? opts.out : engine.adopt(engine.takeOut());
}

// reduce(x, axis?) / reduce(x, {axis, keepdims, out})
export function reduction(engine, name, x, opts) {
  if (typeof opts === 'number' || typeof opts === 'string' || Array.isArray(opts)) opts = { axis: opts };
  opts = options(opts, name);
  if (
    x instanceof Tensor &&
    (x._names ||
      typeof opts.axis === 'string' ||
      (Array.isArray(opts.axis) && opts.axis.some((a) => typeof a === 'string')))
  ) {
    engine.handle(x, `${name}: tensor`);
    const { axis, names } = reductionAxes(name, x, opts.axis, opts.keepdims);
    const plain = x.reshape([...x.shape]); // an unnamed view of the same axes
    try {
      const r = reduction(engine, name, plain, { ...opts, axis });
      return opts.out ? r : withNames(r, names);
    } finally {
      plain.dispose();
    }
  }
  const code = engine.code('reduce', name, name);
  const handle = engine.handle(x, `${name}: tensor`);
  const [naxes, axes] =
    opts.axis === undefined || opts.axis === null
      ? [-1, 0]
      : engine.ints(opts.axis, `${name}: axis`, engine.axesSlot, false);
  const out = outOf(engine, opts, name),
    o = out.handle;
  try {
    const dtype = opts.dtype === undefined || opts.dtype === null ? -1 : engine.dtypeCode(opts.dtype, `${name}: dtype`);
    engine.check(
      engine.ex.wt_reduce_dtype(code, handle, naxes, axes, opts.keepdims ? 1 : 0, dtype, o, o ? 0 : engine.outPtr),
    );
  } finally {
    out.done();
  }
  return o ? opts.out : engine.adopt(engine.takeOut());
}

// a number operand becomes a 0-d tensor (as NumPy's einsum converts scalars)
// Every operand is checked before any temporary is made: a bad later operand
// must not strand the temporary of an earlier one.
function asTensors(engine, list, what) {
  list.forEach((v, k) => {
    if (!(v instanceof Tensor) && !isScalar(v)) {
      throw new WtError('WT_EINVAL', `${what}: operand ${k + 1} must be a Tensor or a number, got ${typeName(v)}`);
    }
  });
  const temps = [];
  try {
    const tensors = list.map((v) => {
      if (v instanceof Tensor) return v;
      const t = engine.scalarTensor(v);
      temps.push(t);
      return t;
    });
    return [tensors, temps];
  } catch (e) {
    temps.forEach((t) => t.dispose()); // out of memory making a later one
    throw e;
  }
}

export function matmul(engine, a, b, opts) {
  if (opts === undefined && a instanceof Tensor && b instanceof Tensor) {
    // the common call, two tensors: nothing to convert or free (engine.handle refuses a foreign one)
    engine.check(engine.ex.wt_matmul(engine.handle(a, 'matmul: a'), engine.handle(b, 'matmul: b'), 0, engine.outPtr));
    return engine.adopt(engine.takeOut());
  }
  opts = options(opts, 'matmul');
  const [[ta, tb], temps] = asTensors(engine, [a, b], 'matmul');
  let out;
  try {
    const ha = engine.handle(ta, 'matmul: a'),
      hb = engine.handle(tb, 'matmul: b');
    out = outOf(engine, opts, 'matmul');
    engine.check(engine.ex.wt_matmul(ha, hb, out.handle, out.handle ? 0 : engine.outPtr));
  } finally {
    temps.forEach((t) => t.dispose());
    out?.done();
  }
  return out.handle ? opts.out : engine.adopt(engine.takeOut());
}

// the operands and the trailing options object of einsum(subscripts, ...operands[, {out, casting}])
function einsumArgs(args, what) {
  const last = args[args.length - 1];
  const opts =
    args.length && last !== null && typeof last === 'object' && !(last instanceof Tensor) && !isComplex(last)
      ? args.pop()
      : {};
  if (!args.length) throw new WtError('WT_EINVAL', `${what}: no operands given`);
  return options(opts, what);
}

// NumPy's einsum, exactly: letters, spaces ignored
export function einsum(engine, subscripts, args) {
  const opts = einsumArgs(args, 'einsum');
  return einsumLetters(engine, subscripts, args, opts);
}

// einsumNamed('C H W N, W K -> C H K N', ...): axes as space-separated names,
// named operands aligned to their terms by name; the result is named when an operand was
export function einsumNamed(engine, subscripts, args) {
  const opts = einsumArgs(args, 'einsumNamed');
  const t = translateEquation(subscripts, args, 'einsumNamed');
  try {
    let r;
    try {
      r = einsumLetters(engine, t.equation, t.operands, opts);
    } catch (e) {
      // C speaks of the letters: say which equation they stand for
      if (e instanceof WtError)
        throw new WtError(e.code, `einsumNamed '${subscripts}' (as '${t.equation}'): ${e.message}`);
      throw e;
    }
    const named = args.some((v) => v instanceof Tensor && v._names);
    return opts.out || !named || !t.outNames?.length ? r : withNames(r, t.outNames);
  } finally {
    t.temps.forEach((x) => x.dispose());
  }
}

function einsumLetters(engine, subscripts, args, opts) {
  const [tensors, temps] = asTensors(engine, args, 'einsum');
  let out;
  try {
    out = outOf(engine, opts, 'einsum');
    const [eq, owned] = engine.string(subscripts, 'einsum: subscripts');
    try {
      withHandles(
        engine,
        tensors,
        (k) => `einsum: operand ${k + 1}`,
        (p, n) => engine.check(engine.ex.wt_einsum(eq, n, p, out.handle, out.handle ? 0 : engine.outPtr)),
      );
    } finally {
      if (owned) engine.ex.wt_free(owned);
    }
  } finally {
    temps.forEach((t) => t.dispose());
    out?.done();
  }
  return out.handle ? opts.out : engine.adopt(engine.takeOut());
}

// einsumPath(subscripts, ...shapes or tensors): the plan, as numpy.einsum_path describes it
export function einsumPath(engine, subscripts, args) {
  if (!args.length) throw new WtError('WT_EINVAL', 'einsumPath: no operands given');
  const shapes = args.map((v, k) => {
    if (v instanceof Tensor) return [...v.shape];
    if (Array.isArray(v) && v.every((d) => Number.isSafeInteger(d) && d >= 0) && v.length <= MAX_DIMS) return v;
    throw new WtError(
      'WT_EINVAL',
      `einsumPath: operand ${k + 1} must be a Tensor or a shape array, got ${typeName(v)}`,
    );
  });
  const [eq, owned] = engine.string(subscripts, 'einsumPath: subscripts');
  const n = shapes.length;
  try {
    const args = layout([
      ['ndims', 4, n],
      ['ptrs', 4, n],
      ['data', 8, MAX_DIMS * n],
    ]);
    return withTemp(engine, args.size, (p) => {
      const ndims = p + args.at.ndims,
        ptrs = p + args.at.ptrs,
        data = p + args.at.data,
        dv = engine.dv;
      shapes.forEach((sh, k) => {
        dv.setInt32(ndims + 4 * k, sh.length, true);
        dv.setUint32(ptrs + 4 * k, data + 8 * MAX_DIMS * k, true);
        sh.forEach((d, i) => dv.setBigInt64(data + 8 * MAX_DIMS * k + 8 * i, BigInt(d), true));
      });
      for (let cap = 4096; ;) {
        const json = withTemp(engine, cap + 8, (buf) => {
          const st = engine.ex.wt_einsum_path(eq, n, ndims, ptrs, buf, cap, buf + cap);
          const len = engine.dv.getUint32(buf + cap, true);
          if (st && len + 1 > cap) return { retry: len + 1 }; // C sets len only when the buffer was too small
          engine.check(st);
          return { text: engine.cstr(buf) };
        });
        if (json.text !== undefined) return JSON.parse(json.text);
        cap = json.retry;
      }
    });
  } finally {
    if (owned) engine.ex.wt_free(owned);
  }
}
