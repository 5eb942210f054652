// contracts-sdk/element: importing it defines <svc-contract-signing> for every framework (and none). Defining is
// idempotent: a second import, or a second copy of the package on the page, defines nothing and throws nothing;
// on a server (no customElements) importing does nothing.
import { SvcContractSigning } from './element-class';
import type { ContractSigningEventMap } from './element-events';

export { SvcContractSigning };
export type { ContractDomEventName, ContractSigningEventMap } from './element-events';
// The constants and types of contracts-sdk/pure, but not loadSvcSDK(): the element loads the SDK itself, and a page
// that calls it (to load ahead) imports it from contracts-sdk/pure, so that no element page pays for it (~100 B).
export { SDK_INTEGRITY, SDK_VERSION, TRUSTED_TYPES_POLICY } from './constants';
export type * from './types';

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
