// (1) The package's JS test suite inside Chromium: the Node suite's files that
// need no Node API run unchanged in a page (node:test and node:assert mapped
// to checked shims), plus the browser's own tests of loading, workers and files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { withBrowser, openPage } from './browser.mjs';
import { FILES } from './suite-files.mjs';

test('the JS suite passes inside Chromium', { timeout: 300_000 }, async () => {
  await withBrowser(async ({ browser, url }) => {
    const { page } = await openPage(browser, `${url}/tests/browser/suite.html`);
    await page.waitForFunction(() => document.title === 'done', null, { timeout: 280_000 });
    const report = JSON.parse(await page.textContent('#out'));
    assert.match(report.userAgent, /HeadlessChrome|Chrome\//);
    assert.equal(report.crossOriginIsolated, true, 'COOP/COEP from the server');
    assert.deepEqual(report.loadErrors, []);
    assert.deepEqual(report.results.filter((r) => !r.ok).map((r) => `${r.file} ${r.name}: ${r.error}`), []);
    // each file ran every test it declares: none was lost to a shim gap
    for (const f of FILES) {
      const declared = (readFileSync(new URL(f, import.meta.url), 'utf8').match(/^test\(/gm) ?? []).length;
      assert.ok(declared > 0, f);
      assert.equal(report.results.filter((r) => r.file === f && !r.skipped).length, declared, f);
    }
  }, { dirs: ['bindings', 'dist', 'tests'] });
});
