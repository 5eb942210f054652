import type { SigningApp } from './app-url';
import { listen, type Cleanup } from './cleanup';
import { frameBlockedMessage } from './load-failure';

/**
 * Ends the attempt at once when the page's Content-Security-Policy refuses this instance's frame, instead of
 * waiting for a timeout. Only an enforced frame-src violation for exactly this frame's origin or URL counts
 * (Chromium, Firefox and WebKit all report the origin, at the document), fired at the document or at this
 * iframe: another element's violation is never taken as ours, and a Report-Only policy blocks nothing.
 */
export function watchFrameCsp(
  iframe: HTMLIFrameElement,
  app: SigningApp,
  cleanup: Cleanup,
  onBlocked: (message: string) => void,
): void {
  const onViolation = (event: SecurityPolicyViolationEvent): void => {
    const target = event.target;
    if (
      event.blockedURI === app.origin &&
      event.effectiveDirective === 'frame-src' &&
      event.disposition === 'enforce' &&
      (target === document || target === iframe)
    ) {
      onBlocked(frameBlockedMessage(app.origin));
    }
  };
  listen(cleanup, document, 'securitypolicyviolation', onViolation);
}
