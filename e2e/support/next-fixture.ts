// The Next.js app (support/next-app.ts) for every engine: built once, one `next start` per worker for its sandbox,
// ended (by its PID) when the worker ends. `responses` is what the browser received from the app's server, where
// the driver can see it (Playwright), else null.
import type { APIResponse, Page, Request, Response } from '@playwright/test';
import { BUILD_TIMEOUT_MS, serve } from './app-fixtures';
import { test, webkitTest } from './fixtures';
import { type NextApp, startNextApp } from './next-app';

/** One response of the app's server, as the browser received it. */
export interface Received {
  method: string;
  url: string;
  /** A Server Action's answer (a POST with the Next-Action header). */
  action: boolean;
  contentType: string;
  /** The body, or null when the browser kept none (a redirect). */
  body: string | null;
}

export interface ResponseLog {
  list(): Promise<Received[]>;
}

type NextFixtures = { responses: ResponseLog | null; messageListeners: (() => Promise<number>) | null };

const nextAppFixture = [
  async ({ harness, sandbox }, use) => serve(await startNextApp(harness, sandbox), use),
  { scope: 'worker', timeout: BUILD_TIMEOUT_MS },
] as const;

/**
 * Records every response of the app's server to the page. Chromium's DevTools keeps no body of a fetch the page
 * reads as a stream (Server Actions, RSC requests): there (`viaRoute`) fetches go through the route and are handed
 * to the page as they came. Firefox keeps them all; documents and scripts are read as received everywhere.
 */
async function recordResponses(page: Page, prefix: string, viaRoute: boolean): Promise<ResponseLog> {
  const received: Promise<Received>[] = [];
  const entry = async (request: Request, response: APIResponse | Response, body: Promise<string | null>) => ({
    method: request.method(),
    url: request.url(),
    action: request.method() === 'POST' && (await request.headerValue('next-action')) !== null,
    contentType: response.headers()['content-type'] ?? '',
    body: await body,
  });
  const routed = (request: Request) => viaRoute && request.resourceType() === 'fetch';
  if (viaRoute)
    await page.route(`${prefix}**`, async (route) => {
      const request = route.request();
      if (!routed(request)) return route.continue();
      const response = await route.fetch({ maxRedirects: 0 });
      const body = await response.body();
      received.push(entry(request, response, Promise.resolve(body.toString('utf8'))));
      await route.fulfill({ response, body });
    });
  page.on('response', (response: Response) => {
    const request = response.request();
    if (!response.url().startsWith(prefix) || routed(request)) return;
    const body = response.body().then(
      (bytes) => bytes.toString('utf8'),
      () => null,
    );
    received.push(entry(request, response, body));
  });
  return { list: () => Promise.all(received) };
}

/** Chromium: the window's "message" listeners, as DevTools lists them. */
async function countMessageListeners(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId ?? '' });
    return listeners.filter((listener) => listener.type === 'message').length;
  } finally {
    await cdp.detach();
  }
}

/** Chromium and Firefox (Playwright). */
export const nextTest = test.extend<NextFixtures, { nextApp: NextApp }>({
  nextApp: nextAppFixture as never,
  responses: async ({ page, harness, browserName }, use) =>
    use(await recordResponses(page, `${harness.origins.partner}/next/`, browserName === 'chromium')),
  messageListeners: async ({ page, browserName }, use) =>
    use(browserName === 'chromium' ? () => countMessageListeners(page) : null),
});

/** WebKit (WebDriver): no view of responses or listeners. */
export const nextWebkitTest = webkitTest.extend<NextFixtures, { nextApp: NextApp }>({
  nextApp: nextAppFixture as never,
  responses: async ({}, use) => use(null),
  messageListeners: async ({}, use) => use(null),
});
