// The Nuxt app (support/nuxt-app.ts) for every engine: built once, one server per worker for its sandbox, ended (by
// its PID) when the worker ends. The worker picks the app's port before its sandbox starts, so that the sandbox
// delivers its webhooks to the app's own route as well (the webhook receiver of the docs under test).
import { freePort } from '../../lib/free-port.mjs';
import { test, webkitTest } from './fixtures';
import { NUXT_WEBHOOK_PATH, type NuxtApp, startNuxtApp } from './nuxt-app';

// Install from the registry and `nuxt build` take a while on two cores, the first time.
const BUILD_TIMEOUT_MS = 300_000;

type NuxtWorkerFixtures = { nuxtPort: number; nuxtApp: NuxtApp };

const nuxtFixtures = {
  nuxtPort: [async ({}, use: (port: number) => Promise<void>) => use(await freePort()), { scope: 'worker' }],
  partnerWebhookUrls: [
    async ({ nuxtPort }: { nuxtPort: number }, use: (urls: string[]) => Promise<void>) =>
      use([`http://127.0.0.1:${nuxtPort}${NUXT_WEBHOOK_PATH}`]),
    { scope: 'worker' },
  ],
  nuxtApp: [
    async ({ harness, sandbox, nuxtPort }, use) => {
      const app = await startNuxtApp(harness, sandbox, nuxtPort);
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: BUILD_TIMEOUT_MS },
  ],
} as const;

/** Chromium and Firefox (Playwright). */
export const nuxtTest = test.extend<object, NuxtWorkerFixtures>(nuxtFixtures as never);

/** WebKit (WebDriver). */
export const nuxtWebkitTest = webkitTest.extend<object, NuxtWorkerFixtures>(nuxtFixtures as never);
