// prepare() and the User Timing of the signer's wait (issue 22), in Chromium, Firefox and WebKit (prepare.spec.ts,
// webkit/prepare.spec.ts): a prepared frame is hidden from sight, Tab and assistive technology until open() shows
// it, with no further request to the signing origin; prepare() then destroy() leaves nothing behind, and the SDK
// never touches document.head (its preconnect hint was removed: the page's connection is not the frame's, see
// docs/perf/latest.md); the measures start at the open() that shows the frame.
import { adHocToken, expect, issueToken } from '../support/fixtures';
import type { Host } from '../support/host';
import { recordServerRequests } from '../support/server-requests';
import {
  ALL_EVENTS,
  addHostButtons,
  call,
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
const LOADED_MEASURE = 'contracts-sdk:open-to-loaded';
const READY_MEASURE = 'contracts-sdk:open-to-ready';
/** A measure's end is read back as startTime + duration, which may round one unit in the last place above the clock reading. */
const ROUNDING = 1e-6;

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

type Measure = { type: string; start: number; end: number };

/** The entries of both wait measures, in the order recorded. */
function measures(host: Host): Promise<Record<string, Measure[]>> {
  return host.evaluate(
    (names) =>
      Object.fromEntries(
        names.map((name) => [
          name,
          performance
            .getEntriesByName(name)
            .map((e) => ({ type: e.entryType, start: e.startTime, end: e.startTime + e.duration })),
        ]),
      ),
    [LOADED_MEASURE, READY_MEASURE],
  );
}

async function at(host: Host, id: string, event: string, nth = 0): Promise<number> {
  return (await recorded(host, id)).filter((entry) => entry.event === event)[nth]!.at;
}

export function prepareScenarios(test: ScenarioTest): void {
  test('prepare(): the frame loads to ready with no layout box, out of the Tab order and the accessibility tree; open() shows it', async ({
    host,
    hostUrl,
    createSigned,
  }) => {
    await host.goto(hostUrl());
    await addHostButtons(host, 'c1');
    const emptyHeight = await containerHeight(host, 'c1');
    await createSigned(host, 'a', 'c1', { contractId: 'prepared', width: 640, height: 400 });
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
    createSigned,
  }) => {
    const origin = sandbox.origins.signing;
    const { token } = await issueToken(sandbox, 'complete');
    await host.goto(hostUrl());
    await createSigned(host, 'a', 'c1', { signingToken: token, contractId: 'warm' });
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
    hostUrl,
    createSigned,
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
    await createSigned(host, 'ready', 'c1');
    await createSigned(host, 'midway', 'c2', { signingToken: adHocToken('stalled') });
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
    hostUrl,
    createSigned,
  }) => {
    await host.watchViolations();
    await host.goto(hostUrl({ csp: 'strict' }));
    await createSigned(host, 'a', 'c1', { contractId: 'strict' });
    await prepare(host, 'a');
    await waitFor(host, 'a', 'prepare.resolved');
    expect((await frameLayout(host, 'c1')).visible).toBe(false);
    await open(host, 'a');
    await waitFor(host, 'a', 'open.resolved');
    expect(await names(host, 'a')).toEqual([...PREPARED, 'open.resolved']);
    expect((await frameLayout(host, 'c1')).visible).toBe(true);

    await expectStrictPageClean(host);
  });

  test('User Timing: open-to-loaded and open-to-ready, once per open() that shows the frame, from that call; none for prepare() alone', async ({
    host,
    hostUrl,
    createSigned,
  }, testInfo) => {
    await host.goto(hostUrl());
    // Cold: open() creates and shows the frame.
    await createSigned(host, 'cold', 'c1');
    await open(host, 'cold');
    await waitFor(host, 'cold', 'open.resolved');
    const coldOpen = await openedAt(host, 'cold');
    const cold = await measures(host);
    expect(cold[LOADED_MEASURE]).toHaveLength(1);
    expect(cold[READY_MEASURE]).toHaveLength(1);
    const [coldLoaded] = cold[LOADED_MEASURE]!;
    const [coldReady] = cold[READY_MEASURE]!;
    expect(coldLoaded!.type).toBe('measure');
    expect(coldReady!.type).toBe('measure');
    expect(coldLoaded!.start).toBeGreaterThanOrEqual(coldOpen);
    expect(coldReady!.start).toBe(coldLoaded!.start);
    // Each ends when the SDK heard the app, before the partner's handlers ran.
    expect(coldLoaded!.end).toBeLessThanOrEqual((await at(host, 'cold', 'contract.loaded')) + ROUNDING);
    expect(coldReady!.end).toBeLessThanOrEqual((await at(host, 'cold', 'contract.ready')) + ROUNDING);
    expect(coldLoaded!.end).toBeLessThanOrEqual(coldReady!.end + ROUNDING);

    // Prepared: nothing is measured until the signer's open(), which then records both at once.
    await createSigned(host, 'warm', 'c2');
    await prepare(host, 'warm');
    await waitFor(host, 'warm', 'prepare.resolved');
    expect(await measures(host), 'prepare() records no measure').toEqual(cold);
    await open(host, 'warm');
    await waitFor(host, 'warm', 'open.resolved');
    const warmOpen = await openedAt(host, 'warm');
    const warm = await measures(host);
    expect(warm[LOADED_MEASURE]).toHaveLength(2);
    expect(warm[READY_MEASURE]).toHaveLength(2);
    const warmLoaded = warm[LOADED_MEASURE]![1]!;
    const warmReady = warm[READY_MEASURE]![1]!;
    expect(warmReady.type).toBe('measure');
    expect(warmLoaded.start).toBeGreaterThanOrEqual(warmOpen);
    expect(warmReady.start).toBe(warmLoaded.start);
    expect(warmReady.end).toBeLessThanOrEqual((await at(host, 'warm', 'open.resolved')) + ROUNDING);
    expect(await names(host, 'warm')).toEqual([...PREPARED, 'open.resolved']);
    // Information only (no timing is asserted): the signer's wait cold and prepared.
    testInfo.annotations.push({
      type: 'open-to-ready',
      description: `${host.engine}: cold ${(coldReady!.end - coldReady!.start).toFixed(1)} ms, prepared ${(warmReady.end - warmReady.start).toFixed(1)} ms`,
    });
  });

  test("protocol §10: a prepared frame's app sees a 0 × 0 viewport; its document_viewed reaches the partner only after open(), once, elapsedMs from open()", async ({
    host,
    hostUrl,
    createSigned,
  }) => {
    await host.goto(hostUrl());
    await createSigned(host, 'a', 'c1', {}, { events: ALL_EVENTS });
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
