// Clicking inside a cross-site frame with Playwright, without losing the click on a busy machine.
import { expect, type FrameLocator, type Locator } from '@playwright/test';

/**
 * Clicks the button named `name` inside `frame` once it lies inside the page's window.
 * Playwright scrolls a control in a cross-site frame into view in two processes: the frame's scroll at once, the
 * page's afterwards. On a busy machine the page's scroll could land after Playwright had taken the click point,
 * and the click hit whatever scrolled under it ("Sign contract" lost on the tall demo page, twice in loaded runs).
 * So: centre it, wait until it is wholly in the window as the page itself sees it, then click, which no longer
 * needs to scroll anything.
 */
export async function clickInCrossSiteFrame(frame: FrameLocator, name: string): Promise<void> {
  await (await buttonInWindow(frame, name)).click();
}

/** The same with a tap (a touch page: `hasTouch`), as a signer on a phone signs. */
export async function tapInCrossSiteFrame(frame: FrameLocator, name: string): Promise<void> {
  await (await buttonInWindow(frame, name)).tap();
}

/** The button named `name` inside `frame`, once centred and wholly inside the page's window. */
async function buttonInWindow(frame: FrameLocator, name: string): Promise<Locator> {
  const control = frame.getByRole('button', { name });
  // Centred, not just "if needed": a control left at the window's edge would make the click scroll again.
  await control.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  const inWindow = async (): Promise<boolean> => {
    const element = await frame.owner().evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, left: r.left, windowHeight: innerHeight, windowWidth: innerWidth };
    });
    const box = await control.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    });
    return (
      element.top + box.top >= 0 &&
      element.top + box.bottom <= element.windowHeight &&
      element.left + box.left >= 0 &&
      element.left + box.right <= element.windowWidth
    );
  };
  await expect.poll(inWindow, { message: `${control} inside the page's window` }).toBe(true);
  return control;
}
