// display: 'popup' (docs/popup.md): the signing app in a window open() opens. happy-dom opens no real window, so
// window.open returns a fake one per call, and the app's side is played by FakeApp on that window.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POPUP_SEVERED, SEVERED_WITHIN_MS, openPopup as openAppWindow } from '../../src/popup';
import { APP_ORIGIN, FakeApp, TOKEN, create, envelope, makeContainer, record } from './fake-app';

/** A window as window.open returns it, with FakeApp's postMessage; `closed` as the browser reports it. */
type FakeWindow = { postMessage: ReturnType<typeof vi.fn>; closed: boolean; close(): void; focus(): void };

let opened: Array<{ app: FakeApp; window: FakeWindow; args: unknown[] }>;
let blocked: boolean;
let order: string[];

beforeEach(() => {
  opened = [];
  blocked = false;
  order = [];
  vi.spyOn(window, 'open').mockImplementation((...args: unknown[]) => {
    order.push('window.open');
    if (blocked) return null;
    const app = new FakeApp(document.createElement('iframe'));
    const fake = Object.assign(app.window, {
      closed: false,
      close: vi.fn(() => void (fake.closed = true)),
      focus: vi.fn(),
    }) as FakeWindow;
    opened.push({ app, window: fake, args });
    return fake as unknown as Window;
  });
  // Only the poll of `closed` and performance.now(): MessageChannel and microtasks stay real.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'] });
});

afterEach(() => vi.restoreAllMocks());

/** An instance with display "popup" whose open() was called; the window it opened, and its events. */
function openPopup(config = {}) {
  const container = makeContainer();
  const sdk = create({ display: 'popup', contractId: 'c-9', ...config }, container);
  const events = record(sdk);
  const opening = sdk.open();
  return { sdk, events, container, opening, popup: opened.at(-1) };
}

/** The signer closes the window; resolves once the SDK's poll has seen it. */
function signerCloses(window: FakeWindow, afterMs = 0): void {
  vi.advanceTimersByTime(afterMs);
  window.closed = true;
  vi.advanceTimersByTime(250);
}

/** Runs `run` with the partner's window at `place` on a screen `availHeight` px high, then puts happy-dom's back. */
function placedAt<T>(place: Record<string, number>, availHeight: number, run: () => T): T {
  const saved = Object.keys(place).map((key) => [key, Object.getOwnPropertyDescriptor(window, key)] as const);
  const height = vi.spyOn(screen, 'availHeight', 'get').mockReturnValue(availHeight);
  for (const [key, value] of Object.entries(place)) Object.defineProperty(window, key, { value, configurable: true });
  try {
    return run();
  } finally {
    height.mockRestore();
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(window, key, descriptor);
      else delete (window as unknown as Record<string, unknown>)[key];
    }
  }
}

describe('display: "popup" option', () => {
  it('refuses any other value, naming the option', () => {
    expect(() => create({ display: 'window' as never })).toThrow(
      new TypeError('[contracts-sdk] config.display must be "frame" or "popup", got "window".'),
    );
    expect(() => create({ display: 1 as never })).toThrow(/config\.display must be "frame" or "popup", got 1\./);
  });

  it('reads only an own property: a polluted prototype opens no window', () => {
    (Object.prototype as Record<string, unknown>).display = 'popup';
    try {
      const container = makeContainer();
      create({}, container).open();
      expect(window.open).not.toHaveBeenCalled();
      expect(container.querySelectorAll('iframe')).toHaveLength(1);
    } finally {
      delete (Object.prototype as Record<string, unknown>).display;
    }
  });
});

describe('open() with display "popup"', () => {
  it('opens nothing at construction (warm: true, the default): the window waits for the click that calls open()', () => {
    const container = makeContainer();
    const sdk = create({ display: 'popup', warm: true }, container);
    void sdk.prepare();
    expect(window.open).not.toHaveBeenCalled();
    expect(container.childElementCount).toBe(0);
    void sdk.open();
    expect(window.open).toHaveBeenCalledTimes(1);
  });

  it('opens the window in the same call, before asking the token function; the container stays empty', async () => {
    const signingToken = vi.fn(async () => (order.push('token'), TOKEN));
    const { container, popup } = openPopup({ signingToken });
    expect(order).toEqual(['window.open', 'token']);
    const [url, name, features] = popup!.args as string[];
    expect(url).toBe(`${APP_ORIGIN}/embed`);
    expect(name).toBe('');
    // happy-dom's window: 1024 x 768 at 0,0 on a 768 px high screen: as tall as the screen, centred.
    expect(features).toBe('width=800,height=768,left=112,top=0');
    expect(container.childNodes).toHaveLength(0);
  });

  it('sizes the window for a contract and centres it on the partner window', () => {
    const features = placedAt({ screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 1000 }, 1080, () => {
      const { popup } = openPopup();
      return (popup!.args as string[])[2];
    });
    expect(features).toBe('width=800,height=900,left=400,top=100');
  });

  it('openPopup(): centred on a partner window on a second screen (negative coordinates), capped at its height', () => {
    const place = { screenX: -1500, screenY: -200, outerWidth: 1200, outerHeight: 700 };
    expect(placedAt(place, 720, () => openAppWindow(`${APP_ORIGIN}/embed`))).not.toBeNull();
    expect(vi.mocked(window.open).mock.calls.at(-1)).toEqual([
      `${APP_ORIGIN}/embed`,
      '',
      'width=800,height=720,left=-1300,top=-210',
    ]);
  });

  it('greets only its window from the exact origin, sends init there, and reports every event once', async () => {
    const { events, popup, opening } = openPopup();
    const { app } = popup!;
    const other = new FakeApp(document.createElement('iframe'));
    other.post(envelope('hello')); // another window of the page
    app.post(envelope('hello'), 'https://evil.test'); // the right window, the wrong origin
    expect(app.window.postMessage).not.toHaveBeenCalled();
    expect(other.window.postMessage).not.toHaveBeenCalled();
    const { message, targetOrigin } = app.handshake();
    expect(message).toMatchObject({ type: 'init', signingToken: TOKEN, contractId: 'c-9' });
    expect(targetOrigin).toBe(APP_ORIGIN);
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    await opening;
    await app.send(envelope('completed'));
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready', 'contract.completed']);
  });

  it('resize is the signer\'s business in a window, even with height "auto"', async () => {
    const { events, popup } = openPopup({ height: 'auto' });
    popup!.app.handshake();
    await popup!.app.send(envelope('resize', { height: 900 }));
    await popup!.app.send(envelope('loaded'));
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded']);
  });

  it('a reload inside the window gets the session back (a new port)', async () => {
    const { popup } = openPopup();
    const { app } = popup!;
    app.handshake();
    const first = app.port!;
    const closed = app.closed(first);
    app.handshake();
    await closed;
    expect(app.port).not.toBe(first);
  });
});

