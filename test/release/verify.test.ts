// @vitest-environment node
// Step 2 must stop a release whose files are not what partners expect. Small hand-made bundles stand in for a
// build so each defect can be produced exactly.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sriOf } from '../../lib/bundle.mjs';
import { createReporter, ReleaseError } from '../../scripts/release/report.mjs';
import { verifyArtifacts } from '../../scripts/release/verify.mjs';
import { PACKAGE, tempDir } from './helpers';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fakeBuild(
  version: string,
  {
    sdkVersion = version,
    padding = '',
    integrity,
    omit,
  }: { sdkVersion?: string; padding?: string; integrity?: string; omit?: string } = {},
) {
  const outDir = tempDir('verify');
  dirs.push(outDir);
  const dir = join(outDir, PACKAGE, version);
  mkdirSync(dir, { recursive: true });
  const script = Buffer.from(
    `/*! test ${padding} */(function(g){g.SvcSDK={SDK_VERSION:${JSON.stringify(sdkVersion)}}})(this);\n//# sourceMappingURL=index.umd.js.map`,
  );
  const files: Record<string, Buffer | string> = {
    'index.umd.js': script,
    'index.umd.js.map': JSON.stringify({ version: 3, sources: ['src/index.ts'], mappings: '' }),
    'index.umd.js.integrity': `${integrity ?? sriOf(script)}\n`,
    'index.d.ts': 'declare namespace SvcSDK {}\n',
  };
  for (const [name, content] of Object.entries(files)) if (name !== omit) writeFileSync(join(dir, name), content);
  return outDir;
}

const verify = (outDir: string, version: string) =>
  verifyArtifacts({ outDir, version, report: createReporter(() => {}) });

describe('verifyArtifacts', () => {
  it('accepts a correct build and returns its integrity and sizes', async () => {
    const result = await verify(fakeBuild('1.2.3'), '1.2.3');
    expect(result.integrity).toBe(sriOf(result.files.get('index.umd.js')));
    expect(result.size).toBe(result.files.get('index.umd.js').length);
  });

  it('refuses an integrity sidecar that does not match the bytes', async () => {
    const wrong = sriOf(Buffer.from('something else'));
    await expect(verify(fakeBuild('1.2.3', { integrity: wrong }), '1.2.3')).rejects.toThrow(
      `index.umd.js.integrity says ${wrong} but the SHA-384`,
    );
  });

  it('refuses a bundle whose SDK_VERSION is not the package version', async () => {
    await expect(verify(fakeBuild('1.2.3', { sdkVersion: '1.2.2' }), '1.2.3')).rejects.toThrow(
      'SvcSDK.SDK_VERSION is "1.2.2" but package.json says 1.2.3',
    );
  });

  it('refuses a bundle over the gzip budget', async () => {
    const incompressible = randomBytes(9000).toString('base64');
    await expect(verify(fakeBuild('1.2.3', { padding: incompressible }), '1.2.3')).rejects.toThrow(
      'gzipped, over the 8.00 KiB (8192 B) budget',
    );
  });

  it('refuses a build with a missing pinned file', async () => {
    const failure = await verify(fakeBuild('1.2.3', { omit: 'index.umd.js.map' }), '1.2.3').catch((error) => error);
    expect(failure).toBeInstanceOf(ReleaseError);
    expect(failure.message).toContain('did not produce packages/contracts-sdk/1.2.3/index.umd.js.map');
  });
});
