// A real release into a temporary origin directory, served as a CDN on cdn.test with the headers of
// deploy/nginx.conf, loaded by a partner page on partner.test through the pinned URL with the manifest's
// integrity: what a partner does after copying the snippet the release printed.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { CORS_ALLOW_ORIGIN, contentTypeOf, headersFor } from '../scripts/release/layout.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const major = version.split('.')[0];

let origin: string;
let manifestFile: string;
let releaseOutput: string;
let cdn: Server;
let partner: Server;
let cdnUrl: string;
let partnerUrl: string;
const pages: Record<string, string> = {};

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

/** Serves the published origin directory like deploy/nginx.conf: pinned immutable, alias 300 s, CORS on all. */
function cdnServer(root: string): Server {
  return createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const pinned = /^\/packages\/contracts-sdk\/\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?\/index\.umd\.js(\.map|\.integrity)?$/.test(path);
    const alias = /^\/packages\/contracts-sdk\/v\d+\/index\.umd\.js(\.map)?$/.test(path);
    response.setHeader('Access-Control-Allow-Origin', CORS_ALLOW_ORIGIN);
    const file = normalize(join(root, path));
    if ((!pinned && !alias) || !file.startsWith(root + sep)) {
      response.writeHead(404).end();
      return;
    }
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      response.writeHead(404).end();
      return;
    }
    const name = path.slice(path.lastIndexOf('/') + 1);
    response.writeHead(200, { 'Content-Type': contentTypeOf(name), 'Cache-Control': headersFor(name, pinned ? 'pinned' : 'alias').cacheControl });
    response.end(body);
  });
}

test.describe('release → CDN → partner page', () => {
  // One worker for the whole group: one release (one build) shared by the three tests.
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    origin = mkdtempSync(join(tmpdir(), 'contracts-sdk-e2e-origin-'));
    manifestFile = join(mkdtempSync(join(tmpdir(), 'contracts-sdk-e2e-manifest-')), 'versions.json');
    cdn = cdnServer(origin);
    cdnUrl = `http://cdn.test:${await listen(cdn)}`;
    // --allow-dirty: this test is about what the release produces, not about the git check (tested in vitest),
    // and developers run it with uncommitted work.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(ROOT, 'scripts', 'release.mjs'), '--dest', origin, '--manifest', manifestFile, '--public-url', cdnUrl, '--allow-dirty'],
      { cwd: ROOT, env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } },
    );
    releaseOutput = stdout;
    partner = createServer((request, response) => {
      const html = pages[new URL(request.url ?? '/', 'http://x').pathname];
      if (!html) return void response.writeHead(404).end();
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    });
    partnerUrl = `http://partner.test:${await listen(partner)}`;
  });

  test.afterAll(async () => {
    await Promise.all([cdn, partner].filter(Boolean).map((server) => new Promise((resolve) => server.close(resolve))));
    for (const dir of [origin, manifestFile && join(manifestFile, '..')]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const page = (scriptTag: string) => `<!doctype html><html><head><title>partner</title>${scriptTag}</head><body>partner</body></html>`;

  test('the pinned URL with the manifest integrity loads SvcSDK cross-origin', async ({ page: browser }) => {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const { integrity } = manifest.versions[version];
    expect(integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    const pinnedUrl = `${cdnUrl}/packages/contracts-sdk/${version}/index.umd.js`;
    const tag = `<script src="${pinnedUrl}"\n        integrity="${integrity}"\n        crossorigin="anonymous"></script>`;
    expect(releaseOutput, 'the printed snippet is exactly the tag used here').toContain(tag);
    pages['/pinned'] = page(tag);

    const scriptResponse = browser.waitForResponse(pinnedUrl);
    await browser.goto(`${partnerUrl}/pinned`);
    const response = await scriptResponse;
    expect(response.headers()).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': '*',
    });
    expect(await browser.evaluate(() => (window as unknown as { SvcSDK?: { SDK_VERSION: string } }).SvcSDK?.SDK_VERSION)).toBe(version);
  });

  test('a wrong integrity is refused by the browser (the check above is real)', async ({ page: browser }) => {
    const wrong = `sha384-${Buffer.alloc(48, 7).toString('base64')}`;
    pages['/tampered'] = page(`<script src="${cdnUrl}/packages/contracts-sdk/${version}/index.umd.js" integrity="${wrong}" crossorigin="anonymous"></script>`);
    const errors: string[] = [];
    // Chromium reports the block on the console, Firefox as a page error.
    browser.on('console', (message) => errors.push(message.text()));
    browser.on('pageerror', (error) => errors.push(error.message));
    await browser.goto(`${partnerUrl}/tampered`);
    expect(await browser.evaluate(() => typeof (window as unknown as { SvcSDK?: unknown }).SvcSDK)).toBe('undefined');
    await expect.poll(() => errors.join('\n')).toContain('integrity');
  });

  test(`the floating v${major}/ alias serves the same SDK with a short cache`, async ({ page: browser }) => {
    const aliasUrl = `${cdnUrl}/packages/contracts-sdk/v${major}/index.umd.js`;
    pages['/floating'] = page(`<script src="${aliasUrl}" crossorigin="anonymous"></script>`);
    const scriptResponse = browser.waitForResponse(aliasUrl);
    await browser.goto(`${partnerUrl}/floating`);
    expect((await scriptResponse).headers()['cache-control']).toBe('public, max-age=300');
    expect(await browser.evaluate(() => (window as unknown as { SvcSDK?: { SDK_VERSION: string } }).SvcSDK?.SDK_VERSION)).toBe(version);
  });
});
