// @vitest-environment node
// docs/development.md's style rule "no function in src/ over ~40 lines", checked on the source so that a long
// function fails here, named, instead of in review. A function's lines run from its first line to its last, the
// functions inside it included (each is also measured by itself).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..', 'src');
const MAX_FUNCTION_LINES = 40;

type Measured = { name: string; line: number; lines: number };

/** Every function with a body in `text` (declarations, methods, constructors, accessors, arrows) and its lines. */
function functionsIn(file: string, text: string): Measured[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const found: Measured[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
      const line = lineOf(node.getStart());
      found.push({ name: `${file} ${name}`, line, lines: lineOf(node.getEnd()) - line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = readdirSync(SRC).filter((name) => name.endsWith('.ts'));
const functions = files.flatMap((file) => functionsIn(`src/${file}`, readFileSync(join(SRC, file), 'utf8')));

describe('source sizes', () => {
  it('measures what it checks: each function, nested ones too', () => {
    const sample = [
      'function outer() {',
      '  const inner = () => {',
      '    return 1;',
      '  };',
      '  return inner;',
      '}',
      'class B {',
      '  m() {}',
      '}',
    ].join('\n');
    expect(functionsIn('sample.ts', sample)).toEqual([
      { name: 'sample.ts outer', line: 1, lines: 6 },
      { name: 'sample.ts (anonymous)', line: 2, lines: 3 },
      { name: 'sample.ts m', line: 8, lines: 1 },
    ]);
    expect(functions.length).toBeGreaterThan(100);
  });

  it(`no function in src/ is over ${MAX_FUNCTION_LINES} lines`, () => {
    const long = functions.filter(({ lines }) => lines > MAX_FUNCTION_LINES);
    expect(long.map(({ name, line, lines }) => `${name} (line ${line}): ${lines} lines`)).toEqual([]);
  });
});
