// Features negotiated for real (docs/protocol.md §4.5, issue #43): a feature's messages count only when the app's
// hello listed it too. From an app that did not (a 1.2 app, or `features` that is not a real array of strings) they
// are ignored, logged with debug, and nothing of the feature runs: no token call, no renewed, no watchdog, no ping.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

let clock = 0;
/** Every debug line, as printed; the console stays quiet. */
let lines: string[] = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  lines = [];
  vi.spyOn(console, 'log').mockImplementation(
    (...args: unknown[]) => void lines.push(untraced(args.map(String).join(' '))),
  );
});
afterEach(() => vi.restoreAllMocks());

/** Time passes with this page's timers running on time. */
function pass(ms: number): void {
  for (let elapsed = 0; elapsed < ms; elapsed += 100) {
    clock += 100;
    vi.advanceTimersByTime(100);
  }
}

/** Opened with a token function, ready with an app whose hello is `hello`; `sent` is what the SDK sent on the port. */
async function ready(hello: Record<string, unknown>) {
  const source = vi.fn(() => TOKEN);
  const container = makeContainer();
  const sdk = create({ signingToken: source, debug: true }, container);
  const events = record(sdk);
  void sdk.open();
  const app = FakeApp.in(container);
  app.post(hello);
  await microtasksDone();
  app.port = app.window.postMessage.mock.calls.at(-1)![2][0];
  await app.sendAll([envelope('loaded'), envelope('ready')]);
  const sent: unknown[] = [];
  let sentinel: (() => void) | undefined;
  app.port!.onmessage = (event) => (event.data.type === 'focus' ? sentinel?.() : sent.push(event.data));
  /** What the SDK sent so far: a focus request after it arrives last (a port keeps order). */
  const received = async () => {
    const arrived = new Promise<void>((resolve) => (sentinel = resolve));
    sdk.focus();
    await arrived;
    return sent;
  };
  return { sdk, app, events, source, received };
}

const UNLISTED = {
  'a 1.2 app (no features)': envelope('hello'),
  'features as a string': envelope('hello', { features: 'renew heartbeat' }),
  'features as an object': envelope('hello', { features: { 0: 'renew', 1: 'heartbeat', length: 2 } }),
  'other features only': envelope('hello', { features: ['warm', 'Renew', 7] }),
};

describe.each(Object.entries(UNLISTED))('an app that did not list the feature: %s', (_, hello) => {
  it('renew: ignored and logged; the token function is not called, nothing is sent', async () => {
    const { app, source, received } = await ready(hello);
    await app.send(envelope('renew'));
    await microtasksDone();
    expect(source).toHaveBeenCalledTimes(1); // the attempt's own token only
    expect(await received()).toEqual([]);
    expect(lines).toContain(`[contracts-sdk] ignored renew without renew ${APP_ORIGIN}`);
  });

  it('beat: ignored and logged; an app that beat twice and stopped is never pinged nor reported', async () => {
    const { app, events, received } = await ready(hello);
    await app.sendAll([envelope('beat'), envelope('beat')]);
    pass(60_000);
    expect(await received()).toEqual([]);
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready']);
    expect(lines).toContain(`[contracts-sdk] ignored beat without heartbeat ${APP_ORIGIN}`);
  });
});

describe('each handshake negotiates afresh', () => {
  it('listed: renew is answered and beats are watched (the control case)', async () => {
    const { app, events, received } = await ready(envelope('hello', { features: ['renew', 'heartbeat'] }));
    await app.sendAll([envelope('renew'), envelope('beat')]);
    await microtasksDone();
    expect(await received()).toEqual([envelope('renewed', { signingToken: TOKEN })]);
    pass(12_000);
    expect(events.names().at(-1)).toBe('contract.error');
  });

  it('a reloaded app that no longer lists heartbeat is no longer watched', async () => {
    const { app, events } = await ready(envelope('hello', { features: ['heartbeat'] }));
    await app.send(envelope('beat'));
    app.handshake(envelope('hello'));
    await app.sendAll([envelope('loaded'), envelope('ready')]);
    pass(60_000);
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready']);
  });
});

describe('a hello with no common version (docs/protocol.md §7): no feature is negotiated, the SDK is too old', () => {
  it('the newer-SDK loading_error, logged; no init, never an outage', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const source = vi.fn(() => TOKEN);
    const container = makeContainer();
    const sdk = create({ signingToken: source, debug: true }, container);
    const events = record(sdk);
    void sdk.open();
    const app = FakeApp.in(container);
    app.iframe.dispatchEvent(new Event('load'));
    app.post(envelope('hello', { versions: [2], features: ['renew', 'heartbeat'] }));
    await microtasksDone();
    pass(60_000); // past the no-hello check, the load timeout and any heartbeat
    expect(events.seen).toEqual([
      ['contract.loading', { contractId: undefined }],
      [
        'contract.error',
        {
          contractId: undefined,
          code: 'loading_error',
          source: 'sdk',
          message: 'The signing app needs a newer SDK version: load the current one.',
        },
      ],
    ]);
    expect(lines).toContain(`[contracts-sdk] no common protocol version with ${APP_ORIGIN}`);
    expect(app.window.postMessage, 'no init: the token stays here').not.toHaveBeenCalled();
  });
});
