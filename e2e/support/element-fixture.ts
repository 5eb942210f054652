// The element's partner apps (support/element-apps.ts) on the harness's partner origin, which
// the sandbox lets frame the signing app: /vue/ and /angular/ serve their production builds.
import { test, webkitTest, type Harness } from './fixtures';
import { serveBuild } from './framework-apps';
import { angularAppBuild, vueAppBuild } from './element-apps';

export type ElementApp = 'vue' | 'angular';

export interface ElementApps {
  /** The app's page, told the sandbox's CDN and signing-app addresses through its query (src/signing-config.ts). */
  url(app: ElementApp): string;
}

const BUILDS: Record<ElementApp, () => Promise<string>> = {
  vue: vueAppBuild,
  angular: angularAppBuild,
};

async function startApps(
  harness: Harness,
  sandbox: { origins: { cdn: string; signing: string } },
  apps: readonly ElementApp[],
): Promise<ElementApps> {
  for (const app of apps) serveBuild(harness, app, await BUILDS[app]());
  const query = new URLSearchParams({ cdnUrl: sandbox.origins.cdn, appUrl: sandbox.origins.signing });
  return { url: (app) => `${harness.origins.partner}/${app}/?${query}` };
}

// Builds take a while on two cores (install from the registry, a production build): once per worker.
const BUILD_TIMEOUT_MS = 300_000;

const elementAppsFixture = (apps: readonly ElementApp[]) =>
  ({
    elementApps: [
      async ({ harness, sandbox }, use) => use(await startApps(harness, sandbox, apps)),
      { scope: 'worker', timeout: BUILD_TIMEOUT_MS },
    ],
  }) as never;

/** Chromium and Firefox (Playwright), with the apps named. */
export const elementTest = (apps: readonly ElementApp[]) =>
  test.extend<object, { elementApps: ElementApps }>(elementAppsFixture(apps));
/** WebKit (WebDriver), with the apps named. */
export const elementWebkitTest = (apps: readonly ElementApp[]) =>
  webkitTest.extend<object, { elementApps: ElementApps }>(elementAppsFixture(apps));
