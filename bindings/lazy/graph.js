// Building graphs: leaves (constants, placeholders, variables, persistent
// tensors) and computed nodes, each checked by C as it is built (infer.js).
// A failed build leaves the graph as it was.
import { options } from '../args.js';
import { declareMethods } from '../params.js';
import { WtError, DISPOSE } from '../errors.js';
import { Tensor } from '../tensor.js';
import { typeName, weak, isWeakTensor, towardZero } from '../engine.js';
import { WEAK_COMPLEX, WEAK_INT } from '../abi.js';
import { cName } from '../ufuncs.js';
import { isComplex } from '../complex.js';
import { LazyTensor, fmtShape, checkName } from './node.js';
import { withMeta, inferEwise, inferReduce, inferMatmul, inferView, inferEinsum } from './infer.js';
import { Compiled } from './run.js';

const FN_NODES = ['softmax', 'logSoftmax'];

export class Graph {
  constructor(wt, engine) {
    this._wt = wt;
    this._e = engine;
    this._nodes = [];
    this._names = new Set();
  }

  // ---- leaves ---------------------------------------------------------------

  constant(value, opts = {}) {
    opts = options(opts, 'constant');
    const t = this._capture(value, opts.dtype, 'constant');
    return this._leaf('constant', t, opts.name);
  }

  placeholder(shape, dtype = 'float64', name) {
    const what = 'placeholder';
    if (name === undefined || name === null) name = this._autoName(what);
    checkName(name, what);
    // C checks the dtype and shape, on a stand-in that allocates nothing of that size
    const checked = this._infer(`placeholder '${name}'`, () => withMeta(this._wt, [{ dtype, shape }], (m) => m.shape));
    return this._add('placeholder', 'placeholder', [], {}, dtype, checked, name);
  }

  variable(init, opts = {}) {
    opts = options(opts, 'variable');
    const t = this._capture(init, opts.dtype, 'variable');
    return this._leaf('variable', t, opts.name, { trainable: opts.trainable ?? true });
  }

  persistentTensor(shape, dtype = 'float64', opts = {}) {
    opts = options(opts, 'persistentTensor');
    const n = this._leaf('persistent', this._keep(this._wt.zeros(shape, dtype)), opts.name, { trainable: false });
    if (opts.init !== undefined) n.load(opts.init);
    return n;
  }

  // an eager tensor (or array/number) as a lazy constant; a lazy tensor as itself
  lazy(value, opts) {
    if (value instanceof LazyTensor) return this._own(value, 'lazy');
    return this.constant(value, opts);
  }

  variables(opts) {
    const { trainable } = options(opts, 'variables');
    return this._nodes.filter(
      (n) =>
        (n.kind === 'variable' || n.kind === 'persistent') && (trainable === undefined || n.trainable === !!trainable),
    );
  }

  placeholders() {
    return this._nodes.filter((n) => n.kind === 'placeholder');
  }

  node(name) {
    return this._nodes.find((n) => n.name === name);
  }

  compile(outputs) {
    return new Compiled(this, outputs);
  }

  // frees constants' and variables' storage; the graph's nodes can no longer run
  [DISPOSE]() {
    this.dispose();
  }
  dispose() {
    for (const n of this._nodes) if (n.attrs.storage) n.attrs.storage.dispose();
  }

  // ---- building ---------------------------------------------------------------

  _autoName(op) {
    let k = this._nodes.length,
      name;
    do name = `${op}_${k++}`;
    while (this._names.has(name));
    return name;
  }

  _add(kind, op, inputs, attrs, dtype, shape, name) {
    if (name === undefined || name === null) name = this._autoName(op);
    checkName(name, op);
    if (this._names.has(name)) throw new WtError('WT_EINVAL', `${op}: the graph already has a node named '${name}'`);
    const n = new LazyTensor(this, this._nodes.length, kind, op, inputs, attrs, dtype, shape, name);
    this._nodes.push(n);
    this._names.add(name);
    return n;
  }

  _keep(t) {
    t._kept = true; // storage lives with the graph, not with a tidy scope
    for (const s of this._e.scopes) s.delete(t);
    return t;
  }

  _scratchTensor(value, dtype) {
    return this._wt.tensor(value, dtype ? { dtype } : {});
  }

  // a private copy: constants are immutable, variables own their storage
  _capture(value, dtype, what) {
    if (value instanceof LazyTensor)
      throw new WtError('WT_EINVAL', `${what}: the value must be eager (a Tensor, number or array), got a LazyTensor`);
    if (dtype !== undefined && typeof dtype !== 'string')
      throw new WtError('WT_EDTYPE', `${what}: dtype must be a dtype name string, got ${typeName(dtype)}`);
    const t = value instanceof Tensor ? value.astype(dtype ?? value.dtype) : this._scratchTensor(value, dtype);
    return this._keep(t);
  }

  _leaf(kind, t, name, attrs = {}) {
    try {
      return this._add(kind, kind, [], { ...attrs, storage: t }, t.dtype, t.shape, name);
    } catch (e) {
      t.dispose();
      throw e;
    }
  }

