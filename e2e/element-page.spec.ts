// <svc-contract-signing> on a plain HTML page under the strict CSP + Trusted Types, Chromium and Firefox: the docs'
// page (support/element-page.ts) signs to completion with no violation, the token never in the DOM, and the
// page's own contract-completed handler moves on; the appearance property and the locale attribute change the
// running app in place; server-rendered markup with a token attribute is refused.
import { expect, issueToken, type Sandbox } from './support/fixtures';
import { type ElementPage, elementPageTest as test, openTokenRoutePage, sendToken } from './support/element-page';
import type { Host } from './support/host';
import { SIGN_BUTTON } from './support/sdk-driver';
import { untilFrameShows } from './scenarios/app-pages';
import { SIGNER_LINE } from './scenarios/expected';
import { expectLiveDarkGerman } from './scenarios/live-presentation';

const FRAME = 'svc-contract-signing iframe';

/** The docs' page with a fresh token, violations watched, once its frame shows the contract; returns the token. */
async function openShowingContract(host: Host, sandbox: Sandbox, elementPage: ElementPage): Promise<string> {
  const { token } = await issueToken(sandbox, 'complete');
  elementPage.setToken(token);
  await host.watchViolations();
  await host.goto(elementPage.url);
  await untilFrameShows(host, SIGNER_LINE, { frame: FRAME, message: `${FRAME} shows the contract` });
  return token;
}

test("plain HTML page, strict CSP + Trusted Types, the script-tag SDK: the docs' page signs to completion, no violation, the token never in the DOM", async ({
  host,
  sandbox,
  elementPage,
}) => {
  const token = await openShowingContract(host, sandbox, elementPage);
  expect(
    await host.evaluate(() => document.documentElement.outerHTML),
    'the token is nowhere in the DOM',
  ).not.toContain(token);
  expect(
    await host.evaluate(() => document.querySelectorAll('script[src*="index.umd.js"]').length),
    'the loader injected no second script',
  ).toBe(1);
  expect(await host.violations()).toEqual([]);
  await host.clickInFrame(FRAME, SIGN_BUTTON);
  await expect
    .poll(() => host.evaluate(() => location.href).catch(() => 'navigating'), {
      message: "contract-completed ran the page's handler",
    })
    .toBe(elementPage.nextStepUrl);
  expect(sandbox.sessionStarts(token)).toBe(1);
});

test("the docs' page: element.appearance = { theme: 'dark' } and locale=\"de\" turn the running app dark and German in place, one session, no violation", async ({
  host,
  sandbox,
  elementPage,
}) => {
  const token = await openShowingContract(host, sandbox, elementPage);
  await expectLiveDarkGerman(host, FRAME, () =>
    host.evaluate(() => {
      const signing = document.querySelector('svc-contract-signing')!;
      signing.appearance = { theme: 'dark' };
      signing.setAttribute('locale', 'de');
    }),
  );
  expect(sandbox.sessionStarts(token), 'one signing session at the sandbox').toBe(1);
  expect(await host.evaluate(() => document.querySelectorAll('svc-contract-signing iframe').length)).toBe(1);
  expect(await host.violations()).toEqual([]);
});

test('server-rendered markup: a signingtoken attribute (as Svelte SSR writes it) is removed as the element upgrades and refused; token-url signs', async ({
  host,
  harness,
  sandbox,
  elementPage,
}) => {
  void elementPage; // its /assets/ serve the built package's element.mjs
  const leaked = (await issueToken(sandbox, 'complete')).token;
  const { token } = await issueToken(sandbox, 'complete');
  const app = `app-url="${sandbox.origins.signing}" contract-id="loan-42"`;
  // The element is defined after both are parsed (a module script runs after parsing): the upgrade meets them.
  const requests = await openTokenRoutePage(
    { host, harness, sandbox },
    'token-markup',
    {
      title: 'SSR page',
      head: `
  window.seen = [];
  document.addEventListener('contract-error', (event) => seen.push([event.target.id, event.detail]));
  document.addEventListener('contract-ready', (event) => seen.push([event.target.id, 'ready']));`,
      body: `<svc-contract-signing id="leaked" ${app} signingtoken="${leaked}"></svc-contract-signing>
<svc-contract-signing id="by-url" ${app} token-url="token"></svc-contract-signing>`,
      answer: (_req, res) => sendToken(res, token),
    },
    '#by-url iframe',
  );
  const seen = (await host.evaluate(() => (window as unknown as { seen: unknown[] }).seen)) as Array<[string, unknown]>;
  expect(seen).toContainEqual([
    'leaked',
    {
      contractId: 'loan-42',
      attemptId: '-', // no attempt started: the element's own misuse
      code: 'loading_error',
      source: 'sdk',
      message: expect.stringMatching(
        /refuses the signingtoken attribute .*set the signingToken property in the browser, or token-url/,
      ),
    },
  ]);
  expect(
    seen.filter(([id]) => id === 'leaked'),
    'one error, nothing else',
  ).toHaveLength(1);
  const dom = await host.evaluate(() => document.documentElement.outerHTML);
  expect(dom, 'the leaked token is out of the DOM').not.toContain(leaked);
  expect(dom, "token-url's token is in no attribute").not.toContain(token);
  expect(await host.evaluate(() => document.querySelectorAll('#leaked iframe').length)).toBe(0);
  expect(JSON.stringify(seen)).not.toContain(leaked);
  expect(sandbox.sessionStarts(leaked), 'the leaked token never reached the signing app').toBe(0);
  expect(requests).toEqual([
    expect.objectContaining({
      method: 'POST',
      url: '/token-markup/token',
      headers: expect.objectContaining({ 'x-requested-with': 'contracts-sdk' }),
    }),
  ]);
  expect(await host.violations()).toEqual([]);
});
