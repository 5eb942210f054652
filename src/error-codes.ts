// Each code is also its own key in capitals (not_found → NOT_FOUND): the table is built from the list.
const CODES = [
  'not_found',
  'verification_required',
  'verification_limit_exceeded',
  'loading_error',
  'popup_blocked',
  'session_expired',
  'app_unresponsive',
  'unknown',
] as const;

export type KnownErrorCode = (typeof CODES)[number];

/**
 * The codes the SDK knows for `contract.error`. The list is open-ended (the signing app may add codes in any
 * release), so handlers need a default branch; `ErrorCode` stays `string`-compatible for that reason.
 */
export const KNOWN_ERROR_CODES = Object.freeze(Object.fromEntries(CODES.map((code) => [code.toUpperCase(), code]))) as {
  readonly [Code in KnownErrorCode as Uppercase<Code>]: Code;
};

/** A known code, or any other code the signing app sends (passed through unchanged). */
export type ErrorCode = KnownErrorCode | (string & {});
