// @vitest-environment node
// `nginx -t` on the shipped directory-origin config (deploy/nginx.conf + deploy/snippets/), as released. What it
// serves is checked from real responses in e2e/release.spec.ts.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureCertificate } from '../../lib/certs.mjs';
import { CERT_DIR } from '../../lib/repo-paths.mjs';
import { SHIPPED_SERVER_BLOCK, nginxBinary, siteConfig, testShippedConfig } from '../../lib/nginx-origin.mjs';
import { tempDir } from './helpers';

let tls: { cert: string; key: string };
const shipped = readFileSync(SHIPPED_SERVER_BLOCK, 'utf8');

beforeAll(async () => {
  tls = await ensureCertificate({ dir: CERT_DIR });
});

describe('deploy/nginx.conf under nginx -t', () => {
  it('is accepted by the installed nginx, snippet included', async () => {
    expect(await testShippedConfig({ tls })).toMatch(/test is successful/);
  });

  it('a directive nginx does not know fails the check with its message (the check is real)', async () => {
    const dir = tempDir('nginx-broken');
    try {
      const broken = join(dir, 'nginx.conf');
      writeFileSync(broken, shipped.replace('server_name ', 'server_nmae '));
      await expect(testShippedConfig({ tls, serverBlock: broken })).rejects.toThrow(/unknown directive "server_nmae"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('nginx-origin helpers', () => {
  it('says how to install nginx when there is none', () => {
    expect(() => nginxBinary({ PATH: '/nonexistent' }, [])).toThrow(
      'nginx not found: run bash scripts/install-browsers.sh',
    );
    expect(() => nginxBinary({ NGINX_PATH: '/nonexistent/nginx' })).toThrow(
      'NGINX_PATH=/nonexistent/nginx is not an executable file',
    );
  });

  it('fills in only the site values of the shipped server block', () => {
    const site = siteConfig(shipped, { port: 4321, host: 'cdn.test', root: '/tmp/origin' });
    expect(site).toMatch(/^\s*listen 127\.0\.0\.1:4321 ssl http2;$/m);
    expect(site).toMatch(/^\s*server_name cdn\.test;$/m);
    expect(site).toMatch(/^\s*root "\/tmp\/origin";/m);
    // Everything else is the shipped text.
    const strip = (text: string) => text.replace(/^\s*(listen|server_name|root) [^;]*;/gm, '');
    expect(strip(site)).toBe(strip(shipped));
  });

  it('refuses a shipped server block it cannot fill in unambiguously', () => {
    expect(() => siteConfig(shipped.replace(/^\s*root .*$/m, ''), { port: 1, host: 'h', root: '/r' })).toThrow(
      'expected exactly one "root" directive, found 0',
    );
    expect(() => siteConfig(`${shipped}\nlisten 80;\n`, { port: 1, host: 'h', root: '/r' })).toThrow(
      'expected exactly one "listen" directive, found 2',
    );
  });
});