  // a constant of a complex number's or a big bigint's weak 0-d tensor (saved and loaded as weak)
  _weakScalar(v, name) {
    const n = this._leaf('constant', this._keep(this._e.scalarWeak(v)), name);
    n.attrs.weak = isComplex(v) ? WEAK_COMPLEX : WEAK_INT;
    n.attrs.weakValue = isComplex(v) ? 0 : towardZero(v);
    return n;
  }

  _own(n, what) {
    if (n.graph !== this) throw new WtError('WT_EINVAL', `${what}: ${n.describe()} belongs to another graph`);
    return n;
  }

  // a Tensor, boolean or array operand becomes a constant node; numbers stay weak scalars; a
  // complex number is a constant of its weak 0-d tensor (promoted as a Python complex)
  _operand(v, what, k, scalarsOk) {
    if (v instanceof LazyTensor) return this._own(v, what);
    if (isComplex(v) || (scalarsOk && isWeakTensor(v))) return this._weakScalar(v);
    if ((typeof v === 'number' || typeof v === 'bigint') && scalarsOk) return weak(v);
    if (
      v instanceof Tensor ||
      typeof v === 'boolean' ||
      typeof v === 'number' ||
      Array.isArray(v) ||
      ArrayBuffer.isView(v)
    )
      return this.constant(v);
    throw new WtError(
      'WT_EINVAL',
      `${what}: operand ${k + 1} must be a LazyTensor, Tensor or number, got ${typeName(v)}`,
    );
  }

  // C's checks, failures restated with the node they are about
  _infer(label, fn) {
    try {
      return fn();
    } catch (e) {
      if (e instanceof WtError) throw new WtError(e.code, `${label}: ${e.message}`);
      throw e;
    }
  }

  _label(op, inputs) {
    return `lazy ${op}(${inputs.map((v) => (v instanceof LazyTensor ? v.describe() : String(v))).join(', ')})`;
  }

  _ewise(name, args, opts) {
    const cname = cName(name);
    const o = options(opts, name);
    for (const key of ['out', 'reduce']) {
      if (o[key] !== undefined && o[key] !== null)
        throw new WtError(
          'WT_EINVAL',
          `${name}: '${key}' is an eager option; a compiled graph allocates its results (use assign to write a variable)`,
        );
    }
    let inputs = args.map((v, k) => this._operand(v, name, k, true));
    // Cortex's alpha and beta scale the first two operands, as in eager mode
    for (const [k, key] of [
      [0, 'alpha'],
      [1, 'beta'],
    ]) {
      if (o[key] === undefined || o[key] === 1) continue;
      if (typeof o[key] !== 'number')
        throw new WtError('WT_EINVAL', `${name}: ${key} must be a number, got ${typeName(o[key])}`);
      inputs[k] = this._ewise('mul', [inputs[k], o[key]]);
    }
    const e = this._e,
      label = this._label(cname, inputs);
    if (!inputs.some((v) => v instanceof LazyTensor))
      throw new WtError('WT_EINVAL', `${label}: needs at least one tensor operand`);
    const [dtype, shape] = this._infer(label, () => inferEwise(e, cname, name, inputs));
    return this._add('ewise', name, inputs, {}, dtype, shape);
  }

  _cast(what, x, dtype) {
    x = this._operand(x, what, 0, false);
    const label = this._label(what, [x]);
    this._infer(label, () => this._e.dtypeCode(dtype, `${what}: dtype`));
    return this._add('cast', what, [x], { dtype }, dtype, x.shape);
  }

  _reduce(name, x, opts) {
    if (typeof opts === 'number' || Array.isArray(opts)) opts = { axis: opts };
    const o = options(opts, name);
    if (o.out !== undefined && o.out !== null)
      throw new WtError('WT_EINVAL', `${name}: 'out' is an eager option; a compiled graph allocates its results`);
    x = this._operand(x, name, 0, false);
    const axis = o.axis ?? null,
      keepdims = !!o.keepdims,
      want = o.dtype ?? null;
    const e = this._e,
      label = this._label(name, [x]);
    const infer = (keep) => this._infer(label, () => inferReduce(e, this._wt, name, x, axis, keep, want));
    const [dtype, shape] = infer(keepdims),
      [, keepShape] = infer(true);
    return this._add(
      'reduce',
      name,
      [x],
      { axis: Array.isArray(axis) ? [...axis] : axis, keepdims, keepShape, dtype: want },
      dtype,
      shape,
    );
  }

  _view(name, x, args) {
    x = this._operand(x, name, 0, false);
    const label = this._label(name, [x]);
    const copyArg = (a) => (Array.isArray(a) || ArrayBuffer.isView(a) ? Array.from(a) : a);
    args = args.map(copyArg);
    const shape = this._infer(label, () => inferView(this._e, this._wt, name, x, args));
    return this._add('view', name, [x], { args }, x.dtype, shape);
  }

