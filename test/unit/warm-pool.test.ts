// The warm start at scale (issue #45): where frames can move with their document (Element.moveBefore), a page's
// instances share one warm frame per embed URL. It waits hidden at the end of <body>, nobody's; the first open() or
// prepare() of any instance takes it into its own container, bound to that instance (token, settings, callbacks);
// the others start their own, or take the one re-warmed a second after a take. What real browsers make of it (one
// /embed request for ten instances, the move keeping the document) is e2e/warm-frame.spec.ts's.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HELLO_AFTER_LOAD_MS } from '../../src/channel';
import { frameBlockedMessage } from '../../src/load-failure';
import { REWARM_AFTER_MS } from '../../src/warm-pool';
import {
  APP_ORIGIN,
  APP_URL,
  ATTEMPT_ID,
  FakeApp,
  create,
  envelope,
  makeContainer,
  microtasksDone,
  record,
  installMoveBefore,
  violation,
} from './fake-app';

const WARM_HELLO = envelope('hello', { versions: [1], features: ['warm', 'renew'] });

installMoveBefore();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

/** The frames waiting in <body>, outside every container. */
const waitingFrames = () => [...document.querySelectorAll<HTMLIFrameElement>('body > iframe')];
const framesIn = (container: Element) => [...container.querySelectorAll('iframe')];

/** `count` warm instances, each with its own container and token (tok-<n>); `config` applies to all. */
function page(count: number, config: Parameters<typeof create>[0] = {}) {
  return Array.from({ length: count }, (_, n) => {
    const container = makeContainer(`c${n}`);
    const signingToken = vi.fn(() => `tok-${n}-SECRET`);
    const sdk = create({ warm: true, contractId: `k${n}`, title: `Contract ${n}`, signingToken, ...config }, container);
    return { sdk, container, signingToken, events: record(sdk) };
  });
}

/** The app in the one frame waiting in <body>. */
function waitingApp(): FakeApp {
  expect(waitingFrames()).toHaveLength(1);
  return new FakeApp(waitingFrames()[0]);
}

const posted = (app: FakeApp) => app.window.postMessage.mock.calls;
const inits = (app: FakeApp) => posted(app).filter(([message]) => message.type === 'init');

/** Lets the re-warm's time pass (setTimeout is faked in this file; port messages and setImmediate are not). */
const rewarmDue = async () => void vi.advanceTimersByTime(REWARM_AFTER_MS);

