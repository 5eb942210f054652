// The property names the build shortens (terser's mangle.properties in rollup.config.mjs), made from src/ itself:
// - every member declared with a JSDoc `@internal` tag (interfaces, object types, classes) in src/*.ts;
// - every name starting with "_": the private members of src/'s classes, constructor parameter properties too. The
//   prefix, not the `private` modifier, is the rule: it is the convention src/ already follows, no wire or public
//   name starts with "_" (checked), and listing each private name would give the same pattern at greater length.
//   The test holds the two together: a private member without "_", or a "_x" member that is not private, fails it.
// The hazard (terser's `builtins: true`, 1.3.0: 15 B, drops terser's list of DOM names to spare): once a listed name
// occurs as a key or as a read on a variable anywhere, terser renames it on every object, whatever its type, also
// where src/ reads it on a DOM object, a message or the partner's options (listing `origin` breaks `event.origin`),
// and then even on an undeclared global (`navigator.onLine`, once any SDK object has an `onLine` key). So a marked
// name must be the SDK's own wherever it is read: test/bundle/mangled-names.test.ts checks that src/ reads no marked
// name on a type declared outside src/, and mangledProperties() stops the build on a marked name that is a wire name
// (src/protocol-table.ts) or a public one (types/svc-sdk.d.ts, src/types.ts).
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

/** A constructor's parameter declared `private`, `readonly` or `public`: a class member as well. */
const isParameterProperty = (node) => ts.isParameter(node) && ts.isParameterPropertyDeclaration(node, node.parent);
/** A member of an interface, an object type or a class (not an object literal's key, which implements one). */
const isMemberDeclaration = (node) =>
  isParameterProperty(node) ||
  ts.isPropertySignature(node) ||
  ts.isMethodSignature(node) ||
  ts.isPropertyDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);
const isInType = (node) =>
  isParameterProperty(node) ||
  ts.isInterfaceDeclaration(node.parent) ||
  ts.isTypeLiteralNode(node.parent) ||
  ts.isClassLike(node.parent);

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
  // An object literal's keys, through `as const` and `satisfies`.
  const literalOf = (node) =>
    ts.isAsExpression(node) || ts.isSatisfiesExpression(node) ? literalOf(node.expression) : node;
  const keysOf = (node) =>
    literalOf(node)
      .properties.map(nameOf)
      .filter((name) => name !== undefined);
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
 * What is wrong with the markers, one sentence each naming the name and where. `hazard`: the build would rename a
 * name it must keep (a marked wire or public name, a marked member of a `declare`d type, a wire or public name
 * starting with "_"). Otherwise a slip that costs bytes or clarity: a declaration of a marked name left unmarked
 * (renamed all the same), a private member the "_" rule misses, a "_x" member that is not private.
 */
function findProblems(root) {
  const members = memberDeclarations(root);
  const internal = new Set(internalNames(root));
  const wire = new Set(wireNames(root));
  const published = new Set(publicNames(root));
  const problems = [];
  const hazard = (text) => problems.push({ hazard: true, text });
  const slip = (text) => problems.push({ hazard: false, text });
  const markedAt = (name) => members.find((member) => member.name === name && member.marked).where;
  for (const name of [...wire, ...published].filter((name) => name.startsWith('_'))) {
    hazard(`"${name}" is a wire or public name starting with "_", which the build shortens: rename it`);
  }
  for (const { name, where, marked, private: isPrivate, ambient } of members) {
    if (marked && ambient) hazard(`${where}: "${name}" is marked @${MARKER} but is a \`declare\`d object's: unmark it`);
    else if (marked && wire.has(name)) {
      hazard(`${where}: "${name}" is marked @${MARKER} but is a wire name (${PROTOCOL_TABLE}): unmark it`);
    } else if (marked && published.has(name)) {
      hazard(`${where}: "${name}" is marked @${MARKER} but is public (${PUBLIC_TYPES.join(', ')}): unmark it`);
    } else if (!marked && internal.has(name) && !name.startsWith('_') && !wire.has(name) && !published.has(name)) {
      slip(
        `${where}: "${name}" is not marked @${MARKER} here but is at ${markedAt(name)}; the build renames every ` +
          `"${name}", so mark this one too, or rename one of them`,
      );
    }
    if (isPrivate && !name.startsWith('_')) slip(`${where}: private "${name}" is not shortened: name it _${name}`);
    if (!isPrivate && name.startsWith('_')) slip(`${where}: "${name}" starts with "_" but is not private`);
  }
  return problems;
}

/** Every problem of the markers (test/bundle/mangled-names.test.ts expects none): one sentence each. */
export function markingProblems(root = ROOT) {
  return findProblems(root).map(({ text }) => text);
}

/** A pattern of the private "_x" names and the exact `names`. */
export function propertyPattern(names) {
  return new RegExp(`^(_|(${names.join('|')})$)`);
}

/**
 * The pattern the build hands terser (mangle.properties.regex): "_x" and every name marked `@internal` in src/.
 * Throws, naming each, on a problem that would rename a wire or public name, so no build ships one; the slips that
 * only cost bytes fail test/bundle/mangled-names.test.ts instead.
 */
export function mangledProperties(root = ROOT) {
  const hazards = findProblems(root).filter(({ hazard }) => hazard);
  if (hazards.length > 0) {
    throw new Error(
      `mangled property names (lib/mangled-properties.mjs):\n${hazards.map(({ text }) => text).join('\n')}`,
    );
  }
  return propertyPattern(internalNames(root));
}
