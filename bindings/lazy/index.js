// Lazy mode: graphs of LazyTensor nodes, compiled into fused passes.
//   node.js   what a node is          graph.js  building (checked by C: infer.js)
//   plan.js   compiling (pure)        run.js    running a plan
//   save.js   saving              load.js   loading
export { LazyTensor, isLazy } from './node.js';
export { Graph } from './graph.js';
export { loadGraph } from './load.js';
