// Memory that tensors made outside wt.tidy hold: prompting the JS engine's
// collector so that forgotten ones are freed between tasks, the one warning
// when a synchronous run keeps growing, and what an out-of-memory error adds.
import { WtError } from './errors.js';

// growth past the floor that prompts a collection, and the prompt's ArrayBuffer
const COLLECT_STEP = 16 * 2 ** 20,
  PROMPT_BYTES = 64 * 2 ** 20;
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const describe = (v) => (typeof v === 'number' ? String(v) : typeof v);

export class Growth {
  constructor(engine) {
    this.ex = engine.ex;
    this.engine = engine;
    this.floor = 0; // bytes in use at their lowest since the last collection prompt
    this.sink = null;
    // the warning: bytes a run may add (0: never), and the bytes in use when the current
    // job made its first tensor outside any tidy, or when the last tidy exited (-1: not yet)
    this.warnBytes = 0;
    this.warned = false;
    this.base = -1;
    this.count = 0;
    this.jobEnd = () => (this.base = -1);
  }

  // init({ memoryWarning }): the bytes one synchronous run may add outside tidy before
  // the warning (default 256 MiB; false or 0: never)
  setWarning(bytes = 256 * 2 ** 20) {
    if (bytes === false) bytes = 0;
    if (!Number.isSafeInteger(bytes) || bytes < 0)
      throw new WtError('WT_EINVAL', `init: memoryWarning must be a byte count or false, got ${describe(bytes)}`);
    this.warnBytes = bytes;
  }

  // a tensor made outside any tidy
  note() {
    const inUse = Number(this.ex.wt_memory_bytes());
    if (inUse < this.floor) this.floor = inUse;
    else if (inUse - this.floor > Math.max(COLLECT_STEP, this.floor / 2)) this.prompt(inUse);
    if (!this.warnBytes || this.warned) return;
    if (this.base < 0) {
      this.base = inUse;
      this.count = 0;
      queueMicrotask(this.jobEnd);
    }
    this.count++;
    if (inUse - this.base > this.warnBytes) this.warn(inUse);
  }

  // Forgotten tensors are freed by the FinalizationRegistry, which runs after a full
  // collection, which JS engines start by their own heap's growth: a tensor handle is a
  // few dozen bytes of it, its storage megabytes of wasm memory they cannot see.  A
  // large ArrayBuffer, made and dropped at once, is growth they do see (V8 counts it
  // as external memory; its pages are never touched): so once the bytes in use have
  // grown past their floor by COLLECT_STEP (or half the floor, so that collections
  // stay rare beside a large working set), one is made, and a collection follows
  // within a few tasks.  A loop that yields between steps (a frame loop) then holds
  // its memory bounded; a synchronous loop cannot be helped (finalizers wait for it).
  prompt(inUse) {
    this.floor = inUse; // measured afresh from here: the finalizers bring it down
    try {
      this.sink = new ArrayBuffer(PROMPT_BYTES);
    } catch {
      // an engine that cannot reserve it gets no prompt
    }
    this.sink = null;
  }

  // a synchronous run's tensors cannot be collected until it returns: say so, once
  warn(inUse) {
    this.warned = true;
    console.warn(
      `wtensor: ${this.count} tensors made outside wt.tidy in one synchronous run hold ${mib(inUse - this.base)} more than when it began (${Number(this.ex.wt_memory_tensors())} live tensors, ${mib(inUse)} in use). ` +
        'No garbage collector can free them before the run returns: run each step in wt.tidy(() => ...) ' +
        '(wt.tidy(step, { release: old }) also frees the state a step replaces), dispose replaced tensors, ' +
        'update in place (a.iadd(b) for a += b), or declare temporaries with `using`. ' +
        'init({ memoryWarning: bytes | false }) sets this threshold; this warning is given once.',
    );
  }

  // the outermost tidy returned: a run's growth is measured from here
  scopeExited(depth) {
    if (!depth) this.base = -1;
  }

  // what holds the memory, and the fix, for an out-of-memory message
  holders() {
    const ex = this.ex;
    return ` (${Number(ex.wt_memory_tensors())} live tensors hold ${mib(Number(ex.wt_memory_bytes()))} of wasm memory's ${mib(this.engine.memory.buffer.byteLength)}: dispose what is no longer needed, or run each step in wt.tidy)`;
  }
}
