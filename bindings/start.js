// Starting an instance: the single-threaded build, the threaded build with
// its workers, or a further instance attached to another's shared memory.
import { WtError } from './errors.js';
import { loadModule } from './loader.js';
import { Engine, typeName } from './engine.js';
import { planThreads, sharedMemory, hostImports, startPool } from './pool.js';
import { firstThread, enterThread, memoryId, growthImport, hostNow } from './thread.js';
import { checkShared } from './exchange.js';
import { planKernels, startVariant } from './variant.js';

async function instantiate(module, env, what) {
  try {
    return await WebAssembly.instantiate(module, { env: { emscripten_notify_memory_growth() {}, ...env } });
  } catch (e) {
    throw new WtError('WT_ELOAD', `could not instantiate ${what}: ${e.message}`);
  }
}

async function startSingle(source, file) {
  const module = await loadModule(source, file);
  const instance = await instantiate(module, {}, file);
  instance.exports._initialize();
  return new Engine(instance, module);
}

// the threaded build on a shared memory, with n-1 workers
async function startThreaded(source, file, n) {
  const module = await loadModule(source, file);
  const imports = WebAssembly.Module.imports(module),
    exports = WebAssembly.Module.exports(module);
  if (!imports.some((i) => i.kind === 'memory') || !exports.some((e) => e.name === 'wt_threads_work')) {
    throw new WtError('WT_ELOAD', `the module is not the threaded build of wtensor (${file} imports a shared memory)`);
  }
  const memory = sharedMemory(),
    host = {},
    { counting, ...growth } = growthImport();
  const instance = await instantiate(module, { memory, ...hostImports(host), ...growth }, file);
  instance.exports._initialize();
  firstThread(instance.exports, memory);
  const engine = new Engine(instance, module, memory);
  engine.watchGrowth(counting(instance.exports, memory));
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
  const noop = () => {},
    { counting, ...growth } = growthImport();
  const instance = await instantiate(
    module,
    { memory, wt_host_dispatch: noop, wt_host_now: hostNow, ...growth },
    'wtensor-mt.wasm',
  );
  enterThread(instance.exports, memory);
  const counter = counting(instance.exports, memory);
  // after wt.detach() this instance has no stack: every call becomes a WtError
  let engine;
  const guard =
    (f) =>
    (...args) => {
      if (engine?.detached) throw new WtError('WT_EDISPOSED', 'this wtensor instance was detached (wt.detach())');
      return f(...args);
    };
  const exports = Object.fromEntries(
    Object.entries(instance.exports).map(([k, f]) => [k, typeof f === 'function' ? guard(f) : f]),
  );
  engine = new Engine({ exports }, module, memory, true);
  engine.watchGrowth(counter);
  engine.memoryId = memoryId(instance.exports, memory);
  return engine;
}

// the engine init's options ask for; engine.threads says how many threads it has, and why
export async function startEngine(options) {
  if (options === null || typeof options !== 'object')
    throw new WtError('WT_EINVAL', `init: options must be an object, got ${typeName(options)}`);
  let engine = null,
    threads = 1,
    reason;
  if (options.share !== undefined) {
    if (options.threads !== undefined && options.threads !== 1) {
      throw new WtError(
        'WT_EINVAL',
        `init: an instance started with options.share runs its loops on its own thread; threads: ${String(options.threads)} cannot go with it`,
      );
    }
    engine = await startAttached(options.share);
    engine.kernelsReason = 'an attached instance runs the module of the memory it shares (init({ share }))';
    reason = "an instance attached to another's memory (init({ share })) runs its loops on its own thread";
  } else ({ n: threads, reason } = await planThreads(options));
  const kernels = options.share === undefined ? planKernels(options) : null;
  if (threads > 1) {
    try {
      engine = await startVariant(options, kernels, 'wtensor-mt.wasm', (src, file) =>
        startThreaded(src, file, threads),
      );
    } catch (e) {
      if (kernels?.required) throw e; // relaxedSimd: true, and the relaxed build could not start
      [threads, reason] = [1, `the threaded build could not start: ${e.message}`];
    }
  }
  engine ??= await startVariant(options, kernels, 'wtensor.wasm', startSingle);
  engine.threads = { threads, reason };
  return engine;
}
