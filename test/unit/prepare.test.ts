// prepare() (issue #22): the signing experience loads hidden (inline display: none, so no layout space, no Tab stop,
// not in the accessibility tree) and open() shows it. Every order of prepare/open/close/destroy and the errors:
// one frame at most, events once each, the same promise while an attempt runs, a hidden frame shown only by open().
// What the browsers make of display: none (focus, accessibility tree, no second request) is the e2e suite's.
import { describe, expect, it, vi } from 'vitest';
import { FakeApp, TOKEN, create, envelope, makeContainer, microtasksDone, record, untraced } from './fake-app';

const frames = (container: Element) => container.querySelectorAll('iframe');
const display = (container: Element) => [...frames(container)].map((frame) => frame.style.display);
const LOADED_READY = ['contract.loading', 'contract.loaded', 'contract.ready'];

function prepared(config: Parameters<typeof create>[0] = {}, container = makeContainer()) {
  const sdk = create(config, container);
  const events = record(sdk);
  const preparing = sdk.prepare();
  return { sdk, events, preparing, container, app: FakeApp.in(container) };
}

/** Tracks whether a promise has settled, and how (read after `await microtasksDone()`). */
function settlement(promise: Promise<void>) {
  const state = { value: 'pending' as 'pending' | 'resolved' | 'rejected' };
  promise.then(
    () => (state.value = 'resolved'),
    () => (state.value = 'rejected'),
  );
  return state;
}

describe('prepare(): hidden until open()', () => {
  it('creates one hidden frame (inline display: none) and runs the handshake: loading, loaded and ready fire as they happen', async () => {
    const { app, events, container, preparing } = prepared();
    expect(display(container)).toEqual(['none']);
    expect(events.names()).toEqual(['contract.loading']);
    const { message } = app.handshake();
    expect(message).toMatchObject({ type: 'init', signingToken: TOKEN });
    await app.send(envelope('loaded'));
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded']);
    await app.send(envelope('ready'));
    await preparing;
    expect(events.names()).toEqual(LOADED_READY);
    expect(display(container)).toEqual(['none']); // ready does not show it: only open() does
  });

  it('prepare → ready → open(): the same, already resolved promise; the frame shown; no second frame; no event repeated', async () => {
    const { sdk, app, events, container, preparing } = prepared();
    await app.ready();
    await preparing;
    const opening = sdk.open();
    expect(opening).toBe(preparing);
    const opened = settlement(opening);
    await Promise.resolve(); // one microtask: an already resolved promise's handler has run
    expect(opened.value).toBe('resolved');
    expect(frames(container)).toHaveLength(1);
    expect(frames(container)[0]).toBe(app.iframe);
    expect(display(container)).toEqual(['block']);
    expect(events.names()).toEqual(LOADED_READY);
    expect(app.window.postMessage).toHaveBeenCalledTimes(1); // one init: open() sent nothing to the app
    expect(sdk.open()).toBe(preparing);
    expect(events.names()).toEqual(LOADED_READY);
  });

  it('prepare → open() while loading: one frame, shown at once, open() resolves at ready', async () => {
    const { sdk, app, events, container, preparing } = prepared();
    app.handshake();
    const opening = sdk.open();
    expect(opening).toBe(preparing);
    expect(display(container)).toEqual(['block']);
    const opened = settlement(opening);
    await app.send(envelope('loaded'));
    await microtasksDone();
    expect(opened.value).toBe('pending');
    await app.send(envelope('ready'));
    await microtasksDone();
    expect(opened.value).toBe('resolved');
    expect(frames(container)).toHaveLength(1);
    expect(events.names()).toEqual(LOADED_READY);
  });

  it('prepare() twice returns the same promise and one frame', () => {
    const { sdk, container, preparing, events } = prepared();
    expect(sdk.prepare()).toBe(preparing);
    expect(frames(container)).toHaveLength(1);
    expect(events.names()).toEqual(['contract.loading']);
  });

  it('prepare() while open (loading, ready, completed) returns the pending promise and never hides the shown frame', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    const events = record(sdk);
    const opening = sdk.open();
    expect(display(container)).toEqual(['block']);
    expect(sdk.prepare()).toBe(opening);
    expect(display(container)).toEqual(['block']);
    const app = FakeApp.in(container);
    await app.ready();
    expect(sdk.prepare()).toBe(opening);
    expect(display(container)).toEqual(['block']);
    await app.send(envelope('completed'));
    expect(sdk.prepare()).toBe(opening);
    expect(display(container)).toEqual(['block']);
    expect(frames(container)[0]).toBe(app.iframe);
    expect(events.names()).toEqual([...LOADED_READY, 'contract.completed']);
  });

  it('a prepared attempt after an open one (closed) is hidden again until open()', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    void sdk.open();
    await FakeApp.in(container).ready();
    sdk.close();
    const preparing = sdk.prepare();
    expect(display(container)).toEqual(['none']);
    await FakeApp.in(container).ready();
    await preparing;
    expect(display(container)).toEqual(['none']);
    void sdk.open();
    expect(display(container)).toEqual(['block']);
  });

  it('open() from a contract.loading handler of prepare() shows the frame (the same attempt)', () => {
    const container = makeContainer();
    const sdk = create({}, container);
    let opening: Promise<void> | undefined;
    sdk.once('contract.loading', () => {
      opening = sdk.open();
    });
    const preparing = sdk.prepare();
    expect(opening).toBe(preparing);
    expect(display(container)).toEqual(['block']);
  });
});

