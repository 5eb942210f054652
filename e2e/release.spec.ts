// A real release into a temporary origin directory, served by a real nginx with the shipped deploy/nginx.conf
// (lib/nginx-origin.mjs) as cdn.test, checked from nginx's own responses, then loaded by a partner page
// on partner.test through the pinned URL with the manifest's integrity: what a partner does after copying the
// snippet the release printed. The partner page is the harness's (/release/): nginx is not the subject there.
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { ensureCertificate } from '../lib/certs.mjs';
import { CERT_DIR, REPO_ROOT as ROOT } from '../lib/repo-paths.mjs';
import { requestLoopback } from '../lib/loopback-client.mjs';
import { startNginxOrigin } from '../lib/nginx-origin.mjs';
import { CACHE_CONTROL_ALIAS, CACHE_CONTROL_PINNED, CORS_ALLOW_ORIGIN } from '../lib/origin-policy.mjs';
import {
  ALIAS_FILES,
  FILES,
  PINNED_FILES,
  aliasName,
  keyOf,
  publishedContentType,
} from '../scripts/release/layout.mjs';
import { MANIFEST_DEFAULT } from '../scripts/release/manifest.mjs';
import { send } from '../lib/http-kit.mjs';
import { expect, test } from './support/fixtures';

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const alias = aliasName(version.split('.')[0]);

let origin: string;
let nginx: Awaited<ReturnType<typeof startNginxOrigin>>;
let tls: { cert: string; key: string };
let releaseOutput: string;
let cdnUrl: string;
let partnerUrl: string;
const pages: Record<string, string> = {};

/** GET from nginx as the CDN would pull it (HTTP/1.1 from Node); no Accept-Encoding unless given. */
function get(key: string, headers: Record<string, string> = {}) {
  return requestLoopback({ url: `${cdnUrl}/${key}`, headers, ca: tls.cert });
}

const published = (key: string) => readFileSync(join(origin, key));

/** GETs `key`, expects a 200 with the release's headers for its type and `cacheControl`; resolves the response. */
async function expectServed(key: string, cacheControl: string) {
  const response = await get(key);
  expect(response.status, key).toBe(200);
  expect(response.headers, key).toMatchObject({
    'content-type': publishedContentType(key),
    'cache-control': cacheControl,
    'access-control-allow-origin': CORS_ALLOW_ORIGIN,
    'x-content-type-options': 'nosniff',
  });
  return response;
}

/** Opens a partner page (/release/<name>) with `scriptTag` in its head; resolves the response for `scriptUrl`. */
async function openPartnerPage(page: Page, name: string, scriptTag: string, scriptUrl: string) {
  pages[`/${name}`] = `<!doctype html><html><head><title>partner</title>${scriptTag}</head><body>partner</body></html>`;
  const response = page.waitForResponse(scriptUrl);
  await page.goto(`${partnerUrl}/${name}`);
  return response;
}

