/**
 * The codes the SDK knows for `contract.error`. The list is open-ended (the signing app may add codes in any
 * release), so handlers need a default branch; `ErrorCode` stays `string`-compatible for that reason.
 */
export const KNOWN_ERROR_CODES = Object.freeze({
  NOT_FOUND: 'not_found',
  VERIFICATION_REQUIRED: 'verification_required',
  VERIFICATION_LIMIT_EXCEEDED: 'verification_limit_exceeded',
  LOADING_ERROR: 'loading_error',
  UNKNOWN: 'unknown',
} as const);

export type KnownErrorCode = (typeof KNOWN_ERROR_CODES)[keyof typeof KNOWN_ERROR_CODES];

/** A known code, or any other code the signing app sends (passed through unchanged). */
export type ErrorCode = KnownErrorCode | (string & {});
