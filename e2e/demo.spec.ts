// The partner demo as a newcomer uses it: pick a scenario, sign, see the server confirm via webhook.
import { requestLoopback } from '../lib/loopback-client.mjs';
import { signatureHeader } from '../demo/server/webhook-signature.mjs';
import { expect, test } from './support/fixtures';
import {
  demoFrame,
  loggedEvents,
  loggedLifecycle,
  logRows,
  newSession,
  openDemo,
  watchPolicyViolations,
} from './support/demo-page';
import { RETRIED_TO_READY } from './scenarios/expected';
import { clickInCrossSiteFrame } from './support/frame-click';

test('demo page: complete scenario, signed in the frame, "confirmed by server" after the verified webhook', async ({
  page,
  sandbox,
}) => {
  const violations = watchPolicyViolations(page);
  await openDemo(page, sandbox.urls.demo);
  await newSession(page, 'complete');

  const frame = demoFrame(page);
  await clickInCrossSiteFrame(frame, 'Sign contract');
  // Step by step, so a failure says where the chain stopped: the app's sign call, the SDK event, the webhook.
  await expect(
    frame.getByRole('heading', { name: 'Contract signed' }),
    'the signing app shows the signed view',
  ).toBeVisible();
  await expect(logRows(page, 'contract.completed'), 'contract.completed in the demo log').toHaveCount(1);
  await expect(page.getByRole('status')).toContainText('confirmed by server');

  const events = await loggedEvents(page);
  const funnel = ['contract.step', 'contract.activity'];
  const sdkAndCalls = events.filter(
    (e) => (e!.startsWith('contract.') && !funnel.includes(e!)) || e!.startsWith('open()'),
  );
  expect(sdkAndCalls).toEqual([
    'contract.loading',
    'contract.loaded',
    'contract.ready',
    'open() resolved',
    'contract.completed',
  ]);
  // The funnel events are logged too: the steps of this signing, and the signer's click as activity.
  expect(events.filter((e) => funnel.includes(e!))).toEqual(
    expect.arrayContaining(['contract.step', 'contract.activity']),
  );
  const payloads = await page.locator('#log tr.event td.payload').allTextContents();
  for (const text of payloads) expect(JSON.parse(text).contractId).toMatch(/^demo-[0-9a-f]{8}$/);
  expect(violations).toEqual([]);
});

test("demo page: the event log scrolls in its own box, never the page, so the frame stays under the signer's pointer", async ({
  page,
  sandbox,
}) => {
  await page.goto(sandbox.urls.demo);
  await newSession(page, 'complete');
  await expect(logRows(page, 'open() resolved')).toHaveCount(1);
  const where = () =>
    page.evaluate(() => ({
      pageScroll: scrollY,
      frameTop: Math.round(document.querySelector('#signing-container iframe')!.getBoundingClientRect().top),
    }));
  const before = await where();
  // More rows than the box holds (as a long session logs): the newest is scrolled into the box; the page and
  // the frame have not moved.
  await page.evaluate(() => {
    for (let i = 0; i < 40; i++) window.DemoLog!.add('info', `demo: row ${i}`);
  });
  expect(await where()).toEqual(before);
  const box = await page
    .locator('#log-scroll')
    .evaluate((el) => ({ scrolled: el.scrollTop > 0, atEnd: el.scrollTop + el.clientHeight >= el.scrollHeight - 1 }));
  expect(box).toEqual({ scrolled: true, atEnd: true });
});

test('demo page: flaky scenario retried from the error handler reaches ready', async ({ page, sandbox }) => {
  await page.goto(sandbox.urls.demo);
  await newSession(page, 'flaky');
  await expect(demoFrame(page).getByRole('button', { name: 'Sign contract' })).toBeVisible();
  expect(await loggedLifecycle(page)).toEqual(RETRIED_TO_READY);
});

test('demo page: "Decline" with a reason shows it in the outcome panel; "Finish later" offers Resume, which opens again', async ({
  page,
  sandbox,
}) => {
  test.slow(); // two sessions and four clicks in a cross-site frame
  await page.goto(sandbox.urls.demo);
  await newSession(page, 'complete');
  const frame = demoFrame(page);
  await clickInCrossSiteFrame(frame, 'Decline');
  await frame.getByLabel('Reason (optional)').fill('The rate is too high');
  await clickInCrossSiteFrame(frame, 'Decline contract');
  await expect(page.getByRole('status')).toHaveText('Declined by the signer: "The rate is too high"');
  await expect(logRows(page, 'contract.declined').locator('td.payload')).toContainText(
    '"reason":"The rate is too high"',
  );

  await newSession(page);
  await clickInCrossSiteFrame(frame, 'Finish later');
  await expect(logRows(page, 'contract.cancelled')).toHaveCount(1);
  await expect(page.getByRole('status')).toContainText('finish later');
  await page.getByRole('button', { name: 'Resume signing' }).click();
  await expect(page.getByRole('button', { name: 'Resume signing' })).toBeHidden();
  await expect(frame.getByRole('button', { name: 'Sign contract' })).toBeVisible();
  await expect(logRows(page, 'contract.ready')).toHaveCount(3);
});

test('demo backend: webhook deliveries with a bad signature are refused; the contracts API needs the bearer token', async ({
  sandbox,
}) => {
  const body = JSON.stringify({
    id: crypto.randomUUID(),
    type: 'application.contract.signed',
    resource: { id: crypto.randomUUID(), type: 'application' },
  });
  const post = (signature: string) =>
    requestLoopback({
      url: sandbox.urls.webhook,
      method: 'POST',
      body,
      ca: sandbox.cert,
      headers: {
        'content-type': 'application/json',
        'x-svc-event-id': JSON.parse(body).id,
        'x-svc-event-type': 'application.contract.signed',
        'x-svc-signature': signature,
      },
    });
  expect((await post(signatureHeader('whsec_not_the_shared_secret', body))).status).toBe(400);
  expect((await post('t=1, v1=00')).status).toBe(400);
  expect(sandbox.confirmations().some((c) => c.applicationId === JSON.parse(body).resource.id)).toBe(false);

  const url = sandbox.urls.contractsApi.replace('{app_id}', crypto.randomUUID());
  expect((await requestLoopback({ url, ca: sandbox.cert })).status).toBe(403);
  expect((await requestLoopback({ url, ca: sandbox.cert, headers: { authorization: 'Bearer wrong' } })).status).toBe(
    403,
  );
});
