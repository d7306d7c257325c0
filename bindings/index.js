// wtensor: NumPy-style tensors in WebAssembly.
//   import { init } from 'wtensor';
//   const wt = await init();
//   const a = wt.arange(12).reshape([3, 4]);
import { WtError } from './errors.js';
import { loadModule } from './loader.js';
import { Engine, defineOp, typeName } from './engine.js';
import { DTYPES, dtypeOfArray } from './dtypes.js';
import { Tensor } from './tensor.js';
import { BINARY, UNARY, TERNARY, REDUCTIONS, ewise, reduction, matmul, einsum, einsumPath } from './ops.js';
import { readFile, writeFile, protoForm } from './files.js';
import { readNpz, writeNpz } from './npz.js';
import { planThreads, sharedMemory, hostImports, startPool } from './pool.js';
import { firstThread, enterThread, memoryId } from './thread.js';
import { Graph, LazyTensor, VIEWS, isLazy, installMethods, loadGraph } from './lazy.js';
import { checkNames, withNames, label, ein, Labeled } from './names.js';
import { wrap, fromArrayLike, share, shareMemory, attach, detach, checkShared } from './exchange.js';

export { WtError, Tensor, DTYPES, LazyTensor };

// Operations that return a new tensor, one declarative line each:
// name: [C function, argument specs] (see engine.js for the kinds).
// Each becomes wt.name(t, ...) and t.name(...).
const TENSOR_OPS = {
  slice: ['wt_view_slice', 'tensor self', 'str spec='],
  transpose: ['wt_view_permute', 'tensor self', 'axes axes=null'],
  swapaxes: ['wt_view_swapaxes', 'tensor self', 'int axis1', 'int axis2'],
  reshape: ['wt_view_reshape', 'tensor self', 'shape shape'],
  broadcastTo: ['wt_view_broadcast_to', 'tensor self', 'shape shape'],
  expandDims: ['wt_view_expand_dims', 'tensor self', 'int axis'],
  squeeze: ['wt_view_squeeze', 'tensor self', 'axes axis=null'],
  diagonal: ['wt_view_diagonal', 'tensor self', 'i64 offset=0', 'int axis1=0', 'int axis2=1'],
  flatten: ['wt_view_flatten', 'tensor self'],
  contiguous: ['wt_view_contiguous', 'tensor self'],
  copy: ['wt_copy', 'tensor self'],
  astype: ['wt_astype', 'tensor self', 'dtype dtype'],
};

// Operations that write into their first argument and return it.
const INPLACE_OPS = {
  assignTensor: ['wt_assign', 'tensor self', 'tensor src'],
  assignScalar: ['wt_assign_scalar', 'tensor self', 'scalar value'],
};

for (const name of Object.keys(TENSOR_OPS)) {
  Tensor.prototype[name] = function (...args) {
    return this._e.ops[name](this, ...args);
  };
}
// elementwise ops and reductions: the operand list starts with `this`
const ARITY = [[BINARY, 2], [UNARY, 1], [TERNARY, 3]];
for (const [table, arity] of ARITY) {
  for (const name of Object.keys(table)) {
    Tensor.prototype[name] = function (...args) {
      return this._e.ops[name](this, ...args.slice(0, arity - 1), args[arity - 1]);
    };
  }
}
for (const name of REDUCTIONS) {
  Tensor.prototype[name] = function (opts) {
    return this._e.ops[name](this, opts);
  };
}
Tensor.prototype.toNpy = function () {
  return writeFile(this._e, 'wt_npy_write', 'toNpy', this);
};
Tensor.prototype.toTensorProto = function (opts) {
  return writeFile(this._e, 'wt_proto_write', 'toTensorProto', this, protoForm(opts));
};
Tensor.prototype.matmul = function (other, opts) {
  return this._e.ops.matmul(this, other, opts);
};
// named axes: a second handle on the same storage, knowing its axes by name
Tensor.prototype.named = function (names) {
  this._e.handle(this, 'named: tensor');
  const checked = names === null ? null : checkNames(names, this.ndim, 'named');
  return withNames(this._e.ops.clone(this), checked);
};
// Einstein notation: t.label('i', 'j').mul(u.label('j', 'k')) sums over j
Tensor.prototype.label = function (...labels) {
  this._e.handle(this, 'label: tensor');
  return label(this._e.wt, this, labels);
};
// a ticket for another wtensor instance on this memory (wt.attach)
Tensor.prototype.share = function () {
  return share(this._e, this);
};
Tensor.prototype.assign = function (src) {
  return src instanceof Tensor ? this._e.ops.assignTensor(this, src) : this._e.ops.assignScalar(this, src);
};

