// The partner's React app around the README's <SignLoanContract> (src/SignLoanContract.tsx, copied from the README
// block "react-example" when the test builds the app). window.testApp lets the test drive it as a partner's app
// state would: mount with a token, re-render the parent, swap the token, switch language and theme, unmount.
import { StrictMode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { Observed } from './observed';
import { SignLoanContract } from './SignLoanContract';
import { signingOptions } from './signing-config';

const observed = { renders: 0, signedByRender: 0, framesAdded: 0, mountEffects: 0 };
// Each iframe once: the SDK's shared warm frame is added to <body>, then moved into the container that takes it.
const framesSeen = new WeakSet<Node>();
new MutationObserver((records) => {
  for (const record of records)
    for (const node of record.addedNodes) {
      if (node.nodeName !== 'IFRAME' || framesSeen.has(node)) continue;
      framesSeen.add(node);
      observed.framesAdded++;
    }
}).observe(document.body, { childList: true, subtree: true });

let setParentState: ((update: (state: ParentState) => ParentState) => void) | undefined;
interface ParentState {
  token: string;
  tick: number;
}

function Parent({ initialToken }: { initialToken: string }) {
  const [state, setState] = useState<ParentState>({ token: initialToken, tick: 0 });
  setParentState = setState;
  useEffect(() => {
    observed.mountEffects++;
  }, []);
  const render = ++observed.renders;
  return (
    <main>
      <p data-tick={state.tick}>Parent render {state.tick}</p>
      {/* A new closure on every render: the one that runs must be the latest render's. */}
      <SignLoanContract signingToken={state.token} onSigned={() => (observed.signedByRender = render)} />
    </main>
  );
}

let root: Root | undefined;

const testApp = {
  mount(token: string, strict: boolean): void {
    root = createRoot(document.getElementById('root')!);
    const app = <Parent initialToken={token} />;
    flushSync(() => root!.render(strict ? <StrictMode>{app}</StrictMode> : app));
  },
  /** `count` re-renders of the parent, each committed before the next. */
  rerender(count: number): void {
    for (let i = 0; i < count; i++) flushSync(() => setParentState!((state) => ({ ...state, tick: state.tick + 1 })));
  },
  setToken(token: string): void {
    flushSync(() => setParentState!((state) => ({ ...state, token })));
  },
  /**
   * The signer picks a language and a dark theme: the example spreads `signingOptions` into <ContractSigning> at
   * each render, so the next render passes the new `locale` and a new `appearance` object.
   */
  present(locale: string, dark: boolean): void {
    Object.assign(signingOptions, { locale, appearance: { theme: dark ? 'dark' : 'light' } });
    flushSync(() => setParentState!((state) => ({ ...state, tick: state.tick + 1 })));
  },
  unmount(): void {
    root?.unmount();
    root = undefined;
  },
  observed(): Observed {
    return {
      ...observed,
      framesNow: document.querySelectorAll('iframe').length,
      alert: document.querySelector('[role="alert"]')?.textContent ?? null,
    };
  },
};

Object.assign(window, { testApp });
