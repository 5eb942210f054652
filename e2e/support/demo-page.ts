// The partner demo page (demo/partner/) as its e2e specs use it: loaded, its option groups opened, and where its
// signing frame and start control lie in the window.
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { POLICY_VIOLATION_LINE } from './host';

/** Opens the demo and waits until its script has run with the SDK loaded (the log's first line). */
export async function openDemo(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(logRows(page, 'demo: SDK loaded')).toHaveCount(1);
}

/** The demo's signing frame, for locators. */
export const demoFrame = (page: Page): FrameLocator => page.frameLocator('#signing-container iframe');

/** The rows of the demo's event log for `event` (a data-event value: "contract.ready", "open() resolved"). */
export const logRows = (page: Page, event: string): Locator => page.locator(`#log tr[data-event="${event}"]`);

/** For specs of the demo alone: each test's `page` has the partner demo open (openDemo) as the test begins. */
export const demoTest = test.extend({
  page: async ({ page, sandbox }, use) => {
    await openDemo(page, sandbox.urls.demo);
    await use(page);
  },
});

/** Picks the token's sandbox scenario (when given) and presses New session, as a newcomer does. */
export async function newSession(page: Page, scenario?: string): Promise<void> {
  if (scenario) await page.getByLabel('Scenario').selectOption(scenario);
  await page.getByRole('button', { name: 'New session' }).click();
}

/** Opens the option group (a closed <details> under "More options") whose summary is `name`. */
export async function showOptions(page: Page, name: string): Promise<void> {
  const summary = page.locator('details.group > summary', { hasText: name });
  await summary.click();
  await expect(summary.locator('..')).toHaveAttribute('open', '');
}

/** Where the signing frame and the page stand in the window: read in the page, so every driver can run it. */
export interface FrameInView {
  /** The frame's top edge lies inside the window. */
  topOnScreen: boolean;
  /** Pixels of the frame's height inside the window (0 without a frame). */
  visiblePx: number;
  /** The page scrolls sideways: its content is wider than its window. */
  sidewaysScroll: boolean;
  /** The focused element is a frame (the signing app has the keyboard). */
  focusInFrame: boolean;
}

/** In the page: the FrameInView of the demo's signing frame. Sent as source text: globals only. */
export function frameInView(): FrameInView {
  const frame = document.querySelector('#signing-container iframe');
  const box = frame?.getBoundingClientRect();
  const root = document.documentElement;
  return {
    topOnScreen: box !== undefined && box.top >= 0 && box.top < innerHeight,
    visiblePx:
      box === undefined ? 0 : Math.round(Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0))),
    sidewaysScroll: root.scrollWidth > root.clientWidth,
    focusInFrame: document.activeElement?.tagName === 'IFRAME',
  };
}

/** In the page: whether the start control lies wholly inside the window, unscrolled. Globals only. */
export function startControlOnFirstScreen(): { scrollY: number; wholly: boolean } {
  const box = document.getElementById('new-session')!.getBoundingClientRect();
  return { scrollY, wholly: box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth };
}

/** What the issue asks to see after New session: compared whole, and a shortfall shows the pixels it had. */
export const FRAME_SHOWN = { topOnScreen: true, visiblePx: 'at least 200' };

/** frameInView() as FRAME_SHOWN puts it: the visible height as a number only when it is short of 200 px. */
export function frameShown(view: FrameInView): { topOnScreen: boolean; visiblePx: number | string } {
  return { topOnScreen: view.topOnScreen, visiblePx: view.visiblePx >= 200 ? 'at least 200' : view.visiblePx };
}

/** Collects, from now on, the console lines reporting a Content Security Policy or Trusted Types violation. */
export function watchPolicyViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => POLICY_VIOLATION_LINE.test(m.text()) && violations.push(m.text()));
  return violations;
}

/** The data-event of each row of the demo's event log that matches `rows`, in order. */
export function loggedEvents(page: Page, rows = '#log tr'): Promise<Array<string | undefined>> {
  return page.locator(rows).evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.event));
}

/** The event log's lifecycle events in order, without the app's funnel reports (contract.step), which may interleave. */
export async function loggedLifecycle(page: Page): Promise<Array<string | undefined>> {
  return (await loggedEvents(page, '#log tr.event')).filter((e) => e !== 'contract.step');
}
