// display: 'popup' (docs/popup.md): the signing app in a window of its own. The window is the attempt's "frame":
// the channel greets only it, the attempt's frame cleanup closes it, and `closed` says only that it is gone.
// Completion always comes from the app's message, never from the window.
import { listen, type Cleanup } from './cleanup';

export const POPUP_BLOCKED = 'Popup blocked: call open() in the click.';

/** A window gone before the app's hello, this soon after open(): a COOP header cut it off, the signer did not close it. */
export const SEVERED_WITHIN_MS = 3000;
export const POPUP_SEVERED = 'Cross-Origin-Opener-Policy cut off the window: use same-origin-allow-popups.';

/** How often `closed` is read: the one way to learn that the signer closed the window. */
const CLOSED_POLL_MS = 250;

/** A contract's page reads well in a window this size on a desktop (the screen's available height caps it). */
const POPUP_WIDTH = 800;
const POPUP_HEIGHT = 900;

/**
 * Opens the app's window: sized for a contract and centred over the partner's window, no taller than the screen
 * (the browser keeps it on the screen; phone browsers open a tab whatever is asked). No name and no token: the app
 * greets its opener and the token goes over the port. Null: the browser blocked it.
 */
export function openPopup(appUrl: string): Window | null {
  const height = Math.min(POPUP_HEIGHT, screen.availHeight);
  const left = Math.round(screenX + (outerWidth - POPUP_WIDTH) / 2);
  const top = Math.round(screenY + (outerHeight - height) / 2);
  return window.open(appUrl, '', `width=${POPUP_WIDTH},height=${height},left=${left},top=${top}`);
}

/**
 * Calls `onClosed` each time the poll finds the window closed, until the attempt's frame goes (close(), destroy(),
 * an SDK error, a retry): that closes the window, as the page unloading does. `severed`: gone before the app's
 * hello (`heard`), within SEVERED_WITHIN_MS of opening: COOP cut it off (POPUP_SEVERED), the signer did not close it.
 */
export function watchPopup(
  popup: Window,
  frame: Cleanup,
  heard: () => boolean,
  onClosed: (severed: boolean) => void,
): void {
  const openedAt = performance.now();
  const timer = setInterval(() => {
    if (popup.closed) onClosed(!heard() && performance.now() - openedAt < SEVERED_WITHIN_MS);
  }, CLOSED_POLL_MS);
  frame.add(() => {
    clearInterval(timer);
    popup.close();
  });
  listen(frame, window, 'pagehide', () => popup.close());
}
