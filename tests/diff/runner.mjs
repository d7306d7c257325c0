// The differential tester's wtensor side: runs the programs
// tests/diff/numpy_diff.py made (with NumPy 2's results) and compares.
// Used by tests/js/differential.test.mjs (a fixed seed, in npm test) and by
// `node tests/diff/runner.mjs SEED COUNT` (npm run fuzz: longer, any seed).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UFUNC_ENTRIES } from '../../bindings/ufuncs.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PYTHON = join(ROOT, '.venv', 'bin', 'python');

// NumPy's ufunc names -> wt's functions
const JS = Object.fromEntries(UFUNC_ENTRIES.map((e) => [e.c, e.name]));
Object.assign(JS, { remainder: JS.mod });

// NumPy's values as numpy_diff.py encodes them: NaN, infinities, -0, and
// integers past 2^53 as "123n" (exact, as bigints)
// integers past 2^53 as "123n" (exact, as bigints), complex numbers as {re, im}
const decode = (v) =>
  v !== null && typeof v === 'object'
    ? { re: decode(v.re), im: decode(v.im) }
    : typeof v === 'string' && v.endsWith('n') && v !== 'nan'
      ? BigInt(v.slice(0, -1))
      : ({ nan: NaN, inf: Infinity, '-inf': -Infinity, '-0': -0 }[v] ?? v);

