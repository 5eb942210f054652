// Whether dist/ was built from the sources as they are now: `npm run demo` skips the build when it was, and a test
// can ask the same. The build (rollup.config.mjs) removes the stamp when it starts and writes it when it has
// written everything; the stamp holds a SHA-256 over the build's inputs, their paths and contents.
// A content hash and not modification times: a checkout, a rebase or `git stash pop` gives sources new mtimes
// (a needless rebuild at worst), but copying or extracting files with their times kept (cp -p, tar, rsync -t) can
// bring back different sources older than dist/, and an mtime check would then serve a stale SDK. Hashing the
// ~100 input files takes a few milliseconds.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * What `npm run build` reads, relative to the repository root: the sources, the build's config and the helpers
 * it imports, the package manifest and lock (version, dependencies), and the READMEs and docs it copies into the package.
 */
export const BUILD_INPUTS = [
  'src',
  'loader',
  'types',
  'rollup.config.mjs',
  'lib/build-constants.mjs',
  'lib/bundle.mjs',
  'lib/mangled-properties.mjs',
  'lib/npm-package.mjs',
  'lib/private-members.mjs',
  'lib/npm-guide.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'README.md',
  'docs',
];

/** The stamp's file name, in the build's output folder (dist/, or SDK_OUT_DIR). */
export const STAMP_FILE = '.build-inputs';

/** Every file under `path` (itself when a file), sorted, so the hash does not depend on directory order. */
function filesUnder(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** SHA-256 (hex) over each input file's path (relative, with /) and contents, in a fixed order. */
export function inputsHash(root, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const path = join(root, input);
    if (!existsSync(path)) continue;
    for (const file of filesUnder(path)) {
      const contents = readFileSync(file);
      hash.update(`${relative(root, file).split(sep).join('/')}\0${contents.length}\0`);
      hash.update(contents);
    }
  }
  return hash.digest('hex');
}

/** The build has started: dist/ no longer matches any stamp until it finishes. */
export function clearStamp(outDir) {
  rmSync(join(outDir, STAMP_FILE), { force: true });
}

/** The build has written everything: record what it was built from. */
export function writeStamp(outDir, hash) {
  writeFileSync(join(outDir, STAMP_FILE), `${hash}\n`);
}

/**
 * Whether `outDir` holds a finished build of the inputs under `root` as they are now, and why not.
 * @returns {{ current: boolean, reason: string }}
 */
export function buildState(root, outDir, inputs = BUILD_INPUTS) {
  const stampFile = join(outDir, STAMP_FILE);
  if (!existsSync(stampFile)) return { current: false, reason: `no finished build in ${outDir}` };
  const built = readFileSync(stampFile, 'utf8').trim();
  const now = inputsHash(root, inputs);
  if (built !== now) return { current: false, reason: 'the sources changed since the last build' };
  return { current: true, reason: `built from these sources (inputs ${now.slice(0, 12)})` };
}

/**
 * Runs `build()` unless `outDir` already holds a finished build of the sources under `root`, and says which
 * through `log`. Throws when the build returned without leaving a stamp (it failed or was cut short).
 * @returns {boolean} whether it built
 */
export function ensureBuilt({ root, outDir, build, log, inputs = BUILD_INPUTS }) {
  const before = buildState(root, outDir, inputs);
  if (before.current) {
    log(`skipping the build: ${outDir} is current, ${before.reason}. \`npm run build\` rebuilds it anyway.`);
    return false;
  }
  log(`building the SDK: ${before.reason}.`);
  build();
  const after = buildState(root, outDir, inputs);
  if (!after.current) throw new Error(`the build did not finish: ${after.reason}`);
  return true;
}
