// Step 4: the floating v<major>/ alias. It serves a copy of the highest published stable version of its major,
// byte for byte the pinned file (so moving it and rolling it back are the same operation). Prereleases never
// move it, and a release never silently undoes a rollback.
import { sriOf } from '../../lib/bundle.mjs';
import { ALIAS_FILES, aliasName, headersFor, keyOf } from './layout.mjs';
import { ReleaseError } from './report.mjs';
import { compareVersions, highestStable, isPrerelease, majorOf } from './semver.mjs';

/**
 * Decides whether releasing `version` moves its alias. `published` lists every published version (including
 * this one), `current` is the version the alias serves now (null: none or unknown bytes), `history` is the
 * manifest's aliasHistory. Returns `{ alias, move, reason }`.
 */
export function decideAlias({ version, published, current, history = [] }) {
  const major = majorOf(version);
  const alias = aliasName(major);
  if (isPrerelease(version)) {
    return {
      alias,
      move: false,
      reason: `${version} is a prerelease: ${alias}/ never serves prereleases (stays on ${current ?? 'nothing'})`,
    };
  }
  const highest = highestStable(published, major);
  if (highest !== version) {
    return {
      alias,
      move: false,
      reason: `${highest} is the highest published ${major}.x, so ${alias}/ stays on ${current ?? 'nothing'}`,
    };
  }
  if (current === version) return { alias, move: false, reason: `${alias}/ already serves ${version}` };

  // A rollback away from this version (or a higher one) is a deliberate decision; re-running the release of the
  // rolled-back version must not undo it. A newer version (the fix) moves the alias as usual.
  const last = history.filter((event) => event.alias === alias).at(-1);
  if (last && last.action === 'rollback' && last.from && compareVersions(version, last.from) <= 0) {
    return {
      alias,
      move: false,
      reason: `${alias}/ was rolled back from ${last.from} to ${last.to} on ${last.date}; it stays on ${current ?? 'nothing'} (to serve ${version} again: npm run release:rollback -- --dest <target> --to ${version})`,
    };
  }
  return { alias, move: true, reason: `${alias}/ moves from ${current ?? 'nothing'} to ${version}` };
}

/**
 * Copies the scripts and maps of `version` (bytes in `files`) to `<alias>/`, then reads them back. A version
 * published before the element had a file of its own has no element.umd.js: the alias keeps the one it has.
 */
export async function moveAlias({ target, alias, version, files, dryRun, report }) {
  const names = ALIAS_FILES.filter((name) => files.has(name));
  for (const name of names) {
    const key = keyOf(alias, name);
    const headers = headersFor(name, 'alias');
    if (dryRun) {
      report.info(`would write  ${key}  = ${version}/${name}  (Cache-Control: ${headers.cacheControl})`);
      continue;
    }
    await target.put(key, files.get(name), headers);
    report.info(`wrote  ${key}  = ${version}/${name}`);
  }
  if (dryRun) return;
  for (const name of names) {
    const key = keyOf(alias, name);
    const served = await target.get(key);
    if (!served?.body.equals(files.get(name))) {
      throw new ReleaseError(
        `read-back of ${key} ${served ? `returned ${sriOf(served.body)}` : 'found nothing'} instead of the bytes of ${version}: another release or rollback ran at the same time`,
        `check what ${alias}/ serves, then run npm run release:rollback -- --dest <target> --to <version> to set it explicitly`,
      );
    }
  }
  report.info(`ok  read back: ${alias}/ serves ${version}`);
}
