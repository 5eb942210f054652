// @vitest-environment node
// The layout shows the dependencies: lib/ is neutral (the build, the demo sandbox, scripts and tests all import
// it; it imports none of them), and demo/ and scripts/ import nothing from each other (the benchmark runs the
// sandbox as `npm run demo` does, in its own process). A new cross-import fails here, naming the file.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(mjs|js|ts)$/.test(name))
    .map((name) => join(folder, name));
}

/** Every relative import in `folder`, as `{ file, target }` paths from the repository root. */
function importsIn(folder: string): { file: string; target: string }[] {
  return sourceFiles(folder).flatMap((file) =>
    [...readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORT)].map((match) => ({
      file,
      target: relative(ROOT, resolve(ROOT, dirname(file), match[1])),
    })),
  );
}

const crossing = (folder: string, forbidden: RegExp, allowed: string[] = []) =>
  importsIn(folder)
    .filter(({ target }) => forbidden.test(target) && !allowed.includes(target))
    .map(({ file, target }) => `${file} imports ${target}`);

describe('folder dependencies', () => {
  it('finds the imports it checks (the scan itself works)', () => {
    expect(importsIn('demo/server').map(({ target }) => target)).toContain('lib/http-kit.mjs');
    expect(importsIn('scripts/bench').map(({ target }) => target)).toContain('lib/sandbox-process.mjs');
  });

  it('lib/ imports nothing from the folders that use it', () => {
    expect(crossing('lib', /^(demo|scripts|src|loader|e2e|test)\//)).toEqual([]);
  });

  it('demo/ imports nothing from scripts/', () => {
    expect(crossing('demo', /^scripts\//)).toEqual([]);
  });

  it('scripts/ import nothing from demo/ (the benchmark runs the sandbox as its own process)', () => {
    expect(crossing('scripts', /^demo\//)).toEqual([]);
  });
});
