// <ContractSigning> tests' setup: the real React and the real SvcContracts in happy-dom; the SDK is already on the
// page (loadSvcSDK() resolves it), and the fake app plays the signing app's side of the protocol.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';
import type { ContractSigningProps } from '../../loader/react';
import { KNOWN_ERROR_CODES, SDK_VERSION, SvcContracts } from '../../src';
import { APP_URL, FakeApp, TOKEN } from '../unit/fake-app';

declare global {
  // eslint-disable-next-line no-var
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

export let host: HTMLElement;
export let root: Root;
export let constructed: number;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  constructed = 0;
  // Counts instances: "one session" means one SvcContracts ever constructed.
  class Counted extends SvcContracts {
    constructor(...args: ConstructorParameters<typeof SvcContracts>) {
      super(...args);
      constructed++;
    }
  }
  vi.stubGlobal('SvcSDK', { SvcContracts: Counted, KNOWN_ERROR_CODES, SDK_VERSION });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
});

export const frames = () => host.querySelectorAll('iframe');
export const props = (extra: Partial<ContractSigningProps> = {}): ContractSigningProps => ({
  signingToken: TOKEN,
  appUrl: APP_URL,
  ...extra,
});

/** Renders and lets loadSvcSDK() resolve and the effect open the contract. */
export async function render(element: ReactNode): Promise<void> {
  await act(async () => root.render(element));
}

/** The fake app of the one frame in the component, handshaken and ready. */
export async function readyApp(): Promise<FakeApp> {
  const app = FakeApp.in(host);
  await act(() => app.ready());
  return app;
}
