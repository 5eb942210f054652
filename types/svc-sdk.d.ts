/**
 * Type declarations for the contracts-sdk script-tag build: the `SvcSDK` global.
 * Use: `/// <reference path="./svc-sdk.d.ts" />` (or list the file in tsconfig "files"/"include").
 * Kept identical to src/ by test/types (a drift fails `npm test`).
 */
declare namespace SvcSDK {
  type Environment = 'production' | 'qa';

  /** Options of `new SvcSDK.SvcContracts(container, config)`. */
  interface SvcContractsConfig {
    /** Per-signer token from `GET /api/v3/applications/{app_id}/contracts`. A credential: never log it. */
    signingToken: string;
    /** Your own id for the contract, echoed in every event payload. */
    contractId?: string;
    /** A number is pixels; a string is applied as written ("100%", "40rem"). Default "100%". */
    width?: number | string;
    /** A number is pixels; a string is applied as written. Default 600 (pixels). */
    height?: number | string;
    /** Log each lifecycle step to the console, with the token redacted. Default false. */
    debug?: boolean;
    /** Which signing app to use. Default "production". */
    environment?: Environment;
    /** Explicit signing-app address (local sandboxes, tests): https, or http on loopback only. */
    appUrl?: string;
    /** Milliseconds from open() until the signing experience must be ready. Default 30000. */
    loadTimeout?: number;
  }

  type KnownErrorCode =
    | 'not_found'
    | 'verification_required'
    | 'verification_limit_exceeded'
    | 'loading_error'
    | 'unknown';

  /** A known code, or any other code the signing app sends (the list is open-ended: keep a default branch). */
  type ErrorCode = KnownErrorCode | (string & {});

  interface ContractEventPayload {
    /** The `contractId` given in the config, or undefined. */
    contractId: string | undefined;
  }

  interface ContractErrorPayload extends ContractEventPayload {
    code: ErrorCode;
    /** Sanitised plain text for diagnostics only; do not show it to signers or branch on it. */
    message?: string;
    /**
     * Who detected the error. `"app"`: the signing app reported it and its frame stays on the page, explaining it
     * to the signer. `"sdk"`: the SDK detected it (timeout, no answer, offline, an unknown protocol) and removed
     * the frame, so the partner shows its own message.
     */
    source: 'app' | 'sdk';
  }

  interface ContractEventMap {
    'contract.loading': ContractEventPayload;
    'contract.loaded': ContractEventPayload;
    'contract.ready': ContractEventPayload;
    'contract.completed': ContractEventPayload;
    'contract.error': ContractErrorPayload;
  }

  type ContractEventName = keyof ContractEventMap;
  type ContractEventHandler<E extends ContractEventName> = (payload: ContractEventMap[E]) => void;

  class SvcContracts {
    /** Throws a TypeError at once when the container or an option is wrong. */
    constructor(container: string | Element, config: SvcContractsConfig);
    /** Resolves on `contract.ready` or `contract.error`; rejects only after destroy(). */
    open(): Promise<void>;
    /** Removes the iframe; handlers stay and open() may be called again. Idempotent. */
    close(): void;
    /** Closes, drops all handlers and releases the container for good. Idempotent. */
    destroy(): void;
    on<E extends ContractEventName>(event: E, handler: ContractEventHandler<E>): this;
    once<E extends ContractEventName>(event: E, handler: ContractEventHandler<E>): this;
    off<E extends ContractEventName>(event: E, handler: ContractEventHandler<E>): this;
  }

  const KNOWN_ERROR_CODES: Readonly<{
    NOT_FOUND: 'not_found';
    VERIFICATION_REQUIRED: 'verification_required';
    VERIFICATION_LIMIT_EXCEEDED: 'verification_limit_exceeded';
    LOADING_ERROR: 'loading_error';
    UNKNOWN: 'unknown';
  }>;

  /** The version of the loaded build, e.g. "1.0.0". */
  const SDK_VERSION: string;
}
