// The benchmark's own HTTPS server: the partner host pages (partner.test) and the three contenders' child pages
// (sign.test), one server so every child page comes from one signing-app origin with the same headers.
// The sandbox (started beside it) provides the CDN that serves our UMD and penpal's build alike.
import { readFileSync } from 'node:fs';
import { cspHeader, escapeHtml, listenHttps, send } from '../../lib/http-kit.mjs';

const PAGES_DIR = new URL('./pages/', import.meta.url);
const HOST_PAGES = ['/host.html', '/script-cost.html', '/latency.html'];
/** Every child document is padded to exactly this many bytes, so no contender loads a larger page. */
export const CHILD_PAGE_BYTES = 1024;

// Each contender's app side: the scripts its child page loads, in order (deferred, so they run before `load`).
const CHILD_SCRIPTS = {
  baseline: ['/static/child-baseline.js'],
  sdk: ['/static/child-sdk.js'],
  penpal: ['/static/penpal.min.js', '/static/child-penpal.js'],
};

/**
 * Starts the server on loopback. `configure({ cdnOrigin, sandboxSigningOrigin, scripts })` must run before any
 * page is served (the sandbox needs this server's partner origin first, to let it frame the signing app).
 * `scripts` = { sdk: {url, integrity}, penpal: {url, integrity} } on the CDN; `penpalFile` is served to children.
 */
export async function startBenchServer({ tls, hosts, penpalFile }) {
  let config;
  const statics = new Map([
    ['/static/host.js', readFileSync(new URL('host.js', PAGES_DIR))],
    ['/static/child-baseline.js', readFileSync(new URL('child-baseline.js', PAGES_DIR))],
    ['/static/child-sdk.js', readFileSync(new URL('child-sdk.js', PAGES_DIR))],
    ['/static/child-penpal.js', readFileSync(new URL('child-penpal.js', PAGES_DIR))],
    ['/static/penpal.min.js', readFileSync(penpalFile)],
  ]);
  const listener = await listenHttps({ tls, port: 0, name: 'bench', handler: (req, res) => handle(req, res) });
  const origins = {
    partner: `https://${hosts.partner}:${listener.port}`,
    signing: `https://${hosts.signing}:${listener.port}`,
  };

  function handle(req, res) {
    const host = String(req.headers.host || '').split(':')[0];
    const { pathname } = new URL(req.url, 'https://bench.invalid');
    if (statics.has(pathname)) {
      // Cached like a production asset: after the warm-up every contender's scripts come from memory cache.
      return send(res, 200, statics.get(pathname), {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'max-age=3600',
      });
    }
    if (host === hosts.partner && HOST_PAGES.includes(pathname)) {
      return send(res, 200, hostPage(pathname), {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': hostCsp(),
      });
    }
    const child = host === hosts.signing && /^\/(baseline|sdk|penpal)\/embed$/.exec(pathname);
    if (child) {
      return send(res, 200, childPage(child[1]), {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': cspHeader({
          'default-src': ["'none'"],
          'script-src': ["'self'"],
          'base-uri': ["'none'"],
          'frame-ancestors': [origins.partner],
        }),
      });
    }
    return send(res, 404, 'Not found\n', { 'content-type': 'text/plain; charset=utf-8' });
  }

  /** The partner page: scripts only from the CDN and itself (no inline script), frames only from signing apps. */
  function hostCsp() {
    return cspHeader({
      'default-src': ["'none'"],
      'script-src': [config.cdnOrigin, "'self'"],
      'frame-src': [origins.signing, config.sandboxSigningOrigin],
      'style-src': ["'self'"],
      'connect-src': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
    });
  }

  /**
   * host.html preloads both libraries (SRI + CORS, as a partner would); script-cost.html loads them itself;
   * latency.html loads only the SDK and has the button the latency phase clicks.
   */
  function hostPage(pathname) {
    const tag = ({ url, integrity }) =>
      `<script src="${escapeHtml(url)}" integrity="${escapeHtml(integrity)}" crossorigin="anonymous"></script>`;
    const libraries = {
      '/host.html': [config.scripts.sdk, config.scripts.penpal],
      '/latency.html': [config.scripts.sdk],
      '/script-cost.html': [],
    }[pathname]
      .map(tag)
      .join('\n');
    const button = pathname === '/latency.html' ? '<button id="go" type="button">Sign the contract</button>' : '';
    const data = {
      'data-sign-origin': origins.signing,
      'data-sandbox-sign-origin': config.sandboxSigningOrigin,
      'data-sdk-url': config.scripts.sdk.url,
      'data-sdk-integrity': config.scripts.sdk.integrity,
      'data-penpal-url': config.scripts.penpal.url,
      'data-penpal-integrity': config.scripts.penpal.integrity,
    };
    const attributes = Object.entries(data)
      .map(([key, value]) => `${key}="${escapeHtml(value)}"`)
      .join(' ');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Benchmark host</title>
${libraries}
<script src="/static/host.js" defer></script>
</head><body>
<main id="bench" ${attributes}>${button}<div id="slot"></div></main>
</body></html>`;
  }

  return {
    origins,
    configure(value) {
      config = value;
    },
    /** Bytes of each contender's child document and of the scripts it loads (for the report). */
    childSizes() {
      return Object.fromEntries(
        Object.entries(CHILD_SCRIPTS).map(([name, scripts]) => [
          name,
          {
            documentBytes: Buffer.byteLength(childPage(name)),
            scriptBytes: scripts.reduce((sum, path) => sum + statics.get(path).length, 0),
          },
        ]),
      );
    },
    close: listener.close,
  };
}

/** A child page: the same document for every contender except its scripts, padded to CHILD_PAGE_BYTES. */
export function childPage(name) {
  const scripts = CHILD_SCRIPTS[name].map((src) => `<script src="${src}" defer></script>`).join('\n');
  const head = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Contract signing</title>
${scripts}
</head><body><main><p>Contract</p></main>
<!-- `;
  const tail = ` -->
</body></html>
`;
  const padding = CHILD_PAGE_BYTES - Buffer.byteLength(head) - Buffer.byteLength(tail);
  if (padding < 0) throw new Error(`child page "${name}" exceeds ${CHILD_PAGE_BYTES} bytes`);
  return head + 'x'.repeat(padding) + tail;
}
