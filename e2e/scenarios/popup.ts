// display: 'popup' (docs/popup.md) in every engine: the signing app in a window open() opens from the signer's
// click, with the browser's own popup blocker and Cross-Origin-Opener-Policy handling. Registered by
// e2e/popup.spec.ts (Chromium, Firefox, their popup blockers on) and e2e/webkit/popup.spec.ts (WebKit).
import { adHocToken, expect } from '../support/fixtures';
import type { Host } from '../support/host';
import { recordServerRequests } from '../support/server-requests';
import { firstEntry, names, recorded, SDK_EVENTS, SIGN_BUTTON, waitFor } from '../support/sdk-driver';
import type { SignerWindow } from '../support/signer-window';
import { ATTEMPT_ID, COMPLETED, READY } from './expected';
import type { ScenarioArgs, ScenarioTest } from './scenario-test';

type PageArgs = Pick<ScenarioArgs, 'host' | 'createSigned' | 'hostUrl'>;

export const POPUP_BLOCKED = 'Popup blocked: call open() in the click.';
const POPUP_SEVERED = 'Cross-Origin-Opener-Policy cut off the window: use same-origin-allow-popups.';

export const POPUP_EVENTS = [...SDK_EVENTS, 'contract.cancelled'];

/**
 * A partner's button whose click handler calls open() on instance `id` (recording its outcome), or, given `url`,
 * opens that address in a window of the page's own.
 */
export async function addOpenButton(host: Host, id: string, url?: string): Promise<void> {
  await host.evaluate(
    ({ id, url }) => {
      const button = Object.assign(document.createElement('button'), { id: `open-${id}`, type: 'button' });
      button.textContent = `Open ${id}`;
      button.addEventListener('click', () => {
        if (url) return void window.open(url, '', 'width=400,height=400');
        const rec = window.__rec!;
        rec.instances[id]!.open().then(() => rec.log.push({ id, event: 'open.resolved', at: performance.now() }));
      });
      document.querySelector('main')!.append(button);
    },
    { id, url },
  );
}

/** The harness page (`query`) with a display: 'popup' instance `a` and a button that opens it. */
async function popupPage(
  { host, createSigned, hostUrl }: PageArgs,
  config: Record<string, unknown> = {},
  query: Record<string, string> = {},
): Promise<void> {
  await host.goto(hostUrl(query));
  await createSigned(host, 'a', 'c1', { display: 'popup', ...config }, { events: POPUP_EVENTS });
  await addOpenButton(host, 'a');
}

/** popupPage(), then the signer's click opens the window and open() resolves. */
async function openedWindow(
  args: PageArgs,
  config: Record<string, unknown> = {},
  query: Record<string, string> = {},
): Promise<SignerWindow> {
  await popupPage(args, config, query);
  const popup = await args.host.clickOpensWindow('#open-a');
  await waitFor(args.host, 'a', 'open.resolved');
  return popup;
}

/** The signer signs in the window; the page's instance records completed, its events `expected`. */
async function signIn(host: Host, popup: SignerWindow, expected = COMPLETED): Promise<void> {
  await popup.clickButton(SIGN_BUTTON);
  await waitFor(host, 'a', 'contract.completed');
  expect(await names(host, 'a')).toEqual(expected);
}

