// Instances of the threaded build as threads of one shared memory (the
// THREADS section of include/wtensor.h): the first instance's thread-local
// state, and a stack and thread-local state for every other (pool workers,
// attached engines).  Kept apart from pool.js, which starts workers, so that
// the worker script does not pull that in.
import { WtError } from './errors.js';

const STACK = 256 * 1024; // per thread, as the module's own (-sTOTAL_STACK)
import { THREAD_BOOT_STACK, THREAD_BOOT_HOST, THREAD_BOOT_STACK_AT, THREAD_BOOT_GROWN } from './abi.js';

// Atomics.wait is allowed in Node and in workers, not on a browser's main thread
export const canBlock =
  (typeof process === 'object' && !!process.versions?.node) ||
  (typeof WorkerGlobalScope === 'function' && globalThis instanceof WorkerGlobalScope);

// the threaded build's clock import (wt_host_now): parallel.c times its split loops
export const hostNow = () => performance.now();

// spins until done() (true: it came) or ~ms have passed (false): the pool's
// waits, before they sleep; the clock is read every 1024 tries, and a bound
// in time keeps a busy machine's core from being spun away (issue 28)
export function spinUntil(done, ms) {
  const t0 = performance.now();
  for (let i = 1; !done(); i++) if ((i & 1023) === 0 && performance.now() - t0 > ms) return done();
  return true;
}

// The first instance on a memory: its thread-local state, and a random id
// of the memory (at wt_thread_boot() + THREAD_BOOT_HOST) that tells instances on it apart
// from instances on another memory.
export function firstThread(ex, memory) {
  if (!ex.wt_thread_attach(0)) throw new WtError('WT_ENOMEM', 'out of memory for the thread-local state');
  // browsers fill only unshared arrays: draw here, then store
  new BigUint64Array(memory.buffer, ex.wt_thread_boot() + THREAD_BOOT_HOST, 1)[0] = crypto.getRandomValues(
    new BigUint64Array(1),
  )[0];
}

// Every other instance (a pool worker, an attached engine) must not call
// _initialize; it borrows the boot stack, under its flag, for the one call
// that gives it a stack and thread-local state of its own (wtensor.h, THREADS).
export function enterThread(ex, memory) {
  const top = onBootStack(ex, memory, () => {
    const t = ex.wt_thread_attach(STACK);
    if (t) ex.stackRestore(t);
    return t;
  });
  if (!top) throw new WtError('WT_ENOMEM', "out of memory for a thread's stack");
}

// the end of such an instance: its stack and thread-local state are freed,
// and it must make no further call
export function leaveThread(ex, memory) {
  onBootStack(ex, memory, () => ex.wt_thread_detach());
}

function onBootStack(ex, memory, fn) {
  const boot = ex.wt_thread_boot();
  const flag = new Int32Array(memory.buffer, boot, 1);
  while (Atomics.compareExchange(flag, 0, 0, 1) !== 0) if (canBlock) Atomics.wait(flag, 0, 1, 1);
  try {
    ex.stackRestore(boot + THREAD_BOOT_STACK_AT + THREAD_BOOT_STACK);
    return fn();
  } finally {
    Atomics.store(flag, 0, 0);
    Atomics.notify(flag, 0, 1);
  }
}

// the id firstThread gave this memory
export const memoryId = (ex, memory) => new BigUint64Array(memory.buffer, ex.wt_thread_boot() + THREAD_BOOT_HOST, 1)[0];

// The memory's growth counter (wtensor.h, THREADS): an instance's
// emscripten_notify_memory_growth import bumps it, and engines on the
// memory read it to know their views are whole (engine.js dv).  The import
// is made before the instance, and counts once counting() has its exports.
export function growthImport() {
  let counter = null;
  return {
    emscripten_notify_memory_growth: () => counter && Atomics.add(counter, 0, 1),
    counting: (ex, memory) => (counter = new Int32Array(memory.buffer, ex.wt_thread_boot() + THREAD_BOOT_GROWN, 1)),
  };
}
