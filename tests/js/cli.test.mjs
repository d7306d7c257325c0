// The wtensor command (src/cli.c), run five ways on the same inputs: the
// native build, `npx wtensor` (bindings/cli.js: the WASI build under
// node:wasi, '/' preopened), node:wasi with only '.' preopened
// (scripts/run-wasi.mjs), and Wasmtime twice with only '.' preopened: the
// `wasmtime` command (wasmtime-cli from crates.io, .tools/bin, as the README
// runs it) and the engine from PyPI in .venv (scripts/run-wasmtime.py).
// Every run's exit code, stdout, stderr and output files must be identical,
// and the outputs right.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../bindings/index.js';
import { near, fixtureValue, threadsOption } from './helpers.mjs';

// the command runs the SIMD128 kernels (natively and in WASI): the package's
// relaxed-SIMD build, which Node 22 and later pick, fuses the GEMM's
// multiply-adds and rounds differently, so the bytes compared come from this one
const wt = await init({ ...threadsOption, relaxedSimd: false });

const root = fileURLToPath(new URL('../../', import.meta.url));
const WASMTIME = `${root}.tools/bin/wasmtime`; // scripts/setup.sh builds it
const RUNNERS = {
  native: (args) => [`${root}build/gcc/wtensor`, args],
  npx: (args) => [process.execPath, [`${root}bindings/cli.js`, ...args]],
  nodewasi: (args) => [
    process.execPath,
    ['--disable-warning=ExperimentalWarning', `${root}scripts/run-wasi.mjs`, `${root}dist/wtensor-cli.wasm`, ...args],
  ],
  wasmtime: (args) => [WASMTIME, ['run', '--dir=.', `${root}dist/wtensor-cli.wasm`, ...args]],
  wasmtimepy: (args) => [
    `${root}.venv/bin/python`,
    [`${root}scripts/run-wasmtime.py`, `${root}dist/wtensor-cli.wasm`, ...args],
  ],
};

// deterministic float32 data
let seed = 1;
const data = (n) =>
  Float32Array.from({ length: n }, () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1);
const INPUTS = {};
function input(name, shape) {
  const t = wt.tensor(data(shape.reduce((a, b) => a * b, 1)), { shape });
  INPUTS[name] = t.toNpy();
  t.dispose();
}
input('a.npy', [24, 16]);
input('b.npy', [16, 12]);
input('c.npy', [12, 8]);
input('sq.npy', [9, 9]);
input('q.npy', [2, 3, 10, 4]);
input('k.npy', [2, 3, 7, 4]);
input('x4.npy', [2, 1, 3, 4]);
input('y3.npy', [5, 4, 2]);
for (const f of readdirSync(`${root}tests/fixtures/npy`))
  INPUTS[`fx_${f}`] = readFileSync(`${root}tests/fixtures/npy/${f}`);

