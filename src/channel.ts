import type { Cleanup } from './cleanup';
import type { Logger } from './logger';
import { helloVersion, initMessage, parseAppMessage, type AppMessage } from './protocol';
import { SDK_VERSION } from './version';

/** How long the first hello may still take once the frame has fired `load` (docs/protocol.md §3). */
export const HELLO_AFTER_LOAD_MS = 3000;

export interface ChannelOptions {
  iframe: HTMLIFrameElement;
  origin: string;
  token: string;
  contractId: string | undefined;
  /** Receives the undo of everything the channel acquires (listeners, timer, port). */
  cleanup: Cleanup;
  log: Logger;
  onMessage(message: AppMessage): void;
  /** A hello was answered; `again` when the app had been greeted before (it reloaded or navigated). */
  onHello(again: boolean): void;
  /** The frame loaded but never said hello: an error page, or another origin. */
  onNoHello(): void;
  /** The app speaks no protocol version this SDK knows. */
  onNoCommonVersion(): void;
}

/**
 * For the whole life of the frame, answers each hello that comes from this instance's own frame window and the
 * exact signing-app origin with `init`, the token and a fresh private MessagePort (closing the previous one):
 * an app that reloads or navigates inside its frame gets its session back. Everything after the handshake
 * travels over that port, so no other frame or instance can read or forge it.
 */
export function openChannel(options: ChannelOptions): void {
  const { iframe, origin, token, cleanup, log } = options;
  let helloTimer: ReturnType<typeof setTimeout> | undefined;
  let port: MessagePort | undefined;
  let greeted = false;

  const closePort = (): void => {
    if (!port) return;
    port.onmessage = null;
    port.close();
    port = undefined;
  };

  const onWindowMessage = (event: MessageEvent): void => {
    const frameWindow = iframe.contentWindow;
    if (!frameWindow || event.source !== frameWindow) return;
    if (event.origin !== origin) {
      log('ignored message from origin', event.origin);
      return;
    }
    const version = helloVersion(event.data);
    if (version === undefined) {
      log('ignored message: not a hello');
    } else if (!version) {
      options.onNoCommonVersion();
    } else {
      stopLoadCheck();
      closePort();
      const channel = new MessageChannel();
      port = channel.port1;
      port.onmessage = (portEvent: MessageEvent) => {
        const message = parseAppMessage(portEvent.data, version, token);
        if (message) options.onMessage(message);
        else log('ignored malformed message');
      };
      frameWindow.postMessage(initMessage(version, token, options.contractId, SDK_VERSION), origin, [channel.port2]);
      log(`hello accepted (protocol ${version}), init sent to`, origin);
      options.onHello(greeted);
      greeted = true;
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

  addEventListener('message', onWindowMessage);
  iframe.addEventListener('load', onFrameLoad);
  cleanup.add(() => {
    removeEventListener('message', onWindowMessage);
    stopLoadCheck();
    closePort();
  });
}
