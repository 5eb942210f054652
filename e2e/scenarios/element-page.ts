// The docs' plain HTML page with <svc-contract-signing> (support/element-page.ts) under the strict CSP with
// Trusted Types: signs to completion with no violation, the token never in the DOM, and the page's own
// contract-completed handler moves on; the appearance property and the locale attribute change the running app
// in place.
import type { TestInfo } from '@playwright/test';
import { expect, issueToken, type Sandbox } from '../support/fixtures';
import { type ElementPage, untilContractShown } from '../support/element-page';
import type { Host } from '../support/host';
import { SIGN_BUTTON } from '../support/sdk-driver';
import { expectLiveDarkGerman } from './live-presentation';

type PageArgs = { host: Host; sandbox: Sandbox; elementPage: ElementPage };
export type ElementPageTest = (title: string, body: (args: PageArgs, testInfo: TestInfo) => Promise<void>) => void;

const FRAME = 'svc-contract-signing iframe';

/** The docs' page with a fresh token, violations watched, once its frame shows the contract; returns the token. */
async function openShowingContract({ host, sandbox, elementPage }: PageArgs): Promise<string> {
  const { token } = await issueToken(sandbox, 'complete');
  elementPage.setToken(token);
  await host.watchViolations();
  await host.goto(elementPage.url);
  await untilContractShown(host, FRAME);
  return token;
}

export function elementPageScenarios(test: ElementPageTest): void {
  test("plain HTML page, strict CSP + Trusted Types, the script-tag SDK: the docs' page signs to completion, no violation, the token never in the DOM", async ({
    host,
    sandbox,
    elementPage,
  }) => {
    const token = await openShowingContract({ host, sandbox, elementPage });
    expect(
      await host.evaluate(() => document.documentElement.outerHTML),
      'the token is nowhere in the DOM',
    ).not.toContain(token);
    expect(
      await host.evaluate(() => document.querySelectorAll('script[src*="index.umd.js"]').length),
      'the loader injected no second script',
    ).toBe(1);
    expect(await host.violations()).toEqual([]);
    await host.clickInFrame(FRAME, SIGN_BUTTON);
    await expect
      .poll(() => host.evaluate(() => location.href).catch(() => 'navigating'), {
        message: "contract-completed ran the page's handler",
      })
      .toBe(elementPage.nextStepUrl);
    expect(sandbox.sessionStarts(token)).toBe(1);
  });

  test("the docs' page: element.appearance = { theme: 'dark' } and locale=\"de\" turn the running app dark and German in place, one session, no violation", async ({
    host,
    sandbox,
    elementPage,
  }) => {
    const token = await openShowingContract({ host, sandbox, elementPage });
    await expectLiveDarkGerman(host, FRAME, () =>
      host.evaluate(() => {
        const signing = document.querySelector('svc-contract-signing')!;
        signing.appearance = { theme: 'dark' };
        signing.setAttribute('locale', 'de');
      }),
    );
    expect(sandbox.sessionStarts(token), 'one signing session at the sandbox').toBe(1);
    expect(await host.evaluate(() => document.querySelectorAll('svc-contract-signing iframe').length)).toBe(1);
    expect(await host.violations()).toEqual([]);
  });
}
