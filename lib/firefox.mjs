// How the e2e suite starts Debian's Firefox ESR: through Playwright's WebDriver BiDi route ('moz-firefox'),
// since Playwright's own patched Firefox cannot be downloaded here, with the BiDi shim in between.
import { fileURLToPath } from 'node:url';

export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** Playwright's `executablePath`: starts FIREFOX_PATH and relays its BiDi socket (see the file). */
export const FIREFOX_SHIM_PATH = fileURLToPath(new URL('./firefox-bidi-shim.mjs', import.meta.url));

export const FIREFOX_PREFS = Object.freeze({
  // Without it a click inside a cross-origin iframe lands on the <iframe> element of the parent page.
  'remote.events.async.mouse.enabled': true,
  // Firefox has no host-resolver flag: every name goes to loopback, so no run can reach the network.
  'network.dns.forceResolve': '127.0.0.1',
  // A top-level page's /favicon.ico request would count as a CSP violation on pages with img-src limits.
  'browser.chrome.site_icons': false,
});
