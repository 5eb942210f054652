// A hidden page mid-signing (issue #29, docs/protocol.md §6.6): the signer turns to another tab or minimises the window
// and comes back. The browser throttles the page's timers and the app's while hidden; the heartbeat's watchdog must not
// report the app for it. Each driver hides the page its own way (Host.hidePage); headless Chromium cannot. Firefox and
// WebKit keep delivering the app's 2 s beats to a hidden page, so the first case holds even without the watchdog's
// visibility rule: the second proves that rule, with an app that stops beating while the page is hidden.
import type { TestInfo } from '@playwright/test';
import { adHocToken, expect } from '../support/fixtures';
import type { Host } from '../support/host';
import { firstEntry, frameCount, names, signAndComplete, waitFor } from '../support/sdk-driver';
import { COMPLETED, READY } from './expected';
import type { ScenarioTest } from './scenario-test';

/** Longer than the watchdog's 10 silent checks, and than Firefox's first steps of background-timer throttling. */
const HIDDEN_MS = 60_000;
/** A crashed app is reported within 12 s of the page being visible again (the watchdog's 10 checks, a margin). */
const REPORTED_WITHIN_MS = 12_000;

/** Skips the test, before its setup, where the driver cannot hide a page; else gives it `timeout` ms. */
function needsHiding(host: Host, testInfo: TestInfo, timeout: number): void {
  testInfo.skip(!host.hidePage, 'this driver cannot hide a page (Host.hidePage)');
  testInfo.setTimeout(timeout);
}

/** Hides the page for `ms` (the time hidden is the condition under test), then shows it. */
async function hiddenFor(host: Host, ms: number): Promise<void> {
  const show = await host.hidePage!();
  await new Promise((resolve) => setTimeout(resolve, ms));
  expect(await host.evaluate(() => document.visibilityState), 'still hidden').toBe('hidden');
  await show();
}

export function hiddenPageScenarios(test: ScenarioTest): void {
  test('a page hidden for 60 s mid-signing: nothing reported, then the contract is signed', async ({
    host,
    sandbox,
    openSigned,
  }, testInfo) => {
    needsHiding(host, testInfo, 120_000);
    const token = adHocToken('complete');
    await openSigned(host, { signingToken: token });
    await hiddenFor(host, HIDDEN_MS);

    expect(await names(host, 'a'), 'nothing reaches the partner while hidden').toEqual(READY);
    await signAndComplete(host);
    expect(await names(host, 'a')).toEqual(COMPLETED);
    expect(sandbox.sessionStarts(token), 'the same session, not a new one').toBe(1);
    expect(await frameCount(host, 'c1')).toBe(1);
  });

  test('an app that stops beating while the page is hidden is reported only once it is visible', async ({
    host,
    openSigned,
  }, testInfo) => {
    needsHiding(host, testInfo, 90_000);
    // The sandbox's `crash` scenario navigates the app's frame to a page that never answers 1 s after ready.
    await openSigned(host, { signingToken: adHocToken('crash') });
    // Twice the watchdog's 10 s: while hidden, missed beats are not the app's fault (throttled or frozen pages).
    await hiddenFor(host, 20_000);

    expect(await names(host, 'a'), 'no report while hidden').toEqual(READY);
    const visibleAt = await host.evaluate(() => performance.now());
    await waitFor(host, 'a', 'contract.error', 1, REPORTED_WITHIN_MS + 2000);
    const error = await firstEntry(host, 'a', 'contract.error');
    expect(error.payload).toMatchObject({ code: 'app_unresponsive', source: 'sdk' });
    expect(error.at - visibleAt).toBeLessThan(REPORTED_WITHIN_MS);
    expect(await frameCount(host, 'c1')).toBe(0);
  });

  test('a back/forward cache round trip mid-signing: restored as it was, nothing reported, then signed', async ({
    host,
    sandbox,
    hostUrl,
    openSigned,
  }, testInfo) => {
    testInfo.skip(host.engine === 'chromium', 'Playwright starts Chromium with its back/forward cache turned off');
    testInfo.setTimeout(90_000);
    const token = adHocToken('complete');
    // A page the browser may keep (the harness's other pages are no-store, which keeps some engines from it).
    await openSigned(host, { signingToken: token }, { query: { cache: 'bfcache' } });
    await host.evaluate(() => {
      addEventListener('pageshow', (event) => void (window.__restoredFromCache = event.persisted));
    });
    await host.goto(hostUrl());
    // Away longer than the watchdog's 10 s: the cached page's timers and the app's beats are all stopped meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    await host.goBack();
    await expect
      .poll(
        // Asked while the page may still be changing: an evaluate cut off by the navigation asks again.
        () => host.evaluate(() => window.__restoredFromCache ?? false).catch(() => false),
        'restored from the back/forward cache',
      )
      .toBe(true);
    // Longer than the watchdog's 11 checks again: an app whose port died in the cache would be reported by now, so
    // silence here means its beats came back over the same port.
    await new Promise((resolve) => setTimeout(resolve, 15_000));

    expect(await names(host, 'a'), 'nothing reaches the partner after the restore').toEqual(READY);
    expect(await frameCount(host, 'c1'), 'the same frame').toBe(1);
    // Playwright over WebDriver BiDi loses a cross-site frame that Firefox restored from the cache (a click in it
    // never returns); WebKit's driver clicks in it as usual.
    if (host.engine === 'firefox') return;
    await signAndComplete(host);
    expect(await names(host, 'a')).toEqual(COMPLETED);
    expect(sandbox.sessionStarts(token), 'the same session, not a new one').toBe(1);
  });
}
