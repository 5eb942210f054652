// Keyboard-only signing and focus management: Tab into and out of the signing frame, instance.focus() and
// focus coming back to the host page on close(). No mouse is used in this file.
import type { Page } from '@playwright/test';
import { adHocToken, expect, test } from './support/fixtures';
import { addHostButtons, call, open, signingFrame, signingFrameHandle, waitFor } from './support/sdk-driver';

/** The element focused inside the signing frame, as "TAG:text", and whether the host's focus is on the frame. */
async function focusInFrame(page: Page): Promise<{ hostOnFrame: boolean; inside: string }> {
  const hostOnFrame = await page.evaluate(() => document.activeElement === document.querySelector('#c1 iframe'));
  const inside = await signingFrame(page, 'c1')
    .locator('html')
    .evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.textContent}`);
  return { hostOnFrame, inside };
}

test('keyboard only: Tab into the frame reaches "Sign contract", Enter signs, Tab leaves the frame to the host page', async ({
  page,
  hostUrl,
  openSigned,
}) => {
  await page.goto(hostUrl());
  await addHostButtons(page, 'c1');
  await openSigned(page, { contractId: 'kb' }, { goto: false });
  await page.locator('#before').focus();

  await page.keyboard.press('Tab');
  await expect.poll(() => focusInFrame(page)).toEqual({ hostOnFrame: true, inside: 'BUTTON:Sign contract' });
  await page.keyboard.press('Enter');
  await waitFor(page, 'a', 'contract.completed');
  await expect(signingFrame(page, 'c1').getByRole('heading', { name: 'Contract signed' })).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.locator('#after')).toBeFocused();
});

test('focus(): moves the keyboard focus to the "Sign contract" button inside the frame', async ({
  page,
  hostUrl,
  openSigned,
}) => {
  await page.goto(hostUrl());
  await addHostButtons(page, 'c1');
  await openSigned(page, { contractId: 'kb' }, { goto: false });
  await page.locator('#before').focus();

  await call(page, 'a', 'focus');
  await expect.poll(() => focusInFrame(page)).toEqual({ hostOnFrame: true, inside: 'BUTTON:Sign contract' });
  // The focus is real: Enter now signs.
  await page.keyboard.press('Enter');
  await waitFor(page, 'a', 'contract.completed');
});

test('focus() when no control is left (the signed view): the app focuses its heading', async ({ page, openSigned }) => {
  await openSigned(page, { contractId: 'kb' });
  // Signed by a script click, which moves no focus: the frame's document has none when focus() is called.
  await (await signingFrameHandle(page, 'c1')).evaluate(() =>
    document.querySelector<HTMLButtonElement>('button.sign')!.click(),
  );
  await waitFor(page, 'a', 'contract.completed');
  expect((await focusInFrame(page)).inside).toMatch(/^BODY:/);

  await call(page, 'a', 'focus');
  await expect.poll(() => focusInFrame(page)).toEqual({ hostOnFrame: true, inside: 'H1:Contract signed' });
});

test('close() with the focus inside the frame gives it back to the host element that had it before open()', async ({
  page,
  hostUrl,
  openSigned,
}) => {
  await page.goto(hostUrl());
  await addHostButtons(page, 'c1');
  await page.locator('#before').focus();
  await openSigned(page, { contractId: 'kb' }, { goto: false });
  await page.keyboard.press('Tab');
  await expect.poll(() => focusInFrame(page)).toEqual({ hostOnFrame: true, inside: 'BUTTON:Sign contract' });

  await call(page, 'a', 'close');
  await expect(page.locator('#before')).toBeFocused();
});

test('close() with the focus inside the frame and nothing focused before open(): the focus goes to the container', async ({
  page,
  openSigned,
}) => {
  await openSigned(page, { contractId: 'kb' });
  await page.keyboard.press('Tab');
  await expect.poll(() => focusInFrame(page)).toEqual({ hostOnFrame: true, inside: 'BUTTON:Sign contract' });

  await call(page, 'a', 'close');
  await expect(page.locator('#c1')).toBeFocused();
  // Focusable by script only: Tab from the page start does not stop on it.
  await expect(page.locator('#c1')).toHaveAttribute('tabindex', '-1');
});

test('retry after an error with the focus on the old frame: the focus goes back to the element focused before open()', async ({
  page,
  hostUrl,
  openSigned,
}) => {
  await page.goto(hostUrl());
  await addHostButtons(page, 'c1');
  await page.locator('#before').focus();
  const tokens = [adHocToken('not_found'), adHocToken('complete')];
  await openSigned(page, {}, { goto: false, tokens, until: 'open.resolved' });
  await call(page, 'a', 'focus');
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');

  await open(page, 'a');
  await waitFor(page, 'a', 'contract.ready');
  await expect(page.locator('#before')).toBeFocused();
});
