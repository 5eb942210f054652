// The preconnect hint (issue #22): from construction, one <link rel="preconnect"> per signing-app origin in the
// document's head, shared by every live instance of that origin and removed by the last one's destroy().
import { describe, expect, it } from 'vitest';
import { SvcContracts } from '../../src';
import { APP_ORIGIN, FakeApp, TOKEN, create, makeContainer } from './fake-app';

const OTHER_ORIGIN = 'https://other-sign.test';
let ids = 0;
const container = () => makeContainer(`preconnect-${++ids}`);
/** The preconnect links in the head, as their href attribute (the origin, as the SDK set it). */
const hints = () => [...document.head.querySelectorAll('link[rel="preconnect"]')].map((link) => link.getAttribute('href'));

describe('the preconnect hint', () => {
  it('is in the head from construction, before open(), and stays through open() and close()', async () => {
    expect(hints()).toEqual([]);
    const box = container();
    const sdk = create({}, box);
    expect(hints()).toEqual([APP_ORIGIN]);
    void sdk.open();
    await FakeApp.in(box).ready();
    sdk.close();
    expect(hints()).toEqual([APP_ORIGIN]);
    sdk.destroy();
    expect(hints()).toEqual([]);
  });

  it('is one link for N instances of one origin, removed only by the last destroy()', () => {
    const instances = [create({}, container()), create({ appUrl: `${APP_ORIGIN}/tenant-7f` }, container()), create({}, container())];
    expect(hints()).toEqual([APP_ORIGIN]);
    const link = document.head.querySelector('link[rel="preconnect"]');
    instances[0].destroy();
    instances[1].destroy();
    expect(hints()).toEqual([APP_ORIGIN]);
    expect(document.head.querySelector('link[rel="preconnect"]')).toBe(link); // the same element all along
    instances[2].destroy();
    expect(hints()).toEqual([]);
  });

  it('is one link per origin: different origins get different links, each removed with its own last instance', () => {
    const first = create({}, container());
    const other = create({ appUrl: OTHER_ORIGIN }, container());
    const second = create({}, container());
    expect(hints()).toEqual([APP_ORIGIN, OTHER_ORIGIN]);
    other.destroy();
    expect(hints()).toEqual([APP_ORIGIN]);
    first.destroy();
    expect(hints()).toEqual([APP_ORIGIN]);
    second.destroy();
    expect(hints()).toEqual([]);
  });

  it('destroy() twice gives back one share only', () => {
    const a = create({}, container());
    const b = create({}, container());
    a.destroy();
    a.destroy();
    a.close();
    expect(hints()).toEqual([APP_ORIGIN]);
    b.destroy();
    expect(hints()).toEqual([]);
  });

  it('a link the page removed meanwhile: destroy() does not throw, and a later instance adds a new one', () => {
    const a = create({}, container());
    const b = create({}, container());
    document.head.querySelector('link[rel="preconnect"]')!.remove();
    expect(() => a.destroy()).not.toThrow();
    expect(() => b.destroy()).not.toThrow();
    expect(hints()).toEqual([]);
    const c = create({}, container());
    expect(hints()).toEqual([APP_ORIGIN]);
    c.destroy();
    expect(hints()).toEqual([]);
  });

  it('a constructor that throws takes no share (the container was in use)', () => {
    const box = container();
    const a = create({}, box);
    expect(() => new SvcContracts(box, { signingToken: TOKEN, appUrl: APP_ORIGIN })).toThrow(/container is used by another SvcContracts instance/);
    expect(() => new SvcContracts(container(), { signingToken: TOKEN, appUrl: 'http://sign.test' })).toThrow(/config.appUrl must be an https: URL/);
    expect(hints()).toEqual([APP_ORIGIN]);
    a.destroy();
    expect(hints()).toEqual([]);
  });

  it('has rel and href only (the origin: no path, no token), whatever the appUrl and token', () => {
    const sdk = create({ appUrl: `${APP_ORIGIN}/tenant-7f/`, signingToken: TOKEN }, container());
    const fn = create({ appUrl: OTHER_ORIGIN, signingToken: () => TOKEN }, container());
    for (const link of document.head.querySelectorAll('link')) {
      expect(link.getAttributeNames().sort()).toEqual(['href', 'rel']);
      expect(link.rel).toBe('preconnect');
    }
    expect(hints()).toEqual([APP_ORIGIN, OTHER_ORIGIN]);
    void sdk.open();
    void fn.open();
    expect(document.head.outerHTML).not.toContain(TOKEN);
    expect(document.head.outerHTML).not.toContain('tenant-7f');
  });
});
