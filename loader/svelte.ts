// contracts-sdk/svelte: types only, for Svelte 5 templates (svelte-check, the Svelte language server). Svelte types
// an element's attributes and `on…` handlers from `SvelteHTMLElements` (svelte/elements), not from
// HTMLElementTagNameMap / HTMLElementEventMap, so without this `oncontract-error={(event) => …}` has an `any` event.
// One line in the partner's src/app.d.ts brings it in: `import 'contracts-sdk/svelte';` (docs/frameworks.md).
import type { HTMLAttributes } from 'svelte/elements';
import type { LOADER_ATTRIBUTES, SESSION_ATTRIBUTES } from './element-attributes';
import type { ContractSigningEventMap, SvcContractSigning, SvcContractsConfig } from './element';

type Row = (typeof SESSION_ATTRIBUTES)[number];
type AttributeValue<Kind> = Kind extends 'flag' ? boolean : Kind extends 'text' ? string : number | string;

/** The element's options as written in markup (kebab-case attributes; null or undefined: absent). */
export type ContractSigningAttributes = { [R in Row as R[0]]?: AttributeValue<R[1]> | null } & {
  [A in (typeof LOADER_ATTRIBUTES)[number]]?: string | null;
} & {
  /** Your own route (of the page's origin) that answers `{ "signingToken": "…" }` to the element's POST. */
  'token-url'?: string | null;
};

/** `oncontract-completed={(event) => …}`: each DOM event of the element, its `detail` the SDK's payload. */
export type ContractSigningHandlers = {
  [E in keyof ContractSigningEventMap as `on${E}`]?:
    | ((event: ContractSigningEventMap[E] & { currentTarget: EventTarget & SvcContractSigning }) => unknown)
    | null;
};

/** What a Svelte template may write on `<svc-contract-signing>`. */
export type SvelteContractSigningAttributes = HTMLAttributes<SvcContractSigning> &
  ContractSigningAttributes &
  ContractSigningHandlers & {
    /** A property (an object): `appearance={{ theme: 'dark' }}`. */
    appearance?: SvcContractsConfig['appearance'] | null;
    /**
     * Never in a template: on the server Svelte writes it into the page's HTML as the attribute `signingtoken`, and
     * in the browser too while the element is not yet defined. Use `token-url`, or set the property in the browser
     * (`bind:this`, then `element.signingToken = token`).
     */
    signingToken?: never;
    signingtoken?: never;
    'signing-token'?: never;
    signing_token?: never;
  };

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'svc-contract-signing': SvelteContractSigningAttributes;
  }
}
