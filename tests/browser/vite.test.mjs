// (3) The bundler case users hit most: a tiny app that imports wtensor from
// the packed tarball, built by Vite, served (with the demos' CSP) and run in
// Chromium.  Vite must emit the wasm as an asset from the loader's
// new URL('../dist/wtensor.wasm', import.meta.url).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { pack, appWith, SAMPLE, SAMPLE_RESULT } from '../js/pack.mjs';
import { withBrowser, openPage, screenshot } from './browser.mjs';

const INDEX = `<!doctype html>
<html><head><meta charset="utf-8"><title>app</title><link rel="icon" href="data:,">
<script type="module" src="/main.js"></script></head>
<body><pre id="out"></pre></body></html>
`;
const MAIN = `import { init, WtError } from 'wtensor';

const out = document.getElementById('out');
try {
  const wt = await init();
  ${SAMPLE}
  out.textContent = JSON.stringify({ ...sample, kernels: wt.info().kernels, threads: wt.info().threads });
} catch (e) {
  out.textContent = 'failed: ' + e.message;
}
document.title = 'done';
`;

test('a Vite-built app importing wtensor from the packed tarball runs in Chromium', { timeout: 180_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wtensor-vite-'));
  try {
    const { tarball } = pack(dir);
    const app = appWith(dir, tarball, { 'index.html': INDEX, 'main.js': MAIN });
    const dist = join(app, 'dist');
    await build({ root: app, configFile: false, logLevel: 'error', build: { outDir: dist, emptyOutDir: true } });
    const assets = readdirSync(join(dist, 'assets'));
    // the four modules, each once: wtensor, wtensor-mt and their relaxed-SIMD variants (hash suffixes)
    const wasm = assets.filter((f) => f.endsWith('.wasm')).map((f) => f.replace(/-[\w-]{8}\.wasm$/, ''));
    assert.deepEqual(
      wasm.sort(),
      ['wtensor', 'wtensor-mt', 'wtensor-mt-relaxed', 'wtensor-relaxed'],
      'every wasm is emitted as an asset',
    );
    assert.equal(assets.filter((f) => /^worker-.*\.js$/.test(f)).length, 1, 'the pool worker is bundled');
    await withBrowser(
      async ({ browser, url }) => {
        const { page } = await openPage(browser, `${url}/`);
        await page.waitForFunction(() => document.title === 'done', null, { timeout: 60_000 });
        assert.deepEqual(JSON.parse(await page.textContent('#out')), {
          ...SAMPLE_RESULT,
          kernels: 'wasm_relaxed_simd', // Chromium validates relaxed SIMD
          threads: 2,
        });
        await screenshot(page, 'vite-app');
        assert.deepEqual(page.problems, []);
      },
      { root: dist, dirs: null, csp: ['/'], index: '/' },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
