// The four common integration mistakes (issue #20), each named in contract.error within its target, in every
// engine. Each test prints its measured time from open() to contract.error, for the README's table.
import { expect } from '../support/fixtures';
import { deadPort } from '../support/dead-port';
import type { Host } from '../support/host';
import {
  call,
  createInstance,
  firstEntry,
  frameCount,
  names,
  open,
  openedAt,
  waitFor,
  openAndWait,
} from '../support/sdk-driver';
import { ATTEMPT_ID, FAILED_TO_LOAD, READY, frameBlocked, noHello } from './expected';
import type { ScenarioTest } from './scenario-test';

const CSP_TARGET_MS = 500;
/** The no-hello rule: 3 s after the frame's load; the load itself takes up to ~1.3 s (Firefox, frame-ancestors). */
const NO_HELLO_MS = 3000;
const LOAD_ALLOWANCE_MS = 3000;

/**
 * Instance a failed to load with the SDK's own error `message`, reported before the app answered: prints the time
 * from open() for `mistake` (the README's table) and returns it.
 */
async function expectSdkLoadingError(host: Host, mistake: string, contractId: string, message: string) {
  const error = await firstEntry(host, 'a', 'contract.error');
  const ms = Math.round(error.at - (await openedAt(host, 'a')));
  console.log(`[${host.engine}] ${mistake}: contract.error after ${ms} ms`);
  expect(await names(host, 'a')).toEqual(FAILED_TO_LOAD);
  expect(error.payload).toEqual({
    contractId,
    attemptId: expect.stringMatching(ATTEMPT_ID),
    code: 'loading_error',
    source: 'sdk',
    message,
  });
  return ms;
}

/** In-page copy of every line the SDK prints (WebDriver classic cannot read the console). */
const captureConsole = (host: Host) =>
  host.evaluate(() => {
    const lines: string[] = (window.__lines = []);
    const original = console.log.bind(console);
    console.log = (...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
      original(...args);
    };
  });
const printed = (host: Host) => host.evaluate(() => window.__lines!);

