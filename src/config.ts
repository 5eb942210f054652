import { resolveSigningApp, type SigningApp } from './app-url';
import { SIGNING_APP_URLS } from './environments';
import { configError, typeName } from './errors';
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

const DEFAULTS = { width: '100%', height: 600, loadTimeout: 30000 };
const OPTIONS = ['signingToken', 'contractId', 'width', 'height', 'debug', 'environment', 'appUrl', 'loadTimeout'];
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
  const token = config.signingToken;
  if (typeof token !== 'string' || token.trim() === '') {
    throw configError(
      `config.signingToken must be the non-empty string from GET /api/v3/applications/{app_id}/contracts, got ${
        typeof token === 'string' ? 'an empty string' : typeName(token)
      }.`,
    );
  }
  for (const key of Object.keys(config)) {
    if (!OPTIONS.includes(key)) {
      throw configError(`config.${redactString(key, token)} is not an option. Options: ${OPTIONS.join(', ')}.`);
    }
  }
  const { contractId, debug = false, environment = 'production', appUrl, loadTimeout = DEFAULTS.loadTimeout } = config;
  if (contractId !== undefined && typeof contractId !== 'string') {
    throw configError(`config.contractId must be a string, got ${typeName(contractId)}.`);
  }
  if (typeof debug !== 'boolean') {
    throw configError(`config.debug must be a boolean, got ${typeName(debug)}.`);
  }
  if (!Object.prototype.hasOwnProperty.call(SIGNING_APP_URLS, environment)) {
    throw configError(`config.environment must be "production" or "qa", got ${describe(environment, token)}.`);
  }
  if (appUrl !== undefined && typeof appUrl !== 'string') {
    throw configError(`config.appUrl must be a string URL, got ${typeName(appUrl)}.`);
  }
  if (appUrl !== undefined && appUrl.includes(token)) {
    throw configError('config.appUrl must not contain the signing token.');
  }
  if (typeof loadTimeout !== 'number' || !(loadTimeout > 0 && loadTimeout <= MAX_TIMEOUT)) {
    throw configError(
      `config.loadTimeout must be milliseconds from 1 to ${MAX_TIMEOUT}, got ${describe(loadTimeout, token)}.`,
    );
  }
  const app =
    appUrl === undefined
      ? resolveSigningApp(SIGNING_APP_URLS[environment as Environment], 'the built-in signing app URL')
      : resolveSigningApp(appUrl, 'config.appUrl');
  return {
    token,
    settings: {
      contractId,
      width: dimension('width', config.width === undefined ? DEFAULTS.width : config.width, token),
      height: dimension('height', config.height === undefined ? DEFAULTS.height : config.height, token),
      debug,
      app,
      loadTimeout,
    },
  };
}

/** A number is pixels; a string is applied as written, once the browser confirms it is a valid length. */
function dimension(name: 'width' | 'height', value: unknown, token: string): string {
  if (typeof value === 'number' && value >= 0 && value < Infinity) return `${value}px`;
  const valid =
    typeof value === 'string' &&
    value.trim() !== '' &&
    (typeof CSS === 'undefined' || typeof CSS.supports !== 'function' || CSS.supports(name, value));
  if (valid) return value;
  throw configError(
    `config.${name} must be a number (pixels) or a CSS length like "100%", got ${describe(value, token)}.`,
  );
}

/** Quotes a short, redacted rendering of a bad value for an error message. */
function describe(value: unknown, token: string): string {
  if (typeof value === 'string') return JSON.stringify(redactString(value, token).slice(0, 60));
  if (typeof value === 'number') return String(value);
  return typeName(value);
}
