// The README's React example in a real React app (support/react-apps.ts), in every engine: one session however
// often the parent re-renders, the latest callback, the signed frame kept, unmount, a new token, an error.
import { expect, issueToken } from '../support/fixtures';
import type { Host } from '../support/host';
import type { Observed } from '../apps/react-app/src/observed';
import type { ReactApps, ReactVariant } from '../support/client-app-fixtures';
import { SIGN_BUTTON } from '../support/sdk-driver';
import { type AppScenarioTest, frameText, pageHtml, untilFrameShows } from './app-pages';
import { SIGNED_TITLE } from './expected';
import { expectLiveDarkGerman } from './live-presentation';

type TestApp = {
  mount(token: string, strict: boolean): void;
  rerender(count: number): void;
  setToken(token: string): void;
  present(locale: string, dark: boolean): void;
  unmount(): void;
  observed(): Observed;
};
declare const window: Window & { testApp: TestApp };

const FRAME = 'iframe';
const observed = (host: Host) => host.evaluate(() => window.testApp.observed());

/** Loads the React app at `url` and mounts its signing component, in StrictMode, for `token`. */
async function mountAt(host: Host, url: string, token: string): Promise<void> {
  await host.goto(url);
  await host.evaluate((token) => window.testApp.mount(token, true), token);
}

export function reactScenarios(
  test: AppScenarioTest<{ reactApps: ReactApps }>,
  variants: readonly ReactVariant[],
): void {
  for (const variant of variants) {
    test(`${variant} (StrictMode): signs to completion while the parent re-renders 50 times: one session, the latest onCompleted, the signed frame stays until unmount`, async ({
      host,
      sandbox,
      reactApps,
    }) => {
      const { token } = await issueToken(sandbox, 'complete');
      await mountAt(host, reactApps.url(variant), token);
      await host.evaluate(() => window.testApp.rerender(25));
      await untilFrameShows(host);
      await host.evaluate(() => window.testApp.rerender(25));
      await host.clickInFrame(FRAME, SIGN_BUTTON);
      await expect
        .poll(async () => (await observed(host)).signedByRender, { message: 'onSigned ran' })
        .toBeGreaterThan(0);

      const signed = await observed(host);
      expect(signed.signedByRender, "the callback that ran is the latest render's").toBe(signed.renders);
      expect(signed.renders).toBeGreaterThanOrEqual(51);
      expect(sandbox.sessionStarts(token), 'one signing session at the sandbox').toBe(1);
      expect(signed.framesAdded, 'one frame ever added').toBe(1);
      expect(signed.mountEffects, 'StrictMode ran its double effects (development only)').toBe(
        variant === 'react-dev' ? 2 : 1,
      );

      await host.evaluate(() => window.testApp.rerender(10));
      expect(await frameText(host)).toContain(SIGNED_TITLE);
      expect(await observed(host)).toMatchObject({ framesAdded: 1, framesNow: 1 });
      expect(sandbox.sessionStarts(token)).toBe(1);
      expect(await pageHtml(host), 'the token is nowhere in the DOM').not.toContain(token);

      await host.evaluate(() => window.testApp.unmount());
      expect((await observed(host)).framesNow, 'unmounting removes the frame').toBe(0);
    });
  }

  const variant = variants[0];

  test(`${variant}: unmounting while the contract loads leaves no frame`, async ({ host, sandbox, reactApps }) => {
    const { token } = await issueToken(sandbox, 'slow');
    await mountAt(host, reactApps.url(variant), token);
    await expect.poll(async () => (await observed(host)).framesNow, { message: 'the frame is added' }).toBe(1);
    await host.evaluate(() => window.testApp.unmount());
    expect(await observed(host)).toMatchObject({ framesNow: 0, framesAdded: 1, signedByRender: 0 });
    expect(await host.evaluate(() => document.getElementById('root')!.childElementCount)).toBe(0);
  });

  test(`${variant}: German and dark from the partner's app state update the running app in place: one session, one frame`, async ({
    host,
    sandbox,
    reactApps,
  }) => {
    const { token } = await issueToken(sandbox, 'complete');
    await mountAt(host, reactApps.url(variant), token);
    await untilFrameShows(host);
    await expectLiveDarkGerman(host, FRAME, () => host.evaluate(() => window.testApp.present('de', true)));
    await host.evaluate(() => window.testApp.rerender(5));
    expect(await observed(host)).toMatchObject({ framesAdded: 1, framesNow: 1 });
    expect(sandbox.sessionStarts(token), 'one signing session at the sandbox').toBe(1);
  });

  test(`${variant}: a new signingToken starts a new session in place of the old one`, async ({
    host,
    sandbox,
    reactApps,
  }) => {
    const first = await issueToken(sandbox, 'complete');
    const second = await issueToken(sandbox, 'complete');
    await mountAt(host, reactApps.url(variant), first.token);
    await untilFrameShows(host);
    await host.evaluate((token) => window.testApp.setToken(token), second.token);
    await untilFrameShows(host);
    expect(await observed(host)).toMatchObject({ framesAdded: 2, framesNow: 1 });
    expect([sandbox.sessionStarts(first.token), sandbox.sessionStarts(second.token)]).toEqual([1, 1]);
    await host.clickInFrame(FRAME, SIGN_BUTTON);
    await expect.poll(async () => (await observed(host)).signedByRender).toBeGreaterThan(0);
  });

  test(`${variant}: an error the signing app reports reaches onError: the example shows its code`, async ({
    host,
    sandbox,
    reactApps,
  }) => {
    const { token } = await issueToken(sandbox, 'not_found');
    await mountAt(host, reactApps.url(variant), token);
    await expect
      .poll(async () => (await observed(host)).alert, { message: 'the example shows the error' })
      .toBe('Signing stopped (not_found).');
    expect((await observed(host)).framesNow, 'the app explains the error in its frame').toBe(1);
  });
}
