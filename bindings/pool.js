// The JS half of the worker pool (the C half: src/parallel.c; a worker:
// bindings/worker.js).  The threaded module runs on a shared memory that
// every instance imports; C calls wt_host_dispatch to wake the workers, then
// claims parts of the loop beside them and waits (by atomic loads) only for
// parts a worker is running.  Workers sleep in JS (Atomics.wait).
import { WtError } from './errors.js';
import { hasNodeBuiltins, nodeImport, runtime } from './env.js';
import { hostNow } from './thread.js';

const SEQ = 0; // the dispatch count workers wait on (ctl's first word)
const PAGES = { initial: 256, maximum: 32768 }; // 16 MiB growable to 2 GiB, as linked

// { n, reason }: how many threads to run, and when that is 1, why
export async function planThreads(options) {
  const want = options.threads ?? 'auto';
  if (want !== 'auto' && !(Number.isInteger(want) && want >= 1 && want <= 64)) {
    throw new WtError('WT_EINVAL', `init: threads must be 'auto' or an integer from 1 to 64, got ${String(want)}`);
  }
  const one = (reason) => ({ n: 1, reason });
  if (want === 1) return one('threads: 1 was asked for');
  if (runtime === 'workerd') return one('Cloudflare Workers have no Worker API: a Worker runs on one thread');
  // in browsers, isolation is what makes SharedArrayBuffer exist: say so first
  if (runtime === 'browser' && globalThis.crossOriginIsolated !== true) {
    return one(
      'the page is not cross-origin isolated: serve it with Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp',
    );
  }
  if (typeof SharedArrayBuffer !== 'function') return one('SharedArrayBuffer is not available here');
  if (!hasNodeBuiltins && typeof Worker !== 'function') return one('this environment has no Worker API');
  if (options.wasm !== undefined && options.wasmThreads === undefined) {
    return one('options.wasm was given without options.wasmThreads (the threaded build, wtensor-mt.wasm)');
  }
  const cores = hasNodeBuiltins
    ? (await nodeImport('os')).availableParallelism()
    : globalThis.navigator?.hardwareConcurrency || 1;
  if (want === 'auto' && cores < 2) return one('there is only one logical core');
  return { n: want === 'auto' ? Math.min(cores, 16) : want, reason: null };
}

export function sharedMemory() {
  return new WebAssembly.Memory({ ...PAGES, shared: true });
}

// the main instance's import for dispatch; `host` is filled in by startPool
export function hostImports(host) {
  return {
    wt_host_now: hostNow,
    wt_host_dispatch() {
      Atomics.add(host.ctl, SEQ, 1);
      Atomics.notify(host.ctl, SEQ);
    },
  };
}

function spawn() {
  if (hasNodeBuiltins) {
    return nodeImport('worker_threads').then(({ Worker: NodeWorker }) => {
      const w = new NodeWorker(new URL('./worker.js', import.meta.url), { execArgv: [] }); // the parent's flags (--input-type, --test, ...) are not the worker's
      return {
        post: (m) => w.postMessage(m),
        on: (f) => w.on('message', f),
        onError: (f) => w.on('error', f),
        unref: () => w.unref(),
        terminate: () => w.terminate(),
      };
    });
  }
  const w = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  return {
    post: (m) => w.postMessage(m),
    on: (f) => {
      w.onmessage = ({ data }) => f(data);
    },
    onError: (f) => {
      w.onerror = (e) => f(e);
    },
    unref() {},
    terminate: () => w.terminate(),
  };
}

// starts n-1 workers on engine's module and memory; resolves when all are ready
export async function startPool(engine, module, n, host) {
  const ex = engine.ex;
  const ctl = ex.wt_malloc(8);
  if (!ctl) throw new WtError('WT_ENOMEM', "out of memory for the pool's control words");
  new Int32Array(engine.memory.buffer, ctl, 2).fill(0);
  const workers = [];
  try {
    await Promise.all(
      Array.from({ length: n - 1 }, async (_, i) => {
        const w = await spawn();
        workers.push(w);
        await new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('a worker did not start within 30 s')), 30000);
          w.onError((e) => {
            clearTimeout(timer);
            reject(new Error(e?.message ?? String(e)));
          });
          w.on((m) => {
            clearTimeout(timer);
            if (m?.error) reject(new Error(m.error));
            else resolve();
          });
          w.post({ module, memory: engine.memory, k: i + 1, ctl });
        });
        w.unref(); // idle workers must not keep Node running
      }),
    );
  } catch (e) {
    workers.forEach((w) => w.terminate());
    throw e;
  }
  host.ctl = new Int32Array(engine.memory.buffer, ctl, 2);
  host.workers = n - 1;
  engine.check(ex.wt_threads_set(n));
}
