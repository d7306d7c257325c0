// The npm tarball: ships exactly the package files, installs into an empty
// directory and imports there with Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pack, appWith } from './pack.mjs';

test('npm pack -> install in an empty directory -> import { init } from "wtensor"', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wtensor-pack-'));
  try {
    const { tarball, files } = pack(dir);
    assert.deepEqual(files, [
      'LICENSE', 'README.md', 'bindings/dtypes.js', 'bindings/engine.js', 'bindings/errors.js', 'bindings/files.js', 'bindings/index.d.ts',
      'bindings/index.js', 'bindings/loader.js', 'bindings/ops.js', 'bindings/tensor.js', 'dist/wtensor.wasm', 'include/wtensor.h', 'package.json',
    ]);
    const app = appWith(dir, tarball, {
      'main.js': `
        import { init, WtError } from 'wtensor';
        const wt = await init();
        const a = wt.arange(6).reshape([2, 3]);
        console.log(JSON.stringify({ t: a.T.toArray(), simd: wt.info().simd, err: WtError.name }));
      `,
    });
    const out = JSON.parse(execFileSync(process.execPath, ['main.js'], { cwd: app, encoding: 'utf8' }));
    assert.deepEqual(out, { t: [[0, 3], [1, 4], [2, 5]], simd: true, err: 'WtError' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
