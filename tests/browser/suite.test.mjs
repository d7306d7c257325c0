// (1) The package's JS test suite inside Chromium: the Node suite's files that
// need no Node API run unchanged in a page (node:test and node:assert mapped
// to checked shims), plus the browser's own tests of loading, workers and files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { withBrowser, openPage } from './browser.mjs';
import { FILES } from './suite-files.mjs';

for (const [label, query, threads] of [
  ['threaded build (the default under COOP/COEP)', '', 2],
  ['single-threaded build', '?threads=1', 1],
]) {
  test(`the JS suite passes inside Chromium: ${label}`, { timeout: 300_000 }, () => suite(query, threads));
}

async function suite(query, threads) {
  await withBrowser(
    async ({ browser, url }) => {
      const { page } = await openPage(browser, `${url}/tests/browser/suite.html${query}`);
      await page.waitForFunction(() => document.title === 'done', null, { timeout: 280_000 });
      const report = JSON.parse(await page.textContent('#out'));
      assert.equal(report.threads, threads, report.threadsReason);
      assert.match(report.userAgent, /HeadlessChrome|Chrome\//);
      assert.equal(report.crossOriginIsolated, true, 'COOP/COEP from the server');
      assert.deepEqual(report.loadErrors, []);
      assert.deepEqual(
        report.results.filter((r) => !r.ok).map((r) => `${r.file} ${r.name}: ${r.error}`),
        [],
      );
      // each file ran every test it declares: none was lost to a shim gap
      for (const f of FILES) {
        const declared = (readFileSync(new URL(f, import.meta.url), 'utf8').match(/^test\(/gm) ?? []).length;
        assert.ok(declared > 0, f);
        assert.equal(report.results.filter((r) => r.file === f && !r.skipped).length, declared, f);
      }
    },
    { dirs: ['bindings', 'dist', 'tests'] },
  );
}

test('a page that is not cross-origin isolated runs on one thread and says why', { timeout: 60_000 }, async () => {
  await withBrowser(
    async ({ browser, url }) => {
      const { page } = await openPage(browser, `${url}/web/`);
      await page.waitForFunction(() => !document.getElementById('info').textContent.startsWith('loading'));
      assert.match(
        await page.textContent('#info'),
        /threads: 1 \(the page is not cross-origin isolated: serve it with Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp\)\ncrossOriginIsolated: false/,
      );
      assert.deepEqual(page.problems, []);
    },
    { dirs: ['web', 'bindings', 'dist'], isolate: false },
  );
});
