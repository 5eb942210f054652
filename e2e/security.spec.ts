// Token confidentiality, which needs Playwright's view of every request and console line (Chromium, Firefox):
// the cross-engine security scenarios (SRI, strict CSP, hostile frame, frame-ancestors) are in scenarios/.
import type { ConsoleMessage } from '@playwright/test';
import { expect, issueToken, test } from './support/fixtures';
import { createInstance, open, recorded, sign, waitFor } from './support/sdk-driver';

test('the signing token appears in no URL, Referer, host DOM, debug console message or event payload', async ({ page, host, context, sandbox, hostUrl }) => {
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

  await host.goto(hostUrl());
  await createInstance(host, 'a', 'c1', { signingToken: token, contractId: 'secret-check', appUrl: sandbox.origins.signing, debug: true });
  await createInstance(host, 'b', 'c2', { signingToken: errorToken, contractId: 'secret-check-2', appUrl: sandbox.origins.signing, debug: true });
  await open(host, 'a');
  await open(host, 'b');
  await waitFor(host, 'a', 'contract.ready');
  await waitFor(host, 'b', 'contract.error');
  await sign(host, 'c1');
  await waitFor(host, 'a', 'contract.completed');
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
    expect(JSON.stringify(await recorded(host)), 'event payloads').not.toContain(secret);
  }
});
