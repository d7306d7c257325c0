// The binary's size against the budget of bench/size.mjs (issue 28): the
// module the package ships, raw and gzipped (level 9, as the report measures).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { BUDGET, measure } from '../../bench/size.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('dist/wtensor.wasm stays within the size budget', () => {
  const now = measure(`${root}dist/wtensor.wasm`);
  assert.ok(now, 'dist/wtensor.wasm is built');
  assert.ok(now.raw <= BUDGET.raw, `${now.raw} bytes, budget ${BUDGET.raw} (bench/size.mjs)`);
  assert.ok(now.gzip <= BUDGET.gzip, `${now.gzip} bytes gzipped, budget ${BUDGET.gzip} (bench/size.mjs)`);
  // the budget only shrinks toward the goal
  assert.ok(BUDGET.goal.raw <= BUDGET.raw && BUDGET.goal.gzip <= BUDGET.gzip);
});
