// The running attempt's ids (README "Support and tracing", docs/protocol.md §4.3, §6.8): an attemptId drawn when
// open() or prepare() starts an attempt, and the sessionId of the app's ready from then on. Every payload, debug
// line and init of the attempt carries them; outside any attempt there are none. The instance's attempt runner
// draws and ends them (attempt-runner.ts); its log, its events and its attempt's owner read them (attempt-owner.ts).

// Members marked @internal are the SDK's own: the build shortens their names (lib/mangled-properties.mjs).
export interface AttemptIds {
  /** open() or prepare() starts an attempt: a new attemptId, and no sessionId until its ready. @internal */
  startAttempt(): void;
  /** The attempt ended (close(), or the next one replaces it): no ids until the next one starts. @internal */
  endAttempt(): void;
  /** ready's sessionId, valid (protocol.ts): on this and every later payload of the attempt. @internal */
  keepSessionId(sessionId: string): void;
  /** The running attempt's id, for init and each debug line; undefined outside any attempt. @internal */
  runningId(): string | undefined;
  /** A payload's ids, a new object of own values: attemptId, and sessionId from ready on (no key before). @internal */
  payloadIds(): { attemptId: string; sessionId?: string };
}

export function createAttemptIds(): AttemptIds {
  let attemptId: string | undefined;
  let sessionId: string | undefined;
  return {
    startAttempt() {
      attemptId = newAttemptId();
      sessionId = undefined;
    },
    endAttempt() {
      attemptId = undefined;
      sessionId = undefined;
    },
    keepSessionId(id) {
      sessionId = id;
    },
    runningId: () => attemptId,
    payloadIds: () => (sessionId === undefined ? { attemptId: attemptId! } : { attemptId: attemptId!, sessionId }),
  };
}

/**
 * A new attempt's id: 128 random bits from crypto.getRandomValues as 32 lowercase hex characters. Never derived
 * from the token; getRandomValues rather than randomUUID, which needs a secure context and carries 122 random bits.
 */
export function newAttemptId(): string {
  // byte | 256 is 1xx in hex: its last two digits are the byte's, with a leading zero.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => (byte | 256).toString(16).slice(1)).join('');
}
