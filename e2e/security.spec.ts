// Loading as partners do (SRI, floating path), a hardened host page, token confidentiality and a hostile
// frame on the page.
import type { ConsoleMessage, Page } from '@playwright/test';
import { adHocToken, expect, issueToken, test } from './support/fixtures';
import { createInstance, names, open, recorded, signingFrame, signingFrameHandle, waitFor } from './support/sdk-driver';

/** Collects CSP violations in every frame of the page (init scripts run before the page's own scripts). */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const list: string[] = ((window as any).__violations = []);
    document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

async function violations(page: Page): Promise<string[]> {
  const all: string[] = [];
  for (const frame of page.frames()) all.push(...((await frame.evaluate(() => (window as any).__violations ?? [])) as string[]));
  return all;
}

test('SRI: a wrong integrity hash is blocked by the browser', async ({ page, sandbox, hostUrl }) => {
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  const cdnResponses: number[] = [];
  page.on('response', (r) => r.url() === sandbox.urls.sdkPinned && cdnResponses.push(r.status()));
  await page.goto(hostUrl({ sdk: 'bad-integrity' }));
  // The CDN served the script (200), and the browser refused to run it.
  expect(cdnResponses).toEqual([200]);
  expect(await page.evaluate(() => typeof (window as any).SvcSDK)).toBe('undefined');
  expect(messages.join('\n')).toMatch(/integrity/i);
});

test('SRI: the pinned bundle with its integrity loads; the floating v1/ path loads and works', async ({ page, sandbox, hostUrl }) => {
  await page.goto(hostUrl({ sdk: 'pinned' }));
  expect(await page.evaluate(() => (window as any).SvcSDK.SDK_VERSION)).toBe(sandbox.sdkVersion);

  await page.goto(hostUrl({ sdk: 'floating' }));
  expect(await page.evaluate(() => (window as any).SvcSDK.SDK_VERSION)).toBe(sandbox.sdkVersion);
  await createInstance(page, 'a', 'c1', { signingToken: adHocToken('complete'), contractId: 'floating', appUrl: sandbox.origins.signing });
  await open(page, 'a');
  await waitFor(page, 'a', 'contract.ready');
  await signingFrame(page, 'c1').getByRole('button', { name: 'Sign contract' }).click();
  await waitFor(page, 'a', 'contract.completed');
});

test('hardened host page (CSP: CDN scripts only, signing-app frames only, Trusted Types): works, zero violations', async ({ page, sandbox, hostUrl }) => {
  await watchViolations(page);
  const cspConsole: string[] = [];
  page.on('console', (m) => /Content Security Policy|Trusted Type/i.test(m.text()) && cspConsole.push(m.text()));
  const response = await page.goto(hostUrl({ csp: 'strict' }));
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toContain(`script-src ${sandbox.origins.cdn};`);
  expect(csp).toContain(`frame-src ${sandbox.origins.signing};`);
  expect(csp).toContain("require-trusted-types-for 'script'");
  expect(csp).not.toContain('unsafe-inline');

  await createInstance(page, 'ok', 'c1', { signingToken: adHocToken('complete'), contractId: 'h1', appUrl: sandbox.origins.signing, width: 500, height: '20rem' });
  await createInstance(page, 'err', 'c2', { signingToken: adHocToken('verification_required'), contractId: 'h2', appUrl: sandbox.origins.signing });
  await open(page, 'ok');
  await open(page, 'err');
  await waitFor(page, 'ok', 'contract.ready');
  await waitFor(page, 'err', 'contract.error');
  await signingFrame(page, 'c1').getByRole('button', { name: 'Sign contract' }).click();
  await waitFor(page, 'ok', 'contract.completed');
  expect(await names(page, 'ok')).toEqual(['contract.loading', 'contract.loaded', 'contract.ready', 'open.resolved', 'contract.completed']);

  expect(page.frames().length).toBe(3); // the host page and both signing frames were all watched
  expect(await violations(page)).toEqual([]);
  expect(cspConsole).toEqual([]);
});

test('the signing token appears in no URL, Referer, host DOM, debug console message or event payload', async ({ page, context, sandbox, hostUrl }) => {
  const { token } = await issueToken(sandbox, 'complete');
  const errorToken = (await issueToken(sandbox, 'not_found')).token;
  const requests: Array<{ url: string; referer: string }> = [];
  const pendingHeaders: Promise<void>[] = [];
  context.on('request', (request) => {
    pendingHeaders.push(request.allHeaders().then((h) => void requests.push({ url: request.url(), referer: h.referer ?? '' })));
  });
  const consoleTexts: string[] = [];
  const onConsole = (m: ConsoleMessage) => consoleTexts.push(m.text());
  page.on('console', onConsole);

  await page.goto(hostUrl());
  await createInstance(page, 'a', 'c1', { signingToken: token, contractId: 'secret-check', appUrl: sandbox.origins.signing, debug: true });
  await createInstance(page, 'b', 'c2', { signingToken: errorToken, contractId: 'secret-check-2', appUrl: sandbox.origins.signing, debug: true });
  await open(page, 'a');
  await open(page, 'b');
  await waitFor(page, 'a', 'contract.ready');
  await waitFor(page, 'b', 'contract.error');
  await signingFrame(page, 'c1').getByRole('button', { name: 'Sign contract' }).click();
  await waitFor(page, 'a', 'contract.completed');
  await Promise.all(pendingHeaders);

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
    expect(JSON.stringify(await recorded(page)), 'event payloads').not.toContain(secret);
  }
});

