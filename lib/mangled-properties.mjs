// The property names the build shortens (terser's mangle.properties in rollup.config.mjs), made from src/ itself:
// - every member declared with a JSDoc `@internal` tag (interfaces, object types, classes) in src/*.ts;
// - every name starting with "_": the SvcContracts class's private members (the "_" prefix and not the `private`
//   modifier: one rule terser applies as written, which also covers a private method reached as `this[name]`; the
//   check below holds the two together: a private member without "_", or a "_x" member that is not private, fails).
// The hazard (terser's `builtins: true`, 1.3.0: 15 B): a listed name is renamed everywhere in the bundle, on every
// object, with no regard for types, also where src/ reads it on a DOM object, a message or the partner's options.
// Marking `send` renames `port.send(...)` and `worker.send`; marking `features` renames init's `features` field and
// the hello's `features` the SDK reads. So a marked name must be the SDK's own on every object it is read on:
// test/bundle/mangled-names.test.ts checks that src/ reads no marked name on a type declared outside src/, and
// markingProblems() below refuses a marked name that is also a wire name (src/protocol-table.ts) or a public one
// (types/svc-sdk.d.ts, src/types.ts), and a declaration of a marked name left unmarked. The build fails on any.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MARKER = 'internal';
/** Where the wire format and the public API are declared, relative to the root. */
export const PROTOCOL_TABLE = 'src/protocol-table.ts';
export const PUBLIC_TYPES = ['types/svc-sdk.d.ts', 'src/types.ts'];

/** The .ts files of src/, relative to the root. */
const sourceFiles = (root) =>
  readdirSync(join(root, 'src'))
    .filter((file) => file.endsWith('.ts'))
    .sort()
    .map((file) => `src/${file}`);

const parse = (root, file) =>
  ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);

/** Every node of `source`, depth first. */
function* nodes(source) {
  const stack = [source];
  while (stack.length > 0) {
    const node = stack.pop();
    yield node;
    stack.push(...node.getChildren(source).reverse());
  }
}

const nameOf = (node) =>
  node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) ? node.name.text : undefined;

/** A member of an interface, an object type or a class (not an object literal's key, which implements one). */
const isMemberDeclaration = (node) =>
  ts.isPropertySignature(node) ||
  ts.isMethodSignature(node) ||
  ts.isPropertyDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);
const isInType = (node) =>
  ts.isInterfaceDeclaration(node.parent) || ts.isTypeLiteralNode(node.parent) || ts.isClassLike(node.parent);

/**
 * The member declarations of src/: name, where ("src/x.ts:12"), whether marked `@internal`, `private`, ambient.
 * Overloads and get/set pairs are one declaration each.
 */
export function memberDeclarations(root = ROOT) {
  const found = [];
  for (const file of sourceFiles(root)) {
    const source = parse(root, file);
    for (const node of nodes(source)) {
      const name = isMemberDeclaration(node) && isInType(node) ? nameOf(node) : undefined;
      if (name === undefined) continue;
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({
        name,
        where: `${file}:${line}`,
        marked: ts.getJSDocTags(node).some((tag) => tag.tagName.text === MARKER),
        private: (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Private) !== 0,
        // Inside a `declare`: the type of an object the SDK does not own (global.ts's module systems).
        ambient: (node.flags & ts.NodeFlags.Ambient) !== 0,
      });
    }
  }
  return found;
}

/** The names marked `@internal` in src/, sorted. */
export function internalNames(root = ROOT) {
  return [
    ...new Set(
      memberDeclarations(root)
        .filter((member) => member.marked)
        .map(({ name }) => name),
    ),
  ].sort();
}

/**
 * The wire format, from src/protocol-table.ts: the envelope's fields, each message's type and the keys of its
 * fields (the handshake's and the port's, both directions). The app reads and writes these names.
 */
export function wireNames(root = ROOT) {
  const names = new Set();
  const keysOf = (literal) => literal.properties.map(nameOf).filter((name) => name !== undefined);
  for (const node of nodes(parse(root, PROTOCOL_TABLE))) {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'ENVELOPE_FIELDS') {
      for (const name of keysOf(node.initializer)) names.add(name);
    }
    // A message's row: { type: '...', fields: { ... } }.
    const row = ts.isObjectLiteralExpression(node)
      ? new Map(node.properties.map((field) => [nameOf(field), field]))
      : undefined;
    if (!row?.has('type') || !row.has('fields')) continue;
    names.add(row.get('type').initializer.text);
    for (const name of keysOf(row.get('fields').initializer)) names.add(name);
  }
  return [...names].sort();
}

/**
 * The public API's names: every declaration and member name of the script-tag types (types/svc-sdk.d.ts) and of
 * src/types.ts (options, events, payload fields, methods, KNOWN_ERROR_CODES' keys, the SvcSDK global's members).
 */
export function publicNames(root = ROOT) {
  const names = new Set();
  for (const file of PUBLIC_TYPES) {
    for (const node of nodes(parse(root, file))) {
      const name = ts.isDeclarationStatement(node) || isMemberDeclaration(node) ? nameOf(node) : undefined;
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) names.add(node.name.text);
      if (name !== undefined) names.add(name);
    }
  }
  return [...names].sort();
}

/**
 * What is wrong with the markers, one sentence each naming the name and where: a marked name that is a wire or
 * public name or a member of a `declare`d type, a declaration of a marked name left unmarked, a private member the "_" rule misses, a "_x" member
 * that is not private. None: an empty list.
 */
export function markingProblems(root = ROOT) {
  const members = memberDeclarations(root);
  const internal = new Set(internalNames(root));
  const wire = new Set(wireNames(root));
  const published = new Set(publicNames(root));
  const problems = [];
  const markedAt = (name) => members.find((member) => member.name === name && member.marked).where;
  for (const { name, where, marked, private: isPrivate, ambient } of members) {
    if (marked && ambient) {
      problems.push(`${where}: "${name}" is marked @${MARKER} but describes an object the SDK does not own: unmark it`);
    } else if (marked && wire.has(name)) {
      problems.push(`${where}: "${name}" is marked @${MARKER} but is a wire name (${PROTOCOL_TABLE}): unmark it`);
    } else if (marked && published.has(name)) {
      problems.push(`${where}: "${name}" is marked @${MARKER} but is public (${PUBLIC_TYPES.join(', ')}): unmark it`);
    } else if (!marked && internal.has(name) && !name.startsWith('_') && !wire.has(name) && !published.has(name)) {
      problems.push(
        `${where}: "${name}" is not marked @${MARKER} here but is at ${markedAt(name)}; the build renames every ` +
          `"${name}", so mark this one too, or rename one of them`,
      );
    }
    if (isPrivate && !name.startsWith('_'))
      problems.push(`${where}: private "${name}" is not shortened: name it _${name}`);
    if (!isPrivate && name.startsWith('_')) problems.push(`${where}: "${name}" starts with "_" but is not private`);
  }
  return problems;
}

/** A pattern of the private "_x" names and the exact `names`. */
export function propertyPattern(names) {
  return new RegExp(`^(_|(${names.join('|')})$)`);
}

/**
 * The pattern the build hands terser (mangle.properties.regex): "_x" and every name marked `@internal` in src/.
 * Throws, listing markingProblems(), if the markers are wrong, so a build never ships a renamed wire or public name.
 */
export function mangledProperties(root = ROOT) {
  const problems = markingProblems(root);
  if (problems.length > 0)
    throw new Error(`mangled property names (lib/mangled-properties.mjs):\n${problems.join('\n')}`);
  return propertyPattern(internalNames(root));
}
