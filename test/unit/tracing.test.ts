// Every signing session traceable (issue #44, README "Support and tracing"): the SDK's attemptId on every payload,
// debug line and init of an attempt, new for each attempt; the app's sessionId from ready on, on the rules of a code.
import { describe, expect, it, vi } from 'vitest';
import { ATTEMPT_ID, FakeApp, TOKEN, create, envelope, makeContainer, microtasksDone } from './fake-app';
import type { SvcContracts } from '../../src';
import { EVENT_NAMES } from '../../src/emitter';

/** Every payload as the partner receives it, attemptId and sessionId included. */
function payloads(sdk: SvcContracts) {
  const seen: Array<[string, Record<string, unknown>]> = [];
  for (const name of EVENT_NAMES) sdk.on(name, (payload) => seen.push([name, payload as never]));
  return seen;
}

/** The attemptIds of the payloads, in order. */
const ids = (seen: Array<[string, Record<string, unknown>]>) => seen.map(([, payload]) => payload.attemptId);

/** Every console.log line as printed, joined. */
function consoleLines() {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void lines.push(parts.map(String).join(' ')));
  return lines;
}

/** An opened instance whose app said hello; `ready(fields)` sends loaded and ready with `fields`. */
async function opened(config = {}) {
  const container = makeContainer();
  const sdk = create({ contractId: 'c-1', ...config }, container);
  const seen = payloads(sdk);
  void sdk.open();
  const app = FakeApp.in(container);
  await microtasksDone();
  const { message: init } = app.handshake();
  const ready = async (fields: Record<string, unknown> = {}) => {
    await app.send(envelope('loaded'));
    await app.send(envelope('ready', fields));
  };
  return { sdk, seen, app, init, container, ready };
}

describe('attemptId', () => {
  it('one id across an attempt: every payload from contract.loading to the outcome, and init, carry it', async () => {
    const { seen, app, init, ready } = await opened();
    await ready();
    await app.send(envelope('step', { step: 'document_viewed' }));
    await app.send(envelope('completed'));
    const [first] = ids(seen);
    expect(first).toMatch(ATTEMPT_ID);
    expect(seen.map(([name]) => name)).toEqual([
      'contract.loading',
      'contract.loaded',
      'contract.ready',
      'contract.step',
      'contract.completed',
    ]);
    expect(ids(seen)).toEqual(Array(5).fill(first));
    expect(init.attemptId).toBe(first);
  });

  it('a reload inside the frame keeps it: each init of the attempt carries the same id', async () => {
    const { seen, app, init, ready } = await opened();
    await ready();
    const { message: second } = app.handshake(); // the app reloaded after ready
    expect(second.attemptId).toBe(init.attemptId);
    await app.send(envelope('completed'));
    expect(new Set(ids(seen))).toEqual(new Set([init.attemptId]));
  });

  it('a new id for each attempt: a retry from the error handler, a resume after cancelled, a new open() after declined', async () => {
    const { sdk, seen, container, app } = await opened();
    sdk.once('contract.error', () => void sdk.open()); // the retry
    await app.send(envelope('error', { code: 'not_found' }));
    const retry = FakeApp.in(container);
    await microtasksDone();
    retry.handshake();
    await retry.send(envelope('loaded'));
    await retry.send(envelope('ready'));
    await retry.send(envelope('cancelled'));
    void sdk.open(); // the resume
    const resumed = FakeApp.in(container);
    await microtasksDone();
    resumed.handshake();
    await resumed.send(envelope('loaded'));
    await resumed.send(envelope('ready'));
    await resumed.send(envelope('declined'));
    void sdk.open(); // after declined
    const byAttempt = [...new Set(ids(seen))];
    expect(byAttempt).toHaveLength(4);
    for (const id of byAttempt) expect(id).toMatch(ATTEMPT_ID);
    const loadings = seen.filter(([name]) => name === 'contract.loading').map(([, payload]) => payload.attemptId);
    expect(loadings).toEqual(byAttempt);
  });

  it('two instances never share one, even with the same token', async () => {
    const first = await opened();
    const second = await opened();
    expect(ids(first.seen)[0]).toMatch(ATTEMPT_ID);
    expect(ids(second.seen)[0]).toMatch(ATTEMPT_ID);
    expect(ids(first.seen)[0]).not.toBe(ids(second.seen)[0]);
    expect(first.init.attemptId).not.toBe(second.init.attemptId);
  });

  it('comes from crypto.getRandomValues, 16 bytes as 32 lowercase hex characters, and holds nothing of the token', async () => {
    const fill = (bytes: Uint8Array) => {
      bytes.set([0, 1, 15, 16, 127, 128, 171, 205, 239, 255, 2, 3, 4, 5, 6, 7]);
      return bytes;
    };
    const random = vi.spyOn(crypto, 'getRandomValues').mockImplementation(fill as typeof crypto.getRandomValues);
    const { seen, init } = await opened();
    expect(random).toHaveBeenCalledTimes(1);
    expect((random.mock.calls[0][0] as Uint8Array).length).toBe(16);
    expect(ids(seen)[0]).toBe('00010f107f80abcdefff020304050607');
    expect(init.attemptId).toBe('00010f107f80abcdefff020304050607');
    random.mockRestore();
    for (const id of ids((await opened()).seen)) {
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(TOKEN).not.toContain(String(id).slice(0, 8));
    }
  });

  it('is on the SDK errors before the app answered: a timeout, a failing token function, a blocked window', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const timedOut = create({ loadTimeout: 5000 });
    const timeoutSeen = payloads(timedOut);
    void timedOut.open();
    vi.advanceTimersByTime(5000);
    vi.useRealTimers();
    const failing = create({ signingToken: () => Promise.reject(new Error('no')) });
    const tokenSeen = payloads(failing);
    void failing.open();
    await microtasksDone();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const blocked = create({ display: 'popup' });
    const blockedSeen = payloads(blocked);
    void blocked.open();
    for (const [seen, code] of [
      [timeoutSeen, 'loading_error'],
      [tokenSeen, 'loading_error'],
      [blockedSeen, 'popup_blocked'],
    ] as const) {
      const [, error] = seen.at(-1)!;
      expect(error.code).toBe(code);
      expect(error.attemptId).toMatch(ATTEMPT_ID);
      expect(ids(seen)).toEqual(Array(seen.length).fill(error.attemptId));
    }
  });

  it('begins every debug line of the attempt; "-" outside any (the warm frame before it, destroy); never the token', async () => {
    const lines = consoleLines();
    const container = makeContainer();
    const sdk = create({ debug: true, warm: true }, container);
    const seen = payloads(sdk);
    const app = FakeApp.in(container);
    app.post(envelope('hello'), 'https://evil.test'); // logged before any attempt
    const beforeAttempt = lines.length;
    void sdk.open();
    await microtasksDone();
    app.handshake();
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    const duringAttempt = lines.length;
    sdk.close();
    sdk.destroy();
    const [id] = ids(seen);
    expect(beforeAttempt).toBeGreaterThan(0);
    for (const line of lines.slice(0, beforeAttempt)) expect(line).toMatch(/^\[contracts-sdk\] - /);
    for (const line of lines.slice(beforeAttempt, duringAttempt + 1))
      expect(line.startsWith(`[contracts-sdk] ${id} `)).toBe(true);
    expect(lines.at(-1)).toBe('[contracts-sdk] - destroy');
    expect(lines.join('\n')).not.toContain(TOKEN);
  });
});

