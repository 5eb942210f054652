// docs/protocol.md's message tables held to src/protocol-table.ts (issue #43): §6's app → SDK table and §6.2's
// SDK → app table list exactly the table's types, each with its feature and its fields, and §4.5's feature table
// names each feature's messages; §3's envelope and the handshake's messages (§4.1, §4.3, §4.6) name the table's
// fields (the build keeps every one of them unshortened, lib/mangled-properties.mjs). The code is held to the same
// table by test/unit/protocol-table.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENVELOPE_FIELDS, HANDSHAKE_RULES, MESSAGE_RULES, type MessageRule } from '../../src/protocol-table';

const doc = readFileSync(join(__dirname, '../../docs/protocol.md'), 'utf8');

/** The text of the section that starts with `heading`, up to the next heading. */
function section(heading: string): string {
  const start = doc.indexOf(`\n${heading}`);
  expect(start, heading).toBeGreaterThan(0);
  const rest = doc.slice(start + heading.length + 1);
  return rest.slice(0, rest.search(/\n#{2,3} /));
}

/** Each row of the section's message table: type, features named, fields named (backticked words of column 2). */
function rows(text: string) {
  const table = [...text.matchAll(/^\| `(\w+)` \| ([^|]*) \| ([^\n]*)$/gm)].filter(([, type]) => type !== 'type');
  return table.map(([, type, fields, rest]) => ({
    type,
    features: [...rest.matchAll(/feature `(\w+)`/g)].map((match) => match[1]),
    fields: [...fields.matchAll(/`(\w+)/g)].map((match) => match[1]).sort(),
  }));
}

const asDocumented = (rule: MessageRule) => ({
  type: rule.type,
  features: rule.feature ? [rule.feature] : [],
  fields: Object.keys(rule.fields).sort(),
});
const byType = (a: { type: string }, b: { type: string }) => a.type.localeCompare(b.type);

describe('docs/protocol.md message tables match src/protocol-table.ts', () => {
  it('§6: the app → SDK messages, their features and fields', () => {
    const documented = rows(section('## 6. App → SDK messages over the port'));
    const recorded = MESSAGE_RULES.filter((rule) => rule.from === 'app').map(asDocumented);
    expect(documented.sort(byType)).toEqual(recorded.sort(byType));
  });

  it('§6.2: the SDK → app messages, their features and fields', () => {
    const documented = rows(section('### 6.2 SDK → app messages over the port'));
    const recorded = MESSAGE_RULES.filter((rule) => rule.from === 'sdk').map(asDocumented);
    expect(documented.sort(byType)).toEqual(recorded.sort(byType));
  });

  it("§3: the envelope's fields", () => {
    const shown = section('## 3. Envelope').match(/^\{ (protocol: .*) \}$/m)?.[1] ?? '';
    const named = [...shown.matchAll(/(?:^|, )(\w+):/g)].map((match) => match[1]);
    expect(named).toEqual(Object.keys(ENVELOPE_FIELDS));
  });

  it.each(HANDSHAKE_RULES)('§4: the handshake message $type and its fields', ({ type, fields }) => {
    const shown = doc.match(
      new RegExp(`^\`\\{protocol: "svc-contracts", version: [^,]+, type: "${type}"(.*)\\}\``, 'm'),
    );
    expect(shown, type).not.toBeNull();
    const named = [...shown![1].matchAll(/, (\w+)/g)].map((match) => match[1]);
    expect(named.sort()).toEqual(Object.keys(fields).sort());
  });

  it("§4.5: each feature's row names exactly its messages, in each direction", () => {
    const features = section('### 4.5 Optional features *(1.3.0)*');
    for (const [, feature, adds] of features.matchAll(/^\| `(\w+)` \| [^|]* \| ([^\n]*)$/gm)) {
      const named = [...adds.matchAll(/(app → SDK|SDK → app) `(\w+)`/g)].map(([, way, type]) => `${way} ${type}`);
      const recorded = MESSAGE_RULES.filter((rule) => rule.feature === feature).map(
        (rule) => `${rule.from === 'app' ? 'app → SDK' : 'SDK → app'} ${rule.type}`,
      );
      expect(named.sort(), feature).toEqual(recorded.sort());
    }
  });
});
