// docs/server-rendered.md's page with the document's own backend blocks behind it (support/backend-apps.ts: Django,
// PHP), in every engine (issue #53): signed through to the webhook route, the token in no place it must not be.
import { expect } from '../support/fixtures';
import type { Backend } from '../support/backend-apps';
import { SIGN_BUTTON } from '../support/sdk-driver';
import { type AppScenarioTest, piecesIn, requestsDuring, untilFrameShows } from './app-pages';
import { SIGNED_TITLE, SIGNER_LINE } from './expected';

const FRAME = 'svc-contract-signing iframe';
/** The debug logs' redaction unit: no 8-character piece of a token may show anywhere. */
const PIECE = 8;

export function backendScenarios(test: AppScenarioTest<{ backend: Backend }>, name: string): void {
  test(`the docs' page with the docs' ${name} blocks: the token route hands out the token, the signer signs, the webhook route verifies application.contract.signed; the token in no HTML, DOM, console, URL or log`, async ({
    host,
    backend,
  }) => {
    const applicationId = crypto.randomUUID();
    const { sandbox } = backend;
    const servedBefore = backend.served().length; // the worker's backend may have answered another test
    await host.watchViolations();
    const partner = new URL(backend.loginUrl(applicationId)).origin;
    const targets = await requestsDuring([partner, sandbox.origins.cdn, sandbox.origins.signing], async () => {
      await host.goto(backend.loginUrl(applicationId)); // the partner's login, then the page at /sign/
      await untilFrameShows(host, SIGNER_LINE, { frame: FRAME });
      await host.clickInFrame(FRAME, SIGN_BUTTON);
      await untilFrameShows(host, SIGNED_TITLE, { frame: FRAME, message: 'the frame shows the signature' });
    });
    const toBackend = () => sandbox.deliveries().filter((delivery) => delivery.url === backend.webhookUrl);
    await expect.poll(() => toBackend().length, { message: 'the service delivered to the webhook route' }).toBe(1);
    const answers = toBackend().map((delivery) => [delivery.success, delivery.http_status]);
    // 403: no CSRF exemption; 400: the signature did not verify.
    expect(answers, 'verified and answered 204 at once').toEqual([[true, 204]]);
    // The docs' webhook view logs the application once its signature is verified.
    await backend.untilPrinted(new RegExp(`application ${applicationId} signed \\(event [0-9a-f-]{36}\\)`));

    const issued = backend.issuedTokens(applicationId);
    expect(issued, 'one token, asked for by the element').toHaveLength(1);
    const token = issued[0]!;
    expect(sandbox.sessionStarts(token), 'one signing session').toBe(1);
    const served = backend.served().slice(servedBefore);
    expect(
      served.map((answer) => [answer.request, answer.status]),
      'the login, then the token route',
    ).toEqual([
      [`GET /login/${applicationId}`, 303],
      ['POST /signing-token', 200],
    ]);
    const tokenAnswer = served.find((answer) => answer.request === 'POST /signing-token')!;
    expect(JSON.parse(tokenAnswer.body)).toEqual({ signingToken: token });

    const page = await host.evaluate(() => ({
      html: document.documentElement.outerHTML,
      attributes: [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value)),
      url: location.href,
    }));
    const places: Record<string, string> = {
      'the HTML the backend served': served
        .filter((answer) => answer !== tokenAnswer)
        .map((a) => a.body)
        .join('\n'),
      'the DOM': page.html,
      'an attribute': page.attributes.join('\n'),
      "the page's URL": page.url,
      'a URL a server received': targets.join('\n'),
      "the backend's log": backend.printed(),
      // WebDriver classic cannot read the console (null): the other places still hold.
      'the console': (host.messages() ?? []).join('\n'),
    };
    for (const [place, text] of Object.entries(places)) expect(piecesIn(text, [token], PIECE), place).toEqual([]);
    expect(await host.violations(), 'CSP violations').toEqual([]);
  });
}
