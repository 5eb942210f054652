// Retry, close/destroy, several instances on one page, and frame sizing.
import { adHocToken, expect, issueToken } from '../support/fixtures';
import {
  call,
  firstEntry,
  frameCount,
  names,
  open,
  recorded,
  SIGN_BUTTON,
  waitFor,
  waitForFrameText,
  openAndWait,
  signAndComplete,
} from '../support/sdk-driver';
import { ATTEMPT_ID, COMPLETED, TO_READY, RETRIED_TO_READY, appReported } from './expected';
import type { ScenarioTest } from './scenario-test';
import { frameBox } from './steps';

export function lifecycleScenarios(test: ScenarioTest): void {
  test('retry: flaky fails once with loading_error; open() from the error handler reaches ready with a new attemptId', async ({
    host,
    hostUrl,
    createSigned,
  }) => {
    await host.goto(hostUrl());
    const token = adHocToken('flaky');
    await createSigned(host, 'a', 'c1', { signingToken: token, contractId: 'retry-1' });
    await host.evaluate(() => {
      const rec = window.__rec!;
      const instance = rec.instances.a!;
      let retried = false;
      instance.on('contract.error', (payload) => {
        if (payload.code === 'loading_error' && !retried) {
          retried = true;
          instance.open().then(() => rec.log.push({ id: 'a', event: 'retry.resolved', at: performance.now() }));
        }
      });
    });
    await openAndWait(host, 'a', 'retry.resolved');
    const log = await recorded(host, 'a');
    const lifecycle = log.filter((e) => e.event.startsWith('contract.'));
    expect(lifecycle.map((e) => e.event)).toEqual(RETRIED_TO_READY);
    expect((await firstEntry(host, 'a', 'contract.error')).payload).toMatchObject({
      code: 'loading_error',
      contractId: 'retry-1',
    });
    // The retry is a new attempt: a new attemptId from its contract.loading on; the failed one's kept its own.
    const attemptIds = lifecycle.map((e) => e.payload!.attemptId as string);
    for (const id of attemptIds) expect(id).toMatch(ATTEMPT_ID);
    const [first, , retry] = attemptIds;
    expect(attemptIds).toEqual([first, first, retry, retry, retry]);
    expect(retry).not.toBe(first);
    expect(JSON.stringify(log)).not.toContain(token);
    // The first open() settled after its error handlers ran; the retry resolved on ready.
    expect(log.map((e) => e.event)).toContain('open.resolved');
    expect(await frameCount(host, 'c1')).toBe(1);
    await waitForFrameText(host, 'c1', SIGN_BUTTON);
  });

  test('close() restores the container and open() works again; destroy() then open() rejects', async ({
    host,
    hostUrl,
    openSigned,
  }) => {
    await host.goto(hostUrl());
    const snapshot = () => host.evaluate(() => document.getElementById('c1')!.outerHTML);
    const before = await snapshot();
    await openSigned(host, { contractId: 'cycle' }, { goto: false });
    expect(await frameCount(host, 'c1')).toBe(1);

    await call(host, 'a', 'close');
    expect(await snapshot()).toBe(before);

    await open(host, 'a');
    await waitFor(host, 'a', 'contract.ready', 2);
    expect(await frameCount(host, 'c1')).toBe(1);
    await waitForFrameText(host, 'c1', SIGN_BUTTON);
    const lifecycle = (await names(host, 'a')).filter((n) => n.startsWith('contract.'));
    expect(lifecycle).toEqual([...TO_READY, ...TO_READY]);

    // Reading the frame's text over WebDriver (WebKit) leaves the focus in the frame, and a frame removed while
    // focused hands the focus to the container with tabindex="-1" (the one documented change; keyboard.spec.ts).
    await call(host, 'a', 'destroy');
    const focusReturned = await host.evaluate(() => document.activeElement === document.getElementById('c1'));
    expect(await snapshot()).toBe(
      focusReturned ? before.replace('data-owner="partner"', 'data-owner="partner" tabindex="-1"') : before,
    );
    await openAndWait(host, 'a', 'open.rejected');
    expect(String((await firstEntry(host, 'a', 'open.rejected')).payload!.message)).toMatch(/destroy/);
    expect(await frameCount(host, 'c1')).toBe(0);
    // destroy() released the container: a new instance may use it.
    await openSigned(host, {}, { id: 'b', goto: false });
  });

  test('two instances on one page, different scenarios: each sees only its own events', async ({
    host,
    sandbox,
    hostUrl,
    createSigned,
  }) => {
    await host.goto(hostUrl());
    const { applicationId, token } = await issueToken(sandbox, 'complete');
    await createSigned(host, 'one', 'c1', { signingToken: token, contractId: 'contract-one' });
    await createSigned(host, 'two', 'c2', { signingToken: adHocToken('not_found'), contractId: 'contract-two' });
    await openAndWait(host, ['one', 'two'], 'open.resolved');
    await signAndComplete(host, { id: 'one' });
    // A later, awaited thing than any stray port message: the service's webhook for that signature arrived.
    await expect.poll(() => sandbox.confirmations().some((c) => c.applicationId === applicationId)).toBe(true);

    expect(await names(host, 'one')).toEqual(COMPLETED);
    expect(await names(host, 'two')).toEqual(appReported({ loaded: true }));
    expect((await firstEntry(host, 'two', 'contract.error')).payload).toMatchObject({ code: 'not_found' });
    for (const id of ['one', 'two']) {
      const payloads = (await recorded(host, id)).filter((e) => e.payload).map((e) => e.payload!.contractId);
      expect(new Set(payloads)).toEqual(new Set([`contract-${id}`]));
    }
  });

  test('width and height: a number becomes pixels, a string is applied as written', async ({ host, openSigned }) => {
    await openSigned(host, { width: 640, height: '22rem' }, { id: 'px' });
    await openSigned(host, { width: '75%', height: 300 }, { id: 'pct', container: 'c2', goto: false });
    // host.css makes each container 800px wide; the root font size is 16px.
    expect(await frameBox(host, 'c1')).toMatchObject({ width: 640, height: 352 });
    expect((await frameBox(host, 'c1')).style).toEqual({ width: '640px', height: '22rem' });
    expect(await frameBox(host, 'c2')).toMatchObject({ width: 600, height: 300 });
    expect((await frameBox(host, 'c2')).style).toEqual({ width: '75%', height: '300px' });
  });
}