// the programs and NumPy's results for a seed
export function numpyPrograms(seed, count) {
  if (!existsSync(PYTHON)) throw new Error(`${PYTHON} is missing: run scripts/setup.sh with WT_NEED_NUMPY=1`);
  const r = spawnSync(PYTHON, [join(ROOT, 'tests', 'diff', 'numpy_diff.py'), String(seed), String(count)], {
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`numpy_diff.py failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

function arg(vals, a) {
  return 'ref' in a ? vals[a.ref] : decode(a.num);
}

const VIEWS = {
  slice: (x, s) => x.slice(s.spec),
  transpose: (x, s) => (s.axes ? x.transpose(s.axes) : x.T),
  broadcast_to: (x, s, wt) => wt.broadcastTo(x, s.shape),
  diagonal: (x, s) => x.diagonal(s.offset, s.axis1, s.axis2),
  reshape: (x, s) => x.reshape(s.shape),
  squeeze: (x, s) => x.squeeze(s.axis),
  expand_dims: (x, s) => x.expandDims(s.axis),
  swapaxes: (x, s) => x.swapaxes(s.axis1, s.axis2),
  ravel: (x) => x.ravel(),
  view_dtype: (x, s) => x.view(s.dtype),
};

// the view a reduction step reads (numpy_diff.py's through_view): reversed, or broadcast to a shape
const through = (wt, x, how) =>
  how === undefined || how === null
    ? x
    : how === 'reversed'
      ? x.slice(x.shape.map(() => '::-1').join(','))
      : wt.broadcastTo(x, how);

const STEPS = {
  input: (wt, vals, s) => wt.tensor(s.data.map(decode), { dtype: s.dtype }).reshape(s.shape.length ? s.shape : []),
  view: (wt, vals, s) => VIEWS[s.fn](vals[s.src], s, wt),
  ufunc: (wt, vals, s) => {
    const fn = wt[JS[s.op]];
    if (!fn) throw new Error(`no wt function for NumPy's ${s.op}`);
    const args = s.args.map((a) => arg(vals, a));
    if (s.out === undefined || s.out === null) return fn(...args);
    fn(...args, { out: vals[s.out], ...(s.casting ? { casting: s.casting } : {}) });
    return null;
  },
  reduce: (wt, vals, s) => {
    const x = through(wt, vals[s.src], s.through);
    const opts = { axis: s.axis, keepdims: s.keepdims, ...(s.dtype ? { dtype: s.dtype } : {}) };
    if (s.where) opts.where = wt.tensor(s.where, { dtype: 'bool', shape: [...x.shape] });
    if (s.initial !== undefined) opts.initial = s.initial;
    try {
      if (s.out === undefined || s.out === null) return wt[s.op](x, opts);
      wt[s.op](x, { ...opts, out: vals[s.out] });
      return null;
    } finally {
      if (x !== vals[s.src]) x.dispose();
      opts.where?.dispose();
    }
  },
  matmul: (wt, vals, s) => wt.matmul(vals[s.a], vals[s.b]),
  einsum: (wt, vals, s) => wt.einsum(s.eq, ...s.args.map((i) => vals[i])),
  assign: (wt, vals, s) => {
    vals[s.dst].assign(arg(vals, s.src));
    return null;
  },
  astype: (wt, vals, s) => vals[s.src].astype(s.dtype),
  getitem: (wt, vals, s) => vals[s.src].get(...items(wt, s.items)),
  setitem: (wt, vals, s) => {
    vals[s.src].set(items(wt, s.items), arg(vals, s.value));
    return null;
  },
};

// numpy_diff.py's index items as t.get's
const items = (wt, list) =>
  list.map((it) =>
    'i' in it
      ? it.i
      : 's' in it
        ? it.s
        : 'a' in it
          ? wt.tensor(it.a.data, { dtype: it.a.dtype, shape: it.a.shape })
          : 'e' in it
            ? '...'
            : null,
  );

const EPS = { float16: 2 ** -10, float32: 2 ** -23, float64: 2 ** -52, complex64: 2 ** -23, complex128: 2 ** -52 };
// complex values compare part by part
const parts = (vs) => vs.flatMap((v) => (v !== null && typeof v === 'object' ? [v.re, v.im] : [v]));

// exact: equal values (NaN equals NaN; zeros of either sign are equal);
// loose: floats computed in another order (sums, libm), within a tolerance;
// an infinity or NaN where the other has an infinity or NaN (inf - inf met in
// one order, not in another: NumPy's own einsum differs so between its paths)
function sameValues(got, want, dtype, check) {
  const m = want.reduce((acc, v) => (Number.isFinite(v) ? Math.max(acc, Math.abs(v)) : acc), 0);
  for (let i = 0; i < want.length; i++) {
    const a = got[i],
      b = want[i];
    if (typeof a === 'bigint') {
      if (a === BigInt(b)) continue; // 64-bit integers: exactly
      return `element ${i}: wtensor ${a}, NumPy ${b}`;
    }
    if (Number.isNaN(b) ? Number.isNaN(a) : a === b) continue;
    if (check === 'loose') {
      if (!Number.isFinite(a) && !Number.isFinite(b)) continue;
      if (Number.isFinite(a) && Number.isFinite(b) && Math.abs(a - b) <= 4096 * EPS[dtype] * (Math.abs(b) + m))
        continue;
    }
    return `element ${i}: wtensor ${a}, NumPy ${b}`;
  }
  return null;
}

const describe = (s) => JSON.stringify(s).slice(0, 300);

// runs one program; returns a list of disagreements (empty: none)
export function runProgram(wt, prog) {
  const found = [];
  wt.tidy(() => {
    const vals = [];
    for (let k = 0; k < prog.steps.length; k++) {
      const s = prog.steps[k];
      const expectError = prog.error && prog.error.step === k;
      try {
        const v = STEPS[s.k](wt, vals, s);
        vals.push(v);
        if (expectError) {
          found.push(`step ${k} ${describe(s)}: NumPy raised ${prog.error.numpy}, wtensor did not`);
          return;
        }
      } catch (e) {
        if (!e || e.name !== 'WtError') {
          found.push(`step ${k} ${describe(s)}: ${e && e.stack}`);
          return;
        }
        if (!expectError) found.push(`step ${k} ${describe(s)}: wtensor raised ${e.code} ${e.message}, NumPy did not`);
        else if (!prog.error.codes.includes(e.code))
          found.push(
            `step ${k} ${describe(s)}: wtensor raised ${e.code} (${e.message}), NumPy ${prog.error.numpy} (${prog.error.codes.join('/')})`,
          );
        if (!expectError) return;
        break;
      }
    }
    prog.final.forEach((want, i) => {
      if (!want) return;
      const t = vals[i];
      const what = `value ${i} (${describe(prog.steps[i])})`;
      if (!t) return void found.push(`${what}: wtensor has none`);
      if (t.dtype !== want.dtype || t.shape.join() !== want.shape.join()) {
        found.push(`${what}: wtensor ${t.dtype} (${t.shape}), NumPy ${want.dtype} (${want.shape})`);
        return;
      }
      if (want.check === 'skip') return;
      const flat = t.toArray(); // float16 decoded, bigints for 64-bit integers
      const got = parts(Array.isArray(flat) ? flat.flat(Infinity) : [flat]).map((v) =>
        typeof v === 'bigint' ? v : Number(v),
      );
      const diff = sameValues(got, parts(want.data.map(decode)), t.dtype, want.check);
      if (diff) found.push(`${what}: ${diff}`);
    });
  });
  return found;
}

export function runAll(wt, seed, count) {
  const { programs, numpy } = numpyPrograms(seed, count);
  const failures = [];
  programs.forEach((p, k) => {
    const f = runProgram(wt, p);
    if (f.length) failures.push({ program: k, seed, found: f, steps: p.steps });
  });
  return { numpy, programs: programs.length, failures };
}

// node tests/diff/runner.mjs [SEED [COUNT]]: a longer run (npm run fuzz), in batches
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { init } = await import('../../bindings/index.js');
  const wt = await init();
  const seed = Number(process.argv[2] ?? Date.now() % 1e9),
    count = Number(process.argv[3] ?? 20000);
  let bad = 0;
  for (let done = 0; done < count; done += 2000) {
    const r = runAll(wt, seed + done, Math.min(2000, count - done));
    for (const f of r.failures) {
      bad++;
      console.log(
        `seed ${f.seed} program ${f.program}:\n  ${f.found.join('\n  ')}\n  steps: ${JSON.stringify(f.steps)}`,
      );
    }
  }
  console.log(`differential: ${count} programs from seed ${seed}, ${bad} disagreeing with NumPy`);
  process.exit(bad ? 1 : 0);
}
