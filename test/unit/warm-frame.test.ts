// The warm start (issue #32): from construction, a hidden frame of the signing app and its channel, without a
// token; an app that lists "warm" in hello is told `wait`; the first attempt takes the frame (the held hello is
// answered with init once the token is there), or starts a fresh one when the warm frame failed. What the browsers
// make of it (no box, focus, axe, CSP, leaks, timing) is the e2e suite's (e2e/warm-frame.spec.ts) and the bench's.
import { describe, expect, it, vi } from 'vitest';
import { HELLO_AFTER_LOAD_MS } from '../../src/channel';
import { frameBlockedMessage } from '../../src/load-failure';
import {
  APP_ORIGIN,
  APP_URL,
  FakeApp,
  TOKEN,
  create,
  envelope,
  makeContainer,
  microtasksDone,
  record,
  untraced,
  violation,
} from './fake-app';

const WARM_HELLO = envelope('hello', { versions: [1], features: ['warm'] });
const frames = (container: Element) => [...container.querySelectorAll('iframe')];

/** An instance constructed with the warm start (the default) and the app of its warm frame. */
function warmed(config: Parameters<typeof create>[0] = {}) {
  const container = makeContainer();
  const sdk = create({ warm: true, ...config }, container);
  const events = record(sdk);
  return { sdk, container, events, app: FakeApp.in(container) };
}

const messages = (app: FakeApp) => app.window.postMessage.mock.calls;
const types = (app: FakeApp) => messages(app).map(([message]) => (message as { type: string }).type);

describe('warm start: a hidden frame of the signing app from construction', () => {
  it('constructs one hidden frame whose src is the embed URL only; nothing of the token in it; no event', () => {
    const { container, app, events } = warmed();
    expect(frames(container)).toHaveLength(1);
    expect(app.iframe.style.display).toBe('none');
    expect(app.iframe.src).toBe(`${APP_URL}/embed`);
    expect(container.innerHTML).not.toContain(TOKEN);
    expect(events.names()).toEqual([]);
  });

  it('answers a hello that lists warm with wait (exact origin, no token, no port), again after a reload; no init before open()', async () => {
    const { app } = warmed();
    app.post(WARM_HELLO);
    app.post(WARM_HELLO); // the app reloaded inside its hidden frame
    await microtasksDone();
    expect(messages(app)).toEqual([
      [envelope('wait'), APP_ORIGIN],
      [envelope('wait'), APP_ORIGIN],
    ]);
    expect(JSON.stringify(messages(app))).not.toContain(TOKEN);
  });

  it('wait answers every hello that lists warm, also one that init follows at once (warm: false, a token string)', async () => {
    const container = makeContainer();
    void create({ warm: false }, container).open();
    const app = FakeApp.in(container);
    app.post(WARM_HELLO);
    await microtasksDone();
    expect(types(app)).toEqual(['wait', 'init']);
  });

  it('tells nothing to a hello from another window or origin, nor wait to an app that does not list warm', () => {
    const { app } = warmed();
    app.post(WARM_HELLO, 'https://evil.test');
    app.post(WARM_HELLO, APP_ORIGIN, window);
    app.post(envelope('hello'));
    expect(messages(app)).toEqual([]);
  });

  it('open() takes the waiting frame: the same element, shown; init with the token answers the hello it held', async () => {
    const { sdk, container, app, events } = warmed();
    app.post(WARM_HELLO);
    const opening = sdk.open();
    expect(frames(container)).toEqual([app.iframe]);
    expect(app.iframe.style.display).toBe('block');
    await microtasksDone(); // the token is handed to the held hello a microtask later
    expect(types(app)).toEqual(['wait', 'init']);
    const [init, targetOrigin, transfer] = messages(app)[1];
    expect(init).toMatchObject({ type: 'init', signingToken: TOKEN });
    expect(targetOrigin).toBe(APP_ORIGIN);
    app.port = transfer[0];
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    await opening;
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready']);
  });

  it('a token function is not called before open(); init follows its answer; an older app (no warm) is served too', async () => {
    const source = vi.fn(() => Promise.resolve(TOKEN));
    const { sdk, app } = warmed({ signingToken: source });
    app.post(envelope('hello'));
    await microtasksDone();
    expect(source).not.toHaveBeenCalled();
    void sdk.open();
    expect(source).toHaveBeenCalledTimes(1);
    await microtasksDone();
    expect(types(app)).toEqual(['init']);
    expect(messages(app)[0][0]).toMatchObject({ signingToken: TOKEN });
  });

  it('prepare() takes it too, and keeps it hidden until open()', async () => {
    const { sdk, container, app } = warmed();
    app.post(WARM_HELLO);
    void sdk.prepare();
    await microtasksDone();
    expect(frames(container)).toEqual([app.iframe]);
    expect(app.iframe.style.display).toBe('none');
    expect(types(app)).toEqual(['wait', 'init']);
    void sdk.open();
    expect(app.iframe.style.display).toBe('block');
  });

  it('a frame still loading at open() is taken as it is: its first hello gets init (construct, then open at once)', async () => {
    const { sdk, container, app } = warmed();
    void sdk.open();
    await microtasksDone();
    expect(frames(container)).toEqual([app.iframe]);
    expect(app.handshake().message).toMatchObject({ type: 'init', signingToken: TOKEN });
  });

  it('a warm frame that loaded and never said hello (an error page, a blocked frame) is replaced by a fresh one on open()', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { sdk, container, app, events } = warmed();
    app.iframe.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(HELLO_AFTER_LOAD_MS);
    expect(events.names()).toEqual([]); // no error before open()
    void sdk.open();
    expect(app.iframe.isConnected).toBe(false);
    expect(frames(container)).toHaveLength(1);
    expect(FakeApp.in(container).handshake().message).toMatchObject({ type: 'init', signingToken: TOKEN });
  });

  it("a warm frame the page's CSP blocked is not taken: open() creates a new one, whose violation is reported at once", () => {
    const { sdk, container, app, events } = warmed();
    document.dispatchEvent(violation());
    expect(events.names()).toEqual([]); // no error before open()
    void sdk.open();
    expect(app.iframe.isConnected).toBe(false);
    expect(frames(container)).toHaveLength(1);
    document.dispatchEvent(violation()); // the browser blocks the new frame as well
    expect(events.seen.at(-1)).toEqual([
      'contract.error',
      { contractId: undefined, code: 'loading_error', message: frameBlockedMessage(APP_ORIGIN), source: 'sdk' },
    ]);
  });

  it('close() and destroy() before open() remove it and stop listening; open() after close() starts a fresh frame', () => {
    const { sdk, container, app } = warmed();
    sdk.close();
    expect(frames(container)).toEqual([]);
    app.post(WARM_HELLO);
    expect(messages(app)).toEqual([]);
    void sdk.open();
    expect(frames(container)).toHaveLength(1);
    expect(frames(container)[0]).not.toBe(app.iframe);
    const other = warmed();
    other.sdk.destroy();
    expect(frames(other.container)).toEqual([]);
  });

  it('no load timeout, hello timer or error before open(), however long the app waits; the load timeout runs from open()', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { sdk, app, events } = warmed({ loadTimeout: 1000 });
    app.post(WARM_HELLO);
    app.iframe.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(60_000);
    expect(events.names()).toEqual([]);
    void sdk.open();
    vi.advanceTimersByTime(999);
    expect(events.names()).toEqual(['contract.loading']);
    vi.advanceTimersByTime(1);
    expect(events.names()).toEqual(['contract.loading', 'contract.error']);
  });

  it('never more than one frame: a retry after an error replaces the taken frame, and no warm frame comes back', async () => {
    const { sdk, container, app } = warmed();
    app.post(WARM_HELLO);
    void sdk.open();
    await microtasksDone();
    app.port = messages(app)[1][2][0];
    await app.send(envelope('error', { code: 'loading_error' }));
    void sdk.open();
    expect(frames(container)).toHaveLength(1);
    expect(frames(container)[0]).not.toBe(app.iframe);
  });

  it('warm: false, or a container outside the document, constructs no frame; warm must be a boolean', () => {
    const off = makeContainer('off');
    create({ warm: false }, off);
    expect(frames(off)).toEqual([]);
    const detached = document.createElement('div');
    create({ warm: true }, detached);
    expect(frames(detached)).toEqual([]);
    expect(() => create({ warm: 'yes' as unknown as boolean })).toThrow('config.warm must be a boolean, got string.');
  });
});

