import { resolveSigningApp, type SigningApp } from './app-url';
import { SIGNING_APP_URLS } from './environments';
import { configError, hasOwn, typeName } from './errors';
import { redactString } from './redact';
import type { Environment, SvcContractsConfig } from './types';

export interface Settings {
  contractId: string | undefined;
  width: string;
  height: string;
  debug: boolean;
  app: SigningApp;
  loadTimeout: number;
}

// Every option and the type it must have ('' for width and height: number or string, checked below).
const OPTION_TYPES: Record<keyof SvcContractsConfig, string> = {
  signingToken: 'string',
  contractId: 'string',
  width: '',
  height: '',
  debug: 'boolean',
  environment: 'string',
  appUrl: 'string',
  loadTimeout: 'number',
};
// setTimeout treats anything above 2^31-1 ms as 0: refuse it instead of firing at once.
const MAX_TIMEOUT = 2147483647;

/**
 * Checks every option and returns the settings with the token split off, so the caller can keep the token
 * where it is not enumerable. Messages say what is wrong and how to fix it, and never contain the token.
 */
export function resolveConfig(config: SvcContractsConfig): { token: string; settings: Settings } {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw configError(`config must be an object with a signingToken, got ${typeName(config)}.`);
  }
  const token = typeof config.signingToken === 'string' ? config.signingToken : '';
  for (const key of Object.keys(config) as Array<keyof SvcContractsConfig>) {
    if (!hasOwn(OPTION_TYPES, key)) {
      throw configError(`config.${redactString(key, token)} is not an option. Options: ${Object.keys(OPTION_TYPES).join(', ')}.`);
    }
    const value = config[key];
    if (OPTION_TYPES[key] && value !== undefined && typeof value !== OPTION_TYPES[key]) {
      throw configError(`config.${key} must be a ${OPTION_TYPES[key]}, got ${typeName(value)}.`);
    }
  }
  if (!token.trim()) {
    throw configError('config.signingToken is required: the string from GET /api/v3/applications/{app_id}/contracts.');
  }
  const { contractId, debug = false, environment = 'production', appUrl, loadTimeout = 30000 } = config;
  if (!hasOwn(SIGNING_APP_URLS, environment)) {
    throw configError(`config.environment must be "production" or "qa", got ${quote(environment, token)}.`);
  }
  if (!(loadTimeout > 0 && loadTimeout <= MAX_TIMEOUT)) {
    throw configError(`config.loadTimeout must be milliseconds from 1 to ${MAX_TIMEOUT}, got ${loadTimeout}.`);
  }
  if (appUrl !== undefined && appUrl.includes(token)) {
    throw configError('config.appUrl must not contain the signing token.');
  }
  return {
    token,
    settings: {
      contractId,
      width: dimension('width', config.width, '100%', token),
      height: dimension('height', config.height, 600, token),
      debug,
      app:
        appUrl === undefined
          ? resolveSigningApp(SIGNING_APP_URLS[environment as Environment], 'the built-in signing app URL')
          : resolveSigningApp(appUrl, 'config.appUrl'),
      loadTimeout,
    },
  };
}

/** A number is pixels; a string is applied as written, once the browser confirms it is a valid length. */
function dimension(name: 'width' | 'height', value: unknown, fallback: string | number, token: string): string {
  if (value === undefined) value = fallback;
  if (typeof value === 'number' && value >= 0 && value < Infinity) return `${value}px`;
  const valid =
    typeof value === 'string' &&
    value.trim() !== '' &&
    (typeof CSS === 'undefined' || typeof CSS.supports !== 'function' || CSS.supports(name, value));
  if (valid) return value as string;
  throw configError(`config.${name} must be a number (pixels) or a CSS length like "100%", got ${quote(value, token)}.`);
}

/** A short, redacted rendering of a bad value for an error message. */
function quote(value: unknown, token: string): string {
  return typeof value === 'string' ? JSON.stringify(redactString(value, token).slice(0, 60)) : typeof value === 'number' ? String(value) : typeName(value);
}
