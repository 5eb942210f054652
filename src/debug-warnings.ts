import { HELLO_AFTER_LOAD_MS } from './channel';
import type { Settings } from './config';
import type { Logger } from './logger';

/**
 * With `debug: true` only: warns at open() about setups that fail without any error of their own. Called once
 * the frame is in the container, whose size then includes the frame's (an empty container is 0 px high before).
 */
export function warnAtOpen(container: Element, settings: Settings, log: Logger): void {
  if (!settings.debug) return; // no layout read for partners who do not debug
  const box = container as HTMLElement; // offsetWidth/Height: 0 when display: none, or when zero size
  if (!box.offsetWidth || !box.offsetHeight) log('warning: container has zero size (display: none?)');
  if (settings.loadTimeout < HELLO_AFTER_LOAD_MS) {
    log(`warning: loadTimeout is under the ${HELLO_AFTER_LOAD_MS} ms hello window`);
  }
}

/**
 * With `debug: true` only (the logger's rule), at a loading failure: a container removed after open() takes the
 * frame with it, so nothing loads, and only this warning says why.
 */
export function warnIfDetached(container: Element, log: Logger): void {
  if (!container.isConnected) log('warning: container left the document');
}
