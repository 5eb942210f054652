import { listen, type Cleanup } from './cleanup';
import type { AttemptOwner } from './attempt-owner';
import { createIgnoredLog, type IgnoredLog } from './ignored';
import type { Logger } from './logger';
import { presentation } from './presentation';
import { connectAppPort, type AppPort } from './app-port';
import { envelope, HEARTBEAT, helloFeatures, helloVersion, RENEW, WARM } from './protocol';
import type { AppMessage, KeepAliveMessage, SendToApp } from './protocol';
import { createRenewal } from './renewal';
import { withToken } from './token';
import { createWatchdog } from './watchdog';

/** How long the first hello may still take once the frame has fired `load` (docs/protocol.md §4.1). */
export const HELLO_AFTER_LOAD_MS = 3000;

// Members marked @internal are the SDK's own: the build shortens their names (lib/mangled-properties.mjs).
export interface ChannelOptions {
  /** The attempt's frame; undefined when the app runs in `popup` instead. @internal */
  iframe: HTMLIFrameElement | undefined;
  /** The window open() opened for the app (display "popup"): then the one window that may greet. @internal */
  popup: Window | undefined;
  /** The token, or the promise of this attempt's token from the partner's function: hello waits for it. @internal */
  token: string | Promise<string>;
  /** Receives the undo of everything the channel acquires (listeners, timer, port). @internal */
  cleanup: Cleanup;
  /**
   * The attempt's owner now (attempt-owner.ts): its settings, container, log, token source and reports. Asked at
   * each use: the shared warm frame gets its owner when an instance takes it (warm-pool.ts). The signing app's
   * origin is every owner's: the page shares a frame per embed URL only.
   * @internal
   */
  owner(): AttemptOwner;
  /** The frame loaded but never said hello: an error page, or another origin. @internal */
  onNoHello(): void;
  /** The app speaks no protocol version this SDK knows (the attempt decides whom that concerns). @internal */
  onNoCommonVersion(): void;
}

export interface Channel {
  /**
   * Asks the app to focus its first control (docs/protocol.md §6.2); before the handshake, focuses the frame
   * element instead.
   */
  focus(): void;
  /** Logs an ignored message of the app's, once per kind and attempt (docs/protocol.md §4.2). @internal */
  ignore(what: string): void;
  /** Whether the app has said hello: a frame that never did, never loaded or never spoke (docs/protocol.md §4.1). @internal */
  heard(): boolean;
  /** Posts an SDK → app message over the current port; nothing before the handshake (docs/protocol.md §6.2). @internal */
  send: SendToApp;
  /** The optional features of the current handshake (docs/protocol.md §4.5); none before it. */
  features(): readonly string[];
  /**
   * The attempt's tokens so far, newest first (a renewal adds one; none before the first hello): what no message may
   * quote a piece of (update()'s, docs/protocol.md §6.7).
   * @internal
   */
  tokens(): readonly string[];
}

/** What a hello offered that is answered: the protocol version to speak and the optional features both support. */
type Hello = { version: number; features: string[] };

/**
 * For the whole life of the frame, answers each hello that comes from this instance's own app window (its frame's,
 * or the window it opened: display "popup") and the
 * exact signing-app origin with `init`, the token and a fresh private MessagePort (closing the previous one):
 * an app that reloads or navigates inside its frame gets its session back. Everything after the handshake
 * travels over that port, so no other frame or instance can read or forge it. The owner (settings, container, log,
 * token source, reports) is asked at each use: the shared warm frame's is set when an instance takes it.
 */
export function openChannel(options: ChannelOptions): Channel {
  const { iframe, popup, cleanup, owner } = options;
  const origin = owner().settings.app.origin;
  // Each line to the owner's log at the time it is written.
  const log: Logger = (step, ...details) => owner().log(step, ...details);
  const ignore: IgnoredLog = createIgnoredLog(log);
  const ignoreApp = (what: string) => ignore(what, origin);
  // hello waits for the attempt's token (a warm frame's comes at open(), a function's when it resolves).
  const withAttemptToken = withToken(options.token, cleanup);

  let port: AppPort | undefined;
  // The current port's handshake. Its `tokens` are the attempt's, newest first (a renewal adds one): the next hello's
  // init gets the first, and app text is cleaned of all of them until the attempt ends.
  let handshake: Parameters<typeof connectAppPort>[2] | undefined;
  const send: SendToApp = (type, fields) => port?.send(type, fields);
  const onPortMessage = routePortMessages(options, send, () => handshake!, ignoreApp);

  // Each accepted hello: the previous port closes, and init goes with the owner's settings and presentation as they
  // are now (a reload after update() gets the new look) and the attempt's tokens so far.
  const heard = listenForHellos(options, origin, log, ignore, (frameWindow, hello) =>
    withAttemptToken((token) => {
      port?.close();
      const { settings, container, ids } = owner();
      const look = presentation(settings, container);
      handshake = { ...hello, tokens: handshake?.tokens ?? [token], settings, attemptId: ids.runningId(), look };
      port = connectAppPort(frameWindow, iframe, handshake, onPortMessage, ignoreApp, log);
    }),
  );
  cleanup.add(() => {
    port?.close();
    port = undefined;
  });

  return {
    ignore: ignoreApp,
    heard,
    // The app focuses its control; the element only when the app cannot: iframe.focus() first would leave Firefox's
    // frame document unfocused (docs/decisions.md #23).
    focus: () => {
      popup?.focus(); // a window to the front, then its first control as a frame's
      if (port) port.askFocus();
      else iframe?.focus();
    },
    send,
    features: () => port?.features ?? [],
    tokens: () => handshake?.tokens ?? [],
  };
}

