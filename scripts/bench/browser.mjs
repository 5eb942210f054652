// Debian's Chromium through Playwright with the e2e suite's launch arguments (lib/chromium.mjs), so
// *.test names resolve to loopback and nothing else resolves at all.
import { chromium, firefox } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../lib/chromium.mjs';
import { FIREFOX_PREFS, FIREFOX_SHIM_PATH } from '../../lib/firefox.mjs';

export async function launchBrowser() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  // The sandbox certificate is self-signed.
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  return { browser, context, version: browser.version() };
}

/**
 * Chromium with a regular (not off-the-record) profile in `userDataDir`, for the latency phase: a signer's normal
 * window. Off-the-record contexts (browser.newContext()) turn Chromium's loading predictor off, and with it any
 * `<link rel="preconnect">` a partner page adds; this profile is how issue 22 saw that such a hint still does not
 * warm the signing frame's connection (network state partitioning: the frame's requests are cross-site, the
 * page's are not, so they do not share connections).
 * - `portMaps` [{ host, port, toPort }] sends the connections for `host:port` to 127.0.0.1:`toPort` (the latency
 *   proxies) while the origin stays `https://host:port`: the pages, their CSP, the SDK's appUrl and the sandbox's
 *   partner and same-origin checks see the same origins as on loopback. Chromium takes the first matching MAP
 *   rule, so these go before the suite's own.
 * - `spkiSha256`: the sandbox certificate's key is trusted outright, as a real certificate would be. With
 *   Playwright's ignoreHTTPSErrors instead, every new connection is first refused on the certificate and retried,
 *   two round trips that no signer pays.
 */
export async function launchProfile({ userDataDir, portMaps, spkiSha256 }) {
  const maps = portMaps.map(({ host, port, toPort }) => `MAP ${host}:${port} 127.0.0.1:${toPort}`);
  const args = CHROMIUM_ARGS.map((arg) => {
    const rules = /^--host-resolver-rules=(.*)$/.exec(arg);
    return rules ? `--host-resolver-rules=${[...maps, rules[1]].join(', ')}` : arg;
  });
  if (!args.some((arg, i) => arg !== CHROMIUM_ARGS[i]))
    throw new Error('lib/chromium.mjs has no --host-resolver-rules to extend');
  args.push(`--ignore-certificate-errors-spki-list=${spkiSha256}`);
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, args });
  return { context, version: context.browser()?.version() };
}

/**
 * Firefox ESR (as the e2e suite starts it, lib/firefox.mjs) for the latency phase, every connection through the
 * SOCKS front on `socksPort` (socks.mjs), which sends the proxied origins through their latency proxies. Each
 * measurement gets a new context: Firefox keys its HTTP cache and connections by it, so each starts cold.
 */
export async function launchFirefoxForLatency({ socksPort }) {
  const browser = await firefox.launch({
    channel: 'moz-firefox',
    executablePath: FIREFOX_SHIM_PATH,
    firefoxUserPrefs: {
      ...FIREFOX_PREFS,
      'network.proxy.type': 1,
      'network.proxy.socks': '127.0.0.1',
      'network.proxy.socks_port': socksPort,
      'network.proxy.socks_version': 5,
      'network.proxy.socks_remote_dns': true,
      'network.proxy.no_proxies_on': '',
      'network.proxy.allow_hijacking_localhost': true,
    },
  });
  return { browser, version: browser.version() };
}

/** A fresh page on `url`, once its host.js has run; errors collects the page's uncaught errors. */
export async function openPage(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  // host.js is deferred, so it has run by `load`.
  await page.goto(url, { waitUntil: 'load' });
  if (!(await page.evaluate(() => Boolean(window.bench)))) throw new Error(`${url}: host.js did not run`);
  return { page, errors };
}
