// Where the SDK lives on the origin and which HTTP headers each file must be served with. The same layout as the
// build output (dist/packages/contracts-sdk/...), so the origin root mirrors dist/ and URLs are identical in the
// sandbox and in production. deploy/snippets/contracts-sdk-origin.conf (nginx) and the S3 object metadata both
// follow these values; e2e/release.spec.ts checks nginx's real responses against them. The header values
// themselves live in lib/ (content-types.mjs, origin-policy.mjs), shared with the sandbox CDN.
import { contentTypeOf } from '../../lib/content-types.mjs';
import { CACHE_CONTROL_ALIAS, CACHE_CONTROL_PINNED } from '../../lib/origin-policy.mjs';

export const PACKAGE_PATH = 'packages/contracts-sdk';

export const FILES = Object.freeze({
  script: 'index.umd.js',
  map: 'index.umd.js.map',
  integrity: 'index.umd.js.integrity',
  /** TypeScript declarations of the SvcSDK global, for script-tag users (README "TypeScript"). */
  types: 'index.d.ts',
  /** <svc-contract-signing> for pages without a bundler, on the SvcSDK of index.umd.js (since 1.3.0). */
  element: 'element.umd.js',
  elementMap: 'element.umd.js.map',
  elementIntegrity: 'element.umd.js.integrity',
});

/** The files of the element's CDN file: a version published before 1.3.0 has none of them. */
export const ELEMENT_FILES = Object.freeze([FILES.elementMap, FILES.elementIntegrity, FILES.element]);

/**
 * Pinned files in the order they are published: the script last, because a version counts as published when its
 * script exists (a release interrupted half-way is completed by the next run instead of looking finished).
 */
export const PINNED_FILES = Object.freeze([FILES.map, FILES.types, FILES.integrity, ...ELEMENT_FILES, FILES.script]);

/** The alias gets the scripts and their maps (no integrity sidecar: floating bytes cannot be pinned). */
export const ALIAS_FILES = Object.freeze([FILES.map, FILES.elementMap, FILES.element, FILES.script]);

/** versions.json on the origin: every published version and its integrity, for tools and partners (HTTPS). */
export const MANIFEST_KEY = `${PACKAGE_PATH}/versions.json`;

/** The content type of a published file; a file the origin has no type for is a pipeline bug. */
export function publishedContentType(fileName) {
  const type = contentTypeOf(fileName);
  if (!type) throw new Error(`no content type defined for ${fileName}`);
  return type;
}

/** Headers (and S3 object metadata) for one published file. */
export function headersFor(fileName, kind /* 'pinned' | 'alias' | 'manifest' */) {
  return {
    contentType: publishedContentType(fileName),
    cacheControl: kind === 'pinned' ? CACHE_CONTROL_PINNED : CACHE_CONTROL_ALIAS,
  };
}

export function aliasName(major) {
  return `v${major}`;
}

/** Key of a file relative to the origin root, always with forward slashes. */
export function keyOf(directory, fileName) {
  return `${PACKAGE_PATH}/${directory}/${fileName}`;
}

/** URL of a file given the public base URL of the origin (or '' for a root-relative path). */
export function urlOf(publicUrl, directory, fileName = FILES.script) {
  return `${publicUrl.replace(/\/+$/, '')}/${keyOf(directory, fileName)}`;
}
