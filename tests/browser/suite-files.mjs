// The files the browser suite page runs (paths relative to tests/browser/):
// the Node suite's files that need no Node API, and the browser's own.
export const FILES = [
  '../js/tensor.test.mjs',
  '../js/views.test.mjs',
  '../js/assign.test.mjs',
  '../js/ops.test.mjs',
  '../js/linalg.test.mjs',
  '../js/einsum_random.test.mjs',
  '../js/memory.test.mjs',
  '../js/hostile.test.mjs',
  '../js/reliability.test.mjs',
  '../js/lazy.test.mjs',
  '../js/names.test.mjs',
  '../js/exchange.test.mjs',
  '../js/numpy2.test.mjs',
  '../js/complex.test.mjs',
  '../js/join.test.mjs',
  '../js/select.test.mjs',
  '../js/sort.test.mjs',
  './page/files.mjs',
  './page/loading.mjs',
  './page/worker.mjs',
];
