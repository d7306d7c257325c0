// The embedding reactor (docs/EMBEDDING.md): its imports and exports are what
// the document says, its memory grows from 16 MiB to at most 2 GiB, and the
// document's Node host and Python host (under Wasmtime, from .venv) run and
// print exactly what the document shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const doc = readFileSync(`${root}docs/EMBEDDING.md`, 'utf8');
const module = new WebAssembly.Module(readFileSync(`${root}dist/wtensor-reactor.wasm`));

test('the reactor imports only WASI and exports memory, its function table, _initialize and every WT_API function', () => {
  const imports = WebAssembly.Module.imports(module)
    .map((i) => `${i.module}.${i.name}`)
    .sort();
  assert.deepEqual(imports, [
    'wasi_snapshot_preview1.fd_close',
    'wasi_snapshot_preview1.fd_seek',
    'wasi_snapshot_preview1.fd_write',
  ]);
  const api = readFileSync(`${root}include/wtensor.h`, 'utf8')
    .match(/^WT_API[^(]*?\b(wt_\w+)\s*\(/gm)
    .map((l) => l.match(/(wt_\w+)\s*\($/)[1]);
  assert.equal(api.length, 143);
  assert.match(doc, /every function declared `WT_API` in `include\/wtensor\.h` \(143 in 0\.1\.0\)/);
  const exports = WebAssembly.Module.exports(module)
    .map((e) => e.name)
    .sort();
  assert.deepEqual(exports, [...api, '__indirect_function_table', '_initialize', 'memory'].sort());
});

test('its memory starts at 16 MiB and grows to 2 GiB at most, so every pointer is a positive i32', async () => {
  const stub = new Proxy({}, { get: () => () => 0 });
  const { exports } = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: stub });
  assert.equal(exports.memory.buffer.byteLength, 16 << 20);
  exports.memory.grow(32768 - 256);
  assert.equal(exports.memory.buffer.byteLength, 2 ** 31);
  assert.throws(() => exports.memory.grow(1), RangeError);
});

const python = `${root}.venv/bin/python`;

test("the document's Python host runs under Wasmtime and prints what the Node host prints", () => {
  const code = doc.match(/<!-- python-host-example -->\n```python\n([\s\S]*?)```/)[1];
  const shown = doc.match(/<!-- host-output -->\n```\n([\s\S]*?)```/)[1];
  assert.equal(execFileSync(python, ['-c', code], { cwd: `${root}dist`, encoding: 'utf8' }), shown);
});

test('under a Wasmtime memory limit, a call past it is WT_ENOMEM and the instance stays usable', () => {
  const code = `
import struct
from wasmtime import Engine, Linker, Module, Store, WasiConfig
engine = Engine(); store = Store(engine); store.set_wasi(WasiConfig())
store.set_limits(memory_size=64 << 20)
linker = Linker(engine); linker.define_wasi()
ex = linker.instantiate(store, Module.from_file(engine, "wtensor-reactor.wasm")).exports(store)
ex["_initialize"](store)
out = ex["wt_malloc"](store, 4)
shape = ex["wt_malloc"](store, 8)
ex["memory"].write(store, struct.pack("<q", 32 << 20), shape)     # 32 Mi float64: 256 MiB
print(ex["wt_tensor_zeros"](store, 8, 1, shape, out))             # WT_ENOMEM
ex["memory"].write(store, struct.pack("<q", 1 << 20), shape)      # 1 Mi float64: 8 MiB
print(ex["wt_tensor_zeros"](store, 8, 1, shape, out), ex["wt_memory_tensors"](store))
`;
  const printed = execFileSync(python, ['-c', code], { cwd: `${root}dist`, encoding: 'utf8' });
  assert.equal(printed, '4\n0 1\n'); // WT_ENOMEM = 4, then a tensor made
});

test("the document's Node host runs and prints what the document shows", () => {
  const code = doc.match(/<!-- host-example -->\n```js\n([\s\S]*?)```/)[1];
  const shown = doc.match(/<!-- host-output -->\n```\n([\s\S]*?)```/)[1];
  const file = `${root}dist/.embed-host-test.mjs`; // beside the module, which the program reads by a relative path
  writeFileSync(file, code);
  try {
    const printed = execFileSync(process.execPath, ['--disable-warning=ExperimentalWarning', file], {
      cwd: `${root}dist`,
      encoding: 'utf8',
    });
    assert.equal(printed, shown);
  } finally {
    rmSync(file, { force: true });
  }
});
