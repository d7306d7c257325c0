// Bundlers beside Vite (vite.test.mjs): an app importing wtensor from the
// packed tarball, bundled by esbuild, Rollup and webpack 5 with the recipe
// README's "Runtimes and bundlers" gives for each, served cross-origin
// isolated (with the demos' CSP) and run in Chromium on the threaded build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';
import { rollup } from 'rollup';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import webpack from 'webpack';
import { pack, appWith, SAMPLE, SAMPLE_RESULT } from '../js/pack.mjs';
import { withBrowser, openPage } from './browser.mjs';

const page = (script) => `<!doctype html>
<html><head><meta charset="utf-8"><title>app</title><link rel="icon" href="data:,">
${script}</head><body><pre id="out"></pre></body></html>
`;

// the app, after its recipe's way of finding the wasm: (init options)
const app = (load) => `import { init, WtError } from 'wtensor';
${load.imports ?? ''}
const out = document.getElementById('out');
try {
  const wt = await init(${load.options ?? ''});
  ${SAMPLE}
  const big = wt.ones([512, 512], 'float32'); // large enough to split across the threads
  out.textContent = JSON.stringify({
    ...sample,
    sum: wt.sum(wt.add(big, big)).item(),
    threads: wt.info().threads,
    reason: wt.info().threadsReason,
  });
} catch (e) {
  out.textContent = 'failed: ' + e.message;
}
document.title = 'done';
`;

const BUNDLERS = {
  // esbuild: the wasm files imported with the file loader, the pool worker as a second entry point
  esbuild: {
    load: {
      imports: "import wasm from 'wtensor/wtensor.wasm';\nimport wasmThreads from 'wtensor/wtensor-mt.wasm';",
      options: '{ wasm, wasmThreads }',
    },
    script: '<script type="module" src="/main.js"></script>',
    async build(dir, out) {
      await esbuild({
        entryPoints: { main: join(dir, 'main.js'), worker: 'wtensor/worker.js' },
        absWorkingDir: dir,
        bundle: true,
        format: 'esm',
        platform: 'browser',
        outdir: out,
        loader: { '.wasm': 'file' },
        assetNames: '[name]-[hash]',
        logLevel: 'error',
      });
    },
  },
  // Rollup: node-resolve, the pool worker as a second input, the wasm files copied beside the bundle
  rollup: {
    load: {
      options:
        "{ wasm: new URL('./wtensor.wasm', import.meta.url), wasmThreads: new URL('./wtensor-mt.wasm', import.meta.url) }",
    },
    script: '<script type="module" src="/main.js"></script>',
    async build(dir, out) {
      const bundle = await rollup({
        input: { main: join(dir, 'main.js'), worker: join(dir, 'node_modules', 'wtensor', 'bindings', 'worker.js') },
        plugins: [nodeResolve({ browser: true })],
        onwarn: () => {},
      });
      await bundle.write({ dir: out, format: 'es', entryFileNames: '[name].js' });
      await bundle.close();
      for (const f of ['wtensor.wasm', 'wtensor-mt.wasm'])
        copyFileSync(join(dir, 'node_modules', 'wtensor', 'dist', f), join(out, f));
    },
  },
  // webpack 5: nothing to configure; it emits the wasm (new URL(..., import.meta.url)) and the worker itself,
  // the relaxed-SIMD variants too, which Chromium runs
  webpack: {
    threadedFile: 'wtensor-mt-relaxed.wasm',
    load: {},
    script: '<script defer src="/main.js"></script>',
    build(dir, out) {
      return new Promise((resolve, reject) =>
        webpack(
          {
            mode: 'production',
            context: dir,
            entry: './main.js',
            output: { path: out, filename: 'main.js', publicPath: '/' },
            performance: { hints: false },
          },
          (err, stats) =>
            err || stats.hasErrors() ? reject(err ?? new Error(stats.toString('errors-only'))) : resolve(),
        ),
      );
    },
  },
};

for (const [name, b] of Object.entries(BUNDLERS)) {
  test(`an app bundled by ${name} from the packed tarball runs in Chromium`, { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), `wtensor-${name}-`));
    try {
      const { tarball } = pack(dir);
      const root = appWith(dir, tarball, { 'main.js': app(b.load), 'index.html': page(b.script) });
      const out = join(root, 'dist');
      await b.build(root, out);
      copyFileSync(join(root, 'index.html'), join(out, 'index.html'));
      await withBrowser(
        async ({ browser, url }) => {
          const { page: p } = await openPage(browser, `${url}/`);
          await p.waitForFunction(() => document.title === 'done', null, { timeout: 60_000 });
          const got = await p.textContent('#out');
          assert.ok(!got.startsWith('failed'), got);
          assert.deepEqual(JSON.parse(got), {
            ...SAMPLE_RESULT,
            sum: 2 * 512 * 512,
            threads: 2,
            reason: `2 threads: the threaded build (${b.threadedFile ?? 'wtensor-mt.wasm'}) with 1 workers`,
          });
          assert.deepEqual(p.problems, []);
        },
        { root: out, dirs: null, csp: ['/'], index: '/' },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
