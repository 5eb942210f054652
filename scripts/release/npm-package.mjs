// The npm package contracts-sdk@<version>: checked with the CDN files (step 2), refused early if the registry
// already has the version, and published only after the origin has been read back (step 6), so the package
// never points at a file the origin does not serve.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_CDN_URL } from '../../lib/build-constants.mjs';
import { NPM_ENTRIES, NPM_PACKAGE_DIR, NPM_PACKAGE_NAME, NPM_PEERS, NPM_TYPE_ENTRIES } from '../../lib/npm-package.mjs';
import { publishToRegistry, registryVersion, registryVersions } from './npm-registry.mjs';
import { ReleaseError } from './report.mjs';
import { compareVersions, isPrerelease, majorOf } from './semver.mjs';

/**
 * The built package is this version and pins exactly the verified CDN script; both module formats import on a
 * server without a DOM and load nothing there. Returns the package folder.
 */
export async function verifyNpmPackage({ outDir, version, integrity, report }) {
  const dir = path.join(outDir, NPM_PACKAGE_DIR);
  const fail = (message) => {
    throw new ReleaseError(
      `npm package ${NPM_PACKAGE_DIR}: ${message}`,
      'check the loader build in rollup.config.mjs (npm run build writes it)',
    );
  };
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch (error) {
    fail(`no readable package.json (${error.code ?? error.message})`);
  }
  if (manifest.name !== NPM_PACKAGE_NAME || manifest.version !== version || manifest.private) {
    fail(
      `package.json says ${manifest.name}@${manifest.version}${manifest.private ? ' (private)' : ''}, expected ${NPM_PACKAGE_NAME}@${version}`,
    );
  }
  for (const entry of NPM_ENTRIES) {
    for (const extension of ['mjs', 'cjs', 'd.ts', 'd.cts']) {
      if (!existsSync(path.join(dir, `${entry}.${extension}`))) fail(`${entry}.${extension} is missing`);
    }
  }
  for (const entry of NPM_TYPE_ENTRIES) {
    if (!existsSync(path.join(dir, `${entry}.d.ts`))) fail(`${entry}.d.ts is missing`);
  }
  // The entries without a peer run here; the React entry imports the partner's React (a peer, absent
  // here) and loads through the same shared chunk, so it must import that chunk and nothing else of its own.
  for (const entry of NPM_ENTRIES.filter((name) => !Object.hasOwn(NPM_PEERS, name))) {
    const file = path.join(dir, entry);
    const formats = [
      ['ESM', await import(pathToFileURL(`${file}.mjs`).href)],
      ['CJS', createRequire(import.meta.url)(`${file}.cjs`)],
    ];
    for (const [format, loaded] of formats) {
      if (loaded.SDK_VERSION !== version) fail(`${entry} (${format}) loads SDK ${loaded.SDK_VERSION}, not ${version}`);
      if (loaded.SDK_INTEGRITY !== integrity)
        fail(`${entry} (${format}) pins ${loaded.SDK_INTEGRITY}, not the built script's ${integrity}`);
      // The element entry exports no loader since 1.3.0 (a page that needs one imports contracts-sdk/pure).
      if (entry !== 'element' && (await loaded.loadSvcSDK()) !== null)
        fail(`${entry} (${format}): loadSvcSDK() on a server must resolve null`);
      // The element entry imports on a server too (it defines nothing without a window) and exports its class.
      if (entry === 'element' && typeof loaded.SvcContractSigning !== 'function')
        fail(`element (${format}) does not export SvcContractSigning`);
    }
  }
  for (const entry of NPM_ENTRIES.filter((name) => Object.hasOwn(NPM_PEERS, name))) {
    const code = readFileSync(path.join(dir, `${entry}.mjs`), 'utf8');
    const imported = [...code.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]).sort();
    if (imported.join(' ') !== `./shared.mjs ${entry}`)
      fail(`${entry}.mjs imports ${imported.join(', ') || 'nothing'}, expected ./shared.mjs and ${entry}`);
  }
  report.info(
    `ok  npm package ${NPM_PACKAGE_NAME}@${version} pins ${integrity}; ESM and CJS import on a server and load nothing there`,
  );
  return dir;
}

/**
 * The package loads from the CDN compiled into it (SVC_CDN_URL at build time); a release announced for another
 * public URL would publish a package pointing where this release did not publish.
 */
export function checkPackageCdn({ publicUrl, env }) {
  const packageCdn = (env.SVC_CDN_URL || DEFAULT_CDN_URL).replace(/\/+$/, '');
  if (publicUrl && publicUrl !== packageCdn) {
    throw new ReleaseError(
      `the npm package would load from ${packageCdn} (SVC_CDN_URL at build time), but --public-url is ${publicUrl}`,
      `build for the CDN you publish to: SVC_CDN_URL=${publicUrl} npm run release -- ...`,
    );
  }
}

/**
 * Refuses (before anything is written) a version the registry already has: npm versions are immutable, and the
 * one there may pin other bytes. Returns the dist-tag to publish under.
 */
export async function checkRegistry({ registry, version, env, report }) {
  const { versions, latest } = await registryVersions({ registry, env });
  if (versions.includes(version)) {
    throw new ReleaseError(
      `${NPM_PACKAGE_NAME}@${version} is already on ${registry}; nothing was written`,
      'npm versions cannot be replaced. Bump "version" in package.json and release again (the CDN files of a new version are new pins too)',
    );
  }
  const tag = npmTagFor(version, latest);
  report.info(
    `npm: ${registry} does not have ${NPM_PACKAGE_NAME}@${version} yet (latest: ${latest ?? 'none'}); it will be published with the tag "${tag}"`,
  );
  return tag;
}

/**
 * The dist-tag: npm moves a tag to whatever is published with it, and `npm install contracts-sdk` follows
 * "latest", so "latest" stays on the highest stable version; prereleases go to "next", and a fix to an older
 * line (1.4.1 after 2.0.0) to "latest-<major>".
 */
export function npmTagFor(version, latest) {
  if (isPrerelease(version)) return 'next';
  return latest && compareVersions(version, latest) < 0 ? `latest-${majorOf(version)}` : 'latest';
}

/** Publishes the verified folder, then reads the version back from the registry. */
export async function publishNpmPackage({ registry, dir, version, tag, env, dryRun, report }) {
  if (dryRun) {
    report.info(`would publish  ${NPM_PACKAGE_NAME}@${version} to ${registry} (tag ${tag})`);
    return;
  }
  const uploaded = await publishToRegistry({ registry, dir, tag, env });
  const served = await registryVersion({ registry, version, env });
  if (!served || (uploaded.integrity && served.integrity !== uploaded.integrity)) {
    throw new ReleaseError(
      `${registry} ${served ? `serves ${NPM_PACKAGE_NAME}@${version} as ${served.integrity}, not the uploaded ${uploaded.integrity}` : `does not list ${NPM_PACKAGE_NAME}@${version} after publishing it`}`,
      `check the registry (npm view ${NPM_PACKAGE_NAME}@${version} --registry ${registry})`,
    );
  }
  report.info(`published  ${NPM_PACKAGE_NAME}@${version} to ${registry} (tag ${tag}); read back: ${served.integrity}`);
}
