// npm pack the repository, then install the tarball into a fresh app
// directory, as a user's project gets wtensor (package.test.mjs, vite.test.mjs).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const npm = (args, cwd) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });

// What every packaged app computes once its `wt` is ready (it imports WtError
// too): the same everywhere, so each test expects SAMPLE_RESULT from `sample`.
export const SAMPLE = `const a = wt.arange(6, null, 1, 'float32').reshape([2, 3]);
let err;
try {
  wt.einsum('ij->k', a);
} catch (e) {
  err = e instanceof WtError ? e.code : String(e);
}
const sample = { gram: wt.einsum('ij,kj->ik', a, a).toArray(), t: a.T.toArray(), err };`;
export const SAMPLE_RESULT = {
  gram: [
    [5, 14],
    [14, 50],
  ],
  t: [
    [0, 3],
    [1, 4],
    [2, 5],
  ],
  err: 'WT_EINVAL',
};

// packs into dir; returns the tarball's path and the files it holds
export function pack(dir) {
  const [listing] = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], root));
  return { tarball: join(dir, listing.filename), files: listing.files.map((f) => f.path).sort() };
}

// dir/app with package.json, the tarball installed, and the given files
export function appWith(dir, tarball, files) {
  const app = join(dir, 'app');
  mkdirSync(app, { recursive: true });
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'app', version: '1.0.0', type: 'module', private: true }),
  );
  npm(['install', tarball], app);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(app, name), text);
  return app;
}
