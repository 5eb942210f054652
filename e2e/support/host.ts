// The partner's page as the cross-engine scenarios see it, whatever drives the browser: Playwright (Chromium,
// Firefox) or classic W3C WebDriver (WebKit, webdriver-host.ts). Only what every driver can do is here (or what
// a driver says it cannot see: null), so a scenario written against Host runs unchanged in all three engines.
import { expect, type Page, type Request } from '@playwright/test';
import { clickInCrossSiteFrame } from './frame-click';
import { playwrightWindowFrom, type SignerWindow } from './signer-window';

export type Engine = 'chromium' | 'firefox' | 'webkit';

/** A function run in the browser: it is sent as source text, so it may use only its argument and globals. */
export type InPage<A, R> = (arg: A) => R | Promise<R>;

export interface Host {
  readonly engine: Engine;
  /** Opens `url` in the page and waits for its load event. */
  goto(url: string): Promise<void>;
  /** Runs `fn(arg)` in the page, awaits a returned promise, and returns the (JSON-like) result. */
  evaluate<R, A = undefined>(fn: InPage<A, R>, arg?: A): Promise<R>;
  /** The same, inside the frame of the first element matching `frameSelector` (cross-origin frames too). */
  evaluateInFrame<R, A = undefined>(frameSelector: string, fn: InPage<A, R>, arg?: A): Promise<R>;
  /** The signer clicks the page's element matching `selector`; resolves with the window that click opened. */
  clickOpensWindow(selector: string): Promise<SignerWindow>;
  /** Clicks, as the signer would, the button whose text is `name` inside that frame. */
  clickInFrame(frameSelector: string, name: string): Promise<void>;
  /** Starts collecting Content-Security-Policy violations: call it before goto(). */
  watchViolations(): Promise<void>;
  /** Violations collected since goto(), as "directive blocked-uri" (which documents are watched: see each driver). */
  violations(): Promise<string[]>;
  /** Console messages and uncaught page errors so far (Firefox reports SRI and frame-ancestors blocks as the
   * latter, Chromium as the former), or null where the driver cannot see them (WebDriver classic). */
  messages(): string[] | null;
  /** Presses Tab once as the signer does: a key event from the driver, not a script's focus(). */
  pressTab(): Promise<void>;
  /** The node of the element matching `selector` in the accessibility tree, or null when it has none there. */
  accessibleNode(selector: string): Promise<AccessibleNode | null>;
  /** Records the requests to `origin` (every frame) until the returned function lists them as "METHOD url";
   * null where the driver cannot see requests (WebDriver classic). */
  watchBrowserRequests(origin: string): (() => string[]) | null;
  /** Hides the page as a signer does who turns away (visibilityState 'hidden', timers throttled) until the returned
   * function shows it again. Null where the driver cannot, so a test skips before its setup: headless Chromium keeps
   * every page visible (a new tab, a minimised window and CDP's Target.activateTarget change nothing). */
  hidePage: (() => Promise<() => Promise<void>>) | null;
  /** Goes back in the page's history as the signer's Back button does (resolves once asked, not once shown). */
  goBack(): Promise<void>;
  /** Makes the page and its frames report `scheme` as prefers-color-scheme, live. Null where the driver cannot:
   * Firefox ESR 153 over WebDriver BiDi takes Playwright's emulateMedia and changes nothing, not even in the top page
   * (checked 2026-11-27); WebDriver classic (WebKit) has no emulation. */
  emulateColorScheme: ((scheme: 'light' | 'dark') => Promise<void>) | null;
}

/** Waits until the page's visibilityState (read with the driver's `evaluate`) is `state`. */
export async function untilVisibility(evaluate: Host['evaluate'], state: DocumentVisibilityState): Promise<void> {
  await expect.poll(() => evaluate(() => document.visibilityState), `the page becomes ${state}`).toBe(state);
}

/** An element's node in the accessibility tree: role and name as the engine reports them (name: undefined where unknown). */
export interface AccessibleNode {
  role: string;
  name: string | undefined;
}

/** A console line that reports a Content Security Policy or Trusted Types violation (engines word it differently). */
export const POLICY_VIOLATION_LINE = /Content Security Policy|Trusted Type/i;

