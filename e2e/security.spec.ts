// What needs Playwright's view of every request, console line and dialog (Chromium, Firefox): token
// confidentiality, a polluted prototype on the partner page, the frame's referrer policy and sandbox. The
// cross-engine security scenarios (SRI, strict CSP, hostile frame, frame-ancestors) are in scenarios/.
import { adHocToken, expect, issueToken, test } from './support/fixtures';
import type { Host } from './support/host';
import { createInstance, open, recorded, signingFrameHandle, signOneFailOther, waitFor } from './support/sdk-driver';
import { ATTEMPT_ID, noHello, SESSION_ID } from './scenarios/expected';

/** The SDK's own lines among what the page printed (console and page errors, from the test's start). */
const sdkLines = (host: Host) => host.messages()!.filter((line) => line.startsWith('[contracts-sdk]'));

test('the signing token appears in no URL, Referer, host DOM, debug console message or event payload', async ({
  page,
  host,
  context,
  sandbox,
  hostUrl,
  createSigned,
}) => {
  const { token } = await issueToken(sandbox, 'complete');
  const errorToken = (await issueToken(sandbox, 'not_found')).token;
  const requests: Array<{ url: string; referer: string }> = [];
  const pendingHeaders: Promise<void>[] = [];
  context.on('request', (request) => {
    pendingHeaders.push(
      request.allHeaders().then((h) => void requests.push({ url: request.url(), referer: h.referer ?? '' })),
    );
  });
  await host.goto(hostUrl());
  await createSigned(host, 'a', 'c1', { signingToken: token, contractId: 'secret-check', debug: true });
  await createSigned(host, 'b', 'c2', { signingToken: errorToken, contractId: 'secret-check-2', debug: true });
  await signOneFailOther(host, ['a', 'c1'], 'b');
  await Promise.all(pendingHeaders);
  const consoleTexts = host.messages()!;

  // The checks below must have material to look at, or they would pass vacuously.
  expect(requests.some((r) => r.url.startsWith(`${sandbox.origins.signing}/embed/api/session`))).toBe(true);
  expect(requests.some((r) => r.referer.startsWith(sandbox.origins.signing))).toBe(true);
  expect(consoleTexts.length).toBeGreaterThan(5);

  for (const secret of [token, errorToken]) {
    for (const r of requests) {
      expect(r.url, 'request URL').not.toContain(secret);
      expect(r.referer, `Referer of ${r.url}`).not.toContain(secret);
    }
    expect(await page.content(), 'host DOM').not.toContain(secret);
    for (const frame of page.frames()) expect(await frame.content(), `DOM of ${frame.url()}`).not.toContain(secret);
    for (const text of consoleTexts) expect(text, 'console').not.toContain(secret);
    expect(JSON.stringify(await recorded(host)), 'event payloads').not.toContain(secret);
  }
});

test('a polluted Object.prototype on the partner page redirects nothing: no request and no init reach another origin', async ({
  page,
  host,
  context,
  harness,
  hostUrl,
}) => {
  const builtInApp = 'https://sign.svc.example'; // the production address compiled into test builds
  await context.route(`${builtInApp}/**`, (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'not the signing app' }),
  );
  const requested: string[] = [];
  context.on('request', (request) => requested.push(request.url()));

  await page.goto(hostUrl());
  // What a vulnerable query-string parser or deep-merge helper elsewhere on the page leaves behind. The evil
  // address redirects to a page that answers hello as if it were the signing app (imposter.js).
  await page.evaluate((evil) => {
    Object.assign(Object.prototype, {
      appUrl: `${evil}/moved`,
      environment: 'qa',
      debug: true,
      loadTimeout: 1,
      width: 0,
      height: 0,
      contractId: 'evil',
    });
  }, harness.origins.evil);
  await createInstance(page, 'a', 'c1', { signingToken: adHocToken('complete') });
  await open(page, 'a');
  expect(
    await page
      .locator('#c1 iframe')
      .evaluate((frame: HTMLIFrameElement) => [frame.src, frame.style.width, frame.style.height]),
  ).toEqual([`${builtInApp}/embed`, '100%', '600px']);
  await waitFor(page, 'a', 'contract.error');

  expect(requested.filter((url) => url.startsWith(harness.origins.evil))).toEqual([]);
  expect(requested).toContain(`${builtInApp}/embed`);
  expect(requested.some((url) => url.includes('qa.svc.example'))).toBe(false);
  expect(sdkLines(host)).toEqual([]);
  // Not the polluted 1 ms timeout: the built-in app's 404 page was detected by the missing hello.
  expect((await recorded(page, 'a'))[1].payload).toEqual({
    contractId: undefined,
    attemptId: expect.stringMatching(ATTEMPT_ID),
    code: 'loading_error',
    source: 'sdk',
    message: noHello(builtInApp),
  });
});

