// The options partners ask every signing embed for: a fresh token per attempt, a frame that sizes itself,
// the signer's language, the frame's accessible name, and focus.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAX_HEIGHT, DEFAULT_MIN_HEIGHT } from '../../src/config';
import { NO_TOKEN } from '../../src/token';
import { APP_ORIGIN, FakeApp, TOKEN, create, envelope, makeContainer, microtasksDone, record } from './fake-app';

const SECOND = 'sbx_complete_second-token-77';

function opened(config: Parameters<typeof create>[0] = {}, container = makeContainer()) {
  const sdk = create(config, container);
  const events = record(sdk);
  const opening = sdk.open();
  return { sdk, events, opening, container, app: FakeApp.in(container) };
}

describe('signingToken as a function', () => {
  it('is called once per attempt, and a retry after not_found uses the fresh token without a new instance', async () => {
    const source = vi.fn().mockReturnValueOnce(TOKEN).mockResolvedValueOnce(SECOND);
    const { sdk, app, events, container } = opened({ signingToken: source });
    expect(source).toHaveBeenCalledTimes(1);
    await microtasksDone();
    expect(app.handshake().message.signingToken).toBe(TOKEN);
    await app.send(envelope('error', { code: 'not_found' }));

    const retry = sdk.open();
    expect(source).toHaveBeenCalledTimes(2);
    const second = FakeApp.in(container);
    second.post(envelope('hello')); // before the promise settled: init waits for the token
    expect(second.window.postMessage).not.toHaveBeenCalled();
    await microtasksDone();
    expect(second.window.postMessage).toHaveBeenCalledTimes(1);
    const [init, targetOrigin, transfer] = second.window.postMessage.mock.calls[0];
    expect([init.signingToken, targetOrigin]).toEqual([SECOND, APP_ORIGIN]);
    second.port = transfer[0];
    await second.send(envelope('loaded'));
    await second.send(envelope('ready'));
    await retry;
    expect(events.names()).toEqual([
      'contract.loading',
      'contract.error',
      'contract.loading',
      'contract.loaded',
      'contract.ready',
    ]);
    expect(source).toHaveBeenCalledTimes(2);
  });

  it.each([
    [
      'throws',
      () => {
        throw new Error(`no token: ${TOKEN}`);
      },
      NO_TOKEN,
    ],
    ['rejects', () => Promise.reject(new Error(TOKEN)), NO_TOKEN],
    ['returns an empty string', () => '', NO_TOKEN],
    ['resolves blank', async () => '  ', NO_TOKEN],
    ['returns a number', () => 42, NO_TOKEN],
    ['resolves an object holding the token', async () => ({ token: TOKEN }), NO_TOKEN],
    ['returns undefined', () => undefined, NO_TOKEN],
  ])(
    'that %s ends the attempt with an sdk-side loading_error that says so, never the value',
    async (_label, source, message) => {
      const { events, opening, container, app } = opened({ signingToken: source as never });
      app.post(envelope('hello'));
      await opening;
      expect(events.seen.at(-1)).toEqual([
        'contract.error',
        { contractId: undefined, code: 'loading_error', source: 'sdk', message },
      ]);
      expect(JSON.stringify(events.seen)).not.toContain(TOKEN);
      expect(app.window.postMessage).not.toHaveBeenCalled();
      expect(container.querySelectorAll('iframe').length).toBe(0);
    },
  );

  it.each(['close', 'destroy'] as const)(
    '%s() while the token is pending cancels the attempt: no init, no event',
    async (method) => {
      let deliver!: (token: string) => void;
      const source = vi.fn(() => new Promise<string>((resolve) => (deliver = resolve)));
      const { sdk, app, events, opening } = opened({ signingToken: source });
      app.post(envelope('hello'));
      sdk[method]();
      await opening;
      deliver(TOKEN);
      await microtasksDone();
      expect(app.window.postMessage).not.toHaveBeenCalled();
      expect(events.names()).toEqual(['contract.loading']);
      expect(source).toHaveBeenCalledTimes(1);
    },
  );

  it('a token that arrives after loadTimeout is not sent', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let deliver!: (token: string) => void;
    const { app, events } = opened({
      signingToken: () => new Promise<string>((resolve) => (deliver = resolve)),
      loadTimeout: 1000,
    });
    app.post(envelope('hello'));
    vi.advanceTimersByTime(1000);
    deliver(TOKEN);
    await microtasksDone();
    expect(app.window.postMessage).not.toHaveBeenCalled();
    expect(events.seen.at(-1)?.[1]).toMatchObject({ code: 'loading_error', source: 'sdk' });
  });

  it('debug logs redact the token of the attempt under way', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { app } = opened({ signingToken: async () => SECOND, debug: true });
    await microtasksDone();
    app.handshake();
    await app.send(envelope('error', { code: 'not_found', message: `expired: ${SECOND}` }));
    const text = log.mock.calls.map((call) => call.join(' ')).join('\n');
    expect(text).toContain('expired: [redacted]');
    expect(text).not.toContain(SECOND);
  });
});

