// Exchange with memory outside a tensor: wt.wrap adopts a region of this
// module's own memory without copying (C finds the storage holding it and
// keeps that storage alive: wt_tensor_adopt); wt.fromArrayLike copies from
// anything else — another module's memory, an ArrayBuffer, a DataView, an
// array-like or an iterable.  t.share() and wt.attach() hand tensors to
// another wtensor instance on the same shared memory (the threaded build).
import { WtError } from './errors.js';
import { withNames } from './names.js';
import { leaveThread } from './thread.js';
import { typeName } from './engine.js';
import { ARRAYS, DTYPES, dtypeOfArray } from './dtypes.js';
import { Tensor } from './tensor.js';

const isTyped = (v) => ArrayBuffer.isView(v) && !(v instanceof DataView);

// wt.wrap(view, { shape, strides, offset, dtype, readOnly }): view must lie on this module's memory
export function wrap(engine, view, opts = {}) {
  if (opts === null || typeof opts !== 'object')
    throw new WtError('WT_EINVAL', `wrap: options must be an object, got ${typeName(opts)}`);
  if (!ArrayBuffer.isView(view))
    throw new WtError(
      'WT_EINVAL',
      `wrap: expected a TypedArray or DataView over this module's memory, got ${typeName(view)}`,
    );
  if (view.buffer !== engine.memory.buffer) {
    throw new WtError(
      'WT_EINVAL',
      `wrap: this ${view.constructor.name} is not on this wtensor instance's memory (or its memory has grown since it was made); copy it with wt.fromArrayLike`,
    );
  }
  const dtype = opts.dtype ?? (isTyped(view) ? dtypeOfArray(view) : 'uint8');
  if (!dtype) throw new WtError('WT_EDTYPE', `wrap: ${view.constructor.name} has no wtensor dtype; give options.dtype`);
  const code = engine.dtypeCode(dtype, 'wrap: dtype');
  const size = engine.ex.wt_dtype_size(code);
  const [ndim, shape] = engine.ints(
    opts.shape ?? [Math.floor(view.byteLength / size)],
    'wrap: shape',
    engine.shapeSlots[0],
    true,
  );
  let strides = 0;
  if (opts.strides !== undefined && opts.strides !== null) {
    const [n, p] = engine.ints(opts.strides, 'wrap: strides', engine.shapeSlots[1], true);
    if (n !== ndim) throw new WtError('WT_EINVAL', `wrap: ${n} strides given for ${ndim} dimensions`);
    strides = p;
  }
  const offset = opts.offset ?? 0;
  if (!Number.isSafeInteger(offset))
    throw new WtError('WT_EINVAL', `wrap: offset must be an integer, got ${typeName(offset)}`);
  engine.check(
    engine.ex.wt_tensor_adopt(
      view.byteOffset,
      view.byteLength,
      code,
      ndim,
      shape,
      strides,
      BigInt(offset),
      opts.readOnly ? 1 : 0,
      engine.outPtr,
    ),
  );
  return engine.adopt(engine.takeOut());
}

// wt.fromArrayLike(value, { dtype, shape }): a new tensor with a copy of the values
export function fromArrayLike(wt, value, opts = {}) {
  if (opts === null || typeof opts !== 'object')
    throw new WtError('WT_EINVAL', `fromArrayLike: options must be an object, got ${typeName(opts)}`);
  let data = value;
  if (value === null || typeof value !== 'object') {
    throw new WtError(
      'WT_EINVAL',
      `fromArrayLike: expected an array, TypedArray, ArrayBuffer, DataView, array-like or iterable, got ${typeName(value)} (wt.tensor makes 0-d tensors)`,
    );
  }
  if (value instanceof Tensor)
    throw new WtError('WT_EINVAL', 'fromArrayLike: this is already a Tensor (copy it with t.copy())');
  if (value instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && value instanceof SharedArrayBuffer)) {
    data = bytesAs(value, 0, value.byteLength, opts.dtype ?? 'uint8');
  } else if (value instanceof DataView) {
    data = bytesAs(value.buffer, value.byteOffset, value.byteLength, opts.dtype ?? 'uint8');
  } else if (isTyped(value)) {
    data = value.slice(); // a copy first: the source may be another module's memory, which can grow or change
  } else if (!Array.isArray(value) && value !== null && typeof value === 'object') {
    if (typeof value[Symbol.iterator] === 'function') data = Array.from(value);
    else if (Number.isSafeInteger(value.length) && value.length >= 0)
      data = Array.from({ length: value.length }, (_, i) => value[i]);
    else
      throw new WtError(
        'WT_EINVAL',
        `fromArrayLike: expected an array, TypedArray, ArrayBuffer, DataView, array-like or iterable, got ${typeName(value)}`,
      );
  }
  return wt.tensor(data, {
    ...(opts.dtype ? { dtype: opts.dtype } : {}),
    ...(opts.shape ? { shape: opts.shape } : {}),
  });
}

