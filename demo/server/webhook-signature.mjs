// Webhook signatures as the spec's "Signature verification" section defines them:
//   x-svc-signature: t=<unix seconds>, v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
// The service side signs; the partner side verifies in constant time with a 300 s tolerance.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-svc-signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;
const DIGEST_HEX = /^[0-9a-f]{64}$/;
const TIMESTAMP = /^\d{1,12}$/;

function digest(secret, timestamp, rawBody) {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest();
}

/** The header value for `rawBody` signed at `timestamp` (unix seconds). */
export function signatureHeader(secret, rawBody, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp}, v1=${digest(secret, timestamp, rawBody).toString('hex')}`;
}

/** Parses `t=..., v1=...`; several v1 values are allowed (the sender may sign with old and new secret). */
export function parseSignatureHeader(header) {
  if (typeof header !== 'string' || header.length > 1024) return undefined;
  let timestamp;
  const digests = [];
  for (const part of header.split(',')) {
    const match = /^\s*([a-z0-9]+)=(\S*)\s*$/.exec(part);
    if (!match) return undefined;
    const [, key, value] = match;
    if (key === 't') {
      if (timestamp !== undefined || !TIMESTAMP.test(value)) return undefined;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!DIGEST_HEX.test(value)) return undefined;
      digests.push(Buffer.from(value, 'hex'));
    }
    // Other schemes (a future v2) are ignored, not rejected, so senders can add them first.
  }
  return timestamp === undefined || digests.length === 0 ? undefined : { timestamp, digests };
}

/**
 * Verifies a delivery. `secrets` is one secret or several (during a refresh grace period both are valid).
 * Returns `{ ok: true, timestamp }` or `{ ok: false, reason }`; reasons are for logs, never for the sender.
 */
export function verifySignature({
  header,
  rawBody,
  secrets,
  now = Date.now(),
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
}) {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed signature header' };
  if (Math.abs(now / 1000 - parsed.timestamp) > toleranceSeconds) {
    return { ok: false, reason: 'timestamp outside tolerance' };
  }
  const keys = (Array.isArray(secrets) ? secrets : [secrets]).filter((s) => typeof s === 'string' && s);
  let matched = false;
  for (const secret of keys) {
    const expected = digest(secret, parsed.timestamp, rawBody);
    // Check every pair without an early exit, so timing reveals neither which secret nor which digest matched.
    for (const candidate of parsed.digests) matched = timingSafeEqual(expected, candidate) || matched;
  }
  return matched ? { ok: true, timestamp: parsed.timestamp } : { ok: false, reason: 'signature mismatch' };
}
