// The Nuxt app (support/nuxt-app.ts: docs/frameworks.md "Nuxt") in every engine (issue #53): the element asks the
// docs' token route in the browser, so no piece of the token is in the server's HTML; signed through to the webhook.
import { expect, type Sandbox } from '../support/fixtures';
import { NUXT_WEBHOOK_PATH, type NuxtApp } from '../support/nuxt-app';
import { SIGN_BUTTON } from '../support/sdk-driver';
import {
  type AppScenarioTest,
  fetchAsSigner,
  openSigningPage,
  framesOnPage,
  pageHtml,
  piecesIn,
  signingEvents,
  VISIT,
} from './app-pages';

/** A signing page's HTML as the server renders it for the signer: the element and the page's __NUXT_DATA__. */
async function serverPage(app: NuxtApp, applicationId: string, sandbox: Sandbox, page = '/sign'): Promise<string> {
  const html = await fetchAsSigner(app.url(`/apply/${applicationId}${page}`), applicationId, sandbox);
  expect(html, 'the server rendered the element').toContain('<svc-contract-signing token-url="/api/signing-token"');
  expect(html, "Nuxt's hydration data").toContain('id="__NUXT_DATA__"');
  return html;
}

export function nuxtScenarios(test: AppScenarioTest<{ nuxtApp: NuxtApp }>): void {
  test("SSR page with token-url: no piece of the token in the HTML, __NUXT_DATA__, the DOM or the console; signs through to the docs' webhook route", async ({
    host,
    sandbox,
    nuxtApp,
  }) => {
    const applicationId = await openSigningPage(host, nuxtApp); // the session cookie, then the signing page
    const dom = await pageHtml(host);
    const html = await serverPage(nuxtApp, applicationId, sandbox);
    expect(html, "the sandbox's addresses as the element's attributes").toContain(
      `cdn-url="${sandbox.origins.cdn}" app-url="${sandbox.origins.signing}"`,
    );
    const issued = nuxtApp.issuedTokens(applicationId);
    expect(piecesIn(dom, issued), 'no piece of a token in the DOM (attributes, __NUXT_DATA__)').toEqual([]);
    expect(piecesIn(html, issued), 'no piece of a token in the server HTML with its __NUXT_DATA__').toEqual([]);
    expect(issued, 'one token, asked by the element in the browser; none by rendering on the server').toHaveLength(1);
    const [token] = issued;

    await host.clickInFrame('iframe', SIGN_BUTTON);
    await expect
      .poll(() => host.evaluate(() => document.querySelector('#signed')?.textContent), {
        message: "contract-completed: the docs' page navigates to the next step",
      })
      .toBe('Thank you');
    expect(await signingEvents(host)).toEqual([...VISIT, 'contract-completed']);
    expect(sandbox.sessionStarts(token!), 'one signing session').toBe(1);
    await expect
      .poll(() => nuxtApp.signedEvents(applicationId), {
        message: "the docs' webhook route verified the application.contract.signed delivery",
      })
      .toHaveLength(1);
    const [eventId] = await nuxtApp.signedEvents(applicationId);
    const deliveries = sandbox.deliveries().filter((d) => d.event_id === eventId && d.url.endsWith(NUXT_WEBHOOK_PATH));
    expect(deliveries.map((d) => [d.success, d.http_status])).toEqual([[true, 200]]);
    const printed = host.messages(); // null in WebKit: WebDriver shows no console
    if (printed) expect(piecesIn(printed.join('\n'), issued), 'no piece of the token on the console').toEqual([]);
  });

  test('what the docs warn of: options bound as an object are written by the server as cdnurl/appurl, which the element does not read', async ({
    host,
    sandbox,
    nuxtApp,
  }) => {
    const applicationId = crypto.randomUUID();
    const html = await serverPage(nuxtApp, applicationId, sandbox, '/sign-bound');
    expect(html, 'the keys as they are spelled').toContain(`cdnUrl="${sandbox.origins.cdn}"`);
    expect(html, 'no attribute the element reads').not.toMatch(/ (cdn|app)-url=/);
    await openSigningPage(host, nuxtApp, applicationId); // the docs' page, for the session
    await host.goto(nuxtApp.url(`/apply/${applicationId}/sign-bound`));
    // Started from the server's HTML before hydration: the SDK's own CDN, which the sandbox is not.
    await expect.poll(() => signingEvents(host), { message: 'the element stopped' }).toEqual(['contract-error']);
    const element = await host.evaluate(() => document.querySelector('svc-contract-signing')?.getAttributeNames());
    expect(element, 'the lowercased keys').toEqual(expect.arrayContaining(['cdnurl', 'appurl']));
    expect(await framesOnPage(host), 'no signing frame').toBe(0);
  });
}
