// The SDK's own loading_error messages for an app it cannot reach or talk to: a frame that never spoke
// (docs/decisions.md #25), an app that speaks no protocol version of this SDK's, a browser offline. Each names at
// most the signing app's origin, which is public (it is the frame's src): no token, no appUrl path, no contractId,
// nothing of the partner's page.

/** The page's Content-Security-Policy refused the frame: the exact source to add, in the directive to add it to. */
export const frameBlockedMessage = (origin: string): string =>
  `The page's CSP blocks the signing frame: add frame-src ${origin}.`;

/** The frame loaded but the app never said hello: the causes, most likely first. */
export const noHelloMessage = (origin: string): string =>
  `${origin} never answered: this page's origin is not registered with the service (frame-ancestors), appUrl or environment is wrong, or the service is down.`;

/** The app's hello offers no protocol version this SDK speaks (docs/protocol.md §7, §8). */
export const NEWER_SDK = 'The signing app needs a newer SDK version: load the current one.';

/** The browser is or goes offline (load-detectors.ts); open() checks too: an already offline one fires no event. */
export const OFFLINE = 'The browser is offline.';
