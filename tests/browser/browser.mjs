// Drives Debian's Chromium (/usr/bin/chromium, installed by scripts/setup.sh)
// with playwright-core for the browser tests: a static server, a browser,
// pages whose console errors are collected, and screenshots.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createStaticServer, listen, REPO_ROOT } from '../../scripts/serve.mjs';

// toolchain.md §1; --no-sandbox because CI runs as root
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const SHOTS =
  process.env.WT_SCREENSHOT_DIR ?? new URL('../../test-results/screenshots/', import.meta.url).pathname;

// fn({ browser, url }) with a server over root (the repository by default)
export async function withBrowser(fn, server = {}) {
  const { server: srv, url } = await listen(createStaticServer({ root: REPO_ROOT, ...server }), 0, { fallback: false });
  let browser;
  try {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: FLAGS });
    return await fn({ browser, url });
  } finally {
    await browser?.close();
    srv.close();
  }
}

// a page whose console errors, uncaught exceptions and failed requests are
// kept in page.problems
export async function openPage(browser, url, { viewport = { width: 1280, height: 900 } } = {}) {
  const page = await browser.newPage({ viewport });
  page.problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') page.problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => page.problems.push(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => page.problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) page.problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  const response = await page.goto(url);
  return { page, response };
}

export async function screenshot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  const path = `${SHOTS}/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}
