// height: 'auto' in every engine: the frame follows the sandbox app's resize reports, within minHeight and
// maxHeight, and the app inside never shows a scrollbar unless the maximum holds it in.
import { expect } from '../support/fixtures';
import type { Host } from '../support/host';
import { frameIn, waitForFrameText, signAndComplete } from '../support/sdk-driver';
import type { ScenarioTest } from './scenario-test';
import { frameBox } from './steps';

/** The frame's height and, inside it, the bottom of the app's content and whether its document scrolls. */
async function frameLayout(host: Host, containerId: string) {
  const { height: frameHeight } = await frameBox(host, containerId);
  const inside = await host.evaluateInFrame(frameIn(containerId), () => ({
    // Measured from the app's content, not from the document (which is at least as tall as the frame).
    contentBottom: document.getElementById('app')!.getBoundingClientRect().bottom + window.scrollY,
    scrolls: document.documentElement.scrollHeight > document.documentElement.clientHeight,
  }));
  return { frameHeight, ...inside };
}

/** Waits until the frame is as tall as the app's content (within 2 px) and the app shows no scrollbar. */
async function expectFrameFitsContent(host: Host, containerId: string): Promise<number> {
  await expect
    .poll(
      async () => {
        const { frameHeight, contentBottom, scrolls } = await frameLayout(host, containerId);
        return { fits: Math.abs(frameHeight - contentBottom) <= 2, scrolls, frameHeight, contentBottom };
      },
      { message: 'frame height follows the app content' },
    )
    .toMatchObject({ fits: true, scrolls: false });
  return (await frameLayout(host, containerId)).frameHeight;
}

/** The signer signs in container c1 and the app shows its (shorter) signed view. */
async function signAndSeeSignedView(host: Host): Promise<void> {
  await signAndComplete(host);
  await waitForFrameText(host, 'c1', 'Contract signed');
}

export function autoHeightScenarios(test: ScenarioTest): void {
  test('height "auto": the frame takes the app content\'s height, with no scrollbar, and shrinks with the signed view', async ({
    host,
    openSigned,
  }) => {
    // A low minimum, so that the shorter signed view is not held up by the default 320 px.
    await openSigned(host, { height: 'auto', minHeight: 100 });
    const contractHeight = await expectFrameFitsContent(host, 'c1');
    // The contract is taller than both the 100 px minimum and the 600 px fixed default.
    expect(contractHeight).toBeGreaterThan(600);

    await signAndSeeSignedView(host);
    const signedHeight = await expectFrameFitsContent(host, 'c1');
    expect(signedHeight).toBeLessThan(contractHeight - 100);
  });

  test('height "auto" with maxHeight: the frame stops at the maximum and the app scrolls inside it', async ({
    host,
    openSigned,
  }) => {
    await openSigned(host, { height: 'auto', maxHeight: 400 });
    // The app reports its height before ready (docs/protocol.md: after each render), so the clamp is in place now.
    const layout = await frameLayout(host, 'c1');
    expect(layout.frameHeight).toBe(400);
    expect(layout.contentBottom).toBeGreaterThan(400);
    expect(layout.scrolls).toBe(true);
  });

  test('height "auto" with minHeight: the frame follows the content down to the minimum, then stays there', async ({
    host,
    openSigned,
  }) => {
    await openSigned(host, { height: 'auto', minHeight: 500 });
    expect(await expectFrameFitsContent(host, 'c1')).toBeGreaterThan(500);

    await signAndSeeSignedView(host);
    // The app reports the signed view's height before completed, so the SDK has applied it by now.
    const layout = await frameLayout(host, 'c1');
    expect(layout.contentBottom).toBeLessThan(500);
    expect(layout.frameHeight).toBe(500);
  });
}
