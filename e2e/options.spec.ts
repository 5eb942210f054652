// The 1.1 options end to end: signingToken as a function (a retry gets a fresh token), height 'auto' driven by
// the sandbox app's resize reports, locale passed to the app, title as the frame's accessible name.
import type { Page } from '@playwright/test';
import { adHocToken, expect, test } from './support/fixtures';
import {
  call,
  createInstance,
  names,
  open,
  openAndWait,
  recorded,
  sign,
  signingFrame,
  signingFrameHandle,
  tokenCalls,
  waitFor,
} from './support/sdk-driver';
import { clickInCrossSiteFrame } from './support/frame-click';

/** The frame's height and, inside it, the bottom of the app's content and whether its document scrolls. */
async function frameLayout(page: Page, containerId: string) {
  const frameHeight = await page
    .locator(`#${containerId} iframe`)
    .evaluate((iframe) => iframe.getBoundingClientRect().height);
  const inside = await (await signingFrameHandle(page, containerId)).evaluate(() => ({
    // Measured from the app's content, not from the document (which is at least as tall as the frame).
    contentBottom: document.getElementById('app')!.getBoundingClientRect().bottom + window.scrollY,
    scrolls: document.documentElement.scrollHeight > document.documentElement.clientHeight,
  }));
  return { frameHeight, ...inside };
}

/** Waits until the frame is as tall as the app's content (within 2 px) and the app shows no scrollbar. */
async function expectFrameFitsContent(page: Page, containerId: string): Promise<number> {
  await expect
    .poll(
      async () => {
        const { frameHeight, contentBottom, scrolls } = await frameLayout(page, containerId);
        return { fits: Math.abs(frameHeight - contentBottom) <= 2, scrolls, frameHeight, contentBottom };
      },
      { message: 'frame height follows the app content' },
    )
    .toMatchObject({ fits: true, scrolls: false });
  return (await frameLayout(page, containerId)).frameHeight;
}

test('signingToken function: open() after not_found calls it again and reaches ready with the new token, same instance', async ({
  page,
  sandbox,
  hostUrl,
}) => {
  await page.goto(hostUrl());
  await openAndWait(page, 'a', 'c1', { contractId: 'fn-1', appUrl: sandbox.origins.signing }, 'open.resolved', [
    adHocToken('not_found'),
    adHocToken('complete'),
  ]);
  expect((await recorded(page, 'a')).find((e) => e.event === 'contract.error')!.payload).toMatchObject({
    code: 'not_found',
    contractId: 'fn-1',
  });
  expect(await tokenCalls(page, 'a')).toBe(1);

  await open(page, 'a');
  await waitFor(page, 'a', 'open.resolved', 2);
  await expect(signingFrame(page, 'c1').getByRole('button', { name: 'Sign contract' })).toBeVisible();
  expect(await tokenCalls(page, 'a')).toBe(2);
  expect(await names(page, 'a')).toEqual([
    'contract.loading',
    'contract.loaded',
    'contract.error',
    'open.resolved',
    'contract.loading',
    'contract.loaded',
    'contract.ready',
    'open.resolved',
  ]);
});

test("height 'auto': the frame is the app's content height, and shrinks with it when the signed view replaces the contract", async ({
  page,
  sandbox,
  hostUrl,
}) => {
  await page.goto(hostUrl());
  // A low minimum, so that the shorter signed view is not held up by the default 320 px.
  await openAndWait(page, 'a', 'c1', {
    signingToken: adHocToken('complete'),
    appUrl: sandbox.origins.signing,
    height: 'auto',
    minHeight: 100,
  });
  const contractHeight = await expectFrameFitsContent(page, 'c1');
  // The contract is taller than both the 100 px minimum and the 600 px fixed default.
  expect(contractHeight).toBeGreaterThan(600);

  await sign(page, 'c1');
  await waitFor(page, 'a', 'contract.completed');
  await expect(signingFrame(page, 'c1').getByRole('heading', { name: 'Contract signed' })).toBeVisible();
  const signedHeight = await expectFrameFitsContent(page, 'c1');
  expect(signedHeight).toBeLessThan(contractHeight - 100);
});

