// e2e in three engines across real sites: partner.test, cdn.test, sign.test (and evil.test) all map to
// 127.0.0.1, so each browser applies its cross-site rules (site isolation, SRI + CORS, CSP, postMessage
// origins) exactly as it would in production. One project per engine, named after it in every report line:
// Debian's Chromium and Firefox ESR through Playwright, WebKitGTK through WebDriver (e2e/webkit/).
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.mjs';
import { FIREFOX_PREFS, FIREFOX_SHIM_PATH } from '../lib/firefox.mjs';

/**
 * Everything runs in Firefox ESR 153 over WebDriver BiDi as well (checked on 2026-11-22), but for these specs:
 * leak (Chromium's heap and listener counters over the DevTools Protocol), demo-phone (a phone's viewport, which
 * Playwright emulates in Chromium only), and react-ssr, sveltekit-check, nuxt-check, backend-routes (Node only, no
 * browser: once is enough). Where Firefox once failed and what fixed it:
 * - Keys (keyboard.spec.ts, demo-options.spec.ts): the Remote Agent synthesizes them in the top page's content
 *   process, so an Enter never reached the cross-site frame. lib/firefox.mjs routes them to the focused frame.
 * - axe (accessibility.spec.ts): Firefox's content process crashed while axe named a <section aria-labelledby>
 *   with the cross-site frame on the page; the demo's sections are named with aria-label.
 * - focus(): Firefox left the frame's document unfocused after iframe.focus(); focus() now asks the app first
 *   (docs/decisions.md #23).
 */
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
