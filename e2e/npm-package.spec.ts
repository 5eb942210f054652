// The npm package end to end, with real parts only: a release publishes the CDN files to an origin directory and
// then contracts-sdk@<version> to a real registry (Verdaccio on loopback); a partner project installs it with npm,
// bundles an app with rollup, and serves it from its own origin; Chromium loads the SDK through the package from
// the sandbox CDN (serving that origin directory) and opens a contract against the sandbox signing app.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { CERT_DIR } from '../lib/repo-paths.mjs';
import { ensureCertificate } from '../lib/certs.mjs';
import { listenHttps } from '../lib/http-kit.mjs';
import { startSandbox } from '../demo/server/sandbox.mjs';
import { sriOf } from '../lib/bundle.mjs';
import { MANIFEST_KEY, keyOf } from '../scripts/release/layout.mjs';
import { registryVersion } from '../scripts/release/npm-registry.mjs';
import { runRelease } from '../scripts/release/run-release.mjs';
import { createConsumerProject, type ConsumerProject } from './support/consumer-project';
import { adHocToken, expect, HOSTS, test } from './support/fixtures';
import { REQUIREJS_TAGS, requireJsFile } from './support/requirejs-page.mjs';
import { startVerdaccio } from './support/verdaccio.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const POLICY = 'contracts-sdk';

type Started = { close(): Promise<void> };
/** The release's own manifest copy, beside the origin directory (removed with it). */
const manifestFile = (originDir: string) => join(originDir, '..', `${originDir.split('/').pop()}-versions.json`);
let registry: Awaited<ReturnType<typeof startVerdaccio>>;
let origin: string;
let releaseLines: string[];
let project: ConsumerProject;
let sandbox: Awaited<ReturnType<typeof startSandbox>> & Started;
let partner: Started;
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

/** `requirejs`: the page runs the real RequireJS first and records the errors it reports (window.amdErrors). */
function page(
  path: string,
  {
    bundle = 'main',
    csp,
    nonce,
    requirejs = false,
  }: { bundle?: 'main' | 'pure'; csp?: string; nonce?: string; requirejs?: boolean } = {},
) {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
  const amd = requirejs ? REQUIREJS_TAGS : '';
  pages.set(path, {
    body: `<!doctype html><html><head><title>partner app</title>${amd}<script src="/app-${bundle}.js"${nonceAttribute}></script></head><body><div id="signing"></div></body></html>`,
    csp,
  });
  return `${partnerOrigin}${path}`;
}

async function loadError(browser: Page, options: Record<string, unknown>): Promise<string> {
  return browser.evaluate(
    (o) =>
      window.partnerApp.loadSvcSDK(o).then(
        () => 'resolved',
        (error: Error) => `${error.name}: ${error.message}`,
      ),
    options,
  );
}

const scriptElements = (browser: Page) =>
  browser.evaluate(() => document.querySelectorAll('script[src*="index.umd.js"]').length);

