// Lazy tensors: the seeds' r-tensors, computed when a compiled graph runs.
//
// Kinds (ngraph's): constant (immutable), placeholder (fed at run time),
// variable and persistent tensor (storage kept across runs; writable, the
// l-tensors), and computed nodes: elementwise ops, casts, reductions, views,
// matmul, einsum and assign.  Every node's dtype and shape are inferred when it
// is built, by the same C checks the eager call makes, run on zero-stride
// stand-ins (one element of storage, so building allocates nothing of size n).
//
// compile() groups elementwise nodes (and the reduction ending them) into
// fused passes (wt_fuse: one strided loop, no intermediate buffers), keeps
// views as descriptors and GEMM/einsum as library calls, materializes a value
// once when more than one pass needs it, and places materialized values in
// slabs reused as soon as their last reader has run (memoryPlan()).
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';
import { ARRAYS, DTYPES } from './dtypes.js';
import { FUSE_MAXLEAVES, FUSE_MAXCODE, OPS } from './abi.js';
import { withTemp } from './ops.js';
import { UFUNC_ENTRIES } from './ufuncs.js';
import { isNamedEquation, translateEquation } from './names.js';

export const VIEWS = ['slice', 'transpose', 'swapaxes', 'reshape', 'broadcastTo', 'expandDims', 'squeeze', 'diagonal', 'flatten'];
const FUSED_REDUCTIONS = ['sum', 'prod', 'max', 'min', 'mean', 'any', 'all'];
const LEAVES = ['constant', 'placeholder', 'variable', 'persistent'];
const MAX_LEAVES = FUSE_MAXLEAVES, MAX_CODE = FUSE_MAXCODE;
const OP_TABLES = Object.fromEntries(UFUNC_ENTRIES.map((u) => [u.name, u.c]));

const fmtShape = (s) => `(${s.join(',')}${s.length === 1 ? ',' : ''})`;

export class LazyTensor {
  constructor(graph, id, kind, op, inputs, attrs, dtype, shape, name) {
    this.graph = graph;
    this.id = id;
    this.kind = kind;
    this.op = op;
    this.inputs = inputs;
    this.attrs = attrs;
    this.dtype = dtype;
    this.shape = Object.freeze([...shape]);
    this.name = name;
  }

  get ndim() { return this.shape.length; }
  get size() { return this.shape.reduce((a, b) => a * b, 1); }
  // an l-tensor (storage that can be assigned to) or an r-tensor (a value)
  get readOnly() { return this.kind !== 'variable' && this.kind !== 'persistent'; }
  get trainable() { return this.kind === 'variable' && this.attrs.trainable; }
  get T() { return this.transpose(); }

  // variables and persistent tensors: a node that sets the storage to value when run
  assign(value) { return this.graph._assign(this, value); }

  // variables and persistent tensors: the current storage as a read-only eager view
  read() {
    this._storage('read');
    return this.graph._readView(this);
  }

  // variables and persistent tensors: set the storage now (eager)
  load(value) {
    this._storage('load');
    this.graph._load(this, value);
    return this;
  }

  _storage(what) {
    if (this.readOnly) throw new WtError('WT_EREADONLY', `${what}: ${this.describe()} is a ${this.kind}, not a variable or persistent tensor`);
    if (!this.attrs.storage || this.attrs.storage.isDisposed) throw new WtError('WT_EDISPOSED', `${what}: the storage of '${this.name}' has been disposed`);
  }

  // constants, variables and persistent tensors: free the storage (the node can no longer run)
  dispose() { this.attrs.storage?.dispose(); }
  get isDisposed() { return !!this.attrs.storage?.isDisposed; }

  describe() { return `'${this.name}' (${this.dtype} ${fmtShape(this.shape)})`; }
  toString() { return `LazyTensor(${this.kind} ${this.describe()})`; }
}

