// The warm start (issue #32, src/warm-frame.ts): from construction a hidden frame of the signing app without a
// token, answered `wait`; the first attempt adopts it (the app's hello answered with init then), or replaces it
// with a fresh frame when it cannot serve. What the browsers make of it (no box, focus, axe, CSP, leaks, timing)
// is the e2e suite's (e2e/warm-frame.spec.ts) and the bench's.
import { describe, expect, it, vi } from 'vitest';
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
} from './fake-app';

const WARM_HELLO = envelope('hello', { versions: [1], features: ['warm'] });
const frames = (container: Element) => [...container.querySelectorAll('iframe')];

/** An instance constructed with the warm start (the default) and the app of its warm frame. */
function warmed(config: Parameters<typeof create>[0] = {}) {
  const container = makeContainer();
  const sdk = create(config, container);
  const events = record(sdk);
  return { sdk, container, events, app: FakeApp.in(container) };
}

const messages = (app: FakeApp) => app.window.postMessage.mock.calls;

describe('warm start: a hidden frame of the signing app from construction', () => {
  it('constructs one hidden frame whose src is the embed URL only; nothing of the token anywhere in it', () => {
    const { container, app, events } = warmed();
    expect(frames(container)).toHaveLength(1);
    expect(app.iframe.style.display).toBe('none');
    expect(app.iframe.src).toBe(`${APP_URL}/embed`);
    expect(app.iframe.getAttribute('style')).not.toContain('visibility'); // display none, not a 1px "hidden" frame
    expect(container.innerHTML).not.toContain(TOKEN);
    expect(container.innerHTML).not.toContain('sbx_');
    expect(events.names()).toEqual([]); // no event before open()
  });

  it("answers the app's hello with wait (exact origin, no token, no port), again after a reload; never init", () => {
    const { app } = warmed();
    app.post(WARM_HELLO);
    app.post(WARM_HELLO); // the app reloaded inside its hidden frame
    expect(messages(app)).toEqual([
      [envelope('wait'), APP_ORIGIN],
      [envelope('wait'), APP_ORIGIN],
    ]);
    expect(JSON.stringify(messages(app))).not.toContain(TOKEN);
  });

  it('ignores a hello from another window or origin, and a hello that does not list warm (it is not told wait)', () => {
    const { app } = warmed();
    app.post(WARM_HELLO, 'https://evil.test');
    app.post(WARM_HELLO, APP_ORIGIN, window);
    app.post(envelope('hello'));
    expect(messages(app)).toEqual([]);
  });

  it('open() adopts the waiting frame: the same element, shown, init with the token answers the hello it heard', async () => {
    const { sdk, container, app, events } = warmed();
    app.post(WARM_HELLO);
    const opening = sdk.open();
    expect(frames(container)).toEqual([app.iframe]);
    expect(app.iframe.style.display).toBe('block');
    const [init, targetOrigin, transfer] = messages(app)[1];
    expect(init).toMatchObject({ type: 'init', signingToken: TOKEN });
    expect(targetOrigin).toBe(APP_ORIGIN);
    app.port = transfer[0];
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    await opening;
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready']);
  });

  it('a token function is not called before open(); init follows its answer over the adopted frame', async () => {
    const source = vi.fn(() => Promise.resolve(TOKEN));
    const { sdk, app } = warmed({ signingToken: source });
    app.post(WARM_HELLO);
    await microtasksDone();
    expect(source).not.toHaveBeenCalled();
    void sdk.open();
    expect(source).toHaveBeenCalledTimes(1);
    await microtasksDone();
    expect(messages(app)[1][0]).toMatchObject({ type: 'init', signingToken: TOKEN });
  });

  it('prepare() adopts it too, and keeps it hidden until open()', async () => {
    const { sdk, container, app } = warmed();
    app.post(WARM_HELLO);
    void sdk.prepare();
    expect(frames(container)).toEqual([app.iframe]);
    expect(app.iframe.style.display).toBe('none');
    expect(messages(app)[1][0]).toMatchObject({ type: 'init' });
    void sdk.open();
    expect(app.iframe.style.display).toBe('block');
  });

  it('a frame still loading at open() is adopted as it is: its first hello gets init (construct, then open at once)', () => {
    const { sdk, container, app } = warmed();
    void sdk.open();
    expect(frames(container)).toEqual([app.iframe]);
    const { message } = app.handshake(WARM_HELLO);
    expect(message).toMatchObject({ type: 'init', signingToken: TOKEN });
  });

  it('a frame that loaded without a warm hello (an error page, an older app) is replaced by a fresh one on open()', () => {
    for (const heard of [undefined, envelope('hello')]) {
      const { sdk, container, app } = warmed();
      if (heard) app.post(heard);
      app.iframe.dispatchEvent(new Event('load'));
      void sdk.open();
      expect(app.iframe.isConnected).toBe(false);
      expect(frames(container)).toHaveLength(1);
      expect(FakeApp.in(container).handshake().message).toMatchObject({ type: 'init' });
      sdk.destroy();
    }
  });

  it('a hello after load makes a slow app adoptable again; a frame the page removed is replaced', () => {
    const slow = warmed();
    slow.app.iframe.dispatchEvent(new Event('load'));
    slow.app.post(WARM_HELLO);
    void slow.sdk.open();
    expect(frames(slow.container)).toEqual([slow.app.iframe]);
    const removed = warmed();
    removed.app.post(WARM_HELLO);
    removed.container.replaceChildren();
    void removed.sdk.open();
    expect(frames(removed.container)).toHaveLength(1);
    expect(frames(removed.container)[0]).not.toBe(removed.app.iframe);
  });

  it('close() and destroy() before open() remove it and stop listening; open() after close() starts a fresh frame', () => {
    const { sdk, container, app } = warmed();
    sdk.close();
    expect(frames(container)).toEqual([]);
    app.post(WARM_HELLO);
    expect(messages(app)).toEqual([]); // no longer listening
    void sdk.open();
    expect(frames(container)).toHaveLength(1);
    expect(frames(container)[0]).not.toBe(app.iframe);
    const other = warmed();
    other.sdk.destroy();
    expect(frames(other.container)).toEqual([]);
  });

  it('no load timeout, hello timer or error before open(), however long the frame waits', async () => {
    vi.useFakeTimers();
    const { sdk, app, events } = warmed({ loadTimeout: 1000 });
    app.iframe.dispatchEvent(new Event('load'));
    app.post(WARM_HELLO);
    vi.advanceTimersByTime(60_000);
    expect(events.names()).toEqual([]);
    void sdk.open();
    expect(events.names()).toEqual(['contract.loading']);
  });

  it('never more than one: a retry after an error replaces the adopted frame, and no warm frame comes back', async () => {
    const { sdk, container, app } = warmed();
    app.post(WARM_HELLO);
    void sdk.open();
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
    create({}, detached);
    expect(frames(detached)).toEqual([]);
    expect(() => create({ warm: 'yes' as unknown as boolean })).toThrow('config.warm must be a boolean, got string.');
  });
});
