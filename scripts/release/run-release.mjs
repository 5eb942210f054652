// The release pipeline: build → verify → publish pinned → move alias → manifest → npm package → snippet, each
// step printed as it runs. Used by scripts/release.mjs (the CLI) and by the tests.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decideAlias, moveAlias } from './alias.mjs';
import { checkGitTree, readProjectVersion, rollupBuild } from './build.mjs';
import { aliasName } from './layout.mjs';
import { majorOf } from './semver.mjs';
import {
  MANIFEST_DEFAULT,
  buildManifest,
  checkManifestTarget,
  describeManifestChanges,
  readManifest,
  writeManifest,
} from './manifest.mjs';
import { NPM_PACKAGE_NAME } from '../../lib/npm-package.mjs';
import { checkPackageCdn, checkRegistry, publishNpmPackage, verifyNpmPackage } from './npm-package.mjs';
import { checkNotBehindOrigin, publishOriginManifest } from './origin-manifest.mjs';
import { confirmPinned, publishPinned } from './publish.mjs';
import { readPublished } from './published.mjs';
import { createReporter } from './report.mjs';
import { snippetFor } from './snippet.mjs';
import { openTarget, readOnly } from './targets/index.mjs';
import { verifyArtifacts } from './verify.mjs';

const OUTCOMES = {
  created: (version) => `Released ${version}.`,
  completed: (version) => `Released ${version} (completed an interrupted publish).`,
  unchanged: (version) => `${version} was already published with identical bytes; the pinned files were not touched.`,
};

export const PROJECT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * @param {object} options
 * @param {string} options.dest              directory or s3://bucket/prefix
 * @param {string} [options.projectDir]      project to build (default: this repository)
 * @param {boolean} [options.allowDirty]
 * @param {boolean} [options.dryRun]
 * @param {string} [options.manifestPath]    default <projectDir>/packages/contracts-sdk/versions.json
 * @param {string} [options.publicUrl]       origin for the snippet ('' → root-relative paths)
 * @param {string} [options.npmRegistry]     also publish the npm package there (after the origin is verified)
 * @param {Function} [options.build]         ({projectDir, outDir, env}) → Promise; default: npm run build
 * @param {object} [options.env]             environment for the build and the S3 client
 * @param {Function} [options.log]           receives each output line
 * @param {object} [options.s3Client]        S3 client for an s3:// dest (tests pass one that holds writes)
 * @param {Function} [options.now]           clock for the manifest dates (tests pin it)
 */