describe("warm start: the warm frame's hello is checked like any other (issue #43)", () => {
  const NEWER_HELLO = envelope('hello', { versions: [2], features: ['warm'] });
  const TOO_OLD = {
    contractId: undefined,
    code: 'loading_error',
    message: 'The signing app needs a newer SDK version: load the current one.',
    source: 'sdk',
  };

  it.each(['open', 'prepare'] as const)(
    'a hello offering only a newer protocol: logged at once, reported by %s() at once, no token asked, no no-hello text later',
    (method) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const lines: string[] = [];
      vi.spyOn(console, 'log').mockImplementation((...args) => void lines.push(untraced(args.join(' '))));
      const source = vi.fn(() => TOKEN);
      const { sdk, app, events } = warmed({ signingToken: source, debug: true });
      app.iframe.dispatchEvent(new Event('load'));
      app.post(NEWER_HELLO);
      expect(lines).toContain(`[contracts-sdk] no common protocol version with ${APP_ORIGIN}`);
      vi.advanceTimersByTime(HELLO_AFTER_LOAD_MS);
      expect(events.names()).toEqual([]);
      void sdk[method]();
      expect(events.seen).toEqual([
        ['contract.loading', { contractId: undefined }],
        ['contract.error', TOO_OLD],
      ]);
      expect(app.iframe.isConnected).toBe(false);
      vi.advanceTimersByTime(60_000);
      expect(events.names()).toEqual(['contract.loading', 'contract.error']);
      expect(source).not.toHaveBeenCalled();
      expect(messages(app)).toEqual([]); // no wait, no init
      vi.restoreAllMocks();
    },
  );

  it('a hello offering only a newer protocol after open() took the frame: the newer-SDK error, never an outage', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { sdk, app, events } = warmed();
    void sdk.open();
    app.iframe.dispatchEvent(new Event('load'));
    app.post(NEWER_HELLO);
    vi.advanceTimersByTime(HELLO_AFTER_LOAD_MS + 60_000); // past the no-hello check and the load timeout
    expect(events.seen).toEqual([
      ['contract.loading', { contractId: undefined }],
      ['contract.error', TOO_OLD],
    ]);
    expect(types(app), 'no init: the token stays here').toEqual([]);
    vi.useRealTimers();
  });

  it('a retry after it starts afresh: a new frame, whose app may have been updated meanwhile', async () => {
    const { sdk, container, app } = warmed();
    app.post(NEWER_HELLO);
    void sdk.open();
    void sdk.open();
    expect(frames(container)).toHaveLength(1);
    expect(frames(container)[0]).not.toBe(app.iframe);
    await microtasksDone();
    expect(FakeApp.in(container).handshake().message).toMatchObject({ type: 'init', signingToken: TOKEN });
  });
});
