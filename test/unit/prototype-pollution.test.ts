// A partner page whose Object.prototype was polluted (a vulnerable query-string parser or deep-merge helper
// elsewhere on the page) must change nothing: options and messages are read as own properties only.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_URLS } from '../../lib/build-constants.mjs';
import { SvcContracts } from '../../src';
import { EVENT_NAMES } from '../../src/emitter';
import { APP_ORIGIN, FakeApp, TOKEN, envelope, makeContainer, microtasksDone, record } from './fake-app';

const polluted = new Set<string>();
const proto = Object.prototype as Record<string, unknown>;

function pollute(key: string, value: unknown): void {
  polluted.add(key);
  proto[key] = value;
}

afterEach(() => {
  for (const key of polluted) delete proto[key];
  polluted.clear();
});

const live: SvcContracts[] = [];
afterEach(() => {
  for (const sdk of live.splice(0)) sdk.destroy();
});

/**
 * An instance created with nothing but what the partner wrote: `config` is all it passes. open() adopts the warm
 * frame (the default), whose token is handed over a microtask later: after that, a hello is answered at once.
 */
async function partnerInstance(config: Record<string, unknown>) {
  const container = makeContainer();
  const sdk = new SvcContracts(container, config as never);
  live.push(sdk);
  const events = record(sdk);
  void sdk.open();
  await microtasksDone();
  return { sdk, events, app: FakeApp.in(container), container };
}

describe('a polluted Object.prototype is ignored for every option', () => {
  it('appUrl: the frame loads the built-in signing app, and a hello from the attacker gets no token', async () => {
    pollute('appUrl', 'https://evil.test');
    const { app } = await partnerInstance({ signingToken: TOKEN });
    expect(app.iframe.src).toBe(`${DEFAULT_APP_URLS.production}/embed`);
    app.post(envelope('hello'), 'https://evil.test');
    expect(app.window.postMessage).not.toHaveBeenCalled();
    app.post(envelope('hello'), DEFAULT_APP_URLS.production);
    expect(app.window.postMessage).toHaveBeenCalledTimes(1);
    expect(app.window.postMessage.mock.calls[0][1]).toBe(DEFAULT_APP_URLS.production);
  });

  it('environment: a production token never goes to the QA host', async () => {
    pollute('environment', 'qa');
    const { app } = await partnerInstance({ signingToken: TOKEN });
    expect(app.iframe.src).toBe(`${DEFAULT_APP_URLS.production}/embed`);
  });

  it('debug: nothing is logged', async () => {
    pollute('debug', true);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    (await partnerInstance({ signingToken: TOKEN, appUrl: APP_ORIGIN })).app.handshake();
    expect(log).not.toHaveBeenCalled();
  });

  it('loadTimeout: the default 30000 ms still applies', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // setImmediate stays real: microtasksDone()
    pollute('loadTimeout', 1);
    const { events } = await partnerInstance({ signingToken: TOKEN, appUrl: APP_ORIGIN });
    vi.advanceTimersByTime(29_999);
    expect(events.names()).toEqual(['contract.loading']);
    vi.advanceTimersByTime(1);
    expect(events.names()).toEqual(['contract.loading', 'contract.error']);
  });

  it('width and height: the frame is not hidden', async () => {
    pollute('width', 0);
    pollute('height', '0px');
    const { app } = await partnerInstance({ signingToken: TOKEN, appUrl: APP_ORIGIN });
    expect(app.iframe.style.width).toBe('100%');
    expect(app.iframe.style.height).toBe('600px');
  });

  it('contractId: neither init nor the payloads carry the attacker value', async () => {
    pollute('contractId', 'evil-contract');
    const { app, events } = await partnerInstance({ signingToken: TOKEN, appUrl: APP_ORIGIN });
    const { message } = app.handshake();
    expect(message.contractId).toBeUndefined();
    expect(events.seen[0][1]).toEqual({ contractId: undefined });
  });

  it('appearance, its tokens, dir and locale: init carries none of the attacker values', async () => {
    for (const [key, value] of Object.entries({
      appearance: { theme: 'dark', variables: { colorText: '#fff', colorBackground: '#fff' } },
      theme: 'dark',
      variables: { colorPrimary: '#ff0000' },
      colorText: '#ffffff',
      colorBackground: '#ffffff',
      borderRadius: '24px',
      dir: 'rtl',
      locale: 'ar',
    })) {
      pollute(key, value);
    }
    const { sdk, app } = await partnerInstance({
      signingToken: TOKEN,
      appUrl: APP_ORIGIN,
      appearance: { variables: { colorPrimary: '#0a5cff' } },
    });
    const init = app.handshake(envelope('hello', { features: ['update'] })).message;
    expect(init.appearance).toStrictEqual({ theme: 'light', variables: { colorPrimary: '#0a5cff' } });
    expect(init.dir).toBe('ltr');
    expect(Object.keys(init)).not.toContain('locale'); // init.locale would read the polluted prototype here
    // update() reads its changes the same way: a colorText alone would be refused if it were read.
    const sent = new Promise<unknown>((resolve) => (app.port!.onmessage = (event) => resolve(event.data)));
    sdk.update({ appearance: { variables: { colorDanger: '#b00020' } } });
    expect(await sent).toStrictEqual(
      envelope('update', { appearance: { theme: 'light', variables: { colorDanger: '#b00020' } }, dir: 'ltr' }),
    );
  });

  it('signingToken: a missing token is still missing', () => {
    pollute('signingToken', 'sbx_complete_attacker');
    expect(() => new SvcContracts(makeContainer(), { appUrl: APP_ORIGIN } as never)).toThrow(
      /config\.signingToken is required/,
    );
    expect(document.querySelectorAll('iframe').length).toBe(0);
  });

  it('options inherited from a config object prototype are ignored the same way', async () => {
    const config = Object.assign(Object.create({ appUrl: 'https://evil.test', debug: true }), { signingToken: TOKEN });
    const { app } = await partnerInstance(config);
    expect(app.iframe.src).toBe(`${DEFAULT_APP_URLS.production}/embed`);
  });

  it('a getter is refused (read once or never: it could answer differently the second time)', () => {
    const config = {
      signingToken: TOKEN,
      get appUrl() {
        return APP_ORIGIN;
      },
    };
    expect(() => new SvcContracts(makeContainer(), config)).toThrow(/config\.appUrl must be a value, not a getter/);
    const tokenGetter = {
      get signingToken() {
        return TOKEN;
      },
    };
    let message = '';
    try {
      new SvcContracts(makeContainer(), tokenGetter);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/config\.signingToken must be a value, not a getter/);
    expect(message).not.toContain(TOKEN);
  });
});

