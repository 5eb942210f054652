// What the snippets of each document use without defining, as a partner's page or server would supply it: the
// only help the type check gets. Keep each line a plain declaration of an app's own helper or value; never use
// it to hide an error in a snippet (a `declare` of an SDK name, an `any`): fix the snippet instead.
export const PRELUDES: Record<string, string> = {
  'README.md': `
declare const signingToken: string; // the signer's token, handed to the page by its backend
declare const contracts: SvcSDK.SvcContracts; // the instance created in the quick start
declare function showMessage(text: string): void; // the quick start's status line
declare function showRetry(what: string | (() => unknown)): void;
declare function trackFunnel(step: string, elapsedMs: number): void; // the partner's analytics
declare function extendPortalSession(): void; // the partner's own idle-logout timer
declare function getSigningToken(): Promise<string>; // the token function of the quick start, step 2
`,
  'docs/appearance.md': `
declare const signingToken: string; // the signer's token, handed to the page by its backend
`,
  'loader/README.md': `
declare const signingToken: string; // the signer's token, handed to the page by its backend
declare function hideSpinner(): void;
declare function showRetry(code: string): void;
declare function setSigned(signed: boolean): void; // a React state setter
declare function show(code: string): void;
`,
};

/**
 * Named blocks that the document presents as a file of the partner's project, which other blocks import
 * (`import { signingOptions } from './signing-config'`): checked under that file name, beside the others.
 */
export const MODULE_FILES: Record<string, Record<string, string>> = {
  'README.md': { 'react-signing-config': 'signing-config.ts' },
  // A component that another Svelte block imports (`$lib/SignLoanContract.svelte`): test/docs/ssr/svelte.test.ts.
  'docs/frameworks.md': { 'svelte-example': 'src/lib/SignLoanContract.svelte' },
};

/** The prelude of `file` (an empty one when the document needs none). */
export function preludeOf(file: string): string {
  return PRELUDES[file] ?? '';
}
