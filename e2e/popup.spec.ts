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
    async ({ launchOptions, browserName }, use) =>
      use(
        browserName === 'chromium'
          ? { ...launchOptions, ignoreDefaultArgs: ['--disable-popup-blocking'] }
          : {
              ...launchOptions,
              firefoxUserPrefs: {
                ...launchOptions.firefoxUserPrefs,
                'dom.disable_open_during_load': true,
                'remote.prefs.recommended': false,
              },
            },
      ),
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
      document.addEventListener('DOMContentLoaded', () => {
        const seen: string[] = [];
        // Firefox under WebDriver BiDi starts a navigated page with the user activation a click would give: an
        // earlier window of the page's own uses it up, as a partner's other popup on the same click would.
        if (navigator.userActivation.isActive) window.open('about:blank', '', 'width=100,height=100')?.close();
        const contract = new window.SvcSDK!.SvcContracts('c1', { appUrl, signingToken, display: 'popup' });
        contract.on('contract.error', (payload) => seen.push(JSON.stringify(payload)));
        void contract.open();
        (window as unknown as { seenInCall: string[] }).seenInCall = seen;
      });
    },
    { appUrl: sandbox.origins.signing, signingToken },
  );
  await page.goto(hostUrl());
  const seenInCall = await page.evaluate(() => (window as unknown as { seenInCall: string[] }).seenInCall);
  expect(seenInCall.map((json) => JSON.parse(json))).toEqual([
    // The blocked attempt's id: the SDK's own error, before any app, names its attempt too.
    { attemptId: expect.stringMatching(ATTEMPT_ID), code: 'popup_blocked', message: POPUP_BLOCKED, source: 'sdk' },
  ]);
});
