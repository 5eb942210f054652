// The server-rendered apps and backends for every engine, each a worker fixture: one server per worker for its
// sandbox (an app built once for all), ended (by its PID) when the worker ends.
import { freePort } from '../../lib/free-port.mjs';
import { type Backend, type BackendKind, startBackend } from './backend-apps';
import { test, webkitTest } from './fixtures';
import { NUXT_WEBHOOK_PATH, type NuxtApp, startNuxtApp } from './nuxt-app';
import { type SvelteKitApp, startSvelteKitApp } from './sveltekit-app';

// Install from the registry and a build take a while on two cores, the first time.
export const BUILD_TIMEOUT_MS = 300_000;
// The first run makes the Django venv with pip (half a minute here, most of it the registry's answers).
const BACKEND_START_TIMEOUT_MS = 180_000;

/** Hands the started app to the worker's tests, then stops it. */
export async function serve<T extends { stop(): Promise<void> }>(app: T, use: (app: T) => Promise<void>) {
  await use(app);
  await app.stop();
}

const sveltekitApp = [
  async ({ harness, sandbox }, use) => serve(await startSvelteKitApp(harness, sandbox), use),
  { scope: 'worker', timeout: BUILD_TIMEOUT_MS },
] as const;

/** Chromium and Firefox (Playwright). */
export const sveltekitTest = test.extend<object, { sveltekitApp: SvelteKitApp }>({
  sveltekitApp: sveltekitApp as never,
});
/** WebKit (WebDriver). */
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

/** Chromium and Firefox (Playwright). */
export const nuxtTest = test.extend<object, NuxtWorkerFixtures>(nuxtFixtures as never);
/** WebKit (WebDriver). */
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

/** Chromium and Firefox (Playwright). */
export const backendTest = (kind: BackendKind) => backendTests[kind];
/** WebKit (WebDriver). */
export const backendWebkitTest = (kind: BackendKind) => backendWebkitTests[kind];
