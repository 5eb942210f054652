// <svc-contract-signing token-url>: the element POSTs to the partner's own route for the token at each attempt and
// renewal; another origin, an unparsable URL or both token sources are a misuse; each failed answer is the same
// loading_error as a failing token function, naming what failed and never the answer's text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SvcContractSigning } from '../../loader/element';
import { withoutPrototype } from '../../src/values';
import { ATTEMPT_ID, APP_URL, FakeApp, TOKEN, envelope } from '../unit/fake-app';
import { created, events, makeElement, sdkLoadingError, settled } from './helpers';

const ROUTE = '/api/signing-token';
/** Text the server controls (body, status text): never in a message. */
const SERVER_TEXT = 'server-said-SECRET-body';

/** The answer of the token route: JSON with the token unless told otherwise. */
function answer(body: string = JSON.stringify({ signingToken: TOKEN }), init: ResponseInit = {}): Response {
  return new Response(body, {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...(init.headers as object) },
  });
}

/** fetch, stubbed: each call answers with the next of `answers` (a Response, or an Error to reject with). */
function stubFetch(...answers: Array<Response | Error>) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => {
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** An element with token-url in the document, its contract-error events and console.error recorded. */
async function withTokenUrl(url = ROUTE) {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  const element = makeElement({ 'contract-id': 'c-1', 'token-url': url });
  const seen = events(element, ['contract-error', 'contract-loading', 'contract-ready']);
  document.body.append(element);
  await settled();
  return { element, seen, consoleError, errors: () => seen.filter(([name]) => name === 'contract-error') };
}

describe('token-url: the request and the success path', () => {
  it("POSTs to the page's own route (same-origin cookies, no cache, no redirect, the CSRF header) and signs", async () => {
    const fetch = stubFetch(answer());
    const { element, seen } = await withTokenUrl();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(String(url)).toBe(new URL(ROUTE, document.baseURI).href);
    expect(init).toEqual({
      method: 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      redirect: 'error',
      headers: { 'X-Requested-With': 'contracts-sdk' },
    });
    expect(created).toHaveLength(1);
    const app = FakeApp.in(element);
    const { message } = app.handshake();
    expect(message).toMatchObject({ signingToken: TOKEN });
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    expect(seen.map(([name]) => name)).toEqual(['contract-loading', 'contract-ready']);
    expect(element.tokenUrl).toBe(ROUTE);
  });

  it('asks the route again at each renewal, and at a new attempt', async () => {
    const fetch = stubFetch(answer(), answer(JSON.stringify({ signingToken: `${TOKEN}-renewed` })));
    const { element } = await withTokenUrl();
    const app = FakeApp.in(element);
    app.handshake(envelope('hello', { features: ['renew'] }));
    await app.sendAll([envelope('loaded'), envelope('ready')]);
    const { messages, received } = app.listen();
    await app.send(envelope('renew'));
    await received(1);
    expect(messages).toEqual([envelope('renewed', { signingToken: `${TOKEN}-renewed` })]);
    expect(fetch).toHaveBeenCalledTimes(2);
    element.close();
    void element.open();
    await settled();
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('the tokenUrl property reflects the attribute; a new URL is a new session', async () => {
    stubFetch(answer());
    const { element } = await withTokenUrl();
    element.tokenUrl = '/api/other-token';
    expect(element.getAttribute('token-url')).toBe('/api/other-token');
    await settled();
    expect(created).toHaveLength(2);
    element.tokenUrl = null;
    await settled();
    expect(element.hasAttribute('token-url')).toBe(false);
    expect(document.querySelectorAll('iframe'), 'no token source: no session').toHaveLength(0);
  });

  it('a tokenUrl property set before the element is defined (as a framework may) becomes the attribute', async () => {
    const fetch = stubFetch(answer());
    const tag = 'svc-token-url-upgraded';
    const element = document.createElement(tag) as SvcContractSigning;
    element.setAttribute('app-url', APP_URL);
    element.tokenUrl = ROUTE;
    document.body.append(element);
    customElements.define(tag, class extends SvcContractSigning {});
    await settled();
    expect(element.getAttribute('token-url')).toBe(ROUTE);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(created).toHaveLength(1);
  });

  it('the token is in no attribute, event, message or log line', async () => {
    stubFetch(answer());
    const { element, seen, consoleError } = await withTokenUrl();
    const app = FakeApp.in(element);
    app.handshake();
    await app.send(envelope('error', { code: 'not_found' }));
    const attributes = [...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`).join(' ');
    expect(
      attributes + element.outerHTML + JSON.stringify(seen) + JSON.stringify(consoleError.mock.calls),
    ).not.toContain(TOKEN);
  });
});

/**
 * What a page's polluted Object.prototype offers each member that fetch() reads from its init (and the headers' own
 * iterator, which would make the record a list of pairs): each would change or fail the request if inherited.
 */
const POLLUTED_INIT: Record<PropertyKey, unknown> = {
  mode: 'no-cors', // drops X-Requested-With: the route answers 403
  credentials: 'include',
  integrity: 'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=', // fails the request
  redirect: 'follow',
  referrer: 'https://evil.test/',
  referrerPolicy: 'unsafe-url',
  cache: 'force-cache',
  signal: AbortSignal.abort(),
  method: 'GET',
  body: 'forged',
  keepalive: true,
  priority: 'low',
  duplex: 'half',
  window: {},
  headers: { 'X-Requested-With': 'forged' },
  [Symbol.iterator]: function* () {
    yield ['X-Forged', 'yes'];
  },
};

describe('token-url: a polluted Object.prototype changes no request', () => {
  it('the init and its headers have no prototype: each member fetch() reads is our own, or absent', async () => {
    const fetch = stubFetch(answer());
    const proto = Object.prototype as Record<PropertyKey, unknown>;
    const keys = Reflect.ownKeys(POLLUTED_INIT);
    for (const key of keys) Object.defineProperty(proto, key, { value: POLLUTED_INIT[key], configurable: true });
    let init: RequestInit & Record<PropertyKey, unknown>;
    let headers: Record<PropertyKey, unknown>;
    let read: Record<PropertyKey, unknown>;
    try {
      await withTokenUrl();
      init = fetch.mock.calls[0][1] as typeof init;
      headers = init.headers as typeof headers;
      // What a browser's dictionary conversion sees, read while the prototype is still polluted.
      read = Object.fromEntries(keys.filter((key) => typeof key === 'string').map((key) => [key, init[key]]));
      read.headersIterator = headers[Symbol.iterator];
      read.iterator = init[Symbol.iterator];
    } finally {
      for (const key of keys) delete proto[key];
    }
    expect(Object.getPrototypeOf(init)).toBeNull();
    expect(Object.getPrototypeOf(headers)).toBeNull();
    expect(read).toEqual({
      mode: undefined,
      credentials: 'same-origin',
      integrity: undefined,
      redirect: 'error',
      referrer: undefined,
      referrerPolicy: undefined,
      cache: 'no-store',
      signal: undefined,
      method: 'POST',
      body: undefined,
      keepalive: undefined,
      priority: undefined,
      duplex: undefined,
      window: undefined,
      headers: withoutPrototype({ 'X-Requested-With': 'contracts-sdk' }),
      headersIterator: undefined,
      iterator: undefined,
    });
    expect(created, 'the session starts with the answered token').toHaveLength(1);
  });
});

describe('token-url: each failed answer is a loading_error naming what failed', () => {
  const failures: Array<[string, () => Response | Error, RegExp]> = [
    [
      'a 403',
      () => answer(SERVER_TEXT, { status: 403, statusText: SERVER_TEXT }),
      /^\[contracts-sdk\] token-url answered 403: expected 2xx application\/json \{"signingToken": "…"\}\.$/,
    ],
    [
      'a 500',
      () => answer(JSON.stringify({ signingToken: TOKEN }), { status: 500 }),
      /^\[contracts-sdk\] token-url answered 500: expected 2xx application\/json \{"signingToken": "…"\}\.$/,
    ],
    [
      'text/html',
      () => answer(SERVER_TEXT, { headers: { 'Content-Type': 'text/html' } }),
      /token-url answered 200: expected 2xx application\/json \{"signingToken": "…"\}\.$/,
    ],
    [
      'no Content-Type',
      () => new Response(new Blob([JSON.stringify({ signingToken: TOKEN })]), { status: 200 }),
      /token-url answered 200: expected 2xx application\/json \{"signingToken": "…"\}\.$/,
    ],
    [
      'application/jsonx',
      () => answer(JSON.stringify({ signingToken: TOKEN }), { headers: { 'Content-Type': 'application/jsonx' } }),
      /token-url answered 200: expected 2xx application\/json \{"signingToken": "…"\}\.$/,
    ],
    [
      'unparsable JSON',
      () => answer(`{"${SERVER_TEXT}`),
      /token-url answered 200: expected 2xx application\/json \{"signingToken": "…"\}\.$/,
    ],
    [
      'no signingToken',
      () => answer(JSON.stringify({ token: SERVER_TEXT })),
      /token-url answered 200: expected 2xx application\/json \{"signingToken": "…"\}\.$/,
    ],
    [
      'an empty signingToken',
      () => answer(JSON.stringify({ signingToken: ' ' })),
      /token-url answered 200: expected 2xx application\/json \{"signingToken": "…"\}\.$/,
    ],
    [
      'a number',
      () => answer(JSON.stringify({ signingToken: 42 })),
      /token-url answered 200: expected 2xx application\/json \{"signingToken": "…"\}\.$/,
    ],
    [
      'JSON null',
      () => answer('null'),
      /token-url answered 200: expected 2xx application\/json \{"signingToken": "…"\}\.$/,
    ],
    [
      'an array',
      () => answer(JSON.stringify([TOKEN])),
      /token-url answered 200: expected 2xx application\/json \{"signingToken": "…"\}\.$/,
    ],
    [
      'a network error or a redirect',
      () => new TypeError(`Failed to fetch ${SERVER_TEXT}`),
      /^\[contracts-sdk\] token-url failed \(network, redirect or connect-src\)\.$/,
    ],
  ];

  it.each(failures)('%s: contract-error loading_error from the SDK, no frame left', async (_name, make, message) => {
    stubFetch(make());
    const { element, errors } = await withTokenUrl();
    expect(errors()).toEqual([sdkLoadingError(expect.stringMatching(ATTEMPT_ID), expect.stringMatching(message))]);
    expect(JSON.stringify(errors())).not.toContain(SERVER_TEXT);
    expect(JSON.stringify(errors())).not.toContain(TOKEN);
    expect(element.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('the docs quote the messages as the element writes them (a 403, a network failure)', async () => {
    const written: string[] = [];
    for (const failure of [answer(SERVER_TEXT, { status: 403 }), new TypeError('Failed to fetch')]) {
      stubFetch(failure);
      const { errors } = await withTokenUrl();
      written.push((errors()[0][1] as { message: string }).message.replace('[contracts-sdk] ', ''));
      document.body.replaceChildren();
    }
    // Each document names the 403's message; troubleshooting.md the network failure's too (line breaks as spaces).
    const docs = (name: string) => readFileSync(join(__dirname, '..', '..', 'docs', name), 'utf8').replace(/\s+/g, ' ');
    for (const name of ['server-rendered.md', 'frameworks.md', 'troubleshooting.md'])
      expect(docs(name)).toContain(written[0]);
    expect(docs('troubleshooting.md')).toContain(written[1].replace(/\.$/, ''));
  });

  it("a loading_error while the token request is under way keeps the SDK's message (the browser went offline)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { errors } = await withTokenUrl();
    window.dispatchEvent(new Event('offline'));
    expect(errors()).toEqual([sdkLoadingError(expect.stringMatching(ATTEMPT_ID), 'The browser is offline.')]);
  });

  it("another loading_error after a token was answered keeps the SDK's message (the browser went offline)", async () => {
    stubFetch(answer());
    const { errors } = await withTokenUrl();
    window.dispatchEvent(new Event('offline'));
    expect(errors()).toEqual([sdkLoadingError(expect.stringMatching(ATTEMPT_ID), 'The browser is offline.')]);
  });

  it("a polluted Object.prototype's signingToken is no answer: only the JSON's own property counts", async () => {
    stubFetch(answer('{}'));
    Object.defineProperty(Object.prototype, 'signingToken', { value: TOKEN, configurable: true });
    try {
      const { errors } = await withTokenUrl();
      expect(errors()).toEqual([
        [
          'contract-error',
          expect.objectContaining({
            message: expect.stringMatching(
              /token-url answered 200: expected 2xx application\/json \{"signingToken": "…"\}\.$/,
            ),
          }),
        ],
      ]);
      expect(created[0].instance, 'constructed, then failed on the token').toBeDefined();
    } finally {
      delete (Object.prototype as Record<string, unknown>).signingToken;
    }
  });

  it("after a failure, open() asks again; an error that is not the token's keeps the SDK's message", async () => {
    stubFetch(answer('', { status: 503 }), answer());
    const { element, errors } = await withTokenUrl();
    expect(errors()).toHaveLength(1);
    void element.open();
    await settled();
    const app = FakeApp.in(element);
    app.handshake();
    await app.send(envelope('error', { code: 'not_found', message: 'expired' }));
    expect(errors()[1]).toEqual([
      'contract-error',
      {
        contractId: 'c-1',
        attemptId: expect.stringMatching(ATTEMPT_ID),
        code: 'not_found',
        message: 'expired',
        source: 'app',
      },
    ]);
  });
});

describe('token-url: misuse at the start, nothing opened, no request', () => {
  const misuses: Array<[string, string, RegExp]> = [
    [
      'another origin',
      'https://tokens.example/api/signing-token',
      /token-url must be of this page's origin \(http:\/\/[^)]+\), not https:\/\/tokens\.example\.$/,
    ],
    [
      'another scheme of the same host',
      location.href.replace(/^http:/, 'https:'),
      /token-url must be of this page's origin \(http:[^)]+\), not https:/,
    ],
    ['a javascript: URL', 'javascript:alert(1)', /token-url must be of this page's origin \(.+\), not null\.$/],
    ['an unparsable URL', 'http://[::1', /token-url must be of this page's origin \(.+\), not unparsable\.$/],
  ];

  it.each(misuses)('%s: contract-error and console.error name it', async (_name, url, message) => {
    const fetch = stubFetch(answer());
    const { element, errors, consoleError } = await withTokenUrl(url);
    expect(errors()).toEqual([sdkLoadingError('-', expect.stringMatching(message))]);
    expect(String(consoleError.mock.calls[0][0])).toMatch(message);
    expect(String(consoleError.mock.calls[0][0])).toMatch(/^TypeError: \[contracts-sdk\] /);
    expect(fetch).not.toHaveBeenCalled();
    expect(created).toHaveLength(0);
    expect(element.childElementCount).toBe(0);
  });

  it('the signingToken property set on a running token-url session ends it with the same misuse', async () => {
    stubFetch(answer());
    const { element, errors } = await withTokenUrl();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    element.signingToken = TOKEN;
    await settled();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(errors()).toEqual([
      ['contract-error', expect.objectContaining({ message: expect.stringMatching(/token-url: use one\.$/) })],
    ]);
  });

  it('resolves a relative URL against the base URL of the document', async () => {
    const fetch = stubFetch(answer());
    await withTokenUrl('signing-token?for=loan-42');
    expect(String(fetch.mock.calls[0][0])).toBe(new URL('signing-token?for=loan-42', document.baseURI).href);
  });

  it('both the signingToken property and token-url: "use one", nothing opened', async () => {
    const fetch = stubFetch(answer());
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = makeElement({ 'contract-id': 'c-1', 'token-url': ROUTE });
    element.signingToken = TOKEN;
    const seen = events(element, ['contract-error']);
    document.body.append(element);
    await settled();
    const message = /<svc-contract-signing> has both the signingToken property and token-url: use one\.$/;
    expect(seen).toEqual([
      ['contract-error', expect.objectContaining({ code: 'loading_error', message: expect.stringMatching(message) })],
    ]);
    expect(String(consoleError.mock.calls[0][0])).toMatch(message);
    expect(fetch).not.toHaveBeenCalled();
    expect(created).toHaveLength(0);
    expect(JSON.stringify(seen) + String(consoleError.mock.calls[0][0])).not.toContain(TOKEN);
    element.signingToken = null;
    await settled();
    expect(created, 'one source left: the session starts').toHaveLength(1);
  });
});
