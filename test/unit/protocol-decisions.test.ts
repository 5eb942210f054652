// What docs/protocol.md, docs/popup.md and README.md decide where an independent app author found them silent or at
// odds (issue #54's 13 points), pinned with the fake app. Points 1 and 3 (the debug line's attempt id, "- destroy")
// are test/unit/tracing.test.ts's "begins every debug line ..."; point 2 ("update: kept for the next init") is
// test/unit/update.test.ts's; points 9, 12 and 13 (the shared warm frame) are test/unit/warm-decisions.test.ts's.
import { describe, expect, it, vi } from 'vitest';
import {
  APP_ORIGIN,
  ATTEMPT_ID,
  FakeApp,
  TOKEN,
  create,
  envelope,
  makeContainer,
  microtasksDone,
  untraced,
} from './fake-app';

const RENEWED = 'rnw-4b1d0c7e9a-NEWTOKEN';

/** An instance opened on a fresh container, its app, and every payload as the partner receives it. */
function opened(config: Parameters<typeof create>[0] = {}) {
  const container = makeContainer();
  const sdk = create(config, container);
  const payloads: Array<[string, Record<string, unknown>]> = [];
  for (const name of ['contract.loading', 'contract.ready', 'contract.completed', 'contract.error'] as const) {
    sdk.on(name, (payload) => void payloads.push([name, { ...payload }]));
  }
  void sdk.open();
  return { sdk, app: FakeApp.in(container), payloads };
}

/** The messages the app's window received (wait, init), by type. */
const windowTypes = (app: FakeApp) => app.window.postMessage.mock.calls.map(([message]) => message.type);

describe("issue #54's decisions, as the docs now state them", () => {
  it('4: every payload carries attemptId, and sessionId from contract.ready on (README, Events)', async () => {
    const { app, payloads } = opened();
    app.handshake();
    await app.sendAll([envelope('loaded'), envelope('ready', { sessionId: 'ses_1' }), envelope('completed')]);
    expect(payloads.map(([name, payload]) => [name, Object.keys(payload).sort()])).toEqual([
      ['contract.loading', ['attemptId', 'contractId']],
      ['contract.ready', ['attemptId', 'contractId', 'sessionId']],
      ['contract.completed', ['attemptId', 'contractId', 'sessionId']],
    ]);
  });

  it.each([
    ['the first', TOKEN],
    ['a renewed', RENEWED],
  ])('5: a sessionId holding a piece of %s token of the attempt is dropped', async (_, token) => {
    const signingToken = vi.fn().mockResolvedValueOnce(TOKEN).mockResolvedValueOnce(RENEWED);
    const { app, payloads } = opened({ signingToken });
    app.post(envelope('hello', { features: ['renew'] }));
    await microtasksDone();
    app.port = app.window.postMessage.mock.calls.at(-1)![2][0];
    const renewed = new Promise((resolve) => (app.port!.onmessage = (event) => resolve(event.data)));
    await app.send(envelope('renew'));
    expect(await renewed).toStrictEqual(envelope('renewed', { signingToken: RENEWED }));
    await app.sendAll([envelope('loaded'), envelope('ready', { sessionId: `ses_${token.slice(4, 14)}` })]);
    expect(payloads.at(-1)![0]).toBe('contract.ready');
    expect(payloads.at(-1)![1]).not.toHaveProperty('sessionId');
  });

  it('6: features ["renew", 42] lists renew (the entry that is no string is skipped)', async () => {
    const { sdk, app } = opened();
    app.handshake(envelope('hello', { features: ['renew', 42] }));
    const first = new Promise((resolve) => (app.port!.onmessage = (event) => resolve(event.data)));
    await app.send(envelope('renew')); // a token string: answered at once, renewal not possible
    sdk.focus(); // the barrier: its focus comes first if renew was not answered (a port keeps order)
    expect(await first).toStrictEqual(envelope('renewed'));
  });

  it('6: features "renew" (no array) lists nothing: renew is ignored as not negotiated', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(untraced(args.join(' '))));
    const { app } = opened({ debug: true });
    app.handshake(envelope('hello', { features: 'renew' }));
    await app.send(envelope('renew'));
    expect(lines).toContain(`[contracts-sdk] ignored renew without renew ${APP_ORIGIN}`);
  });

  it('7: a warm hello with no common version gets no wait and no init', () => {
    const { app } = opened();
    app.post(envelope('hello', { versions: [2], features: ['warm'] }));
    expect(app.window.postMessage).not.toHaveBeenCalled();
  });

  it('8: wait comes before its init, also under warm: false', () => {
    const { app } = opened({ warm: false });
    app.post(envelope('hello', { features: ['warm'] }));
    expect(windowTypes(app)).toEqual(['wait', 'init']);
  });

  it.each([
    ['undefined: no appearance key', undefined, undefined],
    ['{}: theme light', {}, { theme: 'light' }],
    ['variables {}: sent as given', { variables: {} }, { theme: 'light', variables: {} }],
  ])('8: init for appearance %s', (_, appearance, sent) => {
    const { app } = opened({ appearance: appearance as never });
    const { message } = app.handshake();
    expect(Object.hasOwn(message, 'appearance')).toBe(sent !== undefined);
    expect(message.appearance).toEqual(sent);
  });

  it('10: a blocked popup open() is an attempt: its error has an attemptId of its own, the next open() another', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const sdk = create({ display: 'popup' });
    const errors: Array<{ code: string; attemptId: string }> = [];
    sdk.on('contract.error', (payload) => void errors.push(payload));
    void sdk.open();
    void sdk.open();
    expect(errors.map(({ code }) => code)).toEqual(['popup_blocked', 'popup_blocked']);
    for (const { attemptId } of errors) expect(attemptId).toMatch(ATTEMPT_ID);
    expect(errors[0]!.attemptId).not.toBe(errors[1]!.attemptId);
  });

  it('11: after an outcome the port is still up for update', async () => {
    const { sdk, app, payloads } = opened();
    app.handshake(envelope('hello', { features: ['update'] }));
    await app.sendAll([envelope('loaded'), envelope('ready'), envelope('completed')]);
    expect(payloads.at(-1)![0]).toBe('contract.completed');
    const sent = new Promise((resolve) => (app.port!.onmessage = (event) => resolve(event.data)));
    sdk.update({ locale: 'fr' });
    sdk.focus(); // the barrier: its focus comes first if update sent nothing (a port keeps order)
    expect(await sent).toStrictEqual(envelope('update', { locale: 'fr', dir: 'ltr' }));
  });
});
