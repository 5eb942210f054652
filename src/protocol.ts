import { ownValue as own } from './values';
import { cleanText } from './clean-text';
import { KNOWN_ERROR_CODES, type KnownErrorCode } from './error-codes';
import type { Settings } from './config';
import type { Presentation } from './presentation';
import { containsSecret, holdsPiece } from './redact';
import { SDK_VERSION } from './version';
import type { AppMessage, FocusRequest, KeepAliveMessage, SentFields, SentType } from './protocol-types';

// The wire format of docs/protocol.md. Receivers ignore anything they do not recognise.
export const PROTOCOL = 'svc-contracts';
/** Protocol versions this SDK speaks. hello's own envelope is frozen at version 1, so any SDK can read it. */
export const SUPPORTED_VERSIONS: readonly number[] = [1];
const HELLO_VERSION = 1;
/**
 * Optional features this SDK supports, listed in init (docs/protocol.md §4.5). A feature is on only when the app's
 * hello lists it too, so either side can be older.
 */
/** The warm start (docs/protocol.md §4.6): the app waits for init, however late, once told `wait`. */
export const WARM = 'warm';
/** Token renewal (§6.7): app → SDK `renew`, SDK → app `renewed`. */
export const RENEW = 'renew';
/** The heartbeat (§6.6): app → SDK `beat`, SDK → app `ping`. */
export const HEARTBEAT = 'heartbeat';
/** Live appearance and locale (docs/protocol.md §6.2): the app applies `update` in place. */
export const UPDATE = 'update';
export const SDK_FEATURES: readonly string[] = [WARM, RENEW, HEARTBEAT, UPDATE];
// More versions than any app will ever list: a longer list is not a hello.
const MAX_OFFERED_VERSIONS = 16;

export type { AppMessage, FocusRequest, KeepAliveMessage, SendToApp } from './protocol-types';

const CODE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
const PROTOTYPE_NAME =
  /^(__.*|constructor|prototype|hasOwnProperty|isPrototypeOf|propertyIsEnumerable|to(Locale)?String|valueOf)$/;

/**
 * The `type` of a valid envelope of `version`, read from own properties only (whatever the object's prototype
 * carries is absent); undefined for anything else.
 */
function envelopeType(data: unknown, version: number): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const type = own(data, 'type');
  return own(data, 'protocol') === PROTOCOL && own(data, 'version') === version && typeof type === 'string'
    ? type
    : undefined;
}

/**
 * The protocol version to speak with an app whose hello is `data`: the highest version both sides support.
 * Returns 0 for a valid hello with no common version, undefined for anything that is not a hello. A hello
 * without a `versions` list offers version 1 only.
 */
export function helloVersion(data: unknown): number | undefined {
  try {
    if (envelopeType(data, HELLO_VERSION) !== 'hello') return undefined;
    const offered = own(data as object, 'versions') ?? [HELLO_VERSION];
    if (!Array.isArray(offered) || offered.length > MAX_OFFERED_VERSIONS) return undefined;
    return Math.max(0, ...ownEntries(offered, SUPPORTED_VERSIONS));
  } catch {
    return undefined; // a hostile getter or proxy: treat as junk
  }
}

/** The features of a valid hello that this SDK supports too: own entries of its `features` list; none otherwise. */
export function helloFeatures(data: unknown): string[] {
  try {
    const listed = own(data as object, 'features');
    return Array.isArray(listed) ? ownEntries(listed, SDK_FEATURES) : [];
  } catch {
    return []; // a hostile getter or proxy: no features
  }
}

/**
 * The entries of an app's list that are in `known`. Own entries only (Object.keys): a hole in the list is no
 * entry, whatever a polluted prototype says.
 */
function ownEntries<T>(list: unknown[], known: readonly T[]): T[] {
  return Object.keys(list)
    .map((i) => list[+i] as T)
    .filter((entry) => known.includes(entry));
}