/**
 * The port's messages: renewal and heartbeat are the channel's, the rest the attempt's. A feature's messages count
 * only when this handshake negotiated it (both sides listed it: docs/protocol.md §4.5); an app that did not list it
 * is ignored, and none of the feature runs: no token call, no watchdog. A renewed token goes into the current
 * `handshake` (its port reads it at each message).
 */
function routePortMessages(
  options: ChannelOptions,
  send: SendToApp,
  handshake: () => {
    /** @internal */
    tokens: string[];
    features: readonly string[];
  },
  ignore: (what: string) => void,
): (message: AppMessage | KeepAliveMessage) => void {
  const { owner } = options;
  const renew = createRenewal(
    () => owner().renewWith,
    (token) => {
      // No token (a string, a failing function, past the bound): the app learns that renewal is not possible.
      // No signingToken key at all then, rather than one holding undefined (docs/protocol.md §6.7).
      if (token) handshake().tokens.unshift(token);
      send('renewed', token ? { signingToken: token } : undefined);
    },
  );
  const on = (feature: string) => handshake().features.includes(feature);
  // Silence counts only while the current handshake has the heartbeat: a reloaded app may no longer list it.
  const watching = () => on(HEARTBEAT) && owner().watching();
  const beat = createWatchdog(
    options.cleanup,
    watching,
    () => send('ping'),
    () => owner().onUnresponsive(),
  );
  return (message) => {
    const { type } = message;
    if (type !== 'renew' && type !== 'beat') return owner().onAppMessage(message);
    const feature = type === 'renew' ? RENEW : HEARTBEAT;
    if (!on(feature)) ignore(`${type} without ${feature}`);
    else if (type === 'renew') renew();
    else beat();
  };
}

/**
 * Calls `answer` for each hello to answer: from this instance's own app window and the exact origin, while the
 * attempt may still greet, offering a version this SDK speaks; checked in that order, anything else ignored
 * (docs/protocol.md §4.2). Returns whether a hello was heard: one this attempt may answer, whatever versions it
 * offers (the app spoke, so its silence after load is no longer the question).
 */
function listenForHellos(
  options: ChannelOptions,
  origin: string,
  log: Logger,
  ignore: IgnoredLog,
  answer: (frameWindow: Window, hello: Hello) => void,
): () => boolean {
  const { iframe, cleanup } = options;
  let heard = false;
  const stopLoadCheck = checkFirstLoad(iframe, cleanup, options.onNoHello);
  listen(cleanup, window, 'message', (event: MessageEvent) => {
    const frameWindow = options.popup ?? iframe!.contentWindow;
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
    } else if (!options.owner().canGreet()) {
      // After the outcome any hello is out of order, whatever versions it offers (docs/protocol.md §4.2).
      ignore('hello out of order', origin);
    } else {
      heard = true;
      stopLoadCheck();
      if (!offered) {
        log('no common protocol version with', origin);
        return options.onNoCommonVersion();
      }
      const features = helloFeatures(event.data);
      // init may come much later (the warm start, a token function): an app that can wait is told to (§4.4).
      if (features.includes(WARM)) frameWindow.postMessage(envelope(offered, 'wait'), origin);
      answer(frameWindow, { version: offered, features });
    }
  });
  return () => heard;
}

/**
 * Calls `onNoHello` when the frame's first document has loaded and no hello came within HELLO_AFTER_LOAD_MS.
 * Returns the stop, called at the first hello: once the app has spoken, a load without hello is the app's own
 * navigation (an identity-verification provider, say) inside a working session. A window's load cannot be seen
 * across origins (display "popup"): its missing hello is loadTimeout's to catch.
 */
function checkFirstLoad(iframe: HTMLIFrameElement | undefined, cleanup: Cleanup, onNoHello: () => void): () => void {
  let helloTimer: ReturnType<typeof setTimeout> | undefined;
  const onFrameLoad = (): void => {
    if (helloTimer === undefined) helloTimer = setTimeout(onNoHello, HELLO_AFTER_LOAD_MS);
  };
  const stop = (): void => {
    iframe?.removeEventListener('load', onFrameLoad);
    clearTimeout(helloTimer);
  };
  iframe?.addEventListener('load', onFrameLoad);
  cleanup.add(stop);
  return stop;
}
