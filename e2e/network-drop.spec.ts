// The network dropped for 20 s mid-signing (issue #29), in the Playwright engines: the browser context goes
// offline as the signer clicks "Sign contract", the app says it is offline and sends the signature again once the
// connection is back. Nothing reaches the partner meanwhile (no error, no app_unresponsive: the heartbeat is
// local), the contract is signed once and the service sends one webhook. WebKit's classic WebDriver cannot take
// the browser offline: this case runs in Chromium and Firefox only.
import { expect, issueToken, test } from './support/fixtures';
import { frameIn, names, sign, waitFor, waitForFrameText } from './support/sdk-driver';
import { COMPLETED, READY } from './scenarios/expected';

/** How long the signer's connection stays down: longer than the heartbeat's 10 s and than one retry of the app. */
const OUTAGE_MS = 20_000;
const OFFLINE_TEXT = 'You are offline. Your signature will be sent when the connection is back.';

test('the network drops for 20 s mid-signing: the app resumes, one contract.completed, one webhook', async ({
  page,
  sandbox,
  openSigned,
}) => {
  test.setTimeout(60_000);
  const { applicationId, token } = await issueToken(sandbox, 'complete');
  await openSigned(page, { signingToken: token });

  await page.context().setOffline(true);
  await sign(page, 'c1');
  await waitForFrameText(page, 'c1', OFFLINE_TEXT);
  // The outage itself is the condition under test: it lasts, whatever the page does meanwhile.
  await page.waitForTimeout(OUTAGE_MS);
  expect(await names(page, 'a'), 'nothing reaches the partner while offline').toEqual(READY);
  await page.context().setOffline(false);

  await waitFor(page, 'a', 'contract.completed');
  expect(await names(page, 'a')).toEqual(COMPLETED);
  await expect.poll(() => sandbox.confirmations().filter((c) => c.applicationId === applicationId).length).toBe(1);
  const event = sandbox.confirmations().find((c) => c.applicationId === applicationId)!;
  expect(sandbox.deliveries().filter((d) => d.event_id === event.eventId)).toHaveLength(1);
  expect(sandbox.sessionStarts(token), 'the same session, not a new one').toBe(1);
  await expect(page.locator(frameIn('c1'))).toHaveCount(1);
});