export async function runRelease(options) {
  const {
    dest,
    projectDir = PROJECT_DIR,
    allowDirty = false,
    dryRun = false,
    publicUrl = '',
    npmRegistry,
    build = rollupBuild,
    env = process.env,
    log,
    s3Client,
    now = () => new Date(),
  } = options;
  const report = createReporter(log, 7);
  // --manifest is relative to where the command runs; the default lives in the project.
  const manifestFile = options.manifestPath
    ? path.resolve(options.manifestPath)
    : path.join(projectDir, MANIFEST_DEFAULT);
  const version = readProjectVersion(projectDir);
  const opened = openTarget(dest, { env, s3Client });
  const target = dryRun ? readOnly(opened) : opened;
  let outDir;
  try {
    report.heading(
      `Releasing contracts-sdk ${version} to ${target.description}${dryRun ? ' (dry run: nothing will be written)' : ''}`,
    );
    for (const warning of await target.check()) report.warn(warning);
    const previous = await readManifest(manifestFile);
    checkManifestTarget(previous, target.id, manifestFile);
    // Before anything is built or written: a version the registry already has can never be published again.
    if (npmRegistry) checkPackageCdn({ publicUrl, env });
    const npmTag = npmRegistry ? await checkRegistry({ registry: npmRegistry, version, env, report }) : undefined;
    await checkNotBehindOrigin({ target, previous, file: manifestFile });

    report.step('Build');
    const git = checkGitTree(projectDir, { allowDirty });
    report.info(
      git.dirty
        ? `git: ${git.changes.length} uncommitted/untracked change(s) at ${git.commit ? git.commit.slice(0, 12) : 'no commit'}, allowed by --allow-dirty`
        : `git: clean at ${git.commit.slice(0, 12)}`,
    );
    outDir = await mkdtemp(path.join(os.tmpdir(), 'contracts-sdk-release-'));
    const buildMs = await build({ projectDir, outDir, env });
    report.info(
      `built ${version} from ${projectDir} into a fresh directory${typeof buildMs === 'number' ? ` in ${(buildMs / 1000).toFixed(1)} s` : ''}`,
    );

    report.step('Verify');
    const artifacts = await verifyArtifacts({ outDir, version, report });
    const npmDir = await verifyNpmPackage({ outDir, version, integrity: artifacts.integrity, report });

    report.step(`Publish ${version}/ (pinned, immutable)`);
    const outcome = await publishPinned({ target, artifacts, dryRun, report });

    report.step('Floating alias');
    const published = await readPublished(target);
    for (const warning of published.warnings) report.warn(warning);
    if (!published.versions.has(version)) {
      // Dry run: account for the version as if it had been published.
      published.versions.set(version, {
        integrity: artifacts.integrity,
        elementIntegrity: artifacts.elementIntegrity,
        size: artifacts.size,
        gzipSize: artifacts.gzipSize,
        lastModified: now(),
      });
    }
    const decision = decideAlias({
      version,
      published: [...published.versions.keys()],
      current: published.aliases.get(aliasName(majorOf(version))) ?? null,
      history: previous?.aliasHistory,
    });
    const from = published.aliases.get(decision.alias) ?? null;
    report.info(decision.reason);
    if (decision.move) {
      await moveAlias({ target, alias: decision.alias, version, files: artifacts.files, dryRun, report });
      published.aliases.set(decision.alias, version);
    }

    report.step('Manifest');
    const manifest = buildManifest({
      previous,
      targetId: target.id,
      versions: published.versions,
      aliases: published.aliases,
      release: { version, commit: git.commit && (git.dirty ? `${git.commit}-dirty` : git.commit) },
      event: decision.move ? { action: 'release', alias: decision.alias, from, to: version } : undefined,
      now: now(),
    });
    await saveManifest({ previous, manifest, manifestFile, projectDir, target, dryRun, report });

    report.step('npm package');
    if (!dryRun) {
      await confirmPinned({ target, artifacts });
      report.info(`ok  ${version}/ still serves exactly this build (checked again after the alias and manifest steps)`);
    }
    if (npmRegistry) {
      await publishNpmPackage({ registry: npmRegistry, dir: npmDir, version, tag: npmTag, env, dryRun, report });
    } else {
      report.info('skipped: no --npm-registry');
    }

    report.step('Snippet');
    const snippet = snippetFor({
      publicUrl,
      version,
      integrity: artifacts.integrity,
      elementIntegrity: artifacts.elementIntegrity,
      aliasServes: published.aliases.get(decision.alias) ?? null,
    });
    if (!publicUrl)
      report.info('no --public-url (or SDK_PUBLIC_URL): URLs below are root-relative; prefix them with the CDN origin');
    report.block(snippet);
    if (npmRegistry)
      report.block(
        `\nnpm (bundlers): npm install ${NPM_PACKAGE_NAME}@${version}, then import { loadSvcSDK } from '${NPM_PACKAGE_NAME}'`,
      );
    report.heading(
      dryRun ? `\nDry run complete: ${version} verified; nothing was written.` : `\n${OUTCOMES[outcome](version)}`,
    );
    return {
      version,
      integrity: artifacts.integrity,
      outcome,
      alias: decision,
      manifest,
      snippet,
      lines: report.lines,
    };
  } finally {
    if (outDir) await rm(outDir, { recursive: true, force: true });
    await target.close();
  }
}

/**
 * Shared with rollback: prints what changes, writes unless dry run, leaves the file alone if nothing changed;
 * then the same for versions.json on the origin.
 */
export async function saveManifest({ previous, manifest, manifestFile, projectDir, target, dryRun, report }) {
  await saveLocalManifest({ previous, manifest, manifestFile, projectDir, dryRun, report });
  await publishOriginManifest({ target, manifest, dryRun, report });
}

async function saveLocalManifest({ previous, manifest, manifestFile, projectDir, dryRun, report }) {
  const changes = describeManifestChanges(previous, manifest);
  const same =
    previous && JSON.stringify({ ...previous, updated: null }) === JSON.stringify({ ...manifest, updated: null });
  if (same) {
    report.info(`unchanged  ${manifestFile}`);
    return;
  }
  for (const line of changes) report.info(line);
  if (dryRun) {
    report.info(`would write  ${manifestFile}`);
    return;
  }
  await writeManifest(manifestFile, manifest);
  const tracked = manifestFile.startsWith(projectDir + path.sep);
  report.info(
    `wrote  ${manifestFile} (${Object.keys(manifest.versions).length} version(s)${tracked ? '; commit it' : ''})`,
  );
}
