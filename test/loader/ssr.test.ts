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
});
