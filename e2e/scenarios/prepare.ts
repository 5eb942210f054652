// prepare() and the User Timing of the signer's wait (issue 22), registered by prepare.spec.ts and
// webkit/prepare.spec.ts: a prepared frame is hidden from sight, Tab and assistive technology until open() shows it,
// with no further request; the SDK never touches document.head (its preconnect hint was removed, docs/perf/latest.md).
import { adHocToken, type CreateSigned, expect, issueToken, type RecordOptions } from '../support/fixtures';
import type { Host } from '../support/host';
import { recordServerRequests } from '../support/server-requests';
import {
  ALL_EVENTS,
  addHostButtons,
  call,
  deepFocus,
  firstEntry,
  frameCount,
  frameIn,
  names,
  openedAt,
  prepare,
  recorded,
  waitFor,
  openAndWait,
  signAndComplete,
} from '../support/sdk-driver';
import { TO_READY } from './expected';
import type { ScenarioTest } from './scenario-test';
import { expectStrictPageClean } from './security';
import { frameBox, markDocument, sameDocument } from './steps';

/** The frame's default title (config.title), which names it in the accessibility tree. */
const TITLE = 'Contract signing';
const PREPARED = [...TO_READY, 'prepare.resolved'];
const LOADED_MEASURE = 'contracts-sdk:open-to-loaded';
const READY_MEASURE = 'contracts-sdk:open-to-ready';
/** A measure's end is read back as startTime + duration, which may round one unit in the last place above the clock reading. */
const ROUNDING = 1e-6;

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

/** The entries of both wait measures, open-to-loaded's then open-to-ready's, each in the order recorded. */
function measures(host: Host): Promise<Measure[][]> {
  return host.evaluate(
    (names) =>
      names.map((name) =>
        performance
          .getEntriesByName(name)
          .map((e) => ({ type: e.entryType, start: e.startTime, end: e.startTime + e.duration })),
      ),
    [LOADED_MEASURE, READY_MEASURE],
  );
}

/**
 * The `nth` entry of each wait measure, which instance `id`'s last open() added: both are measures, start together,
 * and not before that call. Returns them with every entry of both.
 */
async function measuredOpen(host: Host, id: string, nth: number) {
  const all = await measures(host);
  expect(all.map((entries) => entries.length)).toEqual([nth, nth]);
  const [loaded, ready] = all.map((entries) => entries[nth - 1]!);
  expect([loaded.type, ready.type]).toEqual(['measure', 'measure']);
  expect(loaded.start).toBeGreaterThanOrEqual(await openedAt(host, id));
  expect(ready.start).toBe(loaded.start);
  return { all, loaded, ready };
}

