import type { Settings } from './config';

// Each grant is explained in docs/protocol.md; anything not listed (top navigation, modals, ...) is denied.
const SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads';

/**
 * The signing iframe, not yet in the document, and hidden: display none takes it out of layout, the tab order and
 * the accessibility tree until the SDK shows it (at once for open(), later after prepare()). Styles go through
 * CSSOM, which a strict CSP allows; an inline display also beats any page rule for [hidden] or iframe.
 */
export function createFrame(settings: Settings): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  // Reflected attributes, set as properties (every browser that runs this ES2020 file has both).
  iframe.allow = 'camera';
  iframe.sandbox.value = SANDBOX;
  iframe.referrerPolicy = 'strict-origin';
  const style = iframe.style;
  style.border = '0';
  style.display = 'none';
  dressFrame(iframe, settings);
  iframe.src = settings.app.embedUrl;
  return iframe;
}

/**
 * When the signer first saw an attempt (performance.now()): a window (no iframe) from the start, while the container
 * holds nothing; a frame once showFrame() shows it. Per attempt: a retry's new frame is hidden again.
 */
export function visibility(iframe: HTMLIFrameElement | undefined) {
  let shownAt = iframe ? undefined : performance.now();
  return {
    shownAt: () => shownAt,
    showFrame() {
      iframe!.style.display = 'block';
      shownAt = performance.now();
    },
  };
}

/** The instance's accessible name and size: at creation, and again when an instance takes the shared warm frame. */
export function dressFrame(iframe: HTMLIFrameElement, settings: Settings): void {
  iframe.title = settings.title;
  iframe.style.width = settings.width;
  iframe.style.height = settings.height;
}

/**
 * height: "auto": the app's reported content height, within the partner's minHeight and maxHeight. A window
 * (display "popup", no iframe) is the signer's to size.
 */
export function fitHeight(iframe: HTMLIFrameElement | undefined, settings: Settings, height: number): void {
  const { autoHeight, minHeight, maxHeight } = settings;
  if (autoHeight && iframe) iframe.style.height = `${Math.min(Math.max(Math.ceil(height), minHeight), maxHeight)}px`;
}