describe("height: 'auto'", () => {
  it(`starts at minHeight (default ${DEFAULT_MIN_HEIGHT}) and follows resize, clamped to [minHeight, maxHeight (default ${DEFAULT_MAX_HEIGHT})]`, async () => {
    const { app } = opened({ height: 'auto' });
    expect(app.iframe.style.height).toBe(`${DEFAULT_MIN_HEIGHT}px`);
    app.handshake();
    await app.send(envelope('resize', { height: 812.4 }));
    expect(app.iframe.style.height).toBe('813px');
    await app.send(envelope('resize', { height: 12 }));
    expect(app.iframe.style.height).toBe(`${DEFAULT_MIN_HEIGHT}px`);
    await app.send(envelope('resize', { height: 1e9 }));
    expect(app.iframe.style.height).toBe(`${DEFAULT_MAX_HEIGHT}px`);
  });

  it('uses the partner bounds', async () => {
    const { app } = opened({ height: 'auto', minHeight: 100, maxHeight: 400 });
    expect(app.iframe.style.height).toBe('100px');
    app.handshake();
    await app.send(envelope('resize', { height: 250 }));
    expect(app.iframe.style.height).toBe('250px');
    await app.send(envelope('resize', { height: 900 }));
    expect(app.iframe.style.height).toBe('400px');
  });

  it.each([
    ['a negative height', -5],
    ['NaN', Number.NaN],
    ['Infinity', Infinity],
    ['a string', '500'],
  ])('ignores a resize with %s', async (_label, height) => {
    const { app } = opened({ height: 'auto' });
    app.handshake();
    await app.send(envelope('resize', { height: 500 }));
    await app.send(envelope('resize', { height }));
    expect(app.iframe.style.height).toBe('500px');
  });

  it('keeps following after completed (the signed view has another height)', async () => {
    const { app } = opened({ height: 'auto' });
    await app.ready();
    await app.send(envelope('completed'));
    await app.send(envelope('resize', { height: 480 }));
    expect(app.iframe.style.height).toBe('480px');
  });

  it('with a fixed height, resize is ignored', async () => {
    const { app } = opened({ height: 700 });
    app.handshake();
    await app.send(envelope('resize', { height: 500 }));
    expect(app.iframe.style.height).toBe('700px');
  });

  it.each([
    [{ minHeight: 500, maxHeight: 400 }, /and 0 <= minHeight <= maxHeight, got 500 and 400/],
    [{ minHeight: -1 }, /got -1 and 5000/],
    [{ maxHeight: Infinity }, /got 320 and Infinity/],
    [{ minHeight: Number.NaN }, /got NaN and 5000/],
  ])('refuses bounds %o', (bounds, pattern) => {
    expect(() => create({ height: 'auto', ...bounds })).toThrow(pattern);
    expect(document.querySelectorAll('iframe').length).toBe(0);
  });
});

describe('locale and title', () => {
  it.each([
    ['de', 'de'],
    ['de-de', 'de-DE'],
    ['EN-us', 'en-US'],
    ['zh-hant-tw', 'zh-Hant-TW'],
  ])('passes locale %s to the app in init as %s', (locale, canonical) => {
    const { app } = opened({ locale });
    expect(app.handshake().message.locale).toBe(canonical);
  });

  it('sends locale undefined when none is given (the app decides)', () => {
    const { app } = opened();
    expect(app.handshake().message.locale).toBeUndefined();
  });

  it('title names the frame for screen readers', () => {
    const { app } = opened({ title: 'Vertrag unterschreiben' });
    expect(app.iframe.title).toBe('Vertrag unterschreiben');
  });
});

