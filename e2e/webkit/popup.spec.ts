// display: 'popup' (docs/popup.md) in WebKit over classic WebDriver: the window open() opens is a window handle
// the driver switches to. What this driver cannot do is listed in docs/popup.md "Engines".
import type { Browser } from 'webdriverio';
import { adHocToken, expect, type Sandbox, webkitTest as test } from '../support/fixtures';
import type { Host } from '../support/host';
import { SIGN_BUTTON, createInstance, names, recorded, waitFor } from '../support/sdk-driver';
import { COMPLETED, READY } from '../scenarios/expected';

const EVENTS = ['contract.loading', 'contract.loaded', 'contract.ready', 'contract.completed', 'contract.error'];

/** A partner's button whose click handler calls open() on instance `id` and records that it resolved. */
async function addOpenButton(browser: Browser, id: string): Promise<void> {
  await browser.execute((id: string) => {
    const button = Object.assign(document.createElement('button'), { id: `open-${id}`, type: 'button' });
    button.textContent = `Open ${id}`;
    button.addEventListener('click', () => {
      const rec = window.__rec!;
      rec.instances[id]!.open().then(() => rec.log.push({ id, event: 'open.resolved', at: performance.now() }));
    });
    document.querySelector('main')!.append(button);
  }, id);
}

/** The signer clicks the partner's button; resolves with the new window's handle (the driver stays on the page). */
async function clickOpen(browser: Browser, id: string): Promise<string> {
  const before = await browser.getWindowHandles();
  await (await browser.$(`#open-${id}`)).click();
  let opened: string | undefined;
  await browser.waitUntil(async () => {
    opened = (await browser.getWindowHandles()).find((handle) => !before.includes(handle));
    return opened !== undefined;
  });
  return opened!;
}

/** Runs `action` in the window `handle`, then returns to the page's window. */
async function inWindow(browser: Browser, handle: string, action: () => Promise<void>): Promise<void> {
  const page = await browser.getWindowHandle();
  await browser.switchToWindow(handle);
  try {
    await action();
  } finally {
    await browser.switchToWindow(page);
  }
}

async function signIn(browser: Browser): Promise<void> {
  const button = await browser.$(`//button[normalize-space(.)="${SIGN_BUTTON}"]`);
  await button.waitForClickable();
  await button.click();
}

/** What a WebKit test gets that popupPage() and openedInWindow() need. */
interface WindowTest {
  host: Host;
  webkit: Browser;
  sandbox: Sandbox;
  hostUrl: (query?: Record<string, string>) => string;
}

/** The partner page with instance "a" in display "popup" for `token`, recording `events`. */
async function popupPage({ host, sandbox, hostUrl }: WindowTest, token: string, events = EVENTS): Promise<void> {
  await host.goto(hostUrl());
  const config = { signingToken: token, appUrl: sandbox.origins.signing, display: 'popup' };
  await createInstance(host, 'a', 'c1', config, undefined, events);
}

/**
 * popupPage(), then the signer's click opens the window and open() has resolved. Resolves with the window's
 * handle.
 */
async function openedInWindow(test: WindowTest, token: string, events = EVENTS): Promise<string> {
  const { host, webkit } = test;
  await popupPage(test, token, events);
  await addOpenButton(webkit, 'a');
  const popup = await clickOpen(webkit, 'a');
  await waitFor(host, 'a', 'open.resolved');
  return popup;
}

test('signs to completion in a window, every event once; the window has no name', async ({
  host,
  webkit,
  sandbox,
  hostUrl,
}) => {
  const popup = await openedInWindow({ host, webkit, sandbox, hostUrl }, adHocToken('complete'));
  await inWindow(webkit, popup, async () => {
    expect(await webkit.getUrl()).toBe(`${sandbox.origins.signing}/embed`);
    expect(await webkit.execute(() => window.name)).toBe('');
    await signIn(webkit);
  });
  await waitFor(host, 'a', 'contract.completed');
  expect(await names(host, 'a')).toEqual(COMPLETED);
});

test('the signer closes the window: contract.cancelled, then open() resumes to completion', async ({
  host,
  webkit,
  sandbox,
  hostUrl,
}) => {
  const events = [...EVENTS, 'contract.cancelled'];
  const first = await openedInWindow({ host, webkit, sandbox, hostUrl }, adHocToken('complete'), events);
  await inWindow(webkit, first, async () => void (await webkit.closeWindow()));
  await waitFor(host, 'a', 'contract.cancelled');
  const second = await clickOpen(webkit, 'a');
  await waitFor(host, 'a', 'open.resolved', 2);
  await inWindow(webkit, second, () => signIn(webkit));
  await waitFor(host, 'a', 'contract.completed');
  expect(await names(host, 'a')).toEqual([...READY, 'contract.cancelled', ...COMPLETED]);
});

