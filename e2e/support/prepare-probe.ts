// What the prepare() scenarios (scenarios/prepare.ts) need beyond Host, from each engine's driver: a real Tab key,
// the browser's view of the frame's accessibility node, and the browser's own list of requests where it has one.
// Playwright (Chromium, Firefox) and classic WebDriver (WebKit) each say it their own way.
import type { Page } from '@playwright/test';
import type { Browser } from 'webdriverio';
import type { Engine } from './host';

/** An element's node in the accessibility tree: role and name as the engine reports them (name: undefined where unknown). */
export interface AccessibleNode {
  role: string;
  name: string | undefined;
}

export interface PrepareProbe {
  /** Presses Tab once as the signer does: a key event from the driver, not a script's focus(). */
  pressTab(): Promise<void>;
  /** The node of the element matching `selector` in the accessibility tree, or null when it has none there. */
  accessibleNode(selector: string): Promise<AccessibleNode | null>;
  /**
   * Starts recording the requests the browser sends to `origin` (every frame); the returned function stops and
   * lists them as "METHOD url". Null where the driver cannot see requests (classic WebDriver).
   */
  watchBrowserRequests(origin: string): (() => string[]) | null;
}

/**
 * Chromium: the browser's own accessibility tree over the DevTools Protocol (a display: none element's node is
 * ignored as not rendered). Firefox: Playwright's ARIA snapshot of the element, which has the role but not an
 * iframe's name (the browser's tree is not reachable over WebDriver BiDi).
 */
export function pageProbe(page: Page, engine: Engine): PrepareProbe {
  return {
    pressTab: () => page.keyboard.press('Tab'),
    async accessibleNode(selector) {
      if (engine === 'chromium') {
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
      // "- iframe" for an iframe in the tree; "" for an element outside it.
      const snapshot = (await page.locator(selector).ariaSnapshot()).trim();
      const role = /^- (\w+)/.exec(snapshot)?.[1];
      return role ? { role, name: undefined } : null;
    },
    watchBrowserRequests(origin) {
      const seen: string[] = [];
      const onRequest = (request: { url(): string; method(): string }) => {
        if (new URL(request.url()).origin === origin) seen.push(`${request.method()} ${request.url()}`);
      };
      page.on('request', onRequest);
      return () => {
        page.off('request', onRequest);
        return [...seen];
      };
    },
  };
}

/**
 * WebKit over classic WebDriver: WebKit's computed role and label of the element; WebKitWebDriver answers
 * "unknown error" for an element that has no accessibility object (display: none), so that means "not in the tree"
 * (webdriverio also prints that answer as an ERROR line: expected, not a failure).
 */
export function webdriverProbe(browser: Browser): PrepareProbe {
  return {
    pressTab: () => browser.keys('Tab'),
    async accessibleNode(selector) {
      const element = await browser.$(selector);
      await element.waitForExist();
      try {
        return { role: await element.getComputedRole(), name: await element.getComputedLabel() };
      } catch (error) {
        if (/unknown error/i.test(String((error as Error).message))) return null;
        throw error;
      }
    },
    watchBrowserRequests: () => null,
  };
}
