// @vitest-environment node
// The built npm package (dist/npm/contracts-sdk) as npm would publish it: manifest, files, the integrity baked in
// against the pinned build beside it, server-side imports, size. Run `npm run build` first; `npm test` does.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAst } from 'rollup/parseAst';
import { describe, expect, it } from 'vitest';
import { budgetLine, sriOf } from '../../lib/bundle.mjs';
import { NPM_ENTRIES } from '../../lib/npm-package.mjs';
import { NPM_BUDGET_GZIP_BYTES, npmEntrySize } from '../../lib/npm-size.mjs';

const root = join(__dirname, '..', '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dir = join(root, 'dist', 'npm', 'contracts-sdk');
const pinnedScript = join(root, 'dist', 'packages', 'contracts-sdk', version, 'index.umd.js');

describe('npm package contracts-sdk', () => {
  it('is a public package of the same version, with ESM, CJS and types for import and require() for every entry', () => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    // The element entry defines the element at import: listed, or a production build drops `import '…/element'`.
    const sideEffects = ['./index.mjs', './index.cjs', './element.mjs', './element.cjs'];
    expect(manifest).toMatchObject({
      name: 'contracts-sdk',
      version,
      type: 'module',
      types: './index.d.ts',
      sideEffects,
    });
    expect(manifest.private).toBeUndefined();
    // The Node version the README states, as the repository's own package.json does.
    expect(manifest.engines).toEqual(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines);
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(`Node ${manifest.engines.node.replace('>=', '')}`);
    for (const [path, name] of [
      ['.', 'index'],
      ['./pure', 'pure'],
      ['./react', 'react'],
      ['./element', 'element'],
    ]) {
      expect(manifest.exports[path], path).toEqual({
        import: { types: `./${name}.d.ts`, default: `./${name}.mjs` },
        require: { types: `./${name}.d.cts`, default: `./${name}.cjs` },
      });
    }
    // Types only, no code: the element's types for Svelte templates.
    expect(manifest.exports['./svelte']).toEqual({ types: './svelte.d.ts' });
    // React only for the React entry, Svelte only for the Svelte types: optional peers, so npm installs nothing for
    // partners without them.
    expect(manifest.peerDependencies).toEqual({ react: '^18.0.0 || ^19.0.0', svelte: '^5.0.0' });
    expect(manifest.peerDependenciesMeta).toEqual({ react: { optional: true }, svelte: { optional: true } });
    expect(manifest.dependencies).toBeUndefined();
    const files = readdirSync(dir).sort();
    expect(files.filter((name) => !name.endsWith('.map'))).toEqual(
      [
        'GUIDE.md',
        'README.md',
        'docs',
        'types',
        ...['index', 'pure', 'react', 'element'].flatMap((name) => [
          `${name}.cjs`,
          `${name}.d.cts`,
          `${name}.d.ts`,
          `${name}.mjs`,
        ]),
        'package.json',
        'shared.cjs',
        'shared.mjs',
        'svelte.d.ts',
        'types.d.cts',
      ].sort(),
    );
  });

  it('ships the partner guide of this version (the repository README) and its README says where it is', () => {
    const headings = (text: string) => text.match(/^#{1,6} .*$/gm);
    expect(headings(readFileSync(join(dir, 'GUIDE.md'), 'utf8'))).toEqual(
      headings(readFileSync(join(root, 'README.md'), 'utf8')),
    );
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toMatch(/`GUIDE\.md` in this package is the partner guide/);
  });

  it('every relative link of its README, GUIDE.md and the docs it ships resolves to a file inside the package', () => {
    const markdown = (folder: string): string[] =>
      readdirSync(join(dir, folder), { withFileTypes: true }).flatMap((entry) => {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) return markdown(path);
        return entry.name.endsWith('.md') ? [path] : [];
      });
    const files = markdown('.');
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      // Code blocks and code spans hold no links.
      const prose = readFileSync(join(dir, file), 'utf8')
        .replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\s*\2[^\n]*$/gm, '')
        .replace(/`[^`\n]*`/g, '``');
      for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target!) || target!.startsWith('#')) continue;
        checked++;
        const resolved = resolve(dir, dirname(file), target!.split('#')[0]!);
        if (!resolved.startsWith(dir + sep) || !existsSync(resolved)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken, 'links that lead out of the package or nowhere').toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['GUIDE.md', 'README.md', join('docs', 'server-rendered.md')]));
    expect(checked, 'GUIDE.md links docs/ and types/').toBeGreaterThan(30);
  });

  it("its README names every entry of the package's exports, each on a line of its own", () => {
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    const exported = Object.keys(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).exports)
      .filter((path) => path !== './package.json')
      .map((path) => `contracts-sdk${path.slice(1)}`);
    // Every entry with code, and any entry of types only (listed in the exports too).
    const withCode = NPM_ENTRIES.map((name) => (name === 'index' ? 'contracts-sdk' : `contracts-sdk/${name}`));
    expect(exported).toEqual(expect.arrayContaining(withCode));
    for (const name of exported) expect(readme, name).toMatch(new RegExp(`^- \`${name}\`: `, 'm'));
  });

  it('the .d.ts files re-export the .d.cts files (the same types for import and require(), declared once)', () => {
    for (const name of ['index', 'pure', 'react', 'element']) {
      expect(readFileSync(join(dir, `${name}.d.ts`), 'utf8'), name).toBe(`export * from './${name}.cjs';\n`);
    }
  });

  it.each(['mjs', 'cjs'])(
    "react.%s starts with 'use client' (a Server Components framework renders it as a client component)",
    (extension) => {
      const { body } = parseAst(readFileSync(join(dir, `react.${extension}`), 'utf8'));
      expect(body[0]).toMatchObject({ type: 'ExpressionStatement', directive: 'use client' });
    },
  );

  it.each(['index', 'pure', 'element'])('%s.mjs has no use client directive (it is no component)', (entry) => {
    expect(readFileSync(join(dir, `${entry}.mjs`), 'utf8')).not.toMatch(/['"]use client['"]/);
  });

  it('react: ESM and CJS import on a server and export the component, React itself not bundled', async () => {
    const esm = await import(pathToFileURL(join(dir, 'react.mjs')).href);
    const cjs = createRequire(import.meta.url)(join(dir, 'react.cjs'));
    for (const loaded of [esm, cjs]) expect(typeof loaded.ContractSigning).toBe('object'); // a forwardRef component
    expect(readFileSync(join(dir, 'react.mjs'), 'utf8')).toMatch(/from 'react';/);
    expect(readFileSync(join(dir, 'react.cjs'), 'utf8')).toMatch(/require\('react'\)/);
  });

  it('element: ESM and CJS import on a server (no window) without throwing or defining anything, and export the class', async () => {
    const esm = await import(pathToFileURL(join(dir, 'element.mjs')).href);
    const cjs = createRequire(import.meta.url)(join(dir, 'element.cjs'));
    for (const loaded of [esm, cjs]) {
      expect(
        Object.keys(loaded)
          .filter((key) => key !== 'default' && key !== '__esModule')
          .sort(),
      ).toEqual(['ELEMENT_TAG_NAME', 'SDK_INTEGRITY', 'SDK_VERSION', 'SvcContractSigning', 'TRUSTED_TYPES_POLICY']);
      expect(typeof loaded.SvcContractSigning).toBe('function');
      expect(loaded.ELEMENT_TAG_NAME).toBe('svc-contract-signing');
    }
    expect(readFileSync(join(dir, 'element.d.cts'), 'utf8'), 'typed querySelector and addEventListener').toMatch(
      /interface HTMLElementTagNameMap \{\s*'svc-contract-signing': SvcContractSigning;/,
    );
  });

  it.each(['index', 'pure'])(
    '%s: ESM and CJS import on a server without touching anything, pin the built file, load null',
    async (entry) => {
      const integrity = sriOf(readFileSync(pinnedScript));
      const esm = await import(pathToFileURL(join(dir, `${entry}.mjs`)).href);
      const cjs = createRequire(import.meta.url)(join(dir, `${entry}.cjs`));
      for (const loaded of [esm, cjs]) {
        expect(
          Object.keys(loaded)
            .filter((key) => key !== 'default' && key !== '__esModule')
            .sort(),
        ).toEqual(['SDK_INTEGRITY', 'SDK_VERSION', 'TRUSTED_TYPES_POLICY', 'loadSvcSDK']);
        expect(loaded.SDK_VERSION).toBe(version);
        expect(loaded.SDK_INTEGRITY, 'the integrity of the pinned build written beside it').toBe(integrity);
        await expect(loaded.loadSvcSDK()).resolves.toBeNull();
      }
    },
  );

  it('declares SvcContracts as a type only (the class comes from the CDN)', () => {
    const declarations = readFileSync(join(dir, 'types.d.cts'), 'utf8');
    expect(declarations).toMatch(/export type \{[^}]*\bSvcContracts\b/);
    expect(declarations).not.toMatch(/^export \{[^}]*\bSvcContracts\b/m);
  });

  it.each(Object.entries(NPM_BUDGET_GZIP_BYTES) as [string, number][])(
    `%s adds at most %i B min+gzip to a partner's bundle (brotli printed beside it)`,
    async (entry, budget) => {
      expect(existsSync(join(dir, `${entry}.mjs`))).toBe(true);
      const size = await npmEntrySize(join(dir, `${entry}.mjs`));
      console.log(budgetLine(`npm entry ${entry}`, size, budget));
      expect(size.gzip).toBeLessThanOrEqual(budget);
    },
    30_000,
  ); // a rollup + terser run per entry, on two shared cores
});
