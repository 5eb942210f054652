// The happy path across three sites (partner page, CDN bundle with SRI, signing app) and the service's signed
// webhook verified by the partner backend; the slow app that open() waits for.
import { SLOW_READY_MS, adHocToken, expect, issueToken } from '../support/fixtures';
import { firstEntry, names, openedAt, recorded, waitForFrameText, signAndComplete } from '../support/sdk-driver';
import { ATTEMPT_ID, COMPLETED, CONTRACT_TITLE, READY, SESSION_ID, SIGNED_TITLE, SIGNER_LINE } from './expected';
import type { ScenarioTest } from './scenario-test';
import { untilHeading } from './steps';

export function signingScenarios(test: ScenarioTest): void {
  test('complete: loading → loaded → ready → completed, open() resolves on ready, webhook verified with the events’ sessionId', async ({
    host,
    sandbox,
    openSigned,
  }) => {
    const { applicationId, token } = await issueToken(sandbox, 'complete');
    await openSigned(host, { signingToken: token, contractId: 'loan-42' }, { until: 'open.resolved' });
    // Resolved on ready: before anything else happens, and before the signer does anything.
    expect(await names(host, 'a')).toEqual(READY);

    await untilHeading(host, CONTRACT_TITLE);
    await waitForFrameText(host, 'c1', SIGNER_LINE);
    await signAndComplete(host);
    await untilHeading(host, SIGNED_TITLE);

    const log = await recorded(host, 'a');
    expect(log.map((entry) => entry.event)).toEqual(COMPLETED);
    // One attempt: one attemptId on every payload; the service's sessionId from ready on (issue #44).
    const events = log.filter((e) => e.event.startsWith('contract.'));
    const { attemptId } = events[0].payload as { attemptId: string };
    expect(attemptId).toMatch(ATTEMPT_ID);
    const { sessionId } = (await firstEntry(host, 'a', 'contract.ready')).payload!;
    expect(sessionId).toMatch(SESSION_ID);
    expect(events.map((e) => [e.event, e.payload])).toEqual([
      ['contract.loading', { contractId: 'loan-42', attemptId }],
      ['contract.loaded', { contractId: 'loan-42', attemptId }],
      ['contract.ready', { contractId: 'loan-42', attemptId, sessionId }],
      ['contract.completed', { contractId: 'loan-42', attemptId, sessionId }],
    ]);
    expect(JSON.stringify(log)).not.toContain(token);

    // Server-confirmed completion: the service delivered application.contract.signed and the partner backend
    // accepted it only after checking the HMAC signature and timestamp.
    await expect.poll(() => sandbox.confirmations().filter((c) => c.applicationId === applicationId).length).toBe(1);
    const event = sandbox.confirmations().find((c) => c.applicationId === applicationId)!;
    // The webhook's session_id is the sessionId of the page's events: the partner joins the two with it.
    expect(event.sessionId).toBe(sessionId);
    const attempts = sandbox.deliveries().filter((d) => d.event_id === event.eventId);
    expect(attempts).toEqual([expect.objectContaining({ success: true, http_status: 200, attempt_number: 1 })]);
  });

  test("slow: ready arrives only after the app's delay, and open() waits for it", async ({ host, openSigned }) => {
    await openSigned(
      host,
      { signingToken: adHocToken('slow'), contractId: 's-1', loadTimeout: 10_000 },
      { until: 'open.resolved' },
    );
    expect(await names(host, 'a')).toEqual(READY);
    // The app waits SLOW_READY_MS after its own `loaded` before `ready`: measured from open(), which precedes
    // both, so a busy page that delivers `loaded` late cannot shorten it.
    const readyAt = (await firstEntry(host, 'a', 'contract.ready')).at;
    expect(readyAt - (await openedAt(host, 'a'))).toBeGreaterThanOrEqual(SLOW_READY_MS);
  });
}
