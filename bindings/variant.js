// Which build's kernels run: the relaxed-SIMD variants (wtensor-relaxed.wasm,
// wtensor-mt-relaxed.wasm), whose GEMM microkernel multiply-adds with
// f32x4.relaxed_madd (fused where the engine has FMA), where the engine
// validates relaxed SIMD; else the SIMD128 builds.  init({ relaxedSimd })
// decides: 'auto' (the default), true (required) or false (never).
import { WtError } from './errors.js';
import { optionOf } from './env.js';

// a module of one function returning f32x4.relaxed_madd of three v128 constants
const ZEROS = new Array(16).fill(0);
const CONST = [0xfd, 0x0c, ...ZEROS];
const BODY = [0x00, ...CONST, ...CONST, ...CONST, 0xfd, 0x85, 0x02, 0x0b];
const PROBE = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  ...[0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b], // type: () -> v128
  ...[0x03, 0x02, 0x01, 0x00], // one function of that type
  ...[0x0a, BODY.length + 2, 0x01, BODY.length, ...BODY],
]);

let supported;
// whether this engine validates relaxed SIMD (the tests ask it too)
export function relaxedSupported() {
  if (supported === undefined) {
    try {
      supported = WebAssembly.validate(PROBE);
    } catch {
      supported = false;
    }
  }
  return supported;
}

const relaxedFile = (file) => file.replace(/\.wasm$/, '-relaxed.wasm');

// what options.relaxedSimd asks for: { relaxed, required, reason (why not, when not) }
export function planKernels(options) {
  const want = options.relaxedSimd ?? 'auto';
  if (want !== 'auto' && want !== true && want !== false) {
    throw new WtError('WT_EINVAL', `init: relaxedSimd must be 'auto', true or false, got ${String(want)}`);
  }
  if (want === false) return { relaxed: false, reason: 'relaxedSimd: false was asked for' };
  if (!relaxedSupported()) {
    const why =
      'this engine does not validate relaxed SIMD (Node 20 needs --experimental-wasm-relaxed-simd; Node 22 and later have it)';
    if (want === true) throw new WtError('WT_ELOAD', `init: relaxedSimd: true, but ${why}`);
    return { relaxed: false, reason: why };
  }
  return { relaxed: true, required: want === true, reason: null };
}

// start(source, file) for the relaxed variant of file when planned, else (or
// when an 'auto' variant cannot start) for file itself; engine.file says which
// ran, engine.kernelsReason why the SIMD128 build does (null: the relaxed one)
export async function startVariant(options, plan, file, start) {
  const rfile = relaxedFile(file),
    plain = options[optionOf(file)],
    relaxed = options[optionOf(rfile)];
  let reason = plan.reason;
  if (plan.relaxed && plain !== undefined && relaxed === undefined) {
    reason = `options.${optionOf(file)} was given without options.${optionOf(rfile)} (${rfile})`;
    if (plan.required) throw new WtError('WT_EINVAL', `init: relaxedSimd: true, but ${reason}`);
  } else if (plan.relaxed) {
    try {
      const engine = await start(relaxed, rfile);
      engine.kernelsReason = null;
      engine.file = rfile;
      return engine;
    } catch (e) {
      if (plan.required) throw e;
      reason = `${rfile} could not start: ${e.message}`;
    }
  }
  const engine = await start(plain, file);
  engine.kernelsReason = reason;
  engine.file = file;
  return engine;
}
