// npm start: builds the wasm if needed, then serves the demos in web/ on
// 127.0.0.1 (scripts/serve.mjs; PORT or --port picks the port, default 8080).
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const root = new URL('../', import.meta.url);
const built = ['wtensor.wasm', 'wtensor-relaxed.wasm'].every((f) => existsSync(new URL(`dist/${f}`, root)));
if (!built) {
  execFileSync('bash', ['scripts/setup.sh'], { cwd: root, stdio: 'inherit' });
  execFileSync('bash', ['scripts/build.sh', 'wasm', 'relaxed'], { cwd: root, stdio: 'inherit' });
}
const { serveDemos } = await import('./serve.mjs');
await serveDemos();