test("a polluted Object.prototype changes no payload field or debug line: the app's sessionId from ready on, none before", async ({
  page,
  host,
  sandbox,
  hostUrl,
  createSigned,
}) => {
  const { token } = await issueToken(sandbox, 'complete');
  const errorToken = (await issueToken(sandbox, 'not_found')).token;
  await page.goto(hostUrl());
  // Before the SDK runs: every field the SDK adds to a payload (issue #51, finding 5).
  await page.evaluate(() => {
    for (const field of ['attemptId', 'sessionId', 'step', 'code', 'source', 'message', 'reason']) {
      (Object.prototype as Record<string, unknown>)[field] = `forged_${field}`;
    }
  });
  await createSigned(page, 'a', 'c1', { signingToken: token, contractId: 'k1', debug: true });
  await createSigned(page, 'b', 'c2', { signingToken: errorToken, contractId: 'k2', debug: true });
  await signOneFailOther(page, ['a', 'c1'], 'b');

  const events = await recorded(page);
  expect(JSON.stringify(events)).not.toContain('forged');
  const progress = ['contract.loading', 'contract.loaded', 'contract.ready', 'contract.completed'];
  const a = (await recorded(page, 'a')).filter(({ event }) => progress.includes(event));
  const sessionId = a.find(({ event }) => event === 'contract.ready')!.payload!.sessionId;
  expect(sessionId).toMatch(SESSION_ID);
  expect(a.map(({ event, payload }) => [event, payload!.sessionId])).toEqual([
    ['contract.loading', undefined],
    ['contract.loaded', undefined],
    ['contract.ready', sessionId],
    ['contract.completed', sessionId],
  ]);
  const error = (await recorded(page, 'b')).find(({ event }) => event === 'contract.error')!.payload;
  expect(error).toMatchObject({ contractId: 'k2', code: 'not_found', source: 'app' });
  expect('sessionId' in error!).toBe(false);
  expect(sdkLines(host).length).toBeGreaterThan(5);
  for (const line of sdkLines(host)) expect(line).not.toContain('forged');
});

test('the frame attributes hold in the browser: the app gets only the partner origin as Referer, and no modal dialogs', async ({
  page,
  sandbox,
  hostUrl,
  openSigned,
}) => {
  const embedReferers: string[] = [];
  const pending: Promise<void>[] = [];
  page.on('request', (request) => {
    if (request.url() === `${sandbox.origins.signing}/embed`)
      pending.push(request.allHeaders().then((h) => void embedReferers.push(h.referer ?? '')));
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // The partner page itself would send its full URL (Referrer-Policy: unsafe-url, a customer id in the query).
  const url = hostUrl({ referrer: 'unsafe-url', customer: 'c-4711' });
  await page.goto(url);
  await openSigned(page, {}, { goto: false });
  await Promise.all(pending);
  // referrerpolicy="strict-origin" on the frame: the origin only, never the page URL with its query. (Firefox
  // already ignores a page's unsafe-url for cross-site requests, so there the attribute check below is the one
  // that notices a dropped policy; Chromium honours unsafe-url and would send the full URL.)
  expect(embedReferers).toEqual([`${new URL(url).origin}/`]);
  expect(
    await page
      .locator('#c1 iframe')
      .evaluate((frame: HTMLIFrameElement) => [frame.referrerPolicy, frame.getAttribute('sandbox')]),
  ).toEqual([
    'strict-origin',
    'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads',
  ]);
  // sandbox without allow-modals: alert() inside the frame returns at once and opens nothing.
  await (await signingFrameHandle(page, 'c1')).evaluate(() => alert('from the signing frame'));
  expect(dialogs).toEqual([]);
});
