// What `debug: true` adds for integration mistakes (issue #20): warnings at open() for setups that fail without an
// error of their own, the line that says what an attempt placed (a new frame, the warm frame, a window), and a line
// for each message the SDK ignores (docs/protocol.md §4.2), once per kind and sender per attempt. Without debug,
// none of it prints.
import { describe, expect, it, vi } from 'vitest';
import { HELLO_AFTER_LOAD_MS } from '../../src/channel';
import { APP_ORIGIN, FakeApp, TOKEN, create, envelope, makeContainer, untraced } from './fake-app';

const NOT_RENDERED = '[contracts-sdk] warning: container has zero size (display: none?)';
const SHORT_TIMEOUT = '[contracts-sdk] warning: loadTimeout is under the 3000 ms hello window';
const LEFT_DOCUMENT = '[contracts-sdk] warning: container left the document';

/** Every console line, joined as printed; the console stays quiet. */
function consoleLines() {
  const lines: string[] = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      const text = args.map(String).join(' ');
      // happy-dom reports its own disabled iframe loading: not ours.
      if (text.startsWith('[contracts-sdk]')) lines.push(untraced(text));
    });
  }
  return lines;
}

/** A container with a layout size (happy-dom has no layout: every box is 0 × 0 unless told). */
function renderedContainer(): HTMLElement {
  const container = makeContainer();
  Object.defineProperty(container, 'offsetWidth', { value: 800 });
  Object.defineProperty(container, 'offsetHeight', { value: 600 });
  return container;
}

describe('debug warnings at open()', () => {
  it('a rendered container and the default loadTimeout: no warning', () => {
    const lines = consoleLines();
    void create({ debug: true }, renderedContainer()).open();
    expect(lines.filter((line) => line.includes('warning'))).toEqual([]);
  });

  it('a container with no size (display: none, zero width or height) and a loadTimeout under 3 s: both named', () => {
    const lines = consoleLines();
    void create({ debug: true, loadTimeout: 2999 }, makeContainer()).open();
    expect(lines).toContain(NOT_RENDERED);
    expect(lines).toContain(SHORT_TIMEOUT);
  });

  it('the same setup without debug prints nothing', () => {
    const lines = consoleLines();
    void create({ loadTimeout: 2999 }, makeContainer()).open();
    expect(lines).toEqual([]);
  });

  it('a container removed after open(): named when the attempt fails', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const lines = consoleLines();
    const container = renderedContainer();
    void create({ debug: true, loadTimeout: 5000 }, container).open();
    container.remove();
    vi.advanceTimersByTime(5000);
    expect(lines).toContain(LEFT_DOCUMENT);
  });
});

describe('the line that starts an attempt says what it placed', () => {
  const EMBED = `${APP_ORIGIN}/embed`;

  it('a new frame: "frame created"; the warm frame open() or prepare() takes: "warm frame taken"', () => {
    const lines = consoleLines();
    void create({ debug: true }).open();
    void create({ debug: true, warm: true }).open();
    void create({ debug: true, warm: true }).prepare();
    expect(lines.filter((line) => line.endsWith(` for ${EMBED}`))).toEqual([
      `[contracts-sdk] open: frame created for ${EMBED}`,
      `[contracts-sdk] open: warm frame taken for ${EMBED}`,
      `[contracts-sdk] prepare: warm frame taken for ${EMBED}`,
    ]);
  });

  it('a warm frame that failed (no hello after its load) is replaced: "frame created"', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const lines = consoleLines();
    const container = makeContainer();
    const sdk = create({ debug: true, warm: true }, container);
    FakeApp.in(container).iframe.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(HELLO_AFTER_LOAD_MS);
    void sdk.open();
    expect(lines).toContain(`[contracts-sdk] open: frame created for ${EMBED}`);
  });

  it('display "popup": "window opened"', () => {
    const lines = consoleLines();
    const app = new FakeApp(document.createElement('iframe'));
    vi.spyOn(window, 'open').mockReturnValue(Object.assign(app.window, { closed: false, close() {} }) as never);
    void create({ debug: true, display: 'popup' }).open();
    expect(lines).toContain(`[contracts-sdk] open: window opened for ${EMBED}`);
    expect(lines.join('\n')).not.toContain('frame created');
  });
});

