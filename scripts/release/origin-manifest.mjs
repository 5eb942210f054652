// versions.json on the origin (packages/contracts-sdk/versions.json, short cache): the manifest as tools and
// partners read it over HTTPS, to find versions and their integrity. Same content as the local manifest except
// `target`, which names the internal origin (a directory or bucket) and means nothing to a reader.
import { MANIFEST_KEY, headersFor } from './layout.mjs';
import { ReleaseError } from './report.mjs';

export function publicManifestOf(manifest) {
  const { target: _internal, ...shown } = manifest;
  return shown;
}

/** The origin's versions.json as parsed JSON, or null when it is absent or unreadable. */
async function readServed(target) {
  const current = await target.get(MANIFEST_KEY);
  try {
    return current && JSON.parse(current.body.toString('utf8'));
  } catch {
    return null; // unreadable: replaced on the next write
  }
}

/**
 * The local manifest's alias history decides whether a re-release may move the alias back over a rollback
 * (alias.mjs), so it must hold every move the origin records: a checkout without the commit of the last rollback
 * would otherwise undo it (docs/decisions.md #28).
 */
export async function checkNotBehindOrigin({ target, previous, file }) {
  const served = await readServed(target);
  const ours = new Set((previous?.aliasHistory ?? []).map((event) => JSON.stringify(event)));
  const missing = (served?.aliasHistory ?? []).filter((event) => !ours.has(JSON.stringify(event)));
  if (missing.length === 0) return;
  const moves = missing.map((e) => `${e.action} of ${e.alias}/ from ${e.from} to ${e.to} on ${e.date}`);
  throw new ReleaseError(
    `${file} is behind the origin's ${MANIFEST_KEY}: it lacks ${moves.join('; ')}`,
    `pull the commit that recorded it (git pull), or start from the origin's copy (download ${MANIFEST_KEY} into ${file}), and run again; nothing was written`,
  );
}

const sameIgnoringDate = (a, b) => JSON.stringify({ ...a, updated: null }) === JSON.stringify({ ...b, updated: null });

/** Writes versions.json to the origin when its content changed, then reads it back. */
export async function publishOriginManifest({ target, manifest, dryRun, report }) {
  const document = publicManifestOf(manifest);
  const served = await readServed(target);
  if (served && sameIgnoringDate(served, document)) {
    report.info(`unchanged  ${MANIFEST_KEY} on the origin`);
    return;
  }
  const headers = headersFor('versions.json', 'manifest');
  if (dryRun) {
    report.info(`would write  ${MANIFEST_KEY} on the origin (Cache-Control: ${headers.cacheControl})`);
    return;
  }
  const bytes = Buffer.from(JSON.stringify(document, null, 2) + '\n');
  await target.put(MANIFEST_KEY, bytes, headers);
  const readBack = await target.get(MANIFEST_KEY);
  if (!readBack?.body.equals(bytes)) {
    throw new ReleaseError(
      `read-back of ${MANIFEST_KEY} on the origin returned other bytes: another release or rollback ran at the same time`,
      'run the release or rollback again once the other one has finished',
    );
  }
  report.info(`wrote  ${MANIFEST_KEY} on the origin (Cache-Control: ${headers.cacheControl})`);
}
