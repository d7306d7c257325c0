// Running a compiled graph: feeds checked, slabs and program memory made once,
// then each step of the plan by its kind (STEPS), handles freed after their
// last reader, assignments committed last so a swap reads start-of-run values.
import { declareMethods } from '../params.js';
import { WtError, DISPOSE } from '../errors.js';
import { Tensor } from '../tensor.js';
import { typeName } from '../engine.js';
import { LazyTensor, LEAVES, fmtShape } from './node.js';
import { plan, describe } from './plan.js';
import { save } from './save.js';

// one run's state: values by node, the handles it owns, assignments to commit
class Run {
  constructor(compiled) {
    this.c = compiled;
    this.e = compiled._e;
    this.wt = compiled.graph._wt;
    this.vals = new Map();
    this.owned = new Set();
    this.staged = [];
  }

  own(t) {
    this.owned.add(t);
    return t;
  }
}

const STEPS = {
  fuse(r, s) {
    const { e, c } = r,
      n = s.node,
      g = s.group,
      dv = e.dv;
    g.leaves.forEach((v, k) =>
      dv.setUint32(s.handles + 4 * k, v instanceof LazyTensor ? e.handle(r.vals.get(v), v.name) : 0, true),
    );
    const target = n.kind === 'assign' ? n.attrs.target : n;
    const outShape = n.kind === 'reduce' ? n.attrs.keepShape : target.shape;
    let out;
    if (n.kind === 'assign' && !s.stage) out = r.vals.get(target);
    else if (s.slab !== undefined) out = r.own(c._onSlab(s.slab, target.dtype, outShape));
    else out = r.own(r.wt.empty(outShape, target.dtype));
    e.check(
      e.ex.wt_fuse(g.leaves.length, s.handles, s.scalars, g.code.length / 4, s.code, e.handle(out, 'out'), g.reduce, 0),
    );
    if (n.kind !== 'assign')
      r.vals.set(n, n.kind === 'reduce' && !n.attrs.keepdims ? r.own(out.reshape(n.shape)) : out);
    else if (s.stage) r.staged.push([r.vals.get(target), out]);
  },
  view(r, { node: n }) {
    r.vals.set(n, r.own(r.e.ops[n.op](r.vals.get(n.inputs[0]), ...n.attrs.args)));
  },
  call(r, { node: n }) {
    const ins = n.inputs.map((v) => r.vals.get(v)),
      wt = r.wt;
    if (n.kind === 'matmul') r.vals.set(n, r.own(wt.matmul(ins[0], ins[1])));
    else if (n.kind === 'einsum') r.vals.set(n, r.own(wt.einsum(n.attrs.subscripts, ...ins)));
    else if (n.kind === 'fn') r.vals.set(n, r.own(wt[n.op](ins[0], n.attrs.opts)));
    // an elementwise node no pass fuses (plan.js isFusible), its weak scalars as they are
    else if (n.kind === 'ewise') r.vals.set(n, r.own(r.e.fns[n.op](...n.inputs.map((v, k) => ins[k] ?? v))));
    else {
      const { axis, keepdims, dtype } = n.attrs;
      r.vals.set(n, r.own(r.e.ops[n.op](ins[0], { axis, keepdims, ...(dtype ? { dtype } : {}) })));
    }
  },
  copy(r, { node: n }) {
    r.vals.set(n, r.own(r.vals.get(n).copy()));
  },
  assign(r, { node: n, stage }) {
    const src = r.vals.get(n.inputs[0]);
    if (stage) r.staged.push([r.vals.get(n.attrs.target), r.own(src.copy())]);
    else r.wt.assign(r.vals.get(n.attrs.target), src);
  },
};

export class Compiled {
  constructor(graph, outputs) {
    this.graph = graph;
    this._e = graph._e;
    this._parseOutputs(outputs);
    const p = plan(this._outputs.map(([, o]) => o));
    this._nodes = p.nodes;
    this._steps = p.steps;
    this._memPlan = p.memPlan;
    this._slabs = null;
    this._program = null;
  }

  _parseOutputs(outputs) {
    let entries, form;
    if (outputs instanceof LazyTensor) [form, entries] = ['single', [[0, outputs]]];
    else if (Array.isArray(outputs)) [form, entries] = ['array', outputs.map((o, k) => [k, o])];
    else if (outputs && typeof outputs === 'object' && !(outputs instanceof Tensor))
      [form, entries] = ['object', Object.entries(outputs)];
    else
      throw new WtError(
        'WT_EINVAL',
        `compile: outputs must be a LazyTensor, an array or an object of them, got ${typeName(outputs)}`,
      );
    if (!entries.length) throw new WtError('WT_EINVAL', 'compile: no outputs given');
    for (const [k, o] of entries) {
      if (!(o instanceof LazyTensor))
        throw new WtError('WT_EINVAL', `compile: output ${k} must be a LazyTensor, got ${typeName(o)}`);
      this.graph._own(o, 'compile');
    }
    this._form = form;
    this._outputs = entries;
  }

  // the passes and the memory they use: slabs are allocated once and reused
  memoryPlan() {
    return describe(this._steps, this._memPlan);
  }

