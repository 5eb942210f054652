// How the e2e suite starts Debian's Firefox ESR: through Playwright's WebDriver BiDi route ('moz-firefox'),
// since Playwright's own patched Firefox cannot be downloaded here, with the BiDi shim in between.
import { fileURLToPath } from 'node:url';

export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** Playwright's `executablePath`: starts FIREFOX_PATH and relays its BiDi socket (see the file). */
export const FIREFOX_SHIM_PATH = fileURLToPath(new URL('./firefox-bidi-shim.mjs', import.meta.url));

export const FIREFOX_PREFS = Object.freeze({
  // Without it a click inside a cross-origin iframe lands on the <iframe> element of the parent page.
  'remote.events.async.mouse.enabled': true,
  // Keys have no such Remote Agent pref (ESR 153 has remote.events.async.{mouse,wheel}.enabled only): the agent
  // synthesizes them in the top page's content process, so with site isolation (Fission, kept on) an Enter never
  // reaches a focused cross-site frame. With this pref that process hands each key to the parent process, which
  // routes it to the focused frame's process, as it does a real key press. The parent takes such keys only from a
  // browser "in automation" (Gecko's BrowserParent::RecvDispatchKeyboardEvent checks xpc::IsInAutomation(): the
  // next pref plus FIREFOX_ENV); otherwise it kills the content process ("PBrowser::Msg_DispatchKeyboardEvent
  // Processing error ... handler returned false").
  'test.events.async.enabled': true,
  // Gecko's automation flag, the same as in Mozilla's own test profiles (testing/profiles/common/user.js). It
  // unlocks test-only hooks such as the one above and relaxes browser-chrome checks (add-on signing and the like).
  // What the suite checks is web-content behaviour: with this flag every Firefox spec still sees the browser
  // block a wrong SRI hash, a CSP or Trusted Types breach, frame-ancestors and a hostile cross-origin frame.
  'security.turn_off_all_security_so_that_viruses_can_take_over_this_computer': true,
  // Firefox has no host-resolver flag: every name goes to loopback, so no run can reach the network.
  'network.dns.forceResolve': '127.0.0.1',
  // A top-level page's /favicon.ico request would count as a CSP violation on pages with img-src limits.
  'browser.chrome.site_icons': false,
});

/**
 * Environment of the Firefox process (the shim adds it). Gecko honours the automation pref above only with
 * MOZ_DISABLE_NONLOCAL_CONNECTIONS=1, which also makes Firefox crash on any connection to a non-loopback
 * address: with network.dns.forceResolve no run can make one.
 */
export const FIREFOX_ENV = Object.freeze({ MOZ_DISABLE_NONLOCAL_CONNECTIONS: '1' });
