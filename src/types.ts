import type { ErrorCode } from './error-codes';

export type Environment = 'production' | 'qa';

/**
 * The signing token, or a function called at each `open()` attempt (the first and every retry) that returns a
 * fresh one, or a promise of it.
 */
export type SigningTokenSource = string | (() => string | Promise<string>);

/** Options of `new SvcSDK.SvcContracts(container, config)`. */
export interface SvcContractsConfig {
  /**
   * Per-signer token from `GET /api/v3/applications/{app_id}/contracts`, or a function returning a fresh one
   * (or a promise of it), called at each open() attempt. A credential: never log it.
   */
  signingToken: SigningTokenSource;
  /** The partner's own id for the contract, echoed in every event payload. */
  contractId?: string;
  /** A number is pixels; a string is applied as written ("100%", "40rem"). Default "100%". */
  width?: number | string;
  /**
   * A number is pixels; a string is applied as written; "auto" follows the height of the signing app's content,
   * within minHeight and maxHeight. Default 600 (pixels).
   */
  height?: number | string;
  /** With height "auto": the smallest height in pixels, also used until the app reports its size. Default 320. */
  minHeight?: number;
  /** With height "auto": the largest height in pixels; taller content scrolls inside the frame. Default 5000. */
  maxHeight?: number;
  /** Log each lifecycle step to the console, with the token redacted. Default false. */
  debug?: boolean;
  /** Which signing app to use. Default "production". */
  environment?: Environment;
  /** Explicit signing-app address (local sandboxes, tests): https, or http on loopback only. Overrides environment. */
  appUrl?: string;
  /** Milliseconds from open() until the signing experience must be ready. Default 30000. */
  loadTimeout?: number;
  /** The signer's language as a BCP 47 tag ("en", "de-DE"), passed to the signing app. Default: the app decides. */
  locale?: string;
  /** The frame's accessible name, read by screen readers. Default "Contract signing". */
  title?: string;
  /**
   * Where the signing app runs: "frame" (an iframe in the container) or "popup" (a window of its own, opened by
   * open(), which must then be called from the signer's click; docs/popup.md). Default "frame".
   */
  display?: 'frame' | 'popup';
  /**
   * Load the signing app hidden from construction, without the token, so that open() finds it waiting (no box, not
   * focusable, not in the accessibility tree; removed by close() and destroy()). Default true.
   */
  warm?: boolean;
  /**
   * The partner's brand in the signing app: design tokens, not CSS. The SDK checks and re-serialises every value
   * (a wrong one is a TypeError naming the key and its rule) and the app checks them again. Default: the app's own
   * light look.
   */
  appearance?: Appearance;
  /**
   * The app's reading direction. Default: the container's direction as the page computes it
   * (`getComputedStyle(container).direction`), read at each start of the app and at each update().
   */
  dir?: 'ltr' | 'rtl';
}

/** The partner's look for the signing app (README "Appearance"). */
export interface Appearance {
  /** "light" (default), "dark", or "auto": follows the signer's `prefers-color-scheme`, live. */
  theme?: 'light' | 'dark' | 'auto';
  variables?: AppearanceVariables;
}

/**
 * Each token and its range. Colours are `#rgb` or `#rrggbb` (no names, `rgb()` or `hsl()`); lengths a number with
 * at most 3 decimals and `px` or `rem` (1rem = 16px), like "8px" or "0.5rem".
 */
