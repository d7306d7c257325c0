// Deno and Bun (both from npm, pinned in the lockfile): the packed tarball
// installed into a fresh project and imported through node_modules — the
// library on its threaded build, the `wtensor` command (WASI through their
// node:wasi), and docs/EMBEDDING.md's host — each checked against Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pack, appWith, SAMPLE, SAMPLE_RESULT } from './pack.mjs';
import { relaxedSupported } from '../../bindings/variant.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
// how each runtime runs a script (Deno with the permissions README gives: the
// library reads its wasm, the environment and the core count; the command writes files)
const RUN = {
  node: (script) => [process.execPath, ['--disable-warning=ExperimentalWarning', script]],
  deno: (script, write) => [
    bin('deno'),
    ['run', '--allow-read', ...(write ? ['--allow-write'] : []), '--allow-env', '--allow-sys', script],
  ],
  bun: (script) => [bin('bun'), [script]],
};

const MAIN = `import { init, WtError } from 'wtensor';
const wt = await init();
${SAMPLE}
const big = wt.arange(1 << 18, null, 1, 'float32').reshape([512, 512]);
console.log(JSON.stringify({
  ...sample,
  view: a.T.slice('::-1').toArray(),
  broadcast: wt.add(a, wt.tensor([10, 20]).reshape([2, 1])).toArray(),
  big: wt.sum(wt.exp(wt.mul(big, 1e-6))).item(),
  threads: wt.info().threads,
  kernels: wt.info().kernels,
}));
`;

const run = (rt, script, cwd) => {
  const [cmd, args] = RUN[rt](script);
  return spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
};

let dir, app;
test.before(() => {
  dir = mkdtempSync(join(tmpdir(), 'wtensor-runtimes-'));
  const { tarball } = pack(dir);
  app = appWith(dir, tarball, { 'main.mjs': MAIN });
});
test.after(() => rmSync(dir, { recursive: true, force: true }));

test('Deno and Bun run the library from node_modules, threaded, with the bits Node computes', () => {
  const node = run('node', 'main.mjs', app);
  assert.equal(node.status, 0, node.stderr);
  const want = JSON.parse(node.stdout);
  assert.deepEqual({ gram: want.gram, t: want.t, err: want.err }, SAMPLE_RESULT);
  assert.equal(want.threads, Math.min(availableParallelism(), 16));
  // Deno's V8 and Bun's JavaScriptCore validate relaxed SIMD, as Node 22 and later do (Node 20's
  // V8 only with its flag): their relaxed variant runs (nothing sampled here goes through a GEMM
  // with rounding to tell)
  assert.equal(want.kernels, relaxedSupported() ? 'wasm_relaxed_simd' : 'wasm_simd128');
  for (const rt of ['deno', 'bun']) {
    const r = run(rt, 'main.mjs', app);
    assert.equal(r.status, 0, `${rt}: ${r.stderr}`);
    assert.deepEqual(JSON.parse(r.stdout), { ...want, kernels: 'wasm_relaxed_simd' }, rt);
  }
});

test('the wtensor command runs under Deno and Bun: same files, output and exit codes as under Node', () => {
  const cli = join(app, 'node_modules', 'wtensor', 'bindings', 'cli.js');
  // a.npy from the library, under Node
  writeFileSync(
    join(app, 'make.mjs'),
    `import { init } from 'wtensor'; import { writeFileSync } from 'node:fs';
const wt = await init({ threads: 1 });
writeFileSync('a.npy', wt.arange(12, null, 1, 'float64').reshape([3, 4]).toNpy());`,
  );
  execFileSync(process.execPath, ['make.mjs'], { cwd: app });
  const cases = [
    ['einsum', 'ij->ji', 'a.npy', '-o', 'OUT'],
    ['einsum', 'ij,kj->ik', 'a.npy', 'a.npy', '--path'],
    ['einsum', 'ij->k', 'a.npy', '-o', 'OUT'], // an error: exit 1
    ['frobnicate'], // a usage error: exit 2
  ];
  const results = {};
  for (const rt of ['node', 'deno', 'bun']) {
    results[rt] = cases.map((args) => {
      const out = `out-${rt}.npy`;
      const [cmd, pre] = RUN[rt](cli, true);
      const r = spawnSync(cmd, [...pre, ...args.map((a) => (a === 'OUT' ? out : a))], { cwd: app, encoding: 'utf8' });
      let file = null;
      try {
        file = readFileSync(join(app, out)).toString('base64');
        rmSync(join(app, out));
      } catch {
        // no output file
      }
      return { status: r.status, stdout: r.stdout, stderr: r.stderr.replaceAll(out, 'OUT'), file };
    });
  }
  assert.deepEqual(
    results.node.map((r) => r.status),
    [0, 0, 1, 2],
  );
  assert.ok(results.node[0].file, 'node wrote the output');
  assert.deepEqual(results.deno, results.node, 'deno');
  assert.deepEqual(results.bun, results.node, 'bun');
});

test("docs/EMBEDDING.md's host runs under Deno and Bun and prints what the document shows", () => {
  const doc = readFileSync(join(root, 'docs', 'EMBEDDING.md'), 'utf8');
  const code = doc.match(/<!-- host-example -->\n```js\n([\s\S]*?)```/)[1];
  const shown = doc.match(/<!-- host-output -->\n```\n([\s\S]*?)```/)[1];
  writeFileSync(join(app, 'host.mjs'), code);
  copyFileSync(join(app, 'node_modules', 'wtensor', 'dist', 'wtensor-reactor.wasm'), join(app, 'wtensor-reactor.wasm'));
  for (const rt of ['deno', 'bun']) {
    const r = run(rt, 'host.mjs', app);
    assert.equal(r.status, 0, `${rt}: ${r.stderr}`);
    assert.equal(r.stdout, shown, rt);
  }
});
