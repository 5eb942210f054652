// The demo at first sight on a laptop (issue #42) in WebKit, over classic WebDriver: New session on the first
// screen of a 1280 × 800 window, and the signing frame in view once it is pressed (Chromium and Firefox:
// e2e/demo-first-screen.spec.ts).
import type { Browser } from 'webdriverio';
import { FRAME_SHOWN, frameInView, frameShown, startControlOnFirstScreen } from '../support/demo-page';
import { expect, webkitTest as test } from '../support/fixtures';

const LAPTOP = { width: 1280, height: 800 };

/** Sizes the window so that its page (innerWidth × innerHeight) is `size`; resolves with the window's old size. */
async function sizePage(browser: Browser, size: typeof LAPTOP): Promise<{ width: number; height: number }> {
  const before = await browser.getWindowSize();
  const page = await browser.execute(() => ({ width: innerWidth, height: innerHeight }));
  await browser.setWindowSize(before.width + size.width - page.width, before.height + size.height - page.height);
  expect(await browser.execute(() => ({ width: innerWidth, height: innerHeight }))).toEqual(size);
  return before;
}

test('demo page at 1280 × 800: New session is on the first screen, and pressing it shows the signing frame', async ({
  host,
  webkit,
  sandbox,
}) => {
  await host.goto(sandbox.urls.demo);
  const windowBefore = await sizePage(webkit, LAPTOP);
  try {
    await expect
      .poll(() => host.evaluate(() => document.querySelectorAll('#log tr[data-event="demo: SDK loaded"]').length))
      .toBe(1);
    expect(await host.evaluate(startControlOnFirstScreen)).toEqual({ scrollY: 0, wholly: true });

    await (await webkit.$('#new-session')).click();
    await expect.poll(async () => frameShown(await host.evaluate(frameInView)), { timeout: 3000 }).toEqual(FRAME_SHOWN);
    expect((await host.evaluate(frameInView)).focusInFrame, 'the focus stays on the page').toBe(false);
  } finally {
    await webkit.setWindowSize(windowBefore.width, windowBefore.height);
  }
});
