// Focus must not fall to <body> when the SDK removes a frame the signer was in (close(), a retry, an SDK error):
// a keyboard or screen-reader user would lose their place on the page. The SDK never moves focus otherwise.
import { focusedElement } from './focused';

/**
 * Removes the frame; if focus was in it, focus goes back to `before` (where it was at open()), else (gone, or
 * <body>) to the container.
 */
export function removeFrame(iframe: HTMLIFrameElement, container: Element, before: Element | null | undefined): void {
  const hadFocus = focusedElement() === iframe;
  iframe.remove();
  if (!hadFocus) return;
  let target = before as HTMLElement | null | undefined;
  if (!target?.isConnected || target === document.body) {
    target = container as HTMLElement;
    // A container is not focusable by default; -1 makes it focusable by script only, not a Tab stop.
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  }
  target.focus();
}
