// The UMD global `SvcSDK` is exactly what this module exports as values.
export { SvcContracts } from './svc-contracts';
export { KNOWN_ERROR_CODES } from './error-codes';
export { SDK_VERSION } from './version';
export type { ErrorCode, KnownErrorCode } from './error-codes';
export type {
  ContractErrorPayload,
  ContractEventHandler,
  ContractEventMap,
  ContractEventName,
  ContractEventPayload,
  Environment,
  SigningTokenSource,
  SvcContractsConfig,
} from './types';
