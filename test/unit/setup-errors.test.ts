// Integration mistakes named in contract.error (issue #20): the page's CSP blocking the frame, and a frame that
// never says hello. The browsers' own behaviour (what they fire, and when) is proven in e2e/scenarios/setup-errors.ts.
import { describe, expect, it, vi } from 'vitest';
import { frameBlockedMessage, noHelloMessage } from '../../src/load-failure';
import { APP_ORIGIN, FakeApp, TOKEN, create, makeContainer, record, violation } from './fake-app';

const frames = (container: Element) => container.querySelectorAll('iframe').length;
/** What appears nowhere in a message: the token, the appUrl's path, the partner's contractId. */
const PARTNER_DATA = [TOKEN, 'tenant-7f', 'partner-ref-99'];

function opened(config: Parameters<typeof create>[0] = {}) {
  const container = makeContainer(`c${Math.random().toString(36).slice(2)}`);
  const sdk = create({ contractId: 'partner-ref-99', appUrl: `${APP_ORIGIN}/tenant-7f`, ...config }, container);
  const events = record(sdk);
  void sdk.open();
  return { sdk, events, container, app: FakeApp.in(container) };
}

const lastError = (events: ReturnType<typeof record>) =>
  events.seen.filter(([name]) => name === 'contract.error').at(-1)?.[1] as
    | { code: string; message: string; source: string }
    | undefined;

describe('message builder', () => {
  it('names the directive and the origin to add, and the causes of a silent frame, most likely first', () => {
    expect(frameBlockedMessage('https://sign.example')).toBe(
      "The page's CSP blocks the signing frame: add frame-src https://sign.example.",
    );
    expect(noHelloMessage('https://sign.example')).toBe(
      "https://sign.example never answered: this page's origin is not registered with the service (frame-ancestors), appUrl or environment is wrong, or the service is down.",
    );
  });

  it('carries only the signing-app origin: no token, no appUrl path, no contractId, in every SDK-side case', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const messages: string[] = [];
    const blocked = opened();
    document.dispatchEvent(violation());
    const silent = opened();
    silent.app.iframe.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(3000);
    const neverLoaded = opened({ loadTimeout: 5000 });
    vi.advanceTimersByTime(5000);
    for (const { events } of [blocked, silent, neverLoaded]) messages.push(lastError(events)!.message);
    expect(messages).toHaveLength(3);
    for (const message of messages) {
      expect(message).toContain(APP_ORIGIN);
      for (const secret of PARTNER_DATA) expect(message).not.toContain(secret);
    }
  });
});

describe("the page's CSP blocks the frame", () => {
  it('ends the attempt at once with loading_error, source sdk, and removes the frame', async () => {
    const { events, container } = opened();
    document.dispatchEvent(violation());
    expect(events.seen.at(-1)).toEqual([
      'contract.error',
      { contractId: 'partner-ref-99', code: 'loading_error', source: 'sdk', message: frameBlockedMessage(APP_ORIGIN) },
    ]);
    expect(frames(container)).toBe(0);
  });

  it('also when an engine fires the violation at the iframe itself', () => {
    const { events, app } = opened();
    app.iframe.dispatchEvent(violation());
    expect(lastError(events)?.message).toBe(frameBlockedMessage(APP_ORIGIN));
  });

  it.each([
    ['another origin (an unrelated frame, another instance)', { blockedURI: 'https://other.test' }],
    ['another directive', { effectiveDirective: 'img-src' }],
    ['a Report-Only policy', { disposition: 'report' }],
  ])('ignores a violation of %s', (_, fields) => {
    const { events } = opened();
    document.dispatchEvent(violation(fields));
    expect(events.names()).toEqual(['contract.loading']);
  });

  it("ignores another element's violation, even for the same origin", () => {
    const { events } = opened();
    const unrelated = document.createElement('iframe');
    document.body.append(unrelated);
    unrelated.dispatchEvent(violation());
    expect(events.names()).toEqual(['contract.loading']);
  });

  it('of two instances, ends only the one whose frame was blocked', () => {
    const allowed = opened({ appUrl: 'https://sign-a.test' });
    const blocked = opened({ appUrl: 'https://sign-b.test' });
    document.dispatchEvent(violation({ blockedURI: 'https://sign-b.test' }));
    expect(allowed.events.names()).toEqual(['contract.loading']);
    expect(lastError(blocked.events)?.message).toBe(frameBlockedMessage('https://sign-b.test'));
  });

  it('stops listening when the attempt ends', async () => {
    const removed = vi.spyOn(document, 'removeEventListener');
    const { sdk, events, app } = opened();
    await app.ready();
    sdk.close();
    expect(removed.mock.calls.filter(([type]) => type === 'securitypolicyviolation')).toHaveLength(1);
    document.dispatchEvent(violation());
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready']);
  });
});

describe('a frame that never says hello', () => {
  it('after load: the no-hello message 3 s later', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { events, app } = opened();
    app.iframe.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(2999);
    expect(events.names()).toEqual(['contract.loading']);
    vi.advanceTimersByTime(1);
    expect(lastError(events)).toMatchObject({
      code: 'loading_error',
      source: 'sdk',
      message: noHelloMessage(APP_ORIGIN),
    });
  });

  it('never loaded (Firefox and WebKit fire no load for an unreachable address): the same message at loadTimeout', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { events } = opened({ loadTimeout: 8000 });
    vi.advanceTimersByTime(7999);
    expect(events.names()).toEqual(['contract.loading']);
    vi.advanceTimersByTime(1);
    expect(lastError(events)?.message).toBe(noHelloMessage(APP_ORIGIN));
  });

  it('said hello but never became ready: the timeout message, not the no-hello one', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { events, app } = opened({ loadTimeout: 8000 });
    app.handshake();
    vi.advanceTimersByTime(8000);
    expect(lastError(events)?.message).toBe('The signing experience was not ready within 8000 ms.');
  });
});
