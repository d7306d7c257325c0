// Scopes and the engine's state: tidy / keep / dispose, memory counters,
// engine info and the machine probes.
import { declareNamespace } from './params.js';
import { WtError } from './errors.js';
import { Tensor } from './tensor.js';
import { typeName } from './engine.js';

// the tensors in a value: itself, or inside arrays and plain objects (other
// objects, a LazyTensor with its graph say, are not searched)
export function collect(value, into = new Set(), depth = 0) {
  const plain = value && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value));
  if (value instanceof Tensor) into.add(value);
  else if (depth < 4 && (Array.isArray(value) || plain)) {
    for (const v of Array.isArray(value) ? value : Object.values(value)) collect(v, into, depth + 1);
  }
  return into;
}

// fn's tensors disposed but those it returns; with release, the tensors of that value
// (the state a step replaces: `s = wt.tidy(() => step(s), { release: s })`) too, once
// fn has returned (not when it throws: the old state is still the state then)
export function tidy(engine, fn, opts) {
  if (typeof fn !== 'function') throw new WtError('WT_EINVAL', `tidy: expected a function, got ${typeName(fn)}`);
  const release = opts?.release;
  const scope = new Set();
  engine.scopes.push(scope);
  let result,
    ok = false;
  try {
    result = fn();
    ok = true;
  } finally {
    engine.scopes.pop();
    const keep = ok ? collect(result) : new Set();
    for (const t of scope) if (!keep.has(t) && !t._kept) t.dispose();
    const parent = engine.scopes[engine.scopes.length - 1];
    if (parent) for (const t of keep) if (scope.has(t)) parent.add(t);
    if (ok && release !== undefined) for (const t of collect(release)) if (!keep.has(t) && !t._kept) t.dispose();
    engine.growth.scopeExited(engine.scopes.length);
  }
  if (result && typeof result.then === 'function') {
    throw new WtError('WT_EINVAL', 'tidy: the function returned a Promise; tidy only tracks synchronous code');
  }
  return result;
}

export function keep(engine, t) {
  engine.handle(t, 'keep: tensor');
  t._kept = true;
  return t;
}

export function dispose(value) {
  for (const t of collect(value)) t.dispose();
}

export function memory(engine) {
  const ex = engine.ex;
  return {
    tensors: Number(ex.wt_memory_tensors()),
    bytesInUse: Number(ex.wt_memory_bytes()),
    peakBytes: Number(ex.wt_memory_peak()),
    wasmBytes: engine.memory.buffer.byteLength,
  };
}

export function info(engine) {
  const ex = engine.ex,
    { threads, reason } = engine.threads;
  return {
    version: engine.cstr(ex.wt_version()),
    simd: engine.cstr(ex.wt_simd_name()).startsWith('wasm_'),
    kernels: engine.cstr(ex.wt_simd_name()),
    kernelsReason:
      engine.kernelsReason ?? 'relaxed SIMD: the GEMM (matmul, einsum, linalg) multiply-adds with f32x4.relaxed_madd',
    threads,
    threadsReason: reason ?? `${threads} threads: the threaded build (${engine.file}) with ${threads - 1} workers`,
    memoryBytes: engine.memory.buffer.byteLength,
  };
}

// the machine's limits as this build sees them (benchmarks, diagnostics)
export function probe(engine, zeros) {
  const ex = engine.ex;
  return declareNamespace('probe.', probes(ex, zeros), { peak: 'iters?', copy: 'bytes?, repeats?' });
}

function probes(ex, zeros) {
  return {
    peak(iters = 2e7) {
      if (!Number.isSafeInteger(iters) || iters <= 0)
        throw new WtError('WT_EINVAL', `probe.peak: iters must be a positive integer, got ${typeName(iters)}`);
      const t0 = performance.now();
      ex.wt_probe_peak(BigInt(iters));
      const seconds = (performance.now() - t0) / 1e3;
      return { gflops: Number(ex.wt_probe_flops(BigInt(iters))) / seconds / 1e9, seconds };
    },
    copy(bytes = 64 * 2 ** 20, repeats = 4) {
      if (!Number.isSafeInteger(bytes) || bytes <= 0 || bytes % 4)
        throw new WtError('WT_EINVAL', `probe.copy: bytes must be a positive multiple of 4, got ${typeName(bytes)}`);
      const a = zeros([bytes], 'uint8'),
        b = zeros([bytes], 'uint8');
      try {
        ex.wt_probe_copy(b._base, a._base, bytes); // touch both once
        const t0 = performance.now();
        for (let i = 0; i < repeats; i++) ex.wt_probe_copy(b._base, a._base, bytes);
        const seconds = (performance.now() - t0) / 1e3 / repeats;
        return { gbps: (2 * bytes) / seconds / 1e9, seconds }; // read + write
      } finally {
        a.dispose();
        b.dispose();
      }
    },
  };
}
