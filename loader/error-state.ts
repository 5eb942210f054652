// The element's visible error state, in element.umd.js only (pages with no JavaScript of their own; the npm element
// entry has no room for it: docs/decisions.md #36). When a contract-error reaches no listener that calls
// preventDefault(), the signer reads a short text in the element's box (role="alert") with, where a retry can
// help, a "Try again" button; the developer reads the element's message once on the console. No markup strings and
// no style attribute written as text: nodes, textContent and CSSOM properties only (a strict CSP and Trusted Types).
import { COLOUR, LENGTH } from '../src/appearance';
import { hasOwn, ownValue } from '../src/values';
import type { ContractErrorPayload } from './types';

/** The class partners style it by (a light-DOM child of the element: the page's CSS reaches it). */
export const ERROR_STATE_CLASS = 'svc-contract-signing-error';

/** The button's label, the text of a code with none of its own, and the texts by code. */
type Texts = { readonly retry: string; readonly fallback: string; readonly byCode: Readonly<Record<string, string>> };

/** What the signer reads, by the element's locale (English unless it starts with "de"), by code. */
const TEXTS: Readonly<Record<'en' | 'de', Texts>> = {
  en: {
    retry: 'Try again',
    fallback: 'The contract could not be loaded.',
    byCode: {
      not_found: 'This contract could not be found.',
      session_expired: 'Your signing session has expired.',
      popup_blocked: 'The browser blocked the signing window.',
      verification_required: 'Please verify your identity to sign this contract.',
      verification_limit_exceeded: 'Signing cannot continue here. Please contact support.',
    },
  },
  de: {
    retry: 'Erneut versuchen',
    fallback: 'Der Vertrag konnte nicht geladen werden.',
    byCode: {
      not_found: 'Dieser Vertrag wurde nicht gefunden.',
      session_expired: 'Ihre Sitzung zum Unterzeichnen ist abgelaufen.',
      popup_blocked: 'Der Browser hat das Fenster zum Unterzeichnen blockiert.',
      verification_required: 'Bitte bestätigen Sie Ihre Identität, um diesen Vertrag zu unterzeichnen.',
      verification_limit_exceeded: 'Das Unterzeichnen ist hier nicht möglich. Bitte wenden Sie sich an den Support.',
    },
  },
};

/** The one code where another attempt cannot help (docs/errors.md: stop and route the signer to support). */
const FINAL_CODE = 'verification_limit_exceeded';

/** The appearance tokens the box takes, as CSS properties: the same look as the signing app's own error text. */
const STYLED: ReadonlyArray<[token: string, property: 'color' | 'backgroundColor' | 'borderColor' | 'borderRadius']> = [
  ['colorText', 'color'],
  ['colorBackground', 'backgroundColor'],
  ['colorDanger', 'borderColor'],
  ['borderRadius', 'borderRadius'],
];
const DEFAULT_LOOK = {
  light: { colorText: '#1d2433', colorBackground: '#ffffff', colorDanger: '#b42318', borderRadius: '6px' },
  dark: { colorText: '#e7eaf0', colorBackground: '#14171c', colorDanger: '#ff8a80', borderRadius: '6px' },
} as const;

export type ErrorStateHost = HTMLElement & {
  readonly locale: string | null;
  readonly appearance: unknown;
  open(): Promise<void>;
};

const states = new WeakMap<ErrorStateHost, HTMLElement>();

/** Shows the error in `host`'s box, in place of any earlier one; `canRetry`: the host can start another attempt. */
export function showErrorState(host: ErrorStateHost, error: ContractErrorPayload, canRetry: boolean): void {
  clearErrorState(host);
  const texts = TEXTS[/^de\b/i.test(host.locale ?? '') ? 'de' : 'en'];
  const box = document.createElement('div');
  box.className = ERROR_STATE_CLASS;
  box.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = hasOwn(texts.byCode, error.code) ? texts.byCode[error.code] : texts.fallback;
  box.append(text);
  if (canRetry && error.code !== FINAL_CODE) {
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.textContent = texts.retry;
    // In the click: a popup's window opens only in a user's gesture.
    retry.addEventListener('click', () => {
      clearErrorState(host);
      void host.open();
    });
    box.append(retry);
  }
  applyLook(box, host.appearance);
  states.set(host, box);
  host.append(box);
}

/** Removes `host`'s error state, if it shows one (idempotent). */
export function clearErrorState(host: ErrorStateHost): void {
  states.get(host)?.remove();
  states.delete(host);
}

/** The partner's appearance tokens (own properties, checked values) over the theme's defaults. */
function applyLook(box: HTMLElement, appearance: unknown): void {
  const own = (object: unknown, key: string) =>
    typeof object === 'object' && object !== null ? ownValue(object, key) : undefined;
  const theme = own(appearance, 'theme');
  const dark = theme === 'dark' || (theme === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches);
  const look: Record<string, string> = { ...DEFAULT_LOOK[dark ? 'dark' : 'light'] };
  const variables = own(appearance, 'variables');
  for (const [token] of STYLED) {
    const value = own(variables, token);
    if (typeof value === 'string' && (COLOUR.test(value) || LENGTH.test(value))) look[token] = value;
  }
  box.style.borderStyle = 'solid';
  box.style.borderWidth = '1px';
  box.style.padding = '1em';
  for (const [token, property] of STYLED) box.style[property] = look[token];
}
