// The signing app may reload or navigate inside its frame (a reload from the frame's context menu, crash
// recovery, an identity-verification step that returns by full-page navigation). Each new document says hello;
// the SDK answers it with a fresh port and init, and the partner never sees an event twice.
import { describe, expect, it, vi } from 'vitest';
import { HELLO_AFTER_LOAD_MS } from '../../src/channel';
import { APP_ORIGIN, FakeApp, TOKEN, create, envelope, makeContainer, record } from './fake-app';

function opened(config = {}) {
  const container = makeContainer();
  const sdk = create({ contractId: 'c-1', ...config }, container);
  const events = record(sdk);
  const opening = sdk.open();
  return { sdk, events, opening, app: FakeApp.in(container), container };
}

describe('a reloaded signing app gets its session back', () => {
  it('before ready: the same attempt goes on, with a fresh port and init and no second contract.loaded', async () => {
    const { app, events, opening } = opened();
    const first = app.handshake();
    await app.send(envelope('loaded'));
    const oldPort = app.port!;

    const again = app.handshake(); // the reloaded document
    expect(again.targetOrigin).toBe(APP_ORIGIN);
    expect(again.message).toEqual(first.message);
    expect(again.message.signingToken).toBe(TOKEN);
    expect(app.port).not.toBe(oldPort);

    await app.closed(oldPort); // the old document's port is closed: nothing sent there arrives
    oldPort.postMessage(envelope('ready'));
    await app.send(envelope('loaded'));
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded']);
    await app.send(envelope('ready'));
    await opening;
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready']);
  });

  it('before ready: loadTimeout still counts from open(), not from the reload', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { app, events } = opened({ loadTimeout: 5000 });
    app.handshake();
    vi.advanceTimersByTime(4000);
    app.handshake();
    vi.advanceTimersByTime(999);
    expect(events.names()).toEqual(['contract.loading']);
    vi.advanceTimersByTime(1);
    expect(events.seen.at(-1)).toEqual([
      'contract.error',
      {
        contractId: 'c-1',
        code: 'loading_error',
        source: 'sdk',
        message: 'The signing experience was not ready within 5000 ms.',
      },
    ]);
  });

  it('after ready: the session is restored without repeated events, logged in debug, and completes', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { app, events } = opened({ debug: true });
    await app.ready();
    app.handshake();
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready']);
    // A second "hello accepted" line: the reload is visible in the debug log.
    expect(log.mock.calls.filter((call) => String(call[0]).includes('hello accepted'))).toHaveLength(2);
    await app.send(envelope('completed'));
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready', 'contract.completed']);
  });

  it('after ready: a reloaded app may still report an error (an expired session), once', async () => {
    const { app, events, container } = opened();
    await app.ready();
    app.handshake();
    await app.send(envelope('error', { code: 'not_found' }));
    expect(events.seen.at(-1)).toEqual(['contract.error', { contractId: 'c-1', code: 'not_found', source: 'app' }]);
    expect(container.querySelectorAll('iframe').length).toBe(1);
  });

  it('after completed: a reload gets no init (the token is not sent again) and no event', async () => {
    const { app, events } = opened();
    await app.ready();
    await app.send(envelope('completed'));
    app.post(envelope('hello'));
    expect(app.window.postMessage).toHaveBeenCalledTimes(1);
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready', 'contract.completed']);
  });

  it('after an app-reported error: a reload gets no init and no event', async () => {
    const { app, events } = opened();
    app.handshake();
    await app.send(envelope('error', { code: 'verification_required' }));
    app.post(envelope('hello'));
    expect(app.window.postMessage).toHaveBeenCalledTimes(1);
    expect(events.names()).toEqual(['contract.loading', 'contract.error']);
  });

  it('a document from another origin in the frame (a verification provider) gets nothing', async () => {
    const { app } = opened();
    await app.ready();
    app.post(envelope('hello'), 'https://idv.example');
    expect(app.window.postMessage).toHaveBeenCalledTimes(1);
  });

  it('navigation inside a working session does not trip the no-hello check; the first document still does', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { app, events } = opened();
    app.handshake();
    app.iframe.dispatchEvent(new Event('load'));
    app.iframe.dispatchEvent(new Event('load')); // the app navigated to a page that does not speak the protocol
    vi.advanceTimersByTime(HELLO_AFTER_LOAD_MS * 3);
    expect(events.names()).toEqual(['contract.loading']);
  });

  it('a reload in one instance leaves another instance alone', async () => {
    const one = opened();
    const other = create({}, makeContainer('other'));
    const otherEvents = record(other);
    void other.open();
    const otherApp = FakeApp.in(document.getElementById('other')!);
    await one.app.ready();
    await otherApp.ready();
    one.app.handshake();
    expect(otherApp.window.postMessage).toHaveBeenCalledTimes(1);
    await otherApp.send(envelope('completed'));
    expect(otherEvents.names()).toEqual([
      'contract.loading',
      'contract.loaded',
      'contract.ready',
      'contract.completed',
    ]);
    expect(one.events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready']);
  });

  it('close() ends it: a hello after close gets nothing', async () => {
    const { sdk, app } = opened();
    await app.ready();
    sdk.close();
    app.post(envelope('hello'));
    expect(app.window.postMessage).toHaveBeenCalledTimes(1);
  });
});

describe('protocol version negotiation', () => {
  it('speaks the highest version both sides list', () => {
    const { app } = opened();
    const { message } = app.handshake(envelope('hello', { versions: [1, 2, 7] }));
    expect(message.version).toBe(1);
  });

  it('a hello without a versions list offers version 1', () => {
    const { app } = opened();
    expect(app.handshake().message.version).toBe(1);
  });

  it('an app that speaks only later versions ends the attempt at once with a clear sdk-side loading_error', () => {
    const { app, events, container } = opened();
    app.post(envelope('hello', { versions: [2, 3] }));
    expect(app.window.postMessage).not.toHaveBeenCalled();
    expect(events.seen.at(-1)).toEqual([
      'contract.error',
      {
        contractId: 'c-1',
        code: 'loading_error',
        source: 'sdk',
        message: 'The signing app needs a newer SDK version: load the current one.',
      },
    ]);
    expect(container.querySelectorAll('iframe').length).toBe(0);
  });

  it.each([
    ['a versions string', '1'],
    ['a versions object', { 0: 1, length: 1 }],
    ['more than 16 versions', Array.from({ length: 17 }, (_, i) => i + 1)],
  ])('ignores a hello with %s', (_label, versions) => {
    const { app, events } = opened();
    app.post(envelope('hello', { versions }));
    expect(app.window.postMessage).not.toHaveBeenCalled();
    expect(events.names()).toEqual(['contract.loading']);
  });
});