describe('prepare(): close(), destroy() and misuse', () => {
  it.each(['close', 'destroy'] as const)(
    '%s() while preparing resolves the pending promise, with no further event, and removes the frame',
    async (method) => {
      const { sdk, app, events, container, preparing } = prepared();
      app.handshake();
      await app.send(envelope('loaded'));
      const prep = settlement(preparing);
      sdk[method]();
      await microtasksDone();
      expect(prep.value).toBe('resolved');
      expect(frames(container)).toHaveLength(0);
      expect(events.names()).toEqual(['contract.loading', 'contract.loaded']);
      await app.closed();
    },
  );

  it('close() after a prepared ready, then open(): a new attempt, shown', async () => {
    const { sdk, app, events, container, preparing } = prepared();
    await app.ready();
    await preparing;
    sdk.close();
    expect(frames(container)).toHaveLength(0);
    const opening = sdk.open();
    expect(opening).not.toBe(preparing);
    const second = FakeApp.in(container);
    expect(second.iframe).not.toBe(app.iframe);
    expect(display(container)).toEqual(['block']);
    await second.ready();
    await opening;
    expect(events.names()).toEqual([...LOADED_READY, ...LOADED_READY]);
  });

  it('prepare() after destroy() rejects with a misuse error naming prepare(), and creates nothing', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    sdk.destroy();
    await expect(sdk.prepare()).rejects.toThrow(
      '[contracts-sdk] prepare() after destroy(): create a new SvcContracts.',
    );
    expect(container.childNodes).toHaveLength(0);
  });

  it('prepare() with a detached container rejects naming prepare(), and creates nothing', async () => {
    const detached = document.createElement('div');
    const sdk = create({}, detached);
    await expect(sdk.prepare()).rejects.toThrow(
      '[contracts-sdk] prepare(): the container is not in the document; attach it first.',
    );
    expect(detached.childNodes).toHaveLength(0);
  });

  it('open() rejected (container detached) after a prepared attempt failed keeps the failed frame hidden', async () => {
    const { sdk, app, container, preparing } = prepared();
    app.handshake();
    await app.send(envelope('error', { code: 'verification_required' }));
    await preparing;
    container.remove();
    await expect(sdk.open()).rejects.toThrow(
      '[contracts-sdk] open(): the container is not in the document; attach it first.',
    );
    expect(display(container)).toEqual(['none']);
  });
});

describe('prepare(): errors, and open() as a retry', () => {
  it('an app-reported error while prepared resolves prepare(); open() then starts a new, visible attempt', async () => {
    const { sdk, app, events, container, preparing } = prepared();
    app.handshake();
    await app.send(envelope('error', { code: 'verification_required' }));
    await preparing;
    expect(events.seen.at(-1)).toEqual([
      'contract.error',
      { contractId: undefined, code: 'verification_required', message: undefined, source: 'app' },
    ]);
    expect(display(container)).toEqual(['none']); // the app's explanation stays, still hidden: the signer has not asked
    const retry = sdk.open();
    expect(retry).not.toBe(preparing);
    const second = FakeApp.in(container);
    expect(second.iframe).not.toBe(app.iframe);
    expect(display(container)).toEqual(['block']);
    await second.ready();
    await retry;
    expect(events.names()).toEqual(['contract.loading', 'contract.error', ...LOADED_READY]);
  });

  it('an SDK-side error while prepared (no hello after load) removes the frame; open() then starts a new, visible attempt', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { sdk, app, events, container, preparing } = prepared();
    app.iframe.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(2999);
    expect(events.names()).toEqual(['contract.loading']);
    vi.advanceTimersByTime(1);
    await preparing;
    expect(events.seen.at(-1)?.[1]).toMatchObject({
      code: 'loading_error',
      source: 'sdk',
      message: expect.stringMatching(/^https:\/\/sign\.test:8443 never answered: /),
    });
    expect(frames(container)).toHaveLength(0);
    const retry = sdk.open();
    expect(display(container)).toEqual(['block']);
    await FakeApp.in(container).ready();
    await retry;
    expect(events.names()).toEqual(['contract.loading', 'contract.error', ...LOADED_READY]);
  });

  it('loadTimeout applies while prepared, counted from prepare(), as with open()', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { sdk, app, events, container, preparing } = prepared({ loadTimeout: 1500 });
    app.handshake();
    vi.advanceTimersByTime(1000);
    void sdk.open(); // showing does not restart the clock
    vi.advanceTimersByTime(499);
    expect(events.names()).toEqual(['contract.loading']);
    vi.advanceTimersByTime(1);
    expect(events.seen.at(-1)?.[1]).toMatchObject({
      code: 'loading_error',
      source: 'sdk',
      message: 'The signing experience was not ready within 1500 ms.',
    });
    expect(frames(container)).toHaveLength(0);
    await preparing;
  });

  it('a prepared ready frame does not time out while it waits hidden for open()', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { sdk, app, events, container } = prepared({ loadTimeout: 1000 });
    await app.ready();
    vi.advanceTimersByTime(60_000);
    void sdk.open();
    expect(events.names()).toEqual(LOADED_READY);
    expect(display(container)).toEqual(['block']);
  });

  it('open() from the contract.error handler of a prepared attempt retries, visibly', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    const events = record(sdk);
    let retry: Promise<void> | undefined;
    sdk.once('contract.error', () => {
      retry = sdk.open();
    });
    const preparing = sdk.prepare();
    const failing = FakeApp.in(container);
    failing.post(envelope('hello', { versions: [2] })); // no common version: an SDK-side error
    await preparing;
    expect(retry).toBeDefined();
    expect(display(container)).toEqual(['block']);
    await FakeApp.in(container).ready();
    await retry;
    expect(events.names()).toEqual(['contract.loading', 'contract.error', ...LOADED_READY]);
  });
});

