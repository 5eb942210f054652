/**
 * A new attempt's id (docs/protocol.md §4.3, README "Support and tracing"): 128 random bits from
 * crypto.getRandomValues as 32 lowercase hex characters. Never derived from the token; getRandomValues rather than
 * randomUUID, which needs a secure context and carries 122 random bits.
 */
export function newAttemptId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
