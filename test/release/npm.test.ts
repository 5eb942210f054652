// @vitest-environment node
// The npm and versions.json parts of the release that need no registry: the flag, the dist-tag, the CDN the
// package points at, and versions.json on a directory origin. Publishing to a real registry (Verdaccio), the
// refusal of a version it already has, and installing from it are in e2e/npm-package.spec.ts.
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseReleaseArgs } from '../../scripts/release/args.mjs';
import { MANIFEST_KEY } from '../../scripts/release/layout.mjs';
import { checkPackageCdn, npmTagFor } from '../../scripts/release/npm-package.mjs';
import { publishOriginManifest } from '../../scripts/release/origin-manifest.mjs';
import { createReporter } from '../../scripts/release/report.mjs';
import { openDirectoryTarget } from '../../scripts/release/targets/directory.mjs';
import { tempDir } from './helpers';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('--npm-registry', () => {
  it('takes an http(s) registry URL, and is off without the flag', () => {
    expect(parseReleaseArgs(['--dest', '/srv/o', '--npm-registry', 'https://registry.npmjs.org']).npmRegistry).toBe(
      'https://registry.npmjs.org/',
    );
    expect(parseReleaseArgs(['--dest', '/srv/o']).npmRegistry).toBeUndefined();
    expect(() => parseReleaseArgs(['--dest', '/srv/o', '--npm-registry', 'registry.npmjs.org'])).toThrow(
      '--npm-registry must be an absolute URL such as https://registry.npmjs.org/, got "registry.npmjs.org"',
    );
    expect(() => parseReleaseArgs(['--dest', '/srv/o', '--npm-registry', 'ftp://registry.example'])).toThrow(
      '--npm-registry must use https:',
    );
  });
});

describe('npm dist-tag', () => {
  it('keeps "latest" on the highest stable version', () => {
    expect(npmTagFor('1.1.0', null)).toBe('latest');
    expect(npmTagFor('1.1.0', '1.0.3')).toBe('latest');
    expect(npmTagFor('1.0.4', '1.1.0')).toBe('latest-1');
    expect(npmTagFor('2.0.0-rc.1', '1.1.0')).toBe('next');
  });
});

describe('the CDN the package loads from', () => {
  it('must be the one the release announces (--public-url), when both are known', () => {
    expect(() =>
      checkPackageCdn({ publicUrl: 'https://cdn.example.com', env: { SVC_CDN_URL: 'https://cdn.example.com/' } }),
    ).not.toThrow();
    expect(() => checkPackageCdn({ publicUrl: '', env: {} })).not.toThrow();
    expect(() => checkPackageCdn({ publicUrl: 'https://cdn.example.com', env: {} })).toThrow(
      'the npm package would load from https://cdn.svc.example (SVC_CDN_URL at build time), but --public-url is https://cdn.example.com',
    );
  });
});

describe('versions.json on the origin', () => {
  const manifest = (aliases: Record<string, string>) => ({
    package: 'contracts-sdk',
    target: '/srv/internal-origin',
    updated: new Date().toISOString(),
    aliases,
    versions: { '1.0.0': { integrity: 'sha384-x', size: 1, gzipSize: 1, date: '2026-01-01T00:00:00.000Z' } },
    aliasHistory: [],
  });

  it('is written with a short cache, without the internal target, and rewritten only when it changes', async () => {
    const root = tempDir('origin-manifest');
    dirs.push(root);
    const target = openDirectoryTarget(root);
    const report = createReporter(() => {});
    const file = join(root, ...MANIFEST_KEY.split('/'));

    await publishOriginManifest({ target, manifest: manifest({ v1: '1.0.0' }), dryRun: true, report });
    expect(report.lines.at(-1)).toBe(
      `      would write  ${MANIFEST_KEY} on the origin (Cache-Control: public, max-age=300)`,
    );
    expect(() => statSync(file)).toThrow();

    await publishOriginManifest({ target, manifest: manifest({ v1: '1.0.0' }), dryRun: false, report });
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(written.versions['1.0.0'].integrity).toBe('sha384-x');
    expect(written.target).toBeUndefined();
    const mtime = statSync(file).mtimeMs;

    await publishOriginManifest({ target, manifest: manifest({ v1: '1.0.0' }), dryRun: false, report });
    expect(report.lines.at(-1)).toBe(`      unchanged  ${MANIFEST_KEY} on the origin`);
    expect(statSync(file).mtimeMs).toBe(mtime);

    await publishOriginManifest({
      target,
      manifest: manifest({ v1: null as unknown as string }),
      dryRun: false,
      report,
    });
    expect(JSON.parse(readFileSync(file, 'utf8')).aliases).toEqual({ v1: null });
  });
});
