// One self-signed certificate for every sandbox origin, made on first run and cached (git-ignored), so
// browsers and the webhook client see the same key across restarts.
import { X509Certificate, createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import selfsigned from 'selfsigned';

/** Host names every certificate lists, beside the ones a caller configures. */
export const BASE_HOST_NAMES = ['localhost', 'partner.test', 'cdn.test', 'sign.test', 'evil.test'];
/** Also an IP address: Node does not resolve `*.localhost`, so a partner's backend calls https://127.0.0.1:<port>. */
export const IP_ADDRESSES = ['127.0.0.1'];
// Renew a little before expiry so a long-lived checkout never starts with a certificate about to lapse.
const RENEW_BEFORE_MS = 7 * 24 * 3600 * 1000;

/**
 * Returns `{ key, cert, certFile, spkiSha256 }` for a certificate covering `hostNames` and IP_ADDRESSES, reusing
 * the cached one when it still covers them all and is valid for another week. `certFile` is its absolute path
 * (what NODE_EXTRA_CA_CERTS or curl --cacert take).
 */
export async function ensureCertificate({ dir, hostNames = [] }) {
  const wanted = [...new Set([...BASE_HOST_NAMES, ...hostNames.map((name) => name.toLowerCase())])];
  const keyFile = resolve(dir, 'sandbox-key.pem');
  const certFile = resolve(dir, 'sandbox-cert.pem');
  const cached = readCached(keyFile, certFile);
  if (cached && covers(cached.cert, wanted)) return withSpki({ ...cached, certFile });

  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(notBeforeDate.getTime() + 365 * 24 * 3600 * 1000);
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'contracts-sdk sandbox' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [...wanted.map((value) => ({ type: 2, value })), ...IP_ADDRESSES.map((ip) => ({ type: 7, ip }))],
      },
    ],
  });
  mkdirSync(dir, { recursive: true });
  // Write-then-rename: two test workers starting together never read a half-written file.
  const suffix = `.${process.pid}.tmp`;
  writeFileSync(keyFile + suffix, pems.private, { mode: 0o600 });
  writeFileSync(certFile + suffix, pems.cert);
  renameSync(keyFile + suffix, keyFile);
  renameSync(certFile + suffix, certFile);
  return withSpki({ key: pems.private, cert: pems.cert, certFile });
}

function readCached(keyFile, certFile) {
  try {
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } catch {
    return undefined;
  }
}

function covers(certPem, hostNames) {
  try {
    const cert = new X509Certificate(certPem);
    if (Date.parse(cert.validTo) - Date.now() < RENEW_BEFORE_MS) return false;
    return (
      hostNames.every((name) => cert.checkHost(name, { wildcards: false }) === name) &&
      IP_ADDRESSES.every((ip) => cert.checkIP(ip) === ip)
    );
  } catch {
    return false;
  }
}

/** Base64 SHA-256 of the public key: what Chromium's --ignore-certificate-errors-spki-list expects. */
function withSpki({ key, cert, certFile }) {
  const der = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  return { key, cert, certFile, spkiSha256: createHash('sha256').update(der).digest('base64') };
}
