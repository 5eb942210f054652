// The SvelteKit app (support/sveltekit-app.ts) for every engine: built once, one `node build` per worker for its
// sandbox, ended (by its PID) when the worker ends.
import { test, webkitTest } from './fixtures';
import { type SvelteKitApp, startSvelteKitApp } from './sveltekit-app';

// Install from the registry and `vite build` take a while on two cores, the first time.
const BUILD_TIMEOUT_MS = 300_000;

const sveltekitAppFixture = [
  async ({ harness, sandbox }, use) => {
    const app = await startSvelteKitApp(harness, sandbox);
    await use(app);
    await app.stop();
  },
  { scope: 'worker', timeout: BUILD_TIMEOUT_MS },
] as const;

/** Chromium and Firefox (Playwright). */
export const sveltekitTest = test.extend<object, { sveltekitApp: SvelteKitApp }>({
  sveltekitApp: sveltekitAppFixture as never,
});

/** WebKit (WebDriver). */
export const sveltekitWebkitTest = webkitTest.extend<object, { sveltekitApp: SvelteKitApp }>({
  sveltekitApp: sveltekitAppFixture as never,
});
