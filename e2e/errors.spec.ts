// Failures whose proof needs Playwright's view of the network and of every frame (Chromium, Firefox): the
// cross-engine error scenarios are in scenarios/errors.ts.
import { expect, test } from './support/fixtures';
import { logRows, newSession, openDemo, showOptions } from './support/demo-page';
import { frameCount, open, recorded, waitFor } from './support/sdk-driver';
import { FAILED_TO_LOAD } from './scenarios/expected';
import type { Host } from './support/host';

/** Instance `a` failed to load from the no-hello check (long before loadTimeout) and left no frame in c1. */
async function expectNoHelloFailure(host: Host, contractId: string): Promise<void> {
  const log = await recorded(host, 'a');
  expect(log.map((e) => e.event)).toEqual(FAILED_TO_LOAD);
  expect(log[1].payload).toMatchObject({ contractId, code: 'loading_error' });
  expect(log[1].at - log[0].at).toBeLessThan(8000);
  expect(await frameCount(host, 'c1')).toBe(0);
}

test('signing-app URL that 404s → loading_error from the no-hello check, long before loadTimeout', async ({
  page,
  host,
  sandbox,
  openSigned,
}) => {
  const embedRequests: number[] = [];
  page.on('response', (response) => {
    if (response.url() === `${sandbox.origins.signing}/missing/embed`) embedRequests.push(response.status());
  });
  const config = { contractId: 'gone', appUrl: `${sandbox.origins.signing}/missing`, loadTimeout: 20_000 };
  await openSigned(host, config, { until: 'open.resolved' });
  await expectNoHelloFailure(host, 'gone');
  expect(embedRequests).toEqual([404]);
});

test('signing-app URL that redirects to another origin → loading_error; the imposter never gets init', async ({
  page,
  host,
  harness,
  hostUrl,
  createSigned,
}) => {
  let imposterSeen = false;
  page.on('framenavigated', (frame) => {
    if (frame.url().startsWith(`${harness.origins.evil}/imposter.html`)) imposterSeen = true;
  });
  const sdkLines: string[] = [];
  page.on('console', (message) => sdkLines.push(message.text()));
  await host.goto(hostUrl());
  // The harness answers /moved/embed with a 302 to evil.test, whose page says hello like the real app.
  const appUrl = `${harness.origins.partner.replace('partner.test', 'sign.test')}/moved`;
  await createSigned(host, 'a', 'c1', { contractId: 'moved', appUrl, loadTimeout: 20_000, debug: true });
  await open(host, 'a');
  await expect.poll(() => imposterSeen).toBe(true);
  const imposter = page.frames().find((f) => f.url().startsWith(`${harness.origins.evil}/imposter.html`))!;
  // The SDK has handled the imposter's hello once its debug log says it ignored that origin (it would have
  // answered in the same step); look before the SDK removes the frame (3 s after load).
  await expect.poll(() => imposter.evaluate(() => window.helloSent)).toBe(true);
  await expect
    .poll(() =>
      sdkLines.some(
        (line) => line.startsWith('[contracts-sdk] ') && line.endsWith(` ignored origin ${harness.origins.evil}`),
      ),
    )
    .toBe(true);
  expect(await imposter.evaluate(() => window.initsReceived)).toBe(0);
  await waitFor(host, 'a', 'open.resolved');
  await expectNoHelloFailure(host, 'moved');
});

test('demo page: the "Setup mistake" picker reproduces the CSP block and the wrong path, each named in contract.error', async ({
  page,
  sandbox,
}) => {
  const signing = new URL(sandbox.origins.signing);
  const otherPort = `${signing.protocol}//${signing.hostname}:${Number(signing.port) + 1}`;
  const expected = {
    csp: `The page's CSP blocks the signing frame: add frame-src ${otherPort}.`,
    path: `${sandbox.origins.signing} never answered: this page's origin is not registered with the service (frame-ancestors)`,
  };
  for (const [mistake, message] of Object.entries(expected)) {
    await openDemo(page, sandbox.urls.demo);
    await showOptions(page, 'Token and retries');
    await page.getByLabel('Retry once on').uncheck();
    await showOptions(page, 'Setup mistakes');
    await page.getByLabel('Setup mistake').selectOption(mistake);
    await newSession(page);
    await expect(logRows(page, 'contract.error')).toContainText(message);
  }
});
