// The demo at first sight on a laptop (issue #42): the start control on the first screen, and the signing frame in
// view once a session starts, with the keyboard left where the developer pressed. Phones: demo-phone.spec.ts;
// WebKit: webkit/demo-first-screen.spec.ts.
import { expect } from './support/fixtures';
import type { Page } from '@playwright/test';
import {
  demoFrame,
  FRAME_SHOWN,
  frameInView,
  frameShown,
  logRows,
  showOptions,
  startControlOnFirstScreen,
  demoTest as test,
} from './support/demo-page';

/** How long the frame may take to come into view after the press (the token request, then open()). */
const IN_VIEW_WITHIN_MS = 3000;

test.use({ viewport: { width: 1280, height: 800 } });

/** Waits on the frame's geometry until its top is on screen with 200 px of it, for at most 3 s. */
async function expectFrameShown(page: Page): Promise<void> {
  await expect
    .poll(async () => frameShown(await page.evaluate(frameInView)), { timeout: IN_VIEW_WITHIN_MS })
    .toEqual(FRAME_SHOWN);
}

test('demo page at 1280 × 800: New session is on the first screen, and pressing it shows the signing frame', async ({
  page,
}) => {
  expect(await page.evaluate(startControlOnFirstScreen)).toEqual({ scrollY: 0, wholly: true });

  await page.getByRole('button', { name: 'New session' }).click();
  await expectFrameShown(page);
  // Once the session is ready, the keyboard is still on the control the developer pressed: the demo may scroll,
  // it never moves the focus (nor does the SDK by itself).
  await expect(demoFrame(page).getByRole('button', { name: 'Sign contract' })).toBeVisible();
  await expect(logRows(page, 'open() resolved')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'New session' })).toBeFocused();
});

test('demo page at 1280 × 800: a session started from the bottom of the options scrolls the signing frame into view', async ({
  page,
}) => {
  for (const group of ['Display and size', 'Prepare and popup', 'Token and retries', 'Setup mistakes'])
    await showOptions(page, group);
  // The last option, at the bottom of the page: where the frame will appear is above the window.
  const timeout = page.getByLabel('Load timeout (ms)');
  await timeout.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const frameArea = page.locator('#signing-container');
  expect(await frameArea.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(0);

  // Enter in a field submits the form: New session, without going back up to its button.
  await timeout.press('Enter');
  await expectFrameShown(page);
  await expect(logRows(page, 'open() resolved')).toHaveCount(1);
  await expect(timeout).toBeFocused();
});
