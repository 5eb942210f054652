// display: 'popup' (docs/popup.md) in real browsers: the signing app in a window open() opens from the signer's
// click, with the browser's own popup blocker and Cross-Origin-Opener-Policy handling. Chromium and Firefox
// (Playwright sees the window as a page of its own); WebKit: e2e/webkit/popup.spec.ts.
import type { LaunchOptions, Page } from '@playwright/test';
import { adHocToken, expect, test as base } from './support/fixtures';
import { SIGN_BUTTON, createInstance, names, recorded, waitFor } from './support/sdk-driver';
import { ATTEMPT_ID, COMPLETED, READY } from './scenarios/expected';

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

const POPUP_BLOCKED = 'Popup blocked: call open() in the click.';
const POPUP_SEVERED = 'Cross-Origin-Opener-Policy cut off the window: use same-origin-allow-popups.';

/**
 * A partner's button whose click handler calls open() on instance `id` (recording its outcome), or, for any other
 * `id`, opens `url` in a window of the page's own.
 */
async function addOpenButton(page: Page, id: string, url?: string): Promise<void> {
  await page.evaluate(
    ({ id, url }) => {
      const button = Object.assign(document.createElement('button'), { id: `open-${id}`, type: 'button' });
      button.textContent = `Open ${id}`;
      button.addEventListener('click', () => {
        if (url) return void window.open(url, '', 'width=400,height=400');
        const rec = window.__rec!;
        rec.instances[id]!.open().then(() => rec.log.push({ id, event: 'open.resolved', at: performance.now() }));
      });
      document.querySelector('main')!.append(button);
    },
    { id, url },
  );
}

/** The signer clicks the partner's button; resolves with the signing window it opened. */
async function clickOpen(page: Page, id: string): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.click(`#open-${id}`)]);
  return popup;
}

/** A display: 'popup' instance `a` on the harness page with a button that opens it. */
async function popupInstance(page: Page, signingOrigin: string, config: Record<string, unknown> = {}) {
  await createInstance(page, 'a', 'c1', { appUrl: signingOrigin, display: 'popup', ...config }, undefined, [
    'contract.loading',
    'contract.loaded',
    'contract.ready',
    'contract.completed',
    'contract.error',
    'contract.cancelled',
  ]);
  await addOpenButton(page, 'a');
}

function signIn(popup: Page): Promise<void> {
  return popup.getByRole('button', { name: SIGN_BUTTON }).click();
}

test('signs to completion in a window, every event once; the token in no URL, window name or log', async ({
  page,
  context,
  sandbox,
  hostUrl,
}) => {
  const token = adHocToken('complete');
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  const printed: string[] = [];
  page.on('console', (message) => printed.push(message.text()));
  await page.goto(hostUrl());
  await popupInstance(page, sandbox.origins.signing, { signingToken: token, contractId: 'p-1', debug: true });
  const popup = await clickOpen(page, 'a');
  popup.on('console', (message) => printed.push(message.text()));
  await waitFor(page, 'a', 'open.resolved');
  expect(popup.url()).toBe(`${sandbox.origins.signing}/embed`);
  expect(await popup.evaluate(() => window.name)).toBe('');
  // The container holds nothing: the partner shows its own notice.
  expect(await page.evaluate(() => document.getElementById('c1')!.querySelector('iframe'))).toBeNull();
  await signIn(popup);
  await waitFor(page, 'a', 'contract.completed');
  expect(await names(page, 'a')).toEqual(COMPLETED);
  for (const entry of await recorded(page, 'a')) {
    if (entry.event.startsWith('contract.')) {
      expect(entry.payload).toMatchObject({ contractId: 'p-1', attemptId: expect.stringMatching(ATTEMPT_ID) });
    }
  }
  expect(printed.some((line) => line.includes('hello accepted'))).toBe(true);
  expect([...urls, ...printed].filter((text) => text.includes(token))).toEqual([]);
});

test('a reload inside the window gets the session back and completes, no event twice', async ({
  page,
  sandbox,
  hostUrl,
}) => {
  const token = adHocToken('complete');
  await page.goto(hostUrl());
  await popupInstance(page, sandbox.origins.signing, { signingToken: token });
  const popup = await clickOpen(page, 'a');
  await waitFor(page, 'a', 'open.resolved');
  // The signer reloads the window (F5): the browser's reload, not the app's.
  await popup.reload();
  // The reloaded document said hello, got the token back over a new port and opened its session again.
  await expect.poll(() => sandbox.sessionStarts(token)).toBe(2);
  await signIn(popup);
  await waitFor(page, 'a', 'contract.completed');
  expect(await names(page, 'a')).toEqual(COMPLETED);
});

