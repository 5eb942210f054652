/**
 * A new attempt's id (docs/protocol.md §4.3, README "Support and tracing"): 128 random bits from
 * crypto.getRandomValues as 32 lowercase hex characters. Never derived from the token; getRandomValues rather than
 * randomUUID, which needs a secure context and carries 122 random bits.
 */
export function newAttemptId(): string {
  // byte | 256 is 1xx in hex: its last two digits are the byte's, with a leading zero.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => (byte | 256).toString(16).slice(1)).join('');
}
