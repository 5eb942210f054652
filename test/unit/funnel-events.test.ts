// contract.step (where the signer is, for funnels) and contract.activity (the signer is active: partners extend
// their own idle-logout timer). Both come from the app while the attempt runs; the SDK bounds how many reach the page.
import { describe, expect, it, vi } from 'vitest';
import { FakeApp, TOKEN, create, envelope, makeContainer, microtasksDone, record } from './fake-app';

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

  it('passes an unknown step name through; cleans one like an error code', async () => {
    const { app, events } = await ready();
    const names = [
      'beneficiary_added.v2', // unknown to this SDK, well-formed: passes
      TOKEN,
      `x${TOKEN}y`,
      'document\u0000viewed',
      'document viewed',
      '\u202edocument_viewed',
      '__proto__',
      'constructor',
      'toString',
      'a'.repeat(65),
      '',
      42,
      undefined,
      { step: 'x' },
    ];
    for (const name of names) await app.send(step(name));
    expect(events.seen.map(([, payload]) => (payload as { step: string }).step)).toEqual([
      'beneficiary_added.v2',
      ...names.slice(1).map(() => 'unknown'),
    ]);
  });

  it('a reloaded app does not replay steps; what it sends again is reported again', async () => {
    const { app, events } = await ready();
    await app.send(step('document_viewed'));
    app.handshake(); // the reloaded document: a new port
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    expect(events.names()).toEqual(['contract.step']);
    await app.send(step('document_viewed'));
    expect(events.names()).toEqual(['contract.step', 'contract.step']);
  });

  it('a flood of 10,000 steps gives at most 100 events per attempt, and no debug line per step', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void lines.push(parts.join(' ')));
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
