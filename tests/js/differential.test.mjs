// The differential tester (tests/diff): thousands of random programs —
// views, casts, ufuncs with weak scalars at and beyond dtype limits,
// reductions, matmul, einsum, assign and out= with overlap — run by NumPy 2
// (the project's .venv) and by wtensor, every value compared.  A fixed seed
// here; `npm run fuzz` runs a longer stream from a random seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt } from './helpers.mjs';
import { runAll, runProgram } from '../diff/runner.mjs';

const SEED = 20261124,
  COUNT = 4000;

test(`${COUNT} random programs agree with NumPy 2 (seed ${SEED})`, () => {
  const r = runAll(wt, SEED, COUNT);
  assert.match(r.numpy, /^2\./, 'the reference is NumPy 2');
  assert.equal(r.programs, COUNT);
  const shown = r.failures
    .slice(0, 5)
    .map((f) => `program ${f.program}:\n  ${f.found.join('\n  ')}\n  steps: ${JSON.stringify(f.steps)}`);
  assert.equal(
    r.failures.length,
    0,
    `${r.failures.length} programs disagree (reproduce: .venv/bin/python tests/diff/numpy_diff.py ${SEED} N):\n${shown.join('\n')}`,
  );
});

test('the tester finds a disagreement when there is one', () => {
  // a program whose expected results are tampered with must fail
  const prog = {
    steps: [
      { k: 'input', dtype: 'int8', shape: [2], data: [100, 27] },
      { k: 'ufunc', op: 'add', args: [{ ref: 0 }, { ref: 0 }] },
    ],
    error: null,
    final: [
      { dtype: 'int8', shape: [2], data: [100, 27], check: 'exact' },
      { dtype: 'int8', shape: [2], data: [-56, 55], check: 'exact' }, // NumPy: [-56, 54]
    ],
  };
  const found = runProgram(wt, prog);
  assert.equal(found.length, 1);
  assert.match(found[0], /element 1: wtensor 54, NumPy 55/);
  prog.final[1].data[1] = 54;
  assert.deepEqual(runProgram(wt, prog), []);
  prog.final[1].dtype = 'int16';
  assert.match(runProgram(wt, prog)[0], /wtensor int8 \(2\), NumPy int16 \(2\)/);
  prog.error = { step: 1, codes: ['WT_EDTYPE'], numpy: 'OverflowError: made up' };
  assert.match(runProgram(wt, prog)[0], /NumPy raised OverflowError: made up, wtensor did not/);
});
