// <ContractSigning hidden> (issue #28): prepares the session ahead (SvcContracts.prepare(): the frame loads with
// display: none, the token is asked now) in a hidden container; hidden={false} shows the prepared frame in the same
// commit, with no second init; hidden again only hides the container. In every order of hidden, shown, new token,
// unmount: one session, never restarted.
import { StrictMode, act, createElement, createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { ContractSigning, type ContractSigningHandle, type ContractSigningProps } from '../../loader/react';
import { FakeApp, TOKEN, envelope } from '../unit/fake-app';
import { constructed, frames, host, props, readyApp, render, root } from './helpers';

const view = (extra: Partial<ContractSigningProps> = {}) => createElement(ContractSigning, props(extra));
const container = () => host.firstElementChild as HTMLElement;
const display = () => [...frames()].map((frame) => frame.style.display);

describe('<ContractSigning hidden>', () => {
  it('prepares in a hidden container, asks the token now; hidden={false} shows the ready frame in the same commit', async () => {
    const asked: string[] = [];
    const signingToken = () => (asked.push('token'), TOKEN);
    await render(view({ hidden: true, signingToken }));
    expect(container().hidden).toBe(true);
    expect(display()).toEqual(['none']);
    const app = await readyApp();
    expect(asked).toEqual(['token']);
    act(() => root.render(view({ hidden: false, signingToken })));
    // Synchronous act: the commit and its layout effects ran, nothing awaited.
    expect(container().hidden).toBe(false);
    expect(display()).toEqual(['block']);
    expect(frames()[0]).toBe(app.iframe);
    expect(app.window.postMessage, 'one init: showing sent nothing').toHaveBeenCalledTimes(1);
    expect(asked).toEqual(['token']);
    expect(constructed).toBe(1);
  });

  it('re-rendered while hidden stays prepared: not opened, nothing shown (issue #43)', async () => {
    await render(view({ hidden: true }));
    const app = await readyApp();
    for (let i = 0; i < 3; i++) await render(view({ hidden: true, className: `r${i}`, onReady: () => {} }));
    expect(display()).toEqual(['none']);
    expect(frames()[0]).toBe(app.iframe);
    // Not opened: the app's step is still ignored (a hidden frame's), so no onStep.
    const steps: unknown[] = [];
    await render(view({ hidden: true, onStep: (payload) => steps.push(payload) }));
    await act(() => app.send(envelope('step', { step: 'document_viewed' })));
    expect(steps).toEqual([]);
  });

  it('shown before the SDK loaded: opened shown at once', async () => {
    act(() => root.render(view({ hidden: true })));
    act(() => root.render(view({ hidden: false })));
    await act(async () => {});
    expect(constructed).toBe(1);
    expect(display()).toEqual(['block']);
  });

  it('hidden again after it was shown only hides the container; shown again, the same session and frame', async () => {
    await render(view());
    const app = await readyApp();
    await render(view({ hidden: true }));
    expect(container().hidden).toBe(true);
    expect(display(), 'the frame itself stays shown: the container is hidden').toEqual(['block']);
    await render(view({ hidden: false }));
    await render(view({ hidden: true }));
    expect(constructed).toBe(1);
    expect(frames()[0]).toBe(app.iframe);
    expect(app.window.postMessage).toHaveBeenCalledTimes(1);
  });

  it('a new token string while hidden starts a new session, prepared hidden too; then shown', async () => {
    await render(view({ hidden: true }));
    await render(view({ hidden: true, signingToken: `${TOKEN}-2` }));
    expect(constructed).toBe(2);
    expect(display()).toEqual(['none']);
    expect(FakeApp.in(host).handshake().message.signingToken).toBe(`${TOKEN}-2`);
    await render(view({ hidden: false, signingToken: `${TOKEN}-2` }));
    expect(display()).toEqual(['block']);
    expect(constructed).toBe(2);
  });

  it('a new token function while hidden does not restart; showing asks nothing', async () => {
    const asked: string[] = [];
    await render(view({ hidden: true, signingToken: () => (asked.push('first'), TOKEN) }));
    await render(view({ hidden: true, signingToken: () => (asked.push('second'), TOKEN) }));
    await render(view({ hidden: false, signingToken: () => (asked.push('third'), TOKEN) }));
    expect(constructed).toBe(1);
    expect(asked).toEqual(['first']);
  });

  it('unmounted while prepared: no frame, nothing left', async () => {
    await render(view({ hidden: true }));
    const frame = frames()[0];
    await act(async () => root.render(null));
    expect(frame.isConnected).toBe(false);
    expect(host.childElementCount).toBe(0);
  });

  it('unmounted after hidden, then shown: no frame, nothing left', async () => {
    await render(view({ hidden: true }));
    await render(view({ hidden: false }));
    await act(async () => root.render(null));
    expect(host.childElementCount).toBe(0);
  });

  it('under StrictMode (double effects): one session, prepared, then shown', async () => {
    const strict = (hidden: boolean) => createElement(StrictMode, null, view({ hidden }));
    await render(strict(true));
    expect(display()).toEqual(['none']);
    await render(strict(false));
    expect(display()).toEqual(['block']);
    expect(constructed).toBe(1);
  });

  it('retry() while never shown prepares again, hidden', async () => {
    const ref = createRef<ContractSigningHandle>();
    await render(createElement(ContractSigning, { ...props({ hidden: true }), ref }));
    const app = FakeApp.in(host);
    await act(async () => {
      app.handshake();
      await app.send(envelope('error', { code: 'not_found' }));
    });
    await act(async () => ref.current!.retry());
    expect(constructed).toBe(1);
    expect(display()).toEqual(['none']);
  });
});
