// The npm tarball: ships exactly the package files, installs into an empty
// directory and imports there with Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { init } from '../../bindings/index.js';
import { pack, appWith } from './pack.mjs';

// every module of the package (bindings/ and its folders), and nothing else there
const bindings = readdirSync(new URL('../../bindings/', import.meta.url), { recursive: true })
  .filter((f) => f.endsWith('.js'))
  .map((f) => `bindings/${f}`);

test('npm pack -> install in an empty directory -> import { init } from "wtensor", and npx wtensor', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wtensor-pack-'));
  try {
    const { tarball, files } = pack(dir);
    assert.deepEqual(
      files,
      [
        'LICENSE',
        'README.md',
        ...bindings,
        'bindings/index.d.ts',
        'dist/wtensor-cli.wasm',
        'dist/wtensor-mt-relaxed.wasm',
        'dist/wtensor-mt.wasm',
        'dist/wtensor-reactor.wasm',
        'dist/wtensor-relaxed.wasm',
        'dist/wtensor.wasm',
        'docs/EMBEDDING.md',
        'include/wtensor.h',
        'package.json',
        'third_party/dlpack/LICENSE',
        'third_party/dlpack/README.md',
        'third_party/dlpack/include/dlpack/dlpack.h',
      ].sort(),
    );
    const app = appWith(dir, tarball, {
      'main.js': `
        import { init, WtError } from 'wtensor';
        const wt = await init();
        const a = wt.arange(6).reshape([2, 3]);
        console.log(JSON.stringify({ t: a.T.toArray(), simd: wt.info().simd, err: WtError.name }));
      `,
    });
    const out = JSON.parse(execFileSync(process.execPath, ['main.js'], { cwd: app, encoding: 'utf8' }));
    assert.deepEqual(out, {
      t: [
        [0, 3],
        [1, 4],
        [2, 5],
      ],
      simd: true,
      err: 'WtError',
    });
    // the package's bin: npx wtensor runs the WASI command
    writeFileSync(join(app, 'a.npy'), (await init()).eye(3, 3, 0, 'float32').toNpy());
    const npx = (...args) => execFileSync('npx', ['--no-install', 'wtensor', ...args], { cwd: app, encoding: 'utf8' });
    assert.equal(npx('--version'), 'wtensor 0.1.0 (wasm_simd128)\n');
    npx('einsum', 'ii->', 'a.npy', '-o', 'trace.npy');
    assert.match(
      npx('info', 'trace.npy'),
      /^trace\.npy: \.npy, float32, shape \(\), C order, 1 element of 4 bytes\n {2}min 3 {2}max 3 /,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
