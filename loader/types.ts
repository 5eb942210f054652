// The package's public types, derived from the SDK's own sources (never a copy), so every option and event the
// SDK gains reaches npm users with the next build.
import type * as SDK from '../src/index';

/** `window.SvcSDK` as the pinned script defines it: `SvcContracts`, `KNOWN_ERROR_CODES`, `SDK_VERSION`. */
export type SvcSDKNamespace = typeof SDK;

// Every public type of the SDK's options and events (src/types.ts holds only those), and its error codes.
export type * from '../src/types';
export type { ErrorCode, KnownErrorCode } from '../src/error-codes';

/**
 * An instance of `SvcSDK.SvcContracts` (a type only: the class itself comes from the CDN, so create instances
 * with `new sdk.SvcContracts(...)` on what loadSvcSDK() resolves).
 */
export type SvcContracts = SDK.SvcContracts;

/** Options of `loadSvcSDK()`. */
export interface LoadSvcSDKOptions {
  /** CDN origin (and optional path prefix) to load from: https, or http on localhost only. Default: the production CDN. */
  cdnUrl?: string;
  /** Nonce of your CSP `script-src 'nonce-…'`, set on the injected script element. */
  nonce?: string;
}