  // one block of wasm memory for every pass's code, scalars and leaf handles
  _prepare() {
    const wt = this.graph._wt;
    this._slabs ??= this._memPlan.slabs.map((s) => this.graph._keep(wt.empty([Math.max(s.bytes, 1)], 'uint8')));
    if (this._program) return;
    const fused = this._steps.filter((s) => s.type === 'fuse');
    let bytes = 0;
    for (const s of fused) {
      s.at = bytes;
      bytes += 16 * s.group.leaves.length + 16 * (s.group.code.length / 4) + 8;
    }
    this._program = this.graph._keep(wt.empty([Math.max(bytes, 8)], 'uint8'));
    const p0 = this._program._base,
      dv = this._e.dv;
    for (const s of fused) {
      const g = s.group,
        nl = g.leaves.length;
      s.scalars = p0 + s.at;
      s.handles = s.scalars + 8 * nl;
      s.code = s.handles + 8 * nl;
      g.leaves.forEach((v, k) => dv.setFloat64(s.scalars + 8 * k, v instanceof LazyTensor ? 0 : v, true));
      g.code.forEach((c, k) => dv.setInt32(s.code + 4 * k, c, true));
    }
  }

  // a tensor over slab k with this dtype and shape (a new handle; the slab keeps the memory)
  _onSlab(k, dtype, shape) {
    const e = this._e,
      slab = this._slabs[k];
    const [ndim, sp] = e.ints(shape, 'slab shape', e.shapeSlots[0], true);
    e.check(e.ex.wt_tensor_wrap(slab._base, slab._nbytes, e.dtypeCode(dtype), ndim, sp, 0, 0n, 0, 0, 0, e.outPtr));
    return e.adopt(e.takeOut());
  }

  // one feed object may serve several computations of a graph: names of the
  // graph's other placeholders are ignored, anything else is a mistake
  _checkFeeds(feeds) {
    if (feeds === null || typeof feeds !== 'object' || feeds instanceof Tensor || Array.isArray(feeds)) {
      throw new WtError(
        'WT_EINVAL',
        `run: feeds must be an object of placeholder name -> tensor, got ${typeName(feeds)}`,
      );
    }
    const placeholders = this.graph.placeholders();
    for (const key of Object.keys(feeds)) {
      if (!placeholders.some((p) => p.name === key)) {
        const have = placeholders.map((p) => `'${p.name}'`).join(', ') || 'none';
        throw new WtError('WT_EINVAL', `run: the graph has no placeholder named '${key}' (it has: ${have})`);
      }
    }
  }

  // leaves: feeds (checked), constants and storage
  _bindLeaves(r, feeds) {
    // an assignment's target is a leaf of the run even when no value reads it
    const targets = this._nodes.filter((n) => n.kind === 'assign').map((n) => n.attrs.target);
    for (const n of [...this._nodes, ...targets]) {
      if (n.kind === 'placeholder') {
        if (!(n.name in feeds)) throw new WtError('WT_EINVAL', `run: placeholder ${n.describe()} was not fed`);
        let t = feeds[n.name];
        if (!(t instanceof Tensor)) t = r.own(r.wt.tensor(t, { dtype: n.dtype }));
        this._e.handle(t, `run: the value fed to '${n.name}'`);
        if (t.dtype !== n.dtype || t.shape.length !== n.ndim || t.shape.some((d, i) => d !== n.shape[i])) {
          throw new WtError(
            t.dtype !== n.dtype ? 'WT_EDTYPE' : 'WT_ESHAPE',
            `run: placeholder ${n.describe()} was fed a ${t.dtype} tensor of shape ${fmtShape(t.shape)}`,
          );
        }
        r.vals.set(n, t);
      } else if (LEAVES.includes(n.kind)) {
        const s = n.attrs.storage;
        if (s.isDisposed) throw new WtError('WT_EDISPOSED', `run: the storage of '${n.name}' has been disposed`);
        r.vals.set(n, s);
      }
    }
  }

  // the outputs: fresh tensors; an assignment's is the variable's new value, never a leaf's own memory
  _results(r) {
    const results = new Set();
    const result = (o) => {
      let t = o.kind === 'assign' ? r.own(r.vals.get(o.attrs.target).copy()) : r.vals.get(o);
      if (!r.owned.has(t)) t = r.own(t.copy());
      results.add(t);
      return t;
    };
    const made = this._outputs.map(([k, o]) => [k, result(o)]);
    for (const t of results) r.owned.delete(t);
    if (this._form === 'single') return made[0][1];
    if (this._form === 'array') return made.map(([, t]) => t);
    return Object.fromEntries(made);
  }

  run(feeds = {}) {
    this._checkFeeds(feeds);
    const r = new Run(this);
    try {
      this._bindLeaves(r, feeds);
      this._prepare();
      for (const s of this._steps) {
        this.graph._infer(`run: ${s.node.kind} ${s.node.describe()}`, () => STEPS[s.type](r, s));
        // handles read for the last time here: views keep their buffers alive,
        // and memory on a slab stays for the steps the plan gives it to
        for (const v of s.dying) {
          const t = r.vals.get(v);
          if (r.owned.delete(t)) t.dispose();
        }
      }
      for (const [dst, src] of r.staged) r.wt.assign(dst, src);
      return this._results(r);
    } finally {
      for (const t of r.owned) t.dispose();
    }
  }

  // frees the slabs and program memory (compiled again on the next run)
  [DISPOSE]() {
    this.dispose();
  }
  dispose() {
    for (const t of this._slabs ?? []) t.dispose();
    this._program?.dispose();
    this._slabs = this._program = null;
  }

  // {json, blobs}: the graph as JSON, constants and variables as .npy bytes
  save() {
    return save(this);
  }
}

// the parameters of a compiled graph's methods (params.js)
declareMethods('Compiled.', Compiled.prototype, { run: 'feeds?:obj', memoryPlan: '', dispose: '', save: '' });
