// docs/server-rendered.md's backends (support/backend-apps.ts) for every engine: one per worker, ended (by its PID)
// when the worker ends. Each kind is a test of its own, so that a worker holds one backend behind its harness's
// partner origin (both answer the docs' /signing-token).
import { type Backend, type BackendKind, startBackend } from './backend-apps';
import { test, webkitTest } from './fixtures';

// The first run makes the Django venv with pip (half a minute here, most of it the registry's answers).
const START_TIMEOUT_MS = 180_000;

const backendFixture = (kind: BackendKind) =>
  [
    async ({ harness }, use) => {
      const backend = await startBackend(kind, harness);
      await use(backend);
      await backend.stop();
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS },
  ] as const;

const playwrightTests = {
  django: test.extend<object, { backend: Backend }>({ backend: backendFixture('django') as never }),
  php: test.extend<object, { backend: Backend }>({ backend: backendFixture('php') as never }),
};
const webkitTests = {
  django: webkitTest.extend<object, { backend: Backend }>({ backend: backendFixture('django') as never }),
  php: webkitTest.extend<object, { backend: Backend }>({ backend: backendFixture('php') as never }),
};

/** Chromium and Firefox (Playwright): one test type per kind, so that every spec of a kind shares its workers. */
export const backendTest = (kind: BackendKind) => playwrightTests[kind];

/** WebKit (WebDriver). */
export const backendWebkitTest = (kind: BackendKind) => webkitTests[kind];
