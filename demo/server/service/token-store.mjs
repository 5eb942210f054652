// The service's memory of signing tokens: who they were issued to, how many signing sessions each token and
// each application started (for `reload` and `flaky`) and which contracts were signed. In-process and per
// sandbox instance, like a test database.
import { randomBytes, randomUUID } from 'node:crypto';
import { scenarioOf } from './scenarios.mjs';

const TOKEN_TTL_MS = 60 * 60 * 1000;
// Bounds memory when a long-running demo sees many ad-hoc tokens; the oldest are forgotten first.
const MAX_RECORDS = 10_000;
const SAMPLE_SIGNER = { name: 'Jordan Avery', email: 'jordan.avery@example.com', role: 'Borrower' };

export function createTokenStore({ now = () => Date.now() } = {}) {
  const records = new Map();
  // applicationId -> signing sessions started with any of its tokens (a partner's retry often uses a new token).
  const applicationStarts = new Map();

  /** A fresh token for `scenario` on `applicationId`, the way the contracts endpoint hands it out. */
  function issue({ scenario, applicationId, signer = SAMPLE_SIGNER }) {
    const token = `sbx_${scenario}_${randomBytes(18).toString('base64url')}`;
    return remember(newRecord(token, applicationId, signer));
  }

  /**
   * The record for a token. Tokens of the documented form that the endpoint did not issue (a developer typing
   * `sbx_complete_me`) are accepted too, on a made-up application, so the scenarios work without the API.
   */
  function lookup(token) {
    const existing = records.get(token);
    if (existing) return now() - existing.issuedAt <= TOKEN_TTL_MS ? existing : undefined;
    if (typeof token !== 'string' || token.length > 200 || !token.startsWith('sbx_')) return undefined;
    return remember(newRecord(token, randomUUID(), SAMPLE_SIGNER));
  }

  /**
   * Counts a signing session started with `record`'s token. Returns `{ firstInit, firstOfApplication }`: whether
   * it is the first session of this token, and the first of its application whatever token each one used.
   */
  function startSession(record) {
    record.initCount += 1;
    const starts = (applicationStarts.get(record.applicationId) ?? 0) + 1;
    applicationStarts.delete(record.applicationId);
    if (applicationStarts.size >= MAX_RECORDS) applicationStarts.delete(applicationStarts.keys().next().value);
    applicationStarts.set(record.applicationId, starts);
    return { firstInit: record.initCount === 1, firstOfApplication: starts === 1 };
  }

  /**
   * A renewed token continues the signing session the app holds (`sessionId`, from its first session request) when
   * that session belongs to the same application: the webhook then names the session the page's events named.
   */
  function continueSession(record, sessionId) {
    for (const other of records.values()) {
      if (other.sessionId === sessionId && other.applicationId === record.applicationId) record.sessionId = sessionId;
    }
  }

  function remember(record) {
    if (records.size >= MAX_RECORDS) records.delete(records.keys().next().value);
    records.set(record.token, record);
    return record;
  }

  function newRecord(token, applicationId, signer) {
    return {
      token,
      scenario: scenarioOf(token),
      applicationId,
      contractId: randomUUID(),
      // The service's id of the signing session: sent to the app (its ready passes it to the SDK's payloads) and in
      // the application.contract.signed webhook, so a partner joins the page's events with the confirmation.
      sessionId: `ses_${randomBytes(12).toString('hex')}`,
      signer,
      issuedAt: now(),
      initCount: 0,
      signedAt: undefined,
    };
  }

  return { issue, lookup, startSession, continueSession };
}
