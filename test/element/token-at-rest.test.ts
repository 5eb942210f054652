// The token at rest: nothing reachable from <svc-contract-signing> holds the token or any 8-character piece of it,
// however a page, an error monitor or a devtools extension walks the element: own keys (strings and symbols), for…in,
// JSON, a structured clone of its own values. Before and after its session starts, after the token changes, and on an
// element upgraded after a framework set the property.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { SvcContractSigning } from '../../loader/element';
import { TOKEN } from '../unit/fake-app';
import { connected, created, makeElement, settled } from './helpers';

// V8's collector, to see the credential leave memory (a FinalizationRegistry reports it once it was collected).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Resolves true once `value` was collected: collects again while the registry has not answered, 10 times at most. */
async function collected(register: (registry: FinalizationRegistry<string>) => void): Promise<boolean> {
  let done = false;
  const registry = new FinalizationRegistry<string>(() => (done = true));
  register(registry);
  for (let round = 0; round < 10 && !done; round++) {
    collectGarbage();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return done;
}

/** Every 8-character piece of `token`: the debug log's rule, which nothing on the element may hold either. */
const pieces = (token: string) => Array.from({ length: token.length - 7 }, (_, i) => token.slice(i, i + 8));

/**
 * The element's own keys but happy-dom's: it keeps each node's internals under its own symbols, which a browser's
 * element does not have (the e2e specs check a real element, whole).
 */
const ownKeys = (element: HTMLElement) => {
  const domInternals = new Set(Reflect.ownKeys(document.createElement('span')));
  return Reflect.ownKeys(element).filter((key) => !domInternals.has(key));
};

/** Each way a page can walk an element's own state, as text. */
function walks(element: HTMLElement): Record<string, string> {
  const ownValues = ownKeys(element).map((key) => (element as never)[key]);
  const inherited: string[] = [];
  for (const key in element) {
    const value = (element as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string') inherited.push(`${key}=${value}`);
  }
  return {
    'Object.keys': Object.keys(element).join(),
    'Object.getOwnPropertyNames': Object.getOwnPropertyNames(element).join(),
    'Object.getOwnPropertySymbols': ownKeys(element)
      .filter((key) => typeof key === 'symbol')
      .map(String)
      .join(),
    'for…in (each string value)': inherited.join('\n'),
    'JSON.stringify': JSON.stringify(element),
    'structuredClone of its own values': JSON.stringify(structuredClone(ownValues)),
  };
}

function expectNothingOfToken(element: HTMLElement, token = TOKEN) {
  const seen = walks(element);
  for (const [walk, text] of Object.entries(seen)) {
    for (const piece of pieces(token)) expect(text, `${walk} holds "${piece}"`).not.toContain(piece);
  }
  // No own property at all: nothing of the session (and of the SDK instance under it) is reachable either.
  expect(ownKeys(element), 'own keys').toEqual([]);
  expect(seen['JSON.stringify']).toBe('{}');
}

const OTHER_TOKEN = `${TOKEN.slice(8)}-second`;
let tags = 0;

describe('the token at rest: nothing reachable from the element holds any piece of it', () => {
  it('set before and after connection, running, replaced by another string, then a function', async () => {
    const element = makeElement({ 'contract-id': 'c-1' });
    element.signingToken = TOKEN;
    expectNothingOfToken(element);
    document.body.append(element);
    await settled();
    expect(created, 'the session runs with the token').toHaveLength(1);
    expect(created[0].config.signingToken).toBe(TOKEN);
    expectNothingOfToken(element);
    element.signingToken = OTHER_TOKEN;
    await settled();
    expect(created, 'another string: another session').toHaveLength(2);
    expectNothingOfToken(element);
    expectNothingOfToken(element, OTHER_TOKEN);
    element.signingToken = () => TOKEN;
    await settled();
    expectNothingOfToken(element);
    expectNothingOfToken(element, OTHER_TOKEN);
  });

  it('the same string again keeps the session; a new function does not restart it', async () => {
    const element = makeElement({ 'contract-id': 'c-1' });
    element.signingToken = TOKEN;
    document.body.append(element);
    await settled();
    element.signingToken = `${TOKEN}`;
    await settled();
    expect(created).toHaveLength(1);
    element.signingToken = () => TOKEN;
    await settled();
    element.signingToken = () => OTHER_TOKEN;
    await settled();
    expect(created, 'a string, then any function').toHaveLength(2);
  });

  it('on an element upgraded after a framework set the property: nothing of it left once upgraded', async () => {
    const tag = `svc-at-rest-${++tags}`;
    const element = document.createElement(tag) as HTMLElement & { signingToken?: string };
    element.setAttribute('app-url', 'https://sign.test:8443');
    element.setAttribute('contract-id', 'c-1');
    // Before the upgrade the page's own data property holds it: the page put it there, not the element.
    element.signingToken = TOKEN;
    expect(Object.keys(element)).toEqual(['signingToken']);
    document.body.append(element);
    customElements.define(tag, class extends SvcContractSigning {});
    expect(element).toBeInstanceOf(SvcContractSigning);
    await settled();
    expect(created, 'the upgraded element took the token through its accessor').toHaveLength(1);
    expect(created[0].config.signingToken).toBe(TOKEN);
    expect(element.signingToken, 'write-only').toBeUndefined();
    expectNothingOfToken(element);
  });
});

describe('a refused element drops its token (CHANGELOG: "the token and any session are dropped")', () => {
  it('a token function of a running element that then refuses an attribute is collected while the element lives', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = await connected({ 'contract-id': 'c-1' });
    // A function, not a string: only an object can be watched by a FinalizationRegistry. Made in a scope of its
    // own so that the test keeps no reference to it.
    const gone = collected((registry) => {
      const token = () => TOKEN;
      element.signingToken = token;
      registry.register(token, 'the token function');
    });
    await settled();
    expect(created.at(-1)?.config.signingToken, 'a session with the function').toBeTypeOf('function');
    element.setAttribute('signingtoken', 'x');
    await settled();
    expect(document.querySelectorAll('iframe'), 'refused: the session ended').toHaveLength(0);
    expect(await gone, 'collected: nothing of the element holds it').toBe(true);
    expect(element.isConnected, 'the element itself is still alive').toBe(true);
  });
});
