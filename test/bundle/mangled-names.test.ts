// @vitest-environment node
// The build shortens internal property names (lib/mangled-properties.mjs, terser's mangle.properties). Checks the
// built file (run `npm run build` first; `npm test` does): no internal name survives in it, every public name
// does, and the pattern catches exactly the internal names src/ declares, so neither a name dropped from the
// pattern nor a public name that the pattern would shorten goes unnoticed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { evaluateUmd } from '../../lib/bundle.mjs';
import { MANGLED_PROPERTIES } from '../../lib/mangled-properties.mjs';

const root = join(__dirname, '..', '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pinned = join(root, 'dist', 'packages', 'contracts-sdk', version, 'index.umd.js');

/** The internal names other than private "_x" members, each declared in src/ with a "shortened by the build" comment. */
const INTERNAL = [
  'appChannel',
  'askFocus',
  'autoHeight',
  'begin',
  'canGreet',
  'cleanup',
  'embedUrl',
  'focusBefore',
  'halt',
  'heard',
  'iframe',
  'ignore',
  'isWarm',
  'look',
  'known',
  'tokens',
  'refused',
  'onAppMessage',
  'onNoCommonVersion',
  'onLoadingFailed',
  'onNoHello',
  'onPopupClosed',
  'popup',
  'onUnresponsive',
  'renewWith',
  'settings',
  'settle',
  'promise',
  'teardown',
  'watching',
  'wanting',
  'spare',
  'adopt',
  'owner',
  'container',
  'token',
  'send',
  'ids',
  'startAttempt',
  'endAttempt',
  'keepSessionId',
  'runningId',
  'payloadIds',
  'app',
];

/** The wire format (docs/protocol.md): message types and fields, as the signing app reads and writes them. */
const PROTOCOL_TYPES = ['hello', 'init', 'loaded', 'ready', 'completed', 'cancelled', 'activity'];
const PROTOCOL_TYPES_MORE = ['declined', 'step', 'error', 'resize', 'focus', 'renew', 'beat', 'renewed', 'ping'];
const PROTOCOL_FIELDS = ['protocol', 'version', 'type', 'versions', 'signingToken', 'contractId', 'sdkVersion'];
const PROTOCOL_FIELDS_MORE = ['locale', 'reason', 'code', 'message', 'height'];
const PROTOCOL = [...PROTOCOL_TYPES, ...PROTOCOL_TYPES_MORE, ...PROTOCOL_FIELDS, ...PROTOCOL_FIELDS_MORE];

type Declared = { name: string; where: string };

/** Names of the members declared in `file`: class and interface members, object literal keys, methods. */
function declaredNames(file: string): Declared[] {
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

const srcDir = join(root, 'src');
const srcNames = readdirSync(srcDir)
  .filter((file) => file.endsWith('.ts'))
  .flatMap((file) => declaredNames(join(srcDir, file)));
const mangledInSrc = [...new Set(srcNames.filter(({ name }) => MANGLED_PROPERTIES.test(name)).map(({ name }) => name))];

/**
 * Where src/ reads a shortened name on a type declared outside src/ (the DOM, a library, the language): the build
 * would rename that read too (terser's `builtins`), so `console.log` or `navigator.onLine` would break. Property
 * reads (also `x["name"]` and `"name" in x`, which terser renames as well) and destructuring, resolved by
 * TypeScript's checker to the declarations they reach.
 */
function foreignReads(): string[] {
  const files = readdirSync(srcDir)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(srcDir, file));
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const found: string[] = [];
  const check = (name: string, symbol: ts.Symbol | undefined, node: ts.Node) => {
    if (!MANGLED_PROPERTIES.test(name)) return;
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
/** Every member name of the script-tag API (types/svc-sdk.d.ts): methods, options, events, payload fields, constants. */
const publicTyped = [...new Set(declaredNames(join(root, 'types', 'svc-sdk.d.ts')).map(({ name }) => name))];

/**
 * Whether `name` occurs in `code` as a property, as minified code writes one: read after "." (also "?."), a key
 * or method after "{", "," or "}". Not as a string or a word of a message: createElement("iframe") is not the
 * property `iframe`, nor "the container is not in the document" the property `container`.
 */
function asProperty(code: string, name: string): boolean {
  return new RegExp(`(?<=[.{,}])${name.replace(/\$/g, '\\$')}(?![\\w$"'\`])`).test(code);
}

/** Whether `name` occurs in `code` as a whole word at all (property, identifier or string). */
function asWord(code: string, name: string): boolean {
  return new RegExp(`(?<![\\w$.-])${name.replace(/[.$]/g, '\\$&')}(?![\\w$-])`).test(code);
}

describe('name mangling in the built file', () => {
  const code = readFileSync(pinned, 'utf8');

  it('the pattern catches exactly the internal names src/ declares: every "_x" member and the listed ones', () => {
    expect(mangledInSrc.filter((name) => !name.startsWith('_')).sort()).toEqual([...INTERNAL].sort());
    // The private members are there to be found (a src/ without them would make the next test vacuous).
    expect(mangledInSrc.filter((name) => name.startsWith('_')).length).toBeGreaterThan(10);
    for (const name of INTERNAL) expect(MANGLED_PROPERTIES.test(name), name).toBe(true);
  });

  it('no internal name survives', () => {
    const names = [...new Set([...mangledInSrc, ...INTERNAL])];
    const survivors = names.filter((name) => asProperty(code, name));
    expect(survivors, 'internal names left unshortened in the bundle').toEqual([]);
  });

  it('src/ reads no shortened name on an object it does not declare (a DOM object, a message, the options)', () => {
    expect(foreignReads()).toEqual([]);
  });

  it('no public name matches the pattern (it would be shortened away)', () => {
    const publicNames = [...publicTyped, ...PROTOCOL, 'SvcSDK', 'SvcContracts', 'KNOWN_ERROR_CODES', 'SDK_VERSION'];
    expect(publicNames.filter((name) => MANGLED_PROPERTIES.test(name))).toEqual([]);
  });

  it('every public name survives: methods, options, events, payload fields, constants, the wire format', () => {
    // The typed API must have been read (a parse that found nothing would pass vacuously).
    for (const name of ['open', 'prepare', 'close', 'destroy', 'on', 'once', 'off', 'focus']) {
      expect(publicTyped, name).toContain(name);
    }
    for (const name of ['signingToken', 'appUrl', 'loadTimeout', 'contract.ready', 'contract.step', 'elapsedMs']) {
      expect(publicTyped, name).toContain(name);
    }
    // KNOWN_ERROR_CODES' keys are built from its values at run time: its keys are checked on the evaluated build.
    const knownCodes = new Set([
      'NOT_FOUND',
      'VERIFICATION_REQUIRED',
      'VERIFICATION_LIMIT_EXCEEDED',
      'LOADING_ERROR',
      'POPUP_BLOCKED',
      'SESSION_EXPIRED',
      'APP_UNRESPONSIVE',
    ]);
    const expected = [...publicTyped.filter((name) => !knownCodes.has(name) && name !== 'UNKNOWN'), ...PROTOCOL];
    expect(
      expected.filter((name) => !asWord(code, name)),
      'public names missing from the bundle',
    ).toEqual([]);
  });

  it('the evaluated build exposes the public names: members, methods, KNOWN_ERROR_CODES keys', () => {
    const { SvcSDK } = evaluateUmd(code);
    expect(Object.keys(SvcSDK).sort()).toEqual(['KNOWN_ERROR_CODES', 'SDK_VERSION', 'SvcContracts']);
    expect(Object.keys(SvcSDK.KNOWN_ERROR_CODES).sort()).toEqual([
      'APP_UNRESPONSIVE',
      'LOADING_ERROR',
      'NOT_FOUND',
      'POPUP_BLOCKED',
      'SESSION_EXPIRED',
      'UNKNOWN',
      'VERIFICATION_LIMIT_EXCEEDED',
      'VERIFICATION_REQUIRED',
    ]);
    const methods = Object.getOwnPropertyNames(SvcSDK.SvcContracts.prototype);
    for (const name of ['open', 'prepare', 'close', 'destroy', 'on', 'once', 'off', 'focus']) {
      expect(methods, name).toContain(name);
    }
    // Anything else on the prototype is a private method under its short name (which may be "_" itself).
    expect(methods.filter((name) => mangledInSrc.includes(name))).toEqual([]);
  });

  it('the survivor check itself sees a property and ignores a string', () => {
    expect(asProperty('a.heard()', 'heard')).toBe(true);
    expect(asProperty('{heard:1}', 'heard')).toBe(true);
    expect(asProperty('createElement("iframe")', 'iframe')).toBe(false);
    expect(asProperty('a?.send(t)', 'send')).toBe(true);
    expect(asProperty('class{a(){}heard(){}}', 'heard')).toBe(true);
    expect(asProperty('k(t+"(): the container is not in the document")', 'container')).toBe(false);
    expect(asProperty('$(`container must be an element`)', 'container')).toBe(false);
    expect(asWord('e.on("contract.ready",f)', 'contract.ready')).toBe(true);
    expect(asWord('"contract.ready-x"', 'contract.ready')).toBe(false);
  });
});
