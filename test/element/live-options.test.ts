// <svc-contract-signing>: the appearance property and the locale attribute update the running session in place
// (SvcContracts.update(): the same frame, no new token request, the app gets them over its port); the frame follows
// the element's direction; a wrong value while it runs is a TypeError on the console that changes nothing, and one
// before it starts is a contract-error, as a wrong attribute is.
import { describe, expect, it, vi } from 'vitest';
import { SvcContracts } from '../../src';
import { SvcContractSigning } from '../../loader/element';
import { FakeApp, TOKEN, envelope } from '../unit/fake-app';
import { created, events, makeElement, sdkLoadingError, settled } from './helpers';

const DARK = { theme: 'dark', variables: { colorPrimary: '#0B5CAD', borderRadius: '8px' } } as const;
/** DARK as the SDK sends it to the app (re-serialised: lowercase colours). */
const DARK_SENT = { theme: 'dark', variables: { colorPrimary: '#0b5cad', borderRadius: '8px' } };
const BRAND = { theme: 'light', variables: { colorPrimary: '#7a1fa2' } } as const;
const WRONG = { theme: 'dark', variables: { colorText: TOKEN } };

/**
 * A connected element (in the body, unless `setUp` put it elsewhere) whose token function counts its calls, with
 * its app handshaken (feature `update`) and ready. `token: 'string'` gives the token as a string instead.
 */
async function running(
  attributes: Record<string, string> = {},
  setUp = (_: SvcContractSigning) => {},
  token: 'function' | 'string' = 'function',
) {
  const asked: number[] = [];
  const element = makeElement(attributes);
  setUp(element);
  element.signingToken = token === 'string' ? TOKEN : () => (asked.push(asked.length + 1), TOKEN);
  if (!element.isConnected) document.body.append(element);
  await settled();
  const app = FakeApp.in(element);
  app.handshake(envelope('hello', { features: ['update'] }));
  // Each update() sends one message over the port.
  const { messages: updates, received } = app.listen();
  await app.sendAll([envelope('loaded'), envelope('ready')]);
  return { element, app, asked, updates, received };
}

