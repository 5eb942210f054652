// @vitest-environment node
// Server-side rendering: with no window and no document, importing either entry does nothing and throws nothing,
// and loadSvcSDK() resolves null (even with options), so a component can call it unconditionally.
import { describe, expect, it } from 'vitest';

describe('the loader on a server', () => {
  it.each(['index', 'pure'])('%s: imports without side effects; loadSvcSDK() resolves null', async (entry) => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    const loader = await import(`../../loader/${entry}.ts`);
    await expect(loader.loadSvcSDK()).resolves.toBeNull();
    await expect(loader.loadSvcSDK({ cdnUrl: 'https://cdn.example.com', nonce: 'n' })).resolves.toBeNull();
  });

  // A partner's SSR and its tests in Node see a wrong option at once, not only later in a browser.
  it.each([
    ['a misspelt cdnUrl', { cdnUrl: 'htps://cdn.example.com' }, /cdnUrl must be an https: URL/],
    ['an http: cdnUrl off loopback', { cdnUrl: 'http://cdn.example.com' }, /cdnUrl must be an https: URL/],
    ['an unknown option', { cdn: 'https://cdn.example.com' }, /cdn is not an option/],
    ['an empty nonce', { nonce: '' }, /nonce must be the non-empty nonce/],
  ])('rejects %s with a TypeError on a server too', async (_, options, message) => {
    const loader = await import('../../loader/pure');
    const error = await loader.loadSvcSDK(options as never).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(message);
  });
});