describe('a polluted Object.prototype cannot forge messages', () => {
  it('an empty object is not a hello when the prototype carries the envelope', async () => {
    const { app } = await partnerInstance({ signingToken: TOKEN, appUrl: APP_ORIGIN });
    pollute('protocol', 'svc-contracts');
    pollute('version', 1);
    pollute('type', 'hello');
    app.post({});
    expect(app.window.postMessage).not.toHaveBeenCalled();
  });

  it('an inherited versions list is not an offer, and an inherited code is no code', async () => {
    const { app, events } = await partnerInstance({ signingToken: TOKEN, appUrl: APP_ORIGIN });
    pollute('versions', [99]);
    const { message } = app.handshake();
    expect(message.version).toBe(1);
    pollute('code', 'not_found');
    pollute('message', 'attacker text');
    await app.send(envelope('error'));
    expect(events.seen.at(-1)).toEqual(['contract.error', { contractId: undefined, code: 'unknown', source: 'app' }]);
  });

  it('inherited "step" and "error" entries change no message\'s order (src/lifecycle.ts reads its own only)', async () => {
    const { app, events } = await partnerInstance({ signingToken: TOKEN, appUrl: APP_ORIGIN });
    await app.ready();
    pollute('step', 'polluted');
    pollute('error', 'polluted');
    await app.send(envelope('step', { step: 'document_viewed' }));
    await app.send(envelope('error', { code: 'not_found' }));
    expect(events.names().slice(-2)).toEqual(['contract.step', 'contract.error']);
  });
});

describe('a polluted Object.prototype changes no payload and no debug line (issue #51, finding 5)', () => {
  /**
   * Every field the SDK adds to a payload (docs/protocol.md §6.8, §9), but `source`: Node's own MessagePort, under
   * these tests, reads an inherited `source` when it builds its MessageEvent and throws. e2e/security.spec.ts
   * pollutes `source` as well, in the browsers.
   */
  const FIELDS = ['attemptId', 'sessionId', 'step', 'code', 'message', 'reason'];
  const loaded = envelope('loaded');
  const ready = envelope('ready');
  const withSession = envelope('ready', { sessionId: 'ses_2f9c.A-1' });
  const step = envelope('step', { step: 'document_viewed' });
  const signed = envelope('step', { step: 'signature_placed' });
  const completed = envelope('completed');

  /**
   * One attempt of a debug instance that opens, hears `messages` from the app, and is destroyed: each payload as
   * JSON (own enumerable properties, as a partner's JSON.stringify or a support ticket sees them) and each debug
   * line, the attemptId and a step's elapsedMs written as <attemptId> and <ms> so that two runs compare.
   */
  async function attempt(messages: object[]): Promise<string[]> {
    const seen: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...parts) => void seen.push(parts.map(String).join(' ')));
    const container = makeContainer();
    const sdk = new SvcContracts(container, { signingToken: TOKEN, appUrl: APP_ORIGIN, warm: false, debug: true });
    for (const name of EVENT_NAMES) sdk.on(name, (payload) => void seen.push(`${name} ${JSON.stringify(payload)}`));
    void sdk.open();
    const app = FakeApp.in(container);
    app.handshake();
    for (const message of messages) await app.send(message);
    sdk.destroy();
    container.remove();
    log.mockRestore();
    return seen.map((line) =>
      line.replace(/[0-9a-f]{32}/g, '<attemptId>').replace(/"elapsedMs":\d+/, '"elapsedMs":<ms>'),
    );
  }

  it.each([
    ['loaded, step, ready, completed; no sessionId from the app', [loaded, step, ready, completed]],
    ["loaded, step, ready, step, completed; the app's sessionId", [loaded, step, withSession, signed, completed]],
    ['declined with a reason; no sessionId', [loaded, ready, envelope('declined', { reason: 'wrong amount' })]],
    ["declined without a reason; the app's sessionId", [loaded, withSession, envelope('declined')]],
    ['an error with a code and a message, before ready', [loaded, envelope('error', { code: 'x', message: 'm' })]],
    ["an error without a message after ready; the app's sessionId", [loaded, withSession, envelope('error', {})]],
  ])('%s', async (_, messages) => {
    const clean = await attempt(messages);
    expect(clean.filter((line) => line.startsWith('contract.')).length).toBe(messages.length + 1); // and loading
    for (const field of FIELDS) {
      pollute(field, `forged_${field}`);
      expect(await attempt(messages), `Object.prototype.${field}`).toEqual(clean);
      delete proto[field];
    }
    expect(clean.join('\n')).not.toContain('forged');
  });
});
