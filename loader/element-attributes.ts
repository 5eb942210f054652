// The attributes of <svc-contract-signing> as data: each one's name and how its text is read; its property and
// SvcContracts option are its name in camelCase. Every attribute here defines the session: a change of its value starts a new one; but locale, which
// updates the running session (LIVE_OPTIONS, loader/session.ts).
import { configError } from '../src/errors';
import { withoutPrototype } from '../src/values';
import type { SessionOptionName } from './session';

/** How an attribute's text becomes the option's value. */
type Kind = 'text' | 'number' | 'length' | 'flag';

/** [attribute, kind]: the attributes of SvcContracts' options (optionName). */
export const SESSION_ATTRIBUTES = [
  ['contract-id', 'text'],
  ['app-url', 'text'],
  ['environment', 'text'],
  ['locale', 'text'],
  ['frame-title', 'text'],
  ['width', 'length'],
  ['height', 'length'],
  ['min-height', 'number'],
  ['max-height', 'number'],
  ['load-timeout', 'number'],
  ['debug', 'flag'],
  ['display', 'text'],
] as const satisfies readonly (readonly [string, Kind])[];

/** The element's property of an attribute: its name in camelCase (`min-height` → `minHeight`). */
export const propertyName = (attribute: string): string =>
  attribute.replace(/-(.)/g, (_, letter: string) => letter.toUpperCase());

/** The SvcContracts option of a session attribute: its property's name, but `title` for frame-title (an element's own `title` is its tooltip). */
export const optionName = (attribute: string): SessionOptionName =>
  (attribute === 'frame-title' ? 'title' : propertyName(attribute)) as SessionOptionName;

/** The loader's options (loadSvcSDK): the CDN to load the SDK from, and the CSP nonce of its script element. */
export const LOADER_ATTRIBUTES = ['cdn-url', 'nonce'] as const;

/**
 * Refused, in any case: each spelling of the token property a framework writes into server-rendered HTML for a
 * property binding (Svelte 5 and Vue: signingtoken; Angular's [attr.signing-token]: signing-token), and the
 * snake_case one. An attribute puts the credential in the page's HTML and DOM, which anyone reading the page sees.
 */
export const TOKEN_ATTRIBUTES = ['signing-token', 'signingtoken', 'signing_token'];

export const isTokenAttribute = (name: string): boolean => TOKEN_ATTRIBUTES.includes(name.toLowerCase());

/** Names the attribute, never its value. */
export const tokenAttributeRefused = (name: string): TypeError =>
  configError(
    `<svc-contract-signing> refuses the ${name} attribute (a token in the page's HTML): set the signingToken property in the browser, or token-url.`,
  );

/** The option value of an attribute's text (null: absent). Numbers a browser cannot read stay NaN: the SDK's check names them. */
export function optionValue(kind: Kind, text: string | null): unknown {
  if (text === null) return kind === 'flag' ? false : undefined;
  if (kind === 'text') return text;
  if (kind === 'flag') return text !== 'false';
  if (kind === 'length') return /^\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  return text.trim() ? Number(text) : NaN;
}

/** The attribute text of a property value: null removes the attribute. */
export function attributeText(kind: Kind, value: unknown): string | null {
  if (kind === 'flag') return value ? '' : null;
  return value === null || value === undefined ? null : String(value);
}

/** The property value of an attribute's text (what reading `element.minHeight` gives). */
export function propertyValue(kind: Kind, text: string | null): unknown {
  // A flag reads as its option (absent: false); any other absent attribute reads null.
  return text === null && kind !== 'flag' ? null : optionValue(kind, text);
}

/** [attribute, kind] of each attribute a property of the element reflects (propertyName). */
export const REFLECTED = [...SESSION_ATTRIBUTES, ['cdn-url', 'text'], ['token-url', 'text']] as const;

/** The element's reflected properties: reading gives the attribute's value, writing sets it (null or undefined removes it). */
export function defineReflectedProperties(prototype: HTMLElement): void {
  for (const [attribute, kind] of REFLECTED) {
    // No prototype: a polluted Object.prototype's value or writable would make this descriptor invalid (a throw
    // as the module loads: no element), its enumerable would list the accessor.
    Object.defineProperty(
      prototype,
      propertyName(attribute),
      withoutPrototype({
        configurable: true,
        get(this: HTMLElement) {
          return propertyValue(kind, this.getAttribute(attribute));
        },
        set(this: HTMLElement, value: unknown) {
          const text = attributeText(kind, value);
          if (text === null) this.removeAttribute(attribute);
          else this.setAttribute(attribute, text);
        },
      }),
    );
  }
}
