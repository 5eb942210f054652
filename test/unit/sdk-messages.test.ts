// Every message the SDK posts, held to src/protocol-table.ts (issue #54): one session with an app that lists every
// feature plays each SDK → app row (wait and init on window; focus, ping, renewed, update over the port, each field
// present and absent where the table allows both), and the fake app records all the SDK sends. Each message must be a
// row of the table, with the envelope and only its fields, its required fields always; and each row and each field
// of the table must have been sent: a row the code no longer sends, or a field the table does not list, fails here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENVELOPE_FIELDS, HANDSHAKE_RULES, MESSAGE_RULES, type MessageRule } from '../../src/protocol-table';
import { CHECK_EVERY_MS, PING_AFTER_CHECKS } from '../../src/watchdog';
import { FakeApp, TOKEN, create, envelope, makeContainer, microtasksDone } from './fake-app';

const ALL_FEATURES = envelope('hello', { features: ['warm', 'renew', 'heartbeat', 'update'] });
const RENEWED = 'rnw-4b1d0c7e9a-NEWTOKEN';
const SENT_RULES: MessageRule[] = [...HANDSHAKE_RULES, ...MESSAGE_RULES].filter((rule) => rule.from === 'sdk');
const optional = (rule: string) => rule.startsWith('optional') || rule.includes('absent');
let clock = 0;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
});
afterEach(() => vi.restoreAllMocks());

/** Time passes with the page's timers on time (the watchdog's checks). */
function pass(ms: number): void {
  for (let elapsed = 0; elapsed < ms; elapsed += 100) {
    clock += 100;
    vi.advanceTimersByTime(100);
  }
}

/** What the SDK posted to the app: on window (the fake window's calls), then over each port, in order. */
function recorder(app: FakeApp) {
  const overPorts: Array<Record<string, unknown>> = [];
  let waiting: (() => void) | undefined;
  const take = () => {
    app.port = app.window.postMessage.mock.calls.at(-1)![2][0];
    app.port!.onmessage = (event) => (overPorts.push(event.data), waiting?.());
  };
  /** Resolves once `count` messages came over the ports. */
  const received = (count: number) =>
    new Promise<void>((resolve) => {
      waiting = () => overPorts.length >= count && resolve();
      waiting();
    });
  const all = () => [...app.window.postMessage.mock.calls.map(([message]) => message), ...overPorts];
  return { take, received, all, overPorts };
}

/** One session that makes the SDK send each of its messages, each optional field with and without. */
async function everySdkMessage() {
  let renewals = 0;
  const tokens = vi.fn(async () => {
    renewals += 1;
    if (renewals === 1) return TOKEN;
    if (renewals === 2) return RENEWED;
    throw new Error('no more tokens'); // renewed without signingToken
  });
  const container = makeContainer();
  const sdk = create(
    { signingToken: tokens, contractId: 'c-1', locale: 'de', appearance: { theme: 'dark' } },
    container,
  );
  void sdk.open();
  const app = FakeApp.in(container);
  const sent = recorder(app);
  app.post(ALL_FEATURES); // wait at once, init once the token is there
  await microtasksDone();
  sent.take();
  await app.sendAll([envelope('loaded'), envelope('ready'), envelope('beat')]);
  sdk.focus();
  await app.send(envelope('renew'));
  await sent.received(2);
  await app.send(envelope('renew'));
  await sent.received(3);
  sdk.update({ appearance: undefined, locale: undefined }); // back to the defaults: both keys absent
  sdk.update({ appearance: { theme: 'light' }, locale: 'fr' });
  pass((PING_AFTER_CHECKS + 1) * CHECK_EVERY_MS);
  await sent.received(6);
  return sent.all() as Array<Record<string, unknown>>;
}

describe('what the SDK sends is what src/protocol-table.ts lists', () => {
  it('every message: a row of the table, the envelope and only its fields, the required ones always', async () => {
    const messages = await everySdkMessage();
    for (const message of messages) {
      const rule = SENT_RULES.find(({ type }) => type === message.type);
      expect(rule, `${message.type}`).toBeDefined();
      const { protocol, version, type, ...fields } = message;
      expect({ protocol, version, type }).toEqual({ protocol: 'svc-contracts', version: 1, type: rule!.type });
      expect(Object.keys(ENVELOPE_FIELDS)).toEqual(['protocol', 'version', 'type']);
      const listed = Object.keys(rule!.fields);
      expect(
        Object.keys(fields).filter((name) => !listed.includes(name)),
        `${type}: fields off the table`,
      ).toEqual([]);
      const required = listed.filter((name) => !optional(rule!.fields[name]!));
      expect(
        required.filter((name) => !Object.hasOwn(fields, name)),
        `${type}: required fields missing`,
      ).toEqual([]);
    }
  });

  it('every SDK row of the table was sent, each of its fields at least once and each optional one absent once', async () => {
    const messages = await everySdkMessage();
    expect([...new Set(messages.map(({ type }) => type))].sort()).toEqual(SENT_RULES.map(({ type }) => type).sort());
    for (const rule of SENT_RULES) {
      const ofType = messages.filter(({ type }) => type === rule.type);
      for (const [name, text] of Object.entries(rule.fields)) {
        expect(
          ofType.some((message) => Object.hasOwn(message, name)),
          `${rule.type}.${name} sent`,
        ).toBe(true);
        if (rule.type !== 'init' && optional(text))
          expect(
            ofType.some((message) => !Object.hasOwn(message, name)),
            `${rule.type} without ${name}`,
          ).toBe(true);
      }
    }
  });
});
