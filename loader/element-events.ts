// The SDK's events as DOM events of <svc-contract-signing>: `contract.completed` → `contract-completed` (hyphens,
// so `@contract-completed` in Vue and `(contract-completed)` in Angular work as written), `detail` the payload.
import type { ContractEventMap, ContractEventName } from './types';

/** `contract.x` → `contract-x`. */
export type ContractDomEventName<E extends ContractEventName = ContractEventName> = E extends `contract.${infer Rest}`
  ? `contract-${Rest}`
  : never;

/** Every DOM event of the element and its type: a CustomEvent whose detail is the SDK's payload. */
export type ContractSigningEventMap = {
  [E in ContractEventName as ContractDomEventName<E>]: CustomEvent<ContractEventMap[E]>;
};

/** The element's DOM event for an SDK event: `contract.x` → `contract-x`. */
export const domEventName = <E extends ContractEventName>(event: E) =>
  event.replace('.', '-') as ContractDomEventName<E>;
