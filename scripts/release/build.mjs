// Step 1: the git working-tree check and a clean build into a fresh temporary directory (never dist/, which
// other tools and engineers use, and never a directory that could hold stale files from an earlier build).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isVersion } from './semver.mjs';
import { ReleaseError } from './report.mjs';

export function readProjectVersion(projectDir) {
  const file = path.join(projectDir, 'package.json');
  let version;
  try {
    ({ version } = JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new ReleaseError(`cannot read the version from ${file}: ${error.message}`);
  }
  if (!isVersion(version)) {
    throw new ReleaseError(
      `package.json version "${version}" is not a semantic version MAJOR.MINOR.PATCH[-PRERELEASE]`,
      'set "version" in package.json to e.g. 1.4.0 or 1.4.0-rc.1 (no "+build" metadata: it cannot be told apart on the CDN)',
    );
  }
  return version;
}

function git(projectDir, args) {
  return spawnSync('git', args, { cwd: projectDir, encoding: 'utf8' });
}

/**
 * Returns `{ commit, dirty, changes }`. A tree with uncommitted or untracked files is refused unless
 * allowDirty: a release must be reproducible from a commit, and untracked files could be in the build.
 */
export function checkGitTree(projectDir, { allowDirty }) {
  const head = git(projectDir, ['rev-parse', '--verify', 'HEAD']);
  if (head.error || head.status !== 0) {
    if (allowDirty) return { commit: null, dirty: true, changes: ['(not a git work tree or no commit yet)'] };
    throw new ReleaseError(
      `${projectDir} is not a git work tree with a commit, so the release could not be traced to a commit`,
      'release from a clone of the repository, or pass --allow-dirty for a one-off build',
    );
  }
  const status = git(projectDir, ['status', '--porcelain', '--untracked-files=normal']);
  if (status.status !== 0) throw new ReleaseError(`git status failed in ${projectDir}: ${status.stderr.trim()}`);
  const changes = status.stdout.split('\n').filter(Boolean);
  const commit = head.stdout.trim();
  if (changes.length > 0 && !allowDirty) {
    const shown = changes
      .slice(0, 10)
      .map((line) => `    ${line}`)
      .join('\n');
    const more = changes.length > 10 ? `\n    ... and ${changes.length - 10} more` : '';
    throw new ReleaseError(
      `the git working tree has ${changes.length} uncommitted or untracked change(s):\n${shown}${more}`,
      'commit or stash them so the release matches a commit, or pass --allow-dirty (the manifest then records the commit as "<sha>-dirty")',
    );
  }
  return { commit, dirty: changes.length > 0, changes };
}

/**
 * Runs the project's own `npm run build` with SDK_OUT_DIR pointing at `outDir` (which must be fresh and empty).
 * Resolves with the duration in ms; rejects with the build's output on failure.
 */
export function rollupBuild({ projectDir, outDir, env = process.env }) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build'], {
      cwd: projectDir,
      env: { ...env, SDK_OUT_DIR: outDir, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) =>
      reject(new ReleaseError(`could not start "npm run build": ${error.message}`, 'make sure npm is on PATH')),
    );
    child.on('close', (code) => {
      if (code === 0) return resolve(Date.now() - started);
      const tail = output.trim().split('\n').slice(-30).join('\n');
      reject(
        new ReleaseError(
          `the build failed (npm run build exited with ${code}):\n${tail}`,
          'fix the build error above; run "npm run build" to reproduce',
        ),
      );
    });
  });
}
