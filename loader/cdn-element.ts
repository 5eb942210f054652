// The entry of element.umd.js, the element's CDN file: defines <svc-contract-signing> (the npm element entry's
// class) on a page that loaded index.umd.js before it, for pages without a bundler (docs/server-rendered.md). Such
// a page may have no JavaScript of its own, so here a contract-error no listener handled is shown in the element's
// box and logged once (loader/error-state.ts).
import { PREFIX } from '../src/errors';
import { SvcContractSigning, hasSession } from './element-class';
import { clearErrorState, showErrorState } from './error-state';
import type { ContractErrorPayload } from './types';

class SvcContractSigningWithErrorState extends SvcContractSigning {
  /** The default action of contract-error, done here: the misuse's own console line is not written again. */
  protected override _dispatch(name: string, detail: unknown): boolean {
    if (name !== 'contract-error') clearErrorState(this);
    if (!super._dispatch(name, detail) || name !== 'contract-error') return false;
    const error = detail as ContractErrorPayload;
    // The SDK's own messages (a load timeout, a token function that failed) have no prefix, and an app's error
    // may have no message: the line always names the SDK, and the code then.
    const message = error.message ?? error.code;
    // biome-ignore lint/suspicious/noConsole: an error no listener handled, on a page that may have no script of its own.
    console.error(message.startsWith(PREFIX) ? message : PREFIX + message);
    showErrorState(this, error, hasSession(this));
    return false;
  }
}

if (!customElements.get('svc-contract-signing'))
  customElements.define('svc-contract-signing', SvcContractSigningWithErrorState);
