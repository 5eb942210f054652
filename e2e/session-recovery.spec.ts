// The signing app reloads inside its frame (crash recovery, a reload from the frame's context menu, a return
// from a verification page): the SDK answers the new document's hello with a new channel, and the partner
// never sees an event twice. After completed, nothing is sent again.
import type { Page } from '@playwright/test';
import { adHocToken, expect, test } from './support/fixtures';
import { names, sign, signingFrame, signingFrameHandle, waitFor } from './support/sdk-driver';
import { clickInCrossSiteFrame } from './support/frame-click';

/** Counts the documents the signing frame has loaded (each reload is one more). */
function countEmbedDocuments(page: Page, signingOrigin: string): () => number {
  let documents = 0;
  page.on('framenavigated', (frame) => {
    if (frame.url().startsWith(`${signingOrigin}/embed`)) documents += 1;
  });
  return () => documents;
}

test('reload before ready: the same attempt goes on and reaches ready, each event once', async ({
  page,
  sandbox,
  openSigned,
}) => {
  const documents = countEmbedDocuments(page, sandbox.origins.signing);
  await openSigned(page, { signingToken: adHocToken('reload'), contractId: 'r1' });
  expect(documents()).toBe(2);
  await sign(page, 'c1');
  await waitFor(page, 'a', 'contract.completed');
  expect(await names(page, 'a')).toEqual([
    'contract.loading',
    'contract.loaded',
    'contract.ready',
    'open.resolved',
    'contract.completed',
  ]);
});

test('reload after ready: the new page gets its session back and completes, with no repeated event', async ({
  page,
  sandbox,
  openSigned,
}) => {
  const documents = countEmbedDocuments(page, sandbox.origins.signing);
  const debugLines: string[] = [];
  page.on('console', (message) => debugLines.push(message.text()));
  await openSigned(page, { contractId: 'r2', debug: true });
  expect(documents()).toBe(1);

  await clickInCrossSiteFrame(signingFrame(page, 'c1'), 'Reload this page');
  await expect.poll(documents).toBe(2);
  // Only the reloaded document can show the contract again: it needed a fresh init to fetch it.
  await sign(page, 'c1');
  await waitFor(page, 'a', 'contract.completed');
  expect(await names(page, 'a')).toEqual([
    'contract.loading',
    'contract.loaded',
    'contract.ready',
    'open.resolved',
    'contract.completed',
  ]);
  // A second "hello accepted" line: the reload is visible in the debug log.
  expect(debugLines.filter((line) => line.includes('hello accepted'))).toHaveLength(2);
});

test('reload after completed: the token is not sent again and the app says the session ended', async ({
  page,
  sandbox,
  openSigned,
}) => {
  const sessionCalls: string[] = [];
  page.context().on('request', (request) => {
    if (request.url() === `${sandbox.origins.signing}/embed/api/session`) sessionCalls.push(request.url());
  });
  await openSigned(page, { contractId: 'r3' });
  await sign(page, 'c1');
  await waitFor(page, 'a', 'contract.completed');
  expect(sessionCalls).toHaveLength(1);

  const frame = await signingFrameHandle(page, 'c1');
  await frame.evaluate(() => location.reload());
  await expect(signingFrame(page, 'c1').getByText('This signing session has ended.')).toBeVisible();
  expect(sessionCalls).toHaveLength(1);
  expect(await names(page, 'a')).toEqual([
    'contract.loading',
    'contract.loaded',
    'contract.ready',
    'open.resolved',
    'contract.completed',
  ]);
});
