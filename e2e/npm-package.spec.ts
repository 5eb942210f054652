// The npm package end to end, with real parts only: a release publishes the CDN files to an origin directory and
// then contracts-sdk@<version> to a real registry (Verdaccio on loopback); a partner project installs it with npm,
// bundles an app with rollup, and serves it from its own origin (the harness's partner origin, under /npm/); the
// browser loads the SDK through the package from the sandbox CDN (serving that origin directory) and opens a
// contract against the sandbox signing app.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { send } from '../lib/http-kit.mjs';
import { DIST_DIR } from '../lib/repo-paths.mjs';
import { startSandbox } from '../demo/server/sandbox.mjs';
import { sriOf } from '../lib/bundle.mjs';
import { MANIFEST_KEY, keyOf } from '../scripts/release/layout.mjs';
import { registryVersion } from '../scripts/release/npm-registry.mjs';
import { runRelease } from '../scripts/release/run-release.mjs';
import { createConsumerProject, type ConsumerProject } from './support/consumer-project';
import { PACKAGE_VERSION as version } from './support/framework-apps';
import { adHocToken, expect, HOSTS, test } from './support/fixtures';
import { REQUIREJS_TAGS } from './support/requirejs-page.mjs';
import { startVerdaccio } from './support/verdaccio.mjs';

const POLICY = 'contracts-sdk';

/** The release's own manifest copy, beside the origin directory (removed with it). */
const manifestFile = (originDir: string) => join(originDir, '..', `${originDir.split('/').pop()}-versions.json`);
let registry: Awaited<ReturnType<typeof startVerdaccio>>;
let origin: string;
let releaseLines: string[];
let project: ConsumerProject;
let sandbox: Awaited<ReturnType<typeof startSandbox>> & { close(): Promise<void> };
let partnerOrigin: string;
let cdnOrigin: string;
let signingOrigin: string;
const pages = new Map<string, { body: string; csp?: string }>();

/** What the page's app does, with everything but the token in the page; the token is passed as an argument. */
interface PartnerApp {
  loadSvcSDK(options?: { cdnUrl?: string; nonce?: string }): Promise<{ SDK_VERSION: string } | null>;
  signContract(options: Record<string, unknown>): Promise<{ event: string; payload: { contractId?: string } }>;
}
declare const window: Window & { partnerApp: PartnerApp };

/** npm's user config with the registry's publish token, for the release and the CLI. */
const registryEnv = () => ({ ...process.env, npm_config_userconfig: registry.npmrc });

/** A release of this version into the origin directory, then to the registry; its log lines go to `lines`. */
function release(manifestPath: string, build: (options: { outDir: string }) => Promise<void>, lines: string[]) {
  return runRelease({
    dest: origin,
    manifestPath,
    allowDirty: true,
    npmRegistry: registry.url,
    build,
    env: registryEnv(),
    log: (line: string) => lines.push(line),
  });
}

/** The pinned script's URL on a CDN (the sandbox's unless said otherwise). */
const sdkUrl = (cdnUrl = cdnOrigin) => `${cdnUrl}/packages/contracts-sdk/${version}/index.umd.js`;

/** The pinned script's integrity, as the release wrote it to the origin. */
const releasedIntegrity = async () =>
  (await readFile(join(origin, keyOf(version, 'index.umd.js.integrity')), 'utf8')).trim();

type PageOptions = { bundle?: 'main' | 'pure'; csp?: string; nonce?: string; requirejs?: boolean };

/** A page of the app at `path` under /npm/. `requirejs`: RequireJS runs first and records its errors (window.amdErrors). */
function partnerPage(path: string, { bundle = 'main', csp, nonce, requirejs = false }: PageOptions = {}) {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
  const amd = requirejs ? REQUIREJS_TAGS : '';
  pages.set(`/npm${path}`, {
    body: `<!doctype html><html><head><title>partner app</title>${amd}<script src="/npm/app-${bundle}.js"${nonceAttribute}></script></head><body><div id="signing"></div></body></html>`,
    csp,
  });
  return `${partnerOrigin}/npm${path}`;
}

/** The app's "Sign" with a fresh `complete` token against the sandbox: the first outcome event it reported. */
async function signedOutcome(page: Page): Promise<string> {
  const outcome = await page.evaluate(
    ({ cdnUrl, appUrl, signingToken }) =>
      window.partnerApp.signContract({ cdnUrl, appUrl, signingToken, container: 'signing' }),
    { cdnUrl: cdnOrigin, appUrl: signingOrigin, signingToken: adHocToken('complete') },
  );
  return outcome.event;
}

