// The one content-type table: what the sandbox servers send, what the release pipeline writes as S3 object
// metadata, and what e2e/release.spec.ts expects nginx (deploy/snippets/contracts-sdk-origin.conf) to send.
import { extname } from 'node:path';

const CONTENT_TYPES = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  // versions.json on the origin, and the sandbox's JSON files.
  '.json': 'application/json; charset=utf-8',
  '.integrity': 'text/plain; charset=utf-8',
  // index.d.ts: downloaded by developers, never executed.
  '.ts': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  // The signing app's hosted fonts (demo/server/service/hosted-fonts.mjs).
  '.woff2': 'font/woff2',
});

/** The content type for `fileName` by its extension, or undefined for a kind of file we never serve. */
export function contentTypeOf(fileName) {
  const extension = extname(fileName);
  return Object.hasOwn(CONTENT_TYPES, extension) ? CONTENT_TYPES[extension] : undefined;
}
