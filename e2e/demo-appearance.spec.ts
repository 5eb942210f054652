// The partner demo's appearance panel (demo/partner/appearance-panel.js): a preset goes into the new session's
// options, and a change while it runs restyles the signing frame live through update().
import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import { demoFrame, loggedEvents, newSession, openDemo, watchPolicyViolations } from './support/demo-page';

/** The signing frame's page background, as the signer sees it. */
const frameBackground = (page: Page) =>
  demoFrame(page)
    .locator('html')
    .evaluate((root) => getComputedStyle(root).backgroundColor);

/** The first family of the contract text's font, once its face has loaded (quotes removed). */
const frameFont = (page: Page) =>
  demoFrame(page)
    .locator('main')
    .evaluate((main) => {
      const first = getComputedStyle(main)
        .fontFamily.split(',')[0]!
        .trim()
        .replace(/^["']|["']$/g, '');
      const loaded = [...(document.fonts as unknown as Iterable<FontFace>)].some(
        (face) => face.family.replace(/["']/g, '') === first && face.status === 'loaded',
      );
      return loaded ? first : `${first} (not loaded)`;
    });

/** Opens the disclosure group that holds the panel, where the demo's layout has one (issue #42). */
const showPanel = (page: Page) =>
  page.locator('#appearance-panel').evaluate((panel) => {
    const group = panel.closest('details');
    if (group) group.open = true;
  });

test('demo page: the appearance panel brands the session, and its dark toggle restyles the frame live', async ({
  page,
  sandbox,
}) => {
  const violations = watchPolicyViolations(page);
  await openDemo(page, sandbox.urls.demo);
  await page.getByLabel('Scenario').selectOption('complete');
  await showPanel(page);
  await page.getByLabel('Preset').selectOption('lender');
  await newSession(page);
  const frame = demoFrame(page);
  await expect(frame.getByRole('button', { name: 'Sign contract' })).toBeVisible();
  // The lender's light colours came with the construction.
  expect(await frameBackground(page)).toBe('rgb(251, 248, 241)');
  await frame.locator('html').evaluate(() => void (window.__before = true));

  // The lender's hosted font (Lato), then another one chosen in the panel: live too.
  await expect.poll(() => frameFont(page)).toBe('Lato');
  await page.getByLabel('Font').selectOption('Inter');
  await expect.poll(() => frameFont(page)).toBe('Inter');

  await page.getByLabel('Dark theme').check();
  await expect.poll(() => frameBackground(page)).toBe('rgb(16, 32, 26)');
  await page.getByLabel('Preset').selectOption('sandbox');
  // The app's own dark theme: the preset's colours are gone with it (update() replaces the whole appearance).
  await expect.poll(() => frameBackground(page)).toBe('rgb(20, 23, 28)');

  // Restyled in place: the same document, one session, and the SDK's events once each.
  expect(await frame.locator('html').evaluate(() => window.__before === true)).toBe(true);
  const events = await loggedEvents(page);
  expect(events.filter((e) => e === 'update()')).toHaveLength(3);
  expect(events.filter((e) => /^contract\.(loading|loaded|ready)$/.test(e!))).toEqual([
    'contract.loading',
    'contract.loaded',
    'contract.ready',
  ]);
  expect(violations).toEqual([]);
});
