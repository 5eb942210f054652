// contract.declined and contract.cancelled: the signer's two other ways out of an attempt (docs/protocol.md §6).
// Each ends the attempt like completed (the frame stays, a reloaded app gets no init); open() starts a new one.
import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  FakeApp,
  TOKEN,
  create,
  envelope,
  makeContainer,
  microtasksDone,
  record,
  untraced,
} from './fake-app';

type Setup = Awaited<ReturnType<typeof inState>>;

/** An instance whose app has reached `state` over a live port. */
async function inState(state: 'loading' | 'loaded' | 'ready' | 'completed' | 'declined' | 'cancelled', config = {}) {
  const container = makeContainer();
  const sdk = create({ contractId: 'c-7', debug: true, ...config }, container);
  const events = record(sdk);
  const opening = sdk.open();
  const app = FakeApp.in(container);
  await microtasksDone(); // a token function's token has arrived
  app.handshake();
  if (state !== 'loading') await app.send(envelope('loaded'));
  if (state !== 'loading' && state !== 'loaded') await app.send(envelope('ready'));
  if (state === 'completed' || state === 'declined' || state === 'cancelled') await app.send(envelope(state));
  events.seen.length = 0;
  return { sdk, app, events, container, opening };
}

const MESSAGES = {
  declined: envelope('declined', { reason: 'The rate is too high' }),
  cancelled: envelope('cancelled'),
  step: envelope('step', { step: 'document_viewed' }),
  activity: envelope('activity'),
};

type State = Parameters<typeof inState>[0];
type Case = [state: State, type: keyof typeof MESSAGES, event: string | undefined];

// What each message does in each state over a live port: the event it causes, or nothing (ignored).
const RUNNING: State[] = ['loading', 'loaded', 'ready'];
const ENDED: State[] = ['completed', 'declined', 'cancelled'];
const CASES: Case[] = [
  // The signer's step and activity from loaded on (docs/protocol.md §6.4): the README's loading → loaded first.
  ['loading', 'step', undefined],
  ['loading', 'activity', undefined],
  ...RUNNING.slice(1).flatMap((state): Case[] => [
    [state, 'step', 'contract.step'],
    [state, 'activity', 'contract.activity'],
  ]),
  ['loading', 'declined', undefined],
  ['loaded', 'declined', undefined],
  ['ready', 'declined', 'contract.declined'],
  ['loading', 'cancelled', undefined],
  ['loaded', 'cancelled', undefined],
  ['ready', 'cancelled', 'contract.cancelled'],
  ...ENDED.flatMap((state) =>
    (['declined', 'cancelled', 'step', 'activity'] as const).map((type): Case => [state, type, undefined]),
  ),
];

describe('the new app messages in every state', () => {
  it.each(CASES)('in %s, %s → %s', async (state, type, expected) => {
    const { app, events } = await inState(state);
    await app.send(MESSAGES[type]);
    expect(events.names()).toEqual(expected ? [expected] : []);
  });

  it.each(['after an app error', 'after close()'])(
    '%s the port is closed: nothing the app sends arrives',
    async (when) => {
      const { sdk, app, events } = await inState('ready');
      const port = app.port!;
      const closed = app.closed(port);
      if (when === 'after close()') sdk.close();
      else await app.send(envelope('error', { code: 'not_found' }));
      await closed;
      events.seen.length = 0;
      for (const message of Object.values(MESSAGES)) port.postMessage(message);
      await microtasksDone();
      expect(events.names()).toEqual([]);
    },
  );
});

describe('resize after the outcome and after error (docs/protocol.md §6)', () => {
  it('after completed, resize still sets the height; after error it no longer arrives (the port is closed)', async () => {
    const done = await inState('ready', { height: 'auto', minHeight: 100, maxHeight: 900 });
    await done.app.send(envelope('completed'));
    await done.app.send(envelope('resize', { height: 420 }));
    expect(done.app.iframe.style.height).toBe('420px');

    const failed = await inState('ready', { height: 'auto', minHeight: 100, maxHeight: 900 });
    await failed.app.send(envelope('resize', { height: 300 }));
    const port = failed.app.port!;
    const closed = failed.app.closed(port);
    await failed.app.send(envelope('error', { code: 'not_found' }));
    await closed;
    port.postMessage(envelope('resize', { height: 700 }));
    await microtasksDone();
    expect(failed.app.iframe.style.height).toBe('300px');
  });
});

