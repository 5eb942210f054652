// <svc-contract-signing> refuses every spelling of the token as an attribute, in any case, set by script or present in
// the parsed HTML when the element upgrades: removed at once, never read or echoed, nothing opened, and the error
// names the attribute and the two safe ways (the property in the browser, or token-url).
import { describe, expect, it, vi } from 'vitest';
import { SvcContractSigning } from '../../loader/element';
import { TOKEN } from '../unit/fake-app';
import { connected, created, events, makeElement, sdkLoadingError, settled } from './helpers';

/** What a framework writes on its server for a property binding (Svelte 5, Vue, Angular's attr.), and snake_case. */
const SPELLINGS = ['signing-token', 'signingtoken', 'signing_token', 'signingToken', 'SIGNING-TOKEN', 'Signing_Token'];

function expectRefused(
  seen: Array<[string, unknown]>,
  consoleError: ReturnType<typeof vi.spyOn>,
  name: string,
  element: Element,
) {
  const message = new RegExp(
    `refuses the ${name} attribute \\(a token in the page's HTML\\): set the signingToken property in the browser, or token-url\\.$`,
  );
  expect(seen).toEqual([
    // No attempt started: the element's own misuse carries attemptId "-".
    sdkLoadingError('-', expect.stringMatching(message)),
  ]);
  expect(consoleError).toHaveBeenCalledTimes(1);
  expect(String(consoleError.mock.calls[0][0])).toMatch(/^TypeError: \[contracts-sdk\] <svc-contract-signing> refuses/);
  expect(String(consoleError.mock.calls[0][0])).toMatch(message);
  expect(JSON.stringify(seen) + String(consoleError.mock.calls[0][0])).not.toContain(TOKEN);
  expect([...element.attributes].map((attribute) => attribute.name)).not.toContainEqual(
    expect.stringMatching(/^signing.?token$/i),
  );
  expect(element.outerHTML).not.toContain(TOKEN);
  expect(created).toHaveLength(0);
  expect(document.querySelectorAll('iframe')).toHaveLength(0);
}

let tags = 0;

describe('a token attribute is refused', () => {
  it.each(SPELLINGS)('%s set by setAttribute: removed at once, contract-error, nothing opened', async (name) => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = makeElement({ 'contract-id': 'c-1' });
    element.setAttribute(name, TOKEN);
    expect(element.attributes.length, 'removed in the same task').toBe(2);
    const seen = events(element, ['contract-error']);
    document.body.append(element);
    await settled();
    expectRefused(seen, consoleError, name.toLowerCase(), element);
  });

  it.each(SPELLINGS)('%s in the parsed HTML when the element upgrades (defined after parsing)', async (name) => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const tag = `svc-upgraded-${++tags}`;
    const host = document.createElement('div');
    document.body.append(host);
    // Server-rendered HTML, parsed before the element's script defines it (the test's own markup, not the SDK's).
    host.innerHTML = `<${tag} contract-id="c-1" app-url="https://sign.test:8443" ${name}="${TOKEN}"></${tag}>`;
    const element = host.firstElementChild!;
    const seen = events(element as HTMLElement, ['contract-error']);
    customElements.define(tag, class extends SvcContractSigning {});
    expect(element).toBeInstanceOf(SvcContractSigning);
    // Browsers call attributeChangedCallback for each attribute as the element upgrades; happy-dom does not, so
    // here the check the connection queues finds it (the same scan that finds a name kept in its case).
    await settled();
    expectRefused(seen, consoleError, name.toLowerCase(), element);
  });

  it.each(['signingToken', 'SIGNING-TOKEN'])(
    '%s kept in its case (setAttributeNS, as in an XML document) is found before a session starts',
    async (name) => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
      const element = makeElement({ 'contract-id': 'c-1' });
      element.setAttributeNS(null, name, TOKEN);
      const seen = events(element, ['contract-error']);
      document.body.append(element);
      await settled();
      expect(element.hasAttributeNS(null, name)).toBe(false);
      expectRefused(seen, consoleError, name, element);
    },
  );

  it('on an open session: it ends, and nothing opens again (another attribute changed)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = await connected();
    element.setAttribute('signingtoken', 'x');
    await settled();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    element.setAttribute('contract-id', 'c-2');
    await settled();
    expect(created).toHaveLength(1);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it.each([
    ['the signingToken property', (element: SvcContractSigning) => (element.signingToken = TOKEN)],
    ['token-url', (element: SvcContractSigning) => element.setAttribute('token-url', '/token')],
  ])(
    'sticky: %s set after the refusal (as hydration does) starts nothing and reports nothing more',
    async (_name, setLater) => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
      const fetch = vi.fn();
      vi.stubGlobal('fetch', fetch);
      const element = makeElement({ 'contract-id': 'c-1', signingtoken: TOKEN });
      const seen = events(element, ['contract-error']);
      document.body.append(element);
      await settled();
      setLater(element);
      element.setAttribute('locale', 'fr');
      await settled();
      expectRefused(seen, consoleError, 'signingtoken', element);
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it('other attributes with "token" in their name are options or unknown, never refused', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn());
    const element = makeElement({ 'data-signing-token-id': 'a', 'token-url': '/t' });
    element.signingToken = undefined;
    document.body.append(element);
    await settled();
    expect(element.getAttribute('data-signing-token-id')).toBe('a');
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('a handled misuse', () => {
  it('preventDefault() on contract-error: no console line (unhandled, the TypeError once: above)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = makeElement({ 'contract-id': 'c-1', 'signing-token': TOKEN });
    const seen: Event[] = [];
    element.addEventListener('contract-error', (event) => {
      seen.push(event);
      event.preventDefault();
    });
    document.body.append(element);
    await settled();
    expect(seen.map((event) => [event.cancelable, event.defaultPrevented])).toEqual([[true, true]]);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    element.remove();
  });
});
