// The visible error state of element.umd.js's <svc-contract-signing> (loader/error-state.ts, loader/cdn-element.ts):
// a contract-error no listener handled shows a text for the signer in the element's box and logs the element's
// message once; preventDefault() replaces both. The SDK here is a stub whose open() reports the code a test names.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KNOWN_ERROR_CODES, SDK_VERSION } from '../../src';
import { ERROR_STATE_CLASS } from '../../loader/error-state';
import { APP_URL, TOKEN, microtasksDone } from '../unit/fake-app';

vi.mock('../../loader/load', () => import('../../loader/global-sdk'));
await import('../../loader/cdn-element');

let failWith = 'loading_error';
/** The stub's error message; undefined: the payload has no message key (an app's error may have none). */
let failMessage: ((code: string) => string) | undefined;
const opened: string[] = [];
class StubContracts {
  private readonly handlers = new Map<string, (payload: unknown) => void>();
  on(name: string, handler: (payload: unknown) => void) {
    this.handlers.set(name, handler);
  }
  open() {
    opened.push(failWith);
    this.handlers.get('contract.loading')?.({ contractId: 'c-1', attemptId: 'a1', sessionId: 's1' });
    if (failWith === 'none') return Promise.resolve();
    this.handlers.get('contract.error')?.({
      contractId: 'c-1',
      attemptId: 'a1',
      code: failWith,
      ...(failMessage && { message: failMessage(failWith) }),
      source: 'app',
    });
    return Promise.resolve();
  }
  prepare() {}
  update() {}
  destroy() {}
}

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  failWith = 'loading_error';
  failMessage = (code) => `[contracts-sdk] failed: ${code}.`;
  opened.length = 0;
  vi.stubGlobal('SvcSDK', { SvcContracts: StubContracts, KNOWN_ERROR_CODES, SDK_VERSION });
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  document.body.replaceChildren();
  consoleError.mockRestore();
  vi.unstubAllGlobals();
  delete (Object.prototype as Record<string, unknown>).theme;
});

async function failingElement(attributes: Record<string, string> = {}, handle?: (event: Event) => void) {
  const element = document.createElement('svc-contract-signing');
  element.setAttribute('app-url', APP_URL);
  element.setAttribute('contract-id', 'c-1');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (handle) element.addEventListener('contract-error', handle);
  element.signingToken = TOKEN;
  document.body.append(element);
  await microtasksDone();
  return element;
}
const stateOf = (element: Element) => element.querySelector<HTMLElement>(`.${ERROR_STATE_CLASS}`);

describe('element.umd.js: a contract-error no listener handled', () => {
  it('shows an alert with a text for the signer and a Try again button, and logs the message once', async () => {
    const element = await failingElement();
    const state = stateOf(element);
    expect(state?.getAttribute('role')).toBe('alert');
    expect(state?.querySelector('p')?.textContent).toBe('The contract could not be loaded.');
    expect(state?.querySelector('button')?.textContent).toBe('Try again');
    expect(consoleError.mock.calls).toEqual([['[contracts-sdk] failed: loading_error.']]);
    expect(element.outerHTML).not.toContain(TOKEN);
  });

  it.each([
    [
      "no prefix (the SDK's own, a load timeout)",
      () => 'The signing experience was not ready within 3000 ms.',
      '[contracts-sdk] The signing experience was not ready within 3000 ms.',
    ],
    ["no message (an app's error may have none): the code", undefined, '[contracts-sdk] loading_error'],
  ])('the console line names the SDK for a message with %s', async (_case, message, line) => {
    failMessage = message;
    await failingElement();
    expect(consoleError.mock.calls).toEqual([[line]]);
  });

  it('in German for a German locale, by code', async () => {
    failWith = 'not_found';
    const state = stateOf(await failingElement({ locale: 'de-DE' }));
    expect(state?.querySelector('p')?.textContent).toBe('Dieser Vertrag wurde nicht gefunden.');
    expect(state?.querySelector('button')?.textContent).toBe('Erneut versuchen');
  });

  it.each(['a_newer_code', 'retry', 'fallback', 'toString'])(
    'a code with no text of its own (%s) reads the default text',
    async (code) => {
      failWith = code;
      const state = stateOf(await failingElement());
      expect(state?.querySelector('p')?.textContent).toBe('The contract could not be loaded.');
    },
  );

  it('no Try again where a retry cannot help (verification_limit_exceeded)', async () => {
    failWith = 'verification_limit_exceeded';
    const state = stateOf(await failingElement());
    expect(state?.querySelector('p')?.textContent).toBe('Signing cannot continue here. Please contact support.');
    expect(state?.querySelector('button')).toBeNull();
  });

  it('Try again removes the state and opens again; the next failure shows one state, not two', async () => {
    const element = await failingElement();
    stateOf(element)?.querySelector('button')?.click();
    await microtasksDone();
    expect(opened).toEqual(['loading_error', 'loading_error']);
    expect(element.querySelectorAll(`.${ERROR_STATE_CLASS}`)).toHaveLength(1);
    expect(consoleError).toHaveBeenCalledTimes(2);
  });

  it('a new attempt (contract-loading) removes the state', async () => {
    const element = await failingElement();
    failWith = 'none';
    await element.open();
    expect(stateOf(element)).toBeNull();
  });

  it('preventDefault() in a listener replaces it: no state, no console line', async () => {
    const element = await failingElement({}, (event) => event.preventDefault());
    expect(stateOf(element)).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('a listener that does not call preventDefault() leaves it', async () => {
    const element = await failingElement({}, () => {});
    expect(stateOf(element)).not.toBeNull();
  });

  it('a refused token attribute: the state without Try again, and one console line, not the TypeError too', async () => {
    const element = await failingElement({ 'signing-token': TOKEN });
    const state = stateOf(element);
    expect(state?.querySelector('p')?.textContent).toBe('The contract could not be loaded.');
    expect(state?.querySelector('button')).toBeNull();
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0][0])).toMatch(/refuses the signing-token attribute/);
    expect(element.outerHTML).not.toContain(TOKEN);
  });

  it('takes the appearance tokens (own, checked values) over the theme', async () => {
    const element = document.createElement('svc-contract-signing');
    element.appearance = { theme: 'dark', variables: { colorText: '#123456', borderRadius: '12px' } };
    element.setAttribute('app-url', APP_URL);
    element.signingToken = TOKEN;
    document.body.append(element);
    await microtasksDone();
    const style = stateOf(element)?.style;
    expect(style?.borderRadius).toBe('12px');
    expect(style?.color).toMatch(/^(#123456|rgb\(18, 52, 86\))$/);
    // The dark theme's background, not the light one's.
    expect(style?.backgroundColor).toMatch(/^(#14171c|rgb\(20, 23, 28\))$/);
    expect(element.outerHTML).not.toMatch(/url\(/);
  });

  it('a value that is not a token of its kind, or an inherited theme, changes nothing', async () => {
    (Object.prototype as Record<string, unknown>).theme = 'dark';
    const element = document.createElement('svc-contract-signing');
    element.appearance = { variables: { colorBackground: 'url(https://evil.example/x)' } };
    element.setAttribute('app-url', APP_URL);
    element.signingToken = TOKEN;
    document.body.append(element);
    await microtasksDone();
    expect(stateOf(element)?.style.backgroundColor).toMatch(/^(#ffffff|#fff|rgb\(255, 255, 255\))$/);
  });
});