describe('the ways a window ends', () => {
  it('blocked: popup_blocked from the sdk at once, no token asked, open() settles', async () => {
    blocked = true;
    const signingToken = vi.fn(() => TOKEN);
    const { events, opening } = openPopup({ signingToken });
    expect(events.seen).toEqual([
      [
        'contract.error',
        {
          contractId: 'c-9',
          code: 'popup_blocked',
          message: expect.stringContaining('call open() in the click'),
          source: 'sdk',
        },
      ],
    ]);
    expect(signingToken).not.toHaveBeenCalled();
    await opening;
  });

  it('closed by the signer after ready: cancelled, not an error; open() resumes in a new window', async () => {
    const { sdk, events, popup } = openPopup();
    await popup!.app.ready();
    signerCloses(popup!.window, SEVERED_WITHIN_MS);
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready', 'contract.cancelled']);
    const resumed = sdk.open();
    expect(opened).toHaveLength(2);
    await opened[1].app.ready();
    await resumed;
  });

  it('closed while loading, after the COOP window: cancelled, and the pending open() settles', async () => {
    const { events, popup, opening } = openPopup();
    popup!.app.handshake();
    signerCloses(popup!.window, 10);
    expect(events.names()).toEqual(['contract.loading', 'contract.cancelled']);
    await opening;
  });

  it('gone before any hello, this soon after open(): the COOP error names the header and the value that works', () => {
    const { events, popup } = openPopup();
    signerCloses(popup!.window, SEVERED_WITHIN_MS - 500);
    expect(events.seen.at(-1)).toEqual([
      'contract.error',
      { contractId: 'c-9', code: 'loading_error', message: POPUP_SEVERED, source: 'sdk' },
    ]);
    expect(POPUP_SEVERED).toMatch(/^Cross-Origin-Opener-Policy .*same-origin-allow-popups/);
  });

  it('gone before any hello, later than that: the signer closed a slow window (cancelled)', () => {
    const { events, popup } = openPopup();
    signerCloses(popup!.window, SEVERED_WITHIN_MS);
    expect(events.names()).toEqual(['contract.loading', 'contract.cancelled']);
  });

  it('closed after the outcome: nothing more', async () => {
    const { events, popup } = openPopup();
    await popup!.app.ready();
    await popup!.app.send(envelope('completed'));
    signerCloses(popup!.window, SEVERED_WITHIN_MS);
    expect(events.names().at(-1)).toBe('contract.completed');
  });

  it.each(['close', 'destroy'] as const)('%s() closes the window', async (method) => {
    const { sdk, popup } = openPopup();
    await popup!.app.ready();
    sdk[method]();
    expect(popup!.window.close).toHaveBeenCalled();
  });

  it('the partner page unloading (pagehide) closes the window', () => {
    const { popup } = openPopup();
    window.dispatchEvent(new Event('pagehide'));
    expect(popup!.window.close).toHaveBeenCalled();
  });

  it("an SDK error closes the window; the app's own error keeps it for the signer to read", async () => {
    const sdkError = openPopup({ loadTimeout: 1000 });
    vi.advanceTimersByTime(1000);
    expect(sdkError.events.names().at(-1)).toBe('contract.error');
    expect(sdkError.popup!.window.close).toHaveBeenCalled();
    const appError = openPopup();
    appError.popup!.app.handshake();
    await appError.popup!.app.send(envelope('error', { code: 'not_found', message: 'No such contract.' }));
    expect(appError.popup!.window.close).not.toHaveBeenCalled();
  });
});

describe('focus() and prepare() with display "popup"', () => {
  it('focus() brings the window to the front', async () => {
    const { sdk, popup } = openPopup();
    await popup!.app.ready();
    sdk.focus();
    expect(popup!.window.focus).toHaveBeenCalled();
  });

  it('prepare() resolves at once and opens nothing (a window cannot be hidden); open() then opens it', async () => {
    const container = makeContainer();
    const sdk = create({ display: 'popup' }, container);
    const events = record(sdk);
    await sdk.prepare();
    expect(window.open).not.toHaveBeenCalled();
    expect(container.childNodes).toHaveLength(0);
    expect(events.names()).toEqual([]);
    sdk.open();
    expect(window.open).toHaveBeenCalledTimes(1);
    sdk.destroy();
    await expect(sdk.prepare()).rejects.toThrow('prepare() after destroy()');
  });
});
