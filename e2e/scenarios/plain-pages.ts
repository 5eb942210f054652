// Pages without a bundler, as the docs write them (support/plain-pages.ts), each under the CSP its document
// recommends, in every engine: the README's Quick start page (its own script file, every helper defined) and
// docs/server-rendered.md's page (two CDN script tags with SRI, <svc-contract-signing token-url>, no JavaScript of
// the partner's, trusted-types 'none'), which signs and renews its token through the partner's route.
import { adHocToken, expect, issueToken } from '../support/fixtures';
import type { Host } from '../support/host';
import type { PlainPage, RouteAnswer } from '../support/plain-pages';
import { SIGN_BUTTON } from '../support/sdk-driver';
import { untilFrameShows } from './app-pages';
import { SIGNED_TITLE, SIGNER_LINE } from './expected';
import type { ScenarioTest } from './scenario-test';

/** The signing frame inside the server-rendered page's element. */
const ELEMENT_FRAME = 'svc-contract-signing iframe';

/** The SDK's lines among what the page printed, or null where the driver cannot see the console. */
const sdkLines = (host: Host) => host.messages()?.filter((line) => line.includes('[contracts-sdk]'));

/** The page's <svc-contract-signing> as its own script would call it. */
type SigningElement = HTMLElement & { open(): unknown; close(): void };

/** Clicks the page's element matching `selector` from a script (the page's own controls, not the frame's). */
const click = (host: Host, selector: string) =>
  host.evaluate((s) => document.querySelector<HTMLElement>(s)!.click(), selector);

/** Queues the route's answers, then loads `url` (the page's own by default) watching for CSP violations. */
async function load(host: Host, page: PlainPage, tokens: Array<string | null>, url = page.url): Promise<void> {
  page.queueTokens(tokens);
  await host.watchViolations();
  await host.goto(url);
}

