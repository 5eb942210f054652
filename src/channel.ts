import { listen, type Cleanup } from './cleanup';
import type { Settings } from './config';
import { createIgnoredLog, type IgnoredLog } from './ignored';
import type { Logger } from './logger';
import { connectAppPort, type AppPort } from './app-port';
import { envelope, helloFeatures, helloVersion, WARM, type AppMessage } from './protocol';
import { withToken } from './token';

/** How long the first hello may still take once the frame has fired `load` (docs/protocol.md §4.1). */
export const HELLO_AFTER_LOAD_MS = 3000;

// Names marked "shortened by the build" are internal: the build mangles them (lib/mangled-properties.mjs).
export interface ChannelOptions {
  iframe: HTMLIFrameElement; // shortened by the build
  /** The signing app (its exact origin), and the contractId and locale sent in init. */
  settings: Settings; // shortened by the build
  /** The token, or the promise of this attempt's token from the partner's function: hello waits for it. */
  token: string | Promise<string>;
  /** Receives the undo of everything the channel acquires (listeners, timer, port). */
  cleanup: Cleanup; // shortened by the build
  log: Logger;
  onAppMessage(message: AppMessage): void; // shortened by the build
  /** Whether a hello should still be answered (not after the attempt ended: completed, declined, cancelled). */
  canGreet(): boolean; // shortened by the build
  /** The frame loaded but never said hello: an error page, or another origin. */
  onNoHello(): void; // shortened by the build
  /** The app speaks no protocol version this SDK knows. */
  onNoCommonVersion(): void; // shortened by the build
}

export interface Channel {
  /**
   * Asks the app to focus its first control (docs/protocol.md §6.2); before the handshake, focuses the frame
   * element instead.
   */
  focus(): void;
  /** Logs an ignored message of the app's, once per kind and attempt (docs/protocol.md §4.2). */
  ignore(what: string): void; // shortened by the build
  /** Whether the app has said hello: a frame that never did, never loaded or never spoke (docs/protocol.md §4.1). */
  heard(): boolean; // shortened by the build
  /** Posts an SDK → app message over the current port; nothing before the handshake (docs/protocol.md §6.2). */
  send(type: string, fields?: object): void;
  /** The optional features of the current handshake (docs/protocol.md §4.5); none before it. */
  features(): readonly string[];
}

/**
 * For the whole life of the frame, answers each hello that comes from this instance's own frame window and the
 * exact signing-app origin with `init`, the token and a fresh private MessagePort (closing the previous one):
 * an app that reloads or navigates inside its frame gets its session back. Everything after the handshake
 * travels over that port, so no other frame or instance can read or forge it.
 */
export function openChannel(options: ChannelOptions): Channel {
  const { iframe, settings, cleanup, log } = options;
  const origin = settings.app.origin;
  const ignore: IgnoredLog = createIgnoredLog(log);
  const withAttemptToken = withToken(options.token, cleanup);
  let helloTimer: ReturnType<typeof setTimeout> | undefined;
  let port: AppPort | undefined;
  let heard = false;

  const answer = (frameWindow: Window, hello: { version: number; features: string[] }, token: string): void => {
    port?.close();
    const onMalformed = () => ignore('malformed', origin);
    port = connectAppPort(frameWindow, iframe, { ...hello, token, settings }, options.onAppMessage, onMalformed, log);
  };

  const onWindowMessage = (event: MessageEvent): void => {
    const frameWindow = iframe.contentWindow;
    const offered = helloVersion(event.data);
    if (!frameWindow || event.source !== frameWindow) {
      // The page's other messages are not ours to report; a hello meant for an SDK is (the origin tells the page's
      // own from another frame's).
      if (offered !== undefined) ignore('hello from another window', event.origin);
      return;
    }
    if (event.origin !== origin) {
      ignore('origin', event.origin);
    } else if (offered === undefined) {
      ignore('not a hello', origin);
    } else if (!options.canGreet()) {
      // After the outcome any hello is out of order, whatever versions it offers (docs/protocol.md §4.2).
      ignore('hello out of order', origin);
    } else if (!offered) {
      options.onNoCommonVersion();
    } else {
      heard = true;
      stopLoadCheck();
      const features = helloFeatures(event.data);
      // init may come much later (the warm start, a token function): an app that can wait is told to (§4.4).
      if (features.includes(WARM)) frameWindow.postMessage(envelope(offered, 'wait'), origin);
      withAttemptToken((token) => answer(frameWindow, { version: offered, features }, token));
    }
  };

  // Only the first document is checked: once the app has spoken, a load without hello is the app's own
  // navigation (an identity-verification provider, say) inside a working session.
  const onFrameLoad = (): void => {
    if (helloTimer === undefined) helloTimer = setTimeout(options.onNoHello, HELLO_AFTER_LOAD_MS);
  };

  const stopLoadCheck = (): void => {
    iframe.removeEventListener('load', onFrameLoad);
    clearTimeout(helloTimer);
  };

  listen(cleanup, window, 'message', onWindowMessage);
  iframe.addEventListener('load', onFrameLoad);
  cleanup.add(() => {
    stopLoadCheck();
    port?.close();
    port = undefined;
  });

  return {
    ignore: (what) => ignore(what, origin),
    heard: () => heard,
    focus: () => (port ? port.askFocus() : iframe.focus()),
    send: (type, fields) => port?.send(type, fields),
    features: () => port?.features ?? [],
  };
}
