// User Timing of the signer's wait (issue #22): performance.measure('contracts-sdk:open-to-loaded') and
// ('contracts-sdk:open-to-ready'), each from the open() that showed the frame, once per shown attempt. A prepared
// frame records nothing while hidden, and both at open() when it is ready by then. happy-dom's performance is
// Node's, so the entries are real ones.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApp, create, envelope, makeContainer, microtasksDone, record } from './fake-app';

const LOADED = 'contracts-sdk:open-to-loaded';
const READY = 'contracts-sdk:open-to-ready';
const LOADED_READY = ['contract.loading', 'contract.loaded', 'contract.ready'];
const ours = () =>
  (performance.getEntriesByType('measure') as PerformanceMeasure[]).filter((entry) =>
    entry.name.startsWith('contracts-sdk:'),
  );
const measures = () => ours().map((entry) => entry.name);

beforeEach(() => performance.clearMeasures());

function setup(config: Parameters<typeof create>[0] = {}) {
  const container = makeContainer();
  const sdk = create(config, container);
  const events = record(sdk);
  return { sdk, events, container, app: () => FakeApp.in(container) };
}

describe('the measures of the signer wait', () => {
  it('open(): loaded, then ready, each once, from the open() call; nothing more after the outcome or a repeated open()', async () => {
    const { sdk, app } = setup();
    const before = performance.now();
    const opening = sdk.open();
    const after = performance.now();
    const frame = app();
    frame.handshake();
    expect(measures()).toEqual([]);
    await frame.send(envelope('loaded'));
    expect(measures()).toEqual([LOADED]);
    await frame.send(envelope('ready'));
    await opening;
    expect(measures()).toEqual([LOADED, READY]);
    for (const entry of ours()) {
      expect(entry.startTime).toBeGreaterThanOrEqual(before);
      expect(entry.startTime).toBeLessThanOrEqual(after);
      expect(entry.detail).toBeNull();
    }
    void sdk.open();
    await frame.send(envelope('completed'));
    void sdk.open();
    expect(measures()).toEqual([LOADED, READY]);
  });

  it('prepare(): none while hidden; at open() after a prepared ready, both, starting at open() (not prepare())', async () => {
    const { sdk, app } = setup();
    const atPrepare = performance.now();
    const preparing = sdk.prepare();
    await app().ready();
    await preparing;
    expect(measures()).toEqual([]);
    const before = performance.now();
    expect(before).toBeGreaterThan(atPrepare);
    void sdk.open();
    const after = performance.now();
    expect(measures()).toEqual([LOADED, READY]);
    for (const entry of ours()) {
      expect(entry.startTime).toBeGreaterThanOrEqual(before);
      expect(entry.startTime).toBeLessThanOrEqual(after);
    }
    void sdk.open();
    expect(measures()).toEqual([LOADED, READY]);
  });

  it('prepare(), loaded while hidden, open(), ready: loaded at open(), ready at ready', async () => {
    const { sdk, app } = setup();
    void sdk.prepare();
    const frame = app();
    frame.handshake();
    await frame.send(envelope('loaded'));
    expect(measures()).toEqual([]);
    void sdk.open();
    expect(measures()).toEqual([LOADED]);
    await frame.send(envelope('ready'));
    expect(measures()).toEqual([LOADED, READY]);
  });

  it('prepare() then open() while loading: loaded and ready as they come', async () => {
    const { sdk, app } = setup();
    void sdk.prepare();
    void sdk.open();
    expect(measures()).toEqual([]);
    const frame = app();
    frame.handshake();
    await frame.send(envelope('loaded'));
    expect(measures()).toEqual([LOADED]);
    await frame.send(envelope('ready'));
    expect(measures()).toEqual([LOADED, READY]);
  });

  it('one of each per shown attempt: open, close, prepare (hidden: none), open', async () => {
    const { sdk, app } = setup();
    void sdk.open();
    await app().ready();
    sdk.close();
    void sdk.prepare();
    await app().ready();
    expect(measures()).toEqual([LOADED, READY]);
    void sdk.open();
    expect(measures()).toEqual([LOADED, READY, LOADED, READY]);
  });

  it('a reloaded app repeating hello, loaded and ready records nothing twice', async () => {
    const { sdk, app } = setup();
    void sdk.open();
    const frame = app();
    await frame.ready();
    await frame.ready(); // a reload: a new port, loaded and ready again (ignored)
    expect(measures()).toEqual([LOADED, READY]);
    expect(sdk.open()).toBeInstanceOf(Promise);
    expect(measures()).toEqual([LOADED, READY]);
  });

  it('none after an error: an attempt that failed loading records no ready; a prepared one that failed none at open()', async () => {
    const { sdk, app, events } = setup();
    void sdk.open();
    const first = app();
    first.handshake();
    await first.send(envelope('loaded'));
    await first.send(envelope('error', { code: 'verification_required' }));
    await first.send(envelope('ready')); // after the error: ignored
    expect(measures()).toEqual([LOADED]);

    sdk.close();
    const preparing = sdk.prepare();
    const second = app();
    second.handshake();
    await second.send(envelope('error', { code: 'not_found' }));
    await preparing;
    expect(measures()).toEqual([LOADED]);
    const retry = sdk.open(); // a new attempt, shown: its own measures, from now
    expect(measures()).toEqual([LOADED]);
    await app().ready();
    await retry;
    expect(measures()).toEqual([LOADED, LOADED, READY]);
    expect(events.names().filter((name) => name === 'contract.error')).toHaveLength(2);
  });

  it('the warm frame open() takes, loading since construction: from that open(), not from construction', async () => {
    const container = makeContainer();
    const sdk = create({ warm: true }, container);
    const app = FakeApp.in(container);
    const atConstruction = performance.now();
    app.post(envelope('hello', { versions: [1], features: ['warm'] })); // held until the token comes
    await microtasksDone();
    expect(measures()).toEqual([]);
    const before = performance.now();
    expect(before).toBeGreaterThan(atConstruction);
    void sdk.open();
    await microtasksDone(); // the held hello gets init a microtask later
    app.port = app.window.postMessage.mock.calls.at(-1)![2][0];
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    expect(measures()).toEqual([LOADED, READY]);
    for (const entry of ours()) expect(entry.startTime).toBeGreaterThanOrEqual(before);
  });

  it('display "popup": from the open() that opened the window (on screen from the start), loaded then ready', async () => {
    const app = new FakeApp(document.createElement('iframe'));
    vi.spyOn(window, 'open').mockReturnValue(Object.assign(app.window, { closed: false, close() {} }) as never);
    const sdk = create({ display: 'popup' });
    const before = performance.now();
    void sdk.open();
    app.handshake();
    expect(measures()).toEqual([]);
    await app.send(envelope('loaded'));
    expect(measures()).toEqual([LOADED]);
    await app.send(envelope('ready'));
    expect(measures()).toEqual([LOADED, READY]);
    for (const entry of ours()) expect(entry.startTime).toBeGreaterThanOrEqual(before);
    vi.restoreAllMocks();
  });

  it('none for an SDK-side failure while loading', async () => {
    const { sdk, app } = setup();
    const opening = sdk.open();
    app().post(envelope('hello', { versions: [2] })); // no common version
    await opening;
    window.dispatchEvent(new Event('offline'));
    expect(measures()).toEqual([]);
  });
});