describe('sessionId', () => {
  it('from ready on, on every payload of the attempt, contract.error included; none before ready', async () => {
    const { seen, app, ready } = await opened();
    await ready({ sessionId: 'ses_2f9c.A-1' });
    await app.send(envelope('step', { step: 'document_viewed' }));
    await app.send(envelope('error', { code: 'not_found' }));
    expect(seen.map(([name, payload]) => [name, payload.sessionId])).toEqual([
      ['contract.loading', undefined],
      ['contract.loaded', undefined],
      ['contract.ready', 'ses_2f9c.A-1'],
      ['contract.step', 'ses_2f9c.A-1'],
      ['contract.error', 'ses_2f9c.A-1'],
    ]);
    expect('sessionId' in seen[1][1]).toBe(false); // no key at all before ready
    expect(Object.isFrozen(seen[2][1])).toBe(true);
  });

  it('a new attempt starts without one: the resume after cancelled has none until its own ready', async () => {
    const { sdk, seen, app, container, ready } = await opened();
    await ready({ sessionId: 'first' });
    await app.send(envelope('cancelled'));
    void sdk.open();
    const resumed = FakeApp.in(container);
    await microtasksDone();
    resumed.handshake();
    await resumed.send(envelope('loaded'));
    await resumed.send(envelope('ready', { sessionId: 'second' }));
    expect(seen.slice(-3).map(([name, payload]) => [name, 'sessionId' in payload, payload.sessionId])).toEqual([
      ['contract.loading', false, undefined],
      ['contract.loaded', false, undefined],
      ['contract.ready', true, 'second'],
    ]);
  });

  it.each([
    ['too long (65 characters)', 'a'.repeat(65)],
    ['empty', ''],
    ['a space', 'ses 1'],
    ['a slash', 'ses/1'],
    ['a non-ASCII letter', 'sés_1'],
    ['a prototype name', 'constructor'],
    ['the token', TOKEN],
    ['an 8-character piece of the token', `ses_${TOKEN.slice(9, 17)}`],
    ['a number', 42],
    ['null', null],
    ['an object', { id: 'ses_1' }],
  ])('%s: dropped (no key on ready or later), with a debug line that never echoes it', async (_, sessionId) => {
    const lines = consoleLines();
    const { seen, app, ready } = await opened({ debug: true });
    await ready({ sessionId });
    await app.send(envelope('completed'));
    for (const [, payload] of seen) expect('sessionId' in payload).toBe(false);
    const ignored = lines.filter((line) => line.includes('ignored sessionId'));
    expect(ignored).toEqual([`[contracts-sdk] ${ids(seen)[0]} ignored sessionId https://sign.test:8443`]);
    if (typeof sessionId === 'string' && sessionId) {
      expect(lines.join('\n')).not.toContain(sessionId);
    }
    expect(lines.join('\n')).not.toContain(TOKEN);
  });

  it('the longest allowed (64 characters) and every character of the set pass as sent', async () => {
    const longest = `${'a'.repeat(56)}Z9_.-x0y`;
    const { seen, ready } = await opened();
    await ready({ sessionId: longest });
    expect(seen.at(-1)![1].sessionId).toBe(longest);
  });

  it('a ready out of order does not set it: a second ready after a reload keeps the first', async () => {
    const { seen, app, ready } = await opened();
    await ready({ sessionId: 'first' });
    app.handshake();
    await app.send(envelope('loaded'));
    await app.send(envelope('ready', { sessionId: 'second' }));
    await app.send(envelope('completed'));
    expect(seen.at(-1)![1].sessionId).toBe('first');
  });
});
