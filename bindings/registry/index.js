// The registry: one entry per public function of wtensor, by topic in this
// folder; `grep -r "name: 'x'" bindings/registry` answers "what is wt.x?".  Fields:
//   name      the JS name (wt.name, and the method name unless `method` says otherwise)
//   aliases   further names of the same function on wt
//   kind      how the function is built (kinds.js): ufunc, reduction, view, copy,
//             creation, product, index, sort, shape, stats, io, scope, exchange, graph, dtype,
//             augmented (a += b as a.iadd(b))
//   c         the C entry point: a NumPy ufunc / reduction name (ufunc, reduction) or a wt_* function
//   sig       the parameters, in NumPy's order, as users may give them (params.js): one
//             checker refuses unknown options and extra arguments for every function
//   async     the function returns a promise: a refused argument rejects it
//   args      argument marshalling, one spec per JS argument (marshal.js's KINDS)
//   arity     operands of a ufunc
//   method    true: also Tensor.prototype[name]; a string: that method name; false: none
//   self      the argument the method's tensor is (default 0: compress(cond, x) has x.compress(cond))
//   lazy      the function builds a graph node when an operand is a LazyTensor
//             (and LazyTensor gets the method); true uses the kind's builder
//   names     how axis names follow a view: 'same', or a function (x, args) -> names
//   impl      for kinds without a generic builder: (api) => the function
//   namespace true: impl gives an object of functions (wt.emath), not a function
// Adding an op: docs/ARCHITECTURE.md, "Adding an op".
import { ELEMENTWISE, REDUCTIONS, CORTEX, AUGMENTED } from './elementwise.js';
import { VIEWS, COPIES } from './views.js';
import { CREATION, PRODUCTS } from './creation.js';
import { IO, DTYPE_RULES } from './io.js';
import { INDEXING, SORTING, SHAPING } from './select.js';
import { STATISTICS } from './stats.js';
import { LINALG } from './linalg.js';
import { FFT_ENTRIES } from './fft.js';
import { ENGINE } from './engine.js';

export const REGISTRY = Object.freeze([
  ...ELEMENTWISE,
  ...AUGMENTED,
  ...REDUCTIONS,
  ...VIEWS,
  ...COPIES,
  ...CREATION,
  ...PRODUCTS,
  ...INDEXING,
  ...SORTING,
  ...SHAPING,
  ...STATISTICS,
  ...LINALG,
  ...FFT_ENTRIES,
  ...IO,
  ...DTYPE_RULES,
  ...ENGINE.slice(0, 1),
  ...CORTEX,
  ...ENGINE.slice(1),
]);

// every name a LazyTensor computes with
export const byKind = (kind) => REGISTRY.filter((e) => e.kind === kind);
export const UFUNCS = Object.fromEntries(byKind('ufunc').map((e) => [e.name, e]));
export const VIEW_NAMES = VIEWS.map((e) => e.name);
export const REDUCTION_NAMES = REDUCTIONS.map((e) => e.name);
