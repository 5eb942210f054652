// @vitest-environment node
// docs/development.md's style rule "no function in src/ over ~40 lines of code", checked on the source so that a
// long function fails here, named, instead of in review. A function's lines of code are those of its lines, from
// its first to its last, that hold code: blank lines and comments do not count, so an explanation can stay next to
// its code. The functions inside it count with it (each is also measured by itself).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..', 'src');
const MAX_FUNCTION_LINES = 40;

type Measured = { name: string; line: number; lines: number };

/**
 * Every function with a body in `text` (declarations, methods, constructors, accessors, arrows) and its lines of
 * code: the lines its tokens are on (a string or template over several lines counts each of them). Comments are
 * trivia between tokens, and a doc comment is a JSDoc child of its node: neither is a token here.
 */
function functionsIn(file: string, text: string): Measured[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const codeLines = (node: ts.Node): number => {
    const lines = new Set<number>();
    const tokens = (child: ts.Node): void => {
      if (ts.isJSDoc(child)) return;
      const children = child.getChildren(source);
      if (children.length) return children.forEach(tokens);
      for (let line = lineOf(child.getStart(source)); line <= lineOf(child.getEnd()); line += 1) lines.add(line);
    };
    tokens(node);
    return lines.size;
  };
  const found: Measured[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
      found.push({ name: `${file} ${name}`, line: lineOf(node.getStart()), lines: codeLines(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = readdirSync(SRC).filter((name) => name.endsWith('.ts'));
const functions = files.flatMap((file) => functionsIn(`src/${file}`, readFileSync(join(SRC, file), 'utf8')));

describe('source sizes', () => {
  it('measures what it checks: lines of code of each function, nested ones too, not comments or blank lines', () => {
    const sample = [
      'function outer() {',
      '  // why inner exists',
      '  const inner = () => {',
      '',
      '    /** a doc comment',
      '     * over two lines */',
      '    return `a',
      'b`; // a comment after code',
      '  };',
      '  /* a block comment */',
      '  return inner;',
      '}',
      'class B {',
      '  m() {}',
      '}',
    ].join('\n');
    expect(functionsIn('sample.ts', sample)).toEqual([
      { name: 'sample.ts outer', line: 1, lines: 7 },
      { name: 'sample.ts (anonymous)', line: 3, lines: 4 },
      { name: 'sample.ts m', line: 14, lines: 1 },
    ]);
    expect(functions.length).toBeGreaterThan(100);
  });

  it(`no function in src/ is over ${MAX_FUNCTION_LINES} lines of code`, () => {
    const long = functions.filter(({ lines }) => lines > MAX_FUNCTION_LINES);
    expect(long.map(({ name, line, lines }) => `${name} (line ${line}): ${lines} lines of code`)).toEqual([]);
  });
});
