// <svc-contract-signing>: the definition, events, option errors, reflected properties and methods (the refused
// token attributes: token-attribute.test.ts; token-url: token-url.test.ts).
import { describe, expect, it, vi } from 'vitest';
import { EVENT_NAMES } from '../../src/emitter';
import { OPTION_TYPES } from '../../src/config';
import { ELEMENT_TAG_NAME, SvcContractSigning } from '../../loader/element';
import { SESSION_ATTRIBUTES, optionName } from '../../loader/element-attributes';
import { domEventName } from '../../loader/element-events';
import { ATTEMPT_ID, FakeApp, TOKEN, envelope } from '../unit/fake-app';
import { connected, created, events, makeElement, settled } from './helpers';

const DOM_EVENTS = EVENT_NAMES.map((event) => [event, domEventName(event)] as const);
const DOM_NAMES = DOM_EVENTS.map(([, name]) => name);

describe('<svc-contract-signing>', () => {
  it('is defined once: importing the entry again (a second copy) defines nothing and throws nothing', async () => {
    expect(customElements.get(ELEMENT_TAG_NAME)).toBe(SvcContractSigning);
    vi.resetModules();
    const again = await import('../../loader/element');
    expect(again.SvcContractSigning).not.toBe(SvcContractSigning);
    expect(customElements.get(ELEMENT_TAG_NAME)).toBe(SvcContractSigning);
  });

  it("every SDK event is a DOM event contract-<name>, a CustomEvent whose detail is the SDK's payload", async () => {
    expect(DOM_EVENTS.map(([event]) => event)).toEqual([...EVENT_NAMES]);
    expect(DOM_NAMES).toEqual(EVENT_NAMES.map((name) => name.replace('contract.', 'contract-')));
    // Each event the SDK emits (every one in EVENT_NAMES, whatever this build has) reaches the element.
    const registered = new Map<string, (payload: unknown) => void>();
    const element = makeElement({ 'contract-id': 'c-1' });
    element.signingToken = TOKEN;
    const on = vi.spyOn(
      (globalThis as unknown as { SvcSDK: { SvcContracts: { prototype: { on: () => unknown } } } }).SvcSDK.SvcContracts
        .prototype,
      'on',
    );
    on.mockImplementation(function (this: unknown, event: unknown, handler: unknown) {
      registered.set(event as string, handler as (payload: unknown) => void);
      return this;
    } as never);
    const seen = events(element, DOM_NAMES);
    document.body.append(element);
    await settled();
    expect([...registered.keys()].sort()).toEqual([...EVENT_NAMES].sort());
    for (const [event, handler] of registered) handler({ contractId: 'c-1', from: event });
    expect(seen).toEqual(DOM_EVENTS.map(([event, name]) => [name, { contractId: 'c-1', from: event }]));
  });

  it('a real session dispatches loading, loaded, ready and completed on the element; they bubble', async () => {
    const element = makeElement({ 'contract-id': 'c-1' });
    const seen = events(element, DOM_NAMES);
    const bubbled: string[] = [];
    document.body.addEventListener('contract-completed', (event) => bubbled.push(event.type));
    element.signingToken = TOKEN;
    document.body.append(element);
    await settled();
    const app = FakeApp.in(element);
    await app.ready();
    await app.send(envelope('completed'));
    // The attempt's one id, as the SDK put it on each payload.
    const attemptId = (seen[0][1] as { attemptId: string }).attemptId;
    expect(attemptId).toMatch(ATTEMPT_ID);
    expect(seen).toEqual(
      ['loading', 'loaded', 'ready', 'completed'].map((name) => [`contract-${name}`, { contractId: 'c-1', attemptId }]),
    );
    expect(bubbled).toEqual(['contract-completed']);
  });

  it("a wrong option: the SDK's message on the console and in contract-error, no frame, no token", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = makeElement({ environment: TOKEN });
    const seen = events(element, ['contract-error']);
    element.signingToken = TOKEN;
    document.body.append(element);
    await settled();
    expect(seen).toHaveLength(1);
    expect((seen[0][1] as { message: string }).message).toMatch(
      /config\.environment must be "production" or "qa", got "\[redacted\]"|config\.environment must be "production" or "qa"/,
    );
    expect(JSON.stringify(seen)).not.toContain(TOKEN);
    expect(String(consoleError.mock.calls[0][0])).not.toContain(TOKEN);
    expect(element.childElementCount).toBe(0);
  });

  it.each([
    ['load-timeout', 'soon', /config\.loadTimeout must be 1 to \d+ ms, got NaN/],
    ['min-height', '-1', /config\.minHeight and maxHeight need height: "auto" and 0 <= minHeight <= maxHeight, got -1/],
    ['locale', 'not a locale!', /config\.locale must be a BCP 47 tag/],
  ])('%s="%s" is refused with the SDK\'s message', async (name, value, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = makeElement({ [name]: value });
    const seen = events(element, ['contract-error']);
    element.signingToken = TOKEN;
    document.body.append(element);
    await settled();
    expect((seen[0]![1] as { message: string }).message).toMatch(message);
  });

  it('reads each attribute as the SDK option it names', async () => {
    await connected({
      'contract-id': 'c-1',
      environment: 'qa',
      locale: 'de',
      'frame-title': 'Sign',
      width: '80%',
      height: 'auto',
      'min-height': '300',
      'max-height': '900',
      'load-timeout': '5000',
      debug: '',
    });
    const { signingToken, ...options } = created[0].config;
    expect(signingToken).toBe(TOKEN);
    expect(options).toEqual({
      appUrl: 'https://sign.test:8443',
      contractId: 'c-1',
      environment: 'qa',
      locale: 'de',
      title: 'Sign',
      width: '80%',
      height: 'auto',
      minHeight: 300,
      maxHeight: 900,
      loadTimeout: 5000,
      debug: true,
    });
  });

  it('a number of pixels as width or height is a number, as the SDK takes it', async () => {
    await connected({ height: '500', width: '640' });
    expect(created[0].config).toMatchObject({ height: 500, width: 640 });
  });

  it('lists every SvcContracts option but the token as an attribute, but appearance and dir', () => {
    // appearance is an object: a property (test/element/live-options.test.ts); dir is the element's own attribute.
    expect(
      [...SESSION_ATTRIBUTES.map(([attribute]) => optionName(attribute)), 'signingToken', 'appearance', 'dir'].sort(),
    ).toEqual(
      // But warm: the element opens or prepares as soon as it constructs, so the first attempt adopts the warm frame
      // at once either way (test/unit/warm-frame.test.ts); an attribute would change nothing.
      Object.keys(OPTION_TYPES)
        .filter((option) => option !== 'warm')
        .sort(),
    );
  });

  it('reflects the options as properties; the token is a write-only property, nowhere in the DOM', async () => {
    const element = await connected();
    element.minHeight = 400;
    element.debug = true;
    element.frameTitle = 'Sign your loan';
    element.height = 'auto';
    element.cdnUrl = 'https://cdn.example.com';
    expect(element.getAttribute('min-height')).toBe('400');
    expect(element.getAttribute('debug')).toBe('');
    expect(element.getAttribute('frame-title')).toBe('Sign your loan');
    expect([element.minHeight, element.debug, element.height, element.contractId]).toEqual([400, true, 'auto', null]);
    element.debug = false;
    element.frameTitle = null;
    expect(element.hasAttribute('debug') || element.hasAttribute('frame-title')).toBe(false);
    expect(element.signingToken).toBeUndefined();
    expect(document.documentElement.outerHTML).not.toContain(TOKEN);
    expect(Object.values(element)).not.toContain(TOKEN);
  });

  it('takes properties a framework set before the element was defined', async () => {
    const element = document.createElement('svc-contract-signing-later') as unknown as SvcContractSigning;
    Object.assign(element, { signingToken: TOKEN, appUrl: 'https://sign.test:8443', contractId: 'c-9' });
    document.body.append(element);
    customElements.define('svc-contract-signing-later', class extends SvcContractSigning {});
    await settled();
    expect(created).toHaveLength(1);
    expect(created[0].config).toMatchObject({ signingToken: TOKEN, contractId: 'c-9' });
    expect(Object.hasOwn(element, 'signingToken')).toBe(false);
  });

  it('focus() asks the signing app for focus; close() removes the frame; open() opens it again', async () => {
    const element = await connected();
    const app = FakeApp.in(element);
    await app.ready();
    const asked = new Promise((resolve) =>
      app.port!.addEventListener('message', (event) => resolve(event.data), { once: true }),
    );
    app.port!.start();
    element.focus();
    expect(await asked).toEqual(envelope('focus'));
    element.close();
    expect(element.querySelectorAll('iframe')).toHaveLength(0);
    void element.open();
    expect(element.querySelectorAll('iframe')).toHaveLength(1);
    expect(created).toHaveLength(1);
  });

  it('a script that cannot load reaches contract-error as loading_error, and open() loads again', async () => {
    vi.stubGlobal('SvcSDK', undefined);
    const fetch = vi.fn(() => Promise.resolve(new Response('Not found', { status: 404 })));
    vi.stubGlobal('fetch', fetch);
    const element = makeElement({ 'cdn-url': 'https://cdn.example.com' });
    const seen = events(element, ['contract-error']);
    element.signingToken = TOKEN;
    document.body.append(element);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0][1]).toMatchObject({
      code: 'loading_error',
      source: 'sdk',
      message: expect.stringMatching(/index\.umd\.js answered HTTP 404/),
    });
    void element.open();
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(fetch, 'open() loaded the script again').toHaveBeenCalledTimes(2);
  });
});
