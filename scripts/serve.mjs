// The demos' static server: node:http on 127.0.0.1, nothing else.
//   node scripts/serve.mjs [--port N]       (npm start builds the wasm first, then runs this)
// It sends application/wasm for .wasm, COOP/COEP/CORP on every response (so
// crossOriginIsolated is true and a threaded build could run), and a Content
// Security Policy on the demo pages that allows no eval and no inline script:
// the pages prove that 'wasm-unsafe-eval' is all wtensor needs.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.md': 'text/markdown; charset=utf-8',
  '.npy': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
};

export const DEMO_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

// root: the directory served; dirs: the top-level folders under it that may be
// read (null: all); csp: the path prefixes whose HTML gets DEMO_CSP; index:
// where '/' redirects; isolate: send COOP/COEP/CORP (false shows what a page
// that is not cross-origin isolated gets: one thread, and why).
export function createStaticServer({ root, dirs = null, csp = ['/web/'], index = '/web/', isolate = true }) {
  const base = resolve(root);
  return createServer(async (req, res) => {
    const send = (status, text, headers = {}) => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
      res.end(req.method === 'HEAD' ? undefined : `${text}\n`);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed', { Allow: 'GET, HEAD' });
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      return send(400, 'bad request: the path is not valid percent-encoding');
    }
    if (path === '/' && index !== '/') return send(302, `see ${index}`, { Location: index });
    const top = path.split('/')[1];
    let file = resolve(join(base, path));
    if (path.includes('\0') || (file !== base && !file.startsWith(base + sep)) || (dirs && !dirs.includes(top))) {
      return send(404, `not found: ${path}`);
    }
    let info;
    try {
      info = await stat(file);
      if (info.isDirectory()) {
        if (!path.endsWith('/')) return send(301, `see ${path}/`, { Location: `${path}/` });
        file = join(file, 'index.html');
        info = await stat(file);
      }
    } catch {
      return send(404, `not found: ${path}`);
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const headers = {
      'Content-Type': type,
      'Content-Length': info.size,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      ...(isolate
        ? {
            'Cross-Origin-Opener-Policy': 'same-origin',
            'Cross-Origin-Embedder-Policy': 'require-corp',
            'Cross-Origin-Resource-Policy': 'same-origin',
          }
        : {}),
    };
    if (type.startsWith('text/html') && csp.some((p) => path.startsWith(p)))
      headers['Content-Security-Policy'] = DEMO_CSP;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  });
}

// Listens on 127.0.0.1:port; if a requested default port is taken, on any free
// one.  Resolves to { server, url }.
export function listen(server, port, { fallback = true } = {}) {
  return new Promise((resolveListen, reject) => {
    const onError = (e) => {
      if (e.code === 'EADDRINUSE' && fallback && port !== 0) {
        port = 0;
        server.listen(0, '127.0.0.1');
      } else {
        reject(e);
      }
    };
    server.on('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolveListen({ server, url: `http://127.0.0.1:${server.address().port}` });
    });
  });
}

export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
// what npm start serves of the repository: the demos and what they load
export const DEMO_DIRS = ['web', 'bindings', 'dist', 'bench'];

// npm start's server: the port from --port or PORT (default 8080, which moves
// aside if taken; a port asked for does not).
export async function serveDemos(argv = process.argv.slice(2), env = process.env) {
  const i = argv.indexOf('--port');
  const asked = i >= 0 ? argv[i + 1] : env.PORT;
  const port = Number(asked ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: the port must be an integer from 0 to 65535, got ${asked}`);
    process.exit(2);
  }
  let server, url;
  try {
    ({ server, url } = await listen(createStaticServer({ root: REPO_ROOT, dirs: DEMO_DIRS }), port, {
      fallback: asked === undefined,
    }));
  } catch (e) {
    console.error(
      e.code === 'EADDRINUSE'
        ? `serve: port ${port} on 127.0.0.1 is in use (EADDRINUSE); pick another with --port N or PORT=N`
        : `serve: ${e.message}`,
    );
    process.exit(1);
  }
  console.log(`wtensor demos: ${url}/web/   (Ctrl-C stops)`);
  return { server, url };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await serveDemos();
