#!/usr/bin/env node
// `npx wtensor ...`: the WASI build of the wtensor command (dist/wtensor-cli.wasm,
// from src/cli.c) under Node's node:wasi.  The file system is preopened as '/'
// and the working directory passed as PWD, which the command enters, so
// relative and absolute paths work as they do for the native build.
import { readFile } from 'node:fs/promises';

process.removeAllListeners('warning'); // node:wasi is 'experimental' in Node 20: its warning is noise for a CLI
const { WASI } = await import('node:wasi');
const posix = process.platform !== 'win32';
const wasi = new WASI({
  version: 'preview1',
  args: ['wtensor', ...process.argv.slice(2)],
  env: posix ? { PWD: process.cwd() } : {},
  preopens: posix ? { '/': '/' } : { '.': '.' },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(new URL('../dist/wtensor-cli.wasm', import.meta.url)));
// wasiImport, not getImportObject(): Bun's node:wasi has only the former (Node and Deno have both)
const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport });
process.exitCode = wasi.start(instance);
