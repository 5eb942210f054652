// One sandbox (CDN, signing app, contracts API, partner demo) and one harness server per worker, started
// in-process with free ports, and the partner page as a Host for each engine's driver: `test` for Playwright
// (Chromium, Firefox), `webkitTest` for WebDriver (WebKit). Both have the same fixtures, so the scenarios in
// e2e/scenarios/ run unchanged on either.
import { test as base, expect, type TestInfo } from '@playwright/test';
import { join, resolve } from 'node:path';
import type { Browser } from 'webdriverio';
import { CERT_DIR, DIST_DIR } from '../../lib/repo-paths.mjs';
import { ensureCertificate } from '../../lib/certs.mjs';
import { requestLoopback } from '../../lib/loopback-client.mjs';
import { startSandbox } from '../../demo/server/sandbox.mjs';
import { TEST_HOSTS } from '../../lib/test-hosts.mjs';
import { startHarness } from './harness-server.mjs';
import { pageHost, type Engine, type Host } from './host';
import { mountPlainPages, type PlainPages } from './plain-pages';
import { createInstance, hostOf, openAndWait, type Target } from './sdk-driver';
import { closeCurrentWindow } from './signer-window';
import { webdriverHost } from './webdriver-host';

export const HOSTS = TEST_HOSTS;
/** The build under test: SDK_OUT_DIR when set (as `npm run build` writes there; the bench's private build), else dist/. */
export const SDK_DIST_DIR = process.env.SDK_OUT_DIR ? resolve(process.env.SDK_OUT_DIR) : DIST_DIR;
/** Short enough to keep the suite fast, long enough to be told apart from the 3 s "no hello" detection. */
export const SLOW_READY_MS = 2000;
/** The `expire` scenario's session lifetime in the e2e sandbox: the app asks to renew a second before. */
const EXPIRE_MS = 3000;
export interface Sandbox {
  urls: Record<string, string>;
  origins: { cdn: string; signing: string; partner: string };
  sdkVersion: string;
  /** The pinned files' integrity, from their sidecars (null: not built). */
  integrity: { sdk: string | null; element: string | null };
  apiToken: string;
  /** The `whsec_…` secret every webhook delivery is signed with. */
  webhookSecret: string;
  cert: string;
  /** The certificate's path, as the banner prints it for backends to trust. */
  certFile: string;
  confirmations(): Array<{ eventId: string; applicationId: string; sessionId?: string }>;
  deliveries(): Array<{ event_id: string; url: string; success: boolean; http_status: number | null }>;
  /** How many signing sessions the app started for a token. */
  sessionStarts(token: string): number;
}

export interface Harness {
  origins: { partner: string; evil: string };
  /** Serves every path under `/<prefix>/` of the harness with `handler(req, res, next)` (connect middleware). */
  mount(prefix: string, handler: unknown): void;
}

type WorkerFixtures = {
  /** Partner endpoints that also receive the sandbox's webhooks (an app's own route: support/app-fixtures.ts). */
  partnerWebhookUrls: string[];
  stack: { sandbox: Sandbox; harness: Harness };
  sandbox: Sandbox;
  harness: Harness;
  /** The docs' pages without a bundler, on the harness (support/plain-pages.ts). */
  plainPages: PlainPages;
};

type Config = Record<string, unknown>;

/** What every scenario gets, in every engine. */
export interface ScenarioFixtures {
  host: Host;
  /** The harness partner page (`/host`) with the given query (sdk, csp, hostile). */
  hostUrl: (query?: Record<string, string>) => string;
  /** The usual config: a fresh `complete` token and the sandbox's signing app, then `overrides`. */
  signedConfig: (overrides?: Config) => Config;
  createSigned: CreateSigned;
  openSigned: OpenSigned;
}

/** createInstance's `events` (SDK_EVENTS unless said otherwise) and `tokens` (its tokenSequence: one per call). */
export interface RecordOptions {
  events?: string[];
  tokens?: string[];
}

/** Where and how far openSigned goes: instance `id` ('a') in container `container` ('c1'), until `until`. */
interface SignedOptions extends RecordOptions {
  id?: string;
  container?: string;
  /** The event to wait for: contract.ready unless said otherwise. */
  until?: string;
  /** The harness page's query (hostUrl). */
  query?: Record<string, string>;
  /** false: a further instance on the page already open (no goto). */
  goto?: boolean;
}

/** Creates instance `id` (not opened yet) in `container` with the usual config and `overrides`; returns the config. */
export type CreateSigned = (
  host: Target,
  id: string,
  container: string,
  overrides?: Config,
  options?: RecordOptions,
) => Promise<Config>;

/**
 * Goes to the harness page, creates an instance with the usual config (signedConfig) and `overrides`, opens it
 * and waits until it recorded `until`. Returns the config it created.
 */
type OpenSigned = (host: Target, overrides?: Config, options?: SignedOptions) => Promise<Config>;