/** Creates instance `id` in `container` (createSigned) and prepares it: ready, and prepare() resolved. */
async function prepared(
  host: Host,
  createSigned: CreateSigned,
  overrides: Record<string, unknown> = {},
  { id = 'a', container = 'c1', ...record }: RecordOptions & { id?: string; container?: string } = {},
): Promise<void> {
  await createSigned(host, id, container, overrides, record);
  await prepare(host, id);
  await waitFor(host, id, 'prepare.resolved');
  expect(await names(host, id)).toEqual(PREPARED);
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
    await prepared(host, createSigned, { contractId: 'prepared', width: 640, height: 400 });
    expect(await frameCount(host, 'c1')).toBe(1);

    // Hidden: not rendered (no box at all), the container no taller, Tab skips it, no accessibility node. Soft:
    // a failure reports each of the four, whatever the engine.
    expect.soft(await frameBox(host, 'c1')).toMatchObject({ visible: false, boxes: 0, width: 0, height: 0 });
    expect.soft(await containerHeight(host, 'c1')).toBe(emptyHeight);
    expect.soft(await tabFromBefore(host), 'Tab from #before skips the prepared frame').toBe('after');
    expect.soft(await host.accessibleNode(frameIn('c1')), 'the prepared frame has no accessibility node').toBeNull();

    await openAndWait(host, 'a', 'open.resolved');
    expect(await names(host, 'a')).toEqual([...PREPARED, 'open.resolved']);
    expect(await frameBox(host, 'c1')).toMatchObject({ visible: true, boxes: 1, width: 640, height: 400 });
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
    await prepared(host, createSigned, { signingToken: token, contractId: 'warm' });
    expect(sandbox.sessionStarts(token)).toBe(1);
    await markDocument(host);

    const server = recordServerRequests(origin);
    const browser = host.watchBrowserRequests(origin);
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
      expect.soft((await frameBox(host, 'c1')).visible).toBe(true);
      expect.soft(await sameDocument(host), 'the frame shows the prepared document').toBe(true);

      // The next thing the signer does reaches the signing origin: its request is logged after any open() caused.
      await signAndComplete(host);
    } finally {
      server.stop();
      browserSeen = browser?.();
    }
    expect
      .soft(server.list(), 'requests the signing origin received from open() to completed')
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
    const head = async () => (await snapshot()).head;
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
    await prepared(host, createSigned, { contractId: 'strict' });
    expect((await frameBox(host, 'c1')).visible).toBe(false);
    await openAndWait(host, 'a', 'open.resolved');
    expect(await names(host, 'a')).toEqual([...PREPARED, 'open.resolved']);
    expect((await frameBox(host, 'c1')).visible).toBe(true);
    await expectStrictPageClean(host);
  });

  test('User Timing: open-to-loaded and open-to-ready, once per open() that shows the frame, from that call; none for prepare() alone', async ({
    host,
    openSigned,
    createSigned,
  }, testInfo) => {
    // Cold: open() creates and shows the frame.
    await openSigned(host, {}, { id: 'cold', until: 'open.resolved' });
    const cold = await measuredOpen(host, 'cold', 1);
    // Each ends when the SDK heard the app, before the partner's handlers ran.
    expect(cold.loaded.end).toBeLessThanOrEqual((await firstEntry(host, 'cold', 'contract.loaded')).at + ROUNDING);
    expect(cold.ready.end).toBeLessThanOrEqual((await firstEntry(host, 'cold', 'contract.ready')).at + ROUNDING);
    expect(cold.loaded.end).toBeLessThanOrEqual(cold.ready.end + ROUNDING);

    // Prepared: nothing is measured until the signer's open(), which then records both at once.
    await prepared(host, createSigned, {}, { id: 'warm', container: 'c2' });
    expect(await measures(host), 'prepare() records no measure').toEqual(cold.all);
    await openAndWait(host, 'warm', 'open.resolved');
    const warm = await measuredOpen(host, 'warm', 2);
    expect(warm.ready.end).toBeLessThanOrEqual((await firstEntry(host, 'warm', 'open.resolved')).at + ROUNDING);
    expect(await names(host, 'warm')).toEqual([...PREPARED, 'open.resolved']);
    // Information only (no timing is asserted): the signer's wait cold and prepared.
    const wait = ({ ready }: { ready: Measure }) => `${(ready.end - ready.start).toFixed(1)} ms`;
    testInfo.annotations.push({
      type: 'open-to-ready',
      description: `${host.engine}: cold ${wait(cold)}, prepared ${wait(warm)}`,
    });
  });

  test("protocol §10: a prepared frame's app sees a 0 × 0 viewport; its document_viewed reaches the partner only after open(), once, elapsedMs from open()", async ({
    host,
    hostUrl,
    createSigned,
  }) => {
    await host.goto(hostUrl());
    await prepared(host, createSigned, {}, { events: ALL_EVENTS });
    // What the app can tell while hidden (docs/protocol.md §10): its viewport has no size.
    const viewport = () =>
      host.evaluateInFrame(frameIn('c1'), () => ({ width: window.innerWidth, height: window.innerHeight }));
    expect(await viewport()).toEqual({ width: 0, height: 0 });
    // The sandbox reached ready hidden and holds its document_viewed until shown: no step, no activity yet.
    expect(await names(host, 'a')).toEqual(PREPARED);

    await openAndWait(host, 'a', 'contract.step');
    const opened = await openedAt(host, 'a');
    const steps = (await recorded(host, 'a')).filter((entry) => entry.event === 'contract.step');
    expect(steps.map((entry) => entry.payload!.step)).toEqual(['document_viewed']);
    const elapsed = steps[0]!.payload!.elapsedMs as number;
    // Counted from the open() that showed the frame: at most the time from that call to the event.
    expect(elapsed).toBeGreaterThanOrEqual(0);
    expect(elapsed).toBeLessThanOrEqual(Math.ceil(steps[0]!.at - opened) + 1);
    expect((await viewport()).width).toBeGreaterThan(0);
  });
}
