// The whole-program benchmark's quick form (bench/programs): each program once in
// NumPy 2 (the project's .venv) and in wtensor, the results compared (bits, or the
// tolerance a program states); npm run bench times them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runPrograms, PROGRAMS, same } from '../../bench/programs/run.mjs';

test('every program gives NumPy 2 results', { timeout: 600000 }, async () => {
  assert.ok(PROGRAMS.length >= 12, `${PROGRAMS.length} programs`);
  const rows = await runPrograms();
  const differ = rows.filter((r) => r.problem).map((r) => `${r.name}: ${r.problem}`);
  assert.deepEqual(differ, []);
});

test('the comparison refuses what differs: a value, a shape, a count of results, too many mismatches', () => {
  const r = (values, shape = [values.length]) => [{ shape, values }];
  assert.equal(same(r([1, 2]), r([1, 2])), null);
  assert.match(same(r([1, 2]), r([1, 2.000001])), /result 0\[1\]/);
  assert.equal(same(r([1, 2]), r([1, 2.000001]), { rtol: 1e-6 }), null);
  assert.match(same(r([1, 2]), r([1, 2], [2, 1])), /shape/);
  assert.match(same([...r([1]), ...r([2])], r([1])), /2 results/);
  assert.match(same(r([1, 2, 3, 4]), r([1, 3, 4, 5]), { mismatch: 0.25, atol: 1 }), /3 of 4 elements differ/);
  assert.equal(same(r([1, 2, 3, 4]), r([1, 2, 3, 5]), { mismatch: 0.25, atol: 1 }), null);
  assert.equal(same(r([NaN, -0]), r([NaN, -0])), null);
});
