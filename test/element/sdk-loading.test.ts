// <svc-contract-signing> while the SDK script is still loading (no SvcSDK on the page yet): the nonce it passes to
// the loader, and a session that ends before the script has run. happy-dom does not run scripts: each test plays
// the browser, stopping happy-dom's own load/error events and firing its own (as test/loader/load.test.ts does).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN } from '../unit/fake-app';
import { created, makeElement, settled } from './helpers';

const played = new WeakSet<Event>();
const dropHappyDomEvent = (event: Event) => {
  if (event.target instanceof HTMLScriptElement && !played.has(event)) event.stopImmediatePropagation();
};
function play(script: HTMLScriptElement, event: Event) {
  played.add(event);
  script.dispatchEvent(event);
}
const sdkScripts = () => [...document.querySelectorAll('script')];

let sdk: unknown;
beforeEach(() => {
  // helpers.ts put an SvcSDK on the page: keep it aside until the test's script "runs".
  sdk = (window as { SvcSDK?: unknown }).SvcSDK;
  vi.stubGlobal('SvcSDK', undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('no network in unit tests'))),
  );
  document.addEventListener('error', dropHappyDomEvent, true);
  document.addEventListener('load', dropHappyDomEvent, true);
});

afterEach(() => {
  document.removeEventListener('error', dropHappyDomEvent, true);
  document.removeEventListener('load', dropHappyDomEvent, true);
  for (const script of sdkScripts()) script.remove();
});

/** A connected element with the test token whose SDK script has been added but has not run yet. */
async function loading(setUp: (element: HTMLElement) => void = () => {}) {
  const element = makeElement();
  setUp(element);
  element.signingToken = TOKEN;
  document.body.append(element);
  await settled();
  const [script] = sdkScripts();
  expect(script, 'the SDK script was added').toBeDefined();
  const seen: string[] = [];
  for (const name of ['contract-loading', 'contract-error'])
    element.addEventListener(name, (event) => seen.push(`${name} ${(event as CustomEvent).detail?.message ?? ''}`));
  return { element, script, seen };
}

describe('<svc-contract-signing> while the SDK loads', () => {
  it('passes the nonce property to the loader when the browser hides the attribute (a CSP page blanks it)', async () => {
    const { script } = await loading((element) => {
      element.nonce = 'n0nce'; // what a browser keeps after hiding: the property, with no attribute value
    });
    expect(script.nonce).toBe('n0nce');
    // Ends the load as failed: the loader forgets a failed load (a finished one it keeps, with its nonce).
    play(script, new Event('error'));
    await vi.waitFor(() => expect(sdkScripts()).toHaveLength(0));
  });

  it('removed after the script was added, before it failed: the ended session reports no error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { element, script, seen } = await loading();
    element.remove();
    await settled();
    play(script, new Event('error'));
    await vi.waitFor(() => expect(sdkScripts()).toHaveLength(0)); // the loader has diagnosed and removed it
    await settled();
    expect(seen).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('still connected when the script fails: the error is reported (the guard ends only ended sessions)', async () => {
    const { script, seen } = await loading();
    play(script, new Event('error'));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatch(/^contract-error \[contracts-sdk\] could not download/);
  });

  // Last: a load that succeeded stays the page's load.
  it('removed after the script was added, before it ran: no session starts when it runs', async () => {
    const { element, script, seen } = await loading();
    element.remove();
    await settled();
    vi.stubGlobal('SvcSDK', sdk);
    play(script, new Event('load'));
    await settled();
    expect(created).toHaveLength(0);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(seen).toEqual([]);
  });
});
