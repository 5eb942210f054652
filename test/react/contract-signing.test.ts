// <ContractSigning> (contracts-sdk/react) with the real React and the real SvcContracts in happy-dom: the SDK is
// already on the page (loadSvcSDK() resolves it), and the fake app plays the signing app's side of the protocol.
import { Component, StrictMode, act, createElement, createRef, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OPTION_TYPES } from '../../src/config';
import { EVENT_NAMES } from '../../src/emitter';
import { ContractSigning, type ContractSigningHandle } from '../../loader/react';
import { callbackName } from '../../loader/react-props';
import { LIVE_OPTIONS, SESSION_OPTIONS } from '../../loader/session';
import { ATTEMPT_ID, FakeApp, TOKEN, envelope } from '../unit/fake-app';
import { constructed, frames, host, props, readyApp, render, root } from './helpers';

const EVENT_CALLBACKS = EVENT_NAMES.map((event) => [event, callbackName(event)] as const);

describe('<ContractSigning>', () => {
  it('renders a container with the given class and style, and opens one session in it', async () => {
    await render(createElement(ContractSigning, props({ className: 'signing', style: { minHeight: '40px' } })));
    const container = host.firstElementChild as HTMLElement;
    expect(container.className).toBe('signing');
    expect(container.style.minHeight).toBe('40px');
    expect(frames()).toHaveLength(1);
    expect(constructed).toBe(1);
  });

  it('50 re-renders with new inline callbacks never restart the session; the latest onCompleted runs', async () => {
    const calls: number[] = [];
    const view = (render: number) =>
      createElement(ContractSigning, props({ onCompleted: () => calls.push(render), className: `r${render}` }));
    await render(view(0));
    const app = await readyApp();
    for (let i = 1; i <= 50; i++) await render(view(i));
    await act(() => app.send(envelope('completed')));
    expect(calls).toEqual([50]);
    expect(constructed).toBe(1);
    for (let i = 51; i <= 60; i++) await render(view(i));
    expect(frames(), 'the signed frame stays until the partner removes the component').toHaveLength(1);
    expect(frames()[0]).toBe(app.iframe);
  });

  it('calls each event callback with the SDK payload', async () => {
    const seen: Array<[string, unknown]> = [];
    const callbacks = Object.fromEntries(
      EVENT_CALLBACKS.map(([event, name]) => [name, (payload: unknown) => seen.push([event, payload])]),
    );
    await render(createElement(ContractSigning, props({ contractId: 'c-1', ...callbacks })));
    const app = await readyApp();
    await act(() => app.send(envelope('completed')));
    // The attempt's one id, as the SDK put it on each payload.
    const attemptId = (seen[0][1] as { attemptId: string }).attemptId;
    expect(attemptId).toMatch(ATTEMPT_ID);
    expect(seen).toEqual([
      ['contract.loading', { contractId: 'c-1', attemptId }],
      ['contract.loaded', { contractId: 'c-1', attemptId }],
      ['contract.ready', { contractId: 'c-1', attemptId }],
      ['contract.completed', { contractId: 'c-1', attemptId }],
    ]);
  });

  it('a different token string starts a new session in place of the old one', async () => {
    await render(createElement(ContractSigning, props()));
    const first = frames()[0];
    await render(createElement(ContractSigning, props({ signingToken: `${TOKEN}-2` })));
    expect(first.isConnected).toBe(false);
    expect(frames()).toHaveLength(1);
    expect(constructed).toBe(2);
    const { message } = FakeApp.in(host).handshake();
    expect(message.signingToken).toBe(`${TOKEN}-2`);
  });

  it.each([
    ['contractId', 'c-2'],
    ['height', 500],
    ['title', 'Sign your loan'],
    ['dir', 'rtl'],
    ['cdnUrl', 'https://cdn.example.com'],
  ] as const)('a change of %s starts a new session', async (name, value) => {
    await render(createElement(ContractSigning, props()));
    await render(createElement(ContractSigning, props({ [name]: value })));
    expect(constructed).toBe(2);
    expect(frames()).toHaveLength(1);
  });

  it('a new token function does not restart; the latest function is asked at the next attempt', async () => {
    const asked: string[] = [];
    const view = (name: string) =>
      createElement(ContractSigning, props({ signingToken: () => (asked.push(name), TOKEN) }));
    await render(view('first'));
    await render(view('second'));
    await render(view('third'));
    expect(constructed).toBe(1);
    expect(asked).toEqual(['first']);
  });

  it("a token function is asked again on retry(), and the latest render's function answers", async () => {
    const ref = createRef<ContractSigningHandle>();
    const asked: string[] = [];
    const errors: unknown[] = [];
    const view = (name: string) =>
      createElement(ContractSigning, {
        ...props({ signingToken: () => (asked.push(name), TOKEN), onError: (payload) => errors.push(payload) }),
        ref,
      });
    await render(view('first'));
    const app = FakeApp.in(host);
    await act(async () => {
      app.handshake();
      await app.send(envelope('error', { code: 'not_found' }));
    });
    const attemptId = expect.stringMatching(ATTEMPT_ID);
    expect(errors).toEqual([{ contractId: undefined, attemptId, code: 'not_found', source: 'app' }]);
    await render(view('second'));
    await act(async () => ref.current!.retry());
    expect(asked).toEqual(['first', 'second']);
    expect(constructed).toBe(1);
  });

  it('after an error, re-renders start no retry: the failed frame stays, no new token request (issue #43)', async () => {
    const asked: number[] = [];
    const errors: unknown[] = [];
    const view = (n: number) =>
      createElement(ContractSigning, {
        ...props({ signingToken: () => (asked.push(n), TOKEN), onError: (payload) => errors.push(payload) }),
        className: `r${n}`,
      });
    await render(view(0));
    const app = await readyApp();
    await act(() => app.send(envelope('error', { code: 'not_found' })));
    for (let n = 1; n <= 3; n++) await render(view(n));
    expect(asked).toEqual([0]);
    expect(frames()).toHaveLength(1);
    expect(frames()[0]).toBe(app.iframe);
    expect(errors).toHaveLength(1);
    expect(constructed).toBe(1);
  });

  it('unmounting while loading leaves no frame and destroys the instance', async () => {
    await render(createElement(ContractSigning, props()));
    expect(frames()).toHaveLength(1);
    const frame = frames()[0];
    await act(async () => root.render(null));
    expect(frame.isConnected).toBe(false);
    expect(host.childElementCount).toBe(0);
  });

  it('unmounting before the SDK has loaded creates nothing', async () => {
    act(() => root.render(createElement(ContractSigning, props())));
    act(() => root.render(null));
    await act(async () => {});
    expect(constructed).toBe(0);
    expect(frames()).toHaveLength(0);
  });

  it('under StrictMode (double effects) there is one session and one frame', async () => {
    await render(createElement(StrictMode, null, createElement(ContractSigning, props())));
    expect(frames()).toHaveLength(1);
    expect(constructed).toBe(1);
    await readyApp();
  });

  it('ref.focus() asks the signing app for focus', async () => {
    const ref = createRef<ContractSigningHandle>();
    await render(createElement(ContractSigning, { ...props(), ref }));
    const app = await readyApp();
    const asked = new Promise((resolve) =>
      app.port!.addEventListener('message', (event) => resolve(event.data), { once: true }),
    );
    app.port!.start();
    act(() => ref.current!.focus());
    expect(await asked).toEqual(envelope('focus'));
  });

  it.each([
    ['environment', { environment: TOKEN as never }, /config\.environment must be "production" or "qa"/],
    // The loader's props, checked by the loader as loadSvcSDK() checks its options.
    ['cdnUrl', { cdnUrl: 'http://cdn.example.com' }, /cdnUrl must be an https: URL \(http: on localhost only\)/],
    ['nonce', { nonce: '' }, /nonce must be the non-empty nonce of your CSP script-src/],
  ])(
    'a wrong prop (%s) is thrown from render, to the nearest error boundary, without the token',
    async (_, wrong, message) => {
      const caught: Error[] = [];
      // biome-ignore lint/correctness/noComponentHookFactories: a throwaway error boundary, one per test.
      class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
        override state = { failed: false };
        static getDerivedStateFromError() {
          return { failed: true };
        }
        override componentDidCatch(error: Error) {
          caught.push(error);
        }
        override render() {
          return this.state.failed ? null : this.props.children;
        }
      }
      vi.spyOn(console, 'error').mockImplementation(() => {});
      await render(createElement(Boundary, null, createElement(ContractSigning, props(wrong))));
      expect(caught).toHaveLength(1);
      expect(caught[0]).toBeInstanceOf(TypeError);
      expect(caught[0].message).toMatch(message);
      expect(caught[0].message).not.toContain(TOKEN);
      expect(frames()).toHaveLength(0);
    },
  );

  it('a script that cannot load reaches onError as loading_error, and retry() loads again', async () => {
    // happy-dom refuses every script element at once (file loading is disabled), as a browser refuses a blocked
    // one; the loader's diagnosis then asks the CDN, which answers 404 here.
    vi.stubGlobal('SvcSDK', undefined);
    const fetch = vi.fn(() => Promise.resolve(new Response('Not found', { status: 404 })));
    vi.stubGlobal('fetch', fetch);
    const ref = createRef<ContractSigningHandle>();
    const errors: Array<{ code: string; source: string; message?: string }> = [];
    const view = createElement(ContractSigning, {
      ...props({ cdnUrl: 'https://cdn.example.com', onError: (payload) => errors.push(payload) }),
      ref,
    });
    await render(view);
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]).toMatchObject({ code: 'loading_error', source: 'sdk' });
    expect(errors[0].message).toMatch(/index\.umd\.js answered HTTP 404/);
    await act(async () => ref.current!.retry());
    await vi.waitFor(() => expect(errors).toHaveLength(2));
    expect(fetch, 'retry() loaded the script again').toHaveBeenCalledTimes(2);
    expect(constructed).toBe(0);
  });

  it('a polluted Object.prototype changes nothing: no option, appearance, loader option or callback comes from it', async () => {
    const polluted = {
      title: 'Polluted',
      contractId: 'polluted',
      appearance: { theme: 'dark' },
      locale: 'de',
      dir: 'rtl',
      cdnUrl: 'https://evil.example',
      onReady: vi.fn(),
    };
    const prototype = Object.prototype as Record<string, unknown>;
    Object.assign(prototype, polluted);
    try {
      await render(createElement(ContractSigning, props()));
      const app = FakeApp.in(host);
      const { message } = app.handshake();
      expect(Object.hasOwn(message, 'appearance') || Object.hasOwn(message, 'locale')).toBe(false);
      expect(message).toMatchObject({ dir: 'ltr' });
      expect(app.iframe.title).not.toBe('Polluted');
      await act(async () => {
        await app.send(envelope('loaded'));
        await app.send(envelope('ready'));
      });
      expect(polluted.onReady).not.toHaveBeenCalled();
    } finally {
      for (const key of Object.keys(polluted)) delete prototype[key];
    }
  });

  it('lists every SvcContracts option as a session or live option, and every event as a callback', () => {
    // But warm: the component opens or prepares as soon as it constructs, so the first attempt adopts the warm frame
    // at once either way (test/unit/warm-frame.test.ts); a prop would change nothing.
    expect([...SESSION_OPTIONS, ...LIVE_OPTIONS, 'signingToken'].sort()).toEqual(
      Object.keys(OPTION_TYPES)
        .filter((option) => option !== 'warm')
        .sort(),
    );
    expect(EVENT_CALLBACKS).toContainEqual(['contract.completed', 'onCompleted']);
    expect(EVENT_CALLBACKS.map(([, name]) => name)).toEqual(
      EVENT_NAMES.map((event) => `on${event[9].toUpperCase()}${event.slice(10)}`),
    );
  });
});
