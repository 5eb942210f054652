// The signing app's server side: the /embed page and its assets, and the two calls its script makes once it
// holds the token (session, sign). The token only ever travels in POST bodies, never in a URL.
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { cspHeader, readJsonObject, send, sendFile, sendJson } from '../../../lib/http-kit.mjs';
import { FONTS_PATH, loadHostedFonts } from './hosted-fonts.mjs';
import { CONTRACT_LANGUAGES, sampleContract } from './sample-contract.mjs';
import { behaviourFor } from './scenarios.mjs';

const ASSETS = new Set(['app.js', 'appearance.js', 'keepalive.js', 'strings.js', 'view.js', 'app.css']);
// Where the `crash` scenario navigates its frame: a page whose response never ends, until the sandbox closes.
const HANG_PATH = '/embed/hang';
// A font file's URL names its package's version: a new version is a new URL, so a year's immutable cache is safe.
const FONT_FILE_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  // Only the app's own pages may use them (font-src 'self'); no other site embeds the sandbox's copies.
  'cross-origin-resource-policy': 'same-origin',
};

export function createSigningApp({ assetsDir, signingOrigin, partnerOrigins, store, webhooks, slowReadyMs, expireMs }) {
  const pageCsp = cspHeader({
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    // The hosted fonts (appearance.variables.fontFamily), from this origin only: no partner can name a font file.
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'img-src': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    // Only registered partner sites may frame the app (the protocol's origin check, enforced by the browser).
    'frame-ancestors': partnerOrigins,
    'require-trusted-types-for': ["'script'"],
    'trusted-types': ["'none'"],
  });

  async function page(res) {
    const html = await readFile(join(assetsDir, 'embed.html'), 'utf8');
    send(res, 200, html, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': pageCsp,
      'permissions-policy': 'camera=(self)',
    });
  }

  const fonts = loadHostedFonts();

  /** A family's stylesheet (its name carries no version: revalidated) or a woff2 file it names; else 404. */
  async function font(res, name) {
    const sheet = fonts.sheet(name);
    if (sheet) return send(res, 200, sheet, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' });
    const file = fonts.file(name);
    if (file) return sendFile(res, dirname(file), basename(file), FONT_FILE_HEADERS);
    return send(res, 404, 'Not found\n', { 'content-type': 'text/plain; charset=utf-8' });
  }

  /** The app's own API accepts same-origin calls only: its token must not be usable from another site. */
  function sameOrigin(req) {
    return req.method === 'POST' && req.headers.origin === signingOrigin;
  }

  async function session(req, res) {
    const body = await readJsonObject(req);
    if (!body || typeof body.signingToken !== 'string')
      return sendJson(res, 400, { error: { code: 'BAD_REQUEST', message: 'signingToken required' } });
    if (!partnerOrigins.includes(body.parentOrigin)) {
      return sendJson(res, 200, {
        action: 'error',
        code: 'loading_error',
        loaded: false,
        message: 'This site is not registered to embed contract signing.',
      });
    }
    const record = store.lookup(body.signingToken);
    if (!record) return sendJson(res, 200, errorAction(behaviourFor('not_found', {})));
    if (record.signedAt) {
      return sendJson(res, 200, {
        action: 'error',
        code: 'not_found',
        loaded: true,
        message: 'This contract has already been signed.',
      });
    }
    // A renewal (the app still holds its session): the new token continues that session.
    if (typeof body.sessionId === 'string') store.continueSession(record, body.sessionId);
    const behaviour = behaviourFor(record.scenario, { ...store.startSession(record), slowReadyMs, expireMs });
    if (behaviour.kind === 'silent') return sendJson(res, 200, { action: 'silent' });
    if (behaviour.kind === 'error') return sendJson(res, 200, errorAction(behaviour));
    return sendJson(res, 200, {
      action: 'contract',
      sessionId: record.sessionId,
      readyDelayMs: behaviour.readyDelayMs ?? 0,
      reloadOnce: Boolean(behaviour.reloadOnce),
      neverReady: Boolean(behaviour.neverReady),
      expiresInMs: behaviour.expiresInMs,
      freezeAfterMs: behaviour.freezeAfterMs,
      crashAfterMs: behaviour.crashAfterMs,
      contract: sampleContract(record, body.locale),
      // Every language the sandbox has, so that the app can follow a live locale update without a new session.
      contracts: Object.fromEntries(CONTRACT_LANGUAGES.map((language) => [language, sampleContract(record, language)])),
    });
  }

  async function sign(req, res) {
    const body = await readJsonObject(req);
    const record = body && typeof body.signingToken === 'string' ? store.lookup(body.signingToken) : undefined;
    if (!record) return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: 'Unknown signing session.' } });
    const signable =
      behaviourFor(record.scenario, { firstInit: false, firstOfApplication: false, slowReadyMs }).kind === 'contract';
    if (!signable || record.initCount === 0)
      return sendJson(res, 409, { error: { code: 'NOT_SIGNABLE', message: 'This contract cannot be signed.' } });
    // An app that sends a signature again after the network dropped learns that the first one arrived, and when.
    if (record.signedAt) {
      return sendJson(res, 409, {
        error: { code: 'ALREADY_SIGNED', message: 'Already signed.' },
        signedAt: record.signedAt,
      });
    }
    record.signedAt = new Date().toISOString();
    webhooks.emit(
      'application.contract.signed',
      { id: record.applicationId, type: 'application' },
      // The service's own field (not in the spec's envelope): the signing session the page's events named.
      { session_id: record.sessionId },
    );
    return sendJson(res, 200, { signedAt: record.signedAt });
  }

  /** Handles /embed and /embed/*; resolves false for other paths. */
  return async function handle(req, res, pathname) {
    if (pathname === '/embed' || pathname === '/embed/') {
      if (req.method === 'GET' || req.method === 'HEAD') await page(res);
      else send(res, 405, '', { allow: 'GET' });
      return true;
    }
    if (pathname === HANG_PATH) {
      // The page starts (so the frame's old document is gone) and never finishes: no script, no load event. The
      // socket closes with the sandbox.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      // WebKit commits a navigation only once it has a few kilobytes of the page: the padding.
      res.write(`<!doctype html><title>Signing app (crashed)</title>${' '.repeat(4096)}<p>`);
      return true;
    }
    if (!pathname.startsWith('/embed/')) return false;
    const name = pathname.slice('/embed/'.length);
    if (ASSETS.has(name)) {
      await sendFile(res, assetsDir, name);
    } else if (pathname.startsWith(FONTS_PATH)) {
      await font(res, pathname.slice(FONTS_PATH.length));
    } else if (name === 'api/session' || name === 'api/sign') {
      if (!sameOrigin(req)) sendJson(res, 403, { error: { code: 'FORBIDDEN', message: 'Same-origin POST only.' } });
      else await (name === 'api/session' ? session(req, res) : sign(req, res));
    } else {
      return false;
    }
    return true;
  };
}

function errorAction(behaviour) {
  return { action: 'error', code: behaviour.code, loaded: behaviour.loaded, message: behaviour.message };
}
