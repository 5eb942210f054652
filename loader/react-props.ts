// The props of <ContractSigning> as data: which callback each event calls (the session options: loader/session.ts).
import type { SESSION_OPTIONS } from './session';
import type { ContractEventMap, ContractEventName, SvcContractsConfig } from './types';

/** Each event of the SDK and the prop that receives it. */
export const EVENT_CALLBACKS = [
  ['contract.loading', 'onLoading'],
  ['contract.loaded', 'onLoaded'],
  ['contract.ready', 'onReady'],
  ['contract.completed', 'onCompleted'],
  ['contract.error', 'onError'],
  ['contract.declined', 'onDeclined'],
  ['contract.cancelled', 'onCancelled'],
  ['contract.step', 'onStep'],
  ['contract.activity', 'onActivity'],
] as const satisfies readonly (readonly [ContractEventName, `on${string}`])[];

type CallbackName<E extends ContractEventName> = Extract<(typeof EVENT_CALLBACKS)[number], readonly [E, string]>[1];

/** One optional callback per event; a new function on every render is fine (the latest render's is called). */
export type EventCallbacks = {
  [E in (typeof EVENT_CALLBACKS)[number][0] as CallbackName<E>]?: (payload: ContractEventMap[E]) => void;
};

/** `signingToken` and every other SvcContracts option, plus the loader's options. */
export type SessionOptions = Pick<SvcContractsConfig, 'signingToken' | (typeof SESSION_OPTIONS)[number]> & {
  /** CDN origin to load the SDK from (loadSvcSDK's cdnUrl). Default: the production CDN. */
  cdnUrl?: string;
  /** Nonce of your CSP `script-src`, set on the SDK's script element. */
  nonce?: string;
};
