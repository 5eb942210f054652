// The warm start (issue #32) in the Playwright engines (Chromium, Firefox), on the strict CSP + Trusted Types page:
// from construction one hidden frame of the signing app (no box, out of the Tab order and the accessibility tree),
// its requests carry no token, it stores no cookie and nothing in storage, no session starts before open();
// open() shows that same document (the embed page is requested once), and close() removes it. 1,000
// construct/destroy cycles are e2e/leak.spec.ts's.
import { adHocToken, expect, test } from './support/fixtures';
import type { Host } from './support/host';
import { recordServerRequests } from './support/server-requests';
import {
  addHostButtons,
  call,
  createInstance,
  deepFocus,
  frameCount,
  frameIn,
  open,
  recorded,
  waitFor,
} from './support/sdk-driver';
import { ATTEMPT_ID } from './scenarios/expected';
import { expectStrictPageClean } from './scenarios/security';

function layout(host: Host) {
  return host.evaluate((selector) => {
    const frame = document.querySelector(selector) as HTMLIFrameElement;
    return {
      visible: frame.checkVisibility(),
      boxes: frame.getClientRects().length,
      style: frame.getAttribute('style'),
    };
  }, frameIn('c1'));
}

test('constructed: one hidden frame loads the app without a token; open() shows that same document; close() removes it', async ({
  host,
  sandbox,
  hostUrl,
}) => {
  const origin = sandbox.origins.signing;
  const token = adHocToken('complete');
  const server = recordServerRequests(origin);
  const browser = host.watchBrowserRequests(origin);
  await host.watchViolations();
  await host.goto(hostUrl({ csp: 'strict' }));
  await addHostButtons(host, 'c1');
  await createInstance(host, 'a', 'c1', { signingToken: token, appUrl: origin });
  expect(await frameCount(host, 'c1')).toBe(1);
  // The awaited thing: the warm app's document has loaded (it said hello and was told to wait).
  await expect.poll(() => host.evaluateInFrame(frameIn('c1'), () => document.readyState)).toBe('complete');
  await host.evaluateInFrame(frameIn('c1'), () => void (window.__warm = true));

  const hidden = await layout(host);
  expect.soft(hidden.visible, 'not rendered').toBe(false);
  expect.soft(hidden.boxes, 'no layout box').toBe(0);
  await host.evaluate(() => document.getElementById('before')!.focus());
  await host.pressTab();
  await expect.poll(() => deepFocus(host), { message: 'Tab skips the warm frame' }).toBe('after');
  expect.soft(await host.accessibleNode(frameIn('c1')), 'no accessibility node').toBeNull();
  expect(sandbox.sessionStarts(token), 'no session before open()').toBe(0);
  // No cookies or storage: the warm app set none, so none can be needed (nor blocked by a browser's
  // third-party rules). A storage the browser refuses to a cross-site frame counts as empty.
  const stored = await host.evaluateInFrame(frameIn('c1'), () => {
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

  await open(host, 'a');
  await waitFor(host, 'a', 'contract.ready');
  expect(await host.evaluateInFrame(frameIn('c1'), () => window.__warm), 'open() showed the warm document').toBe(true);
  expect((await layout(host)).visible).toBe(true);
  expect(await frameCount(host, 'c1')).toBe(1);
  const seen = server.list();
  server.stop();
  const urls = browser?.() ?? [];
  expect(
    seen.filter((request) => request === 'GET /embed'),
    'the embed page requested once',
  ).toHaveLength(1);
  for (const url of urls) expect(url).not.toContain(token.slice(4));
  expect(sandbox.sessionStarts(token)).toBe(1);
  await expectStrictPageClean(host);

  await call(host, 'a', 'close');
  expect(await frameCount(host, 'c1')).toBe(0);
});

test('destroy() before open() removes the warm frame; warm: false constructs none; open() after close() starts afresh', async ({
  host,
  sandbox,
  hostUrl,
}) => {
  const appUrl = sandbox.origins.signing;
  await host.goto(hostUrl());
  await createInstance(host, 'a', 'c1', { signingToken: adHocToken('complete'), appUrl });
  await createInstance(host, 'b', 'c2', { signingToken: adHocToken('complete'), appUrl, warm: false });
  expect(await frameCount(host, 'c1')).toBe(1);
  expect(await frameCount(host, 'c2')).toBe(0);
  await call(host, 'a', 'destroy');
  expect(await frameCount(host, 'c1')).toBe(0);
  await createInstance(host, 'c', 'c1', { signingToken: adHocToken('complete'), appUrl });
  await call(host, 'c', 'close');
  expect(await frameCount(host, 'c1')).toBe(0);
  await open(host, 'c');
  await waitFor(host, 'c', 'contract.ready');
  expect(await frameCount(host, 'c1')).toBe(1);
});

test('a warm frame whose app speaks only a newer protocol: open() reports it at once, not the no-hello text (issue #43)', async ({
  page,
  context,
  sandbox,
  hostUrl,
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
  await createInstance(page, 'a', 'c1', { signingToken: adHocToken('complete'), appUrl: origin, debug: true });
  await refused;
  await open(page, 'a');
  await waitFor(page, 'a', 'contract.error');
  const log = await recorded(page, 'a');
  expect(log.map((entry) => entry.event)).toEqual(['contract.loading', 'contract.error', 'open.resolved']);
  expect(log[1].payload).toEqual({
    attemptId: expect.stringMatching(ATTEMPT_ID),
    code: 'loading_error',
    message: 'The signing app needs a newer SDK version: load the current one.',
    source: 'sdk',
  });
});
