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
    element = Buffer.from(
      `/*! contracts-sdk v${version} <svc-contract-signing> */\n//# sourceMappingURL=element.umd.js.map`,
    ),
    elementIntegrity,
  }: {
    sdkVersion?: string;
    padding?: string;
    integrity?: string;
    omit?: string;
    element?: Buffer;
    elementIntegrity?: string;
  } = {},
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
    'element.umd.js': element,
    'element.umd.js.map': JSON.stringify({ version: 3, sources: ['loader/element-class.ts'], mappings: '' }),
    'element.umd.js.integrity': `${elementIntegrity ?? sriOf(element)}\n`,
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
    const incompressible = randomBytes(10_000).toString('base64');
    await expect(verify(fakeBuild('1.2.3', { padding: incompressible }), '1.2.3')).rejects.toThrow(
      'gzipped, over the 9.00 KiB (9216 B) budget',
    );
  });

  it("returns the element file's integrity, and refuses its sidecar when it does not match its bytes", async () => {
    const result = await verify(fakeBuild('1.2.3'), '1.2.3');
    expect(result.elementIntegrity).toBe(sriOf(result.files.get('element.umd.js')));
    const wrong = sriOf(Buffer.from('something else'));
    await expect(verify(fakeBuild('1.2.3', { elementIntegrity: wrong }), '1.2.3')).rejects.toThrow(
      `element.umd.js.integrity says ${wrong} but the SHA-384 of element.umd.js`,
    );
  });

  it("refuses an element file of another version's build", async () => {
    const element = Buffer.from(
      '/*! contracts-sdk v1.2.2 <svc-contract-signing> */\n//# sourceMappingURL=element.umd.js.map',
    );
    await expect(verify(fakeBuild('1.2.3', { element }), '1.2.3')).rejects.toThrow(
      'element.umd.js does not start with "/*! contracts-sdk v1.2.3 ": it is not this version\'s build',
    );
  });

  it('refuses an element file over its own gzip budget', async () => {
    const padding = randomBytes(5000).toString('base64');
    const element = Buffer.from(`/*! contracts-sdk v1.2.3 ${padding} */\n//# sourceMappingURL=element.umd.js.map`);
    await expect(verify(fakeBuild('1.2.3', { element }), '1.2.3')).rejects.toThrow(
      /^element\.umd\.js is .* gzipped, over the 3\.88 KiB \(3968 B\) budget/,
    );
  });

  it('refuses a build with a missing element file', async () => {
    await expect(verify(fakeBuild('1.2.3', { omit: 'element.umd.js' }), '1.2.3')).rejects.toThrow(
      'did not produce packages/contracts-sdk/1.2.3/element.umd.js ',
    );
  });

  it('refuses a build with a missing pinned file', async () => {
    const failure = await verify(fakeBuild('1.2.3', { omit: 'index.umd.js.map' }), '1.2.3').catch((error) => error);
    expect(failure).toBeInstanceOf(ReleaseError);
    expect(failure.message).toContain('did not produce packages/contracts-sdk/1.2.3/index.umd.js.map');
  });
});
