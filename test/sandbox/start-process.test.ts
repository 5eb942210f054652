// @vitest-environment node
// `node demo/server/start.mjs --json` as the benchmark runs it (lib/sandbox-process.mjs): its settings from the
// environment, one JSON line with its addresses, and a clean stop.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLoopback } from '../../lib/loopback-client.mjs';
import { ensureCertificate } from '../../lib/certs.mjs';
import { startSandboxProcess } from '../../lib/sandbox-process.mjs';

const HOSTS = { partner: 'partner.test', cdn: 'cdn.test', signing: 'sign.test' };
let root: string;
let cert: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sandbox-process-'));
  const dir = join(root, 'dist', 'packages', 'contracts-sdk', '9.9.9');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.umd.js'), 'window.SvcSDK = { marker: "from SANDBOX_DIST_DIR" };\n');
  // Made here, before the sandbox, so both read the same certificate (its host names are the sandbox's).
  cert = (await ensureCertificate({ dir: join(root, 'certs'), hostNames: Object.values(HOSTS) })).cert;
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the sandbox in its own process', () => {
  it('listens on free ports with the given host names, dist folder and partner origin, says where in one JSON line, and stops on close()', async () => {
    const extraPartner = 'https://bench.partner.test:8999';
    const sandbox = await startSandboxProcess({
      hosts: HOSTS,
      distDir: join(root, 'dist'),
      certDir: join(root, 'certs'),
      extraPartnerOrigins: [extraPartner],
    });
    try {
      expect(sandbox.origins.cdn).toMatch(/^https:\/\/cdn\.test:\d+$/);
      expect(sandbox.origins.signing).toMatch(/^https:\/\/sign\.test:\d+$/);
      expect(sandbox.urls.sdkPinned).toBe(
        `${sandbox.origins.cdn}/packages/contracts-sdk/${sandbox.sdkVersion}/index.umd.js`,
      );
      // What a partner's Node backend calls and trusts (docs/sandbox.md, "Driving the sandbox from your own backend").
      expect(sandbox.urls.serviceApi).toBe(`https://127.0.0.1:${new URL(sandbox.origins.signing).port}`);
      expect(sandbox.certFile).toBe(join(root, 'certs', 'sandbox-cert.pem'));
      expect(sandbox.partnerOrigins).toEqual([sandbox.origins.partner, extraPartner]);
      const file = await requestLoopback({
        url: `${sandbox.origins.cdn}/packages/contracts-sdk/9.9.9/index.umd.js`,
        ca: cert,
      });
      expect([file.status, String(file.body)]).toEqual([200, expect.stringContaining('from SANDBOX_DIST_DIR')]);
      const embed = await requestLoopback({ url: `${sandbox.origins.signing}/embed`, ca: cert });
      expect(embed.headers['content-security-policy']).toMatch(
        new RegExp(`frame-ancestors [^;]*${extraPartner.replace(/[.:/]/g, '\\$&')}`),
      );
    } finally {
      await sandbox.close();
    }
    await expect(requestLoopback({ url: `${sandbox.origins.cdn}/`, ca: cert })).rejects.toThrow();
  });

  it('rejects with what the sandbox printed when it cannot start', async () => {
    await expect(startSandboxProcess({ env: { DEMO_PORT: 'not-a-port' } })).rejects.toThrow(
      /exited \(1\).*DEMO_PORT must be a port number/s,
    );
  });
});