export function setupErrorScenarios(test: ScenarioTest): void {
  test("mistake: the page's CSP frame-src does not allow the signing app → named at once", async ({
    host,
    sandbox,
    openSigned,
  }) => {
    await openSigned(
      host,
      { contractId: 'csp', loadTimeout: 20_000 },
      { until: 'open.resolved', query: { csp: 'frame-self' } },
    );
    const ms = await expectSdkLoadingError(host, 'CSP frame-src', 'csp', frameBlocked(sandbox.origins.signing));
    expect(ms).toBeLessThan(CSP_TARGET_MS);
    expect(await frameCount(host, 'c1')).toBe(0);
  });

  test("mistake: the page's origin is not registered (the app's frame-ancestors refuses) → the no-hello message", async ({
    host,
    sandbox,
    harness,
    openSigned,
  }) => {
    // The same partner page, served from an origin the sandbox never registered.
    await host.goto(`${harness.origins.evil}/host`);
    // The frame created at open() (warm: false), so the 3 s after its load count from open() (a warm frame loads
    // earlier).
    const config = { contractId: 'unregistered', loadTimeout: 20_000, warm: false };
    await openSigned(host, config, { until: 'open.resolved', goto: false });
    const ms = await expectSdkLoadingError(
      host,
      'origin not registered (frame-ancestors)',
      'unregistered',
      noHello(sandbox.origins.signing),
    );
    expect(ms).toBeGreaterThanOrEqual(NO_HELLO_MS);
    expect(ms).toBeLessThan(NO_HELLO_MS + LOAD_ALLOWANCE_MS);
  });

  test('mistake: appUrl at a port where nothing listens → the no-hello message (at loadTimeout where no load fires)', async ({
    host,
    sandbox,
    openSigned,
  }) => {
    const appUrl = `https://${new URL(sandbox.origins.signing).hostname}:${await deadPort()}`;
    const loadTimeout = 6000;
    await openSigned(host, { contractId: 'port', appUrl, loadTimeout }, { until: 'open.resolved' });
    const ms = await expectSdkLoadingError(host, 'nothing listens at appUrl', 'port', noHello(new URL(appUrl).origin));
    // Chromium fires load for its error page (3 s later: no hello); Firefox and WebKit fire nothing: loadTimeout.
    if (host.engine === 'chromium') expect(ms).toBeLessThan(NO_HELLO_MS + LOAD_ALLOWANCE_MS);
    expect(ms).toBeLessThan(loadTimeout + 1000);
  });

  test('mistake: appUrl with a wrong path (404) → the no-hello message', async ({ host, sandbox, openSigned }) => {
    // warm: false as above: the 3 s count from the frame's load, here at open().
    const appUrl = `${sandbox.origins.signing}/missing`;
    await openSigned(
      host,
      { contractId: 'path', appUrl, loadTimeout: 20_000, warm: false },
      { until: 'open.resolved' },
    );
    const ms = await expectSdkLoadingError(host, 'wrong appUrl path (404)', 'path', noHello(sandbox.origins.signing));
    expect(ms).toBeGreaterThanOrEqual(NO_HELLO_MS);
    expect(ms).toBeLessThan(NO_HELLO_MS + LOAD_ALLOWANCE_MS);
  });

  test("CSP: another instance's blocked frame and an unrelated blocked frame leave this instance alone", async ({
    host,
    sandbox,
    harness,
    hostUrl,
    createSigned,
  }) => {
    await host.goto(hostUrl({ csp: 'strict' }));
    await createSigned(host, 'a', 'c1', { contractId: 'allowed' });
    await createSigned(host, 'b', 'c2', { contractId: 'blocked', appUrl: harness.origins.evil });
    await open(host, 'a');
    await open(host, 'b');
    // An unrelated frame of the page, of a third origin, that the CSP blocks while the SDK opens.
    await host.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
    }, `${sandbox.origins.cdn}/unrelated.html`);
    await waitFor(host, 'b', 'contract.error');
    await waitFor(host, 'a', 'contract.ready');
    expect((await firstEntry(host, 'b', 'contract.error')).payload!.message).toBe(frameBlocked(harness.origins.evil));
    expect(await names(host, 'a')).toEqual(READY);
  });

  test('CSP: a Report-Only policy that would block the frame blocks nothing, and the SDK goes on', async ({
    host,
    sandbox,
    hostUrl,
    openSigned,
  }) => {
    await host.goto(hostUrl({ csp: 'report-frame-self' }));
    await host.evaluate(() => {
      const reported: string[] = (window.__reported = []);
      document.addEventListener('securitypolicyviolation', (event) =>
        reported.push(`${event.disposition} ${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    await openSigned(host, { contractId: 'report-only' }, { goto: false });
    // The browser did report the frame (so the SDK saw a violation for its own origin and rightly ignored it).
    expect(await host.evaluate(() => window.__reported)).toContain(`report frame-src ${sandbox.origins.signing}`);
  });

  test('debug: true warns about a container that is not rendered and a loadTimeout under 3 s; debug: false never', async ({
    host,
    hostUrl,
    openSigned,
  }) => {
    await host.goto(hostUrl());
    await captureConsole(host);
    // display: none through CSSOM (the page has no inline styles).
    await host.evaluate(() => void (document.getElementById('c2')!.style.display = 'none'));
    const quiet = { id: 'quiet', container: 'c2', until: 'contract.loading', goto: false };
    const config = await openSigned(host, { loadTimeout: 2500 }, quiet);
    expect((await printed(host)).filter((line) => line.startsWith('[contracts-sdk]'))).toEqual([]);
    await call(host, 'quiet', 'destroy');

    await createInstance(host, 'loud', 'c2', { ...config, debug: true });
    await openAndWait(host, 'loud', 'contract.loading');
    const lines = await printed(host);
    // Each line of the attempt names it (README "Support and tracing").
    const { attemptId } = (await firstEntry(host, 'loud', 'contract.loading')).payload!;
    expect(lines).toContain(`[contracts-sdk] ${attemptId} warning: container has zero size (display: none?)`);
    expect(lines).toContain(`[contracts-sdk] ${attemptId} warning: loadTimeout is under the 3000 ms hello window`);
    for (const line of lines) expect(line).not.toContain(config.signingToken);
  });

  test('debug: true logs a hello the page posts itself as ignored, once', async ({ host, hostUrl, createSigned }) => {
    await host.goto(hostUrl());
    await captureConsole(host);
    await createSigned(host, 'a', 'c1', { debug: true });
    await open(host, 'a');
    const pageOrigin = await host.evaluate(() => {
      for (let i = 0; i < 3; i++)
        window.postMessage({ protocol: 'svc-contracts', version: 1, type: 'hello' }, location.origin);
      return location.origin;
    });
    await waitFor(host, 'a', 'contract.ready');
    const { attemptId } = (await firstEntry(host, 'a', 'contract.loading')).payload!;
    const ignored = (await printed(host)).filter((line) =>
      line.startsWith(`[contracts-sdk] ${attemptId} ignored hello`),
    );
    expect(ignored).toEqual([`[contracts-sdk] ${attemptId} ignored hello from another window ${pageOrigin}`]);
  });
}
