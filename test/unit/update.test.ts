// update({ appearance, locale }) (README "Methods", docs/protocol.md §6.2) and the direction: in every state the
// change replaces the instance's presentation, so any later init carries it; an app that listed 'update' gets the
// whole presentation over its port at once, in place; an invalid update throws and changes nothing.
import { describe, expect, it, vi } from 'vitest';
import type { SvcContracts } from '../../src';
import {
  APP_ORIGIN,
  FakeApp,
  TOKEN,
  create,
  envelope,
  makeContainer,
  microtasksDone,
  thrownBy,
  untraced,
} from './fake-app';

const LIVE_HELLO = envelope('hello', { features: ['update'] });
const BRAND = { theme: 'dark', variables: { colorPrimary: '#0A5CFF', borderRadius: '08.50px' } } as const;
/** BRAND as the SDK re-serialises it. */
const BRAND_SENT = { theme: 'dark', variables: { colorPrimary: '#0a5cff', borderRadius: '8.5px' } };

/** Records what the SDK sends the app over its current port; `next()` resolves with the next message. */
function inbox(app: FakeApp) {
  const waiting: Array<(message: Record<string, unknown>) => void> = [];
  app.port!.onmessage = (event) => waiting.shift()?.(event.data);
  return { next: () => new Promise<Record<string, unknown>>((resolve) => waiting.push(resolve)) };
}

/** An instance opened and ready with an app whose hello is `hello`, and the app's inbox. */
async function ready(hello: Record<string, unknown> = LIVE_HELLO, config: Parameters<typeof create>[0] = {}) {
  const container = makeContainer();
  const sdk = create(config, container);
  const opening = sdk.open();
  const app = FakeApp.in(container);
  const { message: init } = app.handshake(hello);
  await app.send(envelope('loaded'));
  await app.send(envelope('ready'));
  await opening;
  return { sdk, app, init, container, mail: inbox(app) };
}

/**
 * The next message over the port after `sdk.update(...)`: update() posts at once if at all, so the `focus` that
 * focus() posts after it arrives first when update() sent nothing (a barrier on the port's order, not on time).
 */
async function nextAfter(sdk: SvcContracts, mail: ReturnType<typeof inbox>, changes: object) {
  const [first, second] = [mail.next(), mail.next()];
  sdk.update(changes);
  sdk.focus();
  const message = await first;
  // The barrier's own focus, taken off the inbox so that the next call starts clean.
  if (message.type !== 'focus') expect(await second).toStrictEqual(envelope('focus'));
  return message;
}

/** The init that answers the app's next hello (a reload inside its frame). */
const initAfterReload = (app: FakeApp, hello = LIVE_HELLO) => app.handshake(hello).message;

