// Steps several SDK behaviour scenarios take in the same words: the frame's box, marking the app's document to see
// that an update kept it, calling update(), the frame's headings, the decline form.
import { expect } from '../support/fixtures';
import type { Host } from '../support/host';
import { frameIn, waitForFrameText } from '../support/sdk-driver';

/** How the page lays out the signing frame in a container: shown or not, its boxes, its size and its style's size. */
export function frameBox(host: Host, containerId: string) {
  return host.evaluate((selector) => {
    const frame = document.querySelector(selector) as HTMLIFrameElement;
    const { width, height } = frame.getBoundingClientRect();
    const style = { width: frame.style.width, height: frame.style.height };
    return { visible: frame.checkVisibility(), boxes: frame.getClientRects().length, width, height, style };
  }, frameIn(containerId));
}

/** Marks the app's document in a container: a reload or a replaced document would not have the mark. */
export function markDocument(host: Host, containerId = 'c1'): Promise<void> {
  return host.evaluateInFrame(frameIn(containerId), () => void (window.__before = true));
}

/** Whether the app in a container still shows the document markDocument marked. */
export function sameDocument(host: Host, containerId = 'c1'): Promise<boolean> {
  return host.evaluateInFrame(frameIn(containerId), () => window.__before === true);
}

/** Calls update(changes) on instance `id`: "updated", or what it threw (WebDriver turns undefined into null). */
export function update(host: Host, id: string, changes: Record<string, unknown>): Promise<string> {
  return host.evaluate(
    ({ id, changes }) => {
      try {
        window.__rec!.instances[id]!.update(changes as SvcSDK.SvcContractsUpdate);
        return 'updated';
      } catch (error) {
        return String(error);
      }
    },
    { id, changes },
  );
}

/** Waits until the app in container c1 shows a heading (h1 to h3) whose text is `name`. */
export async function untilHeading(host: Host, name: string): Promise<void> {
  const headings = () =>
    host.evaluateInFrame(frameIn('c1'), () =>
      [...document.querySelectorAll('h1, h2, h3')].map((heading) => heading.textContent!.trim()),
    );
  await expect.poll(() => headings().catch(() => []), { message: `a heading "${name}"` }).toContain(name);
}

/** The signer chooses "Decline" in container c1 and types `reason` into the form's reason field. */
export async function typeDeclineReason(host: Host, reason: string): Promise<void> {
  await host.clickInFrame(frameIn('c1'), 'Decline');
  await waitForFrameText(host, 'c1', 'Decline this contract?');
  await waitForFrameText(host, 'c1', 'Reason (optional)');
  await host.evaluateInFrame(
    frameIn('c1'),
    (reason) => void ((document.getElementById('decline-reason') as HTMLTextAreaElement).value = reason),
    reason,
  );
}
