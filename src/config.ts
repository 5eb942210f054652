import { resolveSigningApp, type SigningApp } from './app-url';
import { SIGNING_APP_URLS } from './environments';
import { configError, hasOwn, typeName } from './errors';
import { containsSecret, redactString } from './redact';
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
const OPTION_TYPES: Record<string, string> = {
  signingToken: 'string',
  contractId: 'string',
  width: '',
  height: '',
  debug: 'boolean',
  environment: 'string',
  appUrl: 'string',
  loadTimeout: 'number',
} satisfies Record<keyof SvcContractsConfig, string>;
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
  const options = ownOptions(config);
  const token = typeof options.signingToken === 'string' ? options.signingToken : '';
  for (const key in options) {
    const value = options[key];
    if (OPTION_TYPES[key] && value !== undefined && typeof value !== OPTION_TYPES[key]) {
      throw configError(`config.${key} must be a ${OPTION_TYPES[key]}, got ${typeName(value)}.`);
    }
  }
  if (!token.trim()) {
    throw configError('config.signingToken is required: the string from GET /api/v3/applications/{app_id}/contracts.');
  }
  const { contractId, debug = false, environment = 'production', appUrl, loadTimeout = 30000 } = options as Partial<SvcContractsConfig>;
  if (!hasOwn(SIGNING_APP_URLS, environment)) {
    throw configError(`config.environment must be "production" or "qa", got ${quote(environment, token)}.`);
  }
  if (!(loadTimeout > 0 && loadTimeout <= MAX_TIMEOUT)) {
    throw configError(`config.loadTimeout must be milliseconds from 1 to ${MAX_TIMEOUT}, got ${loadTimeout}.`);
  }
  if (appUrl !== undefined && containsSecret(appUrl, token)) {
    throw configError('config.appUrl must not contain the signing token.');
  }
  return {
    token,
    settings: {
      contractId,
      width: dimension('width', options.width, '100%', token),
      height: dimension('height', options.height, 600, token),
      debug,
      app:
        appUrl === undefined
          ? resolveSigningApp(SIGNING_APP_URLS[environment as Environment], 'the built-in signing app URL')
          : resolveSigningApp(appUrl, 'config.appUrl'),
      loadTimeout,
    },
  };
}

/**
 * The options as own data properties, copied once into an object without a prototype: a value inherited from
 * a polluted Object.prototype is absent, and a getter cannot answer differently on a second read.
 */
function ownOptions(config: object): Record<string, unknown> {
  const options: Record<string, unknown> = Object.create(null);
  const tokenField = Object.getOwnPropertyDescriptor(config, 'signingToken');
  const token = tokenField && hasOwn(tokenField, 'value') && typeof tokenField.value === 'string' ? tokenField.value : '';
  for (const key of Object.keys(config)) {
    const name = redactString(key, token);
    if (!hasOwn(OPTION_TYPES, key)) {
      throw configError(`config.${name} is not an option. Options: ${Object.keys(OPTION_TYPES).join(', ')}.`);
    }
    const field = Object.getOwnPropertyDescriptor(config, key)!;
    if (!hasOwn(field, 'value')) throw configError(`config.${name} must be a plain value, not a getter or setter.`);
    options[key] = field.value;
  }
  return options;
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
