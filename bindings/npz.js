// .npz: NumPy's zip of .npy members (np.savez: stored; np.savez_compressed:
// deflate).  The zip container is read and written here, deflate by the
// platform's DecompressionStream / CompressionStream ('deflate-raw'); each
// member is parsed by the C .npy reader.  Archives are untrusted: every
// offset and size is checked against the bytes, CRC-32s are verified, and
// inflation stops at the size the archive declares.
import { WtError } from './errors.js';
import { typeName } from './engine.js';
import { asBytes, readFile, writeFile } from './files.js';

// prefix: 'fromNpz:' for the archive, "fromNpz: member 'x.npy'" for a member
const fail = (prefix, msg) => {
  throw new WtError('WT_ESYNTAX', `${prefix} ${msg}`);
};
const MAX_MEMBER = 2 ** 32 - 1; // larger members need zip64 sizes and would not fit wasm32 memory anyway

let crcTable;
function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function streams() {
  if (typeof DecompressionStream !== 'function' || typeof CompressionStream !== 'function') {
    throw new WtError(
      'WT_EINVAL',
      'npz: this platform has no CompressionStream/DecompressionStream (Node >= 18 and current browsers do)',
    );
  }
}

// runs bytes through a (de)compression stream; more than `limit` bytes out is an error
async function pipe(bytes, stream, limit, what) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const chunks = [];
  let n = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      n += value.length;
      if (n > limit) {
        await reader.cancel();
        fail(what, `inflates past the ${limit} bytes the archive declares`);
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof WtError) throw e;
    fail(what, `its deflate data is corrupt (${e.message})`);
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (const c of chunks) out.set(c, (at += c.length) - c.length);
  return out;
}

// the zip64 extra field (0x0001) of entry e, at x with xlen bytes: the 64-bit
// values of the fields set to 0xffffffff, in order
function zip64Extra(dv, e, x0, xlen, what) {
  for (let x = x0; x + 4 <= x0 + xlen;) {
    const id = dv.getUint16(x, true),
      len = dv.getUint16(x + 2, true);
    if (id === 1) {
      let p = x + 4;
      for (const f of ['size', 'csize', 'offset']) {
        if (e[f] !== 0xffffffff) continue;
        if (p + 8 > x + 4 + len) fail(`${what}: member '${e.name}'`, 'has a zip64 extra field that is too short');
        e[f] = Number(dv.getBigUint64(p, true));
        p += 8;
      }
    }
    x += 4 + len;
  }
}

