import type { Settings } from './config';
import { focusedElement } from './focused';
import type { Logger } from './logger';
import type { Presentation } from './presentation';
import {
  envelope,
  initMessage,
  parseAppMessage,
  type AppMessage,
  type KeepAliveMessage,
  type SendToApp,
} from './protocol';

/** One hello's private MessagePort to the app: everything after the handshake travels over it. */
export interface AppPort {
  /** Asks the app to focus its first control (docs/protocol.md §6.2). @internal */
  askFocus(): void;
  /** Posts an SDK → app message of `type` with `fields` over this port (docs/protocol.md §6.2). @internal */
  send: SendToApp;
  /** The optional features both sides listed in this handshake (docs/protocol.md §4.5). */
  features: readonly string[];
  close(): void;
}

/**
 * What the channel answers a hello with. tokens is read at each message: a renewal over this port adds the new token
 * first (channel.ts). look: the presentation init carries, read by the channel at this hello. Members marked @internal
 * are the SDK's own: the build shortens their names (lib/mangled-properties.mjs).
 */
export interface Handshake {
  version: number;
  features: readonly string[];
  /** @internal */
  tokens: string[];
  /** @internal */
  settings: Settings;
  /** The running attempt's id (attempt-ids.ts), sent in init. */
  attemptId: string | undefined;
  /** @internal */
  look: Presentation;
}

/**
 * Answers an accepted hello: sends `init` with the token and a fresh MessageChannel's second port to the exact
 * signing-app origin, and reads the app's messages from the first. The token goes nowhere else.
 */
export function connectAppPort(
  frameWindow: Window,
  /** Focused when the app cannot take focus itself; undefined for a window, which focus() raises itself. */
  iframe: HTMLIFrameElement | undefined,
  hello: Handshake,
  onAppMessage: (message: AppMessage | KeepAliveMessage) => void,
  /** A message ignored (docs/protocol.md §4.2): "malformed", or a field of it that broke the rules ("sessionId"). */
  ignore: (what: string) => void,
  log: Logger,
): AppPort {
  const { version, features, tokens, settings, attemptId, look } = hello;
  const { port1: port, port2 } = new MessageChannel();
  const [rememberFocus, onFocusRequest] = focusFallback(iframe);
  port.onmessage = (portEvent: MessageEvent) => {
    const message = parseAppMessage(portEvent.data, version, tokens, ignore);
    if (message?.type === 'focus') onFocusRequest();
    else if (message) onAppMessage(message);
    else ignore('malformed');
  };
  const init = initMessage(version, tokens[0], settings, attemptId, look);
  frameWindow.postMessage(init, settings.app.origin, [port2]);
  // Logged at every hello: a second line means the app reloaded or navigated inside its frame (docs/protocol.md §5).
  log(`hello accepted (protocol ${version}), init sent to`, settings.app.origin);
  const send: SendToApp = (type, fields) => port.postMessage(envelope(version, type, fields));
  return {
    askFocus() {
      rememberFocus();
      send('focus');
    },
    send,
    features,
    close() {
      port.onmessage = null;
      port.close();
    },
  };
}

/**
 * The focus fallback, for an app that could not take focus itself (WebKit refuses a cross-site frame without a user
 * gesture): the app's request focuses the frame element instead, but only once per askFocus() and only if the page
 * has not moved focus since, so an app can never pull focus by itself. Returns [at askFocus(), at the app's request].
 */
function focusFallback(iframe: HTMLIFrameElement | undefined): [() => void, () => void] {
  /** The page's focused element when askFocus() asked the app; undefined when no request is pending. */
  let focusAskedFrom: Element | null | undefined;
  const rememberFocus = () => {
    focusAskedFrom = focusedElement();
  };
  const onFocusRequest = () => {
    if (focusedElement() === focusAskedFrom) iframe?.focus();
    focusAskedFrom = undefined;
  };
  return [rememberFocus, onFocusRequest];
}
