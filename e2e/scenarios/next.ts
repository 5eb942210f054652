// The Next.js app (support/next-app.ts, e2e/apps/next-app) in every engine (issue #28): the Server Action token in
// no HTML or RSC response, `hidden` then shown, a re-render, a client-side navigation away.
import { requestLoopback } from '../../lib/loopback-client.mjs';
import { expect, type Sandbox } from '../support/fixtures';
import type { Host } from '../support/host';
import type { NextApp } from '../support/next-app';
import type { Received, ResponseLog } from '../support/app-fixtures';
import { SIGN_BUTTON } from '../support/sdk-driver';
import {
  type AppScenarioTest,
  frameHeight,
  frameText,
  framesOnPage,
  pageHtml,
  piecesIn,
  requestsDuring,
  untilFrameShows,
} from './app-pages';
import { SIGNED_TITLE, SIGNER_LINE } from './expected';

type NextFixtures = {
  nextApp: NextApp;
  responses: ResponseLog | null;
  messageListeners: (() => Promise<number>) | null;
};

declare const window: Window & { signingEvents?: string[]; beforeLeaving?: boolean; preparedFrame?: unknown };

const FRAME = 'iframe';
const events = (host: Host) => host.evaluate(() => (window.signingEvents ?? []).map((entry) => entry.split('@')[0]));
const count = (list: string[], name: string) => list.filter((entry) => entry === name).length;

/** The ready page, its contract prepared in the hidden frame. */
async function openPrepared(host: Host, nextApp: NextApp): Promise<string> {
  const applicationId = crypto.randomUUID();
  await host.goto(nextApp.url(`/apply/${applicationId}/ready`));
  await untilFrameShows(host, SIGNER_LINE, { hidden: true });
  await expect
    .poll(() => events(host), { message: 'contract.ready reached the client component' })
    .toContain('contract.ready');
  return applicationId;
}

/** Clicks a button of the page and returns the frame's height at the next frame of the browser. */
const clickThenFrameHeight = (host: Host, selector: string) =>
  host.evaluate(async (selector) => {
    document.querySelector<HTMLElement>(selector)?.click();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return document.querySelector('iframe')?.getBoundingClientRect().height ?? 0;
  }, selector);

/** The page's HTML and its RSC payload, fetched from Node as any client (a cache, a crawler) could. */
async function fetchFromNode(url: string, sandbox: Sandbox): Promise<Received[]> {
  const received: Received[] = [];
  for (const headers of [{}, { rsc: '1' }] as Record<string, string>[]) {
    let answer = await requestLoopback({ url, headers, ca: sandbox.cert });
    // Next.js redirects an RSC request without its cache-busting parameter to the address that has it.
    if (answer.status === 307 && answer.headers.location)
      answer = await requestLoopback({ url: new URL(answer.headers.location, url).href, headers, ca: sandbox.cert });
    expect(answer.status, `GET ${url} ${JSON.stringify(headers)}`).toBe(200);
    received.push({
      method: 'GET',
      url,
      action: false,
      contentType: String(answer.headers['content-type']),
      body: answer.body,
    });
  }
  expect(received.map((response) => response.contentType.split(';')[0])).toEqual(['text/html', 'text/x-component']);
  return received;
}

/** Where each token appears: "METHOD url (action|content type)" of every response whose body holds a piece of it. */
function holding(received: Received[], tokens: string[]): string[] {
  return received
    .filter((response) => piecesIn(response.body ?? '', tokens).length > 0)
    .map((response) => `${response.method} ${response.url} (${response.action ? 'action' : response.contentType})`);
}

