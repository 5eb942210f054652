// @vitest-environment node
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSignatureHeader, signatureHeader, verifySignature } from '../../demo/server/webhook-signature.mjs';

const SECRET = 'whsec_test_4f1c2a';
const BODY = '{"id":"9b2f","type":"application.contract.signed","resource":{"id":"a1","type":"application"}}';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const T = Math.floor(NOW / 1000);

function verify(header: string, overrides: Record<string, unknown> = {}) {
  return verifySignature({ header, rawBody: BODY, secrets: SECRET, now: NOW, ...overrides });
}

describe('webhook signature', () => {
  it('matches the spec recipe: hex HMAC-SHA256 over "<t>.<raw body>"', () => {
    const expected = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    expect(signatureHeader(SECRET, BODY, T)).toBe(`t=${T}, v1=${expected}`);
  });

  it('accepts a valid signature', () => {
    expect(verify(signatureHeader(SECRET, BODY, T))).toEqual({ ok: true, timestamp: T });
  });

  it('rejects a tampered body, even a re-serialised equivalent', () => {
    const header = signatureHeader(SECRET, BODY, T);
    expect(verify(header, { rawBody: BODY.replace('a1', 'a2') })).toEqual({ ok: false, reason: 'signature mismatch' });
    expect(verify(header, { rawBody: JSON.stringify(JSON.parse(BODY), null, 1) }).ok).toBe(false);
  });

  it('rejects a signature made with another secret', () => {
    expect(verify(signatureHeader('whsec_other', BODY, T))).toEqual({ ok: false, reason: 'signature mismatch' });
  });

  it('accepts either secret during a refresh grace period', () => {
    const header = signatureHeader('whsec_old', BODY, T);
    expect(verify(header, { secrets: ['whsec_new', 'whsec_old'] }).ok).toBe(true);
    expect(verify(header, { secrets: ['whsec_new'] }).ok).toBe(false);
    expect(verify(header, { secrets: [] }).ok).toBe(false);
  });

  it('allows 300 s of clock difference either way and no more', () => {
    expect(verify(signatureHeader(SECRET, BODY, T - 300)).ok).toBe(true);
    expect(verify(signatureHeader(SECRET, BODY, T + 300)).ok).toBe(true);
    expect(verify(signatureHeader(SECRET, BODY, T - 301))).toEqual({
      ok: false,
      reason: 'timestamp outside tolerance',
    });
    expect(verify(signatureHeader(SECRET, BODY, T + 301))).toEqual({
      ok: false,
      reason: 'timestamp outside tolerance',
    });
  });

  it('rejects an old timestamp even when the digest is right for it (replay)', () => {
    expect(verify(signatureHeader(SECRET, BODY, T - 3600)).ok).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['no timestamp', `v1=${'a'.repeat(64)}`],
    ['no digest', `t=${T}`],
    ['short digest', `t=${T}, v1=abcd`],
    ['non-hex digest', `t=${T}, v1=${'z'.repeat(64)}`],
    ['non-numeric timestamp', `t=soon, v1=${'a'.repeat(64)}`],
    ['two timestamps', `t=${T}, t=${T}, v1=${'a'.repeat(64)}`],
    ['garbage', 'Bearer abc'],
  ])('rejects a malformed header (%s)', (_, header) => {
    expect(verify(header as string)).toEqual({ ok: false, reason: 'malformed signature header' });
  });

  it('accepts any of several v1 digests and ignores unknown schemes', () => {
    const good = signatureHeader(SECRET, BODY, T).split('v1=')[1];
    expect(verify(`t=${T}, v1=${'0'.repeat(64)}, v1=${good}`).ok).toBe(true);
    expect(verify(`t=${T}, v2=whatever, v1=${good}`).ok).toBe(true);
    expect(parseSignatureHeader(`t=${T},v1=${good}`)).toEqual({ timestamp: T, digests: [Buffer.from(good, 'hex')] });
  });
});
