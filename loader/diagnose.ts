import { SDK_INTEGRITY, SDK_VERSION } from './constants';

/**
 * Why the browser refused the script element (its `error` event carries no reason): fetches the file again as the
 * element did (fetch's defaults are crossorigin="anonymous": CORS mode, credentials same-origin), and checks its
 * bytes. `blockedBy()` returns the CSP directive that blocked the
 * element, if a violation was seen (asked after the fetch, by when the violation event has been fired).
 */
export async function diagnoseFailure(url: string, blockedBy: () => string | undefined): Promise<string> {
  let status = 0;
  let bytes: ArrayBuffer | undefined;
  try {
    const response = await fetch(url);
    status = response.status;
    if (response.ok) bytes = await response.arrayBuffer();
  } catch {
    // a network failure, a content blocker, no CORS header, or the page's connect-src: told apart below
  }
  const actual = bytes && (await sriOf(bytes));
  const mismatch = `integrity mismatch: ${url} is not the file contracts-sdk ${SDK_VERSION} pins (expected ${SDK_INTEGRITY}, received ${actual || 'unknown: no crypto.subtle'}).`;
  // What the file itself shows comes first: Chromium fires a script-src violation at the document, so one for
  // this URL may be another tag's (the partner's own, without the nonce), never the cause of a missing or
  // tampered file.
  if (status && !bytes) return `${url} answered HTTP ${status}.`;
  if (actual && actual !== SDK_INTEGRITY) return mismatch;
  const directive = blockedBy();
  if (directive)
    return `the page's Content Security Policy (${directive}) blocked ${url}: allow ${new URL(url).origin} in script-src, or pass the nonce option.`;
  if (!status) return `could not download ${url} (network failure, ad blocker, or no CORS header).`;
  return actual ? `the browser refused ${url} (an ad blocker or extension?).` : mismatch;
}

/** `sha384-<base64>`, as the browser computes Subresource Integrity; undefined outside secure contexts. */
async function sriOf(bytes: ArrayBuffer): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  return subtle && 'sha384-' + btoa(String.fromCharCode(...new Uint8Array(await subtle.digest('SHA-384', bytes))));
}
