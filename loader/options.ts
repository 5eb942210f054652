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
 * Reads the options (own properties only: a polluted Object.prototype changes nothing) into the script URL and
 * nonce. Throws a TypeError that says how to fix a wrong option; the CDN address follows the SDK's own appUrl
 * rule (https, or http on loopback only).
 */
export function resolveOptions(options: LoadSvcSDKOptions = {}): ScriptRequest {
  const given = Object(options) as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (key !== 'cdnUrl' && key !== 'nonce')
      throw configError(`loadSvcSDK(): ${key} is not an option (cdnUrl, nonce).`);
  }
  const cdnUrl = hasOwn(given, 'cdnUrl') && given.cdnUrl !== undefined ? given.cdnUrl : DEFAULT_CDN_URL;
  const nonce = hasOwn(given, 'nonce') ? given.nonce : undefined;
  if (nonce !== undefined && (typeof nonce !== 'string' || !nonce))
    throw configError('nonce must be the non-empty nonce of your CSP script-src.');
  const base = parseServiceAddress(String(cdnUrl), 'cdnUrl');
  return { url: base.origin + base.pathname.replace(/\/+$/, '') + SCRIPT_PATH, nonce };
}
