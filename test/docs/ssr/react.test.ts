// @vitest-environment node
// The README's React example ("react-example") rendered by react-dom/server, as a server-rendering framework does,
// with a real sandbox token as its `signingToken` prop (a string, then a function): no 12-character piece of the
// token, and no attribute spelled like the token property, is in the HTML (<ContractSigning> renders its empty
// container there and starts nothing). The Next.js app's HTML and RSC payload: e2e/next.spec.ts.
// Reads the built package (`npm run build`).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { snippet } from '../../../lib/doc-snippets.mjs';
import { linkImports } from './example-modules';
import { sandboxToken, scratchFolder, tokenLeaks } from './token-check';

const scratch = scratchFolder('react-ssr');
afterAll(scratch.remove);

async function example(): Promise<FunctionComponent<{ signingToken: unknown; onSigned: () => void }>> {
  const { outputText } = ts.transpileModule(snippet('README.md', 'react-example'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX },
  });
  const file = join(scratch.dir, 'SignLoanContract.mjs');
  writeFileSync(file, linkImports(outputText, scratch.dir, 'README.md react-example'));
  return (await import(pathToFileURL(file).href)).SignLoanContract;
}

describe("the README's React example rendered on the server", () => {
  it('react-dom/server: no piece of the token in the HTML', async () => {
    const SignLoanContract = await example();
    const token = sandboxToken();
    for (const signingToken of [token, async () => token]) {
      const html = renderToString(createElement(SignLoanContract, { signingToken, onSigned: () => {} }));
      expect(html, 'the example rendered its section').toMatch(/^<section[^>]*><div/);
      expect(tokenLeaks(html, token), typeof signingToken).toEqual([]);
    }
  }, 60_000); // transpiles and imports the example: well under a second alone, longer in a loaded full run
});
