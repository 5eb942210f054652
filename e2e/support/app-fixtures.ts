// The server-rendered apps and backends for every engine (`<app>Test`: Chromium and Firefox; `<app>WebkitTest`:
// WebKit), each a worker fixture: one server per worker for its sandbox (an app built once for all), ended (by its
// PID) when the worker ends. Next.js's `responses` is what the browser received from the app's server, where the
// driver can see it (Playwright), else null.
import type { APIResponse, Page, Request, Response } from '@playwright/test';
import { freePort } from '../../lib/free-port.mjs';
import { type Backend, type BackendKind, startBackend } from './backend-apps';
import { test, webkitTest } from './fixtures';
import { BUILD_TIMEOUT_MS } from './framework-apps';
import { type NextApp, startNextApp } from './next-app';
import { NUXT_WEBHOOK_PATH, type NuxtApp, startNuxtApp } from './nuxt-app';
import { type SvelteKitApp, startSvelteKitApp } from './sveltekit-app';

// The first run makes the Django venv with pip (half a minute here, most of it the registry's answers).
const BACKEND_START_TIMEOUT_MS = 180_000;

/** Hands the started app to the worker's tests, then stops it. */
async function serve<T extends { stop(): Promise<void> }>(app: T, use: (app: T) => Promise<void>) {
  await use(app);
  await app.stop();
}

const sveltekitApp = [
  async ({ harness, sandbox }, use) => serve(await startSvelteKitApp(harness, sandbox), use),
  { scope: 'worker', timeout: BUILD_TIMEOUT_MS },
] as const;

export const sveltekitTest = test.extend<object, { sveltekitApp: SvelteKitApp }>({
  sveltekitApp: sveltekitApp as never,
});
export const sveltekitWebkitTest = webkitTest.extend<object, { sveltekitApp: SvelteKitApp }>({
  sveltekitApp: sveltekitApp as never,
});

// The worker picks the Nuxt app's port before its sandbox starts, so that the sandbox delivers its webhooks to the
// app's own route as well (the webhook receiver of the docs under test).
type NuxtWorkerFixtures = { nuxtPort: number; nuxtApp: NuxtApp };
const nuxtFixtures = {
  nuxtPort: [async ({}, use: (port: number) => Promise<void>) => use(await freePort()), { scope: 'worker' }],
  partnerWebhookUrls: [
    async ({ nuxtPort }: { nuxtPort: number }, use: (urls: string[]) => Promise<void>) =>
      use([`http://127.0.0.1:${nuxtPort}${NUXT_WEBHOOK_PATH}`]),
    { scope: 'worker' },
  ],
  nuxtApp: [
    async ({ harness, sandbox, nuxtPort }, use) => serve(await startNuxtApp(harness, sandbox, nuxtPort), use),
    { scope: 'worker', timeout: BUILD_TIMEOUT_MS },
  ],
} as const;

export const nuxtTest = test.extend<object, NuxtWorkerFixtures>(nuxtFixtures as never);
export const nuxtWebkitTest = webkitTest.extend<object, NuxtWorkerFixtures>(nuxtFixtures as never);

// Each backend kind is a test type of its own, so that a worker holds one backend behind its harness's partner
// origin (both answer the docs' /signing-token) and every spec of a kind shares its workers.
const backendFixture = (kind: BackendKind) =>
  ({
    backend: [
      async ({ harness }, use) => serve(await startBackend(kind, harness), use),
      { scope: 'worker', timeout: BACKEND_START_TIMEOUT_MS },
    ],
  }) as never;
const backendTests = {
  django: test.extend<object, { backend: Backend }>(backendFixture('django')),
  php: test.extend<object, { backend: Backend }>(backendFixture('php')),
};
const backendWebkitTests = {
  django: webkitTest.extend<object, { backend: Backend }>(backendFixture('django')),
  php: webkitTest.extend<object, { backend: Backend }>(backendFixture('php')),
};

export const backendTest = (kind: BackendKind) => backendTests[kind];
export const backendWebkitTest = (kind: BackendKind) => backendWebkitTests[kind];

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
