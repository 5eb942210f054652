// The e2e host pages: a partner page on partner.test (with the SDK loaded as a partner does, and a CSP of
// the test's choosing) and a hostile site on evil.test. One HTTPS server answers both host names.
import { readFile } from 'node:fs/promises';
import { cspHeader, escapeHtml, listenHttps, send, sendFile } from '../../lib/http-kit.mjs';
import { REQUIREJS_TAGS, requireJsFile } from './requirejs-page.mjs';

const PAGES_DIR = new URL('./pages/', import.meta.url).pathname;
const STATIC = new Set(['host.css', 'hostile.html', 'hostile.js', 'imposter.html', 'imposter.js']);

/**
 * `configure({ sdkPinned, sdkFloating, cdnOrigin, signingOrigin })` must be called before pages are served
 * (the sandbox needs this server's origin first, to register it as a partner site).
 */
export async function startHarness({ tls, hosts = { partner: 'partner.test', evil: 'evil.test' } }) {
  let sandbox;
  const listener = await listenHttps({ tls, port: 0, name: 'harness', handler: (req, res) => handle(req, res) });
  const origins = {
    partner: `https://${hosts.partner}:${listener.port}`,
    evil: `https://${hosts.evil}:${listener.port}`,
  };

  /** Extra apps on the partner origin (the React apps), by path prefix: connect-style handlers. */
  const mounted = new Map();

  async function handle(req, res) {
    const url = new URL(req.url, 'https://harness.invalid');
    const prefix = url.pathname.split('/', 2)[1];
    if (mounted.has(prefix)) return mounted.get(prefix)(req, res, () => send(res, 404, 'Not found\n'));
    if (url.pathname === '/host') return hostPage(res, url.searchParams);
    // A "signing app" address whose embed page redirects to another origin (a misconfigured edge, a takeover).
    if (url.pathname === '/moved/embed') return send(res, 302, '', { location: `${origins.evil}/imposter.html` });
    if (STATIC.has(url.pathname.slice(1))) return sendFile(res, PAGES_DIR, url.pathname.slice(1));
    const amdScript = requireJsFile(url.pathname);
    if (amdScript) return send(res, 200, amdScript, { 'content-type': 'text/javascript; charset=utf-8' });
    return send(res, 404, 'Not found\n', { 'content-type': 'text/plain; charset=utf-8' });
  }

  /**
   * `sdk`: pinned | floating | bad-integrity; `csp`: strict | none | frame-self (strict, but frames only from
   * this page's origin: the signing app is blocked) | report-frame-self (that frame rule as Report-Only); `hostile`: 1 adds the evil.test frame;
   * `referrer`: unsafe-url sends that Referrer-Policy with the page; `amd`: requirejs loads RequireJS first;
   * `coop`: a Cross-Origin-Opener-Policy value sent with the page (display "popup" tests).
   */
  async function hostPage(res, params) {
    const sdk = params.get('sdk') || 'pinned';
    const integrity = (await readFile(sandbox.integrityFile, 'utf8')).trim();
    const script =
      sdk === 'floating'
        ? `<script src="${escapeHtml(sandbox.sdkFloating)}" crossorigin="anonymous"></script>`
        : `<script src="${escapeHtml(sandbox.sdkPinned)}" integrity="${escapeHtml(sdk === 'bad-integrity' ? tamper(integrity) : integrity)}" crossorigin="anonymous"></script>`;
    const amd = params.get('amd') === 'requirejs' ? REQUIREJS_TAGS : '';
    const hostile =
      params.get('hostile') === '1'
        ? `<iframe id="hostile" title="Advertisement" src="${escapeHtml(origins.evil)}/hostile.html"></iframe>`
        : '';
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Partner host page</title>
<link rel="stylesheet" href="/host.css">
${amd}${script}
</head><body>
<main>
<div id="c1" class="slot" data-owner="partner"><p class="placeholder">Signing appears here</p></div>
<div id="c2" class="slot"></div>
</main>
${hostile}
</body></html>`;
    // `cache=bfcache`: a page the browser may keep in its back/forward cache (no-store keeps some engines from it).
    const cacheControl = params.get('cache') === 'bfcache' ? 'private, max-age=0' : 'no-store';
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl };
    const csp = params.get('csp');
    if (csp === 'strict') headers['content-security-policy'] = strictCsp(sandbox);
    // A partner who forgot to add the signing app to frame-src; Report-Only only reports, the frame loads.
    const frameSelf = strictCsp({ ...sandbox, signingOrigin: "'self'" });
    if (csp === 'frame-self') headers['content-security-policy'] = frameSelf;
    if (csp === 'report-frame-self') headers['content-security-policy-report-only'] = frameSelf;
    // A partner page that leaks its full URL by default: the frame's own referrer policy must still win.
    if (params.get('referrer') === 'unsafe-url') headers['referrer-policy'] = 'unsafe-url';
    const coop = params.get('coop');
    if (coop === 'same-origin' || coop === 'same-origin-allow-popups') headers['cross-origin-opener-policy'] = coop;
    return send(res, 200, html, headers);
  }

  return {
    origins,
    configure(value) {
      sandbox = value;
    },
    /** Serves every path under `/<prefix>/` with `handler(req, res, next)` (connect middleware, e.g. Vite's). */
    mount(prefix, handler) {
      mounted.set(prefix, handler);
    },
    close: listener.close,
  };
}

/** The hardened partner page: scripts only from the CDN, frames only from the signing app, Trusted Types. */
export function strictCsp({ cdnOrigin, signingOrigin }) {
  return cspHeader({
    'default-src': ["'none'"],
    'script-src': [cdnOrigin],
    'frame-src': [signingOrigin],
    'style-src': ["'self'"],
    'img-src': ["'self'"],
    'connect-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
    'require-trusted-types-for': ["'script'"],
    'trusted-types': ["'none'"],
  });
}

/** A well-formed integrity value for different bytes: flips the first character of the digest. */
export function tamper(integrity) {
  return integrity.replace(/-(.)/, (_, first) => `-${first === 'A' ? 'B' : 'A'}`);
}
