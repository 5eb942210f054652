// Rollback: points v<major>/ at an already published version of the same major (after a bad release) and records
// it in the manifest. Pinned files are only read. Used by scripts/rollback.mjs and by the tests.
import path from 'node:path';
import { sriOf } from '../../lib/bundle.mjs';
import { moveAlias } from './alias.mjs';
import { ALIAS_FILES, ELEMENT_FILES, FILES, aliasName, keyOf } from './layout.mjs';
import { MANIFEST_DEFAULT, buildManifest, checkManifestTarget, readManifest } from './manifest.mjs';
import { readPublished } from './published.mjs';
import { ReleaseError, createReporter } from './report.mjs';
import { checkNotBehindOrigin } from './origin-manifest.mjs';
import { PROJECT_DIR, saveManifest } from './run-release.mjs';
import { compareVersions, isPrerelease, isVersion, majorOf, sortVersions } from './semver.mjs';
import { snippetFor } from './snippet.mjs';
import { openTarget, readOnly } from './targets/index.mjs';

export async function runRollback(options) {
  const {
    dest,
    to,
    projectDir = PROJECT_DIR,
    dryRun = false,
    publicUrl = '',
    env = process.env,
    log,
    s3Client,
    now = () => new Date(),
  } = options;
  if (!isVersion(to))
    throw new ReleaseError(`--to "${to}" is not a version`, 'pass a published version such as --to 1.2.3');
  if (isPrerelease(to))
    throw new ReleaseError(
      `--to ${to} is a prerelease; the floating alias never serves prereleases`,
      'pass a published stable version of the same major',
    );
  const report = createReporter(log, 4);
  // --manifest is relative to where the command runs; the default lives in the project.
  const manifestFile = options.manifestPath
    ? path.resolve(options.manifestPath)
    : path.join(projectDir, MANIFEST_DEFAULT);
  const alias = aliasName(majorOf(to));
  const opened = openTarget(dest, { env, s3Client });
  const target = dryRun ? readOnly(opened) : opened;
  try {
    report.heading(
      `Rolling back ${alias}/ to ${to} on ${target.description}${dryRun ? ' (dry run: nothing will be written)' : ''}`,
    );
    for (const warning of await target.check()) report.warn(warning);
    const previous = await readManifest(manifestFile);
    checkManifestTarget(previous, target.id, manifestFile);
    await checkNotBehindOrigin({ target, previous, file: manifestFile });

    report.step(`Check ${to}`);
    const published = await readPublished(target);
    for (const warning of published.warnings) report.warn(warning);
    if (!published.versions.has(to)) {
      const same = sortVersions([...published.versions.keys()].filter((v) => majorOf(v) === majorOf(to)));
      throw new ReleaseError(
        `${to} is not published on ${target.id}`,
        same.length
          ? `published ${majorOf(to)}.x versions: ${same.join(', ')}`
          : `nothing of major ${majorOf(to)} is published there; check --dest`,
      );
    }
    // The alias gets exactly the pinned bytes; refuse a version whose sidecar no longer matches them.
    const files = await aliasFiles(target, to);
    const integrity = await checkedIntegrity(target, to, files, FILES.script, FILES.integrity);
    const elementIntegrity =
      files.has(FILES.element) && (await checkedIntegrity(target, to, files, FILES.element, FILES.elementIntegrity));
    if (!elementIntegrity)
      report.warn(
        `${to} has no ${FILES.element} (published before the element had a file): ${alias}/${FILES.element} keeps the version it serves, and pages loading it with ${alias}/index.umd.js get loading_error (another version's SvcSDK) until ${alias}/ serves a version that has it`,
      );
    const current = published.aliases.get(alias) ?? null;
    report.info(`ok  ${to} is published, integrity ${integrity}`);
    report.info(
      `${alias}/ serves ${current ?? (published.aliases.has(alias) ? 'bytes matching no published version' : 'nothing yet')}`,
    );

    report.step(`Point ${alias}/ to ${to}`);
    let event;
    if (current === to) {
      report.info(`unchanged  ${alias}/ already serves ${to}: nothing to write`);
    } else {
      if (current && compareVersions(to, current) > 0)
        report.info(`note: ${to} is newer than ${current}: this moves ${alias}/ forward`);
      await moveAlias({ target, alias, version: to, files, dryRun, report });
      published.aliases.set(alias, to);
      event = { action: 'rollback', alias, from: current, to };
    }

    report.step('Manifest');
    const manifest = buildManifest({
      previous,
      targetId: target.id,
      versions: published.versions,
      aliases: published.aliases,
      event,
      now: now(),
    });
    await saveManifest({ previous, manifest, manifestFile, projectDir, target, dryRun, report });

    report.step('Snippet');
    const snippet = snippetFor({ publicUrl, version: to, integrity, elementIntegrity, aliasServes: to });
    report.block(snippet);
    report.heading(dryRun ? `\nDry run complete: nothing was written.` : `\n${alias}/ serves ${to}.`);
    return { alias, from: current, to, manifest, lines: report.lines };
  } finally {
    await target.close();
  }
}

/** The bytes of `version`'s files that the alias serves; the element's only if that version has them. */
async function aliasFiles(target, version) {
  const files = new Map();
  for (const name of ALIAS_FILES) {
    const object = await target.get(keyOf(version, name));
    if (object) files.set(name, object.body);
    else if (!ELEMENT_FILES.includes(name))
      throw new ReleaseError(
        `${version}/${name} is missing on ${target.id}`,
        'release that version again to complete it, or choose another version',
      );
  }
  if (files.has(FILES.elementMap) !== files.has(FILES.element))
    throw new ReleaseError(
      `${version}/ has only one of ${FILES.element} and ${FILES.elementMap} on ${target.id}`,
      'release that version again to complete it, or choose another version',
    );
  return files;
}

/** The integrity of `name` in `files`, after checking that the version's sidecar on the target says the same. */
async function checkedIntegrity(target, version, files, name, sidecarName) {
  const sidecar = await target.get(keyOf(version, sidecarName));
  const integrity = sriOf(files.get(name));
  if (!sidecar || sidecar.body.toString('utf8').trim() !== integrity) {
    throw new ReleaseError(
      `${version}/${sidecarName} does not match its script on ${target.id}`,
      'the origin content is damaged; investigate before pointing partners at it',
    );
  }
  return integrity;
}