describe('a browser whose performance.measure throws (before User Timing 3)', () => {
  /** The same run with measure working and with measure throwing: events, settlement and the frame's display. */
  async function run(flow: 'open' | 'prepare') {
    const { sdk, app, events, container } = setup({ contractId: 'c-1' });
    let settled = 'pending';
    const first = flow === 'open' ? sdk.open() : sdk.prepare();
    void first.then(
      () => (settled = 'resolved'),
      () => (settled = 'rejected'),
    );
    await app().ready();
    const opening = sdk.open();
    await microtasksDone();
    return {
      events: events.seen,
      settled,
      same: opening === first,
      display: app().iframe.style.display,
      frames: container.querySelectorAll('iframe').length,
    };
  }

  it.each(['open', 'prepare'] as const)('changes nothing else (%s then open): events, promise, frame', async (flow) => {
    const working = await run(flow);
    expect(working).toEqual({
      events: LOADED_READY.map((name) => [name, { contractId: 'c-1' }]),
      settled: 'resolved',
      same: true,
      display: 'block',
      frames: 1,
    });
    expect(measures()).toEqual([LOADED, READY]);
    document.body.replaceChildren();

    const measure = vi.spyOn(performance, 'measure').mockImplementation(() => {
      throw new TypeError(
        "Failed to execute 'measure' on 'Performance': The provided value is not of type 'DOMString'.",
      );
    });
    const throwing = await run(flow);
    expect(measure.mock.calls.map(([name]) => name)).toEqual([LOADED, READY]); // tried, and went on
    expect(throwing).toEqual(working);
  });
});
