// Every failure reaches the partner as contract.error with the right code, and open() still resolves.
import { adHocToken, expect } from '../support/fixtures';
import { firstEntry, frameCount, names, openedAt, recorded, waitForFrameText } from '../support/sdk-driver';
import { APP_REPORTED, FAILED_TO_LOAD, appReported } from './expected';
import type { ScenarioTest } from './scenario-test';

export function errorScenarios(test: ScenarioTest): void {
  for (const row of APP_REPORTED) {
    const { scenario, code } = row;
    test(`app-reported error: ${scenario} → contract.error ${code}, frame kept, open() resolves`, async ({
      host,
      openSigned,
    }) => {
      await openSigned(
        host,
        { signingToken: adHocToken(scenario), contractId: `c-${scenario}` },
        { until: 'open.resolved' },
      );
      expect(await names(host, 'a')).toEqual(appReported(row));
      const error = await firstEntry(host, 'a', 'contract.error');
      expect(error.payload).toMatchObject({ contractId: `c-${scenario}`, code });
      expect(typeof error.payload!.message).toBe('string');
      // The app explains the problem in its own frame, which the SDK leaves on the page.
      expect(await frameCount(host, 'c1')).toBe(1);
      await waitForFrameText(host, 'c1', `Code: ${code}`);
    });
  }

  test('a token of another form is not_found', async ({ host, openSigned }) => {
    await openSigned(host, { signingToken: 'tok_0123456789abcdef', contractId: 'x' }, { until: 'open.resolved' });
    expect((await firstEntry(host, 'a', 'contract.error')).payload).toMatchObject({ code: 'not_found' });
  });

  test('silent: no answer to init → loading_error after loadTimeout, frame removed', async ({ host, openSigned }) => {
    await openSigned(
      host,
      { signingToken: adHocToken('silent'), contractId: 'quiet', loadTimeout: 1500 },
      { until: 'open.resolved' },
    );
    const log = await recorded(host, 'a');
    expect(log.map((e) => e.event)).toEqual(FAILED_TO_LOAD);
    expect(log[1].payload).toMatchObject({ contractId: 'quiet', code: 'loading_error' });
    // loadTimeout counts from the open() call, which comes before contract.loading by the time the browser
    // takes to insert the frame (near 100 ms in a busy Firefox).
    const elapsed = log[1].at - (await openedAt(host, 'a'));
    expect(elapsed).toBeGreaterThanOrEqual(1450);
    expect(elapsed).toBeLessThan(2900);
    expect(await frameCount(host, 'c1')).toBe(0);
  });
}
