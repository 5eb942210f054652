// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCdnHandler } from '../../demo/server/cdn.mjs';
import { CACHE_CONTROL_ALIAS, CACHE_CONTROL_PINNED } from '../../lib/origin-policy.mjs';
import { ensureCertificate } from '../../lib/certs.mjs';
import { listenHttps } from '../../lib/http-kit.mjs';
import { requestLoopback } from '../../lib/loopback-client.mjs';

const JS = '/*! x */' + 'window.SvcSDK={};'.repeat(100);
let root: string;
let server: { port: number; close(): Promise<void> };
let cert: string;

function get(path: string, headers: Record<string, string> = {}) {
  return requestLoopback({ url: `https://cdn.test:${server.port}${path}`, ca: cert, headers });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cdn-test-'));
  for (const dir of ['1.2.3', 'v1']) {
    mkdirSync(join(root, 'packages', 'contracts-sdk', dir), { recursive: true });
    writeFileSync(join(root, 'packages', 'contracts-sdk', dir, 'index.umd.js'), JS);
    writeFileSync(join(root, 'packages', 'contracts-sdk', dir, 'index.umd.js.map'), '{}');
  }
  writeFileSync(join(root, 'secret.txt'), 'not for the CDN');
  const tls = await ensureCertificate({ dir: join(root, 'certs') });
  cert = tls.cert;
  server = await listenHttps({ tls, port: 0, name: 'cdn-test', handler: createCdnHandler({ distDir: root }) });
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('sandbox CDN', () => {
  it('serves pinned versions as immutable, with CORS and the script content type', async () => {
    const response = await get('/packages/contracts-sdk/1.2.3/index.umd.js');
    expect(response.status).toBe(200);
    expect(response.body).toBe(JS);
    expect(response.headers['cache-control']).toBe(CACHE_CONTROL_PINNED);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('serves the floating major path with a short max-age, and maps as JSON', async () => {
    const script = await get('/packages/contracts-sdk/v1/index.umd.js');
    expect(script.headers['cache-control']).toBe(CACHE_CONTROL_ALIAS);
    const map = await get('/packages/contracts-sdk/v1/index.umd.js.map');
    expect(map.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/packages/contracts-sdk/1.2.3/index.umd.js');
    const again = await get('/packages/contracts-sdk/1.2.3/index.umd.js', {
      'if-none-match': first.headers.etag as string,
    });
    expect(again.status).toBe(304);
  });

  it.each([
    '/secret.txt',
    '/packages/contracts-sdk/1.2.3/../../../secret.txt',
    '/packages/contracts-sdk/%2e%2e/%2e%2e/secret.txt',
    '/packages/contracts-sdk/9.9.9/index.umd.js',
  ])('gives 404 outside the published files: %s', async (path) => {
    expect((await get(path)).status).toBe(404);
  });
});
