// Finds, checks and compiles wtensor's wasm modules.  No Emscripten glue and
// no eval: only WebAssembly.compile, so a CSP with 'wasm-unsafe-eval' suffices.
// Every message names the file it is about (wtensor.wasm or wtensor-mt.wasm).
import { WtError } from './errors.js';
import { hasNodeBuiltins, nodeImport, optionOf, packageUrl, runtime } from './env.js';

function describe(bytes) {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 64)).trimStart();
  if (head.startsWith('<')) return `HTML (it starts with "${head.slice(0, 30).replace(/\s+/g, ' ')}")`;
  if (bytes.length === 0) return 'an empty file';
  const hex = [...bytes.subarray(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  return `bytes that are not WebAssembly (they start with ${hex}, not 00 61 73 6d)`;
}

async function compileBytes(bytes, where, file) {
  const u8 =
    bytes instanceof ArrayBuffer
      ? new Uint8Array(bytes)
      : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (u8.length < 4 || u8[0] !== 0 || u8[1] !== 0x61 || u8[2] !== 0x73 || u8[3] !== 0x6d) {
    throw new WtError(
      'WT_ELOAD',
      `expected WebAssembly from ${where} but got ${describe(u8)}; ` +
        `check that ${file} is served at that URL (or pass it with init({ ${optionOf(file)} }))`,
    );
  }
  try {
    return await WebAssembly.compile(u8);
  } catch (e) {
    const hint =
      runtime === 'workerd'
        ? `; Cloudflare Workers compile no wasm from bytes: import ${file} as a module and pass init({ ${optionOf(file)}: module })`
        : '';
    throw new WtError('WT_ELOAD', `could not compile ${file} from ${where}: ${e.message}${hint}`);
  }
}

async function fromResponse(response, where, file) {
  if (!response.ok) {
    throw new WtError(
      'WT_ELOAD',
      `could not load ${file} from ${where}: HTTP ${response.status} ${response.statusText}`.trim(),
    );
  }
  return compileBytes(new Uint8Array(await response.arrayBuffer()), where, file);
}

async function fromUrl(url, file) {
  if (url.protocol === 'file:' && hasNodeBuiltins) {
    const fs = await nodeImport('fs/promises');
    let bytes;
    try {
      bytes = await fs.readFile(url);
    } catch (e) {
      throw new WtError('WT_ELOAD', `could not read ${file} at ${url.pathname}: ${e.message}`);
    }
    return compileBytes(bytes, url.pathname, file);
  }
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new WtError('WT_ELOAD', `could not fetch ${file} from ${url}: ${e.message}`);
  }
  return fromResponse(response, url.href, file);
}

// source: undefined (the packaged file), bytes, a WebAssembly.Module, a URL
// (or string), a Response, or a promise of any of these; file: which module it is.
export async function loadModule(source, file = 'wtensor.wasm') {
  source = await source;
  if (source === undefined || source === null) return fromUrl(packageUrl(file), file);
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return compileBytes(source, 'the given bytes', file);
  if (typeof Response !== 'undefined' && source instanceof Response)
    return fromResponse(source, source.url || 'the given Response', file);
  if (source instanceof URL) return fromUrl(source, file);
  if (typeof source === 'string') {
    const base = typeof location === 'object' && location.href ? location.href : packageUrl(file);
    return fromUrl(new URL(source, base), file);
  }
  throw new WtError(
    'WT_ELOAD',
    `options.${optionOf(file)} must be bytes, a WebAssembly.Module, a URL or a Response, not ${typeof source}`,
  );
}
