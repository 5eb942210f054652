// contracts-sdk/element: importing it defines <svc-contract-signing> for every framework (and none). Defining is
// idempotent: a second import, or a second copy of the package on the page, defines nothing and throws nothing;
// on a server (no customElements) importing does nothing.
import { SvcContractSigning } from './element-class';
import type { ContractSigningEventMap } from './element-events';

export { SvcContractSigning };
export type { ContractDomEventName, ContractSigningEventMap } from './element-events';
// Everything of contracts-sdk/pure too (loadSvcSDK, SDK_VERSION, the types): one import for an element page.
export * from './pure';

/** The tag this entry defines. */
export const ELEMENT_TAG_NAME = 'svc-contract-signing';

if (typeof customElements !== 'undefined' && !customElements.get(ELEMENT_TAG_NAME)) {
  customElements.define(ELEMENT_TAG_NAME, SvcContractSigning);
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-contract-signing': SvcContractSigning;
  }
  interface HTMLElementEventMap extends ContractSigningEventMap {}
}
