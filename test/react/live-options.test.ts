// <ContractSigning appearance locale dir>: appearance (compared by value) and locale update the running session in
// place (SvcContracts.update(): the same frame, no new token request, the app gets them over its port); dir starts
// a new session as title does; a wrong appearance is thrown from render, to the error boundary.
import { Component, act, createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SvcContracts } from '../../src';
import { ContractSigning, type ContractSigningProps } from '../../loader/react';
import { FakeApp, TOKEN, envelope, microtasksDone } from '../unit/fake-app';
import { constructed, frames, host, props, render, root } from './helpers';

const DARK = { theme: 'dark', variables: { colorPrimary: '#0B5CAD', borderRadius: '8px' } } as const;
const BRAND = { theme: 'light', variables: { colorPrimary: '#7a1fa2' } } as const;
/** DARK as the SDK sends it to the app (re-serialised: lowercase colours). */
const DARK_SENT = { theme: 'dark', variables: { colorPrimary: '#0b5cad', borderRadius: '8px' } };

/** A token function that counts how often it is asked (a new token request would be a second ask). */
function countedToken() {
  const asked: number[] = [];
  return { asked, signingToken: () => (asked.push(asked.length + 1), TOKEN) };
}

/**
 * The app of the component's frame, handshaken with the feature `update` and ready. `updates` collects what the
 * SDK sends over the port; `received(n)` resolves once n messages have arrived.
 */
async function readyUpdatingApp() {
  const app = FakeApp.in(host);
  let port!: ReturnType<FakeApp['listen']>;
  await act(async () => {
    app.handshake(envelope('hello', { features: ['update'] }));
    port = app.listen();
    await app.sendAll([envelope('loaded'), envelope('ready')]);
  });
  return { app, updates: port.messages, received: port.received };
}

/** The errors the nearest error boundary caught (module level: a component defined in a test would remount). */
const caught: Error[] = [];
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

