// .npy and TensorProto: bytes in, tensors out, and back.  Parsing,
// validation and formatting happen in C (src/npy.c, src/proto.c); JS only
// moves bytes in and out of wasm memory.
import { withTemp } from './args.js';
import { WtError } from './errors.js';
import { typeName } from './engine.js';

export function asBytes(bytes, what) {
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  if (ArrayBuffer.isView(bytes)) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  throw new WtError(
    'WT_EINVAL',
    `${what}: expected the file's bytes (a Uint8Array or ArrayBuffer), got ${typeName(bytes)}`,
  );
}

// read(bytes): a new tensor from C's reader
export function readFile(engine, cName, what, bytes) {
  const u8 = asBytes(bytes, what);
  return withTemp(engine, u8.length, (p) => {
    engine.u8.set(u8, p);
    engine.check(engine.ex[cName](p, u8.length, engine.outPtr));
    return engine.adopt(engine.takeOut());
  });
}

// write(t): asks C for the size, then lets it write; returns a Uint8Array copy
export function writeFile(engine, cName, what, t, ...extra) {
  const h = engine.handle(t, what);
  const len = engine.outPtr;
  engine.dv.setUint32(len, 0, true);
  const st = engine.ex[cName](h, ...extra, 0, 0, len);
  const n = engine.dv.getUint32(len, true);
  if (st !== 1 || n === 0) engine.check(st || 1); // the size query answers WT_EINVAL with the size
  return withTemp(engine, n, (p) => {
    engine.check(engine.ex[cName](h, ...extra, p, n, len));
    return engine.u8.slice(p, p + n);
  });
}

export const PROTO_FORMS = { content: 0, fields: 1 };

export function protoForm(opts) {
  const form = opts?.form ?? 'content';
  if (opts !== undefined && (opts === null || typeof opts !== 'object')) {
    throw new WtError('WT_EINVAL', `toTensorProto: options must be an object, got ${typeName(opts)}`);
  }
  if (!Object.hasOwn(PROTO_FORMS, form)) {
    throw new WtError('WT_EINVAL', `toTensorProto: form must be 'content' or 'fields', got ${typeName(form)}`);
  }
  return PROTO_FORMS[form];
}
