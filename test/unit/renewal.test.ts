// Token renewal over the port (docs/protocol.md §6.7): an app that listed 'renew' asks with `renew`; the SDK calls
// the partner's token function and answers over the same attempt's port, or says renewal is not possible.
import { describe, expect, it, vi } from 'vitest';
import { MAX_RENEWALS } from '../../src/renewal';
import { FakeApp, TOKEN, create, envelope, makeContainer, microtasksDone, record } from './fake-app';

const RENEWED = 'rnw-4b1d0c7e9a-NEWTOKEN';
const HELLO = envelope('hello', { features: ['renew'] });

/** A token function whose answers the test gives: each call waits for `next.resolve()` or `next.reject()`. */
function controlledTokens() {
  const calls: Array<{ resolve: (token: string) => void; reject: (error: Error) => void }> = [];
  const source = vi.fn(() => new Promise<string>((resolve, reject) => calls.push({ resolve, reject })));
  return { source, calls };
}

/** Records what the SDK sends the app over its current port; `next()` resolves with the next message. */
function inbox(app: FakeApp) {
  const messages: Array<Record<string, unknown>> = [];
  const waiting: Array<(message: Record<string, unknown>) => void> = [];
  app.port!.onmessage = (event) => {
    messages.push(event.data);
    waiting.shift()?.(event.data);
  };
  return { messages, next: () => new Promise<Record<string, unknown>>((resolve) => waiting.push(resolve)) };
}

/** An instance with a token function, opened and ready with an app that listed 'renew'. */
async function readyWithFunction(hello: Record<string, unknown> = HELLO) {
  const tokens = controlledTokens();
  const container = makeContainer();
  const sdk = create({ signingToken: tokens.source, debug: true }, container);
  const events = record(sdk);
  const opening = sdk.open();
  const app = FakeApp.in(container);
  const helloing = new Promise<void>((resolve) => setImmediate(resolve));
  app.post(hello);
  tokens.calls[0]!.resolve(TOKEN);
  await helloing;
  await microtasksDone();
  const [init, , transfer] = app.window.postMessage.mock.calls.at(-1)!;
  app.port = transfer[0];
  await app.send(envelope('loaded'));
  await app.send(envelope('ready'));
  await opening;
  return { sdk, events, app, tokens, init, container, mail: inbox(app) };
}

