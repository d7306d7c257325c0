// The hand-written .d.ts: tsc checks a typed usage file against it, and the
// declarations mention no `any`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('tsc --noEmit accepts the typed usage file', () => {
  const tsc = `${root}node_modules/typescript/bin/tsc`;
  try {
    execFileSync(process.execPath, [tsc, '-p', `${root}tests/js/types/tsconfig.json`], { cwd: root, encoding: 'utf8' });
  } catch (e) {
    assert.fail(`tsc reported:\n${e.stdout}${e.stderr}`);
  }
});

test('the public declarations use no any', () => {
  const dts = readFileSync(`${root}bindings/index.d.ts`, 'utf8');
  // comments and string literal types ('any' is a reduction) are not types
  const code = dts.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '').replace(/'[^']*'/g, "''");
  assert.doesNotMatch(code, /\bany\b/);
});
