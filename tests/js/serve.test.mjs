// npm start's server, started as npm start starts it: the URL it prints,
// the headers the demos rely on, and what it refuses to serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { request } from 'node:http';
import { DEMO_CSP } from '../../scripts/serve.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

// raw GET (fetch would normalise '/../' away before sending it)
const get = (url, path) =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    request({ hostname, port, path, method: 'GET' }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });

test('npm start serves the demos on 127.0.0.1 with the headers they need', { timeout: 60_000 }, async () => {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = out.match(/wtensor demos: (http:\/\/127\.0\.0\.1:\d+)\/web\//);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`start.mjs exited with ${code}: ${out}`)));
    });
    const home = await get(url, '/');
    assert.equal(home.status, 302);
    assert.equal(home.headers.location, '/web/');
    const page = await get(url, '/web/');
    assert.equal(page.status, 200);
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(page.headers['content-security-policy'], DEMO_CSP);
    assert.match(DEMO_CSP, /script-src 'self' 'wasm-unsafe-eval';/);
    assert.doesNotMatch(DEMO_CSP, /'unsafe-(eval|inline)'/);
    const wasm = await get(url, '/dist/wtensor.wasm');
    assert.equal(wasm.status, 200);
    assert.equal(wasm.headers['content-type'], 'application/wasm');
    assert.deepEqual([...wasm.body.subarray(0, 4)], [0, 0x61, 0x73, 0x6d]);
    for (const r of [page, wasm]) {
      assert.equal(r.headers['cross-origin-opener-policy'], 'same-origin');
      assert.equal(r.headers['cross-origin-embedder-policy'], 'require-corp');
      assert.equal(r.headers['cross-origin-resource-policy'], 'same-origin');
    }
    assert.equal((await get(url, '/bindings/index.js')).headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal((await get(url, '/web')).status, 301);
    for (const path of [
      '/package.json',
      '/tests/js/helpers.mjs',
      '/src/core.h',
      '/web/../package.json',
      '/web/%2e%2e/package.json',
      '/web/nope.html',
      '/web/%E0%A4%A',
    ]) {
      const r = await get(url, path);
      assert.ok(r.status === 404 || r.status === 400, `${path}: ${r.status}`);
      assert.doesNotMatch(r.body.toString(), /"name": "wtensor"/, path);
    }
    const post = await new Promise((resolve) => request(`${url}/web/`, { method: 'POST' }, resolve).end());
    assert.equal(post.statusCode, 405);
  } finally {
    child.kill();
  }
});

test('a port asked for that is taken is an error, not a silent move', { timeout: 60_000 }, async () => {
  const { createServer } = await import('node:net');
  const blocker = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => blocker.once('listening', r));
  const port = blocker.address().port;
  try {
    const child = spawn(process.execPath, ['scripts/serve.mjs', '--port', String(port)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    const code = await new Promise((r) => child.on('exit', r));
    assert.notEqual(code, 0);
    assert.match(
      err,
      new RegExp(
        `^serve: port ${port} on 127\\.0\\.0\\.1 is in use \\(EADDRINUSE\\); pick another with --port N or PORT=N\n$`,
      ),
    );
  } finally {
    blocker.close();
  }
});