describe('contract.declined', () => {
  it('carries the reason, keeps the frame, and ends the attempt: a reloaded app gets no init', async () => {
    const { app, events, container } = await inState('ready');
    await app.send(MESSAGES.declined);
    expect(events.seen).toEqual([['contract.declined', { contractId: 'c-7', reason: 'The rate is too high' }]]);
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
    const before = app.window.postMessage.mock.calls.length;
    app.post(envelope('hello'));
    expect(app.window.postMessage).toHaveBeenCalledTimes(before);
  });

  it('without a reason (or with one that is not text, or holds a piece of the token) the reason is absent', async () => {
    for (const reason of [undefined, 42, { text: 'x' }, '  \u200b ', `because ${TOKEN.slice(3, 11)}`]) {
      const { app, events } = await inState('ready');
      await app.send(envelope('declined', { reason }));
      expect(events.seen).toEqual([['contract.declined', { contractId: 'c-7' }]]);
      // Absent, not undefined: the payload has no reason key (docs/protocol.md §6.4).
      expect(Object.hasOwn(events.seen[0][1] as object, 'reason'), JSON.stringify(reason)).toBe(false);
    }
  });

  it('an app error without a message (or with one that is not text, or holds a piece of the token) has no message key', async () => {
    for (const message of [undefined, 42, ' ', `expired ${TOKEN.slice(-9)}`]) {
      const { app, events } = await inState('ready');
      await app.send(envelope('error', { code: 'not_found', message }));
      expect(events.seen).toEqual([['contract.error', { contractId: 'c-7', code: 'not_found', source: 'app' }]]);
      expect(Object.hasOwn(events.seen[0][1] as object, 'message'), JSON.stringify(message)).toBe(false);
    }
  });

  it('cleans the reason like an error message: token redacted, controls removed, 300 code points', async () => {
    const { app, events } = await inState('ready');
    await app.send(envelope('declined', { reason: `Too\u0000expensive\n\u202e${TOKEN}\u2028${'é'.repeat(400)}` }));
    const { reason } = events.seen[0][1] as { reason: string };
    expect(reason).not.toContain(TOKEN);
    expect(reason.startsWith('Too expensive [redacted] éé')).toBe(true);
    expect(reason).not.toMatch(/[\u0000-\u001f\u202e\u2028]/);
    expect(Array.from(reason)).toHaveLength(300);
  });

  it('reads the reason and the step as own properties only: a polluted Object.prototype adds none', async () => {
    const proto = Object.prototype as Record<string, unknown>;
    const { app, events } = await inState('ready');
    proto.reason = `inherited ${TOKEN}`;
    proto.step = 'inherited_step';
    try {
      await app.send(envelope('step'));
      await app.send(envelope('declined'));
    } finally {
      delete proto.reason;
      delete proto.step;
    }
    // An inherited step is no step: the message is malformed and ignored (docs/protocol.md §6.4).
    expect(events.seen).toEqual([['contract.declined', { contractId: 'c-7' }]]);
    expect(Object.hasOwn(events.seen[0][1] as object, 'reason')).toBe(false);
  });

  it('open() afterwards starts a new attempt in a new frame, asking a token function again', async () => {
    let asked = 0;
    const { sdk, app, events, container } = await inState('ready', { signingToken: () => `${TOKEN}-${++asked}` });
    await app.send(MESSAGES.declined);
    const again = sdk.open();
    const next = FakeApp.in(container);
    expect(next.iframe).not.toBe(app.iframe);
    await microtasksDone();
    await next.ready();
    await again;
    expect(asked).toBe(2);
    expect(events.names()).toEqual(['contract.declined', 'contract.loading', 'contract.loaded', 'contract.ready']);
  });
});

describe('contract.cancelled', () => {
  it('keeps the frame until close(); open() resumes to completion with a fresh token', async () => {
    let asked = 0;
    const { sdk, app, events, container }: Setup = await inState('ready', {
      signingToken: () => `${TOKEN}-${++asked}`,
    });
    await app.send(MESSAGES.cancelled);
    expect(events.seen).toEqual([['contract.cancelled', { contractId: 'c-7' }]]);
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
    const calls = app.window.postMessage.mock.calls.length;
    app.post(envelope('hello')); // a reload after cancelled: the ended attempt sends no token
    expect(app.window.postMessage).toHaveBeenCalledTimes(calls);
    const resumed = sdk.open();
    const next = FakeApp.in(container);
    await microtasksDone();
    const { message } = next.handshake();
    expect(message.signingToken).toBe(`${TOKEN}-2`);
    await next.send(envelope('loaded'));
    await next.send(envelope('ready'));
    await resumed;
    await next.send(envelope('completed'));
    expect(events.names()).toEqual([
      'contract.cancelled',
      'contract.loading',
      'contract.loaded',
      'contract.ready',
      'contract.completed',
    ]);
  });

  it('close() removes the kept frame', async () => {
    const { sdk, app, container } = await inState('ready');
    await app.send(MESSAGES.cancelled);
    sdk.close();
    expect(container.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('after completed, open() is still the finished attempt (no new frame)', async () => {
    const { sdk, container, opening } = await inState('completed');
    expect(sdk.open()).toBe(opening);
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
  });
});

describe('an app message this SDK does not know', () => {
  it('is ignored and the session goes on (how 1.1.0 treats declined, cancelled, step and activity)', async () => {
    const { app, events } = await inState('ready');
    await app.send(envelope('reassigned', { to: 'someone' }));
    await app.send(envelope('completed'));
    expect(events.names()).toEqual(['contract.completed']);
  });

  it('logs with debug: true which message was out of order, never the token', async () => {
    const lines: string[] = [];
    const { app } = await inState('completed');
    const original = console.log;
    console.log = (...parts: unknown[]) => lines.push(untraced(parts.join(' ')));
    try {
      await app.send(envelope('declined', { reason: TOKEN }));
      await app.send(envelope('step', { step: 'document_viewed' }));
    } finally {
      console.log = original;
    }
    expect(lines).toEqual([
      `[contracts-sdk] ignored declined out of order ${APP_ORIGIN}`,
      `[contracts-sdk] ignored step out of order ${APP_ORIGIN}`,
    ]);
  });
});
