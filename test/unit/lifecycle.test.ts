import { describe, expect, it, vi } from 'vitest';
import { FakeApp, create, envelope, makeContainer, record } from './fake-app';

const frames = (container: Element) => container.querySelectorAll('iframe').length;

describe('open()', () => {
  it('returns the same promise while opening and once open, with a single iframe', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    const first = sdk.open();
    expect(sdk.open()).toBe(first);
    const app = FakeApp.in(container);
    await app.ready();
    expect(sdk.open()).toBe(first);
    expect(frames(container)).toBe(1);
  });

  it('rejects with a clear message when the container is not in the document, and creates nothing', async () => {
    const detached = document.createElement('div');
    const sdk = create({}, detached);
    await expect(sdk.open()).rejects.toThrow(/container is not in the document; attach it first/);
    expect(detached.childNodes.length).toBe(0);
  });

  it('after an app-reported error keeps the frame for the signer to read; open() replaces it (retry)', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    const events = record(sdk);
    const failed = sdk.open();
    const app = FakeApp.in(container);
    app.handshake();
    await app.send(envelope('error', { code: 'verification_required' }));
    await failed;
    expect(frames(container)).toBe(1);
    const retry = sdk.open();
    expect(retry).not.toBe(failed);
    expect(frames(container)).toBe(1);
    const second = FakeApp.in(container);
    expect(second.iframe).not.toBe(app.iframe);
    await second.ready();
    await retry;
    expect(events.names()).toEqual([
      'contract.loading',
      'contract.error',
      'contract.loading',
      'contract.loaded',
      'contract.ready',
    ]);
  });

  it('retries when open() is called from inside the contract.error handler', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    const events = record(sdk);
    let retry: Promise<void> | undefined;
    sdk.once('contract.error', () => {
      retry = sdk.open();
    });
    const first = sdk.open();
    const failing = FakeApp.in(container);
    failing.handshake();
    await failing.send(envelope('error', { code: 'loading_error' }));
    await first; // the failed attempt's promise still resolves
    expect(retry).toBeDefined();
    expect(frames(container)).toBe(1);
    const app = FakeApp.in(container);
    expect(app.iframe).not.toBe(failing.iframe);
    await app.ready();
    await retry;
    expect(events.names().slice(-3)).toEqual(['contract.loading', 'contract.loaded', 'contract.ready']);
  });
});

describe('SDK-side loading failures', () => {
  it('reports loading_error after loadTimeout (not before), removes the frame, resolves open()', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const container = makeContainer();
    const sdk = create({ loadTimeout: 1500, contractId: 'c-9' }, container);
    const events = record(sdk);
    let settled = false;
    void sdk.open().then(() => (settled = true));
    // The app said hello (so the timeout is the app's slowness, not a frame that never spoke: setup-errors.test.ts).
    FakeApp.in(container).handshake();
    vi.advanceTimersByTime(1499);
    expect(events.names()).toEqual(['contract.loading']);
    vi.advanceTimersByTime(1);
    expect(events.seen.at(-1)).toEqual([
      'contract.error',
      {
        contractId: 'c-9',
        code: 'loading_error',
        source: 'sdk',
        message: 'The signing experience was not ready within 1500 ms.',
      },
    ]);
    expect(frames(container)).toBe(0);
    await Promise.resolve();
    expect(settled).toBe(true);
  });

  it('times out when the app said hello and loaded but never became ready', async () => {
    const container = makeContainer();
    const sdk = create({ loadTimeout: 60 }, container);
    const events = record(sdk);
    const opening = sdk.open();
    const app = FakeApp.in(container);
    app.handshake();
    await app.send(envelope('loaded'));
    await opening;
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.error']);
  });

  it('does not time out once ready', async () => {
    const container = makeContainer();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const sdk = create({ loadTimeout: 30 }, container);
    const events = record(sdk);
    void sdk.open();
    await FakeApp.in(container).ready();
    vi.advanceTimersByTime(60);
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready']);
  });

  it('fails fast when the frame loads but never says hello (error page, another origin)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const container = makeContainer();
    const sdk = create({}, container);
    const events = record(sdk);
    void sdk.open();
    FakeApp.in(container).iframe.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(2999);
    expect(events.names()).toEqual(['contract.loading']);
    vi.advanceTimersByTime(1);
    expect(events.seen.at(-1)?.[1]).toMatchObject({
      code: 'loading_error',
      message: expect.stringMatching(/^https:\/\/sign\.test:8443 never answered: /),
    });
    expect(frames(container)).toBe(0);
  });

  it('does not fail on load when the hello came first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const container = makeContainer();
    const sdk = create({}, container);
    const events = record(sdk);
    void sdk.open();
    const app = FakeApp.in(container);
    app.handshake();
    app.iframe.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(10_000);
    expect(events.names()).toEqual(['contract.loading']);
  });

  it('reports loading_error when the browser is offline at open()', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const container = makeContainer();
    const sdk = create({}, container);
    const events = record(sdk);
    await sdk.open();
    expect(events.seen.at(-1)?.[1]).toMatchObject({ code: 'loading_error', message: 'The browser is offline.' });
    expect(frames(container)).toBe(0);
  });

  it('reports loading_error when the browser goes offline while loading, not after ready', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    const events = record(sdk);
    const opening = sdk.open();
    window.dispatchEvent(new Event('offline'));
    await opening;
    expect(events.names()).toEqual(['contract.loading', 'contract.error']);

    const other = create({}, makeContainer('other'));
    const otherEvents = record(other);
    void other.open();
    await FakeApp.in(document.getElementById('other')!).ready();
    window.dispatchEvent(new Event('offline'));
    expect(otherEvents.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready']);
  });
});