describe('one warm frame per embed URL per page', () => {
  it('three instances at load: one hidden frame in <body>, none in their containers, no event', () => {
    const instances = page(3);
    const app = waitingApp();
    expect(app.iframe.style.display).toBe('none');
    expect(app.iframe.src).toBe(`${APP_URL}/embed`);
    for (const { container, events, signingToken } of instances) {
      expect(framesIn(container)).toEqual([]);
      expect(events.names()).toEqual([]);
      expect(signingToken).not.toHaveBeenCalled();
    }
  });

  it("any instance's open() takes it: the same element moved into its container, shown, its title and token", async () => {
    const [first, second] = page(3, { width: '50%' });
    const app = waitingApp();
    app.post(WARM_HELLO);
    second.sdk.update({ locale: 'de' });
    void second.sdk.open();
    expect(framesIn(second.container)).toEqual([app.iframe]);
    expect(waitingFrames()).toEqual([]);
    expect(app.iframe.style.display).toBe('block');
    expect(app.iframe.title).toBe('Contract 1');
    await microtasksDone();
    expect(inits(app)).toHaveLength(1);
    expect(inits(app)[0][0]).toMatchObject({ signingToken: 'tok-1-SECRET', contractId: 'k1', locale: 'de' });
    expect(inits(app)[0][1]).toBe(APP_ORIGIN);
    expect(first.signingToken).not.toHaveBeenCalled();
    expect(framesIn(first.container)).toEqual([]);
  });

  it("the taker gets the reports: its events, and the app renews with the taker's token function", async () => {
    const [first, second] = page(2);
    const app = waitingApp();
    app.post(WARM_HELLO);
    const opening = second.sdk.open();
    await microtasksDone();
    app.port = inits(app)[0][2][0];
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    await opening;
    expect(second.events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready']);
    expect(first.events.names()).toEqual([]);
    const renewed = new Promise((resolve) => (app.port!.onmessage = (event) => resolve(event.data)));
    await app.send(envelope('renew'));
    expect(await renewed).toEqual(envelope('renewed', { signingToken: 'tok-1-SECRET' }));
    expect(first.signingToken).not.toHaveBeenCalled();
  });

  it('a taken frame is never handed out again: an open() before the re-warm starts its own frame', async () => {
    const [first, second, third] = page(3);
    const app = waitingApp();
    void first.sdk.open();
    void second.sdk.prepare();
    expect(framesIn(first.container)).toEqual([app.iframe]);
    expect(framesIn(second.container)).toHaveLength(1);
    expect(framesIn(second.container)[0]).not.toBe(app.iframe);
    vi.advanceTimersByTime(REWARM_AFTER_MS - 1);
    expect(waitingFrames(), 'not while the taker loads').toEqual([]);
    vi.advanceTimersByTime(1);
    // The re-warm: one new frame, for the third only, which takes it.
    const rewarmed = waitingApp();
    expect(rewarmed.iframe).not.toBe(app.iframe);
    void third.sdk.open();
    expect(framesIn(third.container)).toEqual([rewarmed.iframe]);
    expect(framesIn(first.container)).toEqual([app.iframe]);
  });

  it("no token crosses: each frame's init carries only its taker's token, and nothing reaches the other frame", async () => {
    const [first, second] = page(2);
    const app = waitingApp();
    app.post(WARM_HELLO);
    void first.sdk.open();
    await rewarmDue();
    const rewarmed = waitingApp();
    rewarmed.post(WARM_HELLO);
    void second.sdk.open();
    await microtasksDone();
    app.post(WARM_HELLO); // the first app reloads: its hello is answered with its own taker's token only
    await microtasksDone();
    expect(inits(app).map(([message]) => message.signingToken)).toEqual(['tok-0-SECRET', 'tok-0-SECRET']);
    expect(inits(rewarmed).map(([message]) => message.signingToken)).toEqual(['tok-1-SECRET']);
    expect(JSON.stringify(posted(app))).not.toContain('tok-1');
    expect(JSON.stringify(posted(rewarmed))).not.toContain('tok-0');
  });

  it('nobody left wanting one: no re-warm', async () => {
    const [only] = page(1);
    const app = waitingApp();
    void only.sdk.open();
    await rewarmDue();
    expect(waitingFrames()).toEqual([]);
    expect(framesIn(only.container)).toEqual([app.iframe]);
  });

  it('another embed URL gets its own frame', () => {
    page(2);
    create({ warm: true, appUrl: 'https://other.test' }, makeContainer('other'));
    expect(waitingFrames().map((frame) => frame.src)).toEqual([`${APP_URL}/embed`, 'https://other.test/embed']);
  });
});

describe('the shared frame and destroy(), close(), warm: false', () => {
  const orders = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];

  it.each(orders)('destroyed in the order %i, %i, %i: the frame stays until the last goes', (...order) => {
    const instances = page(3);
    const app = waitingApp();
    for (const [step, n] of order.entries()) {
      instances[n].sdk.destroy();
      expect(app.iframe.isConnected).toBe(step < 2);
    }
    app.post(WARM_HELLO);
    expect(posted(app)).toEqual([]); // it no longer listens
  });

  it.each(orders)(
    'the frame taken, then destroyed in the order %i, %i, %i: each goes with its own',
    async (...order) => {
      const instances = page(3);
      const app = waitingApp();
      void instances[1].sdk.open();
      await rewarmDue();
      const rewarmed = waitingApp();
      for (const n of order) instances[n].sdk.destroy();
      expect(app.iframe.isConnected).toBe(false);
      expect(rewarmed.iframe.isConnected).toBe(false);
      expect(document.querySelectorAll('iframe')).toHaveLength(0);
    },
  );

  it('close() before open() gives up its share: the last to close removes the frame; open() then starts afresh', () => {
    const [first, second] = page(2);
    const app = waitingApp();
    first.sdk.close();
    expect(app.iframe.isConnected).toBe(true);
    second.sdk.close();
    expect(app.iframe.isConnected).toBe(false);
    void first.sdk.open();
    expect(framesIn(first.container)).toHaveLength(1);
    expect(waitingFrames()).toEqual([]);
  });

  it('all gone, then a new warm instance: a new frame waits for it', () => {
    const [first] = page(1);
    const app = waitingApp();
    first.sdk.destroy();
    expect(app.iframe.isConnected).toBe(false);
    const [later] = page(1);
    const next = waitingApp();
    expect(next.iframe).not.toBe(app.iframe);
    void later.sdk.open();
    expect(framesIn(later.container)).toEqual([next.iframe]);
  });

  it('warm: false neither creates nor takes it; a warm instance after it creates it', async () => {
    const cold = page(1, { warm: false })[0];
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    const [warm] = page(1);
    const app = waitingApp();
    void cold.sdk.open();
    expect(framesIn(cold.container)).toHaveLength(1);
    expect(framesIn(cold.container)[0]).not.toBe(app.iframe);
    expect(waitingApp().iframe).toBe(app.iframe);
    void warm.sdk.open();
    expect(framesIn(warm.container)).toEqual([app.iframe]);
  });

  it('without moveBefore (WebKit) each warm instance keeps its own frame in its container', () => {
    delete (Element.prototype as Partial<Element>).moveBefore;
    const instances = page(2);
    expect(waitingFrames()).toEqual([]);
    for (const { container } of instances) expect(framesIn(container)).toHaveLength(1);
  });
});

