// The public values and types of the SDK; src/global.ts puts exactly these values on the `SvcSDK` global.
export { SvcContracts } from './svc-contracts';
export { KNOWN_ERROR_CODES } from './error-codes';
export { SDK_VERSION } from './version';
export type { ErrorCode, KnownErrorCode } from './error-codes';
export type {
  Appearance,
  AppearanceVariables,
  ContractDeclinedPayload,
  ContractErrorPayload,
  ContractEventHandler,
  ContractEventMap,
  ContractEventName,
  ContractEventPayload,
  ContractStepPayload,
  Environment,
  SigningTokenSource,
  SvcContractsConfig,
  SvcContractsUpdate,
} from './types';
