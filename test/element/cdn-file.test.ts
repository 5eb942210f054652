// <svc-contract-signing> as element.umd.js defines it: the npm element's class, with the SDK taken from the SvcSDK
// global of index.umd.js (loader/global-sdk.ts, which the build puts in place of loader/load.ts, as this file's
// mock does). It adds no script; without SvcSDK, or with another version's, the session reports loading_error.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KNOWN_ERROR_CODES, SDK_VERSION, SvcContracts } from '../../src';
import { APP_URL, TOKEN, microtasksDone } from '../unit/fake-app';

vi.mock('../../loader/load', () => import('../../loader/global-sdk'));
await import('../../loader/cdn-element');

const constructed: Element[] = [];
class Counted extends SvcContracts {
  constructor(container: Element, config: Record<string, unknown>) {
    super(container, config as never);
    constructed.push(container);
  }
}
const sdk = (version = SDK_VERSION) => ({ SvcContracts: Counted, KNOWN_ERROR_CODES, SDK_VERSION: version });

afterEach(() => {
  constructed.length = 0;
  document.body.replaceChildren();
});

/** A connected element with the test token; resolves with it and the messages of its contract-error events. */
async function connectedElement() {
  const element = document.createElement('svc-contract-signing');
  element.setAttribute('app-url', APP_URL);
  element.setAttribute('contract-id', 'c-1');
  const errors: Array<{ code: string; message: string; contractId?: string }> = [];
  element.addEventListener('contract-error', (event) => errors.push((event as CustomEvent).detail));
  element.signingToken = TOKEN;
  document.body.append(element);
  await microtasksDone();
  return { element, errors };
}

describe('<svc-contract-signing> of element.umd.js', () => {
  it('starts its session on the SvcSDK that index.umd.js defined, and adds no script to the page', async () => {
    vi.stubGlobal('SvcSDK', sdk());
    const { element, errors } = await connectedElement();
    expect(constructed).toEqual([element]);
    expect(errors).toEqual([]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('without SvcSDK: loading_error naming index.umd.js and how to add it, no script added, no token', async () => {
    vi.stubGlobal('SvcSDK', undefined);
    const { errors } = await connectedElement();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'loading_error', contractId: 'c-1' });
    expect(errors[0].message).toMatch(
      /^\[contracts-sdk\] element\.umd\.js needs SvcSDK from \S+\/index\.umd\.js, which did not run: add its script tag \(defer, crossorigin="anonymous"/,
    );
    expect(errors[0].message).toContain('before element.umd.js');
    expect(errors[0].message).not.toContain(TOKEN);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(constructed).toEqual([]);
  });

  it("with another version's SvcSDK: loading_error naming both versions", async () => {
    vi.stubGlobal('SvcSDK', sdk('1.2.0'));
    const { errors } = await connectedElement();
    expect(errors.map((error) => error.message)).toEqual([
      `[contracts-sdk] element.umd.js ${SDK_VERSION} needs index.umd.js ${SDK_VERSION}, the page has SvcSDK 1.2.0: load both files from the same version's folder.`,
    ]);
    expect(constructed).toEqual([]);
  });

  it("while the page's scripts still run, waits for the window's load event before looking again", async () => {
    vi.stubGlobal('SvcSDK', undefined);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const { element, errors } = await connectedElement();
    expect(constructed).toEqual([]);
    // index.umd.js ran after element.umd.js (a tag placed after it, or async), before the load event.
    vi.stubGlobal('SvcSDK', sdk());
    window.dispatchEvent(new Event('load'));
    await microtasksDone();
    expect(constructed).toEqual([element]);
    expect(errors).toEqual([]);
  });

  it("a polluted Object.prototype leaves the load listener's options alone (no signal, capture or passive)", async () => {
    vi.stubGlobal('SvcSDK', undefined);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const listen = vi.spyOn(window, 'addEventListener');
    // An aborted signal would drop the listener: the element would wait for ever.
    const polluted = { signal: AbortSignal.abort(), capture: true, passive: true, once: false };
    const proto = Object.prototype as Record<string, unknown>;
    for (const [key, value] of Object.entries(polluted))
      Object.defineProperty(proto, key, { value, configurable: true });
    let read: Record<string, unknown> = {};
    try {
      const { element, errors } = await connectedElement();
      const [, , options] = listen.mock.calls.find(([type]) => type === 'load')!;
      expect(Object.getPrototypeOf(options)).toBeNull();
      read = Object.fromEntries(Object.keys(polluted).map((key) => [key, (options as Record<string, unknown>)[key]]));
      vi.stubGlobal('SvcSDK', sdk());
      window.dispatchEvent(new Event('load'));
      await microtasksDone();
      expect(constructed).toEqual([element]);
      expect(errors).toEqual([]);
    } finally {
      for (const key of Object.keys(polluted)) delete proto[key];
    }
    expect(read).toEqual({ signal: undefined, capture: undefined, passive: undefined, once: true });
  });
});
