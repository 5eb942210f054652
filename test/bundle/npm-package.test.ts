// @vitest-environment node
// The built npm package (dist/npm/contracts-sdk) as npm would publish it: manifest, files, the integrity baked in
// against the pinned build beside it, server-side imports, size. Run `npm run build` first; `npm test` does.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sriOf } from '../../lib/bundle.mjs';
import { NPM_BUDGET_GZIP_BYTES, npmEntrySize } from '../../lib/npm-size.mjs';

const root = join(__dirname, '..', '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dir = join(root, 'dist', 'npm', 'contracts-sdk');
const pinnedScript = join(root, 'dist', 'packages', 'contracts-sdk', version, 'index.umd.js');

describe('npm package contracts-sdk', () => {
  it('is a public package of the same version, with ESM, CJS and types for both entries', () => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({ name: 'contracts-sdk', version, type: 'module', types: './index.d.ts', sideEffects: ['./index.mjs', './index.cjs'] });
    expect(manifest.private).toBeUndefined();
    expect(manifest.exports['./pure']).toEqual({ types: './pure.d.ts', import: './pure.mjs', require: './pure.cjs' });
    const files = readdirSync(dir).sort();
    expect(files.filter((name) => !name.endsWith('.map'))).toEqual(
      ['README.md', 'index.cjs', 'index.d.ts', 'index.mjs', 'package.json', 'pure.cjs', 'pure.d.ts', 'pure.mjs', 'shared.cjs', 'shared.mjs'],
    );
  });

  it.each(['index', 'pure'])('%s: ESM and CJS import on a server without touching anything, pin the built file, load null', async (entry) => {
    const integrity = sriOf(readFileSync(pinnedScript));
    const esm = await import(pathToFileURL(join(dir, `${entry}.mjs`)).href);
    const cjs = createRequire(import.meta.url)(join(dir, `${entry}.cjs`));
    for (const loaded of [esm, cjs]) {
      expect(Object.keys(loaded).filter((key) => key !== 'default' && key !== '__esModule').sort()).toEqual(['SDK_INTEGRITY', 'SDK_VERSION', 'TRUSTED_TYPES_POLICY', 'loadSvcSDK']);
      expect(loaded.SDK_VERSION).toBe(version);
      expect(loaded.SDK_INTEGRITY, 'the integrity of the pinned build written beside it').toBe(integrity);
      await expect(loaded.loadSvcSDK()).resolves.toBeNull();
    }
  });

  it('declares SvcContracts as a type only (the class comes from the CDN)', () => {
    const declarations = readFileSync(join(dir, 'pure.d.ts'), 'utf8');
    expect(declarations).toMatch(/export type \{[^}]*\bSvcContracts\b/);
    expect(declarations).not.toMatch(/^export \{[^}]*\bSvcContracts\b/m);
  });

  it.each(['index', 'pure'])(`%s adds at most ${NPM_BUDGET_GZIP_BYTES} B min+gzip to a partner's bundle`, async (entry) => {
    expect(existsSync(join(dir, `${entry}.mjs`))).toBe(true);
    const size = await npmEntrySize(join(dir, `${entry}.mjs`));
    console.log(`npm loader ${entry}: ${size.minified} B minified, ${size.gzip} B min+gzip (budget ${NPM_BUDGET_GZIP_BYTES} B)`);
    expect(size.gzip).toBeLessThanOrEqual(NPM_BUDGET_GZIP_BYTES);
  });
});
