// 1.1.0 in every engine: the signing app reloading inside its frame, and the partner options (a token function,
// height "auto", locale and title). The Playwright-only specs (session-recovery, options, keyboard) look closer.
import { adHocToken, expect } from '../support/fixtures';
import type { Host } from '../support/host';
import {
  addHostButtons,
  addShadowContainer,
  call,
  deepFocus,
  frameIn,
  names,
  open,
  openAndWait,
  sign,
  SIGN_BUTTON,
  tokenCalls,
  waitFor,
  waitForFrameText,
} from '../support/sdk-driver';
import { COMPLETED } from './expected';
import type { ScenarioTest } from './scenario-test';

/** Marks the signing frame's current document, so a reload can be told from the same page still showing. */
const markDocument = (host: Host, containerId: string) =>
  host.evaluateInFrame(frameIn(containerId), () => void (window.__before = true));

export function recoveryAndOptionsScenarios(test: ScenarioTest): void {
  test('reload before ready (the app reloads itself once): the attempt goes on to ready, each event once', async ({
    host,
    openSigned,
  }) => {
    await openSigned(host, { signingToken: adHocToken('reload') });
    await sign(host, 'c1');
    await waitFor(host, 'a', 'contract.completed');
    expect(await names(host, 'a')).toEqual(COMPLETED);
  });

  test('reload after ready: the reloaded app gets its session back and completes, with no repeated event', async ({
    host,
    openSigned,
  }) => {
    await openSigned(host);
    await markDocument(host, 'c1');
    await host.evaluateInFrame(frameIn('c1'), () => location.reload());
    // Only a new document that received a fresh init can show the contract again.
    await expect
      .poll(() =>
        host
          .evaluateInFrame(frameIn('c1'), () => !window.__before && document.body.innerText.includes('Sign contract'))
          .catch(() => false),
      )
      .toBe(true);
    await sign(host, 'c1');
    await waitFor(host, 'a', 'contract.completed');
    expect(await names(host, 'a')).toEqual(COMPLETED);
  });

  test('signingToken as a function: open() after not_found uses a fresh token on the same instance', async ({
    host,
    sandbox,
    hostUrl,
  }) => {
    await host.goto(hostUrl());
    await openAndWait(host, 'a', 'c1', { appUrl: sandbox.origins.signing }, 'contract.error', [
      adHocToken('not_found'),
      adHocToken('complete'),
    ]);
    await open(host, 'a');
    await waitFor(host, 'a', 'contract.ready');
    expect(await tokenCalls(host, 'a')).toBe(2);
    await waitForFrameText(host, 'c1', SIGN_BUTTON);
  });

  test('locale "de" renders the app in German; title names the frame', async ({ host, openSigned }) => {
    await openSigned(host, { locale: 'de', title: 'Vertrag unterschreiben' });
    await waitForFrameText(host, 'c1', 'Vertrag unterschreiben');
    expect(
      await host.evaluate((selector) => (document.querySelector(selector) as HTMLIFrameElement).title, frameIn('c1')),
    ).toBe('Vertrag unterschreiben');
  });

  test('height "auto": the frame takes the height of the app content, which then needs no scrollbar', async ({
    host,
    openSigned,
  }) => {
    await openSigned(host, { height: 'auto' });
    const frameHeight = () =>
      host.evaluate((selector) => document.querySelector(selector)!.getBoundingClientRect().height, frameIn('c1'));
    const content = () =>
      host.evaluateInFrame(frameIn('c1'), () => Math.ceil(document.documentElement.getBoundingClientRect().height));
    // The contract is taller than the 320 px minimum: the frame grew to it.
    await expect.poll(async () => Math.abs((await frameHeight()) - (await content()))).toBeLessThanOrEqual(2);
    expect(await frameHeight()).toBeGreaterThan(320);
    expect(
      await host.evaluateInFrame(
        frameIn('c1'),
        () => document.documentElement.scrollHeight <= document.documentElement.clientHeight,
      ),
    ).toBe(true);
  });

  test("focus(): the page's focus moves from the partner's button into the frame, never before the call", async ({
    host,
    sandbox,
    hostUrl,
  }) => {
    await host.goto(hostUrl());
    await addHostButtons(host, 'c1');
    await host.evaluate(() => document.getElementById('before')!.focus());
    await openAndWait(host, 'a', 'c1', { signingToken: adHocToken('complete'), appUrl: sandbox.origins.signing });
    const focused = () =>
      host.evaluate(
        (selector) =>
          document.activeElement === document.querySelector(selector) ? 'frame' : document.activeElement?.id,
        frameIn('c1'),
      );
    expect(await focused()).toBe('before');
    await call(host, 'a', 'focus');
    // Chromium and Firefox: the app focuses its control. WebKit refuses that without a user gesture, so the app
    // asks back and the SDK focuses the frame element (docs/protocol.md §6.2). Either way the frame holds it.
    await expect.poll(focused).toBe('frame');
  });

  test("a container in a web component's shadow root: focus() moves the focus into the frame, close() gives it back there", async ({
    host,
    sandbox,
    hostUrl,
  }) => {
    await host.goto(hostUrl());
    await addShadowContainer(host, 'checkout', 'inner');
    await host.evaluate(() =>
      (document.getElementById('checkout')!.shadowRoot!.getElementById('before') as HTMLElement).focus(),
    );
    await openAndWait(host, 'a', 'inner', { signingToken: adHocToken('complete'), appUrl: sandbox.origins.signing });
    expect(await deepFocus(host)).toBe('before');
    await call(host, 'a', 'focus');
    await expect.poll(() => deepFocus(host)).toBe('frame');
    // document.activeElement is the component itself here: the SDK must look inside the root to see the frame.
    await call(host, 'a', 'close');
    expect(await deepFocus(host)).toBe('before');
  });
}
