// <svc-contract-signing hidden> in a real framework app (issue #28), in every engine it runs in: the session is
// prepared while hidden (the app loads and gets ready, no box), removing `hidden` shows the ready contract at once
// with no request to the signing origin, hiding it again keeps the session, and it signs to completion.
import { expect, issueToken } from '../support/fixtures';
import type { ElementApp } from '../support/element-fixture';
import type { Host } from '../support/host';
import { SIGN_BUTTON } from '../support/sdk-driver';
import { frameText, requestsDuring, untilFrameShows } from './app-pages';
import type { ElementScenarioTest } from './element-apps';
import { SIGNER_LINE } from './expected';

type TestApp = {
  mountHidden(token: string): void;
  setHidden(hidden: boolean): void;
  observed(): { signed: number; framesAdded: number; framesNow: number };
};
declare const window: Window & { testApp: TestApp };

const FRAME = 'svc-contract-signing iframe';
/** The frame's rendered height now (0: no box). */
const frameHeight = (host: Host) =>
  host.evaluate(() => document.querySelector('svc-contract-signing iframe')?.getBoundingClientRect().height ?? 0);

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
    expect(await frameHeight(host), 'hidden: no box').toBe(0);
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
      .poll(async () => (await host.evaluate(() => window.testApp.observed())).signed, {
        message: 'contract-completed reached the app',
      })
      .toBe(1);
    expect(await host.evaluate(() => window.testApp.observed())).toMatchObject({ framesAdded: 1, framesNow: 1 });
    expect(sandbox.sessionStarts(token), 'hidden and shown again: one session').toBe(1);
  });
}
