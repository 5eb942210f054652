// Step 2: checks the built files before anything is published. Every check is about what partners receive:
// the integrity they paste, the global they call, the bytes they download.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  BUDGET_GZIP_BYTES,
  ELEMENT_BUDGET_GZIP_BYTES,
  brotliSizeOf,
  evaluateUmd,
  gzipSizeOf,
  sriOf,
} from '../../lib/bundle.mjs';
import { FILES, PACKAGE_PATH, PINNED_FILES } from './layout.mjs';
import { ReleaseError, formatBytes } from './report.mjs';

/**
 * Reads and verifies `<outDir>/packages/contracts-sdk/<version>/`. Returns
 * `{ version, files: Map<fileName, Buffer>, integrity, elementIntegrity, size, gzipSize }`; throws ReleaseError on
 * any failure.
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
  const integrity = checkSidecar(files, FILES.script, FILES.integrity, report);
  checkDefinesSvcSDK(script, version, report);
  const gzipSize = checkBudget(script, FILES.script, BUDGET_GZIP_BYTES, report);
  checkSourceMap(files, FILES.script, FILES.map, report);

  // The element's file: the npm element entry's code on the SvcSDK global, loaded by its own script tag.
  const element = files.get(FILES.element);
  const elementIntegrity = checkSidecar(files, FILES.element, FILES.elementIntegrity, report);
  const banner = `/*! contracts-sdk v${version} `;
  if (!element.toString('utf8').startsWith(banner)) {
    throw new ReleaseError(
      `${FILES.element} does not start with "${banner}": it is not this version's build`,
      'rebuild: rollup.config.mjs writes both files of the version from the same sources',
    );
  }
  checkBudget(element, FILES.element, ELEMENT_BUDGET_GZIP_BYTES, report);
  checkSourceMap(files, FILES.element, FILES.elementMap, report);

  return { version, files, integrity, elementIntegrity, size: script.length, gzipSize };
}

/** The `sha384-…` of `name`'s exact bytes, after checking that its sidecar says the same. */
function checkSidecar(files, name, sidecarName, report) {
  const integrity = sriOf(files.get(name));
  const sidecar = files.get(sidecarName).toString('utf8').trim();
  if (sidecar !== integrity) {
    throw new ReleaseError(
      `${sidecarName} says ${sidecar || '(empty)'} but the SHA-384 of ${name} is ${integrity}`,
      'the sidecar must be written from the final bytes of the script (after minification and the sourceMappingURL comment)',
    );
  }
  report.info(`ok  integrity sidecar matches the SHA-384 of ${name}: ${integrity}`);
  return integrity;
}

function checkDefinesSvcSDK(script, version, report) {
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
}

/** The gzip -9 size of `script`, after checking it is within `budget`; brotli 11 is printed beside it. */
function checkBudget(script, name, budget, report) {
  const gzipSize = gzipSizeOf(script);
  if (gzipSize > budget) {
    throw new ReleaseError(
      `${name} is ${formatBytes(gzipSize)} gzipped, over the ${formatBytes(budget)} budget`,
      "reduce the bundle (npm run bench shows what it contains); the budget protects partners' page weight",
    );
  }
  report.info(
    `ok  ${name} size ${formatBytes(script.length)}, gzip -9 ${formatBytes(gzipSize)} (budget ${formatBytes(budget)}), brotli 11 ${formatBytes(brotliSizeOf(script))}`,
  );
  return gzipSize;
}

function checkSourceMap(files, name, mapName, report) {
  try {
    const map = JSON.parse(files.get(mapName).toString('utf8'));
    if (map.version !== 3 || !Array.isArray(map.sources)) throw new Error('not a version 3 source map');
  } catch (error) {
    throw new ReleaseError(`${mapName} is not a valid source map: ${error.message}`);
  }
  if (!files.get(name).toString('utf8').trimEnd().endsWith(`//# sourceMappingURL=${mapName}`)) {
    throw new ReleaseError(
      `${name} does not end with "//# sourceMappingURL=${mapName}"`,
      'the map is published beside the script under that name',
    );
  }
  report.info(`ok  ${mapName} is a valid source map referenced by the script`);
}
