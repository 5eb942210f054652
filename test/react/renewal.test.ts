// The bindings pass their signingToken function through (loader/session.ts), so a signing app renews through them
// as through the SDK itself (docs/protocol.md §6.7): <ContractSigning> and <svc-contract-signing>.
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import '../../loader/element';
import type { SvcContractSigning } from '../../loader/element';
import { ContractSigning } from '../../loader/react';
import { APP_URL, FakeApp, envelope, microtasksDone } from '../unit/fake-app';
import { host, props, render } from './helpers';

const HELLO = envelope('hello', { features: ['renew'] });

/** A token function whose nth call gives `token-<n>`; the calls are counted. */
function numberedTokens() {
  const calls: number[] = [];
  const source = async () => {
    calls.push(calls.length + 1);
    return `tok-${calls.length}-8d2e4f6a`;
  };
  return { source, calls };
}

/** The app of the one frame in `container`: hello, init, loaded, ready; then a renew and the SDK's answer. */
async function renewIn(container: Element): Promise<unknown> {
  const app = FakeApp.in(container);
  app.post(HELLO);
  await microtasksDone();
  app.port = app.window.postMessage.mock.calls.at(-1)![2][0];
  await app.sendAll([envelope('loaded'), envelope('ready')]);
  const answered = new Promise((resolve) => (app.port!.onmessage = (event) => resolve(event.data)));
  await app.send(envelope('renew'));
  return answered;
}

describe('the bindings renew with their token function', () => {
  it('<ContractSigning signingToken={fn}>: the second call answers the renewal', async () => {
    const tokens = numberedTokens();
    await render(createElement(ContractSigning, props({ signingToken: tokens.source })));
    const answer = await act(() => renewIn(host));
    expect(answer).toEqual(envelope('renewed', { signingToken: 'tok-2-8d2e4f6a' }));
    expect(tokens.calls).toEqual([1, 2]);
  });

  it('<svc-contract-signing>.signingToken = fn: the second call answers the renewal', async () => {
    const tokens = numberedTokens();
    const element = document.createElement('svc-contract-signing') as SvcContractSigning;
    element.setAttribute('app-url', APP_URL);
    element.signingToken = tokens.source;
    document.body.append(element);
    await microtasksDone();
    expect(await renewIn(element)).toEqual(envelope('renewed', { signingToken: 'tok-2-8d2e4f6a' }));
    expect(tokens.calls).toEqual([1, 2]);
    element.remove();
  });
});
