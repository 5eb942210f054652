// e2e in Debian's Chromium across real sites: partner.test, cdn.test, sign.test (and evil.test) all map to
// 127.0.0.1, so the browser applies its cross-site rules (site isolation, SRI + CORS, CSP, postMessage
// origins) exactly as it would in production.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  // Two cores: more workers only make each test slower.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // E2E_OUTPUT_DIR lets concurrent runs in one working tree keep apart (each run empties its output dir).
  outputDir: process.env.E2E_OUTPUT_DIR || '../test-results',
  use: {
    browserName: 'chromium',
    // The sandbox certificate is self-signed (made in .cache/certs).
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
});