export function plainPageScenarios(test: ScenarioTest): void {
  test("the README's Quick start page under the README's CSP: no violation, its status line follows the session, and Try again retries", async ({
    host,
    sandbox,
    plainPages: { quickstart },
  }) => {
    const frame = '#contract-signing iframe';
    const status = () => host.evaluate(() => document.getElementById('signing-status')?.textContent);
    const { token } = await issueToken(sandbox, 'complete');
    // The first token request fails (HTTP 500): loading_error, and the page's Try again button.
    await load(host, quickstart, [null, token]);
    await expect.poll(status, { message: "the page's showRetry()" }).toBe('Signing stopped. Try again');
    await click(host, '#signing-status button');
    await untilFrameShows(host, SIGNER_LINE, { frame });
    await expect.poll(status, { message: 'contract.ready cleared the status line' }).toBe('');
    await host.clickInFrame(frame, SIGN_BUTTON);
    await expect.poll(status, { message: 'contract.completed' }).toBe('Signed: thank you.');
    expect(
      quickstart.calls().map((call) => call.method),
      'the first attempt and the retry',
    ).toEqual(['POST', 'POST']);
    expect(await host.violations(), 'CSP violations').toEqual([]);
  });

  test("a server-rendered page (two CDN tags with SRI, <svc-contract-signing token-url>, no partner JavaScript, trusted-types 'none'): signs, renews through the route, the token in no HTML or attribute", async ({
    host,
    sandbox,
    plainPages: { serverRendered },
  }) => {
    const expiring = adHocToken('expire');
    const renewed = await issueToken(sandbox, 'complete');
    await load(host, serverRendered, [expiring, renewed.token]);
    await untilFrameShows(host, SIGNER_LINE, { frame: ELEMENT_FRAME });
    // The app asks a second before its session expires; it marks each accepted renewal on its document.
    await expect
      .poll(() => host.evaluateInFrame(ELEMENT_FRAME, () => document.documentElement.dataset.renewals ?? '0'))
      .toBe('1');
    const fromThePage = { method: 'POST', requestedWith: 'contracts-sdk', withSession: true };
    expect(serverRendered.calls(), 'the route was asked at the start and for the renewal').toEqual([
      fromThePage,
      fromThePage,
    ]);
    expect(sandbox.sessionStarts(renewed.token)).toBe(1);
    const page = await host.evaluate(() => ({
      html: document.documentElement.outerHTML,
      attributes: [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value)),
      scripts: [...document.scripts].map((script) => script.src),
    }));
    for (const token of [expiring, renewed.token]) {
      expect(page.html, 'the token is in no HTML').not.toContain(token);
      expect(page.attributes.join('\n'), 'the token is in no attribute').not.toContain(token);
    }
    expect(
      page.scripts.map((src) => src.replace(/^.*\//, '')),
      'no script added',
    ).toEqual(['index.umd.js', 'element.umd.js']);
    await host.clickInFrame(ELEMENT_FRAME, SIGN_BUTTON);
    await untilFrameShows(host, SIGNED_TITLE, { frame: ELEMENT_FRAME, message: 'the frame shows the signed page' });
    // No JavaScript of the partner's listens: the webhook tells its server.
    await expect.poll(() => sandbox.confirmations().some((c) => c.applicationId === renewed.applicationId)).toBe(true);
    expect(await host.violations(), 'CSP violations').toEqual([]);
  });

  test('the server-rendered page without index.umd.js (left out, or refused for a wrong integrity): contract-error loading_error names it and how to add it, no script added, no Trusted Types violation', async ({
    host,
    plainPages: { serverRendered },
  }) => {
    for (const variant of ['missing', 'tampered'] as const) {
      await load(host, serverRendered, [], serverRendered.variantUrl!(variant));
      // Reported at the window's load event, before the test can listen: open() tries again and reports again.
      const error = await host.evaluate(
        () =>
          new Promise<{ code: string; source: string; message: string }>((resolve) => {
            const signing = document.querySelector<SigningElement>('svc-contract-signing')!;
            signing.addEventListener('contract-error', (event) => resolve((event as CustomEvent).detail), {
              once: true,
            });
            signing.open();
          }),
      );
      expect(error, variant).toMatchObject({ code: 'loading_error', source: 'sdk' });
      expect(error.message, variant).toMatch(
        /^\[contracts-sdk\] element\.umd\.js needs SvcSDK from https:\/\/\S+\/packages\/contracts-sdk\/[^/]+\/index\.umd\.js, which did not run: add its script tag/,
      );
      const page = await host.evaluate(() => ({
        scripts: [...document.scripts].map((script) => script.src.replace(/^.*\//, '')),
        frames: document.querySelectorAll('iframe').length,
      }));
      expect(page, variant).toEqual({
        scripts: variant === 'missing' ? ['element.umd.js'] : ['index.umd.js', 'element.umd.js'],
        frames: 0,
      });
      expect(serverRendered.calls(), 'no token was asked for').toEqual([]);
      // The refused file is a script-src matter of the browser's, not a violation; nothing asked for a policy.
      expect(await host.violations(), `${variant}: CSP violations`).toEqual([]);
    }
  });

  test('the server-rendered page when its route fails: the element shows the error and Try again, logs it once, and preventDefault() replaces both', async ({
    host,
    sandbox,
    plainPages: { serverRendered },
  }) => {
    const alert = () =>
      host.evaluate(() => {
        const box = document.querySelector('svc-contract-signing [role="alert"]');
        return box && { text: box.querySelector('p')?.textContent, button: box.querySelector('button')?.textContent };
      });
    const { token } = await issueToken(sandbox, 'complete');
    // HTTP 500 first (no JavaScript of the partner's listens), then a token for Try again.
    await load(host, serverRendered, [null, token]);
    await expect
      .poll(alert, { message: 'the error state in the element' })
      .toEqual({ text: 'The contract could not be loaded.', button: 'Try again' });
    // WebDriver classic sees no console: null there.
    expect(sdkLines(host)?.length ?? 1, 'one console line for the unhandled error').toBe(1);
    await click(host, 'svc-contract-signing [role="alert"] button');
    await untilFrameShows(host, SIGNER_LINE, { frame: ELEMENT_FRAME, message: 'Try again shows the contract' });
    expect(await alert(), 'the error state went with the new attempt').toBeNull();
    // A listener that calls preventDefault(): the page handles the error, nothing shown, nothing logged.
    serverRendered.queueTokens([null]);
    const handled = await host.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const signing = document.querySelector<SigningElement>('svc-contract-signing')!;
          signing.addEventListener('contract-error', (event) => {
            event.preventDefault();
            queueMicrotask(() => resolve(event.defaultPrevented));
          });
          signing.close();
          signing.open();
        }),
    );
    expect(handled).toBe(true);
    expect(await alert(), 'no error state for a handled error').toBeNull();
    expect(sdkLines(host)?.length ?? 1, 'no console line for a handled error').toBe(1);
    expect(await host.violations(), 'CSP violations').toEqual([]);
  });

  test("the server-rendered page with docs/server-rendered.md's signing-events.js: its own Try again replaces the element's error state, and the signed page moves on", async ({
    host,
    sandbox,
    plainPages: { serverRendered },
  }) => {
    const { token } = await issueToken(sandbox, 'complete');
    await load(host, serverRendered, [null, token], serverRendered.variantUrl!('events'));
    const page = () =>
      host.evaluate(() => ({
        retry: document.querySelector('svc-contract-signing + button')?.textContent ?? null,
        errorState: document.querySelectorAll('svc-contract-signing [role="alert"]').length,
      }));
    await expect.poll(page, { message: "the page's own Try again after the element" }).toEqual({
      retry: 'Try again',
      errorState: 0,
    });
    // WebDriver classic sees no console: null there.
    expect(sdkLines(host) ?? [], 'handled: no line').toEqual([]);
    await click(host, 'svc-contract-signing + button');
    await untilFrameShows(host, SIGNER_LINE, { frame: ELEMENT_FRAME, message: 'the retry shows the contract' });
    // The page's own script under the document's CSP with 'self': nothing refused (checked before it navigates).
    expect(await host.violations(), 'CSP violations').toEqual([]);
    await host.clickInFrame(ELEMENT_FRAME, SIGN_BUTTON);
    await expect
      .poll(() => host.evaluate(() => location.pathname).catch(() => ''), { message: 'contract-completed moved on' })
      .toBe('/application/next-step');
  });

  test('the server-rendered page: a 403, an HTML page, a redirect to a login page, a load timeout and a refused token attribute each show the error state and log once', async ({
    host,
    plainPages: { serverRendered },
  }) => {
    const cases: Array<[string, RouteAnswer | string | null, RegExp, string?]> = [
      ['403', { status: 403, contentType: 'text/plain' }, /token-url answered 403/],
      ['an HTML page', { status: 200, contentType: 'text/html; charset=utf-8' }, /token-url answered 200/],
      ['a redirect', { status: 302, contentType: 'text/html', location: '/login' }, /token-url failed/],
      // A token the signing app never answers, on the page with load-timeout="3000".
      ['a load timeout', adHocToken('silent'), /not ready within 3000 ms/, serverRendered.variantUrl!('timeout')],
      // The page with a token attribute in its HTML: refused before the route is asked.
      ['a token attribute', null, /refuses the signing-token attribute/, serverRendered.variantUrl!('token')],
    ];
    for (const [name, answer, message, url = serverRendered.url] of cases) {
      serverRendered.queueTokens(answer ? [answer] : []);
      const before = sdkLines(host)?.length ?? 0;
      await host.goto(url);
      await expect
        .poll(() => host.evaluate(() => document.querySelector('svc-contract-signing [role="alert"] p')?.textContent), {
          message: `${name}: the error state`,
        })
        .toBe('The contract could not be loaded.');
      // WebDriver classic sees no console: null there.
      const lines = sdkLines(host)?.slice(before);
      // The SDK's own timeout message has no prefix: the element's line names the SDK all the same.
      if (lines) expect(lines, `${name}: one console line naming it`).toEqual([expect.stringMatching(message)]);
      if (lines) expect(lines[0], `${name}: the line starts with the SDK's name`).toMatch(/^\[contracts-sdk\] /);
    }
  });
}