test("height 'auto' with maxHeight: the frame stops at the maximum and the app scrolls inside it", async ({
  page,
  openSigned,
}) => {
  await openSigned(page, { height: 'auto', maxHeight: 400 });
  // The app reports its height before ready (docs/protocol.md: after each render), so the clamp is in place now.
  const layout = await frameLayout(page, 'c1');
  expect(layout.frameHeight).toBe(400);
  expect(layout.contentBottom).toBeGreaterThan(400);
  expect(layout.scrolls).toBe(true);
});

test("height 'auto' with minHeight: the frame follows the content down to the minimum, then stays there", async ({
  page,
  openSigned,
}) => {
  await openSigned(page, { height: 'auto', minHeight: 500 });
  expect(await expectFrameFitsContent(page, 'c1')).toBeGreaterThan(500);

  await sign(page, 'c1');
  await waitFor(page, 'a', 'contract.completed');
  await expect(signingFrame(page, 'c1').getByRole('heading', { name: 'Contract signed' })).toBeVisible();
  // The app reports the signed view's height before completed, so the SDK has applied it by now.
  const layout = await frameLayout(page, 'c1');
  expect(layout.contentBottom).toBeLessThan(500);
  expect(layout.frameHeight).toBe(500);
});

for (const locale of ['de', 'de-DE']) {
  test(`locale '${locale}': the sandbox app renders German and says so in <html lang>`, async ({
    page,
    openSigned,
  }) => {
    await openSigned(page, { locale });
    const frame = signingFrame(page, 'c1');
    await expect(frame.getByRole('heading', { name: 'Darlehensvertrag für Unternehmen' })).toBeVisible();
    await expect(frame.getByRole('heading', { name: 'Darlehenskonditionen' })).toBeVisible();
    await expect(frame.locator('html')).toHaveAttribute('lang', 'de');
    await clickInCrossSiteFrame(frame, 'Vertrag unterschreiben');
    await waitFor(page, 'a', 'contract.completed');
    await expect(frame.getByRole('heading', { name: 'Vertrag unterschrieben' })).toBeVisible();
  });
}

test("locale 'fr': the sandbox app has no French and falls back to English", async ({ page, openSigned }) => {
  await openSigned(page, { locale: 'fr' });
  const frame = signingFrame(page, 'c1');
  await expect(frame.getByRole('button', { name: 'Sign contract' })).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Business Term Loan Agreement' })).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('lang', 'en');
});

test("locale 'de' on an error: the app's error page is German too", async ({ page, openSigned }) => {
  await openSigned(
    page,
    { signingToken: adHocToken('verification_required'), locale: 'de' },
    { until: 'contract.error' },
  );
  const frame = signingFrame(page, 'c1');
  await expect(
    frame.getByRole('heading', { name: 'Dieser Vertrag kann hier nicht unterschrieben werden' }),
  ).toBeVisible();
  await expect(frame.getByText('Der Unterzeichner muss seine Identität bestätigen')).toBeVisible();
});

test('title: the frame\'s accessible name, "Contract signing" by default', async ({ page, sandbox, hostUrl }) => {
  await page.goto(hostUrl());
  await createInstance(page, 'a', 'c1', {
    signingToken: adHocToken('complete'),
    appUrl: sandbox.origins.signing,
    title: 'Sign your loan agreement',
  });
  await createInstance(page, 'b', 'c2', { signingToken: adHocToken('complete'), appUrl: sandbox.origins.signing });
  await open(page, 'a');
  await open(page, 'b');
  await waitFor(page, 'a', 'contract.ready');
  await waitFor(page, 'b', 'contract.ready');
  await expect(page.locator('#c1 iframe')).toHaveAccessibleName('Sign your loan agreement');
  await expect(page.getByTitle('Sign your loan agreement')).toHaveCount(1);
  await expect(page.locator('#c2 iframe')).toHaveAccessibleName('Contract signing');
  await call(page, 'a', 'destroy');
  await call(page, 'b', 'destroy');
});