export function popupScenarios(test: ScenarioTest): void {
  test('signs to completion in a window, every event once; the token in no URL, window name or log', async ({
    host,
    sandbox,
    harness,
    createSigned,
    hostUrl,
  }) => {
    const token = adHocToken('complete');
    const servers = [sandbox.origins.signing, sandbox.origins.cdn, harness.origins.partner].map(recordServerRequests);
    const args = { host, createSigned, hostUrl };
    try {
      const popup = await openedWindow(args, { signingToken: token, contractId: 'p-1', debug: true });
      expect(await popup.url()).toBe(`${sandbox.origins.signing}/embed`);
      expect(await popup.evaluate(() => window.name)).toBe('');
      // The container holds nothing: the partner shows its own notice.
      expect(await host.evaluate(() => document.getElementById('c1')!.querySelector('iframe') === null)).toBe(true);
      await signIn(host, popup);
      for (const entry of await recorded(host, 'a')) {
        if (!entry.event.startsWith('contract.')) continue;
        expect(entry.payload).toMatchObject({ contractId: 'p-1', attemptId: expect.stringMatching(ATTEMPT_ID) });
      }
      const targets = servers.flatMap((server) => server.targets());
      expect(targets.filter((target) => target.includes(token))).toEqual([]);
      // Where the driver sees the consoles (not WebDriver classic).
      const printed = [...(host.messages() ?? []), ...(popup.messages() ?? [])];
      if (host.messages()) expect(printed.some((line) => line.includes('hello accepted'))).toBe(true);
      expect(printed.filter((line) => line.includes(token))).toEqual([]);
    } finally {
      for (const server of servers) server.stop();
    }
  });

  test('a reload inside the window gets the session back and completes, no event twice', async ({
    host,
    sandbox,
    createSigned,
    hostUrl,
  }) => {
    const token = adHocToken('complete');
    const popup = await openedWindow({ host, createSigned, hostUrl }, { signingToken: token });
    await expect.poll(() => sandbox.sessionStarts(token)).toBe(1);
    // The signer reloads the window (F5): the browser's reload, not the app's.
    await popup.reload();
    // The reloaded document said hello, got the token back over a new port and opened its session again.
    await expect.poll(() => sandbox.sessionStarts(token)).toBe(2);
    await signIn(host, popup);
  });

  test('the signer closes the window: contract.cancelled (no error), then open() resumes to completion', async ({
    host,
    createSigned,
    hostUrl,
  }) => {
    const first = await openedWindow({ host, createSigned, hostUrl });
    await first.close();
    await waitFor(host, 'a', 'contract.cancelled');
    const second = await host.clickOpensWindow('#open-a');
    await waitFor(host, 'a', 'open.resolved', 2);
    await signIn(host, second, [...READY, 'contract.cancelled', ...COMPLETED]);
  });

  test('a partner page with COOP same-origin: the error names the header and the value that works', async ({
    host,
    createSigned,
    hostUrl,
  }) => {
    await popupPage({ host, createSigned, hostUrl }, {}, { coop: 'same-origin' });
    await host.clickOpensWindow('#open-a');
    await waitFor(host, 'a', 'contract.error');
    const error = await firstEntry(host, 'a', 'contract.error');
    const { contractId, ...rest } = error.payload as Record<string, unknown>;
    // No contract was loaded: undefined (WebDriver classic hands it back as null).
    expect(contractId ?? undefined).toBeUndefined();
    expect(rest).toEqual({
      attemptId: expect.stringMatching(ATTEMPT_ID),
      code: 'loading_error',
      message: POPUP_SEVERED,
      source: 'sdk',
    });
  });

  test('a partner page with COOP same-origin-allow-popups: signs to completion', async ({
    host,
    createSigned,
    hostUrl,
  }) => {
    const popup = await openedWindow({ host, createSigned, hostUrl }, {}, { coop: 'same-origin-allow-popups' });
    await signIn(host, popup);
  });

  test('destroy() closes the window', async ({ host, createSigned, hostUrl }) => {
    const popup = await openedWindow({ host, createSigned, hostUrl });
    await host.evaluate(() => window.__rec!.instances.a!.destroy());
    await popup.untilClosed();
  });

  test('the partner page navigating away closes the window', async ({ host, createSigned, hostUrl }) => {
    const popup = await openedWindow({ host, createSigned, hostUrl });
    await host.goto(hostUrl({ sdk: 'floating' }));
    await popup.untilClosed();
  });

  test('a window the SDK did not open cannot greet it, from the signing origin or another site', async ({
    host,
    sandbox,
    createSigned,
    hostUrl,
  }) => {
    const token = adHocToken('complete');
    // hostile=1: an evil.test frame on the page sends hello, ready, completed and errors every 100 ms.
    const popup = await openedWindow(
      { host, createSigned, hostUrl },
      { signingToken: token, debug: true },
      { hostile: '1' },
    );
    await expect.poll(() => sandbox.sessionStarts(token)).toBe(1);
    // The real app, opened by the page itself (not by the SDK): it greets this page as its opener and gets no
    // init, so it shows its "session has ended" page once its wait for init runs out (docs/protocol.md §4.3).
    await addOpenButton(host, 'rogue', `${sandbox.origins.signing}/embed`);
    const rogue = await host.clickOpensWindow('#open-rogue');
    await expect
      .poll(() => rogue.evaluate(() => document.body.innerText), { timeout: 15_000 })
      .toContain('session has ended');
    expect(sandbox.sessionStarts(token), 'the rogue window got no token').toBe(1);
    const printed = host.messages();
    if (printed) {
      const ignored = printed.filter((line) => line.includes('ignored hello from another window')).join('\n');
      expect(ignored).toContain(sandbox.origins.signing);
      expect(printed.join('\n')).toContain('https://evil.test');
      expect(printed.filter((line) => line.includes('hello accepted'))).toHaveLength(1);
    }
    await rogue.close();
    await signIn(host, popup);
  });
}