// bytes of a buffer as a TypedArray of dtype (a copy, so alignment never matters)
function bytesAs(buffer, offset, length, dtype) {
  const i = DTYPES.indexOf(dtype);
  if (i < 0)
    throw new WtError('WT_EDTYPE', `fromArrayLike: dtype must be one of ${DTYPES.join(', ')}, got ${typeName(dtype)}`);
  const Ctor = ARRAYS[i];
  if (length % Ctor.BYTES_PER_ELEMENT)
    throw new WtError('WT_ESHAPE', `fromArrayLike: ${length} bytes are not a whole number of ${dtype} elements`);
  const bytes = new Uint8Array(buffer, offset, length).slice();
  return new Ctor(bytes.buffer); // bool bytes: wt.tensor makes any nonzero byte true
}

// ---- sharing with another instance on the same memory ----------------------

const NOT_SHARED =
  "this wtensor instance's memory is not shared: start it with the threaded build (init({ threads: 2 }) or more; in browsers on a cross-origin-isolated page)";

// wt.share(): what init({ share }) needs to start an instance on this memory
export function shareMemory(engine) {
  if (engine.memoryId === undefined) throw new WtError('WT_EINVAL', `share: ${NOT_SHARED}`);
  return Object.freeze({
    wtensor: 'shared memory',
    module: engine.module,
    memory: engine.memory,
    memoryId: engine.memoryId,
  });
}

// t.share(): a ticket for one wt.attach, by any instance on this memory
export function share(engine, t) {
  engine.handle(t, 'share: tensor');
  const mem = shareMemory(engine);
  engine.check(engine.ex.wt_tensor_share(t._ptr, engine.outPtr));
  const ticket = engine.takeOut();
  return Object.freeze({ ...mem, wtensor: 'shared tensor', ticket, names: t._names, dtype: t.dtype, shape: t.shape });
}

// a handle from share() or shareMemory(), as received (structured clones included)
export function checkShared(h, what, kind) {
  const ok =
    h !== null &&
    typeof h === 'object' &&
    (h.wtensor === 'shared memory' || h.wtensor === 'shared tensor') &&
    h.module instanceof WebAssembly.Module &&
    h.memory instanceof WebAssembly.Memory &&
    typeof h.memoryId === 'bigint' &&
    typeof SharedArrayBuffer === 'function' &&
    h.memory.buffer instanceof SharedArrayBuffer;
  if (!ok) throw new WtError('WT_EINVAL', `${what} must be what t.share() or wt.share() returned, got ${typeName(h)}`);
  if (kind && h.wtensor !== kind)
    throw new WtError(
      'WT_EINVAL',
      `${what} must be what t.share() returned, not wt.share()'s handle on the memory alone`,
    );
  return h;
}

// wt.attach(ticket): the shared tensor, as this instance's own handle (once)
export function attach(engine, h) {
  checkShared(h, 'attach: handle', 'shared tensor');
  if (h.memoryId !== engine.memoryId) {
    throw new WtError(
      'WT_EINVAL',
      "attach: this tensor was shared on another memory than this instance's; start an instance on its memory with init({ share: handle })",
    );
  }
  if (!Number.isInteger(h.ticket) || h.ticket <= 0 || h.ticket >= 2 ** 32)
    throw new WtError('WT_EINVAL', `attach: the ticket must be a pointer, got ${typeName(h.ticket)}`);
  engine.check(engine.ex.wt_tensor_attach(h.ticket, engine.outPtr));
  const t = engine.adopt(engine.takeOut());
  return h.names ? withNames(t, h.names) : t;
}

// wt.detach(): the end of an instance started with init({ share }): its
// tensors' handles, its scratch, stack and thread state are freed; any
// later call is a WtError.  Other instances' tensors are not touched.
export function detach(engine) {
  if (!engine.attached)
    throw new WtError('WT_EINVAL', 'detach: only an instance started with init({ share }) can be detached');
  if (engine.detached) return;
  for (const ptr of engine.live) engine.ex.wt_tensor_free(ptr);
  engine.live.clear();
  engine.ex.wt_free(engine.scratch);
  leaveThread(engine.ex, engine.memory);
  engine.detached = true;
}
