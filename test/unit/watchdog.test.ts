// The heartbeat watchdog (docs/protocol.md §6.6): an app that listed 'heartbeat' beats over the port; while the
// attempt is ready, shown and the page visible, more than 10 s without a beat (one ping after 5 s) ends the attempt
// with app_unresponsive. Time is this page's timers (fake) and a hand-driven performance.now(), so a frozen page (no timer
// runs while its clock moves) can be played exactly.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_EVERY_MS, PING_AFTER_CHECKS, UNRESPONSIVE_AFTER_CHECKS } from '../../src/watchdog';

// The first check may come just after a beat: the ping comes at the 6th silent check, the report at the 11th.
const PING_AFTER_MS = (PING_AFTER_CHECKS + 1) * CHECK_EVERY_MS;
const UNRESPONSIVE_AFTER_MS = (UNRESPONSIVE_AFTER_CHECKS + 1) * CHECK_EVERY_MS;
import { FakeApp, create, envelope, makeContainer, record } from './fake-app';

const HELLO = envelope('hello', { features: ['heartbeat'] });
const STEP_MS = 100;
let clock = 0;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
});

afterEach(() => {
  vi.restoreAllMocks();
  setVisibility('visible');
});

/** Time passes with this page's timers running on time. */
function pass(ms: number): void {
  for (let elapsed = 0; elapsed < ms; elapsed += STEP_MS) {
    clock += STEP_MS;
    vi.advanceTimersByTime(STEP_MS);
  }
}

/** This page's timers do not run for `ms` (frozen, in the back/forward cache, a long task), then run again. */
function stall(ms: number): void {
  clock += ms;
}

function setVisibility(state: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  Object.defineProperty(document, 'hidden', { value: state === 'hidden', configurable: true });
}

async function opened(method: 'open' | 'prepare' = 'open', hello = HELLO, beats = true) {
  const container = makeContainer();
  const sdk = create({}, container);
  const events = record(sdk);
  void sdk[method]();
  const app = FakeApp.in(container);
  app.handshake(hello);
  const pings: unknown[] = [];
  let sentinel: (() => void) | undefined;
  await app.sendAll([envelope('loaded'), envelope('ready'), ...(beats ? [envelope('beat')] : [])]);
  app.port!.onmessage = (event) => (event.data.type === 'focus' ? sentinel?.() : pings.push(event.data));
  /** What the SDK sent the app so far: a focus request after it arrives last (a port keeps order). */
  const received = async () => {
    const arrived = new Promise<void>((resolve) => (sentinel = resolve));
    sdk.focus();
    await arrived;
    return pings;
  };
  const errors = () => events.seen.filter(([name]) => name === 'contract.error');
  return { sdk, app, events, errors, pings, received, container };
}

describe('a frozen or crashed app is reported', () => {
  it('after 10 s without a beat (one ping after 5 s): app_unresponsive, source sdk, frame removed; open() retries', async () => {
    const { sdk, app, events, errors, received, container } = await opened();
    pass(PING_AFTER_MS - STEP_MS);
    expect(await received()).toEqual([]);
    pass(UNRESPONSIVE_AFTER_MS - PING_AFTER_MS);
    expect(errors()).toEqual([]);
    expect(await received()).toEqual([envelope('ping')]);
    pass(STEP_MS);
    expect(events.seen.at(-1)).toEqual([
      'contract.error',
      { contractId: undefined, code: 'app_unresponsive', source: 'sdk' },
    ]);
    expect(app.iframe.isConnected).toBe(false);
    pass(60000);
    expect(errors()).toHaveLength(1);
    void sdk.open();
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
  });

  it("a retry after app_unresponsive is not ended by the old attempt's watchdog (issue #43)", async () => {
    const { sdk, errors, container } = await opened();
    pass(UNRESPONSIVE_AFTER_MS);
    expect(errors()).toHaveLength(1);
    void sdk.open();
    const retry = FakeApp.in(container);
    retry.handshake(HELLO);
    // Ready and shown, beating once: from here only its own watchdog may count its silence.
    await retry.sendAll([envelope('loaded'), envelope('ready'), envelope('beat')]);
    for (let second = 0; second < 30; second++) {
      pass(1000);
      await retry.send(envelope('beat'));
    }
    expect(errors()).toHaveLength(1);
  });

  it('an app that keeps beating (or answers the ping) is never reported', async () => {
    const { app, errors } = await opened();
    for (let i = 0; i < 30; i++) {
      pass(2000);
      await app.send(envelope('beat'));
    }
    pass(PING_AFTER_MS + 500);
    await app.send(envelope('beat')); // the answer to the ping
    pass(UNRESPONSIVE_AFTER_MS - 1000);
    expect(errors()).toEqual([]);
  });

  it('no false alarm while the page is hidden; the window starts again when it is visible', async () => {
    const { errors } = await opened();
    setVisibility('hidden');
    pass(60000);
    expect(errors()).toEqual([]);
    setVisibility('visible');
    pass(UNRESPONSIVE_AFTER_MS - 1000);
    expect(errors()).toEqual([]);
    pass(2000);
    expect(errors()).toHaveLength(1);
  });

  it('no false alarm after a freeze and resume, a back/forward cache restore or a long task on the page', async () => {
    const { errors } = await opened();
    pass(3000);
    stall(60000); // frozen (Page Lifecycle), or in the back/forward cache
    window.dispatchEvent(new Event('resume'));
    pass(UNRESPONSIVE_AFTER_MS - 1500);
    expect(errors()).toEqual([]);
    stall(15000); // a long task on the partner page
    pass(UNRESPONSIVE_AFTER_MS - 1500);
    expect(errors()).toEqual([]);
    pass(3000);
    expect(errors()).toHaveLength(1);
  });

  it('a prepared (hidden) frame is not watched until open() shows it', async () => {
    const { sdk, errors } = await opened('prepare');
    pass(60000);
    expect(errors()).toEqual([]);
    void sdk.open();
    pass(UNRESPONSIVE_AFTER_MS - 1000);
    expect(errors()).toEqual([]);
    pass(2000);
    expect(errors()).toHaveLength(1);
  });

  it.each(['completed', 'declined', 'cancelled'])('no report after the outcome (%s)', async (outcome) => {
    const { app, errors } = await opened();
    await app.send(envelope(outcome));
    pass(60000);
    expect(errors()).toEqual([]);
  });

  it('no report after close()', async () => {
    const { sdk, errors } = await opened();
    sdk.close();
    pass(60000);
    expect(errors()).toEqual([]);
  });

  it('an app that never beats (a 1.2 app: no heartbeat in hello) is never watched', async () => {
    const { errors, received } = await opened('open', envelope('hello'), false);
    pass(60000);
    expect(errors()).toEqual([]);
    expect(await received()).toEqual([]);
  });
});