describe('update() while the app runs', () => {
  it('ready: sends the whole presentation over the port at once, re-serialised; no init, no reload, no event', async () => {
    const { sdk, app, mail } = await ready(LIVE_HELLO, { locale: 'en' });
    const frame = app.iframe;
    const posts = app.window.postMessage.mock.calls.length;
    const events: string[] = [];
    sdk.on('contract.loading', () => events.push('loading')).on('contract.ready', () => events.push('ready'));
    const sent = await nextAfter(sdk, mail, { appearance: BRAND });
    expect(sent).toStrictEqual(envelope('update', { appearance: BRAND_SENT, locale: 'en', dir: 'ltr' }));
    // The whole presentation again: the locale is replaced, the appearance kept.
    expect(await nextAfter(sdk, mail, { locale: 'de-de' })).toStrictEqual(
      envelope('update', { appearance: BRAND_SENT, locale: 'de-DE', dir: 'ltr' }),
    );
    expect(app.window.postMessage.mock.calls.length).toBe(posts);
    expect(frame.isConnected && app.iframe === frame).toBe(true);
    expect(events).toEqual([]);
  });

  it('returns the instance (chainable)', async () => {
    const { sdk } = await ready();
    expect(sdk.update({ locale: 'fr' })).toBe(sdk);
  });

  it('a key given as undefined goes back to the default: its key is absent from the update', async () => {
    const { sdk, mail } = await ready(LIVE_HELLO, { locale: 'en', appearance: BRAND });
    expect(await nextAfter(sdk, mail, { appearance: undefined })).toStrictEqual(
      envelope('update', { locale: 'en', dir: 'ltr' }),
    );
    expect(await nextAfter(sdk, mail, { locale: undefined })).toStrictEqual(envelope('update', { dir: 'ltr' }));
  });

  it('replaces the appearance whole: the new value, not a merge', async () => {
    const { sdk, mail } = await ready(LIVE_HELLO, { appearance: BRAND });
    expect(await nextAfter(sdk, mail, { appearance: { variables: { spacingUnit: '4px' } } })).toStrictEqual(
      envelope('update', { appearance: { theme: 'light', variables: { spacingUnit: '4px' } }, dir: 'ltr' }),
    );
  });

  it('fontFamily: the hosted family goes to the running app, and another one replaces it live', async () => {
    const { sdk, mail } = await ready(LIVE_HELLO, { appearance: { variables: { fontFamily: 'Inter' } } });
    expect(await nextAfter(sdk, mail, { appearance: { variables: { fontFamily: 'Lato' } } })).toStrictEqual(
      envelope('update', { appearance: { theme: 'light', variables: { fontFamily: 'Lato' } }, dir: 'ltr' }),
    );
    expect(() => sdk.update({ appearance: { variables: { fontFamily: 'Lato, serif' as 'Lato' } } })).toThrow(
      new TypeError(
        '[contracts-sdk] update.appearance.variables.fontFamily must be "Inter" or "Roboto" or "Open Sans" or "Lato" or "Source Sans 3" or "Noto Sans" or "system-ui" or "sans-serif" or "serif", got "Lato, serif".',
      ),
    );
  });

  it('prepared (hidden, before ready): sent over the port too', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    void sdk.prepare();
    const app = FakeApp.in(container);
    app.handshake(LIVE_HELLO);
    const mail = inbox(app);
    const next = mail.next();
    sdk.update({ appearance: BRAND });
    expect(await next).toStrictEqual(envelope('update', { appearance: BRAND_SENT, dir: 'ltr' }));
  });

  it('after an outcome (completed, declined): the frame stays and still gets it', async () => {
    for (const outcome of ['completed', 'declined']) {
      const { sdk, app, mail } = await ready();
      await app.send(envelope(outcome));
      expect(await nextAfter(sdk, mail, { locale: 'fr' })).toStrictEqual(
        envelope('update', { locale: 'fr', dir: 'ltr' }),
      );
    }
  });

  it('an app that did not list "update" gets no update message; its next init carries the change; debug says so', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { sdk, app, mail } = await ready(envelope('hello', { features: ['renew'] }), { debug: true });
    expect(await nextAfter(sdk, mail, { appearance: BRAND, locale: 'de' })).toStrictEqual(envelope('focus'));
    expect(log.mock.calls.map(([line]) => untraced(line))).toContain('[contracts-sdk] update: kept for the next init');
    expect(initAfterReload(app)).toMatchObject({ appearance: BRAND_SENT, locale: 'de', dir: 'ltr' });
    log.mockRestore();
  });

  it('after an error the app reported (its port closed): nothing sent; the retry carries the change', async () => {
    const { sdk, container, app } = await ready();
    await app.send(envelope('error', { code: 'not_found' }));
    const posted = vi.spyOn(app.port!, 'postMessage');
    sdk.update({ locale: 'fr' });
    void sdk.open();
    expect(FakeApp.in(container).handshake(LIVE_HELLO).message).toMatchObject({ locale: 'fr' });
    expect(posted).not.toHaveBeenCalled();
  });
});

describe('update() before the app runs: a later init carries it', () => {
  it('before open(), the warm frame waiting: its init carries the update', async () => {
    const container = makeContainer();
    const sdk = create({ warm: true }, container);
    const app = FakeApp.in(container);
    app.post(envelope('hello', { features: ['warm', 'update'] }));
    sdk.update({ appearance: BRAND, locale: 'de' });
    void sdk.open();
    await microtasksDone();
    const [init] = app.window.postMessage.mock.calls.at(-1)!;
    expect(init).toMatchObject({ type: 'init', appearance: BRAND_SENT, locale: 'de', dir: 'ltr' });
  });

  it('while the token function is pending: the init sent after its answer carries the update', async () => {
    let giveToken!: (token: string) => void;
    const container = makeContainer();
    const sdk = create({ signingToken: () => new Promise<string>((resolve) => (giveToken = resolve)) }, container);
    void sdk.open();
    const app = FakeApp.in(container);
    app.post(LIVE_HELLO);
    sdk.update({ appearance: BRAND });
    giveToken(TOKEN);
    await microtasksDone();
    const [init, origin] = app.window.postMessage.mock.calls.at(-1)!;
    expect(origin).toBe(APP_ORIGIN);
    expect(init).toMatchObject({ type: 'init', signingToken: TOKEN, appearance: BRAND_SENT });
  });

  it('after close(): the next open() carries it', async () => {
    const { sdk, container } = await ready();
    sdk.close();
    sdk.update({ locale: 'nl' });
    void sdk.open();
    expect(FakeApp.in(container).handshake(LIVE_HELLO).message).toMatchObject({ locale: 'nl' });
  });

  it('after destroy(): throws an Error (not a TypeError) saying to create a new instance', () => {
    const sdk = create();
    sdk.destroy();
    expect(() => sdk.update({ locale: 'de' })).toThrow(
      new Error('[contracts-sdk] update() after destroy(): create a new SvcContracts.'),
    );
  });
});

