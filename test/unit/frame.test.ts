import { describe, expect, it } from 'vitest';
import { APP_URL, FakeApp, TOKEN, create, makeContainer } from './fake-app';

function frameOf(config: Parameters<typeof create>[0] = {}) {
  const container = makeContainer();
  void create(config, container).open();
  return FakeApp.in(container).iframe;
}

describe('the iframe', () => {
  it('loads the embed page with nothing derived from the token in its address', () => {
    const iframe = frameOf();
    expect(iframe.getAttribute('src')).toBe(`${APP_URL}/embed`);
    const url = new URL(iframe.src);
    expect(url.search).toBe('');
    expect(url.hash).toBe('');
  });

  it('joins a base path without doubling slashes', () => {
    expect(frameOf({ appUrl: 'http://127.0.0.1:9000/signing/' }).getAttribute('src')).toBe(
      'http://127.0.0.1:9000/signing/embed',
    );
  });

  it('has an accessible title, a minimal allow list, a sandbox without top navigation, a strict referrer policy', () => {
    const iframe = frameOf();
    expect(iframe.getAttribute('title')).toBe('Contract signing');
    expect(iframe.getAttribute('allow')).toBe('camera');
    const sandbox = iframe.getAttribute('sandbox')!.split(' ');
    expect(sandbox).toEqual(
      expect.arrayContaining(['allow-scripts', 'allow-same-origin', 'allow-forms', 'allow-popups']),
    );
    expect(sandbox.some((token) => token.startsWith('allow-top-navigation'))).toBe(false);
    expect(sandbox).not.toContain('allow-modals');
    expect(iframe.getAttribute('referrerpolicy')).toBe('strict-origin');
  });

  it.each([
    [{}, '100%', '600px'],
    [{ width: 480, height: 720 }, '480px', '720px'],
    [{ width: '100%', height: '80vh' }, '100%', '80vh'],
    [{ width: 0, height: '40rem' }, '0px', '40rem'],
  ])('sizes %o as width %s, height %s', (config, width, height) => {
    const iframe = frameOf(config);
    expect(iframe.style.width).toBe(width);
    expect(iframe.style.height).toBe(height);
  });

  it('never puts the token in the DOM', async () => {
    const container = makeContainer();
    void create({ contractId: 'c-1', debug: false }, container).open();
    await FakeApp.in(container).ready();
    expect(document.documentElement.outerHTML).not.toContain(TOKEN);
  });
});
