// Whole programs, NumPy beside wtensor: each bench/programs/<name>.py has run(np) and
// <name>.mjs run(wt), written side by side as a porter would.  NumPy runs first (one
// thread, numpy_run.py) and saves its results; each wtensor result is compared with
// them (bits, or the program's stated tolerance) before anything is timed.
//
//   node bench/programs/run.mjs            quick: each program once, equality only
//   node bench/programs/run.mjs --time     first run, median of 3 warm runs, peak memory,
//                                          the ratios and their geometric mean
//   node bench/programs/run.mjs --time --write   ... and bench/RESULTS.md's section and chart
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { init } from '../../bindings/index.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = join(HERE, '..', '..');
export const PROGRAMS = readdirSync(HERE)
  .filter((f) => f.endsWith('.py') && f !== 'numpy_run.py')
  .map((f) => f.slice(0, -3))
  .sort();

// NumPy's side, in the project's venv, one thread
function numpy(mode, out, names) {
  const python = join(ROOT, '.venv', 'bin', 'python');
  if (!existsSync(python))
    throw new Error(`no ${python}: npm test (or WT_NEED_NUMPY=1 bash scripts/setup.sh) makes it`);
  const one = { OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' };
  const r = spawnSync(python, [join(HERE, 'numpy_run.py'), mode, out, ...names], {
    encoding: 'utf8',
    env: { ...process.env, ...one },
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0) throw new Error(`numpy_run.py failed:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

// a result as a list of flat number arrays (complex as re, im pairs), with shapes
async function parts(wt, value) {
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => {
    const t = typeof v === 'number' ? wt.tensor(v) : v;
    const flat = t.ravel().toArray();
    const out = {
      shape: [...t.shape],
      values: flat.flatMap((x) => (x !== null && typeof x === 'object' ? [x.re, x.im] : [Number(x)])),
    };
    if (t !== v) t.dispose();
    return out;
  });
}

// wtensor's result against NumPy's (its .npz): exact unless the program states a tolerance
// ({ rtol, atol } per element; { mismatch } the fraction of elements allowed to differ by atol)
export function same(got, want, compare = {}) {
  if (got.length !== want.length) return `${got.length} results, NumPy gives ${want.length}`;
  for (let k = 0; k < got.length; k++) {
    const [g, w] = [got[k], want[k]];
    if (g.shape.join() !== w.shape.join()) return `result ${k}: shape (${g.shape}), NumPy (${w.shape})`;
    let off = 0,
      worst = '';
    g.values.forEach((x, i) => {
      const y = w.values[i];
      const tol = (compare.atol ?? 0) + (compare.rtol ?? 0) * Math.abs(y);
      const ok = Object.is(x, y) || x === y || (Number.isNaN(x) && Number.isNaN(y)) || Math.abs(x - y) <= tol;
      const near = compare.mismatch !== undefined && Math.abs(x - y) <= (compare.atol ?? 0) + 1e-300;
      if (!ok && !(compare.mismatch !== undefined && near)) worst ||= `result ${k}[${i}]: ${x}, NumPy ${y}`;
      if (!Object.is(x, y) && x !== y) off++;
    });
    if (compare.mismatch !== undefined && off > compare.mismatch * g.values.length)
      return `result ${k}: ${off} of ${g.values.length} elements differ (at most ${compare.mismatch * 100}%)`;
    if (worst) return worst;
  }
  return null;
}

export async function runPrograms({ time = false, names = PROGRAMS } = {}) {
  const out = mkdtempSync(join(tmpdir(), 'wt-programs-'));
  try {
    const np = numpy(time ? 'time' : 'quick', out, names);
    const wt = await init({ threads: 1 });
    const rows = [];
    for (const name of names) {
      const mod = await import(pathToFileURL(join(HERE, `${name}.mjs`)).href);
      const want = await npzParts(wt, readFileSync(join(out, `${name}.npz`)));
      const run = () => wt.tidy(() => mod.run(wt));
      wt.resetPeak();
      const base = wt.memory().bytesInUse;
      let t0 = performance.now();
      const result = run();
      const first = performance.now() - t0;
      const peak = wt.memory().peakBytes - base;
      const problem = same(await parts(wt, result), want, mod.compare);
      wt.dispose(result);
      const row = { name, about: mod.about, problem, first, numpy: np[name] };
      if (time && !problem) {
        const warm = [];
        for (let k = 0; k < 3; k++) {
          t0 = performance.now();
          wt.dispose(run());
          warm.push(performance.now() - t0);
        }
        row.warm = median(warm);
        row.peak = peak;
        row.ratio = median(np[name].warm) / row.warm;
      }
      rows.push(row);
    }
    return rows;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

async function npzParts(wt, bytes) {
  const arrays = await wt.fromNpz(bytes);
  const list = Object.keys(arrays)
    .sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)))
    .map((k) => arrays[k]);
  const r = await parts(wt, list);
  wt.dispose(list);
  return r;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
export const geomean = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

// bench/RESULTS.md's section, between its markers, and the chart beside it
export function report(rows) {
  const timed = rows.filter((r) => r.ratio);
  const g = geomean(timed.map((r) => r.ratio));
  const mb = (b) => (b / 2 ** 20).toFixed(1);
  const lines = [
    '<!-- programs: written by bench/programs/run.mjs --time --write -->',
    '## Whole programs against NumPy',
    '',
    `Each program in [bench/programs](programs/) twice, side by side: NumPy (${'`<name>.py`'}) and wtensor ` +
      `(${'`<name>.mjs`'}), ported as README's "Porting a NumPy program" says. NumPy runs one thread; each ` +
      "result is checked against NumPy's (bits, or the tolerance the program states) before timing. " +
      "×NumPy is NumPy's median time ÷ wtensor's (above 1: wtensor is faster); first run is the " +
      "program's first call (after the programs before it, in one instance) against the warm median; " +
      'peak is the bytes the first run added.',
    '',
    `Node ${process.versions.node}, one thread. **Geometric mean ×${g.toFixed(2)} NumPy** over ${timed.length} programs.`,
    '',
    '| program | what it exercises | NumPy ms | wtensor ms | ×NumPy | first run ÷ warm | peak MB (wt / NumPy) |',
    '|---|---|--:|--:|--:|--:|--:|',
    ...timed.map(
      (r) =>
        `| ${r.name} | ${r.about} | ${median(r.numpy.warm).toFixed(1)} | ${r.warm.toFixed(1)} | ${r.ratio.toFixed(2)} | ${(r.first / r.warm).toFixed(2)} | ${mb(r.peak)} / ${mb(r.numpy.peak)} |`,
    ),
    '',
    '| target (issue 46) | measured | met |',
    '|---|--:|---|',
    `| geometric mean ≥ ×1.0 NumPy | ×${g.toFixed(2)} | ${g >= 1 ? 'yes' : '**no**'} |`,
    ...(() => {
      const low = Math.min(...timed.map((r) => r.ratio)),
        cold = Math.max(...timed.map((r) => r.first / r.warm));
      return [
        `| no program below ×0.5 NumPy | lowest ×${low.toFixed(2)} | ${low >= 0.5 ? 'yes' : '**no**'} |`,
        `| first run ≤ 1.5 × the warm run | highest ${cold.toFixed(2)} | ${cold <= 1.5 ? 'yes' : '**no**'} |`,
      ];
    })(),
    '',
    '![whole programs](charts/programs.svg)',
    '<!-- /programs -->',
  ];
  return { markdown: lines.join('\n'), geomean: g };
}

async function main() {
  const time = process.argv.includes('--time');
  const rows = await runPrograms({ time });
  let failed = 0;
  for (const r of rows) {
    if (r.problem) failed++;
    const t = r.ratio
      ? `  NumPy ${median(r.numpy.warm).toFixed(1)} ms, wtensor ${r.warm.toFixed(1)} ms, ×${r.ratio.toFixed(2)}, first ÷ warm ${(r.first / r.warm).toFixed(2)}`
      : '';
    console.log(`${r.problem ? 'DIFFERS' : 'same   '} ${r.name.padEnd(12)}${r.problem ? `  ${r.problem}` : t}`);
  }
  if (time && !failed) {
    const { markdown, geomean: g } = report(rows);
    console.log(`geometric mean ×${g.toFixed(2)} NumPy`);
    if (process.argv.includes('--write')) {
      const { barChart } = await import('../chart.mjs');
      const file = join(ROOT, 'bench', 'RESULTS.md');
      const text = readFileSync(file, 'utf8');
      const re = /<!-- programs:[\s\S]*?<!-- \/programs -->/;
      writeFileSync(file, re.test(text) ? text.replace(re, markdown) : `${text.trimEnd()}\n\n${markdown}\n`);
      const groups = rows.map((r) => ({
        label: r.name,
        bars: [
          { name: 'wtensor', value: r.ratio },
          { name: 'numpy', value: 1 },
        ],
      }));
      writeFileSync(
        join(ROOT, 'bench', 'charts', 'programs.svg'),
        barChart({ title: 'Whole programs: ×NumPy (higher is faster)', unit: '×', groups }),
      );
    }
  }
  if (failed) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