describe('<svc-contract-signing> appearance, locale, dir', () => {
  it('the appearance property starts the session with it; it reads back as set', async () => {
    const { element, app } = await running({}, (element) => (element.appearance = DARK));
    expect(element.appearance).toBe(DARK);
    expect(created[0].config.appearance).toBe(DARK);
    expect(app.window.postMessage.mock.calls[0][0]).toMatchObject({ appearance: DARK_SENT });
  });

  it('a changed appearance calls update() once, in place: the same frame, no new token request', async () => {
    const update = vi.spyOn(SvcContracts.prototype, 'update');
    const { element, app, asked, updates, received } = await running({}, (element) => (element.appearance = DARK));
    element.appearance = BRAND;
    await settled();
    element.appearance = { ...BRAND, variables: { ...BRAND.variables } };
    await settled();
    expect(update, 'the same values in a new object are no change').toHaveBeenCalledExactlyOnceWith({
      appearance: BRAND,
      locale: undefined,
    });
    await received(1);
    expect(updates[0]).toMatchObject({ type: 'update', appearance: { theme: 'light' } });
    expect(created).toHaveLength(1);
    expect(element.querySelector('iframe')).toBe(app.iframe);
    expect(asked).toEqual([1]);
    expect(app.window.postMessage, 'one init').toHaveBeenCalledTimes(1);
  });

  it('appearance set to null updates to none (the default look), in place', async () => {
    const update = vi.spyOn(SvcContracts.prototype, 'update');
    const { element, updates, received } = await running({}, (element) => (element.appearance = DARK));
    element.appearance = null;
    await settled();
    expect(element.appearance).toBeUndefined();
    expect(update).toHaveBeenCalledExactlyOnceWith({ appearance: undefined, locale: undefined });
    await received(1);
    expect(updates[0]).not.toHaveProperty('appearance');
    expect(created).toHaveLength(1);
  });

  it('a change of the locale attribute updates the running session instead of restarting it', async () => {
    const update = vi.spyOn(SvcContracts.prototype, 'update');
    const { element, app, asked, updates, received } = await running({ locale: 'en' });
    element.setAttribute('locale', 'de');
    await settled();
    element.locale = 'de';
    await settled();
    expect(update).toHaveBeenCalledExactlyOnceWith({ appearance: undefined, locale: 'de' });
    await received(1);
    expect(updates[0]).toMatchObject({ type: 'update', locale: 'de' });
    expect(created).toHaveLength(1);
    expect(element.querySelector('iframe')).toBe(app.iframe);
    expect(asked).toEqual([1]);
  });

  it("the frame follows the element's direction: an ancestor's at the start, the element's own dir live", async () => {
    // The browser's own stylesheet maps dir to direction; happy-dom's does not. (The body is emptied after each test.)
    const style = document.createElement('style');
    style.textContent = '[dir="rtl"] { direction: rtl } [dir="ltr"] { direction: ltr }';
    document.body.append(style);
    const page = document.createElement('div');
    page.dir = 'rtl';
    document.body.append(page);
    const { element, app, updates, received } = await running({}, (element) => page.append(element));
    expect(app.window.postMessage.mock.calls[0][0]).toMatchObject({ dir: 'rtl' });
    element.dir = 'ltr';
    await settled();
    await received(1);
    expect(updates[0]).toMatchObject({ type: 'update', dir: 'ltr' });
    expect(created).toHaveLength(1);
  });

  it('a hidden (prepared) session gets the update; shown, the same frame with no second init', async () => {
    const { element, app, updates, received } = await running({ hidden: '' });
    expect(app.iframe.style.display).toBe('none');
    element.appearance = DARK;
    element.locale = 'de';
    await settled();
    await received(1);
    expect(updates[0]).toMatchObject({ type: 'update', appearance: DARK_SENT, locale: 'de' });
    element.hidden = false;
    await settled();
    expect(app.iframe.style.display).toBe('block');
    expect(app.window.postMessage, 'one init').toHaveBeenCalledTimes(1);
    expect(created).toHaveLength(1);
  });

  it('a wrong value while it runs: a TypeError on the console, no contract-error, the session goes on unchanged', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A token string: the SDK redacts the token it knows from the messages it writes.
    const { element, app, updates, received } = await running({}, (element) => (element.appearance = DARK), 'string');
    const errors = events(element, ['contract-error']);
    element.appearance = WRONG as never;
    await settled();
    element.appearance = DARK;
    element.setAttribute('locale', 'not a locale!');
    await settled();
    expect(consoleError).toHaveBeenCalledTimes(2);
    expect(consoleError.mock.calls[0][0]).toBeInstanceOf(TypeError);
    expect(String(consoleError.mock.calls[0][0])).toMatch(/update\.appearance\.variables\.colorText/);
    expect(String(consoleError.mock.calls[1][0])).toMatch(/update\.locale must be a BCP 47 tag/);
    expect(JSON.stringify(consoleError.mock.calls.map(([error]) => String(error)))).not.toContain(TOKEN);
    expect(errors).toEqual([]);
    expect(created).toHaveLength(1);
    expect(element.querySelector('iframe')).toBe(app.iframe);
    // Fixed, the next change applies.
    element.removeAttribute('locale');
    element.appearance = BRAND;
    await settled();
    await received(1);
    expect(updates[0]).toMatchObject({ type: 'update', appearance: { theme: 'light' } });
    expect(created).toHaveLength(1);
  });

  it('a wrong appearance before it starts: a contract-error as a wrong attribute; fixed, the session starts', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = makeElement({ 'contract-id': 'c-1' });
    const errors = events(element, ['contract-error']);
    element.appearance = WRONG as never;
    element.signingToken = TOKEN;
    document.body.append(element);
    await settled();
    expect(errors).toEqual([
      sdkLoadingError('-', expect.stringMatching(/config\.appearance\.variables\.colorText/)), // no attempt started
    ]);
    expect(JSON.stringify(errors)).not.toContain(TOKEN);
    expect(element.childElementCount).toBe(0);
    element.appearance = DARK;
    await settled();
    expect(errors).toHaveLength(1);
    expect(element.querySelectorAll('iframe')).toHaveLength(1);
    expect(FakeApp.in(element).handshake().message).toMatchObject({ appearance: DARK_SENT });
  });

  it('a polluted Object.prototype changes nothing: no appearance, locale or direction comes from it', async () => {
    // `_appearance` too: the element's own store of the property, a name an attacker can read in the package.
    const polluted = { appearance: DARK, _appearance: DARK, locale: 'de', dir: 'rtl' };
    const prototype = Object.prototype as Record<string, unknown>;
    Object.assign(prototype, polluted);
    try {
      const { element, app } = await running();
      expect(element.appearance).toBeUndefined();
      const init = app.window.postMessage.mock.calls[0][0];
      expect(Object.hasOwn(init, 'appearance') || Object.hasOwn(init, 'locale')).toBe(false);
      expect(init).toMatchObject({ dir: 'ltr' });
    } finally {
      for (const key of Object.keys(polluted)) delete prototype[key];
    }
  });

  it('takes an appearance a framework set before the element was defined', async () => {
    const element = document.createElement('svc-contract-signing-appearance') as unknown as SvcContractSigning;
    Object.assign(element, { signingToken: TOKEN, appUrl: 'https://sign.test:8443', appearance: DARK });
    document.body.append(element);
    customElements.define('svc-contract-signing-appearance', class extends SvcContractSigning {});
    await settled();
    expect(created).toHaveLength(1);
    expect(created[0].config.appearance).toBe(DARK);
    expect(Object.hasOwn(element, 'appearance')).toBe(false);
  });
});
