// Step 3: publishes the pinned files of one version. Pins are immutable: partners' integrity hashes depend on
// their bytes. So: compare everything first and write nothing if any published file differs; create files only
// if absent (never overwrite); then read every file back, so that a concurrent release that won a race on a store
// without conditional writes is detected instead of both releases reporting success.
import { sriOf } from '../../lib/bundle.mjs';
import { PINNED_FILES, headersFor, keyOf } from './layout.mjs';
import { ReleaseError } from './report.mjs';

/** Returns 'created', 'completed' (an interrupted publish was finished) or 'unchanged'. */
export async function publishPinned({ target, artifacts, dryRun, report }) {
  const { version, files } = artifacts;
  const existing = new Map();
  await Promise.all(PINNED_FILES.map(async (name) => existing.set(name, await target.get(keyOf(version, name)))));

  const differing = PINNED_FILES.filter(
    (name) => existing.get(name) && !existing.get(name).body.equals(files.get(name)),
  );
  if (differing.length > 0) {
    const details = differing
      .map(
        (name) =>
          `    ${version}/${name}: published ${sriOf(existing.get(name).body)}, this build ${sriOf(files.get(name))}`,
      )
      .join('\n');
    throw new ReleaseError(
      `${version} is already published with different bytes; nothing was written:\n${details}`,
      `published versions are immutable (partners pin their integrity). Bump "version" in package.json (e.g. to the next patch) and release again`,
    );
  }

  const missing = PINNED_FILES.filter((name) => !existing.get(name));
  if (missing.length === 0) {
    report.info(`unchanged  ${version} is already published with identical bytes: nothing to write`);
    return 'unchanged';
  }
  if (missing.length < PINNED_FILES.length) {
    report.info(`${version} is partly published (identical bytes so far): completing it`);
  }

  for (const name of missing) {
    const key = keyOf(version, name);
    if (dryRun) {
      report.info(`would create  ${key}  (${describeHeaders(name)})`);
      continue;
    }
    const result = await target.createOnly(key, files.get(name), headersFor(name, 'pinned'));
    if (result === 'exists') {
      // Another release created it between our check and our write. Stop at once if its bytes differ, so the
      // loser of the race writes nothing further and the version is never a mix of two builds.
      await confirmPinned({ target, artifacts, names: [name] });
      report.info(`exists   ${key} (written concurrently by another release, identical bytes)`);
    } else {
      report.info(`created  ${key}`);
    }
  }
  if (dryRun) return missing.length === PINNED_FILES.length ? 'created' : 'completed';

  // Read back every pinned file (also the ones that existed): what matters is what the origin now serves.
  await confirmPinned({ target, artifacts });
  const how =
    target.kind === 's3'
      ? target.conditionalWrites
        ? 'with If-None-Match: *'
        : 'without conditional writes (the store does not support them)'
      : 'with exclusive create';
  report.info(`ok  read back ${PINNED_FILES.length} files: bytes identical (written ${how})`);
  return missing.length === PINNED_FILES.length ? 'created' : 'completed';
}

/**
 * Throws unless the target serves exactly this build's bytes for the pinned files. Run right after writing and
 * again at the end of the release: on a store without conditional writes, a concurrent release that overwrote a
 * file lands inside that window and is reported instead of both releases succeeding.
 */
export async function confirmPinned({ target, artifacts, names = PINNED_FILES }) {
  const { version, files } = artifacts;
  for (const name of names) {
    const key = keyOf(version, name);
    const served = await target.get(key);
    if (!served?.body.equals(files.get(name))) {
      throw new ReleaseError(
        `${key} ${served ? `holds different bytes (${sriOf(served.body)}) than this build (${sriOf(files.get(name))})` : 'is missing'}: another release of ${version} wrote it concurrently, or the store altered it`,
        `do not announce ${version}. Check what the origin serves, and release a new version number rather than fighting over this one`,
      );
    }
  }
}

export function describeHeaders(name, kind = 'pinned') {
  const headers = headersFor(name, kind);
  return `Content-Type: ${headers.contentType}; Cache-Control: ${headers.cacheControl}`;
}
