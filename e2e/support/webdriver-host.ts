// Host over a classic W3C WebDriver session (WebKitGTK's MiniBrowser through WebKitWebDriver). The protocol has
// no init scripts, no console and no view of the network: violations are watched in the host document from its
// load event on (before any scenario creates an SDK instance, so every violation the SDK could cause is seen),
// and messages() and watchBrowserRequests() are null (the sandbox's own request log still covers the server side).
// Accessibility is WebKit's computed role and label of the element; WebKitWebDriver answers "unknown error" for
// an element that has no accessibility object (display: none), so that means "not in the tree" (webdriverio also
// prints that answer as an ERROR line: expected, not a failure).
import type { Browser } from 'webdriverio';
import { clickButtonNamed, webdriverWindowFrom } from './signer-window';
import { readViolations, recordViolations, untilVisibility, type AccessibleNode, type Host } from './host';

export function webdriverHost(browser: Browser): Host {
  let watching = false;

  async function inFrame<R>(frameSelector: string, action: () => Promise<R>): Promise<R> {
    const element = await browser.$(frameSelector);
    await element.waitForExist();
    await browser.switchFrame(element);
    try {
      return await action();
    } finally {
      await browser.switchFrame(null);
    }
  }

  const evaluate: Host['evaluate'] = (fn, arg) => browser.execute(fn as never, arg) as never;

  return {
    engine: 'webkit',
    async goto(url) {
      await browser.url(url);
      if (watching) await browser.execute(recordViolations);
    },
    evaluate,
    evaluateInFrame: (frameSelector, fn, arg) => inFrame(frameSelector, () => evaluate(fn, arg)),
    clickOpensWindow: (selector) => webdriverWindowFrom(browser, selector),
    clickInFrame: (frameSelector, name) => inFrame(frameSelector, () => clickButtonNamed(browser, name)),
    async watchViolations() {
      watching = true;
    },
    violations: () => evaluate(readViolations),
    messages: () => null,
    pressTab: () => browser.keys('Tab'),
    async accessibleNode(selector): Promise<AccessibleNode | null> {
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
    goBack: () => browser.back(),
    emulateColorScheme: null,
    async hidePage() {
      // WebKitGTK hides a minimised window's page; a new tab or window beside it leaves it visible.
      const { width, height } = await browser.getWindowSize();
      await browser.minimizeWindow();
      await untilVisibility(evaluate, 'hidden');
      return async () => {
        await browser.setWindowSize(width, height);
        await untilVisibility(evaluate, 'visible');
      };
    },
  };
}
