// The wasm reactor: exactly the header's API is exported, and nothing but the
// memory-growth hook is imported (no Emscripten JS glue).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';

const root = new URL('../../', import.meta.url);

test('reactor exports every WT_API function of include/wtensor.h', async () => {
  const header = await readFile(new URL('include/wtensor.h', root), 'utf8');
  const api = [...header.matchAll(/^WT_API[^(]*?\b(wt_[a-z0-9_]+)\(/gm)].map((m) => m[1]);
  assert.ok(api.length > 40, `found ${api.length} WT_API declarations`);
  const module = await WebAssembly.compile(await readFile(new URL('dist/wtensor.wasm', root)));
  const exports = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
  const missing = api.filter((name) => !exports.has(name));
  assert.deepEqual(missing, []);
  assert.ok(exports.has('memory') && exports.has('_initialize'));
  const imports = WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}`);
  assert.deepEqual(imports, ['env.emscripten_notify_memory_growth']);
});

test('reactor runs with SIMD and reports errors through the C API', async () => {
  const bytes = await readFile(new URL('dist/wtensor.wasm', root));
  let memory;
  const { instance } = await WebAssembly.instantiate(bytes, { env: { emscripten_notify_memory_growth() {} } });
  const ex = instance.exports;
  memory = ex.memory;
  ex._initialize();
  const str = (p) => {
    const u8 = new Uint8Array(memory.buffer);
    let e = p;
    while (u8[e]) e++;
    return new TextDecoder().decode(u8.subarray(p, e));
  };
  assert.equal(str(ex.wt_simd_name()), 'wasm_simd128');
  assert.equal(str(ex.wt_version()), '0.1.0');
  const out = ex.wt_malloc(4);
  const shape = ex.wt_malloc(16);
  new BigInt64Array(memory.buffer, shape, 2).set([3n, -1n]);
  assert.equal(ex.wt_tensor_zeros(7, 2, shape, out), 2); // WT_ESHAPE
  assert.match(str(ex.wt_error_message()), /negative dimension -1 at axis 1 in shape \(3,-1\)/);
  ex.wt_free(shape);
  ex.wt_free(out);
});
