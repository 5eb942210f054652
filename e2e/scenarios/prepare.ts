// prepare() (issue 22), in Chromium, Firefox and WebKit (prepare.spec.ts,
// webkit/prepare.spec.ts): a prepared frame is hidden from sight, Tab and assistive technology until open() shows
// it, with no further request to the signing origin; prepare() then destroy() leaves nothing behind, and the SDK
// never touches document.head (its preconnect hint was removed: the page's connection is not the frame's, see
// docs/perf/latest.md).
import { adHocToken, expect, issueToken } from '../support/fixtures';
import type { Host } from '../support/host';
import { recordServerRequests } from '../support/server-requests';
import {
  ALL_EVENTS,
  addHostButtons,
  call,
  createInstance,
  deepFocus,
  frameCount,
  frameIn,
  names,
  open,
  openedAt,
  prepare,
  recorded,
  sign,
  waitFor,
} from '../support/sdk-driver';
import type { ScenarioTest } from './scenario-test';
import { expectStrictPageClean } from './security';

/** The frame's default title (config.title), which names it in the accessibility tree. */
const TITLE = 'Contract signing';
const PREPARED = ['contract.loading', 'contract.loaded', 'contract.ready', 'prepare.resolved'];

/** How the page lays out and shows the frame in a container. */
function frameLayout(host: Host, containerId: string) {
  return host.evaluate((selector) => {
    const frame = document.querySelector(selector) as HTMLIFrameElement;
    const box = frame.getBoundingClientRect();
    return {
      visible: frame.checkVisibility(),
      boxes: frame.getClientRects().length,
      width: box.width,
      height: box.height,
    };
  }, frameIn(containerId));
}

function containerHeight(host: Host, containerId: string): Promise<number> {
  return host.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().height, containerId);
}

/** Focuses #before (a host button just before the container), presses Tab, and says where the focus went. */
async function tabFromBefore(host: Host): Promise<string | undefined> {
  await host.evaluate(() => document.getElementById('before')!.focus());
  expect(await deepFocus(host)).toBe('before');
  await host.pressTab();
  // Focus entering a cross-site frame is settled in another process: wait until it has left #before.
  await expect.poll(() => deepFocus(host), { message: 'Tab moved the focus' }).not.toBe('before');
  return deepFocus(host);
}