test('open() from a script, not a click: popup_blocked at once, inside the call', async ({
  host,
  webkit,
  sandbox,
  hostUrl,
}) => {
  await popupPage({ host, webkit, sandbox, hostUrl }, adHocToken('complete'));
  const seenInCall = await host.evaluate(() => {
    void window.__rec!.instances.a!.open();
    return window.__rec!.log.map((entry) => entry.event);
  });
  expect(seenInCall).toEqual(['contract.error']);
  expect((await recorded(host, 'a'))[0].payload).toMatchObject({ code: 'popup_blocked', source: 'sdk' });
  expect(await webkit.getWindowHandles()).toHaveLength(1);
});

test('destroy() closes the window', async ({ host, webkit, sandbox, hostUrl }) => {
  await openedInWindow({ host, webkit, sandbox, hostUrl }, adHocToken('complete'));
  await host.evaluate(() => window.__rec!.instances.a!.destroy());
  await webkit.waitUntil(async () => (await webkit.getWindowHandles()).length === 1);
});

for (const [coop, outcome] of [
  ['same-origin', 'contract.error'],
  ['same-origin-allow-popups', 'contract.completed'],
] as const) {
  test(`a partner page with COOP ${coop}: ${outcome}`, async ({ host, webkit, sandbox, hostUrl }) => {
    await host.goto(hostUrl({ coop }));
    const config = { signingToken: adHocToken('complete'), appUrl: sandbox.origins.signing, display: 'popup' };
    await createInstance(host, 'a', 'c1', config, undefined, EVENTS);
    await addOpenButton(webkit, 'a');
    const popup = await clickOpen(webkit, 'a');
    if (outcome === 'contract.completed') {
      await waitFor(host, 'a', 'open.resolved');
      await inWindow(webkit, popup, () => signIn(webkit));
    }
    await waitFor(host, 'a', outcome);
    if (outcome === 'contract.error') {
      const error = (await recorded(host, 'a')).find((entry) => entry.event === 'contract.error');
      expect(error!.payload).toMatchObject({
        code: 'loading_error',
        message: expect.stringContaining('same-origin-allow-popups'),
      });
    } else expect(await names(host, 'a')).toEqual(COMPLETED);
  });
}

test('a reload inside the window gets the session back and completes, no event twice', async ({
  host,
  webkit,
  sandbox,
  hostUrl,
}) => {
  const token = adHocToken('complete');
  const popup = await openedInWindow({ host, webkit, sandbox, hostUrl }, token);
  await expect.poll(() => sandbox.sessionStarts(token)).toBe(1);
  // The signer reloads the window: the reloaded document says hello and gets the token back over a new port.
  await inWindow(webkit, popup, () => webkit.refresh());
  await expect.poll(() => sandbox.sessionStarts(token)).toBe(2);
  await inWindow(webkit, popup, () => signIn(webkit));
  await waitFor(host, 'a', 'contract.completed');
  expect(await names(host, 'a')).toEqual(COMPLETED);
});

test('the partner page navigating away closes the window', async ({ host, webkit, sandbox, hostUrl }) => {
  const popup = await openedInWindow({ host, webkit, sandbox, hostUrl }, adHocToken('complete'));
  await host.goto(hostUrl({ sdk: 'floating' }));
  await webkit.waitUntil(async () => !(await webkit.getWindowHandles()).includes(popup));
});

test('a window the SDK did not open cannot greet it: no init, no session for it', async ({
  host,
  webkit,
  sandbox,
  hostUrl,
}) => {
  const token = adHocToken('complete');
  const popup = await openedInWindow({ host, webkit, sandbox, hostUrl }, token);
  await expect.poll(() => sandbox.sessionStarts(token)).toBe(1);
  // The real app, opened by the page itself (not by the SDK): it greets this page as its opener and gets no init,
  // so it shows its "session has ended" page once its wait for init runs out (docs/protocol.md §4.3).
  await webkit.execute((url: string) => {
    const button = Object.assign(document.createElement('button'), { id: 'open-rogue', type: 'button' });
    button.textContent = 'Open rogue';
    button.addEventListener('click', () => void window.open(url));
    document.querySelector('main')!.append(button);
  }, `${sandbox.origins.signing}/embed`);
  const rogue = await clickOpen(webkit, 'rogue');
  await inWindow(webkit, rogue, async () => {
    await webkit.waitUntil(async () => (await (await webkit.$('body')).getText()).includes('session has ended'), {
      timeout: 15_000,
    });
  });
  expect(sandbox.sessionStarts(token), 'the rogue window got no token').toBe(1);
  await inWindow(webkit, popup, () => signIn(webkit));
  await waitFor(host, 'a', 'contract.completed');
  expect(await names(host, 'a')).toEqual(COMPLETED);
});
