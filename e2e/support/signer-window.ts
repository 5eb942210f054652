// A window the page opened (display: 'popup'), as a scenario sees it whatever drives the browser: a Playwright
// page of its own (Chromium, Firefox) or a WebDriver window handle the driver switches to and back (WebKit).
import type { Page } from '@playwright/test';
import type { Browser } from 'webdriverio';
import type { InPage } from './host';

export interface SignerWindow {
  /** The window's address now. */
  url(): Promise<string>;
  /** Runs `fn` in the window's document (source text, as Host.evaluate). */
  evaluate<R>(fn: InPage<undefined, R>): Promise<R>;
  /** Clicks, as the signer would, the window's button whose text is `name`. */
  clickButton(name: string): Promise<void>;
  /** The signer reloads the window (the browser's reload, not the app's). */
  reload(): Promise<void>;
  /** The signer closes the window. */
  close(): Promise<void>;
  /** Resolves once something else (the SDK, a navigation) has closed the window. */
  untilClosed(): Promise<void>;
  /** What the window printed to its console so far, or null where the driver cannot see it (WebDriver classic). */
  messages(): string[] | null;
}

/** Clicks the button whose visible text is `name` (WebDriver classic has no accessibility-name locator). */
export async function clickButtonNamed(browser: Browser, name: string): Promise<void> {
  if (name.includes('"')) throw new Error(`button name with a double quote is not supported: ${name}`);
  const button = await browser.$(`//button[normalize-space(.)="${name}"]`);
  await button.waitForClickable();
  await button.click();
}

/** The signer clicks `selector` on `page`; resolves with the window that click opened. */
export async function playwrightWindowFrom(page: Page, selector: string): Promise<SignerWindow> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.click(selector)]);
  const printed: string[] = [];
  popup.on('console', (message) => printed.push(message.text()));
  return {
    url: async () => popup.url(),
    evaluate: (fn) => popup.evaluate(fn as never),
    clickButton: (name) => popup.getByRole('button', { name }).click(),
    reload: async () => void (await popup.reload()),
    close: () => popup.close(),
    untilClosed: async () => {
      if (!popup.isClosed()) await popup.waitForEvent('close');
    },
    messages: () => [...printed],
  };
}

/**
 * Closes the driver's current window and returns it to `page`. webdriverio answers closeWindow by switching the
 * session to the first window left without awaiting that switch (its context manager, webdriverio#14025), so a
 * switch back made at once races it: when webdriverio's lands second, the driver stays on another window (the
 * signing window) and the next page command runs there. That switch is sent as closeWindow's result comes in; its
 * answer is awaited before the way back.
 */
export async function closeCurrentWindow(browser: Browser, page: string): Promise<void> {
  const followUps: Promise<void>[] = [];
  const onCommand = ({ command }: { command: string }) => {
    if (command === 'switchToWindow') followUps.push(nextResult(browser, 'switchToWindow'));
  };
  browser.on('command', onCommand);
  try {
    await browser.closeWindow();
  } finally {
    browser.off('command', onCommand);
  }
  await Promise.all(followUps);
  await browser.switchToWindow(page);
}

/** Resolves when the driver has answered the next `command` (webdriverio's `result` event, errors too). */
function nextResult(browser: Browser, command: string): Promise<void> {
  return new Promise((resolve) => {
    const onResult = (event: { command: string }) => {
      if (event.command !== command) return;
      browser.off('result', onResult);
      resolve();
    };
    browser.on('result', onResult);
  });
}

/**
 * The same over WebDriver: the click, then the new window's handle. Every call switches to the window and back to
 * the page the click was made in (its handle taken then, never read back from a session another switch may move).
 */
export async function webdriverWindowFrom(browser: Browser, selector: string): Promise<SignerWindow> {
  const page = await browser.getWindowHandle();
  const before = await browser.getWindowHandles();
  await (await browser.$(selector)).click();
  let handle: string | undefined;
  await browser.waitUntil(async () => {
    handle = (await browser.getWindowHandles()).find((each) => !before.includes(each));
    return handle !== undefined;
  });
  async function inWindow<R>(action: () => Promise<R>): Promise<R> {
    await browser.switchToWindow(handle!);
    try {
      return await action();
    } finally {
      await browser.switchToWindow(page);
    }
  }
  return {
    url: () => inWindow(() => browser.getUrl()),
    evaluate: (fn) => inWindow(() => browser.execute(fn as never) as never),
    clickButton: (name) => inWindow(() => clickButtonNamed(browser, name)),
    reload: () => inWindow(() => browser.refresh()),
    close: async () => {
      await browser.switchToWindow(handle!);
      await closeCurrentWindow(browser, page);
    },
    untilClosed: () =>
      browser.waitUntil(async () => !(await browser.getWindowHandles()).includes(handle!)).then(() => undefined),
    messages: () => null,
  };
}
