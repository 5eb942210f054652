// The warm start (docs/decisions.md, "Warm frame"): from construction, a hidden frame of the signing app without a
// token, so that the signer's open() finds the app loaded and waiting. Its src is the embed URL the attempt's own
// frame would have; nothing of the partner's but what any frame's request carries. The first attempt adopts it.
import { createCleanup, listen } from './cleanup';
import type { Settings } from './config';
import { createFrame } from './frame';
import { envelope, helloFeatures, helloVersion } from './protocol';

/** Listed in the app's hello when it waits for init without a time limit once told `wait` (docs/protocol.md §4.4). */
export const WARM_FEATURE = 'warm';

export interface AdoptedFrame {
  iframe: HTMLIFrameElement; // shortened by the build
  /** The app's latest hello, for the attempt's channel to answer; undefined while the app is still loading. */
  hello: MessageEvent | undefined;
}

/**
 * Stops the warm frame's listeners; with `adopt`, returns the frame for the attempt when it can serve one (still in
 * the page), else removes it. Calling it again is harmless: a frame no longer in the page is never returned.
 */
export type WarmFrame = (adopt: boolean) => AdoptedFrame | undefined;

/**
 * Appends the hidden frame (createFrame: display none, so no box, no focus, no accessibility node; it loads once the
 * container is in the document) and answers its app's hello with `wait` (exact origin, no token, no port) when the
 * hello lists the warm feature. Only such a frame is adopted; one that loaded without such a hello (an error page,
 * a blocked frame, an app that would stop waiting, no common version) is replaced by a fresh frame on open(). One
 * still loading is adopted as it is: the attempt's channel hears its hello.
 */
export function warmFrame(container: Element, settings: Settings): WarmFrame {
  const iframe = createFrame(settings);
  const listening = createCleanup();
  let hello: MessageEvent | undefined;
  let adoptable = true;
  listen(listening, window, 'message', (event: MessageEvent) => {
    if (event.source === iframe.contentWindow && event.origin === settings.app.origin && helloVersion(event.data)) {
      hello = event;
      adoptable = helloFeatures(event.data).includes(WARM_FEATURE);
      // A reloaded app says hello again and is told again.
      if (adoptable) (event.source as Window).postMessage(envelope(1, 'wait'), event.origin);
    }
  });
  listen(listening, iframe, 'load', () => {
    if (!hello) adoptable = false;
  });
  container.appendChild(iframe);
  return (adopt) => {
    listening.run();
    if (adopt && adoptable && iframe.isConnected) return { iframe, hello };
    iframe.remove();
  };
}
