// `npm run demo`'s first step: builds the SDK unless dist/ (or SDK_OUT_DIR) already holds a finished build of the
// sources as they are now (lib/build-stamp.mjs: a hash of the build's inputs), and says which.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureBuilt } from '../lib/build-stamp.mjs';
import { DIST_DIR, REPO_ROOT } from '../lib/repo-paths.mjs';

const outDir = process.env.SDK_OUT_DIR ? resolve(process.env.SDK_OUT_DIR) : DIST_DIR;

/** `npm run build`, with the npm that runs this script when there is one. */
function build() {
  const npm = process.env.npm_execpath;
  const { status } = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (status !== 0) {
    console.error('[demo] the build failed: the sandbox is not started.');
    process.exit(status ?? 1);
  }
}

try {
  ensureBuilt({ root: REPO_ROOT, outDir, build, log: (line) => console.log(`[demo] ${line}`) });
} catch (error) {
  console.error(`[demo] ${error.message}`);
  process.exit(1);
}