describe('focus', () => {
  it('focus() asks the app over the port to focus its first control, without focusing the frame element itself', async () => {
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    const { sdk, app } = opened();
    app.handshake();
    const fromSdk: unknown[] = [];
    app.port!.onmessage = (event) => fromSdk.push(event.data);
    const received = new Promise((resolve) => app.port!.addEventListener('message', resolve, { once: true }));
    sdk.focus();
    // Focusing the element first keeps Firefox's frame document unfocused (docs/decisions.md #23).
    expect(document.activeElement).toBe(button);
    await received;
    expect(fromSdk).toEqual([{ protocol: 'svc-contracts', version: 1, type: 'focus' }]);
  });

  it('focus() before the handshake focuses the frame element; before open() it does nothing', () => {
    const container = makeContainer();
    const sdk = create({}, container);
    expect(() => sdk.focus()).not.toThrow();
    expect(document.activeElement).toBe(document.body);
    void sdk.open();
    sdk.focus();
    expect(document.activeElement).toBe(FakeApp.in(container).iframe);
  });

  it('an app that cannot take focus asks back, and the SDK focuses the frame element', async () => {
    const { sdk, app } = opened();
    await app.ready();
    sdk.focus();
    expect(document.activeElement).toBe(document.body);
    await app.send(envelope('focus'));
    expect(document.activeElement).toBe(app.iframe);
  });

  it('an app cannot pull focus: its focus message counts only once per focus() call, and not after the page moved focus', async () => {
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    const { sdk, app, events } = opened();
    await app.ready();
    await app.send(envelope('focus')); // unasked
    expect(document.activeElement).toBe(button);

    sdk.focus();
    const other = document.createElement('input');
    document.body.append(other);
    other.focus(); // the signer moved on before the answer came
    await app.send(envelope('focus'));
    expect(document.activeElement).toBe(other);

    sdk.focus();
    await app.send(envelope('focus'));
    expect(document.activeElement).toBe(app.iframe);
    other.focus();
    await app.send(envelope('focus')); // the same call answered twice
    expect(document.activeElement).toBe(other);
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready']);
  });

  it('never moves focus by itself', async () => {
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    const { app } = opened();
    await app.ready();
    expect(document.activeElement).toBe(button);
  });

  it('a retry with focus in the failed frame returns it to the container when nothing had focus before', async () => {
    const { sdk, app, container } = opened();
    app.handshake();
    await app.send(envelope('error', { code: 'verification_required' }));
    app.iframe.focus();
    void sdk.open();
    expect(document.activeElement).toBe(container);
    expect(container.getAttribute('tabindex')).toBe('-1');
  });

  it('a retry with focus in the failed frame returns it to the element focused at the first open(), not to the frame', async () => {
    const button = document.body.appendChild(document.createElement('button'));
    button.focus();
    const { sdk, app, container } = opened();
    app.handshake();
    await app.send(envelope('error', { code: 'verification_required' }));
    app.iframe.focus(); // the signer reads the app's explanation, then clicks "Try again" on the page
    void sdk.open();
    expect(document.activeElement).toBe(button);
    expect(container.hasAttribute('tabindex')).toBe(false);
    // The retry's frame is the one now: closing it with focus inside returns focus to the button again.
    FakeApp.in(container).iframe.focus();
    sdk.close();
    expect(document.activeElement).toBe(button);
  });

  /** A web component: an open shadow root holding a partner button and the container (document.activeElement is the host). */
  function shadowContainer() {
    const host = document.createElement('partner-checkout');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const button = document.createElement('button');
    const other = document.createElement('input');
    const container = document.createElement('div');
    root.append(button, other, container);
    return { root, button, other, container };
  }

  /** A partner button beside the container, and where focus is read: in the document, or inside a shadow root. */
  const placements = {
    'in the document': () => {
      const button = document.body.appendChild(document.createElement('button'));
      return { button, container: makeContainer(), focused: () => document.activeElement };
    },
    'in a shadow root': () => {
      const { root, button, container } = shadowContainer();
      return { button, container, focused: () => root.activeElement };
    },
  };

  it.each(Object.entries(placements))(
    'close() with focus in the frame returns it to the element that had it before open() (%s)',
    async (_, place) => {
      const { button, container, focused } = place();
      button.focus();
      const { sdk, app } = opened({}, container);
      await app.ready();
      sdk.focus();
      await app.send(envelope('focus'));
      expect(focused()).toBe(app.iframe);
      sdk.close();
      expect(focused()).toBe(button);
    },
  );

  it('in a shadow root: an app cannot pull focus after the signer moved within the same root', async () => {
    const { root, button, other, container } = shadowContainer();
    button.focus();
    const { sdk, app } = opened({}, container);
    await app.ready();
    sdk.focus();
    other.focus(); // document.activeElement is still the shadow host: only the element inside tells the move
    await app.send(envelope('focus'));
    expect(root.activeElement).toBe(other);
  });

  it('close() without focus in the frame leaves focus alone', async () => {
    const button = document.createElement('button');
    const { sdk, app } = opened();
    await app.ready();
    document.body.append(button);
    button.focus();
    sdk.close();
    expect(document.activeElement).toBe(button);
  });
});
