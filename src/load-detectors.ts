// The loading failures the frame cannot report itself, each ending the attempt with loading_error at once
// instead of leaving the signer before a blank frame: the load timeout, the page's CSP refusing the frame, and
// the browser being or going offline. Each calls `fail`; the caller decides whether the attempt still loads.
import { listen, type Cleanup } from './cleanup';
import type { Channel } from './channel';
import type { Settings } from './config';
import { noHelloMessage, OFFLINE } from './load-failure';

/** Starts the detectors of one attempt; `cleanup` stops them all. */
export function watchLoading(
  settings: Settings,
  channel: Channel,
  cleanup: Cleanup,
  fail: (message: string) => void,
): void {
  const timer = setTimeout(
    // A frame that never said hello by now never loaded (Firefox and WebKit fire no load for an unreachable
    // address) or never spoke: the same causes as a load without hello.
    () =>
      fail(
        channel.heard()
          ? `The signing experience was not ready within ${settings.loadTimeout} ms.`
          : noHelloMessage(settings.app.origin),
      ),
    settings.loadTimeout,
  );
  cleanup.add(() => clearTimeout(timer));
  listen(cleanup, window, 'offline', () => fail(OFFLINE));
}
