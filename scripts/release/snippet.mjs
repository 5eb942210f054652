// Step 6: the script tags partners copy. The pinned one carries the integrity (the browser refuses the file if a
// byte differs) and crossorigin="anonymous" (SRI on a cross-origin script needs a CORS request).
import { CACHE_CONTROL_ALIAS } from '../../lib/origin-policy.mjs';
import { FILES, aliasName, urlOf } from './layout.mjs';
import { majorOf } from './semver.mjs';

export function snippetFor({ publicUrl, version, integrity, elementIntegrity, aliasServes }) {
  const major = majorOf(version);
  const alias = aliasName(major);
  const maxAge = /max-age=(\d+)/.exec(CACHE_CONTROL_ALIAS)?.[1];
  const floatingNote =
    aliasServes === version ? `serves ${version}` : `serves ${aliasServes ?? 'nothing yet'}, not ${version}`;
  return [
    `Pinned ${version} (recommended; the browser refuses the file if one byte differs):`,
    `<script src="${urlOf(publicUrl, version)}"`,
    `        integrity="${integrity}"`,
    `        crossorigin="anonymous"></script>`,
    '',
    `Floating ${alias}/ (follows every ${major}.x release within ${maxAge} s, so it cannot carry an integrity; now ${floatingNote}):`,
    `<script src="${urlOf(publicUrl, alias)}" crossorigin="anonymous"></script>`,
    ...elementSnippet(publicUrl, version, elementIntegrity),
  ].join('\n');
}

/**
 * <svc-contract-signing> without a bundler (docs/server-rendered.md): its file after index.umd.js's tag of the same
 * folder, both `defer`. Nothing for a version published before the element had a file of its own.
 */
function elementSnippet(publicUrl, version, elementIntegrity) {
  if (!elementIntegrity) return [];
  return [
    '',
    `<svc-contract-signing> without a bundler: ${FILES.element} after index.umd.js of the same folder, both with defer:`,
    `<script defer src="${urlOf(publicUrl, version, FILES.element)}"`,
    `        integrity="${elementIntegrity}"`,
    `        crossorigin="anonymous"></script>`,
  ];
}
