// The code held to the protocol's table (src/protocol-table.ts, issue #43): which types the port accepts from the
// app, in which states each counts, and which feature each feature message needs. docs/protocol.md is held to the
// same table by test/docs/protocol-table.test.ts, so the spec and the code cannot drift apart.
import { describe, expect, it, vi } from 'vitest';
import { inOrder } from '../../src/lifecycle';
import { initMessage, parseAppMessage, SDK_FEATURES } from '../../src/protocol';
import type { Settings } from '../../src/config';
import { ENVELOPE_FIELDS, HANDSHAKE_RULES, MESSAGE_RULES, PORT_OPEN } from '../../src/protocol-table';
import { APP_ORIGIN, FakeApp, TOKEN, create, envelope, makeContainer, untraced } from './fake-app';

const appRules = MESSAGE_RULES.filter((rule) => rule.from === 'app');
/** The fields that make a message of `type` valid (the table's required ones). */
const MINIMAL: Record<string, Record<string, unknown>> = { step: { step: 'document_viewed' }, resize: { height: 10 } };
const OTHER_TYPES = ['hello', 'init', 'wait', 'ping', 'renewed', 'update', 'Loaded', 'constructor', 'toString'];

describe('the code follows the protocol table', () => {
  it.each([...new Set([...MESSAGE_RULES.map((rule) => rule.type), ...OTHER_TYPES])])(
    'the port accepts %s from the app exactly when the table lists it as the app’s',
    (type) => {
      const parsed = parseAppMessage(envelope(type, MINIMAL[type]), 1, [TOKEN]);
      expect(parsed?.type).toBe(appRules.some((rule) => rule.type === type) ? type : undefined);
    },
  );

  it.each(appRules.filter((rule) => rule.accepted !== 'port'))(
    '$type counts in exactly the states the table lists',
    ({ type, accepted }) => {
      for (const state of PORT_OPEN) {
        expect(inOrder(type as never, state, true), `state ${state}`).toBe((accepted as number[]).includes(state));
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
    for (const { feature } of MESSAGE_RULES) if (feature) expect(SDK_FEATURES).toContain(feature);
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
      await app.send(envelope(type, MINIMAL[type]));
      const unlisted = lines.filter((line) => line.includes(' without '));
      vi.restoreAllMocks();
      expect(unlisted).toEqual(feature ? [`[contracts-sdk] ignored ${type} without ${feature} ${APP_ORIGIN}`] : []);
    },
  );
});
