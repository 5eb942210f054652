// @vitest-environment node
// Every Svelte component of the docs (each `svelte` block not marked illustrative, in README.md and docs/*.md),
// compiled by svelte/compiler for the server and rendered by svelte/server's render() as SvelteKit's server does
// (a `.svelte` file it imports is the block that MODULE_FILES of test/docs/preludes.ts presents as that file),
// with a real sandbox token as its `signingToken` prop (a string, then a function): no 12-character piece of the
// token, and no attribute spelled like the token property, is in the HTML. Svelte cannot set a property on the
// server: a `{signingToken}` binding on the element becomes the attribute `signingtoken="…"` there.
// Reads the built package (`npm run build`).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile } from 'svelte/compiler';
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import { allSnippets, ILLUSTRATIVE } from '../../../lib/doc-snippets.mjs';
import { MODULE_FILES } from '../preludes';
import { linkImports } from './example-modules';
import { sandboxToken, scratchFolder, tokenLeaks } from './token-check';

type Block = { file: string; line: number; marker: string | null; code: string };

const blocks: Block[] = allSnippets().filter((block) => block.lang === 'svelte' && block.marker !== ILLUSTRATIVE);
const scratch = scratchFolder('svelte-ssr');
afterAll(scratch.remove);

/** The file a block's `.svelte` import names, compiled: a block that MODULE_FILES presents as that file. */
function importedComponent(block: Block, specifier: string): Promise<string> {
  const files = MODULE_FILES[block.file] ?? {};
  const name = specifier.replace(/^\$lib\//, 'src/lib/').replace(/^\.\//, '');
  const marker = Object.keys(files).find((key) => files[key] === name || files[key]!.endsWith(`/${name}`));
  const target = blocks.find((candidate) => candidate.file === block.file && candidate.marker === marker);
  if (!target) throw new Error(`${block.file}:${block.line} imports ${specifier}: name its block in MODULE_FILES`);
  return compiled(target);
}

/** The block compiled by svelte/compiler for the server, its imports linked: the module's file URL. */
async function compiled(block: Block): Promise<string> {
  const where = `${block.file}:${block.line}`;
  const { js } = compile(block.code, { filename: `L${block.line}.svelte`, generate: 'server' });
  const entries: Record<string, string> = {};
  for (const [, specifier] of js.code.matchAll(/from\s*['"]([^'"]+\.svelte)['"]/g))
    entries[specifier!] = await importedComponent(block, specifier!);
  const file = join(scratch.dir, `L${block.line}-${block.file.replace(/\W/g, '_')}.js`);
  writeFileSync(file, linkImports(js.code, scratch.dir, where, entries));
  return pathToFileURL(file).href;
}

const serverComponent = async (block: Block) => (await import(await compiled(block))).default;

describe("the docs' Svelte components rendered on the server", () => {
  it('are found: every svelte block of the docs that is not illustrative', () => {
    expect(blocks.filter((block) => block.file === 'docs/frameworks.md').length).toBeGreaterThan(0);
  });

  // The blocks that put the element on a page, themselves or through a component they import (the page after the
  // signature has no element, and no token to be given).
  for (const block of blocks.filter((candidate) => /<svc-contract-signing|\.svelte['"]/.test(candidate.code))) {
    it(`${block.file}:${block.line}${block.marker ? ` (${block.marker})` : ''}: no piece of the token in the HTML`, async () => {
      const component = await serverComponent(block);
      const token = sandboxToken();
      const tokenFunction = async () => token;
      for (const signingToken of [token, tokenFunction]) {
        // The props a parent or SvelteKit could pass: the token (the old way), callbacks, a page's `data` and `params`.
        const props = { signingToken, onsigned: () => {}, data: {}, params: { id: 'loan-42' } };
        const { head, body } = render(component, { props });
        expect(body, 'the element is rendered').toContain('<svc-contract-signing');
        expect(tokenLeaks(head + body, token), typeof signingToken).toEqual([]);
      }
    }, 60_000); // compiles and imports the example: well under a second alone, longer in a loaded full run
  }
});
