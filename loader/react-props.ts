// The props of <ContractSigning> as data: which callback each event calls (the session options: loader/session.ts).
import type { SessionOptionName } from './session';
import type { ContractEventMap, ContractEventName, SvcContractsConfig } from './types';

/** `contract.x` → `onX`. */
type CallbackName<E extends ContractEventName> = E extends `contract.${infer Rest}` ? `on${Capitalize<Rest>}` : never;

/** The prop that receives an SDK event (`contract.completed` → `onCompleted`): every event has one. */
export const callbackName = <E extends ContractEventName>(event: E): CallbackName<E> =>
  event.replace(/^contract\.(.)/, (_, first: string) => 'on' + first.toUpperCase()) as CallbackName<E>;

/** One optional callback per event; a new function on every render is fine (the latest render's is called). */
export type EventCallbacks = {
  [E in ContractEventName as CallbackName<E>]?: (payload: ContractEventMap[E]) => void;
};

/** `signingToken` and every other SvcContracts option, plus the loader's options. */
export type SessionOptions = Pick<SvcContractsConfig, 'signingToken' | SessionOptionName> & {
  /** CDN origin to load the SDK from (loadSvcSDK's cdnUrl). Default: the production CDN. */
  cdnUrl?: string;
  /** Nonce of your CSP `script-src`, set on the SDK's script element. */
  nonce?: string;
};
