// One attempt of an instance (an open() or prepare(), or the warm start's frame waiting for one): its frame or
// window, its channel to the app, the watchers that end it early, and its teardown, each undo registered where the
// resource is acquired. The lifecycle is not here: the attempt reports to its instance (svc-contracts.ts), which
// decides what a report means in its state.
import { openChannel, type Channel, type ChannelOptions } from './channel';
import { createCleanup, type Cleanup } from './cleanup';
import { removeFrame } from './focus-return';
import { watchFrameCsp } from './frame-csp';
import { createFrame } from './frame';
import { watchLoading } from './load-detectors';
import { noHelloMessage } from './load-failure';
import { openPopup, watchPopup } from './popup';
import { attemptToken } from './token';

// Members marked @internal are the SDK's own: the build shortens their names (lib/mangled-properties.mjs).
/** The instance's side of an attempt: the channel's options the attempt does not make itself, and its reports. */
export interface AttemptOptions extends Omit<ChannelOptions, 'iframe' | 'popup' | 'token' | 'cleanup' | 'onNoHello'> {
  /** The warm start's frame (docs/decisions.md): the token is asked when begin() takes it instead of now. */
  warm?: boolean;
  /** Where focus was at open(): where it returns if the frame goes while focused (focus-return.ts). @internal */
  focusBefore(): Element | null | undefined;
  /**
   * A loading failure the SDK saw (token, no hello, timeout, CSP, offline): the instance decides if it counts.
   * @internal
   */
  onLoadingFailed(message: string): void;
  /**
   * The poll found the window (display "popup") closed; `severed`: cut off by COOP, not closed by the signer.
   * @internal
   */
  onPopupClosed(severed: boolean): void;
}

export interface Attempt {
  /** The attempt's frame; undefined when the app runs in a window (display "popup"). @internal */
  iframe: HTMLIFrameElement | undefined;
  /** The channel to the app in the frame or window. @internal */
  appChannel: Channel;
  /** The warm start's frame, still waiting for the first open() or prepare() (not taken, not failed). @internal */
  isWarm(): boolean;
  /** open() or prepare() takes the attempt: a warm one asks for its token now; the load detectors start. @internal */
  begin(): void;
  /**
   * The warm frame's app offered only protocol versions this SDK does not speak, before any attempt took it.
   * @internal
   */
  refused(): boolean;
  /**
   * Stops the listeners, timers and port; the frame stays (an error the app reported is the signer's to read).
   * @internal
   */
  halt(): void;
  /** halt(), then removes the frame or closes the window. Idempotent, as halt() is. @internal */
  teardown(): void;
}

/**
 * Places an attempt's frame (hidden, in the container) or window and opens its channel, which listens before the
 * frame is in the document, so that the app's hello cannot be missed. Undefined: the browser blocked the window.
 * renewWith is the partner's token source, asked once per attempt here and at each renewal (channel.ts). The
 * connection and the frame are cleaned up apart: an error the app reports ends the connection but leaves the frame
 * for the signer to read. The channel's options inherit the instance's rather than copy them: the shared warm
 * frame's change owner when an instance takes it (warm-pool.ts).
 */
export function createAttempt(options: AttemptOptions): Attempt | undefined {
  const { settings, warm } = options;
  const [connection, frame] = [createCleanup(), createCleanup()];
  // display "popup": the window first, in the task of the signer's click; the token function is asked after.
  const popup = settings.popup ? openPopup(settings.app.embedUrl) : undefined;
  if (popup === null) return; // the browser blocked the window
  const iframe = popup ? undefined : createFrame(settings);
  let giveToken: ((token: string | Promise<string>) => void) | undefined;
  const failLoading = (message: string) => {
    options.onLoadingFailed(message);
    // Before any attempt: the warm frame never said hello (an error page, a blocked frame); open() starts afresh.
    giveToken = undefined;
  };
  const askToken = () => attemptToken(options.renewWith, failLoading);
  const token = warm ? new Promise<string>((resolve) => (giveToken = resolve)) : askToken();
  // The warm frame's app too new for this SDK: open() or prepare() reports it, asking no token (svc-contracts.ts).
  let refused = false;
  const onNoCommonVersion = () => (giveToken ? (refused = true) : options.onNoCommonVersion());
  const onNoHello = () => failLoading(noHelloMessage(settings.app.origin));
  const own = { iframe, popup, token, cleanup: connection, onNoHello, onNoCommonVersion };
  const appChannel = openChannel(Object.assign(Object.create(options), own));
  if (popup) watchPopup(popup, frame, appChannel.heard, options.onPopupClosed);
  else placeFrame(iframe!, options, connection, frame, failLoading);
  return {
    iframe,
    appChannel,
    isWarm: () => !!giveToken,
    begin() {
      if (!refused) giveToken?.(askToken());
      giveToken = undefined;
      watchLoading(options.settings, appChannel, connection, failLoading);
    },
    refused: () => refused,
    halt: connection.run,
    teardown() {
      connection.run();
      frame.run();
    },
  };
}

/** Puts the hidden frame into the container; its removal gives focus back (focus-return.ts). */
function placeFrame(
  iframe: HTMLIFrameElement,
  options: AttemptOptions,
  connection: Cleanup,
  frame: Cleanup,
  failLoading: (message: string) => void,
): void {
  // From the frame's creation: a warm frame the page's CSP blocks is replaced on open(), which then reports it.
  watchFrameCsp(iframe, options.settings.app, connection, failLoading);
  options.container.appendChild(iframe);
  frame.add(() => removeFrame(iframe, options.container, options.focusBefore()));
}
