// The partner options in every engine: a token function (a retry gets a fresh token), locale passed to the app,
// title as the frame's name, and focus() into the frame (also through a shadow root). height: auto-height.ts.
import { adHocToken, expect } from '../support/fixtures';
import type { Host } from '../support/host';
import {
  addHostButtons,
  addShadowContainer,
  call,
  deepFocus,
  firstEntry,
  frameIn,
  names,
  open,
  SIGN_BUTTON,
  tokenCalls,
  waitFor,
  waitForFrameText,
} from '../support/sdk-driver';
import { READY, appReported } from './expected';
import type { ScenarioTest } from './scenario-test';
import { untilHeading } from './steps';

const frameLang = (host: Host) => host.evaluateInFrame(frameIn('c1'), () => document.documentElement.lang);

/** The signing frame's title attribute in a container, and its accessible name where the driver reports one. */
async function frameName(host: Host, containerId: string) {
  const title = await host.evaluate(
    (selector) => document.querySelector(selector)!.getAttribute('title'),
    frameIn(containerId),
  );
  const node = await host.accessibleNode(frameIn(containerId));
  // Firefox's driver reports the role only (name undefined): there the title attribute stands for the name.
  return { title, accessibleName: node === null ? null : (node.name ?? title) };
}

export function optionsScenarios(test: ScenarioTest): void {
  test('signingToken as a function: open() after not_found uses a fresh token on the same instance', async ({
    host,
    openSigned,
  }) => {
    const tokens = [adHocToken('not_found'), adHocToken('complete')];
    await openSigned(host, { contractId: 'fn-1' }, { until: 'open.resolved', tokens });
    const error = await firstEntry(host, 'a', 'contract.error');
    expect(error.payload).toMatchObject({ code: 'not_found', contractId: 'fn-1' });
    expect(await tokenCalls(host, 'a')).toBe(1);

    await open(host, 'a');
    await waitFor(host, 'a', 'open.resolved', 2);
    await waitForFrameText(host, 'c1', SIGN_BUTTON);
    expect(await tokenCalls(host, 'a')).toBe(2);
    expect(await names(host, 'a')).toEqual([...appReported({ loaded: true }), ...READY]);
  });

  for (const locale of ['de', 'de-DE']) {
    test(`locale "${locale}": the sandbox app renders German, says so in <html lang>, and signs in German`, async ({
      host,
      openSigned,
    }) => {
      await openSigned(host, { locale });
      await untilHeading(host, 'Darlehensvertrag für Unternehmen');
      await untilHeading(host, 'Darlehenskonditionen');
      expect(await frameLang(host)).toBe('de');
      await host.clickInFrame(frameIn('c1'), 'Vertrag unterschreiben');
      await waitFor(host, 'a', 'contract.completed');
      await untilHeading(host, 'Vertrag unterschrieben');
    });
  }

  test('locale "fr": the sandbox app has no French and falls back to English', async ({ host, openSigned }) => {
    await openSigned(host, { locale: 'fr' });
    await waitForFrameText(host, 'c1', SIGN_BUTTON);
    await untilHeading(host, 'Business Term Loan Agreement');
    expect(await frameLang(host)).toBe('en');
  });

  test('locale "de" on an error: the app\'s error page is German too', async ({ host, openSigned }) => {
    await openSigned(
      host,
      { signingToken: adHocToken('verification_required'), locale: 'de' },
      { until: 'contract.error' },
    );
    await untilHeading(host, 'Dieser Vertrag kann hier nicht unterschrieben werden');
    await waitForFrameText(host, 'c1', 'Der Unterzeichner muss seine Identität bestätigen');
  });

  test('title: the frame\'s name, "Contract signing" by default', async ({ host, openSigned }) => {
    const named = 'Sign your loan agreement';
    await openSigned(host, { title: named });
    await openSigned(host, {}, { id: 'b', container: 'c2', goto: false });
    expect(await frameName(host, 'c1')).toEqual({ title: named, accessibleName: named });
    expect(await host.evaluate((title) => document.querySelectorAll(`[title="${title}"]`).length, named)).toBe(1);
    expect(await frameName(host, 'c2')).toEqual({ title: 'Contract signing', accessibleName: 'Contract signing' });
    await call(host, 'a', 'destroy');
    await call(host, 'b', 'destroy');
  });

  test("focus(): the page's focus moves from the partner's button into the frame, never before the call", async ({
    host,
    hostUrl,
    openSigned,
  }) => {
    await host.goto(hostUrl());
    await addHostButtons(host, 'c1');
    await host.evaluate(() => document.getElementById('before')!.focus());
    await openSigned(host, {}, { goto: false });
    expect(await deepFocus(host)).toBe('before');
    await call(host, 'a', 'focus');
    // Chromium and Firefox: the app focuses its control. WebKit refuses that without a user gesture, so the app
    // asks back and the SDK focuses the frame element (docs/protocol.md §6.2). Either way the frame holds it.
    await expect.poll(() => deepFocus(host)).toBe('frame');
  });

  test("a container in a web component's shadow root: focus() moves the focus into the frame, close() gives it back there", async ({
    host,
    hostUrl,
    openSigned,
  }) => {
    await host.goto(hostUrl());
    await addShadowContainer(host, 'checkout', 'inner');
    await host.evaluate(() =>
      (document.getElementById('checkout')!.shadowRoot!.getElementById('before') as HTMLElement).focus(),
    );
    await openSigned(host, {}, { container: 'inner', goto: false });
    expect(await deepFocus(host)).toBe('before');
    await call(host, 'a', 'focus');
    await expect.poll(() => deepFocus(host)).toBe('frame');
    // document.activeElement is the component itself here: the SDK must look inside the root to see the frame.
    await call(host, 'a', 'close');
    expect(await deepFocus(host)).toBe('before');
  });
}
