// The scenario table the cross-engine suite checks: what each sandbox scenario must produce on the partner's
// page, as the ordered list of SDK events and open() outcomes one instance records (see sdk-driver.ts).

/** Every payload's attemptId (README "Support and tracing"): 32 lowercase hex characters. */
export const ATTEMPT_ID = /^[0-9a-f]{32}$/;
/** The sandbox service's signing-session id, on the payloads from ready on and in the signed webhook. */
export const SESSION_ID = /^ses_[0-9a-f]{24}$/;

/** The contract.* events of a load that reached ready. */
export const TO_READY = ['contract.loading', 'contract.loaded', 'contract.ready'];
/** open() resolves on ready, before the signer does anything. */
export const READY = [...TO_READY, 'open.resolved'];
export const COMPLETED = [...READY, 'contract.completed'];
/** The frame never said hello, or never answered: the SDK gives up, removes the frame, and open() resolves. */
export const FAILED_TO_LOAD = ['contract.loading', 'contract.error', 'open.resolved'];
/** A load that failed, then a retry that reached ready: the contract.* lifecycle events in order. */
export const RETRIED_TO_READY = ['contract.loading', 'contract.error', ...TO_READY];

/** Errors the signing app reports itself (token scenario → code), the frame staying on the page. */
export const APP_REPORTED = [
  { scenario: 'not_found', code: 'not_found', loaded: true },
  { scenario: 'verification_required', code: 'verification_required', loaded: true },
  { scenario: 'verification_limit_exceeded', code: 'verification_limit_exceeded', loaded: true },
  // "Failed to initialise": the app reports the error without ever having sent loaded.
  { scenario: 'loading_error', code: 'loading_error', loaded: false },
  // A code the SDK does not know is passed through unchanged, not turned into `unknown`.
  { scenario: 'unknown_code', code: 'rate_limited', loaded: true },
];

export function appReported({ loaded }: { loaded: boolean }): string[] {
  return ['contract.loading', ...(loaded ? ['contract.loaded'] : []), 'contract.error', 'open.resolved'];
}

/** The signing app's own text for a contract of the sandbox. */
export const CONTRACT_TITLE = 'Business Term Loan Agreement';
export const SIGNER_LINE = 'Jordan Avery, Borrower';
export const SIGNED_TITLE = 'Contract signed';

/** The SDK's own loading_error messages (src/load-failure.ts): the page's CSP refused the frame; no hello came. */
export const frameBlocked = (origin: string) => `The page's CSP blocks the signing frame: add frame-src ${origin}.`;
export const noHello = (origin: string) =>
  `${origin} never answered: this page's origin is not registered with the service (frame-ancestors), appUrl or environment is wrong, or the service is down.`;
