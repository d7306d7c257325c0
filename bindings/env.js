// Where this code runs, and what it may reach there.  Nothing here runs at
// import time that a runtime could refuse: Cloudflare Workers have no usable
// import.meta.url, bundlers must not see Node's built-ins as static imports.
import { WtError } from './errors.js';

const nav = globalThis.navigator;

// 'workerd' (Cloudflare Workers, also with nodejs_compat), 'deno', 'bun',
// 'node', 'browser' (a page or a Web Worker), or 'other'
export const runtime =
  nav?.userAgent === 'Cloudflare-Workers'
    ? 'workerd'
    : typeof globalThis.Deno === 'object'
      ? 'deno'
      : typeof globalThis.Bun === 'object'
        ? 'bun'
        : typeof process === 'object' && process.versions?.node
          ? 'node'
          : typeof globalThis.document === 'object' || typeof globalThis.WorkerGlobalScope === 'function'
            ? 'browser'
            : 'other';

// Node's built-in modules and file system: Node, and Deno and Bun through their Node compatibility
export const hasNodeBuiltins = runtime === 'node' || runtime === 'deno' || runtime === 'bun';

// A Node built-in by name.  The specifier is computed, so bundlers (esbuild,
// Rollup, webpack, Vite) leave the import alone instead of failing to resolve it.
export const nodeImport = (name) => import(/* webpackIgnore: true */ /* @vite-ignore */ `node:${name}`);

// The URLs of the modules the package ships, computed only when needed.  Each
// is written out as new URL('literal', import.meta.url): the form bundlers
// (Vite, webpack) recognise to emit the file as an asset.
const URLS = {
  'wtensor.wasm': () => new URL('../dist/wtensor.wasm', import.meta.url),
  'wtensor-mt.wasm': () => new URL('../dist/wtensor-mt.wasm', import.meta.url),
  'wtensor-relaxed.wasm': () => new URL('../dist/wtensor-relaxed.wasm', import.meta.url),
  'wtensor-mt-relaxed.wasm': () => new URL('../dist/wtensor-mt-relaxed.wasm', import.meta.url),
};

// the init option that passes a module: wasm, wasmThreads for the threaded
// build, wasmRelaxed and wasmThreadsRelaxed for their relaxed-SIMD variants
const OPTIONS = {
  'wtensor.wasm': 'wasm',
  'wtensor-mt.wasm': 'wasmThreads',
  'wtensor-relaxed.wasm': 'wasmRelaxed',
  'wtensor-mt-relaxed.wasm': 'wasmThreadsRelaxed',
};
export const optionOf = (file) => OPTIONS[file] ?? 'wasm';

export function packageUrl(file) {
  try {
    const url = URLS[file]();
    if (url.href) return url;
  } catch {
    // no import.meta.url here (Cloudflare Workers): below
  }
  throw new WtError(
    'WT_ELOAD',
    `cannot locate ${file}: this runtime gives modules no import.meta.url; import the wasm as a module ` +
      `(import wasm from 'wtensor/${file}') and pass it: init({ ${optionOf(file)}: wasm })`,
  );
}
