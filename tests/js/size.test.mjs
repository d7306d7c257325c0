// The shipped size against the budget of bench/size.mjs (issue 49): the JS
// bundle a web app's bundler makes of the package and each wasm build init()
// may fetch, gzipped (level 9, as the report measures), and their total.
// The bundle is made for the browser platform: a static import of a Node
// built-in would fail to resolve there, and fail this test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUDGET, SHIPPED_WASM, shipped } from '../../bench/size.mjs';

test('the JS bundle, each wasm build and their total stay within the size budget', async () => {
  const now = await shipped();
  const where = '(bench/size.mjs; the budget moves only with a reason written beside it)';
  console.log(
    `shipped: JS ${now.js.gzip} B gzipped (${now.js.brotli} brotli) + wtensor-relaxed.wasm ${now.wasm[SHIPPED_WASM[0]]?.gzip} = ${now.total?.gzip} B`,
  );
  assert.ok(now.js.gzip <= BUDGET.js.gzip, `JS bundle ${now.js.gzip} B gzipped, budget ${BUDGET.js.gzip} ${where}`);
  for (const f of SHIPPED_WASM) {
    const m = now.wasm[f];
    assert.ok(m, `dist/${f} is built`);
    assert.ok(m.gzip <= BUDGET.wasm.gzip, `${f}: ${m.gzip} B gzipped, budget ${BUDGET.wasm.gzip} ${where}`);
    assert.ok(m.raw <= BUDGET.raw[f], `${f}: ${m.raw} B, budget ${BUDGET.raw[f]} ${where}`);
  }
  assert.ok(
    now.total.gzip <= BUDGET.total.gzip,
    `total ${now.total.gzip} B gzipped, budget ${BUDGET.total.gzip} ${where}`,
  );
});

test('the budget never sits below the goal it shrinks toward', () => {
  assert.ok(BUDGET.goal.total <= BUDGET.total.gzip && BUDGET.goal.js <= BUDGET.js.gzip);
  assert.ok(BUDGET.total.gzip <= BUDGET.js.gzip + BUDGET.wasm.gzip);
});
