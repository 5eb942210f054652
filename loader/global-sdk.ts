// The SDK of the element's CDN file (element.umd.js): the SvcSDK global that index.umd.js, the script tag before
// it, defined. It never adds a script to the page, so a page with `trusted-types 'none'` needs no policy for it.
// The build puts this module in place of loader/load.ts for that file only (rollup.config.mjs): the element and
// its session are the npm element entry's own code.
import { PREFIX } from '../src/errors';
import { withoutPrototype } from '../src/values';
import { SDK_VERSION } from './constants';
import type { loadForBinding as injectingLoad } from './load';
import type { SvcSDKNamespace } from './types';

/** index.umd.js beside this file (currentScript is set only while the file runs). */
const SDK_URL = new URL('index.umd.js', (document.currentScript as HTMLScriptElement | null)?.src || location.href)
  .href;

/**
 * The page's SvcSDK, once the page's scripts have run: a deferred index.umd.js has run before this file, but a tag
 * placed after it, or async, may still be running until the window's load event.
 */
export const loadForBinding: typeof injectingLoad = () =>
  new Promise<SvcSDKNamespace>((resolve, reject) => {
    const settle = () => {
      try {
        resolve(sdkOnPage());
      } catch (error) {
        reject(error);
      }
    };
    if (pageSdk() !== undefined || document.readyState === 'complete') settle();
    else addEventListener('load', settle, withoutPrototype({ once: true }));
  });

function pageSdk(): SvcSDKNamespace | undefined {
  return (window as unknown as { SvcSDK?: SvcSDKNamespace }).SvcSDK;
}

/** SvcSDK of this file's version, or an Error naming the script the page lacks and how to add it. */
function sdkOnPage(): SvcSDKNamespace {
  const sdk = pageSdk();
  if (sdk === undefined) {
    throw new Error(
      `${PREFIX}element.umd.js needs SvcSDK from ${SDK_URL}, which did not run: add its script tag (defer, crossorigin="anonymous" and, for a version's folder, the integrity of ${SDK_URL}.integrity) before element.umd.js's tag. If it is there, the browser's console says why it was refused (CSP script-src, integrity, network).`,
    );
  }
  if (sdk?.SDK_VERSION !== SDK_VERSION) {
    throw new Error(
      `${PREFIX}element.umd.js ${SDK_VERSION} needs index.umd.js ${SDK_VERSION}, the page has SvcSDK ${String(sdk?.SDK_VERSION)}: load both files from the same version's folder.`,
    );
  }
  return sdk;
}