describe('a shared frame that failed before anyone took it', () => {
  it('loaded without hello: the taker starts its own frame and the failed one goes', async () => {
    const [first] = page(2);
    const app = waitingApp();
    app.iframe.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(HELLO_AFTER_LOAD_MS);
    expect(first.events.names()).toEqual([]);
    void first.sdk.open();
    expect(app.iframe.isConnected).toBe(false);
    expect(framesIn(first.container)).toHaveLength(1);
    const own = FakeApp.in(first.container);
    own.post(WARM_HELLO);
    await microtasksDone();
    expect(inits(own)[0][0]).toMatchObject({ signingToken: 'tok-0-SECRET' });
  });

  it('loaded without hello, then a late hello offering only a newer protocol: nobody hears of it, nothing throws', () => {
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error ?? event.message);
    window.addEventListener('error', onError);
    const [first, second] = page(2);
    const app = waitingApp();
    app.iframe.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(HELLO_AFTER_LOAD_MS); // the spare's no-hello failure
    expect(() => app.post(envelope('hello', { versions: [2], features: ['warm'] }))).not.toThrow();
    window.removeEventListener('error', onError);
    expect(errors).toEqual([]);
    expect(first.events.names()).toEqual([]);
    expect(second.events.names()).toEqual([]);
    // The failed spare is not taken: the taker starts its own frame, asking its own token.
    void second.sdk.open();
    expect(app.iframe.isConnected).toBe(false);
    expect(framesIn(second.container)).toHaveLength(1);
    expect(second.events.names()).toEqual(['contract.loading']);
  });

  it('a hello offering only a newer protocol: the taker reports it at once and asks no token', () => {
    const [first, second] = page(2);
    const app = waitingApp();
    app.post(envelope('hello', { versions: [2], features: ['warm'] }));
    void second.sdk.prepare();
    expect(second.events.names()).toEqual(['contract.loading', 'contract.error']);
    expect(second.signingToken).not.toHaveBeenCalled();
    expect(app.iframe.isConnected).toBe(false);
    expect(first.events.names()).toEqual([]);
  });

  it("the page's CSP blocked it: nobody hears of it before open(); the taker starts its own, whose block it alone reports", () => {
    const [first, second] = page(2);
    const app = waitingApp();
    document.dispatchEvent(violation());
    expect(first.events.names()).toEqual([]);
    expect(second.events.names()).toEqual([]);
    void second.sdk.open();
    expect(app.iframe.isConnected).toBe(false);
    expect(framesIn(second.container)).toHaveLength(1);
    expect(framesIn(second.container)[0]).not.toBe(app.iframe);
    document.dispatchEvent(violation()); // the browser blocks the taker's own frame as well
    expect(second.events.seen.at(-1)).toMatchObject([
      'contract.error',
      { code: 'loading_error', message: frameBlockedMessage(APP_ORIGIN), source: 'sdk' },
    ]);
    expect(second.signingToken).toHaveBeenCalledTimes(1);
    expect(first.events.names()).toEqual([]);
  });

  it('the page removed it from <body>: it cannot move, and the taker starts its own', () => {
    const [first] = page(2);
    const app = waitingApp();
    app.iframe.remove();
    void first.sdk.open();
    expect(framesIn(first.container)).toHaveLength(1);
    expect(framesIn(first.container)[0]).not.toBe(app.iframe);
  });
});

