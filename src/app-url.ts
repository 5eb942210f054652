import { configError } from './errors';

export interface SigningApp {
  /** Exact origin messages must come from and are sent to. */
  origin: string;
  /** The embed page loaded in the iframe: no query, no fragment, nothing derived from the token. */
  embedUrl: string;
}

const LOOPBACK_HOST = /^(localhost|[^.]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Validates a signing-app address: https, or http on a loopback host only (local sandboxes), without
 * credentials, query or fragment.
 */
export function resolveSigningApp(address: string, option: string): SigningApp {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw configError(`${option} must be an absolute URL like "https://sign.example.com", got "${address}".`);
  }
  const loopback = LOOPBACK_HOST.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw configError(`${option} must use https: (http: only on localhost), got "${url.protocol}".`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw configError(`${option} must be a base address without credentials, query or fragment.`);
  }
  return { origin: url.origin, embedUrl: url.origin + url.pathname.replace(/\/+$/, '') + '/embed' };
}
