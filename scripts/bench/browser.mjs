// Debian's Chromium through Playwright with the e2e suite's launch arguments (lib/chromium.mjs), so
// *.test names resolve to loopback and nothing else resolves at all.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../lib/chromium.mjs';

export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  // The sandbox certificate is self-signed.
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  return { browser, context, version: browser.version() };
}

/** A fresh page on `url` with a CDP session that reads the renderer's counters (Performance.getMetrics). */
export async function openPage(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  // host.js is deferred, so it has run by `load`. No locator or waitForFunction on these pages: they inject
  // Playwright's helper script, whose own listeners would show up in JSEventListeners.
  await page.goto(url, { waitUntil: 'load' });
  if (!(await page.evaluate(() => Boolean(window.bench)))) throw new Error(`${url}: host.js did not run`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { page, cdp, errors };
}

/** After a full garbage collection: iframes in the document, listeners, DOM nodes and used JS heap. */
export async function memorySnapshot(page, cdp) {
  // Two passes: the first may only free what the second can then reclaim (weak references, DOM wrappers).
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const read = (name) => metrics.find((metric) => metric.name === name)?.value;
  return {
    iframes: await page.evaluate(() => window.bench.iframes()),
    JSEventListeners: read('JSEventListeners'),
    Nodes: read('Nodes'),
    JSHeapUsedSize: read('JSHeapUsedSize'),
  };
}