describe('<ContractSigning> appearance, locale, dir', () => {
  it('the same appearance in a new object literal on every render is no change: nothing is called', async () => {
    const update = vi.spyOn(SvcContracts.prototype, 'update');
    const view = (tick: number) =>
      createElement(
        ContractSigning,
        props({ className: `r${tick}`, appearance: { ...DARK, variables: { ...DARK.variables } } }),
      );
    await render(view(0));
    const { app } = await readyUpdatingApp();
    for (let tick = 1; tick <= 20; tick++) await render(view(tick));
    expect(update).not.toHaveBeenCalled();
    expect(constructed).toBe(1);
    expect(app.window.postMessage, 'one init').toHaveBeenCalledTimes(1);
  });

  it('a changed appearance calls update() once, in place: the same frame, no new token request', async () => {
    const update = vi.spyOn(SvcContracts.prototype, 'update');
    const { asked, signingToken } = countedToken();
    await render(createElement(ContractSigning, props({ signingToken, appearance: DARK })));
    const { app, updates, received } = await readyUpdatingApp();
    await render(createElement(ContractSigning, props({ signingToken, appearance: BRAND })));
    await render(createElement(ContractSigning, props({ signingToken, appearance: { ...BRAND } })));
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith({ appearance: BRAND, locale: undefined });
    await received(1);
    expect(updates[0]).toMatchObject({
      type: 'update',
      appearance: { theme: 'light', variables: { colorPrimary: '#7a1fa2' } },
    });
    expect(constructed).toBe(1);
    expect(frames()).toHaveLength(1);
    expect(frames()[0]).toBe(app.iframe);
    expect(asked, 'the token was asked once').toEqual([1]);
    expect(app.window.postMessage, 'one init').toHaveBeenCalledTimes(1);
  });

  it('an appearance taken away updates to none (the default look), in place', async () => {
    const update = vi.spyOn(SvcContracts.prototype, 'update');
    await render(createElement(ContractSigning, props({ appearance: DARK })));
    const { updates, received } = await readyUpdatingApp();
    await render(createElement(ContractSigning, props()));
    expect(update).toHaveBeenCalledExactlyOnceWith({ appearance: undefined, locale: undefined });
    await received(1);
    expect(updates[0]).not.toHaveProperty('appearance');
    expect(constructed).toBe(1);
  });

  it('a change of locale updates the running session instead of restarting it', async () => {
    const update = vi.spyOn(SvcContracts.prototype, 'update');
    const { asked, signingToken } = countedToken();
    await render(createElement(ContractSigning, props({ signingToken, locale: 'en' })));
    const { app, updates, received } = await readyUpdatingApp();
    await render(createElement(ContractSigning, props({ signingToken, locale: 'de' })));
    expect(update).toHaveBeenCalledExactlyOnceWith({ appearance: undefined, locale: 'de' });
    await received(1);
    expect(updates[0]).toMatchObject({ type: 'update', locale: 'de' });
    expect(constructed).toBe(1);
    expect(frames()[0]).toBe(app.iframe);
    expect(asked).toEqual([1]);
  });

  it('a change of dir starts a new session, as title does', async () => {
    const update = vi.spyOn(SvcContracts.prototype, 'update');
    await render(createElement(ContractSigning, props({ dir: 'ltr', appearance: DARK })));
    const first = frames()[0];
    await render(createElement(ContractSigning, props({ dir: 'rtl', appearance: DARK })));
    expect(constructed).toBe(2);
    expect(first.isConnected).toBe(false);
    expect(FakeApp.in(host).handshake().message).toMatchObject({ dir: 'rtl', appearance: DARK_SENT });
    expect(update).not.toHaveBeenCalled();
  });

  it('changed together with a restarting prop: the new session starts with the new appearance, no update()', async () => {
    const update = vi.spyOn(SvcContracts.prototype, 'update');
    await render(createElement(ContractSigning, props({ title: 'Sign' })));
    await render(createElement(ContractSigning, props({ title: 'Sign your loan', appearance: DARK, locale: 'de' })));
    expect(constructed).toBe(2);
    expect(FakeApp.in(host).handshake().message).toMatchObject({ appearance: DARK_SENT, locale: 'de' });
    expect(update).not.toHaveBeenCalled();
  });

  it('changed before the SDK loaded: the session starts with the latest appearance and locale', async () => {
    act(() => root.render(createElement(ContractSigning, props({ appearance: BRAND, locale: 'en' }))));
    act(() => root.render(createElement(ContractSigning, props({ appearance: DARK, locale: 'de' }))));
    await act(microtasksDone);
    expect(constructed).toBe(1);
    expect(FakeApp.in(host).handshake().message).toMatchObject({ appearance: DARK_SENT, locale: 'de' });
  });

  it('a hidden (prepared) session gets the update; shown, it is the same frame with no second init', async () => {
    const view = (hidden: boolean, appearance?: ContractSigningProps['appearance']) =>
      createElement(ContractSigning, props({ hidden, appearance }));
    await render(view(true));
    const { app, updates, received } = await readyUpdatingApp();
    expect(app.iframe.style.display).toBe('none');
    await render(view(true, DARK));
    await received(1);
    expect(updates[0]).toMatchObject({ type: 'update', appearance: DARK_SENT });
    act(() => root.render(view(false, DARK)));
    expect(app.iframe.style.display).toBe('block');
    expect(app.window.postMessage, 'one init').toHaveBeenCalledTimes(1);
    expect(constructed).toBe(1);
  });

  it.each([
    ['at the start', undefined, 'config'],
    ['on a change while it runs', DARK, 'update'],
  ])(
    'a wrong appearance %s is thrown from render, to the error boundary, without the token',
    async (_, before, path) => {
      caught.length = 0;
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const view = (appearance: unknown) =>
        createElement(Boundary, null, createElement(ContractSigning, props({ appearance: appearance as never })));
      if (before) {
        await render(view(before));
        await readyUpdatingApp();
      }
      await render(view({ theme: 'dark', variables: { colorText: TOKEN } }));
      expect(caught).toHaveLength(1);
      expect(caught[0]).toBeInstanceOf(TypeError);
      expect(caught[0].message).toMatch(
        new RegExp(`^\\[contracts-sdk\\] ${path}\\.appearance\\.variables\\.colorText`),
      );
      expect(caught[0].message).not.toContain(TOKEN);
      expect(constructed, 'never restarted').toBe(before ? 1 : 0);
      expect(frames(), 'the boundary took the component away').toHaveLength(0);
    },
  );
});
