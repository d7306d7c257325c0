// Cloudflare Workers: the packed tarball installed into a fresh project, a
// Worker that imports the wasm as a module (Workers compile no wasm from
// bytes), asked on 127.0.0.1 for einsum, view and broadcast results as JSON:
// bundled by esbuild and served by workerd (npm `workerd`, Cloudflare's
// runtime), and as a user's wrangler project under `wrangler dev`, offline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { pack, appWith, SAMPLE, SAMPLE_RESULT } from './pack.mjs';

const bin = (name) => fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));

// the module specifier differs: esbuild leaves ./wtensor.wasm to workerd's
// config, wrangler resolves the package's export itself
const worker = (wasmFrom) => `import { init, WtError } from 'wtensor';
import wasm from '${wasmFrom}';

let ready;
export default {
  async fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === '/no-wasm') {
      // without the module, init must say how to pass it (no import.meta.url here)
      try {
        await init();
        return Response.json({ ok: true });
      } catch (e) {
        return Response.json({ code: e instanceof WtError ? e.code : String(e), message: e.message });
      }
    }
    const wt = await (ready ??= init({ wasm }));
    ${SAMPLE}
    return Response.json({
      ...sample,
      view: a.T.slice('::-1').toArray(),
      broadcast: wt.add(a, wt.tensor([10, 20]).reshape([2, 1])).toArray(),
      info: { kernels: wt.info().kernels, threads: wt.info().threads, reason: wt.info().threadsReason },
    });
  },
};
`;

const config = (port) => `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [
    (name = "worker.js", esModule = embed "worker.js"),
    (name = "./wtensor.wasm", wasm = embed "wtensor.wasm"),
  ],
  compatibilityDate = "2025-09-01",
  compatibilityFlags = ["nodejs_compat"],
);
`;

const WRANGLER_CONFIG = `{
  "name": "app",
  "main": "index.js",
  "compatibility_date": "2025-09-01",
  "compatibility_flags": ["nodejs_compat"]
}
`;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url, proc, log) {
  for (let t0 = Date.now(); Date.now() - t0 < 60_000;) {
    if (proc.exitCode !== null) throw new Error(`the server exited (${proc.exitCode}):\n${log()}`);
    try {
      return await fetch(url);
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`the server did not answer in 60 s:\n${log()}`);
}

// starts cmd in cwd, asks for / and /no-wasm on 127.0.0.1:port, checks both
async function serveAndCheck(cmd, args, cwd, port, env) {
  let out = '';
  const proc = spawn(cmd, args, { cwd, env: { ...process.env, ...env } });
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  try {
    const res = await waitFor(`http://127.0.0.1:${port}/`, proc, () => out);
    assert.equal(res.status, 200, out);
    assert.deepEqual(await res.json(), EXPECTED);
    const noWasm = await (await fetch(`http://127.0.0.1:${port}/no-wasm`)).json();
    assert.equal(noWasm.code, 'WT_ELOAD');
    assert.match(noWasm.message, /import the wasm as a module \(import wasm from 'wtensor\/wtensor.wasm'\)/);
  } finally {
    proc.kill();
  }
}

const EXPECTED = {
  ...SAMPLE_RESULT,
  view: [
    [2, 5],
    [1, 4],
    [0, 3],
  ],
  broadcast: [
    [10, 11, 12],
    [23, 24, 25],
  ],
  info: {
    kernels: 'wasm_simd128',
    threads: 1,
    reason: 'Cloudflare Workers have no Worker API: a Worker runs on one thread',
  },
};

test('a Worker bundled by esbuild runs wtensor in workerd', { timeout: 180_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wtensor-workerd-'));
  try {
    const { tarball } = pack(dir);
    const app = appWith(dir, tarball, { 'src.js': worker('./wtensor.wasm') });
    await build({
      entryPoints: [join(app, 'src.js')],
      outfile: join(app, 'worker.js'),
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      conditions: ['workerd', 'worker', 'browser'],
      external: ['./wtensor.wasm'],
      logLevel: 'error',
    });
    copyFileSync(join(app, 'node_modules', 'wtensor', 'dist', 'wtensor.wasm'), join(app, 'wtensor.wasm'));
    const port = await freePort();
    writeFileSync(join(app, 'config.capnp'), config(port));
    await serveAndCheck(bin('workerd'), ['serve', 'config.capnp'], app, port);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// wrangler bundles with its own esbuild and runs workerd through miniflare; it
// needs no network (no login, no metrics, no Request.cf download)
test('a wrangler project runs wtensor under wrangler dev', { timeout: 180_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wtensor-wrangler-'));
  try {
    const { tarball } = pack(dir);
    const app = appWith(dir, tarball, {
      'index.js': worker('wtensor/wtensor.wasm'),
      'wrangler.jsonc': WRANGLER_CONFIG,
    });
    const port = await freePort();
    await serveAndCheck(bin('wrangler'), ['dev', '--ip', '127.0.0.1', '--port', String(port)], app, port, {
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_LOG_PATH: join(dir, 'logs'),
      XDG_CONFIG_HOME: join(dir, 'config'),
      CI: '1',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
