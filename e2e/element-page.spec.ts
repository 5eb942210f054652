// <svc-contract-signing> on a plain HTML page under the strict CSP + Trusted Types: Chromium, Firefox.
import { elementPageScenarios } from './scenarios/element-page';
import { expect, issueToken } from './support/fixtures';
import {
  elementPageTest as pageTest,
  elementScriptTags,
  freshNonce,
  sendPartnerPage,
  sendToken,
  untilContractShown,
} from './support/element-page';

elementPageScenarios(pageTest);

type Request = { method: string; url: string; headers: Record<string, string | undefined> };

pageTest(
  'server-rendered markup: a signingtoken attribute (as Svelte SSR writes it) is removed as the element upgrades and refused; token-url signs',
  async ({ host, harness, sandbox, elementPage }) => {
    // elementPage: its /assets/ serve the built package's element.mjs.
    void elementPage;
    const leaked = (await issueToken(sandbox, 'complete')).token;
    const { token } = await issueToken(sandbox, 'complete');
    const requests: Request[] = [];
    harness.mount('token-markup', (req: Request, res: { end(): void }) => {
      if (req.url.endsWith('/token')) {
        requests.push({ method: req.method, url: req.url, headers: req.headers });
        return sendToken(res, token);
      }
      const nonce = freshNonce();
      const app = `app-url="${sandbox.origins.signing}" contract-id="loan-42"`;
      // The element is defined after both are parsed (a module script runs after parsing): the upgrade meets them.
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SSR page</title>
<script nonce="${nonce}">
  window.seen = [];
  document.addEventListener('contract-error', (event) => seen.push([event.target.id, event.detail]));
  document.addEventListener('contract-ready', (event) => seen.push([event.target.id, 'ready']));
</script></head><body>
<svc-contract-signing id="leaked" ${app} signingtoken="${leaked}"></svc-contract-signing>
<svc-contract-signing id="by-url" ${app} token-url="token"></svc-contract-signing>
${elementScriptTags(sandbox, nonce)}
</body></html>`;
      sendPartnerPage(res, sandbox, nonce, html);
    });
    await host.watchViolations();
    await host.goto(`${harness.origins.partner}/token-markup/`);
    await untilContractShown(host, '#by-url iframe');
    const seen = (await host.evaluate(() => (window as unknown as { seen: unknown[] }).seen)) as Array<
      [string, unknown]
    >;
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
  },
);
