import { resolveSigningApp, type SigningApp } from './app-url';
import { SIGNING_APP_URLS } from './environments';
import { configError } from './errors';
import { parseAppearance } from './appearance';
import { checkChoice, ownFields, quote } from './own-fields';
import { hasOwn, typeName } from './values';
import { redactPieces } from './redact';
import type { Appearance, Environment, SigningTokenSource, SvcContractsConfig, SvcContractsUpdate } from './types';

export interface Settings {
  contractId: string | undefined;
  width: string;
  /** A CSS height; with `autoHeight`, the starting (minimum) height. */
  height: string;
  /** height: 'auto': the frame follows the app's `resize` messages, clamped to [minHeight, maxHeight]. @internal */
  autoHeight: boolean;
  minHeight: number;
  maxHeight: number;
  debug: boolean;
  /** @internal */
  app: SigningApp;
  loadTimeout: number;
  title: string;
  /** Canonical BCP 47 tag for the app, or undefined (the app decides). */
  locale: string | undefined;
  /** display: 'popup': the app runs in a window of its own (popup.ts), not in a frame. @internal */
  popup: boolean;
  /** Load the signing app hidden from construction, without a token (the warm start: attempt.ts, warm-pool.ts). */
  warm: boolean;
  /** The partner's appearance re-serialised (appearance.ts), or undefined: update() replaces it. */
  appearance: Appearance | undefined;
  /** The partner's direction, or undefined: the container's, read at each init and update (presentation.ts). */
  dir: 'ltr' | 'rtl' | undefined;
}

// Every option and the types it may have (typeof names; '' for width and height, checked in dimension(), for
// display and dir, checked against their values, and for appearance, checked by appearance.ts).
export const OPTION_TYPES: Record<string, string> = {
  signingToken: 'string or function',
  contractId: 'string',
  width: '',
  height: '',
  minHeight: 'number',
  maxHeight: 'number',
  debug: 'boolean',
  environment: 'string',
  appUrl: 'string',
  loadTimeout: 'number',
  locale: 'string',
  title: 'string',
  display: '',
  warm: 'boolean',
  appearance: '',
  dir: '',
} satisfies Record<keyof SvcContractsConfig, string>;
// Bounds of an auto-sized frame unless the partner sets them: room for the app's first screen, and a cap a
// faulty app cannot push the partner's page past.
export const DEFAULT_MIN_HEIGHT = 320;
export const DEFAULT_MAX_HEIGHT = 5000;
// setTimeout treats anything above 2^31-1 ms as 0: refuse it instead of firing at once.
const MAX_TIMEOUT = 2147483647;

/**
 * Checks every option and returns the settings with the token split off, so the caller can keep the token
 * where it is not enumerable. Messages say what is wrong and how to fix it, and never contain the token.
 * `known`: the token string to keep out of messages and log lines; '' for a function, whose tokens never reach
 * one except as app text, cleaned per attempt.
 * (Members marked @internal are the SDK's own: the build shortens their names, lib/mangled-properties.mjs.)
 */
export function resolveConfig(config: SvcContractsConfig): {
  /** @internal */
  token: SigningTokenSource;
  /** @internal */
  known: string;
  /** @internal */
  settings: Settings;
} {
  // Anything but a plain object: "config must be an object, got null." (ownFields), as for update() and appearance.
  const options = ownFields(config, OPTION_TYPES, 'config', [tokenOf(config)]);
  const { signingToken } = options as Partial<SvcContractsConfig>;
  // The token to keep out of messages; a function's tokens are not known yet, and never echoed either.
  const token = typeof signingToken === 'string' ? signingToken : '';
  if (typeof signingToken !== 'function' && !token.trim()) {
    throw configError('config.signingToken is required: the signing_token, or a function returning it.');
  }
  return { token: signingToken!, known: token, settings: checkedSettings(options, [token]) };
}

/**
 * The other options as settings: defaults filled in, each checked (after the token, in a fixed order: the first
 * wrong one is reported), sizes and locale in their canonical form, the app's address resolved.
 */