/** loadSvcSDK(options) from the sandbox CDN unless said otherwise: 'resolved', or the rejection as "name: message". */
const loadError = (page: Page, options: Record<string, unknown> = {}) =>
  page.evaluate(
    (o) =>
      window.partnerApp.loadSvcSDK(o).then(
        () => 'resolved',
        (error: Error) => `${error.name}: ${error.message}`,
      ),
    { cdnUrl: cdnOrigin, ...options },
  );

const scriptElements = (page: Page) =>
  page.evaluate(() => document.querySelectorAll('script[src*="index.umd.js"]').length);

/** Runs `check` while the origin's pinned script has a line added (restored after), with the rejection it must cause. */
async function withTamperedScript(check: (mismatch: string) => Promise<void>): Promise<void> {
  const file = join(origin, keyOf(version, 'index.umd.js'));
  const original = await readFile(file);
  const tampered = Buffer.concat([original, Buffer.from('\n;window.tampered = true;\n')]);
  await writeFile(file, tampered);
  try {
    await check(
      `Error: [contracts-sdk] integrity mismatch: ${sdkUrl()} is not the file contracts-sdk ${version} pins (expected ${sriOf(original)}, received ${sriOf(tampered)}).`,
    );
  } finally {
    await writeFile(file, original);
  }
}

