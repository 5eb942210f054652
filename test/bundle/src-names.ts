// What src/ declares and reads, for test/bundle/mangled-names.test.ts: member names by file, and through
// TypeScript's checker the reads of a shortened name on a type declared outside src/, and the DOM and ES names.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '..', '..');
const srcDir = join(root, 'src');

type Declared = { name: string; where: string };

/** Names of the members declared in `file`: class and interface members, object literal keys, methods. */
export function declaredNames(file: string): Declared[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Declared[] = [];
  const visit = (node: ts.Node) => {
    const member =
      ts.isPropertyDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isPropertySignature(node) ||
      ts.isMethodSignature(node) ||
      ts.isPropertyAssignment(node) ||
      ts.isShorthandPropertyAssignment(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node);
    if (member && node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ name: node.name.text, where: `${file.slice(root.length + 1)}:${line}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** src/ as TypeScript compiles it, with the DOM and ES libraries tsconfig.json names. */
let program: ts.Program | undefined;
function srcProgram(): ts.Program {
  const files = readdirSync(srcDir)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(srcDir, file));
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  program ??= ts.createProgram(files, { ...options, noEmit: true });
  return program;
}

/**
 * Where src/ reads a shortened name on a type declared outside src/ (the DOM, a library, the language): the build
 * would rename that read too. Once a name is listed and occurs as a key or a read anywhere, terser renames it on
 * every object (`builtins`: no list of DOM names to spare), so listing `origin` would break `event.origin`, and
 * listing `onLine` would break `navigator.onLine` as soon as the SDK wrote an `onLine` key of its own. Property
 * reads (also `x["name"]` and `"name" in x`, which terser renames as well) and destructuring, resolved by
 * TypeScript's checker to the declarations they reach.
 */
export function foreignReads(pattern: RegExp): string[] {
  const program = srcProgram();
  const files = program.getRootFileNames();
  const checker = program.getTypeChecker();
  const found: string[] = [];
  const check = (name: string, symbol: ts.Symbol | undefined, node: ts.Node) => {
    if (!pattern.test(name)) return;
    const declarations = symbol?.declarations ?? [];
    const outside = declarations.filter((declaration) => !declaration.getSourceFile().fileName.startsWith(srcDir));
    if (declarations.length === 0 || outside.length > 0) {
      const file = node.getSourceFile();
      const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${name} at ${file.fileName.slice(root.length + 1)}:${line}`);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node)) {
      check(node.name.text, checker.getSymbolAtLocation(node.name), node);
    } else if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression)) {
      check(node.argumentExpression.text, checker.getSymbolAtLocation(node.argumentExpression), node);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.InKeyword &&
      ts.isStringLiteral(node.left)
    ) {
      check(node.left.text, checker.getTypeAtLocation(node.right).getProperty(node.left.text), node);
    } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent) && !node.dotDotDotToken) {
      const key = node.propertyName ?? node.name;
      if (ts.isIdentifier(key)) {
        const symbol = checker.getTypeAtLocation(node.parent).getProperty(key.text);
        check(key.text, symbol, node);
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit(program.getSourceFile(file)!);
  return found;
}

/** Every member name the DOM and ES libraries declare (TypeScript's lib files): names src/ may not list. */
export function libraryNames(): Set<string> {
  const program = srcProgram();
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    const member = ts.isPropertySignature(node) || ts.isMethodSignature(node) || ts.isPropertyDeclaration(node);
    if (member && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))) names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  for (const file of program.getSourceFiles()) if (program.isSourceFileDefaultLibrary(file)) visit(file);
  return names;
}
