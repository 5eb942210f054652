import { describe, expect, it, vi } from 'vitest';
import { HELLO_AFTER_LOAD_MS } from '../../src/channel';
import { SDK_FEATURES } from '../../src/protocol';
import { APP_ORIGIN, FakeApp, TOKEN, create, envelope, record } from './fake-app';

async function opened() {
  const sdk = create({ contractId: 'c-1' });
  const events = record(sdk);
  const openPromise = sdk.open();
  const app = FakeApp.in(document.getElementById('signing')!);
  return { sdk, events, openPromise, app };
}

describe('handshake', () => {
  it('answers a valid hello with init, the token, the attemptId and a port, posted to the exact app origin', async () => {
    const { app, events } = await opened();
    const { message, targetOrigin } = app.handshake();
    expect(targetOrigin).toBe(APP_ORIGIN);
    expect(message).toEqual({
      protocol: 'svc-contracts',
      version: 1,
      type: 'init',
      signingToken: TOKEN,
      contractId: 'c-1',
      attemptId: events.attemptIds[0],
      sdkVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
      dir: 'ltr',
      features: SDK_FEATURES,
    });
    expect(typeof app.port?.postMessage).toBe('function');
  });

  it('goes loading → loaded → ready → completed over the port, and open() resolves on ready', async () => {
    const { app, events, openPromise } = await opened();
    let resolved = false;
    void openPromise.then(() => (resolved = true));
    app.handshake();
    await app.send(envelope('loaded'));
    expect(resolved).toBe(false);
    await app.send(envelope('ready'));
    expect(resolved).toBe(true);
    await app.send(envelope('completed'));
    expect(events.seen).toEqual([
      ['contract.loading', { contractId: 'c-1' }],
      ['contract.loaded', { contractId: 'c-1' }],
      ['contract.ready', { contractId: 'c-1' }],
      ['contract.completed', { contractId: 'c-1' }],
    ]);
  });

  it('a hello with no common version: the newer-SDK loading_error at once, no init, never an outage', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { app, events } = await opened();
    app.iframe.dispatchEvent(new Event('load'));
    app.post(envelope('hello', { versions: [0, 2] }));
    vi.advanceTimersByTime(HELLO_AFTER_LOAD_MS + 60_000); // past the no-hello check and the load timeout
    expect(events.seen).toEqual([
      ['contract.loading', { contractId: 'c-1' }],
      [
        'contract.error',
        {
          contractId: 'c-1',
          code: 'loading_error',
          source: 'sdk',
          message: 'The signing app needs a newer SDK version: load the current one.',
        },
      ],
    ]);
    expect(app.window.postMessage).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('ignores a hello whose source is another window, even from the right origin', async () => {
    const { app } = await opened();
    const otherFrame = { postMessage: () => {} };
    app.post(envelope('hello'), APP_ORIGIN, otherFrame);
    app.post(envelope('hello'), APP_ORIGIN, window);
    app.post(envelope('hello'), APP_ORIGIN, null);
    expect(app.window.postMessage).not.toHaveBeenCalled();
  });

  it.each([
    'https://evil.test',
    'https://sign.test',
    'http://sign.test:8443',
    'https://sign.test:8443.evil.test',
    'null',
  ])('ignores a hello from its own frame with origin %s', async (origin) => {
    const { app } = await opened();
    app.post(envelope('hello'), origin);
    expect(app.window.postMessage).not.toHaveBeenCalled();
    app.handshake(); // the genuine hello afterwards still works
  });

  const junk: Array<[string, unknown]> = [
    ['null', null],
    ['a string', 'hello'],
    ['a number', 1],
    ['an array', [envelope('hello')]],
    ['the wrong protocol', { ...envelope('hello'), protocol: 'penpal' }],
    ['the wrong version', { ...envelope('hello'), version: 2 }],
    ['a string version', { ...envelope('hello'), version: '1' }],
    ['no type', { protocol: 'svc-contracts', version: 1 }],
    ['a type that is not hello', envelope('ready')],
    [
      'a __proto__ key carrying the fields',
      JSON.parse('{"__proto__": {"protocol":"svc-contracts","version":1,"type":"hello"}}'),
    ],
    ['an object whose prototype carries the fields', Object.create(envelope('hello'))],
    [
      'a throwing getter',
      Object.defineProperty({ protocol: 'svc-contracts', version: 1 }, 'type', {
        get() {
          throw new Error('boom');
        },
        enumerable: true,
      }),
    ],
    ['a huge string', 'x'.repeat(5_000_000)],
  ];

  it.each(junk)('ignores %s without throwing and without polluting prototypes', async (_label, data) => {
    const { app } = await opened();
    expect(() => app.post(data)).not.toThrow();
    expect(app.window.postMessage).not.toHaveBeenCalled();
    expect(({} as Record<string, unknown>).type).toBeUndefined();
    app.handshake();
  });

  it('keeps two instances apart: each answers only its own frame, over its own port', async () => {
    const first = await opened();
    const secondContainer = document.createElement('div');
    document.body.append(secondContainer);
    const second = create({ contractId: 'c-2' }, secondContainer);
    const secondEvents = record(second);
    void second.open();
    const secondApp = FakeApp.in(secondContainer);

    first.app.handshake();
    expect(secondApp.window.postMessage).not.toHaveBeenCalled();
    secondApp.handshake();
    await first.app.send(envelope('loaded'));
    expect(first.events.names()).toEqual(['contract.loading', 'contract.loaded']);
    expect(secondEvents.names()).toEqual(['contract.loading']);
    expect(secondApp.port).not.toBe(first.app.port);
  });
});

describe('messages over the port', () => {
  it.each([
    ['junk', 'ready'],
    ['a wrong version', { ...envelope('ready'), version: 3 }],
    ['an unknown type', envelope('resize', { height: 10 })],
    ['a __proto__ shape', JSON.parse('{"__proto__":{"protocol":"svc-contracts","version":1,"type":"ready"}}')],
  ])('ignores %s', async (_label, data) => {
    const { app, events } = await opened();
    app.handshake();
    await app.send(envelope('loaded'));
    await app.send(data);
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded']);
  });

  it('ignores out-of-order messages: ready before loaded, completed before ready, repeats', async () => {
    const { app, events } = await opened();
    app.handshake();
    await app.send(envelope('ready'));
    await app.send(envelope('completed'));
    await app.send(envelope('loaded'));
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    await app.send(envelope('ready'));
    await app.send(envelope('completed'));
    await app.send(envelope('completed'));
    await app.send(envelope('error', { code: 'not_found' }));
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready', 'contract.completed']);
  });

  it('passes known and unknown codes through, bounds and cleans the message, redacts the token', async () => {
    const { app, events, openPromise } = await opened();
    app.handshake();
    await app.send(envelope('loaded'));
    const noisy = `rate\u0000 limited\u202e for ${TOKEN} ${'x'.repeat(1000)}`;
    await app.send(envelope('error', { code: 'rate_limited', message: noisy }));
    await openPromise;
    const [, payload] = events.seen.at(-1)! as [string, { code: string; message: string; contractId: string }];
    expect(payload.code).toBe('rate_limited');
    expect(payload.contractId).toBe('c-1');
    expect(payload.message.length).toBeLessThanOrEqual(300);
    expect(payload.message.startsWith('rate  limited for [redacted] xxx')).toBe(true);
    expect(payload.message).not.toMatch(/[\u0000-\u001f\u202e]/);
    expect(JSON.stringify(payload)).not.toContain(TOKEN);
  });

  it.each([
    ['a code with spaces', { code: 'not found' }, 'unknown'],
    ['a numeric code', { code: 404 }, 'unknown'],
    ['a missing code', {}, 'unknown'],
    ['a 65-character code', { code: 'a'.repeat(65) }, 'unknown'],
    ['a markup code', { code: '<img src=x>' }, 'unknown'],
    ['a non-string code', { code: ['not_found'] }, 'unknown'],
    ['the token as the code', { code: TOKEN }, 'unknown'],
    ['a code holding the token', { code: `e_${TOKEN}` }, 'unknown'],
    ...['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__'].map(
      (name): [string, object, string] => [`the prototype name ${name}`, { code: name }, 'unknown'],
    ),
    ['verification_required', { code: 'verification_required' }, 'verification_required'],
  ])('maps %s to %s', async (_label, fields, code) => {
    const { app, events } = await opened();
    app.handshake();
    await app.send(envelope('error', { ...fields, message: 42 }));
    expect(events.seen.at(-1)).toEqual(['contract.error', { contractId: 'c-1', code, source: 'app' }]);
  });

  it('emits payloads that are frozen and never carry the token', async () => {
    const { app, events } = await opened();
    await app.ready();
    for (const [, payload] of events.seen) {
      expect(Object.isFrozen(payload)).toBe(true);
      expect(JSON.stringify(payload)).not.toContain(TOKEN);
    }
  });

  it('stops listening to a port after an error', async () => {
    const { app, events } = await opened();
    app.handshake();
    const port = app.port!;
    await app.send(envelope('error', { code: 'not_found' }));
    await app.closed(port);
    port.postMessage(envelope('loaded'));
    expect(events.names()).toEqual(['contract.loading', 'contract.error']);
  });
});
