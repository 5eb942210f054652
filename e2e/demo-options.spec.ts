// The partner demo's controls for the 1.1 options, used as a newcomer would: fresh token per open(), auto
// height, locale, frame title and "Focus signing".
import { expect } from './support/fixtures';
import { demoFrame, loggedLifecycle, logRows, newSession, showOptions, demoTest as test } from './support/demo-page';
import { RETRIED_TO_READY } from './scenarios/expected';
import { clickInCrossSiteFrame } from './support/frame-click';

test('demo page: with "Fresh token on each open()", open() after not_found signs on the same instance with a new token', async ({
  page,
}) => {
  await page.getByLabel('Scenario').selectOption('not_found');
  await showOptions(page, 'Token and retries');
  await page.getByLabel('Fresh token on each open()').check();
  await newSession(page);
  await expect(logRows(page, 'contract.error')).toHaveCount(1);

  await page.getByLabel('Scenario').selectOption('complete');
  await page.getByRole('button', { name: 'open()', exact: true }).click();
  const frame = demoFrame(page);
  await clickInCrossSiteFrame(frame, 'Sign contract');
  // The confirmation is for the application of the second token, which the demo tracks.
  await expect(page.getByRole('status')).toContainText('confirmed by server');
  await expect(logRows(page, 'demo: new session')).toHaveCount(1);
  await expect(logRows(page, 'demo: fresh token for open()')).toHaveCount(1);
  // The token itself is never on the page.
  expect(await page.locator('#log').textContent()).not.toMatch(/sbx_/);
});

test('demo page: flaky with "Fresh token on each open()": the retry from the error handler gets a new token for the same application and reaches ready', async ({
  page,
}) => {
  await page.getByLabel('Scenario').selectOption('flaky');
  await showOptions(page, 'Token and retries');
  await page.getByLabel('Fresh token on each open()').check();
  await newSession(page);
  await expect(demoFrame(page).getByRole('button', { name: 'Sign contract' })).toBeVisible();
  await expect(logRows(page, 'demo: fresh token for open()')).toHaveCount(1);
  // The lifecycle events; the app's funnel reports (contract.step: document_viewed once ready) are left out.
  expect(await loggedLifecycle(page)).toEqual(RETRIED_TO_READY);
});

test('demo page: auto height, German and a custom frame title', async ({ page }) => {
  await showOptions(page, 'Display and size');
  await expect(page.getByLabel("Auto: follows the signing app's content"), 'the default').toBeChecked();
  await page.getByLabel('Auto max (px)').fill('700');
  await page.getByLabel('Locale').selectOption('de-DE');
  await page.getByLabel('Frame title').fill('Kreditvertrag unterschreiben');
  await newSession(page);

  const iframe = page.locator('#signing-container iframe');
  const sign = demoFrame(page).getByRole('button', { name: 'Vertrag unterschreiben' });
  await expect(sign).toBeVisible();
  await expect(iframe).toHaveAccessibleName('Kreditvertrag unterschreiben');
  // The German contract is taller than 700 px in this column: the frame stops at the maximum.
  await expect.poll(() => iframe.evaluate((el) => el.getBoundingClientRect().height)).toBe(700);
});

test('demo page: "Focus signing" puts the keyboard focus on "Sign contract", and Enter signs', async ({ page }) => {
  await newSession(page, 'complete');
  const sign = demoFrame(page).getByRole('button', { name: 'Sign contract' });
  await expect(sign).toBeVisible();

  await page.getByRole('button', { name: 'Focus signing' }).click();
  await expect(sign).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('confirmed by server');
});

test("demo page: bad option values are reported with the SDK's own error", async ({ page }) => {
  await showOptions(page, 'Display and size');
  await page.getByLabel('Auto min (px)').fill('900');
  await page.getByLabel('Auto max (px)').fill('400');
  await newSession(page);
  await expect(logRows(page, 'new SvcContracts() threw').locator('td.payload')).toContainText('minHeight');
  await expect(page.locator('#signing-container iframe')).toHaveCount(0);
});
