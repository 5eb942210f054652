// The warm start (issues #32, #45) in Chromium and Firefox (both move a frame with its document, Element.moveBefore),
// on the strict CSP + Trusted Types page: one hidden frame of the signing app per page from construction, at the end of
// <body>, however many instances; no token, cookie, storage or session before open(); the first open() of any instance
// moves that document into its container, close() removes it. WebKit (no moveBefore) keeps a frame per instance, as
// test/unit/warm-pool.test.ts "without moveBefore"; 1,000 construct/destroy cycles are e2e/leak.spec.ts's.
import { adHocToken, expect, test } from './support/fixtures';
import type { Host } from './support/host';
import { recordServerRequests } from './support/server-requests';
import { addHostButtons, call, deepFocus, frameCount, frameIn, openAndWait, recorded } from './support/sdk-driver';
import { ATTEMPT_ID } from './scenarios/expected';
import { expectStrictPageClean } from './scenarios/security';

/** The page's shared warm frame, waiting for an instance to take it. */
const WAITING = 'body > iframe';

const waitingCount = (host: Host) => host.evaluate((selector) => document.querySelectorAll(selector).length, WAITING);

/** Waits until the waiting frame's document has loaded, then marks it, so a reloaded or replaced one shows. */
async function markWarmDocument(host: Host, mark: boolean | string): Promise<void> {
  await expect.poll(() => host.evaluateInFrame(WAITING, () => document.readyState)).toBe('complete');
  await host.evaluateInFrame(WAITING, (mark) => void (window.__warm = mark), mark);
}

/** The mark of the document in `container`'s frame. */
const warmMark = (host: Host, container: string) => host.evaluateInFrame(frameIn(container), () => window.__warm);

function layout(host: Host, selector: string) {
  return host.evaluate((selector) => {
    const frame = document.querySelector(selector) as HTMLIFrameElement;
    return {
      visible: frame.checkVisibility(),
      boxes: frame.getClientRects().length,
    };
  }, selector);
}

test('constructed: one hidden frame loads the app without a token; open() shows that same document; close() removes it', async ({
  host,
  sandbox,
  hostUrl,
  createSigned,
}) => {
  const origin = sandbox.origins.signing;
  const token = adHocToken('complete');
  const server = recordServerRequests(origin);
  const browser = host.watchBrowserRequests(origin);
  await host.watchViolations();
  await host.goto(hostUrl({ csp: 'strict' }));
  await addHostButtons(host, 'c1');
  await createSigned(host, 'a', 'c1', { signingToken: token });
  expect(await waitingCount(host)).toBe(1);
  expect(await frameCount(host, 'c1')).toBe(0);
  // The awaited thing: the warm app's document has loaded (it said hello and was told to wait).
  await markWarmDocument(host, true);

  const hidden = await layout(host, WAITING);
  expect.soft(hidden.visible, 'not rendered').toBe(false);
  expect.soft(hidden.boxes, 'no layout box').toBe(0);
  await host.evaluate(() => document.getElementById('before')!.focus());
  await host.pressTab();
  await expect.poll(() => deepFocus(host), { message: 'Tab skips the warm frame' }).toBe('after');
  expect.soft(await host.accessibleNode(WAITING), 'no accessibility node').toBeNull();
  expect(sandbox.sessionStarts(token), 'no session before open()').toBe(0);
  // No cookies or storage: the warm app set none, so none can be needed (nor blocked by a browser's
  // third-party rules). A storage the browser refuses to a cross-site frame counts as empty.
  const stored = await host.evaluateInFrame(WAITING, () => {
    const size = (storage: () => Storage) => {
      try {
        return storage().length;
      } catch {
        return 0;
      }
    };
    return { cookie: document.cookie, local: size(() => localStorage), session: size(() => sessionStorage) };
  });
  expect(stored, 'no cookie or storage in the warm frame').toEqual({ cookie: '', local: 0, session: 0 });

  await openAndWait(host, 'a');
  expect(await warmMark(host, 'c1'), 'open() showed the warm document').toBe(true);
  expect((await layout(host, frameIn('c1'))).visible).toBe(true);
  expect(await frameCount(host, 'c1')).toBe(1);
  expect(await waitingCount(host), 'nobody else wants one: no new warm frame').toBe(0);
  const embeds = server.list().filter((request) => request === 'GET /embed');
  server.stop();
  expect(embeds, 'the embed page requested once').toHaveLength(1);
  for (const url of browser?.() ?? []) expect(url).not.toContain(token.slice(4));
  expect(sandbox.sessionStarts(token)).toBe(1);
  await expectStrictPageClean(host);

  await call(host, 'a', 'close');
  expect(await frameCount(host, 'c1')).toBe(0);
});

