// One attempt of an instance (an open() or prepare(), or the warm start's frame waiting for one): its frame or
// window, its channel to the app, the watchers that end it early, and its teardown, each undo registered where the
// resource is acquired. The lifecycle is not here: the attempt reports to its owner (attempt-owner.ts: the
// instance's attempt runner, attempt-runner.ts), which decides what a report means in its state.
import type { AttemptOwner } from './attempt-owner';
import { openChannel, type Channel } from './channel';
import { createCleanup, type Cleanup } from './cleanup';
import { removeFrame } from './focus-return';
import { watchFrameCsp } from './frame-csp';
import { createFrame, visibility } from './frame';
import { watchLoading } from './load-detectors';
import { noHelloMessage } from './load-failure';
import { openPopup, watchPopup } from './popup';
import { attemptToken } from './token';

// Members marked @internal are the SDK's own: the build shortens their names (lib/mangled-properties.mjs).
export interface Attempt {
  /** The attempt's frame; undefined when the app runs in a window (display "popup"). @internal */
  iframe: HTMLIFrameElement | undefined;
  /** The channel to the app in the frame or window. @internal */
  appChannel: Channel;
  /**
   * performance.now() when the signer first saw it: a window from the start, a frame at showFrame(); undefined while
   * the frame is hidden. The clock of the signer's wait (wait-timing.ts) and of contract.step's elapsedMs. @internal
   */
  shownAt(): number | undefined;
  /** Shows the hidden frame: open() shows it at once, or when the signer's open() comes after prepare(). @internal */
  showFrame(): void;
  /** The warm start's frame, still waiting for the first open() or prepare() (not taken, not failed). @internal */
  isWarm(): boolean;
  /**
   * The instance that takes the shared warm frame (warm-pool.ts) becomes its owner, once, before begin(): from
   * then on every report, log line and token request is the taker's.
   * @internal
   */
  adopt(owner: AttemptOwner): void;
  /** open() or prepare() takes the attempt: a warm one asks for its token now; the load detectors start. @internal */
  begin(): void;
  /** The warm frame's app offered only protocol versions this SDK does not speak, before any attempt took it. @internal */
  refused(): boolean;
  /** Stops the listeners, timers and port; the frame stays (an error the app reported is the signer's to read). @internal */
  halt(): void;
  /** halt(), then removes the frame or closes the window. Idempotent, as halt() is. @internal */
  teardown(): void;
}

/**
 * Places an attempt's frame (hidden, in the owner's container) or window and opens its channel, which listens
 * before the frame is in the document, so that the app's hello cannot be missed. Undefined: the browser blocked
 * the window. `warm`: the warm start's frame (docs/decisions.md #29), whose token is asked when begin() takes it
 * instead of now.
 *
 * The owner's token source is asked once per attempt here and at each renewal (channel.ts). The connection and the
 * frame are cleaned up apart: an error the app reports ends the connection but leaves the frame for the signer to
 * read. Everything here reads `owner` at the time of use: the shared warm frame's is set when an instance takes it.
 */
export function createAttempt(first: AttemptOwner, warm?: boolean): Attempt | undefined {
  let current = first;
  const owner = () => current;
  const { settings } = first;
  const [connection, frame] = [createCleanup(), createCleanup()];

  // display "popup": the window first, in the task of the signer's click; the token function is asked after.
  const popup = settings.popup ? openPopup(settings.app.embedUrl) : undefined;
  if (popup === null) return; // the browser blocked the window
  const iframe = popup ? undefined : createFrame(settings);

  let giveToken: ((token: string | Promise<string>) => void) | undefined;
  const failLoading = (message: string) => {
    current.onLoadingFailed(message);
    // Before any attempt: the warm frame never said hello (an error page, a blocked frame); open() starts afresh.
    giveToken = undefined;
  };
  const askToken = () => attemptToken(current.renewWith, failLoading);
  const token = warm ? new Promise<string>((resolve) => (giveToken = resolve)) : askToken();

  // The warm frame's app too new for this SDK: open() or prepare() reports it, asking no token (attempt-runner.ts).
  let refused = false;
  const onNoCommonVersion = () => (giveToken ? (refused = true) : current.onNoCommonVersion());
  const onNoHello = () => failLoading(noHelloMessage(settings.app.origin));
  const appChannel = openChannel({ iframe, popup, token, cleanup: connection, owner, onNoHello, onNoCommonVersion });

  if (popup) watchPopup(popup, frame, appChannel.heard, (severed) => current.onPopupClosed(severed));
  else placeFrame(iframe!, owner, connection, frame, failLoading);
  return {
    iframe,
    appChannel,
    ...visibility(iframe),
    isWarm: () => !!giveToken,
    adopt: (taker) => void (current = taker),
    begin() {
      if (!refused) giveToken?.(askToken());
      giveToken = undefined;
      watchLoading(current.settings, appChannel, connection, failLoading);
    },
    refused: () => refused,
    halt: connection.run,
    teardown() {
      connection.run();
      frame.run();
    },
  };
}

/** Puts the hidden frame into the owner's container; its removal gives focus back (focus-return.ts). */
function placeFrame(
  iframe: HTMLIFrameElement,
  owner: () => AttemptOwner,
  connection: Cleanup,
  frame: Cleanup,
  failLoading: (message: string) => void,
): void {
  // From the frame's creation: a warm frame the page's CSP blocks is replaced on open(), which then reports it.
  watchFrameCsp(iframe, owner().settings.app, connection, failLoading);
  owner().container.appendChild(iframe);
  // Removed from where it is then: a taken warm frame from its taker's container, focus back where the taker's was.
  frame.add(() => removeFrame(iframe, owner().container, owner().focusBefore()));
}