test.describe('npm package: release → registry → partner bundle → Chromium', () => {
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    registry = await startVerdaccio();
    const env = { ...process.env, npm_config_userconfig: registry.npmrc };
    origin = await mkdtemp(join(tmpdir(), 'contracts-sdk-npm-origin-'));
    releaseLines = [];
    // The release reuses the build `npm test` made (dist/): one build per run, as for the rest of the suite.
    await runRelease({
      dest: origin,
      manifestPath: manifestFile(origin),
      allowDirty: true,
      npmRegistry: registry.url,
      build: ({ outDir }: { outDir: string }) => cp(join(ROOT, 'dist'), outDir, { recursive: true }),
      env,
      log: (line: string) => releaseLines.push(line),
    });
    project = await createConsumerProject({ registry: registry.url, version, env });

    const tls = await ensureCertificate({ dir: CERT_DIR, hostNames: Object.values(HOSTS) });
    const server = await listenHttps({
      tls,
      port: 0,
      name: 'partner-app',
      handler: (
        req: { url: string },
        res: { writeHead(status: number, headers?: Record<string, string>): { end(body?: string): void } },
      ) => {
        const path = new URL(req.url, 'https://x').pathname;
        const script = /^\/app-(main|pure)\.js$/.exec(path);
        if (script)
          return res
            .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' })
            .end(project.bundles[script[1] as 'main' | 'pure']);
        const amdScript = requireJsFile(path);
        if (amdScript) return res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(amdScript);
        const found = pages.get(path);
        if (!found) return res.writeHead(404).end();
        res
          .writeHead(200, {
            'content-type': 'text/html; charset=utf-8',
            ...(found.csp ? { 'content-security-policy': found.csp } : {}),
          })
          .end(found.body);
      },
    });
    partner = server;
    partnerOrigin = `https://${HOSTS.partner}:${server.port}`;
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
    await Promise.all([sandbox?.close(), partner?.close(), registry?.stop()]);
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
    expect(
      (
        await registryVersion({
          registry: registry.url,
          version,
          env: { ...process.env, npm_config_userconfig: registry.npmrc },
        })
      )?.version,
    ).toBe(version);

    const integrity = (await readFile(join(origin, keyOf(version, 'index.umd.js.integrity')), 'utf8')).trim();
    const manifest = await request.get(`${cdnOrigin}/${MANIFEST_KEY}`);
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['cache-control']).toBe('public, max-age=300');
    const document = await manifest.json();
    expect(document.versions[version].integrity).toBe(integrity);
    expect(document.target, 'the internal origin location is not published').toBeUndefined();
  });

  test('a second release of the same version is refused by the registry check, before anything is written', async () => {
    test.setTimeout(60_000); // asks the registry through the npm CLI
    const lines: string[] = [];
    const attempt = runRelease({
      dest: origin,
      manifestPath: join(project.dir, 'unused-versions.json'),
      allowDirty: true,
      npmRegistry: registry.url,
      build: () => Promise.reject(new Error('must not build')),
      env: { ...process.env, npm_config_userconfig: registry.npmrc },
      log: (line: string) => lines.push(line),
    });
    await expect(attempt).rejects.toThrow(
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
    page: browser,
  }) => {
    const csp = `script-src 'self' ${cdnOrigin}; frame-src ${signingOrigin}`;
    await browser.goto(page('/sign', { csp }));
    const outcome = await browser.evaluate(
      ({ cdnUrl, appUrl, signingToken }) =>
        window.partnerApp.signContract({ cdnUrl, appUrl, signingToken, container: 'signing' }),
      { cdnUrl: cdnOrigin, appUrl: signingOrigin, signingToken: adHocToken('complete') },
    );
    expect(outcome.event).toBe('contract.ready');
    const tag = await browser.evaluate(() => {
      const script = document.querySelector<HTMLScriptElement>('script[src*="index.umd.js"]');
      return script && { src: script.src, integrity: script.integrity, crossOrigin: script.crossOrigin };
    });
    const integrity = (await readFile(join(origin, keyOf(version, 'index.umd.js.integrity')), 'utf8')).trim();
    expect(tag).toEqual({
      src: `${cdnOrigin}/packages/contracts-sdk/${version}/index.umd.js`,
      integrity,
      crossOrigin: 'anonymous',
    });
    expect(await scriptElements(browser)).toBe(1);
  });

  test('a page with RequireJS: loadSvcSDK() resolves SvcSDK and signs, and RequireJS reports no error', async ({
    page: browser,
  }) => {
    await browser.goto(page('/amd', { requirejs: true }));
    const outcome = await browser.evaluate(
      ({ cdnUrl, appUrl, signingToken }) =>
        window.partnerApp.signContract({ cdnUrl, appUrl, signingToken, container: 'signing' }),
      { cdnUrl: cdnOrigin, appUrl: signingOrigin, signingToken: adHocToken('complete') },
    );
    expect(outcome.event).toBe('contract.ready');
    // RequireJS reports a stray anonymous define() when it next reads its queue, which every require() call does.
    const amdErrors = await browser.evaluate(
      () => new Promise((resolve) => window.require([], () => resolve(window.amdErrors))),
    );
    expect(amdErrors).toEqual([]);
  });

  test('ten concurrent calls share one script element and one SvcSDK', async ({ page: browser }) => {
    await browser.goto(page('/concurrent'));
    const result = await browser.evaluate(async (cdnUrl) => {
      const all = await Promise.all(Array.from({ length: 10 }, () => window.partnerApp.loadSvcSDK({ cdnUrl })));
      return { same: all.every((sdk) => sdk === all[0]), version: all[0]?.SDK_VERSION };
    }, cdnOrigin);
    expect(result).toEqual({ same: true, version });
    expect(await scriptElements(browser)).toBe(1);
    // Once loaded, a later call resolves the same SvcSDK without another element (React StrictMode's second effect).
    expect(
      await browser.evaluate(
        (cdnUrl) => window.partnerApp.loadSvcSDK({ cdnUrl }).then((sdk) => sdk === window.SvcSDK),
        cdnOrigin,
      ),
    ).toBe(true);
    expect(await scriptElements(browser)).toBe(1);
  });

  test(`a page requiring Trusted Types loads it through the "${POLICY}" policy`, async ({ page: browser }) => {
    const csp = `script-src 'self' ${cdnOrigin}; frame-src ${signingOrigin}; require-trusted-types-for 'script'; trusted-types ${POLICY}`;
    await browser.goto(page('/trusted-types', { csp }));
    const outcome = await browser.evaluate(
      ({ cdnUrl, appUrl, signingToken }) =>
        window.partnerApp.signContract({ cdnUrl, appUrl, signingToken, container: 'signing' }),
      { cdnUrl: cdnOrigin, appUrl: signingOrigin, signingToken: adHocToken('complete') },
    );
    expect(outcome.event).toBe('contract.ready');
  });

  test('a page requiring Trusted Types without allowing the policy gets a rejection naming it', async ({
    page: browser,
  }) => {
    await browser.goto(
      page('/trusted-types-other', {
        csp: `script-src 'self' ${cdnOrigin}; require-trusted-types-for 'script'; trusted-types partner-policy`,
      }),
    );
    expect(await loadError(browser, { cdnUrl: cdnOrigin })).toBe(
      `Error: [contracts-sdk] Trusted Types refused the script URL: add ${POLICY} to your CSP trusted-types.`,
    );
    expect(await scriptElements(browser)).toBe(0);
  });

  test('a CSP that does not allow the CDN rejects with the cause; the nonce option then loads it', async ({
    page: browser,
  }) => {
    await browser.goto(page('/csp-nonce', { csp: `script-src 'nonce-partner123'`, nonce: 'partner123' }));
    const url = `${cdnOrigin}/packages/contracts-sdk/${version}/index.umd.js`;
    expect(await loadError(browser, { cdnUrl: cdnOrigin })).toBe(
      `Error: [contracts-sdk] the page's Content Security Policy (script-src-elem) blocked ${url}: allow ${cdnOrigin} in script-src, or pass the nonce option.`,
    );
    expect(await scriptElements(browser), 'the refused element is removed').toBe(0);
    expect(await loadError(browser, { cdnUrl: cdnOrigin, nonce: 'partner123' })).toBe('resolved');
    expect(await scriptElements(browser)).toBe(1);
  });

  test('a script blocked by a content blocker rejects with the cause, and a later call tries again', async ({
    page: browser,
  }) => {
    const url = `${cdnOrigin}/packages/contracts-sdk/${version}/index.umd.js`;
    await browser.route(url, (route) => route.abort('blockedbyclient'));
    await browser.goto(page('/blocked'));
    expect(await loadError(browser, { cdnUrl: cdnOrigin })).toBe(
      `Error: [contracts-sdk] could not download ${url} (network failure, ad blocker, or no CORS header).`,
    );
    await browser.unroute(url);
    expect(await loadError(browser, { cdnUrl: cdnOrigin })).toBe('resolved');
    expect(await scriptElements(browser)).toBe(1);
  });

  test('a CDN without the version rejects with its HTTP status', async ({ page: browser }) => {
    await browser.goto(page('/missing'));
    const url = `${cdnOrigin}/elsewhere/packages/contracts-sdk/${version}/index.umd.js`;
    expect(await loadError(browser, { cdnUrl: `${cdnOrigin}/elsewhere` })).toBe(
      `Error: [contracts-sdk] ${url} answered HTTP 404.`,
    );
  });

  test('another SvcSDK version already on the page is named in the rejection', async ({ page: browser }) => {
    await browser.goto(page('/other-version'));
    await browser.evaluate(() => Object.assign(window, { SvcSDK: { SDK_VERSION: '0.9.0' } }));
    expect(await loadError(browser, { cdnUrl: cdnOrigin })).toBe(
      `Error: [contracts-sdk] the page already has SvcSDK 0.9.0, this package loads ${version}: use one version per page.`,
    );
    expect(await scriptElements(browser)).toBe(0);
  });

  test('only the main entry touches the page at import (one preconnect); /pure does nothing until called', async ({
    page: browser,
  }) => {
    const count = () =>
      browser.evaluate(() => ({
        links: document.querySelectorAll('link[rel=preconnect]').length,
        scripts: document.querySelectorAll('script').length,
      }));
    await browser.goto(page('/import-main'));
    expect(await count()).toEqual({ links: 1, scripts: 1 });
    await browser.goto(page('/import-pure', { bundle: 'pure' }));
    expect(await count()).toEqual({ links: 0, scripts: 1 });
  });

  test('a tampered file on the origin is refused by the browser: the rejection says integrity mismatch', async ({
    page: browser,
  }) => {
    const file = join(origin, keyOf(version, 'index.umd.js'));
    const original = await readFile(file);
    const tampered = Buffer.concat([original, Buffer.from('\n;window.tampered = true;\n')]);
    await writeFile(file, tampered);
    try {
      await browser.goto(page('/tampered'));
      const url = `${cdnOrigin}/packages/contracts-sdk/${version}/index.umd.js`;
      const message = await loadError(browser, { cdnUrl: cdnOrigin });
      expect(message).toBe(
        `Error: [contracts-sdk] integrity mismatch: ${url} is not the file contracts-sdk ${version} pins (expected ${sriOf(original)}, received ${sriOf(tampered)}).`,
      );
      expect(await browser.evaluate(() => 'tampered' in window), 'the tampered code never ran').toBe(false);
    } finally {
      await writeFile(file, original);
    }
  });

  test("another script's CSP violation is never named as the cause: a tampered file, loaded with the nonce, says integrity mismatch", async ({
    page: browser,
  }) => {
    const file = join(origin, keyOf(version, 'index.umd.js'));
    const original = await readFile(file);
    const tampered = Buffer.concat([original, Buffer.from('\n;window.tampered = true;\n')]);
    await writeFile(file, tampered);
    try {
      await browser.goto(page('/other-script-blocked', { csp: `script-src 'nonce-partner123'`, nonce: 'partner123' }));
      const url = `${cdnOrigin}/packages/contracts-sdk/${version}/index.umd.js`;
      const outcome = await browser.evaluate(
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
        { cdnUrl: cdnOrigin, url },
      );
      expect(outcome.blocked, 'the other tag was blocked while ours loaded').toContain(url);
      expect(outcome.message).toBe(
        `Error: [contracts-sdk] integrity mismatch: ${url} is not the file contracts-sdk ${version} pins (expected ${sriOf(original)}, received ${sriOf(tampered)}).`,
      );
    } finally {
      await writeFile(file, original);
    }
  });
});
