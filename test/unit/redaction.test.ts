import { describe, expect, it, vi } from 'vitest';
import { redact } from '../../src/redact';
import { FakeApp, TOKEN, create, envelope, makeContainer } from './fake-app';

function spyConsole() {
  const methods = ['log', 'info', 'debug', 'warn', 'error', 'trace'] as const;
  return methods.map((method) => vi.spyOn(console, method).mockImplementation(() => {}));
}

async function fullRun(debug: boolean) {
  const container = makeContainer();
  const sdk = create({ debug, contractId: 'c-1', loadTimeout: 200 }, container);
  const opening = sdk.open();
  const app = FakeApp.in(container);
  app.post('junk');
  app.post(envelope('hello'), 'https://evil.test');
  app.handshake();
  await app.send({ nonsense: TOKEN });
  await app.send(envelope('loaded'));
  await app.send(envelope('ready'));
  await app.send(envelope('completed'));
  await opening;
  sdk.close();
  void sdk.open();
  const second = FakeApp.in(container);
  second.handshake();
  await second.send(envelope('error', { code: 'not_found', message: `token ${TOKEN} expired` }));
  sdk.destroy();
}

describe('debug logging', () => {
  it('debug: false prints nothing at all', async () => {
    const spies = spyConsole();
    await fullRun(false);
    // happy-dom reports its own disabled iframe loading on console.error, at a time of its choosing: not ours.
    const ours = (args: unknown[]) => !String(args[0]).includes('Iframe page loading is disabled');
    for (const spy of spies) expect(spy.mock.calls.filter(ours)).toEqual([]);
  });

  it('debug: true logs each lifecycle step with a prefix and never the token', async () => {
    const spies = spyConsole();
    await fullRun(true);
    const lines = spies.flatMap((spy) => spy.mock.calls.map((args) => args));
    const text = lines.map((args) =>
      args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '),
    );
    expect(text.length).toBeGreaterThan(10);
    for (const line of text) {
      expect(line.startsWith('[contracts-sdk] ')).toBe(true);
      expect(line).not.toContain(TOKEN);
    }
    const all = text.join('\n');
    for (const step of [
      'open: frame created',
      'hello accepted (protocol 1), init sent to',
      'ignored origin https://evil.test',
      'ignored malformed',
      'event contract.loading',
      'event contract.ready',
      'event contract.completed',
      'event contract.error',
      'close',
      'destroy',
    ]) {
      expect(all).toContain(step);
    }
    expect(all).toContain('token [redacted] expired');
  });
});

describe('redact()', () => {
  it('replaces the secret in strings, keys, nested objects and arrays; an error prints as {} (never its message)', () => {
    const value = {
      [TOKEN]: 'key',
      list: [TOKEN, { deep: { deeper: `x${TOKEN}x` } }],
      error: new Error(`failed for ${TOKEN}`),
      port: new MessageChannel().port1,
    };
    const output = redact(value, TOKEN);
    expect(output).not.toContain(TOKEN);
    expect(output).toContain('"[redacted]":"key"');
    expect(output).toContain('"deeper":"x[redacted]x"');
    expect(output).toContain('"error":{}');
    expect(redact(new TypeError(`bad ${TOKEN}`), TOKEN)).toBe('{}');
  });

  it('redacts a token that JSON escapes, and prints a cyclic value by its type only', () => {
    const quoted = 'tok"en\\with-escapes';
    expect(redact({ quoted }, quoted)).toBe('{"quoted":"[redacted]"}');
    const cyclic: Record<string, unknown> = { note: TOKEN };
    cyclic.self = cyclic;
    expect(redact(cyclic, TOKEN)).toBe('[object Object]');
  });

  it('renders numbers, booleans and undefined as text', () => {
    expect(redact(5, TOKEN)).toBe('5');
    expect(redact(undefined, TOKEN)).toBe('undefined');
    expect(redact(false, TOKEN)).toBe('false');
  });
});

describe('the instance', () => {
  it('does not expose the token through enumeration, JSON or inspection', () => {
    const sdk = create({ contractId: 'c-1' });
    expect(JSON.stringify(sdk)).not.toContain(TOKEN);
    const reachable = redact(Object.assign({}, sdk), '');
    expect(reachable).not.toContain(TOKEN);
    for (const key of Reflect.ownKeys(sdk)) {
      const value = (sdk as unknown as Record<PropertyKey, unknown>)[key];
      expect(typeof value === 'string' && value.includes(TOKEN)).toBe(false);
      if (value && typeof value === 'object' && !('nodeType' in value)) {
        expect(JSON.stringify(value) ?? '').not.toContain(TOKEN);
      }
    }
  });
});