export const isLazy = (v) => v instanceof LazyTensor;

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
    const checked = this._infer(`placeholder '${name}'`, () => this._withMeta([{ dtype, shape }], (m) => m.shape));
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
    return this._nodes.filter((n) => (n.kind === 'variable' || n.kind === 'persistent') && (trainable === undefined || n.trainable === !!trainable));
  }

  placeholders() { return this._nodes.filter((n) => n.kind === 'placeholder'); }

  node(name) { return this._nodes.find((n) => n.name === name); }

  compile(outputs) { return new Compiled(this, outputs); }

  // frees constants' and variables' storage; the graph's nodes can no longer run
  dispose() {
    for (const n of this._nodes) if (n.attrs.storage) n.attrs.storage.dispose();
  }

  // ---- building ---------------------------------------------------------------

  _autoName(op) {
    let k = this._nodes.length, name;
    do name = `${op}_${k++}`; while (this._names.has(name));
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
    t._kept = true;   // storage lives with the graph, not with a tidy scope
    for (const s of this._e.scopes) s.delete(t);
    return t;
  }

  _scratchTensor(value, dtype) { return this._wt.tensor(value, dtype ? { dtype } : {}); }

  // a private copy: constants are immutable, variables own their storage
  _capture(value, dtype, what) {
    if (value instanceof LazyTensor) throw new WtError('WT_EINVAL', `${what}: the value must be eager (a Tensor, number or array), got a LazyTensor`);
    if (dtype !== undefined && typeof dtype !== 'string') throw new WtError('WT_EDTYPE', `${what}: dtype must be a dtype name string, got ${typeName(dtype)}`);
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

  _own(n, what) {
    if (n.graph !== this) throw new WtError('WT_EINVAL', `${what}: ${n.describe()} belongs to another graph`);
    return n;
  }

  // a Tensor, boolean or array operand becomes a constant node; numbers stay weak scalars
  _operand(v, what, k, scalarsOk) {
    if (v instanceof LazyTensor) return this._own(v, what);
    if (typeof v === 'number' && scalarsOk) return v;
    if (v instanceof Tensor || typeof v === 'boolean' || typeof v === 'number' || Array.isArray(v) || ArrayBuffer.isView(v)) return this.constant(v);
    throw new WtError('WT_EINVAL', `${what}: operand ${k + 1} must be a LazyTensor, Tensor or number, got ${typeName(v)}`);
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

  // a zero-stride stand-in for n (a read-only view of one element; the caller disposes it)
  _meta(n) {
    const z = this._wt.zeros([], n.dtype);
    try {
      return z.broadcastTo(n.shape);
    } finally {
      z.dispose();
    }
  }

  _withMeta(nodes, fn) {
    const metas = [];
    try {
      for (const n of nodes) metas.push(this._meta(n));
      return fn(...metas);
    } finally {
      metas.forEach((m) => m.dispose());
    }
  }

  _label(op, inputs) {
    return `lazy ${op}(${inputs.map((v) => (v instanceof LazyTensor ? v.describe() : String(v))).join(', ')})`;
  }

  _ewise(name, args, opts) {
    const cname = OP_TABLES[name] ?? name;
    const o = options(opts, name);
    for (const key of ['out', 'reduce']) {
      if (o[key] !== undefined && o[key] !== null) throw new WtError('WT_EINVAL', `${name}: '${key}' is an eager option; a compiled graph allocates its results (use assign to write a variable)`);
    }
    let inputs = args.map((v, k) => this._operand(v, name, k, true));
    // Cortex's alpha and beta scale the first two operands, as in eager mode
    for (const [k, key] of [[0, 'alpha'], [1, 'beta']]) {
      if (o[key] === undefined || o[key] === 1) continue;
      if (typeof o[key] !== 'number') throw new WtError('WT_EINVAL', `${name}: ${key} must be a number, got ${typeName(o[key])}`);
      inputs[k] = this._ewise('mul', [inputs[k], o[key]]);
    }
    const e = this._e, ex = e.ex, label = this._label(cname, inputs);
    if (!inputs.some((v) => v instanceof LazyTensor)) throw new WtError('WT_EINVAL', `${label}: needs at least one tensor operand`);
    const [dtype, shape] = this._infer(label, () => {
      const op = e.code('op', cname, name);
      // dtypes (3 int32), scalars (3 f64), ndims (3 int32), shape pointers (3), the result's shape
      return withTemp(e, 208, (p) => {
        const dv = e.dv, dts = p, sc = p + 16, nds = p + 40, shp = p + 56, outShape = p + 72;
        const tens = inputs.filter((v) => v instanceof LazyTensor);
        inputs.forEach((v, k) => {
          dv.setInt32(dts + 4 * k, v instanceof LazyTensor ? e.dtypeCode(v.dtype) : -1, true);
          dv.setFloat64(sc + 8 * k, v instanceof LazyTensor ? 0 : v, true);
        });
        e.check(ex.wt_op_result_dtype(op, inputs.length, dts, sc, e.outPtr));
        const dtype = DTYPES[e.takeOut()];
        // the broadcast shape, by C's rules, from shapes written after the fixed slots
        return withTemp(e, 8 * 16 * tens.length + 8, (sp) => {
          tens.forEach((t, k) => {
            dv.setInt32(nds + 4 * k, t.ndim, true);
            dv.setUint32(shp + 4 * k, sp + 128 * k, true);
            t.shape.forEach((d, i) => dv.setBigInt64(sp + 128 * k + 8 * i, BigInt(d), true));
          });
          e.check(ex.wt_broadcast_shapes(tens.length, nds, shp, e.outPtr, outShape));
          return [dtype, readShape(e, e.takeOut(), outShape)];
        });
      });
    });
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
    if (o.out !== undefined && o.out !== null) throw new WtError('WT_EINVAL', `${name}: 'out' is an eager option; a compiled graph allocates its results`);
    x = this._operand(x, name, 0, false);
    const axis = o.axis ?? null, keepdims = !!o.keepdims;
    const e = this._e, label = this._label(name, [x]);
    const infer = (keep) => this._infer(label, () => this._withMeta([x], (m) => {
      const code = e.code('reduce', name, name);
      const [naxes, axes] = axis === null ? [-1, 0] : e.ints(axis, `${name}: axis`, e.axesSlot, false);
      return withTemp(e, 8 + 8 * 16, (p) => {
        e.check(e.ex.wt_reduce_shape(code, e.handle(m, name), naxes, axes, keep ? 1 : 0, p, p + 4, p + 8));
        return [DTYPES[e.dv.getInt32(p, true)], readShape(e, e.dv.getInt32(p + 4, true), p + 8)];
      });
    }));
    const [dtype, shape] = infer(keepdims), [, keepShape] = infer(true);
    return this._add('reduce', name, [x], { axis: Array.isArray(axis) ? [...axis] : axis, keepdims, keepShape }, dtype, shape);
  }

  _view(name, x, args) {
    x = this._operand(x, name, 0, false);
    const label = this._label(name, [x]);
    const copyArg = (a) => (Array.isArray(a) || ArrayBuffer.isView(a) ? Array.from(a) : a);
    args = args.map(copyArg);
    const shape = this._infer(label, () => this._withMeta([x], (m) => {
      const v = this._e.ops[name](m, ...args);
      try {
        return v.shape;
      } finally {
        v.dispose();
      }
    }));
    return this._add('view', name, [x], { args }, x.dtype, shape);
  }

  _matmul(a, b) {
    [a, b] = [a, b].map((v, k) => this._operand(v, 'matmul', k, false));
    const e = this._e, label = this._label('matmul', [a, b]);
    const [dtype, shape] = this._infer(label, () => this._withMeta([a, b], (ma, mb) => withTemp(e, 8 + 8 * 16, (p) => {
      e.check(e.ex.wt_matmul_shape(e.handle(ma, 'matmul: a'), e.handle(mb, 'matmul: b'), p, p + 4, p + 8));
      return [DTYPES[e.dv.getInt32(p, true)], readShape(e, e.dv.getInt32(p + 4, true), p + 8)];
    })));
    return this._add('matmul', 'matmul', [a, b], {}, dtype, shape);
  }

  _einsum(subscripts, args) {
    if (args.length && args[args.length - 1] !== null && typeof args[args.length - 1] === 'object' && !(args[args.length - 1] instanceof Tensor) && !(args[args.length - 1] instanceof LazyTensor) && !Array.isArray(args[args.length - 1])) {
      const o = args.pop();
      if (o.out !== undefined && o.out !== null) throw new WtError('WT_EINVAL', "einsum: 'out' is an eager option; a compiled graph allocates its results");
    }
    const inputs = args.map((v, k) => this._operand(v, 'einsum', k, false));
    if (isNamedEquation(subscripts)) subscripts = translateEquation(subscripts, []).equation;   // names as letters
    const e = this._e, label = this._label(`einsum '${typeof subscripts === 'string' ? subscripts : typeName(subscripts)}'`, inputs);
    if (!inputs.length) throw new WtError('WT_EINVAL', 'einsum: no operands given');
    const [dtype, shape] = this._infer(label, () => {
      const plan = this._wt.einsumPath(subscripts, ...inputs.map((n) => [...n.shape]));
      let dt = e.dtypeCode(inputs[0].dtype);
      for (const n of inputs.slice(1)) {
        e.check(e.ex.wt_dtype_promote(dt, e.dtypeCode(n.dtype), e.outPtr));
        dt = e.dv.getInt32(e.outPtr, true);
      }
      return [DTYPES[dt], plan.shape];
    });
    return this._add('einsum', 'einsum', inputs, { subscripts }, dtype, shape);
  }

  _assign(target, value) {
    this._own(target, 'assign');
    target._storage('assign');
    value = this._operand(value, 'assign', 0, true);
    if (typeof value === 'number') value = this.constant(value, { dtype: target.dtype });
    const label = this._label(`assign to '${target.name}'`, [value]);
    // value must broadcast to the storage's shape (its rank may not exceed it), as wt_assign requires
    const ok = value.ndim <= target.ndim && value.shape.every((d, i) => d === 1 || d === target.shape[target.ndim - value.ndim + i]);
    if (!ok) throw new WtError('WT_ESHAPE', `${label}: a value of shape ${fmtShape(value.shape)} cannot be assigned to shape ${fmtShape(target.shape)}`);
    return this._add('assign', 'assign', [value], { target }, target.dtype, target.shape);
  }

  _readView(n) { return n.attrs.storage.broadcastTo(n.shape); }   // read-only: a broadcast view

  _load(n, value) {
    if (value instanceof LazyTensor) throw new WtError('WT_EINVAL', `load: the value must be eager, got a LazyTensor; use assign() inside a graph`);
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
for (const name of ['constant', 'placeholder', 'variable', 'persistentTensor', '_ewise', '_cast', '_reduce', '_view', '_matmul', '_einsum', '_assign']) {
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

function checkName(name, what) {
  if (typeof name !== 'string' || !name) throw new WtError('WT_EINVAL', `${what}: name must be a non-empty string, got ${typeName(name)}`);
}

function options(opts, what) {
  if (opts === undefined || opts === null) return {};
  if (typeof opts !== 'object' || opts instanceof Tensor || opts instanceof LazyTensor || Array.isArray(opts)) {
    throw new WtError('WT_EINVAL', `${what}: options must be an object, got ${typeName(opts)}`);
  }
  return opts;
}

function readShape(e, ndim, ptr) {
  return Array.from({ length: ndim }, (_, i) => Number(e.dv.getBigInt64(ptr + 8 * i, true)));
}

// ---- compiling ---------------------------------------------------------------

const base = (n) => (n.kind === 'view' ? base(n.inputs[0]) : n);
const isFusible = (n) => n.kind === 'ewise' || n.kind === 'cast';

class Compiled {
  constructor(graph, outputs) {
    this.graph = graph;
    this._e = graph._e;
    this._parseOutputs(outputs);
    this._plan();
    this._slabs = null;
    this._program = null;
  }

  _parseOutputs(outputs) {
    let entries, form;
    if (outputs instanceof LazyTensor) [form, entries] = ['single', [[0, outputs]]];
    else if (Array.isArray(outputs)) [form, entries] = ['array', outputs.map((o, k) => [k, o])];
    else if (outputs && typeof outputs === 'object' && !(outputs instanceof Tensor)) [form, entries] = ['object', Object.entries(outputs)];
    else throw new WtError('WT_EINVAL', `compile: outputs must be a LazyTensor, an array or an object of them, got ${typeName(outputs)}`);
    if (!entries.length) throw new WtError('WT_EINVAL', 'compile: no outputs given');
    for (const [k, o] of entries) {
      if (!(o instanceof LazyTensor)) throw new WtError('WT_EINVAL', `compile: output ${k} must be a LazyTensor, got ${typeName(o)}`);
      this.graph._own(o, 'compile');
    }
    this._form = form;
    this._outputs = entries;
  }

  // which nodes run, in which passes, into which memory
  _plan() {
    const outs = this._outputs.map(([, o]) => o);
    // the nodes the outputs need, in creation (= topological) order
    const need = new Set(), stack = [...outs];
    while (stack.length) {
      const n = stack.pop();
      if (need.has(n)) continue;
      need.add(n);
      for (const v of n.inputs) if (v instanceof LazyTensor) stack.push(v);
    }
    const nodes = [...need].sort((a, b) => a.id - b.id);
    const consumers = new Map(nodes.map((n) => [n, new Set()]));
    for (const n of nodes) for (const v of n.inputs) if (v instanceof LazyTensor) consumers.get(v).add(n);
    const isOut = new Set(outs);
    const assigned = new Map();
    for (const n of nodes) {
      if (n.kind !== 'assign') continue;
      const t = n.attrs.target;
      if (assigned.has(t)) throw new WtError('WT_EINVAL', `compile: variable '${t.name}' is assigned twice ('${assigned.get(t).name}' and '${n.name}'); one run applies one update per variable`);
      assigned.set(t, n);
    }
    for (const n of nodes) if (LEAVES.includes(n.kind) && n.attrs.storage?.isDisposed) throw new WtError('WT_EDISPOSED', `compile: the storage of '${n.name}' has been disposed`);

    // Grouping, consumers first: a fusible node joins the pass of its consumers
    // when they all belong to one pass; otherwise it is materialized (a pass root).
    const forced = new Set();
    let groups;
    for (;;) {
      const groupOf = new Map();
      groups = [];
      for (let i = nodes.length - 1; i >= 0; i--) {
        const n = nodes[i];
        const root = n.kind === 'reduce' && FUSED_REDUCTIONS.includes(n.op) || n.kind === 'assign';
        if (root || (isFusible(n) && (isOut.has(n) || forced.has(n)))) {
          const g = { root: n, members: [n] };
          groups.push(g);
          groupOf.set(n, g);
          continue;
        }
        if (!isFusible(n)) continue;
        const gs = new Set([...consumers.get(n)].map((c) => groupOf.get(c)));
        const g = gs.size === 1 ? [...gs][0] : undefined;
        const joinable = g && [...consumers.get(n)].every((c) => isFusible(c) || c === g.root);
        if (joinable) {
          g.members.push(n);
          groupOf.set(n, g);
        } else {
          const own = { root: n, members: [n] };
          groups.push(own);
          groupOf.set(n, own);
        }
      }
      // programs within C's limits, else materialize the middle of the largest and regroup
      let over = null;
      for (const g of groups) {
        this._program1(g);
        if (g.tensorLeaves > MAX_LEAVES || g.code.length / 4 > MAX_CODE) over = g;
      }
      if (!over) break;
      const inner = over.members.filter((m) => m !== over.root).sort((a, b) => a.id - b.id);
      forced.add(inner[Math.floor(inner.length / 2)]);
    }
    const groupByRoot = new Map(groups.map((g) => [g.root, g]));

    // steps: everything but assignments in creation order, then assignments
    const steps = [];
    for (const n of nodes) {
      if (n.kind === 'assign') continue;
      if (groupByRoot.has(n)) steps.push({ type: 'fuse', node: n, group: groupByRoot.get(n) });
      else if (n.kind === 'view') steps.push({ type: 'view', node: n });
      else if (n.kind === 'matmul' || n.kind === 'einsum' || n.kind === 'reduce') steps.push({ type: 'call', node: n });
    }
    // outputs that alias a leaf's memory are copied, before any assignment runs
    for (const o of new Set(outs)) if (o.kind !== 'assign' && LEAVES.includes(base(o).kind)) steps.push({ type: 'copy', node: o });
    const assigns = nodes.filter((n) => n.kind === 'assign');
    assigns.forEach((n, k) => {
      const g = groupByRoot.get(n);
      // the new value goes straight into the storage unless a later assignment still reads the old one
      const laterReads = assigns.slice(k + 1).some((m) => readsLeaf(m, n.attrs.target, groupByRoot));
      steps.push({ type: g.code.length ? 'fuse' : 'assign', node: n, group: g, stage: laterReads });
    });

    // liveness: the last step reading each value (a view keeps its base alive)
    const lastUse = new Map();
    const touch = (n, i) => {
      for (let b = n; ; b = b.inputs[0]) {
        lastUse.set(b, Math.max(lastUse.get(b) ?? -1, i));
        if (b.kind !== 'view') break;
      }
    };
    steps.forEach((s, i) => {
      const reads = s.type === 'fuse' ? s.group.leaves.filter((v) => v instanceof LazyTensor) : s.type === 'copy' ? [s.node] : s.node.inputs.filter((v) => v instanceof LazyTensor);
      for (const v of reads) touch(v, i);
    });
    // outputs (and what they view) stay fresh; other pass results go to slabs
    const fresh = new Set();
    for (const o of outs) if (o.kind !== 'assign') fresh.add(base(o));
    // best fit: a value takes the smallest free slab that holds it, else a new one
    const slabs = [], values = [], free = [];
    steps.forEach((s, i) => {
      const slabbed = s.type === 'fuse' && (s.node.kind === 'assign' ? s.stage : !fresh.has(s.node));
      if (slabbed) {
        const n = s.node, bytes = n.size * ARRAYS[DTYPES.indexOf(n.dtype)].BYTES_PER_ELEMENT;
        const fits = free.filter((k) => slabs[k].bytes >= bytes).sort((a, b) => slabs[a].bytes - slabs[b].bytes);
        s.slab = fits.length ? free.splice(free.indexOf(fits[0]), 1)[0] : slabs.push({ bytes }) - 1;
        // a staged assignment is read when the run commits, after every step
        values.push({ node: n.name, bytes, slab: s.slab, from: i, to: n.kind === 'assign' ? steps.length : lastUse.get(n) ?? i });
      }
      // slabs whose values were read for the last time here serve later steps
      for (const v of values) if (v.to === i) free.push(v.slab);
    });
    this._steps = steps;
    // each step's handles read for the last time there (outputs are returned, never freed)
    const outSet = new Set(outs);
    steps.forEach((s) => { s.dying = []; });
    for (const [v, last] of lastUse) if (!outSet.has(v)) steps[last].dying.push(v);
    this._nodes = nodes;
    this._memPlan = { slabs, values };
  }

  // the fused program of group g: leaves (tensor nodes or weak scalars) and code
  _program1(g) {
    const members = new Set(g.members), leaves = [], code = [], value = new Map();
    const e = this.graph._e;
    const leaf = (v) => {
      const k = leaves.indexOf(v);
      if (k >= 0) return k;
      leaves.push(v);
      return leaves.length - 1;
    };
    const emit = (n) => {
      if (value.has(n)) return value.get(n);
      const ins = n.inputs.map((v) => (v instanceof LazyTensor && members.has(v) ? emit(v) : { leaf: leaf(v) }));
      const op = n.kind === 'cast' ? OPS.length + e.dtypeCode(n.attrs.dtype) : e.code('op', OP_TABLES[n.op] ?? n.op, n.op);
      code.push(op, ...[0, 1, 2].map((k) => (ins[k] === undefined ? 0 : ins[k].leaf !== undefined ? { leaf: ins[k].leaf } : ins[k])));
      const id = { instr: code.length / 4 - 1 };
      value.set(n, id);
      return id;
    };
    const r = g.root;
    let reduce = 0;
    if (r.kind === 'reduce' || r.kind === 'assign') {
      const src = r.inputs[0];
      if (r.kind === 'reduce') reduce = e.code('reduce', r.op, r.op);
      if (src instanceof LazyTensor && members.has(src)) emit(src);
      else if (r.kind === 'reduce') code.push(OPS.length + e.dtypeCode(src.dtype), { leaf: leaf(src) }, 0, 0);   // a copy pass
    } else {
      emit(r);
    }
    // value ids: leaves first, then instructions
    g.code = code.map((c) => (typeof c === 'number' ? c : c.leaf !== undefined ? c.leaf : leaves.length + c.instr));
    g.leaves = leaves;
    g.tensorLeaves = leaves.filter((v) => v instanceof LazyTensor).length;
    g.reduce = reduce;
  }

  // ---- what it will do -------------------------------------------------------

  // the passes and the memory they use: slabs are allocated once and reused
  memoryPlan() {
    const { slabs, values } = this._memPlan;
    const stepName = (s) => (s.type === 'fuse' ? `fused ${s.node.kind === 'assign' ? `assign to '${s.node.attrs.target.name}'` : `'${s.node.name}'`}` : `${s.type} '${s.node.name}'`);
    return {
      steps: this._steps.map((s, i) => ({
        step: i,
        kind: s.type,
        node: s.node.name,
        description: stepName(s),
        ...(s.type === 'fuse' ? { instructions: s.group.code.length / 4, leaves: s.group.leaves.map((v) => (v instanceof LazyTensor ? v.name : v)), fused: s.group.members.map((m) => m.name).reverse() } : {}),
        ...(s.slab !== undefined ? { slab: s.slab } : {}),
      })),
      slabs: slabs.map((s, k) => ({ slab: k, bytes: s.bytes })),
      values: values.map(({ node, bytes, slab, from, to }) => ({ node, bytes, slab, from, to })),
      slabBytes: slabs.reduce((a, s) => a + s.bytes, 0),
      unsharedBytes: values.reduce((a, v) => a + v.bytes, 0),
    };
  }

  // ---- running ---------------------------------------------------------------

  _prepare() {
    const e = this._e;
    if (!this._slabs) {
      this._slabs = this._memPlan.slabs.map((s) => this.graph._keep(this.graph._wt.empty([Math.max(s.bytes, 1)], 'uint8')));
    }
    if (!this._program) {
      // one block of wasm memory for every pass's code, scalars and leaf handles
      let bytes = 0;
      for (const s of this._steps) {
        if (s.type !== 'fuse') continue;
        s.at = bytes;
        bytes += 16 * s.group.leaves.length + 16 * (s.group.code.length / 4) + 8;
      }
      this._program = this.graph._keep(this.graph._wt.empty([Math.max(bytes, 8)], 'uint8'));
      const p0 = this._program._base, dv = e.dv;
      for (const s of this._steps) {
        if (s.type !== 'fuse') continue;
        const g = s.group, nl = g.leaves.length;
        s.scalars = p0 + s.at;
        s.handles = s.scalars + 8 * nl;
        s.code = s.handles + 8 * nl;
        g.leaves.forEach((v, k) => dv.setFloat64(s.scalars + 8 * k, v instanceof LazyTensor ? 0 : v, true));
        g.code.forEach((c, k) => dv.setInt32(s.code + 4 * k, c, true));
      }
    }
  }

  // a tensor over slab k with n's dtype and shape (a new handle; the slab keeps the memory)
  _onSlab(k, dtype, shape) {
    const e = this._e, slab = this._slabs[k];
    const [ndim, sp] = e.ints(shape, 'slab shape', e.shapeSlots[0], true);
    e.check(e.ex.wt_tensor_wrap(slab._base, slab._nbytes, e.dtypeCode(dtype), ndim, sp, 0, 0n, 0, 0, 0, e.outPtr));
    return e.adopt(e.takeOut());
  }

  run(feeds = {}) {
    const e = this._e, ex = e.ex, wt = this.graph._wt;
    if (feeds === null || typeof feeds !== 'object' || feeds instanceof Tensor || Array.isArray(feeds)) {
      throw new WtError('WT_EINVAL', `run: feeds must be an object of placeholder name -> tensor, got ${typeName(feeds)}`);
    }
    // one feed object may serve several computations of a graph: names of the
    // graph's other placeholders are ignored, anything else is a mistake
    const placeholders = this.graph.placeholders();
    for (const key of Object.keys(feeds)) {
      if (!placeholders.some((p) => p.name === key)) {
        throw new WtError('WT_EINVAL', `run: the graph has no placeholder named '${key}' (it has: ${placeholders.map((p) => `'${p.name}'`).join(', ') || 'none'})`);
      }
    }
    const owned = new Set(), vals = new Map(), results = new Set();
    const own = (t) => (owned.add(t), t);
    try {
      // leaves: feeds (checked), constants and storage
      for (const n of this._nodes) {
        if (n.kind === 'placeholder') {
          if (!(n.name in feeds)) throw new WtError('WT_EINVAL', `run: placeholder ${n.describe()} was not fed`);
          let t = feeds[n.name];
          if (!(t instanceof Tensor)) t = own(wt.tensor(t, { dtype: n.dtype }));
          e.handle(t, `run: the value fed to '${n.name}'`);
          if (t.dtype !== n.dtype || t.shape.length !== n.ndim || t.shape.some((d, i) => d !== n.shape[i])) {
            throw new WtError(t.dtype !== n.dtype ? 'WT_EDTYPE' : 'WT_ESHAPE', `run: placeholder ${n.describe()} was fed a ${t.dtype} tensor of shape ${fmtShape(t.shape)}`);
          }
          vals.set(n, t);
        } else if (LEAVES.includes(n.kind)) {
          const s = n.attrs.storage;
          if (s.isDisposed) throw new WtError('WT_EDISPOSED', `run: the storage of '${n.name}' has been disposed`);
          vals.set(n, s);
        }
      }
      this._prepare();
      const staged = [];
      this._steps.forEach((s) => {
        const n = s.node;
        this.graph._infer(`run: ${n.kind} ${n.describe()}`, () => {
          if (s.type === 'fuse') {
            const g = s.group, dv = e.dv;
            g.leaves.forEach((v, k) => dv.setUint32(s.handles + 4 * k, v instanceof LazyTensor ? e.handle(vals.get(v), v.name) : 0, true));
            const nl = g.leaves.length, ni = g.code.length / 4;
            const target = n.kind === 'assign' ? n.attrs.target : n;
            const outShape = n.kind === 'reduce' ? n.attrs.keepShape : target.shape;
            let out;
            if (n.kind === 'assign' && !s.stage) out = vals.get(target);
            else if (s.slab !== undefined) out = own(this._onSlab(s.slab, target.dtype, outShape));
            else out = own(wt.empty(outShape, target.dtype));
            e.check(ex.wt_fuse(nl, s.handles, s.scalars, ni, s.code, e.handle(out, 'out'), g.reduce, 0));
            if (n.kind === 'assign') {
              if (s.stage) staged.push([vals.get(target), out]);
            } else {
              vals.set(n, n.kind === 'reduce' && !n.attrs.keepdims ? own(out.reshape(n.shape)) : out);
            }
          } else if (s.type === 'view') {
            vals.set(n, own(e.ops[n.op](vals.get(n.inputs[0]), ...n.attrs.args)));
          } else if (s.type === 'call') {
            const ins = n.inputs.map((v) => vals.get(v));
            const t = n.kind === 'matmul' ? wt.matmul(ins[0], ins[1]) : n.kind === 'einsum' ? wt.einsum(n.attrs.subscripts, ...ins) : e.ops[n.op](ins[0], { axis: n.attrs.axis, keepdims: n.attrs.keepdims });
            vals.set(n, own(t));
          } else if (s.type === 'copy') {
            vals.set(n, own(vals.get(n).copy()));
          } else if (s.type === 'assign') {
            const src = vals.get(n.inputs[0]);
            if (s.stage) staged.push([vals.get(n.attrs.target), own(src.copy())]);
            else wt.assign(vals.get(n.attrs.target), src);
          }
        });
        // handles read for the last time here: views keep their buffers alive,
        // and memory on a slab stays for the steps the plan gives it to
        for (const v of s.dying) {
          if (owned.has(vals.get(v))) {
            vals.get(v).dispose();
            owned.delete(vals.get(v));
          }
        }
      });
      for (const [dst, src] of staged) wt.assign(dst, src);
      // the outputs: fresh tensors; an assignment's is the variable's new value
      const result = (o) => {
        let t = o.kind === 'assign' ? own(vals.get(o.attrs.target).copy()) : vals.get(o);
        if (!owned.has(t)) t = own(t.copy());   // never hand out a leaf's own memory
        results.add(t);
        return t;
      };
      const made = this._outputs.map(([k, o]) => [k, result(o)]);
      for (const t of results) owned.delete(t);
      if (this._form === 'single') return made[0][1];
      if (this._form === 'array') return made.map(([, t]) => t);
      return Object.fromEntries(made);
    } finally {
      for (const t of owned) t.dispose();
    }
  }

  // frees the slabs and program memory (compiled again on the next run)
  dispose() {
    for (const t of this._slabs ?? []) t.dispose();
    this._program?.dispose();
    this._slabs = this._program = null;
  }

  // ---- saving ----------------------------------------------------------------

  // {json, blobs}: the graph as JSON, constants and variables as .npy bytes
  save() {
    const blobs = {}, idOf = new Map(this._nodes.map((n, k) => [n, k]));
    const scalar = (v) => (Number.isFinite(v) ? v : String(v));
    const nodes = this._nodes.map((n) => {
      const j = { kind: n.kind, op: n.op, name: n.name, dtype: n.dtype, shape: [...n.shape] };
      j.inputs = n.inputs.map((v) => (v instanceof LazyTensor ? idOf.get(v) : { scalar: scalar(v) }));
      if (n.kind === 'variable') j.trainable = n.attrs.trainable;
      if (LEAVES.includes(n.kind) && n.kind !== 'placeholder') {
        j.blob = `${n.name}.npy`;
        blobs[j.blob] = n.attrs.storage.toNpy();
      }
      if (n.kind === 'cast') j.dtypeTo = n.attrs.dtype;
      if (n.kind === 'reduce') Object.assign(j, { axis: n.attrs.axis, keepdims: n.attrs.keepdims });
      if (n.kind === 'view') j.args = n.attrs.args;
      if (n.kind === 'einsum') j.subscripts = n.attrs.subscripts;
      if (n.kind === 'assign') j.target = idOf.get(n.attrs.target);
      return j;
    });
    for (const n of this._nodes) if (n.kind === 'assign' && !idOf.has(n.attrs.target)) throw new WtError('WT_EINVAL', 'save: internal: an assignment target is not part of the computation');
    const outputs = this._outputs.map(([k, o]) => [k, idOf.get(o)]);
    return { json: JSON.stringify({ format: 'wtensor-graph', version: 1, nodes, form: this._form, outputs }), blobs };
  }
}

// assignment m reads variable v's storage (directly, through views, or in its pass)
function readsLeaf(m, v, groupByRoot) {
  const g = groupByRoot.get(m);
  const seen = new Set(), stack = g.code.length ? g.leaves.filter((x) => x instanceof LazyTensor) : [m.inputs[0]];
  while (stack.length) {
    const n = stack.pop();
    if (n === v) return true;
    if (seen.has(n) || !(n instanceof LazyTensor)) continue;
    seen.add(n);
    if (n.kind === 'view') stack.push(n.inputs[0]);
  }
  return false;
}

// a graph saved by Compiled.save(), rebuilt (every node checked again) and compiled
export function loadGraph(wt, engine, json, blobs = {}) {
  const bad = (msg) => new WtError('WT_EINVAL', `loadGraph: ${msg}`);
  let doc;
  try {
    doc = typeof json === 'string' ? JSON.parse(json) : json;
  } catch (err) {
    throw bad(`the JSON does not parse: ${err.message}`);
  }
  if (!doc || doc.format !== 'wtensor-graph' || doc.version !== 1 || !Array.isArray(doc.nodes) || !Array.isArray(doc.outputs)) {
    throw bad('not a wtensor graph (expected {format: "wtensor-graph", version: 1, nodes, outputs})');
  }
  if (!blobs || typeof blobs !== 'object') throw bad(`blobs must be an object of file name -> bytes, got ${typeName(blobs)}`);
  const g = new Graph(wt, engine), made = [];
  const input = (k, i) => {
    const v = doc.nodes[k].inputs?.[i];
    if (v && typeof v === 'object' && 'scalar' in v) return Number(v.scalar);
    if (!Number.isInteger(v) || v < 0 || v >= made.length) throw bad(`node ${k} input ${i} refers to ${JSON.stringify(v)}, not an earlier node`);
    return made[v];
  };
  try {
    doc.nodes.forEach((j, k) => {
      if (!j || typeof j !== 'object') throw bad(`node ${k} is not an object`);
      const ins = Array.from({ length: Array.isArray(j.inputs) ? j.inputs.length : 0 }, (_, i) => input(k, i));
      const blob = () => {
        const b = blobs[j.blob];
        if (!(b instanceof Uint8Array)) throw bad(`node '${j.name}' needs blob '${j.blob}', which is missing`);
        return wt.fromNpy(b);
      };
      let n;
      switch (j.kind) {
        case 'placeholder': n = g.placeholder(j.shape, j.dtype, j.name); break;
        case 'constant': case 'variable': case 'persistent': {
          const t = blob();
          try {
            n = j.kind === 'constant' ? g.constant(t, { name: j.name }) : j.kind === 'variable' ? g.variable(t, { name: j.name, trainable: !!j.trainable }) : g.persistentTensor(t.shape, t.dtype, { name: j.name, init: t });
          } finally {
            t.dispose();
          }
          break;
        }
        case 'ewise': n = g._ewise(String(j.op), ins); break;
        case 'cast': n = g._cast(String(j.op), ins[0], j.dtypeTo); break;
        case 'reduce': n = g._reduce(String(j.op), ins[0], { axis: j.axis, keepdims: j.keepdims }); break;
        case 'view':
          if (!VIEWS.includes(j.op) || !Array.isArray(j.args)) throw bad(`node ${k}: unknown view '${j.op}'`);
          n = g._view(j.op, ins[0], j.args);
          break;
        case 'matmul': n = g._matmul(ins[0], ins[1]); break;
        case 'einsum': n = g._einsum(j.subscripts, ins); break;
        case 'assign':
          if (!Number.isInteger(j.target) || !made[j.target]) throw bad(`node ${k}: assignment target ${JSON.stringify(j.target)} is not an earlier node`);
          n = g._assign(made[j.target], ins[0]);
          break;
        default: throw bad(`node ${k} has unknown kind ${JSON.stringify(j.kind)}`);
      }
      if (n.name !== j.name && !['ewise', 'cast', 'reduce', 'view', 'matmul', 'einsum', 'assign'].includes(j.kind)) throw bad(`node ${k}: name mismatch`);
      if (n.dtype !== j.dtype || n.shape.join() !== String(j.shape)) throw bad(`node ${k} ('${j.name}') is ${n.dtype} ${fmtShape(n.shape)}, the file says ${j.dtype} (${j.shape})`);
      made.push(n);
    });
    const pick = ([key, id]) => {
      if (!Number.isInteger(id) || !made[id]) throw bad(`output ${JSON.stringify(key)} refers to ${JSON.stringify(id)}, not a node`);
      return [key, made[id]];
    };
    const outs = doc.outputs.map(pick);
    const outputs = doc.form === 'single' ? outs[0]?.[1] : doc.form === 'object' ? Object.fromEntries(outs) : outs.map(([, n]) => n);
    return g.compile(outputs);
  } catch (err) {
    g.dispose();
    throw err;
  }
}

