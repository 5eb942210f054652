import { describe, expect, it, vi } from 'vitest';
import { FakeApp, create, makeContainer } from './fake-app';

describe('on / once / off', () => {
  it('are chainable', () => {
    const sdk = create();
    const handler = () => {};
    expect(sdk.on('contract.ready', handler).once('contract.error', handler).off('contract.ready', handler)).toBe(sdk);
  });

  it('once() runs a handler a single time; off() removes on() and once() handlers', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    const onceHandler = vi.fn();
    const removed = vi.fn();
    const removedOnce = vi.fn();
    sdk.once('contract.loading', onceHandler).on('contract.loading', removed).once('contract.loading', removedOnce);
    sdk.off('contract.loading', removed).off('contract.loading', removedOnce);
    void sdk.open();
    sdk.close();
    void sdk.open();
    expect(onceHandler).toHaveBeenCalledTimes(1);
    expect(removed).not.toHaveBeenCalled();
    expect(removedOnce).not.toHaveBeenCalled();
  });

  it('runs a handler added twice for one event once', () => {
    const sdk = create();
    const handler = vi.fn();
    sdk.on('contract.loading', handler).on('contract.loading', handler);
    void sdk.open();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a throwing handler breaks neither the SDK nor the other handlers; its error is re-thrown asynchronously', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const container = makeContainer();
    const sdk = create({}, container);
    const boom = new Error('partner bug');
    const after = vi.fn();
    sdk.on('contract.loading', () => {
      throw boom;
    });
    sdk.on('contract.loading', after);
    expect(() => sdk.open()).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    expect(() => vi.advanceTimersByTime(1)).toThrow(boom);
    vi.useRealTimers();
    await FakeApp.in(container).ready();
  });

  it.each([
    [
      'an unknown event',
      'contract.redy',
      () => {},
      /on\(\): unknown event\. Events: contract\.loading, contract\.loaded/,
    ],
    ['a non-function handler', 'contract.ready', 'handler', /on\(\): handler must be a function, got string/],
    ['a missing handler', 'contract.ready', undefined, /handler must be a function, got undefined/],
  ])('on() throws for %s', (_label, event, handler, pattern) => {
    const sdk = create();
    expect(() => sdk.on(event as never, handler as never)).toThrow(pattern);
  });

  it('off() checks its arguments too', () => {
    const sdk = create();
    expect(() => sdk.off('ready' as never, () => {})).toThrow(/off\(\): unknown event\. Events: contract\.loading/);
  });

  it('every payload carries contractId, undefined when not given', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    const payloads: unknown[] = [];
    sdk.on('contract.loading', (payload) => payloads.push(payload));
    sdk.on('contract.ready', (payload) => payloads.push(payload));
    void sdk.open();
    await FakeApp.in(container).ready();
    expect(payloads).toHaveLength(2);
    for (const payload of payloads) {
      expect(Object.prototype.hasOwnProperty.call(payload, 'contractId')).toBe(true);
      expect((payload as { contractId: unknown }).contractId).toBeUndefined();
    }
  });
});
