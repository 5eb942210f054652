// <svc-contract-signing>: when a session starts, is kept, is replaced and ends, in every order of connect, token,
// attribute change, move and removal.
import { describe, expect, it } from 'vitest';
import { FakeApp, TOKEN, envelope } from '../unit/fake-app';
import { connected, created, makeElement, settled } from './helpers';

const frames = () => document.querySelectorAll('iframe');

describe('<svc-contract-signing> lifecycle', () => {
  it('connected first, then given the token: one session, its frame inside the element', async () => {
    const element = makeElement();
    document.body.append(element);
    await settled();
    expect(created).toHaveLength(0);
    element.signingToken = TOKEN;
    await settled();
    expect(created).toHaveLength(1);
    expect(element.querySelectorAll('iframe')).toHaveLength(1);
    expect(FakeApp.in(element).handshake().message.signingToken).toBe(TOKEN);
  });

  it('given the token first, then connected: one session', async () => {
    const element = makeElement();
    element.signingToken = TOKEN;
    await settled();
    expect(created).toHaveLength(0);
    document.body.append(element);
    await settled();
    expect(created).toHaveLength(1);
    expect(frames()).toHaveLength(1);
  });

  it('attributes and properties set in one task start one session with all of them', async () => {
    const element = makeElement();
    document.body.append(element);
    element.signingToken = TOKEN;
    element.setAttribute('contract-id', 'c-1');
    element.locale = 'de-de';
    await settled();
    expect(created).toHaveLength(1);
    expect(created[0].config).toMatchObject({ contractId: 'c-1', locale: 'de-de' });
  });

  it('removed while loading: the frame goes, the instance is destroyed, nothing is left in the element', async () => {
    const element = await connected();
    const frame = frames()[0];
    element.remove();
    await settled();
    expect(frame.isConnected).toBe(false);
    expect(element.childElementCount).toBe(0);
    expect(() => created[0].instance.on('contract.ready', () => {})).toThrow(/destroy/);
  });

  it('removed before the SDK loaded: nothing is created', async () => {
    const element = makeElement();
    element.signingToken = TOKEN;
    document.body.append(element);
    element.remove();
    await settled();
    expect(created).toHaveLength(0);
    expect(frames()).toHaveLength(0);
  });

  it('moved within the page (removed and inserted in one task, as a keyed list moves it) keeps a signed session', async () => {
    const other = document.createElement('section');
    document.body.append(other);
    const element = await connected();
    const app = FakeApp.in(element);
    await app.ready();
    await app.send(envelope('completed'));
    other.append(element); // a move: disconnected and connected again at once
    document.body.insertBefore(element, other);
    await settled();
    expect(created).toHaveLength(1);
    expect(element.querySelector('iframe')).toBe(app.iframe);
  });

  it('removed, then inserted again later: the old session ended, a new one starts', async () => {
    const element = await connected();
    element.remove();
    await settled();
    document.body.append(element);
    await settled();
    expect(created).toHaveLength(2);
    expect(frames()).toHaveLength(1);
  });

  it('a new token string starts a new session in place of the old one; the same string again does not', async () => {
    const element = await connected();
    const first = frames()[0];
    element.signingToken = TOKEN;
    await settled();
    expect(created).toHaveLength(1);
    element.signingToken = `${TOKEN}-2`;
    await settled();
    expect(first.isConnected).toBe(false);
    expect(created).toHaveLength(2);
    expect(FakeApp.in(element).handshake().message.signingToken).toBe(`${TOKEN}-2`);
  });

  it('a new token function does not restart; the latest function is asked at the next attempt', async () => {
    const asked: string[] = [];
    const element = makeElement();
    element.signingToken = () => (asked.push('first'), TOKEN);
    document.body.append(element);
    await settled();
    element.signingToken = () => (asked.push('second'), TOKEN);
    await settled();
    expect(created).toHaveLength(1);
    expect(asked).toEqual(['first']);
    const app = FakeApp.in(element);
    app.handshake();
    await app.send(envelope('error', { code: 'not_found' }));
    void element.open(); // settles at ready or error, which this fake app never sends again
    await settled();
    expect(asked).toEqual(['first', 'second']);
    expect(created).toHaveLength(1);
  });

  it('after an error, attribute changes that keep the session start no retry (issue #43)', async () => {
    const element = makeElement();
    const asked: string[] = [];
    element.signingToken = () => (asked.push('token'), TOKEN);
    document.body.append(element);
    await settled();
    const app = FakeApp.in(element);
    await app.ready();
    await app.send(envelope('error', { code: 'not_found' }));
    element.setAttribute('app-url', element.getAttribute('app-url')!); // the same value again
    element.setAttribute('hidden', '');
    await settled();
    element.removeAttribute('hidden');
    await settled();
    expect(asked).toEqual(['token']);
    expect(element.querySelector('iframe')).toBe(app.iframe);
    expect(created).toHaveLength(1);
  });

  it('removing the token ends the session', async () => {
    const element = await connected();
    element.signingToken = undefined;
    await settled();
    expect(frames()).toHaveLength(0);
  });

  it.each([
    ['contract-id', 'c-2'],
    ['app-url', 'https://sign2.test:8443'],
    ['environment', 'qa'],
    ['frame-title', 'Sign your loan'],
    ['width', '80%'],
    ['height', '500'],
    ['min-height', '300'],
    ['max-height', '900'],
    ['load-timeout', '5000'],
    ['debug', ''],
    ['cdn-url', 'https://cdn.example.com'],
    ['nonce', 'n0nce'],
  ])('a change of %s while open starts a new session; setting the same value again does not', async (name, value) => {
    const element = await connected({ height: 'auto' });
    const app = FakeApp.in(element);
    await app.ready();
    element.setAttribute(name, value);
    await settled();
    expect(created).toHaveLength(2);
    expect(frames()).toHaveLength(1);
    element.setAttribute(name, value);
    await settled();
    expect(created).toHaveLength(2);
  });

  it('other attributes (class, title, style, data-*) never restart the session', async () => {
    const element = await connected();
    element.className = 'signing';
    element.title = 'tooltip';
    element.dataset.step = '2';
    await settled();
    expect(created).toHaveLength(1);
  });
});
