// The CDN: serves dist/packages/** the way the production CDN does, so the e2e suite and the demo load the
// bundle exactly as a partner's page would (cross-origin, with SRI on pinned versions).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { contentTypeOf } from '../../lib/content-types.mjs';
import { safeJoin, send } from '../../lib/http-kit.mjs';
import { CACHE_CONTROL_ALIAS, CACHE_CONTROL_PINNED } from '../../lib/origin-policy.mjs';

// /packages/<name>/<exact semver>/<file> is immutable; /packages/<name>/v<major>/<file> moves with releases.
const PINNED = /^\/packages\/[a-z0-9-]+\/\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?\/[^/]+$/;
const FLOATING = /^\/packages\/[a-z0-9-]+\/v\d+\/[^/]+$/;
// The release's versions.json (every version and its integrity) moves with releases too.
const MANIFEST = /^\/packages\/[a-z0-9-]+\/versions\.json$/;

const COMMON = {
  // SRI needs a CORS-enabled response: the script tag carries crossorigin="anonymous".
  'access-control-allow-origin': '*',
  // Lets a partner page (and the benchmark) read Resource Timing details of the cross-origin script.
  'timing-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  vary: 'Accept-Encoding',
};

/** Returns a request handler serving `distDir` (the folder holding `packages/`). */
export function createCdnHandler({ distDir }) {
  return async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'https://cdn.invalid').pathname);
    if (req.method === 'OPTIONS') {
      return send(res, 204, '', {
        ...COMMON,
        'access-control-allow-methods': 'GET, HEAD',
        'access-control-max-age': '86400',
      });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(res, 405, 'Method not allowed\n', { ...COMMON, allow: 'GET, HEAD, OPTIONS' });
    }
    // The very values the release pipeline writes to the real origin (lib/origin-policy.mjs).
    const cacheControl = PINNED.test(path)
      ? CACHE_CONTROL_PINNED
      : FLOATING.test(path) || MANIFEST.test(path)
        ? CACHE_CONTROL_ALIAS
        : undefined;
    const file = cacheControl && safeJoin(distDir, path);
    const type = file && contentTypeOf(file);
    const body = type ? await readFile(file).catch(() => undefined) : undefined;
    if (!body) {
      return send(res, 404, 'Not found\n', {
        ...COMMON,
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
      });
    }
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const headers = { ...COMMON, 'content-type': type, 'cache-control': cacheControl, etag };
    if (req.headers['if-none-match'] === etag) return send(res, 304, '', headers);
    // Compression changes the transfer, never the decoded bytes the SRI hash covers.
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] || '')) && body.length > 1024;
    const payload = gzip ? gzipSync(body) : body;
    if (gzip) headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(payload.length);
    return send(res, 200, req.method === 'HEAD' ? '' : payload, headers);
  };
}