describe('ignored messages are logged with debug: true', () => {
  async function opened(debug = true) {
    const lines = consoleLines();
    const container = renderedContainer();
    const sdk = create({ debug }, container);
    void sdk.open();
    return { lines, sdk, container, app: FakeApp.in(container) };
  }
  const ignored = (lines: string[]) => lines.filter((line) => line.includes(' ignored '));

  it("a hello from another frame of the app's origin, and from the page itself: each named once, however many", async () => {
    const { lines, app } = await opened();
    const otherFrame = { postMessage: () => {} };
    for (let i = 0; i < 50; i++) {
      app.post(envelope('hello'), APP_ORIGIN, otherFrame);
      app.post(envelope('hello'), 'https://partner.test', window);
    }
    expect(ignored(lines)).toEqual([
      `[contracts-sdk] ignored hello from another window ${APP_ORIGIN}`,
      '[contracts-sdk] ignored hello from another window https://partner.test',
    ]);
  });

  it("the page's own traffic that is not a hello is not ours to report", async () => {
    const { lines, app } = await opened();
    app.post({ type: 'analytics', token: TOKEN }, 'https://partner.test', window);
    app.post('junk', 'https://ads.test', { postMessage: () => {} });
    expect(ignored(lines)).toEqual([]);
  });

  it('from its own frame: another origin, and a message that is not a hello', async () => {
    const { lines, app } = await opened();
    app.post(envelope('hello'), 'https://evil.test');
    app.post({ nonsense: TOKEN });
    app.post({ nonsense: TOKEN });
    expect(ignored(lines)).toEqual([
      '[contracts-sdk] ignored origin https://evil.test',
      `[contracts-sdk] ignored not a hello ${APP_ORIGIN}`,
    ]);
    for (const line of lines) expect(line).not.toContain(TOKEN);
  });

  it('over the port: a malformed message, a repeat out of order, and anything after completed', async () => {
    const { lines, app } = await opened();
    app.handshake();
    await app.send({ nonsense: TOKEN });
    await app.send(envelope('loaded'));
    await app.send(envelope('ready'));
    await app.send(envelope('ready'));
    await app.send(envelope('ready'));
    await app.send(envelope('completed'));
    await app.send(envelope('error', { code: 'not_found', message: `late ${TOKEN}` }));
    app.post(envelope('hello'));
    expect(ignored(lines)).toEqual([
      `[contracts-sdk] ignored malformed ${APP_ORIGIN}`,
      `[contracts-sdk] ignored ready out of order ${APP_ORIGIN}`,
      `[contracts-sdk] ignored error out of order ${APP_ORIGIN}`,
      `[contracts-sdk] ignored hello out of order ${APP_ORIGIN}`,
    ]);
    for (const line of lines) expect(line).not.toContain(TOKEN);
  });

  it("after completed, a reloaded document's hello is out of order even when it offers no common version", async () => {
    const { lines, app, sdk } = await opened();
    const errors: unknown[] = [];
    sdk.on('contract.error', (payload) => errors.push(payload));
    await app.ready();
    await app.send(envelope('completed'));
    app.post(envelope('hello', { versions: [99] }));
    expect(ignored(lines)).toEqual([`[contracts-sdk] ignored hello out of order ${APP_ORIGIN}`]);
    expect(errors).toEqual([]);
  });

  it('once per attempt: a retry names the same kind again', async () => {
    const { lines, sdk, container } = await opened();
    const otherFrame = { postMessage: () => {} };
    const post = () =>
      window.dispatchEvent(
        new MessageEvent('message', { data: envelope('hello'), origin: APP_ORIGIN, source: otherFrame as never }),
      );
    post();
    post();
    sdk.close();
    void sdk.open();
    FakeApp.in(container);
    post();
    expect(ignored(lines)).toHaveLength(2);
  });

  it('without debug, nothing', async () => {
    const { lines, app } = await opened(false);
    app.post(envelope('hello'), APP_ORIGIN, { postMessage: () => {} });
    app.post(envelope('hello'), 'https://evil.test');
    expect(lines).toEqual([]);
  });
});
