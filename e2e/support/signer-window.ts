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

/** The same over WebDriver: the click, then the new window's handle; every call returns to the page's window. */
export async function webdriverWindowFrom(browser: Browser, selector: string): Promise<SignerWindow> {
  const before = await browser.getWindowHandles();
  await (await browser.$(selector)).click();
  let handle: string | undefined;
  await browser.waitUntil(async () => {
    handle = (await browser.getWindowHandles()).find((each) => !before.includes(each));
    return handle !== undefined;
  });
  async function inWindow<R>(action: () => Promise<R>): Promise<R> {
    const page = await browser.getWindowHandle();
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
    clickButton: (name) =>
      inWindow(async () => {
        const button = await browser.$(`//button[normalize-space(.)="${name}"]`);
        await button.waitForClickable();
        await button.click();
      }),
    reload: () => inWindow(() => browser.refresh()),
    close: () => inWindow(() => browser.closeWindow().then(() => undefined)),
    untilClosed: () =>
      browser.waitUntil(async () => !(await browser.getWindowHandles()).includes(handle!)).then(() => undefined),
    messages: () => null,
  };
}
