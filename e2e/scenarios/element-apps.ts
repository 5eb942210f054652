// <svc-contract-signing> in a real framework app (support/client-app-fixtures.ts), in every engine it runs in, shown and
// `hidden` (issue #28). Each app exposes the same window.testApp (e2e/apps/{vue,angular}-app/src/main.ts).
import { expect, issueToken } from '../support/fixtures';
import type { ElementApp, ElementApps } from '../support/client-app-fixtures';
import type { Host } from '../support/host';
import { SIGN_BUTTON } from '../support/sdk-driver';
import { type AppScenarioTest, frameHeight, frameText, pageHtml, requestsDuring, untilFrameShows } from './app-pages';
import { SIGNED_TITLE, SIGNER_LINE } from './expected';

type ElementScenarioTest = AppScenarioTest<{ elementApps: ElementApps }>;

interface Observed {
  renders: number;
  signed: number;
  framesAdded: number;
  framesNow: number;
  alert: string | null;
}
type TestApp = {
  mount(token: string): void;
  mountHidden(token: string): void;
  setHidden(hidden: boolean): void;
  rerender(count: number): Promise<void>;
  setToken(token: string): Promise<void>;
  unmount(): void;
  observed(): Observed;
};
declare const window: Window & { testApp: TestApp };

const FRAME = 'svc-contract-signing iframe';
const observed = (host: Host) => host.evaluate(() => window.testApp.observed());
/** The signing frame shows the contract to sign (the session started and the app is ready). */
const waitForContract = (host: Host) => untilFrameShows(host, SIGNER_LINE, { frame: FRAME });

async function open(host: Host, elementApps: ElementApps, app: ElementApp, token: string): Promise<void> {
  await host.goto(elementApps.url(app));
  await host.evaluate((token) => window.testApp.mount(token), token);
}

export function elementScenarios(test: ElementScenarioTest, app: ElementApp): void {
  test(`${app}: signs to completion while the parent re-renders 50 times: one session, one frame, the token nowhere in the DOM`, async ({
    host,
    sandbox,
    elementApps,
  }) => {
    const { token } = await issueToken(sandbox, 'complete');
    await open(host, elementApps, app, token);
    await host.evaluate(() => window.testApp.rerender(25));
    await waitForContract(host);
    await host.evaluate(() => window.testApp.rerender(25));
    await host.clickInFrame(FRAME, SIGN_BUTTON);
    await expect
      .poll(async () => (await observed(host)).signed, { message: 'contract-completed reached the app' })
      .toBe(1);

    expect((await observed(host)).renders, 'the parent re-rendered').toBeGreaterThanOrEqual(50);
    expect(sandbox.sessionStarts(token), 'one signing session at the sandbox').toBe(1);
    await host.evaluate(() => window.testApp.rerender(10));
    expect(await frameText(host, { frame: FRAME })).toContain(SIGNED_TITLE);
    expect(await observed(host)).toMatchObject({ framesAdded: 1, framesNow: 1, signed: 1 });
    expect(sandbox.sessionStarts(token)).toBe(1);
    expect(await pageHtml(host), 'the token is nowhere in the DOM').not.toContain(token);

    await host.evaluate(() => window.testApp.unmount());
    expect((await observed(host)).framesNow, 'unmounting removes the frame').toBe(0);
  });

  test(`${app}: unmounting while the contract loads leaves no frame`, async ({ host, sandbox, elementApps }) => {
    const { token } = await issueToken(sandbox, 'slow');
    await open(host, elementApps, app, token);
    await expect.poll(async () => (await observed(host)).framesNow, { message: 'the frame is added' }).toBe(1);
    await host.evaluate(() => window.testApp.unmount());
    // The element's teardown runs once the removing task's microtasks have: a promise later, it is done.
    await host.evaluate(() => Promise.resolve());
    expect(await observed(host)).toMatchObject({ framesNow: 0, framesAdded: 1, signed: 0 });
    expect(await host.evaluate(() => document.querySelectorAll('svc-contract-signing, iframe').length)).toBe(0);
  });

  test(`${app}: a new signingToken starts a new session in place of the old one`, async ({
    host,
    sandbox,
    elementApps,
  }) => {
    const first = await issueToken(sandbox, 'complete');
    const second = await issueToken(sandbox, 'complete');
    await open(host, elementApps, app, first.token);
    await waitForContract(host);
    await host.evaluate((token) => window.testApp.setToken(token), second.token);
    await expect
      .poll(() => sandbox.sessionStarts(second.token), { message: "the new token's session started" })
      .toBe(1);
    await waitForContract(host);
    expect(await observed(host)).toMatchObject({ framesAdded: 2, framesNow: 1 });
    expect(sandbox.sessionStarts(first.token)).toBe(1);
    await host.clickInFrame(FRAME, SIGN_BUTTON);
    await expect.poll(async () => (await observed(host)).signed).toBe(1);
  });

  test(`${app}: an error the signing app reports reaches contract-error: the example shows its code`, async ({
    host,
    sandbox,
    elementApps,
  }) => {
    const { token } = await issueToken(sandbox, 'not_found');
    await open(host, elementApps, app, token);
    await expect
      .poll(async () => (await observed(host)).alert, { message: 'the example shows the error' })
      .toBe('Signing stopped (not_found).');
    expect((await observed(host)).framesNow, 'the app explains the error in its frame').toBe(1);
  });
}

/** <svc-contract-signing hidden>: prepared while hidden, shown at once. */
export function elementHiddenScenarios(test: ElementScenarioTest, app: ElementApp): void {
  test(`${app}: hidden prepares the contract; shown, it is ready at once with no request to the signing origin, and signs`, async ({
    host,
    sandbox,
    elementApps,
  }) => {
    const { token } = await issueToken(sandbox, 'complete');
    await host.goto(elementApps.url(app));
    await host.evaluate((token) => window.testApp.mountHidden(token), token);
    await untilFrameShows(host, SIGNER_LINE, {
      frame: FRAME,
      hidden: true,
      message: 'the hidden frame got the contract',
    });
    expect(await frameHeight(host, FRAME), 'hidden: no box').toBe(0);
    expect(sandbox.sessionStarts(token), 'the token was used while hidden').toBe(1);

    const requests = await requestsDuring([sandbox.origins.signing], async () => {
      // Shown in the same frame of the browser: the element's check runs in this task's microtasks.
      const height = await host.evaluate(async () => {
        window.testApp.setHidden(false);
        await new Promise((resolve) => requestAnimationFrame(resolve));
        return document.querySelector('svc-contract-signing iframe')?.getBoundingClientRect().height ?? 0;
      });
      expect(height, 'shown at the next frame').toBeGreaterThan(0);
      expect(await frameText(host, { frame: FRAME, hidden: true })).toContain(SIGNER_LINE);
    });
    expect(requests, 'no request to the signing origin after showing').toEqual([]);

    await host.evaluate(() => window.testApp.setHidden(true));
    await host.evaluate(() => window.testApp.setHidden(false));
    await host.clickInFrame(FRAME, SIGN_BUTTON);
    await expect
      .poll(async () => (await observed(host)).signed, { message: 'contract-completed reached the app' })
      .toBe(1);
    expect(await observed(host)).toMatchObject({ framesAdded: 1, framesNow: 1 });
    expect(sandbox.sessionStarts(token), 'hidden and shown again: one session').toBe(1);
  });
}
