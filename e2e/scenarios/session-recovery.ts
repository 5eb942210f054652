// The signing app reloads inside its frame (crash recovery, its own "Reload this page", a return from a
// verification page): the SDK answers the new document's hello with a new channel, and the partner never sees
// an event twice. After completed, nothing is sent again (docs/protocol.md §5).
import { adHocToken, expect } from '../support/fixtures';
import type { Host } from '../support/host';
import { recordServerRequests } from '../support/server-requests';
import { frameIn, names, SIGN_BUTTON, signAndComplete } from '../support/sdk-driver';
import { COMPLETED } from './expected';
import type { ScenarioTest } from './scenario-test';

/** Marks the signing frame's current document, so a reload can be told from the same page still showing. */
const markDocument = (host: Host, containerId: string) =>
  host.evaluateInFrame(frameIn(containerId), () => void (window.__before = true));

/** Waits until the frame shows `text` in a document that is not the marked one. */
async function untilReloadedShows(host: Host, containerId: string, text: string): Promise<void> {
  const shows = (wanted: string) => !window.__before && document.body.innerText.includes(wanted);
  await expect.poll(() => host.evaluateInFrame(frameIn(containerId), shows, text).catch(() => false)).toBe(true);
}

export function sessionRecoveryScenarios(test: ScenarioTest): void {
  test('reload before ready (the app reloads itself once): the attempt goes on to ready, each event once', async ({
    host,
    openSigned,
  }) => {
    await openSigned(host, { signingToken: adHocToken('reload') });
    // The document that reached ready is the reloaded one.
    const navigation = () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
    expect(await host.evaluateInFrame(frameIn('c1'), navigation)).toBe('reload');
    await signAndComplete(host);
    expect(await names(host, 'a')).toEqual(COMPLETED);
  });

  test('reload after ready: the reloaded app gets its session back and completes, with no repeated event', async ({
    host,
    openSigned,
  }) => {
    await openSigned(host, { debug: true });
    await markDocument(host, 'c1');
    await host.clickInFrame(frameIn('c1'), 'Reload this page');
    // Only a new document that received a fresh init can show the contract again.
    await untilReloadedShows(host, 'c1', SIGN_BUTTON);
    await signAndComplete(host);
    expect(await names(host, 'a')).toEqual(COMPLETED);
    // Where the driver sees the console: a second "hello accepted" line, the reload visible in the debug log.
    const printed = host.messages();
    if (printed) expect(printed.filter((line) => line.includes('hello accepted'))).toHaveLength(2);
  });

  test('reload after completed: the token is not sent again and the app says the session ended', async ({
    host,
    sandbox,
    openSigned,
  }) => {
    const server = recordServerRequests(sandbox.origins.signing);
    const sessionCalls = () => server.list().filter((request) => request === 'POST /embed/api/session');
    try {
      await openSigned(host);
      await signAndComplete(host);
      expect(sessionCalls()).toHaveLength(1);

      await markDocument(host, 'c1');
      await host.evaluateInFrame(frameIn('c1'), () => location.reload());
      await untilReloadedShows(host, 'c1', 'This signing session has ended.');
      expect(sessionCalls()).toHaveLength(1);
      expect(await names(host, 'a')).toEqual(COMPLETED);
    } finally {
      server.stop();
    }
  });
}
