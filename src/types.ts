import type { ErrorCode } from './error-codes';

export type Environment = 'production' | 'qa';

/** Options of `new SvcContracts(container, config)`. */
export interface SvcContractsConfig {
  /** Per-signer token from `GET /api/v3/applications/{app_id}/contracts`. A credential: never log it. */
  signingToken: string;
  /** The partner's own id for the contract, echoed in every event payload. */
  contractId?: string;
  /** A number is pixels; a string is applied as written ("100%", "40rem"). Default "100%". */
  width?: number | string;
  /** A number is pixels; a string is applied as written. Default 600 (pixels). */
  height?: number | string;
  /** Log each lifecycle step to the console, with the token redacted. Default false. */
  debug?: boolean;
  /** Which signing app to use. Default "production". */
  environment?: Environment;
  /** Explicit signing-app address (local sandboxes, tests): https, or http on loopback only. Overrides environment. */
  appUrl?: string;
  /** Milliseconds from open() until the signing experience must be ready. Default 30000. */
  loadTimeout?: number;
}

export interface ContractEventPayload {
  /** The `contractId` given in the config, or undefined. */
  contractId: string | undefined;
}

export interface ContractErrorPayload extends ContractEventPayload {
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

/** Every event the SDK emits and its payload: drives on/once/off and the docs. */
export interface ContractEventMap {
  'contract.loading': ContractEventPayload;
  'contract.loaded': ContractEventPayload;
  'contract.ready': ContractEventPayload;
  'contract.completed': ContractEventPayload;
  'contract.error': ContractErrorPayload;
}

export type ContractEventName = keyof ContractEventMap;

export type ContractEventHandler<E extends ContractEventName> = (payload: ContractEventMap[E]) => void;
