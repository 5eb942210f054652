// Step 2: checks the built files before anything is published. Every check is about what partners receive:
// the integrity they paste, the global they call, the bytes they download.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { BUDGET_GZIP_BYTES, evaluateUmd, gzipSizeOf, sriOf } from '../../lib/bundle.mjs';
import { FILES, PACKAGE_PATH, PINNED_FILES } from './layout.mjs';
import { ReleaseError, formatBytes } from './report.mjs';

/**
 * Reads and verifies `<outDir>/packages/contracts-sdk/<version>/`. Returns
 * `{ version, files: Map<fileName, Buffer>, integrity, size, gzipSize }`; throws ReleaseError on any failure.
 */
export async function verifyArtifacts({ outDir, version, report }) {
  const dir = path.join(outDir, ...PACKAGE_PATH.split('/'), version);
  const files = new Map();
  for (const name of PINNED_FILES) {
    try {
      files.set(name, await fs.readFile(path.join(dir, name)));
    } catch (error) {
      throw new ReleaseError(
        `the build did not produce ${PACKAGE_PATH}/${version}/${name} (${error.code ?? error.message})`,
        'check that rollup.config.mjs writes the pinned files for the package.json version',
      );
    }
  }
  const script = files.get(FILES.script);

  const integrity = sriOf(script);
  const sidecar = files.get(FILES.integrity).toString('utf8').trim();
  if (sidecar !== integrity) {
    throw new ReleaseError(
      `${FILES.integrity} says ${sidecar || '(empty)'} but the SHA-384 of ${FILES.script} is ${integrity}`,
      'the sidecar must be written from the final bytes of the script (after minification and the sourceMappingURL comment)',
    );
  }
  report.info(`ok  integrity sidecar matches the SHA-384 of ${FILES.script}: ${integrity}`);

  let evaluated;
  try {
    evaluated = evaluateUmd(script);
  } catch (error) {
    throw new ReleaseError(
      `evaluating ${FILES.script} as a classic script threw: ${error.message}`,
      'the bundle must run in a plain browser global scope without a module system',
    );
  }
  const sdk = evaluated.SvcSDK;
  if (!sdk || (typeof sdk !== 'object' && typeof sdk !== 'function')) {
    throw new ReleaseError(
      `evaluating ${FILES.script} did not define the global SvcSDK (globals added: ${evaluated.addedGlobals.join(', ') || 'none'})`,
      'the UMD build must be named SvcSDK',
    );
  }
  if (sdk.SDK_VERSION !== version) {
    throw new ReleaseError(
      `SvcSDK.SDK_VERSION is ${JSON.stringify(sdk.SDK_VERSION)} but package.json says ${version}`,
      'the version must be compiled in from package.json at build time; rebuild after changing the version',
    );
  }
  report.info(`ok  evaluating it defines SvcSDK with SDK_VERSION ${version}`);

  const gzipSize = gzipSizeOf(script);
  if (gzipSize > BUDGET_GZIP_BYTES) {
    throw new ReleaseError(
      `${FILES.script} is ${formatBytes(gzipSize)} gzipped, over the ${formatBytes(BUDGET_GZIP_BYTES)} budget`,
      "reduce the bundle (npm run bench shows what it contains); the budget protects partners' page weight",
    );
  }
  report.info(
    `ok  size ${formatBytes(script.length)}, gzip -9 ${formatBytes(gzipSize)} (budget ${formatBytes(BUDGET_GZIP_BYTES)})`,
  );

  try {
    const map = JSON.parse(files.get(FILES.map).toString('utf8'));
    if (map.version !== 3 || !Array.isArray(map.sources)) throw new Error('not a version 3 source map');
  } catch (error) {
    throw new ReleaseError(`${FILES.map} is not a valid source map: ${error.message}`);
  }
  if (!script.toString('utf8').trimEnd().endsWith(`//# sourceMappingURL=${FILES.map}`)) {
    throw new ReleaseError(
      `${FILES.script} does not end with "//# sourceMappingURL=${FILES.map}"`,
      'the map is published beside the script under that name',
    );
  }
  report.info(`ok  ${FILES.map} is a valid source map referenced by the script`);

  return { version, files, integrity, size: script.length, gzipSize };
}
