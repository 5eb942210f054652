// Changes to src/ that once went unnoticed by the suite (issue 12): each test here fails when its line breaks.
import { describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../src/config';
import { DEFAULT_APP_URLS, buildConstants, signingAppUrl } from '../../lib/build-constants.mjs';
import { SvcContracts } from '../../src';
import { createLogger } from '../../src/logger';
import { APP_URL, FakeApp, TOKEN, create, envelope, makeContainer, record } from './fake-app';

describe('behaviour that must not drift', () => {
  it('an app error after ready is reported (allowed until completed)', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    const events = record(sdk);
    void sdk.open();
    const app = FakeApp.in(container);
    await app.ready();
    await app.send(envelope('error', { code: 'not_found' }));
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready', 'contract.error']);
  });

  it('a once() handler does not make the next handler of the same event skip', () => {
    const sdk = create();
    const first = vi.fn();
    const second = vi.fn();
    sdk.once('contract.loading', first).on('contract.loading', second);
    void sdk.open();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('a second destroy() does not release a container another live instance now holds', () => {
    const element = makeContainer();
    const first = new SvcContracts(element, { signingToken: TOKEN, appUrl: APP_URL });
    first.destroy();
    const second = create({}, element);
    first.destroy();
    expect(() => new SvcContracts(element, { signingToken: TOKEN, appUrl: APP_URL })).toThrow(
      /container is in use: destroy\(\) its SvcContracts first/,
    );
    second.destroy();
  });

  it.each([
    ['production', undefined],
    ['production', 'production'],
    ['qa', 'qa'],
  ] as const)('environment %s (given as %s) loads its built-in signing app', (environment, given) => {
    const container = makeContainer();
    const sdk = new SvcContracts(
      container,
      given ? { signingToken: TOKEN, environment: given } : { signingToken: TOKEN },
    );
    void sdk.open();
    expect(FakeApp.in(container).iframe.src).toBe(`${DEFAULT_APP_URLS[environment]}/embed`);
    sdk.destroy();
  });

  it('build-time signing-app URLs: overridable by environment variables, refused when not https', () => {
    const constants = buildConstants('9.9.9', {
      SVC_APP_URL_PRODUCTION: 'https://sign.partner-prod.example',
      SVC_APP_URL_QA: 'https://sign.partner-qa.example',
    });
    expect(constants.__SVC_APP_URL_PRODUCTION__).toBe('"https://sign.partner-prod.example"');
    expect(constants.__SVC_APP_URL_QA__).toBe('"https://sign.partner-qa.example"');
    expect(buildConstants('9.9.9', {}).__SVC_APP_URL_PRODUCTION__).toBe(JSON.stringify(DEFAULT_APP_URLS.production));
    for (const bad of [
      'http://sign.example',
      'https://sign.example/?x=1',
      'https://u:p@sign.example',
      'sign.example',
    ]) {
      expect(() => signingAppUrl('SVC_APP_URL_QA', bad)).toThrow(
        /SVC_APP_URL_QA must be an absolute https: URL without credentials, query or fragment/,
      );
    }
  });

  it('loadTimeout defaults to 30000 ms', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const sdk = create();
    const events = record(sdk);
    void sdk.open();
    FakeApp.in(document.getElementById('signing')!).handshake();
    vi.advanceTimersByTime(29_999);
    expect(events.names()).toEqual(['contract.loading']);
    vi.advanceTimersByTime(1);
    expect(events.seen.at(-1)?.[1]).toMatchObject({
      code: 'loading_error',
      message: 'The signing experience was not ready within 30000 ms.',
    });
  });

  it('the debug logger redacts every detail it prints, not only the step', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    createLogger({ debug: true } as Settings, TOKEN)(`step ${TOKEN}`, { nested: [TOKEN] }, TOKEN, `text ${TOKEN}`);
    const printed = JSON.stringify(log.mock.calls);
    expect(printed).not.toContain(TOKEN);
    expect(log.mock.calls[0]).toEqual([
      '[contracts-sdk] - step [redacted]',
      '{"nested":["[redacted]"]}',
      '[redacted]',
      'text [redacted]',
    ]);
  });

  it('every window listener the warm frame and its attempt add (message, offline) is removed by close()', () => {
    const added: string[] = [];
    const removed: string[] = [];
    const add = window.addEventListener.bind(window);
    const remove = window.removeEventListener.bind(window);
    vi.spyOn(window, 'addEventListener').mockImplementation((type, ...rest) => (added.push(type), add(type, ...rest)));
    vi.spyOn(window, 'removeEventListener').mockImplementation(
      (type, ...rest) => (removed.push(type), remove(type, ...rest)),
    );
    const sdk = create({ warm: true });
    expect(added).toEqual(['message']); // the warm frame's channel, from construction
    void sdk.open();
    expect(added.sort()).toEqual(['message', 'offline']); // open() takes that channel
    sdk.close();
    expect(removed.sort()).toEqual(['message', 'offline']);
  });
});