describe('prepare(): token, focus, height', () => {
  it('asks a token function at prepare(), not again at open()', async () => {
    const source = vi.fn(async () => TOKEN);
    const { sdk, app, preparing } = prepared({ signingToken: source });
    expect(source).toHaveBeenCalledTimes(1);
    await microtasksDone();
    expect(app.handshake().message.signingToken).toBe(TOKEN);
    void sdk.open();
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    await preparing;
    void sdk.open();
    expect(source).toHaveBeenCalledTimes(1);
  });

  it('close() with focus in the frame returns it to the element focused at open(), not at prepare()', async () => {
    const atPrepare = document.body.appendChild(document.createElement('button'));
    const atOpen = document.body.appendChild(document.createElement('button'));
    atPrepare.focus();
    const { sdk, app } = prepared();
    await app.ready();
    atOpen.focus(); // the signer's click
    void sdk.open();
    sdk.focus();
    await app.send(envelope('focus')); // the app could not take focus: the SDK focuses the frame element
    expect(document.activeElement).toBe(app.iframe);
    sdk.close();
    expect(document.activeElement).toBe(atOpen);
  });

  it('focus() on the ready but hidden frame does nothing and sends the app nothing; after open() it asks the app', async () => {
    const { sdk, app } = prepared();
    await app.ready();
    const asked: unknown[] = [];
    const first = new Promise<void>((resolve) => {
      app.port!.onmessage = (event) => {
        asked.push(event.data);
        resolve();
      };
    });
    const before = document.activeElement;
    sdk.focus(); // hidden: nothing, not even the frame element
    expect(document.activeElement).toBe(before);
    void sdk.open();
    sdk.focus();
    await first; // a port keeps order: a focus sent while hidden would arrive first
    await microtasksDone();
    expect(asked).toEqual([envelope('focus')]);
  });

  it("a hidden frame's steps and activity are not the signer's: none reach the partner; from open() on they do, elapsedMs counted from open()", async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void lines.push(untraced(parts.join(' '))));
    const { sdk, app, events } = prepared({ debug: true });
    await app.ready();
    await app.send(envelope('step', { step: 'document_viewed' }));
    await app.send(envelope('activity'));
    expect(events.names()).toEqual(LOADED_READY);
    expect(lines.filter((line) => line.includes('ignored'))).toEqual([
      '[contracts-sdk] ignored step out of order https://sign.test:8443',
      '[contracts-sdk] ignored activity out of order https://sign.test:8443',
    ]);
    vi.advanceTimersByTime(5000); // the prepared frame waits for the signer's click
    void sdk.open();
    vi.advanceTimersByTime(1500);
    await app.send(envelope('step', { step: 'document_viewed' }));
    await app.send(envelope('activity'));
    expect(events.seen.slice(3)).toEqual([
      ['contract.step', { contractId: undefined, step: 'document_viewed', elapsedMs: 1500 }],
      ['contract.activity', { contractId: undefined }],
    ]);
  });

  it("height: 'auto' follows the app's resize while hidden", async () => {
    const { app, sdk, container } = prepared({ height: 'auto', minHeight: 100, maxHeight: 400 });
    expect(app.iframe.style.height).toBe('100px');
    app.handshake();
    await app.send(envelope('resize', { height: 250.2 }));
    expect(display(container)).toEqual(['none']);
    expect(app.iframe.style.height).toBe('251px');
    void sdk.open();
    expect(app.iframe.style.height).toBe('251px');
  });

  it('debug warnings come at open(), when the frame is shown, not at prepare()', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void lines.push(untraced(parts.join(' '))));
    const { sdk } = prepared({ debug: true, loadTimeout: 2999 });
    const warnings = () => lines.filter((line) => line.includes('warning'));
    expect(warnings()).toEqual([]);
    void sdk.open();
    expect(warnings()).toEqual([
      '[contracts-sdk] warning: container has zero size (display: none?)',
      '[contracts-sdk] warning: loadTimeout is under the 3000 ms hello window',
    ]);
    void sdk.open();
    expect(warnings()).toHaveLength(2);
  });
});