/** Listener installed in a document to record its CSP violations (runs in the browser). */
export function recordViolations(): void {
  if (window.__violations) return;
  const list: string[] = (window.__violations = []);
  document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.violatedDirective} ${e.blockedURI}`));
}

export function readViolations(): string[] {
  return window.__violations ?? [];
}

/**
 * Host over a Playwright page (Chromium, Firefox). Violations are watched in every frame, from its first script.
 * Accessibility: Chromium's own tree over the DevTools Protocol (a display: none element's node is ignored as not
 * rendered); Firefox: Playwright's ARIA snapshot of the element, which has the role but not an iframe's name (the
 * browser's tree is not reachable over WebDriver BiDi).
 */
export function pageHost(page: Page, engine: Engine): Host {
  const printed: string[] = [];
  page.on('console', (message) => printed.push(message.text()));
  page.on('pageerror', (error) => printed.push(error.message));

  const host: Host = {
    engine,
    async goto(url) {
      await page.goto(url);
    },
    evaluate: (fn, arg) => page.evaluate(fn as never, arg),
    async evaluateInFrame(frameSelector, fn, arg) {
      const frame = await (await page.waitForSelector(frameSelector, { state: 'attached' })).contentFrame();
      if (!frame) throw new Error(`${frameSelector} has no frame`);
      return frame.evaluate(fn as never, arg);
    },
    clickOpensWindow: (selector) => playwrightWindowFrom(page, selector),
    async clickInFrame(frameSelector, name) {
      await clickInCrossSiteFrame(page.frameLocator(frameSelector), name);
    },
    async watchViolations() {
      await page.addInitScript(recordViolations);
    },
    async violations() {
      const all: string[] = [];
      for (const frame of page.frames()) all.push(...(await frame.evaluate(readViolations)));
      return all;
    },
    messages: () => [...printed],
    pressTab: () => page.keyboard.press('Tab'),
    accessibleNode: (selector) =>
      engine === 'chromium' ? chromiumAccessibleNode(page, selector) : ariaSnapshotNode(page, selector),
    watchBrowserRequests(origin) {
      const seen: string[] = [];
      const onRequest = (request: Request) => {
        if (new URL(request.url()).origin === origin) seen.push(`${request.method()} ${request.url()}`);
      };
      page.on('request', onRequest);
      return () => {
        page.off('request', onRequest);
        return [...seen];
      };
    },
    async goBack() {
      // Not page.goBack(): over WebDriver BiDi it never resolves when Firefox restores the page from its
      // back/forward cache (the restore itself happens).
      // Asked from a task of its own, so the evaluate returns before the page it runs in goes away.
      await page.evaluate(() => void setTimeout(() => history.back()));
    },
    emulateColorScheme: engine === 'chromium' ? (scheme) => page.emulateMedia({ colorScheme: scheme }) : null,
    // Headless Chromium keeps every page visible (see Host.hidePage).
    hidePage: engine === 'chromium' ? null : () => hideBehindNewTab(page, host.evaluate),
  };
  return host;
}

/** Firefox: a link the signer clicks opens a foreground tab in the same window, which hides this page. */
async function hideBehindNewTab(page: Page, evaluate: Host['evaluate']): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const link = Object.assign(document.createElement('a'), { id: 'other-tab', href: 'about:blank' });
    link.target = '_blank';
    link.textContent = 'Somewhere else';
    document.body.append(link);
  });
  const [otherTab] = await Promise.all([page.context().waitForEvent('page'), page.click('#other-tab')]);
  await untilVisibility(evaluate, 'hidden');
  return async () => {
    await otherTab.close();
    await untilVisibility(evaluate, 'visible');
  };
}

async function chromiumAccessibleNode(page: Page, selector: string): Promise<AccessibleNode | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const node = nodes[0];
    return node && !node.ignored
      ? { role: String(node.role?.value ?? ''), name: node.name ? String(node.name.value) : '' }
      : null;
  } finally {
    await cdp.detach();
  }
}

async function ariaSnapshotNode(page: Page, selector: string): Promise<AccessibleNode | null> {
  // "- iframe" for an iframe in the tree; "" for an element outside it.
  const snapshot = (await page.locator(selector).ariaSnapshot()).trim();
  const role = /^- (\w+)/.exec(snapshot)?.[1];
  return role ? { role, name: undefined } : null;
}