describe('an invalid update throws a TypeError and changes nothing', () => {
  it('not even the valid half: nothing sent, and the next init carries the old presentation', async () => {
    const { sdk, app, mail } = await ready(LIVE_HELLO, { locale: 'en', appearance: BRAND });
    const next = mail.next();
    const bad = { locale: 'de', appearance: { variables: { colorText: 'red', colorBackground: '#fff' } } };
    expect(() => sdk.update(bad)).toThrow(
      new TypeError('[contracts-sdk] update.appearance.variables.colorText must be "#rgb" or "#rrggbb", got "red".'),
    );
    expect(() => sdk.update({ locale: 'de', appearance: undefined, colour: 'x' } as object)).toThrow(
      '[contracts-sdk] update.colour is not an option. Options: appearance, locale.',
    );
    expect(() => sdk.update({ locale: 'not a tag!' })).toThrow(
      '[contracts-sdk] update.locale must be a BCP 47 tag like "de-DE", got "not a tag!".',
    );
    expect(() => sdk.update({ locale: 5 } as object)).toThrow(
      '[contracts-sdk] update.locale must be a string, got number.',
    );
    sdk.focus();
    expect(await next).toStrictEqual(envelope('focus'));
    expect(initAfterReload(app)).toMatchObject({ appearance: BRAND_SENT, locale: 'en' });
  });

  it('anything but an object is refused, naming what it got; a getter too', async () => {
    const { sdk } = await ready();
    for (const [changes, kind] of [
      [null, 'null'],
      ['de', 'string'],
      [[], 'array'],
      [undefined, 'undefined'],
    ]) {
      expect(() => sdk.update(changes as object)).toThrow(
        new TypeError(`[contracts-sdk] update must be an object, got ${kind}.`),
      );
    }
    const getter = Object.defineProperty({}, 'locale', { get: () => 'de', enumerable: true });
    expect(() => sdk.update(getter)).toThrow('[contracts-sdk] update.locale must be a value, not a getter.');
  });

  it('a message never holds the token, even where the value does', async () => {
    const { sdk } = await ready();
    const attempts = [{ locale: `x${TOKEN}` }, { appearance: { theme: TOKEN } }, { [TOKEN]: 1 }];
    for (const changes of attempts) {
      expect(() => sdk.update(changes as object)).toThrow(TypeError);
      try {
        sdk.update(changes as object);
      } catch (error) {
        expect((error as Error).message).not.toContain(TOKEN);
        expect((error as Error).message).toContain('[redacted]');
      }
    }
  });

  it("with a token function: no message quotes a piece of the running attempt's token", async () => {
    const container = makeContainer();
    const sdk = create({ signingToken: async () => TOKEN }, container);
    void sdk.open();
    const app = FakeApp.in(container);
    app.post(LIVE_HELLO);
    await microtasksDone();
    expect(app.window.postMessage.mock.calls.at(-1)![0]).toMatchObject({ type: 'init', signingToken: TOKEN });
    // 8 characters from the middle of the token: a piece, not the whole, in the value and in a key.
    const piece = TOKEN.slice(5, 13);
    for (const changes of [{ locale: `x${piece}` }, { appearance: { theme: piece } }, { [`k${piece}`]: 1 }]) {
      const message = thrownBy(() => sdk.update(changes as object));
      expect(message).not.toContain(piece);
      expect(message).toContain('[redacted]');
    }
  });
});

describe('the appearance option at construction', () => {
  it('a wrong appearance is a TypeError naming its path, and nothing is built (no frame, container free)', () => {
    const container = makeContainer();
    const bad = { appearance: { variables: { colorText: '#777', colorBackground: '#fff' } }, warm: true };
    expect(() => create(bad, container)).toThrow(
      new TypeError(
        '[contracts-sdk] config.appearance.variables: colorText on colorBackground has a contrast of 4.47:1; WCAG AA needs 4.5:1.',
      ),
    );
    expect(() => create({ appearance: 'dark' } as object, container)).toThrow(
      '[contracts-sdk] config.appearance must be an object, got string.',
    );
    expect(container.querySelectorAll('iframe')).toHaveLength(0);
    expect(() => create({}, container)).not.toThrow(); // the container was not claimed
  });
});

describe("direction: the partner's, else the container's as the page computes it, at each init and update", () => {
  it("init and update follow the container's computed direction at that moment", async () => {
    const { sdk, app, container, mail, init } = await ready();
    expect(init).toMatchObject({ dir: 'ltr' });
    container.parentElement!.style.direction = 'rtl'; // inherited, as a page's dir reaches the container
    expect(await nextAfter(sdk, mail, {})).toStrictEqual(envelope('update', { dir: 'rtl' }));
    expect(initAfterReload(app)).toMatchObject({ dir: 'rtl' });
    container.parentElement!.style.direction = '';
  });

  it('the dir option wins over the page', async () => {
    const container = makeContainer();
    container.style.direction = 'rtl';
    const sdk = create({ dir: 'ltr' }, container);
    void sdk.open();
    expect(FakeApp.in(container).handshake().message).toMatchObject({ dir: 'ltr' });
  });

  it('a dir other than "ltr" or "rtl" is refused', () => {
    for (const dir of ['auto', 'RTL', 1]) {
      expect(() => create({ dir } as object)).toThrow(
        new TypeError(`[contracts-sdk] config.dir must be "ltr" or "rtl", got ${JSON.stringify(dir)}.`),
      );
    }
  });
});
