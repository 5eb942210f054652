// Fixed at build time (rollup.config.mjs): the package's version pins the CDN file, and the integrity of that
// exact file is baked in, so the browser verifies every byte the CDN sends.
declare const __SDK_VERSION__: string;
declare const __SDK_INTEGRITY__: string;
declare const __SVC_CDN_URL__: string;

/** The version of the SDK this package loads ("major.minor.patch"; also the package's own version). */
export const SDK_VERSION: string = __SDK_VERSION__;

/** Subresource Integrity of `index.umd.js` of that version: `sha384-…`. */
export const SDK_INTEGRITY: string = __SDK_INTEGRITY__;

/** The production CDN (build-time `SVC_CDN_URL`); the `cdnUrl` option overrides it. */
export const DEFAULT_CDN_URL: string = __SVC_CDN_URL__;

/** Where the pinned script lives under a CDN origin. */
export const SCRIPT_PATH = `/packages/contracts-sdk/${SDK_VERSION}/index.umd.js`;

/** The Trusted Types policy the loader creates (list it in the page's `trusted-types` directive). */
export const TRUSTED_TYPES_POLICY = 'contracts-sdk';