describe('tracing meets the shared frame (#44)', () => {
  /** Every console.log line as printed, joined. */
  function consoleLines() {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void lines.push(parts.map(String).join(' ')));
    return lines;
  }

  it("the taker's attemptId, not the creator's: in init, on its events with its contractId, on its debug lines", async () => {
    const lines = consoleLines();
    const [creator, taker] = page(2, { debug: true });
    const app = waitingApp();
    app.post(WARM_HELLO);
    const fromTake = lines.length;
    const opening = taker.sdk.open();
    await microtasksDone();
    const [init] = inits(app)[0];
    app.port = inits(app)[0][2][0];
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    await opening;
    const [attemptId] = taker.events.attemptIds;
    expect(attemptId).toMatch(ATTEMPT_ID);
    expect(init).toMatchObject({ attemptId, contractId: 'k1' });
    expect(taker.events.attemptIds).toEqual([attemptId, attemptId, attemptId]);
    expect(taker.events.seen.map(([, payload]) => payload)).toEqual(Array(3).fill({ contractId: 'k1' }));
    expect(creator.events.names()).toEqual([]);
    const afterTake = lines.slice(fromTake);
    expect(
      afterTake.some((line) => line.includes('init sent to')),
      'the channel logs to the taker',
    ).toBe(true);
    for (const line of afterTake) expect(line.startsWith(`[contracts-sdk] ${attemptId} `), line).toBe(true);
  });

  it("a later instance takes the re-warmed frame: its own attemptId in init, not the first taker's or the creator's", async () => {
    const [first, creator, later] = page(3);
    const app = waitingApp();
    app.post(WARM_HELLO);
    void first.sdk.open();
    await rewarmDue();
    const rewarmed = waitingApp(); // created for the first still wanting one: the second instance
    rewarmed.post(WARM_HELLO);
    void later.sdk.open();
    await microtasksDone();
    const [firstInit] = inits(app)[0];
    const [laterInit] = inits(rewarmed)[0];
    expect(firstInit.attemptId).toBe(first.events.attemptIds[0]);
    expect(laterInit).toMatchObject({ attemptId: later.events.attemptIds[0], contractId: 'k2' });
    expect(laterInit.attemptId).toMatch(ATTEMPT_ID);
    expect(laterInit.attemptId).not.toBe(firstInit.attemptId);
    expect(creator.events.names()).toEqual([]);
  });
});
