// How the SDK's files are cached and shared on the CDN origin. The release pipeline writes these values
// (scripts/release/layout.mjs), the sandbox CDN serves them (demo/server/cdn.mjs), and nginx's shipped config
// (deploy/snippets/contracts-sdk-origin.conf) is checked against them by e2e/release.spec.ts.

/** `<version>/` files never change once published. */
export const CACHE_CONTROL_PINNED = 'public, max-age=31536000, immutable';
/** Short so that moving or rolling back the alias (and the versions.json recording it) reaches browsers and CDN
 * edges within minutes. */
export const CACHE_CONTROL_ALIAS = 'public, max-age=300';
/** Subresource Integrity on a cross-origin script needs a CORS response; the SDK is public, so any origin. */
export const CORS_ALLOW_ORIGIN = '*';
