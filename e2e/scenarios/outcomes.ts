// The signer's other ways out (Decline with a reason, Finish later and resume) and the funnel events (steps of a
// full signing in order, activity only after the signer interacts), with the sandbox signing app's own controls.
import { adHocToken, expect } from '../support/fixtures';
import type { Host } from '../support/host';
import {
  ALL_EVENTS,
  firstEntry,
  frameCount,
  frameIn,
  names,
  open,
  recorded,
  SIGN_BUTTON,
  tokenCalls,
  waitFor,
  waitForFrameText,
  signAndComplete,
} from '../support/sdk-driver';
import { ATTEMPT_ID, TO_READY, SESSION_ID } from './expected';
import type { ScenarioTest } from './scenario-test';
import { typeDeclineReason } from './steps';

const count = async (host: Host, event: string) => (await names(host, 'a')).filter((name) => name === event).length;
/** The lifecycle events alone: without steps, activity and open()'s outcome. */
const lifecycle = async (host: Host) =>
  (await names(host, 'a')).filter(
    (name) => !['contract.step', 'contract.activity'].includes(name) && !name.startsWith('open.'),
  );

export function outcomeScenarios(test: ScenarioTest): void {
  test('declined: "Decline" with a reason → contract.declined with the cleaned reason; the frame stays on the app\'s screen', async ({
    host,
    openSigned,
  }, testInfo) => {
    testInfo.slow(); // two real clicks (see the activity test)
    await openSigned(host, { contractId: 'd-1' }, { events: ALL_EVENTS });
    // The reason as typed, line break and tab included: the partner receives it on one line.
    await typeDeclineReason(host, 'The rate is\nhigher than\tquoted');
    await host.clickInFrame(frameIn('c1'), 'Decline contract');
    await waitFor(host, 'a', 'contract.declined');

    const declined = await firstEntry(host, 'a', 'contract.declined');
    expect(declined.payload).toEqual({
      contractId: 'd-1',
      attemptId: expect.stringMatching(ATTEMPT_ID),
      sessionId: expect.stringMatching(SESSION_ID),
      reason: 'The rate is higher than quoted',
    });
    await waitForFrameText(host, 'c1', 'You declined this contract');
    expect(await frameCount(host, 'c1')).toBe(1);
    expect(await lifecycle(host)).toEqual([...TO_READY, 'contract.declined']);
  });

  test('cancelled: "Finish later" → contract.cancelled, the frame stays; open() resumes with a fresh token and signs to completion', async ({
    host,
    openSigned,
  }, testInfo) => {
    testInfo.slow(); // two attempts and two real clicks (see the activity test)
    const tokens = [adHocToken('complete'), adHocToken('complete')];
    await openSigned(host, { contractId: 'r-1' }, { tokens, events: ALL_EVENTS });
    await host.clickInFrame(frameIn('c1'), 'Finish later');
    await waitFor(host, 'a', 'contract.cancelled');
    await waitForFrameText(host, 'c1', 'You can finish signing later');
    expect(await frameCount(host, 'c1')).toBe(1);

    await open(host, 'a'); // the partner's "Resume"
    await waitFor(host, 'a', 'contract.ready', 2);
    expect(await tokenCalls(host, 'a')).toBe(2);
    expect(await frameCount(host, 'c1')).toBe(1);
    await waitForFrameText(host, 'c1', SIGN_BUTTON);
    await signAndComplete(host);
    expect(await lifecycle(host)).toEqual([...TO_READY, 'contract.cancelled', ...TO_READY, 'contract.completed']);
  });

  test('steps of a full signing, in order: document_viewed after ready, signature_started, then completed; elapsedMs since open()', async ({
    host,
    openSigned,
  }) => {
    await openSigned(host, { contractId: 's-1' }, { events: ALL_EVENTS, until: 'contract.step' });
    await signAndComplete(host);

    const log = (await recorded(host, 'a')).filter(
      (entry) => entry.event !== 'contract.activity' && entry.event !== 'open.resolved',
    );
    expect(log.map((entry) => (entry.event === 'contract.step' ? `step ${entry.payload!.step}` : entry.event))).toEqual(
      [...TO_READY, 'step document_viewed', 'step signature_started', 'contract.completed'],
    );
    const [viewed, started] = log
      .filter((entry) => entry.event === 'contract.step')
      .map((entry) => entry.payload!.elapsedMs as number);
    expect(Number.isInteger(viewed) && viewed >= 0).toBe(true);
    expect(started).toBeGreaterThanOrEqual(viewed);
  });

  test('activity: none while the signer does nothing, one after a click in the frame, and not again within 30 s', async ({
    host,
    openSigned,
  }, testInfo) => {
    // Two real clicks in a cross-site frame: Firefox on a loaded CI machine needs more than the default 30 s.
    testInfo.slow();
    // Until a step: the app is running and reporting; the signer has done nothing yet.
    await openSigned(host, {}, { events: ALL_EVENTS, until: 'contract.step' });
    expect(await count(host, 'contract.activity')).toBe(0);

    await host.clickInFrame(frameIn('c1'), 'Decline');
    await waitFor(host, 'a', 'contract.activity');
    await host.clickInFrame(frameIn('c1'), 'Back to the contract');
    await waitForFrameText(host, 'c1', SIGN_BUTTON);
    // Signed by a script click (no pointer): completed comes over the same port after the app's second activity.
    await signAndComplete(host, { by: 'script' });
    // Two clicks (and their scrolls) within seconds, each reported by the app: the SDK let one through.
    expect(await count(host, 'contract.activity')).toBe(1);
  });

  test('activity: a signing done without any pointer, key or scroll (a script click) reports none', async ({
    host,
    openSigned,
  }) => {
    await openSigned(host, {}, { events: ALL_EVENTS, until: 'contract.step' });
    await signAndComplete(host, { by: 'script' });
    // completed travels on the same port after any activity the app would have sent: none came.
    expect(await count(host, 'contract.activity')).toBe(0);
    expect(await count(host, 'contract.step')).toBe(2);
  });
}
