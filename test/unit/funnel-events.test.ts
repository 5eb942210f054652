// contract.step (where the signer is, for funnels) and contract.activity (the signer is active: partners extend
// their own idle-logout timer). Both come from the app while the attempt runs; the SDK bounds how many reach the page.
import { describe, expect, it, vi } from 'vitest';
import { FakeApp, TOKEN, create, envelope, makeContainer, microtasksDone, record, untraced } from './fake-app';

async function ready(config = {}) {
  const container = makeContainer();
  const sdk = create({ contractId: 'c-3', ...config }, container);
  const events = record(sdk);
  const opening = sdk.open();
  const app = FakeApp.in(container);
  await app.ready();
  await opening;
  events.seen.length = 0;
  return { sdk, app, events, container };
}

const step = (name: unknown) => envelope('step', { step: name });
const activity = envelope('activity');

describe('contract.step', () => {
  it('reports each step the app sends, in order, with the time since open()', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const container = makeContainer();
    const sdk = create({ contractId: 'c-3' }, container);
    const events = record(sdk);
    void sdk.open();
    const app = FakeApp.in(container);
    vi.advanceTimersByTime(1200.4);
    await app.ready();
    await app.send(step('document_viewed'));
    vi.advanceTimersByTime(30_000);
    await app.send(step('verification_started'));
    await app.send(step('signature_started'));
    const steps = events.seen.filter(([name]) => name === 'contract.step').map(([, payload]) => payload);
    expect(steps).toEqual([
      { contractId: 'c-3', step: 'document_viewed', elapsedMs: 1200 },
      { contractId: 'c-3', step: 'verification_started', elapsedMs: 31200 },
      { contractId: 'c-3', step: 'signature_started', elapsedMs: 31200 },
    ]);
    expect(Object.isFrozen(steps[0])).toBe(true);
  });

  it.each([
    ['beneficiary_added.v2', 'beneficiary_added.v2'], // unknown to this SDK, well-formed: passes
    [TOKEN, 'unknown'],
    [`x${TOKEN}y`, 'unknown'],
    [TOKEN.slice(0, 12), 'unknown'], // a piece of the token (8 characters or more)
    [`step_${TOKEN.slice(-8)}`, 'unknown'],
    ['document\u0000viewed', 'unknown'],
    ['document viewed', 'unknown'],
    ['\u202edocument_viewed', 'unknown'],
    ['__proto__', 'unknown'],
    ['constructor', 'unknown'],
    ['toString', 'unknown'],
    ['a'.repeat(65), 'unknown'],
    ['', 'unknown'],
  ])('the step name %j reaches the partner as %j', async (name, expected) => {
    const { app, events } = await ready();
    await app.send(step(name));
    expect(events.seen).toEqual([
      ['contract.step', { contractId: 'c-3', step: expected, elapsedMs: expect.any(Number) }],
    ]);
  });

  it('a step that is not a string (missing, null, a number, an object) is malformed: ignored, logged as such', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void lines.push(untraced(parts.join(' '))));
    const { app, events } = await ready({ debug: true });
    for (const name of [undefined, null, 42, { step: 'x' }, ['document_viewed']]) await app.send(step(name));
    await app.send(envelope('step'));
    expect(events.seen).toEqual([]);
    expect(lines.filter((line) => line.includes('ignored'))).toEqual([
      '[contracts-sdk] ignored malformed https://sign.test:8443',
    ]);
  });

  it('each step name reaches the partner at most once per attempt: a reloaded app sends its step again, the partner sees it once', async () => {
    const { sdk, app, events, container } = await ready();
    await app.send(step('document_viewed'));
    app.handshake(); // the reloaded document: a new port
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    await app.send(step('document_viewed'));
    await app.send(step('signature_started'));
    await app.send(step('document_viewed')); // the signer went back a step
    expect(events.seen.map(([, payload]) => (payload as { step: string }).step)).toEqual([
      'document_viewed',
      'signature_started',
    ]);
    // A new attempt (a resume after cancelled) reports them again.
    await app.send(envelope('cancelled'));
    void sdk.open();
    const next = FakeApp.in(container);
    await next.ready();
    await next.send(step('document_viewed'));
    expect(events.names().filter((name) => name === 'contract.step')).toHaveLength(3);
  });

  it('steps and activity count from loaded on: before it (after the handshake) they are ignored, so loading, loaded, ready come first', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    const events = record(sdk);
    void sdk.open();
    const app = FakeApp.in(container);
    app.handshake();
    await app.send(step('document_viewed'));
    await app.send(activity);
    expect(events.names()).toEqual(['contract.loading']);
    await app.send(envelope('loaded'));
    await app.send(step('document_viewed'));
    await app.send(activity);
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.step', 'contract.activity']);
  });

  it('a flood of 10,000 steps gives at most 100 events per attempt, and no debug line per step', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void lines.push(untraced(parts.join(' '))));
    const { app, events } = await ready({ debug: true });
    lines.length = 0;
    await app.sendAll(Array.from({ length: 10_000 }, (_, i) => step(`step_${i}`)));
    expect(events.names()).toHaveLength(100);
    expect(events.seen.at(-1)![1]).toMatchObject({ step: 'step_99' });
    expect(lines.filter((line) => line.includes('ignored'))).toEqual([]);
    expect(lines.length).toBe(100); // one "event contract.step" line per emitted step
    vi.restoreAllMocks();
  });
});

describe('contract.activity', () => {
  it('at most once per 30 s per instance, however often the app reports it', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { app, events } = await ready();
    await app.send(activity);
    await app.send(activity);
    vi.advanceTimersByTime(29_999);
    await app.send(activity);
    expect(events.names()).toEqual(['contract.activity']);
    vi.advanceTimersByTime(1);
    await app.send(activity);
    expect(events.seen).toEqual([
      ['contract.activity', { contractId: 'c-3' }],
      ['contract.activity', { contractId: 'c-3' }],
    ]);
  });

  it('the 30 s count per instance goes on across attempts (a resume after cancelled)', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { sdk, app, events, container } = await ready();
    await app.send(activity);
    await app.send(envelope('cancelled'));
    void sdk.open();
    const next = FakeApp.in(container);
    await next.ready();
    await next.send(activity);
    expect(events.names().filter((name) => name === 'contract.activity')).toHaveLength(1);
    vi.advanceTimersByTime(30_000);
    await next.send(activity);
    expect(events.names().filter((name) => name === 'contract.activity')).toHaveLength(2);
  });

  it('a flood of 10,000 activity reports gives one event', async () => {
    const { app, events } = await ready();
    await app.sendAll(Array.from({ length: 10_000 }, () => activity));
    expect(events.names()).toEqual(['contract.activity']);
  });

  it('none without the app reporting activity', async () => {
    const { app, events } = await ready();
    await app.send(envelope('resize', { height: 700 }));
    await microtasksDone();
    expect(events.names()).toEqual([]);
  });
});