test('the signer closes the window: contract.cancelled (no error), then open() resumes to completion', async ({
  page,
  sandbox,
  hostUrl,
}) => {
  await page.goto(hostUrl());
  await popupInstance(page, sandbox.origins.signing, { signingToken: adHocToken('complete') });
  const first = await clickOpen(page, 'a');
  await waitFor(page, 'a', 'open.resolved');
  await first.close();
  await waitFor(page, 'a', 'contract.cancelled');
  const second = await clickOpen(page, 'a');
  await waitFor(page, 'a', 'open.resolved', 2);
  await signIn(second);
  await waitFor(page, 'a', 'contract.completed');
  expect(await names(page, 'a')).toEqual([...READY, 'contract.cancelled', ...COMPLETED]);
});

test('open() outside a user action: popup_blocked at once, inside the call', async ({ page, sandbox, hostUrl }) => {
  const signingToken = adHocToken('complete');
  // Run by the page itself as it loads: no user action at all (a driver's evaluate counts as one in Chromium).
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

test('a partner page with COOP same-origin: the error names the header and the value that works', async ({
  page,
  sandbox,
  hostUrl,
}) => {
  await page.goto(hostUrl({ coop: 'same-origin' }));
  await popupInstance(page, sandbox.origins.signing, { signingToken: adHocToken('complete') });
  await clickOpen(page, 'a');
  await waitFor(page, 'a', 'contract.error');
  const error = (await recorded(page, 'a')).find((entry) => entry.event === 'contract.error')!;
  expect(error.payload).toEqual({
    contractId: undefined,
    attemptId: expect.stringMatching(ATTEMPT_ID),
    code: 'loading_error',
    message: POPUP_SEVERED,
    source: 'sdk',
  });
});

test('a partner page with COOP same-origin-allow-popups: signs to completion', async ({ page, sandbox, hostUrl }) => {
  await page.goto(hostUrl({ coop: 'same-origin-allow-popups' }));
  await popupInstance(page, sandbox.origins.signing, { signingToken: adHocToken('complete') });
  const popup = await clickOpen(page, 'a');
  await waitFor(page, 'a', 'open.resolved');
  await signIn(popup);
  await waitFor(page, 'a', 'contract.completed');
  expect(await names(page, 'a')).toEqual(COMPLETED);
});

test('destroy() closes the window', async ({ page, sandbox, hostUrl }) => {
  await page.goto(hostUrl());
  await popupInstance(page, sandbox.origins.signing, { signingToken: adHocToken('complete') });
  const popup = await clickOpen(page, 'a');
  await waitFor(page, 'a', 'open.resolved');
  await Promise.all([popup.waitForEvent('close'), page.evaluate(() => window.__rec!.instances.a!.destroy())]);
  expect(popup.isClosed()).toBe(true);
});

test('the partner page navigating away closes the window', async ({ page, sandbox, hostUrl }) => {
  await page.goto(hostUrl());
  await popupInstance(page, sandbox.origins.signing, { signingToken: adHocToken('complete') });
  const popup = await clickOpen(page, 'a');
  await waitFor(page, 'a', 'open.resolved');
  await Promise.all([popup.waitForEvent('close'), page.goto(hostUrl({ sdk: 'floating' }))]);
  expect(popup.isClosed()).toBe(true);
});

test('a window the SDK did not open cannot greet it, from the signing origin or another site', async ({
  page,
  sandbox,
  hostUrl,
}) => {
  const printed: string[] = [];
  page.on('console', (message) => printed.push(message.text()));
  // hostile=1: an evil.test frame on the page sends hello, ready, completed and errors every 100 ms.
  await page.goto(hostUrl({ hostile: '1' }));
  await popupInstance(page, sandbox.origins.signing, { signingToken: adHocToken('complete'), debug: true });
  const popup = await clickOpen(page, 'a');
  await waitFor(page, 'a', 'open.resolved');
  // The real app, opened by the page itself (not by the SDK): it greets this page as its opener.
  await addOpenButton(page, 'rogue', `${sandbox.origins.signing}/embed`);
  const rogue = await clickOpen(page, 'rogue');
  await expect
    .poll(() => printed.filter((line) => line.includes('ignored hello from another window')).join('\n'))
    .toContain(sandbox.origins.signing);
  expect(printed.join('\n')).toContain('https://evil.test');
  expect(printed.filter((line) => line.includes('hello accepted'))).toHaveLength(1);
  await rogue.close();
  await signIn(popup);
  await waitFor(page, 'a', 'contract.completed');
  expect(await names(page, 'a')).toEqual(COMPLETED);
});
