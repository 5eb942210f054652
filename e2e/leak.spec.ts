// Leak check (the full memory benchmark is `npm run bench`): many lifecycles on one partner page must leave
// no iframe behind and the page's event listeners where they were. Counters come from CDP
// (Performance.getMetrics after HeapProfiler.collectGarbage), so a listener or frame the SDK forgets fails CI.
// Chromium only: Firefox and WebKit have no such protocol, so the firefox project skips this file
// (CHROMIUM_ONLY in playwright.config.ts) and the WebKit suite does not include it.
import type { CDPSession, Page } from '@playwright/test';
import { adHocToken, expect, test } from './support/fixtures';

// Trace recording injects Playwright's snapshot script into the page, whose own listeners (13 in Chromium 156)
// would be counted as ours: this test runs untraced; its printed figures are the diagnostics.
test.use({ trace: 'off' });

const CYCLES = 50;
const INSTANCES = 10;
const LISTENER_TOLERANCE = 2;

interface Snapshot {
  iframes: number;
  JSEventListeners: number;
  Nodes: number;
  JSHeapUsedSize: number;
}

async function snapshot(page: Page, cdp: CDPSession): Promise<Snapshot> {
  // Two passes: the first may only free what the second can then reclaim (weak references, DOM wrappers).
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const read = (name: string) => {
    const metric = metrics.find((m) => m.name === name);
    if (!metric) throw new Error(`CDP metric ${name} missing`);
    return metric.value;
  };
  return {
    // page.evaluate, not a locator: a locator injects Playwright's helper script, whose own listeners would
    // count here.
    iframes: await page.evaluate(() => document.querySelectorAll('iframe').length),
    JSEventListeners: read('JSEventListeners'),
    Nodes: read('Nodes'),
    JSHeapUsedSize: read('JSHeapUsedSize'),
  };
}

test('no leak: open/ready/close cycles and create/open/destroy instances leave no frame and no listener', async ({
  page,
  sandbox,
  hostUrl,
}) => {
  test.setTimeout(60_000);
  await page.goto(hostUrl());
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const before = await snapshot(page, cdp);

  const started = Date.now();
  // One page.evaluate per phase: the loops run in the page, as a partner's code would.
  const failures = await page.evaluate(
    async ({ cycles, instances, appUrl, tokens }) => {
      const { SvcContracts } = (window as any).SvcSDK;
      let errors = 0;
      const countError = () => (errors += 1);
      const kept = new SvcContracts('c1', { signingToken: tokens[0], appUrl });
      kept.on('contract.error', countError);
      for (let i = 0; i < cycles; i++) {
        await kept.open();
        kept.close();
      }
      for (let i = 0; i < instances; i++) {
        const instance = new SvcContracts('c2', { signingToken: tokens[1], appUrl });
        instance.on('contract.error', countError);
        await instance.open();
        instance.destroy();
      }
      // The cycled instance stays alive, as a partner keeps it: close() alone must have released everything.
      (window as any).__kept = kept;
      return errors;
    },
    {
      cycles: CYCLES,
      instances: INSTANCES,
      appUrl: sandbox.origins.signing,
      tokens: [adHocToken('complete'), adHocToken('complete')],
    },
  );
  const seconds = (Date.now() - started) / 1000;
  const after = await snapshot(page, cdp);

  const figures = {
    cycles: CYCLES,
    instances: INSTANCES,
    seconds,
    before,
    after,
    heapGrowthKb: Math.round((after.JSHeapUsedSize - before.JSHeapUsedSize) / 1024),
  };
  console.log(`leak check: ${JSON.stringify(figures)}`);
  test.info().annotations.push({ type: 'leak figures', description: JSON.stringify(figures) });

  // Every open() must have reached ready, or the cycles proved nothing about the full lifecycle.
  expect(failures, 'opens that ended in contract.error').toBe(0);
  expect(after.iframes, 'iframes left in the document').toBe(0);
  expect(
    Math.abs(after.JSEventListeners - before.JSEventListeners),
    `JSEventListeners ${before.JSEventListeners} -> ${after.JSEventListeners}`,
  ).toBeLessThanOrEqual(LISTENER_TOLERANCE);
});
