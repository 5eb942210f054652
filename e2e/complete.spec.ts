// The happy path across three sites: partner page, CDN bundle with SRI, signing app, and the service's
// signed webhook verified by the partner backend.
import { adHocToken, expect, issueToken, test } from './support/fixtures';
import { createInstance, names, open, recorded, signingFrame, waitFor } from './support/sdk-driver';

test('complete: loading → loaded → ready → completed, open() resolves on ready, webhook verified', async ({ page, sandbox, hostUrl }) => {
  const { applicationId, token } = await issueToken(sandbox, 'complete');
  await page.goto(hostUrl());
  await createInstance(page, 'a', 'c1', { signingToken: token, contractId: 'loan-42', appUrl: sandbox.origins.signing });
  await open(page, 'a');

  await waitFor(page, 'a', 'open.resolved');
  // Resolved on ready: before anything else happens, and before the signer does anything.
  expect(await names(page, 'a')).toEqual(['contract.loading', 'contract.loaded', 'contract.ready', 'open.resolved']);

  const frame = signingFrame(page, 'c1');
  await expect(frame.getByRole('heading', { name: 'Business Term Loan Agreement' })).toBeVisible();
  await expect(frame.getByText('Jordan Avery, Borrower')).toBeVisible();
  await frame.getByRole('button', { name: 'Sign contract' }).click();
  await waitFor(page, 'a', 'contract.completed');
  await expect(frame.getByRole('heading', { name: 'Contract signed' })).toBeVisible();

  const log = await recorded(page, 'a');
  expect(log.map((entry) => entry.event)).toEqual([
    'contract.loading',
    'contract.loaded',
    'contract.ready',
    'open.resolved',
    'contract.completed',
  ]);
  for (const entry of log.filter((e) => e.event.startsWith('contract.'))) {
    expect(entry.payload, entry.event).toEqual({ contractId: 'loan-42' });
  }

  // Server-confirmed completion: the service delivered application.contract.signed and the partner backend
  // accepted it only after checking the HMAC signature and timestamp.
  await expect.poll(() => sandbox.confirmations().filter((c) => c.applicationId === applicationId).length).toBe(1);
  const event = sandbox.confirmations().find((c) => c.applicationId === applicationId)!;
  const attempts = sandbox.deliveries().filter((d) => d.event_id === event.eventId);
  expect(attempts).toEqual([expect.objectContaining({ success: true, http_status: 200, attempt_number: 1 })]);
});

test('slow: ready arrives only after the app\'s delay, and open() waits for it', async ({ page, sandbox, hostUrl }) => {
  await page.goto(hostUrl());
  await createInstance(page, 'a', 'c1', { signingToken: adHocToken('slow'), contractId: 's-1', appUrl: sandbox.origins.signing, loadTimeout: 10_000 });
  await open(page, 'a');
  await waitFor(page, 'a', 'open.resolved');
  const log = await recorded(page, 'a');
  expect(log.map((e) => e.event)).toEqual(['contract.loading', 'contract.loaded', 'contract.ready', 'open.resolved']);
  const at = (name: string) => log.find((e) => e.event === name)!.at;
  expect(at('contract.ready') - at('contract.loaded')).toBeGreaterThanOrEqual(1900);
});
