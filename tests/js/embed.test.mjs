// The embedding reactor (docs/EMBEDDING.md): its imports and exports are what
// the document says, its memory is fixed, and the document's Node host runs
// and prints exactly what the document shows.
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
  assert.equal(api.length, 95);
  assert.match(doc, /every function declared `WT_API` in `include\/wtensor\.h` \(95 in 0\.1\.0\)/);
  const exports = WebAssembly.Module.exports(module)
    .map((e) => e.name)
    .sort();
  assert.deepEqual(exports, [...api, '__indirect_function_table', '_initialize', 'memory'].sort());
});

test('its memory is fixed at 2 GiB: it cannot grow', async () => {
  const stub = new Proxy({}, { get: () => () => 0 });
  const { exports } = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: stub });
  assert.equal(exports.memory.buffer.byteLength, 2 ** 31);
  assert.throws(() => exports.memory.grow(1), RangeError);
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
