// A hardened partner page (strict CSP with Trusted Types), a hostile frame on the page, and a site the signing
// app does not let frame it.
import { requestLoopback } from '../../lib/loopback-client.mjs';
import { adHocToken, expect } from '../support/fixtures';
import { names, open, recorded, signOneFailOther, waitFor } from '../support/sdk-driver';
import { COMPLETED, FAILED_TO_LOAD, READY } from './expected';
import type { ScenarioTest } from './scenario-test';
import { type Host, POLICY_VIOLATION_LINE } from '../support/host';

/**
 * The strict page (watchViolations() before goto) saw no CSP or Trusted Types violation, and its policy is in
 * force in this engine, so "zero violations" means something: Trusted Types refuse a string assigned to
 * innerHTML (checked last, as the refusal is itself a violation).
 */
export async function expectStrictPageClean(host: Host): Promise<void> {
  expect(await host.violations()).toEqual([]);
  const messages = host.messages();
  if (messages !== null) expect(messages.filter((m) => POLICY_VIOLATION_LINE.test(m))).toEqual([]);
  const refused = await host.evaluate(() => {
    try {
      document.createElement('div').innerHTML = '<b>x</b>';
      return false;
    } catch (error) {
      return error instanceof TypeError;
    }
  });
  expect(refused, 'innerHTML refused by Trusted Types').toBe(true);
}

export function securityScenarios(test: ScenarioTest): void {
  test('hardened host page (CSP: CDN scripts only, signing-app frames only, Trusted Types): works, zero violations', async ({
    host,
    sandbox,
    hostUrl,
    createSigned,
  }) => {
    const url = hostUrl({ csp: 'strict' });
    const csp = String((await requestLoopback({ url, ca: sandbox.cert })).headers['content-security-policy']);
    expect(csp).toContain(`script-src ${sandbox.origins.cdn};`);
    expect(csp).toContain(`frame-src ${sandbox.origins.signing};`);
    expect(csp).toContain("require-trusted-types-for 'script'");
    expect(csp).not.toContain('unsafe-inline');

    await host.watchViolations();
    await host.goto(url);
    await createSigned(host, 'ok', 'c1', { contractId: 'h1', width: 500, height: '20rem' });
    await createSigned(host, 'err', 'c2', { signingToken: adHocToken('verification_required'), contractId: 'h2' });
    await signOneFailOther(host, ['ok', 'c1'], 'err');
    expect(await names(host, 'ok')).toEqual(COMPLETED);

    await expectStrictPageClean(host);
  });

  test('a hostile frame (another origin) imitating the signing app produces no SDK event', async ({
    host,
    hostUrl,
    createSigned,
  }) => {
    await host.goto(hostUrl({ hostile: '1' }));
    const spoofRounds = () => host.evaluateInFrame('#hostile', () => window.spoofRounds!);
    await expect.poll(spoofRounds).toBeGreaterThan(0);

    // One instance that never gets an answer (any loaded/ready/completed would be forged) and one that is ready
    // (a forged completed or error would show), while the hostile frame keeps posting.
    await createSigned(host, 'quiet', 'c1', { signingToken: adHocToken('silent'), contractId: 'q', loadTimeout: 1500 });
    await createSigned(host, 'live', 'c2', { contractId: 'l' });
    await open(host, 'quiet');
    await open(host, 'live');
    await waitFor(host, 'quiet', 'contract.error');
    await waitFor(host, 'live', 'contract.ready');
    // Wait on the hostile frame itself: five more rounds of spoofs posted while both instances listen.
    const rounds = await spoofRounds();
    await expect.poll(spoofRounds).toBeGreaterThan(rounds + 5);

    expect(await names(host, 'quiet')).toEqual(FAILED_TO_LOAD);
    expect((await recorded(host, 'quiet'))[1].payload).toMatchObject({ code: 'loading_error' });
    expect(await names(host, 'live')).toEqual(READY);
    // Side check: the signing apps never answered the hostile frame's own init attempts.
    expect(await host.evaluateInFrame('#hostile', () => window.hijackReplies)).toBe(0);
  });

  test('a site not registered for the partner cannot embed the signing app (frame-ancestors)', async ({
    host,
    harness,
    openSigned,
  }) => {
    // The same host page, served from evil.test: the SDK works there, the signing app refuses to be framed.
    await host.goto(`${harness.origins.evil}/host`);
    await openSigned(host, { contractId: 'stranger', loadTimeout: 20_000 }, { until: 'open.resolved', goto: false });
    expect(await names(host, 'a')).toEqual(FAILED_TO_LOAD);
    expect((await recorded(host, 'a'))[1].payload).toMatchObject({ code: 'loading_error' });
    // Where the driver sees the browser's messages, the reason is named (Firefox: a page error; Chromium: console).
    if (host.messages() !== null) await expect.poll(() => host.messages()!.join('\n')).toMatch(/frame-ancestors/);
  });
}
