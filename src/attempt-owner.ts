// Whom an attempt works for: its instance's settings, container, log and token source, and the instance's side of
// each report. An instance's own attempt has its owner from creation; the page's shared warm frame (warm-pool.ts)
// has the unowned one below until an instance takes it, which sets the taker as its owner once (Attempt.adopt).
import { createAttemptIds, type AttemptIds } from './attempt-ids';
import type { Settings } from './config';
import type { Logger } from './logger';
import type { AppMessage } from './protocol';
import type { SigningTokenSource } from './types';

// Members marked @internal are the SDK's own: the build shortens their names (lib/mangled-properties.mjs).
/** Each field is fixed for the owner's life: reading one early or late gives the same value. */
export interface AttemptOwner {
  /** The signing app (its exact origin), and the contractId, title, sizes and locale of the frame and init. @internal */
  settings: Settings;
  /** Where the frame goes; init carries its direction (presentation.ts). @internal */
  container: Element;
  log: Logger;
  /** The instance's attempt ids (attempt-ids.ts): init carries the running attemptId. @internal */
  ids: AttemptIds;
  /** The partner's token source, asked once per attempt and again when the app renews (docs/protocol.md §6.7). @internal */
  renewWith: SigningTokenSource;
  /** Where focus was at open(): where it returns if the frame goes while focused (focus-return.ts). @internal */
  focusBefore(): Element | null | undefined;
  /** @internal */
  onAppMessage(message: AppMessage): void;
  /** A loading failure the SDK saw (token, no hello, timeout, CSP, offline): the instance decides if it counts. @internal */
  onLoadingFailed(message: string): void;
  /** Whether a hello should still be answered (not after the attempt ended: completed, declined, cancelled). @internal */
  canGreet(): boolean;
  /** The app speaks no protocol version this SDK knows. @internal */
  onNoCommonVersion(): void;
  /** Whether the app's silence counts now (ready and shown; docs/protocol.md §6.6). @internal */
  watching(): boolean;
  /** The app stopped beating: frozen or crashed. @internal */
  onUnresponsive(): void;
  /** The poll found the window (display "popup") closed; `severed`: cut off by COOP, not closed by the signer. @internal */
  onPopupClosed(severed: boolean): void;
}

/**
 * The shared warm frame's owner until an instance takes it: the settings and log of the instance it was created
 * for, in <body>; it greets (the app is told to wait), and every report goes to nobody: the taker asks the attempt
 * (isWarm, refused) what happened before it came. Its token source is never asked: the token waits for the taker.
 */
export function unowned(settings: Settings, log: Logger): AttemptOwner {
  const nobody = () => {};
  return {
    settings,
    container: document.body,
    log,
    ids: createAttemptIds(), // none: init waits for the taker's token, and carries the taker's
    renewWith: '',
    focusBefore: () => undefined,
    onAppMessage: nobody,
    onLoadingFailed: nobody,
    canGreet: () => true,
    onNoCommonVersion: nobody,
    watching: () => false,
    onUnresponsive: nobody,
    onPopupClosed: nobody,
  };
}
