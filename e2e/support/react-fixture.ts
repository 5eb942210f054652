// The React apps (support/react-apps.ts) on the harness's partner origin, which the sandbox lets frame the
// signing app: /react-19/ and /react-18/ serve the production builds, /react-dev/ Vite's dev server (React 19).
import { test, webkitTest, type Harness, type Sandbox } from './fixtures';
import { serveBuild } from './framework-apps';
import { devServer, reactApp, type ReactApp } from './react-apps';

export type ReactVariant = 'react-19' | 'react-18' | 'react-dev';

export interface ReactApps {
  /** The app's page, told the sandbox's CDN and signing-app addresses through its query (src/signing-config.ts). */
  url(variant: ReactVariant): string;
  apps: Record<'react-19' | 'react-18', ReactApp>;
}

async function startReactApps(harness: Harness, sandbox: Sandbox, withDevServer: boolean) {
  const apps = { 'react-19': await reactApp(19), 'react-18': await reactApp(18) };
  serveBuild(harness, 'react-19', apps['react-19'].buildDir);
  serveBuild(harness, 'react-18', apps['react-18'].buildDir);
  let vite: Awaited<ReturnType<typeof devServer>> | undefined;
  if (withDevServer) {
    vite = await devServer(apps['react-19'], '/react-dev/', harness.origins.partner);
    harness.mount('react-dev', vite.middlewares);
  }
  const query = new URLSearchParams({ cdnUrl: sandbox.origins.cdn, appUrl: sandbox.origins.signing });
  const value: ReactApps = { apps, url: (variant) => `${harness.origins.partner}/${variant}/?${query}` };
  return { value, close: async () => vite?.close() };
}

// Builds take a while on two cores (installs, two Vite builds): once per worker, shared by its tests.
const BUILD_TIMEOUT_MS = 240_000;

/** The worker fixture: the apps built and mounted once per worker, shared by its tests. */
const reactAppsFixture = (withDevServer: boolean) =>
  ({
    reactApps: [
      async ({ harness, sandbox }, use) => {
        const started = await startReactApps(harness, sandbox, withDevServer);
        await use(started.value);
        await started.close();
      },
      { scope: 'worker', timeout: BUILD_TIMEOUT_MS },
    ],
  }) as never;

/** Chromium and Firefox (Playwright): production builds and the dev server. */
export const reactTest = test.extend<object, { reactApps: ReactApps }>(reactAppsFixture(true));
/** WebKit (WebDriver): the production builds (Vite's dev server needs no third engine). */
export const reactWebkitTest = webkitTest.extend<object, { reactApps: ReactApps }>(reactAppsFixture(false));
