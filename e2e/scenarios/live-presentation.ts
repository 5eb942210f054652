// A binding changes the running session's appearance and locale (SvcContracts.update() over the app's port): the
// sandbox app turns dark and German in place. Shared by the element page and the React app scenarios.
import { expect } from '../support/fixtures';
import type { Host } from '../support/host';
import { frameText } from './app-pages';

/** The sandbox app's German text for the signer's role (English: "Borrower"). */
export const BORROWER_DE = 'Darlehensnehmer';

declare const window: Window & { liveMark?: string };

/**
 * Marks the app's document, runs `change` (which asks the binding for `{ theme: 'dark' }` and locale "de"), and
 * checks that the app in `frame` turned German and dark, and that it is still the marked document (no reload, no
 * navigation: the same app document took the update).
 */
export async function expectLiveDarkGerman(host: Host, frame: string, change: () => Promise<void>): Promise<void> {
  const text = () => frameText(host, { frame });
  // The sum of the page's background channels: white is 765; a dark theme well under 200.
  const background = () =>
    host.evaluateInFrame(frame, () =>
      getComputedStyle(document.documentElement)
        .backgroundColor.match(/\d+/g)!
        .slice(0, 3)
        .reduce((sum, channel) => sum + Number(channel), 0),
    );
  expect(await text()).not.toContain(BORROWER_DE);
  expect(await background(), 'light before the change').toBeGreaterThan(600);
  await host.evaluateInFrame(frame, () => {
    window.liveMark = 'before the update';
  });

  await change();

  await expect.poll(text, { message: 'the app shows German text', intervals: [100, 250] }).toContain(BORROWER_DE);
  await expect.poll(background, { message: 'the app is dark', intervals: [100, 250] }).toBeLessThan(200);
  expect(await host.evaluateInFrame(frame, () => window.liveMark), 'the same app document: no reload').toBe(
    'before the update',
  );
}
