import { PREFIX, configError } from '../src/errors';
import { SDK_VERSION } from './constants';
import { injectScript } from './inject';
import { readOptions, scriptRequest, type ScriptRequest } from './options';
import type { LoadSvcSDKOptions, SvcSDKNamespace } from './types';

// One load per page for this copy of the loader: concurrent calls (and React StrictMode's double effects) share
// it; a failed load is forgotten so that a later call tries again.
let pending: { key: string; promise: Promise<SvcSDKNamespace> } | undefined;

/**
 * Loads the SDK this package pins (script tag with Subresource Integrity) and resolves with `window.SvcSDK`.
 * Resolves null where there is no page (server-side rendering), after checking the options there too; rejects with
 * an Error naming the cause (a TypeError for a wrong option).
 */
export function loadSvcSDK(options?: LoadSvcSDKOptions): Promise<SvcSDKNamespace | null> {
  return load(() => scriptRequest(readOptions(options)));
}

/**
 * loadSvcSDK() for the bindings (loader/session.ts): their options object is built by this package, so only its
 * values are checked, as loadSvcSDK() checks them.
 */
export function loadForBinding(options: LoadSvcSDKOptions): Promise<SvcSDKNamespace | null> {
  return load(() => scriptRequest(options));
}

function load(resolveRequest: () => ScriptRequest): Promise<SvcSDKNamespace | null> {
  try {
    // Checked on the server too: a misspelt or http: cdnUrl fails in the partner's SSR and tests, not only later
    // in a browser.
    const request = resolveRequest();
    if (typeof window === 'undefined' || typeof document === 'undefined') return Promise.resolve(null);
    const present = sdkOnPage();
    if (present) return Promise.resolve(present);
    const key = `${request.url} ${request.nonce}`;
    if (pending) {
      if (pending.key !== key) {
        throw configError(
          'loadSvcSDK() is already loading with other options: pass the same cdnUrl and nonce every time.',
        );
      }
      return pending.promise;
    }
    const promise = injectScript(request).then(() => {
      const sdk = sdkOnPage();
      if (!sdk) throw new Error(`${PREFIX}${request.url} did not define SvcSDK.`);
      return sdk;
    });
    pending = { key, promise };
    promise.catch(() => {
      if (pending?.promise === promise) pending = undefined;
    });
    return promise;
  } catch (error) {
    return Promise.reject(error);
  }
}

/** The SvcSDK already on the page if it is this version; throws if it is another one. */
function sdkOnPage(): SvcSDKNamespace | undefined {
  const sdk = (window as unknown as { SvcSDK?: SvcSDKNamespace }).SvcSDK;
  if (sdk === undefined) return undefined;
  if (sdk && sdk.SDK_VERSION === SDK_VERSION) return sdk;
  throw new Error(
    `${PREFIX}the page already has SvcSDK ${String(sdk?.SDK_VERSION)}, this package loads ${SDK_VERSION}: use one version per page.`,
  );
}