describe('renewal with a token function', () => {
  it('sends the new token over the same port; no reload, no repeated event', async () => {
    const { app, tokens, events, init, mail } = await readyWithFunction();
    expect(init.features).toContain('renew');
    const frame = app.iframe;
    const src = frame.src;
    await app.send(envelope('renew'));
    expect(tokens.source).toHaveBeenCalledTimes(2);
    tokens.calls[1]!.resolve(RENEWED);
    expect(await mail.next()).toEqual(envelope('renewed', { signingToken: RENEWED }));
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready']);
    expect(frame.isConnected && frame.src === src).toBe(true);
    expect(frame.src).not.toContain(RENEWED);
    await app.send(envelope('completed'));
    expect(events.names().at(-1)).toBe('contract.completed');
  });

  it('at most one call in flight: a second renew waits for the same answer', async () => {
    const { app, tokens, mail } = await readyWithFunction();
    await app.sendAll([envelope('renew'), envelope('renew'), envelope('renew')]);
    expect(tokens.source).toHaveBeenCalledTimes(2);
    tokens.calls[1]!.resolve(RENEWED);
    await mail.next();
    await app.send(envelope('renew')); // settled: a new request is a new call
    expect(tokens.source).toHaveBeenCalledTimes(3);
    expect(mail.messages).toEqual([envelope('renewed', { signingToken: RENEWED })]);
  });

  it(`at most ${MAX_RENEWALS} calls per attempt; beyond, renewal is not possible`, async () => {
    const { app, tokens, mail } = await readyWithFunction();
    for (let i = 1; i <= MAX_RENEWALS; i++) {
      await app.send(envelope('renew'));
      tokens.calls[i]!.resolve(`${RENEWED}-${i}`);
      expect(await mail.next()).toEqual(envelope('renewed', { signingToken: `${RENEWED}-${i}` }));
    }
    await app.send(envelope('renew'));
    expect(await mail.next()).toStrictEqual(envelope('renewed'));
    expect(tokens.source).toHaveBeenCalledTimes(MAX_RENEWALS + 1);
  });

  it('a function that fails: renewal is not possible, then the app ends with session_expired', async () => {
    const { app, tokens, events, mail } = await readyWithFunction();
    await app.send(envelope('renew'));
    tokens.calls[1]!.reject(new Error('backend down'));
    expect(await mail.next()).toStrictEqual(envelope('renewed'));
    await app.send(envelope('error', { code: 'session_expired', message: 'The session expired.' }));
    expect(events.seen.at(-1)).toEqual([
      'contract.error',
      { contractId: undefined, code: 'session_expired', message: 'The session expired.', source: 'app' },
    ]);
  });

  it('a reload after a renewal gets the renewed token in its init', async () => {
    const { app, tokens, mail } = await readyWithFunction();
    await app.send(envelope('renew'));
    tokens.calls[1]!.resolve(RENEWED);
    await mail.next();
    expect(app.handshake(HELLO).message.signingToken).toBe(RENEWED);
  });

  it('after a renewal the first token is still cut out of app text: both are credentials until the attempt ends', async () => {
    const { app, tokens, events, mail } = await readyWithFunction();
    await app.send(envelope('renew'));
    tokens.calls[1]!.resolve(RENEWED);
    await mail.next();
    await app.send(envelope('step', { step: TOKEN.slice(4, 16) })); // 12 characters of the first token
    await app.send(envelope('declined', { reason: `no ${TOKEN}` }));
    expect(events.seen.slice(-2)).toEqual([
      ['contract.step', { contractId: undefined, step: 'unknown', elapsedMs: expect.any(Number) }],
      ['contract.declined', { contractId: undefined, reason: 'no [redacted]' }],
    ]);
  });

  it('renew is answered from the handshake on, before ready too', async () => {
    const tokens = controlledTokens();
    const container = makeContainer();
    const sdk = create({ signingToken: tokens.source }, container);
    void sdk.open();
    const app = FakeApp.in(container);
    app.post(HELLO);
    tokens.calls[0]!.resolve(TOKEN);
    await microtasksDone();
    app.port = app.window.postMessage.mock.calls.at(-1)![2][0];
    const mail = inbox(app);
    await app.send(envelope('renew'));
    tokens.calls[1]!.resolve(RENEWED);
    expect(await mail.next()).toStrictEqual(envelope('renewed', { signingToken: RENEWED }));
  });

  it('a function that returns the same token again: passed on as it is (the SDK does not compare)', async () => {
    const { app, tokens, mail } = await readyWithFunction();
    await app.send(envelope('renew'));
    tokens.calls[1]!.resolve(TOKEN);
    expect(await mail.next()).toStrictEqual(envelope('renewed', { signingToken: TOKEN }));
  });

  it('the renewed token is cut out of app text like the first one', async () => {
    const { app, tokens, events, mail } = await readyWithFunction();
    await app.send(envelope('renew'));
    tokens.calls[1]!.resolve(RENEWED);
    await mail.next();
    await app.send(envelope('declined', { reason: `no ${RENEWED}` }));
    expect(events.seen.at(-1)).toEqual(['contract.declined', { contractId: undefined, reason: 'no [redacted]' }]);
  });

  it('never logs the renewed token (debug on)', async () => {
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { app, tokens, mail } = await readyWithFunction();
    await app.send(envelope('renew'));
    tokens.calls[1]!.resolve(RENEWED);
    await mail.next();
    const lines = JSON.stringify(logged.mock.calls);
    logged.mockRestore();
    expect(lines).toContain('hello accepted');
    expect(lines).not.toContain('4b1d0c7e9a');
  });

  it("a token settling after close() and a new open() goes nowhere: not to the new attempt's port", async () => {
    const { sdk, app, tokens, container } = await readyWithFunction();
    await app.send(envelope('renew'));
    sdk.close();
    void sdk.open();
    const next = FakeApp.in(container);
    next.post(HELLO);
    tokens.calls[2]!.resolve(TOKEN);
    await microtasksDone();
    next.port = next.window.postMessage.mock.calls.at(-1)![2][0];
    const mail = inbox(next);
    tokens.calls[1]!.resolve(RENEWED); // the first attempt's renewal settles late
    await microtasksDone();
    sdk.focus(); // a message after any the late token could have caused: the port keeps order
    expect(await mail.next()).toEqual(envelope('focus'));
    expect(mail.messages).toEqual([envelope('focus')]);
  });

  it("an earlier attempt's port cannot ask: its renew never reaches the token function", async () => {
    const { sdk, app, tokens, container } = await readyWithFunction();
    const oldPort = app.port!;
    await app.send(envelope('error', { code: 'not_found' }));
    void sdk.open(); // the retry: a new attempt
    const next = FakeApp.in(container);
    next.post(HELLO);
    tokens.calls[1]!.resolve(TOKEN);
    await microtasksDone();
    next.port = next.window.postMessage.mock.calls.at(-1)![2][0];
    await next.send(envelope('loaded'));
    oldPort.postMessage(envelope('renew'));
    await next.send(envelope('ready'));
    expect(tokens.source).toHaveBeenCalledTimes(2);
  });

  it('destroy() while the function runs: nothing is sent, nothing thrown', async () => {
    const { sdk, app, tokens, mail } = await readyWithFunction();
    await app.send(envelope('renew'));
    sdk.destroy();
    tokens.calls[1]!.resolve(RENEWED);
    await microtasksDone();
    expect(mail.messages).toEqual([]);
  });

  it("after an outcome the attempt's own app may still renew: over its port, nowhere else", async () => {
    const { app, tokens, mail } = await readyWithFunction();
    await app.send(envelope('completed'));
    await app.send(envelope('renew'));
    tokens.calls[1]!.resolve(RENEWED);
    expect(await mail.next()).toEqual(envelope('renewed', { signingToken: RENEWED }));
  });
});

describe('renewal with a token string', () => {
  it('is not possible: renewed without a token, and the app ends with session_expired', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    const events = record(sdk);
    void sdk.open();
    const app = FakeApp.in(container);
    app.handshake(HELLO);
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    const mail = inbox(app);
    await app.send(envelope('renew'));
    expect(await mail.next()).toStrictEqual(envelope('renewed'));
    await app.send(envelope('error', { code: 'session_expired' }));
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready', 'contract.error']);
    expect(events.seen.at(-1)![1]).toMatchObject({ code: 'session_expired', source: 'app' });
  });
});
