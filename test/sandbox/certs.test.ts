// @vitest-environment node
// The sandbox certificate is valid for 127.0.0.1 (a Node backend's address for the service) as well as the host
// names, and a cached certificate from before, without that IP address, is remade instead of reused.
import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE_HOST_NAMES, ensureCertificate } from '../../lib/certs.mjs';

const root = mkdtempSync(join(tmpdir(), 'sandbox-certs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('sandbox certificate', () => {
  it('lists 127.0.0.1 and the host names, and names its file by absolute path', async () => {
    const dir = join(root, 'fresh');
    const tls = await ensureCertificate({ dir, hostNames: ['sign.localhost'] });
    const cert = new X509Certificate(tls.cert);
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.checkHost('sign.localhost')).toBe('sign.localhost');
    expect(tls.certFile).toBe(join(dir, 'sandbox-cert.pem'));
  });

  it('remakes a cached certificate that covers the host names but not 127.0.0.1', async () => {
    const dir = join(root, 'old');
    mkdirSync(dir);
    const old = await selfsigned.generate([{ name: 'commonName', value: 'old sandbox' }], {
      keySize: 2048,
      notBeforeDate: new Date(Date.now() - 60_000),
      notAfterDate: new Date(Date.now() + 30 * 24 * 3600 * 1000),
      extensions: [{ name: 'subjectAltName', altNames: BASE_HOST_NAMES.map((value) => ({ type: 2, value })) }],
    });
    writeFileSync(join(dir, 'sandbox-key.pem'), old.private);
    writeFileSync(join(dir, 'sandbox-cert.pem'), old.cert);
    const tls = await ensureCertificate({ dir });
    expect(tls.cert).not.toBe(old.cert);
    expect(new X509Certificate(tls.cert).checkIP('127.0.0.1')).toBe('127.0.0.1');
  });
});
