// <svc-contract-signing hidden> (issue #28): the standard `hidden` attribute prepares the session ahead
// (SvcContracts.prepare(): the frame loads with display: none, the token is asked now); removing it shows the
// prepared frame in the same task (a microtask, before the browser renders), with no second init; setting it again
// only hides the element. In every order of hidden, shown, new token, removal: one session, never restarted.
import { describe, expect, it } from 'vitest';
import { FakeApp, TOKEN, envelope } from '../unit/fake-app';
import { connected, created, makeElement, settled } from './helpers';

const display = (element: Element) => [...element.querySelectorAll('iframe')].map((frame) => frame.style.display);

describe('<svc-contract-signing hidden>', () => {
  it('prepares hidden, asks the token now; removing hidden shows the ready frame with no new request', async () => {
    const asked: string[] = [];
    const element = makeElement({ hidden: '' });
    element.signingToken = () => (asked.push('token'), TOKEN);
    document.body.append(element);
    await settled();
    expect(created).toHaveLength(1);
    expect(display(element)).toEqual(['none']);
    const app = FakeApp.in(element);
    await app.ready();
    expect(asked).toEqual(['token']);
    element.removeAttribute('hidden');
    await settled();
    expect(display(element)).toEqual(['block']);
    expect(element.querySelector('iframe')).toBe(app.iframe);
    expect(app.window.postMessage, 'one init: showing sent nothing').toHaveBeenCalledTimes(1);
    expect(asked).toEqual(['token']);
    expect(created).toHaveLength(1);
  });

  it('the hidden property works as the attribute does', async () => {
    const element = makeElement();
    element.hidden = true;
    element.signingToken = TOKEN;
    document.body.append(element);
    await settled();
    expect(display(element)).toEqual(['none']);
    element.hidden = false;
    await settled();
    expect(display(element)).toEqual(['block']);
    expect(created).toHaveLength(1);
  });

  it('shown before the SDK loaded: opened shown at once', async () => {
    const element = makeElement({ hidden: '' });
    element.signingToken = TOKEN;
    document.body.append(element);
    element.removeAttribute('hidden');
    await settled();
    expect(created).toHaveLength(1);
    expect(display(element)).toEqual(['block']);
  });

  it('hidden again after it was shown only hides the element; shown again, the same session and frame', async () => {
    const element = await connected();
    const app = FakeApp.in(element);
    await app.ready();
    element.hidden = true;
    await settled();
    expect(display(element), 'the frame itself stays shown: the element is hidden').toEqual(['block']);
    element.hidden = false;
    await settled();
    element.hidden = true;
    await settled();
    expect(created).toHaveLength(1);
    expect(element.querySelector('iframe')).toBe(app.iframe);
    expect(app.window.postMessage).toHaveBeenCalledTimes(1);
  });

  it('a new token string while hidden starts a new session, prepared hidden too; then shown', async () => {
    const element = await connected({ hidden: '' });
    element.signingToken = `${TOKEN}-2`;
    await settled();
    expect(created).toHaveLength(2);
    expect(display(element)).toEqual(['none']);
    const app = FakeApp.in(element);
    expect(app.handshake().message.signingToken).toBe(`${TOKEN}-2`);
    element.hidden = false;
    await settled();
    expect(display(element)).toEqual(['block']);
    expect(created).toHaveLength(2);
  });

  it('a new token function while hidden does not restart; showing asks nothing', async () => {
    const asked: string[] = [];
    const element = makeElement({ hidden: '' });
    element.signingToken = () => (asked.push('first'), TOKEN);
    document.body.append(element);
    await settled();
    element.signingToken = () => (asked.push('second'), TOKEN);
    await settled();
    element.hidden = false;
    await settled();
    expect(created).toHaveLength(1);
    expect(asked).toEqual(['first']);
  });

  it('removed while prepared: the frame goes, the instance is destroyed', async () => {
    const element = await connected({ hidden: '' });
    const frame = element.querySelector('iframe')!;
    element.remove();
    await settled();
    expect(frame.isConnected).toBe(false);
    expect(element.childElementCount).toBe(0);
    expect(() => created[0].instance.on('contract.ready', () => {})).toThrow(/destroy/);
  });

  it('an error while hidden: open() retries shown', async () => {
    const element = await connected({ hidden: '' });
    const app = FakeApp.in(element);
    app.handshake();
    await app.send(envelope('error', { code: 'not_found' }));
    element.hidden = false;
    await settled();
    expect(created).toHaveLength(1);
    expect(display(element)).toEqual(['block']);
  });
});
