// npm pack the repository, then install the tarball into a fresh app
// directory, as a user's project gets wtensor (package.test.mjs, vite.test.mjs).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const npm = (args, cwd) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });

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