function checkedSettings(options: Record<string, unknown>, secrets: readonly string[]): Settings {
  const {
    contractId,
    debug = false,
    environment = 'production',
    appUrl,
    loadTimeout = 30000,
    title = 'Contract signing',
    minHeight = DEFAULT_MIN_HEIGHT,
    maxHeight = DEFAULT_MAX_HEIGHT,
    display = 'frame',
    warm = true,
    dir,
  } = options as Partial<SvcContractsConfig>;
  checkChoice('config.environment', environment, Object.keys(SIGNING_APP_URLS), secrets);
  checkOptions(loadTimeout, appUrl, title, secrets);
  checkHeights(options, minHeight, maxHeight);
  checkChoice('config.display', display, ['frame', 'popup'], secrets);
  checkChoice('config.dir', dir, ['ltr', 'rtl'], secrets);
  const autoHeight = options.height === 'auto';
  return {
    contractId,
    width: dimension('width', options.width, '100%', secrets),
    height: autoHeight ? `${minHeight}px` : dimension('height', options.height, 600, secrets),
    autoHeight,
    minHeight,
    maxHeight,
    title,
    ...checkedPresentation(options, 'config', secrets),
    dir,
    debug,
    // The built-in addresses pass the same rule at build time (lib/build-constants.mjs).
    app: resolveSigningApp(appUrl ?? SIGNING_APP_URLS[environment as Environment], 'config.appUrl'),
    loadTimeout,
    popup: display === 'popup',
    warm,
  };
}

/** Each option's own range (`secrets` only to keep the token out of the messages). */
function checkOptions(
  loadTimeout: number,
  appUrl: string | undefined,
  title: string,
  secrets: readonly string[],
): void {
  if (!(loadTimeout > 0 && loadTimeout <= MAX_TIMEOUT)) {
    throw configError(`config.loadTimeout must be 1 to ${MAX_TIMEOUT} ms, got ${loadTimeout}.`);
  }
  // Not even a piece (8 characters): the address is the frame's src, in the DOM, and quoted by the URL rule's message.
  if (appUrl !== undefined && redactPieces(appUrl, secrets) !== appUrl) {
    throw configError('config.appUrl must not contain the signing token, nor 8 characters of it.');
  }
  if (!title.trim()) {
    throw configError('config.title must not be empty.');
  }
}

/** minHeight and maxHeight only with height "auto" (`options` as given), and in order. */
function checkHeights(options: Record<string, unknown>, minHeight: number, maxHeight: number): void {
  if (
    !(options.height === 'auto' || (options.minHeight ?? options.maxHeight) === undefined) ||
    !(minHeight >= 0 && minHeight <= maxHeight && maxHeight < Infinity)
  ) {
    throw configError(
      `config.minHeight and maxHeight need height: "auto" and 0 <= minHeight <= maxHeight, got ${minHeight} and ${maxHeight}.`,
    );
  }
}

/** The token of `config`, if it is an own string, to keep out of the messages about the other options. */
function tokenOf(config: unknown): string {
  const field = typeName(config) === 'object' ? Object.getOwnPropertyDescriptor(config, 'signingToken') : undefined;
  return field && hasOwn(field, 'value') && typeof field.value === 'string' ? field.value : '';
}

/** appearance and locale as the constructor and update() check them (`path`: "config" or "update"). */
function checkedPresentation(
  fields: Record<string, unknown>,
  path: string,
  secrets: readonly string[],
): Pick<Settings, 'appearance' | 'locale'> {
  const { appearance, locale } = fields;
  return {
    appearance: appearance === undefined ? undefined : parseAppearance(appearance, `${path}.appearance`, secrets),
    locale: locale === undefined ? undefined : canonicalLocale(locale as string, path, secrets),
  };
}

/**
 * Applies update()'s changes to `settings`, checked as the constructor checks them (messages start "update."): each
 * key given replaces the current value (undefined: back to the default). The current values are checked again with
 * them (canonical, they pass as they are), so nothing changes before everything passed. `secrets`: every token the
 * instance knows now (its string, or the running attempt's from its function), kept out of the messages.
 */
export function applyUpdate(changes: SvcContractsUpdate, settings: Settings, secrets: readonly string[]): void {
  const fields = ownFields(changes, { appearance: '', locale: 'string' }, 'update', secrets);
  Object.assign(settings, checkedPresentation({ ...settings, ...fields }, 'update', secrets));
}

/** The canonical form of a BCP 47 tag ("en-us" → "en-US"). */
function canonicalLocale(locale: string, path: string, secrets: readonly string[]): string {
  try {
    return Intl.getCanonicalLocales(locale)[0];
  } catch {
    throw configError(`${path}.locale must be a BCP 47 tag like "de-DE", got ${quote(locale, secrets)}.`);
  }
}

/** A number is pixels; a string is applied as written, once the browser confirms it is a valid length. */
function dimension(
  name: 'width' | 'height',
  value: unknown,
  fallback: string | number,
  secrets: readonly string[],
): string {
  if (value === undefined) value = fallback;
  if (typeof value === 'number' && value >= 0 && value < Infinity) return `${value}px`;
  const valid = typeof value === 'string' && value.trim() !== '' && CSS.supports(name, value);
  if (valid) return value as string;
  throw configError(`config.${name} must be pixels or a CSS length like "100%", got ${quote(value, secrets)}.`);
}
