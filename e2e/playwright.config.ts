// e2e in three engines across real sites: partner.test, cdn.test, sign.test (and evil.test) all map to
// 127.0.0.1, so each browser applies its cross-site rules (site isolation, SRI + CORS, CSP, postMessage
// origins) exactly as it would in production. One project per engine, named after it in every report line:
// Debian's Chromium and Firefox ESR through Playwright, WebKitGTK through WebDriver (e2e/webkit/).
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.mjs';
import { FIREFOX_PREFS, FIREFOX_SHIM_PATH } from '../lib/firefox.mjs';

/**
 * Specs run in Chromium only: leak.spec.ts, whose heap and listener counts come from the DevTools Protocol.
 *
 * Everything else runs in Firefox ESR 153 over WebDriver BiDi as well (checked on 2026-11-22):
 * - Keys (keyboard.spec.ts, demo-options.spec.ts): the Remote Agent synthesizes them in the top page's content
 *   process, so an Enter never reached the cross-site frame. lib/firefox.mjs has the parent process route
 *   them to the focused frame, as it does real keys, with site isolation (Fission) kept.
 * - axe (accessibility.spec.ts): the "lost frame context" was the demo page's content process crashing (SIGSEGV)
 *   while axe computed the name of a <section aria-labelledby> with the cross-site signing frame on the page
 *   (about half the loaded runs; rule aria-allowed-attr alone does it, aria-label never did, nor the page without
 *   the frame). The demo's sections are named with aria-label, and every axe scan runs in Firefox.
 * - focus(): 1.1.0's first focus() called iframe.focus() before asking the app, and Firefox then mostly left the
 *   frame's document unfocused (its window got focus, focus, blur), so Enter did nothing. focus() now asks the app
 *   first and focuses the element only when the app asks back (docs/decisions.md #23); the tests run here.
 */
// leak: Chromium's heap and listener counters; react-ssr: server rendering in Node, no browser (once is enough);
// demo-phone: a phone's viewport (isMobile), which Playwright emulates in Chromium only; sveltekit-check:
// svelte-check and the token route from Node, no browser (once is enough); nuxt-check: nuxt typecheck and the
// token and webhook routes from Node, no browser (once is enough); backend-routes: the docs' Django and PHP
// routes from Node, no browser.
const CHROMIUM_ONLY = [
  'leak.spec.ts',
  'react-ssr.spec.ts',
  'demo-phone.spec.ts',
  'sveltekit-check.spec.ts',
  'nuxt-check.spec.ts',
  'backend-routes.spec.ts',
];

export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  // Two cores: more workers only make each test slower.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // `list` prefixes every test with its engine ([chromium], [firefox], [webkit]); the summary adds a line per engine.
  reporter: [['list'], ['./support/engine-summary-reporter.ts']],
  // E2E_OUTPUT_DIR lets concurrent runs in one working tree keep apart (each run empties its output dir).
  outputDir: process.env.E2E_OUTPUT_DIR || '../test-results',
  use: {
    // The sandbox certificate is self-signed (made in .cache/certs).
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testMatch: '*.spec.ts',
      testIgnore: 'webkit/**',
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
      },
    },
    {
      name: 'firefox',
      testMatch: '*.spec.ts',
      testIgnore: ['webkit/**', ...CHROMIUM_ONLY],
      use: {
        browserName: 'firefox',
        // Stock Firefox over WebDriver BiDi (Playwright's own Firefox build cannot be downloaded here).
        channel: 'moz-firefox',
        launchOptions: { executablePath: FIREFOX_SHIM_PATH, firefoxUserPrefs: { ...FIREFOX_PREFS } },
      },
    },
    {
      // Playwright cannot drive this WebKit: these tests get a WebDriver session (support/fixtures.ts,
      // webkitTest) and never ask for a Playwright browser.
      name: 'webkit',
      testDir: './webkit',
      testMatch: '*.spec.ts',
    },
  ],
});
