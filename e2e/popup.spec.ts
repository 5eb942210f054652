// display: 'popup' in Chromium and Firefox with each browser's real popup blocker on: the cross-engine cases
// (e2e/scenarios/popup.ts), and the one whose setup only Playwright can make (a script run as the page loads).
import type { LaunchOptions } from '@playwright/test';
import { ATTEMPT_ID } from './scenarios/expected';
import { POPUP_BLOCKED, popupScenarios } from './scenarios/popup';
import { adHocToken, test as base, expect } from './support/fixtures';

// Playwright starts Chromium with --disable-popup-blocking and Firefox with dom.disable_open_during_load off:
// these tests need each browser's real popup blocker, as partners' signers have it.
const test = base.extend<object, { launchOptions: LaunchOptions }>({
  launchOptions: [
    async ({ launchOptions, browserName }, use) => {
      if (browserName === 'chromium') return use({ ...launchOptions, ignoreDefaultArgs: ['--disable-popup-blocking'] });
      const blocker = { 'dom.disable_open_during_load': true, 'remote.prefs.recommended': false };
      await use({ ...launchOptions, firefoxUserPrefs: { ...launchOptions.firefoxUserPrefs, ...blocker } });
    },
    { scope: 'worker' },
  ],
});

popupScenarios(test);

// Playwright only: a driver's evaluate counts as a user action in Chromium, so the call must come from the page's
// own script as it loads (an init script, which WebDriver classic has not). WebKit: e2e/webkit/popup.spec.ts.
test('open() outside a user action: popup_blocked at once, inside the call', async ({ page, sandbox, hostUrl }) => {
  const signingToken = adHocToken('complete');
  await page.addInitScript(
    ({ appUrl, signingToken }) => {
      type Seen = { seenInCall: Promise<string[]> };
      // Firefox under WebDriver BiDi gives the page transient activation as it navigates, and again each time the
      // driver first runs a script in one of its realms (Playwright's utility world, an evaluate): that may land
      // while a window.open of the page waits for its window, after the open used the activation up. So open()
      // runs in a frame that starts without activation, checked in the same task: nothing can give it in between.
      // Until then, a window of the page's own uses it up, as a partner's other popup on the same click would.
      const openWithoutActivation = (resolve: (seen: string[]) => void) => {
        if (navigator.userActivation.isActive) {
          window.open('about:blank', '', 'width=100,height=100')?.close();
          requestAnimationFrame(() => openWithoutActivation(resolve));
          return;
        }
        const seen: string[] = [];
        const contract = new window.SvcSDK!.SvcContracts('c1', { appUrl, signingToken, display: 'popup' });
        contract.on('contract.error', (payload) => seen.push(JSON.stringify(payload)));
        void contract.open();
        resolve(seen);
      };
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as Seen).seenInCall = new Promise(openWithoutActivation);
      });
    },
    { appUrl: sandbox.origins.signing, signingToken },
  );
  await page.goto(hostUrl());
  const seenInCall = await page.evaluate(() => (window as unknown as { seenInCall: Promise<string[]> }).seenInCall);
  expect(seenInCall.map((json) => JSON.parse(json))).toEqual([
    // The blocked attempt's id: the SDK's own error, before any app, names its attempt too.
    { attemptId: expect.stringMatching(ATTEMPT_ID), code: 'popup_blocked', message: POPUP_BLOCKED, source: 'sdk' },
  ]);
});