test('a hostile frame (another origin) imitating the signing app produces no SDK event', async ({ page, sandbox, harness, hostUrl }) => {
  await page.goto(hostUrl({ hostile: '1' }));
  const hostile = page.frames().find((f) => f.url().startsWith(harness.origins.evil))!;
  await expect.poll(() => hostile.evaluate(() => (window as any).spoofRounds)).toBeGreaterThan(0);

  // One instance that never gets an answer (any loaded/ready/completed would be forged) and one that is ready
  // (a forged completed or error would show), while the hostile frame keeps posting.
  await createInstance(page, 'quiet', 'c1', { signingToken: adHocToken('silent'), contractId: 'q', appUrl: sandbox.origins.signing, loadTimeout: 1500 });
  await createInstance(page, 'live', 'c2', { signingToken: adHocToken('complete'), contractId: 'l', appUrl: sandbox.origins.signing });
  await open(page, 'quiet');
  await open(page, 'live');
  await waitFor(page, 'quiet', 'contract.error');
  await waitFor(page, 'live', 'contract.ready');
  // Wait on the hostile frame itself: five more rounds of spoofs posted while both instances listen.
  const rounds = await hostile.evaluate(() => (window as any).spoofRounds);
  await expect.poll(() => hostile.evaluate(() => (window as any).spoofRounds)).toBeGreaterThan(rounds + 5);

  expect(await names(page, 'quiet')).toEqual(['contract.loading', 'contract.error', 'open.resolved']);
  expect((await recorded(page, 'quiet'))[1].payload).toMatchObject({ code: 'loading_error' });
  expect(await names(page, 'live')).toEqual(['contract.loading', 'contract.loaded', 'contract.ready', 'open.resolved']);
  // Side check: the signing apps never answered the hostile frame's own init attempts.
  expect(await hostile.evaluate(() => (window as any).hijackReplies)).toBe(0);
});

test('a site not registered for the partner cannot embed the signing app (frame-ancestors)', async ({ page, sandbox, harness }) => {
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  // The same host page, served from evil.test: the SDK works there, the signing app refuses to be framed.
  await page.goto(`${harness.origins.evil}/host`);
  await createInstance(page, 'a', 'c1', { signingToken: adHocToken('complete'), contractId: 'stranger', appUrl: sandbox.origins.signing, loadTimeout: 20_000 });
  await open(page, 'a');
  await waitFor(page, 'a', 'open.resolved');
  expect(await names(page, 'a')).toEqual(['contract.loading', 'contract.error', 'open.resolved']);
  expect((await recorded(page, 'a'))[1].payload).toMatchObject({ code: 'loading_error' });
  expect(messages.join('\n')).toMatch(/frame-ancestors/);
});

test('a polluted Object.prototype on the partner page redirects nothing: no request and no init reach another origin', async ({ page, context, harness, hostUrl }) => {
  const builtInApp = 'https://sign.svc.example'; // the production address compiled into test builds
  await context.route(`${builtInApp}/**`, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not the signing app' }));
  const requested: string[] = [];
  context.on('request', (request) => requested.push(request.url()));
  const sdkLines: string[] = [];
  page.on('console', (message) => message.text().startsWith('[contracts-sdk]') && sdkLines.push(message.text()));

  await page.goto(hostUrl());
  // What a vulnerable query-string parser or deep-merge helper elsewhere on the page leaves behind. The evil
  // address redirects to a page that answers hello as if it were the signing app (imposter.js).
  await page.evaluate((evil) => {
    Object.assign(Object.prototype, { appUrl: `${evil}/moved`, environment: 'qa', debug: true, loadTimeout: 1, width: 0, height: 0, contractId: 'evil' });
  }, harness.origins.evil);
  await createInstance(page, 'a', 'c1', { signingToken: adHocToken('complete') });
  await open(page, 'a');
  expect(await page.locator('#c1 iframe').evaluate((frame: HTMLIFrameElement) => [frame.src, frame.style.width, frame.style.height])).toEqual([
    `${builtInApp}/embed`,
    '100%',
    '600px',
  ]);
  await waitFor(page, 'a', 'contract.error');

  expect(requested.filter((url) => url.startsWith(harness.origins.evil))).toEqual([]);
  expect(requested).toContain(`${builtInApp}/embed`);
  expect(requested.some((url) => url.includes('qa.svc.example'))).toBe(false);
  expect(sdkLines).toEqual([]);
  // Not the polluted 1 ms timeout: the built-in app's 404 page was detected by the missing hello.
  expect((await recorded(page, 'a'))[1].payload).toEqual({
    contractId: undefined,
    code: 'loading_error',
    source: 'sdk',
    message: 'The signing page loaded but never answered: an error page, a wrong address or another site.',
  });
});

test('the frame attributes hold in the browser: the app gets only the partner origin as Referer, and no modal dialogs', async ({ page, sandbox, hostUrl }) => {
  const embedReferers: string[] = [];
  const pending: Promise<void>[] = [];
  page.on('request', (request) => {
    if (request.url() === `${sandbox.origins.signing}/embed`) pending.push(request.allHeaders().then((h) => void embedReferers.push(h.referer ?? '')));
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // The partner page itself would send its full URL (Referrer-Policy: unsafe-url, a customer id in the query).
  const url = hostUrl({ referrer: 'unsafe-url', customer: 'c-4711' });
  await page.goto(url);
  await createInstance(page, 'a', 'c1', { signingToken: adHocToken('complete'), appUrl: sandbox.origins.signing });
  await open(page, 'a');
  await waitFor(page, 'a', 'contract.ready');
  await Promise.all(pending);
  // referrerpolicy="strict-origin" on the frame: the origin only, never the page URL with its query.
  expect(embedReferers).toEqual([`${new URL(url).origin}/`]);
  // sandbox without allow-modals: alert() inside the frame returns at once and opens nothing.
  await (await signingFrameHandle(page, 'c1')).evaluate(() => alert('from the signing frame'));
  expect(dialogs).toEqual([]);
});
