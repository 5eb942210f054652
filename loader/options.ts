import { parseServiceAddress } from '../src/app-url';
import { configError } from '../src/errors';
import { hasOwn } from '../src/values';
import { DEFAULT_CDN_URL, SCRIPT_PATH } from './constants';
import type { LoadSvcSDKOptions } from './types';

export interface ScriptRequest {
  /** Absolute URL of the pinned script. */
  url: string;
  nonce: string | undefined;
}

/**
 * Reads loadSvcSDK()'s options as a partner passes them: own properties only (a polluted Object.prototype changes
 * nothing), and a TypeError for a name that is not an option.
 */
export function readOptions(options: LoadSvcSDKOptions = {}): LoadSvcSDKOptions {
  // Both own from the start: an option not given must not be read from a polluted Object.prototype later.
  const read: Record<string, unknown> = { cdnUrl: undefined, nonce: undefined };
  for (const [key, value] of Object.entries(Object(options))) {
    if (!hasOwn(read, key)) throw configError(`loadSvcSDK(): ${key} is not an option (cdnUrl, nonce).`);
    read[key] = value;
  }
  return read;
}

/**
 * The script URL and nonce of the options (the bindings pass theirs here directly). Throws a TypeError that says
 * how to fix a wrong value; the CDN address follows the SDK's own appUrl rule (https, or http on loopback only).
 */
export function scriptRequest({ cdnUrl = DEFAULT_CDN_URL, nonce }: LoadSvcSDKOptions): ScriptRequest {
  if (nonce !== undefined && (typeof nonce !== 'string' || !nonce))
    throw configError('nonce must be the non-empty nonce of your CSP script-src.');
  const base = parseServiceAddress(String(cdnUrl), 'cdnUrl');
  return { url: base.origin + base.pathname.replace(/\/+$/, '') + SCRIPT_PATH, nonce };
}