export function prepareScenarios(test: ScenarioTest): void {
  test('prepare(): the frame loads to ready with no layout box, out of the Tab order and the accessibility tree; open() shows it', async ({
    host,
    sandbox,
    hostUrl,
  }) => {
    await host.goto(hostUrl());
    await addHostButtons(host, 'c1');
    const emptyHeight = await containerHeight(host, 'c1');
    await createInstance(host, 'a', 'c1', {
      signingToken: adHocToken('complete'),
      contractId: 'prepared',
      appUrl: sandbox.origins.signing,
      width: 640,
      height: 400,
    });
    await prepare(host, 'a');
    await waitFor(host, 'a', 'prepare.resolved');
    expect(await names(host, 'a')).toEqual(PREPARED);
    expect(await frameCount(host, 'c1')).toBe(1);

    // Hidden: not rendered (no box at all), the container no taller, Tab skips it, no accessibility node. Soft:
    // a failure reports each of the four, whatever the engine.
    expect.soft(await frameLayout(host, 'c1')).toEqual({ visible: false, boxes: 0, width: 0, height: 0 });
    expect.soft(await containerHeight(host, 'c1')).toBe(emptyHeight);
    expect.soft(await tabFromBefore(host), 'Tab from #before skips the prepared frame').toBe('after');
    expect.soft(await host.accessibleNode(frameIn('c1')), 'the prepared frame has no accessibility node').toBeNull();

    await open(host, 'a');
    await waitFor(host, 'a', 'open.resolved');
    expect(await names(host, 'a')).toEqual([...PREPARED, 'open.resolved']);
    expect(await frameLayout(host, 'c1')).toEqual({ visible: true, boxes: 1, width: 640, height: 400 });
    expect(await containerHeight(host, 'c1')).toBeGreaterThanOrEqual(emptyHeight + 400);
    expect(await tabFromBefore(host), 'Tab from #before enters the shown frame').toBe('frame');
    const node = await host.accessibleNode(frameIn('c1'));
    expect(node, 'the shown frame is in the accessibility tree').not.toBeNull();
    expect(node!.role).not.toBe('');
    // Named by its title wherever the driver reports names (Chromium's tree, WebKit's computed label).
    if (node!.name !== undefined) expect(node!.name).toBe(TITLE);
  });

  test('open() after prepare() is ready at once: no request to the signing origin, contract.ready once, the same document', async ({
    host,
    sandbox,
    hostUrl,
  }) => {
    const origin = sandbox.origins.signing;
    const { token } = await issueToken(sandbox, 'complete');
    await host.goto(hostUrl());
    await createInstance(host, 'a', 'c1', { signingToken: token, contractId: 'warm', appUrl: origin });
    await prepare(host, 'a');
    await waitFor(host, 'a', 'prepare.resolved');
    expect(sandbox.sessionStarts(token)).toBe(1);
    // Marks the prepared document: a reloaded or replaced frame would not have it.
    await host.evaluateInFrame(frameIn('c1'), () => void (window.__prepared = true));

    const server = recordServerRequests(origin);
    const browser = host.watchBrowserRequests(origin);
    let serverSeen: string[];
    let browserSeen: string[] | undefined;
    try {
      // open() is settled before the page's next task: only microtasks run between the call and the check, so
      // no message from the frame could have been awaited.
      const settledAtOnce = await host.evaluate(async () => {
        const rec = window.__rec!;
        let settled = false;
        rec.instances.a!.open().then(() => {
          settled = true;
          rec.log.push({ id: 'a', event: 'open.resolved', at: performance.now() });
        });
        for (let i = 0; i < 3; i++) await Promise.resolve();
        return settled;
      });
      // Soft: a failure also reports the requests below.
      expect.soft(settledAtOnce, 'open() resolved without waiting for a task').toBe(true);
      expect.soft(await names(host, 'a')).toEqual([...PREPARED, 'open.resolved']);
      expect.soft((await frameLayout(host, 'c1')).visible).toBe(true);
      expect
        .soft(
          await host.evaluateInFrame(frameIn('c1'), () => window.__prepared),
          'the frame shows the prepared document',
        )
        .toBe(true);

      // The next thing the signer does reaches the signing origin: its request is logged after any open() caused.
      await sign(host, 'c1');
      await waitFor(host, 'a', 'contract.completed');
    } finally {
      serverSeen = server.list();
      server.stop();
      browserSeen = browser?.();
    }
    expect
      .soft(serverSeen, 'requests the signing origin received from open() to completed')
      .toEqual(['POST /embed/api/sign']);
    if (browserSeen)
      expect
        .soft(browserSeen, 'requests the browser sent to the signing origin from open() to completed')
        .toEqual([`POST ${origin}/embed/api/sign`]);
    expect(await names(host, 'a')).toEqual([...PREPARED, 'open.resolved', 'contract.completed']);
    expect(sandbox.sessionStarts(token)).toBe(1);
    expect(await frameCount(host, 'c1')).toBe(1);
  });

  test('prepare() then destroy() leaves nothing: no frame, document.head unchanged throughout, both containers as before (ready, and while preparing)', async ({
    host,
    sandbox,
    hostUrl,
  }) => {
    await host.goto(hostUrl());
    const snapshot = () =>
      host.evaluate(() => ({
        c1: document.getElementById('c1')!.outerHTML,
        c2: document.getElementById('c2')!.outerHTML,
        head: document.head.innerHTML,
        frames: document.querySelectorAll('iframe').length,
      }));
    const head = () => host.evaluate(() => document.head.innerHTML);
    const before = await snapshot();
    // One prepared to ready, one destroyed while still preparing (the stalled scenario never sends ready, so the
    // destroy() below always lands between loaded and ready, however slow the browser's driver is).
    await createInstance(host, 'ready', 'c1', {
      signingToken: adHocToken('complete'),
      appUrl: sandbox.origins.signing,
    });
    await createInstance(host, 'midway', 'c2', {
      signingToken: adHocToken('stalled'),
      appUrl: sandbox.origins.signing,
    });
    expect(await head(), 'document.head right after construction').toBe(before.head);
    await prepare(host, 'ready');
    await prepare(host, 'midway');
    await waitFor(host, 'ready', 'prepare.resolved');
    await waitFor(host, 'midway', 'contract.loaded');
    expect(await head(), 'document.head with one instance prepared and one preparing').toBe(before.head);

    await call(host, 'midway', 'destroy');
    // destroy() settles the pending prepare() (it resolves, as after close()).
    await waitFor(host, 'midway', 'prepare.resolved');
    expect(await names(host, 'midway')).toEqual(['contract.loading', 'contract.loaded', 'prepare.resolved']);
    await call(host, 'ready', 'destroy');
    expect(await snapshot()).toEqual(before);
  });

  test('strict CSP + Trusted Types page: prepare() and open() reach ready with zero violations', async ({
    host,
    sandbox,
    hostUrl,
  }) => {
    await host.watchViolations();
    await host.goto(hostUrl({ csp: 'strict' }));
    await createInstance(host, 'a', 'c1', {
      signingToken: adHocToken('complete'),
      contractId: 'strict',
      appUrl: sandbox.origins.signing,
    });
    await prepare(host, 'a');
    await waitFor(host, 'a', 'prepare.resolved');
    expect((await frameLayout(host, 'c1')).visible).toBe(false);
    await open(host, 'a');
    await waitFor(host, 'a', 'open.resolved');
    expect(await names(host, 'a')).toEqual([...PREPARED, 'open.resolved']);
    expect((await frameLayout(host, 'c1')).visible).toBe(true);

    await expectStrictPageClean(host);
  });

  test("protocol §10: a prepared frame's app sees a 0 × 0 viewport; its document_viewed reaches the partner only after open(), once, elapsedMs from open()", async ({
    host,
    sandbox,
    hostUrl,
  }) => {
    await host.goto(hostUrl());
    await createInstance(
      host,
      'a',
      'c1',
      { signingToken: adHocToken('complete'), appUrl: sandbox.origins.signing },
      undefined,
      ALL_EVENTS,
    );
    await prepare(host, 'a');
    await waitFor(host, 'a', 'prepare.resolved');
    // What the app can tell while hidden (docs/protocol.md §10): its viewport has no size.
    const hidden = await host.evaluateInFrame(frameIn('c1'), () => ({
      width: window.innerWidth,
      height: window.innerHeight,
    }));
    expect(hidden).toEqual({ width: 0, height: 0 });
    // The sandbox reached ready hidden and holds its document_viewed until shown: no step, no activity yet.
    expect(await names(host, 'a')).toEqual(PREPARED);

    await open(host, 'a');
    await waitFor(host, 'a', 'contract.step');
    const opened = await openedAt(host, 'a');
    const log = await recorded(host, 'a');
    const steps = log.filter((entry) => entry.event === 'contract.step');
    expect(steps.map((entry) => entry.payload!.step)).toEqual(['document_viewed']);
    const elapsed = steps[0]!.payload!.elapsedMs as number;
    // Counted from the open() that showed the frame: at most the time from that call to the event.
    expect(elapsed).toBeGreaterThanOrEqual(0);
    expect(elapsed).toBeLessThanOrEqual(Math.ceil(steps[0]!.at - opened) + 1);
    const shown = await host.evaluateInFrame(frameIn('c1'), () => window.innerWidth);
    expect(shown).toBeGreaterThan(0);
  });
}