export function nextScenarios(test: AppScenarioTest<NextFixtures>): void {
  test('server component page: signs with a Server Action token that is in no HTML or RSC response, only in the action answer', async ({
    host,
    sandbox,
    nextApp,
    responses,
  }) => {
    const applicationId = crypto.randomUUID();
    const url = nextApp.url(`/apply/${applicationId}/sign`);
    const actionsBefore = nextApp.actionCalls();
    await host.goto(url);
    await untilFrameShows(host);
    const [token, ...more] = nextApp.issuedTokens(applicationId);
    expect(more, 'one token fetched, when the signer opened the contract').toEqual([]);
    expect(nextApp.actionCalls() - actionsBefore, 'one Server Action call').toBe(1);
    await host.clickInFrame(FRAME, SIGN_BUTTON);
    await untilFrameShows(host, SIGNED_TITLE, { message: 'the frame shows the signed contract' });
    expect(sandbox.sessionStarts(token), 'one signing session').toBe(1);
    expect(await pageHtml(host), 'the token is not in the DOM').not.toContain(token);

    if (responses) {
      const received = await responses.list();
      const actionBodies = received.filter((response) => response.action).map((response) => response.body !== null);
      expect(actionBodies, 'one Server Action answer, its body kept').toEqual([true]);
      const html = received.some((response) => response.contentType.startsWith('text/html') && response.body !== null);
      expect(html, 'the page HTML was received').toBe(true);
      expect(holding(received, [token]), 'the token is in the Server Action answer and nothing else').toEqual([
        `POST ${url} (action)`,
      ]);
    }
    // The page as any client gets it: its HTML and RSC payload hold no token (whatever a render might fetch).
    const fetched = await fetchFromNode(url, sandbox);
    expect(fetched[0]!.body, 'the HTML carries the RSC payload hydration reads').toContain('self.__next_f.push(');
    const leaks = holding(fetched, nextApp.issuedTokens(applicationId));
    expect(leaks, 'no piece of a token in the HTML (its self.__next_f payload included) or the RSC payload').toEqual(
      [],
    );
  });

  test('hidden, then shown by a click: ready at once with no request to the signing origin; signs, contract.completed once', async ({
    host,
    sandbox,
    nextApp,
  }) => {
    const applicationId = await openPrepared(host, nextApp);
    expect(await frameHeight(host), 'hidden: no box').toBe(0);
    const [token] = nextApp.issuedTokens(applicationId);
    expect(sandbox.sessionStarts(token), 'the token was used while hidden').toBe(1);

    const requests = await requestsDuring([sandbox.origins.signing], async () => {
      expect(await clickThenFrameHeight(host, '#sign-now'), 'shown at the next frame').toBeGreaterThan(0);
      expect(await frameText(host)).toContain(SIGNER_LINE);
    });
    expect(requests, 'no request to the signing origin after the click').toEqual([]);
    await host.clickInFrame(FRAME, SIGN_BUTTON);
    await expect
      .poll(async () => count(await events(host), 'contract.completed'), { message: 'contract.completed' })
      .toBe(1);
    expect(await events(host)).toEqual(['contract.loading', 'contract.ready', 'contract.completed']);
    expect(nextApp.issuedTokens(applicationId), 'one token for the whole session').toEqual([token]);
    expect(sandbox.sessionStarts(token), 'hidden then shown: one session').toBe(1);
  });

  test('a re-render of the client component never restarts the session: the same frame, one contract.loading', async ({
    host,
    sandbox,
    nextApp,
  }) => {
    const applicationId = await openPrepared(host, nextApp);
    await host.evaluate(() => {
      window.preparedFrame = document.querySelector('iframe');
    });
    expect(await clickThenFrameHeight(host, '#sign-now')).toBeGreaterThan(0);
    for (let i = 1; i <= 5; i++) {
      await clickThenFrameHeight(host, '#rerender');
      await expect
        .poll(() => host.evaluate(() => document.querySelector('#rerender')?.textContent))
        .toBe(`Re-render (${i})`);
    }
    const sameFrame = await host.evaluate(() => document.querySelector('iframe') === window.preparedFrame);
    expect(sameFrame, 'the same frame element').toBe(true);
    expect(await framesOnPage(host)).toBe(1);
    expect(count(await events(host), 'contract.loading'), 'no second contract.loading').toBe(1);
    const [token, ...more] = nextApp.issuedTokens(applicationId);
    expect(more, 'no second token').toEqual([]);
    expect(sandbox.sessionStarts(token)).toBe(1);
  });

  test('leaving by a client-side navigation (next/link) leaves nothing: no frame, no message listener (Chromium), no more traffic', async ({
    host,
    sandbox,
    nextApp,
    messageListeners,
  }) => {
    await host.goto(nextApp.url('/done'));
    const baseline = await messageListeners?.();
    await openPrepared(host, nextApp);
    expect(await clickThenFrameHeight(host, '#sign-now')).toBeGreaterThan(0);
    if (baseline !== undefined)
      expect(await messageListeners?.(), 'the session listens to messages').toBeGreaterThan(baseline);

    await host.evaluate(() => {
      window.beforeLeaving = true;
      document.querySelector<HTMLElement>('#leave')?.click();
    });
    await expect.poll(() => host.evaluate(() => document.querySelector('#done')?.textContent)).toBe('Thank you');
    const requests = await requestsDuring([sandbox.origins.signing], async () => {
      expect(await host.evaluate(() => window.beforeLeaving), 'a client-side navigation (same document)').toBe(true);
      expect(await framesOnPage(host), 'no frame').toBe(0);
      if (baseline !== undefined)
        expect(await messageListeners?.(), 'message listeners as before the session').toBe(baseline);
      // A round trip through the page: anything the session still had queued would have reached the sandbox.
      await host.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    });
    expect(requests, 'no request to the signing origin after leaving').toEqual([]);
  });
}
