// The code held to the protocol's table (src/protocol-table.ts, issue #43): which types the port accepts from the
// app, in which states each counts, and which feature each feature message needs. docs/protocol.md is held to the
// same table by test/docs/protocol-table.test.ts, so the spec and the code cannot drift apart.
import { describe, expect, it, vi } from 'vitest';
import { inOrder } from '../../src/lifecycle';
import { initMessage, parseAppMessage, SDK_FEATURES } from '../../src/protocol';
import type { Settings } from '../../src/config';
import { ENVELOPE_FIELDS, HANDSHAKE_RULES, MESSAGE_RULES, type MessageRule, PORT_OPEN } from '../../src/protocol-table';
import { APP_ORIGIN, FakeApp, TOKEN, create, envelope, makeContainer, untraced } from './fake-app';

const appTypes = new Set<string>(MESSAGE_RULES.filter((rule) => rule.from === 'app').map((rule) => rule.type));
const appRules: MessageRule[] = MESSAGE_RULES.filter((rule) => rule.from === 'app');
/** A valid value of each field a table row requires (its rule neither "optional" nor "absent"). */
const SAMPLES: Record<string, unknown> = { step: 'document_viewed', height: 10, code: 'not_found' };
const required = (rule: string) => !rule.startsWith('optional') && !rule.includes('absent');
/** The fields that make a message of `type` valid: the table's required ones, each with a sample value. */
function minimal(type: string): Record<string, unknown> {
  const rule = appRules.find((each) => each.type === type);
  const names = Object.entries(rule?.fields ?? {})
    .filter(([, text]) => required(text))
    .map(([name]) => name);
  for (const name of names) expect(SAMPLES, `a sample value for ${type}.${name}`).toHaveProperty(name);
  return Object.fromEntries(names.map((name) => [name, SAMPLES[name]]));
}
/** Every wire type that is no app port message (the handshake's, the SDK's), and names an app might confuse. */
const OTHER_TYPES = [
  ...new Set([...HANDSHAKE_RULES, ...MESSAGE_RULES].map((rule) => rule.type).filter((type) => !appTypes.has(type))),
  'Loaded',
  'constructor',
  'toString',
];

describe('the code follows the protocol table', () => {
  it("the other wire types were read from the table: the handshake's and the SDK's", () => {
    for (const type of ['hello', 'init', 'wait', 'ping', 'renewed']) expect(OTHER_TYPES).toContain(type);
  });

  it.each([...new Set([...MESSAGE_RULES.map((rule) => rule.type), ...OTHER_TYPES])])(
    'the port accepts %s from the app exactly when the table lists it as the app’s',
    (type) => {
      const parsed = parseAppMessage(envelope(type, minimal(type)), 1, [TOKEN]);
      expect(parsed?.type).toBe(appRules.some((rule) => rule.type === type) ? type : undefined);
    },
  );

  it.each(appRules.filter((rule) => rule.accepted !== 'port'))(
    '$type counts in exactly the states the table lists',
    ({ type, accepted }) => {
      for (const state of PORT_OPEN) {
        expect(inOrder(type as never, state, true), `state ${state}`).toBe(
          (accepted as readonly number[]).includes(state),
        );
      }
    },
  );

  it('init carries the envelope and exactly the fields the handshake table lists', () => {
    const settings = { contractId: 'c-1' } as Settings;
    const init = initMessage(1, TOKEN, settings, 'a'.repeat(32), {
      appearance: { theme: 'dark' },
      locale: 'de',
      dir: 'ltr',
    });
    const { fields } = HANDSHAKE_RULES.find((rule) => rule.type === 'init')!;
    expect(Object.keys(init).sort()).toEqual([...Object.keys(ENVELOPE_FIELDS), ...Object.keys(fields)].sort());
  });

  it('every feature the table names is one this SDK lists in init', () => {
    for (const { feature } of MESSAGE_RULES as readonly MessageRule[])
      if (feature) expect(SDK_FEATURES).toContain(feature);
  });

  it.each(appRules)(
    '$type from an app that listed no feature: ignored as the table says',
    async ({ type, feature }) => {
      const lines: string[] = [];
      vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(untraced(args.join(' '))));
      const container = makeContainer();
      void create({ debug: true }, container).open();
      const app = FakeApp.in(container);
      app.handshake(envelope('hello'));
      await app.send(envelope(type, minimal(type)));
      const unlisted = lines.filter((line) => line.includes(' without '));
      vi.restoreAllMocks();
      expect(unlisted).toEqual(feature ? [`[contracts-sdk] ignored ${type} without ${feature} ${APP_ORIGIN}`] : []);
    },
  );
});