describe('close() and destroy()', () => {
  it('close() during loading removes the frame, leaves the container as found, resolves open(), ignores the old attempt', async () => {
    const container = makeContainer();
    const fallback = document.createElement('p');
    fallback.textContent = 'Your contract will appear here.';
    container.append(fallback);
    container.className = 'partner-box';
    const before = container.outerHTML;
    const sdk = create({}, container);
    const events = record(sdk);
    const opening = sdk.open();
    const app = FakeApp.in(container);
    app.handshake();
    sdk.close();
    await opening;
    expect(container.outerHTML).toBe(before);
    await app.closed();
    app.post(envelope('hello'));
    expect(app.window.postMessage).toHaveBeenCalledTimes(1);
    expect(events.names()).toEqual(['contract.loading']);
    sdk.close(); // idempotent
    expect(container.outerHTML).toBe(before);
  });

  it('close() keeps handlers: open() works again and reaches ready', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    const events = record(sdk);
    void sdk.open();
    await FakeApp.in(container).ready();
    sdk.close();
    expect(frames(container)).toBe(0);
    const again = sdk.open();
    await FakeApp.in(container).ready();
    await again;
    expect(events.names().filter((name) => name === 'contract.ready')).toHaveLength(2);
  });

  it('destroy() during open: resolves the pending open(), then open() rejects and on()/once() throw clearly', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    const opening = sdk.open();
    sdk.destroy();
    await opening;
    expect(container.childNodes.length).toBe(0);
    await expect(sdk.open()).rejects.toThrow(/open\(\) after destroy\(\): create a new SvcContracts/);
    expect(() => sdk.on('contract.ready', () => {})).toThrow(/on\(\) after destroy\(\)/);
    expect(() => sdk.once('contract.ready', () => {})).toThrow(/once\(\) after destroy\(\)/);
    expect(() => sdk.off('contract.ready', () => {})).not.toThrow();
    expect(() => {
      sdk.destroy();
      sdk.close();
    }).not.toThrow();
  });

  it('destroy() drops every handler and releases the container', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    const handler = vi.fn();
    sdk.on('contract.loading', handler);
    sdk.destroy();
    const next = create({}, container);
    void next.open();
    expect(frames(container)).toBe(1);
    expect(handler).not.toHaveBeenCalled();
  });

  it('close() and destroy() from inside event handlers are safe', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    sdk.on('contract.ready', () => sdk.close());
    const opening = sdk.open();
    await FakeApp.in(container).ready();
    await opening;
    expect(frames(container)).toBe(0);

    const other = create({}, makeContainer('other'));
    other.on('contract.loading', () => other.destroy());
    await other.open();
    expect(frames(document.getElementById('other')!)).toBe(0);
  });
});
