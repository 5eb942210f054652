import { describe, expect, it, vi } from 'vitest';
import { SvcContracts } from '../../src';
import { APP_URL, TOKEN, create, makeContainer } from './fake-app';

/** Calls `fn`, expects a TypeError matching `pattern`, and checks the message never carries the token. */
function expectConfigError(fn: () => unknown, pattern: RegExp): void {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(TypeError);
  const message = (thrown as Error).message;
  expect(message).toMatch(/^\[contracts-sdk\] /);
  expect(message).toMatch(pattern);
  expect(message).not.toContain(TOKEN);
  expect(message).not.toContain('tok-7f3a9c2e');
}

const good = { signingToken: TOKEN, appUrl: APP_URL };

describe('container argument', () => {
  it('throws when the id matches no element, saying how to fix it', () => {
    expectConfigError(
      () => new SvcContracts('missing', good),
      /no element has id "missing": create it first, or pass the element/,
    );
  });

  it('never echoes the token when it is passed as the container id by mistake', () => {
    expectConfigError(() => new SvcContracts(TOKEN, good), /no element has id "\[redacted\]"/);
  });

  it.each([
    ['a number', 42, /got number/],
    ['null', null, /got null/],
    ['undefined', undefined, /got undefined/],
    ['a plain object', { id: 'x' }, /got object/],
    ['an empty string', '', /no element has id ""/],
  ])('throws for %s', (_label, container, pattern) => {
    expectConfigError(() => new SvcContracts(container as never, good), pattern);
  });

  it('accepts an id or an element', () => {
    makeContainer('by-id');
    expect(() => create({}, 'by-id')).not.toThrow();
    expect(() => create({}, makeContainer('el'))).not.toThrow();
  });

  it('refuses a container already held by another live instance, until that one is destroyed', () => {
    const element = makeContainer();
    const first = create({}, element);
    expectConfigError(
      () => new SvcContracts(element, good),
      /container is in use: destroy\(\) its SvcContracts first, or use another container/,
    );
    first.destroy();
    expect(() => create({}, element)).not.toThrow();
  });
});

describe('config', () => {
  it.each([
    ['missing', {}, /signingToken is required: the signing_token, or a function returning it/],
    ['empty', { signingToken: '' }, /signingToken is required/],
    ['blank', { signingToken: '   ' }, /signingToken is required/],
    ['a number', { signingToken: 123 }, /signingToken must be a string or function, got number/],
    ['an object', { signingToken: { token: 'x' } }, /signingToken must be a string or function, got object/],
  ])('throws when signingToken is %s', (_label, config, pattern) => {
    makeContainer('c');
    expectConfigError(() => new SvcContracts('c', { appUrl: APP_URL, ...config } as never), pattern);
  });

  it.each([
    [null, 'null'],
    [undefined, 'undefined'],
    ['token', 'string'],
    [['x'], 'array'],
  ])('throws when config is %s', (config, kind) => {
    makeContainer('c');
    expectConfigError(
      () => new SvcContracts('c', config as never),
      new RegExp(`^\\[contracts-sdk\\] config must be an object, got ${kind}\\.$`),
    );
  });

  it.each([
    ['contractId', 7, /contractId must be a string, got number/],
    ['debug', 'yes', /debug must be a boolean, got string/],
    ['width', true, /width must be pixels or a CSS length like "100%", got boolean/],
    ['height', null, /height must be pixels or a CSS length/],
    ['width', -1, /width must be/],
    ['height', Number.NaN, /height must be/],
    ['width', Infinity, /width must be/],
    ['height', '', /height must be/],
    ['environment', 'staging', /environment must be "production" or "qa", got "staging"/],
    ['environment', 1, /environment must be a string, got number/],
    ['appUrl', 5, /appUrl must be a string, got number/],
    [
      'appUrl',
      'not a url',
      /appUrl must be an https: URL \(http: on localhost only\) without credentials, query or fragment\.$/,
    ],
    ['appUrl', 'http://sign.example.com', /must be an https: URL/],
    ['appUrl', 'ftp://localhost', /must be an https: URL/],
    ['appUrl', 'https://sign.test/?x=1', /without credentials, query or fragment/],
    ['appUrl', 'https://sign.test/#x', /without credentials/],
    ['appUrl', 'https://user:pw@sign.test', /without credentials/],
    ['appUrl', `https://sign.test/${TOKEN}`, /appUrl must not contain the signing token/],
    ['loadTimeout', '5000', /loadTimeout must be a number, got string/],
    ['loadTimeout', Number.NaN, /loadTimeout must be 1 to 2147483647 ms, got NaN/],
    ['loadTimeout', 0, /loadTimeout must be 1 to 2147483647 ms, got 0/],
    ['loadTimeout', -5, /loadTimeout must be/],
    ['loadTimeout', 2 ** 31, /loadTimeout must be/],
    ['signing_token', 'x', /config.signing_token is not an option. Options: signingToken, contractId/],
    ['minHeight', 100, /config.minHeight and maxHeight need height: "auto"/],
    ['maxHeight', '400', /maxHeight must be a number, got string/],
    ['locale', 'en_US', /config.locale must be a BCP 47 tag like "de-DE", got "en_US"/],
    ['locale', '', /config.locale must be a BCP 47 tag/],
    ['locale', ['de'], /config.locale must be a string, got array/],
    ['locale', `x-${TOKEN}`, /config.locale must be a BCP 47 tag/],
    ['title', '  ', /config.title must not be empty/],
    ['title', 3, /config.title must be a string, got number/],
  ])('throws when %s is %s', (option, value, pattern) => {
    makeContainer('c');
    expectConfigError(() => new SvcContracts('c', { ...good, [option]: value } as never), pattern);
  });

  it('rejects a CSS string the browser does not accept', () => {
    vi.stubGlobal('CSS', { supports: (_property: string, value?: string) => value !== 'wide' });
    makeContainer('c');
    expectConfigError(() => new SvcContracts('c', { ...good, width: 'wide' }), /width must be .* got "wide"/);
  });

  it.each([
    'http://localhost:8080',
    'http://127.0.0.1:9000/base/',
    'http://[::1]:3000',
    'https://sign.example.com/app',
  ])('accepts appUrl %s', (appUrl) => {
    expect(() => create({ appUrl })).not.toThrow();
  });

  it('leaves no DOM behind and holds no container when it throws', () => {
    const element = makeContainer();
    expect(() => new SvcContracts(element, { ...good, width: true as never })).toThrow();
    expect(element.childNodes.length).toBe(0);
    expect(() => create({}, element)).not.toThrow();
  });
});
