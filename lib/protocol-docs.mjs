// docs/protocol.md's message tables, generated from src/protocol-table.ts (issue #54): each table sits between
// `<!-- generated: protocol-table:<name> -->` and `<!-- /generated -->`, and only what is between them is replaced.
// Pure functions of the table's exports (the caller loads the TypeScript: scripts/protocol-docs.mjs through Vite,
// test/docs/protocol-table.test.ts through Vitest), so the script and the test produce the same text.

export const DOC = 'docs/protocol.md';
export const REGENERATE = 'npm run docs:protocol';
const MARKER = /<!-- generated: protocol-table:([\w-]+) -->\n([\s\S]*?)<!-- \/generated -->/g;

const code = (name) => `\`${name}\``;
/** A table cell: one line, no column break. */
const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const row = (cells) => `| ${cells.map(cell).join(' | ')} |`;
const table = (head, rows) => [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

/** A row's fields and their rules: "`name`: rule; ..." or "–" for none. A rule holds no ";", which parts fields. */
function fieldsOf({ type, fields }) {
  const rules = Object.entries(fields);
  const parted = rules.find(([, rule]) => rule.includes(';'));
  if (parted) throw new Error(`src/protocol-table.ts: ${type}'s ${parted[0]}: a rule holds no ";" (it parts fields)`);
  return rules.map(([name, rule]) => `${code(name)}: ${rule}`).join('; ') || '–';
}
const featureOf = ({ feature }) => (feature ? code(feature) : '–');
const WAYS = { app: 'app → SDK', sdk: 'SDK → app' };

/** The states in which an app message counts, in the docs' words. */
const countsOf = ({ accepted }, stateNames) =>
  accepted === 'port' ? 'whenever the port is open' : accepted.map((state) => stateNames[state]).join(', ');

/** Each generated table by its marker's name, from the table's exports. */
export function generatedTables(protocol) {
  const { ENVELOPE_FIELDS, HANDSHAKE_RULES, MESSAGE_RULES, FEATURE_ROWS, STATE_NAMES } = protocol;
  const from = (who) => MESSAGE_RULES.filter((rule) => rule.from === who);
  const messagesOf = (feature) =>
    [...HANDSHAKE_RULES, ...MESSAGE_RULES]
      .filter((rule) => rule.feature === feature)
      .map((rule) => `${WAYS[rule.from]} ${code(rule.type)}`)
      .join(', ');
  return {
    envelope: table(
      ['field', 'value'],
      Object.entries(ENVELOPE_FIELDS).map(([name, value]) => [code(name), value]),
    ),
    handshake: table(
      ['`type`', 'from', 'feature', 'fields', 'when', 'the receiver'],
      HANDSHAKE_RULES.map((rule) => [
        code(rule.type),
        WAYS[rule.from].split(' → ')[0],
        featureOf(rule),
        fieldsOf(rule),
        rule.when,
        rule.effect,
      ]),
    ),
    features: table(
      ['feature', 'since', 'what it adds', 'its messages'],
      FEATURE_ROWS.map(({ feature, since, adds }) => [code(feature), since, adds, messagesOf(feature)]),
    ),
    'app-to-sdk': table(
      ['`type`', 'fields', 'feature', 'counts in', 'when', 'SDK event'],
      from('app').map((rule) => [
        code(rule.type),
        fieldsOf(rule),
        featureOf(rule),
        countsOf(rule, STATE_NAMES),
        rule.when,
        rule.effect,
      ]),
    ),
    'sdk-to-app': table(
      ['`type`', 'fields', 'feature', 'when', 'the app'],
      from('sdk').map((rule) => [code(rule.type), fieldsOf(rule), featureOf(rule), rule.when, rule.effect]),
    ),
  };
}

/**
 * `markdown` with each generated section replaced by the table's text, and the sections found: throws on a marker
 * naming no table, and on a table no marker holds (each is in the docs exactly once).
 */
export function regenerate(markdown, protocol) {
  const tables = generatedTables(protocol);
  const found = [];
  const text = markdown.replace(MARKER, (_, name) => {
    if (!Object.hasOwn(tables, name)) throw new Error(`${DOC}: no generated table "${name}" (${Object.keys(tables)})`);
    found.push(name);
    return `<!-- generated: protocol-table:${name} -->\n${tables[name]}\n<!-- /generated -->`;
  });
  const missing = Object.keys(tables).filter((name) => found.filter((each) => each === name).length !== 1);
  if (missing.length > 0) throw new Error(`${DOC}: each generated table once, not so for: ${missing.join(', ')}`);
  return text;
}

/** The generated sections of `markdown` by name, as committed. */
export function committedTables(markdown) {
  return Object.fromEntries([...markdown.matchAll(MARKER)].map(([, name, body]) => [name, body.trimEnd()]));
}