export interface AppearanceVariables {
  /**
   * Buttons, focus accents, progress. The app writes black or white on it, whichever contrasts more (at least
   * 4.58:1 for any colour), so any colour is readable.
   */
  colorPrimary?: string;
  /** Error and decline fills; black or white text on it, as on colorPrimary. */
  colorDanger?: string;
  /** The page background. Given together with colorText: text on it must reach 4.5:1 (WCAG 2.2 AA). */
  colorBackground?: string;
  /** Body text. Given together with colorBackground, on which it must reach 4.5:1. */
  colorText?: string;
  /** Corner radius of buttons, fields and cards: 0px to 24px (0rem to 1.5rem). */
  borderRadius?: string;
  /** Body text size: 12px to 20px (0.75rem to 1.25rem). */
  fontSizeBase?: string;
  /** The step of every gap and padding: 2px to 12px (0.125rem to 0.75rem). */
  spacingUnit?: string;
  /**
   * The type: a family the signing app hosts (regular and bold, from its own origin) or a generic system stack.
   * Exact spellings; the app adds its own fallbacks, Noto Sans Arabic and Hebrew for right-to-left text among them.
   */
  fontFamily?:
    | 'Inter'
    | 'Roboto'
    | 'Open Sans'
    | 'Lato'
    | 'Source Sans 3'
    | 'Noto Sans'
    | 'system-ui'
    | 'sans-serif'
    | 'serif';
}

/** What `update()` changes; a key given replaces the current value (undefined: back to the default). */
export interface SvcContractsUpdate {
  /** The new appearance, whole (not merged with the current one). */
  appearance?: Appearance;
  /** The new locale, a BCP 47 tag. */
  locale?: string;
}

export interface ContractEventPayload {
  /** The `contractId` given in the config, or undefined. */
  contractId: string | undefined;
  /**
   * The SDK's random id of this attempt (each open() or prepare() that starts one, each retry, each resume): 32
   * lowercase hex characters, also in every debug line and sent to the signing app. Log it; send it to support.
   */
  attemptId: string;
  /**
   * The signing service's id of the signing session, from `contract.ready` on (the same as in the
   * `application.contract.signed` webhook); no key before ready, or when the signing app gives none.
   */
  sessionId?: string;
}

export interface ContractErrorPayload extends ContractEventPayload {
  code: ErrorCode;
  /** Sanitised plain text for diagnostics only; do not show it to signers or branch on it. */
  message?: string;
  /**
   * Who detected the error. `"app"`: the signing app reported it and its frame stays on the page, explaining it
   * to the signer. `"sdk"`: the SDK detected it (timeout, no answer, offline, an unknown protocol) and removed
   * the frame, so the partner shows its own message.
   */
  source: 'app' | 'sdk';
}

export interface ContractDeclinedPayload extends ContractEventPayload {
  /** The signer's reason as the signing app reports it: plain single-line text, at most 300 code points; or no key. */
  reason?: string;
}

export interface ContractStepPayload extends ContractEventPayload {
  /**
   * Where the signer is, e.g. `"document_viewed"`, `"verification_started"`, `"signature_started"`. Open-ended:
   * a name the signing app adds later passes through (letters, digits, `_.-`, at most 64; anything else, or a name
   * holding part of the token, `"unknown"`). Each name at most once per attempt.
   */
  step: string;
  /** Milliseconds since the `open()` that showed the frame (the start of the User Timing measures). */
  elapsedMs: number;
}

/** Every event the SDK emits and its payload: drives on/once/off and the docs. */
export interface ContractEventMap {
  'contract.loading': ContractEventPayload;
  'contract.loaded': ContractEventPayload;
  'contract.ready': ContractEventPayload;
  'contract.completed': ContractEventPayload;
  'contract.error': ContractErrorPayload;
  /** The signer declined to sign: the attempt ended; the frame stays until close(); open() starts a new attempt. */
  'contract.declined': ContractDeclinedPayload;
  /** The signer left without signing ("Finish later"): the attempt ended; open() resumes with a new attempt. */
  'contract.cancelled': ContractEventPayload;
  /** The signer reached a step of the signing flow (for funnels). Only while the attempt runs. */
  'contract.step': ContractStepPayload;
  /** The signer interacted inside the frame; at most once per 30 s per instance (to extend your own idle timer). */
  'contract.activity': ContractEventPayload;
}

export type ContractEventName = keyof ContractEventMap;

export type ContractEventHandler<E extends ContractEventName> = (payload: ContractEventMap[E]) => void;
