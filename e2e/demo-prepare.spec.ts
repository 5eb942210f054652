// The partner demo's "Prepare" control (issue #28): New session loads the signing app hidden and ready; open()
// shows it at once, the same frame, with no new request to the signing origin.
import { demoFrame, logRows, newSession, showOptions, demoTest as test } from './support/demo-page';
import { expect } from './support/fixtures';

test('demo page: with "Prepare", New session loads hidden and ready; open() shows the same frame at once', async ({
  page,
  sandbox,
}) => {
  await showOptions(page, 'Prepare and popup');
  await page.getByLabel('Prepare: load hidden, show at open()').check();
  await newSession(page);
  await expect(logRows(page, 'prepare() resolved')).toHaveCount(1);
  await expect(logRows(page, 'contract.ready')).toHaveCount(1);
  const frame = page.locator('#signing-container iframe');
  await expect(frame).toBeHidden();
  const signingOrigin = new URL(sandbox.origins.signing).origin;
  const afterClick: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin === signingOrigin) afterClick.push(request.url());
  });
  await page.getByRole('button', { name: 'open()', exact: true }).click();
  await expect(frame).toBeVisible();
  await expect(demoFrame(page).getByRole('button', { name: 'Sign contract' })).toBeVisible();
  await expect(logRows(page, 'open() resolved')).toHaveCount(1);
  expect(afterClick, 'no request to the signing origin after the click').toEqual([]);
  await expect(page.locator('#signing-container iframe')).toHaveCount(1);
});
