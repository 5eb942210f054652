// The demo on a phone (issue #42), 390 × 844 with touch: the page never scrolls sideways, New session brings the
// signing frame into view, and the contract is signed by taps alone, up to the server's confirmation.
// Chromium only (playwright.config.ts): Playwright emulates a phone's viewport (isMobile) in Chromium alone.
import { expect } from './support/fixtures';
import { demoFrame, FRAME_SHOWN, frameInView, frameShown, logRows, demoTest as test } from './support/demo-page';
import { tapInCrossSiteFrame } from './support/frame-click';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 });

test('demo page on a 390 × 844 touch phone: no sideways scroll, the frame in view after New session, signed by taps', async ({
  page,
}) => {
  expect((await page.evaluate(frameInView)).sidewaysScroll, 'sideways scroll before a session').toBe(false);
  // Every option shown: none is wider than the phone (the long <select> choices, the help texts).
  const groups = page.locator('details.group');
  for (const summary of await page.locator('details.group > summary').all()) await summary.tap();
  await expect(groups.and(page.locator('[open]'))).toHaveCount(await groups.count());
  expect((await page.evaluate(frameInView)).sidewaysScroll, 'sideways scroll with every option shown').toBe(false);
  await page.evaluate(() => scrollTo(0, 0));

  await page.getByRole('button', { name: 'New session' }).tap();
  await expect.poll(async () => frameShown(await page.evaluate(frameInView)), { timeout: 3000 }).toEqual(FRAME_SHOWN);
  const frame = demoFrame(page);
  await expect(frame.getByRole('button', { name: 'Sign contract' })).toBeVisible();
  await expect(logRows(page, 'open() resolved')).toHaveCount(1);
  const inSession = await page.evaluate(frameInView);
  expect(inSession.sidewaysScroll, 'sideways scroll with the contract shown').toBe(false);
  expect(inSession.focusInFrame, 'the demo scrolls; it never moves the focus into the frame').toBe(false);

  await tapInCrossSiteFrame(frame, 'Sign contract');
  await expect(frame.getByRole('heading', { name: 'Contract signed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('confirmed by server');
  expect((await page.evaluate(frameInView)).sidewaysScroll, 'sideways scroll after signing').toBe(false);
});