// runs args under every runner, each in a fresh copy of INPUTS (plus extra
// files); returns the common result and the files each run added
function cli(args, extra = {}) {
  const runs = {};
  for (const [kind, make] of Object.entries(RUNNERS)) {
    const dir = mkdtempSync(join(tmpdir(), `wtensor-cli-${kind}-`));
    try {
      for (const [name, bytes] of Object.entries({ ...INPUTS, ...extra })) writeFileSync(join(dir, name), bytes);
      const [cmd, argv] = make(args);
      const r = spawnSync(cmd, argv, { cwd: dir, encoding: 'utf8', env: { ...process.env, PWD: dir } });
      const files = Object.fromEntries(
        readdirSync(dir)
          .filter((f) => !(f in INPUTS) && !(f in extra))
          .map((f) => [f, readFileSync(join(dir, f))]),
      );
      runs[kind] = { code: r.status, stdout: r.stdout, stderr: r.stderr, files };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  for (const kind of ['npx', 'nodewasi', 'wasmtime', 'wasmtimepy']) {
    for (const key of ['code', 'stdout', 'stderr'])
      assert.equal(runs[kind][key], runs.native[key], `${args.join(' ')}: ${kind} ${key}`);
    assert.deepEqual(Object.keys(runs[kind].files), Object.keys(runs.native.files), `${args.join(' ')}: ${kind} files`);
    for (const [f, bytes] of Object.entries(runs.native.files))
      assert.ok(bytes.equals(runs[kind].files[f]), `${args.join(' ')}: ${kind} ${f} differs`);
  }
  return runs.native;
}
const load = (bytes) => wt.fromNpy(bytes);

test('einsum: the plan, and results identical natively and in WASI, equal to the JS package', () => {
  const r = cli(['einsum', 'ij,jk,kl->il', 'a.npy', 'b.npy', 'c.npy', '-o', 'out.npy', '--path']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), wt.einsumPath('ij,jk,kl->il', [24, 16], [16, 12], [12, 8]));
  assert.deepEqual(Object.keys(r.files), ['out.npy']);
  wt.tidy(() => {
    const [a, b, c] = ['a.npy', 'b.npy', 'c.npy'].map((f) => load(INPUTS[f]));
    const want = wt.einsum('ij,jk,kl->il', a, b, c);
    assert.ok(Buffer.from(want.toNpy()).equals(r.files['out.npy']), 'the same bytes as wt.einsum(...).toNpy()');
    // and an independent reference: the triple product in float64 loops
    const A = a.toArray(),
      B = b.toArray(),
      C = c.toArray(),
      got = load(r.files['out.npy']).toArray();
    for (let i = 0; i < 24; i++) {
      for (let l = 0; l < 8; l++) {
        let s = 0;
        for (let j = 0; j < 16; j++) for (let k = 0; k < 12; k++) s += A[i][j] * B[j][k] * C[k][l];
        assert.ok(near(got[i][l], s, 1e-4), `[${i},${l}] ${got[i][l]} vs ${s}`);
      }
    }
  });
  for (const [eq, files, shape] of [
    ['ii->', ['sq.npy'], []],
    ['ii->i', ['sq.npy'], [9]],
    ['bhqd,bhkd->bhqk', ['q.npy', 'k.npy'], [2, 3, 10, 7]],
    ['...ij->...ji', ['q.npy'], [2, 3, 4, 10]],
  ]) {
    const o = cli(['einsum', eq, ...files, '-o', 'o.npy']);
    assert.equal(o.code, 0, o.stderr);
    wt.tidy(() => {
      const want = wt.einsum(eq, ...files.map((f) => load(INPUTS[f])));
      assert.deepEqual([...want.shape], shape, eq);
      assert.ok(Buffer.from(want.copy().toNpy()).equals(o.files['o.npy']), eq);
    });
  }
  const plan = cli(['einsum', 'ij,jk->ik', 'a.npy', 'b.npy', '--path']);
  assert.equal(plan.code, 0);
  assert.deepEqual(Object.keys(plan.files), [], '--path alone computes nothing');
});

test('matmul with batch broadcasting, and convert between .npy and TensorProto', () => {
  const r = cli(['matmul', 'x4.npy', 'y3.npy', '-o', 'm.npy']);
  assert.equal(r.code, 0, r.stderr);
  wt.tidy(() => {
    const want = wt.matmul(load(INPUTS['x4.npy']), load(INPUTS['y3.npy']));
    assert.deepEqual([...want.shape], [2, 5, 3, 2]);
    assert.ok(Buffer.from(want.toNpy()).equals(r.files['m.npy']));
  });
  for (const f of ['fx_float32_c.npy', 'fx_float64_c.npy', 'fx_bool_c.npy', 'fx_int8_c.npy', 'fx_uint32_c.npy']) {
    for (const form of ['content', 'fields']) {
      const pb = cli(['convert', f, 'x.pb', '--form', form]);
      assert.equal(pb.code, 0, pb.stderr);
      wt.tidy(() =>
        assert.ok(Buffer.from(load(INPUTS[f]).toTensorProto({ form })).equals(pb.files['x.pb']), `${f} as ${form}`),
      );
      const back = cli(['convert', 'x.pb', 'y.npy'], { 'x.pb': pb.files['x.pb'] });
      assert.equal(back.code, 0, back.stderr);
      assert.ok(back.files['y.npy'].equals(INPUTS[f]), `${f}: .npy -> .pb (${form}) -> .npy is byte-identical`);
    }
  }
});

test('info: format, dtype, shape, order and statistics of every fixture', () => {
  const files = Object.keys(INPUTS)
    .filter((n) => n.startsWith('fx_'))
    .sort();
  const r = cli(['info', ...files, 'a.npy']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.ok(
    lines.includes(
      'fx_float64_f.npy: .npy, float64, shape (2, 3, 4), Fortran order (a strided view, no copy), 24 elements of 8 bytes',
    ),
  );
  assert.ok(lines.includes('fx_bool_c.npy: .npy, bool, shape (2, 3, 4), C order, 24 elements of 1 byte'));
  assert.ok(lines.includes('fx_float64_0d.npy: .npy, float64, shape (), C order, 1 element of 8 bytes'));
  assert.ok(lines.includes('fx_float32_empty.npy: .npy, float32, shape (0, 3), C order, 0 elements of 4 bytes'));
  assert.ok(lines.includes('fx_uint8_1d.npy: .npy, uint8, shape (7,), C order, 7 elements of 1 byte'));
  const stats = lines[lines.indexOf('a.npy: .npy, float32, shape (24, 16), C order, 384 elements of 4 bytes') + 1];
  const m = /^ {2}min (\S+) {2}max (\S+) {2}mean (\S+) {2}sum (\S+) {2}NaN 0 {2}inf 0$/.exec(stats);
  assert.ok(m, stats);
  wt.tidy(() => {
    // NumPy's statistics: a float32 sum accumulates in float32
    const a = load(INPUTS['a.npy']);
    const sum = a.sum().item();
    for (const [i, want] of [
      [1, a.min().item()],
      [2, a.max().item()],
      [3, sum / 384],
      [4, sum],
    ])
      assert.ok(near(Number(m[i]), want, 1e-8), `${m[i]} vs ${want}`);
  });
  assert.match(
    lines[lines.indexOf('fx_float32_c.npy: .npy, float32, shape (2, 3, 4), C order, 24 elements of 4 bytes') + 1],
    /NaN 1 {2}inf 1$/,
  );
  // complex: both parts, min and max in NumPy's (re, im) order with NaN first (fixtureValue: re NaN at 1, im (5 - i) / 4)
  assert.match(
    lines[
      lines.indexOf('fx_complex128_c.npy: .npy, complex128, shape (2, 3, 4), C order, 24 elements of 16 bytes') + 1
    ],
    /^ {2}min -?nan\+1j {2}max -?nan\+1j {2}mean -?nan-1\.625j {2}sum -?nan-39j {2}NaN 1 {2}inf 1$/,
  );
  // 64-bit integers: NumPy's (x*1.0).sum(), in float64, not an int64 sum that wraps
  const i64 = lines[lines.indexOf('fx_int64_c.npy: .npy, int64, shape (2, 3, 4), C order, 24 elements of 8 bytes') + 1];
  const want = Array.from({ length: 24 }, (_, i) => Number(fixtureValue('int64', i))).reduce((x, y) => x + y, 0);
  assert.ok(near(Number(/sum (\S+)$/.exec(i64)[1]), want, 1e-8), `${i64} vs ${want}`);
});

test('usage errors exit 2 and operation failures exit 1, with the message on stderr and no output left behind', () => {
  const help = cli(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^usage: wtensor COMMAND/);
  for (const [args, code, pattern] of [
    [[], 2, /^usage: wtensor COMMAND/],
    [['frob'], 2, /^wtensor: unknown command 'frob'\n\(wtensor --help lists the commands\)\n$/],
    [['einsum', 'ij', 'a.npy'], 2, /einsum: needs -o OUT\.npy \(or --path/],
    [['einsum', 'ij', 'a.npy', '-o', 'x.txt'], 2, /einsum: 'x\.txt' must end in \.npy or \.pb/],
    [['matmul', 'a.npy', '-o', 'm.npy'], 2, /matmul: needs exactly two operand files, got 1/],
    [['info', '--fast', 'a.npy'], 2, /info: unknown option '--fast'/],
    [['convert', 'a.npy', 'b.pb', '--form', 'xml'], 2, /--form is content or fields, not 'xml'/],
    [
      ['einsum', 'ij,jk->ik', 'a.npy', 'nope.npy', '-o', 'o.npy'],
      1,
      /^wtensor: cannot open 'nope\.npy': No such file or directory\n$/,
    ],
    [
      ['einsum', 'ij,jk->ik', 'a.npy', 'a.npy', '-o', 'o.npy'],
      1,
      /^wtensor: einsum: WT_ESHAPE: einsum: label 'j' has size 24 in operand 2 but 16 in an earlier operand\n$/,
    ],
    [
      ['einsum', 'ij,jk->iz', 'a.npy', 'b.npy', '-o', 'o.npy'],
      1,
      /^wtensor: einsum: WT_EINVAL: einsum: output label 'z' does not appear/,
    ],
    [['matmul', 'a.npy', 'c.npy', '-o', 'm.npy'], 1, /^wtensor: matmul: WT_ESHAPE: /],
    [['info', 'bad.npy'], 1, /^wtensor: bad\.npy: WT_ESHAPE: \.npy: /],
    [['info', 'text.npy'], 1, /^wtensor: 'text\.npy' is not a \.npy file/],
  ]) {
    const r = cli(args, { 'bad.npy': INPUTS['a.npy'].subarray(0, 300), 'text.npy': Buffer.from('hello') });
    assert.equal(r.code, code, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, pattern, args.join(' '));
    assert.deepEqual(Object.keys(r.files), [], `${args.join(' ')} leaves no file`);
  }
});

test('--version and bench name the build and report the SIMD peak and a GEMM', () => {
  for (const [kind, make] of Object.entries(RUNNERS)) {
    const [vcmd, vargv] = make(['--version']);
    assert.match(
      spawnSync(vcmd, vargv, { encoding: 'utf8' }).stdout,
      kind === 'native' ? /^wtensor 0\.1\.0 \((sse2|generic)\)\n$/ : /^wtensor 0\.1\.0 \(wasm_simd128\)\n$/,
    );
    const [cmd, argv] = make(['bench', '--quick']);
    const r = spawnSync(cmd, argv, { encoding: 'utf8' });
    assert.equal(r.status, 0, `${kind}: ${r.stderr}`);
    assert.match(
      r.stdout,
      /^wtensor 0\.1\.0 \(\w+\)\nf32x4 multiply-add peak: [\d.]+ GFLOPS\nmatmul 64x64 float32: [\d.]+ GFLOPS \([\d.]+ ms, median of 5\)\n$/,
      kind,
    );
  }
});

test('hostile files: the fuzz corpora and mutations of them give the same answers natively, under ASan and in WASI', () => {
  const extra = {};
  let s = 11;
  const rnd = (n) => (s = (s * 1103515245 + 12345) >>> 0) % n;
  for (const [dir, ext] of [
    ['npy', '.npy'],
    ['proto', '.pb'],
  ]) {
    for (const f of readdirSync(`${root}tests/fuzz/corpus/${dir}`)) {
      const bytes = readFileSync(`${root}tests/fuzz/corpus/${dir}/${f}`);
      extra[`${dir}_${f}${ext}`] = bytes;
      if (bytes.length > 2e6) continue;
      for (let k = 0; k < 4; k++) {
        // truncated, and with bytes flipped in the header or anywhere
        const m = Buffer.from(k === 0 ? bytes.subarray(0, rnd(bytes.length)) : bytes);
        for (let j = k; j > 0 && m.length; j--) m[rnd(k === 1 ? Math.min(m.length, 128) : m.length)] = rnd(256);
        extra[`${dir}_${f}_m${k}${ext}`] = m;
      }
    }
  }
  const names = Object.keys(extra).sort();
  assert.ok(names.length >= 200, `${names.length} corpus files`);
  const r = cli(['info', ...names], extra);
  assert.equal(r.code, 1, 'some fail');
  assert.match(r.stderr, /WT_ESYNTAX/);
  assert.ok(r.stdout.split('\n').filter((l) => / elements? of /.test(l)).length > 60, 'many load');
  assert.doesNotMatch(r.stderr, /RuntimeError|unreachable|Aborted|Segmentation/);
  // under ASan+UBSan too, against the native build on the same files; not the
  // regression case that is a valid 113M-element tensor (slow under ASan, nothing to find)
  const asan = `${root}build/asan/wtensor`;
  if (!existsSync(asan)) assert.fail('build/asan/wtensor is missing: scripts/build.sh asan builds it');
  const some = names.filter((n) => !n.includes('zeros-bomb'));
  const dir = mkdtempSync(join(tmpdir(), 'wtensor-cli-asan-'));
  try {
    for (const [name, bytes] of Object.entries(extra)) writeFileSync(join(dir, name), bytes);
    const run = (bin) =>
      spawnSync(bin, ['info', ...some], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=1', UBSAN_OPTIONS: 'halt_on_error=1' },
      });
    const s = run(asan),
      n = run(`${root}build/gcc/wtensor`);
    assert.doesNotMatch(s.stderr, /AddressSanitizer|LeakSanitizer|runtime error/);
    assert.deepEqual([s.status, s.stdout, s.stderr], [n.status, n.stdout, n.stderr]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a failed write leaves neither the output nor a temporary file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wtensor-cli-ro-'));
  try {
    copyFileSync(join(root, 'tests/fixtures/npy/float32_c.npy'), join(dir, 'in.npy'));
    const r = spawnSync(`${root}build/gcc/wtensor`, ['convert', 'in.npy', 'no-such-dir/out.npy'], {
      cwd: dir,
      encoding: 'utf8',
    });
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /^wtensor: cannot create 'no-such-dir\/out\.npy\.wtensor-tmp': No such file or directory\n$/,
    );
    assert.deepEqual(readdirSync(dir), ['in.npy']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('under Wasmtime with a 64 MiB memory limit, an operation too big for it is a clean error, not a trap', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wtensor-cli-limit-'));
  try {
    const big = wt.ones([2048, 2048], 'float64'); // 32 MiB: it loads, but a product of it does not fit
    writeFileSync(join(dir, 'big.npy'), big.toNpy());
    big.dispose();
    // the wasmtime command's -W max-memory-size, and the Python engine's store limits
    const hosts = {
      wasmtime: (limit) => [WASMTIME, ['run', `-Wmax-memory-size=${limit}`, '--dir=.', `${root}dist/wtensor-cli.wasm`]],
      wasmtimepy: (limit) => [
        `${root}.venv/bin/python`,
        [`${root}scripts/run-wasmtime.py`, '--max-memory', String(limit), `${root}dist/wtensor-cli.wasm`],
      ],
    };
    for (const [kind, host] of Object.entries(hosts)) {
      const run = (limit, args) => {
        const [cmd, argv] = host(limit);
        return spawnSync(cmd, [...argv, ...args], { cwd: dir, encoding: 'utf8' });
      };
      const r = run(64 << 20, ['einsum', 'ij,jk->ik', 'big.npy', 'big.npy', '-o', 'out.npy']);
      assert.equal(r.status, 1, `${kind}: ${r.stderr}`);
      assert.match(r.stderr, /^wtensor: .*WT_ENOMEM: out of memory/, kind);
      assert.ok(!existsSync(join(dir, 'out.npy')), `${kind}: no output left behind`);
      // the same command with room succeeds: the memory grows to what it needs
      const ok = run(512 << 20, ['einsum', 'ij->', 'big.npy', '-o', 'out.npy']);
      assert.equal(ok.status, 0, `${kind}: ${ok.stderr}`);
      assert.equal(wt.fromNpy(readFileSync(join(dir, 'out.npy'))).item(), 2048 * 2048, kind);
      rmSync(join(dir, 'out.npy'));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// The README's `wasmtime run` lines, verbatim, through a shell with the
// wasmtime command on PATH, in a directory holding dist/wtensor-cli.wasm and the
// files they name; the same lines with the native build instead must leave the
// same files and print the same (bench aside, which prints timings).
test("README's wasmtime run lines run as written", () => {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const lines = readme.split('\n').filter((l) => l.startsWith('wasmtime run '));
  assert.ok(lines.length >= 6, `${lines.length} wasmtime lines in README.md`);
  const runAll = (kind) => {
    const dir = mkdtempSync(join(tmpdir(), `wtensor-readme-${kind}-`));
    try {
      for (const name of ['a.npy', 'b.npy', 'q.npy', 'k.npy']) writeFileSync(join(dir, name), INPUTS[name]);
      mkdirSync(join(dir, 'dist'));
      copyFileSync(`${root}dist/wtensor-cli.wasm`, join(dir, 'dist/wtensor-cli.wasm'));
      const outs = lines.map((line) => {
        const cmd =
          kind === 'native'
            ? line.replace(/^wasmtime run (--dir=\. )?dist\/wtensor-cli\.wasm/, `'${root}build/gcc/wtensor'`)
            : line;
        const r = spawnSync('bash', ['-c', cmd], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, PATH: `${root}.tools/bin:${process.env.PATH}` },
        });
        assert.equal(r.status, 0, `${kind}: ${line}\n${r.stderr}`);
        return line.includes(' bench') ? r.stdout.split('\n')[0].replace(/\(\w+\)/, '') : r.stdout;
      });
      const files = Object.fromEntries(
        readdirSync(dir)
          .filter((f) => f !== 'dist')
          .sort()
          .map((f) => [f, readFileSync(join(dir, f)).toString('base64')]),
      );
      return { outs, files };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const w = runAll('wasmtime'),
    n = runAll('native');
  assert.deepEqual(w, n);
  assert.deepEqual(Object.keys(w.files), ['a.npy', 'b.npy', 'c.npy', 'c.pb', 'k.npy', 'q.npy', 's.npy']);
  assert.match(w.outs[3], /^c\.npy: \.npy, float32, shape \(24, 12\), C order/);
});
