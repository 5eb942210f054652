// Loading the SDK as partners do: the pinned URL with its SRI hash, a tampered hash, the floating v1/ path, and a
// page that runs an AMD loader (the real RequireJS) before our script tag.
import { expect } from '../support/fixtures';
import type { Host } from '../support/host';
import { signAndComplete } from '../support/sdk-driver';
import type { ScenarioTest } from './scenario-test';

/** How often the page requested `url` (Resource Timing; WebKit leaves the sizes of a refused script at 0). */
const requests = (host: Host, url: string) => host.evaluate((url) => performance.getEntriesByName(url).length, url);

/** What the CDN answers this page for `url` right now, fetched with CORS as the script tag does. */
const cdnAnswer = (host: Host, url: string) =>
  host.evaluate(async (url) => {
    const response = await fetch(url, { mode: 'cors', cache: 'no-store' });
    return { status: response.status, bytes: (await response.text()).length };
  }, url);

export function loadingScenarios(test: ScenarioTest): void {
  test('SRI: a wrong integrity hash is blocked by the browser', async ({ host, sandbox, hostUrl }) => {
    await host.goto(hostUrl({ sdk: 'bad-integrity' }));
    // The tag requested the script, which the CDN serves to this page, and the browser refused to run it. The
    // blocking tag ran (or was refused) before the load event, but WebKit may add its Resource Timing entry later.
    await expect.poll(() => requests(host, sandbox.urls.sdkPinned), { message: 'one request for the script' }).toBe(1);
    expect(await host.evaluate(() => typeof window.SvcSDK)).toBe('undefined');
    expect(await cdnAnswer(host, sandbox.urls.sdkPinned)).toEqual({ status: 200, bytes: expect.any(Number) });
    expect((await cdnAnswer(host, sandbox.urls.sdkPinned)).bytes).toBeGreaterThan(1000);
    // Where the driver sees the browser's messages, the reason is named (Firefox: a page error; Chromium: console).
    if (host.messages() !== null) await expect.poll(() => host.messages()!.join('\n')).toMatch(/integrity/i);
  });

  test('SRI: the pinned bundle with its integrity loads; the floating v1/ path loads and works', async ({
    host,
    sandbox,
    hostUrl,
    openSigned,
  }) => {
    await host.goto(hostUrl({ sdk: 'pinned' }));
    expect(await host.evaluate(() => window.SvcSDK!.SDK_VERSION)).toBe(sandbox.sdkVersion);

    await host.goto(hostUrl({ sdk: 'floating' }));
    expect(await host.evaluate(() => window.SvcSDK!.SDK_VERSION)).toBe(sandbox.sdkVersion);
    await openSigned(host, { contractId: 'floating' }, { goto: false });
    await signAndComplete(host);
  });

  test('a page with RequireJS: the script tag defines SvcSDK, RequireJS reports no error, require([url]) gets it too', async ({
    host,
    sandbox,
    hostUrl,
    openSigned,
  }) => {
    await host.goto(hostUrl({ amd: 'requirejs' }));
    expect(await host.evaluate(() => typeof window.define === 'function' && Boolean(window.define.amd))).toBe(true);
    expect(await host.evaluate(() => window.SvcSDK?.SDK_VERSION)).toBe(sandbox.sdkVersion);

    // RequireJS reports a stray anonymous define() when it next reads its queue: a require() call does, and this
    // one also loads the file as RequireJS users do, which must hand them the namespace (and set the global).
    const required = await host.evaluate(
      (url) =>
        new Promise((resolve) => {
          window.require(
            [url],
            (sdk) =>
              resolve({ version: (sdk as typeof window.SvcSDK)?.SDK_VERSION, isTheGlobal: sdk === window.SvcSDK }),
            (error: any) => resolve({ error: `${error.requireType}: ${error.message}` }),
          );
        }),
      sandbox.urls.sdkPinned,
    );
    expect(required).toEqual({ version: sandbox.sdkVersion, isTheGlobal: true });
    expect(await host.evaluate(() => window.amdErrors)).toEqual([]);

    await openSigned(host, { contractId: 'amd-page' }, { goto: false });
    await signAndComplete(host);
  });
}
