import { configError } from './errors';

export interface SigningApp {
  /** Exact origin messages must come from and are sent to. */
  origin: string;
  /** The embed page loaded in the iframe: no query, no fragment, nothing derived from the token. @internal */
  embedUrl: string;
}

const LOOPBACK_HOST = /^(localhost|[^.]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Validates the address of one of the service's hosts (the signing app, or the CDN for the npm loader): https,
 * or http on a loopback host only (local sandboxes), without credentials, query or fragment. One message covers
 * every way it can be wrong, naming the rule. It quotes nothing of the address: credentials, a query or a fragment
 * are where links carry secrets (the partner knows what it passed; the debug log never shows it either).
 */
export function parseServiceAddress(address: string, option: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(address);
  } catch {
    // reported below
  }
  if (
    !url ||
    !(url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname))) ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  ) {
    throw configError(
      `${option} must be an https: URL (http: on localhost only) without credentials, query or fragment.`,
    );
  }
  return url;
}

/** The signing app's origin and embed page for a validated address. */
export function resolveSigningApp(address: string, option: string): SigningApp {
  const url = parseServiceAddress(address, option);
  return { origin: url.origin, embedUrl: url.origin + url.pathname.replace(/\/+$/, '') + '/embed' };
}