test.describe('release → nginx origin → partner page', () => {
  // One worker for the whole group: one release (one build) and one nginx shared by the tests.
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async ({ harness }) => {
    test.setTimeout(180_000); // a real build (the global build, then the npm package and its types)
    tls = await ensureCertificate({ dir: CERT_DIR });
    origin = mkdtempSync(join(tmpdir(), 'contracts-sdk-e2e-origin-'));
    chmodSync(origin, 0o755); // nginx started as root serves it from workers running as nobody
    nginx = await startNginxOrigin({ root: origin, tls, host: 'cdn.test' });
    cdnUrl = nginx.url;
    // The manifest is written into the origin, where the release pipeline publishes it for partners.
    // --allow-dirty: this test is about what the release produces, not about the git check (tested in vitest),
    // and developers run it with uncommitted work.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        join(ROOT, 'scripts', 'release.mjs'),
        '--dest',
        origin,
        '--manifest',
        join(origin, MANIFEST_DEFAULT),
        '--public-url',
        cdnUrl,
        '--allow-dirty',
      ],
      { cwd: ROOT, env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } },
    );
    releaseOutput = stdout;
    harness.mount('release', (req: { url: string }, res: { end(): void }, next: () => void) => {
      const html = pages[new URL(req.url, 'https://x').pathname.slice('/release'.length)];
      html ? send(res, 200, html, { 'content-type': 'text/html; charset=utf-8' }) : next();
    });
    partnerUrl = `${harness.origins.partner}/release`;
  });

  test.afterAll(async () => {
    await nginx?.close();
    if (origin) rmSync(origin, { recursive: true, force: true });
  });

  test('pinned files: immutable for a year, their own Content-Type, CORS, exact bytes', async () => {
    for (const name of PINNED_FILES) {
      const key = keyOf(version, name);
      const response = await expectServed(key, CACHE_CONTROL_PINNED);
      expect(response.bytes.equals(published(key)), key).toBe(true);
    }
    expect(publishedContentType(FILES.script)).toBe('text/javascript; charset=utf-8');
    expect(publishedContentType(FILES.map)).toBe('application/json; charset=utf-8');
    expect(publishedContentType(FILES.integrity)).toBe('text/plain; charset=utf-8');
  });

  test(`the ${alias}/ alias and versions.json: short cache, CORS`, async () => {
    for (const name of ALIAS_FILES) {
      const response = await expectServed(keyOf(alias, name), CACHE_CONTROL_ALIAS);
      expect(response.bytes.equals(published(keyOf(version, name))), `${alias}/${name} is a copy of ${version}`).toBe(
        true,
      );
    }
    // The manifest moves with every release and rollback, like the alias.
    expect(publishedContentType(MANIFEST_DEFAULT)).toBe('application/json; charset=utf-8');
    const manifest = await expectServed(MANIFEST_DEFAULT, CACHE_CONTROL_ALIAS);
    expect(JSON.parse(manifest.body).aliases).toEqual({ [alias]: version });
  });

  test('the script is gzipped for clients that accept it, with Vary: Accept-Encoding', async () => {
    const key = keyOf(version, FILES.script);
    const gzipped = await get(key, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('Accept-Encoding');
    expect(gzipped.bytes.length).toBeLessThan(published(key).length / 2);
    expect(gunzipSync(gzipped.bytes).equals(published(key))).toBe(true);

    const plain = await get(key);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary, 'caches must keep the two apart').toBe('Accept-Encoding');
  });

  test('anything else is 404: no directory listing, no temporary files, no year-long cache on misses', async () => {
    // What an interrupted release leaves behind (scripts/release/targets/directory.mjs writes dot-prefixed temps).
    const temp = keyOf(version, `.${FILES.script}.1234.abcd.tmp`);
    writeFileSync(join(origin, temp), 'half-written');
    const paths = [
      '',
      'packages/contracts-sdk/',
      `packages/contracts-sdk/${version}/`,
      temp,
      keyOf('9.9.9', FILES.script), // a pinned-looking URL of a version never published
      keyOf(alias, FILES.integrity), // floating bytes have no integrity
      keyOf(version, 'index.umd.js.bak'),
    ];
    for (const path of paths) {
      const response = await get(path);
      expect(response.status, `/${path}`).toBe(404);
      expect(response.body, `/${path}`).not.toContain('Index of');
      expect(response.headers['cache-control'], `/${path}`).toBeUndefined();
      expect(response.headers['access-control-allow-origin'], `/${path}`).toBe(CORS_ALLOW_ORIGIN);
    }
  });

  test('the pinned URL with the manifest integrity loads SvcSDK cross-origin through nginx', async ({ page }) => {
    const manifest = JSON.parse(readFileSync(join(origin, MANIFEST_DEFAULT), 'utf8'));
    const { integrity } = manifest.versions[version];
    expect(integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    const pinnedUrl = `${cdnUrl}/${keyOf(version, FILES.script)}`;
    const tag = `<script src="${pinnedUrl}"\n        integrity="${integrity}"\n        crossorigin="anonymous"></script>`;
    expect(releaseOutput, 'the printed snippet is exactly the tag used here').toContain(tag);
    const response = await openPartnerPage(page, 'pinned', tag, pinnedUrl);
    expect(response.headers()).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': CACHE_CONTROL_PINNED,
      'access-control-allow-origin': '*',
      // Integrity holds over the compressed transfer: the browser hashes the decoded bytes.
      'content-encoding': 'gzip',
    });
    expect(await page.evaluate(() => window.SvcSDK?.SDK_VERSION)).toBe(version);
  });

  test('a wrong integrity is refused by the browser (the check above is real)', async ({ page }) => {
    const wrong = `sha384-${Buffer.alloc(48, 7).toString('base64')}`;
    const pinnedUrl = `${cdnUrl}/${keyOf(version, FILES.script)}`;
    const errors: string[] = [];
    // Chromium reports the block on the console, Firefox as a page error.
    page.on('console', (message) => errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    const tag = `<script src="${pinnedUrl}" integrity="${wrong}" crossorigin="anonymous"></script>`;
    await openPartnerPage(page, 'tampered', tag, pinnedUrl);
    expect(await page.evaluate(() => typeof window.SvcSDK)).toBe('undefined');
    await expect.poll(() => errors.join('\n')).toContain('integrity');
  });

  test(`the floating ${alias}/ alias serves the same SDK through nginx with a short cache`, async ({ page }) => {
    const aliasUrl = `${cdnUrl}/${keyOf(alias, FILES.script)}`;
    const response = await openPartnerPage(
      page,
      'floating',
      `<script src="${aliasUrl}" crossorigin="anonymous"></script>`,
      aliasUrl,
    );
    expect(response.headers()['cache-control']).toBe(CACHE_CONTROL_ALIAS);
    expect(await page.evaluate(() => window.SvcSDK?.SDK_VERSION)).toBe(version);
  });
});
