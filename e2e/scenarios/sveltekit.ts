// The SvelteKit app (support/sveltekit-app.ts: docs/frameworks.md "SvelteKit") in every engine (issue #41): the
// element asks the docs' token route in the browser, so no piece of the token is in any HTML or __data.json.
import { expect, type Sandbox } from '../support/fixtures';
import type { Host } from '../support/host';
import { SIGN_BUTTON } from '../support/sdk-driver';
import type { SvelteKitApp } from '../support/sveltekit-app';
import {
  type AppScenarioTest,
  fetchAsSigner,
  openSigningPage,
  framesOnPage,
  pageHtml,
  piecesIn,
  signingEvents,
  untilElementReady,
  VISIT,
} from './app-pages';

declare const window: Window & { beforeLeaving?: boolean };

/** A client-side navigation: a click on one of the layout's links, which SvelteKit's router takes. */
const follow = (host: Host, link: string) =>
  host.evaluate((link) => document.querySelector<HTMLElement>(link)?.click(), link);
const signedPageShown = (host: Host) =>
  expect
    .poll(() => host.evaluate(() => document.querySelector('h1')?.textContent), { message: "the docs' signed page" })
    .toBe('Thank you');

/** The signing page's HTML and its __data.json, fetched from Node with the signer's session, as a cache would. */
async function serverResponses(app: SvelteKitApp, applicationId: string, sandbox: Sandbox): Promise<string[]> {
  const page = app.url(`/apply/${applicationId}/sign`);
  const bodies: string[] = [];
  for (const url of [page, `${page}/__data.json`]) bodies.push(await fetchAsSigner(url, applicationId, sandbox));
  expect(bodies[0], 'the server rendered the element').toContain('<svc-contract-signing');
  expect(bodies[1], 'the layout data').toContain('"type":"data"');
  return bodies;
}

export function sveltekitScenarios(test: AppScenarioTest<{ sveltekitApp: SvelteKitApp }>): void {
  test('SSR page with token-url: no piece of the token in the HTML, __data.json or an attribute after hydration; signs to the end', async ({
    host,
    sandbox,
    sveltekitApp,
  }) => {
    const applicationId = await openSigningPage(host, sveltekitApp);
    const dom = await pageHtml(host);
    const bodies = await serverResponses(sveltekitApp, applicationId, sandbox);
    // Every token the app's server got, however it got it (a load function would fetch one too).
    const issued = sveltekitApp.issuedTokens(applicationId);
    expect(piecesIn(dom, issued), 'no piece of a token in the DOM (attributes included)').toEqual([]);
    expect(piecesIn(bodies.join('\n'), issued), 'no piece of a token in the HTML or __data.json').toEqual([]);
    expect(issued, 'one token, asked by the element in the browser; none by rendering on the server').toHaveLength(1);
    const [token] = issued;

    await host.clickInFrame('iframe', SIGN_BUTTON);
    await signedPageShown(host); // oncontract-completed: the docs' page goes on to the next step
    expect(await signingEvents(host)).toEqual([...VISIT, 'contract-completed']);
    expect(sandbox.sessionStarts(token!), 'one signing session').toBe(1);
    await expect
      .poll(() => sandbox.confirmations().filter((c) => c.applicationId === applicationId).length, {
        message: 'the signed webhook reached the partner',
      })
      .toBe(1);
  });

  test('client-side navigation away and back: one frame, each event once per visit, the first session ended', async ({
    host,
    sandbox,
    sveltekitApp,
  }) => {
    const applicationId = await openSigningPage(host, sveltekitApp);
    await host.evaluate(() => {
      window.beforeLeaving = true;
    });
    await follow(host, '#to-signed');
    await signedPageShown(host);
    expect(await framesOnPage(host), 'away: no frame').toBe(0);
    await follow(host, '#to-sign');
    await untilElementReady(host);
    expect(await host.evaluate(() => window.beforeLeaving), 'client-side navigations (one document)').toBe(true);
    expect(await framesOnPage(host), 'back: one frame').toBe(1);
    expect(await signingEvents(host), 'each event once per visit').toEqual([...VISIT, ...VISIT]);
    const tokens = sveltekitApp.issuedTokens(applicationId);
    expect(tokens, 'a token per visit').toHaveLength(2);
    expect(
      tokens.map((token) => sandbox.sessionStarts(token)),
      'one session per visit',
    ).toEqual([1, 1]);
    expect(piecesIn(await pageHtml(host), tokens), 'no piece of either token in the DOM').toEqual([]);
  });
}