installMethods(Object.keys(TENSOR_OPS));

// the tensors in a value: itself, or inside arrays and plain objects (other
// objects, a LazyTensor with its graph say, are not searched)
function collect(value, into, depth = 0) {
  const plain = value && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value));
  if (value instanceof Tensor) into.add(value);
  else if (depth < 4 && (Array.isArray(value) || plain)) {
    for (const v of Array.isArray(value) ? value : Object.values(value)) collect(v, into, depth + 1);
  }
  return into;
}

// ---- creation helpers --------------------------------------------------------

// nested arrays -> [shape, flat values]; ragged input is an error
function flatten(data) {
  const shape = [];
  for (let d = data; Array.isArray(d); d = d[0]) {
    shape.push(d.length);
    if (shape.length > 16) throw new WtError('WT_ESHAPE', 'tensor: nested arrays are deeper than 16 dimensions');
    if (d.length === 0) break;
  }
  const flat = [];
  const walk = (d, depth) => {
    if (depth === shape.length) {
      if (typeof d !== 'number' && typeof d !== 'boolean') {
        throw new WtError('WT_EINVAL', `tensor: elements must be numbers or booleans, got ${typeName(d)}`);
      }
      flat.push(d);
      return;
    }
    if (!Array.isArray(d) || d.length !== shape[depth]) {
      throw new WtError('WT_ESHAPE', `tensor: nested arrays are ragged at depth ${depth}: expected ${shape[depth]} elements, got ${Array.isArray(d) ? d.length : typeName(d)}`);
    }
    for (const x of d) walk(x, depth + 1);
  };
  walk(data, 0);
  return [shape, flat];
}

function defaultDtype(values) {
  if (values.length && values.every((v) => typeof v === 'boolean')) return 'bool';
  return values.every((v) => Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31) ? 'int32' : 'float64';
}

function typedDtype(arr) {
  const dtype = dtypeOfArray(arr);
  if (!dtype) throw new WtError('WT_EDTYPE', `tensor: ${arr.constructor.name} has no wtensor dtype (int64 is not supported yet; wt.fromArrayLike converts exact values)`);
  return dtype;
}

async function instantiate(module, env, what) {
  try {
    return await WebAssembly.instantiate(module, { env: { emscripten_notify_memory_growth() {}, ...env } });
  } catch (e) {
    throw new WtError('WT_ELOAD', `could not instantiate ${what}: ${e.message}`);
  }
}

// the threaded build on a shared memory, with n-1 workers
async function startThreaded(source, n) {
  const module = await loadModule(source ?? THREADED_URL);
  if (!WebAssembly.Module.imports(module).some((i) => i.kind === 'memory') || !WebAssembly.Module.exports(module).some((e) => e.name === 'wt_threads_work')) {
    throw new WtError('WT_ELOAD', 'the module is not the threaded build of wtensor (wtensor-mt.wasm imports a shared memory)');
  }
  const memory = sharedMemory(), host = {};
  const instance = await instantiate(module, { memory, ...hostImports(host) }, 'wtensor-mt.wasm');
  instance.exports._initialize();
  firstThread(instance.exports, memory);
  const engine = new Engine(instance, module, memory);
  engine.memoryId = memoryId(instance.exports, memory);
  await startPool(engine, module, n, host);
  return engine;
}

