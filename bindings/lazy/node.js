// Lazy tensors: the seeds' r-tensors, computed when a compiled graph runs.
// A node's kind (ngraph's): constant (immutable), placeholder (fed at run
// time), variable and persistent tensor (storage kept across runs; writable,
// the l-tensors), and computed nodes: elementwise ops, casts, reductions,
// views, matmul, einsum and assign.  Its methods are the registry's
// (api.js installs them); this file holds what a node is.
import { declareMethods } from '../params.js';
import { WtError, DISPOSE } from '../errors.js';
import { LAZY, isLazy } from '../args.js';
import { typeName } from '../engine.js';

export const LEAVES = ['constant', 'placeholder', 'variable', 'persistent'];

export const fmtShape = (s) => `(${s.join(',')}${s.length === 1 ? ',' : ''})`;

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

  get ndim() {
    return this.shape.length;
  }
  get size() {
    return this.shape.reduce((a, b) => a * b, 1);
  }
  // an l-tensor (storage that can be assigned to) or an r-tensor (a value)
  get readOnly() {
    return this.kind !== 'variable' && this.kind !== 'persistent';
  }
  get trainable() {
    return this.kind === 'variable' && this.attrs.trainable;
  }
  get T() {
    return this.transpose();
  }

  // variables and persistent tensors: a node that sets the storage to value when run
  assign(value) {
    return this.graph._assign(this, value);
  }

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
    if (this.readOnly)
      throw new WtError(
        'WT_EREADONLY',
        `${what}: ${this.describe()} is a ${this.kind}, not a variable or persistent tensor`,
      );
    if (!this.attrs.storage || this.attrs.storage.isDisposed)
      throw new WtError('WT_EDISPOSED', `${what}: the storage of '${this.name}' has been disposed`);
  }

  // constants, variables and persistent tensors: free the storage (the node can no longer run)
  [DISPOSE]() {
    this.dispose();
  }
  dispose() {
    this.attrs.storage?.dispose();
  }
  get isDisposed() {
    return !!this.attrs.storage?.isDisposed;
  }

  describe() {
    return `'${this.name}' (${this.dtype} ${fmtShape(this.shape)})`;
  }
  toString() {
    return `LazyTensor(${this.kind} ${this.describe()})`;
  }
}

// the parameters of LazyTensor's own methods (the registry declares the rest; params.js)
declareMethods('LazyTensor.', LazyTensor.prototype, {
  assign: 'value',
  read: '',
  load: 'value',
  dispose: '',
  describe: '',
  toString: '',
});

export { isLazy };

// args.js knows a LazyTensor by this brand (it imports nothing from lazy/)
LazyTensor.prototype[LAZY] = true;

export function checkName(name, what) {
  if (typeof name !== 'string' || !name)
    throw new WtError('WT_EINVAL', `${what}: name must be a non-empty string, got ${typeName(name)}`);
}
