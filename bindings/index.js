// wtensor: NumPy-style tensors in WebAssembly.
//   import { init } from 'wtensor';
//   const wt = await init();
//   const a = wt.arange(12).reshape([3, 4]);
// Every public function is one entry of bindings/registry/; api.js installs
// them, start.js starts the instance they run on.
import { WtError } from './errors.js';
import { DTYPES } from './dtypes.js';
import { Tensor } from './tensor.js';
import { LazyTensor } from './lazy/index.js';
import { startEngine } from './start.js';
import { buildApi } from './api.js';
import { argumentsOf } from './params.js';

export { WtError, Tensor, DTYPES, LazyTensor };

// init's options, declared as every function's are: an unknown one is refused by name
const initOptions = argumentsOf(
  '{wasm, wasmThreads, wasmRelaxed, wasmThreadsRelaxed, relaxedSimd, threads, share, memoryWarning}',
  'init',
);

export async function init(options = {}) {
  if (options !== null && typeof options === 'object') initOptions(options);
  const engine = await startEngine(options);
  engine.growth.setWarning(options.memoryWarning);
  return buildApi(engine);
}
