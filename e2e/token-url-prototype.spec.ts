// <svc-contract-signing token-url> on a page whose Object.prototype was polluted before the element asked for its
// token (issue #51 finding 3): fetch() reads every init member through the prototype chain, so an inherited
// mode = 'no-cors' would drop X-Requested-With (the route answers 403), integrity would fail the request and
// credentials = 'omit' would leave the page's cookie behind. Chromium, Firefox.
import { send } from '../lib/http-kit.mjs';
import { expect, issueToken } from './support/fixtures';
import { elementPageTest as pageTest, openTokenRoutePage, sendToken } from './support/element-page';
import { SIGN_BUTTON } from './support/sdk-driver';

const FRAME = 'svc-contract-signing iframe';
/** The page's session cookie, which the token route requires as the docs' route requires its login. */
const SESSION_COOKIE = 'partner_session=s3ss10n';

/** What a vulnerable deep-merge on the page leaves on Object.prototype before the element's module runs. */
const POLLUTION = `
  Object.prototype.mode = 'no-cors';
  Object.prototype.integrity = 'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
  Object.prototype.credentials = 'omit';`;

pageTest(
  "token-url on a page with Object.prototype.mode = 'no-cors', .integrity and .credentials polluted: the route gets X-Requested-With and the cookie, the session signs",
  async ({ host, harness, sandbox, elementPage }) => {
    void elementPage; // its /assets/ serve the built package's element.mjs
    const { token } = await issueToken(sandbox, 'complete');
    const requests = await openTokenRoutePage(
      { host, harness, sandbox },
      'token-polluted',
      {
        title: 'Polluted page',
        head: `${POLLUTION}
  window.seen = [];
  document.addEventListener('contract-error', (event) => seen.push(event.detail));
  document.addEventListener('contract-completed', () => seen.push('completed'));`,
        body: `<svc-contract-signing app-url="${sandbox.origins.signing}" contract-id="loan-42" token-url="token"></svc-contract-signing>`,
        headers: { 'set-cookie': `${SESSION_COOKIE}; Path=/; Secure; SameSite=Strict` },
        // The docs' route: POST, the CSRF header, the signed-in partner session; anything else is a 403.
        answer: (req, res) => {
          const allowed =
            req.method === 'POST' &&
            req.headers['x-requested-with'] === 'contracts-sdk' &&
            (req.headers.cookie ?? '').includes(SESSION_COOKIE);
          return allowed ? sendToken(res, token) : send(res, 403, 'Forbidden\n');
        },
      },
      FRAME,
    );
    expect(
      await host.evaluate(() => (Object.prototype as Record<string, unknown>).mode),
      'the page is still polluted',
    ).toBe('no-cors');
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/token-polluted/token',
        headers: expect.objectContaining({
          'x-requested-with': 'contracts-sdk',
          cookie: expect.stringContaining(SESSION_COOKIE),
        }),
      }),
    ]);
    await host.clickInFrame(FRAME, SIGN_BUTTON);
    await expect
      .poll(() => host.evaluate(() => (window as unknown as { seen: unknown[] }).seen), {
        message: 'contract-completed, and no contract-error',
      })
      .toEqual(['completed']);
    expect(sandbox.sessionStarts(token)).toBe(1);
    expect(await host.violations()).toEqual([]);
  },
);