/** The sandbox and harness, no browser yet. */
const sandboxTest = base.extend<Omit<ScenarioFixtures, 'host'>, WorkerFixtures>({
  partnerWebhookUrls: [[], { scope: 'worker', option: true }],
  stack: [
    async ({ partnerWebhookUrls }, use) => {
      const tls = await ensureCertificate({ dir: CERT_DIR, hostNames: Object.values(HOSTS) });
      const harness = await startHarness({ tls, hosts: { partner: HOSTS.partner, evil: HOSTS.evil } });
      const sandbox = await startSandbox({
        ports: { demo: 0, cdn: 0, signing: 0 },
        hosts: { partner: HOSTS.partner, cdn: HOSTS.cdn, signing: HOSTS.signing },
        extraPartnerOrigins: [harness.origins.partner],
        partnerWebhookUrls,
        distDir: SDK_DIST_DIR,
        slowReadyMs: SLOW_READY_MS,
        expireMs: EXPIRE_MS,
        webhookBackoffMs: 200,
      });
      harness.configure({
        sdkPinned: sandbox.urls.sdkPinned,
        sdkFloating: sandbox.urls.sdkFloating,
        integrityFile: join(SDK_DIST_DIR, 'packages', 'contracts-sdk', sandbox.sdkVersion, 'index.umd.js.integrity'),
        cdnOrigin: sandbox.origins.cdn,
        signingOrigin: sandbox.origins.signing,
      });
      await use({ sandbox, harness });
      await sandbox.close();
      await harness.close();
    },
    { scope: 'worker' },
  ],
  sandbox: [async ({ stack }, use) => use(stack.sandbox), { scope: 'worker' }],
  harness: [async ({ stack }, use) => use(stack.harness), { scope: 'worker' }],
  plainPages: [async ({ harness, sandbox }, use) => use(mountPlainPages(harness, sandbox)), { scope: 'worker' }],
  hostUrl: async ({ harness }, use) => {
    await use((query = {}) => `${harness.origins.partner}/host?${new URLSearchParams(query)}`);
  },
  signedConfig: async ({ sandbox }, use) => {
    await use((overrides = {}) => ({
      signingToken: adHocToken('complete'),
      appUrl: sandbox.origins.signing,
      ...overrides,
    }));
  },
  createSigned: async ({ signedConfig }, use) => {
    await use(async (host, id, container, overrides = {}, { events, tokens } = {}) => {
      const config = signedConfig(overrides);
      await createInstance(host, id, container, config, tokens, events);
      return config;
    });
  },
  openSigned: async ({ hostUrl, createSigned }, use) => {
    await use(
      async (host, overrides = {}, { id = 'a', container = 'c1', until, query, goto = true, ...record } = {}) => {
        if (goto) await hostOf(host).goto(hostUrl(query));
        const config = await createSigned(host, id, container, overrides, record);
        await openAndWait(host, id, until);
        return config;
      },
    );
  },
});

/** Playwright engines: the host is the test's page. */
export const test = sandboxTest.extend<Pick<ScenarioFixtures, 'host'>>({
  host: async ({ page, browserName }, use) => use(pageHost(page, browserName as Engine)),
});

/** WebKit: one WebDriver session per worker (WebKitWebDriver allows one at a time); each test starts blank. */
export const webkitTest = sandboxTest.extend<Pick<ScenarioFixtures, 'host'>, { webkit: Browser }>({
  webkit: [
    async ({}, use) => {
      // Loaded here, so Playwright-engine workers never load webdriverio.
      const { startWebKit } = await import('./webkit-session');
      const session = await startWebKit();
      await use(session.browser);
      await session.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  host: async ({ webkit }, use, testInfo) => {
    const page = await webkit.getWindowHandle();
    await use(webdriverHost(webkit));
    if (testInfo.status !== testInfo.expectedStatus) await attachScreenshot(webkit, testInfo);
    await closeOtherWindows(webkit, page);
    // Stops the page's timers and frames before the next test.
    await webkit.url('about:blank');
  },
});

/**
 * Closes every window but the test's page, which the driver is left on: a window nothing closed (a popup that COOP cut
 * off from the page) would still be open in the next test of this worker's session. Each close waits out
 * webdriverio's own switch (closeCurrentWindow): a late one could leave the driver on the page at the next close.
 */
async function closeOtherWindows(browser: Browser, page: string): Promise<void> {
  const others = (await browser.getWindowHandles()).filter((handle) => handle !== page);
  for (const handle of others) {
    await browser.switchToWindow(handle);
    await closeCurrentWindow(browser, page);
  }
  // None to close: the driver may still be on a window that closed during the test.
  if (others.length === 0) await browser.switchToWindow(page);
}

/** A failed WebKit test keeps what the page showed (Playwright's trace covers the other engines). */
async function attachScreenshot(browser: Browser, testInfo: TestInfo): Promise<void> {
  const path = testInfo.outputPath('webkit-failure.png');
  await browser.saveScreenshot(path).then(
    () => testInfo.attachments.push({ name: 'screenshot', contentType: 'image/png', path }),
    () => undefined,
  );
}

export { expect };

/** A signing token from the contracts endpoint, called server-side with the API token as a partner would. */
export async function issueToken(
  sandbox: Sandbox,
  scenario: string,
): Promise<{ applicationId: string; token: string }> {
  const applicationId = crypto.randomUUID();
  const answer = await requestLoopback({
    url: sandbox.urls.contractsApi.replace('{app_id}', applicationId),
    headers: { authorization: `Bearer ${sandbox.apiToken}`, 'x-sandbox-scenario': scenario },
    ca: sandbox.cert,
  });
  expect(answer.status).toBe(200);
  const token = JSON.parse(answer.body).contracts[0].signers[0].signing_token as string;
  return { applicationId, token };
}

/** A token of the documented sandbox form that was never issued (state is per token: make each unique). */
export function adHocToken(scenario: string): string {
  return `sbx_${scenario}_${crypto.randomUUID().replaceAll('-', '')}`;
}
