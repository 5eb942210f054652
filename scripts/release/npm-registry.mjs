// The npm CLI against one registry: which versions of the package it has, publishing, reading a version back.
// Credentials come from the engineer's npm config (npm login --registry <url>, or an _authToken line), never
// from this tool.
import { spawn } from 'node:child_process';
import { NPM_PACKAGE_NAME } from '../../lib/npm-package.mjs';
import { ReleaseError } from './report.mjs';

/** Runs `npm <args> --json`; resolves `{ code, json, output }` (json: the parsed stdout, or null). */
function npm(args, { env }) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', [...args, '--json'], {
      env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) =>
      reject(new ReleaseError(`could not start npm: ${error.message}`, 'make sure npm is on PATH')),
    );
    child.on('close', (code) => {
      let json = null;
      try {
        json = stdout.trim() ? JSON.parse(stdout) : null;
      } catch {
        // not JSON: reported through `output`
      }
      resolve({ code, json, output: `${stdout}\n${stderr}`.trim() });
    });
  });
}

const errorOf = (result) => result.json?.error ?? {};
const summaryOf = (result) => errorOf(result).summary || result.output.split('\n').slice(-5).join('\n');

/** `{ versions: string[], latest: string | null }` of the package on `registry` (none if it was never published). */
export async function registryVersions({ registry, env }) {
  const result = await npm(['view', NPM_PACKAGE_NAME, 'versions', 'dist-tags', '--registry', registry], { env });
  if (result.code !== 0) {
    if (errorOf(result).code === 'E404') return { versions: [], latest: null };
    throw new ReleaseError(
      `could not ask ${registry} which versions of ${NPM_PACKAGE_NAME} it has: ${summaryOf(result)}`,
      `check the registry URL, the network and your credentials: npm view ${NPM_PACKAGE_NAME} --registry ${registry}`,
    );
  }
  const versions = result.json?.versions ?? [];
  return {
    versions: Array.isArray(versions) ? versions : [versions],
    latest: result.json?.['dist-tags']?.latest ?? null,
  };
}

/** Publishes the package folder `dir`; resolves `{ integrity, shasum }` of the uploaded tarball. */
export async function publishToRegistry({ registry, dir, tag, env }) {
  const result = await npm(['publish', dir, '--registry', registry, '--tag', tag, '--ignore-scripts'], { env });
  if (result.code !== 0) {
    throw new ReleaseError(
      `npm publish to ${registry} failed: ${summaryOf(result)}`,
      `the CDN files are published and verified; fix the cause (credentials: npm login --registry ${registry}) and run the release again to publish the npm package`,
    );
  }
  const published = result.json?.[NPM_PACKAGE_NAME] ?? result.json;
  return { integrity: published?.integrity, shasum: published?.shasum };
}

/** What the registry serves for one version: `{ version, integrity }`, or null. */
export async function registryVersion({ registry, version, env }) {
  const result = await npm(
    ['view', `${NPM_PACKAGE_NAME}@${version}`, 'version', 'dist.integrity', '--registry', registry],
    { env },
  );
  if (result.code !== 0 || !result.json) return null;
  return { version: result.json.version, integrity: result.json['dist.integrity'] };
}