test('destroy() before open() removes the warm frame; warm: false constructs none; open() after close() starts afresh', async ({
  host,
  hostUrl,
  createSigned,
}) => {
  await host.goto(hostUrl());
  await createSigned(host, 'a', 'c1');
  await createSigned(host, 'b', 'c2', { warm: false });
  expect(await waitingCount(host)).toBe(1);
  expect(await frameCount(host, 'c2')).toBe(0);
  await call(host, 'a', 'destroy');
  expect(await waitingCount(host)).toBe(0);
  await createSigned(host, 'c', 'c1');
  await call(host, 'c', 'close');
  expect(await waitingCount(host)).toBe(0);
  await openAndWait(host, 'c');
  expect(await frameCount(host, 'c1')).toBe(1);
});

test('a warm frame whose app speaks only a newer protocol: open() reports it at once, not the no-hello text (issue #43)', async ({
  page,
  context,
  sandbox,
  hostUrl,
  createSigned,
}) => {
  const origin = sandbox.origins.signing;
  // The signing app upgraded past this SDK: its embed page offers protocol 2 only.
  await context.route(`${origin}/embed`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><script src="/newer-hello.js"></script>' }),
  );
  await context.route(`${origin}/newer-hello.js`, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `parent.postMessage({ protocol: 'svc-contracts', version: 1, type: 'hello', versions: [2], features: ['warm'] },
        (location.ancestorOrigins && location.ancestorOrigins[0]) || '*');`,
    }),
  );
  await page.goto(hostUrl());
  // The awaited thing: the SDK logged the warm frame's hello (debug: true) before any open().
  const refused = page.waitForEvent('console', (message) => message.text().includes('no common protocol version'));
  await createSigned(page, 'a', 'c1', { debug: true });
  await refused;
  await openAndWait(page, 'a', 'contract.error');
  const log = await recorded(page, 'a');
  expect(log.map((entry) => entry.event)).toEqual(['contract.loading', 'contract.error', 'open.resolved']);
  expect(log[1].payload).toEqual({
    attemptId: expect.stringMatching(ATTEMPT_ID),
    code: 'loading_error',
    message: 'The signing app needs a newer SDK version: load the current one.',
    source: 'sdk',
  });
});

test('ten instances at load (issue #45): one hidden frame, one /embed; any open() takes it ready; a second one reaches ready; no token crosses', async ({
  host,
  sandbox,
  hostUrl,
  createSigned,
}) => {
  const origin = sandbox.origins.signing;
  const ids = Array.from({ length: 10 }, (_, n) => `s${n}`);
  const tokens = Object.fromEntries(ids.map((id) => [id, adHocToken('complete')]));
  const server = recordServerRequests(origin);
  const browser = host.watchBrowserRequests(origin);
  const embeds = () => server.list().filter((request) => request === 'GET /embed').length;
  await host.goto(hostUrl());
  await host.evaluate(
    (ids) => document.body.append(...ids.map((id) => Object.assign(document.createElement('div'), { id }))),
    ids,
  );
  for (const id of ids) await createSigned(host, id, id, { signingToken: tokens[id], contractId: id });
  expect(await waitingCount(host), 'one warm frame for the page').toBe(1);
  for (const id of ids) expect(await frameCount(host, id)).toBe(0);
  await markWarmDocument(host, true);
  expect(embeds(), 'one /embed request for ten instances').toBe(1);

  // Any instance, not only the first constructed, takes the waiting frame: the same document, not reloaded.
  await openAndWait(host, 's7');
  expect(await frameCount(host, 's7')).toBe(1);
  expect(await warmMark(host, 's7'), 'the warm document, moved').toBe(true);
  expect((await layout(host, frameIn('s7'))).visible).toBe(true);
  // The others still want one: a new frame a second after the take (its own /embed), which the next open() takes.
  await expect.poll(() => waitingCount(host), { message: 're-warmed after the take' }).toBe(1);
  await markWarmDocument(host, 'again');
  expect(embeds(), 'one /embed per frame: the move loaded nothing').toBe(2);

  await openAndWait(host, 's2');
  expect(await warmMark(host, 's2'), 'the re-warmed document').toBe('again');
  expect(await frameCount(host, 's7'), 'the first taker keeps its frame').toBe(1);
  expect(await warmMark(host, 's7')).toBe(true);
  // Each token started exactly its own instance's session: none reached another instance's frame.
  const sessions = Object.fromEntries(ids.map((id) => [id, sandbox.sessionStarts(tokens[id]!)]));
  expect(sessions).toEqual(Object.fromEntries(ids.map((id) => [id, id === 's7' || id === 's2' ? 1 : 0])));
  server.stop();
  for (const url of browser?.() ?? [])
    for (const token of Object.values(tokens)) expect(url).not.toContain(token.slice(4));
});
