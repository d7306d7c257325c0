// Finds, checks and compiles wtensor.wasm.  No Emscripten glue and no eval:
// only WebAssembly.compile, so a CSP with 'wasm-unsafe-eval' suffices.
import { WtError } from './errors.js';

const DEFAULT_URL = new URL('../dist/wtensor.wasm', import.meta.url);
export const isNode = typeof process === 'object' && !!process.versions?.node;

function describe(bytes) {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 64)).trimStart();
  if (head.startsWith('<')) return `HTML (it starts with "${head.slice(0, 30).replace(/\s+/g, ' ')}")`;
  if (bytes.length === 0) return 'an empty file';
  const hex = [...bytes.subarray(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  return `bytes that are not WebAssembly (they start with ${hex}, not 00 61 73 6d)`;
}

async function compileBytes(bytes, where) {
  const u8 =
    bytes instanceof ArrayBuffer
      ? new Uint8Array(bytes)
      : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (u8.length < 4 || u8[0] !== 0 || u8[1] !== 0x61 || u8[2] !== 0x73 || u8[3] !== 0x6d) {
    throw new WtError(
      'WT_ELOAD',
      `expected WebAssembly from ${where} but got ${describe(u8)}; ` +
        'check that wtensor.wasm is served at that URL (or pass it with init({ wasm }))',
    );
  }
  try {
    return await WebAssembly.compile(u8);
  } catch (e) {
    throw new WtError('WT_ELOAD', `could not compile wtensor.wasm from ${where}: ${e.message}`);
  }
}

async function fromResponse(response, where) {
  if (!response.ok) {
    throw new WtError(
      'WT_ELOAD',
      `could not load wtensor.wasm from ${where}: HTTP ${response.status} ${response.statusText}`.trim(),
    );
  }
  return compileBytes(new Uint8Array(await response.arrayBuffer()), where);
}

async function fromUrl(url) {
  if (url.protocol === 'file:' && isNode) {
    const fs = await import(/* @vite-ignore */ 'node:' + 'fs/promises');
    let bytes;
    try {
      bytes = await fs.readFile(url);
    } catch (e) {
      throw new WtError('WT_ELOAD', `could not read wtensor.wasm at ${url.pathname}: ${e.message}`);
    }
    return compileBytes(bytes, url.pathname);
  }
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new WtError('WT_ELOAD', `could not fetch wtensor.wasm from ${url}: ${e.message}`);
  }
  return fromResponse(response, url.href);
}

// source: undefined (the packaged file), bytes, a WebAssembly.Module, a URL
// (or string), a Response, or a promise of any of these.
export async function loadModule(source) {
  source = await source;
  if (source === undefined || source === null) return fromUrl(DEFAULT_URL);
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return compileBytes(source, 'the given bytes');
  if (typeof Response !== 'undefined' && source instanceof Response)
    return fromResponse(source, source.url || 'the given Response');
  if (source instanceof URL) return fromUrl(source);
  if (typeof source === 'string') {
    const base = typeof location === 'object' && location.href ? location.href : DEFAULT_URL;
    return fromUrl(new URL(source, base));
  }
  throw new WtError(
    'WT_ELOAD',
    `options.wasm must be bytes, a WebAssembly.Module, a URL or a Response, not ${typeof source}`,
  );
}
