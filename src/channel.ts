import type { Cleanup } from './cleanup';
import type { Logger } from './logger';
import { initMessage, isHello, parseAppMessage, type AppMessage } from './protocol';
import { SDK_VERSION } from './version';

/** How long a hello may still take once the frame has fired `load` (docs/protocol.md §3). */
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
  /** The frame loaded but never said hello: an error page, or another origin. */
  onNoHello(): void;
}

/**
 * Waits for the app's hello on `window`, accepting it only from this instance's own frame window and the exact
 * signing-app origin, then hands the app a private MessagePort along with the token. Everything after the
 * handshake travels over that port, so no other frame or instance can read or forge it.
 */
export function openChannel(options: ChannelOptions): void {
  const { iframe, origin, token, cleanup, log } = options;
  let helloTimer: ReturnType<typeof setTimeout> | undefined;

  const onWindowMessage = (event: MessageEvent): void => {
    const frameWindow = iframe.contentWindow;
    if (!frameWindow || event.source !== frameWindow) return;
    if (event.origin !== origin) {
      log('ignored message from origin', event.origin);
      return;
    }
    if (!isHello(event.data)) {
      log('ignored message: not a hello');
      return;
    }
    stopWaiting();
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = (portEvent: MessageEvent) => {
      const message = parseAppMessage(portEvent.data, token);
      if (message) options.onMessage(message);
      else log('ignored malformed message');
    };
    cleanup.add(() => {
      port1.onmessage = null;
      port1.close();
    });
    frameWindow.postMessage(initMessage(token, options.contractId, SDK_VERSION), origin, [port2]);
    log('hello accepted, init sent to', origin);
  };

  const onFrameLoad = (): void => {
    if (helloTimer === undefined) helloTimer = setTimeout(options.onNoHello, HELLO_AFTER_LOAD_MS);
  };

  const stopWaiting = (): void => {
    removeEventListener('message', onWindowMessage);
    iframe.removeEventListener('load', onFrameLoad);
    clearTimeout(helloTimer);
  };

  addEventListener('message', onWindowMessage);
  iframe.addEventListener('load', onFrameLoad);
  cleanup.add(stopWaiting);
}
