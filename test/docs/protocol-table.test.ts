// docs/protocol.md's message tables are generated from src/protocol-table.ts (issue #54): the envelope (§3), the
// handshake's messages (§4), the optional features (§4.5), the app → SDK (§6) and SDK → app (§6.2) messages, each
// with its fields and their rules, its feature and when it counts. The committed tables must be what
// lib/protocol-docs.mjs generates now, so a change of the table that is not regenerated into the docs fails here.
// The handshake's example lines (§3, §4.1, §4.3, §4.6) are held to the table's fields as well. The code is held to
// the same table by test/unit/protocol-table.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { committedTables, DOC, generatedTables, REGENERATE, regenerate } from '../../lib/protocol-docs.mjs';
import * as protocol from '../../src/protocol-table';

const doc = readFileSync(join(__dirname, '../..', DOC), 'utf8');
const generated: Record<string, string> = generatedTables(protocol);
const committed: Record<string, string> = committedTables(doc);
const stale = `${DOC} differs from src/protocol-table.ts: run \`${REGENERATE}\` and commit the result`;

describe('docs/protocol.md message tables, generated from src/protocol-table.ts', () => {
  it('each generated table is in the docs exactly once, between its markers', () => {
    expect(Object.keys(committed).sort(), stale).toEqual(Object.keys(generated).sort());
    expect(() => regenerate(doc, protocol)).not.toThrow();
  });

  it.each(Object.keys(generated))('the committed %s table is the generated one', (name) => {
    expect(committed[name], stale).toBe(generated[name]);
  });

  it('regenerating changes nothing else in the file', () => {
    expect(regenerate(doc, protocol) === doc, stale).toBe(true);
  });

  it('a changed field rule, a new field or a new row shows in the generated text', () => {
    const [ready, ...rest] = protocol.MESSAGE_RULES.filter((rule) => rule.type === 'ready');
    expect(rest).toEqual([]);
    const changed = (rules: readonly protocol.MessageRule[]) =>
      generatedTables({ ...protocol, MESSAGE_RULES: rules })['app-to-sdk'];
    const others = protocol.MESSAGE_RULES.filter((rule) => rule !== ready);
    expect(changed([...others, { ...ready, fields: { sessionId: 'required' } }])).not.toBe(generated['app-to-sdk']);
    expect(changed([...others, { ...ready, fields: { ...ready.fields, extra: 'x' } }])).not.toBe(
      generated['app-to-sdk'],
    );
    expect(changed([...protocol.MESSAGE_RULES, { ...ready, type: 'later' }])).not.toBe(generated['app-to-sdk']);
  });

  it("§3: the envelope's example names the table's fields", () => {
    const shown = doc.match(/^\{ (protocol: .*) \}$/m)?.[1] ?? '';
    const named = [...shown.matchAll(/(?:^|, )(\w+):/g)].map((match) => match[1]);
    expect(named).toEqual(Object.keys(protocol.ENVELOPE_FIELDS));
  });

  it.each(protocol.HANDSHAKE_RULES)("§4: $type's example line names the table's fields", ({ type, fields }) => {
    const shown = doc.match(
      new RegExp(`^\`\\{protocol: "svc-contracts", version: [^,]+, type: "${type}"(.*)\\}\``, 'm'),
    );
    expect(shown, type).not.toBeNull();
    const named = [...shown![1].matchAll(/, (\w+)/g)].map((match) => match[1]);
    expect(named.sort()).toEqual(Object.keys(fields).sort());
  });
});
