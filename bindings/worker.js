// A pool worker (bindings/pool.js starts them; src/parallel.c is the C
// half): it instantiates the threaded module on the shared memory, becomes a
// thread of it (its own stack and thread-local state), and runs worker k's
// share of every parallel loop.  It waits in JS (Atomics.wait), never inside
// wasm.  Runs as a Web Worker or a Node worker_threads worker.
import { enterThread, spinUntil, hostNow } from './thread.js';
import { hasNodeBuiltins, nodeImport } from './env.js';

const SEQ = 0,
  SPIN_MS = 0.05; // spin at most this long before sleeping: a core spun longer is taken from the caller

async function serve({ module, memory, k, ctl }, post) {
  const noop = () => {};
  const { exports: ex } = await WebAssembly.instantiate(module, {
    env: { memory, emscripten_notify_memory_growth: noop, wt_host_dispatch: noop, wt_host_now: hostNow }, // workers never allocate
  });
  enterThread(ex, memory);
  const ctlView = new Int32Array(memory.buffer, ctl, 2); // below the initial size: valid after growth too
  let seen = Atomics.load(ctlView, SEQ); // before saying ready: the first dispatch may follow at once
  post({ ready: k });
  for (;;) {
    // spin a little before sleeping: loops often come back to back, and waking
    // from Atomics.wait costs about as much as a small part's work
    spinUntil(() => Atomics.load(ctlView, SEQ) !== seen, SPIN_MS);
    Atomics.wait(ctlView, SEQ, seen);
    seen = Atomics.load(ctlView, SEQ);
    ex.wt_threads_work(k); // claims parts of the loop until none is left
  }
}

const fail = (post) => (e) => post({ error: String(e?.message ?? e) });
// no top-level await: bundlers (Vite) build workers as classic scripts
if (hasNodeBuiltins) {
  nodeImport('worker_threads').then(({ parentPort }) => {
    const post = (m) => parentPort.postMessage(m);
    parentPort.once('message', (m) => serve(m, post).catch(fail(post)));
  });
} else {
  const post = (m) => self.postMessage(m);
  self.onmessage = ({ data }) => serve(data, post).catch(fail(post));
}