// a further instance on the memory of a t.share() or wt.share() handle: a
// thread of that memory with its own stack, running its loops itself
async function startAttached(handle) {
  const { module, memory } = checkShared(handle, 'init: options.share');
  if (!WebAssembly.Module.exports(module).some((e) => e.name === 'wt_thread_attach')) {
    throw new WtError('WT_ELOAD', 'init: options.share carries a module that is not the threaded build of wtensor');
  }
  const noop = () => {};
  const instance = await instantiate(module, { memory, wt_host_dispatch: noop, wt_host_join: noop }, 'wtensor-mt.wasm');
  enterThread(instance.exports, memory);
  // after wt.detach() this instance has no stack: every call becomes a WtError
  let engine;
  const exports = Object.fromEntries(Object.entries(instance.exports).map(([k, f]) => [k, typeof f !== 'function' ? f : (...args) => {
    if (engine?.detached) throw new WtError('WT_EDISPOSED', 'this wtensor instance was detached (wt.detach())');
    return f(...args);
  }]));
  engine = new Engine({ exports }, module, memory, true);
  engine.memoryId = memoryId(instance.exports, memory);
  return engine;
}

const THREADED_URL = new URL('../dist/wtensor-mt.wasm', import.meta.url);

export async function init(options = {}) {
  if (options === null || typeof options !== 'object') throw new WtError('WT_EINVAL', `init: options must be an object, got ${typeName(options)}`);
  let engine = null, threads = 1, reason;
  if (options.share !== undefined) {
    if (options.threads !== undefined && options.threads !== 1) {
      throw new WtError('WT_EINVAL', `init: an instance started with options.share runs its loops on its own thread; threads: ${String(options.threads)} cannot go with it`);
    }
    engine = await startAttached(options.share);
    reason = 'an instance attached to another\'s memory (init({ share })) runs its loops on its own thread';
  } else ({ n: threads, reason } = await planThreads(options));
  if (threads > 1) {
    try {
      engine = await startThreaded(options.wasmThreads, threads);
    } catch (e) {
      [threads, reason] = [1, `the threaded build could not start: ${e.message}`];
    }
  }
  if (!engine) {
    const module = await loadModule(options.wasm);
    const instance = await instantiate(module, {}, 'wtensor.wasm');
    instance.exports._initialize();
    engine = new Engine(instance, module);
  }
  const ex = engine.ex;
  engine.ops = {};
  for (const [name, [cName, ...specs]] of Object.entries(TENSOR_OPS)) engine.ops[name] = defineOp(engine, name, cName, specs);
  for (const [name, [cName, ...specs]] of Object.entries(INPLACE_OPS)) engine.ops[name] = defineOp(engine, 'assign', cName, specs, 'self');
  for (const [table, arity] of ARITY) {
    for (const [name, cname] of Object.entries(table)) {
      engine.ops[name] = (...args) => ewise(engine, name, cname, args.slice(0, arity), args[arity]);
    }
  }
  for (const name of REDUCTIONS) engine.ops[name] = (x, opts) => reduction(engine, name, x, opts);
  engine.ops.clone = defineOp(engine, 'named', 'wt_tensor_clone', ['tensor self']);
  // views whose axes are the input's, rearranged: the names follow their axes
  const axisOf = (x, a) => (a < 0 ? a + x.ndim : a);
  const FOLLOW = {
    transpose: (x, [axes]) => (axes === undefined || axes === null ? [...x._names].reverse() : Array.from(axes, (a) => x._names[axisOf(x, a)])),
    swapaxes: (x, [a, b]) => {
      const n = [...x._names];
      [n[axisOf(x, a)], n[axisOf(x, b)]] = [n[axisOf(x, b)], n[axisOf(x, a)]];
      return n;
    },
    squeeze: (x, [axis]) => {
      const gone = axis === undefined || axis === null ? x.shape.map((d, i) => (d === 1 ? i : -1)) : [axis].flat().map((a) => axisOf(x, a));
      return x._names.filter((_, i) => !gone.includes(i));
    },
    copy: (x) => x._names,
    contiguous: (x) => x._names,
    astype: (x) => x._names,
  };
  for (const [name, follow] of Object.entries(FOLLOW)) {
    const op = engine.ops[name];
    engine.ops[name] = (x, ...args) => {
      const r = op(x, ...args);
      return x instanceof Tensor && x._names ? withNames(r, follow(x, args)) : r;
    };
  }
  engine.ops.matmul = (a, b, opts) => matmul(engine, a, b, opts);
  // Cortex's forms: op(alpha*x, beta*z) with {alpha, beta, out, reduce}
  const opName = (name, table) => (typeof name === 'string' && table[name]) || name;

  const make = {
    empty: defineOp(engine, 'empty', 'wt_tensor_empty', ['dtype dtype', 'shape shape']),
    zeros: defineOp(engine, 'zeros', 'wt_tensor_zeros', ['dtype dtype', 'shape shape']),
    full: defineOp(engine, 'full', 'wt_tensor_full', ['dtype dtype', 'shape shape', 'scalar value']),
    arange: defineOp(engine, 'arange', 'wt_tensor_arange', ['f64 start', 'f64 stop', 'f64 step', 'dtype dtype']),
    linspace: defineOp(engine, 'linspace', 'wt_tensor_linspace', ['f64 start', 'f64 stop', 'i64 num', 'bool endpoint', 'dtype dtype']),
    eye: defineOp(engine, 'eye', 'wt_tensor_eye', ['i64 n', 'i64 m', 'i64 k', 'dtype dtype']),
  };

  function tensor(data, opts = {}) {
    if (opts === null || typeof opts !== 'object') throw new WtError('WT_EINVAL', `tensor: options must be an object, got ${typeName(opts)}`);
    let shape, values, stage;
    if (data instanceof Tensor) {
      return data.astype(opts.dtype ?? data.dtype);
    } else if (typeof data === 'number' || typeof data === 'boolean') {
      shape = [];
      values = [data];
    } else if (ArrayBuffer.isView(data) && !(data instanceof DataView)) {
      stage = typedDtype(data);
      values = data;
      shape = [data.length];
    } else if (Array.isArray(data)) {
      [shape, values] = flatten(data);
    } else {
      throw new WtError('WT_EINVAL', `tensor: data must be a number, a boolean, nested arrays or a TypedArray, got ${typeName(data)}`);
    }
    const dtype = opts.dtype ?? stage ?? defaultDtype(values);
    const dst = make.empty(dtype, opts.shape ?? shape);
    try {
      if (dst.size !== values.length) {
        throw new WtError('WT_ESHAPE', `tensor: ${values.length} values cannot fill shape (${dst.shape.join(',')})`);
      }
      // values enter wasm in their own type (a TypedArray's, else float64);
      // C then casts them to dtype with NumPy's assignment rules
      const src = stage === dtype ? dst : make.empty(stage ?? 'float64', [values.length]);
      try {
        const view = src.data;
        if (ArrayBuffer.isView(values)) view.set(values);
        else for (let i = 0; i < values.length; i++) view[i] = Number(values[i]);
        if (src !== dst) dst.reshape([-1]).assign(src).dispose();
      } finally {
        if (src !== dst) src.dispose();
      }
    } catch (e) {
      dst.dispose();
      throw e;
    }
    return dst;
  }

  function tidy(fn) {
    if (typeof fn !== 'function') throw new WtError('WT_EINVAL', `tidy: expected a function, got ${typeName(fn)}`);
    const scope = new Set();
    engine.scopes.push(scope);
    let result, ok = false;
    try {
      result = fn();
      ok = true;
    } finally {
      engine.scopes.pop();
      const keep = ok ? collect(result, new Set()) : new Set();
      for (const t of scope) if (!keep.has(t) && !t._kept) t.dispose();
      const parent = engine.scopes[engine.scopes.length - 1];
      if (parent) for (const t of keep) if (scope.has(t)) parent.add(t);
    }
    if (result && typeof result.then === 'function') {
      throw new WtError('WT_EINVAL', 'tidy: the function returned a Promise; tidy only tracks synchronous code');
    }
    return result;
  }

  const isInt = (v) => Number.isInteger(v);
  const wt = {
    WtError,
    Tensor,
    dtypes: DTYPES,
    tensor,
    empty: (shape, dtype = 'float64') => make.empty(dtype, shape),
    zeros: (shape, dtype = 'float64') => make.zeros(dtype, shape),
    ones: (shape, dtype = 'float64') => make.full(dtype, shape, 1),
    full: (shape, value, dtype) => make.full(dtype ?? (typeof value === 'boolean' ? 'bool' : isInt(value) ? 'int32' : 'float64'), shape, value),
    // arange(stop) or arange(start, stop, step = 1, dtype)
    arange(start, stop, step = 1, dtype) {
      if (stop === undefined || stop === null) [start, stop] = [0, start];
      return make.arange(start, stop, step, dtype ?? ([start, stop, step].every(isInt) ? 'int32' : 'float64'));
    },
    linspace: (start, stop, num = 50, { endpoint = true, dtype = 'float64' } = {}) => make.linspace(start, stop, num, endpoint, dtype),
    eye: (n, m, k = 0, dtype = 'float64') => make.eye(n, m ?? n, k, dtype),
    assign: (dst, src) => (src instanceof Tensor ? engine.ops.assignTensor(dst, src) : engine.ops.assignScalar(dst, src)),
    tidy,
    keep(t) {
      engine.handle(t, 'keep: tensor');
      t._kept = true;
      return t;
    },
    dispose(value) {
      for (const t of collect(value, new Set())) t.dispose();
    },
    memory: () => ({
      tensors: Number(ex.wt_memory_tensors()),
      bytesInUse: Number(ex.wt_memory_bytes()),
      peakBytes: Number(ex.wt_memory_peak()),
      wasmBytes: engine.memory.buffer.byteLength,
    }),
    resetPeak: () => ex.wt_memory_reset_peak(),
    // the machine's limits as this build sees them (benchmarks, diagnostics)
    probe: {
      peak(iters = 2e7) {
        if (!Number.isSafeInteger(iters) || iters <= 0) throw new WtError('WT_EINVAL', `probe.peak: iters must be a positive integer, got ${typeName(iters)}`);
        const t0 = performance.now();
        ex.wt_probe_peak(BigInt(iters));
        const seconds = (performance.now() - t0) / 1e3;
        return { gflops: Number(ex.wt_probe_flops(BigInt(iters))) / seconds / 1e9, seconds };
      },
      copy(bytes = 64 * 2 ** 20, repeats = 4) {
        if (!Number.isSafeInteger(bytes) || bytes <= 0 || bytes % 4) throw new WtError('WT_EINVAL', `probe.copy: bytes must be a positive multiple of 4, got ${typeName(bytes)}`);
        const a = make.zeros('uint8', [bytes]), b = make.zeros('uint8', [bytes]);
        try {
          ex.wt_probe_copy(b._base, a._base, bytes);   // touch both once
          const t0 = performance.now();
          for (let i = 0; i < repeats; i++) ex.wt_probe_copy(b._base, a._base, bytes);
          const seconds = (performance.now() - t0) / 1e3 / repeats;
          return { gbps: (2 * bytes) / seconds / 1e9, seconds };   // read + write
        } finally {
          a.dispose();
          b.dispose();
        }
      },
    },
    info: () => ({
      version: engine.cstr(ex.wt_version()),
      simd: engine.cstr(ex.wt_simd_name()) === 'wasm_simd128',
      kernels: engine.cstr(ex.wt_simd_name()),
      threads,
      threadsReason: reason ?? `${threads} threads: the threaded build (wtensor-mt.wasm) with ${threads - 1} workers`,
      memoryBytes: engine.memory.buffer.byteLength,
    }),
  };
  const opString = (op, form) => {
    if (typeof op !== 'string') throw new WtError('WT_EINVAL', `${form}: the operation must be a name string, got ${typeName(op)}`);
    return op;
  };
  wt.matmul = engine.ops.matmul;
  wt.einsum = (subscripts, ...operands) => einsum(engine, subscripts, operands);
  wt.ein = (strings, ...values) => ein(wt, strings, ...values);
  wt.wrap = (view, opts) => wrap(engine, view, opts);
  wt.share = () => shareMemory(engine);
  wt.attach = (handle) => attach(engine, handle);
  wt.detach = () => detach(engine);
  wt.fromArrayLike = (value, opts) => fromArrayLike(wt, value, opts);
  wt.Labeled = Labeled;
  engine.wt = wt;
  wt.einsumPath = (subscripts, ...operands) => einsumPath(engine, subscripts, operands);
  wt.fromNpy = (bytes) => readFile(engine, 'wt_npy_read', 'fromNpy', bytes);
  wt.fromTensorProto = (bytes) => readFile(engine, 'wt_proto_read', 'fromTensorProto', bytes);
  wt.fromNpz = (bytes) => readNpz(engine, bytes);
  wt.toNpz = (tensors, opts) => writeNpz(engine, tensors, opts);
  wt.binary = (op, x, z, opts) => ewise(engine, `binary('${opString(op, 'binary')}')`, opName(op, BINARY), [x, z], opts);
  wt.unary = (op, x, opts) => ewise(engine, `unary('${opString(op, 'unary')}')`, opName(op, UNARY), [x], opts);
  for (const name of [...Object.keys(TENSOR_OPS), ...Object.keys(BINARY), ...Object.keys(UNARY), ...Object.keys(TERNARY), ...REDUCTIONS]) {
    wt[name] = engine.ops[name];
  }
  installLazy(wt, engine);
  return wt;
}