/**
 * An error code, step name or sessionId as the partner receives it: letters, digits and `_.-` (at most 64), never
 * a name every object inherits (partners look codes up in objects) and never holding a piece of the token; anything
 * else undefined. A documented code (KNOWN_ERROR_CODES) is the SDK's own constant and tells nothing about the
 * token even where a token spells it (sandbox tokens name their scenario: `sbx_not_found_…`): only the whole
 * token in it is refused.
 */
function cleanName(name: unknown, tokens: string[]): string | undefined {
  if (typeof name !== 'string' || !CODE_PATTERN.test(name) || PROTOTYPE_NAME.test(name)) return;
  const documented = Object.values(KNOWN_ERROR_CODES).includes(name as KnownErrorCode);
  const secret = documented ? containsSecret : holdsPiece;
  return tokens.some((token) => secret(name, token)) ? undefined : name;
}

/** An error code or step name: cleanName's, or "unknown". */
const cleanCode = (code: unknown, tokens: string[]): string => cleanName(code, tokens) ?? 'unknown';

/** A string as the partner receives it (cleanText: the tokens redacted); undefined for anything else. */
function textOf(value: unknown, tokens: string[]): string | undefined {
  return typeof value === 'string' ? cleanText(value, ...tokens) : undefined;
}

/**
 * Validates a message from the app's port; each of `tokens` is cleaned out of any text the partner receives.
 * `dropped` hears of a field that was there but broke the rules and is left out (ready's sessionId).
 */
export function parseAppMessage(
  data: unknown,
  version: number,
  tokens: string[],
  dropped: (field: string) => void = () => {},
): AppMessage | FocusRequest | KeepAliveMessage | undefined {
  try {
    const type = envelopeType(data, version);
    const field = (key: string) => own(data as object, key);
    const text = (key: string) => textOf(field(key), tokens); // an own string property, cleaned
    if (
      type === 'loaded' ||
      type === 'completed' ||
      type === 'cancelled' ||
      type === 'activity' ||
      type === 'focus' ||
      type === 'renew' ||
      type === 'beat'
    )
      return { type };
    if (type === 'resize') {
      const height = field('height');
      return typeof height === 'number' && height >= 0 && height < Infinity ? { type, height } : undefined;
    }
    if (type === 'ready') return readyMessage(field('sessionId'), tokens, dropped);
    if (type === 'declined') {
      const reason = text('reason'); // none: no key at all (the partner's `'reason' in payload` is false)
      return reason === undefined ? { type } : { type, reason };
    }
    // A step without a string name says nothing: malformed (an error without a code still reports the error).
    if (type === 'step')
      return typeof field('step') === 'string' ? { type, step: cleanCode(field('step'), tokens) } : undefined;
    if (type === 'error') return { type, code: cleanCode(field('code'), tokens), message: text('message') };
  } catch {
    // a hostile getter or proxy: treat as junk
  }
  return undefined;
}

/**
 * ready, with its sessionId absent or valid (docs/protocol.md §6.8): none gives no key at all; one that breaks
 * cleanName's rules is left out and reported to `dropped` (logged as ignored).
 */
function readyMessage(given: unknown, tokens: string[], dropped: (field: string) => void): AppMessage {
  const sessionId = cleanName(given, tokens);
  if (given !== undefined && !sessionId) dropped('sessionId');
  return sessionId ? { type: 'ready', sessionId } : { type: 'ready' };
}

/** The answer to hello (docs/protocol.md §4.3): the token, the contract, the attempt, and how the app is to look. */
export function initMessage(
  version: number,
  token: string,
  { contractId }: Settings,
  attemptId: string | undefined,
  look: Presentation,
) {
  const fields = {
    signingToken: token,
    contractId,
    attemptId,
    sdkVersion: SDK_VERSION,
    ...look,
    features: SDK_FEATURES,
  };
  return envelope(version, 'init', fields);
}

/** A parent → app message over the port (`focus`, and each feature's own): the envelope and its fields. */
export function envelope<T extends SentType>(version: number, type: T, fields?: SentFields<T>) {
  return { ...fields, protocol: PROTOCOL, version, type };
}