  _matmul(a, b) {
    [a, b] = [a, b].map((v, k) => this._operand(v, 'matmul', k, false));
    const e = this._e,
      label = this._label('matmul', [a, b]);
    const [dtype, shape] = this._infer(label, () => inferMatmul(e, this._wt, a, b));
    return this._add('matmul', 'matmul', [a, b], {}, dtype, shape);
  }

  // an eager function of one operand the graph calls whole (FN_NODES: softmax,
  // logSoftmax, whose C lane loop beats composing them of passes); the axis is
  // checked as a reduction along it would be
  _fn(name, x, opts) {
    if (!FN_NODES.includes(name)) throw new WtError('WT_EINVAL', `no graph node calls '${name}'`);
    x = this._operand(x, name, 0, false);
    const label = this._label(name, [x]);
    if (x.dtype.startsWith('complex')) throw new WtError('WT_EDTYPE', `${label}: a real operand is needed`);
    this._infer(label, () => inferReduce(this._e, this._wt, 'max', x, opts.axis, true, null));
    // float32 (float16 through it) and float64 keep their dtype; the others compute in float64
    const dtype = ['float16', 'float32', 'float64'].includes(x.dtype) ? x.dtype : 'float64';
    return this._add('fn', name, [x], { opts: { axis: opts.axis } }, dtype, x.shape);
  }

  _einsum(subscripts, args) {
    if (
      args.length &&
      args[args.length - 1] !== null &&
      typeof args[args.length - 1] === 'object' &&
      !(args[args.length - 1] instanceof Tensor) &&
      !(args[args.length - 1] instanceof LazyTensor) &&
      !Array.isArray(args[args.length - 1])
    ) {
      const o = args.pop();
      if (o.out !== undefined && o.out !== null)
        throw new WtError('WT_EINVAL', "einsum: 'out' is an eager option; a compiled graph allocates its results");
    }
    const inputs = args.map((v, k) => this._operand(v, 'einsum', k, false));
    const e = this._e,
      label = this._label(`einsum '${typeof subscripts === 'string' ? subscripts : typeName(subscripts)}'`, inputs);
    if (!inputs.length) throw new WtError('WT_EINVAL', 'einsum: no operands given');
    const [dtype, shape] = this._infer(label, () => inferEinsum(e, this._wt, subscripts, inputs));
    return this._add('einsum', 'einsum', inputs, { subscripts }, dtype, shape);
  }

  _assign(target, value) {
    this._own(target, 'assign');
    target._storage('assign');
    value = this._operand(value, 'assign', 0, true);
    if (typeof value === 'number') value = this.constant(value, { dtype: target.dtype });
    const label = this._label(`assign to '${target.name}'`, [value]);
    // value must broadcast to the storage's shape (its rank may not exceed it), as wt_assign requires
    const ok =
      value.ndim <= target.ndim &&
      value.shape.every((d, i) => d === 1 || d === target.shape[target.ndim - value.ndim + i]);
    if (!ok)
      throw new WtError(
        'WT_ESHAPE',
        `${label}: a value of shape ${fmtShape(value.shape)} cannot be assigned to shape ${fmtShape(target.shape)}`,
      );
    return this._add('assign', 'assign', [value], { target }, target.dtype, target.shape);
  }

  _readView(n) {
    return n.attrs.storage.broadcastTo(n.shape);
  } // read-only: a broadcast view

  _load(n, value) {
    if (value instanceof LazyTensor)
      throw new WtError('WT_EINVAL', `load: the value must be eager, got a LazyTensor; use assign() inside a graph`);
    const direct = value instanceof Tensor || typeof value === 'number' || typeof value === 'boolean';
    const t = direct ? value : this._scratchTensor(value, n.dtype);
    try {
      this._wt.assign(n.attrs.storage, t);
    } finally {
      if (!direct) t.dispose();
    }
  }
}

// A failed build leaves the graph as it was: constants made for its operands
// (a Tensor or boolean operand becomes one) are removed and freed.
for (const name of [
  'constant',
  'placeholder',
  'variable',
  'persistentTensor',
  '_ewise',
  '_cast',
  '_reduce',
  '_view',
  '_matmul',
  '_fn',
  '_einsum',
  '_assign',
]) {
  const build = Graph.prototype[name];
  Graph.prototype[name] = function (...args) {
    const mark = this._nodes.length;
    try {
      return build.apply(this, args);
    } catch (e) {
      for (const n of this._nodes.splice(mark)) {
        this._names.delete(n.name);
        n.attrs.storage?.dispose();
      }
      throw e;
    }
  };
}

// the parameters of a graph's methods (params.js)
declareMethods('Graph.', Graph.prototype, {
  constant: 'value, {dtype, name}',
  placeholder: 'shape, dtype?, name?',
  variable: 'init, {dtype, name, trainable:bool}',
  persistentTensor: 'shape, dtype?, {name, init}',
  lazy: 'value, {dtype, name}',
  variables: '{trainable:bool}',
  placeholders: '',
  node: 'name',
  compile: 'outputs:obj',
  dispose: '',
});