// the central directory: [{ name, method, crc, csize, size, offset }]
function directory(u8, what) {
  const dv = new DataView(u8.buffer, u8.byteOffset, u8.byteLength);
  let eocd = -1;
  for (let i = u8.length - 22; i >= Math.max(0, u8.length - 22 - 0xffff); i--) {
    if (dv.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) fail(`${what}:`, `not a zip archive: no end-of-central-directory record in its ${u8.length} bytes`);
  if (dv.getUint16(eocd + 4, true) !== 0 || dv.getUint16(eocd + 6, true) !== 0)
    fail(`${what}:`, 'multi-disk archives are not supported');
  let count = dv.getUint16(eocd + 10, true),
    at = dv.getUint32(eocd + 16, true);
  // zip64: the locator just before the record points at the zip64 record
  if ((count === 0xffff || at === 0xffffffff) && eocd >= 20 && dv.getUint32(eocd - 20, true) === 0x07064b50) {
    const z = Number(dv.getBigUint64(eocd - 12, true));
    if (z + 56 > eocd || dv.getUint32(z, true) !== 0x06064b50)
      fail(`${what}:`, 'its zip64 end-of-central-directory record is missing or out of range');
    count = Number(dv.getBigUint64(z + 32, true));
    at = Number(dv.getBigUint64(z + 48, true));
  }
  const entries = [];
  for (let k = 0; k < count; k++) {
    if (at + 46 > u8.length || dv.getUint32(at, true) !== 0x02014b50)
      fail(`${what}:`, `central directory entry ${k + 1} of ${count} is missing or out of range (offset ${at})`);
    const flags = dv.getUint16(at + 8, true),
      nlen = dv.getUint16(at + 28, true),
      xlen = dv.getUint16(at + 30, true),
      clen = dv.getUint16(at + 32, true);
    if (at + 46 + nlen + xlen + clen > u8.length)
      fail(`${what}:`, `central directory entry ${k + 1} runs past the end of the archive`);
    const e = {
      name: new TextDecoder().decode(u8.subarray(at + 46, at + 46 + nlen)),
      method: dv.getUint16(at + 10, true),
      crc: dv.getUint32(at + 16, true),
      csize: dv.getUint32(at + 20, true),
      size: dv.getUint32(at + 24, true),
      offset: dv.getUint32(at + 42, true),
    };
    if (flags & 1) fail(`${what}: member '${e.name}'`, 'is encrypted');
    zip64Extra(dv, e, at + 46 + nlen, xlen, what);
    entries.push(e);
    at += 46 + nlen + xlen + clen;
  }
  return entries;
}

// fromNpz(bytes) -> { name: Tensor } in archive order ('x.npy' is named 'x')
export async function readNpz(engine, bytes) {
  const what = 'fromNpz';
  const u8 = asBytes(bytes, what);
  streams();
  const dv = new DataView(u8.buffer, u8.byteOffset, u8.byteLength);
  const entries = directory(u8, what);
  // inflate and check every member before making any tensor: a bad archive makes none
  const members = [];
  for (const e of entries) {
    const m = `${what}: member '${e.name}'`;
    if (e.offset + 30 > u8.length || dv.getUint32(e.offset, true) !== 0x04034b50)
      fail(m, `has no local header at offset ${e.offset}`);
    const start = e.offset + 30 + dv.getUint16(e.offset + 26, true) + dv.getUint16(e.offset + 28, true);
    if (start + e.csize > u8.length) fail(m, `has ${e.csize} bytes of data that run past the end of the archive`);
    if (e.size > MAX_MEMBER) fail(m, `declares ${e.size} bytes, more than wasm32 memory holds`);
    const raw = u8.subarray(start, start + e.csize);
    let data;
    if (e.method === 0) data = raw;
    else if (e.method === 8) data = await pipe(raw, new DecompressionStream('deflate-raw'), e.size, m);
    else fail(m, `uses compression method ${e.method}; .npz members are stored (0) or deflated (8)`);
    if (data.length !== e.size) fail(m, `holds ${data.length} bytes, the archive says ${e.size}`);
    if (crc32(data) !== e.crc) fail(m, 'fails its CRC-32 check');
    members.push([e.name.endsWith('.npy') ? e.name.slice(0, -4) : e.name, data]);
  }
  const out = {};
  try {
    for (const [name, data] of members) {
      if (Object.hasOwn(out, name)) fail(`${what}: member '${name}.npy'`, 'appears twice');
      let t;
      try {
        t = readFile(engine, 'wt_npy_read', what, data);
      } catch (e) {
        throw e instanceof WtError ? new WtError(e.code, `${what}: member '${name}': ${e.message}`) : e;
      }
      Object.defineProperty(out, name, { value: t, enumerable: true, writable: true, configurable: true });
    }
  } catch (e) {
    for (const t of Object.values(out)) t.dispose();
    throw e;
  }
  return out;
}

// toNpz({ name: tensor } or [tensors] (named arr_0, ...), { compress }) -> Uint8Array
export async function writeNpz(engine, tensors, opts = {}) {
  const what = 'toNpz';
  if (opts === null || typeof opts !== 'object')
    throw new WtError('WT_EINVAL', `${what}: options must be an object, got ${typeName(opts)}`);
  if (tensors === null || typeof tensors !== 'object')
    throw new WtError('WT_EINVAL', `${what}: expected an object or array of tensors, got ${typeName(tensors)}`);
  streams();
  const named = Array.isArray(tensors) ? tensors.map((t, i) => [`arr_${i}`, t]) : Object.entries(tensors);
  if (named.length > 0xffff) throw new WtError('WT_EINVAL', `${what}: at most 65535 members, got ${named.length}`);
  // every member's bytes first (the C writer validates each tensor), then the container
  const files = named.map(([name, t]) => {
    if (name === '') throw new WtError('WT_EINVAL', `${what}: a member name must not be empty`);
    return [new TextEncoder().encode(`${name}.npy`), writeFile(engine, 'wt_npy_write', `${what}: '${name}'`, t)];
  });
  const parts = [],
    central = [];
  let offset = 0;
  for (const [name, data] of files) {
    const body = opts.compress ? await pipe(data, new CompressionStream('deflate-raw'), Infinity, what) : data;
    const crc = crc32(data);
    if (offset + 30 + name.length + body.length > MAX_MEMBER)
      throw new WtError('WT_ENOMEM', `${what}: archives of 4 GiB or more are not supported`);
    // shared fields of the local header and the central entry, from 'version needed' on
    const common = [
      [20, 2],
      [0x0800, 2],
      [opts.compress ? 8 : 0, 2],
      [0, 2],
      [0x21, 2],
      [crc, 4],
      [body.length, 4],
      [data.length, 4],
      [name.length, 2],
      [0, 2],
    ];
    parts.push(le([[0x04034b50, 4], ...common]), name, body);
    central.push(
      le([[0x02014b50, 4], [20, 2], ...common, [0, 2], [0, 2], [0, 2], [0o600 << 16, 4], [offset, 4]]),
      name,
    );
    offset += 30 + name.length + body.length;
  }
  const size = central.reduce((n, p) => n + p.length, 0);
  const end = le([
    [0x06054b50, 4],
    [0, 2],
    [0, 2],
    [files.length, 2],
    [files.length, 2],
    [size, 4],
    [offset, 4],
    [0, 2],
  ]);
  const out = new Uint8Array(offset + size + end.length);
  let at = 0;
  for (const p of [...parts, ...central, end]) out.set(p, (at += p.length) - p.length);
  return out;
}

// little-endian fields [[value, bytes], ...]
function le(fields) {
  const out = new Uint8Array(fields.reduce((n, [, w]) => n + w, 0));
  const dv = new DataView(out.buffer);
  let at = 0;
  for (const [v, w] of fields) {
    if (w === 2) dv.setUint16(at, v, true);
    else dv.setUint32(at, v >>> 0, true);
    at += w;
  }
  return out;
}