// Lazy mode: the default graph's constructors on wt, and every eager function
// building a node instead when one of its operands is a LazyTensor.
function installLazy(wt, engine) {
  const graph = new Graph(wt, engine);
  Object.assign(wt, {
    LazyTensor,
    defaultGraph: graph,
    graph: () => new Graph(wt, engine),
    constant: (value, opts) => graph.constant(value, opts),
    placeholder: (shape, dtype, name) => graph.placeholder(shape, dtype, name),
    variable: (init, opts) => graph.variable(init, opts),
    persistentTensor: (shape, dtype, opts) => graph.persistentTensor(shape, dtype, opts),
    lazy: (value, opts) => graph.lazy(value, opts),
    loadGraph: (json, blobs) => loadGraph(wt, engine, json, blobs),
  });
  const lazyIn = (list) => list.find(isLazy);
  const wrap = (name, build, operands = (args) => args) => {
    const eager = wt[name];
    wt[name] = (...args) => {
      const l = lazyIn(operands(args));
      return l ? build(l.graph, args) : eager(...args);
    };
  };
  for (const [table, arity] of ARITY) {
    for (const name of Object.keys(table)) wrap(name, (g, a) => g._ewise(name, a.slice(0, arity), a[arity]));
  }
  for (const name of REDUCTIONS) wrap(name, (g, [x, opts]) => g._reduce(name, x, opts), (a) => a.slice(0, 1));
  for (const name of VIEWS) wrap(name, (g, [x, ...rest]) => g._view(name, x, rest), (a) => a.slice(0, 1));
  wrap('astype', (g, [x, dtype]) => g._cast('astype', x, dtype), (a) => a.slice(0, 1));
  for (const name of ['copy', 'contiguous']) wrap(name, (g, [x]) => g._cast(name, x, x.dtype), (a) => a.slice(0, 1));
  wrap('matmul', (g, [a, b, opts]) => {
    if (opts?.out) throw new WtError('WT_EINVAL', "matmul: 'out' is an eager option; a compiled graph allocates its results");
    return g._matmul(a, b);
  }, (a) => a.slice(0, 2));
  wrap('einsum', (g, [eq, ...ops]) => g._einsum(eq, ops), (a) => a.slice(1));
  wrap('binary', (g, [op, x, z, opts]) => g._ewise(op, [x, z], opts), (a) => a.slice(1, 3));
  wrap('unary', (g, [op, x, opts]) => g._ewise(op, [x], opts), (a) => a.slice(1, 2));
  wrap('assign', (g, [dst, src]) => {
    if (!isLazy(dst)) throw new WtError('WT_EINVAL', 'assign: a lazy value can only be assigned to a lazy variable or persistent tensor (compile and run it first)');
    return dst.assign(src);
  });
}
