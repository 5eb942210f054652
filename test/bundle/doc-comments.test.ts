// @vitest-environment node
// types/svc-sdk.d.ts is written by hand for script-tag users; test/types/global-declarations.ts checks its types
// against src/. This checks the words: every member documented in src/ carries the same doc comment there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `Interface.member` (or `Class.member`, or a type alias name) → its JSDoc text, from one file. */
function docComments(file: string): Map<string, string> {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const docs = new Map<string, string>();
  const textOf = (node: ts.Node) =>
    ts
      .getJSDocCommentsAndTags(node)
      .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
      .join('\n')
      .replace(/\s+/g, ' ')
      .trim();
  const visit = (node: ts.Node): void => {
    if ((ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node)) && node.name) {
      const text = textOf(node);
      if (text) docs.set(node.name.text, text);
      for (const member of node.members) {
        const text = member.name && ts.isIdentifier(member.name) ? textOf(member) : '';
        if (text && member.name && ts.isIdentifier(member.name))
          docs.set(`${node.name.text}.${member.name.text}`, text);
      }
    } else if (ts.isTypeAliasDeclaration(node)) {
      const text = textOf(node);
      if (text) docs.set(node.name.text, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return docs;
}

describe('types/svc-sdk.d.ts doc comments', () => {
  const shipped = docComments('types/svc-sdk.d.ts');
  const fromSource = new Map([...docComments('src/types.ts'), ...docComments('src/svc-contracts.ts')]);

  it('has material to compare', () => {
    expect(fromSource.size).toBeGreaterThan(15);
  });

  it.each([...docComments('src/types.ts').keys(), 'SvcContracts.focus'])('%s is documented as in src/', (name) => {
    expect(shipped.get(name), name).toBe(fromSource.get(name));
  });
});
