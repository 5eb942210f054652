// versions.json on the origin (packages/contracts-sdk/versions.json, short cache): the manifest as tools and
// partners read it over HTTPS, to find versions and their integrity. Same content as the local manifest except
// `target`, which names the internal origin (a directory or bucket) and means nothing to a reader.
import { MANIFEST_KEY, headersFor } from './layout.mjs';
import { ReleaseError } from './report.mjs';

export function publicManifestOf(manifest) {
  const { target: _internal, ...shown } = manifest;
  return shown;
}

const sameIgnoringDate = (a, b) => JSON.stringify({ ...a, updated: null }) === JSON.stringify({ ...b, updated: null });

/** Writes versions.json to the origin when its content changed, then reads it back. */
export async function publishOriginManifest({ target, manifest, dryRun, report }) {
  const document = publicManifestOf(manifest);
  const current = await target.get(MANIFEST_KEY);
  let served = null;
  try {
    served = current && JSON.parse(current.body.toString('utf8'));
  } catch {
    // unreadable: replaced below
  }
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