test.describe('npm package: release → registry → partner bundle → Chromium', () => {
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async ({ harness }) => {
    test.setTimeout(180_000);
    registry = await startVerdaccio();
    origin = await mkdtemp(join(tmpdir(), 'contracts-sdk-npm-origin-'));
    releaseLines = [];
    // The release reuses the build `npm test` made (dist/): one build per run, as for the rest of the suite.
    const copyBuild = ({ outDir }: { outDir: string }) => cp(DIST_DIR, outDir, { recursive: true });
    await release(manifestFile(origin), copyBuild, releaseLines);
    project = await createConsumerProject({ registry: registry.url, version, env: registryEnv() });

    harness.mount('npm', (req: { url: string }, res: { end(): void }, next: () => void) => {
      const path = new URL(req.url, 'https://x').pathname;
      const script = /^\/npm\/app-(main|pure)\.js$/.exec(path);
      const type = 'text/javascript; charset=utf-8';
      if (script) return send(res, 200, project.bundles[script[1] as 'main' | 'pure'], { 'content-type': type });
      const found = pages.get(path);
      if (!found) return next();
      const csp = found.csp ? { 'content-security-policy': found.csp } : {};
      send(res, 200, found.body, { 'content-type': 'text/html; charset=utf-8', ...csp });
    });
    partnerOrigin = harness.origins.partner;
    sandbox = await startSandbox({
      ports: { demo: 0, cdn: 0, signing: 0 },
      hosts: { partner: HOSTS.partner, cdn: HOSTS.cdn, signing: HOSTS.signing },
      distDir: origin,
      extraPartnerOrigins: [partnerOrigin],
    });
    cdnOrigin = sandbox.origins.cdn;
    signingOrigin = sandbox.origins.signing;
  });

  test.afterAll(async () => {
    await Promise.all([sandbox?.close(), registry?.stop()]);
    for (const dir of [origin, project?.dir]) if (dir) await rm(dir, { recursive: true, force: true });
    if (origin) await rm(manifestFile(origin), { force: true });
  });

  test('the release publishes the package only after verifying the origin, and versions.json on the origin', async ({
    request,
  }) => {
    const output = releaseLines.join('\n');
    const verified = output.indexOf(`ok  ${version}/ still serves exactly this build`);
    const published = output.indexOf(`published  contracts-sdk@${version} to ${registry.url}`);
    expect(verified, output).toBeGreaterThan(0);
    expect(published, output).toBeGreaterThan(verified);
    expect((await registryVersion({ registry: registry.url, version, env: registryEnv() }))?.version).toBe(version);

    const manifest = await request.get(`${cdnOrigin}/${MANIFEST_KEY}`);
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['cache-control']).toBe('public, max-age=300');
    const document = await manifest.json();
    expect(document.versions[version].integrity).toBe(await releasedIntegrity());
    expect(document.target, 'the internal origin location is not published').toBeUndefined();
  });

  test('a second release of the same version is refused by the registry check, before anything is written', async () => {
    test.setTimeout(60_000); // asks the registry through the npm CLI
    const build = () => Promise.reject(new Error('must not build'));
    await expect(release(join(project.dir, 'unused-versions.json'), build, [])).rejects.toThrow(
      `contracts-sdk@${version} is already on ${registry.url}; nothing was written`,
    );
  });

  test('the installed package imports on a server without a DOM, and loadSvcSDK() resolves null there', async () => {
    const script = `
      const main = await import('contracts-sdk');
      const pure = await import('contracts-sdk/pure');
      const { createRequire } = await import('node:module');
      const cjs = createRequire(process.cwd() + '/')('contracts-sdk');
      console.log(JSON.stringify([typeof window, await main.loadSvcSDK(), await pure.loadSvcSDK(), await cjs.loadSvcSDK({ cdnUrl: 'https://cdn.example.com' }), main.SDK_VERSION]));`;
    expect(JSON.parse(await project.node(script))).toEqual(['undefined', null, null, null, version]);
  });

  test('the installed type declarations accept valid code and reject wrong code', async () => {
    test.setTimeout(120_000); // a full tsc run, on two cores shared with the other browser tests
    const result = await project.typeCheck();
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  });

  test('bundled app: loadSvcSDK() → new SvcContracts → contract.ready, with one pinned script tag', async ({
    page,
  }) => {
    await page.goto(partnerPage('/sign', { csp: `script-src 'self' ${cdnOrigin}; frame-src ${signingOrigin}` }));
    expect(await signedOutcome(page)).toBe('contract.ready');
    const tag = await page.evaluate(() => {
      const script = document.querySelector<HTMLScriptElement>('script[src*="index.umd.js"]');
      return script && { src: script.src, integrity: script.integrity, crossOrigin: script.crossOrigin };
    });
    expect(tag).toEqual({ src: sdkUrl(), integrity: await releasedIntegrity(), crossOrigin: 'anonymous' });
    expect(await scriptElements(page)).toBe(1);
  });

  test('a page with RequireJS: loadSvcSDK() resolves SvcSDK and signs, and RequireJS reports no error', async ({
    page,
  }) => {
    await page.goto(partnerPage('/amd', { requirejs: true }));
    expect(await signedOutcome(page)).toBe('contract.ready');
    // RequireJS reports a stray anonymous define() when it next reads its queue, which every require() call does.
    const amdErrors = await page.evaluate(
      () => new Promise((resolve) => window.require([], () => resolve(window.amdErrors))),
    );
    expect(amdErrors).toEqual([]);
  });

  test('ten concurrent calls share one script element and one SvcSDK', async ({ page }) => {
    await page.goto(partnerPage('/concurrent'));
    const result = await page.evaluate(async (cdnUrl) => {
      const all = await Promise.all(Array.from({ length: 10 }, () => window.partnerApp.loadSvcSDK({ cdnUrl })));
      return { same: all.every((sdk) => sdk === all[0]), version: all[0]?.SDK_VERSION };
    }, cdnOrigin);
    expect(result).toEqual({ same: true, version });
    expect(await scriptElements(page)).toBe(1);
    // Once loaded, a later call resolves the same SvcSDK without another element (React StrictMode's second effect).
    expect(
      await page.evaluate(
        (cdnUrl) => window.partnerApp.loadSvcSDK({ cdnUrl }).then((sdk) => sdk === window.SvcSDK),
        cdnOrigin,
      ),
    ).toBe(true);
    expect(await scriptElements(page)).toBe(1);
  });

  test(`a page requiring Trusted Types loads it through the "${POLICY}" policy`, async ({ page }) => {
    const csp = `script-src 'self' ${cdnOrigin}; frame-src ${signingOrigin}; require-trusted-types-for 'script'; trusted-types ${POLICY}`;
    await page.goto(partnerPage('/trusted-types', { csp }));
    expect(await signedOutcome(page)).toBe('contract.ready');
  });

  test('a page requiring Trusted Types without allowing the policy gets a rejection naming it', async ({ page }) => {
    const csp = `script-src 'self' ${cdnOrigin}; require-trusted-types-for 'script'; trusted-types partner-policy`;
    await page.goto(partnerPage('/trusted-types-other', { csp }));
    expect(await loadError(page)).toBe(
      `Error: [contracts-sdk] Trusted Types refused the script URL: add ${POLICY} to your CSP trusted-types.`,
    );
    expect(await scriptElements(page)).toBe(0);
  });

  test('a CSP that does not allow the CDN rejects with the cause; the nonce option then loads it', async ({ page }) => {
    await page.goto(partnerPage('/csp-nonce', { csp: `script-src 'nonce-partner123'`, nonce: 'partner123' }));
    expect(await loadError(page)).toBe(
      `Error: [contracts-sdk] the page's Content Security Policy (script-src-elem) blocked ${sdkUrl()}: allow ${cdnOrigin} in script-src, or pass the nonce option.`,
    );
    expect(await scriptElements(page), 'the refused element is removed').toBe(0);
    expect(await loadError(page, { nonce: 'partner123' })).toBe('resolved');
    expect(await scriptElements(page)).toBe(1);
  });

  test('a script blocked by a content blocker rejects with the cause, and a later call tries again', async ({
    page,
  }) => {
    await page.route(sdkUrl(), (route) => route.abort('blockedbyclient'));
    await page.goto(partnerPage('/blocked'));
    expect(await loadError(page)).toBe(
      `Error: [contracts-sdk] could not download ${sdkUrl()} (network failure, ad blocker, or no CORS header).`,
    );
    await page.unroute(sdkUrl());
    expect(await loadError(page)).toBe('resolved');
    expect(await scriptElements(page)).toBe(1);
  });

  test('a CDN without the version rejects with its HTTP status', async ({ page }) => {
    await page.goto(partnerPage('/missing'));
    const elsewhere = `${cdnOrigin}/elsewhere`;
    expect(await loadError(page, { cdnUrl: elsewhere })).toBe(
      `Error: [contracts-sdk] ${sdkUrl(elsewhere)} answered HTTP 404.`,
    );
  });

  test('another SvcSDK version already on the page is named in the rejection', async ({ page }) => {
    await page.goto(partnerPage('/other-version'));
    await page.evaluate(() => Object.assign(window, { SvcSDK: { SDK_VERSION: '0.9.0' } }));
    expect(await loadError(page)).toBe(
      `Error: [contracts-sdk] the page already has SvcSDK 0.9.0, this package loads ${version}: use one version per page.`,
    );
    expect(await scriptElements(page)).toBe(0);
  });

  test('only the main entry touches the page at import (one preconnect); /pure does nothing until called', async ({
    page,
  }) => {
    const count = () =>
      page.evaluate(() => ({
        links: document.querySelectorAll('link[rel=preconnect]').length,
        scripts: document.querySelectorAll('script').length,
      }));
    await page.goto(partnerPage('/import-main'));
    expect(await count()).toEqual({ links: 1, scripts: 1 });
    await page.goto(partnerPage('/import-pure', { bundle: 'pure' }));
    expect(await count()).toEqual({ links: 0, scripts: 1 });
  });

  test('a tampered file on the origin is refused by the browser: the rejection says integrity mismatch', async ({
    page,
  }) => {
    await withTamperedScript(async (mismatch) => {
      await page.goto(partnerPage('/tampered'));
      expect(await loadError(page)).toBe(mismatch);
      expect(await page.evaluate(() => 'tampered' in window), 'the tampered code never ran').toBe(false);
    });
  });

  test("another script's CSP violation is never named as the cause: a tampered file, loaded with the nonce, says integrity mismatch", async ({
    page,
  }) => {
    await withTamperedScript(async (mismatch) => {
      await page.goto(
        partnerPage('/other-script-blocked', { csp: `script-src 'nonce-partner123'`, nonce: 'partner123' }),
      );
      const outcome = await page.evaluate(
        ({ cdnUrl, url }) => {
          const blocked: string[] = [];
          document.addEventListener('securitypolicyviolation', (event) => blocked.push(event.blockedURI));
          const loading = window.partnerApp.loadSvcSDK({ cdnUrl, nonce: 'partner123' });
          // The partner's own tag for the same file, without the nonce: the page's CSP blocks that one.
          const other = document.createElement('script');
          other.src = url;
          document.body.append(other);
          return loading.then(
            () => ({ message: 'resolved', blocked }),
            (error: Error) => ({ message: `${error.name}: ${error.message}`, blocked }),
          );
        },
        { cdnUrl: cdnOrigin, url: sdkUrl() },
      );
      expect(outcome.blocked, 'the other tag was blocked while ours loaded').toContain(sdkUrl());
      expect(outcome.message).toBe(mismatch);
    });
  });
});
