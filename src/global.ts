// The entry of the CDN build (index.umd.js), a classic script: it defines the `SvcSDK` global on every page, the
// interface the spec names. Rollup's UMD wrapper did not on a page with an AMD loader (RequireJS: Magento and many
// older sites): it called an anonymous define() instead, so `SvcSDK` stayed undefined and RequireJS reported
// "Mismatched anonymous define() module" (docs/decisions.md #24).
import { KNOWN_ERROR_CODES, SDK_VERSION, SvcContracts } from './index';

// Free variables of the module systems that may evaluate this file; undeclared (typeof "undefined") elsewhere.
declare const define: { (factory: () => unknown): void; amd?: unknown } | undefined;
declare const module: { exports?: unknown } | null | undefined;

const namespace = { SvcContracts, KNOWN_ERROR_CODES, SDK_VERSION };

(globalThis as Record<string, unknown>).SvcSDK = namespace;
if (typeof define === 'function' && define.amd && document.currentScript?.hasAttribute('data-requiremodule')) {
  // RequireJS itself loaded the file (`require([url], callback)`): the callback receives the namespace, as before.
  // A script tag on a RequireJS page must not call define(): RequireJS cannot tell whose module it is.
  define(() => namespace);
} else if (typeof module === 'object' && module?.exports) {
  // CommonJS (a bundler or Node reading the file), as before.
  module.exports = namespace;
}
