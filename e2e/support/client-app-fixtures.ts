// The client-side partner apps on the harness's partner origin, which the sandbox lets frame the signing app, each
// page told the sandbox's CDN and signing-app addresses through its query (src/signing-config.ts): /react-19/ and
// /react-18/ serve the React production builds (support/react-apps.ts), /react-dev/ Vite's dev server (React 19),
// /vue/ and /angular/ the element's apps (support/element-apps.ts). Built once, mounted once per worker.
import { angularAppBuild, vueAppBuild } from './element-apps';
import { test, webkitTest, type Harness, type Sandbox } from './fixtures';
import { BUILD_TIMEOUT_MS, serveBuild } from './framework-apps';
import { devServer, reactApp } from './react-apps';

const addressQuery = (sandbox: Sandbox) =>
  new URLSearchParams({ cdnUrl: sandbox.origins.cdn, appUrl: sandbox.origins.signing });

export type ReactVariant = 'react-19' | 'react-18' | 'react-dev';
export interface ReactApps {
  url(variant: ReactVariant): string;
}

async function startReactApps(harness: Harness, sandbox: Sandbox, withDevServer: boolean) {
  for (const major of [19, 18] as const) serveBuild(harness, `react-${major}`, (await reactApp(major)).buildDir);
  let vite: Awaited<ReturnType<typeof devServer>> | undefined;
  if (withDevServer) {
    vite = await devServer(await reactApp(19), '/react-dev/', harness.origins.partner);
    harness.mount('react-dev', vite.middlewares);
  }
  const value: ReactApps = { url: (variant) => `${harness.origins.partner}/${variant}/?${addressQuery(sandbox)}` };
  return { value, close: async () => vite?.close() };
}

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

export type ElementApp = 'vue' | 'angular';
export interface ElementApps {
  url(app: ElementApp): string;
}
const ELEMENT_BUILDS: Record<ElementApp, () => Promise<string>> = { vue: vueAppBuild, angular: angularAppBuild };

async function startElementApps(harness: Harness, sandbox: Sandbox, apps: readonly ElementApp[]): Promise<ElementApps> {
  for (const app of apps) serveBuild(harness, app, await ELEMENT_BUILDS[app]());
  return { url: (app) => `${harness.origins.partner}/${app}/?${addressQuery(sandbox)}` };
}

const elementAppsFixture = (apps: readonly ElementApp[]) =>
  ({
    elementApps: [
      async ({ harness, sandbox }, use) => use(await startElementApps(harness, sandbox, apps)),
      { scope: 'worker', timeout: BUILD_TIMEOUT_MS },
    ],
  }) as never;

/** Chromium and Firefox (Playwright), with the apps named. */
export const elementTest = (apps: readonly ElementApp[]) =>
  test.extend<object, { elementApps: ElementApps }>(elementAppsFixture(apps));
/** WebKit (WebDriver), with the apps named. */
export const elementWebkitTest = (apps: readonly ElementApp[]) =>
  webkitTest.extend<object, { elementApps: ElementApps }>(elementAppsFixture(apps));
