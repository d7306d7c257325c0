// The npm tarball: ships exactly the package files, installs into an empty
// directory and imports there with Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });

test('npm pack -> install in an empty directory -> import { init } from "wtensor"', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wtensor-pack-'));
  try {
    const listing = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], root));
    const files = listing[0].files.map((f) => f.path).sort();
    assert.deepEqual(files, [
      'LICENSE', 'README.md', 'bindings/dtypes.js', 'bindings/engine.js', 'bindings/errors.js', 'bindings/files.js', 'bindings/index.d.ts',
      'bindings/index.js', 'bindings/loader.js', 'bindings/ops.js', 'bindings/tensor.js', 'dist/wtensor.wasm', 'include/wtensor.h', 'package.json',
    ]);
    const app = join(dir, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', type: 'module', private: true }));
    npm(['install', join(dir, listing[0].filename)], app);
    writeFileSync(join(app, 'main.js'), `
      import { init, WtError } from 'wtensor';
      const wt = await init();
      const a = wt.arange(6).reshape([2, 3]);
      console.log(JSON.stringify({ t: a.T.toArray(), simd: wt.info().simd, err: WtError.name }));
    `);
    const out = JSON.parse(execFileSync(process.execPath, ['main.js'], { cwd: app, encoding: 'utf8' }));
    assert.deepEqual(out, { t: [[0, 3], [1, 4], [2, 5]], simd: true, err: 'WtError' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
